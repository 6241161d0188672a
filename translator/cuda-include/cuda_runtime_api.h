/* cu2cl's own CUDA headers: cuda_runtime_api.h
 *
 * Declares the C functions of the CUDA Runtime API (CUDA Runtime API
 * reference: device management, error handling, streams, events, memory
 * management, graphs, execution control, occupancy, version management) with
 * the documented signatures and default arguments of CUDA 13. A few entry
 * points that CUDA 13 removed or changed (cudaThreadSynchronize,
 * cudaConfigureCall, the device-number form of cudaMemPrefetchAsync, the
 * five-argument cudaGraphInstantiate) are kept so that older code still
 * parses; they are marked below. Written for cu2cl from the documented API;
 * these headers are only ever parsed as CUDA C++, never compiled. */
#ifndef CU2CL_CUDA_RUNTIME_API_H
#define CU2CL_CUDA_RUNTIME_API_H
/* CUDA's own include guard, which user code tests */
#define __CUDA_RUNTIME_API_H__
/* The calling convention of host callbacks: empty except on Windows. */
#define CUDART_CB

#include "host_defines.h"
#include "builtin_types.h"

#define CUDART_VERSION 13000
#define __CUDART_API_VERSION 13000

extern "C" {

/* Device management. */
__host__ cudaError_t cudaGetDeviceCount(int *count);
__host__ cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaSetDevice(int device);
__host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
__host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop,
                                             int device);
__host__ cudaError_t cudaDeviceGetAttribute(int *value,
                                            enum cudaDeviceAttr attr,
                                            int device);
__host__ cudaError_t cudaChooseDevice(int *device,
                                      const struct cudaDeviceProp *prop);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig);
__host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__host__ cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
__host__ cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                                      int *greatestPriority);
__host__ cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                             int peerDevice);
__host__ cudaError_t cudaDeviceEnablePeerAccess(int peerDevice,
                                                unsigned int flags);
__host__ cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
/* Removed in CUDA 13 (use cudaDeviceSynchronize / cudaDeviceReset). */
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadExit(void);

/* Error handling. */
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t error);
__host__ const char *cudaGetErrorName(cudaError_t error);

/* Streams. */
__host__ cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__host__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                               unsigned int flags);
__host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                                  unsigned int flags,
                                                  int priority);
__host__ cudaError_t cudaStreamGetPriority(cudaStream_t hStream,
                                           int *priority);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
__host__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                         unsigned int flags = 0);
__host__ cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                           cudaStreamCallback_t callback,
                                           void *userData, unsigned int flags);
__host__ cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                                        void *userData);
__host__ cudaError_t
cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length = 0,
                         unsigned int flags = cudaMemAttachSingle);
__host__ cudaError_t cudaStreamGetFlags(cudaStream_t hStream,
                                        unsigned int *flags);
__host__ cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                            enum cudaStreamCaptureMode mode);
__host__ cudaError_t cudaStreamEndCapture(cudaStream_t stream,
                                          cudaGraph_t *pGraph);
__host__ cudaError_t cudaStreamIsCapturing(
    cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);
/* The CUDA 13 form: status, and optionally the capture's id, the graph being
 * built, its current dependencies with their edge data, and their count. */
__host__ cudaError_t cudaStreamGetCaptureInfo(
    cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
    unsigned long long *id_out = 0, cudaGraph_t *graph_out = 0,
    const cudaGraphNode_t **dependencies_out = 0,
    const cudaGraphEdgeData **edgeData_out = 0,
    size_t *numDependencies_out = 0);

/* Events. */
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                              unsigned int flags);
__host__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaEventRecordWithFlags(cudaEvent_t event,
                                              cudaStream_t stream = 0,
                                              unsigned int flags = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventQuery(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                          cudaEvent_t end);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t event);

/* Memory management. */
__host__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__host__ cudaError_t cudaFree(void *devPtr);
__host__ cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                                     size_t height);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
__host__ cudaError_t cudaHostAlloc(void **pHost, size_t size,
                                   unsigned int flags);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                              unsigned int flags);
__host__ cudaError_t cudaHostRegister(void *ptr, size_t size,
                                      unsigned int flags);
__host__ cudaError_t cudaHostUnregister(void *ptr);
__host__ cudaError_t cudaMallocManaged(
    void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
__host__ cudaError_t cudaMallocAsync(void **devPtr, size_t size,
                                     cudaStream_t hStream);
__host__ cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
__host__ cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
                                             cudaMemPool_t memPool,
                                             cudaStream_t stream);
