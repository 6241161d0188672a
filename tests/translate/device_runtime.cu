// Device assert and clock: the kernels that use them (and the device
// functions between) take cu2clrt's device runtime block, cu2cl_devrt.
// A failing assert prints CUDA's message and counts the failure there;
// the work-item leaves a kernel or void function without barriers.
#include <cassert>
#include <cuda_runtime.h>

__device__ void check_range(int v, int n) {
    assert(v < n);
}

__device__ int halve(int v) {
    assert(v % 2 == 0);
    return v / 2;
}

__global__ void timed(int *out, long long *t, int n)
{
    long long start = clock64(); // EXPECT: CU2CL2007
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(i < n);
    check_range(i, n);
    out[i] = halve(2 * i);
    t[i] = clock64() - start; // EXPECT: CU2CL2007
}

__global__ void with_barrier(int *out)
{
    __shared__ int s[32];
    s[threadIdx.x] = (int)clock(); // EXPECT: CU2CL2007
    assert(threadIdx.x < 32);
    __syncthreads();
    out[threadIdx.x] = s[31 - threadIdx.x];
}

__global__ void plain(int *out) { out[threadIdx.x] = 1; }

int main()
{
    timed<<<1, 32>>>(nullptr, nullptr, 32);
    with_barrier<<<1, 32>>>(nullptr);
    plain<<<1, 32>>>(nullptr);
    return 0;
}
// CHECK-CL: void check_range(int v, int n, __global uint *cu2cl_devrt)
// CHECK-CL: __kernel void timed(__global int *out, __global long *t, int n, __global uint *cu2cl_devrt) {
// CHECK-CL: */cu2cl_clock64(cu2cl_devrt);
// CHECK-CL: if (!((bool)(i < n))) { CU2CL_ASSERT_FAIL(cu2cl_devrt, "i < n",
// CHECK-CL: (uint)21, "void timed(int *, long long *, int)"); return; }
// CHECK-CL: check_range(i, n, cu2cl_devrt);
// CHECK-CL: out[i] = halve(2 * i, cu2cl_devrt);
// CHECK-CL: __kernel void with_barrier(__global int *out, __global uint *cu2cl_devrt) {
// CHECK-CL: "void with_barrier(int *)"); }
// CHECK-CL: __kernel void plain(__global int *out) {
// CHECK-CL: void check_range(int v, int n, __global uint *cu2cl_devrt) {
// CHECK-CL: "void check_range(int, int)"); return; }
// CHECK-CL: int halve(int v, __global uint *cu2cl_devrt) {
// CHECK-CL: "int halve(int)"); }
// CHECK-HOST: {CU2CL_ARG_DEVRT, 0, NULL},
