/* cu2cl's own CUDA headers: thrust/device_ptr.h
 *
 * thrust::device_ptr<T> (Thrust API documentation, "Memory Management"):
 * a pointer to device memory that marks an iterator range as the device's,
 * with device_pointer_cast and raw_pointer_cast. Declarations only. */
#ifndef CU2CL_THRUST_DEVICE_PTR_H
#define CU2CL_THRUST_DEVICE_PTR_H

#include "detail/cu2cl_base.h"
#include "swap.h"
#include "device_reference.h"

namespace thrust {

template <typename T> class device_ptr {
public:
  typedef T element_type;
  typedef std::remove_cv_t<T> value_type;
  typedef std::ptrdiff_t difference_type;
  typedef device_ptr<T> pointer;
  typedef device_reference<T> reference;
  typedef thrust::random_access_device_iterator_tag iterator_category;

  __host__ __device__ device_ptr();
  __host__ __device__ device_ptr(std::nullptr_t);
  template <typename U> __host__ __device__ explicit device_ptr(U *ptr);
  template <typename U>
  __host__ __device__ device_ptr(const device_ptr<U> &other);
  template <typename U>
  __host__ __device__ device_ptr &operator=(const device_ptr<U> &other);
  __host__ __device__ device_ptr &operator=(std::nullptr_t);

  __host__ __device__ T *get() const;
  __host__ __device__ reference operator*() const;
  __host__ __device__ reference operator[](difference_type n) const;
  __host__ __device__ explicit operator bool() const;

  __host__ __device__ device_ptr &operator++();
  __host__ __device__ device_ptr operator++(int);
  __host__ __device__ device_ptr &operator--();
  __host__ __device__ device_ptr operator--(int);
  __host__ __device__ device_ptr &operator+=(difference_type n);
  __host__ __device__ device_ptr &operator-=(difference_type n);
  __host__ __device__ device_ptr operator+(difference_type n) const;
  __host__ __device__ device_ptr operator-(difference_type n) const;
  __host__ __device__ difference_type operator-(const device_ptr &other) const;
};

template <typename T>
__host__ __device__ device_ptr<T> operator+(std::ptrdiff_t n,
                                            const device_ptr<T> &p);
template <typename T, typename U>
__host__ __device__ bool operator==(const device_ptr<T> &a,
                                    const device_ptr<U> &b);
template <typename T, typename U>
__host__ __device__ bool operator!=(const device_ptr<T> &a,
                                    const device_ptr<U> &b);
template <typename T, typename U>
__host__ __device__ bool operator<(const device_ptr<T> &a,
                                   const device_ptr<U> &b);
template <typename T, typename U>
__host__ __device__ bool operator>(const device_ptr<T> &a,
                                   const device_ptr<U> &b);
template <typename T, typename U>
__host__ __device__ bool operator<=(const device_ptr<T> &a,
                                    const device_ptr<U> &b);
template <typename T, typename U>
__host__ __device__ bool operator>=(const device_ptr<T> &a,
                                    const device_ptr<U> &b);
template <typename T>
__host__ __device__ bool operator==(const device_ptr<T> &p, std::nullptr_t);
template <typename T>
__host__ __device__ bool operator!=(const device_ptr<T> &p, std::nullptr_t);

template <typename T>
__host__ __device__ device_ptr<T> device_pointer_cast(T *ptr) {
  return ::thrust::detail::cu2cl_result<device_ptr<T>>();
}
template <typename T>
__host__ __device__ device_ptr<T> device_pointer_cast(const device_ptr<T> &ptr) {
  return ::thrust::detail::cu2cl_result<device_ptr<T>>();
}
template <typename T>
__host__ __device__ T *raw_pointer_cast(const device_ptr<T> &ptr) {
  return ::thrust::detail::cu2cl_result<T *>();
}
template <typename T> __host__ __device__ T *raw_pointer_cast(T *ptr) {
  return ::thrust::detail::cu2cl_result<T *>();
}

} // namespace thrust

#endif
