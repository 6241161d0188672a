// histogram.cu - RDataFrame-style GPU histogramming (the RHnCUDA design).
//
// The native CUDA histogram action of ROOT's RDataFrame as described in
// "Migrating a HEP data-analysis operation from CUDA to SYCL" (the ROOT
// histogramming paper): events arrive in bulks, each bulk is copied to the
// GPU asynchronously on one stream, and per bulk
//   1. a histogram kernel finds the bin of every event (closed formula for
//      fixed-width axes, binary search over the edges for variable ones,
//      with ROOT's underflow/overflow bins), fills a block-local histogram in
//      dynamic shared memory with atomicAdd and merges it into the global
//      histogram with atomicAdd;
//   2. transform-reduce kernels in the style of the CUDA samples' reduction
//      (several elements per thread, a shared-memory tree, warp shuffles for
//      the last warp) add the statistics sum(w), sum(w^2), sum(w*x),
//      sum(w*x^2) (and for 2D sum(w*y), sum(w*y^2), sum(w*x*y)) of the bulk
//      to running totals on the device - either one reduction per statistic
//      (the paper's CUDA version) or all statistics fused in one kernel (the
//      optimisation the paper found worthwhile in SYCL).
// The histogram and statistics are copied back once, after the last bulk.
//
// The program runs four histograms over one synthetic data source (uniform
// doubles in [0,1), weights in [0.5,1.5)): the paper's benchmark histogram
// (1000 fixed bins on [0,1), double) with separate and with fused statistics,
// a variable-bin 1D histogram and a 2D float histogram (fixed x axis,
// variable y axis), each checked against a CPU fill of the same events.
//
// Usage: histogram [--events=N] [--bulk=N]   (N may end in K, M or G)
//   default 1M events in bulks of 256K; the paper's sizes: --events=50M,
//   --events=100M.

#include <algorithm>
#include <chrono>
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

// Launch geometry. Histogram blocks are kept few enough that each block sees
// many more events than it has bins to merge; reduction blocks get several
// elements per thread, as in the CUDA samples.
static const unsigned int kBlockSize = 256;
static const unsigned int kHistogramEventsPerThread = 16;
static const unsigned int kMaxHistogramBlocks = 1024;
static const unsigned int kReduceElementsPerThread = 8;
static const unsigned int kMaxReduceBlocks = 1024;

// ---------------------------------------------------------------------------
// Device helpers
// ---------------------------------------------------------------------------

// The dynamic shared memory of a launch, typed. One extern array serves every
// instantiation (declaring it per T would give conflicting declarations);
// it is declared as double so that its base suits every T used here.
template <typename T>
__device__ inline T *sharedMemory()
{
    extern __shared__ double dynamicShared[];
    return reinterpret_cast<T *>(dynamicShared);
}

// One histogram axis as the kernels see it. Bins are numbered as in ROOT:
// 0 is the underflow bin, 1..nBins the bins of [min, max), nBins + 1 the
// overflow bin. A fixed-width axis has edgesOffset == -1; a variable one keeps
// its nBins + 1 ascending edges in the bin-edge array from edgesOffset on.
struct AxisDescriptor {
    double min;
    double max;
    int nBins;
    int edgesOffset;
};

// Fixed-width bins: the closed formula 1 + floor(nBins * (x - min) / (max - min)).
__device__ inline int FindFixBin(const AxisDescriptor &axis, double x)
{
    if (x < axis.min)
        return 0;
    if (!(x < axis.max))  // also sends NaN to the overflow bin, as ROOT does
        return axis.nBins + 1;
    int bin = 1 + (int)(axis.nBins * (x - axis.min) / (axis.max - axis.min));
    return bin > axis.nBins ? axis.nBins : bin;  // x just below max may round up
}

// Index of the first of count ascending values that is not less than value
// (count when there is none): the device counterpart of std::lower_bound,
// which the CPU version of ROOT uses for variable bins.
__device__ inline int LowerBound(const double *first, int count, double value)
{
    int lo = 0;
    while (count > 0) {
        int half = count / 2;
        if (first[lo + half] < value) {
            lo += half + 1;
            count -= half + 1;
        } else {
            count = half;
        }
    }
    return lo;
}

// Variable bins: bin b covers [edges[b-1], edges[b]), so an x equal to an
// edge belongs to the bin that starts there.
__device__ inline int FindVarBin(const AxisDescriptor &axis, const double *binEdges, double x)
{
    const double *edges = binEdges + axis.edgesOffset;
    if (x < edges[0])
        return 0;
    if (!(x < edges[axis.nBins]))
        return axis.nBins + 1;
    int idx = LowerBound(edges, axis.nBins + 1, x);
    return edges[idx] == x ? idx + 1 : idx;
}

