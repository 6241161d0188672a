/*
 * cu2cl_cub/block_load.cuh (cu2cl's own): cub::BlockLoad and the direct
 * loads, written for cu2cl from CUB's documented interface, in plain CUDA
 * C++ that the device emitter translates. Every algorithm that gives CUB's
 * blocked arrangement (thread r holds items r * ITEMS_PER_THREAD ...) is
 * served by one direct blocked load; BLOCK_LOAD_STRIPED (thread r holds
 * items r, r + block size, ...) by a direct striped one. Items past
 * valid_items are left as they were, or set to oob_default.
 */
#ifndef CU2CL_OWN_CUB_BLOCK_LOAD_CUH
#define CU2CL_OWN_CUB_BLOCK_LOAD_CUH

#include "util.cuh"

namespace cub {

enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};

template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                  InputT (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; i++)
    items[i] = block_itr[linear_tid * ITEMS_PER_THREAD + i];
}

template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                  InputT (&items)[ITEMS_PER_THREAD],
                                  int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; i++)
    if (linear_tid * ITEMS_PER_THREAD + i < valid_items)
      items[i] = block_itr[linear_tid * ITEMS_PER_THREAD + i];
}

template <int BLOCK_THREADS, typename InputT, int ITEMS_PER_THREAD,
          typename InputIteratorT>
__device__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                  InputT (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; i++)
    items[i] = block_itr[linear_tid + i * BLOCK_THREADS];
}

template <int BLOCK_THREADS, typename InputT, int ITEMS_PER_THREAD,
          typename InputIteratorT>
__device__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                  InputT (&items)[ITEMS_PER_THREAD],
                                  int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; i++)
    if (linear_tid + i * BLOCK_THREADS < valid_items)
      items[i] = block_itr[linear_tid + i * BLOCK_THREADS];
}

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
public:
  struct TempStorage {
    char unused;
  };

  __device__ BlockLoad(TempStorage &temp_storage) {}
  __device__ BlockLoad() {}

  template <typename InputIteratorT>
  __device__ void Load(InputIteratorT block_itr,
                       InputT (&items)[ITEMS_PER_THREAD]) {
    Load(block_itr, items, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z *
                               ITEMS_PER_THREAD);
  }

  template <typename InputIteratorT>
  __device__ void Load(InputIteratorT block_itr,
                       InputT (&items)[ITEMS_PER_THREAD], int valid_items) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
      int at = ALGORITHM == BLOCK_LOAD_STRIPED
                   ? rank + i * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z
                   : rank * ITEMS_PER_THREAD + i;
      if (at < valid_items)
        items[i] = block_itr[at];
    }
  }

  template <typename InputIteratorT, typename DefaultT>
  __device__ void Load(InputIteratorT block_itr,
                       InputT (&items)[ITEMS_PER_THREAD], int valid_items,
                       DefaultT oob_default) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      items[i] = oob_default;
    Load(block_itr, items, valid_items);
  }
};

} // namespace cub

#endif
