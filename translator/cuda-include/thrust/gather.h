/* cu2cl's own CUDA headers: thrust/gather.h
 *
 * thrust::gather and gather_if (Thrust API documentation, "Copying",
 * "Gathering"): result[i] = input[map[i]], each with and without an execution
 * policy. Declarations only. */
#ifndef CU2CL_THRUST_GATHER_H
#define CU2CL_THRUST_GATHER_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename RandomAccessIterator, typename OutputIterator>
__host__ __device__ OutputIterator
gather(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       InputIterator map_first, InputIterator map_last,
       RandomAccessIterator input_first, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename RandomAccessIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator gather(InputIterator map_first,
                                          InputIterator map_last,
                                          RandomAccessIterator input_first,
                                          OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename RandomAccessIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator gather_if(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 map_first, InputIterator1 map_last, InputIterator2 stencil,
    RandomAccessIterator input_first, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename RandomAccessIterator, typename OutputIterator>
__host__ __device__ OutputIterator gather_if(InputIterator1 map_first,
                                             InputIterator1 map_last,
                                             InputIterator2 stencil,
                                             RandomAccessIterator input_first,
                                             OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename RandomAccessIterator,
          typename OutputIterator, typename Predicate>
__host__ __device__ OutputIterator gather_if(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 map_first, InputIterator1 map_last, InputIterator2 stencil,
    RandomAccessIterator input_first, OutputIterator result, Predicate pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename RandomAccessIterator, typename OutputIterator,
          typename Predicate>
__host__ __device__ OutputIterator gather_if(
    InputIterator1 map_first, InputIterator1 map_last, InputIterator2 stencil,
    RandomAccessIterator input_first, OutputIterator result, Predicate pred) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
