// Kernels used as values: cudaLaunchKernel with CUDA's void **args (a
// template specialization among them), kernel attributes and the
// occupancy API sizing a launch (simpleOccupancy's shape).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}

template <typename T> __global__ void set_all(T *p, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

int main() {
  const int n = 3000;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  int block = 0, min_grid = 0;
  if (cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, axpy, 0, 0) !=
          cudaSuccess ||
      block <= 0 || block % 32) {
    printf("FAIL: block size %d\n", block);
    return 1;
  }
  int per_sm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, axpy, block, 0);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, axpy);
  int grid = (n + block - 1) / block;
  float one = 1.0f, two = 2.0f;
  int count = n;
  void *fill_x[] = {&x, &one, &count};
  void *fill_y[] = {&y, &two, &count};
  cudaLaunchKernel((const void *)set_all<float>, dim3(grid), dim3(block),
                   fill_x, 0, 0);
  cudaLaunchKernel((const void *)set_all<float>, dim3(grid), dim3(block),
                   fill_y, 0, 0);
  float a = 3.0f;
  void *args[] = {&a, &x, &y, &count};
  cudaLaunchKernel((const void *)axpy, dim3(grid), dim3(block), args, 0, 0);
  float h[n];
  cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost);
  int ok = per_sm > 0 && attr.maxThreadsPerBlock >= block;
  for (int i = 0; i < n; i++)
    ok &= h[i] == 5.0f;
  printf("%s (block %d, %d per SM)\n", ok ? "PASS" : "FAIL", block, per_sm);
  return ok ? 0 : 1;
}
