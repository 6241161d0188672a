/* cu2cl's own CUDA headers: thrust/sequence.h
 *
 * thrust::sequence (Thrust API documentation, "Transformations"): first[i] =
 * init + step * i, init defaulting to 0 and step to 1, each with and without
 * an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_SEQUENCE_H
#define CU2CL_THRUST_SEQUENCE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator>
__host__ __device__ void
sequence(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
         ForwardIterator first, ForwardIterator last) {}
template <typename ForwardIterator>
__host__ __device__ void sequence(ForwardIterator first, ForwardIterator last) {}
template <typename DerivedPolicy, typename ForwardIterator, typename T>
__host__ __device__ void
sequence(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
         ForwardIterator first, ForwardIterator last, T init) {}
template <typename ForwardIterator, typename T>
__host__ __device__ void sequence(ForwardIterator first, ForwardIterator last,
                                  T init) {}
template <typename DerivedPolicy, typename ForwardIterator, typename T>
__host__ __device__ void
sequence(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
         ForwardIterator first, ForwardIterator last, T init, T step) {}
template <typename ForwardIterator, typename T>
__host__ __device__ void sequence(ForwardIterator first, ForwardIterator last,
                                  T init, T step) {}

} // namespace thrust

#endif
