/*
 * cu2cl_cub/block_exchange.cuh (cu2cl's own): cub::BlockExchange, written
 * for cu2cl from CUB's documented interface, in plain CUDA C++ that the
 * device emitter translates. Every rearrangement goes through the block's
 * TempStorage: each thread writes its items where the source arrangement
 * puts them, a barrier, each reads where the destination arrangement
 * does. Arrangements, for thread r of T threads with N items each: blocked
 * (item i is r * N + i), striped (r + i * T), warp-striped (in r's warp w
 * of 32 lanes, or fewer for a last partial one: w * 32 * N + i * lanes +
 * lane). Output arrays may be the input arrays.
 */
#ifndef CU2CL_OWN_CUB_BLOCK_EXCHANGE_CUH
#define CU2CL_OWN_CUB_BLOCK_EXCHANGE_CUH

#include "util.cuh"

namespace cub {

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
public:
  struct TempStorage {
    InputT items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
  };

  __device__ BlockExchange(TempStorage &temp_storage) : temp(temp_storage) {}

  template <typename OutputT>
  __device__ void StripedToBlocked(InputT (&input)[ITEMS_PER_THREAD],
                                   OutputT (&output)[ITEMS_PER_THREAD]) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.items[r + i * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z] = input[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      output[i] = temp.items[r * ITEMS_PER_THREAD + i];
    __syncthreads();
  }

  template <typename OutputT>
  __device__ void BlockedToStriped(InputT (&input)[ITEMS_PER_THREAD],
                                   OutputT (&output)[ITEMS_PER_THREAD]) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.items[r * ITEMS_PER_THREAD + i] = input[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      output[i] = temp.items[r + i * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    __syncthreads();
  }

  template <typename OutputT>
  __device__ void WarpStripedToBlocked(InputT (&input)[ITEMS_PER_THREAD],
                                       OutputT (&output)[ITEMS_PER_THREAD]) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.items[WarpStriped(r, i)] = input[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      output[i] = temp.items[r * ITEMS_PER_THREAD + i];
    __syncthreads();
  }

  template <typename OutputT>
  __device__ void BlockedToWarpStriped(InputT (&input)[ITEMS_PER_THREAD],
                                       OutputT (&output)[ITEMS_PER_THREAD]) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.items[r * ITEMS_PER_THREAD + i] = input[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      output[i] = temp.items[WarpStriped(r, i)];
    __syncthreads();
  }

  /* item i goes to rank ranks[i] of the block, blocked (striped) */
  template <typename OutputT, typename OffsetT>
  __device__ void ScatterToBlocked(InputT (&input)[ITEMS_PER_THREAD],
                                   OutputT (&output)[ITEMS_PER_THREAD],
                                   OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.items[ranks[i]] = input[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      output[i] = temp.items[r * ITEMS_PER_THREAD + i];
    __syncthreads();
  }

  template <typename OutputT, typename OffsetT>
  __device__ void ScatterToStriped(InputT (&input)[ITEMS_PER_THREAD],
                                   OutputT (&output)[ITEMS_PER_THREAD],
                                   OffsetT (&ranks)[ITEMS_PER_THREAD]) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.items[ranks[i]] = input[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      output[i] = temp.items[r + i * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    __syncthreads();
  }

private:
  /* where item i of the thread of rank r lies, warp-striped */
  __device__ int WarpStriped(int r, int i) {
    int warp = r / 32, lane = r % 32;
    int lanes = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z - warp * 32 < 32
                    ? BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z - warp * 32
                    : 32;
    return warp * 32 * ITEMS_PER_THREAD + i * lanes + lane;
  }

  TempStorage &temp;
};

} // namespace cub

#endif
