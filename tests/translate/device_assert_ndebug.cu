// With NDEBUG, assert() expands to nothing, as in CUDA: no message, no
// device runtime block.
#define NDEBUG
#include <cassert>
#include <cuda_runtime.h>

__global__ void k(int *out, int n)
{
    int i = threadIdx.x;
    assert(i < n);
    out[i] = i;
}

int main() { k<<<1, 32>>>(nullptr, 32); return 0; }
// CHECK-CL: __kernel void k(__global int *out, int n) {
// CHECK-CL-NOT: CU2CL_ASSERT_FAIL(cu2cl_devrt
// CHECK-HOST-NOT: CU2CL_ARG_DEVRT
