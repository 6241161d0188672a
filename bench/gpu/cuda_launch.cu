// cuda_launch: the CUDA side of scripts/bench-gpu.sh's launch and bandwidth
// figures, on the current CUDA device.
//
//   cuda_launch [launches] [copy MiB]
//
// Launch latency: the host time of a <<<>>> launch of the same tiny kernel
// runtime/bench_launch.c enqueues through OpenCL (pointer, float, int
// arguments; 64 threads), in batches of 1000 with the device drained
// between batches; the median batch, in microseconds per launch.
// Round trip: cudaMemsetAsync of 8 bytes, a launch, cudaMemcpyAsync of 8
// bytes into pinned host memory, cudaStreamSynchronize (an iterative
// solver's convergence test); the median of 200, in microseconds.
// Back to back: the device time per kernel of 1000 launches in a row,
// from events around them (median of 5 batches).
// Device-to-device bandwidth: cudaMemcpy of a buffer within the device,
// timed with events, counted as bytes read plus bytes written (the measure
// compaction's efficiency is taken against); the median of 10 copies.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,              \
                    cudaGetErrorString(err_));                               \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

__global__ void bump(float *p, float v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += v;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main(int argc, char **argv)
{
    const int batch = 1000;
    long launches = argc > 1 ? atol(argv[1]) : 20000;
    size_t mib = argc > 2 ? (size_t)atol(argv[2]) : 1024;
    if (launches < batch || mib < 1) {
        fprintf(stderr, "usage: %s [launches >= %d] [copy MiB]\n", argv[0], batch);
        return 2;
    }
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    float *p;
    CHECK(cudaMalloc(&p, 64 * sizeof(float)));
    CHECK(cudaMemset(p, 0, 64 * sizeof(float)));
    bump<<<1, 64>>>(p, 1.0f, 64);  // warm-up: module load, first launch
    CHECK(cudaDeviceSynchronize());
    std::vector<double> perLaunch;
    for (long done = 0; done + batch <= launches; done += batch) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < batch; ++i)
            bump<<<1, 64>>>(p, 1.0f, 64);
        auto t1 = std::chrono::steady_clock::now();
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        perLaunch.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / batch);
    }
    double *back;
    CHECK(cudaMallocHost(&back, sizeof *back));
    std::vector<double> roundTrip;
    for (int r = 0; r < 200; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        CHECK(cudaMemsetAsync(p + 32, 0, sizeof(double), 0));
        bump<<<1, 64>>>(p, 1.0f, 32);
        CHECK(cudaMemcpyAsync(back, p + 32, sizeof *back, cudaMemcpyDeviceToHost, 0));
        CHECK(cudaStreamSynchronize(0));
        auto t1 = std::chrono::steady_clock::now();
        roundTrip.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    CHECK(cudaFreeHost(back));
    cudaEvent_t b0, b1;
    CHECK(cudaEventCreate(&b0));
    CHECK(cudaEventCreate(&b1));
    std::vector<double> backToBack;
    for (int r = 0; r < 5; ++r) {
        CHECK(cudaEventRecord(b0));
        for (int i = 0; i < batch; ++i)
            bump<<<1, 64>>>(p, 1.0f, 32);
        CHECK(cudaEventRecord(b1));
        CHECK(cudaEventSynchronize(b1));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, b0, b1));
        backToBack.push_back(ms * 1e3 / batch);
    }
    CHECK(cudaEventDestroy(b0));
    CHECK(cudaEventDestroy(b1));
    float check = 0;
    CHECK(cudaMemcpy(&check, p, sizeof check, cudaMemcpyDeviceToHost));
    double want = 1 + perLaunch.size() * batch + 200 + 5 * batch;
    if (check != (float)want) {
        fprintf(stderr, "cuda_launch: kernel result %g, expected %g\n", check, want);
        return 1;
    }
    CHECK(cudaFree(p));

    size_t bytes = mib << 20;
    char *a, *b;
    CHECK(cudaMalloc(&a, bytes));
    CHECK(cudaMalloc(&b, bytes));
    CHECK(cudaMemset(a, 1, bytes));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));  // warm-up
    std::vector<double> gbps;
    for (int r = 0; r < 10; ++r) {
        CHECK(cudaEventRecord(start));
        CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        gbps.push_back(2.0 * bytes / (ms * 1e-3) / 1e9);
    }
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    printf("device: %s\n", prop.name);
    printf("cuda launch: %.3f us/launch (median of %zu batches of %d)\n", median(perLaunch),
           perLaunch.size(), batch);
    printf("cuda round trip (zero 8 B, launch, copy 8 B back, wait): %.3f us (median of 200)\n",
           median(roundTrip));
    printf("cuda back to back (%d kernels in a row): %.3f us of device time per kernel (median of 5)\n",
           batch, median(backToBack));
    printf("device-to-device copy: %.1f GB/s (read + write, %zu MiB, median of 10)\n",
           median(gbps), mib);
    return 0;
}