// Global bin of event i: the per-axis bins combined row-major, x fastest, each
// axis counting nBins + 2 cells. coords holds Dim columns of bulkSize values.
template <unsigned int Dim>
__device__ inline int GetBin(const AxisDescriptor *axes, const double *binEdges,
                             const double *coords, unsigned int bulkSize, unsigned int i)
{
    int bin = 0;
    int stride = 1;
    for (unsigned int d = 0; d < Dim; ++d) {
        const AxisDescriptor &axis = axes[d];
        double x = coords[d * bulkSize + i];
        int axisBin = axis.edgesOffset < 0 ? FindFixBin(axis, x) : FindVarBin(axis, binEdges, x);
        bin += axisBin * stride;
        stride *= axis.nBins + 2;
    }
    return bin;
}

// ---------------------------------------------------------------------------
// Histogram kernel
// ---------------------------------------------------------------------------

// Each block fills a private copy of the whole histogram (nCells values of T
// in dynamic shared memory) with shared-memory atomics, then adds it to the
// global histogram with global atomics: two stages keep the contention on the
// global histogram low. Grid-stride loops throughout.
template <typename T, unsigned int Dim>
__global__ void HistogramLocal(T *histogram, const AxisDescriptor *axes, const double *binEdges,
                               unsigned int nCells, const double *coords, const double *weights,
                               unsigned int bulkSize)
{
    T *sHist = sharedMemory<T>();
    auto tid = threadIdx.x + blockDim.x * blockIdx.x;
    auto localTid = threadIdx.x;
    auto stride = blockDim.x * gridDim.x;

    // Initialise the block-local histogram.
    for (auto i = localTid; i < nCells; i += blockDim.x)
        sHist[i] = 0;
    __syncthreads();

    // Fill it.
    for (auto i = tid; i < bulkSize; i += stride) {
        int bin = GetBin<Dim>(axes, binEdges, coords, bulkSize, i);
        atomicAdd(&sHist[bin], (T)weights[i]);
    }
    __syncthreads();

    // Merge it into the global histogram.
    for (auto i = localTid; i < nCells; i += blockDim.x)
        atomicAdd(&histogram[i], sHist[i]);
}

// ---------------------------------------------------------------------------
// Statistics: transform-reduce kernels
// ---------------------------------------------------------------------------

// The statistics ROOT keeps for a Dim-dimensional histogram, in this order:
// sum(w), sum(w^2), then per axis sum(w*x), sum(w*x^2), then per pair of axes
// sum(w*x*y). 4 for 1D, 7 for 2D.
template <unsigned int Dim>
struct StatCount {
    static constexpr unsigned int value = 2 + 2 * Dim + Dim * (Dim - 1) / 2;
};

// What the statistics kernels read for one bulk.
template <unsigned int Dim>
struct StatsInput {
    const AxisDescriptor *axes;
    const double *coords;  // Dim columns of bulkSize values
    const double *weights;
    unsigned int bulkSize;

    __device__ double Coord(unsigned int i, unsigned int d) const
    {
        return coords[d * bulkSize + i];
    }

    // ROOT leaves underflow and overflow entries out of the statistics.
    __device__ bool InRange(unsigned int i) const
    {
        for (unsigned int d = 0; d < Dim; ++d) {
            double x = Coord(i, d);
            if (!(x >= axes[d].min && x < axes[d].max))
                return false;
        }
        return true;
    }

    // Statistic k of event i alone.
    __device__ double Stat(unsigned int i, unsigned int k) const
    {
        if (!InRange(i))
            return 0.0;
        double w = weights[i];
        if (k == 0)
            return w;
        if (k == 1)
            return w * w;
        k -= 2;
        if (k < 2 * Dim) {
            double x = Coord(i, k / 2);
            return k % 2 == 0 ? w * x : w * x * x;
        }
        k -= 2 * Dim;
        for (unsigned int a = 0; a < Dim; ++a)
            for (unsigned int b = a + 1; b < Dim; ++b) {
                if (k == 0)
                    return w * Coord(i, a) * Coord(i, b);
                --k;
            }
        return 0.0;
    }

    // All statistics of event i at once, in StatCount order.
    __device__ void AllStats(unsigned int i, double *s) const
    {
        if (!InRange(i)) {
            for (unsigned int k = 0; k < StatCount<Dim>::value; ++k)
                s[k] = 0.0;
            return;
        }
        double w = weights[i];
        unsigned int k = 0;
        s[k++] = w;
        s[k++] = w * w;
        for (unsigned int d = 0; d < Dim; ++d) {
            double x = Coord(i, d);
            s[k++] = w * x;
            s[k++] = w * x * x;
        }
        for (unsigned int a = 0; a < Dim; ++a)
            for (unsigned int b = a + 1; b < Dim; ++b)
                s[k++] = w * Coord(i, a) * Coord(i, b);
    }
};

// Combination operator of the reductions.
template <typename T>
struct Plus {
    __device__ T operator()(const T &a, const T &b) const { return a + b; }
};

// Transform operators ("initialisation operators": what each element
// contributes before it is combined).
template <unsigned int Dim>
struct SingleStat {  // one statistic of the events of a bulk
    StatsInput<Dim> in;
    unsigned int stat;
    __device__ double operator()(unsigned int i) const { return in.Stat(i, stat); }
};

