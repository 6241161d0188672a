/*
 * cu2clrt_nvcc.h: what nvcc's implicit <cuda_runtime.h> brought into a
 * CUDA source, for its port.
 *
 * nvcc force-includes cuda_runtime.h into every .cu file, and that header
 * includes a set of standard headers on the host side (CUDA 13, GCC host
 * compiler: crt/common_functions.h brings <string.h> and <time.h>,
 * crt/math_functions.h <cmath>, <cstdlib>, <math.h> and <stdlib.h>,
 * crt/host_defines.h <ctype.h>, driver_types.h <limits.h> and <stddef.h>,
 * cuda_runtime.h <utility>). Programs rely on them without knowing it
 * (atoi, malloc, memset, EXIT_SUCCESS, placement new with no include), so
 * every translated file includes this header right after cu2clrt.h, and
 * the port builds where the original did. C++ only: translated host files
 * are C++.
 */
#ifndef CU2CLRT_NVCC_H
#define CU2CLRT_NVCC_H

#ifdef __cplusplus
#include <cctype>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <new>
#include <utility>
#endif
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __cplusplus
/* CUDA's math functions that nvcc's headers also define for host code
 * (crt/math_functions.hpp) and the C library lacks: a CPU reference in the
 * program's host code calls them. Written here from their definitions in
 * the CUDA Math API (rsqrt(x) = 1/sqrt(x), sinpi(x) = sin(pi x), normcdf(x)
 * = erfc(-x/sqrt(2))/2, erfinv the inverse of erf, erfcx(x) =
 * exp(x^2) erfc(x)), accurate to a few ulps as CUDA's host versions are,
 * not bit for bit theirs. sinpi and cospi are left to a C library that has
 * them (C23). */
namespace cu2clrt_host_math {
template <class T> inline T sinpi(T a) {
  if (std::isnan(a) || std::isinf(a))
    return std::sin(a); /* NaN */
  if (a == std::floor(a))
    return std::copysign(T(0), a); /* exact zeros, with a's sign */
  T n = std::nearbyint(a + a);     /* a = n/2 + r, |r| <= 1/4, exact */
  T r = (a - n * T(0.5)) * T(3.14159265358979323846);
  long long q = (long long)std::fmod(n, T(4));
  q = (q + 4) % 4;
  T v = (q & 1) ? std::cos(r) : std::sin(r);
  return (q & 2) ? -v : v;
}
template <class T> inline T cospi(T a) {
  if (std::isnan(a) || std::isinf(a))
    return std::cos(a); /* NaN */
  T h = std::fabs(a);
  if (h - std::floor(h) == T(0.5))
    return T(0); /* +0 at the odd multiples of 1/2 */
  return sinpi(h + T(0.5));
}
/* x with erf(x) = y: an initial guess refined by Newton's method on erf. */
template <class T> inline T erfinv(T y) {
  if (std::isnan(y) || y < T(-1) || y > T(1))
    return std::numeric_limits<T>::quiet_NaN();
  if (y == T(1) || y == T(-1))
    return std::copysign(std::numeric_limits<T>::infinity(), y);
  if (y == T(0))
    return y;
  double w = -std::log((1.0 - (double)y) * (1.0 + (double)y)), x;
  if (w < 5.0) { /* Giles' single-precision approximation as the guess */
    w -= 2.5;
    x = 2.81022636e-08;
    x = 3.43273939e-07 + x * w;
    x = -3.5233877e-06 + x * w;
    x = -4.39150654e-06 + x * w;
    x = 0.00021858087 + x * w;
    x = -0.00125372503 + x * w;
    x = -0.00417768164 + x * w;
    x = 0.246640727 + x * w;
    x = 1.50140941 + x * w;
  } else {
    w = std::sqrt(w) - 3.0;
    x = -0.000200214257;
    x = 0.000100950558 + x * w;
    x = 0.00134934322 + x * w;
    x = -0.00367342844 + x * w;
    x = 0.00573950773 + x * w;
    x = -0.0076224613 + x * w;
    x = 0.00943887047 + x * w;
    x = 1.00167406 + x * w;
    x = 2.83297682 + x * w;
  }
  x *= (double)y;
  for (int i = 0; i < 3; i++) /* erf'(x) = 2/sqrt(pi) exp(-x^2) */
    x -= (std::erf(x) - (double)y) /
         (1.1283791670955126 * std::exp(-x * x));
  return (T)x;
}
/* x with erfc(x) = y. Above 1, erfcinv(y) = -erfcinv(2 - y); below, an
 * initial guess refined by Newton's method on log(erfc(x)), which keeps
 * its precision where y is tiny (erfinv(1 - y) would lose it) and does not
 * overshoot there as Newton's method on erfc itself does. */
template <class T> inline T erfcinv(T y) {
  if (std::isnan(y) || y < T(0) || y > T(2))
    return std::numeric_limits<T>::quiet_NaN();
  if (y == T(0))
    return std::numeric_limits<T>::infinity();
  if (y == T(2))
    return -std::numeric_limits<T>::infinity();
  if (y > T(1))
    return -erfcinv(T(2) - y);
  double x = (double)erfinv(T(1) - y), ly = std::log((double)y);
  if (!std::isfinite(x)) /* 1 - y rounded to 1: the tail's guess */
    x = std::sqrt(-std::log((double)y * 1.7724538509055160));
  for (int i = 0; i < 6; i++) {
    double e = std::erfc(x);
    if (e == 0.0) { /* past the last representable value */
      x -= 0.25;
      continue;
    }
    x += (std::log(e) - ly) * e / (1.1283791670955126 * std::exp(-x * x));
  }
  return (T)x;
}
template <class T> inline T erfcx(T x) {
  if (std::isnan(x))
    return x;
  if (x < T(25)) /* exp(x^2) erfc(x) in double, then rounded */
    return (T)(std::exp((double)x * (double)x) * std::erfc((double)x));
  /* the asymptotic series 1/(x sqrt(pi)) (1 - 1/(2x^2) + 3/(4x^4) ...),
   * whose terms fall below double's precision before they grow again */
  double t = 0.5 / ((double)x * (double)x), term = 1.0, sum = 1.0;
  for (int n = 1; n < 30 && std::fabs(term) > 1e-18; n++) {
    term *= -(2.0 * n - 1.0) * t;
    sum += term;
  }
  return (T)(sum / ((double)x * 1.7724538509055160));
}
} // namespace cu2clrt_host_math

