/* cu2cl's own CUDA headers: math_functions.h
 *
 * Declares the CUDA Math API for device code: the single and double
 * precision functions (CUDA Math API, "Single Precision Mathematical
 * Functions", "Double Precision Mathematical Functions"), the C++ overloads
 * of <cmath> names for float and double, and the integer min/max family
 * ("Integer Mathematical Functions"). All are __device__ declarations,
 * but for the functions that CUDA's headers also define for host code and
 * the C library lacks (rsqrtf, sinpif, erfinvf, normcdff and the like),
 * which are __host__ __device__ (the port's host code gets them from
 * cu2clrt_nvcc.h).
 *
 * Names that the host C library also has (sqrtf, sin, ...) are declared as
 * __device__ overloads: clang keeps a __device__ and a host function with
 * the same signature apart and picks by the caller's side, so sqrtf in main()
 * still resolves to <math.h>'s and sqrtf in a kernel to the one here. This
 * must come before any standard header: libstdc++ defines the float
 * overloads of <cmath> as constexpr, and clang makes a constexpr function
 * implicitly __host__ __device__ unless a __device__ function of the same
 * signature is already visible in its namespace (and that function is in
 * a system header; elsewhere clang rejects the pair); an implicit
 * host+device std::sqrt(float) could not coexist with ours. So the C++
 * overloads are also made visible in namespace std by using-declarations,
 * as clang's own CUDA headers do. cuda_runtime.h includes this file
 * first. */
#ifndef CU2CL_MATH_FUNCTIONS_H
#define CU2CL_MATH_FUNCTIONS_H

/* Marks this file a system header even when the directory is given with
 * -I instead of -isystem (see above). */
#pragma clang system_header

#include "host_defines.h"

/* <cmath> names: float and double overloads. */
__device__ int abs(int);
__device__ long abs(long);
__device__ long long abs(long long);
__device__ float abs(float);
__device__ double abs(double);
__device__ float acos(float);
__device__ double acos(double);
__device__ float acosh(float);
__device__ double acosh(double);
__device__ float asin(float);
__device__ double asin(double);
__device__ float asinh(float);
__device__ double asinh(double);
__device__ float atan(float);
__device__ double atan(double);
__device__ float atanh(float);
__device__ double atanh(double);
__device__ float cbrt(float);
__device__ double cbrt(double);
__device__ float ceil(float);
__device__ double ceil(double);
__device__ float cos(float);
__device__ double cos(double);
__device__ float cosh(float);
__device__ double cosh(double);
__device__ float erf(float);
__device__ double erf(double);
__device__ float erfc(float);
__device__ double erfc(double);
__device__ float exp(float);
__device__ double exp(double);
__device__ float exp2(float);
__device__ double exp2(double);
__device__ float expm1(float);
__device__ double expm1(double);
__device__ float fabs(float);
__device__ double fabs(double);
__device__ float floor(float);
__device__ double floor(double);
__device__ float lgamma(float);
__device__ double lgamma(double);
__device__ float log(float);
__device__ double log(double);
__device__ float log10(float);
__device__ double log10(double);
__device__ float log1p(float);
__device__ double log1p(double);
__device__ float log2(float);
__device__ double log2(double);
__device__ float logb(float);
__device__ double logb(double);
__device__ float nearbyint(float);
__device__ double nearbyint(double);
__device__ float rint(float);
__device__ double rint(double);
__device__ float round(float);
__device__ double round(double);
__device__ float sin(float);
__device__ double sin(double);
__device__ float sinh(float);
__device__ double sinh(double);
__device__ float sqrt(float);
__device__ double sqrt(double);
__device__ float tan(float);
__device__ double tan(double);
__device__ float tanh(float);
__device__ double tanh(double);
__device__ float tgamma(float);
__device__ double tgamma(double);
__device__ float trunc(float);
__device__ double trunc(double);
__device__ float atan2(float, float);
__device__ double atan2(double, double);
__device__ float copysign(float, float);
__device__ double copysign(double, double);
__device__ float fdim(float, float);
__device__ double fdim(double, double);
__device__ float fmax(float, float);
__device__ double fmax(double, double);
__device__ float fmin(float, float);
__device__ double fmin(double, double);
__device__ float fmod(float, float);
__device__ double fmod(double, double);
__device__ float hypot(float, float);
__device__ double hypot(double, double);
__device__ float nextafter(float, float);
__device__ double nextafter(double, double);
__device__ float pow(float, float);
__device__ double pow(double, double);
__device__ float remainder(float, float);
__device__ double remainder(double, double);
__device__ float fma(float, float, float);
__device__ double fma(double, double, double);
__device__ float frexp(float, int *);
__device__ double frexp(double, int *);
__device__ float ldexp(float, int);
__device__ double ldexp(double, int);
__device__ float modf(float, float *);
__device__ double modf(double, double *);
__device__ float pow(float, int);
__device__ double pow(double, int);
__device__ float remquo(float, float, int *);
__device__ double remquo(double, double, int *);
__device__ float scalbn(float, int);
__device__ double scalbn(double, int);
__device__ float scalbln(float, long);
__device__ double scalbln(double, long);
__device__ int ilogb(float);
__device__ int ilogb(double);
__device__ long lrint(float);
__device__ long lrint(double);
__device__ long lround(float);
__device__ long lround(double);
__device__ long long llrint(float);
__device__ long long llrint(double);
__device__ long long llround(float);
__device__ long long llround(double);
__device__ bool isfinite(float);
__device__ bool isfinite(double);
__device__ bool isinf(float);
__device__ bool isinf(double);
__device__ bool isnan(float);
__device__ bool isnan(double);
__device__ bool signbit(float);
__device__ bool signbit(double);