template <unsigned int Dim>
struct AllStatsOfEvent {  // every statistic of the events of a bulk
    StatsInput<Dim> in;
    __device__ void operator()(unsigned int i, double *values) const { in.AllStats(i, values); }
};

struct LoadPartial {  // per-block partial results of a first pass
    const double *partials;
    __device__ double operator()(unsigned int i) const { return partials[i]; }
};

template <unsigned int NStats>
struct LoadPartials {  // NStats rows of per-block partials, row stride apart
    const double *partials;
    unsigned int stride;
    __device__ void operator()(unsigned int i, double *values) const
    {
        for (unsigned int k = 0; k < NStats; ++k)
            values[k] = partials[k * stride + i];
    }
};

// Reduces init(0..n) with combine. Each thread first folds several elements
// (two per grid-stride step), then the block runs a tree over shared memory
// down to one warp, which finishes with shuffles. Thread 0 writes the block's
// result to out[blockIdx.x], or combines it with the value there when
// accumulate is set (so a single-block second pass can add a bulk's result to
// the running total of the previous bulks). Needs BlockSize values of T in
// dynamic shared memory.
template <unsigned int BlockSize, typename T, typename InitOp, typename CombineOp>
__global__ void TransformReduce(unsigned int n, InitOp init, CombineOp combine, T identity, T *out,
                                bool accumulate)
{
    static_assert(BlockSize >= 64 && (BlockSize & (BlockSize - 1)) == 0,
                  "BlockSize must be a power of two of at least 64");
    T *sdata = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (BlockSize * 2) + tid;
    unsigned int gridSize = BlockSize * 2 * gridDim.x;

    T sum = identity;
    while (i < n) {
        sum = combine(sum, init(i));
        if (i + BlockSize < n)
            sum = combine(sum, init(i + BlockSize));
        i += gridSize;
    }
    sdata[tid] = sum;
    __syncthreads();

    if (BlockSize >= 1024) {
        if (tid < 512)
            sdata[tid] = sum = combine(sum, sdata[tid + 512]);
        __syncthreads();
    }
    if (BlockSize >= 512) {
        if (tid < 256)
            sdata[tid] = sum = combine(sum, sdata[tid + 256]);
        __syncthreads();
    }
    if (BlockSize >= 256) {
        if (tid < 128)
            sdata[tid] = sum = combine(sum, sdata[tid + 128]);
        __syncthreads();
    }
    if (BlockSize >= 128) {
        if (tid < 64)
            sdata[tid] = sum = combine(sum, sdata[tid + 64]);
        __syncthreads();
    }

    // The first warp folds in the second warp's values and finishes with
    // shuffles; all its 32 lanes are active here, hence the full mask.
    if (tid < 32) {
        sum = combine(sum, sdata[tid + 32]);
        for (int offset = warpSize / 2; offset > 0; offset /= 2)
            sum = combine(sum, __shfl_down_sync(0xffffffff, sum, offset));
    }

    if (tid == 0)
        out[blockIdx.x] = accumulate ? combine(out[blockIdx.x], sum) : sum;
}

// One tree level of the fused reduction: row k of sdata holds statistic k.
template <unsigned int BlockSize, unsigned int NStats, typename T, typename CombineOp>
__device__ inline void FusedTreeStep(T *sdata, T *sum, unsigned int tid, unsigned int offset,
                                     CombineOp combine)
{
#pragma unroll
    for (unsigned int k = 0; k < NStats; ++k)
        sdata[k * BlockSize + tid] = sum[k] = combine(sum[k], sdata[k * BlockSize + tid + offset]);
}

// The same reduction for NStats values per element at once: one pass over
// the inputs instead of NStats, one launch instead of NStats. init(i, values)
// writes the NStats values of element i. The block's results go to
// out[k * outStride + blockIdx.x]. Needs NStats * BlockSize values of T in
// dynamic shared memory.
template <unsigned int BlockSize, unsigned int NStats, typename T, typename InitOp,
          typename CombineOp>
