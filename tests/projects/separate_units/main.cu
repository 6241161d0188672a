// Separate compilation (nvcc -rdc=true): kernels here call device functions
// that other units define (one calls another unit's function in turn, and
// a static helper of its own unit), use a __device__ counter that another
// unit defines, and read __constant__ tables of a third unit, one of them
// set from here through an extern declaration. The other unit's kernel
// shares the counter.
#include <cstdio>
#include <cuda_runtime.h>

extern __device__ float scale(float x);
__host__ __device__ int twice(int v);
namespace ns {
__device__ int bump(int v);
}
extern __device__ int counter;
extern __constant__ float weights[2];
__global__ void kb(float *o); // defined in ops.cu

__global__ void ka(float *o) {
  int i = threadIdx.x;
  o[i] = scale((float)i) + twice(i) + ns::bump(i) + weights[0];
  atomicAdd(&counter, 1);
}

int main() {
  const int n = 64;
  float *d, h[n], g[n];
  cudaMalloc(&d, 2 * n * sizeof(float));
  const float w[2] = {3.0f, -1.0f};
  cudaMemcpyToSymbol(weights, w, sizeof w);
  ka<<<1, n>>>(d);
  kb<<<1, n>>>(d + n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(g, d + n, sizeof g, cudaMemcpyDeviceToHost);
  int count = 0;
  cudaMemcpyFromSymbol(&count, counter, sizeof count);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float want = 2.25f * i + 2 * (i + 1) + (i + 100) + 3.0f;
    if (h[i] != want && bad++ < 5)
      printf("ka[%d] = %g, want %g\n", i, h[i], want);
    float want_b = 2.25f * i - 1.0f;
    if (g[i] != want_b && bad++ < 5)
      printf("kb[%d] = %g, want %g\n", i, g[i], want_b);
  }
  if (count != 2 * n && bad++ < 5)
    printf("counter = %d, want %d\n", count, 2 * n);
  if (twice(4) != 10 && bad++ < 5)
    printf("twice(4) on the host = %d\n", twice(4));
  cudaFree(d);
  printf(bad ? "FAIL (%d)\n" : "PASS\n", bad);
  return bad != 0;
}
