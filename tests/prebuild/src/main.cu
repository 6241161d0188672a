// A port built ahead (tests/prebuild_test.sh): two translation units, one
// compiled with --use_fast_math, so that each program is built ahead with
// the options the port's code gives it.
#include <cstdio>

void blend(float *d, int n); // fast.cu

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= s;
}

int main() {
  const int n = 1024;
  float h[n], *d;
  for (int i = 0; i < n; i++)
    h[i] = (float)i;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<n / 64, 64>>>(d, 2.0f, n);
  blend(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += h[i] != 2.0f * i + 1.0f;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
