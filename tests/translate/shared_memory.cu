// Static __shared__ arrays are hoisted to kernel scope; extern __shared__
// becomes a __local kernel argument sized by the launch.
#include <cuda_runtime.h>

__global__ void blockSum(const float *in, float *out, int n)
{
    extern __shared__ float partial[];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        __shared__ float last[1];
        last[0] = partial[0];
        out[blockIdx.x] = last[0];
    }
}
// CHECK-CL: __kernel void blockSum(__global const float *in, __global float *out, int n
// CHECK-CL: #ifndef CU2CL_DYNAMIC_SHARED_UNITS
// CHECK-CL: , __local cu2cl_shared_unit *cu2cl_dynamic_shared_param
// CHECK-CL: #endif
// CHECK-CL: ) {
// CHECK-CL: #ifdef CU2CL_DYNAMIC_SHARED_UNITS
// CHECK-CL: __local cu2cl_shared_unit cu2cl_dynamic_shared[CU2CL_DYNAMIC_SHARED_UNITS];
// CHECK-CL: #else
// CHECK-CL: __local cu2cl_shared_unit *cu2cl_dynamic_shared = cu2cl_dynamic_shared_param;
// CHECK-CL: #endif
// CHECK-CL: __local float last[1];
// CHECK-CL: __local float *partial = (__local float *)cu2cl_dynamic_shared;
// CHECK-CL: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK-CL: for (int s = (uint)get_local_size(0) / 2; s > 0; s >>= 1) {
// CHECK-HOST: {CU2CL_ARG_LOCAL, cu2cl_shmem, NULL},

// A kernel whose only parameter is its dynamic shared memory takes none in
// the program cu2clrt builds for one size.
__global__ void onlyShared()
{
    extern __shared__ int scratch[];
    scratch[threadIdx.x] = threadIdx.x;
}
// CHECK-CL: __kernel void onlyShared(
// CHECK-CL: #ifndef CU2CL_DYNAMIC_SHARED_UNITS
// CHECK-CL: __local cu2cl_shared_unit *cu2cl_dynamic_shared_param
// CHECK-CL: #else
// CHECK-CL: void

int main()
{
    float *in = 0, *out = 0;
    blockSum<<<4, 128, 128 * sizeof(float)>>>(in, out, 512);
    onlyShared<<<1, 32, 32 * sizeof(int)>>>();
    return 0;
}
// CHECK-HOST: cu2cl_launch_blockSum(4, 128, 128 * sizeof(float), 0, in, out, 512);
