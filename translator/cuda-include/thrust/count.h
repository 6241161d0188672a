/* cu2cl's own CUDA headers: thrust/count.h
 *
 * thrust::count and count_if (Thrust API documentation, "Counting"), each
 * with and without an execution policy. Declarations only. */
#ifndef CU2CL_THRUST_COUNT_H
#define CU2CL_THRUST_COUNT_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator,
          typename EqualityComparable>
__host__ __device__
    typename std::iterator_traits<InputIterator>::difference_type
    count(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          InputIterator first, InputIterator last,
          const EqualityComparable &value) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<InputIterator>::difference_type>();
}
template <typename InputIterator, typename EqualityComparable>
__host__ __device__
    typename std::iterator_traits<InputIterator>::difference_type
    count(InputIterator first, InputIterator last,
          const EqualityComparable &value) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<InputIterator>::difference_type>();
}
template <typename DerivedPolicy, typename InputIterator, typename Predicate>
__host__ __device__
    typename std::iterator_traits<InputIterator>::difference_type
    count_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
             InputIterator first, InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<InputIterator>::difference_type>();
}
template <typename InputIterator, typename Predicate>
__host__ __device__
    typename std::iterator_traits<InputIterator>::difference_type
    count_if(InputIterator first, InputIterator last, Predicate pred) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<InputIterator>::difference_type>();
}

} // namespace thrust

#endif
