/*
 * A minimal cuda_runtime.h for check_validate: the types and functions that
 * cu2cl_trace_cuda.h and the test programs use, declared as the CUDA Runtime
 * API reference documents them (C linkage, C++ default arguments, the C++
 * template overloads defined inline as the toolkit's header does).
 * fake_cudart.c implements them over host memory, so the tracing header can
 * be run on a machine without a GPU or a CUDA toolkit.
 */
#ifndef FAKE_CUDA_RUNTIME_H
#define FAKE_CUDA_RUNTIME_H

#include <stddef.h>

#ifdef __cplusplus
#define FAKE_DEFAULT(v) = v
extern "C" {
#else
#define FAKE_DEFAULT(v)
#endif

#define __device__
#define cudaMemAttachGlobal 0x01

typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1
} cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};
enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0,
  cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};
struct cudaPointerAttributes {
  enum cudaMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
};
typedef struct CUstream_st *cudaStream_t;
typedef struct float4 {
  float x, y, z, w;
} float4;

cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaMallocManaged(void **ptr, size_t size,
                              unsigned flags FAKE_DEFAULT(cudaMemAttachGlobal));
cudaError_t cudaFree(void *ptr);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                                     const void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind,
                            cudaStream_t stream FAKE_DEFAULT(0));
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind,
                              cudaStream_t stream FAKE_DEFAULT(0));
cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset FAKE_DEFAULT(0),
    enum cudaMemcpyKind kind FAKE_DEFAULT(cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                      size_t count, size_t offset,
                                      enum cudaMemcpyKind kind,
                                      cudaStream_t stream FAKE_DEFAULT(0));
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
                                  enum cudaStreamCaptureStatus *status);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);

#ifdef __cplusplus
}

template <class T>
cudaError_t cudaMallocManaged(T **ptr, size_t size,
                              unsigned flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)ptr, size, flags);
}
template <class T>
cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}
template <class T>
cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                          size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                          cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset,
                                     kind, stream);
}
#endif

#endif
