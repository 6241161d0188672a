// cuRAND's device API end to end: XORWOW (curandState), Philox4_32_10 and
// MRG32k3a initialized with several seeds, subsequences (up to 2^40 + 17)
// and offsets (up to 1000003), moved with skipahead and
// skipahead_sequence, drawn from through a local copy of the state and
// through the pointer into the array, and their distributions. Every
// value is checked against a host reference written here from the
// algorithms' definitions (jumps by powers of the generators' matrices,
// themselves checked against naive stepping), and the first outputs
// against values recorded from cuRAND on an NVIDIA GPU. Integer outputs
// and uniform values must be equal bit for bit; normal and log-normal
// ones within the accuracy of the device's math functions. The same
// source, built with nvcc, checks cuRAND itself.
#include <curand_kernel.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

typedef unsigned long long u64;

#define NCFG 8
#define NRAW 16 /* per configuration: half through a local copy */
#define NF 10   /* float distribution values per configuration */
#define ND 10   /* double distribution values per configuration */

struct Config {
  u64 seed, subsequence, offset;
};

static const Config configs[NCFG] = {
    {0ull, 0ull, 0ull},
    {1234ull, 0ull, 0ull},
    {1234ull, 1ull, 0ull},
    {1234ull, 1000ull, 5ull},
    {0xdeadbeefcafef00dull, (1ull << 20) + 3ull, 1ull},
    {42ull, 0ull, 1000003ull},
    {42ull, 3ull, 1000003ull},
    {7ull, (1ull << 40) + 17ull, 0ull}};

/* ---- device side --------------------------------------------------- */

template <class S>
__global__ void init_draw(S *states, const Config *cfg, unsigned int *raw) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= NCFG)
    return;
  curand_init(cfg[i].seed, cfg[i].subsequence, cfg[i].offset, &states[i]);
  S local = states[i];
  for (int j = 0; j < NRAW / 2; j++)
    raw[i * NRAW + j] = curand(&local);
  states[i] = local;
  for (int j = NRAW / 2; j < NRAW; j++)
    raw[i * NRAW + j] = curand(&states[i]);
}

/* mode 0: skipahead(n[i]); mode 1: skipahead_sequence(n[i]) */
template <class S>
__global__ void skip(S *states, const u64 *n, int mode, unsigned int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= NCFG)
    return;
  curand_init(99ull, 0ull, 0ull, &states[i]);
  if (mode == 0)
    skipahead(n[i], &states[i]);
  else
    skipahead_sequence(n[i], &states[i]);
  for (int j = 0; j < 4; j++)
    out[i * 4 + j] = curand(&states[i]);
}

template <class S>
__global__ void dists(S *states, const Config *cfg, float *f, double *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= NCFG)
    return;
  S s;
  curand_init(cfg[i].seed, cfg[i].subsequence, cfg[i].offset, &s);
  float *fo = f + i * NF;
  fo[0] = curand_uniform(&s);
  fo[1] = curand_normal(&s);
  fo[2] = curand_normal(&s); /* the cached second value */
  fo[3] = curand_normal(&s);
  fo[4] = curand_log_normal(&s, 0.5f, 0.25f); /* a new pair */
  fo[5] = curand_log_normal(&s, 0.5f, 0.25f);
  float2 n2 = curand_normal2(&s);
  fo[6] = n2.x;
  fo[7] = n2.y;
  float2 l2 = curand_log_normal2(&s, -1.0f, 2.0f);
  fo[8] = l2.x;
  fo[9] = l2.y;
  double *dout = d + i * ND;
  dout[0] = curand_uniform_double(&s);
  dout[1] = curand_normal_double(&s);
  dout[2] = curand_normal_double(&s);
  dout[3] = curand_normal_double(&s);
  dout[4] = curand_log_normal_double(&s, 0.5, 0.25);
  dout[5] = curand_log_normal_double(&s, 0.5, 0.25);
  double2 m2 = curand_normal2_double(&s);
  dout[6] = m2.x;
  dout[7] = m2.y;
  double2 k2 = curand_log_normal2_double(&s, -1.0, 2.0);
  dout[8] = k2.x;
  dout[9] = k2.y;
  states[i] = s;
}

