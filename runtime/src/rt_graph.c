/*
 * rt_graph: stream capture, graphs, executable graphs and replay
 * (rt_graph.h).
 */
#include "rt_graph.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rt_launch.h"
#include "rt_memory.h"

typedef enum rt_cmd_kind {
  RT_CMD_KERNEL,
  RT_CMD_COPY,
  RT_CMD_FILL,
  RT_CMD_GRAPH /* an executable graph launched into the capture */
} rt_cmd_kind;

typedef struct rt_cmd_list rt_cmd_list;

typedef struct rt_cmd {
  rt_cmd_kind kind;
  union {
    struct {
      cu2clKernelRef *ref;
      dim3 grid, block;
      cu2clArg *args; /* nargs entries, then their bytes: one allocation */
      unsigned nargs;
    } kernel;
    struct {
      char *dst;
      const char *src;
      size_t dpitch, spitch, width, height; /* a plain copy has height 1 */
    } copy;
    struct {
      void *ptr;
      size_t count;
      int value;
    } fill;
    rt_cmd_list *graph; /* holds a reference */
  } u;
} rt_cmd;

/* What a capture recorded. Appended to under g_graph.lock while capturing,
 * immutable once the capture ended; freed with its last reference. */
struct rt_cmd_list {
  unsigned long refs;
  rt_device *dev; /* the capturing stream's device */
  rt_cmd *cmds;
  size_t len, cap;
};

typedef struct rt_capture {
  cu2clStream_t stream;
  struct cu2clGraph *graph; /* made at the start, handed out at the end */
  cu2clStreamCaptureMode mode;
  pthread_t thread; /* that began it */
  unsigned long long id;
  int invalidated;
  struct rt_capture *next; /* g_graph.captures */
} rt_capture;

/* What graphs and executable graphs are: a list reference in a registry
 * (g_graph.graphs, g_graph.execs), which only live handles are in. */
typedef struct rt_handle {
  rt_cmd_list *list;
  struct rt_handle *next;
} rt_handle;

struct cu2clGraph {
  rt_handle h; /* first: a handle converts to its rt_handle */
};

struct cu2clGraphExec {
  rt_handle h;
};

static struct {
  pthread_mutex_t lock;
  rt_capture *captures; /* in progress */
  rt_handle *graphs;    /* a graph enters when its capture ends */
  rt_handle *execs;
  unsigned active; /* captures in progress; read without the lock */
  unsigned long long last_id;
} g_graph = {PTHREAD_MUTEX_INITIALIZER, NULL, NULL, NULL, 0, 0};

/* ---- command lists --------------------------------------------------------
 */

static rt_cmd_list *rt_list_new(rt_device *dev) {
  rt_cmd_list *list = calloc(1, sizeof *list);
  if (list) {
    list->refs = 1;
    list->dev = dev;
  }
  return list;
}

static void rt_list_retain(rt_cmd_list *list) {
  __atomic_add_fetch(&list->refs, 1, __ATOMIC_RELAXED);
}

static void rt_list_release(rt_cmd_list *list) {
  if (!list || __atomic_sub_fetch(&list->refs, 1, __ATOMIC_ACQ_REL) != 0)
    return;
  for (size_t i = 0; i < list->len; i++) {
    rt_cmd *c = &list->cmds[i];
    if (c->kind == RT_CMD_KERNEL)
      free(c->u.kernel.args);
    else if (c->kind == RT_CMD_GRAPH)
      rt_list_release(c->u.graph);
  }
  free(list->cmds);
  free(list);
}

/* Caller holds g_graph.lock. */
static cu2clError_t rt_list_push(rt_cmd_list *list, const rt_cmd *cmd) {
  if (list->len == list->cap) {
    size_t cap = list->cap ? 2 * list->cap : 8;
    rt_cmd *cmds = realloc(list->cmds, cap * sizeof *cmds);
    if (!cmds)
      return cu2clErrorMemoryAllocation;
    list->cmds = cmds;
    list->cap = cap;
  }
  list->cmds[list->len++] = *cmd;
  return cu2clSuccess;
}

