/* cu2cl's own CUDA headers: thrust/device_malloc.h
 *
 * thrust::device_malloc (Thrust API documentation, "Memory Management"):
 * n elements of T, or n bytes, of device memory. Declarations only. */
#ifndef CU2CL_THRUST_DEVICE_MALLOC_H
#define CU2CL_THRUST_DEVICE_MALLOC_H

#include "device_ptr.h"

namespace thrust {

template <typename T> __host__ device_ptr<T> device_malloc(std::size_t n) {
  return ::thrust::detail::cu2cl_result<device_ptr<T>>();
}
__host__ device_ptr<void> device_malloc(std::size_t n);

} // namespace thrust

#endif
