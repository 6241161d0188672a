// clang's extended vector types in CUDA code (code shared with HIP, as
// HeCBench topk's fp32x4 = __attribute__((__ext_vector_type__(4))) float):
// OpenCL C's own vectors, with their arithmetic, swizzles (.wzyx, .y) and
// one-element vectors as scalars; read through a reinterpreted pointer and
// through a union with an array.
#include <cstdio>
#include <cuda_runtime.h>

using f4 = __attribute__((__ext_vector_type__(4))) float;
using f1 = __attribute__((__ext_vector_type__(1))) float;
typedef int i2 __attribute__((ext_vector_type(2)));

__global__ void swizzles(const float *in, float *out) {
  int t = threadIdx.x;
  const f4 *v = reinterpret_cast<const f4 *>(in);
  f4 a = v[t];
  f4 b = a * 2.0f + a.wzyx;
  i2 c = {t, 2 * t};
  c.y += 1;
  union {
    f4 w;
    float s[4];
  } u;
  u.w = b;
  f1 one = a.x;
  out[t] = u.s[0] + u.s[3] + b.y + (float)(c.x + c.y) + one.x;
}

int main() {
  const int n = 32;
  float h[4 * n], r[n];
  for (int i = 0; i < 4 * n; i++)
    h[i] = (float)(i % 11) - 3.0f;
  float *d, *o;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof r);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  swizzles<<<1, n>>>(d, o);
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < n; t++) {
    const float *a = h + 4 * t;
    float b0 = 2 * a[0] + a[3], b1 = 2 * a[1] + a[2], b3 = 2 * a[3] + a[0];
    float want = b0 + b3 + b1 + (float)(3 * t + 1) + a[0];
    if (r[t] != want) {
      printf("FAIL: thread %d: %g, expected %g\n", t, r[t], want);
      bad = 1;
    }
  }
  cudaFree(d);
  cudaFree(o);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
