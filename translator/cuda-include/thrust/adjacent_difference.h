/* cu2cl's own CUDA headers: thrust/adjacent_difference.h
 *
 * thrust::adjacent_difference (Thrust API documentation, "Transformations"),
 * with and without an execution policy and operator. Declarations only. */
#ifndef CU2CL_THRUST_ADJACENT_DIFFERENCE_H
#define CU2CL_THRUST_ADJACENT_DIFFERENCE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator adjacent_difference(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator>
__host__ __device__ OutputIterator adjacent_difference(InputIterator first,
                                                       InputIterator last,
                                                       OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename BinaryFunction>
__host__ __device__ OutputIterator adjacent_difference(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, OutputIterator result,
    BinaryFunction binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator,
          typename BinaryFunction>
__host__ __device__ OutputIterator
adjacent_difference(InputIterator first, InputIterator last,
                    OutputIterator result, BinaryFunction binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
