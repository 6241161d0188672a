/* cu2cl's own CUDA headers: thrust/inner_product.h
 *
 * thrust::inner_product (Thrust API documentation, "Transformed Reductions"),
 * with and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_INNER_PRODUCT_H
#define CU2CL_THRUST_INNER_PRODUCT_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputType>
__host__ __device__ OutputType
inner_product(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
              InputIterator1 first1, InputIterator1 last1,
              InputIterator2 first2, OutputType init) {
  return ::thrust::detail::cu2cl_result<OutputType>();
}
template <typename InputIterator1, typename InputIterator2, typename OutputType>
__host__ __device__ OutputType inner_product(InputIterator1 first1,
                                             InputIterator1 last1,
                                             InputIterator2 first2,
                                             OutputType init) {
  return ::thrust::detail::cu2cl_result<OutputType>();
}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename OutputType,
          typename BinaryFunction1, typename BinaryFunction2>
__host__ __device__ OutputType inner_product(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputType init, BinaryFunction1 binary_op1, BinaryFunction2 binary_op2) {
  return ::thrust::detail::cu2cl_result<OutputType>();
}
template <typename InputIterator1, typename InputIterator2, typename OutputType,
          typename BinaryFunction1, typename BinaryFunction2>
__host__ __device__ OutputType inner_product(
    InputIterator1 first1, InputIterator1 last1, InputIterator2 first2,
    OutputType init, BinaryFunction1 binary_op1, BinaryFunction2 binary_op2) {
  return ::thrust::detail::cu2cl_result<OutputType>();
}

} // namespace thrust

#endif
