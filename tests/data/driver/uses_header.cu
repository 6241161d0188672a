// check_driver fixture: includes a user header found through -Iinclude.
#include <cuda_runtime.h>

#include "step.h"

__global__ void advance(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += STEP_SIZE;
}

void run_advance(float *d, int n) {
  advance<<<(n + 127) / 128, 128>>>(d, n);
  cudaDeviceSynchronize();
}