/* ---- captures -------------------------------------------------------------
 */

static void rt_capture_free(rt_capture *c) {
  if (c->graph) {
    rt_list_release(c->graph->h.list);
    free(c->graph);
  }
  free(c);
}

/* Removes c from the captures in progress and from its stream. Caller
 * holds g_graph.lock. */
static void rt_capture_unlink(rt_capture *c) {
  rt_capture **link = &g_graph.captures;
  while (*link != c)
    link = &(*link)->next;
  *link = c->next;
  __atomic_store_n(&c->stream->capture, NULL, __ATOMIC_RELEASE);
  __atomic_sub_fetch(&g_graph.active, 1, __ATOMIC_ACQ_REL);
}

/* Appends cmd to stream's capture. dev: the device cmd's memory belongs
 * to, NULL for none. On failure cmd's resources stay the caller's. */
static cu2clError_t rt_capture_append(cu2clStream_t stream, rt_device *dev,
                                      const rt_cmd *cmd) {
  if (dev && dev != stream->dev)
    return cu2clErrorInvalidResourceHandle;
  pthread_mutex_lock(&g_graph.lock);
  rt_capture *c = stream->capture;
  cu2clError_t err = !c               ? cu2clErrorIllegalState /* ended */
                     : c->invalidated ? cu2clErrorStreamCaptureInvalidated
                                      : rt_list_push(c->graph->h.list, cmd);
  pthread_mutex_unlock(&g_graph.lock);
  return err;
}

static size_t rt_align_up(size_t n) {
  size_t a = alignof(max_align_t);
  return (n + a - 1) / a * a;
}

/* Bytes of argument a kept in the record: a value's bytes, a device
 * pointer's value; nothing for __local sizes and symbols (the symbol object
 * is the translator's static, and its storage is looked up at replay). */
static size_t rt_arg_bytes(const cu2clArg *a) {
  if (a->kind == CU2CL_ARG_VALUE && a->value)
    return a->size;
  return a->kind == CU2CL_ARG_DEVPTR ? sizeof(void *) : 0;
}

/* One allocation: the nargs descriptors, then the bytes they point to. */
static cu2clArg *rt_args_copy(const cu2clArg *args, unsigned nargs) {
  size_t size = rt_align_up(nargs * sizeof *args);
  for (unsigned i = 0; i < nargs; i++)
    size += rt_align_up(rt_arg_bytes(&args[i]));
  char *block = malloc(size ? size : 1);
  if (!block)
    return NULL;
  cu2clArg *out = (cu2clArg *)(void *)block;
  size_t at = rt_align_up(nargs * sizeof *args);
  for (unsigned i = 0; i < nargs; i++) {
    size_t n = rt_arg_bytes(&args[i]);
    out[i] = args[i];
    if (n == 0)
      continue;
    memcpy(block + at, args[i].value, n);
    out[i].value = block + at;
    at += rt_align_up(n);
  }
  return out;
}

cu2clError_t rt_graph_record_kernel(cu2clStream_t stream, rt_device *d,
                                    cu2clKernelRef *ref, dim3 grid, dim3 block,
                                    const cu2clArg *args, unsigned nargs) {
  rt_cmd cmd = {.kind = RT_CMD_KERNEL};
  cmd.u.kernel.ref = ref;
  cmd.u.kernel.grid = grid;
  cmd.u.kernel.block = block;
  cmd.u.kernel.nargs = nargs;
  cmd.u.kernel.args = rt_args_copy(args, nargs);
  if (!cmd.u.kernel.args)
    return cu2clErrorMemoryAllocation;
  cu2clError_t err = rt_capture_append(stream, d, &cmd);
  if (err != cu2clSuccess)
    free(cmd.u.kernel.args);
  return err;
}

cu2clError_t rt_graph_record_copy(cu2clStream_t stream, rt_device *dev,
                                  void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height) {
  rt_cmd cmd = {.kind = RT_CMD_COPY};
  cmd.u.copy.dst = dst;
  cmd.u.copy.src = src;
  cmd.u.copy.dpitch = dpitch;
  cmd.u.copy.spitch = spitch;
  cmd.u.copy.width = width;
  cmd.u.copy.height = height;
  return rt_capture_append(stream, dev, &cmd);
}

