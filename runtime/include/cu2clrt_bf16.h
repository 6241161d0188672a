/*
 * cu2clrt_bf16.h: CUDA's bfloat16 (cuda_bf16.h) for host code.
 *
 * cu2cl turns `#include <cuda_bf16.h>` into an include of this header.
 * __nv_bfloat16 and __nv_bfloat162 keep their CUDA names (rules of
 * runtime_api.def whose replacement is the name itself), their size and
 * their bits: the upper 16 bits of a float in an unsigned short, so arrays
 * copied to and from the device (rules/prelude_bf16.cl has the same
 * layout) match bit for bit.
 * Conversions round in integer arithmetic on the bits, so the result does
 * not depend on the host's floating-point environment: to nearest even
 * (or toward zero, down, up for the _rz, _rd, _ru forms); a NaN becomes
 * 0x7fff, as CUDA's. Integers and doubles round once (no double rounding
 * through float). Arithmetic is done in float and rounded once: for
 * + - * / that equals bfloat16 arithmetic, as on the device. C++ adds the
 * constructors, conversions and operators of cuda_bf16.hpp; C gets the
 * structs and functions. As CUDA's cuda_bf16.h, this brings half
 * precision (cu2clrt_fp16.h) too.
 */
#ifndef CU2CLRT_BF16_H
#define CU2CLRT_BF16_H

#include <stdint.h>
#include <string.h>

#include "cu2clrt_fp16.h"

#define __CUDA_BF16_H__
#define __CUDA_BF16_TYPES_EXIST__

enum { CU2CLRT_BF16_RN, CU2CLRT_BF16_RZ, CU2CLRT_BF16_RD, CU2CLRT_BF16_RU };

/* bfloat16 bits of f, rounded in direction mode */
static inline unsigned short cu2clrt_float_to_bf16_bits(float f, int mode) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  if ((x & 0x7fffffffu) > 0x7f800000u) /* NaN */
    return 0x7fffu;
  uint32_t r = x >> 16, rem = x & 0xffffu, neg = x >> 31;
  if (mode == CU2CLRT_BF16_RN)
    r += rem > 0x8000u || (rem == 0x8000u && (r & 1u));
  else if (rem && ((mode == CU2CLRT_BF16_RU && !neg) ||
                   (mode == CU2CLRT_BF16_RD && neg)))
    r++; /* away from zero: the magnitude's bits go up (to infinity) */
  return (unsigned short)r;
}

