/* cu2cl's own CUDA headers: thrust/iterator/reverse_iterator.h
 *
 * thrust::reverse_iterator and make_reverse_iterator (Thrust API
 * documentation, "Fancy Iterators"). Declarations only. */
#ifndef CU2CL_THRUST_ITERATOR_REVERSE_ITERATOR_H
#define CU2CL_THRUST_ITERATOR_REVERSE_ITERATOR_H

#include "../detail/cu2cl_base.h"

namespace thrust {

template <typename BidirectionalIterator>
class reverse_iterator
    : public detail::cu2cl_iterator<
          reverse_iterator<BidirectionalIterator>,
          typename std::iterator_traits<BidirectionalIterator>::value_type,
          typename std::iterator_traits<BidirectionalIterator>::reference> {
public:
  __host__ __device__ reverse_iterator();
  __host__ __device__ explicit reverse_iterator(BidirectionalIterator x);
  __host__ __device__ BidirectionalIterator base() const;
};

template <typename BidirectionalIterator>
__host__ __device__ reverse_iterator<BidirectionalIterator>
make_reverse_iterator(BidirectionalIterator x) {
  return ::thrust::detail::cu2cl_result<reverse_iterator<BidirectionalIterator>>();
}

} // namespace thrust

#endif
