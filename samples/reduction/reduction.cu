// reduction.cu - the classic family of parallel sum kernels, one step at a time.
//
// Eight kernels that each add one optimisation to the previous one, in the
// order of the well-known CUDA reduction walkthrough:
//
//   0  interleaved addressing, divergent branch (tid % (2*s) == 0)
//   1  interleaved addressing, strided index, no divergence (bank conflicts)
//   2  sequential addressing (conflict free)
//   3  first add during the global load (half the blocks)
//   4  unrolled last warp (volatile shared memory + __syncwarp per step)
//   5  complete unrolling, template <unsigned int blockSize>
//   6  several elements per thread (grid-stride loop), fixed grid
//   7  warp shuffles (__shfl_down_sync) instead of shared-memory steps
//
// plus a fused kernel that computes the sum and the sum of squares in one
// pass over the data (the transform-reduce statistics of the seed).
//
// Every kernel turns n values into one partial sum per block; the host
// launches the same kernel again on the partial sums until one value is
// left. Each variant runs for int (checked exactly), float and double
// (checked against a compensated CPU sum within a rounding-error bound), and
// prints its time and effective bandwidth (bytes of input / time).
//
//   reduction [--n=N|2^K] [--paper] [--threads=T] [--blocks=B] [--reps=R]

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
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

// ---------------------------------------------------------------------------
// Dynamic shared memory seen as an array of T.
//
// `extern __shared__ T sdata[]` inside a template clashes as soon as the
// template is instantiated for two types (one name, two declarations), so
// the kernels get their typed pointer through this helper. The double
// specialisation declares the buffer as double so that it is 8-byte aligned.
// ---------------------------------------------------------------------------
template <typename T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int smemWords[];
        return reinterpret_cast<T *>(smemWords);
    }
};

template <>
struct SharedMemory<double> {
    __device__ inline operator double *()
    {
        extern __shared__ double smemDoubles[];
        return smemDoubles;
    }
};

