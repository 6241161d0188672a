/* cu2cl's own CUDA headers: thrust/for_each.h
 *
 * thrust::for_each and for_each_n (Thrust API documentation, "Modifying"),
 * each with and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_FOR_EACH_H
#define CU2CL_THRUST_FOR_EACH_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename UnaryFunction>
__host__ __device__ InputIterator
for_each(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
         InputIterator first, InputIterator last, UnaryFunction f) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}
template <typename InputIterator, typename UnaryFunction>
__host__ __device__ InputIterator for_each(InputIterator first,
                                           InputIterator last, UnaryFunction f) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}
template <typename DerivedPolicy, typename InputIterator, typename Size,
          typename UnaryFunction>
__host__ __device__ InputIterator
for_each_n(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
           InputIterator first, Size n, UnaryFunction f) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}
template <typename InputIterator, typename Size, typename UnaryFunction>
__host__ __device__ InputIterator for_each_n(InputIterator first, Size n,
                                             UnaryFunction f) {
  return ::thrust::detail::cu2cl_result<InputIterator>();
}

} // namespace thrust

#endif
