/*
 * cu2cl_cub/block_store.cuh (cu2cl's own): cub::BlockStore and the direct
 * stores, written for cu2cl from CUB's documented interface, in plain CUDA
 * C++ that the device emitter translates. Every algorithm that takes CUB's
 * blocked arrangement (thread r holds items r * ITEMS_PER_THREAD ...) is
 * served by one direct blocked store; BLOCK_STORE_STRIPED by a direct
 * striped one. Only the first valid_items items are written.
 */
#ifndef CU2CL_OWN_CUB_BLOCK_STORE_CUH
#define CU2CL_OWN_CUB_BLOCK_STORE_CUH

#include "util.cuh"

namespace cub {

enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                   T (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; i++)
    block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                   T (&items)[ITEMS_PER_THREAD],
                                   int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; i++)
    if (linear_tid * ITEMS_PER_THREAD + i < valid_items)
      block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD,
          typename OutputIteratorT>
__device__ void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                   T (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; i++)
    block_itr[linear_tid + i * BLOCK_THREADS] = items[i];
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD,
          typename OutputIteratorT>
__device__ void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                   T (&items)[ITEMS_PER_THREAD],
                                   int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; i++)
    if (linear_tid + i * BLOCK_THREADS < valid_items)
      block_itr[linear_tid + i * BLOCK_THREADS] = items[i];
}

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
public:
  struct TempStorage {
    char unused;
  };

  __device__ BlockStore(TempStorage &temp_storage) {}
  __device__ BlockStore() {}

  template <typename OutputIteratorT>
  __device__ void Store(OutputIteratorT block_itr,
                        T (&items)[ITEMS_PER_THREAD]) {
    Store(block_itr, items, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z *
                                ITEMS_PER_THREAD);
  }

  template <typename OutputIteratorT>
  __device__ void Store(OutputIteratorT block_itr,
                        T (&items)[ITEMS_PER_THREAD], int valid_items) {
    int rank = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
      int at = ALGORITHM == BLOCK_STORE_STRIPED
                   ? rank + i * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z
                   : rank * ITEMS_PER_THREAD + i;
      if (at < valid_items)
        block_itr[at] = items[i];
    }
  }
};

} // namespace cub

#endif
