// Device functions with barriers in a loop bounded by a parameter, called
// inside a branch on the thread's index that whole blocks take (HeCBench
// adamw: cub::BlockReduce under `if (global_id < total_size)`). Every call
// passes a bound that is the same in every thread, so each loop runs the
// same number of times everywhere. Checks the block maxima and sums on
// the host and prints PASS.
#include <cstdio>
#include <cub/cub.cuh>

#define THREADS 64

__device__ float block_max(float v, float *s, int n) {
  s[threadIdx.x] = v;
  __syncthreads();
  for (int stride = 1; stride < n; stride *= 2) {
    if (threadIdx.x % (2 * stride) == 0 && threadIdx.x + stride < n)
      s[threadIdx.x] = fmaxf(s[threadIdx.x], s[threadIdx.x + stride]);
    __syncthreads();
  }
  float r = s[0];
  __syncthreads();
  return r;
}

struct Larger {
  template <typename T> __device__ T operator()(T x, T y) const {
    return x > y ? x : y;
  }
};

template <typename T, int B>
__device__ void block_sums(T &a, T &b) {
  using Reduce = cub::BlockReduce<T, B>;
  __shared__ typename Reduce::TempStorage ta, tb;
  a = Reduce(ta).Sum(a);
  b = Reduce(tb).Reduce(b, Larger());
}

__global__ void reduce(const float *in, float *out, int total) {
  __shared__ float s[THREADS];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < total) {
    float v = in[gid];
    float m = block_max(v, s, blockDim.x);
    float a = v, b = -v;
    block_sums<float, THREADS>(a, b);
    if (threadIdx.x == 0) {
      out[3 * blockIdx.x] = m;
      out[3 * blockIdx.x + 1] = a;
      out[3 * blockIdx.x + 2] = b;
    }
  }
}

int main() {
  const int blocks = 4, n = blocks * THREADS;
  float h[n], o[3 * blocks];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 37) % 101) - 50.0f;
  float *din, *dout;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&dout, sizeof o);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  reduce<<<blocks, THREADS>>>(din, dout, n);
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < blocks; b++) {
    float m = h[b * THREADS], sum = 0, negmax = -h[b * THREADS];
    for (int t = 0; t < THREADS; t++) {
      float v = h[b * THREADS + t];
      m = v > m ? v : m;
      sum += v;
      negmax = -v > negmax ? -v : negmax;
    }
    if (o[3 * b] != m || o[3 * b + 1] != sum || o[3 * b + 2] != negmax) {
      printf("block %d: %g %g %g, expected %g %g %g\n", b, o[3 * b],
             o[3 * b + 1], o[3 * b + 2], m, sum, negmax);
      bad = 1;
    }
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
