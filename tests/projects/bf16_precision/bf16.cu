// bfloat16 end to end: conversions in each rounding mode (ties, NaN,
// infinities, overflow, subnormals, integers above 2^24), arithmetic
// (intrinsics and C++ operators), bfloat162 math, comparisons, a warp
// shuffle reduction and atomicAdd; every result is checked bit for bit
// against a host reference that rounds the exact (double) result once, to
// nearest even as CUDA documents (approximate math functions within one
// ulp).
#include <cuda_bf16.h>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>

#define N 256

__global__ void convert(const float *f, const int *n, __nv_bfloat16 *h,
                        float *back, int *ints) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_bfloat16 v = __float2bfloat16(f[i]);
  h[0 * N + i] = v;
  h[1 * N + i] = __float2bfloat16_rz(f[i]);
  h[2 * N + i] = __float2bfloat16_rd(f[i]);
  h[3 * N + i] = __float2bfloat16_ru(f[i]);
  h[4 * N + i] = __int2bfloat16_rn(n[i]);
  h[5 * N + i] = __int2bfloat16_rz(n[i]);
  h[6 * N + i] = __ll2bfloat16_rn((long long)n[i] * 4099);
  back[i] = __bfloat162float(v);
  ints[i] = __bfloat162int_rn(v);
  ints[N + i] = __bfloat162int_rz(v);
}

__global__ void arith(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                      __nv_bfloat16 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_bfloat16 x = a[i], y = b[i];
  out[0 * N + i] = __hadd(x, y);
  out[1 * N + i] = __hsub(x, y);
  out[2 * N + i] = __hmul(x, y);
  out[3 * N + i] = __hdiv(x, y);
  out[4 * N + i] = __hfma(x, y, a[(i + 1) % N]);
  out[5 * N + i] = __hmax(__hneg(x), __habs(y));
  /* operators, in an order nvcc cannot fuse into an fma */
  __nv_bfloat16 c = x + y;
  c *= x;
  c = -c;
  c /= __float2bfloat16(2.0f);
  out[6 * N + i] = c;
  out[7 * N + i] = hsqrt(__habs(x));
  out[8 * N + i] = hexp(__hmul(x, __float2bfloat16(0.25f)));
  __nv_bfloat16 one = 1.0f;
  out[9 * N + i] = __hmin(x, one);
  out[10 * N + i] = hrcp(y);
  out[11 * N + i] = hlog2(__habs(x));
  out[12 * N + i] = hfloor(x);
  out[13 * N + i] = __hmax_nan(x, __hdiv(y, y));
}

__global__ void pair_math(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                          __nv_bfloat162 *out, float2 *f2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_bfloat162 p = __halves2bfloat162(a[i], b[i]);
  __nv_bfloat162 q = make_bfloat162(b[i], __float2bfloat16(1.5f));
  out[0 * N + i] = __hadd2(p, q);
  out[1 * N + i] = __hmul2(p, q);
  out[2 * N + i] = __h2div(p, q);
  out[3 * N + i] = __hfma2(p, q, __bfloat162bfloat162(a[i]));
  out[4 * N + i] = __hneg2(p) - q;
  out[5 * N + i] = h2sqrt(
      __floats2bfloat162_rn(fabsf(__low2float(p)), fabsf(__high2float(q))));
  out[6 * N + i] = __lows2bfloat162(p, q);
  f2[i] = __bfloat1622float2(__lowhigh2highlow(p));
}

__global__ void compare(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                        int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_bfloat16 x = a[i], y = b[i];
  int f = __heq(x, y) | __hne(x, y) << 1 | __hlt(x, y) << 2 | __hle(x, y) << 3 |
          __hgt(x, y) << 4 | __hge(x, y) << 5 | (x < y) << 6 | (x == y) << 7 |
          __hisnan(__hdiv(x, x)) << 8 |
          (__hisinf(__hdiv(x, __float2bfloat16(0.0f))) + 1) << 9;
  flags[i] = f;
}

/* a butterfly over each warp: every lane ends with its warp's sum */
__global__ void warp_sum(const __nv_bfloat16 *a, __nv_bfloat16 *out,
                         __nv_bfloat16 *count, __nv_bfloat162 *count2) {
  int t = threadIdx.x;
  __nv_bfloat16 v = a[t];
  for (int k = 16; k > 0; k >>= 1)
    v = __hadd(v, __shfl_xor_sync(0xffffffffu, v, k));
  out[t] = v;
  atomicAdd(&count[t % 2], __float2bfloat16(1.0f));
  atomicAdd(count2, __floats2bfloat162_rn(1.0f, 2.0f));
}

/* ---- host reference ---- */

