/* cu2cl's own CUDA headers: device_functions.h
 *
 * Declares CUDA's device-side functions other than math, atomics and warp
 * primitives (CUDA C++ Programming Guide: "Synchronization Functions",
 * "Memory Fence Functions", "Time Function", "Formatted Output", "Dynamic
 * Global Memory Allocation", "Assertion"; CUDA Math API: "Single/Double
 * Precision Intrinsics", "Type Casting Intrinsics", "Integer Intrinsics",
 * "SIMD Intrinsics").
 * All are __device__ declarations; cu2cl maps them by name and never
 * compiles them. Functions that share a name with a host C library function
 * (printf, malloc, free, memcpy, memset, clock) are declared as __device__
 * overloads: clang keeps a __device__ and a host function of the same
 * signature apart, so host code still gets the C library's. */
#ifndef CU2CL_DEVICE_FUNCTIONS_H
#define CU2CL_DEVICE_FUNCTIONS_H

#include "host_defines.h"
#include <stddef.h>
#include <time.h>

/* Synchronization and memory fences. */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __threadfence_block(void);
__device__ void __threadfence(void);
__device__ void __threadfence_system(void);

/* Time. */
__device__ clock_t clock(void);
__device__ long long int clock64(void);
__device__ void __nanosleep(unsigned int ns);

/* Formatted output, heap, memory and assertions in device code. */
__device__ int printf(const char *format, ...);
__device__ void *malloc(size_t size);
__device__ void free(void *ptr);
__device__ void *memcpy(void *dest, const void *src, size_t n);
__device__ void *memset(void *s, int c, size_t n);
/* The assert() macro of <assert.h> expands to a call of __assert_fail. */
__device__ void __assert_fail(const char *assertion, const char *file,
                              unsigned int line, const char *function);
__device__ void __trap(void);
__device__ void __brkpt(void);

/* Fast single precision intrinsics. */
__device__ float __expf(float x);
__device__ float __exp10f(float x);
__device__ float __logf(float x);
__device__ float __log2f(float x);
__device__ float __log10f(float x);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
__device__ void __sincosf(float x, float *sptr, float *cptr);
__device__ float __powf(float x, float y);
__device__ float __fdividef(float x, float y);
__device__ float __saturatef(float x);

/* Single precision arithmetic with an explicit rounding mode:
 * _rn nearest even, _rz toward zero, _ru up, _rd down. */
__device__ float __fadd_rn(float x, float y);
__device__ float __fadd_rz(float x, float y);
__device__ float __fadd_ru(float x, float y);
__device__ float __fadd_rd(float x, float y);
__device__ float __fsub_rn(float x, float y);
__device__ float __fsub_rz(float x, float y);
__device__ float __fsub_ru(float x, float y);
__device__ float __fsub_rd(float x, float y);
__device__ float __fmul_rn(float x, float y);
__device__ float __fmul_rz(float x, float y);
__device__ float __fmul_ru(float x, float y);
__device__ float __fmul_rd(float x, float y);
__device__ float __fdiv_rn(float x, float y);
__device__ float __fdiv_rz(float x, float y);
__device__ float __fdiv_ru(float x, float y);
__device__ float __fdiv_rd(float x, float y);
__device__ float __fmaf_rn(float x, float y, float z);
__device__ float __fmaf_rz(float x, float y, float z);
__device__ float __fmaf_ru(float x, float y, float z);
__device__ float __fmaf_rd(float x, float y, float z);
__device__ float __frcp_rn(float x);
__device__ float __frcp_rz(float x);
__device__ float __frcp_ru(float x);
__device__ float __frcp_rd(float x);
__device__ float __fsqrt_rn(float x);
__device__ float __fsqrt_rz(float x);
__device__ float __fsqrt_ru(float x);
__device__ float __fsqrt_rd(float x);
__device__ float __frsqrt_rn(float x);

