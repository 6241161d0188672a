// Every diagnostic about translated code is left as a comment at its site,
// host side included, and so are those the warp checks raise before the
// kernel is printed (above the statement, and above both copies of a
// predicated one); a float passed to printf is promoted to double by the
// call, which is not the user's double precision (no CU2CL2004).
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

__global__ void halves(int *p) // EXPECT: CU2CL3011
{
    int v = p[threadIdx.x];
    if (threadIdx.x < 16) // EXPECT: CU2CL3003
        v += __shfl_down_sync(0x0000ffff, v, 1); // EXPECT: CU2CL3004
    int lane = threadIdx.x % 32; // EXPECT: CU2CL3007
    p[threadIdx.x] = v + lane;
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
// CHECK-CL: __kernel void halves(
// CHECK-CL: /* CU2CL3003: this branch holds a collective operation
// CHECK-CL: #ifndef CU2CL_WARP_PTX
// CHECK-CL: /* CU2CL3007: 'threadIdx.x % 32' assumes 32-wide warps
// CHECK-CL: int lane = (uint)get_local_id(0) % 32;
// CHECK-HOST: /* CU2CL2105:
// CHECK-HOST: #ifdef __CUDA_ARCH__
// CHECK-HOST: int dev = where;
// CHECK-HOST:     /* CU2CL1001: CUDA runtime API 'cudaChooseDevice' is not supported
// CHECK-HOST: cudaChooseDevice(&dev, 0);
