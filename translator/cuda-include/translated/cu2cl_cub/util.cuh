/*
 * cu2cl_cub/util.cuh (cu2cl's own): what cu2cl's CUB primitives share, in
 * CUDA C++ that the device emitter translates: KeyValuePair, the operators
 * Sum, Max, Min, ArgMax and ArgMin (host code's uses are renamed to
 * cu2clrt_cub.hpp's), and a thread's rank in its block.
 */
#ifndef CU2CL_OWN_CUB_UTIL_CUH
#define CU2CL_OWN_CUB_UTIL_CUH

#include "cuda_runtime.h"

namespace cub {

/* The constructors have bodies, empty where CUB's is: a __shared__
 * TempStorage of pairs then needs no code to construct, as in CUB. */
template <class K, class V> struct KeyValuePair {
  typedef K Key;
  typedef V Value;
  K key;
  V value;
  __host__ __device__ KeyValuePair() {}
  __host__ __device__ KeyValuePair(const K &k, const V &v)
      : key(k), value(v) {}
};

struct Sum {
  template <class T, class U>
  __host__ __device__ auto operator()(const T &a, const U &b) const
      -> decltype(a + b) {
    return a + b;
  }
};
struct Max {
  template <class T, class U>
  __host__ __device__ T operator()(const T &a, const U &b) const {
    return a < b ? b : a;
  }
};
struct Min {
  template <class T, class U>
  __host__ __device__ T operator()(const T &a, const U &b) const {
    return b < a ? b : a;
  }
};

/* The pair of the larger (ArgMax) or smaller (ArgMin) value; of equal
 * values, the one with the smaller key (the first occurrence). */
struct ArgMax {
  template <class K, class V>
  __host__ __device__ KeyValuePair<K, V>
  operator()(const KeyValuePair<K, V> &a, const KeyValuePair<K, V> &b) const {
    return (b.value > a.value || (b.value == a.value && b.key < a.key)) ? b
                                                                        : a;
  }
};
struct ArgMin {
  template <class K, class V>
  __host__ __device__ KeyValuePair<K, V>
  operator()(const KeyValuePair<K, V> &a, const KeyValuePair<K, V> &b) const {
    return (b.value < a.value || (b.value == a.value && b.key < a.key)) ? b
                                                                        : a;
  }
};

/* The thread's rank in a block of dim_x * dim_y * dim_z threads, in CUB's
 * order (x fastest). */
__device__ inline int cu2cl_cub_rank(int dim_x, int dim_y) {
  return (int)(threadIdx.x + threadIdx.y * dim_x + threadIdx.z * dim_x * dim_y);
}

} // namespace cub

#endif
