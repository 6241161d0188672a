/*
 * cu2clrt_graph.h: CUDA graphs (docs/runtime.md, "Graphs"). Part of
 * cu2clrt's public header: cu2clrt.h includes it, and it is not meant to be
 * included on its own.
 *
 * A graph is a set of nodes (kernel launches, copies, fills, host
 * functions, child graphs, event records and waits, memory allocations and
 * frees, empty nodes) with dependency edges between them, made two ways:
 *
 * - by stream capture: between cu2clStreamBeginCapture and
 *   cu2clStreamEndCapture, the kernel launches, copies, fills, symbol
 *   copies and host functions enqueued on the stream are recorded, not run,
 *   with copies of their arguments as they were at the call, each node
 *   depending on the one recorded before it;
 * - node by node: cu2clGraphCreate, then cu2clGraphAddKernelNode (and the other
 * Add...Node functions) with explicit dependencies (and
 * cu2clGraphAddDependencies).
 *
 * Both make the same kind of graph, which may be inspected, edited, cloned
 * and instantiated. cu2clGraphInstantiate takes a snapshot of the graph in
 * an order consistent with its edges (a topological order; among nodes free
 * to go, the one added first); cu2clGraphLaunch enqueues that order on the
 * launch stream's in-order queue, asynchronously, as often as it is called.
 * OpenCL has no command buffers here, so a launch costs what enqueueing the
 * nodes one by one costs, and independent branches of a graph do not run
 * concurrently.
 *
 * Kernel nodes take CUDA's cudaKernelNodeParams: func is what the
 * translator passes for a kernel used as a value, and kernelParams holds
 * one pointer per kernel parameter, read when the node is made or its
 * parameters are set (extra must be NULL). Memory allocation nodes
 * allocate when they are added (the address is fixed then, as in CUDA) and
 * the memory stays reserved for the graphs that hold the node: free nodes
 * and cu2clFree of such memory release it once no graph, clone or
 * executable graph holding the allocation is left; launching allocation and
 * free nodes does nothing.
 *
 * A capture follows events into other streams (fork and join): a stream
 * that waits for an event recorded on a capturing stream joins the capture,
 * and the capture ends on the stream that began it once they all joined
 * back. Synchronizing or querying a capturing stream, waiting for an event
 * recorded outside the capture, and work that cannot be recorded (the
 * device algorithms) fail with cu2clErrorStreamCaptureUnsupported and
 * invalidate the capture. Synchronous calls made during a capture
 * (cu2clMemcpy, cu2clMalloc, ...) fail the same way unless the capture's
 * mode allows them. The default stream cannot be captured. Graph objects
 * are not synchronized internally: as in CUDA, one graph or executable
 * graph must not be used by two threads at once.
 */
#ifndef CU2CLRT_GRAPH_H
#define CU2CLRT_GRAPH_H

typedef enum cu2clStreamCaptureMode {
  cu2clStreamCaptureModeGlobal = 0,
  cu2clStreamCaptureModeThreadLocal = 1,
  cu2clStreamCaptureModeRelaxed = 2
} cu2clStreamCaptureMode;

typedef enum cu2clStreamCaptureStatus {
  cu2clStreamCaptureStatusNone = 0,
  cu2clStreamCaptureStatusActive = 1,
  cu2clStreamCaptureStatusInvalidated = 2
} cu2clStreamCaptureStatus;

/* Accepted by cu2clGraphInstantiate; only DeviceLaunch is refused (graphs
 * are launched by the host here), the others change nothing. */
typedef enum cu2clGraphInstantiateFlags {
  cu2clGraphInstantiateFlagAutoFreeOnLaunch = 1,
  cu2clGraphInstantiateFlagUpload = 2,
  cu2clGraphInstantiateFlagDeviceLaunch = 4,
  cu2clGraphInstantiateFlagUseNodePriority = 8
} cu2clGraphInstantiateFlags;

/* Values of cudaGraphNodeType. External semaphores and conditional nodes
 * are never made here. */
