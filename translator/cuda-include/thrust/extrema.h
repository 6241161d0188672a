/* cu2cl's own CUDA headers: thrust/extrema.h
 *
 * thrust::min_element, max_element and minmax_element (Thrust API
 * documentation, "Extrema"), each with and without an execution policy and
 * comparator. Declarations only. */
#ifndef CU2CL_THRUST_EXTREMA_H
#define CU2CL_THRUST_EXTREMA_H

#include "detail/cu2cl_base.h"
#include "pair.h"
#include "distance.h"

namespace thrust {

template <typename T>
__host__ __device__ const T &min(const T &lhs, const T &rhs) {
  return ::thrust::detail::cu2cl_result<const T &>();
}
template <typename T>
__host__ __device__ const T &max(const T &lhs, const T &rhs) {
  return ::thrust::detail::cu2cl_result<const T &>();
}

template <typename DerivedPolicy, typename ForwardIterator>
__host__ __device__ ForwardIterator
min_element(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator>
__host__ __device__ ForwardIterator min_element(ForwardIterator first,
                                                ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename BinaryPredicate>
__host__ __device__ ForwardIterator
min_element(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last, BinaryPredicate comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename BinaryPredicate>
__host__ __device__ ForwardIterator min_element(ForwardIterator first,
                                                ForwardIterator last,
                                                BinaryPredicate comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator>
__host__ __device__ ForwardIterator
max_element(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator>
__host__ __device__ ForwardIterator max_element(ForwardIterator first,
                                                ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename BinaryPredicate>
__host__ __device__ ForwardIterator
max_element(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            ForwardIterator first, ForwardIterator last, BinaryPredicate comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename BinaryPredicate>
__host__ __device__ ForwardIterator max_element(ForwardIterator first,
                                                ForwardIterator last,
                                                BinaryPredicate comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator>
__host__ __device__ thrust::pair<ForwardIterator, ForwardIterator>
minmax_element(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator, ForwardIterator>>();
}
template <typename ForwardIterator>
__host__ __device__ thrust::pair<ForwardIterator, ForwardIterator>
minmax_element(ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator, ForwardIterator>>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename BinaryPredicate>
__host__ __device__ thrust::pair<ForwardIterator, ForwardIterator>
minmax_element(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               ForwardIterator first, ForwardIterator last,
               BinaryPredicate comp) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator, ForwardIterator>>();
}
template <typename ForwardIterator, typename BinaryPredicate>
__host__ __device__ thrust::pair<ForwardIterator, ForwardIterator>
minmax_element(ForwardIterator first, ForwardIterator last,
               BinaryPredicate comp) {
  return ::thrust::detail::cu2cl_result<thrust::pair<ForwardIterator, ForwardIterator>>();
}

} // namespace thrust

#endif
