// CUDA's math functions that nvcc also defines for host code and the C
// library lacks (rsqrtf, sinpif, normcdff, erfinvf, ...): a CPU reference
// calls them next to the kernel that computes the same values.
#include <cstdio>
#include <cmath>

__global__ void special(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i];
  out[8 * i + 0] = rsqrtf(v + 2.0f);
  out[8 * i + 1] = rcbrtf(v + 2.0f);
  out[8 * i + 2] = sinpif(v);
  out[8 * i + 3] = cospif(v);
  out[8 * i + 4] = normcdff(v);
  out[8 * i + 5] = erfinvf(v / 2.0f);
  out[8 * i + 6] = erfcxf(v);
  out[8 * i + 7] = normcdfinvf(0.5f + v / 4.0f);
}

int main() {
  const int n = 256;
  float x[n], out[8 * n];
  for (int i = 0; i < n; i++)
    x[i] = -1.9f + 3.8f * (float)i / (float)(n - 1);
  float *dx, *dout;
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  special<<<(n + 63) / 64, 64>>>(dx, dout, n);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  double worst = 0;
  for (int i = 0; i < n; i++) {
    float v = x[i];
    float ref[8] = {rsqrtf(v + 2.0f), rcbrtf(v + 2.0f), sinpif(v),
                    cospif(v),        normcdff(v),      erfinvf(v / 2.0f),
                    erfcxf(v),        normcdfinvf(0.5f + v / 4.0f)};
    double d = rsqrt((double)v + 2.0) + sinpi((double)v) + cospi((double)v) +
               normcdf((double)v) + erfinv((double)v / 2.0) +
               erfcinv(1.0 + (double)v / 2.0) + erfcx((double)v) +
               normcdfinv(0.5 + (double)v / 4.0) + rcbrt((double)v + 2.0);
    float s, c;
    sincospif(v, &s, &c);
    bad += std::isnan(d) || s != ref[2] || c != ref[3];
    for (int k = 0; k < 8; k++) {
      double err = std::fabs((double)out[8 * i + k] - (double)ref[k]);
      double tol = 4e-6 * std::fmax(1.0, std::fabs((double)ref[k]));
      worst = std::fmax(worst, err / tol);
      bad += !(err <= tol);
    }
  }
  printf("worst deviation %.3f of the tolerance\n", worst);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