/* the float of bfloat16 bits h (exact) */
static inline float cu2clrt_bf16_bits_to_float(unsigned short h) {
  uint32_t bits = (uint32_t)h << 16;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* bfloat16 bits of the integer -m (neg) or m, rounded once in direction
 * mode: the top 8 significant bits and the rest decide */
static inline unsigned short cu2clrt_int_to_bf16_bits(uint64_t m, int neg,
                                                      int mode) {
  if (m == 0)
    return 0;
  int e = 63;
  while (!(m >> e))
    e--;
  uint64_t q = m;
  int shift = e > 7 ? e - 7 : 0;
  if (shift) {
    uint64_t rem = m & ((1ull << shift) - 1u), half = 1ull << (shift - 1);
    q = m >> shift;
    if (mode == CU2CLRT_BF16_RN)
      q += rem > half || (rem == half && (q & 1u));
    else if (rem && ((mode == CU2CLRT_BF16_RU && !neg) ||
                     (mode == CU2CLRT_BF16_RD && neg)))
      q++;
  }
  float f = (float)q; /* at most 2^8: exact, and exact times 2^shift */
  while (shift--)
    f *= 2.0f;
  return (unsigned short)((neg ? 0x8000u : 0u) |
                          (cu2clrt_float_to_bf16_bits(f, CU2CLRT_BF16_RZ)));
}

/* bfloat16 bits of d rounded once to nearest even: the round-to-odd float
 * of d (float keeps 16 more bits), then to nearest */
static inline unsigned short cu2clrt_double_to_bf16_bits(double d) {
  float f = (float)d;
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  if (d == d && (double)f != d) {
    if ((d > 0 && (double)f > d) || (d < 0 && (double)f < d))
      u--; /* toward zero: the truncation of d */
    u |= 1u;
  }
  memcpy(&f, &u, sizeof f);
  return cu2clrt_float_to_bf16_bits(f, CU2CLRT_BF16_RN);
}

typedef struct __nv_bfloat16_raw {
  unsigned short x;
} __nv_bfloat16_raw;

typedef struct __nv_bfloat162_raw {
  unsigned short x, y;
} __nv_bfloat162_raw;

#ifdef __cplusplus
struct __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
  __nv_bfloat16(float f)
      : __x(cu2clrt_float_to_bf16_bits(f, CU2CLRT_BF16_RN)) {}
  __nv_bfloat16(double d) : __x(cu2clrt_double_to_bf16_bits(d)) {}
  explicit __nv_bfloat16(__half h) : __nv_bfloat16((float)h) {}
  __nv_bfloat16(int v) : __nv_bfloat16((long long)v) {}
  __nv_bfloat16(unsigned int v) : __nv_bfloat16((unsigned long long)v) {}
  __nv_bfloat16(short v) : __nv_bfloat16((long long)v) {}
  __nv_bfloat16(unsigned short v) : __nv_bfloat16((unsigned long long)v) {}
  __nv_bfloat16(long v) : __nv_bfloat16((long long)v) {}
  __nv_bfloat16(unsigned long v) : __nv_bfloat16((unsigned long long)v) {}
  __nv_bfloat16(long long v)
      : __x(cu2clrt_int_to_bf16_bits(v < 0 ? 0u - (uint64_t)v : (uint64_t)v,
                                     v < 0, CU2CLRT_BF16_RN)) {}
  __nv_bfloat16(unsigned long long v)
      : __x(cu2clrt_int_to_bf16_bits(v, 0, CU2CLRT_BF16_RN)) {}
  operator float() const { return cu2clrt_bf16_bits_to_float(__x); }
  operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
};

struct alignas(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __nv_bfloat162(const __nv_bfloat162_raw &r)
      : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
  operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{x.__x, y.__x};
  }
};
#else
typedef struct __nv_bfloat16 {
  unsigned short __x;
} __nv_bfloat16;
typedef struct __nv_bfloat162 {
  __nv_bfloat16 x, y;
} __nv_bfloat162;
#endif

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

static inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) {
  __nv_bfloat16 h;
  h.__x = u;
  return h;
}
static inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) {
  return h.__x;
}
static inline __nv_bfloat16 __short_as_bfloat16(short s) {
  return __ushort_as_bfloat16((unsigned short)s);
}
static inline short __bfloat16_as_short(__nv_bfloat16 h) {
  return (short)h.__x;
}
static inline __nv_bfloat16 __float2bfloat16(float f) {
  return __ushort_as_bfloat16(cu2clrt_float_to_bf16_bits(f, CU2CLRT_BF16_RN));
}
static inline __nv_bfloat16 __float2bfloat16_rn(float f) {
  return __float2bfloat16(f);
}
static inline __nv_bfloat16 __float2bfloat16_rz(float f) {
  return __ushort_as_bfloat16(cu2clrt_float_to_bf16_bits(f, CU2CLRT_BF16_RZ));
}
static inline __nv_bfloat16 __float2bfloat16_rd(float f) {
  return __ushort_as_bfloat16(cu2clrt_float_to_bf16_bits(f, CU2CLRT_BF16_RD));
}
static inline __nv_bfloat16 __float2bfloat16_ru(float f) {
  return __ushort_as_bfloat16(cu2clrt_float_to_bf16_bits(f, CU2CLRT_BF16_RU));
}
static inline __nv_bfloat16 __double2bfloat16(double d) {
  return __ushort_as_bfloat16(cu2clrt_double_to_bf16_bits(d));
}
static inline float __bfloat162float(__nv_bfloat16 h) {
  return cu2clrt_bf16_bits_to_float(h.__x);
}
static inline __nv_bfloat16 __int2bfloat16_rn(int i) {
  return __ushort_as_bfloat16(cu2clrt_int_to_bf16_bits(
      i < 0 ? 0u - (uint64_t)i : (uint64_t)i, i < 0, CU2CLRT_BF16_RN));
}
static inline __nv_bfloat16 __uint2bfloat16_rn(unsigned int i) {
  return __ushort_as_bfloat16(cu2clrt_int_to_bf16_bits(i, 0, CU2CLRT_BF16_RN));
}
static inline int __bfloat162int_rz(__nv_bfloat16 h) {
  float f = __bfloat162float(h); /* saturating, NaN to 0, as CUDA */
  return f != f                ? 0
         : f >= 2147483647.0f  ? 2147483647
         : f <= -2147483648.0f ? (int)-2147483647 - 1
                               : (int)f;
}
static inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a,
                                                __nv_bfloat16 b) {
  __nv_bfloat162 r;
  r.x = a;
  r.y = b;
  return r;
}
static inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __halves2bfloat162(a, b);
}
static inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) {
  return __halves2bfloat162(a, a);
}
static inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __halves2bfloat162(__float2bfloat16(a), __float2bfloat16(b));
}
static inline __nv_bfloat162 __float2bfloat162_rn(float a) {
  return __floats2bfloat162_rn(a, a);
}
static inline __nv_bfloat162 __float22bfloat162_rn(float2 f) {
  return __floats2bfloat162_rn(f.x, f.y);
}
static inline float2 __bfloat1622float2(__nv_bfloat162 h) {
  float2 f;
  f.x = __bfloat162float(h.x);
  f.y = __bfloat162float(h.y);
  return f;
}
static inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) {
  return h.x;
}
static inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) {
  return h.y;
}

