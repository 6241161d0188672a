/*
 * cu2cl_cub/block_scan.cuh (cu2cl's own): cub::BlockScan, written for cu2cl
 * from CUB's documented interface, in plain CUDA C++ that the device
 * emitter translates. Every algorithm CUB names is served by one: an
 * inclusive scan over the block's TempStorage in rank order (each step
 * combines a thread's partial with the one `stride` ranks before it, the
 * earlier one on the left, so an associative operator that is not
 * commutative gets CUB's result). The exclusive scans shift it by one
 * rank. Each call ends with a barrier, so TempStorage may be used again.
 * Every form CUB documents is here: one item or ITEMS_PER_THREAD items
 * (blocked) per thread; with an initial value, without one (rank 0's
 * exclusive output left as it was: CUB leaves it undefined), with the
 * block aggregate, or with a prefix callback, which the first warp calls
 * with the aggregate and whose value from rank 0 prefixes every output.
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
    T exclusive = input;
    exclusive_core(input, exclusive, scan_op, block_aggregate);
    output = rank == 0 ? initial_value : scan_op(initial_value, exclusive);
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
    T block_aggregate;
    InclusiveScan(input, output, scan_op, block_aggregate);
  }

  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], T initial_value,
                                ScanOp scan_op) {
    T block_aggregate;
    ExclusiveScan(input, output, initial_value, scan_op, block_aggregate);
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
    T block_aggregate;
    exclusive_core(input, output, scan_op, block_aggregate);
  }

  /* with the block aggregate, no initial value */
  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op,
                                T &block_aggregate) {
    exclusive_core(input, output, scan_op, block_aggregate);
  }

  /* with a prefix callback: output = prefix combined with the inputs of
   * every lower rank (rank 0: the prefix) */
  template <typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op,
                                BlockPrefixCallbackOp &block_prefix_callback_op) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    T exclusive = input, aggregate;
    exclusive_core(input, exclusive, scan_op, aggregate);
    T prefix = block_prefix(block_prefix_callback_op, aggregate);
    output = rank == 0 ? prefix : scan_op(prefix, exclusive);
  }

  template <typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op,
                                BlockPrefixCallbackOp &block_prefix_callback_op) {
    T inclusive, aggregate;
    InclusiveScan(input, inclusive, scan_op, aggregate);
    T prefix = block_prefix(block_prefix_callback_op, aggregate);
    output = scan_op(prefix, inclusive);
  }

  template <typename BlockPrefixCallbackOp>
  __device__ void ExclusiveSum(T input, T &output,
                               BlockPrefixCallbackOp &block_prefix_callback_op) {
    ExclusiveScan(input, output, cub::Sum(), block_prefix_callback_op);
  }

  template <typename BlockPrefixCallbackOp>
  __device__ void InclusiveSum(T input, T &output,
                               BlockPrefixCallbackOp &block_prefix_callback_op) {
    InclusiveScan(input, output, cub::Sum(), block_prefix_callback_op);
  }

  /* ITEMS_PER_THREAD items, with the block aggregate or a prefix callback:
   * the thread's items reduced, scanned across the block as one item, then
   * spread over the items in order. */
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                T &block_aggregate) {
    T prefix = input[0];
    exclusive_core(thread_reduce(input, scan_op), prefix, scan_op,
                   block_aggregate);
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    spread(input, output, scan_op, prefix, rank != 0, 0);
  }

  template <int ITEMS_PER_THREAD, typename ScanOp,
            typename BlockPrefixCallbackOp>
  __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                BlockPrefixCallbackOp &block_prefix_callback_op) {
    T prefix;
    ExclusiveScan(thread_reduce(input, scan_op), prefix, scan_op,
                  block_prefix_callback_op);
    spread(input, output, scan_op, prefix, 1, 0);
  }

  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], T initial_value,
                                ScanOp scan_op, T &block_aggregate) {
    T prefix;
    ExclusiveScan(thread_reduce(input, scan_op), prefix, initial_value, scan_op,
                  block_aggregate);
    spread(input, output, scan_op, prefix, 1, 1);
  }

  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                T &block_aggregate) {
    T prefix = input[0];
    exclusive_core(thread_reduce(input, scan_op), prefix, scan_op,
                   block_aggregate);
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    /* rank 0: no prefix, output[0] undefined in CUB, left as it was */
    spread(input, output, scan_op, prefix, rank != 0, 1);
  }

  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op) {
    T block_aggregate;
    ExclusiveScan(input, output, scan_op, block_aggregate);
  }

  template <int ITEMS_PER_THREAD, typename ScanOp,
            typename BlockPrefixCallbackOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                BlockPrefixCallbackOp &block_prefix_callback_op) {
    T prefix;
    ExclusiveScan(thread_reduce(input, scan_op), prefix, scan_op,
                  block_prefix_callback_op);
    spread(input, output, scan_op, prefix, 1, 1);
  }

  template <int ITEMS_PER_THREAD>
  __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD],
                               T &block_aggregate) {
    InclusiveScan(input, output, cub::Sum(), block_aggregate);
  }

  template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
  __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD],
                               BlockPrefixCallbackOp &block_prefix_callback_op) {
    InclusiveScan(input, output, cub::Sum(), block_prefix_callback_op);
  }

  template <int ITEMS_PER_THREAD>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD],
                               T &block_aggregate) {
    ExclusiveScan(input, output, T(0), cub::Sum(), block_aggregate);
  }

  template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD],
                               BlockPrefixCallbackOp &block_prefix_callback_op) {
    ExclusiveScan(input, output, cub::Sum(), block_prefix_callback_op);
  }

