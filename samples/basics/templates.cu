// templates.cu - template kernels and template device functions.
//
// Covers: a template kernel (scale<T>) launched for float and for int, a
// kernel templated on a type and a non-type parameter (sumSquares<T, BLOCK>)
// launched as <int, 128> and <double, 256> with a static __shared__ array
// sized by BLOCK, template __device__ __forceinline__ helpers, #pragma unroll
// on a loop with a compile-time trip count, and a launch wrapped in a macro.

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

// Launch a kernel and check the launch itself.
#define LAUNCH(kernel, grid, block, ...)                                     \
    do {                                                                     \
        kernel<<<(grid), (block)>>>(__VA_ARGS__);                            \
        CHECK(cudaGetLastError());                                           \
    } while (0)

template <typename T>
__device__ __forceinline__ T square(T x)
{
    return x * x;
}

template <typename T>
__device__ __forceinline__ T clampTo(T x, T lo, T hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

template <typename T>
__global__ void scale(T *data, T factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = clampTo(data[i] * factor, (T)-1000, (T)1000);
}

// Per-block sums of squares; each thread first folds 4 elements.
template <typename T, int BLOCK>
__global__ void sumSquares(const T *in, T *blockSums, int n)
{
    __shared__ T cache[BLOCK];
    const int perThread = 4;
    int base = blockIdx.x * BLOCK * perThread + threadIdx.x;

    T acc = 0;
#pragma unroll
    for (int k = 0; k < perThread; ++k) {
        int i = base + k * BLOCK;
        if (i < n)
            acc += square(in[i]);
    }
    cache[threadIdx.x] = acc;
    __syncthreads();

    for (int s = BLOCK / 2; s > 0; s /= 2) {
        if ((int)threadIdx.x < s)
            cache[threadIdx.x] += cache[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        blockSums[blockIdx.x] = cache[0];
}

template <typename T, int BLOCK>
static T gpuSumSquares(const std::vector<T> &h, int &errors)
{
    const int n = (int)h.size();
    const int blocks = (n + BLOCK * 4 - 1) / (BLOCK * 4);
    T *d_in, *d_sums;
    CHECK(cudaMalloc(&d_in, n * sizeof(T)));
    CHECK(cudaMalloc(&d_sums, blocks * sizeof(T)));
    CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    sumSquares<T, BLOCK><<<blocks, BLOCK>>>(d_in, d_sums, n);
    CHECK(cudaGetLastError());
    std::vector<T> sums(blocks);
    CHECK(cudaMemcpy(sums.data(), d_sums, blocks * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_sums));
    if (blocks < 2)
        ++errors;  // the test is meant to exercise several blocks
    T total = 0;
    for (T s : sums)
        total += s;
    return total;
}

int main()
{
    const int n = 30000;
    printf("templates: scale<float>, scale<int>, sumSquares<int,128>, sumSquares<double,256>\n");
    int errors = 0;

    std::vector<float> hf(n);
    std::vector<int> hi(n);
    for (int i = 0; i < n; ++i) {
        hf[i] = (float)(i % 300) - 150.0f + 0.5f;
        hi[i] = (i * 13) % 401 - 200;
    }

    float *d_f;
    int *d_i;
    CHECK(cudaMalloc(&d_f, n * sizeof(float)));
    CHECK(cudaMalloc(&d_i, n * sizeof(int)));
    CHECK(cudaMemcpy(d_f, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_i, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    LAUNCH(scale<float>, (n + 255) / 256, 256, d_f, 7.5f, n);
    LAUNCH(scale<int>, (n + 255) / 256, 256, d_i, -6, n);

    std::vector<float> rf(n);
    std::vector<int> ri(n);
    CHECK(cudaMemcpy(rf.data(), d_f, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ri.data(), d_i, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        float wf = fminf(fmaxf(hf[i] * 7.5f, -1000.0f), 1000.0f);
        int wi = hi[i] * -6;
        wi = wi < -1000 ? -1000 : (wi > 1000 ? 1000 : wi);
        if (rf[i] != wf || ri[i] != wi) {
            if (errors < 5)
                fprintf(stderr, "scale at %d: %f/%d, expected %f/%d\n", i, rf[i], ri[i], wf, wi);
            ++errors;
        }
    }

    int isum = gpuSumSquares<int, 128>(hi, errors);
    std::vector<double> hd(n);
    for (int i = 0; i < n; ++i)
        hd[i] = 0.001 * (i % 1000) - 0.5;
    double dsum = gpuSumSquares<double, 256>(hd, errors);

    int wantI = 0;
    double wantD = 0.0;
    for (int i = 0; i < n; ++i) {
        wantI += hi[i] * hi[i];
        wantD += hd[i] * hd[i];
    }
    printf("sum of squares: int %d (expected %d), double %.9f (expected %.9f)\n", isum, wantI,
           dsum, wantD);
    if (isum != wantI)
        ++errors;
    if (fabs(dsum - wantD) > 1e-9 * wantD)
        ++errors;

    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_i));

    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
