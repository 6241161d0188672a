/* cu2cl's own CUDA headers: thrust/tabulate.h
 *
 * thrust::tabulate (Thrust API documentation, "Transformations"): first[i] =
 * op(i), with and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_TABULATE_H
#define CU2CL_THRUST_TABULATE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator,
          typename UnaryOperation>
__host__ __device__ void
tabulate(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
         ForwardIterator first, ForwardIterator last, UnaryOperation unary_op) {}
template <typename ForwardIterator, typename UnaryOperation>
__host__ __device__ void tabulate(ForwardIterator first, ForwardIterator last,
                                  UnaryOperation unary_op) {}

} // namespace thrust

#endif
