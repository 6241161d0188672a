/* cu2cl's own CUDA headers: thrust/iterator/permutation_iterator.h
 *
 * thrust::permutation_iterator and make_permutation_iterator (Thrust API
 * documentation, "Fancy Iterators"): element[index[i]]. Declarations
 * only. */
#ifndef CU2CL_THRUST_ITERATOR_PERMUTATION_ITERATOR_H
#define CU2CL_THRUST_ITERATOR_PERMUTATION_ITERATOR_H

#include "../detail/cu2cl_base.h"

namespace thrust {

template <typename ElementIterator, typename IndexIterator>
class permutation_iterator
    : public detail::cu2cl_iterator<
          permutation_iterator<ElementIterator, IndexIterator>,
          typename std::iterator_traits<ElementIterator>::value_type,
          typename std::iterator_traits<ElementIterator>::reference> {
public:
  __host__ __device__ permutation_iterator();
  __host__ __device__ explicit permutation_iterator(ElementIterator x,
                                                    IndexIterator y);
};

template <typename ElementIterator, typename IndexIterator>
__host__ __device__ permutation_iterator<ElementIterator, IndexIterator>
make_permutation_iterator(ElementIterator e, IndexIterator i) {
  return ::thrust::detail::cu2cl_result<permutation_iterator<ElementIterator, IndexIterator>>();
}

} // namespace thrust

#endif
