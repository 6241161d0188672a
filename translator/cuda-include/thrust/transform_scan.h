/* cu2cl's own CUDA headers: thrust/transform_scan.h
 *
 * thrust::transform_inclusive_scan and transform_exclusive_scan (Thrust API
 * documentation, "Prefix Sums", "Transformed Prefix Sums"), each with and
 * without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_TRANSFORM_SCAN_H
#define CU2CL_THRUST_TRANSFORM_SCAN_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename UnaryFunction,
          typename AssociativeOperator>
__host__ __device__ OutputIterator transform_inclusive_scan(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, OutputIterator result,
    UnaryFunction unary_op, AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator,
          typename UnaryFunction, typename AssociativeOperator>
__host__ __device__ OutputIterator transform_inclusive_scan(
    InputIterator first, InputIterator last, OutputIterator result,
    UnaryFunction unary_op, AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename UnaryFunction, typename T,
          typename AssociativeOperator>
__host__ __device__ OutputIterator transform_exclusive_scan(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, OutputIterator result,
    UnaryFunction unary_op, T init, AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator,
          typename UnaryFunction, typename T, typename AssociativeOperator>
__host__ __device__ OutputIterator transform_exclusive_scan(
    InputIterator first, InputIterator last, OutputIterator result,
    UnaryFunction unary_op, T init, AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
