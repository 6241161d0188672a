/* cu2cl's own CUDA headers: thrust/replace.h
 *
 * thrust::replace, replace_if (with and without a stencil), replace_copy and
 * replace_copy_if (Thrust API documentation, "Replacing"), each with and
 * without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_REPLACE_H
#define CU2CL_THRUST_REPLACE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename ForwardIterator, typename T>
__host__ __device__ void
replace(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        ForwardIterator first, ForwardIterator last, const T &old_value,
        const T &new_value) {}
template <typename ForwardIterator, typename T>
__host__ __device__ void replace(ForwardIterator first, ForwardIterator last,
                                 const T &old_value, const T &new_value) {}
template <typename DerivedPolicy, typename ForwardIterator, typename Predicate,
          typename T>
__host__ __device__ void
replace_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
           ForwardIterator first, ForwardIterator last, Predicate pred,
           const T &new_value) {}
template <typename ForwardIterator, typename Predicate, typename T>
__host__ __device__ void replace_if(ForwardIterator first, ForwardIterator last,
                                    Predicate pred, const T &new_value) {}
template <typename DerivedPolicy, typename ForwardIterator,
          typename InputIterator, typename Predicate, typename T>
__host__ __device__ void
replace_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
           ForwardIterator first, ForwardIterator last, InputIterator stencil,
           Predicate pred, const T &new_value) {}
template <typename ForwardIterator, typename InputIterator, typename Predicate,
          typename T>
__host__ __device__ void replace_if(ForwardIterator first, ForwardIterator last,
                                    InputIterator stencil, Predicate pred,
                                    const T &new_value) {}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename T>
__host__ __device__ OutputIterator
replace_copy(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
             InputIterator first, InputIterator last, OutputIterator result,
             const T &old_value, const T &new_value) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator, typename T>
__host__ __device__ OutputIterator replace_copy(InputIterator first,
                                                InputIterator last,
                                                OutputIterator result,
                                                const T &old_value,
                                                const T &new_value) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename DerivedPolicy, typename InputIterator,
          typename OutputIterator, typename Predicate, typename T>
__host__ __device__ OutputIterator replace_copy_if(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    InputIterator first, InputIterator last, OutputIterator result,
    Predicate pred, const T &new_value) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}
template <typename InputIterator, typename OutputIterator, typename Predicate,
          typename T>
__host__ __device__ OutputIterator replace_copy_if(InputIterator first,
                                                   InputIterator last,
                                                   OutputIterator result,
                                                   Predicate pred,
                                                   const T &new_value) {
  return ::thrust::detail::cu2cl_result<OutputIterator>();
}

} // namespace thrust

#endif
