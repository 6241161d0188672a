// fp8 end to end: floats, doubles, halves and bfloat16s converted to E4M3
// and E5M2 with and without saturation (ties, the subnormals of each
// format, the largest finite, overflow, infinities, NaN, -0), the structs'
// constructors from float and int, pairs and quadruples, and back to half,
// float and int; every byte is checked against a host reference written
// from the formats' definitions (OCP 8-bit floating point): the nearest
// value, a tie to the even encoding, overflow to the largest finite
// (__NV_SATFINITE) or to infinity (E5M2) / NaN (E4M3), and CUDA's NaN
// encodings.
#include <cuda_fp8.h>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>

#define N 512

__global__ void to_fp8(const float *f, const double *d, const int *n,
                       unsigned char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; k++) {
    __nv_saturation_t sat = k & 1 ? __NV_SATFINITE : __NV_NOSAT;
    __nv_fp8_interpretation_t fmt = k & 2 ? __NV_E5M2 : __NV_E4M3;
    __half_raw h = __half(f[i]);
    __nv_bfloat16_raw b = __nv_bfloat16(f[i]);
    out[(0 + k) * N + i] = __nv_cvt_float_to_fp8(f[i], sat, fmt);
    out[(4 + k) * N + i] = __nv_cvt_double_to_fp8(d[i], sat, fmt);
    out[(8 + k) * N + i] = __nv_cvt_halfraw_to_fp8(h, sat, fmt);
    out[(12 + k) * N + i] = __nv_cvt_bfloat16raw_to_fp8(b, sat, fmt);
  }
  out[16 * N + i] = __nv_fp8_e4m3(f[i]).__x;
  out[17 * N + i] = __nv_fp8_e5m2(f[i]).__x;
  out[18 * N + i] = __nv_fp8_e4m3(n[i]).__x;
  out[19 * N + i] = __nv_fp8_e5m2(n[i]).__x;
}

__global__ void vectors(const float *f, __nv_fp8x2_e4m3 *p,
                        __nv_fp8x4_e5m2 *q, unsigned short *two) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = make_float2(f[i], f[(i + 1) % N]);
  p[i] = __nv_fp8x2_e4m3(v);
  q[i] = __nv_fp8x4_e5m2(make_float4(f[i], -f[i], f[(i + 3) % N], 1.0f));
  two[i] = __nv_cvt_float2_to_fp8x2(v, __NV_NOSAT, __NV_E5M2);
}

__global__ void from_fp8(unsigned short *h, unsigned *bits, int *ints,
                         float4 *f4) {
  int x = threadIdx.x; /* every byte */
  __nv_fp8_e4m3 a;
  a.__x = (__nv_fp8_storage_t)x;
  __nv_fp8_e5m2 b;
  b.__x = (__nv_fp8_storage_t)x;
  h[x] = __nv_cvt_fp8_to_halfraw(x, __NV_E4M3).x;
  h[256 + x] = __nv_cvt_fp8_to_halfraw(x, __NV_E5M2).x;
  __half2_raw h2 = __nv_cvt_fp8x2_to_halfraw2(x | (255 - x) << 8, __NV_E4M3);
  h[512 + x] = __half_as_ushort(__high2half(__half2(h2)));
  bits[x] = __float_as_uint((float)a);
  bits[256 + x] = __float_as_uint((float)b);
  ints[x] = (int)a;
  ints[256 + x] = (int)b;
  ints[512 + x] = (unsigned char)a;
  ints[768 + x] = (short)b;
  __nv_fp8x4_e4m3 q;
  q.__x = 0x01020304u * (unsigned)x;
  f4[x] = (float4)q;
}

/* ---- host reference, from the definitions ---- */

static int fails;

/* the value of fp8 bits x (fmt 0: E4M3, 1: E5M2); NaN for NaNs */
static double fp8_value(unsigned x, int fmt) {
  int m = fmt ? 2 : 3, bias = fmt ? 15 : 7;
  unsigned e = (x & 0x7f) >> m, fr = x & ((1u << m) - 1);
  double sign = x & 0x80 ? -1 : 1;
  if (fmt ? e == 31 && fr : (x & 0x7f) == 0x7f)
    return NAN;
  if (fmt && e == 31)
    return sign * INFINITY;
  return e ? sign * ldexp(1.0 + ldexp(fr, -m), (int)e - bias)
           : sign * ldexp(fr, 1 - bias - m);
}

