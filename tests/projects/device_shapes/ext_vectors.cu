// clang's ext_vector_type attribute in CUDA code (code shared with HIP, as
// HeCBench topk's fp32x4 = __attribute__((__ext_vector_type__(4))) float):
// nvcc ignores it, so the type is its element type in host and device code.
// The port follows nvcc: sizeof, an `if constexpr` on it (topk picks a
// vectorized path by sizeof(WideT)) and arithmetic as nvcc compiles them.
#include <cstdio>
#include <cuda_runtime.h>

using fp32x4 = __attribute__((__ext_vector_type__(4))) float;
typedef int i2 __attribute__((ext_vector_type(2)));

template <class T>
__global__ void widths(const T *in, T *out, unsigned *sizes, int n) {
  using WideT = fp32x4;
  int t = threadIdx.x;
  if (t < n) {
    if constexpr (sizeof(T) >= sizeof(WideT))
      out[t] = in[t] * 2; // nvcc's path: WideT is a float
    else
      out[t] = -1;
    WideT a = in[t];
    i2 c = t;
    out[t] += a + (T)c;
  }
  if (t == 0) {
    sizes[0] = sizeof(fp32x4);
    sizes[1] = sizeof(i2);
  }
}

int main() {
  const int n = 32;
  float h[n], r[n];
  for (int i = 0; i < n; i++)
    h[i] = (float)(i % 11) - 3.0f;
  float *d, *o;
  unsigned *ds, sizes[2];
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof r);
  cudaMalloc(&ds, sizeof sizes);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  widths<float><<<1, n>>>(d, o, ds, n);
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(sizes, ds, sizeof sizes, cudaMemcpyDeviceToHost);
  int bad = sizes[0] != sizeof(float) || sizes[1] != sizeof(int) ||
            sizeof(fp32x4) != sizeof(float);
  if (bad)
    printf("FAIL: sizes %u %u on the device, %zu on the host\n", sizes[0],
           sizes[1], sizeof(fp32x4));
  for (int t = 0; t < n; t++) {
    float want = h[t] * 2 + h[t] + (float)t;
    if (r[t] != want) {
      printf("FAIL: thread %d: %g, expected %g\n", t, r[t], want);
      bad = 1;
    }
  }
  cudaFree(d);
  cudaFree(o);
  cudaFree(ds);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
