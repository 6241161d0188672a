/*
 * rt_stream: streams, events, device synchronization and the legacy
 * default-stream ordering (rt_stream.h).
 */
#include "rt_stream.h"

#include <stdlib.h>

#include "rt_devrt.h"
#include "rt_fault.h"
#include "rt_graph.h"
#include "rt_memory.h"

/* Makes the default queue wait for every blocking stream that enqueued work
 * since the last join. Caller holds d->lock. */
static cl_int rt_join_blocking_streams(rt_device *d) {
  enum { BATCH = 32 };
  cl_event marks[BATCH];
  cl_uint n = 0;
  cl_int st = CL_SUCCESS;
  for (struct cu2clStream *s = d->streams; s && st == CL_SUCCESS; s = s->next) {
    unsigned long epoch = __atomic_load_n(&s->epoch, __ATOMIC_ACQUIRE);
    if ((s->flags & cu2clStreamNonBlocking) || epoch == s->joined_epoch)
      continue;
    st = clEnqueueMarkerWithWaitList(s->queue, 0, NULL, &marks[n]);
    if (st != CL_SUCCESS)
      break;
    s->joined_epoch = epoch;
    if (++n == BATCH) {
      st = clEnqueueBarrierWithWaitList(d->queue, n, marks, NULL);
      for (cl_uint i = 0; i < n; i++)
        clReleaseEvent(marks[i]);
      n = 0;
    }
  }
  if (n > 0) {
    cl_int b = clEnqueueBarrierWithWaitList(d->queue, n, marks, NULL);
    st = st == CL_SUCCESS ? b : st;
    for (cl_uint i = 0; i < n; i++)
      clReleaseEvent(marks[i]);
  }
  return st;
}

/* Makes blocking stream s wait for the default stream's work so far. */
static cl_int rt_join_default_stream(rt_device *d, struct cu2clStream *s,
                                     unsigned long epoch) {
  cl_event mark;
  cl_int st = clEnqueueMarkerWithWaitList(d->queue, 0, NULL, &mark);
  if (st != CL_SUCCESS)
    return st;
  st = clEnqueueBarrierWithWaitList(s->queue, 1, &mark, NULL);
  clReleaseEvent(mark);
  if (st == CL_SUCCESS)
    s->seen_default = epoch;
  return st;
}

cu2clError_t rt_stream_acquire(cu2clStream_t stream, rt_device *d,
                               cl_command_queue *queue) {
  cl_int st = CL_SUCCESS;
  cu2clError_t dead = rt_fault_error(d); /* a kernel faulted (rt_fault.h) */
  if (dead != cu2clSuccess)
    return dead;
  if (rt_is_default_stream(stream)) {
    /* CUDA's legacy stream may not be used while a blocking stream of the
     * device captures (rt_graph.h). */
    cu2clError_t err = rt_graph_legacy_use(d);
    if (err != cu2clSuccess)
      return err;
    if (__atomic_load_n(&d->nblocking, __ATOMIC_ACQUIRE) > 0) {
      pthread_mutex_lock(&d->lock);
      st = rt_join_blocking_streams(d);
      pthread_mutex_unlock(&d->lock);
    }
    __atomic_add_fetch(&d->default_epoch, 1, __ATOMIC_ACQ_REL);
    *queue = d->queue;
    return rt_cl_error(st, cu2clErrorLaunchFailure);
  }
  if (stream->dev != d)
    return cu2clErrorInvalidResourceHandle;
  if (__atomic_load_n(&stream->capture, __ATOMIC_ACQUIRE)) {
    /* Work that capture does not record reached a capturing stream: it is
     * refused and the capture invalidated (rt_graph.h). */
    cu2clError_t err = rt_graph_refuse(stream);
    if (err != cu2clSuccess)
      return err;
  }
  if (!(stream->flags & cu2clStreamNonBlocking)) {
    unsigned long epoch = __atomic_load_n(&d->default_epoch, __ATOMIC_ACQUIRE);
    if (stream->seen_default != epoch) {
      pthread_mutex_lock(&d->lock);
      st = rt_join_default_stream(d, stream, epoch);
      pthread_mutex_unlock(&d->lock);
    }
  }
  __atomic_add_fetch(&stream->epoch, 1, __ATOMIC_ACQ_REL);
  *queue = stream->queue;
  return rt_cl_error(st, cu2clErrorLaunchFailure);
}

