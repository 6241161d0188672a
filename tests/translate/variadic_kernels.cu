// Parameter packs (HeCBench axpby's multi_tensor_apply_kernel): each
// element of an expanded pack is a parameter of its own (args_0, args_1),
// in kernels, device functions and launch stubs, and the kernel's name
// spells the pack's types. An instantiated fold expression keeps its
// grouping (clang gives it no parentheses); sizeof... is a constant. The
// functor the kernel is launched with is declared after the kernel, so
// that specialization's stub follows the functor.
#include <cuda_runtime.h>

template <typename F, typename... Args>
__global__ void apply(F f, int n, float *out, Args... args) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i, out, args...);
}

template <typename T> __device__ float sum_of(T x) { return x; }
template <typename T, typename... R> __device__ float sum_of(T x, R... r) {
  return x + sum_of(r...);
}
template <typename... Ts> __device__ float mean(Ts... xs) {
  return (xs + ...) / sizeof...(xs) + sum_of(xs...) * 0.0f;
}

struct Scale {
  __device__ void operator()(int i, float *out, float a, int b) const {
    out[i] = mean(a, b, i);
  }
};

template <typename F, typename... A>
void launch(int n, float *out, F f, A... a) {
  apply<<<(n + 31) / 32, 32>>>(f, n, out, a...);
}

int main() {
  float *out;
  cudaMalloc(&out, 64 * sizeof(float));
  launch(64, out, Scale(), 2.0f, 3);
  return cudaDeviceSynchronize() != cudaSuccess;
}
// CHECK-CL: __kernel void apply_Scale_float_int(Scale f, int n, __global float *out, float args_0, int args_1) {
// CHECK-CL:     Scale_operator_call(i, out, args_0, args_1);
// CHECK-CL: float mean_float_int_int(float xs_0, int xs_1, int xs_2) {
// CHECK-CL:   return (xs_0 + (xs_1 + xs_2)) / 3UL + sum_of_float_int_int(xs_0, xs_1, xs_2) * 0.0f;
// CHECK-CL: float sum_of_float_int_int(float x, int r_0, int r_1) {
// CHECK-CL:   return x + sum_of_int_int(r_0, r_1);
// CHECK-HOST: cu2clStream_t cu2cl_stream, F f, int n, float *out, Args... args);
// CHECK-HOST: struct Scale {
// CHECK-HOST: /* cu2cl: kernel apply is in variadic_kernels.cl; a launch stub for types declared above: */
// CHECK-HOST: inline cu2clError_t cu2cl_launch_apply<Scale, float, int>(dim3 cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,
// CHECK-HOST:     cu2clStream_t cu2cl_stream, Scale f, int n, float *out, float args_0, int args_1) {
// CHECK-HOST:       {CU2CL_ARG_VALUE, sizeof(args_1), &args_1},
// CHECK-HOST: void launch(int n, float *out, F f, A... a) {
