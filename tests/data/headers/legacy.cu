// Code written for CUDA 12 and earlier that CUDA 13's headers reject but
// cu2cl must still translate: parsed with cu2cl's own headers only.
#include <cstdio>

__global__ void old_warp(float *v, unsigned int *m) {
  float x = v[threadIdx.x];
  x +=
      __shfl(x, 0) + __shfl_up(x, 1) + __shfl_down(x, 1, 16) + __shfl_xor(x, 2);
  m[threadIdx.x] = __ballot(x > 0.0f) + __any(x > 1.0f) + __all(x > 2.0f);
  v[threadIdx.x] = x;
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("%d %d %d\n", prop.clockRate, prop.memoryClockRate,
         prop.kernelExecTimeoutEnabled);
  float *managed = nullptr;
  cudaMallocManaged(&managed, 1024);
  cudaMemPrefetchAsync(managed, 1024, 0);
  cudaMemPrefetchAsync(managed, 1024, cudaCpuDeviceId, 0);
  cudaMemAdvise(managed, 1024, cudaMemAdviseSetReadMostly, 0);
  cudaGraph_t g = nullptr;
  cudaGraphExec_t ge = nullptr;
  char log[256];
  cudaGraphInstantiate(&ge, g, nullptr, log, sizeof(log));
  cudaConfigureCall(dim3(1), dim3(32));
  cudaThreadSynchronize();
  return 0;
}
