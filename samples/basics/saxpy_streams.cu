// saxpy_streams.cu - y = a*x + y split into chunks that overlap on streams.
//
// Covers: pinned host memory from both cudaMallocHost and cudaHostAlloc,
// cudaStreamCreate and cudaStreamCreateWithFlags(cudaStreamNonBlocking),
// cudaMemcpyAsync/cudaMemsetAsync on streams with offset device pointers,
// launches with all four <<<grid, block, shmem, stream>>> arguments,
// cudaStreamQuery, cudaStreamSynchronize, cudaStreamDestroy, and a final
// kernel on the default stream 0.

#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                     \
    do {                                                                     \
        cudaError_t status = (call);                                         \
        if (status != cudaSuccess) {                                         \
            fprintf(stderr, "CUDA error %s (%s) at %s:%d\n",                 \
                    cudaGetErrorName(status), cudaGetErrorString(status),    \
                    __FILE__, __LINE__);                                     \
            printf("FAIL\n");                                                \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

static const int kStreams = 4;

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

// Adds a constant to every element; runs on the default stream at the end.
__global__ void addConstant(float *y, float c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] += c;
}

int main()
{
    const int n = 1 << 18;
    const int chunk = n / kStreams;
    const float a = 2.5f;
    const float c = 1.0f;
    printf("saxpy_streams: y = %.1f*x + y + %.1f on %d floats over %d streams\n",
           a, c, n, kStreams);

    // x comes from cudaMallocHost, y and the result from cudaHostAlloc.
    float *h_x, *h_y, *h_out;
    CUDA_CHECK(cudaMallocHost((void **)&h_x, n * sizeof(float)));
    CUDA_CHECK(cudaHostAlloc((void **)&h_y, n * sizeof(float), cudaHostAllocDefault));
    CUDA_CHECK(cudaHostAlloc(&h_out, n * sizeof(float), cudaHostAllocDefault));
    for (int i = 0; i < n; ++i) {
        h_x[i] = (float)(i % 1000) * 0.01f;
        h_y[i] = (float)((i * 7) % 300) - 150.0f;
    }

    float *d_x, *d_y;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));

    cudaStream_t streams[kStreams];
    for (int s = 0; s < kStreams; ++s) {
        if (s % 2 == 0)
            CUDA_CHECK(cudaStreamCreate(&streams[s]));
        else
            CUDA_CHECK(cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking));
    }

    const int threads = 256;
    const int blocks = (chunk + threads - 1) / threads;
    for (int s = 0; s < kStreams; ++s) {
        int offset = s * chunk;
        // Poison the chunk first so that a lost upload cannot go unnoticed.
        CUDA_CHECK(cudaMemsetAsync(d_y + offset, 0xFF, chunk * sizeof(float), streams[s]));
        CUDA_CHECK(cudaMemcpyAsync(d_x + offset, h_x + offset, chunk * sizeof(float),
                                   cudaMemcpyHostToDevice, streams[s]));
        CUDA_CHECK(cudaMemcpyAsync(d_y + offset, h_y + offset, chunk * sizeof(float),
                                   cudaMemcpyHostToDevice, streams[s]));
        saxpy<<<blocks, threads, 0, streams[s]>>>(chunk, a, d_x + offset, d_y + offset);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaMemcpyAsync(h_out + offset, d_y + offset, chunk * sizeof(float),
                                   cudaMemcpyDeviceToHost, streams[s]));
    }

    // The work may or may not be done yet: both answers are legal here.
    cudaError_t q = cudaStreamQuery(streams[kStreams - 1]);
    if (q != cudaSuccess && q != cudaErrorNotReady)
        CUDA_CHECK(q);
    printf("stream query before sync: %s\n", cudaGetErrorName(q));

    for (int s = 0; s < kStreams; ++s) {
        CUDA_CHECK(cudaStreamSynchronize(streams[s]));
        CUDA_CHECK(cudaStreamQuery(streams[s]));  // must be idle now
    }

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        float expected = a * h_x[i] + h_y[i];
        if (fabsf(h_out[i] - expected) > 1e-4f * fabsf(expected) + 1e-4f) {
            if (errors < 5)
                fprintf(stderr, "saxpy mismatch at %d: %f != %f\n", i, h_out[i], expected);
            ++errors;
        }
    }

    // Second step on the legacy default stream; the non-blocking streams are
    // already synchronized above, so ordering is guaranteed.
    addConstant<<<(n + threads - 1) / threads, threads, 0, 0>>>(d_y, c, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyAsync(h_out, d_y, n * sizeof(float), cudaMemcpyDeviceToHost, 0));
    CUDA_CHECK(cudaStreamSynchronize(0));
    for (int i = 0; i < n; ++i) {
        float expected = a * h_x[i] + h_y[i] + c;
        if (fabsf(h_out[i] - expected) > 1e-4f * fabsf(expected) + 1e-4f) {
            if (errors < 10)
                fprintf(stderr, "final mismatch at %d: %f != %f\n", i, h_out[i], expected);
            ++errors;
        }
    }

    for (int s = 0; s < kStreams; ++s)
        CUDA_CHECK(cudaStreamDestroy(streams[s]));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    CUDA_CHECK(cudaFreeHost(h_x));
    CUDA_CHECK(cudaFreeHost(h_y));
    CUDA_CHECK(cudaFreeHost(h_out));

    printf("%d mismatches\n", errors);
    printf("%s\n", errors == 0 ? "PASS" : "FAIL");
    return errors == 0 ? 0 : 1;
}
