// Code that builds with and without CUDA: the port must take the branches
// nvcc took in this unit (the GPU path), and the cu2clrt block must not
// land inside the platform conditional around the first include.
#ifdef _WIN32
#include <windows.h>
#else
#include <cstdio>
#endif
#include <cstdlib>
#include "common.h"
#define ON_GPU
#include "split.h"

#ifdef __CUDACC__
__global__ void fill(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = scaled(i) + weight(0);
}
#endif

// Returns 1 when the values came from the GPU path.
static int compute(int *res, int n) {
#ifdef __CUDACC__
  int *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess)
    return -1;
  fill<<<(n + 127) / 128, 128>>>(d, n);
  cudaMemcpy(res, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return 1;
#else
  for (int i = 0; i < n; i++)
    res[i] = fill_on_cpu(i); // not declared: this branch must not compile
  return 0;
#endif
}

int main() {
  const int n = 1000;
  int *res = (int *)malloc(n * sizeof(int));
  int path = compute(res, n);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += res[i] != 3 * i + 1;
#if __CUDACC_VER_MAJOR__ >= 9 && defined(__NVCC__)
  int modern = 1;
#else
  int modern = 0;
#endif
  printf("path %d, kind here %d, kind in cpu.cpp %d, nvcc in cpu.cpp %d, "
         "modern %d, mismatches %d\n",
         path, BUILD_KIND, cpu_kind(), cpu_nvcc_seen(), modern, bad);
  int ok = cpu_weight(7) == 35 && path == 1 && BUILD_KIND == 1 && NVCC_SEEN == 1 &&
           cpu_kind() == 0 && cpu_nvcc_seen() == 0 && modern == 1 && !bad;
  printf("%s\n", ok ? "PASS" : "FAIL");
  free(res);
  return ok ? 0 : 1;
}