/* Epoch counters read before a clFinish are complete after it. */
static unsigned long rt_epoch_now(const unsigned long *epoch) {
  return __atomic_load_n(epoch, __ATOMIC_ACQUIRE);
}

cu2clError_t rt_stream_sync_device(rt_device *d) {
  cu2clError_t dead = rt_fault_error(d); /* its queues never drain */
  if (dead != cu2clSuccess)
    return dead;
  pthread_mutex_lock(&d->lock);
  unsigned long idle = rt_epoch_now(&d->default_epoch);
  cl_int st = clFinish(d->queue);
  if (st == CL_SUCCESS)
    d->default_idle = idle;
  for (struct cu2clStream *s = d->streams; s; s = s->next) {
    idle = rt_epoch_now(&s->epoch);
    cl_int sst = clFinish(s->queue);
    if (sst == CL_SUCCESS)
      s->idle_epoch = idle;
    st = st == CL_SUCCESS ? sst : st;
  }
  pthread_mutex_unlock(&d->lock);
  if (st != CL_SUCCESS) {
    rt_log_debug("synchronizing device %d: %s", d->ordinal,
                 rt_cl_status_name(st));
    rt_fault_lost(d, st, "a device synchronize");
    return rt_cl_error(st, cu2clErrorLaunchFailure);
  }
  RT_TRY(rt_devrt_check(d)); /* a failed device assert */
  return rt_managed_to_host(d);
}

void rt_stream_release_device(rt_device *d) {
  pthread_mutex_lock(&d->lock);
  while (d->streams) {
    struct cu2clStream *s = d->streams;
    d->streams = s->next;
    clReleaseCommandQueue(s->queue);
    free(s);
  }
  while (d->events) {
    struct cu2clEvent *e = d->events;
    d->events = e->next;
    if (e->marker)
      clReleaseEvent(e->marker);
    free(e);
  }
  d->nblocking = 0;
  pthread_mutex_unlock(&d->lock);
}

cu2clError_t cu2clDeviceSynchronize(void) {
  rt_device *d;
  RT_TRY(rt_graph_unsafe_call()); /* refused during most captures */
  RT_TRY(rt_device_current(&d));
  RT_TRY(rt_stream_sync_device(d));
  rt_trace_managed_sync(); /* CU2CL_TRACE: managed memory, now readable */
  return cu2clSuccess;
}

/* ---- streams --------------------------------------------------------------
 */

