/* cu2cl's own CUDA headers: thrust/copy.h
 *
 * thrust::copy, copy_n and copy_if with and without a stencil (Thrust API
 * documentation, "Copying", "Stream Compaction"), each with and without an
 * execution policy. Declarations only. */
#ifndef CU2CL_THRUST_COPY_H
#define CU2CL_THRUST_COPY_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator
copy(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
     InputIterator first, InputIterator last, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator>
__host__ __device__ OutputIterator copy(InputIterator first, InputIterator last,
                                        OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator, typename Size,
          typename OutputIterator>
__host__ __device__ OutputIterator
copy_n(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       InputIterator first, Size n, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename Size, typename OutputIterator>
__host__ __device__ OutputIterator copy_n(InputIterator first, Size n,
                                          OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename Predicate>
__host__ __device__ OutputIterator
copy_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        InputIterator first, InputIterator last, OutputIterator result,
        Predicate pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator, typename Predicate>
__host__ __device__ OutputIterator copy_if(InputIterator first,
                                           InputIterator last,
                                           OutputIterator result,
                                           Predicate pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator, typename Predicate>
__host__ __device__ OutputIterator
copy_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        InputIterator1 first, InputIterator1 last, InputIterator2 stencil,
        OutputIterator result, Predicate pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename Predicate>
__host__ __device__ OutputIterator copy_if(InputIterator1 first,
                                           InputIterator1 last,
                                           InputIterator2 stencil,
                                           OutputIterator result,
                                           Predicate pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
