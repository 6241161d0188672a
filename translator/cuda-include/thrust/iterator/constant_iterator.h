/* cu2cl's own CUDA headers: thrust/iterator/constant_iterator.h
 *
 * thrust::constant_iterator and make_constant_iterator (Thrust API
 * documentation, "Fancy Iterators"): the same value at every position.
 * Declarations only. */
#ifndef CU2CL_THRUST_ITERATOR_CONSTANT_ITERATOR_H
#define CU2CL_THRUST_ITERATOR_CONSTANT_ITERATOR_H

#include "../detail/cu2cl_base.h"

namespace thrust {

template <typename Value, typename Incrementable = std::ptrdiff_t,
          typename System = void>
class constant_iterator : public detail::cu2cl_iterator<
                              constant_iterator<Value, Incrementable, System>,
                              Value, const Value &> {
public:
  __host__ __device__ constant_iterator();
  __host__ __device__ explicit constant_iterator(const Value &value,
                                                 Incrementable i = 0);
};

template <typename V>
__host__ __device__ constant_iterator<V> make_constant_iterator(V x) {
  return ::thrust::detail::cu2cl_result<constant_iterator<V>>();
}
template <typename V, typename I>
__host__ __device__ constant_iterator<V, I> make_constant_iterator(V x, I i) {
  return ::thrust::detail::cu2cl_result<constant_iterator<V, I>>();
}

} // namespace thrust

#endif
