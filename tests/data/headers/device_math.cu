// Device functions (cuda_runtime.h part 6): synchronization, atomics with
// every overload and scope, the Math API in single and double precision,
// intrinsics, integer min/max, __ldg, time, printf, assert, malloc/free.
// The host part calls the C library's functions of the same names.
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>

__global__ void sync_and_fences(int *out) {
  __syncthreads();
  int c = __syncthreads_count(threadIdx.x & 1);
  int a = __syncthreads_and(threadIdx.x < 64);
  int o = __syncthreads_or(threadIdx.x == 0);
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  long long t0 = clock64();
  clock_t t1 = clock();
  __nanosleep(100);
  out[threadIdx.x] = c + a + o + (int)(t0 & 1) + (int)(t1 & 1);
}

__global__ void atomics(int *i, unsigned int *u, unsigned long long *ull,
                        long long *ll, float *f, double *d,
                        unsigned short *us) {
  atomicAdd(i, 1);
  atomicAdd(u, 1u);
  atomicAdd(ull, 1ull);
  atomicAdd(f, 1.0f);
  atomicAdd(d, 1.0);
  atomicSub(i, 1);
  atomicSub(u, 1u);
  atomicExch(i, 2);
  atomicExch(u, 2u);
  atomicExch(ull, 2ull);
  atomicExch(f, 2.0f);
  atomicMin(i, 0);
  atomicMin(u, 0u);
  atomicMin(ll, 0ll);
  atomicMin(ull, 0ull);
  atomicMax(i, 9);
  atomicMax(u, 9u);
  atomicMax(ll, 9ll);
  atomicMax(ull, 9ull);
  atomicInc(u, 100u);
  atomicDec(u, 100u);
  atomicCAS(i, 0, 1);
  atomicCAS(u, 0u, 1u);
  atomicCAS(ull, 0ull, 1ull);
  atomicCAS(us, (unsigned short)0, (unsigned short)1);
  atomicAnd(i, 3);
  atomicAnd(u, 3u);
  atomicAnd(ull, 3ull);
  atomicOr(i, 4);
  atomicOr(u, 4u);
  atomicOr(ull, 4ull);
  atomicXor(i, 5);
  atomicXor(u, 5u);
  atomicXor(ull, 5ull);
  atomicAdd_block(i, 1);
  atomicAdd_block(f, 1.0f);
  atomicAdd_system(d, 1.0);
  atomicExch_block(ull, 1ull);
  atomicMin_system(ll, 1ll);
  atomicMax_block(u, 1u);
  atomicInc_system(u, 10u);
  atomicDec_block(u, 10u);
  atomicCAS_block(i, 1, 2);
  atomicCAS_system(ull, 1ull, 2ull);
  atomicAnd_system(u, 1u);
  atomicOr_block(i, 1);
  atomicXor_system(ull, 1ull);
  atomicSub_block(u, 1u);
}

__global__ void single_precision(float *x, int *n) {
  float v = x[threadIdx.x];
  float s, c;
  sincosf(v, &s, &c);
  int e;
  float ip;
  float r = sinf(v) + cosf(v) + tanf(v) + asinf(v) + acosf(v) + atanf(v) +
            atan2f(v, 1.0f) + sinhf(v) + coshf(v) + tanhf(v) + asinhf(v) +
            acoshf(v) + atanhf(v) + fminf(v, 1.0f) + fmaxf(v, 0.0f) + fabsf(v) +
            sqrtf(v) + rsqrtf(v) + cbrtf(v) + rcbrtf(v) + powf(v, 2.0f) +
            expf(v) + exp2f(v) + exp10f(v) + expm1f(v) + logf(v) + log2f(v) +
            log10f(v) + log1pf(v) + logbf(v) + erff(v) + erfcf(v) + erfinvf(v) +
            lgammaf(v) + tgammaf(v) + floorf(v) + ceilf(v) + truncf(v) +
            roundf(v) + rintf(v) + nearbyintf(v) + fmodf(v, 3.0f) +
            remainderf(v, 3.0f) + hypotf(v, 2.0f) + sinpif(v) + cospif(v) +
            fmaf(v, 2.0f, 1.0f) + fdimf(v, 1.0f) + copysignf(v, -1.0f) +
            ldexpf(v, 2) + frexpf(v, &e) + modff(v, &ip) + normcdff(v) + s + c +
            (float)lrintf(v) + (float)llrintf(v) + (float)lroundf(v) +
            (float)ilogbf(v);
  if (isnan(r) || isinf(r) || !isfinite(r) || signbit(r))
    n[0] = 1;
  float q = sqrt(v) + sin(v) + pow(v, 2.0f) + fabs(v) + floor(v) + exp(v) +
            std::sqrt(v) + std::abs(v) + std::fmin(v, 1.0f) + std::isnan(v);
  x[threadIdx.x] = r + q;
}

