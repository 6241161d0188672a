/*
 * rt_graph: stream capture (rt_graph.h).
 */
#include "rt_graph.h"

#include <stdlib.h>
#include <string.h>

#include "rt_gexec.h"
#include "rt_gnode.h"

typedef struct rt_capture {
  cu2clStream_t stream;
  struct cu2clGraph *graph;    /* made at the start, handed out at the end */
  struct cu2clGraphNode *last; /* what the next node depends on, or NULL */
  rt_cmd *sink;                /* rt_graph_capture_one: the command goes here */
  cu2clStreamCaptureMode mode;
  pthread_t thread; /* that began it */
  unsigned long long id;
  int invalidated;
  struct rt_capture *next; /* g_captures */
} rt_capture;

static struct {
  rt_capture *captures; /* in progress */
  unsigned active;      /* captures in progress; read without the lock */
  unsigned long long last_id;
} g_capture; /* under rt_gnode_lock */

/* ---- captures -------------------------------------------------------------
 */

static void rt_capture_free(rt_capture *c) {
  rt_gnode_graph_free(c->graph);
  free(c);
}

/* Removes c from the captures in progress and from its stream. Caller
 * holds rt_gnode_lock. */
static void rt_capture_unlink(rt_capture *c) {
  rt_capture **link = &g_capture.captures;
  while (*link != c)
    link = &(*link)->next;
  *link = c->next;
  __atomic_store_n(&c->stream->capture, NULL, __ATOMIC_RELEASE);
  __atomic_sub_fetch(&g_capture.active, 1, __ATOMIC_ACQ_REL);
}

/* Appends *cmd to c (its sink, or a node after the last). Caller holds
 * rt_gnode_lock. */
static cu2clError_t rt_capture_push(rt_capture *c, rt_cmd *cmd) {
  if (c->sink) {
    *c->sink = *cmd;
    cmd->kind = RT_CMD_EMPTY;
    return cu2clSuccess;
  }
  struct cu2clGraphNode *node;
  cu2clError_t err = rt_gnode_add(c->graph, cmd, c->last ? &c->last : NULL,
                                  c->last != NULL, &node);
  if (err == cu2clSuccess)
    c->last = node;
  return err;
}

/* Appends *cmd to stream's capture; the command is the capture's from then
 * on, also on failure (then freed). dev: the device cmd's memory belongs
 * to, NULL for none. */
static cu2clError_t rt_capture_append(cu2clStream_t stream, rt_device *dev,
                                      rt_cmd *cmd) {
  cu2clError_t err = cu2clErrorInvalidResourceHandle;
  if (!dev || dev == stream->dev) {
    pthread_mutex_lock(&rt_gnode_lock);
    rt_capture *c = stream->capture;
    err = !c               ? cu2clErrorIllegalState /* ended */
          : c->invalidated ? cu2clErrorStreamCaptureInvalidated
                           : rt_capture_push(c, cmd);
    pthread_mutex_unlock(&rt_gnode_lock);
  }
  rt_cmd_clear(cmd); /* what was not taken, outside the lock */
  return err;
}

/* The dynamic shared memory of a launch: the size of its __local
 * arguments (the launch stubs pass it to each). */
static size_t rt_args_shmem(const cu2clArg *args, unsigned nargs) {
  for (unsigned i = 0; i < nargs; i++)
    if (args[i].kind == CU2CL_ARG_LOCAL)
      return args[i].size;
  return 0;
}

cu2clError_t rt_graph_record_kernel(cu2clStream_t stream, rt_device *d,
                                    cu2clKernelRef *ref, dim3 grid, dim3 block,
                                    const cu2clArg *args, unsigned nargs) {
  rt_cmd cmd = {.kind = RT_CMD_KERNEL};
  cmd.u.kernel.ref = ref;
  cmd.u.kernel.grid = grid;
  cmd.u.kernel.block = block;
  cmd.u.kernel.shmem = rt_args_shmem(args, nargs);
  cmd.u.kernel.nargs = nargs;
  cmd.u.kernel.args = rt_args_copy(args, nargs);
  if (!cmd.u.kernel.args)
    return cu2clErrorMemoryAllocation;
  return rt_capture_append(stream, d, &cmd);
}

