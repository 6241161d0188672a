/*
 * cub/cub.cuh (cu2cl's own): CUB as CUB's documentation gives it. Host
 * code's part is declared here: the device-wide algorithms DeviceReduce,
 * DeviceScan, DeviceSelect and DeviceRadixSort (each with the two-call
 * temporary-storage protocol), CachingDeviceAllocator, the CubDebug and
 * CubDebugExit macros, DoubleBuffer,
 * CountingInputIterator and TransformInputIterator; cu2cl renames cub:: in
 * host code to cu2cl_cub::, which cu2clrt_cub.hpp implements. The block-
 * and warp-level primitives (BlockLoad, BlockStore, BlockExchange,
 * BlockReduce, BlockScan, BlockRadixSort, BlockAdjacentDifference,
 * BlockDiscontinuity, WarpReduce, WarpScan), KeyValuePair, Traits and the
 * operators Sum, Max, Min, ArgMax and ArgMin are defined in ../cu2cl_cub/
 * in CUDA C++,
 * which the device emitter translates. This
 * directory is not a system one (flags.c), and comes before a toolkit's.
 */
#ifndef CU2CL_OWN_CUB_CUH
#define CU2CL_OWN_CUB_CUH

/* The toolkit's CUB brings these standard headers (through libcu++), and
 * programs use them without including them (std::chrono for timing). */
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <iterator>
#include <limits>

#include "cuda_runtime.h"
/* CCCL's CUB includes Thrust's counting and constant iterators, which
 * programs then use without including them (HeCBench rle). */
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>

#include "../cu2cl_cub/block_adjacent_difference.cuh"
#include "../cu2cl_cub/block_exchange.cuh"
#include "../cu2cl_cub/block_load.cuh"
#include "../cu2cl_cub/block_radix_sort.cuh"
#include "../cu2cl_cub/block_reduce.cuh"
#include "../cu2cl_cub/block_scan.cuh"
#include "../cu2cl_cub/block_store.cuh"
#include "../cu2cl_cub/util.cuh"
#include "../cu2cl_cub/util_type.cuh"
#include "../cu2cl_cub/warp_reduce.cuh"
#include "../cu2cl_cub/warp_scan.cuh"

/* CUB's debugging macros (cub/util_debug.cuh): CubDebug(e) is e, printed
 * with the file and line where it is an error and CUB_STDERR is defined;
 * CubDebugExit(e) exits the process on an error. */
namespace cub {
__host__ cudaError_t Debug(cudaError_t error, const char *filename, int line);
}
#ifndef CubDebug
#define CubDebug(e) ::cub::Debug((cudaError_t)(e), __FILE__, __LINE__)
#endif
#ifndef CubDebugExit
#define CubDebugExit(e)                                                        \
  if (::cub::Debug((cudaError_t)(e), __FILE__, __LINE__)) {                    \
    exit(1);                                                                   \
  }
#endif
/* cub/util_macro.cuh */
#ifndef CUB_MAX
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define CUB_QUOTIENT_FLOOR(x, y) ((x) / (y))
#define CUB_QUOTIENT_CEILING(x, y) (((x) + (y) - 1) / (y))
#define CUB_ROUND_UP_NEAREST(x, y) ((((x) + (y) - 1) / (y)) * (y))
#define CUB_ROUND_DOWN_NEAREST(x, y) (((x) / (y)) * (y))
#endif

