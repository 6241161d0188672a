/*
 * cu2cl_cub/warp_scan.cuh (cu2cl's own): cub::WarpScan, written for cu2cl
 * from CUB's documented interface, in plain CUDA C++ that the device
 * emitter translates. A logical warp is LOGICAL_WARP_THREADS consecutive
 * ranks of the block, with one TempStorage each (as CUB asks): an
 * inclusive scan over it in lane order (the earlier partial on the left,
 * so an associative operator that is not commutative gets CUB's result);
 * the exclusive scans shift it by one lane.
 */
#ifndef CU2CL_OWN_CUB_WARP_SCAN_CUH
#define CU2CL_OWN_CUB_WARP_SCAN_CUH

#include "util.cuh"

namespace cub {

template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
public:
  struct TempStorage {
    T items[LOGICAL_WARP_THREADS];
  };

  __device__ WarpScan(TempStorage &temp_storage) : temp(temp_storage) {}

  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op,
                                T &warp_aggregate) {
    int lane = cu2cl_cub_rank(blockDim.x, blockDim.y) % LOGICAL_WARP_THREADS;
    temp.items[lane] = input;
    __syncwarp();
    for (int stride = 1; stride < LOGICAL_WARP_THREADS; stride *= 2) {
      T partial = temp.items[lane];
      if (lane >= stride)
        partial = scan_op(temp.items[lane - stride], partial);
      __syncwarp();
      temp.items[lane] = partial;
      __syncwarp();
    }
    output = temp.items[lane];
    warp_aggregate = temp.items[LOGICAL_WARP_THREADS - 1];
    __syncwarp();
  }

  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op) {
    T warp_aggregate;
    InclusiveScan(input, output, scan_op, warp_aggregate);
  }

  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value,
                                ScanOp scan_op, T &warp_aggregate) {
    int lane = cu2cl_cub_rank(blockDim.x, blockDim.y) % LOGICAL_WARP_THREADS;
    T inclusive;
    InclusiveScan(input, inclusive, scan_op, warp_aggregate);
    temp.items[lane] = inclusive;
    __syncwarp();
    output = lane == 0 ? initial_value
                       : scan_op(initial_value, temp.items[lane - 1]);
    __syncwarp();
  }

  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value,
                                ScanOp scan_op) {
    T warp_aggregate;
    ExclusiveScan(input, output, initial_value, scan_op, warp_aggregate);
  }

  __device__ void InclusiveSum(T input, T &output) {
    InclusiveScan(input, output, cub::Sum());
  }

  __device__ void InclusiveSum(T input, T &output, T &warp_aggregate) {
    InclusiveScan(input, output, cub::Sum(), warp_aggregate);
  }

  __device__ void ExclusiveSum(T input, T &output) {
    ExclusiveScan(input, output, T(0), cub::Sum());
  }

  __device__ void ExclusiveSum(T input, T &output, T &warp_aggregate) {
    ExclusiveScan(input, output, T(0), cub::Sum(), warp_aggregate);
  }

private:
  TempStorage &temp;
};

} // namespace cub

#endif
