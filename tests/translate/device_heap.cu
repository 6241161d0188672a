// Device malloc/free: the device heap in cu2clrt's device runtime block.
// free gives room back only in part (CU2CL2107).
#include <cuda_runtime.h>

__device__ float *scratch(int n) { return (float *)malloc(n * sizeof(float)); }

__global__ void k(float *out, int n)
{
    float *t = scratch(n);
    if (t == NULL)
        return;
    t[0] = 1.0f;
    out[threadIdx.x] = t[0];
    free(t); // EXPECT: CU2CL2107
}

int main() { k<<<1, 32>>>(nullptr, 4); return 0; }
// CHECK-CL: __kernel void k(__global float *out, int n, __global uint *cu2cl_devrt) {
// CHECK-CL: __global float *t = scratch(n, cu2cl_devrt);
// CHECK-CL: cu2cl_free(cu2cl_devrt, t);
// CHECK-CL: __global float * scratch(int n, __global uint *cu2cl_devrt) {
// CHECK-CL: cu2cl_malloc(cu2cl_devrt,
// CHECK-HOST: {CU2CL_ARG_DEVRT, 0, NULL},
