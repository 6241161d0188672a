// A function object's __device__ operator stays in host code when its body
// could run there (cu2clrt computes CUB and Thrust calls with a user's
// operator on the host); one that needs the device goes, as every
// __device__ function does.
#include <cuda_runtime.h>

__device__ int lane_offset(int a) { return a + threadIdx.x; }

struct Plus {
  template <class T> __device__ T operator()(const T &a, const T &b) const {
    return a + b;
  }
};
// CHECK-HOST: template <class T> __device__ T operator()(const T &a, const T &b) const {

struct Scaled {
  float k;
  __device__ float operator()(float x) const { return twice(x) * k; }
  __device__ float twice(float x) const { return x + x; }
};
// CHECK-HOST: __device__ float operator()(float x) const { return twice(x) * k; }
// CHECK-HOST: __device__ float twice(float x) const { return x + x; }

struct ByLane {
  __device__ int operator()(int a) const { return a + threadIdx.x; }
  __device__ int shifted(int a) const { return lane_offset(a); }
  __device__ int synced(int a) const {
    __syncthreads();
    return a;
  }
};
// CHECK-HOST-NOT: a + threadIdx.x
// CHECK-HOST-NOT: return lane_offset(a);
// CHECK-HOST-NOT: __syncthreads

__global__ void use(float *p, int *q) {
  int v = ByLane().synced(2);
  if (threadIdx.x == 0) {
    p[0] = Scaled{2.0f}(p[0]) + Plus()(1.0f, 2.0f);
    q[0] = ByLane()(q[0]) + ByLane().shifted(1) + v;
  }
}

int main() {
  float *p;
  int *q;
  cudaMalloc(&p, 4);
  cudaMalloc(&q, 4);
  use<<<1, 1>>>(p, q);
  return 0;
}
