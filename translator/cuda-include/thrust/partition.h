/* cu2cl's own CUDA headers: thrust/partition.h
 *
 * thrust::partition, stable_partition, partition_copy, partition_point and
 * is_partitioned (Thrust API documentation, "Partitioning"), each with and
 * without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_PARTITION_H
#define CU2CL_THRUST_PARTITION_H

#include "detail/cu2cl_base.h"
#include "pair.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator, typename Predicate>
__host__ __device__ ForwardIterator
partition(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          ForwardIterator first, ForwardIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename Predicate>
__host__ __device__ ForwardIterator partition(ForwardIterator first,
                                              ForwardIterator last,
                                              Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename Predicate>
__host__ __device__ ForwardIterator stable_partition(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename Predicate>
__host__ __device__ ForwardIterator stable_partition(ForwardIterator first,
                                                     ForwardIterator last,
                                                     Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator1, typename OutputIterator2,
          typename Predicate>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
partition_copy(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               InputIterator first, InputIterator last,
               OutputIterator1 out_true, OutputIterator2 out_false,
               Predicate pred) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename InputIterator, typename OutputIterator1,
          typename OutputIterator2, typename Predicate>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
partition_copy(InputIterator first, InputIterator last,
               OutputIterator1 out_true, OutputIterator2 out_false,
               Predicate pred) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename Predicate>
__host__ __device__ ForwardIterator partition_point(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename Predicate>
__host__ __device__ ForwardIterator partition_point(ForwardIterator first,
                                                    ForwardIterator last,
                                                    Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename InputIterator, typename Predicate>
__host__ __device__ bool
is_partitioned(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               InputIterator first, InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename InputIterator, typename Predicate>
__host__ __device__ bool is_partitioned(InputIterator first, InputIterator last,
                                        Predicate pred) {
  return ::thrust::detail::cu2cl_result<bool>();
}

} // namespace thrust

#endif
