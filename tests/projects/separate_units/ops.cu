// Device functions other units call, and a kernel of this unit that shares
// the counter with them.
#include <cuda_runtime.h>

__device__ float offset(float x); // defined in tables.cu
extern __constant__ float weights[2];

__device__ int counter;

static __host__ __device__ int helper(int v) { return v + 1; }
__host__ __device__ int twice(int v) { return 2 * helper(v); }
__device__ float scale(float x) { return 2.0f * x + offset(x); }

namespace ns {
__device__ int bump(int v) { return v + 100; }
}

__global__ void kb(float *o) {
  int i = threadIdx.x;
  o[i] = scale((float)i) + weights[1];
  atomicAdd(&counter, 1);
}