cu2clError_t rt_graph_record_copy(cu2clStream_t stream, rt_device *dev,
                                  const rt_copy3d *copy) {
  rt_cmd cmd = {.kind = RT_CMD_COPY};
  cmd.u.copy = *copy;
  return rt_capture_append(stream, dev, &cmd);
}

cu2clError_t rt_graph_record_fill(cu2clStream_t stream, rt_device *dev,
                                  const rt_fill3d *fill) {
  rt_cmd cmd = {.kind = RT_CMD_FILL};
  cmd.u.fill = *fill;
  return rt_capture_append(stream, dev, &cmd);
}

cu2clError_t rt_graph_record_host(cu2clStream_t stream, cu2clHostFn_t fn,
                                  void *data) {
  rt_cmd cmd = {.kind = RT_CMD_HOST};
  cmd.u.host.fn = fn;
  cmd.u.host.data = data;
  return rt_capture_append(stream, NULL, &cmd);
}

cu2clError_t rt_graph_record_alloc(cu2clStream_t stream, size_t size,
                                   void **ptr) {
  rt_cmd cmd = {.kind = RT_CMD_ALLOC};
  cu2clError_t err;
  cmd.u.resv = rt_resv_new(stream->dev, size, &err);
  if (!cmd.u.resv)
    return err;
  *ptr = rt_resv_ptr(cmd.u.resv);
  return rt_capture_append(stream, NULL, &cmd);
}

/* The graph frees ptr (rt_gnode.h, reservations). */
cu2clError_t rt_graph_record_free(cu2clStream_t stream, void *ptr) {
  rt_cmd cmd = {.kind = RT_CMD_FREE};
  cmd.u.free_ptr = ptr;
  cu2clError_t err = rt_capture_append(stream, NULL, &cmd);
  if (err == cu2clSuccess)
    rt_resv_mark_freed(ptr);
  return err;
}

/* A graph launched into a capture becomes one node of it. */
cu2clError_t rt_graph_record_exec(cu2clStream_t stream, struct rt_xlist *list) {
  rt_cmd cmd = {.kind = RT_CMD_GRAPH};
  cmd.u.graph = list;
  rt_xlist_retain(list);
  return rt_capture_append(stream, rt_xlist_device(list), &cmd);
}

cu2clError_t rt_graph_capture_one(rt_cmd *cmd, const cu2clKernelRef *ref,
                                  dim3 grid, dim3 block, size_t shmem,
                                  void **args) {
  rt_device *d;
  cmd->kind = RT_CMD_EMPTY;
  RT_TRY(rt_device_current(&d));
  rt_capture c = {0};
  struct cu2clStream s = {0};
  s.dev = d;
  s.capture = &c;
  c.stream = &s;
  c.sink = cmd;
  c.mode = cu2clStreamCaptureModeRelaxed;
  cu2clError_t err = ref->launchv(grid, block, shmem, &s, args);
  if (err == cu2clSuccess && cmd->kind != RT_CMD_KERNEL)
    err = cu2clErrorInvalidDeviceFunction;
  if (err != cu2clSuccess)
    rt_cmd_clear(cmd);
  else
    cmd->u.kernel.shmem = shmem;
  return err;
}

cu2clError_t rt_graph_refuse(cu2clStream_t stream) {
  pthread_mutex_lock(&rt_gnode_lock);
  rt_capture *c = stream->capture;
  cu2clError_t err = !c               ? cu2clSuccess
                     : c->invalidated ? cu2clErrorStreamCaptureInvalidated
                                      : cu2clErrorStreamCaptureUnsupported;
  if (c) {
    c->invalidated = 1;
    rt_log_debug("capture %llu invalidated: work it cannot record", c->id);
  }
  pthread_mutex_unlock(&rt_gnode_lock);
  return err;
}

/* CUDA's rule (cudaThreadExchangeStreamCaptureMode): a potentially unsafe
 * call is forbidden while the calling thread has a capture that is not
 * Relaxed, or any thread has a Global one. */
