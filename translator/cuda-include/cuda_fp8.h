/* cu2cl's own CUDA headers: cuda_fp8.h
 *
 * 8-bit floating point (CUDA Math API, "FP8 Intrinsics": "FP8 Conversion
 * and Data Movement" and the C++ structs __nv_fp8_e4m3, __nv_fp8_e5m2,
 * __nv_fp8x2_*, __nv_fp8x4_*): the storage types, the saturation and
 * interpretation enums, the conversion intrinsics and the structs with the
 * explicit constructors and conversion operators the documentation lists.
 * Written for cu2cl from the documentation; declarations only. The rows of
 * rules/device_fp8.def translate them; the E8M0 scale format (CUDA 12.8)
 * is not declared. */
#ifndef CU2CL_CUDA_FP8_H
#define CU2CL_CUDA_FP8_H
/* CUDA's own include guard, which user code tests */
#define __CUDA_FP8_H__
#define __CUDA_FP8_TYPES_EXIST__

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "host_defines.h"
#include "vector_types.h"

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

/* conversions and data movement */
__host__ __device__ __nv_fp8_storage_t
__nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                       const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t
__nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                          const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t
__nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                      const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                         const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                        const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(
    const __half2_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(
    const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(
    const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
    const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __half_raw
__nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                        const __nv_fp8_interpretation_t fp8_interpretation);
__host__ __device__ __half2_raw
__nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                           const __nv_fp8_interpretation_t fp8_interpretation);

/* One scalar struct per kind: the byte in __x (public, as CUDA's), the
 * explicit constructors (SATFINITE, nearest even) and conversions. */
struct __align__(1) __nv_fp8_e5m2 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e5m2() = default;
  explicit __host__ __device__ __nv_fp8_e5m2(const __half f);
  explicit __host__ __device__ __nv_fp8_e5m2(const __nv_bfloat16 f);
  explicit __host__ __device__ __nv_fp8_e5m2(const float f);
  explicit __host__ __device__ __nv_fp8_e5m2(const double f);
  explicit __host__ __device__ __nv_fp8_e5m2(const unsigned short int val);
  explicit __host__ __device__ __nv_fp8_e5m2(const unsigned int val);
  explicit __host__ __device__ __nv_fp8_e5m2(const unsigned long int val);
  explicit __host__ __device__ __nv_fp8_e5m2(const unsigned long long int val);
  explicit __host__ __device__ __nv_fp8_e5m2(const short int val);
  explicit __host__ __device__ __nv_fp8_e5m2(const int val);
  explicit __host__ __device__ __nv_fp8_e5m2(const long int val);
  explicit __host__ __device__ __nv_fp8_e5m2(const long long int val);
  explicit __host__ __device__ operator __half() const;
  explicit __host__ __device__ operator float() const;
  explicit __host__ __device__ operator __nv_bfloat16() const;
  explicit __host__ __device__ operator double() const;
  explicit __host__ __device__ operator unsigned char() const;
  explicit __host__ __device__ operator unsigned short int() const;
  explicit __host__ __device__ operator unsigned int() const;
  explicit __host__ __device__ operator unsigned long int() const;
  explicit __host__ __device__ operator unsigned long long int() const;
  explicit __host__ __device__ operator signed char() const;
  explicit __host__ __device__ operator char() const;
  explicit __host__ __device__ operator short int() const;
  explicit __host__ __device__ operator int() const;
  explicit __host__ __device__ operator long int() const;
  explicit __host__ __device__ operator long long int() const;
  explicit __host__ __device__ operator bool() const;
};
struct __align__(1) __nv_fp8_e4m3 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e4m3() = default;
  explicit __host__ __device__ __nv_fp8_e4m3(const __half f);
  explicit __host__ __device__ __nv_fp8_e4m3(const __nv_bfloat16 f);
  explicit __host__ __device__ __nv_fp8_e4m3(const float f);
  explicit __host__ __device__ __nv_fp8_e4m3(const double f);
  explicit __host__ __device__ __nv_fp8_e4m3(const unsigned short int val);
  explicit __host__ __device__ __nv_fp8_e4m3(const unsigned int val);
  explicit __host__ __device__ __nv_fp8_e4m3(const unsigned long int val);
  explicit __host__ __device__ __nv_fp8_e4m3(const unsigned long long int val);
  explicit __host__ __device__ __nv_fp8_e4m3(const short int val);
  explicit __host__ __device__ __nv_fp8_e4m3(const int val);
  explicit __host__ __device__ __nv_fp8_e4m3(const long int val);
  explicit __host__ __device__ __nv_fp8_e4m3(const long long int val);
  explicit __host__ __device__ operator __half() const;
  explicit __host__ __device__ operator float() const;
  explicit __host__ __device__ operator __nv_bfloat16() const;
  explicit __host__ __device__ operator double() const;
  explicit __host__ __device__ operator unsigned char() const;
  explicit __host__ __device__ operator unsigned short int() const;
  explicit __host__ __device__ operator unsigned int() const;
  explicit __host__ __device__ operator unsigned long int() const;
  explicit __host__ __device__ operator unsigned long long int() const;
  explicit __host__ __device__ operator signed char() const;
  explicit __host__ __device__ operator char() const;
  explicit __host__ __device__ operator short int() const;
  explicit __host__ __device__ operator int() const;
  explicit __host__ __device__ operator long int() const;
  explicit __host__ __device__ operator long long int() const;
  explicit __host__ __device__ operator bool() const;
};

