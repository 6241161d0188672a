/*
 * cu2cl_cub/warp_reduce.cuh (cu2cl's own): cub::WarpReduce, written for
 * cu2cl from CUB's documented interface, in plain CUDA C++ that the device
 * emitter translates. A logical warp is LOGICAL_WARP_THREADS consecutive
 * ranks of the block; its TempStorage (one per logical warp, as CUB asks)
 * holds one item per lane, combined by a tree in lane order, so an
 * associative operator that is not commutative gets CUB's result. The
 * aggregate is valid in lane 0, as in CUB.
 */
#ifndef CU2CL_OWN_CUB_WARP_REDUCE_CUH
#define CU2CL_OWN_CUB_WARP_REDUCE_CUH

#include "util.cuh"

namespace cub {

template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
  struct TempStorage {
    T items[LOGICAL_WARP_THREADS];
  };

  __device__ WarpReduce(TempStorage &temp_storage) : temp(temp_storage) {}

  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp reduction_op) {
    return Reduce(input, reduction_op, LOGICAL_WARP_THREADS);
  }

  /* The aggregate of the inputs of the first valid_items lanes. */
  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp reduction_op, int valid_items) {
    int lane = cu2cl_cub_rank(blockDim.x, blockDim.y) % LOGICAL_WARP_THREADS;
    temp.items[lane] = input;
    __syncwarp();
    for (int stride = 1; stride < valid_items; stride *= 2) {
      if (lane % (2 * stride) == 0 && lane + stride < valid_items)
        temp.items[lane] =
            reduction_op(temp.items[lane], temp.items[lane + stride]);
      __syncwarp();
    }
    T aggregate = temp.items[0];
    __syncwarp();
    return aggregate;
  }

  __device__ T Sum(T input) { return Reduce(input, cub::Sum()); }

  __device__ T Sum(T input, int valid_items) {
    return Reduce(input, cub::Sum(), valid_items);
  }

private:
  TempStorage &temp;
};

} // namespace cub

#endif
