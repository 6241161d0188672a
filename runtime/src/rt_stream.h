/*
 * rt_stream: streams (one in-order, profiling queue each), events, and
 * CUDA's legacy default-stream ordering.
 *
 * The default stream (NULL, cu2clStreamLegacy, cu2clStreamPerThread) is the
 * device's own queue. A blocking stream (created without
 * cu2clStreamNonBlocking) waits for earlier default-stream work, and the
 * default stream waits for earlier work of every blocking stream, as in
 * CUDA. That ordering is added only when needed: each queue counts what was
 * enqueued on it (an epoch), and a marker plus a barrier join two queues
 * only when the other side has enqueued something since they were last
 * joined. A program that uses only the default stream never pays for it.
 */
#ifndef CU2CL_RT_STREAM_H
#define CU2CL_RT_STREAM_H

#include "rt_device.h"

struct rt_capture;

struct cu2clStream {
  rt_device *dev;
  cl_command_queue queue;
  unsigned int flags;
  unsigned long epoch;        /* commands enqueued on this stream */
  unsigned long idle_epoch;   /* epoch known complete (last synchronize) */
  unsigned long joined_epoch; /* epoch the default stream last waited for */
  unsigned long seen_default; /* default-stream epoch this stream waited for */
  struct cu2clStream *next;   /* dev->streams */
  /* The stream capture in progress (rt_graph.h), or NULL; read with
   * acquire ordering, written under rt_graph's lock. */
  struct rt_capture *capture;
};

struct cu2clEvent {
  rt_device *dev;
  unsigned int flags;
  cl_event marker; /* the last record; NULL before the first */
  /* A record during a stream capture (rt_graph.h): the capture's id and
   * the nodes a stream waiting for the event comes to depend on; id 0
   * when the last record was not captured. Written under rt_graph's
   * lock. */
  unsigned long long capture_id;
  struct cu2clGraphNode **capture_nodes;
  size_t ncapture_nodes;
  struct cu2clEvent *next; /* dev->events */
};

/* NULL, cu2clStreamLegacy and cu2clStreamPerThread all name the default
 * stream. */
static inline int rt_is_default_stream(cu2clStream_t s) {
  return s == NULL || s == cu2clStreamLegacy || s == cu2clStreamPerThread;
}

/* The queue that work for stream on dev goes to, ordered after what CUDA's
 * default-stream rules require. Fails with cu2clErrorInvalidResourceHandle
 * when stream belongs to another device, and with the capture errors of
 * rt_graph_refuse / rt_graph_legacy_use when stream is capturing, or is the
 * default stream while a blocking stream captures. */
cu2clError_t rt_stream_acquire(cu2clStream_t stream, rt_device *dev,
                               cl_command_queue *queue);
/* Waits for every queue of dev; managed memory is host-mapped afterwards. */
cu2clError_t rt_stream_sync_device(rt_device *dev);
/* Enqueues a call of fn(data) on q (of d) once q's earlier work is done;
 * q's later work waits for it (cu2clLaunchHostFunc's mechanism). */
cu2clError_t rt_stream_host_call(rt_device *d, cl_command_queue q,
                                 cu2clHostFn_t fn, void *data);
/* event recorded on q, or q waiting for event's last record. */
cu2clError_t rt_event_record_on(cu2clEvent_t event, cl_command_queue q);
cu2clError_t rt_event_wait_on(cu2clEvent_t event, cl_command_queue q);
/* Releases every stream and event of dev (cu2clDeviceReset). */
void rt_stream_release_device(rt_device *dev);

#endif
