// Half precision end to end: conversions, arithmetic (intrinsics and C++
// operators), half2 math, comparisons, correctly rounded hsqrt/__hdiv/
// __hfma, a shared-memory reduction in half; every result is checked
// bit for bit against a host reference computed with the same rounding
// (approximate math functions within one half ulp).
#include <cuda_fp16.h>
#include <cmath>
#include <cstdio>
#include <cstring>

#define N 256

__global__ void convert(const float *f, __half *h, float *back, int *ints) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half v = __float2half(f[i]);
  h[i] = v;
  back[i] = __half2float(v);
  ints[i] = __half2int_rz(v) + __half2int_rz(__int2half_rn(i * 37 - 4000));
}

__global__ void arith(const __half *a, const __half *b, __half *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half x = a[i], y = b[i];
  out[0 * N + i] = __hadd(x, y);
  out[1 * N + i] = __hsub(x, y);
  out[2 * N + i] = __hmul(x, y);
  out[3 * N + i] = __hdiv(x, y);
  out[4 * N + i] = __hfma(x, y, a[(i + 1) % N]);
  out[5 * N + i] = __hmax(__hneg(x), __habs(y));
  /* operators, in an order nvcc cannot fuse into an fma (a product that
   * feeds a sum), which would round once where the port rounds twice */
  __half c = x + y;
  c *= x;
  c = -c;
  c /= __float2half(2.0f);
  out[6 * N + i] = c;
  out[7 * N + i] = hsqrt(__habs(x));
  out[8 * N + i] = hexp(__hmul(x, __float2half(0.25f)));
  __half one = 1.0f;
  out[9 * N + i] = __hmin(x, one);
}

__global__ void half2_math(const __half *a, const __half *b, __half2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half2 p = __halves2half2(a[i], b[i]);
  __half2 q = make_half2(b[i], __float2half(1.5f));
  out[0 * N + i] = __hadd2(p, q);
  out[1 * N + i] = __hmul2(p, q);
  out[2 * N + i] = __h2div(p, q);
  out[3 * N + i] = __hfma2(p, q, __half2half2(a[i]));
  out[4 * N + i] = __hneg2(p) - q;
  out[5 * N + i] = h2sqrt(__floats2half2_rn(fabsf(__low2float(p)),
                                            fabsf(__high2float(q))));
}

__global__ void compare(const __half *a, const __half *b, int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half x = a[i], y = b[i];
  int f = __heq(x, y) | __hne(x, y) << 1 | __hlt(x, y) << 2 |
          __hle(x, y) << 3 | __hgt(x, y) << 4 | __hge(x, y) << 5 |
          (x < y) << 6 | (x == y) << 7 | __hisnan(__hdiv(x, x)) << 8 |
          (__hisinf(__hdiv(x, __float2half(0.0f))) + 1) << 9;
  flags[i] = f;
}

__global__ void reduce(const __half *a, __half *out) {
  __shared__ __half s[N];
  int t = threadIdx.x;
  s[t] = a[t];
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] = __hadd(s[t], s[t + k]);
    __syncthreads();
  }
  if (t == 0)
    out[0] = s[0];
}

/* ---- host reference ---- */

static unsigned short bits(__half h) { return __half_as_ushort(h); }

/* d rounded to the nearest half, ties to even (one rounding) */
static __half round_half(double d) {
  __half h = __float2half((float)d);
  unsigned short b = bits(h);
  if (std::isnan(d) || std::isinf(__half2float(h)))
    return h;
  unsigned short best = b;
  double err = std::fabs(d - __half2float(h));
  for (int k = -1; k <= 1; k += 2) {
    unsigned short c = (unsigned short)(b + k);
    if (((c ^ b) & 0x8000) || (c & 0x7c00) == 0x7c00)
      continue;
    double e = std::fabs(d - __half2float(__ushort_as_half(c)));
    if (e < err || (e == err && !(c & 1)))
      best = c, err = e;
  }
  return __ushort_as_half(best);
}

static double hf(__half h) { return __half2float(h); }

static int fails;
static void expect(const char *what, int i, __half got, __half want) {
  if (bits(got) == bits(want) ||
      (std::isnan(hf(got)) && std::isnan(hf(want))))
    return;
  if (fails++ < 10)
    printf("%s[%d]: got %g (0x%04x), want %g (0x%04x)\n", what, i, hf(got),
           bits(got), hf(want), bits(want));
}

static void expect_near(const char *what, int i, __half got, __half want) {
  int d = (int)bits(got) - (int)bits(want);
  if (d >= -1 && d <= 1)
    return;
  expect(what, i, got, want);
}

static void check_arith(const __half *a, const __half *b, const __half *o) {
  for (int i = 0; i < N; i++) {
    double x = hf(a[i]), y = hf(b[i]), z = hf(a[(i + 1) % N]);
    expect("hadd", i, o[0 * N + i], round_half(x + y));
    expect("hsub", i, o[1 * N + i], round_half(x - y));
    expect("hmul", i, o[2 * N + i], round_half(x * y));
    expect("hdiv", i, o[3 * N + i], round_half(x / y));
    expect("hfma", i, o[4 * N + i], round_half(x * y + z));
    expect("hmax", i, o[5 * N + i], round_half(std::fmax(-x, std::fabs(y))));
    double c = hf(round_half(x + y));
    c = hf(round_half(c * x));
    expect("operators", i, o[6 * N + i], round_half(-c / 2.0));
    expect("hsqrt", i, o[7 * N + i], round_half(std::sqrt(std::fabs(x))));
    expect_near("hexp", i, o[8 * N + i],
                round_half(std::exp(hf(round_half(x * 0.25)))));
    expect("hmin", i, o[9 * N + i], round_half(std::fmin(x, 1.0)));
  }
}

