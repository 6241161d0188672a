/* cu2cl's own CUDA headers: cuda_fp16.h
 *
 * Half precision (CUDA Math API, "Half Precision Intrinsics" and its
 * "Half Precision Conversion and Data Movement", "Half Arithmetic",
 * "Half2 Arithmetic", "Half Comparison", "Half Math Functions" sections):
 * the types __half, __half2, __half_raw, __half2_raw with the C++
 * constructors, conversions and operators the documentation lists, and
 * the functions cu2cl translates (rules/device_functions.def). Written for
 * cu2cl from the documentation; declarations only. The operators are free
 * functions, as NVIDIA declares them, so one table row serves both header
 * sets. */
#ifndef CU2CL_CUDA_FP16_H
#define CU2CL_CUDA_FP16_H
/* CUDA's own include guard, which user code tests */
#define __CUDA_FP16_H__
#define __CUDA_FP16_TYPES_EXIST__

#include "host_defines.h"
#include "vector_types.h"

/* cu2cl_only_raw<R, RAW>::type: int where R is RAW, else nothing (an
 * enable_if of cu2cl's own for the pairs' assignment from their raw bits,
 * cuda_bf16.h's too). */
template <typename R, typename RAW> struct cu2cl_only_raw {};
template <typename RAW> struct cu2cl_only_raw<RAW, RAW> {
  typedef int type;
};

typedef struct __align__(2) {
  unsigned short x;
} __half_raw;

typedef struct __align__(4) {
  unsigned short x;
  unsigned short y;
} __half2_raw;

/* cuda_bf16.h's type, for the explicit converting constructor */
struct __nv_bfloat16;

struct __align__(2) __half {
protected:
  unsigned short __x;

public:
  __half() = default;
  __host__ __device__ __half(const __half_raw &hr);
  explicit __host__ __device__ __half(const __nv_bfloat16 f);
  __host__ __device__ __half(float f);
  __host__ __device__ __half(double f);
  __host__ __device__ __half(short v);
  __host__ __device__ __half(unsigned short v);
  __host__ __device__ __half(int v);
  __host__ __device__ __half(unsigned int v);
  __host__ __device__ __half(long v);
  __host__ __device__ __half(unsigned long v);
  __host__ __device__ __half(long long v);
  __host__ __device__ __half(unsigned long long v);
  __host__ __device__ __half &operator=(const __half_raw &hr);
  __host__ __device__ __half &operator=(float f);
  __host__ __device__ __half &operator=(double f);
  __host__ __device__ __half &operator=(short v);
  __host__ __device__ __half &operator=(unsigned short v);
  __host__ __device__ __half &operator=(int v);
  __host__ __device__ __half &operator=(unsigned int v);
  __host__ __device__ __half &operator=(long long v);
  __host__ __device__ __half &operator=(unsigned long long v);
  __host__ __device__ operator __half_raw() const;
  __host__ __device__ operator float() const;
  __host__ __device__ operator signed char() const;
  __host__ __device__ operator unsigned char() const;
  __host__ __device__ operator char() const;
  __host__ __device__ operator short() const;
  __host__ __device__ operator unsigned short() const;
  __host__ __device__ operator int() const;
  __host__ __device__ operator unsigned int() const;
  __host__ __device__ operator long() const;
  __host__ __device__ operator unsigned long() const;
  __host__ __device__ operator long long() const;
  __host__ __device__ operator unsigned long long() const;
  __host__ __device__ operator bool() const;
};

struct __align__(4) __half2 {
  __half x;
  __half y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b);
  __host__ __device__ __half2(const __half2_raw &h2r);
  /* A template taking __half2_raw alone, so that `v = {}` is the copy of a
   * value-initialized __half2, as nvcc takes it; clang finds a plain
   * operator=(const __half2_raw &) as good a match for {}, and the call
   * ambiguous. */
  template <typename R, typename cu2cl_only_raw<R, __half2_raw>::type = 0>
  __host__ __device__ __half2 &operator=(const R &h2r);
  __host__ __device__ operator __half2_raw() const;
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;

