// managed_memory.cu - unified (managed) memory shared by host and device.
//
// Covers: cudaMallocManaged for an array and for a struct, the host writing
// managed memory directly, kernels reading and writing it, cudaDeviceSynchronize
// before every host access, several kernel/host rounds on the same buffers,
// a grid-stride loop, and cudaFree on managed allocations.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__,   \
                    cudaGetErrorString(err_));                               \
            printf("FAIL\n");                                                \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

struct Stats {
    int count;     // elements above the threshold
    int threshold;
};

__global__ void increment(int *data, int n, int by)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        data[i] += by;
}

__global__ void countAbove(const int *data, int n, Stats *stats)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && data[i] > stats->threshold)
        atomicAdd(&stats->count, 1);
}

int main()
{
    const int n = 1 << 16;
    printf("managed_memory: %d ints and a struct in managed memory, 3 host/device rounds\n", n);

    int *data;
    Stats *stats;
    CHECK(cudaMallocManaged(&data, n * sizeof(int)));
    CHECK(cudaMallocManaged((void **)&stats, sizeof(Stats), cudaMemAttachGlobal));

    for (int i = 0; i < n; ++i)
        data[i] = i % 1000;

    int errors = 0;
    int added = 0;
    for (int round = 1; round <= 3; ++round) {
        increment<<<64, 256>>>(data, n, round * 10);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        added += round * 10;

        // The host reads the kernel's results and changes some of them.
        for (int i = 0; i < n; ++i) {
            if (data[i] != i % 1000 + added) {
                if (errors < 5)
                    fprintf(stderr, "round %d: data[%d] = %d, expected %d\n", round, i, data[i],
                            i % 1000 + added);
                ++errors;
            }
        }

        stats->count = 0;
        stats->threshold = 500 + added;
        countAbove<<<(n + 255) / 256, 256>>>(data, n, stats);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());

        int want = 0;
        for (int i = 0; i < n; ++i)
            want += (i % 1000 + added > stats->threshold);
        printf("round %d: %d elements above %d (expected %d)\n", round, stats->count,
               stats->threshold, want);
        if (stats->count != want)
            ++errors;
    }

    CHECK(cudaFree(data));
    CHECK(cudaFree(stats));

    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
