/*
 * rt_graph: CUDA graphs made by stream capture, and their replay.
 *
 * A capture (rt_capture) hangs off its stream (stream->capture) from
 * cu2clStreamBeginCapture to cu2clStreamEndCapture. The enqueue paths that
 * capture supports (kernel launches, copies, fills, and symbol copies,
 * which are copies) ask rt_graph_capturing(stream) before they touch the
 * stream's queue; while it is true they check the work as a direct call
 * would and hand it to rt_graph_record_*, which appends a command holding a
 * deep copy of what replay needs: the kernel reference, the geometry and
 * the bytes of every argument; copy and fill addresses and sizes. Any other
 * work that reaches a capturing stream's queue (rt_stream_acquire) is
 * refused by rt_graph_refuse, which invalidates the capture, as CUDA does
 * with work it cannot capture; synchronous calls ask rt_graph_unsafe_call,
 * which applies the capture modes' rules.
 *
 * EndCapture turns the capture's command list into a graph. The list is
 * immutable from then on and reference-counted: instantiation shares it
 * with the executable graph, and a launch holds a reference while it
 * replays. Replay enqueues the commands in order on the launch stream's
 * in-order queue through the enqueue functions direct calls use, so kernels
 * keep their cached program and kernel objects and nothing is built or
 * allocated per launch.
 *
 * Only one stream is captured: captures do not follow events to other
 * streams (cross-stream fork/join), and the default stream cannot capture.
 * One mutex guards the captures, their commands and the lists of live
 * graphs and executable graphs; the lists let a destroyed handle be
 * recognized instead of used.
 */
#ifndef CU2CL_RT_GRAPH_H
#define CU2CL_RT_GRAPH_H

#include "rt_stream.h"

/* Nonzero while stream (a created stream) is capturing. The enqueue paths'
 * test: one load, no lock. */
static inline int rt_graph_capturing(cu2clStream_t stream) {
  return !rt_is_default_stream(stream) &&
         __atomic_load_n(&stream->capture, __ATOMIC_ACQUIRE) != NULL;
}

/* Records into stream's capture, after the caller's checks: a launch of ref
 * (current device d) with copies of its arguments (the dynamic shared
 * memory is one of them, a __local size); a copy of height rows of width
 * bytes at the two pitches (a plain copy: one row); a fill of count bytes.
 * dev is the device the work's memory belongs to (NULL for host memory
 * only). Errors: cu2clErrorStreamCaptureInvalidated when the capture was
 * invalidated, cu2clErrorInvalidResourceHandle when d or dev is not the
 * stream's device, cu2clErrorIllegalState when another thread ended the
 * capture meanwhile, cu2clErrorMemoryAllocation. Not recorded as the last
 * error. */
cu2clError_t rt_graph_record_kernel(cu2clStream_t stream, rt_device *d,
                                    cu2clKernelRef *ref, dim3 grid, dim3 block,
                                    const cu2clArg *args, unsigned nargs);
cu2clError_t rt_graph_record_copy(cu2clStream_t stream, rt_device *dev,
                                  void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height);
cu2clError_t rt_graph_record_fill(cu2clStream_t stream, rt_device *dev,
                                  void *ptr, int value, size_t count);

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
 * executable graph of d; their handles become invalid. */
void rt_graph_release_device(rt_device *d);

#endif
