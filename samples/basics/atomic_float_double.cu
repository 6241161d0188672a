// atomic_float_double.cu - floating-point atomicAdd on float and double.
//
// Covers: atomicAdd(float *, float) and atomicAdd(double *, double) on global
// memory and on __shared__ accumulators, a grid-stride loop, and the double
// type in kernels. The values are multiples of 1/4 small enough that every
// partial sum is exactly representable, so the result is independent of the
// order in which the atomics land and can be compared exactly.

#include <cstdio>
#include <cstdlib>
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

#define NBINS 32

// Weighted histogram: bin i % NBINS receives weight (i % 16) / 4.
__global__ void weightedHistogram(float *bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[i % NBINS], (float)(i % 16) * 0.25f);
}

// Sum of i/2 over all i, first per block in shared memory, then globally.
__global__ void halfSum(double *total, float *ftotal, int n)
{
    __shared__ double blockSum;
    __shared__ float blockSumF;
    if (threadIdx.x == 0) {
        blockSum = 0.0;
        blockSumF = 0.0f;
    }
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        atomicAdd(&blockSum, (double)i * 0.5);
        atomicAdd(&blockSumF, (float)(i % 8) * 0.25f);
    }
    __syncthreads();

    if (threadIdx.x == 0) {
        atomicAdd(total, blockSum);
        atomicAdd(ftotal, blockSumF);
    }
}

int main()
{
    const int n = 200000;
    printf("atomic_float_double: float and double atomicAdd, global and shared, n = %d\n", n);

    float *d_bins, *d_ftotal;
    double *d_total;
    CHECK(cudaMalloc(&d_bins, NBINS * sizeof(float)));
    CHECK(cudaMalloc(&d_total, sizeof(double)));
    CHECK(cudaMalloc(&d_ftotal, sizeof(float)));
    CHECK(cudaMemset(d_bins, 0, NBINS * sizeof(float)));
    CHECK(cudaMemset(d_total, 0, sizeof(double)));
    CHECK(cudaMemset(d_ftotal, 0, sizeof(float)));

    weightedHistogram<<<64, 256>>>(d_bins, n);
    CHECK(cudaGetLastError());
    halfSum<<<48, 128>>>(d_total, d_ftotal, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    float h_bins[NBINS];
    double total = 0.0;
    float ftotal = 0.0f;
    CHECK(cudaMemcpy(h_bins, d_bins, sizeof(h_bins), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&total, d_total, sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&ftotal, d_ftotal, sizeof(float), cudaMemcpyDeviceToHost));

    std::vector<float> want(NBINS, 0.0f);
    double wantTotal = 0.0;
    float wantF = 0.0f;
    for (int i = 0; i < n; ++i) {
        want[i % NBINS] += (float)(i % 16) * 0.25f;
        wantTotal += (double)i * 0.5;
        wantF += (float)(i % 8) * 0.25f;
    }

    int errors = 0;
    for (int b = 0; b < NBINS; ++b)
        if (h_bins[b] != want[b]) {
            fprintf(stderr, "bin %d: %.2f, expected %.2f\n", b, h_bins[b], want[b]);
            ++errors;
        }
    if (total != wantTotal) {
        fprintf(stderr, "double total %.1f, expected %.1f\n", total, wantTotal);
        ++errors;
    }
    if (ftotal != wantF) {
        fprintf(stderr, "float total %.2f, expected %.2f\n", ftotal, wantF);
        ++errors;
    }
    printf("double total %.1f, float total %.2f\n", total, ftotal);

    CHECK(cudaFree(d_bins));
    CHECK(cudaFree(d_total));
    CHECK(cudaFree(d_ftotal));

    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
