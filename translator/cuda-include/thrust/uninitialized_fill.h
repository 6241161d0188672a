/* cu2cl's own CUDA headers: thrust/uninitialized_fill.h
 *
 * thrust::uninitialized_fill and uninitialized_fill_n (Thrust API
 * documentation, "Filling"), each with and without an execution policy.
 * Declarations only. */
#ifndef CU2CL_THRUST_UNINITIALIZED_FILL_H
#define CU2CL_THRUST_UNINITIALIZED_FILL_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator, typename T>
__host__ __device__ void uninitialized_fill(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, const T &x) {}
template <typename ForwardIterator, typename T>
__host__ __device__ void uninitialized_fill(ForwardIterator first,
                                            ForwardIterator last, const T &x) {}
template <typename DerivedPolicy, typename ForwardIterator, typename Size,
          typename T>
__host__ __device__ ForwardIterator uninitialized_fill_n(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, Size n, const T &x) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename Size, typename T>
__host__ __device__ ForwardIterator uninitialized_fill_n(ForwardIterator first,
                                                         Size n, const T &x) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}

} // namespace thrust

#endif
