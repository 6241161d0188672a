// Host reference for curand_device.cu: XORWOW, Philox4_32_10 and MRG32k3a
// and cuRAND's transforms of their outputs, written from the algorithms'
// definitions, independently of cu2cl's device code: jumps are powers of
// the generators' transition matrices (160x160 over GF(2) for XORWOW's
// xorshift, 3x3 modulo m1 and m2 for MRG32k3a), built by repeated squaring
// of the one-step matrix.
#ifndef CURAND_DEVICE_REFERENCE_H
#define CURAND_DEVICE_REFERENCE_H

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

typedef unsigned long long u64;

enum { REF_XORWOW, REF_PHILOX, REF_MRG };

struct RefGen {
  int kind;
  uint32_t d, v[5];                     /* XORWOW */
  uint32_t ctr[4], key[2], out[4], idx; /* Philox */
  int64_t s1[3], s2[3];                 /* MRG32k3a */
  int flag, flag_double;                /* Box-Muller's cached value */
  float extra;
  double extra_double;
};

/* ---- XORWOW ---------------------------------------------------------- */

static void ref_xorshift(uint32_t v[5]) {
  uint32_t t = v[0] ^ (v[0] >> 2);
  for (int k = 0; k < 4; k++)
    v[k] = v[k + 1];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* A matrix over GF(2) on 160-bit vectors: column j is the image of bit j */
struct Mat160 {
  uint32_t col[160][5];
};

static void mat160_apply(const Mat160 *m, const uint32_t in[5],
                         uint32_t out[5]) {
  uint32_t r[5] = {0, 0, 0, 0, 0};
  for (int j = 0; j < 160; j++)
    if (in[j / 32] >> (j % 32) & 1)
      for (int k = 0; k < 5; k++)
        r[k] ^= m->col[j][k];
  memcpy(out, r, sizeof r);
}

#define REF_XORWOW_POWERS 128
static Mat160 *ref_xorwow_pow2; /* [k] = A^(2^k) */

static void ref_xorwow_tables(void) {
  ref_xorwow_pow2 = (Mat160 *)malloc(REF_XORWOW_POWERS * sizeof(Mat160));
  for (int j = 0; j < 160; j++) {
    uint32_t e[5] = {0, 0, 0, 0, 0};
    e[j / 32] = 1u << (j % 32);
    ref_xorshift(e);
    memcpy(ref_xorwow_pow2[0].col[j], e, sizeof e);
  }
  for (int k = 1; k < REF_XORWOW_POWERS; k++)
    for (int j = 0; j < 160; j++)
      mat160_apply(&ref_xorwow_pow2[k - 1], ref_xorwow_pow2[k - 1].col[j],
                   ref_xorwow_pow2[k].col[j]);
}

/* v moved on by n * 2^base steps */
static void ref_xorwow_jump(uint32_t v[5], u64 n, int base) {
  for (int k = 0; k < 64; k++)
    if (n >> k & 1)
      mat160_apply(&ref_xorwow_pow2[base + k], v, v);
}

static uint32_t ref_xorwow_next(RefGen *g) {
  ref_xorshift(g->v);
  g->d += 362437u;
  return g->v[4] + g->d;
}

static void ref_xorwow_skip(RefGen *g, u64 n) {
  ref_xorwow_jump(g->v, n, 0);
  g->d += 362437u * (uint32_t)n;
}

static void ref_xorwow_init(RefGen *g, u64 seed, u64 subsequence, u64 offset) {
  uint32_t t0 = 1099087573u * ((uint32_t)seed ^ 0xaad26b49u);
  uint32_t t1 = 2591861531u * ((uint32_t)(seed >> 32) ^ 0xf7dcefddu);
  g->d = 6615241u + t1 + t0;
  g->v[0] = 123456789u + t0;
  g->v[1] = 362436069u ^ t0;
  g->v[2] = 521288629u + t1;
  g->v[3] = 88675123u ^ t1;
  g->v[4] = 5783321u + t0;
  ref_xorwow_jump(g->v, subsequence, 67);
  ref_xorwow_skip(g, offset);
}

/* ---- Philox4_32_10 ----------------------------------------------------- */

static void ref_philox_block(const uint32_t c0[4], const uint32_t k0[2],
                             uint32_t o[4]) {
  uint32_t c[4], k[2] = {k0[0], k0[1]};
  memcpy(c, c0, sizeof c);
  for (int round = 0; round < 10; round++) {
    u64 p0 = (u64)0xD2511F53u * c[0], p1 = (u64)0xCD9E8D57u * c[2];
    uint32_t n[4] = {(uint32_t)(p1 >> 32) ^ c[1] ^ k[0], (uint32_t)p1,
                     (uint32_t)(p0 >> 32) ^ c[3] ^ k[1], (uint32_t)p0};
    memcpy(c, n, sizeof c);
    k[0] += 0x9E3779B9u;
    k[1] += 0xBB67AE85u;
  }
  memcpy(o, c, sizeof c);
}

/* the 128-bit counter plus n * 2^shift (shift 0 or 64) */
static void ref_philox_add(RefGen *g, u64 n, int shift) {
  u64 lo = (u64)g->ctr[0] | (u64)g->ctr[1] << 32;
  u64 hi = (u64)g->ctr[2] | (u64)g->ctr[3] << 32;
  if (shift) {
    hi += n;
  } else {
    u64 sum = lo + n;
    hi += sum < lo;
    lo = sum;
  }
  g->ctr[0] = (uint32_t)lo;
  g->ctr[1] = (uint32_t)(lo >> 32);
  g->ctr[2] = (uint32_t)hi;
  g->ctr[3] = (uint32_t)(hi >> 32);
  ref_philox_block(g->ctr, g->key, g->out);
}

static uint32_t ref_philox_next(RefGen *g) {
  uint32_t r = g->out[g->idx++];
  if (g->idx == 4) {
    g->idx = 0;
    ref_philox_add(g, 1, 0);
  }
  return r;
}

/* curand4: the next four outputs; the block moves on by one */
static void ref_philox_next4(RefGen *g, uint32_t r[4]) {
  uint32_t both[8];
  memcpy(both, g->out, sizeof g->out);
  ref_philox_add(g, 1, 0);
  memcpy(both + 4, g->out, sizeof g->out);
  memcpy(r, both + g->idx, 4 * sizeof *r);
}

static void ref_philox_skip(RefGen *g, u64 n) {
  u64 pos = g->idx + n;
  g->idx = (uint32_t)(pos % 4);
  ref_philox_add(g, pos / 4, 0);
}

static void ref_philox_init(RefGen *g, u64 seed, u64 subsequence, u64 offset) {
  memset(g->ctr, 0, sizeof g->ctr);
  g->key[0] = (uint32_t)seed;
  g->key[1] = (uint32_t)(seed >> 32);
  g->idx = 0;
  ref_philox_add(g, subsequence, 64);
  ref_philox_skip(g, offset);
}

/* ---- MRG32k3a ---------------------------------------------------------- */

static const int64_t REF_M1 = 4294967087ll, REF_M2 = 4294944443ll;

struct Mat3 {
  int64_t a[3][3];
};

static Mat3 mat3_mul(const Mat3 &x, const Mat3 &y, int64_t m) {
  Mat3 r;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      unsigned __int128 s = 0;
      for (int k = 0; k < 3; k++)
        s += (unsigned __int128)x.a[i][k] * (u64)y.a[k][j];
      r.a[i][j] = (int64_t)(s % (u64)m);
    }
  return r;
}