__host__ cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool,
                                                 int device);
__host__ cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);
__host__ cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool,
                                             enum cudaMemPoolAttr attr,
                                             void *value);
__host__ cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool,
                                             enum cudaMemPoolAttr attr,
                                             void *value);
__host__ cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool,
                                       size_t minBytesToKeep);
__host__ cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch,
                                       const void *src, size_t spitch,
                                       size_t width, size_t height,
                                       enum cudaMemcpyKind kind,
                                       cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                                    int srcDevice, size_t count);
__host__ cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice,
                                         const void *src, int srcDevice,
                                         size_t count, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__host__ cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value,
                                  size_t width, size_t height);
__host__ cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                                       size_t width, size_t height,
                                       cudaStream_t stream = 0);
__host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                                  struct cudaExtent extent);
__host__ cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr,
                                  int value, struct cudaExtent extent);
__host__ cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr,
                                       int value, struct cudaExtent extent,
                                       cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__host__ cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                                       cudaStream_t stream = 0);
/* driver_functions.h's constructors. */
__host__ struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p,
                                                   size_t xsz, size_t ysz);
__host__ struct cudaPos make_cudaPos(size_t x, size_t y, size_t z);
__host__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d);
__host__ cudaError_t cudaMemcpyToSymbol(
    const void *symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaMemcpyToSymbolAsync(const void *symbol,
                                             const void *src, size_t count,
                                             size_t offset,
                                             enum cudaMemcpyKind kind,
                                             cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                               size_t count, size_t offset,
                                               enum cudaMemcpyKind kind,
                                               cudaStream_t stream = 0);
__host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
__host__ cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
__host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                          struct cudaMemLocation location,
                                          unsigned int flags,
                                          cudaStream_t stream = 0);
__host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                   enum cudaMemoryAdvise advice,
                                   struct cudaMemLocation location);
__host__ cudaError_t cudaPointerGetAttributes(
    struct cudaPointerAttributes *attributes, const void *ptr);

/* Execution control. */
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                                 dim3 blockDim, void **args,
                                                 size_t sharedMem,
                                                 cudaStream_t stream);
/* Dynamic parallelism: what a launch in device code (-rdc) calls; cu2cl
 * reports such launches (CU2CL2101). */
extern "C" __device__ void *cudaGetParameterBuffer(size_t alignment,
                                                   size_t size);
extern "C" __device__ cudaError_t cudaLaunchDevice(void *func,
                                                   void *parameterBuffer,
                                                   dim3 gridDimension,
                                                   dim3 blockDimension,
                                                   unsigned int sharedMemSize,
                                                   cudaStream_t stream);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *func,
                                            enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                           const void *func);
__host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                          enum cudaFuncAttribute attr,
                                          int value);
/* Removed in CUDA 10+ (launches use __cudaPushCallConfiguration); clang
 * still looks it up when it cannot tell the CUDA version. */
__host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                       size_t sharedMem = 0,
                                       cudaStream_t stream = 0);

/* Occupancy. */
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags);
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, const void *func, int numBlocks, int blockSize);

/* Graphs. */
__host__ cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
                                          cudaGraph_t graph,
                                          unsigned long long flags = 0);
__host__ cudaError_t
cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                              unsigned long long flags = 0);
__host__ cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec,
                                     cudaStream_t stream);
__host__ cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec,
                                     cudaStream_t stream);
__host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
__host__ cudaError_t cudaGraphDestroy(cudaGraph_t graph);
__host__ cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone,
                                    cudaGraph_t originalGraph);
__host__ cudaError_t cudaGraphAddKernelNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphAddMemcpyNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaMemcpy3DParms *pCopyParams);
__host__ cudaError_t cudaGraphAddMemcpyNode1D(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
    const void *src, size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphAddMemsetNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaMemsetParams *pMemsetParams);
__host__ cudaError_t cudaGraphAddHostNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphAddChildGraphNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    cudaGraph_t childGraph);
__host__ cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode,
                                           cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies,
                                           size_t numDependencies);
__host__ cudaError_t cudaGraphAddEventRecordNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    cudaEvent_t event);
__host__ cudaError_t cudaGraphAddEventWaitNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    cudaEvent_t event);
__host__ cudaError_t cudaGraphAddMemAllocNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    struct cudaMemAllocNodeParams *nodeParams);
__host__ cudaError_t cudaGraphAddMemFreeNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dptr);
__host__ cudaError_t cudaGraphAddDependencies(
    cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
    const cudaGraphEdgeData *edgeData, size_t numDependencies);
