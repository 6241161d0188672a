// cuComplex.h end to end: every function of the header in a kernel, in a
// __host__ __device__ function called from a kernel and from the host, on
// a __shared__ array of cuFloatComplex and on complex kernel arguments;
// checked against the same functions on the host (cu2clrt_complex.h in
// the port). Sums, conjugates, parts and conversions must be exact; the
// products, quotients and cuCfma may differ in the last bits (nvcc fuses
// multiply-adds on the GPU, the host compiler need not); the quotient and
// the absolute value must not overflow or underflow where the result is
// in range (CUDA scales them).
#include <cuComplex.h>
#include <cmath>
#include <cstdio>
#include <cstring>

#define N 256

// z rotated by a quarter turn k times, then scaled by s
__host__ __device__ cuComplex turn(cuComplex z, int k, float s) {
  for (int i = 0; i < k; i++)
    z = cuCmulf(z, make_cuComplex(0.0f, 1.0f));
  return make_cuFloatComplex(s * cuCrealf(z), s * cuCimagf(z));
}

__global__ void single(const cuFloatComplex *x, const cuFloatComplex *y,
                       cuFloatComplex *o, float *a, cuComplex d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cuFloatComplex u = x[i], v = y[i];
  o[8 * i + 0] = cuCaddf(u, v);
  o[8 * i + 1] = cuCsubf(u, v);
  o[8 * i + 2] = cuConjf(u);
  o[8 * i + 3] = cuCmulf(u, v);
  o[8 * i + 4] = cuCdivf(u, v);
  o[8 * i + 5] = cuCfmaf(u, v, d);
  o[8 * i + 6] = turn(u, i % 4, 0.5f);
  o[8 * i + 7] = make_cuComplex(cuCrealf(v), cuCimagf(u));
  a[i] = cuCabsf(u);
}

__global__ void twice(const cuDoubleComplex *x, const cuDoubleComplex *y,
                      cuDoubleComplex *o, double *a, cuFloatComplex *f,
                      cuDoubleComplex d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cuDoubleComplex u = x[i], v = y[i];
  o[7 * i + 0] = cuCadd(u, v);
  o[7 * i + 1] = cuCsub(u, v);
  o[7 * i + 2] = cuConj(u);
  o[7 * i + 3] = cuCmul(u, v);
  o[7 * i + 4] = cuCdiv(u, v);
  o[7 * i + 5] = cuCfma(u, v, d);
  o[7 * i + 6] = make_cuDoubleComplex(cuCreal(v), cuCimag(u));
  a[i] = cuCabs(u);
  f[i] = cuComplexDoubleToFloat(cuCmul(u, cuComplexFloatToDouble(f[i])));
}

