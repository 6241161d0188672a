/* cu2cl's own CUDA headers: thrust/iterator/zip_iterator.h
 *
 * thrust::zip_iterator and make_zip_iterator (Thrust API documentation,
 * "Fancy Iterators"): a tuple of iterators that dereferences to a tuple of
 * their elements. Declarations only. */
#ifndef CU2CL_THRUST_ITERATOR_ZIP_ITERATOR_H
#define CU2CL_THRUST_ITERATOR_ZIP_ITERATOR_H

#include "../detail/cu2cl_base.h"
#include "../tuple.h"

namespace thrust {

template <typename IteratorTuple> class zip_iterator;

template <typename... Iterators>
class zip_iterator<tuple<Iterators...>>
    : public detail::cu2cl_iterator<
          zip_iterator<tuple<Iterators...>>,
          tuple<typename std::iterator_traits<Iterators>::value_type...>,
          tuple<typename std::iterator_traits<Iterators>::reference...>> {
public:
  __host__ __device__ zip_iterator();
  __host__ __device__ zip_iterator(tuple<Iterators...> iterators);
  __host__ __device__ const tuple<Iterators...> &get_iterator_tuple() const;
};

template <typename... Iterators>
__host__ __device__ zip_iterator<tuple<Iterators...>>
make_zip_iterator(tuple<Iterators...> t) {
  return ::thrust::detail::cu2cl_result<zip_iterator<tuple<Iterators...>>>();
}
template <typename... Iterators>
__host__ __device__ zip_iterator<tuple<Iterators...>>
make_zip_iterator(Iterators... its) {
  return ::thrust::detail::cu2cl_result<zip_iterator<tuple<Iterators...>>>();
}

} // namespace thrust

#endif
