template <typename T, int B>
__global__ void sum(const T *in, T *out) {
  __shared__ T s[B];
  s[threadIdx.x] = in[blockIdx.x * B + threadIdx.x];
  __syncthreads();
  for (int k = B / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
void run(const float *in, float *out) { sum<float, 64><<<4, 64>>>(in, out); }
