/* cu2cl's own CUDA headers: thrust/unique.h
 *
 * thrust::unique, unique_copy, unique_by_key, unique_by_key_copy and
 * unique_count (Thrust API documentation, "Stream Compaction"), each with and
 * without an execution policy and predicate. Declarations only. */
#ifndef CU2CL_THRUST_UNIQUE_H
#define CU2CL_THRUST_UNIQUE_H

#include "detail/cu2cl_base.h"
#include "pair.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator>
__host__ __device__ ForwardIterator
unique(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator>
__host__ __device__ ForwardIterator unique(ForwardIterator first,
                                           ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename BinaryPredicate>
__host__ __device__ ForwardIterator unique(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename BinaryPredicate>
__host__ __device__ ForwardIterator unique(ForwardIterator first,
                                           ForwardIterator last,
                                           BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator
unique_copy(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            InputIterator first, InputIterator last, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator>
__host__ __device__ OutputIterator unique_copy(InputIterator first,
                                               InputIterator last,
                                               OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename BinaryPredicate>
__host__ __device__ OutputIterator
unique_copy(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            InputIterator first, InputIterator last, OutputIterator result,
            BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator,
          typename BinaryPredicate>
__host__ __device__ OutputIterator unique_copy(InputIterator first,
                                               InputIterator last,
                                               OutputIterator result,
                                               BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator1,
          typename ForwardIterator2>
__host__ __device__ thrust::pair<ForwardIterator1, ForwardIterator2>
unique_by_key(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
              ForwardIterator1 keys_first, ForwardIterator1 keys_last,
              ForwardIterator2 values_first) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator1, ForwardIterator2>>();
}
template <typename ForwardIterator1, typename ForwardIterator2>
__host__ __device__ thrust::pair<ForwardIterator1, ForwardIterator2>
unique_by_key(ForwardIterator1 keys_first, ForwardIterator1 keys_last,
              ForwardIterator2 values_first) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator1, ForwardIterator2>>();
}
template <typename DerivedPolicy, typename ForwardIterator1,
          typename ForwardIterator2, typename BinaryPredicate>
__host__ __device__ thrust::pair<ForwardIterator1, ForwardIterator2>
unique_by_key(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
              ForwardIterator1 keys_first, ForwardIterator1 keys_last,
              ForwardIterator2 values_first, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator1, ForwardIterator2>>();
}
template <typename ForwardIterator1, typename ForwardIterator2,
          typename BinaryPredicate>
__host__ __device__ thrust::pair<ForwardIterator1, ForwardIterator2>
unique_by_key(ForwardIterator1 keys_first, ForwardIterator1 keys_last,
              ForwardIterator2 values_first, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator1, ForwardIterator2>>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator1,
          typename OutputIterator2>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
unique_by_key_copy(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 keys_first, InputIterator1 keys_last,
    InputIterator2 values_first, OutputIterator1 keys_result,
    OutputIterator2 values_result) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator1, typename OutputIterator2>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
unique_by_key_copy(InputIterator1 keys_first, InputIterator1 keys_last,
                   InputIterator2 values_first, OutputIterator1 keys_result,
                   OutputIterator2 values_result) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename DerivedPolicy, typename ForwardIterator>
__host__ __device__
    typename std::iterator_traits<ForwardIterator>::difference_type
    unique_count(
        const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<ForwardIterator>::difference_type>();
}
template <typename ForwardIterator>
__host__ __device__
    typename std::iterator_traits<ForwardIterator>::difference_type
    unique_count(ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<ForwardIterator>::difference_type>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename BinaryPredicate>
__host__ __device__
    typename std::iterator_traits<ForwardIterator>::difference_type
    unique_count(
        const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        ForwardIterator first, ForwardIterator last,
        BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<ForwardIterator>::difference_type>();
}
template <typename ForwardIterator, typename BinaryPredicate>
__host__ __device__
    typename std::iterator_traits<ForwardIterator>::difference_type
    unique_count(ForwardIterator first, ForwardIterator last,
                 BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<ForwardIterator>::difference_type>();
}

} // namespace thrust

#endif
