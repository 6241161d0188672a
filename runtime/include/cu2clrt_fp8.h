/*
 * cu2clrt_fp8.h: CUDA's 8-bit floating point (cuda_fp8.h) for host code.
 *
 * cu2cl turns `#include <cuda_fp8.h>` into an include of this header. The
 * storage types, the enums __nv_saturation_t and __nv_fp8_interpretation_t,
 * the __nv_cvt_* conversions and, in C++, the structs __nv_fp8_e4m3,
 * __nv_fp8_e5m2, __nv_fp8x2_* and __nv_fp8x4_* keep their CUDA names, size
 * and bits (1, 2 and 4 bytes, the first lane in the low byte), so arrays
 * copied to and from the device (rules/prelude_fp8.cl has the same
 * layout) match bit for bit.
 *
 * The rules (OCP 8-bit floats, as CUDA's): E4M3 has bias 7, no
 * infinities, NaN S.1111.111, largest finite 448; E5M2 has bias 15,
 * infinities and NaNs as IEEE, largest finite 57344. To fp8: one rounding
 * to nearest even of the exact input (a double too), in integer arithmetic
 * on the bits, so the result does not depend on the host's floating-point
 * environment. Above the largest finite after rounding, and for infinite
 * inputs, __NV_SATFINITE gives the largest finite of the input's sign,
 * __NV_NOSAT infinity (E5M2) or NaN (E4M3). A NaN from float, half or
 * bfloat16 gives 0x7f; from double 0x7f|sign (E4M3) or 0x7e|sign|the
 * double's second fraction bit (E5M2): CUDA 13's results on an H200,
 * device and host alike. The constructors saturate (__NV_SATFINITE);
 * integers go through float, as CUDA documents. From fp8 everything is
 * exact: a NaN becomes half 0x7fff, float 0x7fffffff, integer 0 (64-bit
 * 0x8000000000000000), bfloat16 0x7fff. As CUDA's cuda_fp8.h this brings
 * half precision and bfloat16 (cu2clrt_bf16.h).
 */
#ifndef CU2CLRT_FP8_H
#define CU2CLRT_FP8_H

#include <stdint.h>
#include <string.h>

#include "cu2clrt.h" /* float2, float4, double2, double4 */
#include "cu2clrt_bf16.h"

#define __CUDA_FP8_H__
#define __CUDA_FP8_TYPES_EXIST__

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t {
  __NV_NOSAT,
  __NV_SATFINITE,
} __nv_saturation_t;

typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2,
} __nv_fp8_interpretation_t;

/* fp8 bits (fmt 0: E4M3, 1: E5M2) of (-1)^neg * s * 2^e, or of an
 * infinity, rounded once to nearest even. The quantum is 2^(max(floor(log2
 * |v|), 1 - bias) - fraction bits); at or above the smallest normal the
 * bits are ((exponent + bias - 1) << fraction bits) + the rounded
 * significand, below it the significand, so a carry moves to the next
 * binade by itself. */
static inline unsigned char cu2clrt_fp8_round(int neg, uint64_t s, int e,
                                              int inf, int sat, int fmt) {
  const int m = fmt ? 2 : 3, b = fmt ? 15 : 7;
  const unsigned maxfin = fmt ? 0x7bu : 0x7eu;
  unsigned r = 0;
  if (inf) {
    r = 0xffu;
  } else if (s) {
    int p = 63;
    while (!(s >> p))
      p--;
    int ev = e + p; /* floor(log2 |v|) */
    int q = (ev < 1 - b ? 1 - b : ev) - m, drop = q - e;
    uint64_t n = 0;
    if (drop <= 0) {
      n = ev > 17 ? 0xffu : s << -drop; /* far above 57344: overflow */
    } else if (drop < 64) {
      uint64_t rem = s & (((uint64_t)1 << drop) - 1);
      uint64_t half = (uint64_t)1 << (drop - 1);
      n = (s >> drop) + (rem > half || (rem == half && ((s >> drop) & 1)));
    }
    r = ev > 17      ? 0xffu
        : ev < 1 - b ? (unsigned)n
                     : (unsigned)(((ev + b - 1) << m) + (int)n);
  }
  if (r > maxfin) /* overflow: saturate, or E5M2 infinity, E4M3 NaN */
    r = sat ? maxfin : fmt ? 0x7cu : 0x7fu;
  return (unsigned char)(r | (unsigned)neg << 7);
}