__global__ void FusedTransformReduce(unsigned int n, InitOp init, CombineOp combine, T identity,
                                     T *out, unsigned int outStride, bool accumulate)
{
    static_assert(BlockSize >= 64 && (BlockSize & (BlockSize - 1)) == 0,
                  "BlockSize must be a power of two of at least 64");
    T *sdata = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (BlockSize * 2) + tid;
    unsigned int gridSize = BlockSize * 2 * gridDim.x;

    T sum[NStats];
    T values[NStats];
#pragma unroll
    for (unsigned int k = 0; k < NStats; ++k)
        sum[k] = identity;
    while (i < n) {
        init(i, values);
#pragma unroll
        for (unsigned int k = 0; k < NStats; ++k)
            sum[k] = combine(sum[k], values[k]);
        if (i + BlockSize < n) {
            init(i + BlockSize, values);
#pragma unroll
            for (unsigned int k = 0; k < NStats; ++k)
                sum[k] = combine(sum[k], values[k]);
        }
        i += gridSize;
    }
#pragma unroll
    for (unsigned int k = 0; k < NStats; ++k)
        sdata[k * BlockSize + tid] = sum[k];
    __syncthreads();

    if (BlockSize >= 1024) {
        if (tid < 512)
            FusedTreeStep<BlockSize, NStats>(sdata, sum, tid, 512, combine);
        __syncthreads();
    }
    if (BlockSize >= 512) {
        if (tid < 256)
            FusedTreeStep<BlockSize, NStats>(sdata, sum, tid, 256, combine);
        __syncthreads();
    }
    if (BlockSize >= 256) {
        if (tid < 128)
            FusedTreeStep<BlockSize, NStats>(sdata, sum, tid, 128, combine);
        __syncthreads();
    }
    if (BlockSize >= 128) {
        if (tid < 64)
            FusedTreeStep<BlockSize, NStats>(sdata, sum, tid, 64, combine);
        __syncthreads();
    }

    // Last warp, all 32 lanes active: full-mask shuffles per statistic.
    if (tid < 32) {
#pragma unroll
        for (unsigned int k = 0; k < NStats; ++k) {
            T v = combine(sum[k], sdata[k * BlockSize + tid + 32]);
            for (int offset = warpSize / 2; offset > 0; offset /= 2)
                v = combine(v, __shfl_down_sync(0xffffffff, v, offset));
            sum[k] = v;
        }
    }

    if (tid == 0) {
        for (unsigned int k = 0; k < NStats; ++k) {
            T *dst = &out[k * outStride + blockIdx.x];
            *dst = accumulate ? combine(*dst, sum[k]) : sum[k];
        }
    }
}

// ---------------------------------------------------------------------------
// Host side: axes, the GPU histogram class and the CPU reference
// ---------------------------------------------------------------------------

// An axis as the user books it: nBins fixed bins on [min, max), or the
// nBins + 1 edges of variable bins.
struct AxisSpec {
    int nBins;
    double min;
    double max;
    std::vector<double> edges;  // empty for fixed bins
};

static AxisSpec FixedAxis(int nBins, double min, double max)
{
    AxisSpec axis = {nBins, min, max, std::vector<double>()};
    return axis;
}

static AxisSpec VariableAxis(const std::vector<double> &edges)
{
    AxisSpec axis = {(int)edges.size() - 1, edges.front(), edges.back(), edges};
    return axis;
}

// nBins variable bins on [lo, hi) whose widths grow linearly, the widest
// three times the narrowest.
static std::vector<double> GrowingEdges(int nBins, double lo, double hi)
{
    std::vector<double> edges(nBins + 1);
    for (int j = 0; j <= nBins; ++j) {
        double t = (double)j / nBins;
        edges[j] = lo + (hi - lo) * (0.5 * t + 0.5 * t * t);
    }
    edges[nBins] = hi;
    return edges;
}

// The GPU histogram: owns the device histogram, statistics, axes and bulk
// buffers, and one stream on which all its work is queued. Fill() takes one
// bulk of events; Retrieve() copies the results back once at the end.
template <typename T, unsigned int Dim, unsigned int BlockSize = kBlockSize>
class RHnCUDA {
public:
    static constexpr unsigned int kNStats = StatCount<Dim>::value;

    RHnCUDA(const std::vector<AxisSpec> &axes, unsigned int maxBulkSize, bool fusedStats);
    ~RHnCUDA();
    RHnCUDA(const RHnCUDA &) = delete;
    RHnCUDA &operator=(const RHnCUDA &) = delete;

    void Fill(const double *const *columns, const double *weights, unsigned int n);
    void Retrieve(std::vector<T> &bins, std::vector<double> &stats);

private:
    void FillStatsSeparate(const StatsInput<Dim> &in, unsigned int n);
    void FillStatsFused(const StatsInput<Dim> &in, unsigned int n);

    unsigned int fNCells;
    unsigned int fMaxBulkSize;
    bool fFusedStats;
    cudaStream_t fStream;
    AxisDescriptor *fDAxes;
    double *fDBinEdges;   // edges of all variable axes, nullptr if none
    T *fDHistogram;       // fNCells values
    double *fDStats;      // kNStats running totals
    double *fDPartials;   // kNStats rows of kMaxReduceBlocks per-block partials
    double *fDBulk;       // the bulk on the device: Dim columns, then weights
    double *fHBulk[2];    // pinned staging buffers, used in turn
    cudaEvent_t fBulkCopied[2];  // recorded after the copy out of fHBulk[i]
    int fSlot;
    T *fHHistogram;       // pinned result buffers
    double *fHStats;
};