typedef enum cu2clGraphNodeType {
  cu2clGraphNodeTypeKernel = 0x00,
  cu2clGraphNodeTypeMemcpy = 0x01,
  cu2clGraphNodeTypeMemset = 0x02,
  cu2clGraphNodeTypeHost = 0x03,
  cu2clGraphNodeTypeGraph = 0x04,
  cu2clGraphNodeTypeEmpty = 0x05,
  cu2clGraphNodeTypeWaitEvent = 0x06,
  cu2clGraphNodeTypeEventRecord = 0x07,
  cu2clGraphNodeTypeExtSemaphoreSignal = 0x08,
  cu2clGraphNodeTypeExtSemaphoreWait = 0x09,
  cu2clGraphNodeTypeMemAlloc = 0x0a,
  cu2clGraphNodeTypeMemFree = 0x0b,
  cu2clGraphNodeTypeConditional = 0x0d
} cu2clGraphNodeType;

typedef struct cu2clGraph *cu2clGraph_t;
typedef struct cu2clGraphExec *cu2clGraphExec_t;
typedef struct cu2clGraphNode *cu2clGraphNode_t;
/* An edge's data; every edge here is a plain dependency (all zero). */
typedef struct cu2clGraphEdgeData {
  unsigned char from_port;
  unsigned char reserved[5];
  unsigned char to_port;
  unsigned char type;
} cu2clGraphEdgeData;

/* CUDA's node parameter structures, with CUDA's field names. */
typedef struct cu2clKernelNodeParams {
  void *func; /* a kernel used as a value */
  dim3 gridDim;
  dim3 blockDim;
  unsigned int sharedMemBytes;
  void **kernelParams; /* one pointer per kernel parameter */
  void **extra;        /* must be NULL */
} cu2clKernelNodeParams;

/* height rows of width elements of elementSize (1, 2 or 4) bytes, pitch
 * bytes apart, set to value. */
typedef struct cu2clMemsetParams {
  void *dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
} cu2clMemsetParams;

typedef struct cu2clHostNodeParams {
  cu2clHostFn_t fn;
  void *userData;
} cu2clHostNodeParams;

/* Memory allocation nodes: device memory of the current device
 * (poolProps.location names it; allocType Pinned, handleTypes None). */
typedef enum cu2clMemAllocationType {
  cu2clMemAllocationTypeInvalid = 0,
  cu2clMemAllocationTypePinned = 1,
  cu2clMemAllocationTypeManaged = 2,
  cu2clMemAllocationTypeMax = 0x7FFFFFFF
} cu2clMemAllocationType;
typedef enum cu2clMemAllocationHandleType {
  cu2clMemHandleTypeNone = 0
} cu2clMemAllocationHandleType;
typedef enum cu2clMemAccessFlags {
  cu2clMemAccessFlagsProtNone = 0,
  cu2clMemAccessFlagsProtRead = 1,
  cu2clMemAccessFlagsProtReadWrite = 3
} cu2clMemAccessFlags;
typedef struct cu2clMemAccessDesc {
  cu2clMemLocation location;
  cu2clMemAccessFlags flags;
} cu2clMemAccessDesc;
typedef struct cu2clMemPoolProps {
  cu2clMemAllocationType allocType;
  cu2clMemAllocationHandleType handleTypes;
  cu2clMemLocation location;
  void *win32SecurityAttributes;
  size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
} cu2clMemPoolProps;
typedef struct cu2clMemAllocNodeParams {
  cu2clMemPoolProps poolProps;
  const cu2clMemAccessDesc *accessDescs; /* peer access: must be empty */
  size_t accessDescCount;
  size_t bytesize;
  void *dptr; /* out: the allocation */
} cu2clMemAllocNodeParams;

