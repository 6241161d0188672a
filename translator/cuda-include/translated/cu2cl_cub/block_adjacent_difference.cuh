/*
 * cu2cl_cub/block_adjacent_difference.cuh (cu2cl's own): cub::
 * BlockAdjacentDifference and cub::BlockDiscontinuity, written for cu2cl
 * from CUB's documented interface, in plain CUDA C++ that the device
 * emitter translates. Items are blocked: thread r holds items r * N ..
 * r * N + N - 1 of the tile. Each thread publishes its first and last item
 * in the TempStorage, a barrier, then reads its neighbours' and computes
 * its own results from the last item down (SubtractLeft, FlagHeads) or
 * from the first up (SubtractRight, FlagTails), so the output array may be
 * the input array. A closing barrier lets the TempStorage be used again.
 *
 * SubtractLeft: output[i] = op(input[i], item before it); the tile's first
 * item is copied (or differs from tile_predecessor_item). SubtractRight:
 * output[i] = op(input[i], item after it); the tile's last item is copied
 * (or differs from tile_successor_item). The partial-tile forms treat the
 * first valid_items items as the tile and copy the items past it.
 * FlagHeads: flags[i] = op(item before, input[i]), 1 for the tile's first
 * item (or op(tile_predecessor_item, input[0])); FlagTails: flags[i] =
 * op(input[i], item after), 1 for the tile's last.
 */
#ifndef CU2CL_OWN_CUB_BLOCK_ADJACENT_DIFFERENCE_CUH
#define CU2CL_OWN_CUB_BLOCK_ADJACENT_DIFFERENCE_CUH

#include "util.cuh"