static unsigned short bits(__nv_bfloat16 h) {
  return __bfloat16_as_ushort(h);
}
static __nv_bfloat16 from_bits(unsigned b) {
  return __ushort_as_bfloat16((unsigned short)b);
}
static double bf(__nv_bfloat16 h) {
  return __bfloat162float(h);
}
static double bfb(unsigned b) {
  return bf(from_bits(b));
}

/* the value of magnitude bits b; 2^128 stands for the one past the
 * largest finite bfloat16 */
static double value_of(unsigned b) {
  return (b & 0x7fff) == 0x7f80 ? std::copysign(std::ldexp(1.0, 128), bfb(b))
                                : bfb(b);
}

/* d rounded to bfloat16: mode 0 nearest even, 1 toward zero, 2 down, 3 up */
static __nv_bfloat16 round_bf(double d, int mode = 0) {
  if (std::isnan(d))
    return from_bits(0x7fff);
  if (std::isinf(d))
    return from_bits(d > 0 ? 0x7f80 : 0xff80);
  unsigned sign = std::signbit(d) ? 0x8000 : 0;
  double m = std::fabs(d);
  unsigned lo = 0, top = 0x7f7f; /* lo: the largest at or below m */
  while (lo < top) {
    unsigned mid = (lo + top + 1) / 2;
    if (value_of(mid) <= m)
      lo = mid;
    else
      top = mid - 1;
  }
  if (value_of(lo) == m)
    return from_bits(sign | lo);
  unsigned hi = lo + 1;
  bool up;
  if (mode == 1)
    up = false;
  else if (mode == 2)
    up = sign != 0;
  else if (mode == 3)
    up = sign == 0;
  else {
    double dl = m - value_of(lo), dh = value_of(hi) - m;
    up = dh < dl || (dh == dl && (lo & 1));
  }
  return from_bits(sign | (up ? hi : lo));
}

/* x * y + z (bfloat16 operands) as a double rounded to odd, which rounds
 * to bfloat16 as the exact value does: the product is exact, the sum's
 * error comes from TwoSum (a tiny z beside a product that is a bfloat16
 * tie must not make the double land on the tie) */
static double fma_odd(double x, double y, double z) {
  double p = x * y, s = p + z;
  if (std::isinf(s) || std::isnan(s))
    return s;
  double pp = s - z, zz = s - pp, e = (p - pp) + (z - zz);
  uint64_t u;
  memcpy(&u, &s, sizeof u);
  if (e != 0 && !(u & 1))
    s = std::nextafter(s, e > 0 ? INFINITY : -INFINITY);
  return s;
}

static int fails;
static void expect(const char *what, int i, __nv_bfloat16 got,
                   __nv_bfloat16 want, bool any_nan = true) {
  if (bits(got) == bits(want) ||
      (any_nan && std::isnan(bf(got)) && std::isnan(bf(want))))
    return;
  if (fails++ < 10)
    printf("%s[%d]: got %g (0x%04x), want %g (0x%04x)\n", what, i, bf(got),
           bits(got), bf(want), bits(want));
}

static void expect_near(const char *what, int i, __nv_bfloat16 got,
                        __nv_bfloat16 want) {
  int d = (int)bits(got) - (int)bits(want);
  if (d >= -1 && d <= 1)
    return;
  expect(what, i, got, want);
}

static int int_rn(double v) {
  if (std::isnan(v))
    return 0;
  if (v >= 2147483647.0)
    return 2147483647;
  if (v <= -2147483648.0)
    return (int)-2147483647 - 1;
  return (int)std::nearbyint(v); /* the default mode: to nearest even */
}

static int int_rz(double v) {
  return std::isnan(v) ? 0 : int_rn(std::trunc(v));
}

static void check_convert(const float *f, const int *n, const __nv_bfloat16 *h,
                          const float *back, const int *ints) {
  for (int i = 0; i < N; i++) {
    /* NaN converts to the canonical 0x7fff: bits compared exactly */
    expect("float2bfloat16", i, h[i], round_bf(f[i]), false);
    expect("float2bfloat16_rz", i, h[N + i], round_bf(f[i], 1), false);
    expect("float2bfloat16_rd", i, h[2 * N + i], round_bf(f[i], 2), false);
    expect("float2bfloat16_ru", i, h[3 * N + i], round_bf(f[i], 3), false);
    expect("int2bfloat16_rn", i, h[4 * N + i], round_bf(n[i]));
    expect("int2bfloat16_rz", i, h[5 * N + i], round_bf(n[i], 1));
    expect("ll2bfloat16_rn", i, h[6 * N + i], round_bf((double)n[i] * 4099));
    if (back[i] != (float)bf(h[i]) && !std::isnan(back[i]) && fails++ < 10)
      printf("bfloat162float[%d]: %g\n", i, back[i]);
    if (ints[i] != int_rn(bf(h[i])) && fails++ < 10)
      printf("bfloat162int_rn[%d]: got %d, want %d\n", i, ints[i],
             int_rn(bf(h[i])));
    if (ints[N + i] != int_rz(bf(h[i])) && fails++ < 10)
      printf("bfloat162int_rz[%d]: got %d, want %d\n", i, ints[N + i],
             int_rz(bf(h[i])));
  }
}

