/*
 * rt_graph: stream capture (graphs are rt_gnode.h's).
 *
 * A capture (rt_capture) hangs off its stream (stream->capture) from
 * cu2clStreamBeginCapture to cu2clStreamEndCapture. The enqueue paths that
 * capture supports (kernel launches, copies, fills, symbol copies, host
 * functions, stream-ordered allocations and frees, graph launches) ask
 * rt_graph_capturing(stream) before they touch the stream's queue; while it
 * is true they check the work as a direct call would and hand it to
 * rt_graph_record_*, which appends a node holding a command (rt_gcmd.h)
 * to the capture's graph, depending on the node recorded before it. Any
 * other work that reaches a capturing stream's queue (rt_stream_acquire)
 * is refused by rt_graph_refuse, which invalidates the capture, as CUDA
 * does with work it cannot capture; synchronous calls ask
 * rt_graph_unsafe_call, which applies the capture modes' rules.
 * EndCapture hands the graph out.
 *
 * A capture of one launch (rt_graph_capture_one) makes the command of a
 * kernel node from CUDA's void **args: the kernel's launchv runs against a
 * stream object of its own whose capture keeps the command instead of
 * adding a node.
 *
 * A capture follows events into other streams (fork and join): each stream
 * taking part is a branch with its own last nodes (rt_graph_event_*), and
 * the capture ends on the stream that began it once every branch joined it
 * back. The default stream cannot capture. rt_gnode_lock guards the
 * captures.
 */
#ifndef CU2CL_RT_GRAPH_H
#define CU2CL_RT_GRAPH_H

#include "rt_gcmd.h"

/* Nonzero while stream (a created stream) is capturing. The enqueue paths'
 * test: one load, no lock. */
static inline int rt_graph_capturing(cu2clStream_t stream) {
  return !rt_is_default_stream(stream) &&
         __atomic_load_n(&stream->capture, __ATOMIC_ACQUIRE) != NULL;
}

/* Records into stream's capture, after the caller's checks: a launch of ref
 * (current device d) with copies of its arguments (the dynamic shared
 * memory is one of them, a __local size); a copy; a fill; a host function;
 * an allocation of size bytes (made now: *ptr), a free of ptr; an
 * executable graph's commands (a reference to them). dev is the device the
 * work's memory belongs to (NULL for host memory only). Errors:
 * cu2clErrorStreamCaptureInvalidated when the capture was invalidated,
 * cu2clErrorInvalidResourceHandle when d or dev is not the stream's
 * device, cu2clErrorIllegalState when another thread ended the capture
 * meanwhile, cu2clErrorMemoryAllocation. Not recorded as the last error. */
cu2clError_t rt_graph_record_kernel(cu2clStream_t stream, rt_device *d,
                                    cu2clKernelRef *ref, dim3 grid, dim3 block,
                                    const cu2clArg *args, unsigned nargs);
cu2clError_t rt_graph_record_copy(cu2clStream_t stream, rt_device *dev,
                                  const rt_copy3d *copy);
cu2clError_t rt_graph_record_fill(cu2clStream_t stream, rt_device *dev,
                                  const rt_fill3d *fill);
cu2clError_t rt_graph_record_host(cu2clStream_t stream, cu2clHostFn_t fn,
                                  void *data);
cu2clError_t rt_graph_record_alloc(cu2clStream_t stream, size_t size,
                                   void **ptr);
cu2clError_t rt_graph_record_free(cu2clStream_t stream, void *ptr);
cu2clError_t rt_graph_record_exec(cu2clStream_t stream, struct rt_xlist *list);

/* The command of a launch of ref from CUDA's args into *cmd (see above):
 * the launch's errors, or cu2clErrorInvalidDeviceFunction when launchv
 * launched nothing. */
cu2clError_t rt_graph_capture_one(rt_cmd *cmd, const cu2clKernelRef *ref,
                                  dim3 grid, dim3 block, size_t shmem,
                                  void **args);

/* Events across streams (fork and join): a record on a capturing stream
 * keeps that stream's last nodes in the event; a stream that waits for such
 * an event while its capture is active joins the capture (or, capturing
 * already, depends on those nodes too). rt_graph_event_wait returns 0 when
 * event's last record was not captured (an ordinary wait), else 1 with the
 * result in *err: cu2clErrorStreamCaptureMerge for a stream of another
 * capture, cu2clErrorStreamCaptureImplicit for the default stream. */
cu2clError_t rt_graph_event_record(cu2clEvent_t event, cu2clStream_t stream);
int rt_graph_event_wait(cu2clStream_t stream, cu2clEvent_t event,
                        cu2clError_t *err);

/* Work capture cannot record was asked of capturing stream: invalidates
 * the capture and returns cu2clErrorStreamCaptureUnsupported
 * (cu2clErrorStreamCaptureInvalidated when it was invalid already);
 * cu2clSuccess when the capture ended meanwhile. */
cu2clError_t rt_graph_refuse(cu2clStream_t stream);
/* A synchronous call (cu2clMemcpy, cu2clMalloc, cu2clFree,
 * cu2clDeviceSynchronize, ...) is about to run. When a capture forbids it
 * (a Global-mode capture of any thread, a ThreadLocal-mode capture of the
 * calling thread), those captures are invalidated and the answer is
 * cu2clErrorStreamCaptureUnsupported. */
cu2clError_t rt_graph_unsafe_call(void);
/* The default stream of d is about to be used: while a blocking stream of d
 * captures, that is cu2clErrorStreamCaptureImplicit, and invalidates those
 * captures (CUDA's legacy stream would have to wait for them). */
cu2clError_t rt_graph_legacy_use(rt_device *d);

/* stream is being destroyed: its capture, if any, ends and is freed. */
void rt_graph_stream_destroyed(cu2clStream_t stream);
/* cu2clDeviceReset: frees the captures of d's streams and every graph and
 * executable graph of d; their handles become invalid. The memory of
 * allocation nodes is the reset's to free (rt_mem_release_device). */
void rt_graph_release_device(rt_device *d);

#endif