cu2clError_t cu2clStreamCreateWithFlags(cu2clStream_t *stream,
                                        unsigned int flags) {
  RT_CHECK(stream != NULL, cu2clErrorInvalidValue);
  RT_CHECK(flags == cu2clStreamDefault || flags == cu2clStreamNonBlocking,
           cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  struct cu2clStream *s = calloc(1, sizeof *s);
  RT_CHECK(s != NULL, cu2clErrorMemoryAllocation);
  cl_int st;
  s->queue = rt_device_new_queue(d, &st);
  if (st != CL_SUCCESS) {
    free(s);
    rt_log_debug("creating a stream queue: %s", rt_cl_status_name(st));
    return rt_fail(rt_cl_error(st, cu2clErrorMemoryAllocation));
  }
  s->dev = d;
  s->flags = flags;
  s->seen_default = ~0ul; /* the first command waits for the default stream */
  pthread_mutex_lock(&d->lock);
  s->next = d->streams;
  d->streams = s;
  if (!(flags & cu2clStreamNonBlocking))
    __atomic_add_fetch(&d->nblocking, 1, __ATOMIC_ACQ_REL);
  pthread_mutex_unlock(&d->lock);
  *stream = s;
  return cu2clSuccess;
}

cu2clError_t cu2clStreamCreate(cu2clStream_t *stream) {
  return cu2clStreamCreateWithFlags(stream, cu2clStreamDefault);
}

/* Like CUDA, returns at once; work already enqueued still completes, since
 * releasing an OpenCL queue flushes it. */
cu2clError_t cu2clStreamDestroy(cu2clStream_t stream) {
  RT_CHECK(!rt_is_default_stream(stream), cu2clErrorInvalidResourceHandle);
  rt_device *d = stream->dev;
  pthread_mutex_lock(&d->lock);
  struct cu2clStream **link = &d->streams;
  while (*link && *link != stream)
    link = &(*link)->next;
  int found = *link != NULL;
  if (found)
    *link = stream->next;
  pthread_mutex_unlock(&d->lock);
  RT_CHECK(found, cu2clErrorInvalidResourceHandle);
  if (!(stream->flags & cu2clStreamNonBlocking))
    __atomic_sub_fetch(&d->nblocking, 1, __ATOMIC_ACQ_REL);
  rt_graph_stream_destroyed(stream); /* ends a capture in progress */
  clReleaseCommandQueue(stream->queue);
  free(stream);
  return cu2clSuccess;
}

static cu2clError_t rt_stream_device(cu2clStream_t stream, rt_device **d) {
  if (!rt_is_default_stream(stream)) {
    *d = stream->dev;
    return cu2clSuccess;
  }
  return rt_device_current(d);
}

/* CUDA's defaults (stack 1 KiB, printf FIFO 1 MiB, malloc heap 8 MiB, sync
 * depth 2, 2048 pending launches, L2 fetch 64 B, no persisting L2). */
static size_t rt_limits[7] = {1024, 1u << 20, 8u << 20, 2, 2048, 64, 0};

cu2clError_t cu2clDeviceSetLimit(cu2clLimit limit, size_t value) {
  RT_CHECK((unsigned)limit < 7, cu2clErrorUnsupportedLimit);
  __atomic_store_n(&rt_limits[limit], value, __ATOMIC_RELAXED);
  return cu2clSuccess;
}

cu2clError_t cu2clDeviceGetLimit(size_t *value, cu2clLimit limit) {
  RT_CHECK(value != NULL, cu2clErrorInvalidValue);
  RT_CHECK((unsigned)limit < 7, cu2clErrorUnsupportedLimit);
  *value = __atomic_load_n(&rt_limits[limit], __ATOMIC_RELAXED);
  return cu2clSuccess;
}

cu2clError_t cu2clProfilerStart(void) {
  return cu2clSuccess;
}
cu2clError_t cu2clProfilerStop(void) {
  return cu2clSuccess;
}

/* Stream priorities: OpenCL queues have none, so the device reports the
 * range CUDA documents for a device without priorities (0 and 0), every
 * priority is clamped into it, and streams are created as without one. */
cu2clError_t cu2clDeviceGetStreamPriorityRange(int *least, int *greatest) {
  if (least)
    *least = 0;
  if (greatest)
    *greatest = 0;
  return cu2clSuccess;
}

cu2clError_t cu2clStreamCreateWithPriority(cu2clStream_t *stream,
                                           unsigned int flags, int priority) {
  (void)priority; /* clamped into [0, 0] */
  return cu2clStreamCreateWithFlags(stream, flags);
}

cu2clError_t cu2clStreamGetPriority(cu2clStream_t stream, int *priority) {
  (void)stream;
  RT_CHECK(priority != NULL, cu2clErrorInvalidValue);
  *priority = 0;
  return cu2clSuccess;
}

/* ---- host functions in streams ---------------------------------------------
 * CUDA runs a host function when the stream's earlier work is done, and
 * later work waits for it to return. Here a marker's completion callback
 * hands it to a thread of cu2clrt's own, which runs it and completes a user
 * event that a barrier holds the stream's later commands on. As in CUDA,
 * the function must not call the runtime.
 *
 * Not in the callback itself: an OpenCL implementation may run an event's
 * callback in the thread that registers it, when the event has already
 * completed (PoCL does), which ran the function inside cu2clLaunchHostFunc
 * (a function waiting for what its caller does next never returned), and a
 * driver's callback thread is not user code's to hold. One thread runs
 * them all, in the order their markers complete, as CUDA's runtime does. */

typedef struct rt_host_call {
  cu2clHostFn_t fn;               /* cu2clLaunchHostFunc */
  cu2clStreamCallback_t callback; /* cu2clStreamAddCallback */
  cu2clStream_t stream;
  void *data;
  cl_event release; /* user event the stream's later work waits for */
  cl_int status;    /* the marker's */
  struct rt_host_call *next;
} rt_host_call;

static struct {
  pthread_mutex_t lock;
  pthread_cond_t work;
  rt_host_call *head, *tail;
  int started;
} g_host = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, 0};