/* What cu2clGraphExecUpdate reports (values of cudaGraphExecUpdateResult). */
typedef enum cu2clGraphExecUpdateResult {
  cu2clGraphExecUpdateSuccess = 0x0,
  cu2clGraphExecUpdateError = 0x1,
  cu2clGraphExecUpdateErrorTopologyChanged = 0x2,
  cu2clGraphExecUpdateErrorNodeTypeChanged = 0x3,
  cu2clGraphExecUpdateErrorFunctionChanged = 0x4,
  cu2clGraphExecUpdateErrorParametersChanged = 0x5,
  cu2clGraphExecUpdateErrorNotSupported = 0x6,
  cu2clGraphExecUpdateErrorUnsupportedFunctionChange = 0x7,
  cu2clGraphExecUpdateErrorAttributesChanged = 0x8
} cu2clGraphExecUpdateResult;
typedef struct cu2clGraphExecUpdateResultInfo {
  cu2clGraphExecUpdateResult result;
  cu2clGraphNode_t errorNode;
  cu2clGraphNode_t errorFromNode;
} cu2clGraphExecUpdateResultInfo;

CU2CL_EXTERN_C_BEGIN

/* ---- stream capture ---- */

/* Starts recording what is enqueued on stream. Errors:
 * cu2clErrorStreamCaptureUnsupported for the default stream,
 * cu2clErrorIllegalState when stream is capturing already,
 * cu2clErrorInvalidValue for an unknown mode. */
CU2CL_API cu2clError_t cu2clStreamBeginCapture(cu2clStream_t stream,
                                               cu2clStreamCaptureMode mode);
/* Ends the capture and returns the recording as a new graph, which the
 * caller destroys with cu2clGraphDestroy. A capture that was invalidated
 * ends too, with *graph = NULL and cu2clErrorStreamCaptureInvalidated.
 * cu2clErrorIllegalState when stream is not capturing;
 * cu2clErrorStreamCaptureWrongThread when another thread began a capture
 * whose mode is not Relaxed (the capture goes on);
 * cu2clErrorStreamCaptureUnmatched on a stream that joined the capture
 * (the capture goes on); cu2clErrorStreamCaptureUnjoined, with *graph =
 * NULL, when a stream that joined did not join back. */
CU2CL_API cu2clError_t cu2clStreamEndCapture(cu2clStream_t stream,
                                             cu2clGraph_t *graph);
/* *status: None, Active or Invalidated. On the default stream while a
 * blocking stream of the current device captures:
 * cu2clErrorStreamCaptureImplicit. */
CU2CL_API cu2clError_t cu2clStreamIsCapturing(cu2clStream_t stream,
                                              cu2clStreamCaptureStatus *status);
/* *status as cu2clStreamIsCapturing; while it is Active, the optional
 * outputs receive the capture's unique id, the graph being recorded (valid
 * for identification only until the capture ends) and the number of nodes
 * the stream's next recorded node will depend on.
 * dependencies and edge_data must be NULL (cu2clErrorNotSupported). */
CU2CL_API cu2clError_t cu2clStreamGetCaptureInfo(
    cu2clStream_t stream, cu2clStreamCaptureStatus *status,
    unsigned long long *id CU2CL_DEFARG(0), cu2clGraph_t *graph CU2CL_DEFARG(0),
    const cu2clGraphNode_t **dependencies CU2CL_DEFARG(0),
    const cu2clGraphEdgeData **edge_data CU2CL_DEFARG(0),
    size_t *num_dependencies CU2CL_DEFARG(0));

/* ---- building graphs ---- */

/* An empty graph of the current device (flags must be 0). */
CU2CL_API cu2clError_t cu2clGraphCreate(cu2clGraph_t *graph,
                                        unsigned int flags);
/* A copy of graph, nodes, edges and parameters; a child graph is copied
 * too. */
CU2CL_API cu2clError_t cu2clGraphClone(cu2clGraph_t *clone, cu2clGraph_t graph);
/* Each cu2clGraphAddKernelNode (and the other Add...Node functions) adds a node
 * to graph that depends on the num_deps nodes in deps (nodes of graph, no
 * repeats) and returns it in *node. A node lives as long as its graph (or until
 * cu2clGraphDestroyNode). Parameters are copied: the caller's structures
 * may change or go afterwards. */
