/*
 * cu2cl_curand/philox.cuh (cu2cl's own): cuRAND's Philox4_32_10
 * (curandStatePhilox4_32_10_t), written for cu2cl from cuRAND's documented
 * interface and the published Philox-4x32-10 algorithm (Salmon et al.,
 * "Parallel random numbers: as easy as 1, 2, 3"), in CUDA C++ that the
 * device emitter translates. Bit for bit cuRAND's: the 128-bit counter,
 * the 64-bit key (the seed), the four outputs of the current block and the
 * index of the next one among them.
 */
#ifndef CU2CL_OWN_CURAND_PHILOX_CUH
#define CU2CL_OWN_CURAND_PHILOX_CUH

#include "cuda_runtime.h"

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  /* cuRAND's double boxmuller_extra_double, as its bits: kernels that
   * draw no double values then need no fp64 */
  unsigned long long boxmuller_extra_double_bits;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

/* One round: two 32x32->64 products, the halves crossed with the key. */
__device__ inline uint4 cu2cl_philox_round(uint4 c, uint2 k) {
  unsigned int hi0 = __umulhi(0xD2511F53u, c.x);
  unsigned int lo0 = 0xD2511F53u * c.x;
  unsigned int hi1 = __umulhi(0xCD9E8D57u, c.z);
  unsigned int lo1 = 0xCD9E8D57u * c.z;
  return make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
}

/* The block of four outputs for counter c and key k: ten rounds, the key
 * bumped by the Weyl constants between them. */
__device__ inline uint4 cu2cl_philox_block(uint4 c, uint2 k) {
  for (int round = 0; round < 9; round++) {
    c = cu2cl_philox_round(c, k);
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return cu2cl_philox_round(c, k);
}

/* The 128-bit counter plus n. As in cuRAND, the carry out of the low 64
 * bits is seen only when n's high word does not wrap around. */
__device__ inline void cu2cl_philox_add(curandStatePhilox4_32_10_t *state,
                                        unsigned long long n) {
  unsigned int lo = (unsigned int)n;
  unsigned int hi = (unsigned int)(n >> 32);
  state->ctr.x += lo;
  if (state->ctr.x < lo)
    hi += 1u;
  state->ctr.y += hi;
  if (state->ctr.y < hi) {
    state->ctr.z += 1u;
    if (state->ctr.z == 0u)
      state->ctr.w += 1u;
  }
}

/* The counter's upper 64 bits plus n (n subsequences of 2^66 outputs). */
__device__ inline void cu2cl_philox_add_hi(curandStatePhilox4_32_10_t *state,
                                           unsigned long long n) {
  unsigned int lo = (unsigned int)n;
  unsigned int hi = (unsigned int)(n >> 32);
  unsigned int z = state->ctr.z + lo;
  state->ctr.w += hi + (z < lo ? 1u : 0u);
  state->ctr.z = z;
}

__device__ inline unsigned int cu2cl_philox_pick(uint4 o, unsigned int i) {
  return i == 0u ? o.x : i == 1u ? o.y : i == 2u ? o.z : o.w;
}

__device__ inline void skipahead(unsigned long long n,
                                 curandStatePhilox4_32_10_t *state) {
  unsigned int index = state->STATE + (unsigned int)(n & 3ull);
  unsigned long long blocks = n / 4ull;
  if (index > 3u) {
    blocks += 1ull;
    index -= 4u;
  }
  state->STATE = index;
  cu2cl_philox_add(state, blocks);
  state->output = cu2cl_philox_block(state->ctr, state->key);
}

__device__ inline void skipahead_sequence(unsigned long long n,
                                          curandStatePhilox4_32_10_t *state) {
  cu2cl_philox_add_hi(state, n);
  state->output = cu2cl_philox_block(state->ctr, state->key);
}

__device__ inline void curand_init(unsigned long long seed,
                                   unsigned long long subsequence,
                                   unsigned long long offset,
                                   curandStatePhilox4_32_10_t *state) {
  state->ctr = make_uint4(0u, 0u, 0u, 0u);
  state->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
  state->STATE = 0u;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double_bits = 0ull;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}

/* The next output; after the fourth of a block, the next block. */
__device__ inline unsigned int curand(curandStatePhilox4_32_10_t *state) {
  unsigned int r = cu2cl_philox_pick(state->output, state->STATE);
  state->STATE += 1u;
  if (state->STATE == 4u) {
    cu2cl_philox_add(state, 1ull);
    state->output = cu2cl_philox_block(state->ctr, state->key);
    state->STATE = 0u;
  }
  return r;
}

/* The next four outputs; the index among the block's four stays. */
__device__ inline uint4 curand4(curandStatePhilox4_32_10_t *state) {
  uint4 cur = state->output;
  cu2cl_philox_add(state, 1ull);
  state->output = cu2cl_philox_block(state->ctr, state->key);
  uint4 nxt = state->output;
  unsigned int i = state->STATE;
  if (i == 0u)
    return cur;
  unsigned int a = cu2cl_philox_pick(cur, i);
  unsigned int b = i + 1u < 4u ? cu2cl_philox_pick(cur, i + 1u)
                               : cu2cl_philox_pick(nxt, i - 3u);
  unsigned int c = i + 2u < 4u ? cu2cl_philox_pick(cur, i + 2u)
                               : cu2cl_philox_pick(nxt, i - 2u);
  return make_uint4(a, b, c, cu2cl_philox_pick(nxt, i - 1u));
}

#endif
