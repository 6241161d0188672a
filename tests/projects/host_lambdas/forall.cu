// Lambdas written in host code and passed to kernel templates (nvcc's
// extended __device__ lambdas, the shape of PyTorch's and RAJA's element-
// wise loops): one kernel template launched with several lambdas, a
// lambda in a function template instantiated for two element types, a
// __host__ __device__ lambda also called on the host, captures of device
// pointers, scalars and a struct, and a body that uses device built-ins.
#include <cstdio>
#include <cuda_runtime.h>

template <typename F>
__global__ void forall(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <int Block, typename F>
__global__ void forall_block(int n, F f) {
  for (int i = blockIdx.x * Block + threadIdx.x; i < n; i += gridDim.x * Block)
    f(i);
}

template <typename F> void launch(int n, F f) {
  forall<<<(n + 127) / 128, 128>>>(n, f);
}

struct Affine {
  float a, b;
};

template <typename T> void axpy(int n, T a, const T *x, T *y) {
  launch(n, [=] __device__(int i) { y[i] = a * x[i] + y[i]; });
}

int main() {
  const int n = 1000;
  float *x, *y;
  double *dx, *dy;
  int *count;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMalloc(&count, sizeof(int));
  cudaMemset(count, 0, sizeof(int));
  launch(n, [=] __device__(int i) { x[i] = (float)i; });
  launch(n, [=] __device__(int i) { y[i] = 1.0f; });
  launch(n, [=] __device__(int i) {
    dx[i] = 0.5 * i;
    dy[i] = 2.0;
  });
  axpy(n, 2.0f, x, y);  // y = 2i + 1
  axpy(n, 3.0, dx, dy); // dy = 1.5i + 2
  Affine t{0.5f, -1.0f};
  auto affine = [=] __device__(int i) { y[i] = t.a * y[i] + t.b; }; // i - 0.5
  forall_block<64><<<4, 64>>>(n, affine);
  const int zero = 0;    // only read: no capture
  const float one = 1.0f; // a const float is captured, as a const member
  launch(n, [=] __device__(int i) { y[i] = y[i] * one + zero; });
  auto twice = [] __host__ __device__(float v) { return 2.0f * v; };
  forall<<<(n + 127) / 128, 128>>>(n, [=] __device__(int i) {
    x[i] = twice(x[i]);
    if (x[i] > 1000.0f)
      atomicAdd(count, 1);
  });
  static float hx[n], hy[n];
  static double hdy[n];
  int hcount = 0;
  cudaMemcpy(hx, x, sizeof hx, cudaMemcpyDeviceToHost);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  cudaMemcpy(hdy, dy, sizeof hdy, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hcount, count, sizeof hcount, cudaMemcpyDeviceToHost);
  int bad = 0, want = 0;
  for (int i = 0; i < n; i++) {
    float ex = twice((float)i);
    want += ex > 1000.0f;
    if (hx[i] != ex || hy[i] != (float)i - 0.5f || hdy[i] != 1.5 * i + 2.0) {
      if (!bad++)
        printf("FAIL at %d: %g/%g %g/%g %g/%g\n", i, hx[i], ex, hy[i],
               (float)i - 0.5f, hdy[i], 1.5 * i + 2.0);
    }
  }
  if (hcount != want && !bad++)
    printf("FAIL: count %d, want %d\n", hcount, want);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
