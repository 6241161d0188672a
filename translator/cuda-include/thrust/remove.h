/* cu2cl's own CUDA headers: thrust/remove.h
 *
 * thrust::remove, remove_if (with and without a stencil), remove_copy and
 * remove_copy_if (Thrust API documentation, "Stream Compaction"), each with
 * and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_REMOVE_H
#define CU2CL_THRUST_REMOVE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator, typename T>
__host__ __device__ ForwardIterator
remove(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       ForwardIterator first, ForwardIterator last, const T &value) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename T>
__host__ __device__ ForwardIterator remove(ForwardIterator first,
                                           ForwardIterator last,
                                           const T &value) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename Predicate>
__host__ __device__ ForwardIterator
remove_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          ForwardIterator first, ForwardIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename Predicate>
__host__ __device__ ForwardIterator remove_if(ForwardIterator first,
                                              ForwardIterator last,
                                              Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator,
          typename InputIterator, typename Predicate>
__host__ __device__ ForwardIterator
remove_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          ForwardIterator first, ForwardIterator last, InputIterator stencil,
          Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename InputIterator, typename Predicate>
__host__ __device__ ForwardIterator remove_if(ForwardIterator first,
                                              ForwardIterator last,
                                              InputIterator stencil,
                                              Predicate pred) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename T>
__host__ __device__ OutputIterator
remove_copy(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            InputIterator first, InputIterator last, OutputIterator result,
            const T &value) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator, typename T>
__host__ __device__ OutputIterator remove_copy(InputIterator first,
                                               InputIterator last,
                                               OutputIterator result,
                                               const T &value) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename Predicate>
__host__ __device__ OutputIterator
remove_copy_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
               InputIterator first, InputIterator last, OutputIterator result,
               Predicate pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator, typename Predicate>
__host__ __device__ OutputIterator remove_copy_if(InputIterator first,
                                                  InputIterator last,
                                                  OutputIterator result,
                                                  Predicate pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
