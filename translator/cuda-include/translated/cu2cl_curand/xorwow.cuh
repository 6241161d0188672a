/*
 * cu2cl_curand/xorwow.cuh (cu2cl's own): cuRAND's default generator,
 * XORWOW (curandState), written for cu2cl from cuRAND's documented
 * interface and its algorithm's published facts, in CUDA C++ that the
 * device emitter translates. Same seeding, stepping and jumps as cuRAND,
 * so the same numbers, bit for bit.
 *
 * The state is five xorshift words v and a Weyl counter d. The xorshift
 * part is a linear map A on 160 bits over GF(2), so n steps are
 * A^n = q(A) with q = x^n mod P, P the characteristic polynomial of A
 * (degree 160): q is computed by square-and-multiply on polynomials and
 * applied with 160 steps of the generator (Horner's rule). No tables:
 * P and x^(2^67) (one subsequence) are ten constants, computed by
 * scripts/curand_constants.c. The counter d moves by 362437 a step; a
 * subsequence (2^67 steps) leaves it where it was.
 */
#ifndef CU2CL_OWN_CURAND_XORWOW_CUH
#define CU2CL_OWN_CURAND_XORWOW_CUH

#include "cuda_runtime.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  /* cuRAND's double boxmuller_extra_double, as its bits: kernels that
   * draw no double values then need no fp64 */
  unsigned long long boxmuller_extra_double_bits;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

/* One step of the xorshift part (the Weyl counter apart). */
__device__ inline void cu2cl_xorwow_shift(unsigned int v[5]) {
  unsigned int t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* r = r * x mod P. P = x^160 + p, p's words below. */
__device__ inline void cu2cl_xorwow_mulx(unsigned int r[5]) {
  unsigned int carry = r[4] >> 31;
  r[4] = (r[4] << 1) | (r[3] >> 31);
  r[3] = (r[3] << 1) | (r[2] >> 31);
  r[2] = (r[2] << 1) | (r[1] >> 31);
  r[1] = (r[1] << 1) | (r[0] >> 31);
  r[0] = r[0] << 1;
  unsigned int mask = 0u - carry;
  r[0] ^= 0x00060001u & mask;
  r[1] ^= 0x08610030u & mask;
  r[2] ^= 0x00062121u & mask;
  r[3] ^= 0x0f3c0035u & mask;
  r[4] ^= 0x00000f0eu & mask;
}

/* r = a * b mod P (r may be a or b). */
__device__ inline void cu2cl_xorwow_mulmod(unsigned int r[5],
                                           const unsigned int a[5],
                                           const unsigned int b[5]) {
  unsigned int t[5] = {0u, 0u, 0u, 0u, 0u};
  for (int i = 159; i >= 0; i--) {
    cu2cl_xorwow_mulx(t);
    unsigned int mask = 0u - ((b[i >> 5] >> (i & 31)) & 1u);
    for (int k = 0; k < 5; k++)
      t[k] ^= a[k] & mask;
  }
  for (int k = 0; k < 5; k++)
    r[k] = t[k];
}

/* r = g^n mod P, where g is x (sequence 0) or x^(2^67) (sequence 1). */
__device__ inline void cu2cl_xorwow_power(unsigned long long n, int sequence,
                                          unsigned int r[5]) {
  unsigned int g[5] = {2u, 0u, 0u, 0u, 0u};
  if (sequence) {
    g[0] = 0x26294934u;
    g[1] = 0x77bbc248u;
    g[2] = 0x1a87dad0u;
    g[3] = 0x930052d4u;
    g[4] = 0x947e6dd2u;
  }
  r[0] = 1u;
  for (int k = 1; k < 5; k++)
    r[k] = 0u;
  int top = 63; /* squarings of 1 are 1: from n's highest bit on */
  while (top >= 0 && !((n >> top) & 1ull))
    top--;
  for (int bit = top; bit >= 0; bit--) {
    cu2cl_xorwow_mulmod(r, r, r);
    if ((n >> bit) & 1ull) {
      if (sequence)
        cu2cl_xorwow_mulmod(r, r, g);
      else
        cu2cl_xorwow_mulx(r);
    }
  }
}

/* The xorshift words moved on by g^n steps (see cu2cl_xorwow_power): v
 * becomes q(A) v, by Horner's rule. */
__device__ inline void cu2cl_xorwow_jump(unsigned long long n, int sequence,
                                         unsigned int v[5]) {
  if (n == 0ull)
    return;
  unsigned int q[5], w[5] = {0u, 0u, 0u, 0u, 0u};
  cu2cl_xorwow_power(n, sequence, q);
  for (int i = 159; i >= 0; i--) {
    cu2cl_xorwow_shift(w);
    unsigned int mask = 0u - ((q[i >> 5] >> (i & 31)) & 1u);
    for (int k = 0; k < 5; k++)
      w[k] ^= v[k] & mask;
  }
  for (int k = 0; k < 5; k++)
    v[k] = w[k];
}

__device__ inline void skipahead(unsigned long long n,
                                 curandStateXORWOW_t *state) {
  unsigned int v[5];
  for (int k = 0; k < 5; k++)
    v[k] = state->v[k];
  cu2cl_xorwow_jump(n, 0, v);
  for (int k = 0; k < 5; k++)
    state->v[k] = v[k];
  state->d += 362437u * (unsigned int)n;
}

/* n subsequences of 2^67 steps each */
__device__ inline void skipahead_sequence(unsigned long long n,
                                          curandStateXORWOW_t *state) {
  unsigned int v[5];
  for (int k = 0; k < 5; k++)
    v[k] = state->v[k];
  cu2cl_xorwow_jump(n, 1, v);
  for (int k = 0; k < 5; k++)
    state->v[k] = v[k];
}

/* The seed's two halves, salted and multiplied by odd constants, give
 * the five words and the counter (cuRAND's constants); seed 0 gives the
 * published xorwow's initial words. */
__device__ inline void curand_init(unsigned long long seed,
                                   unsigned long long subsequence,
                                   unsigned long long offset,
                                   curandStateXORWOW_t *state) {
  unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
  unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
  unsigned int t0 = 1099087573u * s0;
  unsigned int t1 = 2591861531u * s1;
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double_bits = 0ull;
}

__device__ inline unsigned int curand(curandStateXORWOW_t *state) {
  unsigned int t = state->v[0] ^ (state->v[0] >> 2);
  state->v[0] = state->v[1];
  state->v[1] = state->v[2];
  state->v[2] = state->v[3];
  state->v[3] = state->v[4];
  state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
  state->d += 362437u;
  return state->v[4] + state->d;
}

#endif
