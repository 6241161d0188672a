// constant_stencil.cu - 1D convolution with weights in constant memory.
//
// Covers: __constant__ arrays filled with cudaMemcpyToSymbol (including a
// write at a non-zero byte offset), reading them from two kernels, a
// shared-memory tile with halo cells loaded by the edge threads,
// __syncthreads, and a __device__ helper function. Tolerances cover the
// different rounding of GPU and CPU sums.

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

#define RADIUS 3
#define BLOCK 128
#define NCOEFFS 4

__constant__ float c_weights[2 * RADIUS + 1];
__constant__ float c_coeffs[NCOEFFS];

// Values outside [0, n) read as zero.
__device__ float loadOrZero(const float *in, int i, int n)
{
    return (i >= 0 && i < n) ? in[i] : 0.0f;
}

__global__ void stencil1d(const float *in, float *out, int n)
{
    __shared__ float tile[BLOCK + 2 * RADIUS];

    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lid = threadIdx.x + RADIUS;

    tile[lid] = loadOrZero(in, gid, n);
    if (threadIdx.x < RADIUS) {
        tile[lid - RADIUS] = loadOrZero(in, gid - RADIUS, n);
        tile[lid + BLOCK] = loadOrZero(in, gid + BLOCK, n);
    }
    __syncthreads();

    if (gid < n) {
        float sum = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; ++k)
            sum += c_weights[k + RADIUS] * tile[lid + k];
        out[gid] = sum;
    }
}

// out[i] = c0 + c1*x + c2*x^2 + c3*x^3 with x = in[i] (Horner's rule).
__global__ void polynomial(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = in[i];
        float y = c_coeffs[NCOEFFS - 1];
        for (int k = NCOEFFS - 2; k >= 0; --k)
            y = y * x + c_coeffs[k];
        out[i] = y;
    }
}

int main()
{
    const int n = 50000;
    printf("constant_stencil: radius-%d stencil and cubic over %d floats, __constant__ data\n",
           RADIUS, n);

    std::vector<float> h_in(n), h_out(n);
    for (int i = 0; i < n; ++i)
        h_in[i] = sinf(i * 0.01f) + 0.001f * (i % 17);

    const float weights[2 * RADIUS + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
    const float coeffs[NCOEFFS] = {1.0f, -0.5f, 0.25f, 2.0f};
    CHECK(cudaMemcpyToSymbol(c_weights, weights, sizeof(weights)));
    // The coefficients go up in two halves; the second at a byte offset.
    CHECK(cudaMemcpyToSymbol(c_coeffs, coeffs, 2 * sizeof(float)));
    CHECK(cudaMemcpyToSymbol(c_coeffs, coeffs + 2, 2 * sizeof(float), 2 * sizeof(float),
                             cudaMemcpyHostToDevice));

    float *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CHECK(cudaMalloc(&d_out, n * sizeof(float)));
    CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    int blocks = (n + BLOCK - 1) / BLOCK;
    stencil1d<<<blocks, BLOCK>>>(d_in, d_out, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        float want = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; ++k) {
            int j = i + k;
            if (j >= 0 && j < n)
                want += weights[k + RADIUS] * h_in[j];
        }
        if (fabsf(h_out[i] - want) > 1e-5f) {
            if (errors < 5)
                fprintf(stderr, "stencil mismatch at %d: %f != %f\n", i, h_out[i], want);
            ++errors;
        }
    }

    polynomial<<<blocks, BLOCK>>>(d_in, d_out, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        float x = h_in[i];
        float want = coeffs[0] + x * (coeffs[1] + x * (coeffs[2] + x * coeffs[3]));
        if (fabsf(h_out[i] - want) > 1e-5f * fabsf(want) + 1e-5f) {
            if (errors < 10)
                fprintf(stderr, "polynomial mismatch at %d: %f != %f\n", i, h_out[i], want);
            ++errors;
        }
    }

    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));

    printf("%d mismatches\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
