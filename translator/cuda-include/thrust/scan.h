/* cu2cl's own CUDA headers: thrust/scan.h
 *
 * thrust::inclusive_scan, exclusive_scan and their _by_key forms (Thrust API
 * documentation, "Prefix Sums"), each with and without an execution policy:
 * operator plus and exclusive init T() unless given. Declarations only. */
#ifndef CU2CL_THRUST_SCAN_H
#define CU2CL_THRUST_SCAN_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator
inclusive_scan(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               InputIterator first, InputIterator last, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator>
__host__ __device__ OutputIterator inclusive_scan(InputIterator first,
                                                  InputIterator last,
                                                  OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename AssociativeOperator>
__host__ __device__ OutputIterator
inclusive_scan(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               InputIterator first, InputIterator last, OutputIterator result,
               AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator,
          typename AssociativeOperator>
__host__ __device__ OutputIterator
inclusive_scan(InputIterator first, InputIterator last, OutputIterator result,
               AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename T, typename AssociativeOperator>
__host__ __device__ OutputIterator
inclusive_scan(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               InputIterator first, InputIterator last, OutputIterator result,
               T init, AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator, typename T,
          typename AssociativeOperator>
__host__ __device__ OutputIterator
inclusive_scan(InputIterator first, InputIterator last, OutputIterator result,
               T init, AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator
exclusive_scan(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               InputIterator first, InputIterator last, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator>
__host__ __device__ OutputIterator exclusive_scan(InputIterator first,
                                                  InputIterator last,
                                                  OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename T>
__host__ __device__ OutputIterator exclusive_scan(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, OutputIterator result, T init) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator, typename T>
__host__ __device__ OutputIterator exclusive_scan(InputIterator first,
                                                  InputIterator last,
                                                  OutputIterator result,
                                                  T init) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename T, typename AssociativeOperator>
__host__ __device__ OutputIterator
exclusive_scan(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               InputIterator first, InputIterator last, OutputIterator result,
               T init, AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator, typename T,
          typename AssociativeOperator>
__host__ __device__ OutputIterator
exclusive_scan(InputIterator first, InputIterator last, OutputIterator result,
               T init, AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator>
__host__ __device__ OutputIterator inclusive_scan_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator>
__host__ __device__ OutputIterator inclusive_scan_by_key(InputIterator1 first1,
                                                         InputIterator1 last1,
                                                         InputIterator2 first2,
                                                         OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator,
          typename BinaryPredicate>
__host__ __device__ OutputIterator inclusive_scan_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename BinaryPredicate>
__host__ __device__ OutputIterator inclusive_scan_by_key(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator,
          typename BinaryPredicate, typename AssociativeOperator>
__host__ __device__ OutputIterator inclusive_scan_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, BinaryPredicate binary_pred,
    AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename BinaryPredicate,
          typename AssociativeOperator>
__host__ __device__ OutputIterator inclusive_scan_by_key(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, BinaryPredicate binary_pred,
    AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator>
__host__ __device__ OutputIterator exclusive_scan_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator>
__host__ __device__ OutputIterator exclusive_scan_by_key(InputIterator1 first1,
                                                         InputIterator1 last1,
                                                         InputIterator2 first2,
                                                         OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator, typename T>
__host__ __device__ OutputIterator exclusive_scan_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, T init) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename T>
__host__ __device__ OutputIterator exclusive_scan_by_key(InputIterator1 first1,
                                                         InputIterator1 last1,
                                                         InputIterator2 first2,
                                                         OutputIterator result,
                                                         T init) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator, typename T,
          typename BinaryPredicate>
__host__ __device__ OutputIterator exclusive_scan_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, T init, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename T, typename BinaryPredicate>
__host__ __device__ OutputIterator exclusive_scan_by_key(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, T init, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator, typename T,
          typename BinaryPredicate, typename AssociativeOperator>
__host__ __device__ OutputIterator exclusive_scan_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, T init, BinaryPredicate binary_pred,
    AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename T, typename BinaryPredicate,
          typename AssociativeOperator>
__host__ __device__ OutputIterator exclusive_scan_by_key(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputIterator result, T init, BinaryPredicate binary_pred,
    AssociativeOperator binary_op) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
