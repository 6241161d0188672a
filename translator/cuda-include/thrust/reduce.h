/* cu2cl's own CUDA headers: thrust/reduce.h
 *
 * thrust::reduce and reduce_by_key (Thrust API documentation, "Reductions"),
 * each with and without an execution policy: init defaults to T() and the
 * operator to plus. Declarations only. */
#ifndef CU2CL_THRUST_REDUCE_H
#define CU2CL_THRUST_REDUCE_H

#include "detail/cu2cl_base.h"
#include "pair.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator>
__host__ __device__ typename std::iterator_traits<InputIterator>::value_type
reduce(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       InputIterator first, InputIterator last) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<InputIterator>::value_type>();
}
template <typename InputIterator>
__host__ __device__ typename std::iterator_traits<InputIterator>::value_type
reduce(InputIterator first, InputIterator last) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<InputIterator>::value_type>();
}
template <typename DerivedPolicy, typename InputIterator, typename T>
__host__ __device__ T
reduce(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       InputIterator first, InputIterator last, T init) {
  return ::thrust::detail::cu2cl_result<T>();
}
template <typename InputIterator, typename T>
__host__ __device__ T reduce(InputIterator first, InputIterator last, T init) {
  return ::thrust::detail::cu2cl_result<T>();
}
template <typename DerivedPolicy, typename InputIterator, typename T,
          typename BinaryFunction>
__host__ __device__ T reduce(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, T init, BinaryFunction binary_op) {
  return ::thrust::detail::cu2cl_result<T>();
}
template <typename InputIterator, typename T, typename BinaryFunction>
__host__ __device__ T reduce(InputIterator first, InputIterator last, T init,
                             BinaryFunction binary_op) {
  return ::thrust::detail::cu2cl_result<T>();
}

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator1,
          typename OutputIterator2>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
reduce_by_key(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
              InputIterator1 keys_first, InputIterator1 keys_last,
              InputIterator2 values_first, OutputIterator1 keys_output,
              OutputIterator2 values_output) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator1, typename OutputIterator2>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
reduce_by_key(InputIterator1 keys_first, InputIterator1 keys_last,
              InputIterator2 values_first, OutputIterator1 keys_output,
              OutputIterator2 values_output) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator1,
          typename OutputIterator2, typename BinaryPredicate>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
reduce_by_key(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
              InputIterator1 keys_first, InputIterator1 keys_last,
              InputIterator2 values_first, OutputIterator1 keys_output,
              OutputIterator2 values_output, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator1, typename OutputIterator2,
          typename BinaryPredicate>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
reduce_by_key(InputIterator1 keys_first, InputIterator1 keys_last,
              InputIterator2 values_first, OutputIterator1 keys_output,
              OutputIterator2 values_output, BinaryPredicate binary_pred) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator1,
          typename OutputIterator2, typename BinaryPredicate,
          typename BinaryFunction>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
reduce_by_key(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
              InputIterator1 keys_first, InputIterator1 keys_last,
              InputIterator2 values_first, OutputIterator1 keys_output,
              OutputIterator2 values_output, BinaryPredicate binary_pred,
              BinaryFunction binary_op) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator1, typename OutputIterator2,
          typename BinaryPredicate, typename BinaryFunction>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
reduce_by_key(InputIterator1 keys_first, InputIterator1 keys_last,
              InputIterator2 values_first, OutputIterator1 keys_output,
              OutputIterator2 values_output, BinaryPredicate binary_pred,
              BinaryFunction binary_op) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}

} // namespace thrust

#endif
