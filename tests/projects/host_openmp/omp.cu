// Host code that uses OpenMP, built with nvcc -Xcompiler -fopenmp (36 of
// HeCBench's CUDA programs are): omp.h's functions and a parallel loop
// compute the reference the kernel's result is checked against. The port
// builds with OpenMP too. Launches inside OpenMP regions, one stream per
// iteration, as multi-GPU code launches per device (HeCBench logan):
// libclang shows no statements of such a region.
#include <cstdio>
#include <omp.h>
#include <cuda_runtime.h>

__global__ void square(const int *in, long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (long long)in[i] * in[i];
}

int main() {
  const int n = 100000;
  int *h = new int[n];
  long long *got = new long long[n];
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[i] = (i * 7919) % 1000;
  int *din;
  long long *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, n * sizeof(long long));
  cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
  const int parts = 4, part = n / parts;
  cudaStream_t streams[parts];
  for (int p = 0; p < parts; p++)
    cudaStreamCreate(&streams[p]);
  #pragma omp parallel for
  for (int p = 0; p < parts; p++) {
    square
      <<<(part + 255) / 256, 256, 0, streams[p]>>> (din + p * part,
                                                   dout + p * part, part);
  }
  cudaDeviceSynchronize();
  for (int p = 0; p < parts; p++)
    cudaStreamDestroy(streams[p]);
  cudaMemcpy(got, dout, n * sizeof(long long), cudaMemcpyDeviceToHost);
  long long want = 0, sum = 0;
  int threads = 0;
  #pragma omp parallel reduction(+ : want) reduction(max : threads)
  {
    threads = omp_get_num_threads();
    #pragma omp for
    for (int i = 0; i < n; i++)
      want += (long long)h[i] * h[i];
  }
  for (int i = 0; i < n; i++)
    sum += got[i];
  printf("%d OpenMP threads (at most %d)\n", threads, omp_get_max_threads());
  cudaFree(din);
  cudaFree(dout);
  delete[] h;
  delete[] got;
  bool ok = sum == want && threads >= 1;
  printf(ok ? "PASS\n" : "FAIL (%lld, want %lld)\n", sum, want);
  return ok ? 0 : 1;
}
