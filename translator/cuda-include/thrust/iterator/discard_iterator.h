/* cu2cl's own CUDA headers: thrust/iterator/discard_iterator.h
 *
 * thrust::discard_iterator and make_discard_iterator (Thrust API
 * documentation, "Fancy Iterators"): an output iterator that drops what is
 * written to it. Declarations only. */
#ifndef CU2CL_THRUST_ITERATOR_DISCARD_ITERATOR_H
#define CU2CL_THRUST_ITERATOR_DISCARD_ITERATOR_H

#include "../detail/cu2cl_base.h"

namespace thrust {

namespace detail {
struct any_assign {
  template <typename T>
  __host__ __device__ const any_assign &operator=(const T &) const;
};
} // namespace detail

template <typename System = void>
class discard_iterator
    : public detail::cu2cl_iterator<discard_iterator<System>,
                                    detail::any_assign,
                                    const detail::any_assign &> {
public:
  __host__ __device__ discard_iterator();
  __host__ __device__ explicit discard_iterator(std::ptrdiff_t i);
};

__host__ __device__ discard_iterator<>
make_discard_iterator(std::ptrdiff_t i = 0);

} // namespace thrust

#endif