/* a binary format's bits u (fb fraction bits, eb exponent bits) to fp8;
 * a NaN gives nan */
static inline unsigned char cu2clrt_bits_to_fp8(uint64_t u, int fb, int eb,
                                                unsigned char nan, int sat,
                                                int fmt) {
  int neg = (int)(u >> (fb + eb)) & 1, bias = (1 << (eb - 1)) - 1;
  uint64_t a = u & (((uint64_t)1 << (fb + eb)) - 1);
  uint64_t inf = (((uint64_t)1 << eb) - 1) << fb;
  if (a > inf)
    return nan;
  int ex = (int)(a >> fb);
  uint64_t sig = a & (((uint64_t)1 << fb) - 1);
  if (ex)
    sig |= (uint64_t)1 << fb;
  else
    ex = 1; /* subnormal */
  return cu2clrt_fp8_round(neg, sig, ex - bias - fb, a == inf, sat, fmt);
}

static inline unsigned char cu2clrt_float_to_fp8(float f, int sat, int fmt) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return cu2clrt_bits_to_fp8(u, 23, 8, 0x7f, sat, fmt);
}

static inline unsigned char cu2clrt_double_to_fp8(double d, int sat, int fmt) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  if ((u & 0x7fffffffffffffffull) > 0x7ff0000000000000ull) /* NaN */
    return (unsigned char)((fmt ? 0x7eu | (unsigned)(u >> 50 & 1) : 0x7fu) |
                           (unsigned)(u >> 63) << 7);
  return cu2clrt_bits_to_fp8(u, 52, 11, 0, sat, fmt);
}

static inline int cu2clrt_fp8_isnan(unsigned char x, int fmt) {
  return fmt ? (x & 0x7f) > 0x7c : (x & 0x7f) == 0x7f;
}

/* the float bits of fp8 x (exact; NaN 0x7fffffff) */
static inline uint32_t cu2clrt_fp8_to_float_bits(unsigned char x, int fmt) {
  const int m = fmt ? 2 : 3, b = fmt ? 15 : 7;
  uint32_t sign = (uint32_t)(x & 0x80) << 24, ex = (uint32_t)(x & 0x7f) >> m;
  uint32_t sig = x & ((1u << m) - 1);
  if (cu2clrt_fp8_isnan(x, fmt))
    return 0x7fffffffu;
  if (fmt && ex == 31)
    return sign | 0x7f800000u; /* E5M2 infinity */
  if (!ex) {                   /* subnormal: sig * 2^(1 - b - m) */
    if (!sig)
      return sign;
    int p = 2;
    while (!(sig >> p))
      p--;
    return sign | (uint32_t)(127 + 1 - b - m + p) << 23 |
           ((sig << (23 - p)) & 0x7fffffu);
  }
  return sign | (ex + 127 - b) << 23 | sig << (23 - m);
}

