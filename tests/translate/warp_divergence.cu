// Collectives after an early return and under thread-dependent branches
// are predicated (a full mask after the early return of out-of-range
// threads is undefined in CUDA: CU2CL3014), and so is a loop whose trip
// count differs between threads (tests/translate/warp_loops.cu has more).
#include <cuda_runtime.h>

__device__ int warpSum(int v)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}

__global__ void early(const int *in, int *out, int n) // EXPECT: CU2CL3011
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) // EXPECT: CU2CL3003
        return;
    int v = in[i];
    int s = warpSum(v); // EXPECT: CU2CL3014
    if (threadIdx.x % warpSize == 0)
        out[i / warpSize] = s;
}
// CHECK-CL: const bool cu2cl_p1 = !(i >= n);
// CHECK-CL: int v = 0;
// CHECK-CL: if (cu2cl_p1)
// CHECK-CL: v = in[i];
// CHECK-CL: int s = warpSum_pred(cu2cl_p1, v, cu2cl_warp_scratch);

__global__ void varying_loop(const int *counts, int *out) // EXPECT: CU2CL3011
{
    int v = threadIdx.x;
    if (threadIdx.x < 64) { // EXPECT: CU2CL3003
        for (int k = 0; k < counts[threadIdx.x]; k++)
            v = warpSum(v); // EXPECT: CU2CL3014
    }
    out[threadIdx.x] = v;
}

// lead is read as uniform before the loop body makes it vary: the analysis
// must take another round to find s, assigned under that condition,
// varying too.
__global__ void carried(int *out, int n) // EXPECT: CU2CL3011
{
    int lead = 0;
    int s = 0;
    for (int k = 0; k < n; k++) {
        if (lead == 0)
            s = k + 1;
        lead = threadIdx.x % 2;
    }
    int r = 0;
    if (s > 2) // EXPECT: CU2CL3003
        r = warpSum(s);
    out[threadIdx.x] = r;
}
// CHECK-CL: const bool cu2cl_p1 = (s > 2);
// CHECK-CL: warpSum_pred(cu2cl_p1, s, cu2cl_warp_scratch);

int main()
{
    early<<<1, 64>>>(nullptr, nullptr, 10);
    varying_loop<<<1, 64>>>(nullptr, nullptr);
    carried<<<1, 64>>>(nullptr, 4);
    return 0;
}