private:
  /* exclusive: the inputs of every lower rank combined (rank 0's left as it
   * was); aggregate: all of them. */
  template <typename ScanOp>
  __device__ void exclusive_core(T input, T &exclusive, ScanOp scan_op,
                                 T &aggregate) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    T inclusive;
    InclusiveScan(input, inclusive, scan_op, aggregate);
    temp.items[rank] = inclusive;
    __syncthreads();
    if (rank > 0)
      exclusive = temp.items[rank - 1];
    __syncthreads();
  }

  /* The first warp calls the callback with the aggregate; rank 0's value
   * reaches every thread. */
  template <typename BlockPrefixCallbackOp>
  __device__ T block_prefix(BlockPrefixCallbackOp &callback, T aggregate) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    if (rank < 32) {
      T prefix = callback(aggregate);
      if (rank == 0)
        temp.items[0] = prefix;
    }
    __syncthreads();
    T prefix = temp.items[0];
    __syncthreads();
    return prefix;
  }

  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ T thread_reduce(T (&input)[ITEMS_PER_THREAD], ScanOp scan_op) {
    T partial = input[0];
    for (int i = 1; i < ITEMS_PER_THREAD; i++)
      partial = scan_op(partial, input[i]);
    return partial;
  }

  /* output[i]: prefix (where has_prefix) combined with input[0 .. i], or
   * with input[0 .. i - 1] when exclusive (then without a prefix output[0]
   * is left as it was). */
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void spread(T (&input)[ITEMS_PER_THREAD],
                         T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                         T prefix, int has_prefix, int exclusive) {
    if (exclusive) {
      T running = has_prefix ? prefix : input[0];
      for (int i = has_prefix ? 0 : 1; i < ITEMS_PER_THREAD; i++) {
        T item = input[i];
        output[i] = running;
        running = scan_op(running, item);
      }
    } else {
      T running = has_prefix ? scan_op(prefix, input[0]) : input[0];
      output[0] = running;
      for (int i = 1; i < ITEMS_PER_THREAD; i++) {
        running = scan_op(running, input[i]);
        output[i] = running;
      }
    }
  }

  TempStorage &temp;
};

} // namespace cub

#endif
