// Loops holding warp operations whose trip count differs between the
// warps of a block (tests/projects/warp_loops runs them): where warps are
// emulated with work-group barriers they run until no work-item of the
// group goes on, under a live flag; break and continue clear the flags; a
// return inside such a loop cannot be predicated and is reported.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__device__ float warpSum(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}

__global__ void per_row(const float *a, float *out, int rows) // EXPECT: CU2CL3011
{
    int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
    for (; row < rows; row += gridDim.x * (blockDim.x / warpSize)) { // EXPECT: CU2CL3003
        if (row % 4 == 1)
            continue;
        float s = warpSum(a[row * warpSize + threadIdx.x % warpSize]);
        if (s < 0.f)
            break;
        if (threadIdx.x % warpSize == 0)
            out[row] = s;
    }
}
// CHECK-CL: #ifndef CU2CL_WARP_PTX
// CHECK-CL: bool cu2cl_l1 = true;
// CHECK-CL: for (;;) {
// CHECK-CL: cu2cl_l1 = cu2cl_l1 && (row < rows);
// CHECK-CL: if (!cu2cl_syncthreads_or(cu2cl_warp_scratch, cu2cl_l1))
// CHECK-CL: bool cu2cl_c1 = cu2cl_l1;
// CHECK-CL: cu2cl_c1 = false;
// CHECK-CL: warpSum_pred(cu2cl_c1,
// CHECK-CL: cu2cl_l1 = cu2cl_c1 = false;
// CHECK-CL: if (cu2cl_l1)
// CHECK-CL: row += (uint)get_num_groups(0)
// CHECK-CL: #else
// CHECK-CL: for (; row < rows; row +=

// the condition holds the collective: every work-item votes each round
__global__ void until_done(float *v) // EXPECT: CU2CL3011
{
    float x = v[threadIdx.x];
    while (__any_sync(0xffffffff, x > 1.f)) // EXPECT: CU2CL3003
        x *= 0.5f;
    v[threadIdx.x] = x;
}
// CHECK-CL: bool cu2cl_l1 = true;
// CHECK-CL: int cu2cl_t2 = cu2cl_any(cu2cl_warp_scratch, 0xffffffff, (int)(x > 1.f));
// CHECK-CL: cu2cl_l1 = cu2cl_l1 && (cu2cl_t2);

// trip counts the same for the whole block: printed as written
__global__ void uniform(float *v, int n) // EXPECT: CU2CL3011
{
    float x = v[threadIdx.x];
    for (int k = 0; k < n; k++)
        x = warpSum(x);
    v[threadIdx.x] = x;
}
// CHECK-CL: for (int k = 0; k < n; k++)

// a return that only some warps take inside the loop
__global__ void leaves(const int *counts, float *v) // EXPECT: CU2CL3011
{
    float x = v[threadIdx.x];
    for (int k = 0; k < counts[threadIdx.x / warpSize]; k++) { // EXPECT: CU2CL3002
        if (x > 100.f) // EXPECT: CU2CL3003
            return;
        x = warpSum(x); // EXPECT: CU2CL3014
    }
    v[threadIdx.x] = x;
}

// a tile's sync in the loop
__global__ void tile_rows(float *out, int rows) // EXPECT: CU2CL3011
{
    cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
    for (int row = threadIdx.x / warpSize; row < rows; row += blockDim.x / warpSize) { // EXPECT: CU2CL3003
        out[row] = t.shfl(out[row], 0);
        t.sync();
    }
}
// CHECK-CL: if (!cu2cl_syncthreads_or(cu2cl_warp_scratch, cu2cl_l1))

// bodies without braces that predicated printing makes several statements
// of: the loop's body gets braces
__global__ void unbraced(int *o) // EXPECT: CU2CL3011
{
    int v = o[threadIdx.x];
    for (int i = 0; i < 4; i++)
        if (threadIdx.x < 16) v += __shfl_xor_sync(0xffffffff, v, 1); // EXPECT: CU2CL3003 CU2CL3014
    o[threadIdx.x] = v;
}
// CHECK-CL: for (int i = 0; i < 4; i++) {
// CHECK-CL: const bool cu2cl_p1 = ((uint)get_local_id(0) < 16);

// do { ... } while (0) left early by whole tiles (continue), under
// #pragma unroll 1, with a barrier chosen by ?: (a void collective runs in
// every work-item: no temporary can hold it)
template <int Z>
__global__ void swap_tiles(const float *in, float *out, int n) // EXPECT: CU2CL3011
{
    __shared__ float x[Z][Z];
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    #pragma unroll 1
    do { // EXPECT: CU2CL3003
        int g = tid / Z;
        if (g >= n)
            continue;
        x[threadIdx.x / Z][threadIdx.x % Z] = in[tid];
        (Z > 32) ? __syncthreads() : __syncwarp();
        out[tid] = x[threadIdx.x % Z][threadIdx.x / Z];
    } while (0);
}
// CHECK-CL: #ifndef CU2CL_WARP_PTX
// CHECK-CL: bool cu2cl_l1 = true;
// CHECK-CL: (32 > 32) ? barrier(
// CHECK-CL: #else
// CHECK-CL: #pragma unroll 1
// CHECK-CL: do {

int main()
{
    per_row<<<2, 128>>>(nullptr, nullptr, 10);
    until_done<<<1, 64>>>(nullptr);
    uniform<<<1, 64>>>(nullptr, 3);
    leaves<<<1, 64>>>(nullptr, nullptr);
    tile_rows<<<1, 64>>>(nullptr, 4);
    swap_tiles<32><<<1, 64>>>(nullptr, nullptr, 1);
    unbraced<<<1, 32>>>(nullptr);
    return 0;
}