/* Make the overloads above part of namespace std before <cmath> declares
 * its own (see the comment at the top). */
namespace std {
using ::abs;
using ::acos;
using ::acosh;
using ::asin;
using ::asinh;
using ::atan;
using ::atan2;
using ::atanh;
using ::cbrt;
using ::ceil;
using ::copysign;
using ::cos;
using ::cosh;
using ::erf;
using ::erfc;
using ::exp;
using ::exp2;
using ::expm1;
using ::fabs;
using ::fdim;
using ::floor;
using ::fma;
using ::fmax;
using ::fmin;
using ::fmod;
using ::frexp;
using ::hypot;
using ::ilogb;
using ::isfinite;
using ::isinf;
using ::isnan;
using ::ldexp;
using ::lgamma;
using ::llrint;
using ::llround;
using ::log;
using ::log10;
using ::log1p;
using ::log2;
using ::logb;
using ::lrint;
using ::lround;
using ::modf;
using ::nearbyint;
using ::nextafter;
using ::pow;
using ::remainder;
using ::remquo;
using ::rint;
using ::round;
using ::scalbln;
using ::scalbn;
using ::signbit;
using ::sin;
using ::sinh;
using ::sqrt;
using ::tan;
using ::tanh;
using ::tgamma;
using ::trunc;
} /* namespace std */

/* Single precision functions. */
__device__ float acosf(float x);
__device__ float acoshf(float x);
__device__ float asinf(float x);
__device__ float asinhf(float x);
__device__ float atanf(float x);
__device__ float atanhf(float x);
__device__ float cbrtf(float x);
__device__ float ceilf(float x);
__device__ float cosf(float x);
__device__ float coshf(float x);
__host__ __device__ float cospif(float x);
__device__ float cyl_bessel_i0f(float x);
__device__ float cyl_bessel_i1f(float x);
__device__ float erfcf(float x);
__host__ __device__ float erfcinvf(float x);
__host__ __device__ float erfcxf(float x);
__device__ float erff(float x);
__host__ __device__ float erfinvf(float x);
__device__ float exp10f(float x);
__device__ float exp2f(float x);
__device__ float expf(float x);
__device__ float expm1f(float x);
__device__ float fabsf(float x);
__device__ float floorf(float x);
__device__ float j0f(float x);
__device__ float j1f(float x);
__device__ float lgammaf(float x);
__device__ float log10f(float x);
__device__ float log1pf(float x);
__device__ float log2f(float x);
__device__ float logbf(float x);
__device__ float logf(float x);
__device__ float nearbyintf(float x);
__host__ __device__ float normcdff(float x);
__host__ __device__ float normcdfinvf(float x);
__host__ __device__ float rcbrtf(float x);
__device__ float rintf(float x);
__device__ float roundf(float x);
__host__ __device__ float rsqrtf(float x);
__device__ float sinf(float x);
__device__ float sinhf(float x);
__host__ __device__ float sinpif(float x);
__device__ float sqrtf(float x);
__device__ float tanf(float x);
__device__ float tanhf(float x);
__device__ float tgammaf(float x);
__device__ float truncf(float x);
__device__ float y0f(float x);
__device__ float y1f(float x);
__device__ float atan2f(float x, float y);
__device__ float copysignf(float x, float y);
__device__ float fdimf(float x, float y);
__device__ float fdividef(float x, float y);
__device__ float fmaxf(float x, float y);
__device__ float fminf(float x, float y);
__device__ float fmodf(float x, float y);
__device__ float hypotf(float x, float y);
__device__ float nextafterf(float x, float y);
__device__ float powf(float x, float y);
__device__ float remainderf(float x, float y);
__device__ float rhypotf(float x, float y);
__device__ float fmaf(float x, float y, float z);
__device__ float frexpf(float x, int *nptr);
__device__ float ldexpf(float x, int exp);
__device__ float modff(float x, float *iptr);
__device__ float remquof(float x, float y, int *quo);
__device__ float scalbnf(float x, int n);
__device__ float scalblnf(float x, long int n);
__device__ int ilogbf(float x);
__device__ long int lrintf(float x);
__device__ long int lroundf(float x);
__device__ long long int llrintf(float x);
__device__ long long int llroundf(float x);
__device__ void sincosf(float x, float *sptr, float *cptr);
__host__ __device__ void sincospif(float x, float *sptr, float *cptr);
__device__ float jnf(int n, float x);
__device__ float ynf(int n, float x);
__device__ float nanf(const char *tagp);
__device__ float norm3df(float a, float b, float c);
__device__ float norm4df(float a, float b, float c, float d);
__device__ float rnorm3df(float a, float b, float c);
__device__ float rnorm4df(float a, float b, float c, float d);
__device__ float normf(int dim, const float *p);
__device__ float rnormf(int dim, const float *p);

