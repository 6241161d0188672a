// GNU statement expressions in device code, as ppcg-generated kernels and
// some min/max macros write them (HeCBench chemv: `#define ppcg_min(x,y)
// ({ __typeof__(x) _x = (x); ... })`): kept as they are, since OpenCL C's
// compilers take them as C does, in a loop condition (evaluated every
// iteration) and in an expression.
#include <cstdio>
#define pmin(x, y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
#define pmax(x, y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
__global__ void k(const float *in, float *out, int n) {
  int t = threadIdx.x;
  float s = 0;
  for (int c = 0; c <= pmin(n - 1, 4 * t + 3); c += 2)
    s += in[c];
  out[t] = pmax(s, in[t]) + ({ int q = t * 2; (float)q; });
}
int main() {
  float h[64], *d, *o, r[64];
  for (int i = 0; i < 64; i++) h[i] = (float)(i % 7);
  cudaMalloc(&d, sizeof h); cudaMalloc(&o, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1, 64>>>(d, o, 50);
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 64; t++) {
    float s = 0;
    int lim = 49 < 4 * t + 3 ? 49 : 4 * t + 3;
    for (int c = 0; c <= lim; c += 2) s += h[c];
    float m = s > h[t] ? s : h[t];
    bad |= r[t] != m + (float)(t * 2);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
