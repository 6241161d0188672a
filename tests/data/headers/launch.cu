// Kernel launches (cuda_runtime.h part 3): template kernels launched with
// one to four launch arguments, dim3 and integer extents, streams,
// dynamic shared memory, and cudaLaunchKernel.
#include <cstdio>

template <typename T, int BLOCK> __global__ void fill(T *out, T value, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    out[i] = value;
}

template <typename T> __global__ void reduce_sum(const T *in, T *out, int n) {
  extern __shared__ unsigned char smem[];
  T *buf = reinterpret_cast<T *>(smem);
  unsigned int tid = threadIdx.x;
  buf[tid] = (blockIdx.x * blockDim.x + tid < (unsigned)n) ? in[tid] : T(0);
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      buf[tid] += buf[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = buf[0];
}

__global__ void plain(int *p) {
  p[threadIdx.x] = 1;
}

int main() {
  const int n = 1 << 12;
  const int block = 256;
  float *d_in = nullptr, *d_out = nullptr;
  int *d_int = nullptr;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMalloc((void **)&d_int, n * sizeof(int));
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);

  dim3 grid((n + block - 1) / block, 1, 1);
  dim3 threads(block);
  fill<float, block><<<grid, threads, 0, stream>>>(d_in, 1.0f, n);
  fill<int, 128><<<n / 128, 128>>>(d_int, 7, n);
  reduce_sum<float>
      <<<grid, threads, block * sizeof(float), stream>>>(d_in, d_out, n);
  reduce_sum<float>
      <<<dim3(16), dim3(256), 256 * sizeof(float)>>>(d_in, d_out, n);
  plain<<<1, 32>>>(d_int);

  void *args[] = {&d_int};
  cudaLaunchKernel((const void *)plain, dim3(1), dim3(32), args, 0, stream);
  cudaLaunchKernel(plain, dim3(1), dim3(32), args);

  cudaStreamSynchronize(stream);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    printf("%s\n", cudaGetErrorString(err));
  cudaStreamDestroy(stream);
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_int);
  return 0;
}
