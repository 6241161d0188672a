/* cu2cl's own CUDA headers: thrust/distance.h
 *
 * thrust::distance (Thrust API documentation, "Iterators"). Declaration
 * only. Thrust's containers and algorithms headers bring it too. */
#ifndef CU2CL_THRUST_DISTANCE_H
#define CU2CL_THRUST_DISTANCE_H

#include <iterator>

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename InputIterator>
__host__ __device__ typename std::iterator_traits<InputIterator>::difference_type
distance(InputIterator first, InputIterator last) {
  return ::thrust::detail::cu2cl_result<typename std::iterator_traits<InputIterator>::difference_type>();
}

} // namespace thrust

#endif
