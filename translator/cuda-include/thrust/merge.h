/* cu2cl's own CUDA headers: thrust/merge.h
 *
 * thrust::merge and merge_by_key (Thrust API documentation, "Merging"), each
 * with and without an execution policy and comparator. Declarations only. */
#ifndef CU2CL_THRUST_MERGE_H
#define CU2CL_THRUST_MERGE_H

#include "detail/cu2cl_base.h"
#include "pair.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputIterator>
__host__ __device__ OutputIterator
merge(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
      InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
      InputIterator2 last2, OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator>
__host__ __device__ OutputIterator merge(InputIterator1 first1,
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
merge(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
      InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
      InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator1, typename InputIterator2,
          typename OutputIterator, typename StrictWeakCompare>
__host__ __device__ OutputIterator
merge(InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
      InputIterator2 last2, OutputIterator result, StrictWeakCompare comp) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename InputIterator3,
          typename InputIterator4, typename OutputIterator1,
          typename OutputIterator2>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
merge_by_key(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
             InputIterator1 keys_first1, InputIterator1 keys_last1,
             InputIterator2 keys_first2, InputIterator2 keys_last2,
             InputIterator3 values_first1, InputIterator4 values_first2,
             OutputIterator1 keys_result, OutputIterator2 values_result) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}
template <typename InputIterator1, typename InputIterator2,
          typename InputIterator3, typename InputIterator4,
          typename OutputIterator1, typename OutputIterator2>
__host__ __device__ thrust::pair<OutputIterator1, OutputIterator2>
merge_by_key(InputIterator1 keys_first1, InputIterator1 keys_last1,
             InputIterator2 keys_first2, InputIterator2 keys_last2,
             InputIterator3 values_first1, InputIterator4 values_first2,
             OutputIterator1 keys_result, OutputIterator2 values_result) {
  return ::thrust::detail::cu2cl_result<thrust::pair<OutputIterator1, OutputIterator2>>();
}

} // namespace thrust

#endif