// the sum of a block's values through a __shared__ array of complex values
__global__ void block_sum(const cuFloatComplex *x, cuFloatComplex *out) {
  __shared__ cuFloatComplex s[64];
  int t = threadIdx.x;
  s[t] = x[blockIdx.x * 64 + t];
  __syncthreads();
  for (int w = 32; w > 0; w /= 2) {
    if (t < w)
      s[t] = cuCaddf(s[t], s[t + w]);
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

/* ---- host side ---- */

static int fails;

static void fail(const char *what, int i, double got, double want) {
  if (fails++ < 10)
    printf("FAIL %s [%d]: got %a, want %a\n", what, i, got, want);
}

// exact: the same bits (or both NaN)
static void same(const char *what, int i, double got, double want) {
  if (!(got == want && std::signbit(got) == std::signbit(want)) &&
      !(std::isnan(got) && std::isnan(want)))
    fail(what, i, got, want);
}

// within tol of want relative to scale
static void near(const char *what, int i, double got, double want, double scale,
                 double tol) {
  if (got != want && !(std::isnan(got) && std::isnan(want)) &&
      !(std::fabs(got - want) <= tol * scale))
    fail(what, i, got, want);
}

static double norm(double re, double im) {
  return std::hypot(re, im);
}

static void check_single(const cuFloatComplex *x, const cuFloatComplex *y,
                         const cuFloatComplex *o, const float *a, cuComplex d) {
  const double tol = 1e-6;
  for (int i = 0; i < N; i++) {
    cuFloatComplex u = x[i], v = y[i], w[8];
    w[0] = cuCaddf(u, v), w[1] = cuCsubf(u, v), w[2] = cuConjf(u);
    w[3] = cuCmulf(u, v), w[4] = cuCdivf(u, v), w[5] = cuCfmaf(u, v, d);
    w[6] = turn(u, i % 4, 0.5f);
    w[7] = make_cuComplex(cuCrealf(v), cuCimagf(u));
    double nu = norm(u.x, u.y), nv = norm(v.x, v.y);
    double scale[8] = {1, 1, 1, nu * nv, nu / nv, nu * nv + norm(d.x, d.y),
                       1, 1};
    for (int k = 0; k < 8; k++) {
      const cuFloatComplex g = o[8 * i + k];
      if (i < 2 && (k == 3 || k == 5))
        continue; /* huge products: inf - inf unfused, -inf fused */
      if (k == 3 || k == 4 || k == 5) {
        near("cuCmulf/cuCdivf/cuCfmaf re", 8 * i + k, g.x, w[k].x, scale[k],
             tol);
        near("cuCmulf/cuCdivf/cuCfmaf im", 8 * i + k, g.y, w[k].y, scale[k],
             tol);
      } else {
        same("exact float re", 8 * i + k, g.x, w[k].x);
        same("exact float im", 8 * i + k, g.y, w[k].y);
      }
    }
    near("cuCabsf", i, a[i], cuCabsf(u), nu, tol);
  }
}

static void check_double(const cuDoubleComplex *x, const cuDoubleComplex *y,
                         const cuDoubleComplex *o, const double *a,
                         const cuFloatComplex *f0, const cuFloatComplex *f,
                         cuDoubleComplex d) {
  const double tol = 1e-14;
  for (int i = 0; i < N; i++) {
    cuDoubleComplex u = x[i], v = y[i], w[7];
    w[0] = cuCadd(u, v), w[1] = cuCsub(u, v), w[2] = cuConj(u);
    w[3] = cuCmul(u, v), w[4] = cuCdiv(u, v), w[5] = cuCfma(u, v, d);
    w[6] = make_cuDoubleComplex(cuCreal(v), cuCimag(u));
    double nu = norm(u.x, u.y), nv = norm(v.x, v.y);
    double scale[7] = {1, 1, 1, nu * nv, nu / nv, nu * nv + norm(d.x, d.y), 1};
    for (int k = 0; k < 7; k++) {
      const cuDoubleComplex g = o[7 * i + k];
      if (i < 2 && (k == 3 || k == 5))
        continue; /* huge products: inf - inf unfused, -inf fused */
      if (k == 3 || k == 4 || k == 5) {
        near("cuCmul/cuCdiv/cuCfma re", 7 * i + k, g.x, w[k].x, scale[k], tol);
        near("cuCmul/cuCdiv/cuCfma im", 7 * i + k, g.y, w[k].y, scale[k], tol);
      } else {
        same("exact double re", 7 * i + k, g.x, w[k].x);
        same("exact double im", 7 * i + k, g.y, w[k].y);
      }
    }
    near("cuCabs", i, a[i], cuCabs(u), nu, tol);
    cuFloatComplex c =
        cuComplexDoubleToFloat(cuCmul(u, cuComplexFloatToDouble(f0[i])));
    double nc = norm(u.x, u.y) * norm(f0[i].x, f0[i].y);
    near("cuComplexDoubleToFloat re", i, f[i].x, c.x, nc, 3e-7);
    near("cuComplexDoubleToFloat im", i, f[i].y, c.y, nc, 3e-7);
  }
}

// operands: ordinary values, then values where an unscaled quotient or
// absolute value would overflow or underflow
static void fill(cuFloatComplex *x, cuFloatComplex *y, cuDoubleComplex *dx,
                 cuDoubleComplex *dy) {
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    float r[4];
    for (int k = 0; k < 4; k++) {
      s = s * 1103515245u + 12345u;
      r[k] = ((int)(s >> 8 & 0xffff) - 32768) / 4096.0f;
    }
    x[i] = make_cuFloatComplex(r[0], r[1]);
    y[i] = make_cuFloatComplex(r[2], r[3] == 0.0f ? 1.0f : r[3]);
    dx[i] = make_cuDoubleComplex(r[0] / 3.0, r[1] * 7.0);
    dy[i] = make_cuDoubleComplex(r[2] / 5.0, r[3] == 0.0f ? 1.0 : r[3]);
  }
  x[0] = make_cuFloatComplex(1e38f, 5e37f);    /* |x| is finite */
  y[0] = make_cuFloatComplex(1e38f, 1e38f);    /* so is x / y */
  x[1] = make_cuFloatComplex(3e-30f, -4e-30f); /* |x| is not 0 */
  y[1] = make_cuFloatComplex(1e-30f, 1e-30f);
  dx[0] = make_cuDoubleComplex(5e307, 2.5e307);
  dy[0] = make_cuDoubleComplex(5e307, 5e307);
  dx[1] = make_cuDoubleComplex(3e-300, 4e-300);
  dy[1] = make_cuDoubleComplex(-1e-300, 2e-300);
}

int main() {
  static cuFloatComplex x[N], y[N], o[8 * N], f0[N], f[N], sums[N / 64];
  static cuDoubleComplex dx[N], dy[N], dout[7 * N];
  static float a[N];
  static double da[N];
  fill(x, y, dx, dy);
  for (int i = 0; i < N; i++)
    f0[i] = make_cuComplex(0.25f * i, -1.0f / (i + 1));
  cuComplex d = make_cuComplex(0.5f, -0.25f);
  cuDoubleComplex dd = cuComplexFloatToDouble(d);
  cuFloatComplex *gx, *gy, *go, *gf, *gz, *gs;
  cuDoubleComplex *gdx, *gdy, *gdo;
  float *ga;
  double *gda;
  cudaMalloc(&gx, sizeof x), cudaMalloc(&gy, sizeof y);
  cudaMalloc(&go, sizeof o), cudaMalloc(&gf, sizeof f);
  cudaMalloc(&gz, sizeof f0);
  cudaMalloc(&gs, sizeof sums), cudaMalloc(&ga, sizeof a);
  cudaMalloc(&gdx, sizeof dx), cudaMalloc(&gdy, sizeof dy);
  cudaMalloc(&gdo, sizeof dout), cudaMalloc(&gda, sizeof da);
  cudaMemcpy(gx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(gy, y, sizeof y, cudaMemcpyHostToDevice);
  cudaMemcpy(gf, f0, sizeof f0, cudaMemcpyHostToDevice);
  cudaMemcpy(gz, f0, sizeof f0, cudaMemcpyHostToDevice);
  cudaMemcpy(gdx, dx, sizeof dx, cudaMemcpyHostToDevice);
  cudaMemcpy(gdy, dy, sizeof dy, cudaMemcpyHostToDevice);
  single<<<N / 64, 64>>>(gx, gy, go, ga, d);
  twice<<<N / 64, 64>>>(gdx, gdy, gdo, gda, gf, dd);
  block_sum<<<N / 64, 64>>>(gz, gs);
  cudaMemcpy(o, go, sizeof o, cudaMemcpyDeviceToHost);
  cudaMemcpy(a, ga, sizeof a, cudaMemcpyDeviceToHost);
  cudaMemcpy(f, gf, sizeof f, cudaMemcpyDeviceToHost);
  cudaMemcpy(sums, gs, sizeof sums, cudaMemcpyDeviceToHost);
  cudaMemcpy(dout, gdo, sizeof dout, cudaMemcpyDeviceToHost);
  cudaMemcpy(da, gda, sizeof da, cudaMemcpyDeviceToHost);
  if (cudaGetLastError() != cudaSuccess)
    fail("CUDA error", 0, 0, 0);
  check_single(x, y, o, a, d);
  check_double(dx, dy, dout, da, f0, f, dd);
  /* the scaled cases: finite and nonzero, near the exact values */
  near("cuCabsf(1e38, 5e37)", 0, a[0], 1.1180339887e38, 1.2e38, 1e-6);
  near("cuCdivf(x0, y0) re", 0, o[4].x, 0.75, 1, 1e-6);
  near("cuCdivf(x0, y0) im", 0, o[4].y, -0.25, 1, 1e-6);
  near("cuCabsf(3e-30, -4e-30)", 1, a[1], 5e-30, 5e-30, 1e-6);
  near("cuCabs(5e307, 2.5e307)", 0, da[0], 5.5901699437494742e307, 6e307,
       1e-14);
  near("cuCdiv(x0, y0) re", 0, dout[4].x, 0.75, 1, 1e-14);
  near("cuCdiv(x0, y0) im", 0, dout[4].y, -0.25, 1, 1e-14);
  near("cuCabs(3e-300, 4e-300)", 1, da[1], 5e-300, 5e-300, 1e-14);
  for (int b = 0; b < N / 64; b++) {
    cuFloatComplex want = make_cuFloatComplex(0, 0);
    for (int t = 0; t < 64; t++)
      want = cuCaddf(want, f0[b * 64 + t]);
    near("block_sum re", b, sums[b].x, want.x, 64 * 64, 1e-6);
    near("block_sum im", b, sums[b].y, want.y, 64 * 64, 1e-6);
  }
  cudaFree(gx), cudaFree(gy), cudaFree(go), cudaFree(gf), cudaFree(gz);
  cudaFree(gs);
  cudaFree(ga), cudaFree(gdx), cudaFree(gdy), cudaFree(gdo), cudaFree(gda);
  printf("%s\n", fails ? "FAIL" : "PASS");
  return fails != 0;
}