#define REF_MRG_POWERS 192
static Mat3 ref_mrg_pow1[REF_MRG_POWERS], ref_mrg_pow2[REF_MRG_POWERS];

static void ref_mrg_tables(void) {
  Mat3 a1 = {{{0, 1, 0}, {0, 0, 1}, {REF_M1 - 810728, 1403580, 0}}};
  Mat3 a2 = {{{0, 1, 0}, {0, 0, 1}, {REF_M2 - 1370589, 0, 527612}}};
  ref_mrg_pow1[0] = a1;
  ref_mrg_pow2[0] = a2;
  for (int k = 1; k < REF_MRG_POWERS; k++) {
    ref_mrg_pow1[k] =
        mat3_mul(ref_mrg_pow1[k - 1], ref_mrg_pow1[k - 1], REF_M1);
    ref_mrg_pow2[k] =
        mat3_mul(ref_mrg_pow2[k - 1], ref_mrg_pow2[k - 1], REF_M2);
  }
}

static void mat3_apply(const Mat3 &x, int64_t v[3], int64_t m) {
  int64_t r[3];
  for (int i = 0; i < 3; i++) {
    unsigned __int128 s = 0;
    for (int k = 0; k < 3; k++)
      s += (unsigned __int128)x.a[i][k] * (u64)v[k];
    r[i] = (int64_t)(s % (u64)m);
  }
  memcpy(v, r, sizeof r);
}

