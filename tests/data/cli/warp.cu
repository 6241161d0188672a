#include <cstdio>
__global__ void w(int *p)
{
    int v = p[threadIdx.x];
    v += __shfl_down_sync(0xffffffff, v, 1);
    int lane = threadIdx.x % 32;
    p[threadIdx.x] = v + lane;
}
int main()
{
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    w<<<1, 64>>>(d);
    cudaFree(d);
    return 0;
}
