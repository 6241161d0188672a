// Warp primitives (cuda_runtime.h part 6): shuffles of every type with and
// without width, votes, matches, reductions and warp synchronization, in
// the idioms real code uses.
#define FULL_MASK 0xffffffffu

template <typename T> __device__ T warp_sum(T v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(FULL_MASK, v, offset);
  return v;
}

__global__ void shuffles(int *i, unsigned int *u, long long *ll,
                         unsigned long long *ull, float *f, double *d, long *l,
                         unsigned long *ul) {
  int lane = threadIdx.x % warpSize;
  i[0] = __shfl_sync(FULL_MASK, i[lane], 0);
  u[0] = __shfl_sync(FULL_MASK, u[lane], 0, 16);
  ll[0] = __shfl_up_sync(FULL_MASK, ll[lane], 1);
  ull[0] = __shfl_up_sync(FULL_MASK, ull[lane], 1u, 8);
  f[0] = __shfl_down_sync(FULL_MASK, f[lane], 2);
  d[0] = __shfl_down_sync(FULL_MASK, d[lane], 2, warpSize);
  l[0] = __shfl_xor_sync(FULL_MASK, l[lane], 4);
  ul[0] = __shfl_xor_sync(FULL_MASK, ul[lane], 4, 32);
  f[1] = warp_sum(f[lane]);
  d[1] = warp_sum(d[lane]);
  i[1] = warp_sum(i[lane]);
}

__global__ void votes(const int *in, unsigned int *out) {
  int pred = in[threadIdx.x] > 0;
  unsigned int active = __activemask();
  unsigned int ballot = __ballot_sync(FULL_MASK, pred);
  int any = __any_sync(FULL_MASK, pred);
  int all = __all_sync(active, pred);
  int uni = __uni_sync(FULL_MASK, pred);
  __syncwarp();
  __syncwarp(active);
  unsigned int same = __match_any_sync(FULL_MASK, in[threadIdx.x]);
  int allsame = 0;
  unsigned int all_mask =
      __match_all_sync(FULL_MASK, in[threadIdx.x], &allsame);
  unsigned int r = __reduce_add_sync(FULL_MASK, (unsigned int)pred) +
                   (unsigned int)__reduce_min_sync(FULL_MASK, in[threadIdx.x]) +
                   (unsigned int)__reduce_max_sync(FULL_MASK, in[threadIdx.x]) +
                   __reduce_and_sync(FULL_MASK, ballot) +
                   __reduce_or_sync(FULL_MASK, ballot) +
                   __reduce_xor_sync(FULL_MASK, ballot);
  out[threadIdx.x] = ballot + any + all + uni + same + all_mask + allsame + r;
}

__global__ void block_reduce(const float *in, float *out, int n) {
  __shared__ float partial[32];
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  float v = (blockIdx.x * blockDim.x + threadIdx.x < n) ? in[threadIdx.x] : 0;
  v = warp_sum(v);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = (threadIdx.x < blockDim.x / warpSize) ? partial[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

int main() {
  float *d_in = nullptr, *d_out = nullptr;
  cudaMalloc(&d_in, 1024 * sizeof(float));
  cudaMalloc(&d_out, 4 * sizeof(float));
  block_reduce<<<4, 256>>>(d_in, d_out, 1024);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