cu2clError_t rt_graph_unsafe_call(void) {
  if (__atomic_load_n(&g_capture.active, __ATOMIC_ACQUIRE) == 0)
    return cu2clSuccess;
  pthread_t self = pthread_self();
  int refused = 0;
  pthread_mutex_lock(&rt_gnode_lock);
  for (rt_capture *c = g_capture.captures; c; c = c->next)
    if (c->mode == cu2clStreamCaptureModeGlobal ||
        (c->mode == cu2clStreamCaptureModeThreadLocal &&
         pthread_equal(c->thread, self))) {
      c->invalidated = 1;
      refused = 1;
    }
  pthread_mutex_unlock(&rt_gnode_lock);
  if (refused)
    rt_log_debug("synchronous call during a capture: refused");
  return refused ? cu2clErrorStreamCaptureUnsupported : cu2clSuccess;
}

/* Captures of d's blocking streams; invalidates them when invalidate is
 * set. Caller holds rt_gnode_lock. */
static int rt_blocking_captures(rt_device *d, int invalidate) {
  int n = 0;
  for (rt_capture *c = g_capture.captures; c; c = c->next)
    if (c->stream->dev == d && !(c->stream->flags & cu2clStreamNonBlocking)) {
      c->invalidated |= invalidate;
      n++;
    }
  return n;
}

cu2clError_t rt_graph_legacy_use(rt_device *d) {
  if (__atomic_load_n(&g_capture.active, __ATOMIC_ACQUIRE) == 0)
    return cu2clSuccess;
  pthread_mutex_lock(&rt_gnode_lock);
  int n = rt_blocking_captures(d, 1);
  pthread_mutex_unlock(&rt_gnode_lock);
  return n ? cu2clErrorStreamCaptureImplicit : cu2clSuccess;
}

void rt_graph_stream_destroyed(cu2clStream_t stream) {
  pthread_mutex_lock(&rt_gnode_lock);
  rt_capture *c = stream->capture;
  if (c)
    rt_capture_unlink(c);
  pthread_mutex_unlock(&rt_gnode_lock);
  if (c)
    rt_capture_free(c);
}

/* ---- capture entry points -------------------------------------------------
 */

static rt_capture *rt_capture_new(cu2clStream_t stream,
                                  cu2clStreamCaptureMode mode) {
  rt_capture *c = calloc(1, sizeof *c);
  struct cu2clGraph *g = rt_gnode_graph_new(stream->dev);
  if (!c || !g) {
    free(c);
    free(g);
    return NULL;
  }
  c->graph = g;
  c->stream = stream;
  c->mode = mode;
  c->thread = pthread_self();
  return c;
}

cu2clError_t cu2clStreamBeginCapture(cu2clStream_t stream,
                                     cu2clStreamCaptureMode mode) {
  RT_CHECK(!rt_is_default_stream(stream), cu2clErrorStreamCaptureUnsupported);
  RT_CHECK((unsigned)mode <= cu2clStreamCaptureModeRelaxed,
           cu2clErrorInvalidValue);
  rt_capture *c = rt_capture_new(stream, mode);
  RT_CHECK(c != NULL, cu2clErrorMemoryAllocation);
  pthread_mutex_lock(&rt_gnode_lock);
  int busy = stream->capture != NULL;
  if (!busy) {
    c->id = ++g_capture.last_id;
    c->next = g_capture.captures;
    g_capture.captures = c;
    __atomic_add_fetch(&g_capture.active, 1, __ATOMIC_ACQ_REL);
    __atomic_store_n(&stream->capture, c, __ATOMIC_RELEASE);
  }
  unsigned long long id = c->id; /* c may end on another thread from here */
  pthread_mutex_unlock(&rt_gnode_lock);
  if (busy)
    rt_capture_free(c);
  RT_CHECK(!busy, cu2clErrorIllegalState);
  rt_log_debug("capture %llu begins (mode %d)", id, (int)mode);
  return cu2clSuccess;
}

/* Ends stream's capture if the calling thread may; *out gets it. Caller
 * holds rt_gnode_lock. */
static cu2clError_t rt_capture_take(cu2clStream_t stream, rt_capture **out) {
  rt_capture *c = rt_is_default_stream(stream) ? NULL : stream->capture;
  if (!c)
    return cu2clErrorIllegalState;
  if (c->mode != cu2clStreamCaptureModeRelaxed &&
      !pthread_equal(c->thread, pthread_self()))
    return cu2clErrorStreamCaptureWrongThread;
  rt_capture_unlink(c);
  *out = c;
  return cu2clSuccess;
}

