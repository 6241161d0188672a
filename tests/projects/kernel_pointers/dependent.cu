// Kernel templates named as values inside host templates, whose template
// arguments are the host template's parameters (HeCBench ssm: a C++20
// template lambda calls cudaFuncSetAttribute(kernel<Traits>, ...) before
// it launches kernel<Traits>): which specialization is named is known only
// per instantiation. Passed to the kernel API (attributes, occupancy,
// cudaLaunchKernel with void **args, with and without `&`).
#include <cstdio>
#include <cuda_runtime.h>

template <class T, int S> __global__ void axpb(T *p, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = p[i] * a + (T)S;
}

template <class T, int S> static int api_uses(T *d, int n) {
  int bad = 0;
  bad += cudaFuncSetAttribute(axpb<T, S>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              1024) != cudaSuccess;
  cudaFuncAttributes attr;
  bad += cudaFuncGetAttributes(&attr, axpb<T, S>) != cudaSuccess ||
         attr.maxThreadsPerBlock < 64;
  int blocks = 0;
  bad += cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, axpb<T, S>,
                                                       64, 0) != cudaSuccess ||
         blocks < 1;
  T a = (T)2;
  void *args[] = {&d, &a, &n};
  bad += cudaLaunchKernel((const void *)&axpb<T, S>, dim3((n + 63) / 64),
                          dim3(64), args, 0, 0) != cudaSuccess;
  bad += cudaLaunchKernel((void *)axpb<T, S>, dim3((n + 63) / 64), dim3(64),
                          args, 0, 0) != cudaSuccess;
  return bad;
}

template <class T> static int check(const char *what) {
  const int n = 200;
  T h[n];
  for (int i = 0; i < n; i++)
    h[i] = (T)(i % 9);
  T *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  int bad = api_uses<T, 3>(d, n);
  // a template lambda that picks the specialization, as ssm's dispatch
  auto dispatch = [&]<int S>() {
    bad += cudaFuncSetAttribute(axpb<T, S>,
                                cudaFuncAttributeMaxDynamicSharedMemorySize,
                                512) != cudaSuccess;
    axpb<T, S><<<(n + 63) / 64, 64, 512>>>(d, (T)1, n);
  };
  dispatch.template operator()<5>();
  T r[n];
  cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
  cudaFree(d);
  for (int i = 0; i < n; i++)
    bad += r[i] != (T)(((i % 9) * 2 + 3) * 2 + 3 + 5);
  if (bad)
    printf("FAIL: %s (%d)\n", what, bad);
  return bad;
}

int main() {
  int bad = check<float>("float") + check<int>("int");
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