/* Double precision functions that <cmath> does not overload. */
__host__ __device__ double cospi(double x);
__device__ double cyl_bessel_i0(double x);
__device__ double cyl_bessel_i1(double x);
__host__ __device__ double erfcinv(double x);
__host__ __device__ double erfcx(double x);
__host__ __device__ double erfinv(double x);
__device__ double exp10(double x);
__device__ double j0(double x);
__device__ double j1(double x);
__host__ __device__ double normcdf(double x);
__host__ __device__ double normcdfinv(double x);
__host__ __device__ double rcbrt(double x);
__host__ __device__ double rsqrt(double x);
__host__ __device__ double sinpi(double x);
__device__ double y0(double x);
__device__ double y1(double x);
__device__ double rhypot(double x, double y);
__device__ void sincos(double x, double *sptr, double *cptr);
__host__ __device__ void sincospi(double x, double *sptr, double *cptr);
__device__ double jn(int n, double x);
__device__ double yn(int n, double x);
__device__ double nan(const char *tagp);
__device__ double norm3d(double a, double b, double c);
__device__ double norm4d(double a, double b, double c, double d);
__device__ double rnorm3d(double a, double b, double c);
__device__ double rnorm4d(double a, double b, double c, double d);
__device__ double norm(int dim, const double *p);
__device__ double rnorm(int dim, const double *p);
__device__ long int labs(long int x);
__device__ long long int llabs(long long int x);

/* Integer and mixed min/max as CUDA declares them for device code; a
 * mixed signed/unsigned pair compares as unsigned. */
__device__ int min(int a, int b);
__device__ unsigned int min(unsigned int a, unsigned int b);
__device__ unsigned int min(int a, unsigned int b);
__device__ unsigned int min(unsigned int a, int b);
__device__ long int min(long int a, long int b);
__device__ unsigned long int min(unsigned long int a, unsigned long int b);
__device__ unsigned long int min(long int a, unsigned long int b);
__device__ unsigned long int min(unsigned long int a, long int b);
__device__ long long int min(long long int a, long long int b);
__device__ unsigned long long int min(unsigned long long int a,
                                      unsigned long long int b);
__device__ unsigned long long int min(long long int a,
                                      unsigned long long int b);
__device__ unsigned long long int min(unsigned long long int a,
                                      long long int b);
__device__ float min(float a, float b);
__device__ double min(double a, double b);
__device__ double min(float a, double b);
__device__ double min(double a, float b);
__device__ int max(int a, int b);
__device__ unsigned int max(unsigned int a, unsigned int b);
__device__ unsigned int max(int a, unsigned int b);
__device__ unsigned int max(unsigned int a, int b);
__device__ long int max(long int a, long int b);
__device__ unsigned long int max(unsigned long int a, unsigned long int b);
__device__ unsigned long int max(long int a, unsigned long int b);
__device__ unsigned long int max(unsigned long int a, long int b);
__device__ long long int max(long long int a, long long int b);
__device__ unsigned long long int max(unsigned long long int a,
                                      unsigned long long int b);
__device__ unsigned long long int max(long long int a,
                                      unsigned long long int b);
__device__ unsigned long long int max(unsigned long long int a,
                                      long long int b);
__device__ float max(float a, float b);
__device__ double max(double a, double b);
__device__ double max(float a, double b);
__device__ double max(double a, float b);
__device__ unsigned int umin(unsigned int a, unsigned int b);
__device__ unsigned int umax(unsigned int a, unsigned int b);
__device__ long long int llmin(long long int a, long long int b);
__device__ long long int llmax(long long int a, long long int b);
__device__ unsigned long long int ullmin(unsigned long long int a,
                                         unsigned long long int b);
__device__ unsigned long long int ullmax(unsigned long long int a,
                                         unsigned long long int b);

#endif /* CU2CL_MATH_FUNCTIONS_H */