/* conversions and data movement */
__host__ __device__ __half __float2half(const float a);
__host__ __device__ __half __float2half_rn(const float a);
__host__ __device__ __half __float2half_rz(const float a);
__host__ __device__ __half __float2half_rd(const float a);
__host__ __device__ __half __float2half_ru(const float a);
__host__ __device__ __half __double2half(const double a);
__host__ __device__ float __half2float(const __half a);
__host__ __device__ __half2 __float2half2_rn(const float a);
__host__ __device__ __half2 __floats2half2_rn(const float a, const float b);
__host__ __device__ __half2 __float22half2_rn(const float2 a);
__host__ __device__ float2 __half22float2(const __half2 a);
__host__ __device__ float __low2float(const __half2 a);
__host__ __device__ float __high2float(const __half2 a);
__host__ __device__ __half __low2half(const __half2 a);
__host__ __device__ __half __high2half(const __half2 a);
__host__ __device__ __half2 __low2half2(const __half2 a);
__host__ __device__ __half2 __high2half2(const __half2 a);
__host__ __device__ __half2 __lows2half2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __highs2half2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __lowhigh2highlow(const __half2 a);
__host__ __device__ __half2 __halves2half2(const __half a, const __half b);
__host__ __device__ __half2 __half2half2(const __half a);
__host__ __device__ __half2 make_half2(const __half x, const __half y);
__host__ __device__ __half __int2half_rn(const int i);
__host__ __device__ __half __uint2half_rn(const unsigned int i);
__host__ __device__ __half __short2half_rn(const short i);
__host__ __device__ __half __ushort2half_rn(const unsigned short i);
__host__ __device__ __half __ll2half_rn(const long long i);
__host__ __device__ __half __ull2half_rn(const unsigned long long i);
__host__ __device__ int __half2int_rz(const __half h);
__host__ __device__ int __half2int_rn(const __half h);
__host__ __device__ int __half2int_rd(const __half h);
__host__ __device__ int __half2int_ru(const __half h);
__host__ __device__ unsigned int __half2uint_rz(const __half h);
__host__ __device__ short __half2short_rz(const __half h);
__host__ __device__ unsigned short __half2ushort_rz(const __half h);
__host__ __device__ long long __half2ll_rz(const __half h);
__host__ __device__ unsigned long long __half2ull_rz(const __half h);
__host__ __device__ signed char __half2char_rz(const __half h);
__host__ __device__ unsigned char __half2uchar_rz(const __half h);
__host__ __device__ short __half_as_short(const __half h);
__host__ __device__ unsigned short __half_as_ushort(const __half h);
__host__ __device__ __half __short_as_half(const short i);
__host__ __device__ __half __ushort_as_half(const unsigned short i);

/* arithmetic */
__host__ __device__ __half __hadd(const __half a, const __half b);
__host__ __device__ __half __hsub(const __half a, const __half b);
__host__ __device__ __half __hmul(const __half a, const __half b);
__host__ __device__ __half __hdiv(const __half a, const __half b);
__host__ __device__ __half __hadd_sat(const __half a, const __half b);
__host__ __device__ __half __hsub_sat(const __half a, const __half b);
__host__ __device__ __half __hmul_sat(const __half a, const __half b);
__host__ __device__ __half __hadd_rn(const __half a, const __half b);
__host__ __device__ __half __hsub_rn(const __half a, const __half b);
__host__ __device__ __half __hmul_rn(const __half a, const __half b);
__host__ __device__ __half __hfma(const __half a, const __half b,
                                  const __half c);
__host__ __device__ __half __hfma_sat(const __half a, const __half b,
                                      const __half c);
