/* cu2cl's own CUDA headers: sm_61_intrinsics.h
 *
 * Declares the integer dot products of compute capability 6.1 (CUDA Math
 * API, "Integer Intrinsics"): __dp4a, four 8-bit products summed into a
 * 32-bit accumulator, and __dp2a_lo/__dp2a_hi, two 16-bit by 8-bit
 * products with the low or high two bytes of the second operand, each for
 * packed signed and unsigned words and for the vector types CUDA lists.
 * Declarations only. */
#ifndef CU2CL_SM_61_INTRINSICS_H
#define CU2CL_SM_61_INTRINSICS_H

#include "host_defines.h"
#include "vector_types.h"

__device__ int __dp4a(int srcA, int srcB, int c);
__device__ unsigned int __dp4a(unsigned int srcA, unsigned int srcB,
                               unsigned int c);
__device__ int __dp4a(char4 srcA, char4 srcB, int c);
__device__ unsigned int __dp4a(uchar4 srcA, uchar4 srcB, unsigned int c);

__device__ int __dp2a_lo(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB,
                                  unsigned int c);
__device__ int __dp2a_lo(short2 srcA, char4 srcB, int c);
__device__ unsigned int __dp2a_lo(ushort2 srcA, uchar4 srcB, unsigned int c);

__device__ int __dp2a_hi(int srcA, int srcB, int c);
__device__ unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB,
                                  unsigned int c);
__device__ int __dp2a_hi(short2 srcA, char4 srcB, int c);
__device__ unsigned int __dp2a_hi(ushort2 srcA, uchar4 srcB, unsigned int c);

#endif
