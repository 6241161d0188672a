/*
 * cu2clrt_complex.h: CUDA's complex numbers (cuComplex.h) for host code.
 *
 * cu2cl turns `#include <cuComplex.h>` into an include of this header.
 * The types and functions keep their CUDA names: cuFloatComplex (and
 * cuComplex) is cu2clrt's float2, cuDoubleComplex its double2, real part
 * x, imaginary part y, so arrays copied to and from the device (OpenCL's
 * float2 and double2, rules/device_complex.def) match bit for bit.
 *
 * The functions compute as CUDA's host code does, the same operations in
 * the same order: the product unscaled; the quotient with both operands
 * scaled by 1 / (|re y| + |im y|) first; the absolute value as
 * v * sqrt(1 + (w/v)^2), v the larger and w the smaller magnitude, or
 * v + w where v is 0 or a part is infinite (no overflow for large parts,
 * no underflow for small ones); cuCfmaf(x, y, d) as x * y + d, the real
 * part re x * re y + re d - im x * im y in that order. The host compiler
 * contracts them as it contracts the original's. Like CUDA's, these are
 * static inline functions of C linkage, for C and C++ alike.
 */
#ifndef CU2CLRT_COMPLEX_H
#define CU2CLRT_COMPLEX_H

#include <float.h>
#include <math.h>

#include "cu2clrt.h" /* float2, double2 */

/* CUDA's own include guard, which user code tests */
#define CU_COMPLEX_H_

#ifdef __cplusplus
extern "C" {
#endif

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

/* ---- single precision ------------------------------------------------- */

static inline float cuCrealf(cuFloatComplex x) {
  return x.x;
}

static inline float cuCimagf(cuFloatComplex x) {
  return x.y;
}

static inline cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex z;
  z.x = r;
  z.y = i;
  return z;
}

static inline cuComplex make_cuComplex(float x, float y) {
  return make_cuFloatComplex(x, y);
}

static inline cuFloatComplex cuConjf(cuFloatComplex x) {
  return make_cuFloatComplex(x.x, -x.y);
}

static inline cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}

static inline cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}

static inline cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}

static inline cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) {
  float oos = 1.0f / (fabsf(y.x) + fabsf(y.y));
  float ars = x.x * oos, ais = x.y * oos;
  float brs = y.x * oos, bis = y.y * oos;
  oos = 1.0f / (brs * brs + bis * bis);
  return make_cuFloatComplex((ars * brs + ais * bis) * oos,
                             (ais * brs - ars * bis) * oos);
}

static inline float cuCabsf(cuFloatComplex x) {
  float a = fabsf(x.x), b = fabsf(x.y);
  float v = a > b ? a : b, w = a > b ? b : a;
  float t = w / v;
  t = v * sqrtf(1.0f + t * t);
  return v == 0.0f || v > FLT_MAX || w > FLT_MAX ? v + w : t;
}

static inline cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d) {
  float re = x.x * y.x + d.x, im = x.x * y.y + d.y;
  re = -(x.y * y.y) + re;
  im = x.y * y.x + im;
  return make_cuComplex(re, im);
}

/* ---- double precision ------------------------------------------------- */

static inline double cuCreal(cuDoubleComplex x) {
  return x.x;
}

static inline double cuCimag(cuDoubleComplex x) {
  return x.y;
}

static inline cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex z;
  z.x = r;
  z.y = i;
  return z;
}

static inline cuDoubleComplex cuConj(cuDoubleComplex x) {
  return make_cuDoubleComplex(x.x, -x.y);
}

static inline cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}

static inline cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}

static inline cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}

static inline cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) {
  double oos = 1.0 / (fabs(y.x) + fabs(y.y));
  double ars = x.x * oos, ais = x.y * oos;
  double brs = y.x * oos, bis = y.y * oos;
  oos = 1.0 / (brs * brs + bis * bis);
  return make_cuDoubleComplex((ars * brs + ais * bis) * oos,
                              (ais * brs - ars * bis) * oos);
}

static inline double cuCabs(cuDoubleComplex x) {
  double a = fabs(x.x), b = fabs(x.y);
  double v = a > b ? a : b, w = a > b ? b : a;
  double t = w / v;
  t = v * sqrt(1.0 + t * t);
  return v == 0.0 || v > DBL_MAX || w > DBL_MAX ? v + w : t;
}

static inline cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                     cuDoubleComplex d) {
  double re = x.x * y.x + d.x, im = x.x * y.y + d.y;
  re = -(x.y * y.y) + re;
  im = x.y * y.x + im;
  return make_cuDoubleComplex(re, im);
}

/* ---- conversions ------------------------------------------------------ */

static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}

static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}

#ifdef __cplusplus
}
#endif

#endif