__host__ cudaError_t cudaGraphRemoveDependencies(
    cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
    const cudaGraphEdgeData *edgeData, size_t numDependencies);
__host__ cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);
__host__ cudaError_t cudaGraphGetNodes(cudaGraph_t graph,
                                       cudaGraphNode_t *nodes,
                                       size_t *numNodes);
__host__ cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph,
                                           cudaGraphNode_t *pRootNodes,
                                           size_t *pNumRootNodes);
__host__ cudaError_t cudaGraphGetEdges(cudaGraph_t graph,
                                       cudaGraphNode_t *from,
                                       cudaGraphNode_t *to,
                                       cudaGraphEdgeData *edgeData,
                                       size_t *numEdges);
__host__ cudaError_t cudaGraphNodeGetDependencies(
    cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
    cudaGraphEdgeData *edgeData, size_t *pNumDependencies);
__host__ cudaError_t cudaGraphNodeGetDependentNodes(
    cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
    cudaGraphEdgeData *edgeData, size_t *pNumDependentNodes);
__host__ cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node,
                                          enum cudaGraphNodeType *pType);
__host__ cudaError_t cudaGraphKernelNodeGetParams(
    cudaGraphNode_t node, struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphKernelNodeSetParams(
    cudaGraphNode_t node, const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphMemcpyNodeGetParams(
    cudaGraphNode_t node, struct cudaMemcpy3DParms *pNodeParams);
__host__ cudaError_t cudaGraphMemcpyNodeSetParams(
    cudaGraphNode_t node, const struct cudaMemcpy3DParms *pNodeParams);
__host__ cudaError_t cudaGraphMemsetNodeGetParams(
    cudaGraphNode_t node, struct cudaMemsetParams *pNodeParams);
__host__ cudaError_t cudaGraphMemsetNodeSetParams(
    cudaGraphNode_t node, const struct cudaMemsetParams *pNodeParams);
__host__ cudaError_t cudaGraphHostNodeGetParams(
    cudaGraphNode_t node, struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphHostNodeSetParams(
    cudaGraphNode_t node, const struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node,
                                                     cudaGraph_t *pGraph);
__host__ cudaError_t cudaGraphMemAllocNodeGetParams(
    cudaGraphNode_t node, struct cudaMemAllocNodeParams *params_out);
__host__ cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node,
                                                   void *dptr_out);
__host__ cudaError_t cudaGraphExecKernelNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
    const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphExecMemcpyNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
    const struct cudaMemcpy3DParms *pNodeParams);
__host__ cudaError_t cudaGraphExecMemcpyNodeSetParams1D(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
    const void *src, size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphExecMemsetNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
    const struct cudaMemsetParams *pNodeParams);
__host__ cudaError_t cudaGraphExecHostNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
    const struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphExecChildGraphNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t node, cudaGraph_t childGraph);
__host__ cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec,
                                             cudaGraphNode_t hNode,
                                             unsigned int isEnabled);
__host__ cudaError_t cudaGraphExecUpdate(
    cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
    cudaGraphExecUpdateResultInfo *resultInfo);
__host__ cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph,
                                            const char *path,
                                            unsigned int flags);

/* Version management. */
__host__ cudaError_t cudaDriverGetVersion(int *driverVersion);
__host__ cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);

/* Kernel launch configuration, used by clang to lower <<<...>>> (clang's
 * CUDA support calls it with the launch's four arguments). */
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem = 0, void *stream = 0);
cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                       size_t *sharedMem, void *stream);

} /* extern "C" */

/* Forms of CUDA 12 and earlier that CUDA 13 replaced; C++ overloads of the
 * functions above, so both spellings parse. */
__host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                          int dstDevice,
                                          cudaStream_t stream = 0);
__host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                   enum cudaMemoryAdvise advice, int device);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
                                          cudaGraph_t graph,
                                          cudaGraphNode_t *pErrorNode,
                                          char *pLogBuffer, size_t bufferSize);
__host__ cudaError_t cudaGraphExecUpdate(
    cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
    cudaGraphNode_t *hErrorNode_out,
    enum cudaGraphExecUpdateResult *updateResult_out);

#endif /* CU2CL_CUDA_RUNTIME_API_H */
