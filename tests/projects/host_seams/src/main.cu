// Code before the first include relies on nvcc's implicit cuda_runtime.h
// (NULL with no header yet).
static const char *const kNames[] = {"main", NULL};
#include <cstdio>
#include "launch.h"
#include "fill.cuh"

int main() {
  const int n = 1000;
  int *di;
  float *df;
  cudaMalloc(&di, n * sizeof(int));
  cudaMalloc(&df, n * sizeof(float));
  int hi[n];
  float hf[n];
  for (int i = 0; i < n; i++) {
    hi[i] = i;
    hf[i] = 0.5f * i;
  }
  cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
  scale_all(di, n, 3);
  scale_all(df, n, 2.0f);
  add_offset_all(di, n);
  cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
  int ok = 1;
  for (int i = 0; i < n; i++)
    ok &= hi[i] == 3 * i + 2 + 1 && hf[i] == 1.0f * i + 2.0f;
  ok &= first_of(di) == 7 && kNames[1] == NULL;
  fill_all<3>(di, n);
  cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
  ok &= hi[10] == 30 && hi[n - 1] == 3 * (n - 1);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