static inline float cu2clrt_fp8_to_float(unsigned char x, int fmt) {
  uint32_t u = cu2clrt_fp8_to_float_bits(x, fmt);
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

/* the half bits of fp8 x (exact; NaN 0x7fff): E5M2 is half's upper byte;
 * every E4M3 value is a normal half or zero */
static inline unsigned short cu2clrt_fp8_to_half_bits(unsigned char x,
                                                      int fmt) {
  uint32_t f = cu2clrt_fp8_to_float_bits(x, fmt), a = f & 0x7fffffffu;
  if (cu2clrt_fp8_isnan(x, fmt))
    return 0x7fff;
  if (fmt)
    return (unsigned short)(x << 8);
  return (unsigned short)(a == 0 ? f >> 16
                                 : (f >> 16 & 0x8000) |
                                       ((a >> 13) - (112u << 10)));
}

/* 64-bit integers toward zero, saturating; NaN 0x8000000000000000 */
static inline long long cu2clrt_fp8_to_ll(unsigned char x, int fmt) {
  float f = cu2clrt_fp8_to_float(x, fmt);
  return cu2clrt_fp8_isnan(x, fmt) ? (long long)(-0x7fffffffffffffffll - 1)
         : f >= 0x1p63f            ? 0x7fffffffffffffffll
         : f <= -0x1p63f           ? (-0x7fffffffffffffffll - 1)
                                   : (long long)f;
}

static inline unsigned long long cu2clrt_fp8_to_ull(unsigned char x, int fmt) {
  float f = cu2clrt_fp8_to_float(x, fmt);
  return cu2clrt_fp8_isnan(x, fmt) ? 0x8000000000000000ull
         : f >= 0x1p64f            ? 0xffffffffffffffffull
         : f <= 0                  ? 0
                                   : (unsigned long long)f;
}

/* the other integers toward zero, clamped to [lo, hi]; NaN 0 */
static inline long long cu2clrt_fp8_to_int(unsigned char x, int fmt,
                                           long long lo, long long hi) {
  float f = cu2clrt_fp8_to_float(x, fmt);
  return cu2clrt_fp8_isnan(x, fmt) ? 0
         : f <= (float)lo          ? lo
         : f >= (float)hi          ? hi
                                   : (long long)f;
}

/* ---- cuda_fp8.h's conversions ------------------------------------- */

static inline __nv_fp8_storage_t
__nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                      const __nv_fp8_interpretation_t fp8_interpretation) {
  return cu2clrt_float_to_fp8(x, saturate, fp8_interpretation);
}
static inline __nv_fp8_storage_t
__nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                       const __nv_fp8_interpretation_t fp8_interpretation) {
  return cu2clrt_double_to_fp8(x, saturate, fp8_interpretation);
}
static inline __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
  return cu2clrt_bits_to_fp8(x.x, 10, 5, 0x7f, saturate, fp8_interpretation);
}
static inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(
    const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation) {
  return cu2clrt_bits_to_fp8(x.x, 7, 8, 0x7f, saturate, fp8_interpretation);
}
static inline __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                         const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_fp8(x.x, saturate,
                                                      fp8_interpretation) |
                                __nv_cvt_float_to_fp8(x.y, saturate,
                                                      fp8_interpretation)
                                    << 8);
}
static inline __nv_fp8x2_storage_t
__nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                          const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_double_to_fp8(x.x, saturate,
                                                       fp8_interpretation) |
                                __nv_cvt_double_to_fp8(x.y, saturate,
                                                       fp8_interpretation)
                                    << 8);
}
static inline __nv_fp8x2_storage_t
__nv_cvt_halfraw2_to_fp8x2(const __half2_raw x,
                           const __nv_saturation_t saturate,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
  __half_raw lo = {x.x}, hi = {x.y};
  return (__nv_fp8x2_storage_t)(__nv_cvt_halfraw_to_fp8(lo, saturate,
                                                        fp8_interpretation) |
                                __nv_cvt_halfraw_to_fp8(hi, saturate,
                                                        fp8_interpretation)
                                    << 8);
}
static inline __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(
    const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation) {
  __nv_bfloat16_raw lo = {x.x}, hi = {x.y};
  return (__nv_fp8x2_storage_t)(__nv_cvt_bfloat16raw_to_fp8(
                                    lo, saturate, fp8_interpretation) |
                                __nv_cvt_bfloat16raw_to_fp8(hi, saturate,
                                                            fp8_interpretation)
                                    << 8);
}
static inline __half_raw
__nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
  __half_raw r = {cu2clrt_fp8_to_half_bits(x, fp8_interpretation)};
  return r;
}
static inline __half2_raw
__nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
  __half2_raw r = {
      cu2clrt_fp8_to_half_bits((unsigned char)x, fp8_interpretation),
      cu2clrt_fp8_to_half_bits((unsigned char)(x >> 8), fp8_interpretation)};
  return r;
}

#ifdef __cplusplus
/* The structs: the storage in __x (public, as CUDA's), explicit
 * constructors rounding with __NV_SATFINITE, explicit conversions. K is
 * the kind (__NV_E4M3 or __NV_E5M2); the names are CUDA's. */
