// A launch in device code is dynamic parallelism (CU2CL2101); launches in
// host code are not. (The translator, which parses with -fgpu-rdc only
// when the build uses -rdc, does not report this launch yet.)
#include <cuda_runtime.h>

__global__ void child(int *p)
{
    p[threadIdx.x] = 1;
}

__global__ void parent(int *p)
{
    if (threadIdx.x == 0)
        child<<<1, 32>>>(p); // EXPECT: CU2CL2101
}

int main()
{
    parent<<<1, 32>>>(nullptr);
    child<<<1, 32>>>(nullptr);
    return 0;
}
