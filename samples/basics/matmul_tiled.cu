// matmul_tiled.cu - C = A * B with shared-memory tiles.
//
// Covers: 2D grids and blocks (dim3), a template kernel with a non-type
// parameter (template <int TILE>) launched with two tile sizes, static 2D
// __shared__ arrays, __syncthreads, #pragma unroll, bounds handling for
// sizes that are not multiples of the tile, and a naive kernel for contrast.
// Inputs are small integers stored as floats, so every product and partial
// sum is exact and the result does not depend on summation order.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t e = (call);                                              \
        if (e != cudaSuccess) {                                              \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,               \
                    cudaGetErrorString(e));                                  \
            printf("FAIL\n");                                                \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

// A is M x K, B is K x N, C is M x N, all row-major.
__global__ void matmulNaive(const float *A, const float *B, float *C, int M, int N, int K)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; ++k)
            sum += A[row * K + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}

template <int TILE>
__global__ void matmulTiled(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;

    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        // Out-of-range elements load as zero so they add nothing.
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        As[ty][tx] = (row < M && aCol < K) ? A[row * K + aCol] : 0.0f;
        Bs[ty][tx] = (bRow < K && col < N) ? B[bRow * N + col] : 0.0f;
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();  // the tile is overwritten in the next round
    }

    if (row < M && col < N)
        C[row * N + col] = sum;
}

static int compare(const std::vector<float> &got, const std::vector<float> &want,
                   const char *what)
{
    int errors = 0;
    for (size_t i = 0; i < want.size(); ++i) {
        if (got[i] != want[i]) {
            if (errors < 5)
                fprintf(stderr, "%s: mismatch at %zu: %g != %g\n", what, i, got[i], want[i]);
            ++errors;
        }
    }
    return errors;
}

int main()
{
    const int M = 96, K = 80, N = 112;
    printf("matmul_tiled: (%dx%d) * (%dx%d), naive and tiled with TILE=8 and 16\n",
           M, K, K, N);

    std::vector<float> hA(M * K), hB(K * N), hC(M * N), ref(M * N);
    unsigned int seed = 2024u;
    for (auto &v : hA) {
        seed = seed * 1103515245u + 12345u;
        v = (float)((int)((seed >> 16) % 9) - 4);  // -4 .. 4
    }
    for (auto &v : hB) {
        seed = seed * 1103515245u + 12345u;
        v = (float)((int)((seed >> 16) % 9) - 4);
    }
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
            float s = 0.0f;
            for (int k = 0; k < K; ++k)
                s += hA[i * K + k] * hB[k * N + j];
            ref[i * N + j] = s;
        }

    float *dA, *dB, *dC;
    CHECK(cudaMalloc(&dA, hA.size() * sizeof(float)));
    CHECK(cudaMalloc(&dB, hB.size() * sizeof(float)));
    CHECK(cudaMalloc(&dC, hC.size() * sizeof(float)));
    CHECK(cudaMemcpy(dA, hA.data(), hA.size() * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, hB.data(), hB.size() * sizeof(float), cudaMemcpyHostToDevice));

    int errors = 0;

    dim3 block16(16, 16);
    dim3 grid16((N + 15) / 16, (M + 15) / 16);
    CHECK(cudaMemset(dC, 0, hC.size() * sizeof(float)));
    matmulNaive<<<grid16, block16>>>(dA, dB, dC, M, N, K);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hC.data(), dC, hC.size() * sizeof(float), cudaMemcpyDeviceToHost));
    errors += compare(hC, ref, "naive");

    CHECK(cudaMemset(dC, 0, hC.size() * sizeof(float)));
    matmulTiled<16><<<grid16, block16>>>(dA, dB, dC, M, N, K);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(hC.data(), dC, hC.size() * sizeof(float), cudaMemcpyDeviceToHost));
    errors += compare(hC, ref, "tiled16");

    dim3 block8(8, 8);
    dim3 grid8((N + 7) / 8, (M + 7) / 8);
    CHECK(cudaMemset(dC, 0, hC.size() * sizeof(float)));
    matmulTiled<8><<<grid8, block8>>>(dA, dB, dC, M, N, K);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(hC.data(), dC, hC.size() * sizeof(float), cudaMemcpyDeviceToHost));
    errors += compare(hC, ref, "tiled8");

    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(dC));

    printf("%d mismatches\n", errors);
    printf(errors ? "FAIL\n" : "PASS\n");
    return errors ? 1 : 0;
}
