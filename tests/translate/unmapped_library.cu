// A CUDA library's header (cuFFT here) found by the parse, which happens
// where CUDA is installed: the port would call the library on OpenCL
// buffers and not link. A project header of such a name is no library.
#include "system/cufft.h" // EXPECT: CU2CL1003
#include "system/cufft_helpers.h"

__global__ void k(float *p) { p[0] = 1.0f; }

int main() {
  cufftHandle plan;
  cufftPlan1d(&plan, 64, 0, cufft_batch(2));
  k<<<1, 1>>>(0);
}
