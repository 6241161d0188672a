// Implicit warp synchrony: values exchanged between threads through shared
// memory with no barrier get one (CU2CL3012); own elements, disjoint
// ranges and synchronized code get none. A full-mask collective under a
// condition only part of a warp takes is undefined in CUDA (CU2CL3014).
#include <cuda_runtime.h>

__global__ void first17(const int *in, int *out)
{
    __shared__ int smem[32];
    int tid = threadIdx.x;
    if (tid < 17)
        smem[tid] = in[tid];
    if (tid == 0) { // EXPECT: CU2CL3012
        int total = 0;
        for (int i = 1; i < 17; i++)
            total += smem[i];
        out[0] = total;
    }
}
// CHECK-CL: smem[tid] = in[tid];
// CHECK-CL: CU2CL_LOCKSTEP_BARRIER(CLK_LOCAL_MEM_FENCE);
// CHECK-CL: if (tid == 0) {

__global__ void tail(int *out)
{
    __shared__ int s[64];
    int tid = threadIdx.x;
    s[tid] = tid;
    __syncthreads();
    if (tid < 32) { // EXPECT: CU2CL3003
        volatile int *v = s;
        v[tid] += v[tid + 32];
        v[tid] += v[tid + 16]; // EXPECT: CU2CL3012
    }
    out[tid] = s[0]; // EXPECT: CU2CL3012
}
// CHECK-CL: const bool cu2cl_p1 = (tid < 32);
// CHECK-CL: v[tid] += v[tid + 32];
// CHECK-CL: CU2CL_LOCKSTEP_BARRIER(CLK_LOCAL_MEM_FENCE);
// CHECK-CL: = v[tid + 16];
// CHECK-CL: CU2CL_LOCKSTEP_BARRIER(CLK_LOCAL_MEM_FENCE);
// CHECK-CL: if (cu2cl_p1) v[tid] += cu2cl_t
// CHECK-CL: #else
// CHECK-CL: v[tid] += v[tid + 16];
// CHECK-CL: #endif
// CHECK-CL: CU2CL_LOCKSTEP_BARRIER(CLK_LOCAL_MEM_FENCE);
// CHECK-CL: out[tid] = s[0];

// rows written, columns read, within a warp
__global__ void transpose(const float *in, float *out)
{
    __shared__ float t[32 * 33];
    int x = threadIdx.x;
    for (int i = 0; i < 32; i++)
        t[i * 33 + x] = in[i * 32 + x];
    float acc = 0.0f;
    for (int i = 0; i < 32; i++) // EXPECT: CU2CL3012
        acc += t[x * 33 + i];
    out[x] = acc;
}

// none of these relies on lockstep
__global__ void negatives(int *out) // EXPECT: CU2CL3011
{
    __shared__ int s[128];
    int tid = threadIdx.x;
    s[tid] = tid;          // own element
    s[tid] *= 2;
    __syncthreads();
    for (int k = 64; k > 0; k >>= 1) {
        if (tid < k)
            s[tid] += s[tid + k]; // disjoint: writers below k, reads above
        __syncthreads();
    }
    if (tid < 32) { // EXPECT: CU2CL3003
        int v = s[tid] + s[tid + 32];
        __syncwarp();
        s[tid] = v;
        __syncwarp();
    }
    out[tid] = s[tid];
}
// CHECK-CL-NOT: cu2cl_t1 = s[tid + k]

__global__ void divergent(const int *in, int *out, int numWarps) // EXPECT: CU2CL3011
{
    int total = 0;
    if (threadIdx.x < numWarps) // EXPECT: CU2CL3003
        total = __reduce_add_sync(0xffffffff, in[threadIdx.x]); // EXPECT: CU2CL3014
    int wid = threadIdx.x / 32; // EXPECT: CU2CL3007
    if (wid == 0) // EXPECT: CU2CL3003
        total += __shfl_xor_sync(0xffffffff, total, 1);
    out[threadIdx.x] = total;
}

int main()
{
    first17<<<1, 32>>>(nullptr, nullptr);
    tail<<<1, 64>>>(nullptr);
    transpose<<<1, 32>>>(nullptr, nullptr);
    negatives<<<1, 128>>>(nullptr);
    divergent<<<1, 64>>>(nullptr, nullptr, 2);
    return 0;
}