/* the nearest value (a tie to the even encoding); the value one step
 * above the largest finite (480, 65536) stands for overflow: the largest
 * finite with saturation, else infinity (E5M2) or NaN 0x7f (E4M3) */
static unsigned ref_fp8(double x, int sat, int fmt) {
  unsigned maxfin = fmt ? 0x7b : 0x7e, best = 0;
  double ax = fabs(x), bd = INFINITY;
  int over = ax >= (fmt ? 65536.0 : 480.0);
  for (unsigned c = 0; c <= maxfin + 1 && !over; c++) {
    double v = c <= maxfin ? fp8_value(c, fmt) : (fmt ? 65536.0 : 480.0);
    double dist = fabs(ax - v);
    if (dist < bd || (dist == bd && !(c & 1)))
      best = c, bd = dist;
  }
  if (over || best > maxfin)
    best = sat ? maxfin : fmt ? 0x7c : 0x7f;
  return best | (std::signbit(x) ? 0x80u : 0u);
}

/* NaN inputs (CUDA's encodings): 0x7f from float, half and bfloat16; from
 * a double 0x7f|sign (E4M3) or 0x7e|sign|its second fraction bit (E5M2) */
static unsigned ref_float(float f, int sat, int fmt) {
  return std::isnan(f) ? 0x7f : ref_fp8(f, sat, fmt);
}
static unsigned ref_double(double d, int sat, int fmt) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  if (std::isnan(d))
    return (fmt ? 0x7eu | (unsigned)(u >> 50 & 1) : 0x7fu) |
           (unsigned)(u >> 63) << 7;
  return ref_fp8(d, sat, fmt);
}

/* float rounded to half or bfloat16 (nearest even), as a double */
static double round_to(float f, int mant, int emin) {
  if (std::isnan(f) || std::isinf(f) || f == 0)
    return f;
  int e;
  frexp(f, &e);
  if (e - 1 < emin)
    e = emin + 1;
  double q = ldexp(1.0, e - 1 - mant), r = nearbyint(f / q) * q;
  return r;
}

static void expect8(const char *what, int i, unsigned got, unsigned want) {
  if (got != want && fails++ < 20)
    printf("%s[%d]: got 0x%02x, want 0x%02x\n", what, i, got, want);
}

static const uint32_t edges[] = {
    0x3f880000, /* 1 + 2^-4: an E4M3 tie, to even (1.0) */
    0x3f980000, /* 1 + 3 * 2^-4: a tie, to even (up) */
    0x3f880001, /* just above a tie */
    0xbf900000, /* -1.125 */
    0x43e00000, /* 448: E4M3's largest */
    0x43e80000, /* 464: the tie above it, to even (448) */
    0x43e80001, /* just above: overflow */
    0x43f00000, /* 480 */
    0x47600000, /* 57344: E5M2's largest */
    0x47700000, /* 61440: the tie above it, to even (overflow) */
    0x476fffff, /* just below it */
    0x7f7fffff, 0xff7fffff, /* FLT_MAX */
    0x7f800000, 0xff800000, /* infinities */
    0x7fc00000, 0xffc12345, 0x7f800001, /* NaNs */
    0x3b000000, /* 2^-9: E4M3's smallest subnormal */
    0x3a800000, /* 2^-10: a tie with zero, to zero */
    0x3a800001, /* just above: 2^-9 */
    0x3bc00000, /* 3 * 2^-9 */
    0x37800000, /* 2^-16: E5M2's smallest subnormal */
    0x37000000, /* 2^-17: a tie, to zero */
    0x37400000, /* 3 * 2^-17: a tie, to even (2^-15) */
    0x38800000, /* 2^-14: E5M2's smallest normal */
    0x3c800000, /* 2^-6: E4M3's smallest normal */
    0x3c7fffff, /* just below: rounds up to it */
    0x80000000, 0x00000000, 0x00000001, 0x807fffff};

