// A wrapper API of the user's own, implemented in a CUDA-only library the
// port does not have: the --rules file maps its calls onto cu2clrt.
#include <cstddef>
#define GPU_OK 7 // the library's own success code, not CUDA's
typedef int gpuStatus;
int gpuAlloc(void **p, size_t bytes);
int gpuCopy(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind);
int gpuRelease(void *p);
__device__ float fastScale(float x); // in the library's device code