// ---------------------------------------------------------------------------
// Kernel 0: interleaved addressing with a divergent branch. In step s only
// threads whose index is a multiple of 2*s work, so every warp stays busy
// (and divergent) until the very end.
// ---------------------------------------------------------------------------
template <typename T>
__global__ void reduce0(const T *in, T *out, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? in[i] : T(0);
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if ((tid % (2 * s)) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------------------
// Kernel 1: interleaved addressing, but the working threads are the first
// blockDim/(2s) ones (index = 2*s*tid), so whole warps retire early. The
// strided shared-memory index now causes bank conflicts.
// ---------------------------------------------------------------------------
template <typename T>
__global__ void reduce1(const T *in, T *out, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? in[i] : T(0);
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------------------
// Kernel 2: sequential addressing. Thread tid adds element tid + s, with s
// halving each step: contiguous threads touch contiguous words.
// ---------------------------------------------------------------------------
template <typename T>
__global__ void reduce2(const T *in, T *out, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? in[i] : T(0);
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------------------
// Kernel 3: every thread loads two elements, one block width apart, and adds
// them before the tree starts: half as many blocks, no idle threads in the
// first step. The running sum is kept in a register (mySum).
// ---------------------------------------------------------------------------
template <typename T>
__global__ void reduce3(const T *in, T *out, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? in[i] : T(0);
    if (i + blockDim.x < n)
        mySum += in[i + blockDim.x];
    sdata[tid] = mySum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = mySum;
}

// ---------------------------------------------------------------------------
// One step of a shared-memory reduction inside one warp.
//
// Since Volta the threads of a warp are scheduled independently, so the old
// "warp-synchronous" code that relied on lockstep execution is undefined:
// lane t reads sdata[t + offset] while lane t + offset may already be writing
// it. Each step therefore reads, waits for the whole warp (__syncwarp), then
// writes and waits again. The pointer is volatile so that every access goes
// to shared memory instead of being kept in a register.
// ---------------------------------------------------------------------------
template <typename T>
__device__ __forceinline__ void warpStep(volatile T *sdata, unsigned int tid, T &mySum,
                                         unsigned int offset, unsigned int mask)
{
    mySum += sdata[tid + offset];
    __syncwarp(mask);
    sdata[tid] = mySum;
    __syncwarp(mask);
}

// ---------------------------------------------------------------------------
// Kernel 4: like kernel 3, but the tree stops at 64 partial sums and the
// first warp finishes them without __syncthreads. Needs blockDim.x >= 64.
// ---------------------------------------------------------------------------
template <typename T>
__global__ void reduce4(const T *in, T *out, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? in[i] : T(0);
    if (i + blockDim.x < n)
        mySum += in[i + blockDim.x];
    sdata[tid] = mySum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }

    // Warp 0 is complete and converged here: all 32 lanes take this branch.
    if (tid < 32) {
        volatile T *vsmem = sdata;
        const unsigned int fullMask = 0xffffffffu;
        warpStep(vsmem, tid, mySum, 32, fullMask);
        warpStep(vsmem, tid, mySum, 16, fullMask);
        warpStep(vsmem, tid, mySum, 8, fullMask);
        warpStep(vsmem, tid, mySum, 4, fullMask);
        warpStep(vsmem, tid, mySum, 2, fullMask);
        warpStep(vsmem, tid, mySum, 1, fullMask);
    }

    if (tid == 0)
        out[blockIdx.x] = mySum;
}

// Lanes that exist in the first warp of a block of blockSize threads: a
// block smaller than a warp must not name absent lanes in __syncwarp.
template <unsigned int blockSize>
__device__ __forceinline__ unsigned int firstWarpMask()
{
    return (blockSize >= 32) ? 0xffffffffu : ((1u << (blockSize & 31u)) - 1u);
}

// ---------------------------------------------------------------------------
// Kernel 5: the block size is a template parameter, so every loop level is
// written out and the untaken ones vanish at compile time. Works for any
// power of two from 1 to 512 (blocks of up to 32 threads get twice blockSize
// words of shared memory, because the warp steps read past the block).
// ---------------------------------------------------------------------------
template <typename T, unsigned int blockSize>
__global__ void reduce5(const T *in, T *out, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;

    T mySum = (i < n) ? in[i] : T(0);
    if (i + blockSize < n)
        mySum += in[i + blockSize];
    sdata[tid] = mySum;
    __syncthreads();

    if (blockSize >= 512) {
        if (tid < 256)
            sdata[tid] = mySum = mySum + sdata[tid + 256];
        __syncthreads();
    }
    if (blockSize >= 256) {
        if (tid < 128)
            sdata[tid] = mySum = mySum + sdata[tid + 128];
        __syncthreads();
    }
    if (blockSize >= 128) {
        if (tid < 64)
            sdata[tid] = mySum = mySum + sdata[tid + 64];
        __syncthreads();
    }

    if (tid < 32) {
        volatile T *vsmem = sdata;
        const unsigned int mask = firstWarpMask<blockSize>();
        if (blockSize >= 64) warpStep(vsmem, tid, mySum, 32, mask);
        if (blockSize >= 32) warpStep(vsmem, tid, mySum, 16, mask);
        if (blockSize >= 16) warpStep(vsmem, tid, mySum, 8, mask);
        if (blockSize >= 8) warpStep(vsmem, tid, mySum, 4, mask);
        if (blockSize >= 4) warpStep(vsmem, tid, mySum, 2, mask);
        if (blockSize >= 2) warpStep(vsmem, tid, mySum, 1, mask);
    }

    if (tid == 0)
        out[blockIdx.x] = mySum;
}

// ---------------------------------------------------------------------------
// Kernel 6: a fixed number of blocks walks the array with a grid-stride loop,
// each thread adding pairs of elements into its register before the unrolled
// tree of kernel 5. wholePairs says that n is a multiple of 2*blockSize, so
// the second element of every pair exists and needs no bounds check.
// ---------------------------------------------------------------------------
template <typename T, unsigned int blockSize, bool wholePairs>
__global__ void reduce6(const T *in, T *out, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
    unsigned int gridSize = blockSize * 2 * gridDim.x;

    T mySum = T(0);
    while (i < n) {
        mySum += in[i];
        if (wholePairs || i + blockSize < n)
            mySum += in[i + blockSize];
        i += gridSize;
    }
    sdata[tid] = mySum;
    __syncthreads();

    if (blockSize >= 512) {
        if (tid < 256)
            sdata[tid] = mySum = mySum + sdata[tid + 256];
        __syncthreads();
    }
    if (blockSize >= 256) {
        if (tid < 128)
            sdata[tid] = mySum = mySum + sdata[tid + 128];
        __syncthreads();
    }
    if (blockSize >= 128) {
        if (tid < 64)
            sdata[tid] = mySum = mySum + sdata[tid + 64];
        __syncthreads();
    }

    if (tid < 32) {
        volatile T *vsmem = sdata;
        const unsigned int mask = firstWarpMask<blockSize>();
        if (blockSize >= 64) warpStep(vsmem, tid, mySum, 32, mask);
        if (blockSize >= 32) warpStep(vsmem, tid, mySum, 16, mask);
        if (blockSize >= 16) warpStep(vsmem, tid, mySum, 8, mask);
        if (blockSize >= 8) warpStep(vsmem, tid, mySum, 4, mask);
        if (blockSize >= 4) warpStep(vsmem, tid, mySum, 2, mask);
        if (blockSize >= 2) warpStep(vsmem, tid, mySum, 1, mask);
    }

    if (tid == 0)
        out[blockIdx.x] = mySum;
}

// Sum of v over the 32 lanes of a full warp; lane 0 ends up with the total.
template <typename T>
__device__ __forceinline__ T warpReduceSum(T v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// ---------------------------------------------------------------------------
// Kernel 7: grid-stride accumulation as in kernel 6, then registers only
// inside each warp (shuffles), one shared word per warp, and a final shuffle
// reduction by warp 0. blockSize is a multiple of 32 (32 .. 512), so every
// warp is full and the full mask is right.
// ---------------------------------------------------------------------------
template <typename T, unsigned int blockSize, bool wholePairs>
__global__ void reduce7(const T *in, T *out, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int lane = tid % 32;
    unsigned int warpId = tid / 32;
    unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
    unsigned int gridSize = blockSize * 2 * gridDim.x;

    T mySum = T(0);
    while (i < n) {
        mySum += in[i];
        if (wholePairs || i + blockSize < n)
            mySum += in[i + blockSize];
        i += gridSize;
    }

    mySum = warpReduceSum(mySum);
    if (lane == 0)
        sdata[warpId] = mySum;
    __syncthreads();

    if (warpId == 0) {
        mySum = (tid < blockSize / 32) ? sdata[lane] : T(0);
        mySum = warpReduceSum(mySum);
        if (tid == 0)
            out[blockIdx.x] = mySum;
    }
}

// ---------------------------------------------------------------------------
// Fused statistics: sum and sum of squares of the same input in one pass,
// so the data are read once for two results. Same shape as kernel 7 with two
// accumulators; shared memory holds two words per warp.
// ---------------------------------------------------------------------------
template <typename T, unsigned int blockSize>
__global__ void sumAndSquares(const T *in, T *sums, T *sumsSq, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    T *sdataSq = sdata + blockSize / 32;
    unsigned int tid = threadIdx.x;
    unsigned int lane = tid % 32;
    unsigned int warpId = tid / 32;

    T sum = T(0), sumSq = T(0);
    for (unsigned int i = blockIdx.x * blockSize + tid; i < n; i += blockSize * gridDim.x) {
        T x = in[i];
        sum += x;
        sumSq += x * x;
    }

    sum = warpReduceSum(sum);
    sumSq = warpReduceSum(sumSq);
    if (lane == 0) {
        sdata[warpId] = sum;
        sdataSq[warpId] = sumSq;
    }
    __syncthreads();

    if (warpId == 0) {
        sum = (tid < blockSize / 32) ? sdata[lane] : T(0);
        sumSq = (tid < blockSize / 32) ? sdataSq[lane] : T(0);
        sum = warpReduceSum(sum);
        sumSq = warpReduceSum(sumSq);
        if (tid == 0) {
            sums[blockIdx.x] = sum;
            sumsSq[blockIdx.x] = sumSq;
        }
    }
}

// ===========================================================================
// Host side
// ===========================================================================

struct VariantInfo {
    const char *name;
    unsigned int minThreads;  // smallest block the kernel supports
    bool pairLoad;            // each thread loads two elements per tile
    bool gridStride;          // grid capped at maxBlocks, loop over the rest
};

static const VariantInfo kVariants[] = {
    {"0 interleaved, divergent", 1, false, false},
    {"1 interleaved, strided index", 1, false, false},
    {"2 sequential addressing", 1, false, false},
    {"3 first add during load", 1, true, false},
    {"4 unrolled last warp", 64, true, false},
    {"5 complete unrolling", 1, true, false},
    {"6 several elements/thread", 1, true, true},
    {"7 warp shuffle", 32, true, true},
};
static const int kNumVariants = sizeof(kVariants) / sizeof(kVariants[0]);

struct Config {
    unsigned int n = 1u << 20;
    unsigned int maxThreads = 256;
    unsigned int maxBlocks = 0;  // 0: from the device (enough to fill it)
    int reps = 3;
};

static bool isPow2(unsigned int x) { return x != 0 && (x & (x - 1)) == 0; }

static unsigned int nextPow2(unsigned int x)
{
    unsigned int p = 1;
    while (p < x)
        p <<= 1;
    return p;
}

// Block size and grid of one pass of variant v over n values: full blocks of
// maxThreads while there is enough data, the smallest power of two that
// covers the rest otherwise.
static void launchShape(int v, unsigned int n, const Config &cfg, unsigned int &threads,
                        unsigned int &blocks)
{
    const VariantInfo &vi = kVariants[v];
    unsigned int perThread = vi.pairLoad ? 2 : 1;
    threads = (n < cfg.maxThreads * perThread) ? nextPow2((n + perThread - 1) / perThread)
                                               : cfg.maxThreads;
    if (threads < vi.minThreads)
        threads = vi.minThreads;
    blocks = (n + threads * perThread - 1) / (threads * perThread);
    if (vi.gridStride && blocks > cfg.maxBlocks)
        blocks = cfg.maxBlocks;
}

// The host switch over block sizes that instantiates the templated kernels.
template <typename T>
static void launchReduce5(unsigned int threads, unsigned int blocks, size_t smem, const T *in,
                          T *out, unsigned int n)
{
    switch (threads) {
    case 512: reduce5<T, 512><<<blocks, threads, smem>>>(in, out, n); break;
    case 256: reduce5<T, 256><<<blocks, threads, smem>>>(in, out, n); break;
    case 128: reduce5<T, 128><<<blocks, threads, smem>>>(in, out, n); break;
    case 64: reduce5<T, 64><<<blocks, threads, smem>>>(in, out, n); break;
    case 32: reduce5<T, 32><<<blocks, threads, smem>>>(in, out, n); break;
    case 16: reduce5<T, 16><<<blocks, threads, smem>>>(in, out, n); break;
    case 8: reduce5<T, 8><<<blocks, threads, smem>>>(in, out, n); break;
    case 4: reduce5<T, 4><<<blocks, threads, smem>>>(in, out, n); break;
    case 2: reduce5<T, 2><<<blocks, threads, smem>>>(in, out, n); break;
    case 1: reduce5<T, 1><<<blocks, threads, smem>>>(in, out, n); break;
    }
}

template <typename T, bool wholePairs>
static void launchReduce6(unsigned int threads, unsigned int blocks, size_t smem, const T *in,
                          T *out, unsigned int n)
{
    switch (threads) {
    case 512: reduce6<T, 512, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 256: reduce6<T, 256, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 128: reduce6<T, 128, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 64: reduce6<T, 64, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 32: reduce6<T, 32, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 16: reduce6<T, 16, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 8: reduce6<T, 8, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 4: reduce6<T, 4, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 2: reduce6<T, 2, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 1: reduce6<T, 1, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    }
}

template <typename T, bool wholePairs>
static void launchReduce7(unsigned int threads, unsigned int blocks, size_t smem, const T *in,
                          T *out, unsigned int n)
{
    switch (threads) {
    case 512: reduce7<T, 512, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 256: reduce7<T, 256, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 128: reduce7<T, 128, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 64: reduce7<T, 64, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    case 32: reduce7<T, 32, wholePairs><<<blocks, threads, smem>>>(in, out, n); break;
    }
}

// One pass of variant v: n values at in -> blocks partial sums at out.
template <typename T>
static void launchReduce(int v, unsigned int threads, unsigned int blocks, const T *in, T *out,
                         unsigned int n)
{
    // Blocks of up to one warp read up to 2*threads words in the warp steps.
    size_t smem = (threads <= 32 ? 2 * threads : threads) * sizeof(T);
    bool wholePairs = (n % (2 * threads)) == 0;

    switch (v) {
    case 0: reduce0<T><<<blocks, threads, smem>>>(in, out, n); break;
    case 1: reduce1<T><<<blocks, threads, smem>>>(in, out, n); break;
    case 2: reduce2<T><<<blocks, threads, smem>>>(in, out, n); break;
    case 3: reduce3<T><<<blocks, threads, smem>>>(in, out, n); break;
    case 4: reduce4<T><<<blocks, threads, smem>>>(in, out, n); break;
    case 5: launchReduce5<T>(threads, blocks, smem, in, out, n); break;
    case 6:
        if (wholePairs)
            launchReduce6<T, true>(threads, blocks, smem, in, out, n);
        else
            launchReduce6<T, false>(threads, blocks, smem, in, out, n);
        break;
    case 7:
        if (wholePairs)
            launchReduce7<T, true>(threads, blocks, smem, in, out, n);
        else
            launchReduce7<T, false>(threads, blocks, smem, in, out, n);
        break;
    }
    CHECK(cudaGetLastError());
}

// Full reduction with variant v: first pass over the input, then passes over
// the partial sums (ping-ponging between two buffers, since a block may still
// read a partial sum that another block would overwrite in place) until one
// value is left. Returns the device address of the result.
template <typename T>
static T *gpuReduce(int v, const T *d_in, T *d_bufA, T *d_bufB, unsigned int n,
                    const Config &cfg)
{
    unsigned int threads, blocks;
    launchShape(v, n, cfg, threads, blocks);
    launchReduce<T>(v, threads, blocks, d_in, d_bufA, n);

    T *src = d_bufA, *dst = d_bufB;
    unsigned int remaining = blocks;
    while (remaining > 1) {
        launchShape(v, remaining, cfg, threads, blocks);
        launchReduce<T>(v, threads, blocks, src, dst, remaining);
        remaining = blocks;
        T *t = src;
        src = dst;
        dst = t;
    }
    return src;
}

// Fused sum and sum of squares: one pass with sumAndSquares, then the two
// arrays of partial sums are reduced with kernel 7, each with its own pair of
// ping-pong buffers. Returns the device addresses of the two results.
template <typename T>
struct StatsBuffers {
    T *sums, *sumsSq;  // per-block partials of the fused pass (maxBlocks each)
    T *bufA, *bufB;    // ping-pong for the sums
    T *bufC, *bufD;    // ping-pong for the sums of squares
};

template <typename T>
static void gpuSumAndSquares(const T *d_in, const StatsBuffers<T> &b, unsigned int n,
                             const Config &cfg, T **d_sum, T **d_sumSq)
{
    unsigned int threads = cfg.maxThreads;
    unsigned int blocks = (n + threads - 1) / threads;
    if (blocks > cfg.maxBlocks)
        blocks = cfg.maxBlocks;
    size_t smem = 2 * (threads / 32) * sizeof(T);
    switch (threads) {
    case 512: sumAndSquares<T, 512><<<blocks, threads, smem>>>(d_in, b.sums, b.sumsSq, n); break;
    case 256: sumAndSquares<T, 256><<<blocks, threads, smem>>>(d_in, b.sums, b.sumsSq, n); break;
    case 128: sumAndSquares<T, 128><<<blocks, threads, smem>>>(d_in, b.sums, b.sumsSq, n); break;
    case 64: sumAndSquares<T, 64><<<blocks, threads, smem>>>(d_in, b.sums, b.sumsSq, n); break;
    }
    CHECK(cudaGetLastError());

    *d_sum = gpuReduce<T>(7, b.sums, b.bufA, b.bufB, blocks, cfg);
    *d_sumSq = gpuReduce<T>(7, b.sumsSq, b.bufC, b.bufD, blocks, cfg);
}

// ---------------------------------------------------------------------------
// Inputs and CPU references
// ---------------------------------------------------------------------------

static unsigned int lcgNext(unsigned int &state)
{
    state = state * 1664525u + 1013904223u;
    return state;
}

// ints in [-8, 7], mean -1/2: the sum of 2^30 of them is about -2^29 and
// every partial sum stays well inside int.
static void fillInput(std::vector<int> &h, unsigned int seed)
{
    for (size_t i = 0; i < h.size(); ++i)
        h[i] = (int)((lcgNext(seed) >> 24) & 15u) - 8;
}

// floats in [0, 1) with 24 random bits.
static void fillInput(std::vector<float> &h, unsigned int seed)
{
    for (size_t i = 0; i < h.size(); ++i)
        h[i] = (float)(lcgNext(seed) >> 8) * (1.0f / 16777216.0f);
}

// doubles in [0, 1) with 52 random bits (two draws).
static void fillInput(std::vector<double> &h, unsigned int seed)
{
    for (size_t i = 0; i < h.size(); ++i) {
        double hi = (double)(lcgNext(seed) >> 6);  // 26 bits
        double lo = (double)(lcgNext(seed) >> 6);  // 26 bits
        h[i] = (hi * 67108864.0 + lo) * (1.0 / 4503599627370496.0);
    }
}

// CPU references: compensated (Kahan) sums in double of x, x^2 and |x|,
// whose own error is about 2 eps(double) * sum|x| whatever n is, and an
// exact long long sum for the int data.
struct Reference {
    double sum = 0.0, sumSq = 0.0, sumAbs = 0.0;
    long long intSum = 0;
};

struct Kahan {
    double s = 0.0, c = 0.0;
    void add(double x)
    {
        double y = x - c;
        double t = s + y;
        c = (t - s) - y;
        s = t;
    }
};

template <typename T>
static Reference cpuReference(const std::vector<T> &h)
{
    Kahan s, sq, a;
    Reference r;
    for (size_t i = 0; i < h.size(); ++i) {
        double x = (double)h[i];
        s.add(x);
        sq.add(x * x);
        a.add(std::fabs(x));
        r.intSum += (long long)h[i];  // meaningful for int only
    }
    r.sum = s.s;
    r.sumSq = sq.s;
    r.sumAbs = a.s;
    return r;
}

// Rounding-error bound for a GPU sum in type T: every value goes through at
// most k sequential additions in one thread, then a tree of depth about
// log2(n) over all passes, each step adding a relative error of at most eps
// (first order; 8 extra levels of margin). Zero for int: the check is exact.
template <typename T>
static double errorBound(double sumAbs, unsigned int n, unsigned int k)
{
    if (std::numeric_limits<T>::is_integer)
        return 0.0;
    double eps = (double)std::numeric_limits<T>::epsilon();
    double depth = (double)k + std::ceil(std::log2((double)n + 1.0)) + 8.0;
    return depth * eps * sumAbs + 4.0 * std::numeric_limits<double>::epsilon() * sumAbs;
}

static double refValue(const Reference &r, int) { return (double)r.intSum; }
static double refValue(const Reference &r, float) { return r.sum; }
static double refValue(const Reference &r, double) { return r.sum; }

// Values summed sequentially by one thread in the first pass of variant v.
static unsigned int elementsPerThread(int v, unsigned int n, const Config &cfg)
{
    unsigned int threads, blocks;
    launchShape(v, n, cfg, threads, blocks);
    unsigned long long total = (unsigned long long)threads * blocks;
    return (unsigned int)((n + total - 1) / total);
}

// ---------------------------------------------------------------------------
// Timing and the driver for one element type
// ---------------------------------------------------------------------------

// Average milliseconds of run() over cfg.reps calls, after one warm-up call.
template <typename Fn>
static double timeMs(Fn run, const Config &cfg, cudaEvent_t start, cudaEvent_t stop)
{
    run();
    CHECK(cudaEventRecord(start, 0));
    for (int r = 0; r < cfg.reps; ++r)
        run();
    CHECK(cudaEventRecord(stop, 0));
    CHECK(cudaEventSynchronize(stop));
    float elapsed;
    CHECK(cudaEventElapsedTime(&elapsed, start, stop));
    return elapsed / cfg.reps;
}

static double gbPerSecond(unsigned int n, size_t bytesPerValue, double ms)
{
    return (double)n * bytesPerValue / (ms * 1e6);
}

template <typename T>
struct DeviceData {
    T *in;
    T *bufA, *bufB;       // ping-pong partial sums, big enough for any pass
    StatsBuffers<T> stats;
};

// Runs the eight kernels; returns the failures. *ms7 gets kernel 7's time.
template <typename T>
static int runVariants(const DeviceData<T> &d, const Reference &ref, const Config &cfg,
                       cudaEvent_t start, cudaEvent_t stop, double *ms7)
{
    const double expected = refValue(ref, T(0));
    int errors = 0;
    double baseMs = 0.0, prevMs = 0.0;
    for (int v = 0; v < kNumVariants; ++v) {
        T *d_result = nullptr;
        double ms = timeMs([&] { d_result = gpuReduce<T>(v, d.in, d.bufA, d.bufB, cfg.n, cfg); },
                           cfg, start, stop);
        T gpu;
        CHECK(cudaMemcpy(&gpu, d_result, sizeof(T), cudaMemcpyDeviceToHost));
        double err = std::fabs((double)gpu - expected);
        double bound = errorBound<T>(ref.sumAbs, cfg.n, elementsPerThread(v, cfg.n, cfg));
        bool ok = err <= bound;
        errors += ok ? 0 : 1;
        if (v == 0)
            baseMs = prevMs = ms;
        printf("  %-30s %9.4f ms %8.1f GB/s  step x%5.2f  total x%6.2f  sum %.17g  err %.3g"
               " (bound %.3g) %s\n",
               kVariants[v].name, ms, gbPerSecond(cfg.n, sizeof(T), ms), prevMs / ms,
               baseMs / ms, (double)gpu, err, bound, ok ? "ok" : "MISMATCH");
        prevMs = ms;
        *ms7 = ms;
    }
    return errors;
}

// The fused sum + sum of squares; returns 1 on a mismatch.
template <typename T>
static int runFused(const DeviceData<T> &d, const Reference &ref, const Config &cfg,
                    cudaEvent_t start, cudaEvent_t stop, double ms7)
{
    T *d_sum = nullptr, *d_sumSq = nullptr;
    double ms = timeMs([&] { gpuSumAndSquares<T>(d.in, d.stats, cfg.n, cfg, &d_sum, &d_sumSq); },
                       cfg, start, stop);
    T sum, sumSq;
    CHECK(cudaMemcpy(&sum, d_sum, sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&sumSq, d_sumSq, sizeof(T), cudaMemcpyDeviceToHost));

    unsigned long long gridThreads = (unsigned long long)cfg.maxThreads * cfg.maxBlocks;
    unsigned int k = (unsigned int)((cfg.n + gridThreads - 1) / gridThreads);
    double errS = std::fabs((double)sum - ref.sum);
    double errQ = std::fabs((double)sumSq - ref.sumSq);
    double boundS = errorBound<T>(ref.sumAbs, cfg.n, k);
    double boundQ = errorBound<T>(ref.sumSq, cfg.n, k + 1);  // +1: rounding of x*x
    bool ok = errS <= boundS && errQ <= boundQ;
    printf("  %-30s %9.4f ms %8.1f GB/s  (%.2fx the time of kernel 7, for two results)\n"
           "      sum %.17g err %.3g (bound %.3g); sum of squares %.17g (ref %.17g) err %.3g"
           " (bound %.3g) %s\n",
           "fused sum + sum of squares", ms, gbPerSecond(cfg.n, sizeof(T), ms), ms / ms7,
           (double)sum, errS, boundS, (double)sumSq, ref.sumSq, errQ, boundQ,
           ok ? "ok" : "MISMATCH");
    return ok ? 0 : 1;
}

template <typename T>
static void allocDevice(DeviceData<T> &d, const std::vector<T> &h, const Config &cfg)
{
    // A pass has at most n/64 + 1 blocks (blocks of >= 64 threads) or one.
    size_t partials = cfg.n / 64 + 2;
    if (partials < cfg.maxBlocks)
        partials = cfg.maxBlocks;
    CHECK(cudaMalloc(&d.in, h.size() * sizeof(T)));
    CHECK(cudaMalloc(&d.bufA, partials * sizeof(T)));
    CHECK(cudaMalloc(&d.bufB, partials * sizeof(T)));
    T **stats[] = {&d.stats.sums, &d.stats.sumsSq, &d.stats.bufA,
                   &d.stats.bufB, &d.stats.bufC,   &d.stats.bufD};
    for (T **p : stats)
        CHECK(cudaMalloc(p, cfg.maxBlocks * sizeof(T)));
    CHECK(cudaMemcpy(d.in, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
}

template <typename T>
static void freeDevice(DeviceData<T> &d)
{
    T *all[] = {d.in, d.bufA, d.bufB, d.stats.sums, d.stats.sumsSq,
                d.stats.bufA, d.stats.bufB, d.stats.bufC, d.stats.bufD};
    for (T *p : all)
        CHECK(cudaFree(p));
}

template <typename T>
static int runType(const char *typeName, const Config &cfg, cudaEvent_t start, cudaEvent_t stop)
{
    std::vector<T> h(cfg.n);
    fillInput(h, 12345u);
    Reference ref = cpuReference(h);
    DeviceData<T> d;
    allocDevice(d, h, cfg);

    printf("%s: n = %u (%.1f MiB), reference sum %.17g\n", typeName, cfg.n,
           (double)cfg.n * sizeof(T) / 1048576.0, refValue(ref, T(0)));
    double ms7 = 0.0;
    int errors = runVariants(d, ref, cfg, start, stop, &ms7);
    // Statistics are floating point in the seed; int squares would overflow.
    if (!std::numeric_limits<T>::is_integer)
        errors += runFused(d, ref, cfg, start, stop, ms7);
    freeDevice(d);
    return errors;
}

// --n=N or --n=2^K; returns false on a malformed or out-of-range value.
static bool parseCount(const char *s, unsigned int &n)
{
    char *end;
    unsigned long long v;
    if (s[0] == '2' && s[1] == '^') {
        unsigned long k = strtoul(s + 2, &end, 10);
        if (*end != '\0' || k > 30)
            return false;
        v = 1ull << k;
    } else {
        v = strtoull(s, &end, 10);
        if (*end != '\0')
            return false;
    }
    if (v < 1 || v > (1ull << 30))
        return false;
    n = (unsigned int)v;
    return true;
}

static bool parseArgs(int argc, char **argv, Config &cfg)
{
    for (int a = 1; a < argc; ++a) {
        const char *arg = argv[a];
        if (strncmp(arg, "--n=", 4) == 0) {
            if (!parseCount(arg + 4, cfg.n))
                return false;
        } else if (strcmp(arg, "--paper") == 0) {
            cfg.n = 1u << 28;  // 1 GiB of int, inside the seed's 512 MB..2 GB range
        } else if (strncmp(arg, "--threads=", 10) == 0) {
            cfg.maxThreads = (unsigned int)atoi(arg + 10);
            if (!isPow2(cfg.maxThreads) || cfg.maxThreads < 64 || cfg.maxThreads > 512)
                return false;
        } else if (strncmp(arg, "--blocks=", 9) == 0) {
            int b = atoi(arg + 9);
            if (b < 1)
                return false;
            cfg.maxBlocks = (unsigned int)b;
        } else if (strncmp(arg, "--reps=", 7) == 0) {
            cfg.reps = atoi(arg + 7);
            if (cfg.reps < 1)
                return false;
        } else {
            return false;
        }
    }
    return true;
}

int main(int argc, char **argv)
{
    Config cfg;
    if (!parseArgs(argc, argv, cfg)) {
        fprintf(stderr, "usage: %s [--n=N|2^K (<= 2^30)] [--paper] [--threads=64|128|256|512]"
                        " [--blocks=B] [--reps=R]\n", argv[0]);
        printf("FAIL\n");
        return 1;
    }

    int dev;
    cudaDeviceProp prop;
    CHECK(cudaGetDevice(&dev));
    CHECK(cudaGetDeviceProperties(&prop, dev));
    if (cfg.maxBlocks == 0)  // enough resident blocks to fill every SM once
        cfg.maxBlocks = prop.multiProcessorCount *
                        (prop.maxThreadsPerMultiProcessor / cfg.maxThreads);
    if (cfg.maxBlocks == 0)
        cfg.maxBlocks = 1;
    printf("reduction: 8 sum kernels + fused sum/sum of squares on %s, n = %u, %u threads,"
           " up to %u blocks for grid-stride kernels, %d reps\n",
           prop.name, cfg.n, cfg.maxThreads, cfg.maxBlocks, cfg.reps);

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    int errors = 0;
    errors += runType<int>("int", cfg, start, stop);
    errors += runType<float>("float", cfg, start, stop);
    errors += runType<double>("double", cfg, start, stop);

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