__host__ __device__ __half __hneg(const __half a);
__host__ __device__ __half __habs(const __half a);
__host__ __device__ __half __hmax(const __half a, const __half b);
__host__ __device__ __half __hmin(const __half a, const __half b);
__host__ __device__ __half __hmax_nan(const __half a, const __half b);
__host__ __device__ __half __hmin_nan(const __half a, const __half b);
__host__ __device__ __half2 __hadd2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hsub2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hmul2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __h2div(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hfma2(const __half2 a, const __half2 b,
                                    const __half2 c);
__host__ __device__ __half2 __hneg2(const __half2 a);
__host__ __device__ __half __hfma_relu(const __half a, const __half b,
                                       const __half c);
__host__ __device__ __half2 __hadd2_sat(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hmul2_sat(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hfma2_sat(const __half2 a, const __half2 b,
                                        const __half2 c);
__host__ __device__ __half2 __hfma2_relu(const __half2 a, const __half2 b,
                                         const __half2 c);
__host__ __device__ __half2 __hcmadd(const __half2 a, const __half2 b,
                                     const __half2 c);
__host__ __device__ __half2 __habs2(const __half2 a);
__host__ __device__ __half2 __hmax2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hmin2(const __half2 a, const __half2 b);

/* comparisons */
__host__ __device__ bool __heq(const __half a, const __half b);
__host__ __device__ bool __hne(const __half a, const __half b);
__host__ __device__ bool __hlt(const __half a, const __half b);
__host__ __device__ bool __hle(const __half a, const __half b);
__host__ __device__ bool __hgt(const __half a, const __half b);
__host__ __device__ bool __hge(const __half a, const __half b);
__host__ __device__ bool __hequ(const __half a, const __half b);
__host__ __device__ bool __hneu(const __half a, const __half b);
__host__ __device__ bool __hltu(const __half a, const __half b);
__host__ __device__ bool __hleu(const __half a, const __half b);
__host__ __device__ bool __hgtu(const __half a, const __half b);
__host__ __device__ bool __hgeu(const __half a, const __half b);
__host__ __device__ bool __hisnan(const __half a);
__host__ __device__ int __hisinf(const __half a);
__host__ __device__ bool __hbeq2(const __half2 a, const __half2 b);
__host__ __device__ bool __hbne2(const __half2 a, const __half2 b);
__host__ __device__ bool __hblt2(const __half2 a, const __half2 b);
__host__ __device__ bool __hble2(const __half2 a, const __half2 b);
__host__ __device__ bool __hbgt2(const __half2 a, const __half2 b);
__host__ __device__ bool __hbge2(const __half2 a, const __half2 b);
__host__ __device__ bool __hbneu2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __heq2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hne2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hlt2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hle2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hgt2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hge2(const __half2 a, const __half2 b);
__host__ __device__ __half2 __hisnan2(const __half2 a);

/* math */
__device__ __half hsqrt(const __half a);
__device__ __half hrsqrt(const __half a);
__device__ __half hrcp(const __half a);
__device__ __half hexp(const __half a);
__device__ __half hexp2(const __half a);
__device__ __half hexp10(const __half a);
__device__ __half hlog(const __half a);
__device__ __half hlog2(const __half a);
__device__ __half hlog10(const __half a);
__device__ __half hsin(const __half a);
__device__ __half hcos(const __half a);
__device__ __half htanh(const __half a);
__device__ __half htanh_approx(const __half a);
__device__ __half hceil(const __half a);
__device__ __half hfloor(const __half a);
__device__ __half htrunc(const __half a);
__device__ __half hrint(const __half a);
__device__ __half2 h2sqrt(const __half2 a);
__device__ __half2 h2rsqrt(const __half2 a);
__device__ __half2 h2rcp(const __half2 a);
__device__ __half2 h2exp(const __half2 a);
__device__ __half2 h2exp2(const __half2 a);
__device__ __half2 h2log(const __half2 a);
__device__ __half2 h2log2(const __half2 a);
__device__ __half2 h2sin(const __half2 a);
__device__ __half2 h2cos(const __half2 a);
__device__ __half2 h2tanh(const __half2 a);
__device__ __half2 h2floor(const __half2 a);
__device__ __half2 h2ceil(const __half2 a);
__device__ __half2 h2trunc(const __half2 a);
__device__ __half2 h2rint(const __half2 a);

/* warp shuffles and loads */
__device__ __half __shfl_sync(unsigned int mask, __half var, int srcLane,
                              int width = 32);
__device__ __half __shfl_up_sync(unsigned int mask, __half var,
                                 unsigned int delta, int width = 32);
__device__ __half __shfl_down_sync(unsigned int mask, __half var,
                                   unsigned int delta, int width = 32);
__device__ __half __shfl_xor_sync(unsigned int mask, __half var,
                                  int laneMask, int width = 32);
__device__ __half2 __shfl_sync(unsigned int mask, __half2 var, int srcLane,
                               int width = 32);
__device__ __half2 __shfl_up_sync(unsigned int mask, __half2 var,
                                  unsigned int delta, int width = 32);
__device__ __half2 __shfl_down_sync(unsigned int mask, __half2 var,
                                    unsigned int delta, int width = 32);
__device__ __half2 __shfl_xor_sync(unsigned int mask, __half2 var,
                                   int laneMask, int width = 32);
__device__ __half __ldg(const __half *ptr);
__device__ __half2 __ldg(const __half2 *ptr);

/* operators */
__host__ __device__ __half operator+(const __half &lh, const __half &rh);
__host__ __device__ __half operator-(const __half &lh, const __half &rh);
__host__ __device__ __half operator*(const __half &lh, const __half &rh);
__host__ __device__ __half operator/(const __half &lh, const __half &rh);
__host__ __device__ __half &operator+=(__half &lh, const __half &rh);
__host__ __device__ __half &operator-=(__half &lh, const __half &rh);
__host__ __device__ __half &operator*=(__half &lh, const __half &rh);
__host__ __device__ __half &operator/=(__half &lh, const __half &rh);
__host__ __device__ __half &operator++(__half &h);
__host__ __device__ __half &operator--(__half &h);
__host__ __device__ __half operator++(__half &h, const int ignored);
__host__ __device__ __half operator--(__half &h, const int ignored);
__host__ __device__ __half operator+(const __half &h);
__host__ __device__ __half operator-(const __half &h);
__host__ __device__ bool operator==(const __half &lh, const __half &rh);
__host__ __device__ bool operator!=(const __half &lh, const __half &rh);
__host__ __device__ bool operator>(const __half &lh, const __half &rh);
__host__ __device__ bool operator<(const __half &lh, const __half &rh);
__host__ __device__ bool operator>=(const __half &lh, const __half &rh);
__host__ __device__ bool operator<=(const __half &lh, const __half &rh);
__host__ __device__ __half2 operator+(const __half2 &lh, const __half2 &rh);
__host__ __device__ __half2 operator-(const __half2 &lh, const __half2 &rh);
__host__ __device__ __half2 operator*(const __half2 &lh, const __half2 &rh);
__host__ __device__ __half2 operator/(const __half2 &lh, const __half2 &rh);
__host__ __device__ __half2 &operator+=(__half2 &lh, const __half2 &rh);
__host__ __device__ __half2 &operator-=(__half2 &lh, const __half2 &rh);
__host__ __device__ __half2 &operator*=(__half2 &lh, const __half2 &rh);
__host__ __device__ __half2 &operator/=(__half2 &lh, const __half2 &rh);
__host__ __device__ __half2 &operator++(__half2 &h);
__host__ __device__ __half2 &operator--(__half2 &h);
__host__ __device__ __half2 operator++(__half2 &h, const int ignored);
__host__ __device__ __half2 operator--(__half2 &h, const int ignored);
__host__ __device__ __half2 operator+(const __half2 &h);
__host__ __device__ __half2 operator-(const __half2 &h);
__host__ __device__ bool operator==(const __half2 &lh, const __half2 &rh);
__host__ __device__ bool operator!=(const __half2 &lh, const __half2 &rh);
__host__ __device__ bool operator>(const __half2 &lh, const __half2 &rh);
__host__ __device__ bool operator<(const __half2 &lh, const __half2 &rh);
__host__ __device__ bool operator>=(const __half2 &lh, const __half2 &rh);
__host__ __device__ bool operator<=(const __half2 &lh, const __half2 &rh);

#endif
