/* cu2cl's own CUDA headers: thrust/sort.h
 *
 * thrust::sort, stable_sort, sort_by_key, stable_sort_by_key, is_sorted and
 * is_sorted_until (Thrust API documentation, "Sorting"), each with and
 * without an execution policy: ascending by operator< unless a comparator is
 * given. Declarations only. */
#ifndef CU2CL_THRUST_SORT_H
#define CU2CL_THRUST_SORT_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename RandomAccessIterator>
__host__ __device__ void
sort(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
     RandomAccessIterator first, RandomAccessIterator last) {}
template <typename RandomAccessIterator>
__host__ __device__ void sort(RandomAccessIterator first,
                              RandomAccessIterator last) {}
template <typename DerivedPolicy, typename RandomAccessIterator,
          typename StrictWeakOrdering>
__host__ __device__ void
sort(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
     RandomAccessIterator first, RandomAccessIterator last,
     StrictWeakOrdering comp) {}
template <typename RandomAccessIterator, typename StrictWeakOrdering>
__host__ __device__ void sort(RandomAccessIterator first,
                              RandomAccessIterator last,
                              StrictWeakOrdering comp) {}
template <typename DerivedPolicy, typename RandomAccessIterator>
__host__ __device__ void
stable_sort(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            RandomAccessIterator first, RandomAccessIterator last) {}
template <typename RandomAccessIterator>
__host__ __device__ void stable_sort(RandomAccessIterator first,
                                     RandomAccessIterator last) {}
template <typename DerivedPolicy, typename RandomAccessIterator,
          typename StrictWeakOrdering>
__host__ __device__ void
stable_sort(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            RandomAccessIterator first, RandomAccessIterator last,
            StrictWeakOrdering comp) {}
template <typename RandomAccessIterator, typename StrictWeakOrdering>
__host__ __device__ void stable_sort(RandomAccessIterator first,
                                     RandomAccessIterator last,
                                     StrictWeakOrdering comp) {}

template <typename DerivedPolicy, typename RandomAccessIterator1,
          typename RandomAccessIterator2>
__host__ __device__ void
sort_by_key(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            RandomAccessIterator1 keys_first, RandomAccessIterator1 keys_last,
            RandomAccessIterator2 values_first) {}
template <typename RandomAccessIterator1, typename RandomAccessIterator2>
__host__ __device__ void sort_by_key(RandomAccessIterator1 keys_first,
                                     RandomAccessIterator1 keys_last,
                                     RandomAccessIterator2 values_first) {}
template <typename DerivedPolicy, typename RandomAccessIterator1,
          typename RandomAccessIterator2, typename StrictWeakOrdering>
__host__ __device__ void
sort_by_key(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
            RandomAccessIterator1 keys_first, RandomAccessIterator1 keys_last,
            RandomAccessIterator2 values_first, StrictWeakOrdering comp) {}
template <typename RandomAccessIterator1, typename RandomAccessIterator2,
          typename StrictWeakOrdering>
__host__ __device__ void
sort_by_key(RandomAccessIterator1 keys_first, RandomAccessIterator1 keys_last,
            RandomAccessIterator2 values_first, StrictWeakOrdering comp) {}
template <typename DerivedPolicy, typename RandomAccessIterator1,
          typename RandomAccessIterator2>
__host__ __device__ void stable_sort_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    RandomAccessIterator1 keys_first, RandomAccessIterator1 keys_last,
    RandomAccessIterator2 values_first) {}
template <typename RandomAccessIterator1, typename RandomAccessIterator2>
__host__ __device__ void stable_sort_by_key(RandomAccessIterator1 keys_first,
                                            RandomAccessIterator1 keys_last,
                                            RandomAccessIterator2 values_first) {}
template <typename DerivedPolicy, typename RandomAccessIterator1,
          typename RandomAccessIterator2, typename StrictWeakOrdering>
__host__ __device__ void stable_sort_by_key(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    RandomAccessIterator1 keys_first, RandomAccessIterator1 keys_last,
    RandomAccessIterator2 values_first, StrictWeakOrdering comp) {}
template <typename RandomAccessIterator1, typename RandomAccessIterator2,
          typename StrictWeakOrdering>
__host__ __device__ void stable_sort_by_key(RandomAccessIterator1 keys_first,
                                            RandomAccessIterator1 keys_last,
                                            RandomAccessIterator2 values_first,
                                            StrictWeakOrdering comp) {}

template <typename DerivedPolicy, typename ForwardIterator>
__host__ __device__ bool
is_sorted(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename ForwardIterator>
__host__ __device__ bool is_sorted(ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename Compare>
__host__ __device__ bool
is_sorted(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
          ForwardIterator first, ForwardIterator last, Compare comp) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename ForwardIterator, typename Compare>
__host__ __device__ bool is_sorted(ForwardIterator first, ForwardIterator last,
                                   Compare comp) {
  return ::thrust::detail::cu2cl_result<bool>();
}
template <typename DerivedPolicy, typename ForwardIterator>
__host__ __device__ ForwardIterator is_sorted_until(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator>
__host__ __device__ ForwardIterator is_sorted_until(ForwardIterator first,
                                                    ForwardIterator last) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename DerivedPolicy, typename ForwardIterator, typename Compare>
__host__ __device__ ForwardIterator is_sorted_until(
    const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
    ForwardIterator first, ForwardIterator last, Compare comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}
template <typename ForwardIterator, typename Compare>
__host__ __device__ ForwardIterator is_sorted_until(ForwardIterator first,
                                                    ForwardIterator last,
                                                    Compare comp) {
  return ::thrust::detail::cu2cl_result<ForwardIterator>();
}

} // namespace thrust

#endif