/* pairs: the lane of lower address (.x) in the low byte */
struct __align__(2) __nv_fp8x2_e5m2 {
  __nv_fp8x2_storage_t __x;
  __nv_fp8x2_e5m2() = default;
  explicit __host__ __device__ __nv_fp8x2_e5m2(const __half2 f);
  explicit __host__ __device__ __nv_fp8x2_e5m2(const __nv_bfloat162 f);
  explicit __host__ __device__ __nv_fp8x2_e5m2(const float2 f);
  explicit __host__ __device__ __nv_fp8x2_e5m2(const double2 f);
  explicit __host__ __device__ operator __half2() const;
  explicit __host__ __device__ operator float2() const;
};
struct __align__(2) __nv_fp8x2_e4m3 {
  __nv_fp8x2_storage_t __x;
  __nv_fp8x2_e4m3() = default;
  explicit __host__ __device__ __nv_fp8x2_e4m3(const __half2 f);
  explicit __host__ __device__ __nv_fp8x2_e4m3(const __nv_bfloat162 f);
  explicit __host__ __device__ __nv_fp8x2_e4m3(const float2 f);
  explicit __host__ __device__ __nv_fp8x2_e4m3(const double2 f);
  explicit __host__ __device__ operator __half2() const;
  explicit __host__ __device__ operator float2() const;
};

/* quadruples: flo in the low 16 bits */
struct __align__(4) __nv_fp8x4_e5m2 {
  __nv_fp8x4_storage_t __x;
  __nv_fp8x4_e5m2() = default;
  explicit __host__ __device__ __nv_fp8x4_e5m2(const __half2 flo,
                                               const __half2 fhi);
  explicit __host__ __device__ __nv_fp8x4_e5m2(const __nv_bfloat162 flo,
                                               const __nv_bfloat162 fhi);
  explicit __host__ __device__ __nv_fp8x4_e5m2(const float4 f);
  explicit __host__ __device__ __nv_fp8x4_e5m2(const double4 f);
  explicit __host__ __device__ operator float4() const;
};
struct __align__(4) __nv_fp8x4_e4m3 {
  __nv_fp8x4_storage_t __x;
  __nv_fp8x4_e4m3() = default;
  explicit __host__ __device__ __nv_fp8x4_e4m3(const __half2 flo,
                                               const __half2 fhi);
  explicit __host__ __device__ __nv_fp8x4_e4m3(const __nv_bfloat162 flo,
                                               const __nv_bfloat162 fhi);
  explicit __host__ __device__ __nv_fp8x4_e4m3(const float4 f);
  explicit __host__ __device__ __nv_fp8x4_e4m3(const double4 f);
  explicit __host__ __device__ operator float4() const;
};

#endif
