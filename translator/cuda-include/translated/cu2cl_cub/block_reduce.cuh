/*
 * cu2cl_cub/block_reduce.cuh (cu2cl's own): cub::BlockReduce, written for
 * cu2cl from CUB's documented interface, in plain CUDA C++ that the device
 * emitter translates like user code (TempStorage in __shared__ memory,
 * __syncthreads()). Every algorithm CUB names is served by one: a tree over
 * the block's TempStorage that combines neighbours in rank order, so an
 * associative operator that is not commutative gets CUB's result too. As in
 * CUB, the aggregate is valid in thread 0 only; the primitive ends with a
 * barrier, so its TempStorage may be used again at once.
 */
#ifndef CU2CL_OWN_CUB_BLOCK_REDUCE_CUH
#define CU2CL_OWN_CUB_BLOCK_REDUCE_CUH

#include "util.cuh"

namespace cub {

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};

template <typename T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
  struct TempStorage {
    T items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };

  __device__ BlockReduce(TempStorage &temp_storage) : temp(temp_storage) {}

  /* The aggregate of every thread's input (thread 0). */
  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp reduction_op) {
    return Reduce(input, reduction_op, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z);
  }

  /* The aggregate of the inputs of the first num_valid threads. */
  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp reduction_op, int num_valid) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    temp.items[rank] = input;
    __syncthreads();
    for (int stride = 1; stride < num_valid; stride *= 2) {
      if (rank % (2 * stride) == 0 && rank + stride < num_valid)
        temp.items[rank] =
            reduction_op(temp.items[rank], temp.items[rank + stride]);
      __syncthreads();
    }
    T aggregate = temp.items[0];
    __syncthreads();
    return aggregate;
  }

  /* The aggregate of ITEMS_PER_THREAD items per thread, in rank order. */
  template <int ITEMS_PER_THREAD, typename ReductionOp>
  __device__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op) {
    T partial = inputs[0];
    for (int i = 1; i < ITEMS_PER_THREAD; i++)
      partial = reduction_op(partial, inputs[i]);
    return Reduce(partial, reduction_op);
  }

  __device__ T Sum(T input) { return Reduce(input, cub::Sum()); }

  __device__ T Sum(T input, int num_valid) {
    return Reduce(input, cub::Sum(), num_valid);
  }

  template <int ITEMS_PER_THREAD>
  __device__ T Sum(T (&inputs)[ITEMS_PER_THREAD]) {
    return Reduce(inputs, cub::Sum());
  }

private:
  TempStorage &temp;
};

} // namespace cub

#endif
