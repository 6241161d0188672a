/* cu2cl's own CUDA headers: thrust/complex.h
 *
 * thrust::complex<T> and its functions (Thrust API documentation,
 * "Complex Numbers"): constructors, real/imag, arithmetic with complex and
 * T operands, comparisons, abs, arg, norm, conj, polar, exp, log, sqrt,
 * pow. Declarations only. */
#ifndef CU2CL_THRUST_COMPLEX_H
#define CU2CL_THRUST_COMPLEX_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename T> struct complex {
  typedef T value_type;
  __host__ __device__ complex(const T &re = T(), const T &im = T());
  template <typename U> __host__ __device__ complex(const complex<U> &z);
  __host__ __device__ T real() const;
  __host__ __device__ T imag() const;
  __host__ __device__ void real(T re);
  __host__ __device__ void imag(T im);
  __host__ __device__ complex &operator+=(const complex &z);
  __host__ __device__ complex &operator-=(const complex &z);
  __host__ __device__ complex &operator*=(const complex &z);
  __host__ __device__ complex &operator/=(const complex &z);
};

#define CU2CL_THRUST_COMPLEX_OP(OP)                                            \
  template <typename T>                                                        \
  __host__ __device__ complex<T> operator OP(const complex<T> &a,              \
                                             const complex<T> &b);             \
  template <typename T>                                                        \
  __host__ __device__ complex<T> operator OP(const complex<T> &a, const T &b); \
  template <typename T>                                                        \
  __host__ __device__ complex<T> operator OP(const T &a, const complex<T> &b);
CU2CL_THRUST_COMPLEX_OP(+)
CU2CL_THRUST_COMPLEX_OP(-)
CU2CL_THRUST_COMPLEX_OP(*)
CU2CL_THRUST_COMPLEX_OP(/)
#undef CU2CL_THRUST_COMPLEX_OP

template <typename T>
__host__ __device__ complex<T> operator-(const complex<T> &z);
template <typename T>
__host__ __device__ bool operator==(const complex<T> &a, const complex<T> &b);
template <typename T>
__host__ __device__ bool operator!=(const complex<T> &a, const complex<T> &b);

template <typename T> __host__ __device__ T abs(const complex<T> &z) {
  return ::thrust::detail::cu2cl_result<T>();
}
template <typename T> __host__ __device__ T arg(const complex<T> &z) {
  return ::thrust::detail::cu2cl_result<T>();
}
template <typename T> __host__ __device__ T norm(const complex<T> &z) {
  return ::thrust::detail::cu2cl_result<T>();
}
template <typename T> __host__ __device__ complex<T> conj(const complex<T> &z) {
  return ::thrust::detail::cu2cl_result<complex<T>>();
}
template <typename T>
__host__ __device__ complex<T> polar(const T &m, const T &theta = T()) {
  return ::thrust::detail::cu2cl_result<complex<T>>();
}
template <typename T> __host__ __device__ complex<T> exp(const complex<T> &z) {
  return ::thrust::detail::cu2cl_result<complex<T>>();
}
template <typename T> __host__ __device__ complex<T> log(const complex<T> &z) {
  return ::thrust::detail::cu2cl_result<complex<T>>();
}
template <typename T> __host__ __device__ complex<T> sqrt(const complex<T> &z) {
  return ::thrust::detail::cu2cl_result<complex<T>>();
}
template <typename T>
__host__ __device__ complex<T> pow(const complex<T> &z, const complex<T> &w) {
  return ::thrust::detail::cu2cl_result<complex<T>>();
}

} // namespace thrust

#endif
