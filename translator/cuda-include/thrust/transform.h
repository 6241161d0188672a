/* cu2cl's own CUDA headers: thrust/transform.h
 *
 * thrust::transform (unary and binary) and transform_if (Thrust API
 * documentation, "Transformations"), each with and without an execution
 * policy. Declarations only. */
#ifndef CU2CL_THRUST_TRANSFORM_H
#define CU2CL_THRUST_TRANSFORM_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename UnaryFunction>
__host__ __device__ OutputIterator
transform(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          InputIterator first, InputIterator last, OutputIterator result,
          UnaryFunction op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator,
          typename UnaryFunction>
__host__ __device__ OutputIterator transform(InputIterator first,
                                             InputIterator last,
                                             OutputIterator result,
                                             UnaryFunction op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator,
          typename BinaryFunction>
__host__ __device__ OutputIterator
transform(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
          OutputIterator result, BinaryFunction op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename BinaryFunction>
__host__ __device__ OutputIterator transform(InputIterator1 first1,
                                             InputIterator1 last1,
                                             InputIterator2 first2,
                                             OutputIterator result,
                                             BinaryFunction op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

template <typename DerivedPolicy, typename InputIterator,
          typename ForwardIterator, typename UnaryFunction, typename Predicate>
__host__ __device__ ForwardIterator
transform_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
             InputIterator first, InputIterator last, ForwardIterator result,
             UnaryFunction op, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename InputIterator, typename ForwardIterator,
          typename UnaryFunction, typename Predicate>
__host__ __device__ ForwardIterator transform_if(InputIterator first,
                                                 InputIterator last,
                                                 ForwardIterator result,
                                                 UnaryFunction op,
                                                 Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename ForwardIterator,
          typename UnaryFunction, typename Predicate>
__host__ __device__ ForwardIterator
transform_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
             InputIterator1 first, InputIterator1 last, InputIterator2 stencil,
             ForwardIterator result, UnaryFunction op, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename ForwardIterator, typename UnaryFunction, typename Predicate>
__host__ __device__ ForwardIterator
transform_if(InputIterator1 first, InputIterator1 last, InputIterator2 stencil,
             ForwardIterator result, UnaryFunction op, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename InputIterator3,
          typename ForwardIterator, typename BinaryFunction, typename Predicate>
__host__ __device__ ForwardIterator
transform_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
             InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
             InputIterator3 stencil, ForwardIterator result,
             BinaryFunction binary_op, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename InputIterator3, typename ForwardIterator,
          typename BinaryFunction, typename Predicate>
__host__ __device__ ForwardIterator
transform_if(InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
             InputIterator3 stencil, ForwardIterator result,
             BinaryFunction binary_op, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}

} // namespace thrust

#endif