cu2clError_t cu2clStreamEndCapture(cu2clStream_t stream, cu2clGraph_t *graph) {
  RT_CHECK(graph != NULL, cu2clErrorInvalidValue);
  rt_capture *c = NULL;
  pthread_mutex_lock(&rt_gnode_lock);
  cu2clError_t err = rt_capture_take(stream, &c);
  pthread_mutex_unlock(&rt_gnode_lock);
  if (err == cu2clSuccess && c->invalidated) {
    err = cu2clErrorStreamCaptureInvalidated;
    *graph = NULL;
  } else if (err == cu2clSuccess) {
    *graph = c->graph;
    rt_gnode_register(c->graph);
    c->graph = NULL;
  }
  if (c) {
    rt_log_debug("capture %llu ends%s", c->id, err ? " invalidated" : "");
    rt_capture_free(c);
  }
  return rt_fail(err);
}

/* The status of a created stream. Caller holds rt_gnode_lock. */
static cu2clStreamCaptureStatus rt_capture_status(cu2clStream_t stream) {
  rt_capture *c = stream->capture;
  return !c               ? cu2clStreamCaptureStatusNone
         : c->invalidated ? cu2clStreamCaptureStatusInvalidated
                          : cu2clStreamCaptureStatusActive;
}

/* The default stream never captures; while a blocking stream does, asking
 * about it is cu2clErrorStreamCaptureImplicit (the capture goes on). */
static cu2clError_t rt_default_status(cu2clStreamCaptureStatus *status) {
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  pthread_mutex_lock(&rt_gnode_lock);
  int n = rt_blocking_captures(d, 0);
  pthread_mutex_unlock(&rt_gnode_lock);
  RT_CHECK(n == 0, cu2clErrorStreamCaptureImplicit);
  *status = cu2clStreamCaptureStatusNone;
  return cu2clSuccess;
}

cu2clError_t cu2clStreamIsCapturing(cu2clStream_t stream,
                                    cu2clStreamCaptureStatus *status) {
  RT_CHECK(status != NULL, cu2clErrorInvalidValue);
  if (rt_is_default_stream(stream))
    return rt_default_status(status);
  pthread_mutex_lock(&rt_gnode_lock);
  *status = rt_capture_status(stream);
  pthread_mutex_unlock(&rt_gnode_lock);
  return cu2clSuccess;
}

cu2clError_t cu2clStreamGetCaptureInfo(cu2clStream_t stream,
                                       cu2clStreamCaptureStatus *status,
                                       unsigned long long *id,
                                       cu2clGraph_t *graph,
                                       const cu2clGraphNode_t **dependencies,
                                       const cu2clGraphEdgeData **edge_data,
                                       size_t *num_dependencies) {
  RT_CHECK(status != NULL, cu2clErrorInvalidValue);
  RT_CHECK(dependencies == NULL && edge_data == NULL, cu2clErrorNotSupported);
  if (rt_is_default_stream(stream))
    return rt_default_status(status);
  pthread_mutex_lock(&rt_gnode_lock);
  *status = rt_capture_status(stream);
  rt_capture *c = stream->capture;
  if (*status == cu2clStreamCaptureStatusActive) {
    if (id)
      *id = c->id;
    if (graph)
      *graph = c->graph;
    if (num_dependencies)
      *num_dependencies = c->last != NULL;
  }
  pthread_mutex_unlock(&rt_gnode_lock);
  return cu2clSuccess;
}

/* ---- device reset ---------------------------------------------------------
 */

/* One capture of a stream of d, taken out of the captures in progress, or
 * NULL. Caller holds rt_gnode_lock. */
static rt_capture *rt_take_capture_of(const rt_device *d) {
  for (rt_capture *c = g_capture.captures; c; c = c->next)
    if (c->stream->dev == d) {
      rt_capture_unlink(c);
      return c;
    }
  return NULL;
}

void rt_graph_release_device(rt_device *d) {
  rt_resv_forget_device(d);
  for (;;) {
    pthread_mutex_lock(&rt_gnode_lock);
    rt_capture *c = rt_take_capture_of(d);
    pthread_mutex_unlock(&rt_gnode_lock);
    if (!c)
      break;
    rt_capture_free(c);
  }
  rt_gexec_release_device(d);
  rt_gnode_release_device(d);
}
