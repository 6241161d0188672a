// Host callbacks in stream order (cudaStreamAddCallback with CUDART_CB,
// cudaLaunchHostFunc), stream priorities, an __align__ struct, profiler
// control and NVTX ranges, and a build with --use_fast_math -O3.
#include <cstdio>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

struct __align__(16) Work {
  float *data;
  int n;
  int seen;
};

__global__ void square(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = sqrtf(data[i]) * sqrtf(data[i]) + 1.0f;
}

void CUDART_CB after_copy(cudaStream_t stream, cudaError_t status,
                          void *user) {
  Work *w = (Work *)user;
  w->seen = status == cudaSuccess ? (int)w->data[w->n - 1] : -1;
}

static void bump(void *user) { ((Work *)user)->data[0] = 100.0f; }

int main() {
  const int n = 256;
  cudaProfilerStart();
  nvtxRangePushA("setup");
  int least, greatest;
  cudaDeviceGetStreamPriorityRange(&least, &greatest);
  cudaStream_t s;
  cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, greatest);
  float *h, *d;
  cudaMallocHost(&h, n * sizeof(float));
  cudaMalloc(&d, n * sizeof(float));
  for (int i = 0; i < n; i++)
    h[i] = (float)(i * i);
  Work w = {h, n, 0};
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, s);
  square<<<1, n, 0, s>>>(d, n);
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  cudaStreamAddCallback(s, after_copy, &w, 0);
  cudaLaunchHostFunc(s, bump, &w);
  cudaMemcpyAsync(d, h, sizeof(float), cudaMemcpyHostToDevice, s);
  cudaMemcpyAsync(h + 1, d, sizeof(float), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  nvtxRangePop();
  cudaProfilerStop();
  int expect = (n - 1) * (n - 1) + 1;
  int ok = w.seen >= expect - 1 && w.seen <= expect + 1 && h[1] == 100.0f &&
           alignof(Work) == 16;
  printf("%s (seen %d, h[1] %g)\n", ok ? "PASS" : "FAIL", w.seen, h[1]);
  cudaFree(d);
  cudaFreeHost(h);
  cudaStreamDestroy(s);
  return ok ? 0 : 1;
}
