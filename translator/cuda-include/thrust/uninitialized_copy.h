/* cu2cl's own CUDA headers: thrust/uninitialized_copy.h
 *
 * thrust::uninitialized_copy (Thrust API documentation, "Copying"), with
 * and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_UNINITIALIZED_COPY_H
#define CU2CL_THRUST_UNINITIALIZED_COPY_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename ForwardIterator>
__host__ __device__ ForwardIterator uninitialized_copy(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, ForwardIterator result) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename InputIterator, typename ForwardIterator>
__host__ __device__ ForwardIterator uninitialized_copy(InputIterator first,
                                                       InputIterator last,
                                                       ForwardIterator result) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}

} // namespace thrust

#endif
