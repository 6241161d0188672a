// Device assert: a kernel whose asserts hold runs as usual; one whose
// assert fails for some threads prints CUDA's message for each of them,
// those threads stop, and the next synchronizing call answers
// cudaErrorAssert, which stays (sticky) until cudaDeviceReset.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__device__ int doubled(int v, int n)
{
    assert(v < n);
    return 2 * v;
}

__global__ void all_hold(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = doubled(i, n);
}

__global__ void some_fail(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(i < n);
    if (i >= n)
        printf("thread %d ran past its failed assert\n", i);
    out[i] = i;
}

static int expect(const char *what, cudaError_t got, cudaError_t want)
{
    if (got == want)
        return 0;
    printf("FAIL: %s returned %s, expected %s\n", what, cudaGetErrorName(got),
           cudaGetErrorName(want));
    return 1;
}

int main()
{
    const int n = 40;
    int *d, h[64];
    int bad = expect("cudaMalloc", cudaMalloc(&d, 64 * sizeof(int)),
                     cudaSuccess);
    all_hold<<<2, 32>>>(d, n);
    bad |= expect("synchronize after asserts that hold",
                  cudaDeviceSynchronize(), cudaSuccess);
    bad |= expect("cudaMemcpy",
                  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost),
                  cudaSuccess);
    for (int i = 0; i < n; i++)
        bad |= h[i] != 2 * i;

    some_fail<<<2, 32>>>(d, n);
    bad |= expect("synchronize after a failed assert",
                  cudaDeviceSynchronize(), cudaErrorAssert);
    bad |= expect("cudaMemcpy after a failed assert (sticky)",
                  cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost),
                  cudaErrorAssert);
    bad |= expect("cudaGetLastError", cudaGetLastError(), cudaErrorAssert);
    bad |= expect("cudaMalloc after a failed assert (sticky)",
                  cudaMalloc(&d, sizeof(int)), cudaErrorAssert);

    bad |= expect("cudaDeviceReset", cudaDeviceReset(), cudaSuccess);
    bad |= expect("cudaMalloc after the reset", cudaMalloc(&d, 64 * sizeof(int)),
                  cudaSuccess);
    all_hold<<<2, 32>>>(d, n);
    bad |= expect("synchronize after the reset", cudaDeviceSynchronize(),
                  cudaSuccess);
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad;
}
