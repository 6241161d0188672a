// compaction.cu - nonuniform reduction (stream compaction) in three phases.
//
// The valid elements of an input array (those for which a predicate holds)
// are written, in their original order, to the front of the output array:
//
//   phase 1  computeBlockCounts: each block counts its valid elements with
//            __syncthreads_count and its thread 0 stores the count;
//   phase 2  thrust::exclusive_scan over the block counts gives each block
//            the output offset of its first valid element;
//   phase 3  compactK: each thread finds its offset inside the block from a
//            warp vote (__ballot_sync + __popc under a lane mask), the warp
//            totals kept in dynamic shared memory are turned into exclusive
//            warp offsets by warp 0 with a bit-serial vote loop, and every
//            valid element is stored at block + warp + lane offset.
//
// The kernels are templates on the element type and on a predicate functor;
// the program runs them for int (> 0) and for float (> threshold), checks
// every output element against a CPU filter and prints the throughput in
// G elements/s (input elements / average time of the three phases).
//
// Usage: compaction [--n=N] [--block=B] [--reps=R] [--paper]
//   --n      number of input elements, 1..2^28 (default 2^20); need not be a
//            power of two
//   --block  threads per block, a multiple of 32 from 64 to 1024; default:
//            each of 64, 128, 256, 512, 1024
//   --reps   timed repetitions of the three phases (default 5; 1000 with
//            --paper)
//   --paper  the paper's sweep: n = 2^20, 2^22, ..., 2^28, every block size,
//            1000 repetitions

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
#include <thrust/device_ptr.h>
#include <thrust/scan.h>

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

// All 32 lanes of a warp. The kernels assume 32-lane warps, as the CUDA
// original does (the HIP port in the paper switches to a 64-bit mask).
#define FULL_MASK 0xffffffffu

static const int kMaxN = 1 << 28;
static const int kMaxBlock = 1024;

// A warp total is at most 32 = 2^5, so its value and every exclusive sum of
// them within the 6-bit loop below needs bits 0..5 (the paper's 64-lane HIP
// kernel needs one more bit).
static const int kWarpTotalBits = 6;

// ---------------------------------------------------------------------------
// Predicates: functors so that the test is inlined into the kernels.

// The paper's predicate: an element is valid when it is positive.
template <typename T>
struct IsPositive {
    __device__ bool operator()(T v) const { return v > T(0); }
};

// What a real application would do: compare each element with a threshold.
template <typename T>
struct GreaterThan {
    T threshold;
    __device__ bool operator()(T v) const { return v > threshold; }
};

// ---------------------------------------------------------------------------
// Device code

__device__ __forceinline__ int pow2i(int e)
{
    return 1 << e;
}

// Phase 1: number of valid elements of each block.
// Threads past the end still reach the barrier (with a false predicate):
// __syncthreads_count must be called by every thread of the block.
template <typename T, typename Predicate>
__global__ void computeBlockCounts(const T *__restrict__ d_input, int length,
                                   int *__restrict__ d_BlocksCount,
                                   Predicate predicate)
{
    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    int pred = (idx < length) && predicate(d_input[idx]);
    int blockCount = __syncthreads_count(pred);
    if (threadIdx.x == 0)
        d_BlocksCount[blockIdx.x] = blockCount;
}

// Phase 3: scatter the valid elements of each block, starting at the block's
// offset from phase 2. Needs blockDim.x / warpSize ints of dynamic shared
// memory; blockDim.x must be a multiple of warpSize and at most warpSize^2.
template <typename T, typename Predicate>
__global__ void compactK(const T *__restrict__ d_input, int length,
                         T *__restrict__ d_output,
                         const int *__restrict__ d_BlocksOffset,
                         Predicate predicate)
{
    extern __shared__ int warpTotals[];

    int idx = threadIdx.x + blockIdx.x * blockDim.x;
    // Out-of-range threads vote false but still take part in the full-mask
    // ballots and in the barriers, which need the whole warp / block.
    int pred = (idx < length) && predicate(d_input[idx]);
    int w_i = threadIdx.x / warpSize;   // warp index in the block
    int w_l = threadIdx.x % warpSize;   // lane index in the warp

    // t_m: the lanes below this one. The paper writes
    // FULL_MASK >> (warpSize - w_l), which for lane 0 shifts a 32-bit value
    // by 32: undefined behaviour in C, C++ and CUDA. NVIDIA's shr happens to
    // give 0 (the right answer); HIP's 64-bit mask and OpenCL (which takes
    // the shift count modulo 32) give the mask back unchanged, so lane 0
    // would count every lane of its warp. Lane 0 is therefore handled
    // explicitly, which keeps the paper's expression for lanes 1..31 and is
    // the same as (1u << w_l) - 1 for every lane.
    unsigned int t_m = (w_l == 0) ? 0u : (FULL_MASK >> (warpSize - w_l));

    // Valid lanes below me = my offset inside the warp.
    unsigned int b = __ballot_sync(FULL_MASK, pred) & t_m;
    int t_u = __popc(b);

    // The last lane knows the warp's total.
    if (w_l == warpSize - 1)
        warpTotals[w_i] = t_u + pred;
    __syncthreads();

    // Warp 0 turns the warp totals into exclusive warp offsets. Instead of
    // looping over numWarps values, it votes on one bit of all totals at a
    // time: popc of the votes of the lanes below me is how many of the
    // preceding totals have bit j set, worth 2^j each. The whole warp votes
    // (lanes past numWarps with a total of 0) so that the full mask is valid.
    int numWarps = blockDim.x / warpSize;
    if (w_i == 0) {
        int total = (w_l < numWarps) ? warpTotals[w_l] : 0;
        int w_i_u = 0;
        for (int j = 0; j < kWarpTotalBits; j++) {
            unsigned int b_j = __ballot_sync(FULL_MASK, total & pow2i(j));
            w_i_u += __popc(b_j & t_m) << j;
        }
        if (w_l < numWarps)
            warpTotals[w_l] = w_i_u;
    }
    __syncthreads();

    if (pred)
        d_output[t_u + warpTotals[w_i] + d_BlocksOffset[blockIdx.x]] =
            d_input[idx];
}