/* both triples moved on by n * 2^base steps */
static void ref_mrg_jump(RefGen *g, u64 n, int base) {
  for (int k = 0; k < 64; k++)
    if (n >> k & 1) {
      mat3_apply(ref_mrg_pow1[base + k], g->s1, REF_M1);
      mat3_apply(ref_mrg_pow2[base + k], g->s2, REF_M2);
    }
}

/* the combined value, 1..m1 */
static int64_t ref_mrg_step(RefGen *g) {
  int64_t p1 = (1403580 * g->s1[1] - 810728 * g->s1[0]) % REF_M1;
  if (p1 < 0)
    p1 += REF_M1;
  int64_t p2 = (527612 * g->s2[2] - 1370589 * g->s2[0]) % REF_M2;
  if (p2 < 0)
    p2 += REF_M2;
  g->s1[0] = g->s1[1];
  g->s1[1] = g->s1[2];
  g->s1[2] = p1;
  g->s2[0] = g->s2[1];
  g->s2[1] = g->s2[2];
  g->s2[2] = p2;
  return p1 > p2 ? p1 - p2 : p1 - p2 + REF_M1;
}

static void ref_mrg_init(RefGen *g, u64 seed, u64 subsequence, u64 offset) {
  for (int i = 0; i < 3; i++)
    g->s1[i] = g->s2[i] = 12345;
  if (seed) {
    int64_t x1 = (uint32_t)seed ^ 0x55555555u;
    int64_t x2 = (uint32_t)(seed >> 32) ^ 0xAAAAAAAAu;
    g->s1[0] = x1 * 12345 % REF_M1;
    g->s1[1] = x2 * 12345 % REF_M1;
    g->s1[2] = x1 * 12345 % REF_M1;
    g->s2[0] = x2 * 12345 % REF_M2;
    g->s2[1] = x1 * 12345 % REF_M2;
    g->s2[2] = x2 * 12345 % REF_M2;
  }
  ref_mrg_jump(g, subsequence, 76);
  ref_mrg_jump(g, offset, 0);
}

/* ---- all three ----------------------------------------------------------- */

static void ref_init(RefGen *g, int kind, u64 seed, u64 subsequence,
                     u64 offset) {
  memset(g, 0, sizeof *g);
  g->kind = kind;
  if (kind == REF_XORWOW)
    ref_xorwow_init(g, seed, subsequence, offset);
  else if (kind == REF_PHILOX)
    ref_philox_init(g, seed, subsequence, offset);
  else
    ref_mrg_init(g, seed, subsequence, offset);
}

static uint32_t ref_next(RefGen *g) {
  if (g->kind == REF_XORWOW)
    return ref_xorwow_next(g);
  if (g->kind == REF_PHILOX)
    return ref_philox_next(g);
  return (uint32_t)((double)ref_mrg_step(g) * 1.000000048662);
}

static void ref_skip(RefGen *g, u64 n) {
  if (g->kind == REF_XORWOW)
    ref_xorwow_skip(g, n);
  else if (g->kind == REF_PHILOX)
    ref_philox_skip(g, n);
  else
    ref_mrg_jump(g, n, 0);
}

/* 2^67 (XORWOW), 2^66 (Philox), 2^127 (MRG32k3a) steps, n times */
static void ref_skip_sequence(RefGen *g, u64 n) {
  if (g->kind == REF_XORWOW)
    ref_xorwow_jump(g->v, n, 67);
  else if (g->kind == REF_PHILOX)
    ref_philox_add(g, n, 64);
  else
    ref_mrg_jump(g, n, 127);
}

