#include "kernels.cuh"

__constant__ float offset;

void set_offset(float v) { cudaMemcpyToSymbol(offset, &v, sizeof v); }

__global__ void scale(float *p, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= f;
}

__global__ void add_offset(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += offset;
}

__global__ void block_sums(const float *in, float *out, int n, int stride) {
  extern __shared__ float part[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  part[threadIdx.x] = i < n ? in[i] * stride : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = part[0];
}

__global__ void fill(float *p, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

__global__ void fill(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

extern "C" __global__ void tag(int *p, int v) { p[threadIdx.x] += v; }

namespace ops {
__global__ void square(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= p[i];
}
} // namespace ops
