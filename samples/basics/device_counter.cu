// device_counter.cu - stream compaction through a __device__ global counter.
//
// Covers: __device__ global variables (a scalar counter and an array),
// atomicAdd on them from kernels, resetting them with cudaMemcpyToSymbol and
// reading them back with cudaMemcpyFromSymbol, a __device__ predicate helper,
// and running the same kernels twice to check that the reset works. The
// order of compacted elements depends on scheduling, so the host sorts them.

#include <cstdio>
#include <cstdlib>
#include <algorithm>
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

#define NUM_CLASSES 8

__device__ unsigned int d_count;
__device__ int d_classCount[NUM_CLASSES];

__device__ bool keep(int v, int divisor)
{
    return v % divisor == 0;
}

// Appends every kept element of in[] to out[] in arbitrary order.
__global__ void compact(const int *in, int *out, int n, int divisor)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && keep(in[i], divisor)) {
        unsigned int slot = atomicAdd(&d_count, 1u);
        out[slot] = in[i];
    }
}

// Counts elements per residue class modulo NUM_CLASSES.
__global__ void classify(const int *in, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&d_classCount[in[i] % NUM_CLASSES], 1);
}

static int runOnce(const std::vector<int> &h_in, int *d_in, int *d_out, int divisor)
{
    const int n = (int)h_in.size();
    const unsigned int zero = 0;
    const int zeros[NUM_CLASSES] = {0};
    CHECK(cudaMemcpyToSymbol(d_count, &zero, sizeof(zero)));
    CHECK(cudaMemcpyToSymbol(d_classCount, zeros, sizeof(zeros)));

    compact<<<(n + 255) / 256, 256>>>(d_in, d_out, n, divisor);
    CHECK(cudaGetLastError());
    classify<<<32, 128>>>(d_in, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    unsigned int count = 0;
    int classCount[NUM_CLASSES];
    CHECK(cudaMemcpyFromSymbol(&count, d_count, sizeof(count)));
    CHECK(cudaMemcpyFromSymbol(classCount, d_classCount, sizeof(classCount), 0,
                               cudaMemcpyDeviceToHost));

    std::vector<int> want, wantClass(NUM_CLASSES, 0);
    for (int v : h_in) {
        if (v % divisor == 0)
            want.push_back(v);
        wantClass[v % NUM_CLASSES]++;
    }

    int errors = 0;
    if (count != want.size()) {
        fprintf(stderr, "divisor %d: count %u, expected %zu\n", divisor, count, want.size());
        return 1;
    }
    std::vector<int> got(count);
    CHECK(cudaMemcpy(got.data(), d_out, count * sizeof(int), cudaMemcpyDeviceToHost));
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    if (got != want) {
        fprintf(stderr, "divisor %d: compacted elements differ\n", divisor);
        ++errors;
    }
    for (int c = 0; c < NUM_CLASSES; ++c)
        if (classCount[c] != wantClass[c]) {
            fprintf(stderr, "class %d: %d, expected %d\n", c, classCount[c], wantClass[c]);
            ++errors;
        }
    printf("divisor %d: kept %u of %d\n", divisor, count, n);
    return errors;
}

int main()
{
    const int n = 40000;
    printf("device_counter: compaction and class counts via __device__ variables\n");

    std::vector<int> h_in(n);
    unsigned int s = 99u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        h_in[i] = (int)(s >> 16);  // 0 .. 65535, non-negative
    }

    int *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, n * sizeof(int)));
    CHECK(cudaMalloc(&d_out, n * sizeof(int)));
    CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    int errors = runOnce(h_in, d_in, d_out, 3);
    errors += runOnce(h_in, d_in, d_out, 7);

    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaDeviceReset());

    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
