#include <cstdio>
#include "kernels.cuh"

void stage(float *d, int n);

int main() {
  const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
  float *d, *sums;
  int *t;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&sums, blocks * sizeof(float));
  cudaMalloc(&t, threads * sizeof(int));
  stage(d, n);
  block_sums<<<blocks, threads, threads * sizeof(float)>>>(d, sums, n);
  float h[blocks];
  cudaMemcpy(h, sums, sizeof h, cudaMemcpyDeviceToHost);
  double total = 0;
  for (int b = 0; b < blocks; b++)
    total += h[b];
  fill<<<1, threads>>>(t, 5, threads);
  int v = 2;
  void *args[] = {&t, &v};
  cudaLaunchKernel((const void *)tag, dim3(1), dim3(threads), args, 0, 0);
  int ht[threads];
  cudaMemcpy(ht, t, sizeof ht, cudaMemcpyDeviceToHost);
  cudaFuncAttributes attr;
  cudaError_t e = cudaFuncGetAttributes(&attr, scale);
  int ok = total == 16.0 * n && ht[0] == 7 && ht[threads - 1] == 7 &&
           e == cudaSuccess && attr.maxThreadsPerBlock > 0;
  printf("total %.0f tag %d %d attr %d: %s\n", total, ht[0], ht[threads - 1],
         (int)e, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
