/* A shared helper header in the shape of cuda-samples' Common/helper_cuda.h:
 * its error checks exist only when CUDA's headers were included before it
 * (their include guards), and it picks code by CUDA's version macro. */
#ifndef CHECK_HELPERS_H
#define CHECK_HELPERS_H

#include <stdio.h>

#ifdef __DRIVER_TYPES_H__
#define checkErrors(val) check_result((val), #val, __FILE__, __LINE__)
static inline void check_result(cudaError_t r, const char *what,
                                const char *file, int line) {
  if (r != cudaSuccess) {
    fprintf(stderr, "error %d (%s) at %s:%d: %s\n", (int)r,
            cudaGetErrorString(r), file, line, what);
    exit(EXIT_FAILURE);
  }
}
#endif

#ifdef __CUDA_RUNTIME_H__
inline int pickDevice() {
  int count = 0;
  checkErrors(cudaGetDeviceCount(&count));
  checkErrors(cudaSetDevice(0));
  return count;
}
#endif

#if CUDART_VERSION >= 11000
#define RUNTIME_IS_RECENT 1
#else
#define RUNTIME_IS_RECENT 0
#endif

#endif
