/* cu2cl's own CUDA headers: sm_32_intrinsics.h
 *
 * Declares the read-only data cache loads (CUDA C++ Programming Guide,
 * "Read-Only Data Cache Load Function") __ldg and the cache-hinted loads and
 * stores (__ldcg, __ldca, __ldcs, __ldlu, __ldcv, __stcg, __stcs, __stwb,
 * __stwt) for the scalar and
 * vector types CUDA lists. Declarations only. */
#ifndef CU2CL_SM_32_INTRINSICS_H
#define CU2CL_SM_32_INTRINSICS_H

#include "host_defines.h"
#include "vector_types.h"

/* __ldg */
__device__ char __ldg(const char *ptr);
__device__ signed char __ldg(const signed char *ptr);
__device__ short __ldg(const short *ptr);
__device__ int __ldg(const int *ptr);
__device__ long __ldg(const long *ptr);
__device__ long long __ldg(const long long *ptr);
__device__ unsigned char __ldg(const unsigned char *ptr);
__device__ unsigned short __ldg(const unsigned short *ptr);
__device__ unsigned int __ldg(const unsigned int *ptr);
__device__ unsigned long __ldg(const unsigned long *ptr);
__device__ unsigned long long __ldg(const unsigned long long *ptr);
__device__ char2 __ldg(const char2 *ptr);
__device__ char4 __ldg(const char4 *ptr);
__device__ short2 __ldg(const short2 *ptr);
__device__ short4 __ldg(const short4 *ptr);
__device__ int2 __ldg(const int2 *ptr);
__device__ int4 __ldg(const int4 *ptr);
__device__ longlong2 __ldg(const longlong2 *ptr);
__device__ uchar2 __ldg(const uchar2 *ptr);
__device__ uchar4 __ldg(const uchar4 *ptr);
__device__ ushort2 __ldg(const ushort2 *ptr);
__device__ ushort4 __ldg(const ushort4 *ptr);
__device__ uint2 __ldg(const uint2 *ptr);
__device__ uint4 __ldg(const uint4 *ptr);
__device__ ulonglong2 __ldg(const ulonglong2 *ptr);
__device__ float __ldg(const float *ptr);
__device__ float2 __ldg(const float2 *ptr);
__device__ float4 __ldg(const float4 *ptr);
__device__ double __ldg(const double *ptr);
__device__ double2 __ldg(const double2 *ptr);

/* __ldcg */
__device__ char __ldcg(const char *ptr);
__device__ signed char __ldcg(const signed char *ptr);
__device__ short __ldcg(const short *ptr);
__device__ int __ldcg(const int *ptr);
__device__ long __ldcg(const long *ptr);
__device__ long long __ldcg(const long long *ptr);
__device__ unsigned char __ldcg(const unsigned char *ptr);
__device__ unsigned short __ldcg(const unsigned short *ptr);
__device__ unsigned int __ldcg(const unsigned int *ptr);
__device__ unsigned long __ldcg(const unsigned long *ptr);
__device__ unsigned long long __ldcg(const unsigned long long *ptr);
__device__ char2 __ldcg(const char2 *ptr);
__device__ char4 __ldcg(const char4 *ptr);
__device__ short2 __ldcg(const short2 *ptr);
__device__ short4 __ldcg(const short4 *ptr);
__device__ int2 __ldcg(const int2 *ptr);
__device__ int4 __ldcg(const int4 *ptr);
__device__ longlong2 __ldcg(const longlong2 *ptr);
__device__ uchar2 __ldcg(const uchar2 *ptr);
__device__ uchar4 __ldcg(const uchar4 *ptr);
__device__ ushort2 __ldcg(const ushort2 *ptr);
__device__ ushort4 __ldcg(const ushort4 *ptr);
__device__ uint2 __ldcg(const uint2 *ptr);
__device__ uint4 __ldcg(const uint4 *ptr);
__device__ ulonglong2 __ldcg(const ulonglong2 *ptr);
__device__ float __ldcg(const float *ptr);
__device__ float2 __ldcg(const float2 *ptr);
__device__ float4 __ldcg(const float4 *ptr);
__device__ double __ldcg(const double *ptr);
__device__ double2 __ldcg(const double2 *ptr);

