/* cu2cl's own CUDA headers: thrust/equal.h
 *
 * thrust::equal (Thrust API documentation, "Comparisons"), with and without
 * an execution policy and predicate. Declarations only. */
#ifndef CU2CL_THRUST_EQUAL_H
#define CU2CL_THRUST_EQUAL_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2>
__host__ __device__ bool
equal(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
      InputIterator1 first1, InputIterator1 last1, InputIterator2 first2) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename InputIterator1, typename InputIterator2>
__host__ __device__ bool equal(InputIterator1 first1, InputIterator1 last1,
                               InputIterator2 first2) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename BinaryPredicate>
__host__ __device__ bool
equal(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
      InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
      BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename InputIterator1, typename InputIterator2,
          typename BinaryPredicate>
__host__ __device__ bool equal(InputIterator1 first1, InputIterator1 last1,
                               InputIterator2 first2,
                               BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}

} // namespace thrust

#endif
