/*
 * rt_graph: stream capture (rt_graph.h).
 */
#include "rt_graph.h"

#include <stdlib.h>
#include <string.h>

#include "rt_gexec.h"
#include "rt_gnode.h"

/* A stream taking part in a capture: the one that began it, or one that
 * joined by waiting for an event recorded in it. tails: the nodes its next
 * node depends on (the last it recorded, or those an event brought). */
typedef struct rt_branch {
  cu2clStream_t stream;
  struct cu2clGraphNode **tails;
  size_t ntails, cap;
} rt_branch;

typedef struct rt_capture {
  cu2clStream_t stream;     /* that began it: branches[0] */
  struct cu2clGraph *graph; /* made at the start, handed out at the end */
  rt_branch *branches;
  size_t nbranches, capbranches;
  rt_cmd *sink; /* rt_graph_capture_one: the command goes here */
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
  for (size_t i = 0; i < c->nbranches; i++)
    free(c->branches[i].tails);
  free(c->branches);
  rt_gnode_graph_free(c->graph);
  free(c);
}

/* Removes c from the captures in progress and from its streams. Caller
 * holds rt_gnode_lock. */
static void rt_capture_unlink(rt_capture *c) {
  rt_capture **link = &g_capture.captures;
  while (*link != c)
    link = &(*link)->next;
  *link = c->next;
  for (size_t i = 0; i < c->nbranches; i++)
    __atomic_store_n(&c->branches[i].stream->capture, NULL, __ATOMIC_RELEASE);
  __atomic_sub_fetch(&g_capture.active, 1, __ATOMIC_ACQ_REL);
}

/* stream's branch of c, or NULL. */
static rt_branch *rt_branch_of(rt_capture *c, cu2clStream_t stream) {
  for (size_t i = 0; i < c->nbranches; i++)
    if (c->branches[i].stream == stream)
      return &c->branches[i];
  return NULL;
}

/* Adds node to b's tails unless it is there. */
static cu2clError_t rt_branch_add_tail(rt_branch *b,
                                       struct cu2clGraphNode *node) {
  for (size_t i = 0; i < b->ntails; i++)
    if (b->tails[i] == node)
      return cu2clSuccess;
  if (b->ntails == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 4;
    struct cu2clGraphNode **t = realloc(b->tails, cap * sizeof *t);
    if (!t)
      return cu2clErrorMemoryAllocation;
    b->tails = t;
    b->cap = cap;
  }
  b->tails[b->ntails++] = node;
  return cu2clSuccess;
}

/* A new branch of c for stream, with no tails; NULL when out of memory. */
static rt_branch *rt_branch_new(rt_capture *c, cu2clStream_t stream) {
  if (c->nbranches == c->capbranches) {
    size_t cap = c->capbranches ? 2 * c->capbranches : 4;
    rt_branch *b = realloc(c->branches, cap * sizeof *b);
    if (!b)
      return NULL;
    c->branches = b;
    c->capbranches = cap;
  }
  rt_branch *b = &c->branches[c->nbranches++];
  memset(b, 0, sizeof *b);
  b->stream = stream;
  return b;
}

/* Appends *cmd to c (its sink, or a node after stream's tails). Caller
 * holds rt_gnode_lock. */