static double max_nan(double x, double y) {
  return std::isnan(x) || std::isnan(y) ? NAN : std::fmax(x, y);
}

static void check_arith(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                        const __nv_bfloat16 *o) {
  for (int i = 0; i < N; i++) {
    double x = bf(a[i]), y = bf(b[i]), z = bf(a[(i + 1) % N]);
    expect("hadd", i, o[0 * N + i], round_bf(x + y));
    expect("hsub", i, o[1 * N + i], round_bf(x - y));
    expect("hmul", i, o[2 * N + i], round_bf(x * y));
    expect("hdiv", i, o[3 * N + i], round_bf(x / y));
    expect("hfma", i, o[4 * N + i], round_bf(fma_odd(x, y, z)));
    expect("hmax", i, o[5 * N + i], round_bf(std::fmax(-x, std::fabs(y))));
    double c = bf(round_bf(x + y));
    c = bf(round_bf(c * x));
    expect("operators", i, o[6 * N + i], round_bf(-c / 2.0));
    expect("hsqrt", i, o[7 * N + i], round_bf(std::sqrt(std::fabs(x))));
    expect_near("hexp", i, o[8 * N + i],
                round_bf(std::exp(bf(round_bf(x * 0.25)))));
    expect("hmin", i, o[9 * N + i], round_bf(std::fmin(x, 1.0)));
    expect_near("hrcp", i, o[10 * N + i], round_bf(1.0 / y));
    expect_near("hlog2", i, o[11 * N + i], round_bf(std::log2(std::fabs(x))));
    expect("hfloor", i, o[12 * N + i], round_bf(std::floor(x)));
    expect("hmax_nan", i, o[13 * N + i], round_bf(max_nan(x, y / y)));
  }
}

static void check_pairs(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                        const __nv_bfloat162 *o, const float2 *f2) {
  for (int i = 0; i < N; i++) {
    double px = bf(a[i]), py = bf(b[i]), qx = bf(b[i]), qy = 1.5;
    expect("hadd2.x", i, o[i].x, round_bf(px + qx));
    expect("hadd2.y", i, o[i].y, round_bf(py + qy));
    expect("hmul2.y", i, o[N + i].y, round_bf(py * qy));
    expect("h2div.x", i, o[2 * N + i].x, round_bf(px / qx));
    expect("h2div.y", i, o[2 * N + i].y, round_bf(py / qy));
    expect("hfma2.y", i, o[3 * N + i].y, round_bf(fma_odd(py, qy, px)));
    expect("hneg2-.x", i, o[4 * N + i].x, round_bf(-px - qx));
    expect("h2sqrt.x", i, o[5 * N + i].x, round_bf(std::sqrt(std::fabs(px))));
    expect("h2sqrt.y", i, o[5 * N + i].y, round_bf(std::sqrt(qy)));
    expect("lows.x", i, o[6 * N + i].x, a[i]);
    expect("lows.y", i, o[6 * N + i].y, b[i]);
    if ((f2[i].x != (float)py || f2[i].y != (float)px) &&
        !std::isnan(px + py) && fails++ < 10)
      printf("bfloat1622float2[%d]\n", i);
  }
}

static int want_flags(double x, double y) {
  int inf = x > 0 ? 2 : x < 0 ? 0 : 1;
  return (x == y) | (x != y) << 1 | (x < y) << 2 | (x <= y) << 3 |
         (x > y) << 4 | (x >= y) << 5 | (x < y) << 6 | (x == y) << 7 |
         (x == 0 || std::isinf(x)) << 8 | inf << 9;
}

/* float bits of the edges a conversion must get right */
static const unsigned edges[] = {
    0x3f808000,             /* 1 + 2^-8: a tie, to even (1.0) */
    0x3f818000,             /* a tie, to even (up) */
    0x3f808001,             /* just above a tie */
    0xbf808000,             /* negative tie */
    0x7f7fffff,             /* FLT_MAX: overflows to infinity to nearest */
    0xff7fffff, 0x7f7f8000, /* the tie above the largest bfloat16: infinity */
    0x7f7f7fff,             /* just below it: the largest */
    0x7f800000, 0xff800000, /* infinities */
    0x7fc00000, 0xffc12345, 0x7f800001,             /* NaNs: 0x7fff */
    0x00000001, 0x00008000, 0x00018000, 0x80008001, /* subnormals */
    0x80000000, 0x00000000, 0x007fffff, 0x00800000, 0x3f7fffff};

