// check_driver fixture: clock64() on line 5 has no OpenCL equivalent.
#include <cuda_runtime.h>

__global__ void timed(long long *t) {
  long long start = clock64();
  t[threadIdx.x] = start;
}

void run_timed(long long *d) {
  timed<<<1, 32>>>(d);
}