namespace cub {

/* cub/util_allocator.cuh: a device allocator that keeps freed blocks, in
 * bins of bin_growth^k bytes, for the next allocation of their bin. */
struct CachingDeviceAllocator {
  static const unsigned int INVALID_BIN = (unsigned int)-1;
  static const size_t INVALID_SIZE = (size_t)-1;
  static const int INVALID_DEVICE_ORDINAL = -1;
  __host__ CachingDeviceAllocator(unsigned int bin_growth,
                                  unsigned int min_bin = 1,
                                  unsigned int max_bin = INVALID_BIN,
                                  size_t max_cached_bytes = INVALID_SIZE,
                                  bool skip_cleanup = false,
                                  bool debug = false);
  __host__ CachingDeviceAllocator(bool skip_cleanup = false,
                                  bool debug = false);
  __host__ ~CachingDeviceAllocator();
  __host__ cudaError_t SetMaxCachedBytes(size_t max_cached_bytes);
  __host__ cudaError_t DeviceAllocate(int device, void **d_ptr, size_t bytes,
                                      cudaStream_t active_stream = 0);
  __host__ cudaError_t DeviceAllocate(void **d_ptr, size_t bytes,
                                      cudaStream_t active_stream = 0);
  __host__ cudaError_t DeviceFree(int device, void *d_ptr);
  __host__ cudaError_t DeviceFree(void *d_ptr);
  __host__ cudaError_t FreeAllCached();
};

template <class T> struct DoubleBuffer {
  T *d_buffers[2];
  int selector;
  __host__ __device__ DoubleBuffer();
  __host__ __device__ DoubleBuffer(T *d_current, T *d_alternate);
  __host__ __device__ T *Current();
  __host__ __device__ T *Alternate();
};

template <class T, class OffsetT = std::ptrdiff_t>
struct CountingInputIterator {
  typedef T value_type;
  typedef std::ptrdiff_t difference_type;
  typedef T reference;
  typedef T *pointer;
  typedef std::random_access_iterator_tag iterator_category;
  __host__ __device__ explicit CountingInputIterator(const T &val);
  __host__ __device__ T operator[](OffsetT n) const;
  __host__ __device__ T operator*() const;
  __host__ __device__ CountingInputIterator operator+(OffsetT n) const;
};

template <class T, class ConversionOp, class InputIteratorT,
          class OffsetT = std::ptrdiff_t>
struct TransformInputIterator {
  typedef T value_type;
  typedef std::ptrdiff_t difference_type;
  typedef T reference;
  typedef T *pointer;
  typedef std::random_access_iterator_tag iterator_category;
  __host__ __device__ TransformInputIterator(InputIteratorT input_itr,
                                             ConversionOp conversion_op);
  __host__ __device__ T operator[](OffsetT n) const;
  __host__ __device__ T operator*() const;
  __host__ __device__ TransformInputIterator operator+(OffsetT n) const;
};

struct DeviceReduce {
  template <class In, class Out, class N>
  static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes,
                         In d_in, Out d_out, N num_items,
                         cudaStream_t stream = 0);
  template <class In, class Out, class N>
  static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes,
                         In d_in, Out d_out, N num_items,
                         cudaStream_t stream = 0);
  template <class In, class Out, class N>
  static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes,
                         In d_in, Out d_out, N num_items,
                         cudaStream_t stream = 0);
  template <class In, class Out, class N, class Op, class T>
  static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes,
                            In d_in, Out d_out, N num_items, Op reduction_op,
                            T init, cudaStream_t stream = 0);
  template <class In, class Out, class N>
  static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes,
                            In d_in, Out d_out, N num_items,
                            cudaStream_t stream = 0);
  template <class In, class Out, class N>
  static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes,
                            In d_in, Out d_out, N num_items,
                            cudaStream_t stream = 0);
};

struct DeviceScan {
  template <class In, class Out, class N>
  static cudaError_t ExclusiveSum(void *d_temp_storage,
                                  size_t &temp_storage_bytes, In d_in,
                                  Out d_out, N num_items,
                                  cudaStream_t stream = 0);
  template <class In, class Out, class N>
  static cudaError_t InclusiveSum(void *d_temp_storage,
                                  size_t &temp_storage_bytes, In d_in,
                                  Out d_out, N num_items,
                                  cudaStream_t stream = 0);
  template <class In, class Out, class Op, class T, class N>
  static cudaError_t ExclusiveScan(void *d_temp_storage,
                                   size_t &temp_storage_bytes, In d_in,
                                   Out d_out, Op scan_op, T init_value,
                                   N num_items, cudaStream_t stream = 0);
  template <class In, class Out, class Op, class N>
  static cudaError_t InclusiveScan(void *d_temp_storage,
                                   size_t &temp_storage_bytes, In d_in,
                                   Out d_out, Op scan_op, N num_items,
                                   cudaStream_t stream = 0);
};

struct DeviceSelect {
  template <class In, class Flags, class Out, class Num, class N>
  static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes,
                             In d_in, Flags d_flags, Out d_out,
                             Num d_num_selected_out, N num_items,
                             cudaStream_t stream = 0);
  template <class In, class Out, class Num, class N, class Op>
  static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes,
                        In d_in, Out d_out, Num d_num_selected_out,
                        N num_items, Op select_op, cudaStream_t stream = 0);
  template <class In, class Out, class Num, class N>
  static cudaError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes,
                            In d_in, Out d_out, Num d_num_selected_out,
                            N num_items, cudaStream_t stream = 0);
};