int main() {
  static float f[N], back[N];
  static int n[N], ints[2 * N], flags[N];
  static __nv_bfloat16 a[N], b[N], h[7 * N], o[14 * N], w[N], cnt[2];
  static __nv_bfloat162 o2[7 * N], cnt2;
  static float2 f2[N];
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    f[i] = ((int)(s >> 8) % 20000 - 10000) / 1234.5f;
    if (i % 17 == 0)
      f[i] *= 1e-38f; /* subnormal bfloat16 */
    if (i % 31 == 0)
      f[i] = 3e38f * (i % 2 ? 1 : -1); /* near overflow */
    n[i] = (int)(s ^ (s << 7)) >> (i % 8);
    a[i] = __float2bfloat16(f[i] / 3.0f);
    b[i] = __float2bfloat16(i % 13 == 0 ? f[i] / 3.0f : 0.75f - f[(i * 7) % N]);
  }
  for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++)
    memcpy(&f[N - 1 - i], &edges[i], sizeof(float));
  n[0] = 0x01010001; /* 2^24 + 2^16 + 1: above a tie float rounds onto */
  n[1] = -0x01010001;
  a[5] = __float2bfloat16(0.0f);
  float *df, *dback;
  int *dn, *dints, *dflags;
  __nv_bfloat16 *da, *db, *dh, *dout, *dw, *dcnt;
  __nv_bfloat162 *do2, *dcnt2;
  float2 *df2;
  cudaMalloc(&df, sizeof f);
  cudaMalloc(&dn, sizeof n);
  cudaMalloc(&dback, sizeof back);
  cudaMalloc(&dints, sizeof ints);
  cudaMalloc(&dflags, sizeof flags);
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dh, sizeof h);
  cudaMalloc(&dout, sizeof o);
  cudaMalloc(&do2, sizeof o2);
  cudaMalloc(&df2, sizeof f2);
  cudaMalloc(&dw, sizeof w);
  cudaMalloc(&dcnt, sizeof cnt);
  cudaMalloc(&dcnt2, sizeof cnt2);
  cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
  cudaMemcpy(dn, n, sizeof n, cudaMemcpyHostToDevice);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemset(dcnt, 0, sizeof cnt);
  cudaMemset(dcnt2, 0, sizeof cnt2);
  convert<<<N / 64, 64>>>(df, dn, dh, dback, dints);
  arith<<<N / 64, 64>>>(da, db, dout);
  pair_math<<<N / 64, 64>>>(da, db, do2, df2);
  compare<<<N / 64, 64>>>(da, db, dflags);
  warp_sum<<<1, N>>>(da, dw, dcnt, dcnt2);
  cudaMemcpy(h, dh, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(back, dback, sizeof back, cudaMemcpyDeviceToHost);
  cudaMemcpy(ints, dints, sizeof ints, cudaMemcpyDeviceToHost);
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
  cudaMemcpy(o2, do2, sizeof o2, cudaMemcpyDeviceToHost);
  cudaMemcpy(f2, df2, sizeof f2, cudaMemcpyDeviceToHost);
  cudaMemcpy(flags, dflags, sizeof flags, cudaMemcpyDeviceToHost);
  cudaMemcpy(w, dw, sizeof w, cudaMemcpyDeviceToHost);
  cudaMemcpy(cnt, dcnt, sizeof cnt, cudaMemcpyDeviceToHost);
  cudaMemcpy(&cnt2, dcnt2, sizeof cnt2, cudaMemcpyDeviceToHost);

  check_convert(f, n, h, back, ints);
  check_arith(a, b, o);
  check_pairs(a, b, o2, f2);
  for (int i = 0; i < N; i++) {
    int wf = want_flags(bf(a[i]), bf(b[i]));
    if (flags[i] != wf && fails++ < 10)
      printf("flags[%d]: got 0x%x, want 0x%x\n", i, flags[i], wf);
  }
  for (int base = 0; base < N; base += 32) {
    __nv_bfloat16 v[32];
    memcpy(v, a + base, sizeof v);
    for (int k = 16; k > 0; k >>= 1) {
      __nv_bfloat16 t[32];
      for (int l = 0; l < 32; l++)
        t[l] = round_bf(bf(v[l]) + bf(v[l ^ k]));
      memcpy(v, t, sizeof v);
    }
    for (int l = 0; l < 32; l++)
      expect("warp_sum", base + l, w[base + l], v[l]);
  }
  expect("atomicAdd", 0, cnt[0], round_bf(N / 2));
  expect("atomicAdd", 1, cnt[1], round_bf(N / 2));
  expect("atomicAdd2.x", 0, cnt2.x, round_bf(N));
  expect("atomicAdd2.y", 0, cnt2.y, round_bf(2 * N));
  printf("%s (%d mismatches)\n", fails ? "FAIL" : "PASS", fails);
  return fails != 0;
}
