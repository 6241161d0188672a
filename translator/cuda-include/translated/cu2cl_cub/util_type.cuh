/*
 * cu2cl_cub/util_type.cuh (cu2cl's own): cub::Traits as CUB documents it,
 * in CUDA C++ that the device emitter translates: for each arithmetic type
 * its category, its bits as an unsigned integer (UnsignedBits) and the
 * twiddle that makes those bits sort as the values do (radix sorts and
 * radix selections over floats and signed integers: HeCBench topk),
 * Max() and Lowest().
 */
#ifndef CU2CL_OWN_CUB_UTIL_TYPE_CUH
#define CU2CL_OWN_CUB_UTIL_TYPE_CUH

#include "cuda_runtime.h"

namespace cub {

enum Category {
  NOT_A_NUMBER,
  SIGNED_INTEGER,
  UNSIGNED_INTEGER,
  FLOATING_POINT
};

/* The bits of T, T's largest and lowest values, by category. */
template <Category C, class Bits, class T> struct CU2CL_BaseTraits {
  static constexpr Category CATEGORY = C;
  enum { PRIMITIVE = 1, NULL_TYPE = 0 };
  typedef Bits UnsignedBits;
  static constexpr Bits HIGH_BIT = (Bits)((Bits)1 << (sizeof(Bits) * 8 - 1));
  static constexpr Bits ALL_ONES = (Bits) ~(Bits)0;
  /* unsigned integers sort as they are */
  static constexpr Bits LOWEST_KEY = C == UNSIGNED_INTEGER ? (Bits)0
                                     : C == SIGNED_INTEGER ? HIGH_BIT
                                                           : ALL_ONES;
  static constexpr Bits MAX_KEY =
      C == UNSIGNED_INTEGER ? ALL_ONES : (Bits)(ALL_ONES ^ HIGH_BIT);
  /* a signed integer's sign bit flips; a float's too when positive, every
   * bit when negative (larger magnitudes sort lower) */
  static __host__ __device__ Bits TwiddleIn(Bits key) {
    if (C == UNSIGNED_INTEGER)
      return key;
    if (C == SIGNED_INTEGER)
      return key ^ HIGH_BIT;
    return key ^ ((key & HIGH_BIT) ? ALL_ONES : HIGH_BIT);
  }
  static __host__ __device__ Bits TwiddleOut(Bits key) {
    if (C == UNSIGNED_INTEGER)
      return key;
    if (C == SIGNED_INTEGER)
      return key ^ HIGH_BIT;
    return key ^ ((key & HIGH_BIT) ? HIGH_BIT : ALL_ONES);
  }
};

template <class T> struct NumericTraits {
  static constexpr Category CATEGORY = NOT_A_NUMBER;
  enum { PRIMITIVE = 0, NULL_TYPE = 0 };
};

#define CU2CL_CUB_TRAITS(T, C, BITS, MAXV, LOWV)                               \
  template <> struct NumericTraits<T> : CU2CL_BaseTraits<C, BITS, T> {         \
    static __host__ __device__ T Max() { return MAXV; }                        \
    static __host__ __device__ T Lowest() { return LOWV; }                     \
  };
CU2CL_CUB_TRAITS(char, (char)-1 < 0 ? SIGNED_INTEGER : UNSIGNED_INTEGER,
                 unsigned char, (char)((char)-1 < 0 ? 127 : 255),
                 (char)((char)-1 < 0 ? -128 : 0))
CU2CL_CUB_TRAITS(signed char, SIGNED_INTEGER, unsigned char, 127, -128)
CU2CL_CUB_TRAITS(unsigned char, UNSIGNED_INTEGER, unsigned char, 255, 0)
CU2CL_CUB_TRAITS(short, SIGNED_INTEGER, unsigned short, 32767, -32768)
CU2CL_CUB_TRAITS(unsigned short, UNSIGNED_INTEGER, unsigned short, 65535, 0)
CU2CL_CUB_TRAITS(int, SIGNED_INTEGER, unsigned int, 2147483647, -2147483647 - 1)
CU2CL_CUB_TRAITS(unsigned int, UNSIGNED_INTEGER, unsigned int, 4294967295u, 0u)
CU2CL_CUB_TRAITS(long, SIGNED_INTEGER, unsigned long, __LONG_MAX__,
                 -__LONG_MAX__ - 1L)
CU2CL_CUB_TRAITS(unsigned long, UNSIGNED_INTEGER, unsigned long,
                 __LONG_MAX__ * 2UL + 1UL, 0UL)
CU2CL_CUB_TRAITS(long long, SIGNED_INTEGER, unsigned long long,
                 __LONG_LONG_MAX__, -__LONG_LONG_MAX__ - 1LL)
CU2CL_CUB_TRAITS(unsigned long long, UNSIGNED_INTEGER, unsigned long long,
                 __LONG_LONG_MAX__ * 2ULL + 1ULL, 0ULL)
CU2CL_CUB_TRAITS(float, FLOATING_POINT, unsigned int, __FLT_MAX__, -__FLT_MAX__)
CU2CL_CUB_TRAITS(double, FLOATING_POINT, unsigned long long, __DBL_MAX__,
                 -__DBL_MAX__)
#undef CU2CL_CUB_TRAITS

template <class T> struct Traits : NumericTraits<T> {};
template <class T> struct Traits<const T> : Traits<T> {};
template <class T> struct Traits<volatile T> : Traits<T> {};
template <class T> struct Traits<const volatile T> : Traits<T> {};

} // namespace cub

#endif