/* Double precision arithmetic with an explicit rounding mode. */
__device__ double __dadd_rn(double x, double y);
__device__ double __dadd_rz(double x, double y);
__device__ double __dadd_ru(double x, double y);
__device__ double __dadd_rd(double x, double y);
__device__ double __dsub_rn(double x, double y);
__device__ double __dsub_rz(double x, double y);
__device__ double __dsub_ru(double x, double y);
__device__ double __dsub_rd(double x, double y);
__device__ double __dmul_rn(double x, double y);
__device__ double __dmul_rz(double x, double y);
__device__ double __dmul_ru(double x, double y);
__device__ double __dmul_rd(double x, double y);
__device__ double __ddiv_rn(double x, double y);
__device__ double __ddiv_rz(double x, double y);
__device__ double __ddiv_ru(double x, double y);
__device__ double __ddiv_rd(double x, double y);
__device__ double __fma_rn(double x, double y, double z);
__device__ double __fma_rz(double x, double y, double z);
__device__ double __fma_ru(double x, double y, double z);
__device__ double __fma_rd(double x, double y, double z);
__device__ double __drcp_rn(double x);
__device__ double __drcp_rz(double x);
__device__ double __drcp_ru(double x);
__device__ double __drcp_rd(double x);
__device__ double __dsqrt_rn(double x);
__device__ double __dsqrt_rz(double x);
__device__ double __dsqrt_ru(double x);
__device__ double __dsqrt_rd(double x);

/* Conversions with an explicit rounding mode. */
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ int __float2int_ru(float x);
__device__ int __float2int_rd(float x);
__device__ unsigned int __float2uint_rn(float x);
__device__ unsigned int __float2uint_rz(float x);
__device__ unsigned int __float2uint_ru(float x);
__device__ unsigned int __float2uint_rd(float x);
__device__ long long int __float2ll_rn(float x);
__device__ long long int __float2ll_rz(float x);
__device__ long long int __float2ll_ru(float x);
__device__ long long int __float2ll_rd(float x);
__device__ unsigned long long int __float2ull_rn(float x);
__device__ unsigned long long int __float2ull_rz(float x);
__device__ unsigned long long int __float2ull_ru(float x);
__device__ unsigned long long int __float2ull_rd(float x);
__device__ float __int2float_rn(int x);
__device__ float __int2float_rz(int x);
__device__ float __int2float_ru(int x);
__device__ float __int2float_rd(int x);
__device__ float __uint2float_rn(unsigned int x);
__device__ float __uint2float_rz(unsigned int x);
__device__ float __uint2float_ru(unsigned int x);
__device__ float __uint2float_rd(unsigned int x);
__device__ float __ll2float_rn(long long int x);
__device__ float __ull2float_rn(unsigned long long int x);
__device__ int __double2int_rn(double x);
__device__ int __double2int_rz(double x);
__device__ int __double2int_ru(double x);
__device__ int __double2int_rd(double x);
__device__ unsigned int __double2uint_rn(double x);
__device__ unsigned int __double2uint_rz(double x);
__device__ unsigned int __double2uint_ru(double x);
__device__ unsigned int __double2uint_rd(double x);
__device__ long long int __double2ll_rn(double x);
__device__ long long int __double2ll_rz(double x);
__device__ unsigned long long int __double2ull_rn(double x);
__device__ unsigned long long int __double2ull_rz(double x);
__device__ float __double2float_rn(double x);
__device__ float __double2float_rz(double x);
__device__ float __double2float_ru(double x);
__device__ float __double2float_rd(double x);
__device__ double __int2double_rn(int x);
__device__ double __uint2double_rn(unsigned int x);
__device__ double __ll2double_rn(long long int x);
__device__ double __ull2double_rn(unsigned long long int x);

/* Reinterpretation of bits. */
__device__ int __float_as_int(float x);
__device__ float __int_as_float(int x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long int __double_as_longlong(double x);
__device__ double __longlong_as_double(long long int x);
__device__ int __double2hiint(double x);
__device__ int __double2loint(double x);
__device__ double __hiloint2double(int hi, int lo);

/* Integer intrinsics. */
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long int x);
__device__ int __clz(int x);
__device__ int __clzll(long long int x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long int x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned long long int __brevll(unsigned long long int x);
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ long long int __mul64hi(long long int x, long long int y);
__device__ unsigned long long int __umul64hi(unsigned long long int x,
                                             unsigned long long int y);
__device__ unsigned int __sad(int x, int y, unsigned int z);
__device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y,
                                    unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                         unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                         unsigned int shift);
