// jacobi.cu - device side of the Jacobi solver: the sweep kernel, the
// final-error kernel and their launch wrappers.
//
// A block owns ROWS_PER_CTA consecutive rows. Its threads first copy all of
// x and the block's part of b into shared memory, then for each row compute
// strided partial dot products with x, reduce them per 32-thread tile with
// shfl_down and subtract each tile's sum from the row's shared b entry with a
// shared-memory double atomicAdd. The first ROWS_PER_CTA threads (one
// 8-thread tile) then update their row, reduce |dx| with another shfl_down
// loop and add it to the global sum with a global double atomicAdd. There is
// no grid-wide synchronisation: one launch is one sweep.

#include <cooperative_groups.h>
#include "jacobi.h"

namespace cg = cooperative_groups;

#define ROWS_PER_CTA 8

static const int kJacobiThreads = 256;
static const int kErrorThreads = 128;

static_assert(N_ROWS % ROWS_PER_CTA == 0, "blocks own whole row groups");
static_assert(N_ROWS % kErrorThreads == 0, "final error grid covers x");

__global__ void JacobiMethod(const float *A, const double *b,
                             const double *x, double *x_new, double *sum)
{
    cg::thread_block cta = cg::this_thread_block();
    __shared__ double x_shared[N_ROWS];
    __shared__ double b_shared[ROWS_PER_CTA];

    int firstRow = blockIdx.x * ROWS_PER_CTA;
    for (int j = threadIdx.x; j < N_ROWS; j += blockDim.x)
        x_shared[j] = x[j];
    if (threadIdx.x < ROWS_PER_CTA)
        b_shared[threadIdx.x] = b[firstRow + threadIdx.x];
    cg::sync(cta);

    // Partitioning is collective, so every thread makes both tiles here,
    // before the branch that only the first 8-thread tile takes.
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    cg::thread_block_tile<ROWS_PER_CTA> tile8 =
        cg::tiled_partition<ROWS_PER_CTA>(tile32);

    // b_shared[k] becomes the residual b_i - (A x)_i of row i.
    for (int k = 0; k < ROWS_PER_CTA; k++) {
        int i = firstRow + k;
        double rowThreadSum = 0.0;
        for (int j = threadIdx.x; j < N_ROWS; j += blockDim.x)
            rowThreadSum += A[i * N_ROWS + j] * x_shared[j];

        for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
            rowThreadSum += tile32.shfl_down(rowThreadSum, offset);

        if (tile32.thread_rank() == 0)
            atomicAdd(&b_shared[k], -rowThreadSum);
    }
    cg::sync(cta);

    // One thread per row: x_new_i = x_i + r_i / A_ii, then the block's
    // sum of |dx| goes to the global total.
    if (threadIdx.x < ROWS_PER_CTA) {
        int k = tile8.thread_rank();
        int i = firstRow + k;
        double dx = b_shared[k] / A[i * N_ROWS + i];
        x_new[i] = x_shared[i] + dx;
        double temp_sum = fabs(dx);

        for (int offset = tile8.size() / 2; offset > 0; offset /= 2)
            temp_sum += tile8.shfl_down(temp_sum, offset);

        if (tile8.thread_rank() == 0)
            atomicAdd(sum, temp_sum);
    }
}

// Sum of |x_i - 1| over the whole vector: per-thread partial sums, a warp
// reduction, the warp sums in dynamic shared memory, a second warp reduction
// by warp 0 and one global atomicAdd per block.
__global__ void finalError(const double *x, double *g_sum)
{
    cg::thread_block cta = cg::this_thread_block();
    extern __shared__ double warpSum[];

    double sum = 0.0;
    int globalThreadId = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = globalThreadId; i < N_ROWS; i += blockDim.x * gridDim.x)
        sum += fabs(x[i] - 1.0);

    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
        sum += tile32.shfl_down(sum, offset);

    if (tile32.thread_rank() == 0)
        warpSum[threadIdx.x / warpSize] = sum;
    cg::sync(cta);

    // The whole of warp 0 takes part; lanes past the number of warps add 0.
    if (threadIdx.x < warpSize) {
        unsigned int numWarps = blockDim.x / warpSize;
        double blockSum = (threadIdx.x < numWarps) ? warpSum[threadIdx.x] : 0.0;
        for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
            blockSum += tile32.shfl_down(blockSum, offset);
        if (tile32.thread_rank() == 0)
            atomicAdd(g_sum, blockSum);
    }
}

cudaError_t launchJacobiMethod(const float *d_A, const double *d_b,
                               const double *d_x, double *d_x_new,
                               double *d_sum, cudaStream_t stream)
{
    int nblocks = N_ROWS / ROWS_PER_CTA;
    JacobiMethod<<<nblocks, kJacobiThreads, 0, stream>>>(d_A, d_b, d_x,
                                                         d_x_new, d_sum);
    return cudaGetLastError();
}

cudaError_t launchFinalError(const double *d_x, double *d_err,
                             cudaStream_t stream)
{
    int nblocks = N_ROWS / kErrorThreads;
    size_t warpSumBytes = (kErrorThreads / 32) * sizeof(double);
    finalError<<<nblocks, kErrorThreads, warpSumBytes, stream>>>(d_x, d_err);
    return cudaGetLastError();
}