cu2clError_t rt_graph_record_fill(cu2clStream_t stream, rt_device *dev,
                                  void *ptr, int value, size_t count) {
  rt_cmd cmd = {.kind = RT_CMD_FILL};
  cmd.u.fill.ptr = ptr;
  cmd.u.fill.value = value;
  cmd.u.fill.count = count;
  return rt_capture_append(stream, dev, &cmd);
}

cu2clError_t rt_graph_refuse(cu2clStream_t stream) {
  pthread_mutex_lock(&g_graph.lock);
  rt_capture *c = stream->capture;
  cu2clError_t err = !c               ? cu2clSuccess
                     : c->invalidated ? cu2clErrorStreamCaptureInvalidated
                                      : cu2clErrorStreamCaptureUnsupported;
  if (c) {
    c->invalidated = 1;
    rt_log_debug("capture %llu invalidated: work it cannot record", c->id);
  }
  pthread_mutex_unlock(&g_graph.lock);
  return err;
}

/* CUDA's rule (cudaThreadExchangeStreamCaptureMode): a potentially unsafe
 * call is forbidden while the calling thread has a capture that is not
 * Relaxed, or any thread has a Global one. */
cu2clError_t rt_graph_unsafe_call(void) {
  if (__atomic_load_n(&g_graph.active, __ATOMIC_ACQUIRE) == 0)
    return cu2clSuccess;
  pthread_t self = pthread_self();
  int refused = 0;
  pthread_mutex_lock(&g_graph.lock);
  for (rt_capture *c = g_graph.captures; c; c = c->next)
    if (c->mode == cu2clStreamCaptureModeGlobal ||
        (c->mode == cu2clStreamCaptureModeThreadLocal &&
         pthread_equal(c->thread, self))) {
      c->invalidated = 1;
      refused = 1;
    }
  pthread_mutex_unlock(&g_graph.lock);
  if (refused)
    rt_log_debug("synchronous call during a capture: refused");
  return refused ? cu2clErrorStreamCaptureUnsupported : cu2clSuccess;
}

/* Captures of d's blocking streams; invalidates them when invalidate is
 * set. Caller holds g_graph.lock. */
static int rt_blocking_captures(rt_device *d, int invalidate) {
  int n = 0;
  for (rt_capture *c = g_graph.captures; c; c = c->next)
    if (c->stream->dev == d && !(c->stream->flags & cu2clStreamNonBlocking)) {
      c->invalidated |= invalidate;
      n++;
    }
  return n;
}

cu2clError_t rt_graph_legacy_use(rt_device *d) {
  if (__atomic_load_n(&g_graph.active, __ATOMIC_ACQUIRE) == 0)
    return cu2clSuccess;
  pthread_mutex_lock(&g_graph.lock);
  int n = rt_blocking_captures(d, 1);
  pthread_mutex_unlock(&g_graph.lock);
  return n ? cu2clErrorStreamCaptureImplicit : cu2clSuccess;
}

void rt_graph_stream_destroyed(cu2clStream_t stream) {
  pthread_mutex_lock(&g_graph.lock);
  rt_capture *c = stream->capture;
  if (c)
    rt_capture_unlink(c);
  pthread_mutex_unlock(&g_graph.lock);
  if (c)
    rt_capture_free(c);
}

/* ---- capture entry points -------------------------------------------------
 */

