/*
 * cu2cl_cub/block_scan.cuh (cu2cl's own): cub::BlockScan, written for cu2cl
 * from CUB's documented interface, in plain CUDA C++ that the device
 * emitter translates. Every algorithm CUB names is served by one: an
 * inclusive scan over the block's TempStorage in rank order (each step
 * combines a thread's partial with the one `stride` ranks before it, the
 * earlier one on the left, so an associative operator that is not
 * commutative gets CUB's result). The exclusive scans shift it by one
 * rank. Each call ends with a barrier, so TempStorage may be used again.
 */
#ifndef CU2CL_OWN_CUB_BLOCK_SCAN_CUH
#define CU2CL_OWN_CUB_BLOCK_SCAN_CUH

#include "util.cuh"

namespace cub {

enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING,
  BLOCK_SCAN_RAKING_MEMOIZE,
  BLOCK_SCAN_WARP_SCANS
};

template <typename T, int BLOCK_DIM_X,
          BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
  struct TempStorage {
    T items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };

  __device__ BlockScan(TempStorage &temp_storage) : temp(temp_storage) {}

  /* output: input combined with the inputs of every lower rank;
   * block_aggregate: all inputs combined (in every thread). */
  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op,
                                T &block_aggregate) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    temp.items[rank] = input;
    __syncthreads();
    for (int stride = 1; stride < BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
         stride *= 2) {
      T partial = temp.items[rank];
      if (rank >= stride)
        partial = scan_op(temp.items[rank - stride], partial);
      __syncthreads();
      temp.items[rank] = partial;
      __syncthreads();
    }
    output = temp.items[rank];
    block_aggregate = temp.items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z - 1];
    __syncthreads();
  }

  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op) {
    T block_aggregate;
    InclusiveScan(input, output, scan_op, block_aggregate);
  }

  /* output: initial_value combined with the inputs of every lower rank. */
  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value,
                                ScanOp scan_op, T &block_aggregate) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    T inclusive;
    InclusiveScan(input, inclusive, scan_op, block_aggregate);
    temp.items[rank] = inclusive;
    __syncthreads();
    output = rank == 0 ? initial_value
                       : scan_op(initial_value, temp.items[rank - 1]);
    __syncthreads();
  }

  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value,
                                ScanOp scan_op) {
    T block_aggregate;
    ExclusiveScan(input, output, initial_value, scan_op, block_aggregate);
  }

  __device__ void InclusiveSum(T input, T &output) {
    InclusiveScan(input, output, cub::Sum());
  }

  __device__ void InclusiveSum(T input, T &output, T &block_aggregate) {
    InclusiveScan(input, output, cub::Sum(), block_aggregate);
  }

  __device__ void ExclusiveSum(T input, T &output) {
    ExclusiveScan(input, output, T(0), cub::Sum());
  }

  __device__ void ExclusiveSum(T input, T &output, T &block_aggregate) {
    ExclusiveScan(input, output, T(0), cub::Sum(), block_aggregate);
  }

  /* ITEMS_PER_THREAD items per thread, blocked: thread r holds the items
   * r * ITEMS_PER_THREAD ... (r + 1) * ITEMS_PER_THREAD - 1. */
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op) {
    T partial = input[0];
    for (int i = 1; i < ITEMS_PER_THREAD; i++)
      partial = scan_op(partial, input[i]);
    T prefix;
    ExclusiveScan(partial, prefix, scan_op);
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    T running = rank == 0 ? input[0] : scan_op(prefix, input[0]);
    output[0] = running;
    for (int i = 1; i < ITEMS_PER_THREAD; i++) {
      running = scan_op(running, input[i]);
      output[i] = running;
    }
  }

  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], T initial_value,
                                ScanOp scan_op) {
    T partial = input[0];
    for (int i = 1; i < ITEMS_PER_THREAD; i++)
      partial = scan_op(partial, input[i]);
    T running;
    ExclusiveScan(partial, running, initial_value, scan_op);
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
      T item = input[i];
      output[i] = running;
      running = scan_op(running, item);
    }
  }

  template <int ITEMS_PER_THREAD>
  __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD]) {
    InclusiveScan(input, output, cub::Sum());
  }

  template <int ITEMS_PER_THREAD>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD]) {
    ExclusiveScan(input, output, T(0), cub::Sum());
  }

  /* the exclusive scan without an initial value: rank 0's output is left
   * as it was (CUB leaves it undefined) */
  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    T inclusive;
    InclusiveScan(input, inclusive, scan_op);
    temp.items[rank] = inclusive;
    __syncthreads();
    if (rank > 0)
      output = temp.items[rank - 1];
    __syncthreads();
  }

private:
  TempStorage &temp;
};

} // namespace cub

#endif