CU2CL_API cu2clError_t cu2clGraphAddKernelNode(
    cu2clGraphNode_t *node, cu2clGraph_t graph, const cu2clGraphNode_t *deps,
    size_t num_deps, const cu2clKernelNodeParams *params);
CU2CL_API cu2clError_t cu2clGraphAddMemcpyNode(
    cu2clGraphNode_t *node, cu2clGraph_t graph, const cu2clGraphNode_t *deps,
    size_t num_deps, const cu2clMemcpy3DParms *params);
CU2CL_API cu2clError_t cu2clGraphAddMemcpyNode1D(cu2clGraphNode_t *node,
                                                 cu2clGraph_t graph,
                                                 const cu2clGraphNode_t *deps,
                                                 size_t num_deps, void *dst,
                                                 const void *src, size_t count,
                                                 cu2clMemcpyKind kind);
CU2CL_API cu2clError_t cu2clGraphAddMemsetNode(cu2clGraphNode_t *node,
                                               cu2clGraph_t graph,
                                               const cu2clGraphNode_t *deps,
                                               size_t num_deps,
                                               const cu2clMemsetParams *params);
/* The function runs on an OpenCL driver thread once the node's
 * dependencies are done (as cu2clLaunchHostFunc); it must not call
 * cu2clrt. */
CU2CL_API cu2clError_t cu2clGraphAddHostNode(cu2clGraphNode_t *node,
                                             cu2clGraph_t graph,
                                             const cu2clGraphNode_t *deps,
                                             size_t num_deps,
                                             const cu2clHostNodeParams *params);
/* The node holds a copy of child, made now. */
CU2CL_API cu2clError_t cu2clGraphAddChildGraphNode(cu2clGraphNode_t *node,
                                                   cu2clGraph_t graph,
                                                   const cu2clGraphNode_t *deps,
                                                   size_t num_deps,
                                                   cu2clGraph_t child);
CU2CL_API cu2clError_t cu2clGraphAddEmptyNode(cu2clGraphNode_t *node,
                                              cu2clGraph_t graph,
                                              const cu2clGraphNode_t *deps,
                                              size_t num_deps);
/* Records event (or makes the launch wait for its last record) where the
 * node runs; the event must outlive the graph's launches. */
CU2CL_API cu2clError_t cu2clGraphAddEventRecordNode(
    cu2clGraphNode_t *node, cu2clGraph_t graph, const cu2clGraphNode_t *deps,
    size_t num_deps, cu2clEvent_t event);
CU2CL_API cu2clError_t cu2clGraphAddEventWaitNode(cu2clGraphNode_t *node,
                                                  cu2clGraph_t graph,
                                                  const cu2clGraphNode_t *deps,
                                                  size_t num_deps,
                                                  cu2clEvent_t event);
/* Allocates params->bytesize bytes of device memory now and returns the
 * address in params->dptr (see the memory nodes above). */
CU2CL_API cu2clError_t cu2clGraphAddMemAllocNode(
    cu2clGraphNode_t *node, cu2clGraph_t graph, const cu2clGraphNode_t *deps,
    size_t num_deps, cu2clMemAllocNodeParams *params);
/* ptr: the address a memory allocation node returned. */
CU2CL_API cu2clError_t cu2clGraphAddMemFreeNode(cu2clGraphNode_t *node,
                                                cu2clGraph_t graph,
                                                const cu2clGraphNode_t *deps,
                                                size_t num_deps, void *ptr);
/* Edges from[i] -> to[i]; edge_data must be NULL or all zero. Adding an
 * edge that exists is cu2clErrorInvalidValue, as removing one that does
 * not. */
CU2CL_API cu2clError_t
cu2clGraphAddDependencies(cu2clGraph_t graph, const cu2clGraphNode_t *from,
                          const cu2clGraphNode_t *to,
                          const cu2clGraphEdgeData *edge_data, size_t count);
CU2CL_API cu2clError_t
cu2clGraphRemoveDependencies(cu2clGraph_t graph, const cu2clGraphNode_t *from,
                             const cu2clGraphNode_t *to,
                             const cu2clGraphEdgeData *edge_data, size_t count);