static rt_capture *rt_capture_new(cu2clStream_t stream,
                                  cu2clStreamCaptureMode mode) {
  rt_capture *c = calloc(1, sizeof *c);
  struct cu2clGraph *g = calloc(1, sizeof *g);
  rt_cmd_list *list = rt_list_new(stream->dev);
  if (!c || !g || !list) {
    free(c);
    free(g);
    free(list);
    return NULL;
  }
  g->h.list = list;
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
  pthread_mutex_lock(&g_graph.lock);
  int busy = stream->capture != NULL;
  if (!busy) {
    c->id = ++g_graph.last_id;
    c->next = g_graph.captures;
    g_graph.captures = c;
    __atomic_add_fetch(&g_graph.active, 1, __ATOMIC_ACQ_REL);
    __atomic_store_n(&stream->capture, c, __ATOMIC_RELEASE);
  }
  unsigned long long id = c->id; /* c may end on another thread from here */
  pthread_mutex_unlock(&g_graph.lock);
  if (busy)
    rt_capture_free(c);
  RT_CHECK(!busy, cu2clErrorIllegalState);
  rt_log_debug("capture %llu begins (mode %d)", id, (int)mode);
  return cu2clSuccess;
}

/* Ends stream's capture if the calling thread may; *out gets it. Caller
 * holds g_graph.lock. */
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
  pthread_mutex_lock(&g_graph.lock);
  cu2clError_t err = rt_capture_take(stream, &c);
  if (err == cu2clSuccess && c->invalidated) {
    err = cu2clErrorStreamCaptureInvalidated;
    *graph = NULL;
  } else if (err == cu2clSuccess) {
    *graph = c->graph;
    c->graph->h.next = g_graph.graphs;
    g_graph.graphs = &c->graph->h;
    c->graph = NULL;
  }
  pthread_mutex_unlock(&g_graph.lock);
  if (c) {
    rt_log_debug("capture %llu ends%s", c->id, err ? " invalidated" : "");
    rt_capture_free(c);
  }
  return rt_fail(err);
}

/* The status of a created stream. Caller holds g_graph.lock. */
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
  pthread_mutex_lock(&g_graph.lock);
  int n = rt_blocking_captures(d, 0);
  pthread_mutex_unlock(&g_graph.lock);
  RT_CHECK(n == 0, cu2clErrorStreamCaptureImplicit);
  *status = cu2clStreamCaptureStatusNone;
  return cu2clSuccess;
}

cu2clError_t cu2clStreamIsCapturing(cu2clStream_t stream,
                                    cu2clStreamCaptureStatus *status) {
  RT_CHECK(status != NULL, cu2clErrorInvalidValue);
  if (rt_is_default_stream(stream))
    return rt_default_status(status);
  pthread_mutex_lock(&g_graph.lock);
  *status = rt_capture_status(stream);
  pthread_mutex_unlock(&g_graph.lock);
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
  pthread_mutex_lock(&g_graph.lock);
  *status = rt_capture_status(stream);
  rt_capture *c = stream->capture;
  if (*status == cu2clStreamCaptureStatusActive) {
    if (id)
      *id = c->id;
    if (graph)
      *graph = c->graph;
    if (num_dependencies)
      *num_dependencies = c->graph->h.list->len > 0; /* the last command */
  }
  pthread_mutex_unlock(&g_graph.lock);
  return cu2clSuccess;
}

/* ---- graphs and executable graphs -----------------------------------------
 */

/* A reference to the list of handle h if it is in registry, else NULL. */
static rt_cmd_list *rt_handle_hold(rt_handle *const *registry, const void *h) {
  rt_cmd_list *list = NULL;
  pthread_mutex_lock(&g_graph.lock);
  for (rt_handle *e = *registry; e && !list; e = e->next)
    if ((const void *)e == h)
      list = e->list;
  if (list)
    rt_list_retain(list);
  pthread_mutex_unlock(&g_graph.lock);
  return list;
}

/* Takes h out of registry and frees it; 0 when it is not there. */
static int rt_handle_destroy(rt_handle **registry, const void *h) {
  pthread_mutex_lock(&g_graph.lock);
  rt_handle **link = registry;
  while (*link && (const void *)*link != h)
    link = &(*link)->next;
  rt_handle *found = *link;
  if (found)
    *link = found->next;
  pthread_mutex_unlock(&g_graph.lock);
  if (found) {
    rt_list_release(found->list);
    free(found);
  }
  return found != NULL;
}