static void rt_host_call_finish(rt_host_call *c) {
  if (c->fn)
    c->fn(c->data);
  else
    c->callback(c->stream,
                c->status < 0 ? cu2clErrorLaunchFailure : cu2clSuccess,
                c->data);
  clSetUserEventStatus(c->release, CL_COMPLETE);
  clReleaseEvent(c->release);
  free(c);
}

static void *rt_host_worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&g_host.lock);
  for (;;) {
    while (!g_host.head)
      pthread_cond_wait(&g_host.work, &g_host.lock);
    rt_host_call *c = g_host.head;
    g_host.head = c->next;
    if (!g_host.head)
      g_host.tail = NULL;
    pthread_mutex_unlock(&g_host.lock);
    rt_host_call_finish(c);
    pthread_mutex_lock(&g_host.lock);
  }
  return NULL;
}

/* Starts the thread once; 0 when none can be had. */
static int rt_host_worker_up(void) {
  pthread_mutex_lock(&g_host.lock);
  if (!g_host.started) {
    pthread_t t;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) == 0) {
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      g_host.started = pthread_create(&t, &attr, rt_host_worker, NULL) == 0;
      pthread_attr_destroy(&attr);
    }
  }
  int up = g_host.started;
  pthread_mutex_unlock(&g_host.lock);
  return up;
}

static void CL_CALLBACK rt_host_call_run(cl_event marker, cl_int status,
                                         void *arg) {
  rt_host_call *c = arg;
  c->status = status;
  c->next = NULL;
  clReleaseEvent(marker);
  pthread_mutex_lock(&g_host.lock);
  int queued = g_host.started;
  if (queued) {
    if (g_host.tail)
      g_host.tail->next = c;
    else
      g_host.head = c;
    g_host.tail = c;
    pthread_cond_signal(&g_host.work);
  }
  pthread_mutex_unlock(&g_host.lock);
  if (!queued) /* no thread could be started: here, as a last resort */
    rt_host_call_finish(c);
}

/* c's marker, barrier and callback on q (of d). */
static cu2clError_t rt_enqueue_host_call(rt_host_call *c, rt_device *d,
                                         cl_command_queue q) {
  cl_int st;
  cl_event marker = NULL;
  rt_host_worker_up();
  c->release = clCreateUserEvent(d->ctx, &st);
  if (st == CL_SUCCESS)
    st = clEnqueueMarkerWithWaitList(q, 0, NULL, &marker);
  if (st == CL_SUCCESS)
    st = clEnqueueBarrierWithWaitList(q, 1, &c->release, NULL);
  if (st == CL_SUCCESS)
    st = clSetEventCallback(marker, CL_COMPLETE, rt_host_call_run, c);
  if (st != CL_SUCCESS) {
    if (c->release) {
      clSetUserEventStatus(c->release, CL_COMPLETE); /* frees the stream */
      clReleaseEvent(c->release);
    }
    if (marker)
      clReleaseEvent(marker);
    rt_log_debug("enqueueing a host function: %s", rt_cl_status_name(st));
    return rt_cl_error(st, cu2clErrorLaunchFailure);
  }
  clFlush(q); /* the marker must reach the device for the callback to run */
  return cu2clSuccess;
}

