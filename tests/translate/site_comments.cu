// Every diagnostic about translated code is left as a comment at its site,
// host side included; a float passed to printf is promoted to double by
// the call, which is not the user's double precision (no CU2CL2004).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void show(const float *x)
{
    printf("x = %f\n", x[threadIdx.x]);
}

__global__ void lanes(int *p) // EXPECT: CU2CL3011
{
    int v = p[threadIdx.x];
    p[threadIdx.x] = v + __shfl_down_sync(0xffffffff, v, 1);
}

#ifdef __CUDA_ARCH__ // EXPECT: CU2CL2105
static const int where = 1;
#else
static const int where = 0;
#endif

int pick()
{
    int dev = where;
    cudaChooseDevice(&dev, 0); // EXPECT: CU2CL1001
    return dev;
}
// CHECK-CL: __kernel void lanes(
// CHECK-CL: /* CU2CL3011: kernel 'lanes' uses warp operations
// CHECK-HOST: /* CU2CL2105:
// CHECK-HOST: #ifdef __CUDA_ARCH__
// CHECK-HOST: int dev = where;
// CHECK-HOST:     /* CU2CL1001: CUDA runtime API 'cudaChooseDevice' is not supported
// CHECK-HOST: cudaChooseDevice(&dev, 0);
