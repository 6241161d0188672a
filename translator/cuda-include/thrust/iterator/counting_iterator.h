/* cu2cl's own CUDA headers: thrust/iterator/counting_iterator.h
 *
 * thrust::counting_iterator and make_counting_iterator (Thrust API
 * documentation, "Fancy Iterators"): the sequence init, init + 1, ...
 * Declarations only. */
#ifndef CU2CL_THRUST_ITERATOR_COUNTING_ITERATOR_H
#define CU2CL_THRUST_ITERATOR_COUNTING_ITERATOR_H

#include "../detail/cu2cl_base.h"

namespace thrust {

template <typename Incrementable, typename System = void,
          typename Traversal = void, typename Difference = std::ptrdiff_t>
class counting_iterator
    : public detail::cu2cl_iterator<
          counting_iterator<Incrementable, System, Traversal, Difference>,
          Incrementable, Incrementable, Difference> {
public:
  __host__ __device__ counting_iterator();
  __host__ __device__ explicit counting_iterator(Incrementable init);
};

template <typename Incrementable>
__host__ __device__ counting_iterator<Incrementable>
make_counting_iterator(Incrementable x) {
  return ::thrust::detail::cu2cl_result<counting_iterator<Incrementable>>();
}

} // namespace thrust

#endif
