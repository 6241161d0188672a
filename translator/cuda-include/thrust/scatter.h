/* cu2cl's own CUDA headers: thrust/scatter.h
 *
 * thrust::scatter and scatter_if (Thrust API documentation, "Copying",
 * "Scattering"): result[map[i]] = first[i], each with and without an
 * execution policy. Declarations only. */
#ifndef CU2CL_THRUST_SCATTER_H
#define CU2CL_THRUST_SCATTER_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename RandomAccessIterator>
__host__ __device__ void
scatter(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
        InputIterator1 first, InputIterator1 last, InputIterator2 map,
        RandomAccessIterator result) {}
template <typename InputIterator1, typename InputIterator2,
          typename RandomAccessIterator>
__host__ __device__ void scatter(InputIterator1 first, InputIterator1 last,
                                 InputIterator2 map,
                                 RandomAccessIterator result) {}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename InputIterator3,
          typename RandomAccessIterator>
__host__ __device__ void
scatter_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
           InputIterator1 first, InputIterator1 last, InputIterator2 map,
           InputIterator3 stencil, RandomAccessIterator output) {}
template <typename InputIterator1, typename InputIterator2,
          typename InputIterator3, typename RandomAccessIterator>
__host__ __device__ void scatter_if(InputIterator1 first, InputIterator1 last,
                                    InputIterator2 map, InputIterator3 stencil,
                                    RandomAccessIterator output) {}
template <typename DerivedPolicy, typename InputIterator1,
          typename InputIterator2, typename InputIterator3,
          typename RandomAccessIterator, typename Predicate>
__host__ __device__ void
scatter_if(const thrust::detail::execution_policy_base<DerivedPolicy> &exec,
           InputIterator1 first, InputIterator1 last, InputIterator2 map,
           InputIterator3 stencil, RandomAccessIterator output, Predicate pred) {}
template <typename InputIterator1, typename InputIterator2,
          typename InputIterator3, typename RandomAccessIterator,
          typename Predicate>
__host__ __device__ void
scatter_if(InputIterator1 first, InputIterator1 last, InputIterator2 map,
           InputIterator3 stencil, RandomAccessIterator output, Predicate pred) {}

} // namespace thrust

#endif
