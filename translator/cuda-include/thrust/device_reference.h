/* cu2cl's own CUDA headers: thrust/device_reference.h
 *
 * thrust::device_reference<T> (Thrust API documentation, "Memory
 * Management"): what dereferencing a device_ptr gives host code; reading
 * it copies the element to the host, assigning copies to the device.
 * Declarations only. */
#ifndef CU2CL_THRUST_DEVICE_REFERENCE_H
#define CU2CL_THRUST_DEVICE_REFERENCE_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename T> class device_ptr;

template <typename T> class device_reference {
public:
  typedef std::remove_cv_t<T> value_type;
  typedef device_ptr<T> pointer;

  __host__ __device__ explicit device_reference(const pointer &ptr);
  template <typename U>
  __host__ __device__ device_reference(const device_reference<U> &other);
  __host__ __device__ device_reference &operator=(const device_reference &x);
  template <typename U>
  __host__ __device__ device_reference &operator=(const device_reference<U> &x);
  __host__ __device__ device_reference &operator=(const value_type &x);
  __host__ __device__ operator value_type() const;
  __host__ __device__ pointer operator&() const;
  __host__ __device__ void swap(device_reference &other);

  __host__ __device__ device_reference &operator++();
  __host__ __device__ value_type operator++(int);
  __host__ __device__ device_reference &operator--();
  __host__ __device__ value_type operator--(int);
  template <typename U>
  __host__ __device__ device_reference &operator+=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator-=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator*=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator/=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator%=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator&=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator|=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator^=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator<<=(const U &rhs);
  template <typename U>
  __host__ __device__ device_reference &operator>>=(const U &rhs);
};

template <typename T>
__host__ __device__ void swap(device_reference<T> x, device_reference<T> y) {}

} // namespace thrust

#endif
