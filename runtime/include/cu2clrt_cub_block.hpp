// cu2clrt_cub_block.hpp: CUB's block- and warp-level primitives as host
// code names them, included by cu2clrt_cub.hpp.
//
// The primitives are device code: cu2cl translates them from its own CUB
// (translator/cuda-include/translated/cu2cl_cub), and host code cannot call
// them (nvcc rejects a __device__ constructor called on the host). What
// host code does with them is name their types: a kernel's traits struct
// sizes the kernel's dynamic shared memory with sizeof of a struct holding
// TempStorages. So each class here has the template parameters of CUB's
// (and of cu2cl's own) and the TempStorage of cu2cl's own, member for
// member: the host's sizeof is the device's (projects/cub_host_use checks
// it against sizeof in the translated kernel).
#ifndef CU2CLRT_CUB_BLOCK_HPP
#define CU2CLRT_CUB_BLOCK_HPP

namespace cu2cl_cub {

// ---- the block-level primitives' algorithms ------------------------------
// Host code names them to pick a kernel template's algorithm (a template
// argument, a printed name); the primitives themselves are device code
// (cu2cl's own CUB), which serves every algorithm with one. The
// enumerators are CUB's, in CUB's order.

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};
enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING,
  BLOCK_SCAN_RAKING_MEMOIZE,
  BLOCK_SCAN_WARP_SCANS
};
enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

struct NullType {};

template <typename T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
  struct TempStorage {
    T items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };
};

template <typename T, int BLOCK_DIM_X,
          BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
  struct TempStorage {
    T items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };
};

// Direct loads and stores exchange nothing: a TempStorage of one byte.
template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
public:
  struct TempStorage {
    char unused;
  };
};

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
public:
  struct TempStorage {
    char unused;
  };
};

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
public:
  struct TempStorage {
    InputT items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
  };
};

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
};

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockAdjacentDifference {
public:
  struct TempStorage {
    T first[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    T last[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };
};

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockDiscontinuity {
public:
  struct TempStorage {
    T first[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    T last[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };
};

template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
  struct TempStorage {
    T items[LOGICAL_WARP_THREADS];
  };
};

template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
public:
  struct TempStorage {
    T items[LOGICAL_WARP_THREADS];
  };
};

} // namespace cu2cl_cub

#endif
