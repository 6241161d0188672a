/* cu2cl's own CUDA headers: thrust/generate.h
 *
 * thrust::generate and generate_n (Thrust API documentation,
 * "Transformations"), each with and without an execution policy. Declarations
 * only. */
#ifndef CU2CL_THRUST_GENERATE_H
#define CU2CL_THRUST_GENERATE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator, typename Generator>
__host__ __device__ void
generate(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
         ForwardIterator first, ForwardIterator last, Generator gen) {}
template <typename ForwardIterator, typename Generator>
__host__ __device__ void generate(ForwardIterator first, ForwardIterator last,
                                  Generator gen) {}
template <typename DerivedPolicy, typename OutputIterator, typename Size,
          typename Generator>
__host__ __device__ OutputIterator
generate_n(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
           OutputIterator first, Size n, Generator gen) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename OutputIterator, typename Size, typename Generator>
__host__ __device__ OutputIterator generate_n(OutputIterator first, Size n,
                                              Generator gen) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