static cu2clError_t rt_capture_push(rt_capture *c, cu2clStream_t stream,
                                    rt_cmd *cmd) {
  if (c->sink) {
    *c->sink = *cmd;
    cmd->kind = RT_CMD_EMPTY;
    return cu2clSuccess;
  }
  rt_branch *b = rt_branch_of(c, stream);
  struct cu2clGraphNode *node;
  if (!b)
    return cu2clErrorIllegalState;
  cu2clError_t err = rt_gnode_add(c->graph, cmd, b->tails, b->ntails, &node);
  if (err == cu2clSuccess) {
    b->ntails = 0;
    err = rt_branch_add_tail(b, node);
    c->invalidated |= err != cu2clSuccess; /* the chain would break */
  }
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
                           : rt_capture_push(c, stream, cmd);
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
    for (size_t i = 0; i < c->nbranches; i++) {
      cu2clStream_t s = c->branches[i].stream;
      if (s->dev == d && !(s->flags & cu2clStreamNonBlocking)) {
        c->invalidated |= invalidate;
        n++;
        break;
      }
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

/* ---- other streams: fork and join through events -------------------------
 */

/* Nonzero when branch b's tails lie behind the origin's: the stream
 * joined back (CUDA's rule for ending a capture). Caller holds
 * rt_gnode_lock. */
static int rt_branch_joined(rt_capture *c, const rt_branch *b) {
  const struct cu2clGraph *g = c->graph;
  unsigned char *seen = calloc(g->len ? g->len : 1, 1);
  struct cu2clGraphNode **stack = malloc((g->len ? g->len : 1) * sizeof *stack);
  int ok = seen && stack;
  size_t n = 0;
  for (size_t i = 0; ok && i < g->len; i++)
    g->nodes[i]->idx = i;
  for (size_t t = 0; ok && t < c->branches[0].ntails; t++)
    if (!seen[c->branches[0].tails[t]->idx]) {
      seen[c->branches[0].tails[t]->idx] = 1;
      stack[n++] = c->branches[0].tails[t];
    }
  while (ok && n > 0) { /* everything the origin's tails depend on */
    struct cu2clGraphNode *node = stack[--n];
    for (size_t d = 0; d < node->ndeps; d++)
      if (!seen[node->deps[d]->idx]) {
        seen[node->deps[d]->idx] = 1;
        stack[n++] = node->deps[d];
      }
  }
  for (size_t t = 0; ok && t < b->ntails; t++)
    ok = seen[b->tails[t]->idx];
  free(seen);
  free(stack);
  return ok;
}

static int rt_capture_joined(rt_capture *c) {
  int ok = 1;
  for (size_t i = 1; ok && i < c->nbranches; i++)
    ok = rt_branch_joined(c, &c->branches[i]);
  return ok;
}

/* The origin's capture ends with it; a stream that joined leaves its
 * capture, invalidating it unless it joined back already. */
void rt_graph_stream_destroyed(cu2clStream_t stream) {
  pthread_mutex_lock(&rt_gnode_lock);
  rt_capture *c = stream->capture;
  if (c && c->stream == stream) {
    rt_capture_unlink(c);
  } else if (c) {
    rt_branch *b = rt_branch_of(c, stream);
    c->invalidated |= !rt_branch_joined(c, b);
    free(b->tails);
    *b = c->branches[--c->nbranches];
    stream->capture = NULL;
    c = NULL;
  }
  pthread_mutex_unlock(&rt_gnode_lock);
  if (c)
    rt_capture_free(c);
}

/* The active capture with that id, or NULL. Caller holds rt_gnode_lock. */
static rt_capture *rt_capture_by_id(unsigned long long id) {
  rt_capture *c = g_capture.captures;
  while (c && (c->id != id || id == 0))
    c = c->next;
  return c;
}

cu2clError_t rt_graph_event_record(cu2clEvent_t event, cu2clStream_t stream) {
  pthread_mutex_lock(&rt_gnode_lock);
  rt_capture *c = stream->capture;
  rt_branch *b = c ? rt_branch_of(c, stream) : NULL;
  cu2clError_t err = !b               ? cu2clErrorIllegalState
                     : c->invalidated ? cu2clErrorStreamCaptureInvalidated
                                      : cu2clSuccess;
  struct cu2clGraphNode **nodes = NULL;
  if (err == cu2clSuccess && b->ntails) {
    nodes = malloc(b->ntails * sizeof *nodes);
    err = nodes ? cu2clSuccess : cu2clErrorMemoryAllocation;
  }
  if (err == cu2clSuccess) {
    if (b->ntails)
      memcpy(nodes, b->tails, b->ntails * sizeof *nodes);
    free(event->capture_nodes);
    event->capture_nodes = nodes;
    event->ncapture_nodes = b->ntails;
    event->capture_id = c->id;
  }
  pthread_mutex_unlock(&rt_gnode_lock);
  return err;
}

/* stream waits for event's nodes in capture c: it joins c, or its branch
 * gains them. Caller holds rt_gnode_lock. */
static cu2clError_t rt_capture_join(rt_capture *c, cu2clStream_t stream,
                                    cu2clEvent_t event) {
  rt_capture *mine = stream->capture;
  if (mine && mine != c)
    return cu2clErrorStreamCaptureMerge;
  if (c->invalidated)
    return cu2clErrorStreamCaptureInvalidated;
  if (stream->dev != c->stream->dev)
    return cu2clErrorInvalidResourceHandle;
  rt_branch *b = mine ? rt_branch_of(c, stream) : rt_branch_new(c, stream);
  cu2clError_t err = b ? cu2clSuccess : cu2clErrorMemoryAllocation;
  for (size_t i = 0; err == cu2clSuccess && i < event->ncapture_nodes; i++)
    err = rt_branch_add_tail(b, event->capture_nodes[i]);
  if (err == cu2clSuccess && !mine)
    __atomic_store_n(&stream->capture, c, __ATOMIC_RELEASE);
  return err;
}

int rt_graph_event_wait(cu2clStream_t stream, cu2clEvent_t event,
                        cu2clError_t *err) {
  if (__atomic_load_n(&g_capture.active, __ATOMIC_ACQUIRE) == 0)
    return 0;
  pthread_mutex_lock(&rt_gnode_lock);
  rt_capture *c = rt_capture_by_id(event->capture_id);
  if (c)
    *err = rt_is_default_stream(stream) ? cu2clErrorStreamCaptureImplicit
                                        : rt_capture_join(c, stream, event);
  pthread_mutex_unlock(&rt_gnode_lock);
  return c != NULL;
}

/* ---- capture entry points -------------------------------------------------
 */

static rt_capture *rt_capture_new(cu2clStream_t stream,
                                  cu2clStreamCaptureMode mode) {
  rt_capture *c = calloc(1, sizeof *c);
  struct cu2clGraph *g = rt_gnode_graph_new(stream->dev);
  if (!c || !g || !rt_branch_new(c, stream)) {
    if (c)
      free(c->branches);
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
  if (c->stream != stream)
    return cu2clErrorStreamCaptureUnmatched; /* a stream that joined */
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
  if (err == cu2clSuccess && (c->invalidated || !rt_capture_joined(c))) {
    err = c->invalidated ? cu2clErrorStreamCaptureInvalidated
                         : cu2clErrorStreamCaptureUnjoined;
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
      *num_dependencies = rt_branch_of(c, stream)->ntails;
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
