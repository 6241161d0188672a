// A host template that launches kernel templates, instantiated only
// explicitly (its users are in another file), kernels with default
// arguments, and extern "C" kernels in both of C++'s forms.
extern "C" {
#include "cfuncs.h"
}
#include "launch.h"

template <typename T>
__global__ void scale(T *data, int n, T by, int stride = 1) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * stride;
  if (i < n)
    data[i] *= by;
}

template <typename T> __global__ void shift(T *data, int n, T by = T(2)) {
  // the kernel’s comment holds UTF-8 (a typographic apostrophe)
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += by;
}

template <typename T> void scale_all(T *data, int n, T by) {
  scale<T><<<(n + 127) / 128, 128>>>(data, n, by);
  shift<<<(n + 127) / 128, 128>>>(data, n);
}

template void scale_all<int>(int *, int, int);
template void scale_all(float *, int, float);

extern "C" __global__ void add_offset(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += 1;
}

void add_offset_all(int *data, int n) {
  add_offset<<<(n + 255) / 256, 256>>>(data, n);
}

extern "C" {
__global__ void set_first(int *data, int v = 7) { data[0] = v; }
}

int first_of(int *data) {
  set_first<<<1, 1>>>(data);
  int h;
  cudaMemcpy(&h, data, sizeof h, cudaMemcpyDeviceToHost);
  return h + c_offset() - 1;
}
