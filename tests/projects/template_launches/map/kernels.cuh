// Kernel templates of a container library: the program instantiates some.
#pragma once
namespace kern {
template <typename K>
__global__ void fill(K *p, K v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}
template <typename K>
__global__ void erase(K *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = 0;
}
template <typename K, int B = 64>
__global__ void scale(K *p, K by, int n = 1) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) p[i] *= by;
}
} // namespace kern
