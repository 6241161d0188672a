// check_driver fixture: a kernel and the host function that launches it.
#include <cuda_runtime.h>

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1;
}

void run_add_one(int *d, int n) {
  add_one<<<(n + 63) / 64, 64>>>(d, n);
  cudaDeviceSynchronize();
}