template <int K> struct cu2clrt_fp8 {
  __nv_fp8_storage_t __x;
  cu2clrt_fp8() = default;
  explicit cu2clrt_fp8(const __half f)
      : __x(__nv_cvt_halfraw_to_fp8(__half_raw{f.__x}, __NV_SATFINITE,
                                    (__nv_fp8_interpretation_t)K)) {}
  explicit cu2clrt_fp8(const __nv_bfloat16 f)
      : __x(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{f.__x},
                                        __NV_SATFINITE,
                                        (__nv_fp8_interpretation_t)K)) {}
  explicit cu2clrt_fp8(const float f)
      : __x(cu2clrt_float_to_fp8(f, __NV_SATFINITE, K)) {}
  explicit cu2clrt_fp8(const double f)
      : __x(cu2clrt_double_to_fp8(f, __NV_SATFINITE, K)) {}
  /* integers through float, as CUDA's */
  explicit cu2clrt_fp8(const unsigned short v) : cu2clrt_fp8((float)v) {}
  explicit cu2clrt_fp8(const unsigned int v) : cu2clrt_fp8((float)v) {}
  explicit cu2clrt_fp8(const unsigned long v) : cu2clrt_fp8((float)v) {}
  explicit cu2clrt_fp8(const unsigned long long v) : cu2clrt_fp8((float)v) {}
  explicit cu2clrt_fp8(const short v) : cu2clrt_fp8((float)v) {}
  explicit cu2clrt_fp8(const int v) : cu2clrt_fp8((float)v) {}
  explicit cu2clrt_fp8(const long v) : cu2clrt_fp8((float)v) {}
  explicit cu2clrt_fp8(const long long v) : cu2clrt_fp8((float)v) {}
  explicit operator __half() const {
    return __half(__half_raw{cu2clrt_fp8_to_half_bits(__x, K)});
  }
  explicit operator float() const { return cu2clrt_fp8_to_float(__x, K); }
  explicit operator __nv_bfloat16() const {
    return __nv_bfloat16(__nv_bfloat16_raw{cu2clrt_float_to_bf16_bits(
        cu2clrt_fp8_to_float(__x, K), CU2CLRT_BF16_RZ)});
  }
  explicit operator double() const { return cu2clrt_fp8_to_float(__x, K); }
  explicit operator unsigned char() const {
    return (unsigned char)cu2clrt_fp8_to_int(__x, K, 0, 0xff);
  }
  explicit operator unsigned short() const {
    return (unsigned short)cu2clrt_fp8_to_int(__x, K, 0, 0xffff);
  }
  explicit operator unsigned int() const {
    return (unsigned int)cu2clrt_fp8_to_int(__x, K, 0, 0xffffffffll);
  }
  explicit operator unsigned long() const {
    return (unsigned long)cu2clrt_fp8_to_ull(__x, K);
  }
  explicit operator unsigned long long() const {
    return cu2clrt_fp8_to_ull(__x, K);
  }
  explicit operator signed char() const {
    return (signed char)cu2clrt_fp8_to_int(__x, K, -128, 127);
  }
  explicit operator char() const {
    return (char)cu2clrt_fp8_to_int(__x, K, -128, 127);
  }
  explicit operator short() const {
    return (short)cu2clrt_fp8_to_int(__x, K, -32768, 32767);
  }
  explicit operator int() const {
    return (int)cu2clrt_fp8_to_int(__x, K, -0x7fffffffll - 1, 0x7fffffffll);
  }
  explicit operator long() const { return (long)cu2clrt_fp8_to_ll(__x, K); }
  explicit operator long long() const { return cu2clrt_fp8_to_ll(__x, K); }
  explicit operator bool() const { return (__x & 0x7fu) != 0; }
};