static void check_half2(const __half *a, const __half *b, const __half2 *o) {
  for (int i = 0; i < N; i++) {
    double px = hf(a[i]), py = hf(b[i]), qx = hf(b[i]), qy = 1.5;
    expect("hadd2.x", i, o[i].x, round_half(px + qx));
    expect("hadd2.y", i, o[i].y, round_half(py + qy));
    expect("hmul2.y", i, o[N + i].y, round_half(py * qy));
    expect("h2div.x", i, o[2 * N + i].x, round_half(px / qx));
    expect("h2div.y", i, o[2 * N + i].y, round_half(py / qy));
    expect("hfma2.y", i, o[3 * N + i].y, round_half(py * qy + px));
    expect("hneg2-.x", i, o[4 * N + i].x, round_half(-px - qx));
    expect("h2sqrt.x", i, o[5 * N + i].x, round_half(std::sqrt(std::fabs(px))));
    expect("h2sqrt.y", i, o[5 * N + i].y, round_half(std::sqrt(qy)));
  }
}

static int want_flags(double x, double y) {
  int inf = x > 0 ? 2 : x < 0 ? 0 : 1;
  return (x == y) | (x != y) << 1 | (x < y) << 2 | (x <= y) << 3 |
         (x > y) << 4 | (x >= y) << 5 | (x < y) << 6 | (x == y) << 7 |
         (x == 0) << 8 | inf << 9;
}

int main() {
  static float f[N], back[N];
  static int ints[N], flags[N];
  static __half a[N], b[N], h[N], o[10 * N], sum;
  static __half2 o2[6 * N];
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    f[i] = ((int)(s >> 8) % 20000 - 10000) / 1234.5f;
    if (i % 17 == 0)
      f[i] *= 1e-4f; /* subnormal halves */
    if (i % 31 == 0)
      f[i] = 70000.0f * (i % 2 ? 1 : -1); /* overflow */
    a[i] = __float2half(f[i] / 3.0f);
    b[i] = __float2half(i % 13 == 0 ? f[i] / 3.0f : 0.75f - f[(i * 7) % N]);
  }
  a[5] = __float2half(0.0f);
  float *df, *dback;
  int *dints, *dflags;
  __half *da, *db, *dh, *dout;
  __half2 *do2;
  cudaMalloc(&df, sizeof f);
  cudaMalloc(&dback, sizeof back);
  cudaMalloc(&dints, sizeof ints);
  cudaMalloc(&dflags, sizeof flags);
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dh, sizeof h);
  cudaMalloc(&dout, sizeof o);
  cudaMalloc(&do2, sizeof o2);
  cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  convert<<<N / 64, 64>>>(df, dh, dback, dints);
  arith<<<N / 64, 64>>>(da, db, dout);
  half2_math<<<N / 64, 64>>>(da, db, do2);
  compare<<<N / 64, 64>>>(da, db, dflags);
  cudaMemcpy(h, dh, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(back, dback, sizeof back, cudaMemcpyDeviceToHost);
  cudaMemcpy(ints, dints, sizeof ints, cudaMemcpyDeviceToHost);
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
  cudaMemcpy(o2, do2, sizeof o2, cudaMemcpyDeviceToHost);
  cudaMemcpy(flags, dflags, sizeof flags, cudaMemcpyDeviceToHost);
  reduce<<<1, N>>>(da, dout);
  cudaMemcpy(&sum, dout, sizeof sum, cudaMemcpyDeviceToHost);

  for (int i = 0; i < N; i++) {
    expect("float2half", i, h[i], round_half(f[i]));
    if (back[i] != __half2float(h[i]) && fails++ < 10)
      printf("half2float[%d]: %g\n", i, back[i]);
    int want = (int)hf(round_half(i * 37 - 4000)); /* exact in half */
    int conv = std::isinf(hf(h[i])) ? (hf(h[i]) > 0 ? 2147483647 : -2147483647 - 1)
                                    : (int)std::trunc(hf(h[i]));
    /* the sum wraps, as the device's does (computed unsigned: defined) */
    want = (int)((unsigned)want + (unsigned)conv);
    if (ints[i] != want && fails++ < 10)
      printf("half2int[%d]: got %d, want %d\n", i, ints[i], want);
    int wf = want_flags(hf(a[i]), hf(b[i]));
    if (flags[i] != wf && fails++ < 10)
      printf("flags[%d]: got 0x%x, want 0x%x\n", i, flags[i], wf);
  }
  check_arith(a, b, o);
  check_half2(a, b, o2);
  __half t[N];
  memcpy(t, a, sizeof t);
  for (int k = N / 2; k > 0; k >>= 1)
    for (int i = 0; i < k; i++)
      t[i] = __hadd(t[i], t[i + k]);
  expect("reduce", 0, sum, t[0]);
  printf("%s (%d mismatches)\n", fails ? "FAIL" : "PASS", fails);
  return fails != 0;
}
