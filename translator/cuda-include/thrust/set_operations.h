/* cu2cl's own CUDA headers: thrust/set_operations.h
 *
 * thrust::set_union, set_intersection, set_difference and
 * set_symmetric_difference (Thrust API documentation, "Set Operations"),
 * each with and without an execution policy and comparator. Declarations
 * only. */
#ifndef CU2CL_THRUST_SET_OPERATIONS_H
#define CU2CL_THRUST_SET_OPERATIONS_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator>
__host__ __device__ OutputIterator
set_union(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
          InputIterator2 last2, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator>
__host__ __device__ OutputIterator set_union(InputIterator1 first1,
                                             InputIterator1 last1,
                                             InputIterator2 first2,
                                             InputIterator2 last2,
                                             OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator,
          typename StrictWeakCompare>
__host__ __device__ OutputIterator
set_union(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
          InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename StrictWeakCompare>
__host__ __device__ OutputIterator
set_union(InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
          InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator>
__host__ __device__ OutputIterator set_intersection(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator>
__host__ __device__ OutputIterator set_intersection(InputIterator1 first1,
                                                    InputIterator1 last1,
                                                    InputIterator2 first2,
                                                    InputIterator2 last2,
                                                    OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator,
          typename StrictWeakCompare>
__host__ __device__ OutputIterator set_intersection(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename StrictWeakCompare>
__host__ __device__ OutputIterator set_intersection(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator>
__host__ __device__ OutputIterator set_difference(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator>
__host__ __device__ OutputIterator set_difference(InputIterator1 first1,
                                                  InputIterator1 last1,
                                                  InputIterator2 first2,
                                                  InputIterator2 last2,
                                                  OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator,
          typename StrictWeakCompare>
__host__ __device__ OutputIterator set_difference(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename StrictWeakCompare>
__host__ __device__ OutputIterator set_difference(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator>
__host__ __device__ OutputIterator set_symmetric_difference(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator>
__host__ __device__ OutputIterator set_symmetric_difference(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator,
          typename StrictWeakCompare>
__host__ __device__ OutputIterator set_symmetric_difference(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename StrictWeakCompare>
__host__ __device__ OutputIterator set_symmetric_difference(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
