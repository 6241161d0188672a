// check_driver fixture: __nanosleep() on line 5 has no OpenCL equivalent.
#include <cuda_runtime.h>

__global__ void timed(long long *t) {
  __nanosleep(100);
  t[threadIdx.x] = 1;
}

void run_timed(long long *d) {
  timed<<<1, 32>>>(d);
}
