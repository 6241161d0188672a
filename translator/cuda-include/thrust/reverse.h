/* cu2cl's own CUDA headers: thrust/reverse.h
 *
 * thrust::reverse and reverse_copy (Thrust API documentation, "Reordering"),
 * each with and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_REVERSE_H
#define CU2CL_THRUST_REVERSE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename BidirectionalIterator>
__host__ __device__ void
reverse(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        BidirectionalIterator first, BidirectionalIterator last) {}
template <typename BidirectionalIterator>
__host__ __device__ void reverse(BidirectionalIterator first,
                                 BidirectionalIterator last) {}
template <typename DerivedPolicy, typename BidirectionalIterator,
          typename OutputIterator>
__host__ __device__ OutputIterator
reverse_copy(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
             BidirectionalIterator first, BidirectionalIterator last,
             OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename BidirectionalIterator, typename OutputIterator>
__host__ __device__ OutputIterator reverse_copy(BidirectionalIterator first,
                                                BidirectionalIterator last,
                                                OutputIterator result) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
