/* cu2cl's own CUDA headers: thrust/transform_reduce.h
 *
 * thrust::transform_reduce (Thrust API documentation, "Transformed
 * Reductions"), with and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_TRANSFORM_REDUCE_H
#define CU2CL_THRUST_TRANSFORM_REDUCE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename UnaryFunction, typename OutputType, typename BinaryFunction>
__host__ __device__ OutputType transform_reduce(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, UnaryFunction unary_op,
    OutputType init, BinaryFunction binary_op) {
  return ::thrust::detail::cu2cl_result<OutputType>();
}
template <typename InputIterator, typename UnaryFunction, typename OutputType,
          typename BinaryFunction>
__host__ __device__ OutputType transform_reduce(InputIterator first,
                                                InputIterator last,
                                                UnaryFunction unary_op,
                                                OutputType init,
                                                BinaryFunction binary_op) {
  return ::thrust::detail::cu2cl_result<OutputType>();
}

} // namespace thrust

#endif