__device__ int __hadd(int x, int y);
__device__ int __rhadd(int x, int y);
__device__ unsigned int __uhadd(unsigned int x, unsigned int y);
__device__ unsigned int __urhadd(unsigned int x, unsigned int y);

/* SIMD intrinsics: a 32-bit word as two 16-bit lanes (names ending in 2)
 * or four 8-bit lanes (ending in 4). */
__device__ unsigned int __vabs2(unsigned int a);
__device__ unsigned int __vabsss2(unsigned int a);
__device__ unsigned int __vneg2(unsigned int a);
__device__ unsigned int __vnegss2(unsigned int a);
__device__ unsigned int __vadd2(unsigned int a, unsigned int b);
__device__ unsigned int __vaddss2(unsigned int a, unsigned int b);
__device__ unsigned int __vaddus2(unsigned int a, unsigned int b);
__device__ unsigned int __vsub2(unsigned int a, unsigned int b);
__device__ unsigned int __vsubss2(unsigned int a, unsigned int b);
__device__ unsigned int __vsubus2(unsigned int a, unsigned int b);
__device__ unsigned int __vavgs2(unsigned int a, unsigned int b);
__device__ unsigned int __vavgu2(unsigned int a, unsigned int b);
__device__ unsigned int __vhaddu2(unsigned int a, unsigned int b);
__device__ unsigned int __vabsdiffs2(unsigned int a, unsigned int b);
__device__ unsigned int __vabsdiffu2(unsigned int a, unsigned int b);
__device__ unsigned int __vsads2(unsigned int a, unsigned int b);
__device__ unsigned int __vsadu2(unsigned int a, unsigned int b);
__device__ unsigned int __vmaxs2(unsigned int a, unsigned int b);
__device__ unsigned int __vmaxu2(unsigned int a, unsigned int b);
__device__ unsigned int __vmins2(unsigned int a, unsigned int b);
__device__ unsigned int __vminu2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpeq2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpne2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpges2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpgeu2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpgts2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpgtu2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmples2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpleu2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmplts2(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpltu2(unsigned int a, unsigned int b);
__device__ unsigned int __vseteq2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetne2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetges2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetgeu2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetgts2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetgtu2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetles2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetleu2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetlts2(unsigned int a, unsigned int b);
__device__ unsigned int __vsetltu2(unsigned int a, unsigned int b);
__device__ unsigned int __vabs4(unsigned int a);
__device__ unsigned int __vabsss4(unsigned int a);
__device__ unsigned int __vneg4(unsigned int a);
__device__ unsigned int __vnegss4(unsigned int a);
__device__ unsigned int __vadd4(unsigned int a, unsigned int b);
__device__ unsigned int __vaddss4(unsigned int a, unsigned int b);
__device__ unsigned int __vaddus4(unsigned int a, unsigned int b);
__device__ unsigned int __vsub4(unsigned int a, unsigned int b);
__device__ unsigned int __vsubss4(unsigned int a, unsigned int b);
__device__ unsigned int __vsubus4(unsigned int a, unsigned int b);
__device__ unsigned int __vavgs4(unsigned int a, unsigned int b);
__device__ unsigned int __vavgu4(unsigned int a, unsigned int b);
__device__ unsigned int __vhaddu4(unsigned int a, unsigned int b);
__device__ unsigned int __vabsdiffs4(unsigned int a, unsigned int b);
__device__ unsigned int __vabsdiffu4(unsigned int a, unsigned int b);
__device__ unsigned int __vsads4(unsigned int a, unsigned int b);
__device__ unsigned int __vsadu4(unsigned int a, unsigned int b);
__device__ unsigned int __vmaxs4(unsigned int a, unsigned int b);
__device__ unsigned int __vmaxu4(unsigned int a, unsigned int b);
__device__ unsigned int __vmins4(unsigned int a, unsigned int b);
__device__ unsigned int __vminu4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpeq4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpne4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpges4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpgeu4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpgts4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpgtu4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmples4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpleu4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmplts4(unsigned int a, unsigned int b);
__device__ unsigned int __vcmpltu4(unsigned int a, unsigned int b);
__device__ unsigned int __vseteq4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetne4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetges4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetgeu4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetgts4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetgtu4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetles4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetleu4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetlts4(unsigned int a, unsigned int b);
__device__ unsigned int __vsetltu4(unsigned int a, unsigned int b);

/* SIMD intrinsics of CUDA 12: three-way and add-then min/max, ReLU; the
 * _s32/_u32 forms take the word as one integer, the 16x2 forms as two
 * halfwords. (CUDA also lets host code call these.) */
__device__ int __vimax_s32_relu(int a, int b);
__device__ int __vimin_s32_relu(int a, int b);
__device__ unsigned int __vimax_s16x2_relu(unsigned int a, unsigned int b);
__device__ unsigned int __vimin_s16x2_relu(unsigned int a, unsigned int b);
__device__ int __vimax3_s32(int a, int b, int c);
__device__ unsigned int __vimax3_u32(unsigned int a, unsigned int b,
                                     unsigned int c);
__device__ unsigned int __vimax3_s16x2(unsigned int a, unsigned int b,
                                       unsigned int c);
__device__ unsigned int __vimax3_u16x2(unsigned int a, unsigned int b,
                                       unsigned int c);
__device__ int __vimin3_s32(int a, int b, int c);
__device__ unsigned int __vimin3_u32(unsigned int a, unsigned int b,
                                     unsigned int c);
__device__ unsigned int __vimin3_s16x2(unsigned int a, unsigned int b,
                                       unsigned int c);
__device__ unsigned int __vimin3_u16x2(unsigned int a, unsigned int b,
                                       unsigned int c);
__device__ int __vimax3_s32_relu(int a, int b, int c);
__device__ int __vimin3_s32_relu(int a, int b, int c);
__device__ unsigned int __vimax3_s16x2_relu(unsigned int a, unsigned int b,
                                            unsigned int c);
__device__ unsigned int __vimin3_s16x2_relu(unsigned int a, unsigned int b,
                                            unsigned int c);
__device__ int __viaddmax_s32(int a, int b, int c);
__device__ unsigned int __viaddmax_u32(unsigned int a, unsigned int b,
                                       unsigned int c);
__device__ unsigned int __viaddmax_s16x2(unsigned int a, unsigned int b,
                                         unsigned int c);
__device__ unsigned int __viaddmax_u16x2(unsigned int a, unsigned int b,
                                         unsigned int c);
__device__ int __viaddmin_s32(int a, int b, int c);
__device__ unsigned int __viaddmin_u32(unsigned int a, unsigned int b,
                                       unsigned int c);
__device__ unsigned int __viaddmin_s16x2(unsigned int a, unsigned int b,
                                         unsigned int c);
__device__ unsigned int __viaddmin_u16x2(unsigned int a, unsigned int b,
                                         unsigned int c);
__device__ int __viaddmax_s32_relu(int a, int b, int c);
__device__ int __viaddmin_s32_relu(int a, int b, int c);
__device__ unsigned int __viaddmax_s16x2_relu(unsigned int a, unsigned int b,
                                              unsigned int c);
__device__ unsigned int __viaddmin_s16x2_relu(unsigned int a, unsigned int b,
                                              unsigned int c);
__device__ int __vibmax_s32(int a, int b, bool *pred);
__device__ unsigned int __vibmax_u32(unsigned int a, unsigned int b,
                                     bool *pred);
__device__ int __vibmin_s32(int a, int b, bool *pred);
__device__ unsigned int __vibmin_u32(unsigned int a, unsigned int b,
                                     bool *pred);
__device__ unsigned int __vibmax_s16x2(unsigned int a, unsigned int b,
                                       bool *pred_hi, bool *pred_lo);
__device__ unsigned int __vibmax_u16x2(unsigned int a, unsigned int b,
                                       bool *pred_hi, bool *pred_lo);
__device__ unsigned int __vibmin_s16x2(unsigned int a, unsigned int b,
                                       bool *pred_hi, bool *pred_lo);
__device__ unsigned int __vibmin_u16x2(unsigned int a, unsigned int b,
                                       bool *pred_hi, bool *pred_lo);

#endif /* CU2CL_DEVICE_FUNCTIONS_H */
