// check_driver fixture: a syntax error on line 5 (missing ';').
#include <cuda_runtime.h>

__global__ void broken(float *p) {
  p[threadIdx.x] = 1.0f
}

void run_broken(float *d) {
  broken<<<1, 32>>>(d);
}
