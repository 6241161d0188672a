/*
 * The CUDA runtime functions of fakecuda/cuda_runtime.h over host memory:
 * "device" allocations are host memory that cudaPointerGetAttributes
 * reports as device (or managed) memory; copies are memcpy.
 */
#include <stdlib.h>
#include <string.h>

#include "fakecuda/cuda_runtime.h"

struct block {
  const char *p;
  size_t n;
  enum cudaMemoryType type;
};
static struct block blocks[64];
static int n_blocks;

static cudaError_t allocate(void **p, size_t n, enum cudaMemoryType type) {
  if (n_blocks == 64)
    return cudaErrorInvalidValue;
  *p = calloc(1, n ? n : 1);
  blocks[n_blocks].p = (const char *)*p;
  blocks[n_blocks].n = n;
  blocks[n_blocks++].type = type;
  return cudaSuccess;
}

cudaError_t cudaMalloc(void **p, size_t n) {
  return allocate(p, n, cudaMemoryTypeDevice);
}
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags) {
  (void)flags;
  return allocate(p, n, cudaMemoryTypeManaged);
}
cudaError_t cudaFree(void *p) {
  for (int i = 0; i < n_blocks; i++)
    if (blocks[i].p == p)
      blocks[i] = blocks[--n_blocks];
  free(p);
  return cudaSuccess;
}
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *a,
                                     const void *p) {
  memset(a, 0, sizeof *a);
  a->type = cudaMemoryTypeUnregistered;
  for (int i = 0; i < n_blocks; i++)
    if ((const char *)p >= blocks[i].p &&
        (const char *)p < blocks[i].p + blocks[i].n)
      a->type = blocks[i].type;
  return cudaSuccess;
}
cudaError_t cudaMemcpy(void *d, const void *s, size_t n,
                       enum cudaMemcpyKind k) {
  (void)k;
  memcpy(d, s, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n,
                            enum cudaMemcpyKind k, cudaStream_t st) {
  (void)st;
  return cudaMemcpy(d, s, n, k);
}
cudaError_t cudaMemcpy2D(void *d, size_t dp, const void *s, size_t sp, size_t w,
                         size_t h, enum cudaMemcpyKind k) {
  (void)k;
  for (size_t r = 0; r < h; r++)
    memcpy((char *)d + r * dp, (const char *)s + r * sp, w);
  return cudaSuccess;
}
cudaError_t cudaMemcpy2DAsync(void *d, size_t dp, const void *s, size_t sp,
                              size_t w, size_t h, enum cudaMemcpyKind k,
                              cudaStream_t st) {
  (void)st;
  return cudaMemcpy2D(d, dp, s, sp, w, h, k);
}
cudaError_t cudaMemcpyFromSymbol(void *d, const void *sym, size_t n, size_t off,
                                 enum cudaMemcpyKind k) {
  (void)k;
  memcpy(d, (const char *)sym + off, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyFromSymbolAsync(void *d, const void *sym, size_t n,
                                      size_t off, enum cudaMemcpyKind k,
                                      cudaStream_t st) {
  (void)st;
  return cudaMemcpyFromSymbol(d, sym, n, off, k);
}
cudaError_t cudaDeviceSynchronize(void) {
  return cudaSuccess;
}
cudaError_t cudaDeviceReset(void) {
  return cudaSuccess;
}
cudaError_t cudaStreamCreate(cudaStream_t *s) {
  *s = (cudaStream_t)malloc(1);
  return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  (void)s;
  return cudaSuccess;
}
cudaError_t cudaStreamIsCapturing(cudaStream_t s,
                                  enum cudaStreamCaptureStatus *status) {
  (void)s;
  *status = cudaStreamCaptureStatusNone;
  return cudaSuccess;
}
cudaError_t cudaGetLastError(void) {
  return cudaSuccess;
}
cudaError_t cudaPeekAtLastError(void) {
  return cudaSuccess;
}