template <typename T, unsigned int Dim, unsigned int BlockSize>
RHnCUDA<T, Dim, BlockSize>::RHnCUDA(const std::vector<AxisSpec> &axes, unsigned int maxBulkSize,
                                    bool fusedStats)
    : fNCells(1), fMaxBulkSize(maxBulkSize), fFusedStats(fusedStats), fDBinEdges(nullptr), fSlot(0)
{
    std::vector<AxisDescriptor> desc(Dim);
    std::vector<double> edges;
    for (unsigned int d = 0; d < Dim; ++d) {
        desc[d].min = axes[d].min;
        desc[d].max = axes[d].max;
        desc[d].nBins = axes[d].nBins;
        desc[d].edgesOffset = axes[d].edges.empty() ? -1 : (int)edges.size();
        edges.insert(edges.end(), axes[d].edges.begin(), axes[d].edges.end());
        fNCells *= axes[d].nBins + 2;
    }

    int device = 0, maxShared = 0;
    CHECK(cudaGetDevice(&device));
    CHECK(cudaDeviceGetAttribute(&maxShared, cudaDevAttrMaxSharedMemoryPerBlock, device));
    if (fNCells * sizeof(T) > (size_t)maxShared) {
        fprintf(stderr, "histogram of %u cells does not fit in %d bytes of shared memory\n",
                fNCells, maxShared);
        printf("FAIL\n");
        exit(EXIT_FAILURE);
    }

    CHECK(cudaStreamCreate(&fStream));
    CHECK(cudaMalloc(&fDAxes, Dim * sizeof(AxisDescriptor)));
    CHECK(cudaMemcpy(fDAxes, desc.data(), Dim * sizeof(AxisDescriptor), cudaMemcpyHostToDevice));
    if (!edges.empty()) {
        CHECK(cudaMalloc(&fDBinEdges, edges.size() * sizeof(double)));
        CHECK(cudaMemcpy(fDBinEdges, edges.data(), edges.size() * sizeof(double),
                         cudaMemcpyHostToDevice));
    }
    CHECK(cudaMalloc(&fDHistogram, fNCells * sizeof(T)));
    CHECK(cudaMalloc(&fDStats, kNStats * sizeof(double)));
    CHECK(cudaMalloc(&fDPartials, kNStats * kMaxReduceBlocks * sizeof(double)));
    CHECK(cudaMalloc(&fDBulk, (Dim + 1) * (size_t)maxBulkSize * sizeof(double)));
    CHECK(cudaMemsetAsync(fDHistogram, 0, fNCells * sizeof(T), fStream));
    CHECK(cudaMemsetAsync(fDStats, 0, kNStats * sizeof(double), fStream));

    for (int s = 0; s < 2; ++s) {
        CHECK(cudaMallocHost(&fHBulk[s], (Dim + 1) * (size_t)maxBulkSize * sizeof(double)));
        CHECK(cudaEventCreateWithFlags(&fBulkCopied[s], cudaEventDisableTiming));
    }
    CHECK(cudaMallocHost(&fHHistogram, fNCells * sizeof(T)));
    CHECK(cudaMallocHost(&fHStats, kNStats * sizeof(double)));
}

template <typename T, unsigned int Dim, unsigned int BlockSize>
RHnCUDA<T, Dim, BlockSize>::~RHnCUDA()
{
    CHECK(cudaStreamSynchronize(fStream));
    for (int s = 0; s < 2; ++s) {
        CHECK(cudaFreeHost(fHBulk[s]));
        CHECK(cudaEventDestroy(fBulkCopied[s]));
    }
    CHECK(cudaFreeHost(fHHistogram));
    CHECK(cudaFreeHost(fHStats));
    CHECK(cudaFree(fDAxes));
    CHECK(cudaFree(fDBinEdges));  // cudaFree(nullptr) is a no-op
    CHECK(cudaFree(fDHistogram));
    CHECK(cudaFree(fDStats));
    CHECK(cudaFree(fDPartials));
    CHECK(cudaFree(fDBulk));
    CHECK(cudaStreamDestroy(fStream));
}

// One bulk of n events: columns[d][i] is coordinate d of event i.
template <typename T, unsigned int Dim, unsigned int BlockSize>
void RHnCUDA<T, Dim, BlockSize>::Fill(const double *const *columns, const double *weights,
                                      unsigned int n)
{
    if (n == 0)
        return;
    if (n > fMaxBulkSize) {
        fprintf(stderr, "bulk of %u events exceeds the maximum of %u\n", n, fMaxBulkSize);
        printf("FAIL\n");
        exit(EXIT_FAILURE);
    }

    // Stage the bulk in pinned memory, columns packed n apart. The copy out
    // of this buffer two bulks ago may still be pending: wait for it, or the
    // new bulk overwrites data the GPU has not read yet.
    double *staging = fHBulk[fSlot];
    CHECK(cudaEventSynchronize(fBulkCopied[fSlot]));
    for (unsigned int d = 0; d < Dim; ++d)
        memcpy(staging + (size_t)d * n, columns[d], n * sizeof(double));
    memcpy(staging + (size_t)Dim * n, weights, n * sizeof(double));
    CHECK(cudaMemcpyAsync(fDBulk, staging, (Dim + 1) * (size_t)n * sizeof(double),
                          cudaMemcpyHostToDevice, fStream));
    CHECK(cudaEventRecord(fBulkCopied[fSlot], fStream));
    fSlot = 1 - fSlot;

    // Everything below is queued behind the copy on the same stream; the next
    // bulk's copy into fDBulk is queued behind these kernels.
    const double *coords = fDBulk;
    const double *bulkWeights = fDBulk + (size_t)Dim * n;
    unsigned int blocks = (n + BlockSize * kHistogramEventsPerThread - 1) /
                          (BlockSize * kHistogramEventsPerThread);
    blocks = std::min(blocks, kMaxHistogramBlocks);
    HistogramLocal<T, Dim><<<blocks, BlockSize, fNCells * sizeof(T), fStream>>>(
        fDHistogram, fDAxes, fDBinEdges, fNCells, coords, bulkWeights, n);
    CHECK(cudaGetLastError());

    StatsInput<Dim> in = {fDAxes, coords, bulkWeights, n};
    if (fFusedStats)
        FillStatsFused(in, n);
    else
        FillStatsSeparate(in, n);
}