/* two lanes, .x in the low byte */
template <int K> struct alignas(2) cu2clrt_fp8x2 {
  __nv_fp8x2_storage_t __x;
  cu2clrt_fp8x2() = default;
  explicit cu2clrt_fp8x2(const __half2 f)
      : __x(__nv_cvt_halfraw2_to_fp8x2(__half2_raw(f), __NV_SATFINITE,
                                       (__nv_fp8_interpretation_t)K)) {}
  explicit cu2clrt_fp8x2(const __nv_bfloat162 f)
      : __x(__nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw(f),
                                           __NV_SATFINITE,
                                           (__nv_fp8_interpretation_t)K)) {}
  explicit cu2clrt_fp8x2(const float2 f)
      : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE,
                                     (__nv_fp8_interpretation_t)K)) {}
  explicit cu2clrt_fp8x2(const double2 f)
      : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE,
                                      (__nv_fp8_interpretation_t)K)) {}
  explicit operator __half2() const {
    return __half2(
        __nv_cvt_fp8x2_to_halfraw2(__x, (__nv_fp8_interpretation_t)K));
  }
  explicit operator float2() const {
    float2 r = {cu2clrt_fp8_to_float((unsigned char)__x, K),
                cu2clrt_fp8_to_float((unsigned char)(__x >> 8), K)};
    return r;
  }
};

/* four lanes, the first in the low byte */
template <int K> struct alignas(4) cu2clrt_fp8x4 {
  __nv_fp8x4_storage_t __x;
  cu2clrt_fp8x4() = default;
  explicit cu2clrt_fp8x4(const __half2 flo, const __half2 fhi)
      : __x(cu2clrt_fp8x2<K>(flo).__x |
            (__nv_fp8x4_storage_t)cu2clrt_fp8x2<K>(fhi).__x << 16) {}
  explicit cu2clrt_fp8x4(const __nv_bfloat162 flo, const __nv_bfloat162 fhi)
      : __x(cu2clrt_fp8x2<K>(flo).__x |
            (__nv_fp8x4_storage_t)cu2clrt_fp8x2<K>(fhi).__x << 16) {}
  explicit cu2clrt_fp8x4(const float4 f)
      : __x(cu2clrt_fp8x2<K>(float2{f.x, f.y}).__x |
            (__nv_fp8x4_storage_t)cu2clrt_fp8x2<K>(float2{f.z, f.w}).__x
                << 16) {}
  explicit cu2clrt_fp8x4(const double4 f)
      : __x(cu2clrt_fp8x2<K>(double2{f.x, f.y}).__x |
            (__nv_fp8x4_storage_t)cu2clrt_fp8x2<K>(double2{f.z, f.w}).__x
                << 16) {}
  explicit operator float4() const {
    float4 r = {cu2clrt_fp8_to_float((unsigned char)__x, K),
                cu2clrt_fp8_to_float((unsigned char)(__x >> 8), K),
                cu2clrt_fp8_to_float((unsigned char)(__x >> 16), K),
                cu2clrt_fp8_to_float((unsigned char)(__x >> 24), K)};
    return r;
  }
};

typedef cu2clrt_fp8<__NV_E4M3> __nv_fp8_e4m3;
typedef cu2clrt_fp8<__NV_E5M2> __nv_fp8_e5m2;
typedef cu2clrt_fp8x2<__NV_E4M3> __nv_fp8x2_e4m3;
typedef cu2clrt_fp8x2<__NV_E5M2> __nv_fp8x2_e5m2;
typedef cu2clrt_fp8x4<__NV_E4M3> __nv_fp8x4_e4m3;
typedef cu2clrt_fp8x4<__NV_E5M2> __nv_fp8x4_e5m2;
#else
typedef struct __nv_fp8_e4m3 {
  __nv_fp8_storage_t __x;
} __nv_fp8_e4m3;
typedef struct __nv_fp8_e5m2 {
  __nv_fp8_storage_t __x;
} __nv_fp8_e5m2;
typedef struct __nv_fp8x2_e4m3 {
  __nv_fp8x2_storage_t __x;
} __nv_fp8x2_e4m3;
typedef struct __nv_fp8x2_e5m2 {
  __nv_fp8x2_storage_t __x;
} __nv_fp8x2_e5m2;
typedef struct __nv_fp8x4_e4m3 {
  __nv_fp8x4_storage_t __x;
} __nv_fp8x4_e4m3;
typedef struct __nv_fp8x4_e5m2 {
  __nv_fp8x4_storage_t __x;
} __nv_fp8x4_e5m2;
#endif

#endif
