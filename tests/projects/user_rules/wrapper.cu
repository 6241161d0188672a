#include <cstdio>
#include "wrapper.h"
__global__ void scale(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = fastScale(x[i]);
}
int main()
{
    const int n = 256;
    float h[n], *d;
    for (int i = 0; i < n; i++)
        h[i] = (float)i;
    gpuStatus st = gpuAlloc((void **)&d, n * sizeof(float));
    if (st != GPU_OK) {
        printf("FAIL: gpuAlloc returned %d\n", (int)st);
        return 1;
    }
    gpuCopy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<n / 64, 64>>>(d, n);
    gpuCopy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    gpuRelease(d);
    for (int i = 0; i < n; i++)
        if (h[i] != 3.0f * i) {
            printf("FAIL at %d: %f\n", i, h[i]);
            return 1;
        }
    printf("PASS\n");
    return 0;
}
