/* cu2cl's own CUDA headers: cuda_runtime.h
 *
 * The header every CUDA translation unit sees (cu2cl force-includes it, as
 * nvcc does): the qualifiers, the device-side math, intrinsics, atomics and
 * warp primitives, the built-in variables and vector types, the Runtime API
 * (cuda_runtime_api.h) and the C++ template overloads of the Runtime API
 * that CUDA's cuda_runtime.h adds (CUDA Runtime API reference, "C++ API
 * Routines"). Written for cu2cl from the documented API; parsed host-side as
 * CUDA C++ (clang -x cuda --cuda-host-only -nocudainc), never compiled.
 *
 * Order matters: math_functions.h must come before any standard header (see
 * there why). Then, as with NVIDIA's headers under clang, <cmath>,
 * <cstdlib>, <cstring> and <climits> are included, so that code which uses
 * them without including them parses as it does with the real toolkit. */
#ifndef CU2CL_CUDA_RUNTIME_H
#define CU2CL_CUDA_RUNTIME_H
/* CUDA's own include guard, which user code tests */
#define __CUDA_RUNTIME_H__

#include "host_defines.h"
#include "math_functions.h"

#include <cmath>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <stdlib.h>
#include <string.h>

#include "builtin_types.h"
#include "cuda_runtime_api.h"
#include "vector_functions.h"
#include "device_launch_parameters.h"
#include "device_functions.h"
#include "device_atomic_functions.h"
#include "sm_30_intrinsics.h"
#include "sm_32_intrinsics.h"
#include "sm_61_intrinsics.h"

/* C++ API routines: typed forms of the memory functions. */
template <class T> __host__ cudaError_t cudaMalloc(T **devPtr, size_t size);
template <class T>
__host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width,
                                     size_t height);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size,
                                    unsigned int flags);
template <class T>
__host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                    unsigned int flags = 0);
template <class T>
__host__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags);
template <class T>
__host__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost,
                                              unsigned int flags);
template <class T>
__host__ cudaError_t cudaMallocManaged(
    T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
template <class T>
__host__ cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaStream_t stream);
template <class T>
__host__ cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
                                             cudaMemPool_t memPool,
                                             cudaStream_t stream);
template <class T>
__host__ cudaError_t
cudaStreamAttachMemAsync(cudaStream_t stream, T *devPtr, size_t length = 0,
                         unsigned int flags = cudaMemAttachSingle);

/* Symbols are passed as the __device__/__constant__ variable itself. */
template <class T>
__host__ cudaError_t cudaMemcpyToSymbol(
    const T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
__host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T>
__host__ cudaError_t cudaMemcpyToSymbolAsync(
    const T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);
template <class T>
__host__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol);

/* Events with flags. */
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags);

/* Kernels are passed as the __global__ function itself. */
template <class T>
__host__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim,
                                      void **args, size_t sharedMem = 0,
                                      cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim,
                                                 dim3 blockDim, void **args,
                                                 size_t sharedMem = 0,
                                                 cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                           T *entry);
template <class T>
__host__ cudaError_t cudaFuncSetCacheConfig(T *func,
                                            enum cudaFuncCache cacheConfig);
template <class T>
__host__ cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr,
                                          int value);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0, unsigned int flags = 0);
template <class T>
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, T *func, int numBlocks, int blockSize);

#endif /* CU2CL_CUDA_RUNTIME_H */