struct DeviceSegmentedReduce {
  template <class In, class Out, class B, class E>
  static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes,
                         In d_in, Out d_out, int num_segments,
                         B d_begin_offsets, E d_end_offsets,
                         cudaStream_t stream = 0);
  template <class In, class Out, class B, class E>
  static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes,
                         In d_in, Out d_out, int num_segments,
                         B d_begin_offsets, E d_end_offsets,
                         cudaStream_t stream = 0);
  template <class In, class Out, class B, class E>
  static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes,
                         In d_in, Out d_out, int num_segments,
                         B d_begin_offsets, E d_end_offsets,
                         cudaStream_t stream = 0);
  template <class In, class Out, class B, class E, class Op, class T>
  static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes,
                            In d_in, Out d_out, int num_segments,
                            B d_begin_offsets, E d_end_offsets,
                            Op reduction_op, T initial_value,
                            cudaStream_t stream = 0);
};

struct DeviceHistogram {
  template <class In, class Counter, class Level, class N>
  static cudaError_t HistogramEven(void *d_temp_storage,
                                   size_t &temp_storage_bytes, In d_samples,
                                   Counter *d_histogram, int num_levels,
                                   Level lower_level, Level upper_level,
                                   N num_samples, cudaStream_t stream = 0);
  template <class In, class Counter, class Level, class N>
  static cudaError_t HistogramRange(void *d_temp_storage,
                                    size_t &temp_storage_bytes, In d_samples,
                                    Counter *d_histogram, int num_levels,
                                    const Level *d_levels, N num_samples,
                                    cudaStream_t stream = 0);
};

struct DeviceRunLengthEncode {
  template <class In, class Unique, class Counts, class Num, class N>
  static cudaError_t Encode(void *d_temp_storage, size_t &temp_storage_bytes,
                            In d_in, Unique d_unique_out, Counts d_counts_out,
                            Num d_num_runs_out, N num_items,
                            cudaStream_t stream = 0);
  template <class In, class Offsets, class Lengths, class Num, class N>
  static cudaError_t NonTrivialRuns(void *d_temp_storage,
                                    size_t &temp_storage_bytes, In d_in,
                                    Offsets d_offsets_out,
                                    Lengths d_lengths_out, Num d_num_runs_out,
                                    N num_items, cudaStream_t stream = 0);
};

struct DeviceRadixSort {
  template <class K, class N>
  static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes,
                              const K *d_keys_in, K *d_keys_out, N num_items,
                              int begin_bit = 0, int end_bit = sizeof(K) * 8,
                              cudaStream_t stream = 0);
  template <class K, class N>
  static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes,
                              DoubleBuffer<K> &d_keys, N num_items,
                              int begin_bit = 0, int end_bit = sizeof(K) * 8,
                              cudaStream_t stream = 0);
  template <class K, class N>
  static cudaError_t
  SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                     const K *d_keys_in, K *d_keys_out, N num_items,
                     int begin_bit = 0, int end_bit = sizeof(K) * 8,
                     cudaStream_t stream = 0);
  template <class K, class V, class N>
  static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes,
                               const K *d_keys_in, K *d_keys_out,
                               const V *d_values_in, V *d_values_out,
                               N num_items, int begin_bit = 0,
                               int end_bit = sizeof(K) * 8,
                               cudaStream_t stream = 0);
  template <class K, class V, class N>
  static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes,
                               DoubleBuffer<K> &d_keys,
                               DoubleBuffer<V> &d_values, N num_items,
                               int begin_bit = 0, int end_bit = sizeof(K) * 8,
                               cudaStream_t stream = 0);
  template <class K, class V, class N>
  static cudaError_t
  SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                      const K *d_keys_in, K *d_keys_out, const V *d_values_in,
                      V *d_values_out, N num_items, int begin_bit = 0,
                      int end_bit = sizeof(K) * 8, cudaStream_t stream = 0);
  template <class K, class N>
  static cudaError_t
  SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                     DoubleBuffer<K> &d_keys, N num_items, int begin_bit = 0,
                     int end_bit = sizeof(K) * 8, cudaStream_t stream = 0);
  template <class K, class V, class N>
  static cudaError_t
  SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                      DoubleBuffer<K> &d_keys, DoubleBuffer<V> &d_values,
                      N num_items, int begin_bit = 0,
                      int end_bit = sizeof(K) * 8, cudaStream_t stream = 0);
};

} // namespace cub

#endif