int main() {
  static float f[N];
  static double d[N];
  static int n[N], ints[4 * 256];
  static unsigned char o[20 * N];
  static unsigned short h[3 * 256], two[N];
  static unsigned bits[2 * 256];
  static __nv_fp8x2_e4m3 p[N];
  static __nv_fp8x4_e5m2 q[N];
  static float4 f4[256];
  unsigned s = 2024;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    f[i] = ((int)(s >> 8) % 40000 - 20000) / 37.5f; /* |f| < 534 */
    if (i % 5 == 0)
      f[i] *= 1e-4f; /* the subnormals */
    if (i % 7 == 0)
      f[i] *= 150.0f; /* E5M2's top binades and beyond */
    d[i] = (double)f[i] * (1.0 + ldexp((double)(s & 0xff), -40));
    n[i] = (int)(s >> (i % 24)) * (i % 2 ? 1 : -1);
  }
  for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++) {
    memcpy(&f[N - 1 - i], &edges[i], sizeof(float));
    d[N - 1 - i] = f[N - 1 - i];
  }
  d[0] = 1.0625 + ldexp(1.0, -40); /* above a tie that float rounds onto */
  d[1] = -nan("");
  n[0] = 2305; /* E5M2: above the tie 2304 */
  float *df;
  double *dd;
  int *dn, *dints;
  unsigned char *dout;
  unsigned short *dh, *dtwo;
  unsigned *dbits;
  __nv_fp8x2_e4m3 *dp;
  __nv_fp8x4_e5m2 *dq;
  float4 *df4;
  cudaMalloc(&df, sizeof f);
  cudaMalloc(&dd, sizeof d);
  cudaMalloc(&dn, sizeof n);
  cudaMalloc(&dout, sizeof o);
  cudaMalloc(&dh, sizeof h);
  cudaMalloc(&dtwo, sizeof two);
  cudaMalloc(&dbits, sizeof bits);
  cudaMalloc(&dints, sizeof ints);
  cudaMalloc(&dp, sizeof p);
  cudaMalloc(&dq, sizeof q);
  cudaMalloc(&df4, sizeof f4);
  cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d, sizeof d, cudaMemcpyHostToDevice);
  cudaMemcpy(dn, n, sizeof n, cudaMemcpyHostToDevice);
  to_fp8<<<N / 64, 64>>>(df, dd, dn, dout);
  vectors<<<N / 64, 64>>>(df, dp, dq, dtwo);
  from_fp8<<<1, 256>>>(dh, dbits, dints, df4);
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
  cudaMemcpy(h, dh, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(two, dtwo, sizeof two, cudaMemcpyDeviceToHost);
  cudaMemcpy(bits, dbits, sizeof bits, cudaMemcpyDeviceToHost);
  cudaMemcpy(ints, dints, sizeof ints, cudaMemcpyDeviceToHost);
  cudaMemcpy(p, dp, sizeof p, cudaMemcpyDeviceToHost);
  cudaMemcpy(q, dq, sizeof q, cudaMemcpyDeviceToHost);
  cudaMemcpy(f4, df4, sizeof f4, cudaMemcpyDeviceToHost);

  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 4; k++) {
      int sat = k & 1, fmt = k >> 1;
      double hv = round_to(f[i], 10, -14), bv = round_to(f[i], 7, -126);
      if (fabs(f[i]) >= 65520.0f && !std::isnan(f[i]))
        hv = copysign(INFINITY, f[i]); /* half overflows */
      expect8("float", i, o[k * N + i], ref_float(f[i], sat, fmt));
      expect8("double", i, o[(4 + k) * N + i], ref_double(d[i], sat, fmt));
      expect8("half", i, o[(8 + k) * N + i], ref_float((float)hv, sat, fmt));
      expect8("bf16", i, o[(12 + k) * N + i], ref_float((float)bv, sat, fmt));
    }
    expect8("e4m3(float)", i, o[16 * N + i], ref_float(f[i], 1, 0));
    expect8("e5m2(float)", i, o[17 * N + i], ref_float(f[i], 1, 1));
    expect8("e4m3(int)", i, o[18 * N + i], ref_float((float)n[i], 1, 0));
    expect8("e5m2(int)", i, o[19 * N + i], ref_float((float)n[i], 1, 1));
    float2 v = make_float2(f[i], f[(i + 1) % N]);
    expect8("x2.lo", i, p[i].__x & 0xff, ref_float(v.x, 1, 0));
    expect8("x2.hi", i, p[i].__x >> 8, ref_float(v.y, 1, 0));
    float w[4] = {f[i], -f[i], f[(i + 3) % N], 1.0f};
    for (int l = 0; l < 4; l++)
      expect8("x4", i * 4 + l, q[i].__x >> (8 * l) & 0xff,
              ref_float(w[l], 1, 1));
    expect8("cvt_float2.lo", i, two[i] & 0xff, ref_float(v.x, 0, 1));
    expect8("cvt_float2.hi", i, two[i] >> 8, ref_float(v.y, 0, 1));
  }
  for (unsigned x = 0; x < 256; x++)
    for (int fmt = 0; fmt < 2; fmt++) {
      double v = fp8_value(x, fmt);
      float fv;
      memcpy(&fv, &bits[fmt * 256 + x], sizeof fv);
      int ok = std::isnan(v) ? bits[fmt * 256 + x] == 0x7fffffffu
                             : (double)fv == v && !std::signbit(fv) ==
                                                      !std::signbit(v);
      if (!ok && fails++ < 20)
        printf("float(fp8 0x%02x, fmt %d): got 0x%08x\n", x, fmt,
               bits[fmt * 256 + x]);
      /* half: E5M2 is its upper byte, E4M3 exactly; NaN 0x7fff */
      unsigned hw = std::isnan(v) ? 0x7fff : 0;
      if (!std::isnan(v) && fmt)
        hw = x << 8;
      else if (!std::isnan(v)) {
        uint32_t u;
        memcpy(&u, &fv, sizeof u);
        hw = (u & 0x7fffffff) ? (u >> 16 & 0x8000) |
                                    ((u & 0x7fffffff) >> 13) - (112u << 10)
                              : u >> 16;
      }
      if (h[fmt * 256 + x] != hw && fails++ < 20)
        printf("half(fp8 0x%02x, fmt %d): got 0x%04x, want 0x%04x\n", x, fmt,
               h[fmt * 256 + x], hw);
      /* toward zero, saturating; NaN 0 */
      int iw = std::isnan(v) ? 0 : std::isinf(v) ? (v > 0 ? 0x7fffffff : -0x7fffffff - 1) : (int)v;
      if (ints[fmt * 256 + x] != iw && fails++ < 20)
        printf("int(fp8 0x%02x, fmt %d): got %d, want %d\n", x, fmt,
               ints[fmt * 256 + x], iw);
    }
  for (unsigned x = 0; x < 256; x++) {
    double a = fp8_value(x, 0), b = fp8_value(x, 1);
    int uc = std::isnan(a) ? 0 : a <= 0 ? 0 : a >= 255 ? 255 : (int)a;
    int sh = std::isnan(b) ? 0 : b >= 32767 ? 32767 : b <= -32768 ? -32768 : (int)b;
    if ((ints[512 + x] != uc || ints[768 + x] != sh) && fails++ < 20)
      printf("uchar/short(0x%02x): got %d %d, want %d %d\n", x,
             ints[512 + x], ints[768 + x], uc, sh);
    if (h[512 + x] != (std::isnan(fp8_value(255 - x, 0)) ? 0x7fff : h[255 - x]) &&
        fails++ < 20)
      printf("x2 to half2 .y (0x%02x): got 0x%04x\n", x, h[512 + x]);
    unsigned qx = 0x01020304u * x;
    float got[4] = {f4[x].x, f4[x].y, f4[x].z, f4[x].w};
    for (int l = 0; l < 4; l++) {
      double v = fp8_value(qx >> (8 * l) & 0xff, 0);
      if (!(std::isnan(v) ? std::isnan(got[l]) : got[l] == v) && fails++ < 20)
        printf("float4(x4 0x%08x)[%d]: got %a\n", qx, l, (double)got[l]);
    }
  }
  printf("%s (%d mismatches)\n", fails ? "FAIL" : "PASS", fails);
  return fails != 0;
}
