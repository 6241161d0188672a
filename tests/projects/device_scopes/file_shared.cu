// __shared__ variables declared at file scope (HeCBench pns: `__device__
// __shared__ uint32 mt[624];` in a header, its state used by device
// functions and the kernel): each block has its own, as with a
// function's __shared__, and every kernel that uses one, directly or
// through the functions it calls, gets its own.
#include <cstdio>
#include <cuda_runtime.h>

#define N 64
__device__ __shared__ unsigned state[N];
__shared__ int block_total;

__device__ void seed(unsigned s) {
  state[threadIdx.x] = s * 1664525u + threadIdx.x;
}
__device__ unsigned mix(int i) { return state[i] ^ (state[(i + 1) % N] >> 3); }

__global__ void fill(unsigned *out) {
  seed(blockIdx.x + 1);
  if (threadIdx.x == 0)
    block_total = 0;
  __syncthreads();
  unsigned v = mix(threadIdx.x);
  atomicAdd(&block_total, (int)(v & 0xff));
  __syncthreads();
  out[blockIdx.x * N + threadIdx.x] = v + (unsigned)block_total;
}

__global__ void again(unsigned *out) { // another kernel, its own copies
  state[threadIdx.x] = out[blockIdx.x * N + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * N + threadIdx.x] = mix(threadIdx.x);
}

int main() {
  const int blocks = 3;
  unsigned *d, h[blocks * N];
  cudaMalloc(&d, sizeof h);
  fill<<<blocks, N>>>(d);
  again<<<blocks, N>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < blocks; b++) {
    unsigned st[N], first[N];
    int total = 0;
    for (int t = 0; t < N; t++)
      st[t] = (b + 1) * 1664525u + t;
    for (int t = 0; t < N; t++)
      total += (int)((st[t] ^ (st[(t + 1) % N] >> 3)) & 0xff);
    for (int t = 0; t < N; t++)
      first[t] = (st[t] ^ (st[(t + 1) % N] >> 3)) + (unsigned)total;
    for (int t = 0; t < N; t++)
      bad |= h[b * N + t] != (first[t] ^ (first[(t + 1) % N] >> 3));
  }
  cudaFree(d);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
