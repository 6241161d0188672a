/*
 * cu2clrt_fp16.h: CUDA's half precision (cuda_fp16.h) for host code.
 *
 * cu2cl turns `#include <cuda_fp16.h>` into an include of this header.
 * __half and __half2 keep their CUDA names (rules/runtime_api.def rows
 * whose replacement is the name itself), their size and their bits: an
 * IEEE 754 binary16 value in an unsigned short, so arrays copied to and
 * from the device (rules/prelude_half.cl has the same layout) match bit
 * for bit.
 * Conversions round to nearest even, written here in integer arithmetic so
 * the result does not depend on the host's floating-point environment;
 * arithmetic is done in float and rounded once (for + - * / that equals
 * IEEE half arithmetic, as on the device). A NaN converts to 0x7fff, as
 * CUDA's host code does. C++ adds the constructors, conversions and
 * operators of cuda_fp16.hpp; C gets the structs and functions.
 */
#ifndef CU2CLRT_FP16_H
#define CU2CLRT_FP16_H

#include <stdint.h>
#include <string.h>

#include "cu2clrt.h"

#define __CUDA_FP16_H__
#define __CUDA_FP16_TYPES_EXIST__

/* binary16 bits of f, rounded to nearest even */
static inline unsigned short cu2clrt_float_to_half_bits(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint32_t sign = (x >> 16) & 0x8000u, a = x & 0x7fffffffu;
  if (a > 0x7f800000u) /* NaN */
    return 0x7fffu;
  if (a >= 0x477ff000u) /* 65520 and up (ties go to even: infinity) */
    return (unsigned short)(sign | 0x7c00u);
  if (a >= 0x38800000u) { /* a normal half: rebias, round at bit 13 */
    uint32_t r = a - 0x38000000u;
    r = (r + 0xfffu + ((r >> 13) & 1u)) >> 13;
    return (unsigned short)(sign | r);
  }
  if (a < 0x33000000u) /* below 2^-25: zero (2^-25 itself ties to 0) */
    return (unsigned short)sign;
  uint32_t m = (a & 0x7fffffu) | 0x800000u; /* a subnormal half */
  unsigned shift = 126u - (a >> 23);
  uint32_t q = m >> shift, rem = m & ((1u << shift) - 1u);
  uint32_t half = 1u << (shift - 1u);
  if (rem > half || (rem == half && (q & 1u)))
    q++;
  return (unsigned short)(sign | q);
}