static unsigned int ReduceBlocks(unsigned int n, unsigned int blockSize)
{
    unsigned int perBlock = blockSize * kReduceElementsPerThread;
    return std::min((n + perBlock - 1) / perBlock, kMaxReduceBlocks);
}

// One statistic per reduction, as in the paper's CUDA version: a first pass
// leaves one partial per block, a single-block second pass adds their sum to
// the statistic's running total.
template <typename T, unsigned int Dim, unsigned int BlockSize>
void RHnCUDA<T, Dim, BlockSize>::FillStatsSeparate(const StatsInput<Dim> &in, unsigned int n)
{
    unsigned int blocks = ReduceBlocks(n, BlockSize);
    size_t shmem = BlockSize * sizeof(double);
    for (unsigned int k = 0; k < kNStats; ++k) {
        SingleStat<Dim> op = {in, k};
        TransformReduce<BlockSize, double><<<blocks, BlockSize, shmem, fStream>>>(
            n, op, Plus<double>(), 0.0, fDPartials, false);
        CHECK(cudaGetLastError());
        LoadPartial load = {fDPartials};
        TransformReduce<BlockSize, double><<<1, BlockSize, shmem, fStream>>>(
            blocks, load, Plus<double>(), 0.0, fDStats + k, true);
        CHECK(cudaGetLastError());
    }
}

// All statistics in one pass over the bulk, then one single-block pass.
template <typename T, unsigned int Dim, unsigned int BlockSize>
void RHnCUDA<T, Dim, BlockSize>::FillStatsFused(const StatsInput<Dim> &in, unsigned int n)
{
    unsigned int blocks = ReduceBlocks(n, BlockSize);
    size_t shmem = kNStats * BlockSize * sizeof(double);
    AllStatsOfEvent<Dim> op = {in};
    FusedTransformReduce<BlockSize, kNStats, double><<<blocks, BlockSize, shmem, fStream>>>(
        n, op, Plus<double>(), 0.0, fDPartials, kMaxReduceBlocks, false);
    CHECK(cudaGetLastError());
    LoadPartials<kNStats> load = {fDPartials, kMaxReduceBlocks};
    FusedTransformReduce<BlockSize, kNStats, double><<<1, BlockSize, shmem, fStream>>>(
        blocks, load, Plus<double>(), 0.0, fDStats, 1, true);
    CHECK(cudaGetLastError());
}

template <typename T, unsigned int Dim, unsigned int BlockSize>
void RHnCUDA<T, Dim, BlockSize>::Retrieve(std::vector<T> &bins, std::vector<double> &stats)
{
    CHECK(cudaMemcpyAsync(fHHistogram, fDHistogram, fNCells * sizeof(T), cudaMemcpyDeviceToHost,
                          fStream));
    CHECK(cudaMemcpyAsync(fHStats, fDStats, kNStats * sizeof(double), cudaMemcpyDeviceToHost,
                          fStream));
    CHECK(cudaStreamSynchronize(fStream));
    bins.assign(fHHistogram, fHHistogram + fNCells);
    stats.assign(fHStats, fHStats + kNStats);
}

// The CPU fill the GPU is checked against, written independently of the
// kernels: std::upper_bound for variable bins, per-bulk partial sums for the
// statistics (keeps the reference's own rounding error small). Bin contents
// are accumulated in double from the weight as T would hold it.
template <typename T, unsigned int Dim>
class CpuHistogram {
public:
    explicit CpuHistogram(const std::vector<AxisSpec> &axes) : fAxes(axes)
    {
        size_t cells = 1;
        for (unsigned int d = 0; d < Dim; ++d)
            cells *= axes[d].nBins + 2;
        bins.assign(cells, 0.0);
        entries.assign(cells, 0);
        stats.assign(StatCount<Dim>::value, 0.0);
    }

    void FillBulk(const double *const *columns, const double *weights, unsigned int n)
    {
        std::vector<double> bulkStats(stats.size(), 0.0);
        for (unsigned int i = 0; i < n; ++i) {
            size_t cell = 0, stride = 1;
            bool inRange = true;
            for (unsigned int d = 0; d < Dim; ++d) {
                int b = FindBin(fAxes[d], columns[d][i]);
                inRange = inRange && b >= 1 && b <= fAxes[d].nBins;
                cell += b * stride;
                stride *= fAxes[d].nBins + 2;
            }
            bins[cell] += (double)(T)weights[i];
            ++entries[cell];
            if (inRange)
                AddStats(columns, weights[i], i, bulkStats);
            else
                ++outOfRange;
        }
        for (size_t k = 0; k < stats.size(); ++k)
            stats[k] += bulkStats[k];
    }