cu2clError_t rt_stream_host_call(rt_device *d, cl_command_queue q,
                                 cu2clHostFn_t fn, void *data) {
  rt_host_call *c = malloc(sizeof *c);
  if (!c)
    return cu2clErrorMemoryAllocation;
  *c = (rt_host_call){.fn = fn, .data = data};
  cu2clError_t err = rt_enqueue_host_call(c, d, q);
  if (err != cu2clSuccess)
    free(c);
  return err;
}

/* Copies call into a heap record the callback frees once it has run. */
static cu2clError_t rt_host_call_start(rt_host_call call) {
  rt_device *d;
  cl_command_queue q;
  RT_TRY(rt_stream_device(call.stream, &d));
  RT_TRY(rt_stream_acquire(call.stream, d, &q));
  rt_host_call *c = malloc(sizeof *c);
  RT_CHECK(c != NULL, cu2clErrorMemoryAllocation);
  *c = call;
  cu2clError_t err = rt_enqueue_host_call(c, d, q);
  if (err != cu2clSuccess)
    free(c);
  return rt_fail(err);
}

/* On a capturing stream the function becomes a host node (rt_graph.h). */
cu2clError_t cu2clLaunchHostFunc(cu2clStream_t stream, cu2clHostFn_t fn,
                                 void *user_data) {
  RT_CHECK(fn != NULL, cu2clErrorInvalidValue);
  if (rt_graph_capturing(stream))
    return rt_fail(rt_graph_record_host(stream, fn, user_data));
  return rt_host_call_start(
      (rt_host_call){.fn = fn, .stream = stream, .data = user_data});
}

cu2clError_t cu2clStreamAddCallback(cu2clStream_t stream,
                                    cu2clStreamCallback_t callback,
                                    void *user_data, unsigned int flags) {
  RT_CHECK(callback != NULL && flags == 0, cu2clErrorInvalidValue);
  return rt_host_call_start((rt_host_call){
      .callback = callback, .stream = stream, .data = user_data});
}

/* The epoch counter of stream and the record of its last completed one. */
static void rt_stream_epochs(cu2clStream_t stream, rt_device *d,
                             unsigned long **epoch, unsigned long **idle) {
  int dflt = rt_is_default_stream(stream);
  *epoch = dflt ? &d->default_epoch : &stream->epoch;
  *idle = dflt ? &d->default_idle : &stream->idle_epoch;
}

cu2clError_t cu2clStreamSynchronize(cu2clStream_t stream) {
  rt_device *d;
  cl_command_queue q;
  unsigned long *epoch, *idle;
  RT_TRY(rt_stream_device(stream, &d));
  RT_TRY(rt_stream_acquire(stream, d, &q));
  rt_stream_epochs(stream, d, &epoch, &idle);
  unsigned long now = rt_epoch_now(epoch);
  cl_int st = clFinish(q);
  if (st != CL_SUCCESS)
    rt_fault_lost(d, st, "a stream synchronize");
  RT_CHECK(st == CL_SUCCESS, cu2clErrorLaunchFailure);
  __atomic_store_n(idle, now, __ATOMIC_RELEASE);
  RT_TRY(rt_devrt_check(d)); /* a failed device assert */
  RT_TRY(rt_managed_to_host(d));
  /* CU2CL_TRACE records managed memory at a stream synchronize too, as the
   * original's tracing header does: once the whole device is idle. */
  if (rt_trace_managed_count()) {
    RT_TRY(rt_stream_sync_device(d));
    rt_trace_managed_sync();
  }
  return cu2clSuccess;
}

/* cu2clErrorNotReady is an answer, not a failure: it is not recorded as the
 * last error (CUDA does the same). */
static cu2clError_t rt_event_status(cl_event ev) {
  cl_int status;
  cl_int st = clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS,
                             sizeof status, &status, NULL);
  if (st != CL_SUCCESS || status < 0)
    return rt_fail(cu2clErrorLaunchFailure);
  return status == CL_COMPLETE ? cu2clSuccess : cu2clErrorNotReady;
}

