/*
 * A stand-in for the CUDA runtime over host memory, for check_validate's
 * test of cu2cl_trace_cuda.h on a machine without a GPU. Built with
 * cu2cl's own CUDA headers (translator/cuda-include) as host-only CUDA.
 * "Device" memory is host memory that cudaPointerGetAttributes reports as
 * device (or managed) memory; copies are memcpy.
 */
#include <cstdlib>
#include <cstring>

namespace {
struct block {
  const char *p;
  size_t n;
  cudaMemoryType type;
};
block blocks[64];
int n_blocks;

cudaError_t allocate(void **p, size_t n, cudaMemoryType type) {
  *p = calloc(1, n ? n : 1);
  blocks[n_blocks++] = block{(const char *)*p, n, type};
  return cudaSuccess;
}
} // namespace

cudaError_t cudaMalloc(void **p, size_t n) {
  return allocate(p, n, cudaMemoryTypeDevice);
}
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned) {
  return allocate(p, n, cudaMemoryTypeManaged);
}
cudaError_t cudaFree(void *p) {
  for (int i = 0; i < n_blocks; i++)
    if (blocks[i].p == p)
      blocks[i] = blocks[--n_blocks];
  free(p);
  return cudaSuccess;
}
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *a, const void *p) {
  memset(a, 0, sizeof *a);
  a->type = cudaMemoryTypeUnregistered;
  for (int i = 0; i < n_blocks; i++)
    if ((const char *)p >= blocks[i].p &&
        (const char *)p < blocks[i].p + blocks[i].n)
      a->type = blocks[i].type;
  return cudaSuccess;
}

cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) {
  memcpy(d, s, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k,
                            cudaStream_t) {
  return cudaMemcpy(d, s, n, k);
}
cudaError_t cudaMemcpy2D(void *d, size_t dp, const void *s, size_t sp,
                         size_t w, size_t h, cudaMemcpyKind) {
  for (size_t r = 0; r < h; r++)
    memcpy((char *)d + r * dp, (const char *)s + r * sp, w);
  return cudaSuccess;
}
cudaError_t cudaMemcpy2DAsync(void *d, size_t dp, const void *s, size_t sp,
                              size_t w, size_t h, cudaMemcpyKind k,
                              cudaStream_t) {
  return cudaMemcpy2D(d, dp, s, sp, w, h, k);
}
cudaError_t cudaMemcpyFromSymbol(void *d, const void *sym, size_t n,
                                 size_t off, cudaMemcpyKind) {
  memcpy(d, (const char *)sym + off, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyFromSymbolAsync(void *d, const void *sym, size_t n,
                                      size_t off, cudaMemcpyKind k,
                                      cudaStream_t) {
  return cudaMemcpyFromSymbol(d, sym, n, off, k);
}
cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
cudaError_t cudaDeviceReset(void) { return cudaSuccess; }
cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaStreamCreate(cudaStream_t *s) {
  *s = (cudaStream_t)malloc(1);
  return cudaSuccess;
}
cudaError_t cudaStreamIsCapturing(cudaStream_t, cudaStreamCaptureStatus *s) {
  *s = cudaStreamCaptureStatusNone;
  return cudaSuccess;
}
cudaError_t cudaGetLastError(void) { return cudaSuccess; }
cudaError_t cudaPeekAtLastError(void) { return cudaSuccess; }
