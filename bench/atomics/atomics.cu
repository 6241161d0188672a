// bench/atomics: each integer atomic alone, 2^20 threads, contended (every
// thread on one word) and spread (one word per 32 threads), timed with CUDA
// events (median of 5 launches after a warm-up). Translated by cu2cl, the
// same program times the port. atomicInc/atomicDec results are checked
// exactly: the multiset of returned old values and the final value are
// CUDA's (a wrap-around cycle of limit + 1 values walked n times in all).
// Usage: atomics [--n=N]   prints "case ms" lines, then PASS or FAIL.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define LIMIT 999u

__global__ void k_inc(unsigned *w, unsigned *olds, int spread) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  olds[i] = atomicInc(&w[spread ? i / 32 : 0], LIMIT);
}
__global__ void k_dec(unsigned *w, unsigned *olds, int spread) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  olds[i] = atomicDec(&w[spread ? i / 32 : 0], LIMIT);
}
__global__ void k_add(unsigned *w, unsigned *olds, int spread) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  olds[i] = atomicAdd(&w[spread ? i / 32 : 0], 1u);
}
__global__ void k_max(unsigned *w, unsigned *olds, int spread) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  olds[i] = atomicMax(&w[spread ? i / 32 : 0], i);
}
__global__ void k_exch(unsigned *w, unsigned *olds, int spread) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  olds[i] = atomicExch(&w[spread ? i / 32 : 0], i);
}
__global__ void k_cas(unsigned *w, unsigned *olds, int spread) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *p = &w[spread ? i / 32 : 0], old = *p, seen;
  while ((seen = atomicCAS(p, old, old + 1)) != old)
    old = seen;
  olds[i] = old;
}
__global__ void k_inc_shared(unsigned *w, unsigned *olds, int spread) {
  __shared__ unsigned s;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) s = 0;
  __syncthreads();
  olds[i] = atomicInc(&s, LIMIT);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&w[spread ? blockIdx.x : 0], s);
}

typedef void (*kfn)(unsigned *, unsigned *, int);

// The sorted olds of n steps of inc (down = 0) or dec from 0, and the end.
static unsigned cycle(std::vector<unsigned> &want, int n, int down) {
  unsigned x = 0;
  for (int i = 0; i < n; i++) {
    want[i] = x;
    x = down ? (x == 0 || x > LIMIT ? LIMIT : x - 1) : (x >= LIMIT ? 0 : x + 1);
  }
  std::sort(want.begin(), want.end());
  return x;
}

int main(int argc, char **argv) {
  int n = 1 << 20, ok = 1;
  for (int a = 1; a < argc; a++)
    if (!strncmp(argv[a], "--n=", 4)) n = atoi(argv[a] + 4);
  unsigned *w, *olds;
  cudaMalloc(&w, n * sizeof(unsigned));
  cudaMalloc(&olds, n * sizeof(unsigned));
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  struct { const char *name; kfn k; } ks[] = {
      {"atomicInc", k_inc}, {"atomicDec", k_dec}, {"atomicAdd", k_add},
      {"atomicMax", k_max}, {"atomicExch", k_exch}, {"atomicCAS loop", k_cas},
      {"atomicInc shared", k_inc_shared}};
  std::vector<unsigned> got(n), want(n);
  for (auto &c : ks)
    for (int spread = 0; spread < 2; spread++) {
      float t[6];
      for (int r = 0; r < 6; r++) {
        cudaMemset(w, 0, n * sizeof(unsigned));
        cudaEventRecord(e0);
        c.k<<<n / 256, 256>>>(w, olds, spread);
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        cudaEventElapsedTime(&t[r], e0, e1);
      }
      std::sort(t + 1, t + 6);
      printf("%-18s %-9s %10.4f ms\n", c.name, spread ? "spread" : "contended",
             t[3]);
      if ((c.k == k_inc || c.k == k_dec) && !spread) {
        unsigned fin;
        cudaMemcpy(got.data(), olds, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
        cudaMemcpy(&fin, w, sizeof fin, cudaMemcpyDeviceToHost);
        std::sort(got.begin(), got.end());
        unsigned end = cycle(want, n, c.k == k_dec);
        if (got != want || fin != end) {
          printf("FAIL: %s olds or final value (%u, want %u)\n", c.name, fin, end);
          ok = 0;
        }
      }
    }
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
