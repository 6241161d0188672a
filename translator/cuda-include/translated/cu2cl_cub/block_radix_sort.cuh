/*
 * cu2cl_cub/block_radix_sort.cuh (cu2cl's own): cub::BlockRadixSort,
 * written for cu2cl from CUB's documented interface, in plain CUDA C++ that
 * the device emitter translates. The result is CUB's: keys ordered by the
 * bits [begin_bit, end_bit) of CUB's radix form of the key (unsigned
 * integers as they are, signed ones with the sign bit flipped, floating
 * point with negative values inverted), ties kept in their blocked order
 * (a stable sort), values moved with their keys. The algorithm is not
 * CUB's: every item counts the items that go before it in the block's
 * TempStorage, then moves there.
 */
#ifndef CU2CL_OWN_CUB_BLOCK_RADIX_SORT_CUH
#define CU2CL_OWN_CUB_BLOCK_RADIX_SORT_CUH

#include "util.cuh"

namespace cub {

struct NullType {};

__device__ inline unsigned long long cu2cl_cub_radix(unsigned char k) {
  return k;
}
__device__ inline unsigned long long cu2cl_cub_radix(unsigned short k) {
  return k;
}
__device__ inline unsigned long long cu2cl_cub_radix(unsigned int k) {
  return k;
}
__device__ inline unsigned long long cu2cl_cub_radix(unsigned long long k) {
  return k;
}
__device__ inline unsigned long long cu2cl_cub_radix(signed char k) {
  return (unsigned char)k ^ 0x80u;
}
__device__ inline unsigned long long cu2cl_cub_radix(short k) {
  return (unsigned short)k ^ 0x8000u;
}
__device__ inline unsigned long long cu2cl_cub_radix(int k) {
  return (unsigned int)k ^ 0x80000000u;
}
__device__ inline unsigned long long cu2cl_cub_radix(long long k) {
  return (unsigned long long)k ^ 0x8000000000000000ull;
}
__device__ inline unsigned long long cu2cl_cub_radix(float k) {
  unsigned int b = __float_as_uint(k);
  return (b & 0x80000000u) ? ~b : b ^ 0x80000000u;
}
__device__ inline unsigned long long cu2cl_cub_radix(double k) {
  unsigned long long b = (unsigned long long)__double_as_longlong(k);
  return (b & 0x8000000000000000ull) ? ~b : b ^ 0x8000000000000000ull;
}

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, int INNER_SCAN_ALGORITHM = 0,
          int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
public:
  struct TempStorage {
    KeyT keys[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
    ValueT values[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
  };

  __device__ BlockRadixSort(TempStorage &temp_storage) : temp(temp_storage) {}

  __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                       int end_bit = sizeof(KeyT) * 8) {
    int ranks[ITEMS_PER_THREAD];
    Rank(keys, ranks, begin_bit, end_bit, false);
    MoveKeys(keys, ranks, false);
  }
  __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD],
                       ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                       int end_bit = sizeof(KeyT) * 8) {
    int ranks[ITEMS_PER_THREAD];
    Rank(keys, ranks, begin_bit, end_bit, false);
    MoveKeys(keys, ranks, false);
    MoveValues(values, ranks, false);
  }
  __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD],
                                 int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8) {
    int ranks[ITEMS_PER_THREAD];
    Rank(keys, ranks, begin_bit, end_bit, true);
    MoveKeys(keys, ranks, false);
  }
  __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD],
                                 ValueT (&values)[ITEMS_PER_THREAD],
                                 int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8) {
    int ranks[ITEMS_PER_THREAD];
    Rank(keys, ranks, begin_bit, end_bit, true);
    MoveKeys(keys, ranks, false);
    MoveValues(values, ranks, false);
  }
  __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                       int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8) {
    int ranks[ITEMS_PER_THREAD];
    Rank(keys, ranks, begin_bit, end_bit, false);
    MoveKeys(keys, ranks, true);
  }
  __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                       ValueT (&values)[ITEMS_PER_THREAD],
                                       int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8) {
    int ranks[ITEMS_PER_THREAD];
    Rank(keys, ranks, begin_bit, end_bit, false);
    MoveKeys(keys, ranks, true);
    MoveValues(values, ranks, true);
  }
  __device__ void
  SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                 int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8) {
    int ranks[ITEMS_PER_THREAD];
    Rank(keys, ranks, begin_bit, end_bit, true);
    MoveKeys(keys, ranks, true);
  }
  __device__ void
  SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                 ValueT (&values)[ITEMS_PER_THREAD],
                                 int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8) {
    int ranks[ITEMS_PER_THREAD];
    Rank(keys, ranks, begin_bit, end_bit, true);
    MoveKeys(keys, ranks, true);
    MoveValues(values, ranks, true);
  }

private:
  /* the key's bits [begin_bit, end_bit) of its radix form */
  __device__ unsigned long long Digits(KeyT key, int begin_bit, int end_bit) {
    unsigned long long b = cu2cl_cub_radix(key) >> begin_bit;
    int width = end_bit - begin_bit;
    return width >= 64 ? b : b & ((1ull << width) - 1ull);
  }

  /* ranks[i]: where item i goes, the number of items before it */
  __device__ void Rank(KeyT (&keys)[ITEMS_PER_THREAD],
                       int (&ranks)[ITEMS_PER_THREAD], int begin_bit,
                       int end_bit, bool descending) {
    const int n = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD;
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.keys[r * ITEMS_PER_THREAD + i] = keys[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
      int mine = r * ITEMS_PER_THREAD + i;
      unsigned long long d = Digits(keys[i], begin_bit, end_bit);
      int before = 0;
      for (int k = 0; k < n; k++) {
        unsigned long long o = Digits(temp.keys[k], begin_bit, end_bit);
        if ((descending ? o > d : o < d) || (o == d && k < mine))
          before++;
      }
      ranks[i] = before;
    }
    __syncthreads();
  }

  /* each item to its rank, then back blocked (or striped) */
  __device__ void MoveKeys(KeyT (&keys)[ITEMS_PER_THREAD],
                           int (&ranks)[ITEMS_PER_THREAD], bool striped) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.keys[ranks[i]] = keys[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      keys[i] = temp.keys[striped ? r + i * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z
                                  : r * ITEMS_PER_THREAD + i];
    __syncthreads();
  }

  __device__ void MoveValues(ValueT (&values)[ITEMS_PER_THREAD],
                             int (&ranks)[ITEMS_PER_THREAD], bool striped) {
    int r = cu2cl_cub_rank(BLOCK_DIM_X, BLOCK_DIM_Y);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      temp.values[ranks[i]] = values[i];
    __syncthreads();
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
      values[i] = temp.values[striped ? r + i * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z
                                      : r * ITEMS_PER_THREAD + i];
    __syncthreads();
  }

  TempStorage &temp;
};

} // namespace cub

#endif