// ---------------------------------------------------------------------------
// Host side

// Runs the three phases; the scratch arrays hold one int per block.
template <typename T, typename Predicate>
void compact(const T *d_input, int length, T *d_output, int *d_BlocksCount,
             int *d_BlocksOffset, int blockSize, Predicate predicate)
{
    int numBlocks = (length + blockSize - 1) / blockSize;
    size_t warpTotalsBytes = (blockSize / 32) * sizeof(int);

    computeBlockCounts<<<numBlocks, blockSize>>>(d_input, length,
                                                 d_BlocksCount, predicate);
    CHECK(cudaGetLastError());

    thrust::exclusive_scan(thrust::device_ptr<int>(d_BlocksCount),
                           thrust::device_ptr<int>(d_BlocksCount + numBlocks),
                           thrust::device_ptr<int>(d_BlocksOffset));

    compactK<<<numBlocks, blockSize, warpTotalsBytes>>>(
        d_input, length, d_output, d_BlocksOffset, predicate);
    CHECK(cudaGetLastError());
}

// Number of valid elements: the last block's offset plus its count.
static int compactedLength(const int *d_BlocksCount, const int *d_BlocksOffset,
                           int numBlocks)
{
    int lastCount = 0, lastOffset = 0;
    CHECK(cudaMemcpy(&lastCount, d_BlocksCount + numBlocks - 1, sizeof(int),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&lastOffset, d_BlocksOffset + numBlocks - 1, sizeof(int),
                     cudaMemcpyDeviceToHost));
    return lastOffset + lastCount;
}

// Deterministic inputs from a 32-bit LCG (Numerical Recipes constants).
struct Lcg {
    unsigned int state;
    unsigned int next()
    {
        state = state * 1664525u + 1013904223u;
        return state;
    }
};

// Ints in [-1000, 1000]: about half positive, zeros included (not valid).
static void fillInput(std::vector<int> &v, unsigned int seed)
{
    Lcg rng = {seed};
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = (int)((rng.next() >> 8) % 2001u) - 1000;
}

// Floats in [-1, 1) with 2^-23 steps.
static void fillInput(std::vector<float> &v, unsigned int seed)
{
    Lcg rng = {seed};
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = (float)(rng.next() >> 8) / 8388608.0f - 1.0f;
}

// The sequential nonuniform reduction (the paper's Listing 1) as reference.
// Past the valid elements the expected output keeps the fill pattern.
template <typename T, typename HostPredicate>
static int cpuCompact(const std::vector<T> &in, std::vector<T> &out,
                      HostPredicate valid)
{
    int j = 0;
    for (size_t i = 0; i < in.size(); ++i)
        if (valid(in[i]))
            out[j++] = in[i];
    return j;
}

struct Result {
    int ok;          // 1 when count and every element match
    double gps;      // G elements per second
};

// Compacts d_input (n elements) with one block size: one untimed run,
// reps timed runs, then a check of the whole output array against expected.
template <typename T, typename Predicate>
static Result runOnce(const T *d_input, T *d_output, int n, int blockSize,
                      int reps, Predicate predicate,
                      const std::vector<T> &expected, int expectedCount)
{
    int numBlocks = (n + blockSize - 1) / blockSize;
    int *d_BlocksCount, *d_BlocksOffset;
    CHECK(cudaMalloc(&d_BlocksCount, numBlocks * sizeof(int)));
    CHECK(cudaMalloc(&d_BlocksOffset, numBlocks * sizeof(int)));
    // 0xFF bytes: a sentinel that no run writes (-1 / NaN are never valid).
    CHECK(cudaMemset(d_output, 0xFF, (size_t)n * sizeof(T)));

    compact(d_input, n, d_output, d_BlocksCount, d_BlocksOffset, blockSize,
            predicate);
    CHECK(cudaDeviceSynchronize());

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start));
    for (int r = 0; r < reps; ++r)
        compact(d_input, n, d_output, d_BlocksCount, d_BlocksOffset,
                blockSize, predicate);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    Result res;
    res.gps = (double)n * reps / (ms * 1.0e-3) / 1.0e9;
    int count = compactedLength(d_BlocksCount, d_BlocksOffset, numBlocks);
    std::vector<T> h_output(n);
    CHECK(cudaMemcpy(h_output.data(), d_output, (size_t)n * sizeof(T),
                     cudaMemcpyDeviceToHost));
    res.ok = count == expectedCount;
    if (!res.ok)
        printf("  count %d, expected %d\n", count, expectedCount);
    // Bitwise comparison: elements are copied, never computed.
    for (int i = 0; i < n && res.ok; ++i) {
        if (memcmp(&h_output[i], &expected[i], sizeof(T)) != 0) {
            printf("  first mismatch at output element %d\n", i);
            res.ok = 0;
        }
    }

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(d_BlocksCount));
    CHECK(cudaFree(d_BlocksOffset));
    return res;
}