/* __ldca */
__device__ char __ldca(const char *ptr);
__device__ signed char __ldca(const signed char *ptr);
__device__ short __ldca(const short *ptr);
__device__ int __ldca(const int *ptr);
__device__ long __ldca(const long *ptr);
__device__ long long __ldca(const long long *ptr);
__device__ unsigned char __ldca(const unsigned char *ptr);
__device__ unsigned short __ldca(const unsigned short *ptr);
__device__ unsigned int __ldca(const unsigned int *ptr);
__device__ unsigned long __ldca(const unsigned long *ptr);
__device__ unsigned long long __ldca(const unsigned long long *ptr);
__device__ char2 __ldca(const char2 *ptr);
__device__ char4 __ldca(const char4 *ptr);
__device__ short2 __ldca(const short2 *ptr);
__device__ short4 __ldca(const short4 *ptr);
__device__ int2 __ldca(const int2 *ptr);
__device__ int4 __ldca(const int4 *ptr);
__device__ longlong2 __ldca(const longlong2 *ptr);
__device__ uchar2 __ldca(const uchar2 *ptr);
__device__ uchar4 __ldca(const uchar4 *ptr);
__device__ ushort2 __ldca(const ushort2 *ptr);
__device__ ushort4 __ldca(const ushort4 *ptr);
__device__ uint2 __ldca(const uint2 *ptr);
__device__ uint4 __ldca(const uint4 *ptr);
__device__ ulonglong2 __ldca(const ulonglong2 *ptr);
__device__ float __ldca(const float *ptr);
__device__ float2 __ldca(const float2 *ptr);
__device__ float4 __ldca(const float4 *ptr);
__device__ double __ldca(const double *ptr);
__device__ double2 __ldca(const double2 *ptr);

/* __ldcs */
__device__ char __ldcs(const char *ptr);
__device__ signed char __ldcs(const signed char *ptr);
__device__ short __ldcs(const short *ptr);
__device__ int __ldcs(const int *ptr);
__device__ long __ldcs(const long *ptr);
__device__ long long __ldcs(const long long *ptr);
__device__ unsigned char __ldcs(const unsigned char *ptr);
__device__ unsigned short __ldcs(const unsigned short *ptr);
__device__ unsigned int __ldcs(const unsigned int *ptr);
__device__ unsigned long __ldcs(const unsigned long *ptr);
__device__ unsigned long long __ldcs(const unsigned long long *ptr);
__device__ char2 __ldcs(const char2 *ptr);
__device__ char4 __ldcs(const char4 *ptr);
__device__ short2 __ldcs(const short2 *ptr);
__device__ short4 __ldcs(const short4 *ptr);
__device__ int2 __ldcs(const int2 *ptr);
__device__ int4 __ldcs(const int4 *ptr);
__device__ longlong2 __ldcs(const longlong2 *ptr);
__device__ uchar2 __ldcs(const uchar2 *ptr);
__device__ uchar4 __ldcs(const uchar4 *ptr);
__device__ ushort2 __ldcs(const ushort2 *ptr);
__device__ ushort4 __ldcs(const ushort4 *ptr);
__device__ uint2 __ldcs(const uint2 *ptr);
__device__ uint4 __ldcs(const uint4 *ptr);
__device__ ulonglong2 __ldcs(const ulonglong2 *ptr);
__device__ float __ldcs(const float *ptr);
__device__ float2 __ldcs(const float2 *ptr);
__device__ float4 __ldcs(const float4 *ptr);
__device__ double __ldcs(const double *ptr);
__device__ double2 __ldcs(const double2 *ptr);

/* __stcg */
__device__ void __stcg(char *ptr, char value);
__device__ void __stcg(signed char *ptr, signed char value);
__device__ void __stcg(short *ptr, short value);
__device__ void __stcg(int *ptr, int value);
__device__ void __stcg(long *ptr, long value);
__device__ void __stcg(long long *ptr, long long value);
__device__ void __stcg(unsigned char *ptr, unsigned char value);
__device__ void __stcg(unsigned short *ptr, unsigned short value);
__device__ void __stcg(unsigned int *ptr, unsigned int value);
__device__ void __stcg(unsigned long *ptr, unsigned long value);
__device__ void __stcg(unsigned long long *ptr, unsigned long long value);
__device__ void __stcg(char2 *ptr, char2 value);
__device__ void __stcg(char4 *ptr, char4 value);
__device__ void __stcg(short2 *ptr, short2 value);
__device__ void __stcg(short4 *ptr, short4 value);
__device__ void __stcg(int2 *ptr, int2 value);
__device__ void __stcg(int4 *ptr, int4 value);
__device__ void __stcg(longlong2 *ptr, longlong2 value);
__device__ void __stcg(uchar2 *ptr, uchar2 value);
__device__ void __stcg(uchar4 *ptr, uchar4 value);
__device__ void __stcg(ushort2 *ptr, ushort2 value);
__device__ void __stcg(ushort4 *ptr, ushort4 value);
__device__ void __stcg(uint2 *ptr, uint2 value);
__device__ void __stcg(uint4 *ptr, uint4 value);
__device__ void __stcg(ulonglong2 *ptr, ulonglong2 value);
__device__ void __stcg(float *ptr, float value);
__device__ void __stcg(float2 *ptr, float2 value);
__device__ void __stcg(float4 *ptr, float4 value);
__device__ void __stcg(double *ptr, double value);
__device__ void __stcg(double2 *ptr, double2 value);