__global__ void double_precision(double *x) {
  double v = x[threadIdx.x];
  double s, c;
  sincos(v, &s, &c);
  x[threadIdx.x] = sin(v) + cos(v) + tan(v) + sqrt(v) + rsqrt(v) + cbrt(v) +
                   pow(v, 3.0) + exp(v) + exp2(v) + exp10(v) + log(v) +
                   log2(v) + log10(v) + log1p(v) + expm1(v) + tanh(v) + erf(v) +
                   erfc(v) + floor(v) + ceil(v) + trunc(v) + round(v) +
                   rint(v) + fmod(v, 2.0) + hypot(v, 1.0) + fmin(v, 1.0) +
                   fmax(v, 0.0) + fabs(v) + fma(v, v, v) + sinpi(v) + cospi(v) +
                   copysign(v, 1.0) + s + c + (isnan(v) ? 1.0 : 0.0) +
                   (signbit(v) ? 1.0 : 0.0);
}

__global__ void intrinsics(float *f, int *i, unsigned int *u,
                           unsigned long long *ull, long long *ll, double *d) {
  float v = f[threadIdx.x];
  float s, c;
  __sincosf(v, &s, &c);
  f[0] = __expf(v) + __logf(v) + __sinf(v) + __cosf(v) + __powf(v, 2.0f) +
         __fdividef(v, 3.0f) + __saturatef(v) + __fmul_rn(v, v) +
         __fadd_rn(v, v) + __fmul_rz(v, 2.0f) + __fadd_rd(v, 1.0f) +
         __fsub_ru(v, 1.0f) + __fdiv_rn(v, 2.0f) + __fmaf_rn(v, v, v) +
         __frcp_rn(v) + __fsqrt_rn(v) + __int2float_rn(i[0]) +
         __uint2float_rn(u[0]) + __int_as_float(i[1]) + __uint_as_float(u[1]) +
         __exp10f(v) + __log2f(v) + __tanf(v) + s;
  i[0] = __float2int_rn(v) + __float2int_rz(v) + __float2int_ru(v) +
         __float2int_rd(v) + __float_as_int(v) + __double2int_rn(d[0]) +
         __double2int_rz(d[0]) + __popc(u[0]) + __popcll(ull[0]) + __clz(i[1]) +
         __clzll(ll[0]) + __ffs(i[1]) + __ffsll(ll[0]) + __mul24(i[1], 3) +
         __mulhi(i[1], 3) + __hadd(i[1], 1) + __rhadd(i[1], 1);
  u[0] = __float2uint_rn(v) + __float2uint_rz(v) + __float_as_uint(v) +
         __brev(u[1]) + __umul24(u[1], 3u) + __umulhi(u[1], 3u) +
         __sad(i[0], i[1], 0u) + __usad(u[0], u[1], 0u) +
         __byte_perm(u[0], u[1], 0x3210u) + __funnelshift_l(u[0], u[1], 3u) +
         __funnelshift_r(u[0], u[1], 3u) + __funnelshift_lc(u[0], u[1], 3u) +
         __funnelshift_rc(u[0], u[1], 3u) + __uhadd(u[0], 1u) +
         __urhadd(u[0], 1u);
  ull[0] = __brevll(ull[1]) + __umul64hi(ull[0], ull[1]);
  ll[0] = __double_as_longlong(d[0]) + __mul64hi(ll[0], ll[1]);
  d[0] = __longlong_as_double(ll[0]) + __dadd_rn(d[0], d[1]) +
         __dmul_rn(d[0], d[1]);
}

__global__ void minmax_ldg_misc(const float *__restrict__ in, int *out,
                                const float4 *in4, const int2 *in2) {
  int a = out[0];
  unsigned int b = (unsigned int)out[1];
  long long c = out[2];
  unsigned long long d = (unsigned long long)out[3];
  out[0] = min(a, 4) + max(a, 4) + (int)min(a, b) + (int)max(b, a) +
           (int)min(c, 7ll) + (int)max(d, 7ull) + (int)umin(b, 2u) +
           (int)umax(b, 2u) + (int)llmin(c, 1ll) + (int)llmax(c, 1ll) +
           (int)ullmin(d, 1ull) + (int)ullmax(d, 1ull) + abs(a) +
           (int)labs((long)a) + (int)llabs(c) + (int)min(1.0f, 2.0f) +
           (int)max(1.0, 2.0);
  float v = __ldg(&in[threadIdx.x]);
  float4 v4 = __ldg(&in4[threadIdx.x]);
  int2 v2 = __ldg(&in2[threadIdx.x]);
  out[1] = (int)(v + v4.x + v4.w) + v2.x;
  printf("thread %d value %f warp %d\n", threadIdx.x, v, warpSize);
  assert(v >= 0.0f);
  int *scratch = (int *)malloc(16 * sizeof(int));
  if (scratch) {
    memset(scratch, 0, 16 * sizeof(int));
    memcpy(scratch, out, sizeof(int));
    free(scratch);
  }
}

int main() {
  float x = 2.0f;
  double y = 3.0;
  // The C library's functions in host code, next to the device ones above.
  float hs = sqrtf(x) + sinf(x) + expf(x) + fabsf(x) + powf(x, 2.0f) +
             floorf(x) + fminf(x, 1.0f) + std::sqrt(x) + std::abs(x);
  double hd = sqrt(y) + sin(y) + exp(y) + fabs(y) + pow(y, 2.0) + fmod(y, 2) +
              std::sqrt(y) + std::isnan(y);
  void *p = malloc(16);
  memset(p, 0, 16);
  free(p);
  assert(hs > 0.0f);
  printf("%f %f %d %ld\n", hs, hd, abs(-3), labs(-4L));
  return 0;
}