/* Removes node and its edges from its graph and frees it. */
CU2CL_API cu2clError_t cu2clGraphDestroyNode(cu2clGraphNode_t node);

/* ---- inspecting graphs ---- */

/* With nodes (from, to) NULL, *count receives how many there are;
 * otherwise up to *count are written, in the order they were added, and
 * *count receives how many were written. */
CU2CL_API cu2clError_t cu2clGraphGetNodes(cu2clGraph_t graph,
                                          cu2clGraphNode_t *nodes,
                                          size_t *count);
CU2CL_API cu2clError_t cu2clGraphGetRootNodes(cu2clGraph_t graph,
                                              cu2clGraphNode_t *nodes,
                                              size_t *count);
CU2CL_API cu2clError_t cu2clGraphGetEdges(cu2clGraph_t graph,
                                          cu2clGraphNode_t *from,
                                          cu2clGraphNode_t *to,
                                          cu2clGraphEdgeData *edge_data,
                                          size_t *count);
CU2CL_API cu2clError_t
cu2clGraphNodeGetDependencies(cu2clGraphNode_t node, cu2clGraphNode_t *deps,
                              cu2clGraphEdgeData *edge_data, size_t *count);
CU2CL_API cu2clError_t cu2clGraphNodeGetDependentNodes(
    cu2clGraphNode_t node, cu2clGraphNode_t *dependents,
    cu2clGraphEdgeData *edge_data, size_t *count);
CU2CL_API cu2clError_t cu2clGraphNodeGetType(cu2clGraphNode_t node,
                                             cu2clGraphNodeType *type);
/* kernelParams points into the node (valid until it is changed). */
CU2CL_API cu2clError_t cu2clGraphKernelNodeGetParams(
    cu2clGraphNode_t node, cu2clKernelNodeParams *params);
CU2CL_API cu2clError_t cu2clGraphKernelNodeSetParams(
    cu2clGraphNode_t node, const cu2clKernelNodeParams *params);
CU2CL_API cu2clError_t cu2clGraphMemcpyNodeGetParams(
    cu2clGraphNode_t node, cu2clMemcpy3DParms *params);
CU2CL_API cu2clError_t cu2clGraphMemcpyNodeSetParams(
    cu2clGraphNode_t node, const cu2clMemcpy3DParms *params);
CU2CL_API cu2clError_t cu2clGraphMemsetNodeGetParams(cu2clGraphNode_t node,
                                                     cu2clMemsetParams *params);
CU2CL_API cu2clError_t cu2clGraphMemsetNodeSetParams(
    cu2clGraphNode_t node, const cu2clMemsetParams *params);
CU2CL_API cu2clError_t cu2clGraphHostNodeGetParams(cu2clGraphNode_t node,
                                                   cu2clHostNodeParams *params);
CU2CL_API cu2clError_t cu2clGraphHostNodeSetParams(
    cu2clGraphNode_t node, const cu2clHostNodeParams *params);
/* The node's own copy of the child graph (not to be destroyed). */
CU2CL_API cu2clError_t cu2clGraphChildGraphNodeGetGraph(cu2clGraphNode_t node,
                                                        cu2clGraph_t *graph);
CU2CL_API cu2clError_t cu2clGraphMemAllocNodeGetParams(
    cu2clGraphNode_t node, cu2clMemAllocNodeParams *params);
/* *(void **)ptr_out receives the address the node frees. */
CU2CL_API cu2clError_t cu2clGraphMemFreeNodeGetParams(cu2clGraphNode_t node,
                                                      void *ptr_out);

/* ---- executable graphs ---- */

/* Makes an executable graph of graph's nodes as they are now; graph may
 * change or be destroyed afterwards. A graph with a cycle is
 * cu2clErrorInvalidValue. The caller destroys *exec with
 * cu2clGraphExecDestroy. */
CU2CL_API cu2clError_t
cu2clGraphInstantiate(cu2clGraphExec_t *exec, cu2clGraph_t graph,
                      unsigned long long flags CU2CL_DEFARG(0));
