#include "common.cuh"

__global__ void fill_b(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = scaled(2.0f);
}

void run_b(float *d, int n) { fill_b<<<1, n>>>(d, n); }