/* Philox's four-at-a-time functions, from each position in the block */
__global__ void philox4(curandStatePhilox4_32_10_t *states, const Config *cfg,
                        unsigned int *raw, float *f, double *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= NCFG)
    return;
  curandStatePhilox4_32_10_t *s = &states[i];
  curand_init(cfg[i].seed, cfg[i].subsequence, cfg[i].offset + i % 4, s);
  uint4 r = curand4(s);
  raw[i * 4 + 0] = r.x;
  raw[i * 4 + 1] = r.y;
  raw[i * 4 + 2] = r.z;
  raw[i * 4 + 3] = r.w;
  float4 u = curand_uniform4(s);
  float4 n = curand_normal4(s);
  float4 l = curand_log_normal4(s, 0.0f, 0.5f);
  float v[12] = {u.x, u.y, u.z, u.w, n.x, n.y, n.z, n.w, l.x, l.y, l.z, l.w};
  for (int j = 0; j < 12; j++)
    f[i * 12 + j] = v[j];
  double2 w = curand_uniform2_double(s);
  d[i * 2 + 0] = w.x;
  d[i * 2 + 1] = w.y;
}

/* ---- host side ------------------------------------------------------- */

#include "reference.h"

/* The first four outputs of each configuration, recorded from cuRAND
 * (CUDA 13.0, NVIDIA H200). */
static const unsigned int golden[3 * NCFG][4] = {
#include "golden.inc"
};

static int failures;
static unsigned int first_outputs[3][NCFG][4]; /* for --golden */

static void fail_u(const char *what, int gen, int cfg, int j, unsigned got,
                   unsigned want) {
  if (++failures <= 20)
    printf("FAIL %s gen %d config %d [%d]: %u, expected %u\n", what, gen, cfg,
           j, got, want);
}

static void check_u(const char *what, int gen, int cfg, int j, unsigned got,
                    unsigned want) {
  if (got != want)
    fail_u(what, gen, cfg, j, got, want);
}

/* exact for uniform values (tol 0), else relative and absolute tol */
static void check_f(const char *what, int gen, int cfg, int j, double got,
                    double want, double tol) {
  double err = fabs(got - want);
  if (!(err <= tol * (fabs(want) > 1.0 ? fabs(want) : 1.0)) ||
      (tol == 0.0 && memcmp(&got, &want, sizeof got))) {
    if (++failures <= 20)
      printf("FAIL %s gen %d config %d [%d]: %.17g, expected %.17g\n", what,
             gen, cfg, j, got, want);
  }
}

#define CHECK_CUDA(x)                                                          \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      printf("FAIL %s: %s\n", #x, cudaGetErrorString(e_));                     \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* The reference's jumps against naive stepping: 1000003 steps of each
 * generator, and 2^20 + 3 of XORWOW. */
static void check_reference(void) {
  const u64 steps[2] = {1000003ull, (1ull << 20) + 3ull};
  for (int gen = 0; gen < 3; gen++)
    for (int t = 0; t < (gen == REF_XORWOW ? 2 : 1); t++) {
      RefGen a, b;
      ref_init(&a, gen, 5ull, 0ull, 0ull);
      ref_init(&b, gen, 5ull, 0ull, steps[t]);
      for (u64 k = 0; k < steps[t]; k++)
        ref_next(&a);
      for (int j = 0; j < 4; j++)
        check_u("reference jump", gen, t, j, ref_next(&b), ref_next(&a));
    }
}

