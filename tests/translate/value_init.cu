// A braced initializer of a scalar where a value is wanted (HeCBench
// reshapeKVCache: `return {};` after an assert in a template): value-
// initialized, or its one element converted; OpenCL C has no `return {}`.
template <typename T> __device__ T zero_of() { return {}; }
__device__ float conv(int x) { return {static_cast<float>(x)}; }

__global__ void k(float *o, int *p) {
  o[0] = zero_of<float>() + conv(3);
  p[0] = zero_of<int>();
}
// CHECK-CL: float zero_of_float(void) {
// CHECK-CL:   return ((float)0);
// CHECK-CL:   return ((float)(float)(x));
// CHECK-CL: int zero_of_int(void) {
// CHECK-CL:   return ((int)0);

int main() { k<<<1, 1>>>(0, 0); }