namespace cub {

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockAdjacentDifference {
public:
  struct TempStorage {
    T first[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    T last[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };

  __device__ BlockAdjacentDifference(TempStorage &temp_storage)
      : temp(temp_storage) {}

  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void SubtractLeft(T (&input)[ITEMS_PER_THREAD],
                               OutputType (&output)[ITEMS_PER_THREAD],
                               DifferenceOpT difference_op) {
    Left(input, output, difference_op, input[0], 0, Threads() * ITEMS_PER_THREAD);
  }

  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void SubtractLeft(T (&input)[ITEMS_PER_THREAD],
                               OutputType (&output)[ITEMS_PER_THREAD],
                               DifferenceOpT difference_op,
                               T tile_predecessor_item) {
    Left(input, output, difference_op, tile_predecessor_item, 1,
         Threads() * ITEMS_PER_THREAD);
  }

  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void SubtractLeftPartialTile(T (&input)[ITEMS_PER_THREAD],
                                          OutputType (&output)[ITEMS_PER_THREAD],
                                          DifferenceOpT difference_op,
                                          int valid_items) {
    Left(input, output, difference_op, input[0], 0, valid_items);
  }

  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void SubtractLeftPartialTile(T (&input)[ITEMS_PER_THREAD],
                                          OutputType (&output)[ITEMS_PER_THREAD],
                                          DifferenceOpT difference_op,
                                          int valid_items,
                                          T tile_predecessor_item) {
    Left(input, output, difference_op, tile_predecessor_item, 1, valid_items);
  }

  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void SubtractRight(T (&input)[ITEMS_PER_THREAD],
                                OutputType (&output)[ITEMS_PER_THREAD],
                                DifferenceOpT difference_op) {
    Right(input, output, difference_op, input[0], 0,
          Threads() * ITEMS_PER_THREAD);
  }

  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void SubtractRight(T (&input)[ITEMS_PER_THREAD],
                                OutputType (&output)[ITEMS_PER_THREAD],
                                DifferenceOpT difference_op,
                                T tile_successor_item) {
    Right(input, output, difference_op, tile_successor_item, 1,
          Threads() * ITEMS_PER_THREAD);
  }

  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void SubtractRightPartialTile(T (&input)[ITEMS_PER_THREAD],
                                           OutputType (&output)[ITEMS_PER_THREAD],
                                           DifferenceOpT difference_op,
                                           int valid_items) {
    Right(input, output, difference_op, input[0], 0, valid_items);
  }

private:
  TempStorage &temp;

  __device__ static int Threads() {
    return BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  }

  /* The items at tile index valid and past it are copied; the first is
   * op(first, pred) when has_pred, else copied. */
  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void Left(T (&input)[ITEMS_PER_THREAD],
                       OutputType (&output)[ITEMS_PER_THREAD],
                       DifferenceOpT difference_op, T pred, int has_pred,
                       int valid) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    temp.last[r] = input[ITEMS_PER_THREAD - 1];
    __syncthreads();
    T before = r > 0 ? temp.last[r > 0 ? r - 1 : 0] : pred;
    for (int i = ITEMS_PER_THREAD - 1; i >= 0; i--) {
      int at = r * ITEMS_PER_THREAD + i;
      T prev = i > 0 ? input[i > 0 ? i - 1 : 0] : before;
      if (at < valid && (at > 0 || has_pred))
        output[i] = difference_op(input[i], prev);
      else
        output[i] = input[i];
    }
    __syncthreads();
  }

  /* The item at tile index valid - 1 is op(last, succ) when has_succ, else
   * copied; those past it are copied. */
  template <int ITEMS_PER_THREAD, typename OutputType, typename DifferenceOpT>
  __device__ void Right(T (&input)[ITEMS_PER_THREAD],
                        OutputType (&output)[ITEMS_PER_THREAD],
                        DifferenceOpT difference_op, T succ, int has_succ,
                        int valid) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    temp.first[r] = input[0];
    __syncthreads();
    int n = Threads();
    T after = r + 1 < n ? temp.first[r + 1 < n ? r + 1 : r] : succ;
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
      int at = r * ITEMS_PER_THREAD + i;
      T next = i + 1 < ITEMS_PER_THREAD
                   ? input[i + 1 < ITEMS_PER_THREAD ? i + 1 : i]
                   : after;
      if (at < valid - 1 || (at == valid - 1 && has_succ))
        output[i] = difference_op(input[i], next);
      else
        output[i] = input[i];
    }
    __syncthreads();
  }
};

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockDiscontinuity {
public:
  struct TempStorage {
    T first[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    T last[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };

  __device__ BlockDiscontinuity(TempStorage &temp_storage)
      : temp(temp_storage) {}

  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD],
                            T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
    Heads(head_flags, input, flag_op, input[0], 0);
  }

  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD],
                            T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                            T tile_predecessor_item) {
    Heads(head_flags, input, flag_op, tile_predecessor_item, 1);
  }

  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD],
                            T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
    Tails(tail_flags, input, flag_op, input[0], 0);
  }

  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD],
                            T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                            T tile_successor_item) {
    Tails(tail_flags, input, flag_op, tile_successor_item, 1);
  }

  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD],
                                    FlagT (&tail_flags)[ITEMS_PER_THREAD],
                                    T (&input)[ITEMS_PER_THREAD],
                                    FlagOp flag_op) {
    Heads(head_flags, input, flag_op, input[0], 0);
    Tails(tail_flags, input, flag_op, input[0], 0);
  }

private:
  TempStorage &temp;

  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void Heads(FlagT (&flags)[ITEMS_PER_THREAD],
                        T (&input)[ITEMS_PER_THREAD], FlagOp flag_op, T pred,
                        int has_pred) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    temp.last[r] = input[ITEMS_PER_THREAD - 1];
    __syncthreads();
    T before = r > 0 ? temp.last[r > 0 ? r - 1 : 0] : pred;
    for (int i = ITEMS_PER_THREAD - 1; i >= 0; i--) {
      T prev = i > 0 ? input[i > 0 ? i - 1 : 0] : before;
      if (r == 0 && i == 0 && !has_pred)
        flags[i] = 1;
      else
        flags[i] = flag_op(prev, input[i]) ? 1 : 0;
    }
    __syncthreads();
  }

  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void Tails(FlagT (&flags)[ITEMS_PER_THREAD],
                        T (&input)[ITEMS_PER_THREAD], FlagOp flag_op, T succ,
                        int has_succ) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    int n = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    temp.first[r] = input[0];
    __syncthreads();
    T after = r + 1 < n ? temp.first[r + 1 < n ? r + 1 : r] : succ;
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
      T next = i + 1 < ITEMS_PER_THREAD
                   ? input[i + 1 < ITEMS_PER_THREAD ? i + 1 : i]
                   : after;
      if (r == n - 1 && i == ITEMS_PER_THREAD - 1 && !has_succ)
        flags[i] = 1;
      else
        flags[i] = flag_op(input[i], next) ? 1 : 0;
    }
    __syncthreads();
  }
};

} // namespace cub

#endif
