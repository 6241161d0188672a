// events_timing.cu - timing kernels and copies with CUDA events.
//
// Covers: cudaEventCreate, cudaEventRecord on the default stream and on a
// user stream, cudaEventQuery (cudaSuccess or cudaErrorNotReady),
// cudaEventSynchronize, cudaEventElapsedTime (printed, not checked, as its
// value depends on the device), cudaEventDestroy, cudaStreamSynchronize, and
// an iterative kernel whose result is checked.

#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
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

// A few rounds of the logistic map per element: some arithmetic to time.
__global__ void logisticMap(float *x, float r, int rounds, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        for (int k = 0; k < rounds; ++k)
            v = r * v * (1.0f - v);
        x[i] = v;
    }
}

int main()
{
    const int n = 1 << 16, rounds = 8;
    const float r = 2.5f;  // converges to 0.6: no chaos, so the CPU agrees
    printf("events_timing: events around copies and a kernel, %d elements\n", n);

    std::vector<float> h_x(n), h_y(n);
    for (int i = 0; i < n; ++i)
        h_x[i] = 0.05f + 0.9f * (float)i / n;

    float *d_x;
    CHECK(cudaMalloc(&d_x, n * sizeof(float)));

    cudaEvent_t start, afterCopy, afterKernel, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&afterCopy));
    CHECK(cudaEventCreate(&afterKernel));
    CHECK(cudaEventCreate(&stop));

    // Default stream first.
    CHECK(cudaEventRecord(start, 0));
    CHECK(cudaMemcpy(d_x, h_x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaEventRecord(afterCopy, 0));
    logisticMap<<<(n + 255) / 256, 256>>>(d_x, r, rounds, n);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(afterKernel, 0));
    cudaError_t q = cudaEventQuery(afterKernel);
    if (q != cudaSuccess && q != cudaErrorNotReady)
        CHECK(q);
    printf("event query right after the launch: %s\n", cudaGetErrorName(q));
    CHECK(cudaMemcpy(h_y.data(), d_x, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaEventRecord(stop, 0));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventQuery(stop));  // complete after synchronizing

    float msCopy = 0.0f, msKernel = 0.0f, msTotal = 0.0f;
    CHECK(cudaEventElapsedTime(&msCopy, start, afterCopy));
    CHECK(cudaEventElapsedTime(&msKernel, afterCopy, afterKernel));
    CHECK(cudaEventElapsedTime(&msTotal, start, stop));
    printf("copy %.3f ms, kernel %.3f ms, total %.3f ms\n", msCopy, msKernel, msTotal);

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        float v = h_x[i];
        for (int k = 0; k < rounds; ++k)
            v = r * v * (1.0f - v);
        if (fabsf(h_y[i] - v) > 1e-5f) {
            if (errors < 5)
                fprintf(stderr, "x[%d] = %f, expected %f\n", i, h_y[i], v);
            ++errors;
        }
    }

    // The same on a user stream, with the events recorded into it.
    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));
    CHECK(cudaEventRecord(start, stream));
    logisticMap<<<(n + 255) / 256, 256, 0, stream>>>(d_x, r, rounds, n);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop, stream));
    CHECK(cudaMemcpyAsync(h_x.data(), d_x, n * sizeof(float), cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(stream));
    CHECK(cudaEventElapsedTime(&msKernel, start, stop));
    printf("kernel on a stream %.3f ms\n", msKernel);
    for (int i = 0; i < n; ++i) {
        float v = h_y[i];
        for (int k = 0; k < rounds; ++k)
            v = r * v * (1.0f - v);
        if (fabsf(h_x[i] - v) > 1e-5f) {
            if (errors < 10)
                fprintf(stderr, "second pass x[%d] = %f, expected %f\n", i, h_x[i], v);
            ++errors;
        }
    }

    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(afterCopy));
    CHECK(cudaEventDestroy(afterKernel));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(d_x));

    printf("%d mismatches\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