// Builds inputs and the CPU result for one element type and predicate, then
// runs every requested block size. Returns the number of failed runs.
template <typename T, typename Predicate, typename HostPredicate>
static int runSize(const char *label, int n, const std::vector<int> &blocks,
                   int reps, Predicate predicate, HostPredicate valid)
{
    std::vector<T> h_input(n), expected(n);
    fillInput(h_input, 12345u + (unsigned int)n);
    memset(expected.data(), 0xFF, (size_t)n * sizeof(T));
    int expectedCount = cpuCompact(h_input, expected, valid);

    T *d_input, *d_output;
    CHECK(cudaMalloc(&d_input, (size_t)n * sizeof(T)));
    CHECK(cudaMalloc(&d_output, (size_t)n * sizeof(T)));
    CHECK(cudaMemcpy(d_input, h_input.data(), (size_t)n * sizeof(T),
                     cudaMemcpyHostToDevice));

    int failures = 0;
    for (size_t k = 0; k < blocks.size(); ++k) {
        Result r = runOnce(d_input, d_output, n, blocks[k], reps, predicate,
                           expected, expectedCount);
        printf("%-12s n=%-10d block=%-5d valid=%-10d %8.3f G/s  %s\n", label,
               n, blocks[k], expectedCount, r.gps, r.ok ? "ok" : "WRONG");
        failures += !r.ok;
    }
    CHECK(cudaFree(d_input));
    CHECK(cudaFree(d_output));
    return failures;
}

struct Options {
    std::vector<int> sizes;
    std::vector<int> blocks;
    int reps;
};

static int parseInt(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v <= 0 || v > kMaxN)
        return 0;
    *out = (int)v;
    return 1;
}

static int parseArgs(int argc, char **argv, Options *opt)
{
    int n = 1 << 20, block = 0, paper = 0, reps = 0;
    opt->reps = 5;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        int ok = 1;
        if (strncmp(a, "--n=", 4) == 0)
            ok = parseInt(a + 4, &n);
        else if (strncmp(a, "--block=", 8) == 0)
            ok = parseInt(a + 8, &block) && block % 32 == 0 && block >= 64 &&
                 block <= kMaxBlock;
        else if (strncmp(a, "--reps=", 7) == 0)
            ok = parseInt(a + 7, &reps) && reps >= 1;
        else if (strcmp(a, "--paper") == 0)
            paper = 1;
        else
            ok = 0;
        if (!ok) {
            fprintf(stderr, "bad argument '%s'\nusage: %s [--n=1..%d] "
                    "[--block=64..1024, multiple of 32] [--reps=R] [--paper]\n",
                    a, argv[0], kMaxN);
            return 0;
        }
    }
    if (paper) {
        for (int e = 20; e <= 28; e += 2)
            opt->sizes.push_back(1 << e);
        opt->reps = 1000;  // unless --reps says otherwise
    } else {
        opt->sizes.push_back(n);
    }
    if (reps != 0)
        opt->reps = reps;
    if (block != 0) {
        opt->blocks.push_back(block);
    } else {
        for (int b = 64; b <= kMaxBlock; b *= 2)
            opt->blocks.push_back(b);
    }
    return 1;
}

int main(int argc, char **argv)
{
    Options opt;
    if (!parseArgs(argc, argv, &opt)) {
        printf("FAIL\n");
        return 1;
    }
    printf("compaction: three-phase nonuniform reduction, %d repetition(s) "
           "per run\n", opt.reps);

    int failures = 0;
    for (size_t s = 0; s < opt.sizes.size(); ++s) {
        int n = opt.sizes[s];
        failures += runSize<int>("int > 0", n, opt.blocks, opt.reps,
                                 IsPositive<int>(),
                                 [](int v) { return v > 0; });
    }
    // A second instantiation of the templates: float elements and a
    // predicate with state, at the first size and block size only.
    const float threshold = 0.5f;
    GreaterThan<float> above = {threshold};
    std::vector<int> oneBlock(1, opt.blocks[0]);
    failures += runSize<float>("float > 0.5", opt.sizes[0], oneBlock, opt.reps,
                               above,
                               [=](float v) { return v > threshold; });

    printf("%s\n", failures == 0 ? "PASS" : "FAIL");
    return failures == 0 ? 0 : 1;
}