CU2CL_API cu2clError_t
cu2clGraphInstantiateWithFlags(cu2clGraphExec_t *exec, cu2clGraph_t graph,
                               unsigned long long flags CU2CL_DEFARG(0));
/* Enqueues the nodes on stream in the instantiated order and returns; on a
 * capturing stream the work is recorded into that capture instead. */
CU2CL_API cu2clError_t cu2clGraphLaunch(cu2clGraphExec_t exec,
                                        cu2clStream_t stream);
/* Checks its arguments; there is nothing to upload ahead of a replay. */
CU2CL_API cu2clError_t cu2clGraphUpload(cu2clGraphExec_t exec,
                                        cu2clStream_t stream);
/* The parameters of node (a node of the graph exec was instantiated from)
 * in exec, for its later launches; the node's type must match. */
CU2CL_API cu2clError_t
cu2clGraphExecKernelNodeSetParams(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                  const cu2clKernelNodeParams *params);
CU2CL_API cu2clError_t
cu2clGraphExecMemcpyNodeSetParams(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                  const cu2clMemcpy3DParms *params);
CU2CL_API cu2clError_t cu2clGraphExecMemcpyNodeSetParams1D(
    cu2clGraphExec_t exec, cu2clGraphNode_t node, void *dst, const void *src,
    size_t count, cu2clMemcpyKind kind);
CU2CL_API cu2clError_t
cu2clGraphExecMemsetNodeSetParams(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                  const cu2clMemsetParams *params);
CU2CL_API cu2clError_t
cu2clGraphExecHostNodeSetParams(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                const cu2clHostNodeParams *params);
/* Takes graph's parameters into exec when graph has the same nodes (types,
 * in the order they were added) and edges as the graph exec was made from;
 * otherwise cu2clErrorGraphExecUpdateFailure, with the reason in
 * info->result. */
CU2CL_API cu2clError_t
cu2clGraphExecUpdate(cu2clGraphExec_t exec, cu2clGraph_t graph,
                     cu2clGraphExecUpdateResultInfo *info);
/* Destroying a graph or an executable graph does not affect work already
 * launched. NULL, or a handle already destroyed, is
 * cu2clErrorInvalidValue (as in CUDA). */
CU2CL_API cu2clError_t cu2clGraphDestroy(cu2clGraph_t graph);
CU2CL_API cu2clError_t cu2clGraphExecDestroy(cu2clGraphExec_t exec);

CU2CL_EXTERN_C_END

#ifdef __cplusplus
/* CUDA 11's form, which CUDA 12 replaced by the flags form: *error_node is
 * always NULL and the log gets the error's text on failure, an empty string
 * on success. */
inline cu2clError_t cu2clGraphInstantiate(cu2clGraphExec_t *exec,
                                          cu2clGraph_t graph,
                                          cu2clGraphNode_t *error_node,
                                          char *log, size_t log_size) {
  cu2clError_t err = cu2clGraphInstantiate(exec, graph, 0ull);
  if (error_node)
    *error_node = 0;
  if (log && log_size > 0) {
    const char *text = err == cu2clSuccess ? "" : cu2clGetErrorString(err);
    size_t n = 0;
    for (; text[n] && n + 1 < log_size; n++)
      log[n] = text[n];
    log[n] = '\0';
  }
  return err;
}
/* CUDA 11's form of cu2clGraphExecUpdate, which CUDA's C++ header keeps. */
inline cu2clError_t cu2clGraphExecUpdate(cu2clGraphExec_t exec,
                                         cu2clGraph_t graph,
                                         cu2clGraphNode_t *error_node,
                                         cu2clGraphExecUpdateResult *result) {
  cu2clGraphExecUpdateResultInfo info;
  cu2clError_t err = cu2clGraphExecUpdate(exec, graph, &info);
  if (error_node)
    *error_node = info.errorNode;
  if (result)
    *result = info.result;
  return err;
}
#endif

#endif /* CU2CLRT_GRAPH_H */
