// host_device_functions.cu - one random generator shared by CPU and GPU.
//
// Covers: __host__ __device__ functions (a hash, a small LCG generator struct
// with a __host__ __device__ member) called from kernels and from the CPU
// reference, a __device__-only helper, a Monte Carlo estimate of pi in exact
// integer arithmetic, per-thread results plus a global atomicAdd on
// unsigned long long, and error checks through a macro wrapping the launch.

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

// Checks a launch that has just been issued, without waiting for it.
#define CHECK_LAUNCH() CHECK(cudaPeekAtLastError())

// Integer hash (Wang-style mixing) to decorrelate per-thread seeds.
__host__ __device__ unsigned int hash32(unsigned int x)
{
    x = (x ^ 61u) ^ (x >> 16);
    x *= 9u;
    x ^= x >> 4;
    x *= 0x27d4eb2du;
    x ^= x >> 15;
    return x;
}

struct Lcg {
    unsigned int state;
    __host__ __device__ explicit Lcg(unsigned int seed) : state(hash32(seed)) {}
    __host__ __device__ unsigned int next()
    {
        state = state * 1664525u + 1013904223u;
        return state >> 17;  // 15 bits
    }
};

// Counts how many of `samples` points fall inside the quarter circle, with
// coordinates in [0, 32768): x^2 + y^2 < 2^30 is exact in 32-bit arithmetic.
__host__ __device__ unsigned int countInside(unsigned int seed, int samples)
{
    Lcg rng(seed);
    unsigned int inside = 0;
    for (int s = 0; s < samples; ++s) {
        unsigned int x = rng.next(), y = rng.next();
        if (x * x + y * y < (1u << 30))
            ++inside;
    }
    return inside;
}

__device__ unsigned int globalThreadId()
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}

__global__ void monteCarlo(unsigned int *perThread, unsigned long long *total, int samples,
                           int nthreads)
{
    unsigned int tid = globalThreadId();
    if (tid < (unsigned int)nthreads) {
        unsigned int c = countInside(tid + 1000u, samples);
        perThread[tid] = c;
        atomicAdd(total, (unsigned long long)c);
    }
}

__global__ void hashAll(unsigned int *out, int n)
{
    unsigned int i = globalThreadId();
    if (i < (unsigned int)n)
        out[i] = hash32(i);
}

int main()
{
    const int nthreads = 4000, samples = 64;
    printf("host_device_functions: Monte Carlo pi with a __host__ __device__ generator\n");

    unsigned int *d_counts, *d_hash;
    unsigned long long *d_total;
    CHECK(cudaMalloc(&d_counts, nthreads * sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_hash, nthreads * sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_total, sizeof(unsigned long long)));
    CHECK(cudaMemset(d_total, 0, sizeof(unsigned long long)));

    monteCarlo<<<(nthreads + 127) / 128, 128>>>(d_counts, d_total, samples, nthreads);
    CHECK_LAUNCH();
    hashAll<<<(nthreads + 127) / 128, 128>>>(d_hash, nthreads);
    CHECK_LAUNCH();
    CHECK(cudaDeviceSynchronize());

    std::vector<unsigned int> counts(nthreads), hashes(nthreads);
    unsigned long long total = 0;
    CHECK(cudaMemcpy(counts.data(), d_counts, nthreads * sizeof(unsigned int),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hashes.data(), d_hash, nthreads * sizeof(unsigned int),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&total, d_total, sizeof(total), cudaMemcpyDeviceToHost));

    int errors = 0;
    unsigned long long wantTotal = 0;
    for (int t = 0; t < nthreads; ++t) {
        unsigned int want = countInside(t + 1000u, samples);  // same code, on the CPU
        wantTotal += want;
        if (counts[t] != want || hashes[t] != hash32(t)) {
            if (errors < 5)
                fprintf(stderr, "thread %d: count %u (want %u), hash %08x (want %08x)\n", t,
                        counts[t], want, hashes[t], hash32(t));
            ++errors;
        }
    }
    double pi = 4.0 * (double)total / ((double)nthreads * samples);
    printf("inside %llu of %d points, pi ~ %.4f\n", total, nthreads * samples, pi);
    if (total != wantTotal || pi < 3.0 || pi > 3.3)
        ++errors;

    CHECK(cudaFree(d_counts));
    CHECK(cudaFree(d_hash));
    CHECK(cudaFree(d_total));

    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
