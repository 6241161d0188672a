// The program: fills an array with kernels of three translation units and
// checks the sum (incremental_test.sh edits SCALE in common.cuh).
#include <cstdio>
#include "common.cuh"

void run_b(float *d, int n);
void run_c(float *d, int n);

__global__ void fill_a(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = scaled(1.0f);
}

int main() {
  const int n = 96;
  float *d, h[n];
  cudaMalloc(&d, 3 * n * sizeof(float));
  fill_a<<<1, n>>>(d, n);
  run_b(d + n, n);
  run_c(d + 2 * n, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  float a = h[0];
  cudaMemcpy(h, d + n, sizeof h, cudaMemcpyDeviceToHost);
  float b = h[n - 1];
  cudaMemcpy(h, d + 2 * n, sizeof h, cudaMemcpyDeviceToHost);
  float c = h[n / 2];
  cudaFree(d);
  printf("a=%g b=%g c=%g\n", a, b, c);
  bool ok = a == SCALE && b == SCALE * 2.0f && c == 7.0f;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
