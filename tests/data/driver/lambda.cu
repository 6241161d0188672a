// check_driver fixture: a lambda in a kernel (line 5) is not translated.
#include <cuda_runtime.h>

__global__ void twice(float *p) {
  auto f = [](float x) { return 2.0f * x; };
  p[threadIdx.x] = f(p[threadIdx.x]);
}

void run_twice(float *d) {
  twice<<<1, 32>>>(d);
}