#ifdef __cplusplus
/* the names cuda_fp16.h also has: overloads in C++ */
static inline float __low2float(__nv_bfloat162 h) {
  return __bfloat162float(h.x);
}
static inline float __high2float(__nv_bfloat162 h) {
  return __bfloat162float(h.y);
}

/* arithmetic: float, rounded once */
static inline __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b));
}
static inline __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__bfloat162float(a) - __bfloat162float(b));
}
static inline __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__bfloat162float(a) * __bfloat162float(b));
}
static inline __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __float2bfloat16(__bfloat162float(a) / __bfloat162float(b));
}
static inline __nv_bfloat16 __hneg(__nv_bfloat16 a) {
  return __ushort_as_bfloat16((unsigned short)(a.__x ^ 0x8000u));
}
static inline __nv_bfloat16 __habs(__nv_bfloat16 a) {
  return __ushort_as_bfloat16((unsigned short)(a.__x & 0x7fffu));
}
static inline bool __hisnan(__nv_bfloat16 a) {
  return (a.__x & 0x7fffu) > 0x7f80u;
}
static inline bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __bfloat162float(a) == __bfloat162float(b);
}
static inline bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __bfloat162float(a) < __bfloat162float(b);
}
static inline bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __bfloat162float(a) > __bfloat162float(b);
}

inline __half::__half(const __nv_bfloat16 b) : __half((float)b) {}

inline __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return __hadd(a, b);
}
inline __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return __hsub(a, b);
}
inline __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return __hmul(a, b);
}
inline __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return __hdiv(a, b);
}
inline __nv_bfloat16 operator-(const __nv_bfloat16 &a) {
  return __hneg(a);
}
inline __nv_bfloat16 operator+(const __nv_bfloat16 &a) {
  return a;
}
inline __nv_bfloat16 &operator+=(__nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return a = a + b;
}
inline __nv_bfloat16 &operator-=(__nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return a = a - b;
}
inline __nv_bfloat16 &operator*=(__nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return a = a * b;
}
inline __nv_bfloat16 &operator/=(__nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return a = a / b;
}
inline bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return (float)a == (float)b;
}
inline bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return !(a == b);
}
inline bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return (float)a < (float)b;
}
inline bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return (float)a > (float)b;
}
inline bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return (float)a <= (float)b;
}
inline bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) {
  return (float)a >= (float)b;
}
#endif

#endif
