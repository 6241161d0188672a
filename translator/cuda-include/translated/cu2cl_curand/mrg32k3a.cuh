/*
 * cu2cl_curand/mrg32k3a.cuh (cu2cl's own): cuRAND's MRG32k3a
 * (curandStateMRG32k3a_t), written for cu2cl from cuRAND's documented
 * interface and L'Ecuyer's published MRG32k3a, in CUDA C++ that the device
 * emitter translates. Two order-3 recurrences modulo m1 and m2, stepped and
 * jumped in exact 64-bit integer arithmetic: bit for bit cuRAND's.
 *
 * A jump of n steps multiplies each triple by its recurrence's 3x3 matrix
 * raised to n, by square-and-multiply modulo m. The matrices for one
 * subsequence (2^76 steps) and one sequence (2^127 steps) are constants
 * computed by scripts/curand_constants.c.
 */
#ifndef CU2CL_OWN_CURAND_MRG32K3A_CUH
#define CU2CL_OWN_CURAND_MRG32K3A_CUH

#include "cuda_runtime.h"

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  /* cuRAND's double boxmuller_extra_double, as its bits: kernels that
   * draw no double values then need no fp64 */
  unsigned long long boxmuller_extra_double_bits;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#define CU2CL_MRG_M1 4294967087ull
#define CU2CL_MRG_M2 4294944443ull

/* o = a * b mod m, 3x3 (o may be a or b); entries below m < 2^32. */
__device__ inline void cu2cl_mrg_matmul(unsigned int o[9],
                                        const unsigned int a[9],
                                        const unsigned int b[9],
                                        unsigned long long m) {
  unsigned int t[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      unsigned long long s = 0ull;
      for (int k = 0; k < 3; k++)
        s = (s + (unsigned long long)a[3 * i + k] * b[3 * k + j] % m) % m;
      t[3 * i + j] = (unsigned int)s;
    }
  for (int i = 0; i < 9; i++)
    o[i] = t[i];
}

/* v = a * v mod m */
__device__ inline void cu2cl_mrg_matvec(const unsigned int a[9],
                                        unsigned int v[3],
                                        unsigned long long m) {
  unsigned int t[3];
  for (int i = 0; i < 3; i++) {
    unsigned long long s = 0ull;
    for (int k = 0; k < 3; k++)
      s = (s + (unsigned long long)a[3 * i + k] * v[k] % m) % m;
    t[i] = (unsigned int)s;
  }
  for (int i = 0; i < 3; i++)
    v[i] = t[i];
}

/* v = g^n v mod m */
__device__ inline void cu2cl_mrg_jump(const unsigned int g[9],
                                      unsigned long long n, unsigned int v[3],
                                      unsigned long long m) {
  unsigned int p[9];
  for (int i = 0; i < 9; i++)
    p[i] = g[i];
  while (n) {
    if (n & 1ull)
      cu2cl_mrg_matvec(p, v, m);
    n >>= 1;
    if (n)
      cu2cl_mrg_matmul(p, p, p, m);
  }
}

/* The state's two triples moved on by g1^n and g2^n, where the g are the
 * matrices of 1 (kind 0), 2^76 (kind 1) or 2^127 (kind 2) steps. */