/* __stcs */
__device__ void __stcs(char *ptr, char value);
__device__ void __stcs(signed char *ptr, signed char value);
__device__ void __stcs(short *ptr, short value);
__device__ void __stcs(int *ptr, int value);
__device__ void __stcs(long *ptr, long value);
__device__ void __stcs(long long *ptr, long long value);
__device__ void __stcs(unsigned char *ptr, unsigned char value);
__device__ void __stcs(unsigned short *ptr, unsigned short value);
__device__ void __stcs(unsigned int *ptr, unsigned int value);
__device__ void __stcs(unsigned long *ptr, unsigned long value);
__device__ void __stcs(unsigned long long *ptr, unsigned long long value);
__device__ void __stcs(char2 *ptr, char2 value);
__device__ void __stcs(char4 *ptr, char4 value);
__device__ void __stcs(short2 *ptr, short2 value);
__device__ void __stcs(short4 *ptr, short4 value);
__device__ void __stcs(int2 *ptr, int2 value);
__device__ void __stcs(int4 *ptr, int4 value);
__device__ void __stcs(longlong2 *ptr, longlong2 value);
__device__ void __stcs(uchar2 *ptr, uchar2 value);
__device__ void __stcs(uchar4 *ptr, uchar4 value);
__device__ void __stcs(ushort2 *ptr, ushort2 value);
__device__ void __stcs(ushort4 *ptr, ushort4 value);
__device__ void __stcs(uint2 *ptr, uint2 value);
__device__ void __stcs(uint4 *ptr, uint4 value);
__device__ void __stcs(ulonglong2 *ptr, ulonglong2 value);
__device__ void __stcs(float *ptr, float value);
__device__ void __stcs(float2 *ptr, float2 value);
__device__ void __stcs(float4 *ptr, float4 value);
__device__ void __stcs(double *ptr, double value);
__device__ void __stcs(double2 *ptr, double2 value);

/* __stwb */
__device__ void __stwb(char *ptr, char value);
__device__ void __stwb(signed char *ptr, signed char value);
__device__ void __stwb(short *ptr, short value);
__device__ void __stwb(int *ptr, int value);
__device__ void __stwb(long *ptr, long value);
__device__ void __stwb(long long *ptr, long long value);
__device__ void __stwb(unsigned char *ptr, unsigned char value);
__device__ void __stwb(unsigned short *ptr, unsigned short value);
__device__ void __stwb(unsigned int *ptr, unsigned int value);
__device__ void __stwb(unsigned long *ptr, unsigned long value);
__device__ void __stwb(unsigned long long *ptr, unsigned long long value);
__device__ void __stwb(char2 *ptr, char2 value);
__device__ void __stwb(char4 *ptr, char4 value);
__device__ void __stwb(short2 *ptr, short2 value);
__device__ void __stwb(short4 *ptr, short4 value);
__device__ void __stwb(int2 *ptr, int2 value);
__device__ void __stwb(int4 *ptr, int4 value);
__device__ void __stwb(longlong2 *ptr, longlong2 value);
__device__ void __stwb(uchar2 *ptr, uchar2 value);
__device__ void __stwb(uchar4 *ptr, uchar4 value);
__device__ void __stwb(ushort2 *ptr, ushort2 value);
__device__ void __stwb(ushort4 *ptr, ushort4 value);
__device__ void __stwb(uint2 *ptr, uint2 value);
__device__ void __stwb(uint4 *ptr, uint4 value);
__device__ void __stwb(ulonglong2 *ptr, ulonglong2 value);
__device__ void __stwb(float *ptr, float value);
__device__ void __stwb(float2 *ptr, float2 value);
__device__ void __stwb(float4 *ptr, float4 value);
__device__ void __stwb(double *ptr, double value);
__device__ void __stwb(double2 *ptr, double2 value);