/* Nothing enqueued since the last synchronization answers at once; else a
 * marker tells whether the queue has drained. */
cu2clError_t cu2clStreamGetFlags(cu2clStream_t stream, unsigned int *flags) {
  RT_CHECK(flags != NULL, cu2clErrorInvalidValue);
  *flags = rt_is_default_stream(stream) ? cu2clStreamDefault : stream->flags;
  return cu2clSuccess;
}

cu2clError_t cu2clStreamQuery(cu2clStream_t stream) {
  rt_device *d;
  cl_command_queue q;
  cl_event mark;
  unsigned long *epoch, *idle;
  RT_TRY(rt_stream_device(stream, &d));
  if (rt_graph_capturing(stream)) /* refused; invalidates the capture */
    RT_TRY(rt_graph_refuse(stream));
  rt_stream_epochs(stream, d, &epoch, &idle);
  if (rt_epoch_now(epoch) == rt_epoch_now(idle))
    return cu2clSuccess;
  RT_TRY(rt_stream_acquire(stream, d, &q));
  cl_int st = clEnqueueMarkerWithWaitList(q, 0, NULL, &mark);
  RT_CHECK(st == CL_SUCCESS, cu2clErrorLaunchFailure);
  clFlush(q);
  cu2clError_t err = rt_event_status(mark);
  clReleaseEvent(mark);
  return err;
}

cu2clError_t cu2clStreamWaitEvent(cu2clStream_t stream, cu2clEvent_t event,
                                  unsigned int flags) {
  RT_CHECK(event != NULL, cu2clErrorInvalidResourceHandle);
  RT_CHECK(flags == 0, cu2clErrorInvalidValue);
  cu2clError_t err;
  if (rt_graph_event_wait(stream, event, &err)) /* recorded in a capture */
    return rt_fail(err);
  if (!event->marker)
    return cu2clSuccess; /* never recorded: nothing to wait for */
  cl_command_queue q;
  RT_TRY(rt_stream_acquire(stream, event->dev, &q));
  cl_int st = clEnqueueBarrierWithWaitList(q, 1, &event->marker, NULL);
  RT_CHECK(st == CL_SUCCESS, cu2clErrorLaunchFailure);
  return cu2clSuccess;
}

/* ---- events ---------------------------------------------------------------
 */

cu2clError_t cu2clEventCreateWithFlags(cu2clEvent_t *event,
                                       unsigned int flags) {
  RT_CHECK(event != NULL, cu2clErrorInvalidValue);
  RT_CHECK((flags & ~0x7u) == 0, cu2clErrorInvalidValue);
  RT_CHECK(!(flags & cu2clEventInterprocess), cu2clErrorNotSupported);
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  struct cu2clEvent *e = calloc(1, sizeof *e);
  RT_CHECK(e != NULL, cu2clErrorMemoryAllocation);
  e->dev = d;
  e->flags = flags;
  pthread_mutex_lock(&d->lock);
  e->next = d->events;
  d->events = e;
  pthread_mutex_unlock(&d->lock);
  *event = e;
  return cu2clSuccess;
}

cu2clError_t cu2clEventCreate(cu2clEvent_t *event) {
  return cu2clEventCreateWithFlags(event, cu2clEventDefault);
}

cu2clError_t cu2clEventDestroy(cu2clEvent_t event) {
  RT_CHECK(event != NULL, cu2clErrorInvalidResourceHandle);
  rt_device *d = event->dev;
  pthread_mutex_lock(&d->lock);
  struct cu2clEvent **link = &d->events;
  while (*link && *link != event)
    link = &(*link)->next;
  int found = *link != NULL;
  if (found)
    *link = event->next;
  pthread_mutex_unlock(&d->lock);
  RT_CHECK(found, cu2clErrorInvalidResourceHandle);
  if (event->marker)
    clReleaseEvent(event->marker);
  free(event->capture_nodes);
  free(event);
  return cu2clSuccess;
}