cu2clError_t cu2clGraphInstantiateWithFlags(cu2clGraphExec_t *exec,
                                            cu2clGraph_t graph,
                                            unsigned long long flags) {
  RT_CHECK(exec != NULL && graph != NULL, cu2clErrorInvalidValue);
  RT_CHECK((flags & ~0xfull) == 0, cu2clErrorInvalidValue);
  RT_CHECK(!(flags & cu2clGraphInstantiateFlagDeviceLaunch),
           cu2clErrorNotSupported);
  struct cu2clGraphExec *e = calloc(1, sizeof *e);
  RT_CHECK(e != NULL, cu2clErrorMemoryAllocation);
  e->h.list = rt_handle_hold(&g_graph.graphs, graph); /* shared: immutable */
  if (!e->h.list) {
    free(e);
    return rt_fail(cu2clErrorInvalidValue);
  }
  pthread_mutex_lock(&g_graph.lock);
  e->h.next = g_graph.execs;
  g_graph.execs = &e->h;
  pthread_mutex_unlock(&g_graph.lock);
  *exec = e;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphInstantiate(cu2clGraphExec_t *exec, cu2clGraph_t graph,
                                   unsigned long long flags) {
  return cu2clGraphInstantiateWithFlags(exec, graph, flags);
}

cu2clError_t cu2clGraphDestroy(cu2clGraph_t graph) {
  RT_CHECK(graph != NULL, cu2clErrorInvalidValue);
  RT_CHECK(rt_handle_destroy(&g_graph.graphs, graph), cu2clErrorInvalidValue);
  return cu2clSuccess;
}

/* Work already launched goes on: once enqueued it needs nothing of exec. */
cu2clError_t cu2clGraphExecDestroy(cu2clGraphExec_t exec) {
  RT_CHECK(exec != NULL, cu2clErrorInvalidValue);
  RT_CHECK(rt_handle_destroy(&g_graph.execs, exec), cu2clErrorInvalidValue);
  return cu2clSuccess;
}

/* ---- replay ---------------------------------------------------------------
 */

static cu2clError_t rt_replay_list(rt_device *d, const rt_cmd_list *list,
                                   cl_command_queue q);

/* The kernel lookup is rt_kernel_get's lock-free fast path: the program and
 * kernel objects made at capture (or earlier) are reused. */
static cu2clError_t rt_replay_kernel(rt_device *d, const rt_cmd *c,
                                     cl_command_queue q) {
  rt_kernel *k;
  cu2clError_t err = rt_kernel_get(c->u.kernel.ref, d, &k);
  if (err != cu2clSuccess)
    return err;
  return rt_launch_enqueue(d, c->u.kernel.ref, k, c->u.kernel.grid,
                           c->u.kernel.block, c->u.kernel.args,
                           c->u.kernel.nargs, q);
}

/* Replayed copies never block, whatever memory they touch: a graph launch
 * is asynchronous in CUDA too. */
static cl_int rt_replay_copy(const rt_cmd *c, cl_command_queue q) {
  cl_int st = CL_SUCCESS;
  for (size_t r = 0; r < c->u.copy.height && st == CL_SUCCESS; r++)
    st = clEnqueueSVMMemcpy(q, CL_FALSE, c->u.copy.dst + r * c->u.copy.dpitch,
                            c->u.copy.src + r * c->u.copy.spitch,
                            c->u.copy.width, 0, NULL, NULL);
  return st;
}

static cu2clError_t rt_replay_cmd(rt_device *d, const rt_cmd *c,
                                  cl_command_queue q) {
  switch (c->kind) {
  case RT_CMD_KERNEL:
    return rt_replay_kernel(d, c, q);
  case RT_CMD_COPY:
    return rt_cl_error(rt_replay_copy(c, q), cu2clErrorInvalidValue);
  case RT_CMD_FILL:
    return rt_cl_error(
        rt_mem_enqueue_fill(q, c->u.fill.ptr, c->u.fill.value, c->u.fill.count),
        cu2clErrorInvalidValue);
  case RT_CMD_GRAPH:
    return rt_replay_list(d, c->u.graph, q);
  }
  return cu2clErrorUnknown;
}

static cu2clError_t rt_replay_list(rt_device *d, const rt_cmd_list *list,
                                   cl_command_queue q) {
  cu2clError_t err = cu2clSuccess;
  for (size_t i = 0; i < list->len && err == cu2clSuccess; i++)
    err = rt_replay_cmd(d, &list->cmds[i], q);
  return err;
}

/* One acquisition of the stream orders the whole graph after earlier work
 * (CUDA's default-stream rules included); the in-order queue keeps the
 * commands in recorded order. */
static cu2clError_t rt_replay(const rt_cmd_list *list, cu2clStream_t stream) {
  rt_device *d = list->dev, *current;
  cl_command_queue q;
  if (rt_is_default_stream(stream)) {
    RT_TRY(rt_device_current(&current));
    RT_CHECK(current == d, cu2clErrorInvalidResourceHandle);
  }
  RT_TRY(rt_stream_acquire(stream, d, &q));
  RT_TRY(rt_managed_to_device(d));
  cu2clError_t err = rt_replay_list(d, list, q);
  cl_int st = clFlush(q);
  if (err == cu2clSuccess && st != CL_SUCCESS)
    err = rt_cl_error(st, cu2clErrorLaunchFailure);
  return err;
}

/* A graph launched into a capture becomes one command of it. */
static cu2clError_t rt_record_graph(cu2clStream_t stream, rt_cmd_list *list) {
  rt_cmd cmd = {.kind = RT_CMD_GRAPH};
  cmd.u.graph = list;
  rt_list_retain(list);
  cu2clError_t err = rt_capture_append(stream, list->dev, &cmd);
  if (err != cu2clSuccess)
    rt_list_release(list);
  return err;
}

cu2clError_t cu2clGraphLaunch(cu2clGraphExec_t exec, cu2clStream_t stream) {
  RT_CHECK(exec != NULL, cu2clErrorInvalidValue);
  rt_cmd_list *list = rt_handle_hold(&g_graph.execs, exec);
  RT_CHECK(list != NULL, cu2clErrorInvalidValue);
  cu2clError_t err = rt_graph_capturing(stream) ? rt_record_graph(stream, list)
                                                : rt_replay(list, stream);
  rt_list_release(list);
  return rt_fail(err);
}

cu2clError_t cu2clGraphUpload(cu2clGraphExec_t exec, cu2clStream_t stream) {
  (void)stream;
  RT_CHECK(exec != NULL, cu2clErrorInvalidValue);
  rt_cmd_list *list = rt_handle_hold(&g_graph.execs, exec);
  RT_CHECK(list != NULL, cu2clErrorInvalidValue);
  rt_list_release(list);
  return cu2clSuccess;
}

/* ---- device reset ---------------------------------------------------------
 */

/* One capture of a stream of d, taken out of the captures in progress, or
 * NULL. Caller holds g_graph.lock. */
static rt_capture *rt_take_capture_of(const rt_device *d) {
  for (rt_capture *c = g_graph.captures; c; c = c->next)
    if (c->stream->dev == d) {
      rt_capture_unlink(c);
      return c;
    }
  return NULL;
}

/* One handle of d in registry, or NULL. Caller holds g_graph.lock. */
static rt_handle *rt_handle_of(rt_handle *registry, const rt_device *d) {
  for (rt_handle *h = registry; h; h = h->next)
    if (h->list->dev == d)
      return h;
  return NULL;
}

/* One at a time, each freed outside the lock (as rt_mem_release_device
 * does); a reset is rare and the lists are short. */
void rt_graph_release_device(rt_device *d) {
  for (;;) {
    pthread_mutex_lock(&g_graph.lock);
    rt_capture *c = rt_take_capture_of(d);
    rt_handle *g = rt_handle_of(g_graph.graphs, d);
    rt_handle *e = rt_handle_of(g_graph.execs, d);
    pthread_mutex_unlock(&g_graph.lock);
    if (!c && !g && !e)
      return;
    if (c)
      rt_capture_free(c);
    if (g)
      rt_handle_destroy(&g_graph.graphs, g);
    if (e)
      rt_handle_destroy(&g_graph.execs, e);
  }
}