/* __ldlu */
__device__ char __ldlu(const char *ptr);
__device__ signed char __ldlu(const signed char *ptr);
__device__ short __ldlu(const short *ptr);
__device__ int __ldlu(const int *ptr);
__device__ long __ldlu(const long *ptr);
__device__ long long __ldlu(const long long *ptr);
__device__ unsigned char __ldlu(const unsigned char *ptr);
__device__ unsigned short __ldlu(const unsigned short *ptr);
__device__ unsigned int __ldlu(const unsigned int *ptr);
__device__ unsigned long __ldlu(const unsigned long *ptr);
__device__ unsigned long long __ldlu(const unsigned long long *ptr);
__device__ char2 __ldlu(const char2 *ptr);
__device__ char4 __ldlu(const char4 *ptr);
__device__ short2 __ldlu(const short2 *ptr);
__device__ short4 __ldlu(const short4 *ptr);
__device__ int2 __ldlu(const int2 *ptr);
__device__ int4 __ldlu(const int4 *ptr);
__device__ longlong2 __ldlu(const longlong2 *ptr);
__device__ uchar2 __ldlu(const uchar2 *ptr);
__device__ uchar4 __ldlu(const uchar4 *ptr);
__device__ ushort2 __ldlu(const ushort2 *ptr);
__device__ ushort4 __ldlu(const ushort4 *ptr);
__device__ uint2 __ldlu(const uint2 *ptr);
__device__ uint4 __ldlu(const uint4 *ptr);
__device__ ulonglong2 __ldlu(const ulonglong2 *ptr);
__device__ float __ldlu(const float *ptr);
__device__ float2 __ldlu(const float2 *ptr);
__device__ float4 __ldlu(const float4 *ptr);
__device__ double __ldlu(const double *ptr);
__device__ double2 __ldlu(const double2 *ptr);

/* __ldcv */
__device__ char __ldcv(const char *ptr);
__device__ signed char __ldcv(const signed char *ptr);
__device__ short __ldcv(const short *ptr);
__device__ int __ldcv(const int *ptr);
__device__ long __ldcv(const long *ptr);
__device__ long long __ldcv(const long long *ptr);
__device__ unsigned char __ldcv(const unsigned char *ptr);
__device__ unsigned short __ldcv(const unsigned short *ptr);
__device__ unsigned int __ldcv(const unsigned int *ptr);
__device__ unsigned long __ldcv(const unsigned long *ptr);
__device__ unsigned long long __ldcv(const unsigned long long *ptr);
__device__ char2 __ldcv(const char2 *ptr);
__device__ char4 __ldcv(const char4 *ptr);
__device__ short2 __ldcv(const short2 *ptr);
__device__ short4 __ldcv(const short4 *ptr);
__device__ int2 __ldcv(const int2 *ptr);
__device__ int4 __ldcv(const int4 *ptr);
__device__ longlong2 __ldcv(const longlong2 *ptr);
__device__ uchar2 __ldcv(const uchar2 *ptr);
__device__ uchar4 __ldcv(const uchar4 *ptr);
__device__ ushort2 __ldcv(const ushort2 *ptr);
__device__ ushort4 __ldcv(const ushort4 *ptr);
__device__ uint2 __ldcv(const uint2 *ptr);
__device__ uint4 __ldcv(const uint4 *ptr);
__device__ ulonglong2 __ldcv(const ulonglong2 *ptr);
__device__ float __ldcv(const float *ptr);
__device__ float2 __ldcv(const float2 *ptr);
__device__ float4 __ldcv(const float4 *ptr);
__device__ double __ldcv(const double *ptr);
__device__ double2 __ldcv(const double2 *ptr);

/* __stwt */
__device__ void __stwt(char *ptr, char value);
__device__ void __stwt(signed char *ptr, signed char value);
__device__ void __stwt(short *ptr, short value);
__device__ void __stwt(int *ptr, int value);
__device__ void __stwt(long *ptr, long value);
__device__ void __stwt(long long *ptr, long long value);
__device__ void __stwt(unsigned char *ptr, unsigned char value);
__device__ void __stwt(unsigned short *ptr, unsigned short value);
__device__ void __stwt(unsigned int *ptr, unsigned int value);
__device__ void __stwt(unsigned long *ptr, unsigned long value);
__device__ void __stwt(unsigned long long *ptr, unsigned long long value);
__device__ void __stwt(char2 *ptr, char2 value);
__device__ void __stwt(char4 *ptr, char4 value);
__device__ void __stwt(short2 *ptr, short2 value);
__device__ void __stwt(short4 *ptr, short4 value);
__device__ void __stwt(int2 *ptr, int2 value);
__device__ void __stwt(int4 *ptr, int4 value);
__device__ void __stwt(longlong2 *ptr, longlong2 value);
__device__ void __stwt(uchar2 *ptr, uchar2 value);
__device__ void __stwt(uchar4 *ptr, uchar4 value);
__device__ void __stwt(ushort2 *ptr, ushort2 value);
__device__ void __stwt(ushort4 *ptr, ushort4 value);
__device__ void __stwt(uint2 *ptr, uint2 value);
__device__ void __stwt(uint4 *ptr, uint4 value);
__device__ void __stwt(ulonglong2 *ptr, ulonglong2 value);
__device__ void __stwt(float *ptr, float value);
__device__ void __stwt(float2 *ptr, float2 value);
__device__ void __stwt(float4 *ptr, float4 value);
__device__ void __stwt(double *ptr, double value);
__device__ void __stwt(double2 *ptr, double2 value);
#endif /* CU2CL_SM_32_INTRINSICS_H */
