// Threads that leave a kernel after fewer barriers than the rest of the
// block (HeCBench moe-align: 256 "fill" threads initialize a buffer, meet
// the others at one __syncthreads() and return, while the others go on
// through more barriers). NVIDIA lets exited threads out of later
// barriers; OpenCL requires every work-item at every barrier, so the port
// runs the rest of the kernel in every work-item, its effects guarded.
#include <cstdio>
#include <cuda_runtime.h>

#define FILL 64
#define WORK 64

__global__ void split_roles(int *buf, int *out, int n) {
  __shared__ int s[WORK];
  if (threadIdx.x < FILL) {
    for (int i = threadIdx.x; i < n; i += FILL)
      buf[i] = i * 2;
    __syncthreads();
    return;
  }
  int t = threadIdx.x - FILL;
  __syncthreads(); // the fill threads' one barrier
  s[t] = buf[t] + 1; // written by the fill threads before it
  __syncthreads();
  out[t] = s[WORK - 1 - t];
  __syncthreads();
  if (t == 0)
    out[WORK] = s[0] + s[WORK - 1];
}

int main() {
  const int n = 1000;
  int *buf, *out, h[WORK + 1];
  cudaMalloc(&buf, n * sizeof(int));
  cudaMalloc(&out, (WORK + 1) * sizeof(int));
  split_roles<<<1, FILL + WORK>>>(buf, out, n);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = cudaGetLastError() != cudaSuccess;
  for (int t = 0; t < WORK; t++)
    bad |= h[t] != 2 * (WORK - 1 - t) + 1;
  bad |= h[WORK] != 1 + 2 * (WORK - 1) + 1;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
