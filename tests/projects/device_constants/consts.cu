// __device__ and __constant__ variables that are const with an
// initializer: host code reads their values (nvcc keeps a host copy, as
// HeCBench adamw's CPU reference reads its __device__ bit masks), one is
// initialized from another, and kernels read them as symbols. A plain
// __constant__ table written by cudaMemcpyToSymbol stays a symbol. Checks
// every value on the host and prints PASS.
#include <cstdio>
#include <cuda_runtime.h>

static __device__ const unsigned char mask = 15;
static __device__ const unsigned char shifted = mask << 4;
static __device__ const float table[] = {0.5f, 1.5f, 2.5f, 3.5f};
static __constant__ const int ctab[3] = {7, 8, 9};
__constant__ int scale[2];

__global__ void combine(int *out) {
  int i = threadIdx.x;
  out[i] = (int)(table[i % 4] * 2) + (mask & i) + shifted + ctab[i % 3] +
           scale[i % 2];
}

int main() {
  const int n = 8;
  int h[n], s[2] = {100, 200};
  int *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpyToSymbol(scale, s, sizeof s);
  combine<<<1, n>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    int want = (int)(table[i % 4] * 2) + (mask & i) + shifted + ctab[i % 3] +
               s[i % 2];
    if (h[i] != want) {
      printf("%d: %d, expected %d\n", i, h[i], want);
      bad = 1;
    }
  }
  if (shifted != 240 || mask != 15) {
    printf("host constants %d %d, expected 15 240\n", mask, shifted);
    bad = 1;
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
