// reduction_shared.cu - two-pass parallel sum with a shared-memory tree.
//
// Covers: template <unsigned int BLOCK> kernels with a static __shared__
// array sized by the template parameter, a grid-stride accumulation loop,
// the classic tree reduction with __syncthreads after every level (no warp
// tricks), a second launch that reduces the per-block partials with a single
// block, and a min/max reduction in the same style. Integer data: exact.

#include <cstdio>
#include <cstdlib>
#include <climits>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,    \
                    #call, cudaGetErrorString(err_));                        \
            printf("FAIL\n");                                                \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

// Each block writes the sum of its share of in[0..n) to partial[blockIdx.x].
template <unsigned int BLOCK>
__global__ void blockSum(const int *in, long long *partial, int n)
{
    __shared__ long long sdata[BLOCK];

    unsigned int tid = threadIdx.x;
    long long sum = 0;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x)
        sum += in[i];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

// Second pass: one block adds up the partial sums.
template <unsigned int BLOCK>
__global__ void finalSum(const long long *partial, long long *result, int count)
{
    __shared__ long long sdata[BLOCK];
    unsigned int tid = threadIdx.x;
    long long sum = 0;
    for (int i = tid; i < count; i += BLOCK)
        sum += partial[i];
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        *result = sdata[0];
}

// Per-block minimum and maximum, written as int2-like pairs.
template <unsigned int BLOCK>
__global__ void blockMinMax(const int *in, int *mins, int *maxs, int n)
{
    __shared__ int smin[BLOCK];
    __shared__ int smax[BLOCK];
    unsigned int tid = threadIdx.x;
    int lo = INT_MAX, hi = INT_MIN;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x) {
        lo = min(lo, in[i]);
        hi = max(hi, in[i]);
    }
    smin[tid] = lo;
    smax[tid] = hi;
    __syncthreads();
    for (unsigned int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s) {
            smin[tid] = min(smin[tid], smin[tid + s]);
            smax[tid] = max(smax[tid], smax[tid + s]);
        }
        __syncthreads();
    }
    if (tid == 0) {
        mins[blockIdx.x] = smin[0];
        maxs[blockIdx.x] = smax[0];
    }
}

int main()
{
    const int n = 1000000;
    const int kBlock = 256;
    const int blocks = 120;  // fewer blocks than data: grid-stride loop
    printf("reduction_shared: sum/min/max of %d ints, %d blocks of %d threads\n",
           n, blocks, kBlock);

    std::vector<int> h_in(n);
    unsigned int x = 7u;
    long long refSum = 0;
    int refMin = INT_MAX, refMax = INT_MIN;
    for (int i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        h_in[i] = (int)(x >> 12) - (1 << 19);  // about -524288 .. 524287
        refSum += h_in[i];
        refMin = h_in[i] < refMin ? h_in[i] : refMin;
        refMax = h_in[i] > refMax ? h_in[i] : refMax;
    }

    int *d_in, *d_mins, *d_maxs;
    long long *d_partial, *d_result;
    CHECK(cudaMalloc(&d_in, n * sizeof(int)));
    CHECK(cudaMalloc(&d_partial, blocks * sizeof(long long)));
    CHECK(cudaMalloc(&d_result, sizeof(long long)));
    CHECK(cudaMalloc(&d_mins, blocks * sizeof(int)));
    CHECK(cudaMalloc(&d_maxs, blocks * sizeof(int)));
    CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    blockSum<kBlock><<<blocks, kBlock>>>(d_in, d_partial, n);
    CHECK(cudaGetLastError());
    finalSum<kBlock><<<1, kBlock>>>(d_partial, d_result, blocks);
    CHECK(cudaGetLastError());
    blockMinMax<kBlock><<<blocks, kBlock>>>(d_in, d_mins, d_maxs, n);
    CHECK(cudaPeekAtLastError());
    CHECK(cudaDeviceSynchronize());

    long long gpuSum = 0;
    std::vector<int> h_mins(blocks), h_maxs(blocks);
    CHECK(cudaMemcpy(&gpuSum, d_result, sizeof(long long), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_mins.data(), d_mins, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_maxs.data(), d_maxs, blocks * sizeof(int), cudaMemcpyDeviceToHost));

    // The per-block min/max must match a CPU pass over the same strided slices.
    int errors = 0;
    int gpuMin = INT_MAX, gpuMax = INT_MIN;
    for (int b = 0; b < blocks; ++b) {
        int lo = INT_MAX, hi = INT_MIN;
        for (int start = b * kBlock; start < n; start += kBlock * blocks)
            for (int i = start; i < start + kBlock && i < n; ++i) {
                lo = h_in[i] < lo ? h_in[i] : lo;
                hi = h_in[i] > hi ? h_in[i] : hi;
            }
        if (h_mins[b] != lo || h_maxs[b] != hi) {
            fprintf(stderr, "block %d: min/max %d/%d, expected %d/%d\n", b, h_mins[b],
                    h_maxs[b], lo, hi);
            ++errors;
        }
        gpuMin = h_mins[b] < gpuMin ? h_mins[b] : gpuMin;
        gpuMax = h_maxs[b] > gpuMax ? h_maxs[b] : gpuMax;
    }

    printf("sum %lld (expected %lld), min %d (%d), max %d (%d)\n", gpuSum, refSum,
           gpuMin, refMin, gpuMax, refMax);
    if (gpuSum != refSum || gpuMin != refMin || gpuMax != refMax)
        ++errors;

    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_partial));
    CHECK(cudaFree(d_result));
    CHECK(cudaFree(d_mins));
    CHECK(cudaFree(d_maxs));

    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