__device__ inline void cu2cl_mrg_skip(unsigned long long n, int kind,
                                      curandStateMRG32k3a_t *state) {
  unsigned int g1[9] = {0u, 1u, 0u, 0u, 0u, 1u, 4294156359u, 1403580u, 0u};
  unsigned int g2[9] = {0u, 1u, 0u, 0u, 0u, 1u, 4293573854u, 0u, 527612u};
  if (kind == 1) {
    unsigned int s1[9] = {82758667u,   1871391091u, 4127413238u,
                          3672831523u, 69195019u,   1871391091u,
                          3672091415u, 3528743235u, 69195019u};
    unsigned int s2[9] = {1511326704u, 3759209742u, 1610795712u,
                          4292754251u, 1511326704u, 3889917532u,
                          3859662829u, 4292754251u, 3708466080u};
    for (int i = 0; i < 9; i++) {
      g1[i] = s1[i];
      g2[i] = s2[i];
    }
  } else if (kind == 2) {
    unsigned int q1[9] = {2427906178u, 3580155704u, 949770784u,
                          226153695u,  1230515664u, 3580155704u,
                          1988835001u, 986791581u,  1230515664u};
    unsigned int q2[9] = {1464411153u, 277697599u,  1610723613u,
                          32183930u,   1464411153u, 1022607788u,
                          2824425944u, 32183930u,   2093834863u};
    for (int i = 0; i < 9; i++) {
      g1[i] = q1[i];
      g2[i] = q2[i];
    }
  }
  unsigned int v1[3], v2[3];
  for (int i = 0; i < 3; i++) {
    v1[i] = state->s1[i];
    v2[i] = state->s2[i];
  }
  cu2cl_mrg_jump(g1, n, v1, CU2CL_MRG_M1);
  cu2cl_mrg_jump(g2, n, v2, CU2CL_MRG_M2);
  for (int i = 0; i < 3; i++) {
    state->s1[i] = v1[i];
    state->s2[i] = v2[i];
  }
}

__device__ inline void skipahead(unsigned long long n,
                                 curandStateMRG32k3a_t *state) {
  cu2cl_mrg_skip(n, 0, state);
}

/* n subsequences of 2^76 steps */
__device__ inline void skipahead_subsequence(unsigned long long n,
                                             curandStateMRG32k3a_t *state) {
  cu2cl_mrg_skip(n, 1, state);
}

/* n sequences of 2^127 steps */
__device__ inline void skipahead_sequence(unsigned long long n,
                                          curandStateMRG32k3a_t *state) {
  cu2cl_mrg_skip(n, 2, state);
}

/* Seed 0 keeps the published initial state (12345 everywhere); another
 * seed multiplies its words, salted, into it (cuRAND's constants). cuRAND
 * reads its subsequence tables for subsequences below 2^56 only: above,
 * its results are undefined, these are the exact jump. */
__device__ inline void curand_init(unsigned long long seed,
                                   unsigned long long subsequence,
                                   unsigned long long offset,
                                   curandStateMRG32k3a_t *state) {
  for (int i = 0; i < 3; i++) {
    state->s1[i] = 12345u;
    state->s2[i] = 12345u;
  }
  if (seed != 0ull) {
    unsigned long long x1 = (unsigned int)seed ^ 0x55555555u;
    unsigned long long x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
    state->s1[0] = (unsigned int)(x1 * 12345ull % CU2CL_MRG_M1);
    state->s1[1] = (unsigned int)(x2 * 12345ull % CU2CL_MRG_M1);
    state->s1[2] = (unsigned int)(x1 * 12345ull % CU2CL_MRG_M1);
    state->s2[0] = (unsigned int)(x2 * 12345ull % CU2CL_MRG_M2);
    state->s2[1] = (unsigned int)(x1 * 12345ull % CU2CL_MRG_M2);
    state->s2[2] = (unsigned int)(x2 * 12345ull % CU2CL_MRG_M2);
  }
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double_bits = 0ull;
}

/* One step of both recurrences; the combination, in 1..m1. */
__device__ inline unsigned int cu2cl_mrg_next(curandStateMRG32k3a_t *state) {
  unsigned long long p1 =
      (1403580ull * state->s1[1] + 810728ull * (CU2CL_MRG_M1 - state->s1[0])) %
      CU2CL_MRG_M1;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = (unsigned int)p1;
  unsigned long long p2 =
      (527612ull * state->s2[2] + 1370589ull * (CU2CL_MRG_M2 - state->s2[0])) %
      CU2CL_MRG_M2;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = (unsigned int)p2;
  return p1 <= p2 ? (unsigned int)(p1 + CU2CL_MRG_M1 - p2)
                  : (unsigned int)(p1 - p2);
}

/* The combination scaled to 32 bits, as cuRAND scales it (in double). */
__device__ inline unsigned int curand(curandStateMRG32k3a_t *state) {
  return (unsigned int)((double)cu2cl_mrg_next(state) * 1.000000048662);
}

#endif
