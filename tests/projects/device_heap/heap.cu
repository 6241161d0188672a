// The device heap: per-thread malloc/free in a kernel, room given back by
// free (a heap of 64 KiB serves many launches that each take 36 KiB), and
// NULL for a request the heap cannot hold, as CUDA's malloc.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void per_thread(int n, int *sums, int *fails)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int *p = (int *)malloc(n * sizeof(int));
    if (!p) {
        atomicAdd(fails, 1);
        return;
    }
    if (((size_t)p & 15) != 0)
        atomicAdd(fails, 1000); /* CUDA aligns to 16 bytes */
    for (int j = 0; j < n; j++)
        p[j] = i + j;
    int s = 0;
    for (int j = 0; j < n; j++)
        s += p[j];
    sums[i] = s;
    free(p);
}

__global__ void too_big(size_t bytes, int *got_null)
{
    char *p = (char *)malloc(bytes);
    *got_null = p == NULL;
    if (p)
        free(p);
}

int main()
{
    const int threads = 256, n = 32; /* 128 bytes (and a header) each */
    int *sums, *fails, *null_flag, h[256], hf = 0, hn = 0, bad = 0;
    cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 * 1024);
    size_t limit = 0;
    cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
    bad |= limit != 64 * 1024;
    cudaMalloc(&sums, threads * sizeof(int));
    cudaMalloc(&fails, sizeof(int));
    cudaMalloc(&null_flag, sizeof(int));
    cudaMemset(fails, 0, sizeof(int));
    for (int launch = 0; launch < 10; launch++)
        per_thread<<<threads / 64, 64>>>(n, sums, fails);
    cudaMemcpy(h, sums, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hf, fails, sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < threads; i++)
        bad |= h[i] != n * i + n * (n - 1) / 2;
    if (hf)
        printf("%d failed allocations\n", hf);
    too_big<<<1, 1>>>(1 << 20, null_flag);
    cudaMemcpy(&hn, null_flag, sizeof(int), cudaMemcpyDeviceToHost);
    if (!hn)
        printf("a 1 MiB request from a 64 KiB heap did not return NULL\n");
    bad |= !hn;
    too_big<<<1, 1>>>(1024, null_flag); /* the heap is free again */
    cudaMemcpy(&hn, null_flag, sizeof(int), cudaMemcpyDeviceToHost);
    bad |= hn;
    bad |= cudaDeviceSynchronize() != cudaSuccess;
    printf("%s\n", bad || hf ? "FAIL" : "PASS");
    return bad || hf;
}