inline float rsqrtf(float a) { return (float)(1.0 / std::sqrt((double)a)); }
inline double rsqrt(double a) { return 1.0 / std::sqrt(a); }
inline float rcbrtf(float a) { return (float)(1.0 / std::cbrt((double)a)); }
inline double rcbrt(double a) { return 1.0 / std::cbrt(a); }
#if !(defined(__GLIBC_USE) && __GLIBC_USE(IEC_60559_FUNCS_EXT_C23))
inline float sinpif(float a) { return cu2clrt_host_math::sinpi(a); }
inline double sinpi(double a) { return cu2clrt_host_math::sinpi(a); }
inline float cospif(float a) { return cu2clrt_host_math::cospi(a); }
inline double cospi(double a) { return cu2clrt_host_math::cospi(a); }
#endif
inline void sincospif(float a, float *s, float *c) {
  *s = sinpif(a);
  *c = cospif(a);
}
inline void sincospi(double a, double *s, double *c) {
  *s = sinpi(a);
  *c = cospi(a);
}
inline float erfinvf(float a) { return cu2clrt_host_math::erfinv(a); }
inline double erfinv(double a) { return cu2clrt_host_math::erfinv(a); }
inline float erfcinvf(float a) { return cu2clrt_host_math::erfcinv(a); }
inline double erfcinv(double a) { return cu2clrt_host_math::erfcinv(a); }
inline float erfcxf(float a) { return cu2clrt_host_math::erfcx(a); }
inline double erfcx(double a) { return cu2clrt_host_math::erfcx(a); }
inline float normcdff(float a) {
  return (float)(0.5 * std::erfc(-(double)a * 0.70710678118654752));
}
inline double normcdf(double a) {
  return 0.5 * std::erfc(-a * 0.70710678118654752);
}
inline float normcdfinvf(float p) {
  return -1.4142135623730950f * erfcinvf(2.0f * p);
}
inline double normcdfinv(double p) {
  return -1.4142135623730950 * erfcinv(2.0 * p);
}
#endif

#endif
