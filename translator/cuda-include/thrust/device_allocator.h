/* cu2cl's own CUDA headers: thrust/device_allocator.h
 *
 * thrust::device_allocator<T> (Thrust API documentation, "Memory
 * Management"), device_vector's default allocator. Declarations only. */
#ifndef CU2CL_THRUST_DEVICE_ALLOCATOR_H
#define CU2CL_THRUST_DEVICE_ALLOCATOR_H

#include "device_ptr.h"

namespace thrust {

template <typename T> class device_allocator {
public:
  typedef T value_type;
  typedef device_ptr<T> pointer;
  typedef device_ptr<const T> const_pointer;
  typedef device_reference<T> reference;
  typedef device_reference<const T> const_reference;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;
  template <typename U> struct rebind { typedef device_allocator<U> other; };
  __host__ device_allocator();
  template <typename U> __host__ device_allocator(const device_allocator<U> &);
  __host__ pointer allocate(size_type n);
  __host__ void deallocate(pointer p, size_type n);
};

} // namespace thrust

#endif
