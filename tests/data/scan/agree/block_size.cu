// A kernel with warp operations launched with a constant block size that is
// not a multiple of 32 is CU2CL3009; other kernels may use any size.
#include <cuda_runtime.h>

__global__ void reduce(int *p) // EXPECT: CU2CL3011
{
    p[threadIdx.x] = __shfl_down_sync(0xffffffff, p[threadIdx.x], 16);
}

__global__ void scale(int *p)
{
    p[threadIdx.x] *= 2;
}

int main()
{
    reduce<<<1, 48>>>(nullptr); // EXPECT: CU2CL3009
    reduce<<<1, 64>>>(nullptr);
    reduce<<<2, dim3(16, 3)>>>(nullptr); // EXPECT: CU2CL3009
    scale<<<1, 48>>>(nullptr);
    return 0;
}
