/*
 * cu2cl_curand/unsupported.cuh (cu2cl's own): the parts of cuRAND's
 * device API that cu2cl's cuRAND does not implement, declared without
 * bodies so that programs using them parse, and every call is reported:
 * rules/device_functions.def gives the reason for the distributions
 * (CU2CL2001); the quasi-random and MTGP32 generators' functions are
 * CU2CL2002. A system header, as the emitter asks of such declarations.
 */
#ifndef CU2CL_OWN_CURAND_UNSUPPORTED_CUH
#define CU2CL_OWN_CURAND_UNSUPPORTED_CUH
#pragma clang system_header

#include "distributions.cuh"

struct curandDiscreteDistribution_st;
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;

__device__ unsigned int curand_poisson(curandStateXORWOW_t *state,
                                       double lambda);
__device__ unsigned int curand_poisson(curandStatePhilox4_32_10_t *state,
                                       double lambda);
__device__ unsigned int curand_poisson(curandStateMRG32k3a_t *state,
                                       double lambda);
__device__ uint4 curand_poisson4(curandStatePhilox4_32_10_t *state,
                                 double lambda);
__device__ unsigned int curand_discrete(curandStateXORWOW_t *state,
                                        curandDiscreteDistribution_t d);
__device__ unsigned int curand_discrete(curandStatePhilox4_32_10_t *state,
                                        curandDiscreteDistribution_t d);
__device__ unsigned int curand_discrete(curandStateMRG32k3a_t *state,
                                        curandDiscreteDistribution_t d);
__device__ uint4 curand_discrete4(curandStatePhilox4_32_10_t *state,
                                  curandDiscreteDistribution_t d);
__device__ double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state);
__device__ double4 curand_normal4_double(curandStatePhilox4_32_10_t *state);
__device__ double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state,
                                             double mean, double stddev);

/* Sobol (scrambled or not, 32 or 64 bits): direction vectors come from the
 * host API (curandGetDirectionVectors32), which cu2cl does not map. */
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

__device__ void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int offset, curandStateSobol32_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int scramble_c, unsigned int offset,
                            curandStateScrambledSobol32_t *state);
__device__ void curand_init(curandDirectionVectors64_t direction_vectors,
                            unsigned long long offset,
                            curandStateSobol64_t *state);
__device__ void curand_init(curandDirectionVectors64_t direction_vectors,
                            unsigned long long scramble_c,
                            unsigned long long offset,
                            curandStateScrambledSobol64_t *state);
__device__ unsigned int curand(curandStateSobol32_t *state);
__device__ unsigned int curand(curandStateScrambledSobol32_t *state);
__device__ unsigned long long curand(curandStateSobol64_t *state);
__device__ unsigned long long curand(curandStateScrambledSobol64_t *state);
__device__ float curand_uniform(curandStateSobol32_t *state);
__device__ float curand_uniform(curandStateScrambledSobol32_t *state);
__device__ float curand_uniform(curandStateSobol64_t *state);
__device__ float curand_uniform(curandStateScrambledSobol64_t *state);
__device__ double curand_uniform_double(curandStateSobol32_t *state);
__device__ double curand_uniform_double(curandStateScrambledSobol32_t *state);
__device__ double curand_uniform_double(curandStateSobol64_t *state);
__device__ double curand_uniform_double(curandStateScrambledSobol64_t *state);
__device__ float curand_normal(curandStateSobol32_t *state);
__device__ float curand_normal(curandStateScrambledSobol32_t *state);
__device__ float curand_normal(curandStateSobol64_t *state);
__device__ float curand_normal(curandStateScrambledSobol64_t *state);
__device__ double curand_normal_double(curandStateSobol32_t *state);
__device__ double curand_normal_double(curandStateScrambledSobol32_t *state);
__device__ double curand_normal_double(curandStateSobol64_t *state);
__device__ double curand_normal_double(curandStateScrambledSobol64_t *state);
__device__ void skipahead(unsigned int n, curandStateSobol32_t *state);
__device__ void skipahead(unsigned int n, curandStateScrambledSobol32_t *state);
__device__ void skipahead(unsigned long long n, curandStateSobol64_t *state);
__device__ void skipahead(unsigned long long n,
                          curandStateScrambledSobol64_t *state);

#endif
