/* cu2cl's own CUDA headers: thrust/iterator/transform_iterator.h
 *
 * thrust::transform_iterator and make_transform_iterator (Thrust API
 * documentation, "Fancy Iterators"): f applied to each element of another
 * iterator. Declarations only. */
#ifndef CU2CL_THRUST_ITERATOR_TRANSFORM_ITERATOR_H
#define CU2CL_THRUST_ITERATOR_TRANSFORM_ITERATOR_H

#include "../detail/cu2cl_base.h"

namespace thrust {

template <typename AdaptableUnaryFunction, typename Iterator,
          typename Reference = std::invoke_result_t<
              AdaptableUnaryFunction,
              typename std::iterator_traits<Iterator>::reference>,
          typename Value = std::decay_t<Reference>>
class transform_iterator : public detail::cu2cl_iterator<
                               transform_iterator<AdaptableUnaryFunction,
                                                  Iterator, Reference, Value>,
                               Value, Reference> {
public:
  __host__ __device__ transform_iterator();
  __host__ __device__ transform_iterator(const Iterator &x,
                                         AdaptableUnaryFunction f);
  __host__ __device__ const Iterator &base() const;
  __host__ __device__ AdaptableUnaryFunction functor() const;
};

template <typename AdaptableUnaryFunction, typename Iterator>
__host__ __device__ transform_iterator<AdaptableUnaryFunction, Iterator>
make_transform_iterator(Iterator it, AdaptableUnaryFunction fun) {
  return ::thrust::detail::cu2cl_result<transform_iterator<AdaptableUnaryFunction, Iterator>>();
}

} // namespace thrust

#endif
