/* cu2cl's own CUDA headers: thrust/binary_search.h
 *
 * thrust::lower_bound, upper_bound, binary_search and equal_range (Thrust API
 * documentation, "Searching", "Binary Search"), for one value and vectorized
 * over a range of values, each with and without an execution policy and
 * comparator. Declarations only. */
#ifndef CU2CL_THRUST_BINARY_SEARCH_H
#define CU2CL_THRUST_BINARY_SEARCH_H

#include "detail/cu2cl_base.h"
#include "pair.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator,
          typename LessThanComparable>
__host__ __device__ ForwardIterator
lower_bound(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last,
            const LessThanComparable &value) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename LessThanComparable>
__host__ __device__ ForwardIterator
lower_bound(ForwardIterator first, ForwardIterator last,
            const LessThanComparable &value) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename T,
          typename StrictWeakOrdering>
__host__ __device__ ForwardIterator
lower_bound(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last, const T &value,
            StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename T, typename StrictWeakOrdering>
__host__ __device__ ForwardIterator lower_bound(ForwardIterator first,
                                                ForwardIterator last,
                                                const T &value,
                                                StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename LessThanComparable>
__host__ __device__ ForwardIterator
upper_bound(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last,
            const LessThanComparable &value) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename LessThanComparable>
__host__ __device__ ForwardIterator
upper_bound(ForwardIterator first, ForwardIterator last,
            const LessThanComparable &value) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename T,
          typename StrictWeakOrdering>
__host__ __device__ ForwardIterator
upper_bound(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last, const T &value,
            StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename T, typename StrictWeakOrdering>
__host__ __device__ ForwardIterator upper_bound(ForwardIterator first,
                                                ForwardIterator last,
                                                const T &value,
                                                StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename LessThanComparable>
__host__ __device__ bool
binary_search(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
              ForwardIterator first, ForwardIterator last,
              const LessThanComparable &value) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename ForwardIterator, typename LessThanComparable>
__host__ __device__ bool binary_search(ForwardIterator first,
                                       ForwardIterator last,
                                       const LessThanComparable &value) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename T,
          typename StrictWeakOrdering>
__host__ __device__ bool
binary_search(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
              ForwardIterator first, ForwardIterator last, const T &value,
              StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename ForwardIterator, typename T, typename StrictWeakOrdering>
__host__ __device__ bool binary_search(ForwardIterator first,
                                       ForwardIterator last, const T &value,
                                       StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename LessThanComparable>
__host__ __device__ thrust::pair<ForwardIterator, ForwardIterator>
equal_range(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last,
            const LessThanComparable &value) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator, ForwardIterator>>();
}
template <typename ForwardIterator, typename LessThanComparable>
__host__ __device__ thrust::pair<ForwardIterator, ForwardIterator>
equal_range(ForwardIterator first, ForwardIterator last,
            const LessThanComparable &value) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator, ForwardIterator>>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename T,
          typename StrictWeakOrdering>
__host__ __device__ thrust::pair<ForwardIterator, ForwardIterator>
equal_range(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last, const T &value,
            StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator, ForwardIterator>>();
}
template <typename ForwardIterator, typename T, typename StrictWeakOrdering>
__host__ __device__ thrust::pair<ForwardIterator, ForwardIterator>
equal_range(ForwardIterator first, ForwardIterator last, const T &value,
            StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator, ForwardIterator>>();
}

template <typename DerivedPolicy, typename ForwardIterator,
          typename InputIterator, typename OutputIterator>
__host__ __device__ OutputIterator lower_bound(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename ForwardIterator, typename InputIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator lower_bound(ForwardIterator first,
                                               ForwardIterator last,
                                               InputIterator values_first,
                                               InputIterator values_last,
                                               OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename InputIterator, typename OutputIterator,
          typename StrictWeakOrdering>
__host__ __device__ OutputIterator lower_bound(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result, StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename ForwardIterator, typename InputIterator,
          typename OutputIterator, typename StrictWeakOrdering>
__host__ __device__ OutputIterator lower_bound(
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result, StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename InputIterator, typename OutputIterator>
__host__ __device__ OutputIterator upper_bound(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename ForwardIterator, typename InputIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator upper_bound(ForwardIterator first,
                                               ForwardIterator last,
                                               InputIterator values_first,
                                               InputIterator values_last,
                                               OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename InputIterator, typename OutputIterator,
          typename StrictWeakOrdering>
__host__ __device__ OutputIterator upper_bound(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result, StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename ForwardIterator, typename InputIterator,
          typename OutputIterator, typename StrictWeakOrdering>
__host__ __device__ OutputIterator upper_bound(
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result, StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename InputIterator, typename OutputIterator>
__host__ __device__ OutputIterator binary_search(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename ForwardIterator, typename InputIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator binary_search(ForwardIterator first,
                                                 ForwardIterator last,
                                                 InputIterator values_first,
                                                 InputIterator values_last,
                                                 OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename InputIterator, typename OutputIterator,
          typename StrictWeakOrdering>
__host__ __device__ OutputIterator binary_search(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result, StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename ForwardIterator, typename InputIterator,
          typename OutputIterator, typename StrictWeakOrdering>
__host__ __device__ OutputIterator binary_search(
    ForwardIterator first, ForwardIterator last, InputIterator values_first,
    InputIterator values_last, OutputIterator result, StrictWeakOrdering comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
