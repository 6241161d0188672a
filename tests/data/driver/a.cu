// check_driver fixture: a complete small program (kernel, launch, main).
#include <cuda_runtime.h>
#include <stdio.h>

__global__ void scale(float *p, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= f;
}

int main(void) {
  const int n = 256;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemset(d, 0, n * sizeof(float));
  scale<<<(n + 127) / 128, 128>>>(d, 2.0f, n);
  cudaDeviceSynchronize();
  cudaFree(d);
  printf("done\n");
  return 0;
}
