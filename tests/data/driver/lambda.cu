// check_driver fixture: a lambda capturing a parameter pack (line 5) is
// not translated.
#include <cuda_runtime.h>
template <class... T> __global__ void twice(float *p, T... v) {
  auto f = [v...](float x) { return x * (v + ...); };
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void run_twice(float *d) {
  twice<<<1, 32>>>(d, 2.0f);
}