    std::vector<double> bins;
    std::vector<unsigned long long> entries;
    std::vector<double> stats;
    unsigned long long outOfRange = 0;  // events in an underflow or overflow cell

private:
    static int FindBin(const AxisSpec &axis, double x)
    {
        if (axis.edges.empty()) {
            if (x < axis.min)
                return 0;
            if (!(x < axis.max))
                return axis.nBins + 1;
            int bin = 1 + (int)(axis.nBins * (x - axis.min) / (axis.max - axis.min));
            return std::min(bin, axis.nBins);
        }
        // Number of edges <= x: 0 is underflow, nBins + 1 overflow.
        return (int)(std::upper_bound(axis.edges.begin(), axis.edges.end(), x) -
                     axis.edges.begin());
    }

    static void AddStats(const double *const *columns, double w, unsigned int i,
                         std::vector<double> &s)
    {
        unsigned int k = 0;
        s[k++] += w;
        s[k++] += w * w;
        for (unsigned int d = 0; d < Dim; ++d) {
            s[k++] += w * columns[d][i];
            s[k++] += w * columns[d][i] * columns[d][i];
        }
        for (unsigned int a = 0; a < Dim; ++a)
            for (unsigned int b = a + 1; b < Dim; ++b)
                s[k++] += w * columns[a][i] * columns[b][i];
    }

    std::vector<AxisSpec> fAxes;
};

// ---------------------------------------------------------------------------
// Driver
// ---------------------------------------------------------------------------

// The data source: three columns of n events from a fixed-seed 64-bit LCG.
struct DataSource {
    std::vector<double> x, y, w;
};

static DataSource MakeData(size_t n)
{
    DataSource data;
    data.x.resize(n);
    data.y.resize(n);
    data.w.resize(n);
    unsigned long long state = 20240521ULL;
    for (size_t i = 0; i < n; ++i) {
        double u[3];
        for (int c = 0; c < 3; ++c) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            u[c] = (double)(state >> 11) * (1.0 / 9007199254740992.0);  // [0, 1)
        }
        data.x[i] = u[0];
        data.y[i] = u[1];
        data.w[i] = 0.5 + u[2];
    }
    return data;
}

static const char *StatName(unsigned int k, unsigned int dim)
{
    static const char *names1[] = {"sumw", "sumw2", "sumwx", "sumwx2"};
    static const char *names2[] = {"sumw", "sumw2", "sumwx", "sumwx2", "sumwy", "sumwy2", "sumwxy"};
    return dim == 1 ? names1[k] : names2[k];
}

// Bin contents: a cell that got m entries may differ from the reference by a
// few rounding errors of a sum of m terms in T: 8 * eps(T) * sqrt(m + 1) of
// its value (empty cells must be exactly 0). For double that is ~1e-13 at
// 1000 entries; float bins get the float bound.
template <typename T>
static int CountBadCells(const std::vector<T> &gpu, const std::vector<double> &ref,
                         const std::vector<unsigned long long> &entries, double *maxRel)
{
    int bad = 0;
    *maxRel = 0.0;
    for (size_t c = 0; c < ref.size(); ++c) {
        double diff = std::fabs((double)gpu[c] - ref[c]);
        double tol = 8.0 * std::numeric_limits<T>::epsilon() * std::sqrt(entries[c] + 1.0) *
                     std::fabs(ref[c]);
        if (ref[c] != 0.0)
            *maxRel = std::max(*maxRel, diff / std::fabs(ref[c]));
        if (!(diff <= tol)) {
            if (bad < 5)
                fprintf(stderr, "  cell %zu: gpu %.17g, cpu %.17g (%llu entries)\n", c,
                        (double)gpu[c], ref[c], entries[c]);
            ++bad;
        }
    }
    return bad;
}

typedef std::chrono::steady_clock Clock;

