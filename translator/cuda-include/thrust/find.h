/* cu2cl's own CUDA headers: thrust/find.h
 *
 * thrust::find, find_if and find_if_not (Thrust API documentation,
 * "Searching"), each with and without an execution policy. Declarations only.
 */
#ifndef CU2CL_THRUST_FIND_H
#define CU2CL_THRUST_FIND_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator, typename T>
__host__ __device__ InputIterator
find(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
     InputIterator first, InputIterator last, const T &value) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}
template <typename InputIterator, typename T>
__host__ __device__ InputIterator find(InputIterator first, InputIterator last,
                                       const T &value) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}
template <typename DerivedPolicy, typename InputIterator, typename Predicate>
__host__ __device__ InputIterator
find_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        InputIterator first, InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}
template <typename InputIterator, typename Predicate>
__host__ __device__ InputIterator find_if(InputIterator first,
                                          InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}
template <typename DerivedPolicy, typename InputIterator, typename Predicate>
__host__ __device__ InputIterator
find_if_not(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            InputIterator first, InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}
template <typename InputIterator, typename Predicate>
__host__ __device__ InputIterator find_if_not(InputIterator first,
                                              InputIterator last,
                                              Predicate pred) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}

} // namespace thrust

#endif
