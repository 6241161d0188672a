/* cu2cl's own CUDA headers: thrust/fill.h
 *
 * thrust::fill and fill_n (Thrust API documentation, "Filling"), each with
 * and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_FILL_H
#define CU2CL_THRUST_FILL_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator, typename T>
__host__ __device__ void
fill(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
     ForwardIterator first, ForwardIterator last, const T &value) {}
template <typename ForwardIterator, typename T>
__host__ __device__ void fill(ForwardIterator first, ForwardIterator last,
                              const T &value) {}
template <typename DerivedPolicy, typename OutputIterator, typename Size,
          typename T>
__host__ __device__ OutputIterator
fill_n(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
       OutputIterator first, Size n, const T &value) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename OutputIterator, typename Size, typename T>
__host__ __device__ OutputIterator fill_n(OutputIterator first, Size n,
                                          const T &value) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
