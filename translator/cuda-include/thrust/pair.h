/* cu2cl's own CUDA headers: thrust/pair.h
 *
 * thrust::pair and make_pair (Thrust API documentation, "Pair"), what
 * minmax_element, reduce_by_key and the other two-result algorithms
 * return. Declarations only. */
#ifndef CU2CL_THRUST_PAIR_H
#define CU2CL_THRUST_PAIR_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename T1, typename T2> struct pair {
  typedef T1 first_type;
  typedef T2 second_type;
  T1 first;
  T2 second;
  __host__ __device__ pair();
  __host__ __device__ pair(const T1 &x, const T2 &y);
  template <typename U1, typename U2>
  __host__ __device__ pair(const pair<U1, U2> &p);
  template <typename U1, typename U2>
  __host__ __device__ pair(const std::pair<U1, U2> &p);
  __host__ __device__ void swap(pair &p);
};

template <typename T1, typename T2>
__host__ __device__ pair<T1, T2> make_pair(T1 x, T2 y) {
  return ::thrust::detail::cu2cl_result<pair<T1, T2>>();
}
template <typename T1, typename T2>
__host__ __device__ bool operator==(const pair<T1, T2> &x,
                                    const pair<T1, T2> &y);
template <typename T1, typename T2>
__host__ __device__ bool operator!=(const pair<T1, T2> &x,
                                    const pair<T1, T2> &y);
template <typename T1, typename T2>
__host__ __device__ bool operator<(const pair<T1, T2> &x,
                                   const pair<T1, T2> &y);

} // namespace thrust

#endif
