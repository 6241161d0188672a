/*
 * cu2clrt_curand.h: cuRAND's device-API state types (curand_kernel.h) for
 * host code.
 *
 * cu2cl turns `#include <curand_kernel.h>` into an include of this header.
 * Host code allocates arrays of generator states (cudaMalloc(&s, n *
 * sizeof(curandState))) and passes them to kernels, which initialize and
 * use them with the device functions of cu2cl's cuRAND
 * (translator/cuda-include/translated/cu2cl_curand/). The structs here have
 * the members, sizes and alignments of those device structs, which are
 * cuRAND's: 48 bytes for XORWOW and MRG32k3a, 64 for Philox4_32_10. The
 * device functions themselves are not available to host code, as in CUDA.
 */
#ifndef CU2CLRT_CURAND_H
#define CU2CLRT_CURAND_H

#include "cu2clrt.h"

#define CURAND_KERNEL_H_

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#endif