cu2clError_t rt_event_record_on(cu2clEvent_t event, cl_command_queue q) {
  cl_event mark;
  cl_int st = clEnqueueMarkerWithWaitList(q, 0, NULL, &mark);
  if (st != CL_SUCCESS)
    return cu2clErrorLaunchFailure;
  clFlush(q); /* so that queries and waits see progress */
  if (event->marker)
    clReleaseEvent(event->marker);
  event->marker = mark;
  return cu2clSuccess;
}

cu2clError_t rt_event_wait_on(cu2clEvent_t event, cl_command_queue q) {
  if (!event->marker)
    return cu2clSuccess; /* never recorded: nothing to wait for */
  cl_int st = clEnqueueBarrierWithWaitList(q, 1, &event->marker, NULL);
  return st == CL_SUCCESS ? cu2clSuccess : cu2clErrorLaunchFailure;
}

/* On a capturing stream the record is the capture's (rt_graph.h): other
 * streams that wait for the event join the capture. */
cu2clError_t cu2clEventRecord(cu2clEvent_t event, cu2clStream_t stream) {
  RT_CHECK(event != NULL, cu2clErrorInvalidResourceHandle);
  if (rt_graph_capturing(stream)) {
    RT_CHECK(stream->dev == event->dev, cu2clErrorInvalidResourceHandle);
    return rt_fail(rt_graph_event_record(event, stream));
  }
  event->capture_id = 0;
  cl_command_queue q;
  RT_TRY(rt_stream_acquire(stream, event->dev, &q));
  return rt_fail(rt_event_record_on(event, q));
}

cu2clError_t cu2clEventSynchronize(cu2clEvent_t event) {
  RT_CHECK(event != NULL, cu2clErrorInvalidResourceHandle);
  if (!event->marker)
    return cu2clSuccess;
  RT_TRY(rt_fault_error(event->dev));
  cl_int st = clWaitForEvents(1, &event->marker);
  if (st != CL_SUCCESS)
    rt_fault_lost(event->dev, st, "an event synchronize");
  RT_CHECK(st == CL_SUCCESS, cu2clErrorLaunchFailure);
  RT_TRY(rt_devrt_check(event->dev)); /* a failed device assert */
  RT_TRY(rt_managed_to_host(event->dev));
  return cu2clSuccess;
}

cu2clError_t cu2clEventQuery(cu2clEvent_t event) {
  RT_CHECK(event != NULL, cu2clErrorInvalidResourceHandle);
  return event->marker ? rt_event_status(event->marker) : cu2clSuccess;
}

/* Time between the completions of the two markers, from the queue's
 * profiling clock. */
cu2clError_t cu2clEventElapsedTime(float *ms, cu2clEvent_t start,
                                   cu2clEvent_t end) {
  RT_CHECK(ms != NULL, cu2clErrorInvalidValue);
  RT_CHECK(start != NULL && end != NULL, cu2clErrorInvalidResourceHandle);
  RT_CHECK(start->marker && end->marker, cu2clErrorInvalidResourceHandle);
  RT_CHECK(!((start->flags | end->flags) & cu2clEventDisableTiming),
           cu2clErrorInvalidResourceHandle);
  RT_CHECK(start->dev == end->dev, cu2clErrorInvalidResourceHandle);
  cu2clError_t err = rt_event_status(start->marker);
  if (err == cu2clSuccess)
    err = rt_event_status(end->marker);
  if (err != cu2clSuccess)
    return err;
  cl_ulong t0, t1;
  cl_int st = clGetEventProfilingInfo(start->marker, CL_PROFILING_COMMAND_END,
                                      sizeof t0, &t0, NULL);
  if (st == CL_SUCCESS)
    st = clGetEventProfilingInfo(end->marker, CL_PROFILING_COMMAND_END,
                                 sizeof t1, &t1, NULL);
  if (st != CL_SUCCESS)
    rt_log_error("event timing unavailable on this device: %s",
                 rt_cl_status_name(st));
  RT_CHECK(st == CL_SUCCESS, cu2clErrorNotSupported);
  *ms = (float)((double)((long long)(t1 - t0)) / 1e6);
  return cu2clSuccess;
}