/* ---- distributions --------------------------------------------------- */

static const float REF_2POW32_INV = 2.3283064365386963e-10f;
static const double REF_2POW53_INV = 1.1102230246251565e-16;
static const double REF_MRG_NORM = 2.3283065498378288e-10;
static const double REF_PI = 3.14159265358979323846;

static float ref_unit(uint32_t x) {
  return (float)x * REF_2POW32_INV + REF_2POW32_INV / 2.0f;
}

static double ref_unit53(uint32_t lo, uint32_t hi) {
  u64 z = (u64)lo ^ ((u64)hi << 21);
  return (double)z * REF_2POW53_INV + REF_2POW53_INV / 2.0;
}

static float ref_uniform(RefGen *g) {
  if (g->kind == REF_MRG)
    return (float)((double)ref_mrg_step(g) * REF_MRG_NORM);
  return ref_unit(ref_next(g));
}

static double ref_uniform_double(RefGen *g) {
  if (g->kind == REF_MRG)
    return (double)ref_mrg_step(g) * REF_MRG_NORM;
  if (g->kind == REF_PHILOX) /* one output, shifted by a whole step */
    return (double)ref_next(g) * (double)REF_2POW32_INV +
           (double)REF_2POW32_INV;
  uint32_t x = ref_next(g);
  return ref_unit53(x, ref_next(g));
}

static void ref_box_muller(uint32_t x, uint32_t y, float r[2]) {
  float a = 6.2831855f * REF_2POW32_INV;
  float u = ref_unit(x), v = (float)y * a + a / 2.0f;
  float s = sqrtf(-2.0f * logf(u));
  r[0] = sinf(v) * s;
  r[1] = cosf(v) * s;
}

static void ref_normal2(RefGen *g, float r[2]) {
  if (g->kind == REF_MRG) {
    float x = ref_uniform(g);
    float y = ref_uniform(g) * 6.2831855f;
    float s = sqrtf(-2.0f * logf(x));
    r[0] = sinf(y) * s;
    r[1] = cosf(y) * s;
    return;
  }
  uint32_t x = ref_next(g);
  ref_box_muller(x, ref_next(g), r);
}

static void ref_normal2_double(RefGen *g, double r[2]) {
  double u, v;
  if (g->kind == REF_MRG) {
    u = ref_uniform_double(g);
    v = ref_uniform_double(g) * 2.0;
  } else {
    uint32_t x[4];
    if (g->kind == REF_PHILOX)
      ref_philox_next4(g, x);
    else
      for (int k = 0; k < 4; k++)
        x[k] = ref_next(g);
    u = ref_unit53(x[0], x[1]);
    v = (double)((u64)x[2] ^ ((u64)x[3] << 21)) * (2.0 * REF_2POW53_INV) +
        REF_2POW53_INV;
  }
  double s = sqrt(-2.0 * log(u));
  r[0] = sin(v * REF_PI) * s;
  r[1] = cos(v * REF_PI) * s;
}

/* one at a time: the pair's second value waits in the state, flagged 1
 * (normal) or 2 (log-normal) */
static float ref_normal(RefGen *g, int log_normal, float mean, float sd) {
  int want = log_normal ? 2 : 1;
  if (g->flag == want) {
    g->flag = 0;
    return g->extra;
  }
  float r[2];
  ref_normal2(g, r);
  if (log_normal) {
    r[0] = expf(mean + sd * r[0]);
    r[1] = expf(mean + sd * r[1]);
  }
  g->extra = r[1];
  g->flag = want;
  return r[0];
}

static double ref_normal_double(RefGen *g, int log_normal, double mean,
                                double sd) {
  int want = log_normal ? 2 : 1;
  if (g->flag_double == want) {
    g->flag_double = 0;
    return g->extra_double;
  }
  double r[2];
  ref_normal2_double(g, r);
  if (log_normal) {
    r[0] = exp(mean + sd * r[0]);
    r[1] = exp(mean + sd * r[1]);
  }
  g->extra_double = r[1];
  g->flag_double = want;
  return r[0];
}

#endif
