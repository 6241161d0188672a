__device__ int total;
__constant__ float coef[4];
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
__global__ void k(const float *x, int n) {
  extern __shared__ float buf[];
  int i = threadIdx.x;
  buf[i] = i < n ? x[i] * coef[i % 4] : 0.0f;
  float s = warp_sum(buf[i]);
  if ((i & 31) == 0) atomicAdd(&total, (int)s);
}
void go(const float *x, cudaStream_t st) { k<<<1, 64, 64 * sizeof(float), st>>>(x, 64); }
