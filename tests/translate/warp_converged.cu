// Converged warp code in the CUDA-samples style: nothing to review. The
// shuffles take the warp scratch; the warp-0 reduction under a
// thread-dependent condition is predicated (a remark, not a warning).
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffff

__inline__ __device__ float warpReduceSum(float val)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        val += __shfl_down_sync(FULL_MASK, val, offset);
    return val;
}

__inline__ __device__ float blockReduceSum(float val)
{
    static __shared__ float shared[32]; // EXPECT: CU2CL2205
    int lane = threadIdx.x % warpSize;
    int wid = threadIdx.x / warpSize;
    val = warpReduceSum(val);
    if (lane == 0)
        shared[wid] = val;
    __syncthreads();
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0.0f;
    if (wid == 0) // EXPECT: CU2CL3003
        val = warpReduceSum(val);
    return val;
}

__global__ void reduce(const float *in, float *out, int n) // EXPECT: CU2CL3011
{
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x)
        sum += in[i];
    sum = blockReduceSum(sum);
    if (threadIdx.x == 0)
        atomicAdd(out, sum);
}
// CHECK-CL: CU2CL_WARP_KERNEL __kernel void reduce(
// CHECK-CL: float warpReduceSum(float val, __local ulong *cu2cl_warp_scratch);
// CHECK-CL: __local ulong cu2cl_warp_scratch[CU2CL_WARP_SCRATCH_SIZE];
// the kernel uses its scratch itself (PoCL 5 aborts on one used only in calls)
// CHECK-CL: CU2CL_WARP_SCRATCH_USE(cu2cl_warp_scratch);
// CHECK-CL: sum = blockReduceSum(sum, blockReduceSum_shared, cu2cl_warp_scratch);
// CHECK-CL: const bool cu2cl_p1 = (wid == 0);
// CHECK-CL: float cu2cl_t2 = warpReduceSum_pred(cu2cl_p1, val, cu2cl_warp_scratch);
// CHECK-CL: if (cu2cl_p1)
// CHECK-CL: val = cu2cl_t2;
// CHECK-CL: val += cu2cl_shfl_down_float(cu2cl_warp_scratch, 0xffffffffu, val, (uint)offset, 

int main() { reduce<<<4, 256>>>(nullptr, nullptr, 1000); return 0; }

// __syncthreads_count/and/or are block-wide and exact on every warp path:
// they take the warp scratch's counter, but raise no emulation remark.
__global__ void countPositive(const int *in, int *counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int c = __syncthreads_count(i < n && in[i] > 0);
    int all = __syncthreads_and(i < n);
    if (threadIdx.x == 0)
        counts[blockIdx.x] = all ? c : -c;
}