/* the float of binary16 bits h (exact) */
static inline float cu2clrt_half_bits_to_float(unsigned short h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu, bits;
  if (e == 0x1fu) {
    bits = sign | 0x7f800000u | (m << 13);
  } else if (e) {
    bits = sign | ((e + 112u) << 23) | (m << 13);
  } else if (!m) {
    bits = sign;
  } else { /* subnormal: normalize */
    e = 113u;
    while (!(m & 0x400u)) {
      m <<= 1;
      e--;
    }
    bits = sign | (e << 23) | ((m & 0x3ffu) << 13);
  }
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

typedef struct __half_raw {
  unsigned short x;
} __half_raw;

typedef struct __half2_raw {
  unsigned short x, y;
} __half2_raw;

#ifdef __cplusplus
struct __nv_bfloat16; /* cu2clrt_bf16.h defines the conversion */

struct __half {
  unsigned short __x;
  __half() = default;
  __half(const __half_raw &r) : __x(r.x) {}
  explicit __half(const __nv_bfloat16 b);
  __half(float f) : __x(cu2clrt_float_to_half_bits(f)) {}
  __half(double f) : __half((float)f) {}
  __half(int v) : __half((float)v) {}
  __half(unsigned int v) : __half((float)v) {}
  __half(short v) : __half((float)v) {}
  __half(unsigned short v) : __half((float)v) {}
  __half(long long v) : __half((float)v) {}
  __half(unsigned long long v) : __half((float)v) {}
  operator float() const { return cu2clrt_half_bits_to_float(__x); }
  operator __half_raw() const { return __half_raw{__x}; }
};

struct alignas(4) __half2 {
  __half x, y;
  __half2() = default;
  __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};
#else
typedef struct __half {
  unsigned short __x;
} __half;
typedef struct __half2 {
  __half x, y;
} __half2;
#endif

typedef __half half;
typedef __half2 half2;

static inline __half __ushort_as_half(unsigned short u) {
  __half h;
  h.__x = u;
  return h;
}
static inline unsigned short __half_as_ushort(__half h) { return h.__x; }
static inline __half __float2half(float f) {
  return __ushort_as_half(cu2clrt_float_to_half_bits(f));
}
static inline __half __float2half_rn(float f) { return __float2half(f); }
static inline float __half2float(__half h) {
  return cu2clrt_half_bits_to_float(h.__x);
}
static inline __half __int2half_rn(int i) { return __float2half((float)i); }
static inline int __half2int_rz(__half h) {
  float f = __half2float(h); /* saturating, NaN to 0, as CUDA */
  return f != f ? 0 : f >= 2147483647.0f ? 2147483647 :
         f <= -2147483648.0f ? (int)-2147483647 - 1 : (int)f;
}
static inline __half2 __halves2half2(__half a, __half b) {
  __half2 r;
  r.x = a;
  r.y = b;
  return r;
}
static inline __half2 make_half2(__half a, __half b) {
  return __halves2half2(a, b);
}
static inline __half2 __half2half2(__half a) { return __halves2half2(a, a); }
static inline __half2 __floats2half2_rn(float a, float b) {
  return __halves2half2(__float2half(a), __float2half(b));
}
static inline __half2 __float2half2_rn(float a) {
  return __floats2half2_rn(a, a);
}
static inline __half2 __float22half2_rn(float2 f) {
  return __floats2half2_rn(f.x, f.y);
}
static inline float2 __half22float2(__half2 h) {
  float2 f;
  f.x = __half2float(h.x);
  f.y = __half2float(h.y);
  return f;
}
static inline __half __low2half(__half2 h) { return h.x; }
static inline __half __high2half(__half2 h) { return h.y; }
static inline float __low2float(__half2 h) { return __half2float(h.x); }
static inline float __high2float(__half2 h) { return __half2float(h.y); }

/* arithmetic: float, rounded once */
static inline __half __hadd(__half a, __half b) {
  return __float2half(__half2float(a) + __half2float(b));
}
static inline __half __hsub(__half a, __half b) {
  return __float2half(__half2float(a) - __half2float(b));
}
static inline __half __hmul(__half a, __half b) {
  return __float2half(__half2float(a) * __half2float(b));
}
static inline __half __hdiv(__half a, __half b) {
  return __float2half(__half2float(a) / __half2float(b));
}
static inline __half __hneg(__half a) {
  return __ushort_as_half((unsigned short)(a.__x ^ 0x8000u));
}
static inline __half __habs(__half a) {
  return __ushort_as_half((unsigned short)(a.__x & 0x7fffu));
}
static inline int __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
static inline int __heq(__half a, __half b) {
  return __half2float(a) == __half2float(b);
}
static inline int __hlt(__half a, __half b) {
  return __half2float(a) < __half2float(b);
}
static inline int __hgt(__half a, __half b) {
  return __half2float(a) > __half2float(b);
}

#ifdef __cplusplus
inline __half operator+(const __half &a, const __half &b) { return __hadd(a, b); }
inline __half operator-(const __half &a, const __half &b) { return __hsub(a, b); }
inline __half operator*(const __half &a, const __half &b) { return __hmul(a, b); }
inline __half operator/(const __half &a, const __half &b) { return __hdiv(a, b); }
inline __half operator-(const __half &a) { return __hneg(a); }
inline __half operator+(const __half &a) { return a; }
inline __half &operator+=(__half &a, const __half &b) { return a = a + b; }
inline __half &operator-=(__half &a, const __half &b) { return a = a - b; }
inline __half &operator*=(__half &a, const __half &b) { return a = a * b; }
inline __half &operator/=(__half &a, const __half &b) { return a = a / b; }
inline bool operator==(const __half &a, const __half &b) { return (float)a == (float)b; }
inline bool operator!=(const __half &a, const __half &b) { return !(a == b); }
inline bool operator<(const __half &a, const __half &b) { return (float)a < (float)b; }
inline bool operator>(const __half &a, const __half &b) { return (float)a > (float)b; }
inline bool operator<=(const __half &a, const __half &b) { return (float)a <= (float)b; }
inline bool operator>=(const __half &a, const __half &b) { return (float)a >= (float)b; }
#endif

#endif
