/* cu2cl's own CUDA headers: thrust/logical.h
 *
 * thrust::all_of, any_of and none_of (Thrust API documentation, "Logical"),
 * each with and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_LOGICAL_H
#define CU2CL_THRUST_LOGICAL_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator, typename Predicate>
__host__ __device__ bool
all_of(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       InputIterator first, InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename InputIterator, typename Predicate>
__host__ __device__ bool all_of(InputIterator first, InputIterator last,
                                Predicate pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename DerivedPolicy, typename InputIterator, typename Predicate>
__host__ __device__ bool
any_of(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       InputIterator first, InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename InputIterator, typename Predicate>
__host__ __device__ bool any_of(InputIterator first, InputIterator last,
                                Predicate pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename DerivedPolicy, typename InputIterator, typename Predicate>
__host__ __device__ bool
none_of(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        InputIterator first, InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename InputIterator, typename Predicate>
__host__ __device__ bool none_of(InputIterator first, InputIterator last,
                                 Predicate pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}

} // namespace thrust

#endif