template <class S> static void run_generator(int gen, const Config *d_cfg) {
  S *states;
  unsigned int *raw, *skipped;
  float *f;
  double *d;
  u64 *n;
  CHECK_CUDA(cudaMalloc(&states, NCFG * sizeof(S)));
  CHECK_CUDA(cudaMalloc(&raw, NCFG * NRAW * sizeof(unsigned int)));
  CHECK_CUDA(cudaMalloc(&skipped, NCFG * 4 * sizeof(unsigned int)));
  CHECK_CUDA(cudaMalloc(&f, NCFG * NF * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&d, NCFG * ND * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&n, NCFG * sizeof(u64)));

  /* raw outputs */
  unsigned int h_raw[NCFG * NRAW];
  init_draw<S><<<1, 32>>>(states, d_cfg, raw);
  CHECK_CUDA(cudaMemcpy(h_raw, raw, sizeof h_raw, cudaMemcpyDeviceToHost));
  for (int c = 0; c < NCFG; c++) {
    RefGen g;
    ref_init(&g, gen, configs[c].seed, configs[c].subsequence,
             configs[c].offset);
    for (int j = 0; j < NRAW; j++) {
      unsigned want = ref_next(&g);
      check_u("curand", gen, c, j, h_raw[c * NRAW + j], want);
      if (j < 4) {
        first_outputs[gen][c][j] = h_raw[c * NRAW + j];
        check_u("golden", gen, c, j, h_raw[c * NRAW + j],
                golden[gen * NCFG + c][j]);
      }
    }
  }

  /* skipahead and skipahead_sequence */
  const u64 h_n[NCFG] = {0ull,    1ull,          5ull,
                         1000ull, 1000003ull,    (1ull << 20) + 3ull,
                         3ull,    0x123456789ull};
  CHECK_CUDA(cudaMemcpy(n, h_n, sizeof h_n, cudaMemcpyHostToDevice));
  for (int mode = 0; mode < 2; mode++) {
    unsigned int h_skip[NCFG * 4];
    skip<S><<<1, 32>>>(states, n, mode, skipped);
    CHECK_CUDA(
        cudaMemcpy(h_skip, skipped, sizeof h_skip, cudaMemcpyDeviceToHost));
    for (int c = 0; c < NCFG; c++) {
      RefGen g, naive;
      ref_init(&g, gen, 99ull, 0ull, 0ull);
      if (mode == 0)
        ref_skip(&g, h_n[c]);
      else
        ref_skip_sequence(&g, h_n[c]);
      ref_init(&naive, gen, 99ull, 0ull, 0ull);
      int stepped = mode == 0 && h_n[c] <= (1ull << 20) + 3ull;
      for (u64 k = 0; stepped && k < h_n[c]; k++)
        ref_next(&naive);
      for (int j = 0; j < 4; j++) {
        unsigned want = ref_next(&g);
        check_u(mode ? "skipahead_sequence" : "skipahead", gen, c, j,
                h_skip[c * 4 + j], want);
        if (stepped)
          check_u("skipahead (naive)", gen, c, j, h_skip[c * 4 + j],
                  ref_next(&naive));
      }
    }
  }

  /* distributions */
  float h_f[NCFG * NF];
  double h_d[NCFG * ND];
  dists<S><<<1, 32>>>(states, d_cfg, f, d);
  CHECK_CUDA(cudaMemcpy(h_f, f, sizeof h_f, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(h_d, d, sizeof h_d, cudaMemcpyDeviceToHost));
  for (int c = 0; c < NCFG; c++) {
    RefGen g;
    ref_init(&g, gen, configs[c].seed, configs[c].subsequence,
             configs[c].offset);
    float wf[NF], r[2];
    wf[0] = ref_uniform(&g);
    for (int j = 1; j <= 3; j++)
      wf[j] = ref_normal(&g, 0, 0.0f, 1.0f);
    for (int j = 4; j <= 5; j++)
      wf[j] = ref_normal(&g, 1, 0.5f, 0.25f);
    ref_normal2(&g, r);
    wf[6] = r[0];
    wf[7] = r[1];
    ref_normal2(&g, r);
    wf[8] = expf(-1.0f + 2.0f * r[0]);
    wf[9] = expf(-1.0f + 2.0f * r[1]);
    double wd[ND], q[2];
    wd[0] = ref_uniform_double(&g);
    for (int j = 1; j <= 3; j++)
      wd[j] = ref_normal_double(&g, 0, 0.0, 1.0);
    for (int j = 4; j <= 5; j++)
      wd[j] = ref_normal_double(&g, 1, 0.5, 0.25);
    ref_normal2_double(&g, q);
    wd[6] = q[0];
    wd[7] = q[1];
    ref_normal2_double(&g, q);
    wd[8] = exp(-1.0 + 2.0 * q[0]);
    wd[9] = exp(-1.0 + 2.0 * q[1]);
    /* the device's sinf, cosf and logf (CUDA: __sincosf) against the
     * host's; exp amplifies the normal's error by stddev */
    const double ftol[NF] = {0,    4e-5, 4e-5, 4e-5, 4e-5,
                             4e-5, 4e-5, 4e-5, 2e-4, 2e-4};
    for (int j = 0; j < NF; j++)
      check_f("float distribution", gen, c, j, h_f[c * NF + j], wf[j], ftol[j]);
    for (int j = 0; j < ND; j++)
      check_f("double distribution", gen, c, j, h_d[c * ND + j], wd[j],
              j ? 1e-12 : 0.0);
  }
  cudaFree(states);
  cudaFree(raw);
  cudaFree(skipped);
  cudaFree(f);
  cudaFree(d);
  cudaFree(n);
}

static void run_philox4(const Config *d_cfg) {
  curandStatePhilox4_32_10_t *states;
  unsigned int *raw;
  float *f;
  double *d;
  CHECK_CUDA(cudaMalloc(&states, NCFG * sizeof *states));
  CHECK_CUDA(cudaMalloc(&raw, NCFG * 4 * sizeof(unsigned int)));
  CHECK_CUDA(cudaMalloc(&f, NCFG * 12 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&d, NCFG * 2 * sizeof(double)));
  philox4<<<1, 32>>>(states, d_cfg, raw, f, d);
  unsigned int h_raw[NCFG * 4];
  float h_f[NCFG * 12];
  double h_d[NCFG * 2];
  CHECK_CUDA(cudaMemcpy(h_raw, raw, sizeof h_raw, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(h_f, f, sizeof h_f, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(h_d, d, sizeof h_d, cudaMemcpyDeviceToHost));
  for (int c = 0; c < NCFG; c++) {
    RefGen g;
    ref_init(&g, REF_PHILOX, configs[c].seed, configs[c].subsequence,
             configs[c].offset + c % 4);
    uint32_t x[4];
    ref_philox_next4(&g, x);
    for (int j = 0; j < 4; j++)
      check_u("curand4", REF_PHILOX, c, j, h_raw[c * 4 + j], x[j]);
    float w[12], r[2];
    ref_philox_next4(&g, x);
    for (int j = 0; j < 4; j++)
      w[j] = ref_unit(x[j]);
    ref_philox_next4(&g, x);
    ref_box_muller(x[0], x[1], r);
    w[4] = r[0];
    w[5] = r[1];
    ref_box_muller(x[2], x[3], r);
    w[6] = r[0];
    w[7] = r[1];
    ref_philox_next4(&g, x);
    for (int j = 0; j < 2; j++) {
      ref_box_muller(x[2 * j], x[2 * j + 1], r);
      w[8 + 2 * j] = expf(0.5f * r[0]);
      w[9 + 2 * j] = expf(0.5f * r[1]);
    }
    for (int j = 0; j < 12; j++)
      check_f("Philox float4", REF_PHILOX, c, j, h_f[c * 12 + j], w[j],
              j < 4 ? 0.0 : 4e-5);
    ref_philox_next4(&g, x);
    check_f("curand_uniform2_double", REF_PHILOX, c, 0, h_d[c * 2],
            ref_unit53(x[0], x[1]), 0.0);
    check_f("curand_uniform2_double", REF_PHILOX, c, 1, h_d[c * 2 + 1],
            ref_unit53(x[2], x[3]), 0.0);
  }
  cudaFree(states);
  cudaFree(raw);
  cudaFree(f);
  cudaFree(d);
}

int main(int argc, char **argv) {
  /* the states' sizes are cuRAND's, in host and device code alike */
  if (sizeof(curandState) != 48 || sizeof(curandStatePhilox4_32_10_t) != 64 ||
      sizeof(curandStateMRG32k3a_t) != 48) {
    printf("FAIL state sizes %zu %zu %zu\n", sizeof(curandState),
           sizeof(curandStatePhilox4_32_10_t), sizeof(curandStateMRG32k3a_t));
    failures++;
  }
  ref_xorwow_tables();
  ref_mrg_tables();
  check_reference();
  Config *d_cfg;
  CHECK_CUDA(cudaMalloc(&d_cfg, sizeof configs));
  CHECK_CUDA(
      cudaMemcpy(d_cfg, configs, sizeof configs, cudaMemcpyHostToDevice));
  run_generator<curandStateXORWOW_t>(REF_XORWOW, d_cfg);
  run_generator<curandStatePhilox4_32_10_t>(REF_PHILOX, d_cfg);
  run_generator<curandStateMRG32k3a_t>(REF_MRG, d_cfg);
  run_philox4(d_cfg);
  cudaFree(d_cfg);
  if (argc > 1 && !strcmp(argv[1], "--golden")) /* the device's, as a table */
    for (int gen = 0; gen < 3; gen++)
      for (int c = 0; c < NCFG; c++)
        printf("    {%uu, %uu, %uu, %uu}, /* generator %d, config %d */\n",
               first_outputs[gen][c][0], first_outputs[gen][c][1],
               first_outputs[gen][c][2], first_outputs[gen][c][3], gen, c);
  if (failures) {
    printf("FAIL: %d mismatches\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