// Books one histogram, runs the bulk loop over the data source on the GPU
// (timed like the paper's Histo1D: from the first bulk to the result on the
// host), fills the CPU reference and compares. Returns true when they agree.
template <typename T, unsigned int Dim>
static bool RunCase(const char *title, const std::vector<AxisSpec> &axes,
                    const double *const *columns, const double *weights, size_t nEvents,
                    unsigned int bulkSize, bool fusedStats)
{
    std::vector<T> bins;
    std::vector<double> stats;
    double seconds;
    {
        RHnCUDA<T, Dim> hist(axes, bulkSize, fusedStats);
        Clock::time_point start = Clock::now();
        for (size_t first = 0; first < nEvents; first += bulkSize) {
            unsigned int n = (unsigned int)std::min<size_t>(bulkSize, nEvents - first);
            const double *bulk[Dim];
            for (unsigned int d = 0; d < Dim; ++d)
                bulk[d] = columns[d] + first;
            hist.Fill(bulk, weights + first, n);
        }
        hist.Retrieve(bins, stats);
        seconds = std::chrono::duration<double>(Clock::now() - start).count();
    }

    CpuHistogram<T, Dim> ref(axes);
    for (size_t first = 0; first < nEvents; first += bulkSize) {
        unsigned int n = (unsigned int)std::min<size_t>(bulkSize, nEvents - first);
        const double *bulk[Dim];
        for (unsigned int d = 0; d < Dim; ++d)
            bulk[d] = columns[d] + first;
        ref.FillBulk(bulk, weights + first, n);
    }

    printf("%s\n", title);
    printf("  %zu events, %zu bulks: %.4f s, %.1f Mevents/s\n", nEvents,
           (nEvents + bulkSize - 1) / bulkSize, seconds, nEvents / seconds * 1e-6);

    double maxRel = 0.0;
    int bad = CountBadCells(bins, ref.bins, ref.entries, &maxRel);
    printf("  %zu cells (%llu events in underflow/overflow cells): max rel diff %.3g, "
           "%d cells outside tolerance\n",
           bins.size(), ref.outOfRange, maxRel, bad);

    const double statTol = 1e-10;  // relative; all terms here are positive
    for (size_t k = 0; k < stats.size(); ++k) {
        double rel = std::fabs(stats[k] - ref.stats[k]) / std::fabs(ref.stats[k]);
        bool ok = rel <= statTol;
        printf("  %-7s gpu %.15e cpu %.15e rel diff %.2g%s\n", StatName(k, Dim), stats[k],
               ref.stats[k], rel, ok ? "" : "  MISMATCH");
        if (!ok)
            ++bad;
    }
    return bad == 0;
}

// Parses N with an optional K/M/G suffix (powers of ten, as in "50M events").
static bool ParseCount(const char *s, size_t *out)
{
    char *end = nullptr;
    double v = strtod(s, &end);
    if (end == s || v <= 0)
        return false;
    if (*end == 'K' || *end == 'k')
        v *= 1e3, ++end;
    else if (*end == 'M' || *end == 'm')
        v *= 1e6, ++end;
    else if (*end == 'G' || *end == 'g')
        v *= 1e9, ++end;
    if (*end != '\0')
        return false;
    *out = (size_t)v;
    return *out > 0;
}

int main(int argc, char **argv)
{
    size_t nEvents = 1000000;
    size_t bulk = 262144;
    for (int a = 1; a < argc; ++a) {
        bool ok = false;
        if (strncmp(argv[a], "--events=", 9) == 0)
            ok = ParseCount(argv[a] + 9, &nEvents);
        else if (strncmp(argv[a], "--bulk=", 7) == 0)
            ok = ParseCount(argv[a] + 7, &bulk) && bulk <= (1u << 26);
        if (!ok) {
            fprintf(stderr, "usage: %s [--events=N] [--bulk=N]  (N may end in K, M or G)\n",
                    argv[0]);
            printf("FAIL\n");
            return 1;
        }
    }
    unsigned int bulkSize = (unsigned int)bulk;

    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    CHECK(cudaFree(0));  // create the context before anything is timed
    printf("histogram: RDataFrame-style GPU histograms of %zu events in bulks of %u on %s\n",
           nEvents, bulkSize, prop.name);

    DataSource data = MakeData(nEvents);
    const double *xCol[1] = {data.x.data()};
    const double *xyCols[2] = {data.x.data(), data.y.data()};
    const double *w = data.w.data();

    std::vector<AxisSpec> fixed1D(1, FixedAxis(1000, 0.0, 1.0));
    std::vector<AxisSpec> variable1D(1, VariableAxis(GrowingEdges(1000, 0.05, 0.95)));
    std::vector<AxisSpec> mixed2D;
    mixed2D.push_back(FixedAxis(100, 0.1, 0.9));
    mixed2D.push_back(VariableAxis(GrowingEdges(50, 0.05, 0.85)));

    int failures = 0;
    failures += !RunCase<double, 1>(
        "Histo1D<double>: 1000 fixed bins on [0,1), separate statistics",
        fixed1D, xCol, w, nEvents, bulkSize, false);
    failures += !RunCase<double, 1>(
        "Histo1D<double>: 1000 fixed bins on [0,1), fused statistics",
        fixed1D, xCol, w, nEvents, bulkSize, true);
    failures += !RunCase<double, 1>(
        "Histo1D<double>: 1000 variable bins on [0.05,0.95), fused statistics",
        variable1D, xCol, w, nEvents, bulkSize, true);
    failures += !RunCase<float, 2>(
        "Histo2D<float>: 100 fixed x bins on [0.1,0.9) by 50 variable y bins on [0.05,0.85), "
        "separate statistics",
        mixed2D, xyCols, w, nEvents, bulkSize, false);

    printf(failures == 0 ? "PASS\n" : "FAIL\n");
    return failures == 0 ? 0 : 1;
}
