/*
 * check_rt_graph: CUDA graphs by stream capture (rt_graph) on the local
 * OpenCL device (PoCL in CI), with hand-written OpenCL C kernels.
 *
 * Core: a captured sequence (fill, two launches, a device-to-host copy) is
 * recorded, not run, and each replay runs it once with the argument values
 * of capture time and without building anything; symbol copies; a
 * non-blocking stream; an empty capture; an executable graph launched into
 * another capture; launches on other streams; the capture queries.
 * Errors: work a capture refuses and the invalidation it causes (a
 * synchronous copy, the legacy stream, events, synchronization, device
 * algorithms), the capture modes across threads, misuse of the capture
 * calls, NULL and destroyed handles, a device reset.
 *
 * Each test runs in its own process (CK_FORK is forced).
 */
#include <check.h>
#include <pthread.h>
#include <string.h>

#include "cu2clrt.h"

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

static const char kernels_cl[] =
    "__kernel void add_index(__global int *p, int base,\n"
    "                        __global int *count) {\n"
    "  int i = get_global_id(0);\n"
    "  p[i] += base + i;\n"
    "  if (i == 0) count[0] += 1;\n"
    "}\n"
    "__kernel void scale_into(__global const int *p, __global int *q, int f,\n"
    "                         __local int *tmp) {\n"
    "  size_t l = get_local_id(0);\n"
    "  tmp[l] = p[get_global_id(0)] * f;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  q[get_global_id(0)] = tmp[l];\n"
    "}\n"
    "__kernel void from_coef(__global int *out, __constant int *coef) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = coef[i % 4] * (i + 1);\n"
    "}\n";

static cu2clProgram program = {"check_rt_graph.cl", kernels_cl, NULL, NULL};
static cu2clKernelRef k_add = {&program, "add_index", NULL, NULL};
static cu2clKernelRef k_scale = {&program, "scale_into", NULL, NULL};
static cu2clKernelRef k_coef = {&program, "from_coef", NULL, NULL};

static const int coef_init[4] = {1, 2, 3, 4};
static cu2clSymbol coef = {"coef", sizeof coef_init, coef_init, NULL};

enum { N = 256, B = 64 };

static dim3 dims(unsigned x) {
  dim3 d = {x, 1, 1};
  return d;
}

/* One launch of add_index(p, *base, count) on stream. */
static cu2clError_t add(int **p, int *base, int **count, cu2clStream_t s) {
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof *p, p},
                     {CU2CL_ARG_VALUE, sizeof *base, base},
                     {CU2CL_ARG_DEVPTR, sizeof *count, count}};
  return cu2clLaunchKernel(&k_add, dims(N / B), dims(B), 0, s, args, 3);
}

static int device_int(const int *p) {
  int v = -1;
  CK(cu2clMemcpy(&v, p, sizeof v, cu2clMemcpyDeviceToHost));
  return v;
}

static cu2clStreamCaptureStatus status_of(cu2clStream_t s) {
  cu2clStreamCaptureStatus st = (cu2clStreamCaptureStatus)-1;
  CK(cu2clStreamIsCapturing(s, &st));
  return st;
}

/* ---- Core -----------------------------------------------------------------
 */

START_TEST(test_capture_replay) {
  enum { REPLAYS = 5 };
  int *d = NULL, *e = NULL, *count = NULL, *host = NULL;
  cu2clStream_t s;
  cu2clGraph_t g = NULL;
  cu2clGraphExec_t x = NULL;
  CK(cu2clStreamCreate(&s));
  CK(cu2clMalloc((void **)&d, N * sizeof(int)));
  CK(cu2clMalloc((void **)&e, N * sizeof(int)));
  CK(cu2clMalloc((void **)&count, sizeof(int)));
  CK(cu2clMallocHost((void **)&host, N * sizeof(int)));
  CK(cu2clMemset(count, 0, sizeof(int)));
  memset(host, 0xff, N * sizeof(int));
  CK(cu2clDeviceSynchronize());

  int base = 7, f = 3, *target = e;
  cu2clArg scale_args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                           {CU2CL_ARG_DEVPTR, sizeof target, &target},
                           {CU2CL_ARG_VALUE, sizeof f, &f},
                           {CU2CL_ARG_LOCAL, B * sizeof(int), NULL}};
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusActive);
  CK(cu2clMemsetAsync(d, 1, N * sizeof(int), s));
  CK(add(&d, &base, &count, s));
  CK(cu2clLaunchKernel(&k_scale, dims(N / B), dims(B), B * sizeof(int), s,
                       scale_args, 4));
  CK(cu2clMemcpyAsync(host, e, N * sizeof(int), cu2clMemcpyDeviceToHost, s));
  CK(cu2clStreamEndCapture(s, &g));
  ck_assert_ptr_nonnull(g);
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusNone);

  /* Recorded, not run. */
  CK(cu2clStreamSynchronize(s));
  ck_assert_int_eq(host[0], -1);
  ck_assert_int_eq(device_int(count), 0);
  /* The launches keep the argument values of capture time. */
  base = 1000;
  f = 1000;
  target = d;
  CK(cu2clGraphInstantiate(&x, g, 0));
  CK(cu2clGraphDestroy(g)); /* the executable graph keeps the recording */

  cu2clCacheStats before, after;
  CK(cu2clGetCacheStats(&before));
  for (int r = 1; r <= REPLAYS; r++) {
    memset(host, 0xff, N * sizeof(int));
    CK(cu2clGraphLaunch(x, s));
    CK(cu2clStreamSynchronize(s));
    for (int i = 0; i < N; i++)
      ck_assert_int_eq(host[i], (0x01010101 + 7 + i) * 3);
    ck_assert_int_eq(device_int(count), r); /* each replay ran it once */
  }
  /* Replays reuse the kernels made at capture: no build, no cache lookup. */
  CK(cu2clGetCacheStats(&after));
  ck_assert_uint_eq(after.builds, before.builds);
  ck_assert_uint_eq(after.hits + after.misses, before.hits + before.misses);
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
  CK(cu2clFree(e));
  CK(cu2clFree(count));
  CK(cu2clFreeHost(host));
}
END_TEST

/* Symbol copies and a symbol argument, on a non-blocking stream; the
 * default stream stays usable meanwhile. Copies record addresses, so a
 * replay reads the host array as it is then. */
START_TEST(test_capture_symbols_nonblocking) {
  int *src = NULL, *back = NULL, *out = NULL, *host = NULL, *other = NULL;
  cu2clStream_t s;
  cu2clGraph_t g;
  cu2clGraphExec_t x;
  CK(cu2clStreamCreateWithFlags(&s, cu2clStreamNonBlocking));
  CK(cu2clMallocHost((void **)&src, 4 * sizeof(int)));
  CK(cu2clMallocHost((void **)&back, 4 * sizeof(int)));
  CK(cu2clMallocHost((void **)&host, N * sizeof(int)));
  CK(cu2clMalloc((void **)&out, N * sizeof(int)));
  CK(cu2clMalloc((void **)&other, N * sizeof(int)));
  for (int i = 0; i < 4; i++)
    src[i] = 5 + i;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof out, &out},
                     {CU2CL_ARG_SYMBOL, sizeof(void *), &coef}};
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeThreadLocal));
  CK(cu2clMemcpyToSymbolAsync(&coef, src, sizeof coef_init, 0,
                              cu2clMemcpyHostToDevice, s));
  CK(cu2clLaunchKernel(&k_coef, dims(N / B), dims(B), 0, s, args, 2));
  CK(cu2clMemcpyFromSymbolAsync(back, &coef, sizeof coef_init, 0,
                                cu2clMemcpyDeviceToHost, s));
  CK(cu2clMemcpyAsync(host, out, N * sizeof(int), cu2clMemcpyDeviceToHost, s));
  /* A non-blocking capture leaves the legacy stream alone. */
  CK(cu2clMemset(other, 0, N * sizeof(int)));
  CK(cu2clStreamEndCapture(s, &g));
  CK(cu2clGraphInstantiate(&x, g, 0));

  int now[4];
  CK(cu2clMemcpyFromSymbol(now, &coef, sizeof now, 0, cu2clMemcpyDeviceToHost));
  ck_assert_mem_eq(now, coef_init, sizeof now); /* capture changed nothing */
  for (int round = 0; round < 2; round++) {
    if (round == 1)
      for (int i = 0; i < 4; i++)
        src[i] = 20 + i;
    CK(cu2clGraphLaunch(x, s));
    CK(cu2clStreamSynchronize(s));
    ck_assert_mem_eq(back, src, 4 * sizeof(int));
    for (int i = 0; i < N; i++)
      ck_assert_int_eq(host[i], src[i % 4] * (i + 1));
  }
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clMemcpyToSymbol(&coef, coef_init, sizeof coef_init, 0,
                         cu2clMemcpyHostToDevice));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFreeHost(src));
  CK(cu2clFreeHost(back));
  CK(cu2clFreeHost(host));
  CK(cu2clFree(out));
  CK(cu2clFree(other));
}
END_TEST

START_TEST(test_empty_capture) {
  cu2clStream_t s;
  cu2clGraph_t g = NULL;
  cu2clGraphExec_t x = NULL;
  CK(cu2clStreamCreate(&s));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeRelaxed));
  CK(cu2clStreamEndCapture(s, &g));
  ck_assert_ptr_nonnull(g);
  CK(cu2clGraphInstantiate(&x, g, 0));
  CK(cu2clGraphUpload(x, s));
  CK(cu2clGraphLaunch(x, s));
  CK(cu2clGraphLaunch(x, NULL));
  CK(cu2clStreamSynchronize(s));
  CK(cu2clDeviceSynchronize());
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clStreamDestroy(s));
}
END_TEST

/* An executable graph launched into a capture is recorded as a whole, and
 * stays alive inside the new graph after its own handle is destroyed. */
START_TEST(test_graph_in_capture) {
  int *d = NULL, *count = NULL, base = 1;
  cu2clStream_t s;
  cu2clGraph_t inner, outer;
  cu2clGraphExec_t xi, xo;
  CK(cu2clStreamCreate(&s));
  CK(cu2clMalloc((void **)&d, N * sizeof(int)));
  CK(cu2clMalloc((void **)&count, sizeof(int)));
  CK(cu2clMemset(d, 0, N * sizeof(int)));
  CK(cu2clMemset(count, 0, sizeof(int)));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  CK(add(&d, &base, &count, s));
  CK(cu2clStreamEndCapture(s, &inner));
  CK(cu2clGraphInstantiate(&xi, inner, 0));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  CK(cu2clGraphLaunch(xi, s));
  CK(cu2clGraphLaunch(xi, s));
  base = 100;
  CK(add(&d, &base, &count, s));
  CK(cu2clStreamEndCapture(s, &outer));
  CK(cu2clGraphExecDestroy(xi));
  CK(cu2clGraphDestroy(inner));
  CK(cu2clGraphInstantiateWithFlags(&xo, outer,
                                    cu2clGraphInstantiateFlagUpload));
  CK(cu2clGraphDestroy(outer));
  CK(cu2clDeviceSynchronize());
  ck_assert_int_eq(device_int(count), 0);
  CK(cu2clGraphLaunch(xo, s));
  CK(cu2clStreamSynchronize(s));
  ck_assert_int_eq(device_int(count), 3);
  int last = -1;
  CK(cu2clMemcpy(&last, d + N - 1, sizeof last, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(last, 2 * (1 + N - 1) + 100 + N - 1);
  CK(cu2clGraphExecDestroy(xo));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
  CK(cu2clFree(count));
}
END_TEST

/* One recording, launched on the default stream and on other streams, with
 * the work ordered by each stream. */
START_TEST(test_launch_on_other_streams) {
  int *d = NULL, *count = NULL, base = 0;
  cu2clStream_t s, s2, s3;
  cu2clGraph_t g;
  cu2clGraphExec_t x;
  CK(cu2clStreamCreate(&s));
  CK(cu2clStreamCreate(&s2));
  CK(cu2clStreamCreateWithFlags(&s3, cu2clStreamNonBlocking));
  CK(cu2clMalloc((void **)&d, N * sizeof(int)));
  CK(cu2clMalloc((void **)&count, sizeof(int)));
  CK(cu2clMemset(count, 0, sizeof(int)));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  CK(cu2clMemsetAsync(d, 0, N * sizeof(int), s));
  CK(add(&d, &base, &count, s));
  CK(cu2clStreamEndCapture(s, &g));
  CK(cu2clGraphInstantiate(&x, g, 0));
  CK(cu2clGraphLaunch(x, NULL));
  CK(cu2clGraphLaunch(x, s2)); /* blocking: after the default stream */
  CK(cu2clStreamSynchronize(s2));
  ck_assert_int_eq(device_int(count), 2);
  CK(cu2clGraphLaunch(x, s3));
  CK(cu2clStreamSynchronize(s3));
  ck_assert_int_eq(device_int(count), 3);
  ck_assert_int_eq(device_int(d + 5), 5);
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clStreamDestroy(s));
  CK(cu2clStreamDestroy(s2));
  CK(cu2clStreamDestroy(s3));
  CK(cu2clFree(d));
  CK(cu2clFree(count));
}
END_TEST

START_TEST(test_capture_info) {
  int *d = NULL;
  cu2clStream_t s, nb;
  cu2clStreamCaptureStatus st;
  unsigned long long id1 = 0, id2 = 0;
  size_t deps = 99;
  cu2clGraph_t being = NULL, g1, g2;
  CK(cu2clStreamCreate(&s));
  CK(cu2clStreamCreateWithFlags(&nb, cu2clStreamNonBlocking));
  CK(cu2clMalloc((void **)&d, 64));
  CK(cu2clStreamGetCaptureInfo(s, &st, &id1, NULL, NULL, NULL, NULL));
  ck_assert_int_eq(st, cu2clStreamCaptureStatusNone);
  ck_assert_int_eq(status_of(NULL), cu2clStreamCaptureStatusNone);

  CK(cu2clStreamBeginCapture(nb, cu2clStreamCaptureModeRelaxed));
  CK(cu2clStreamGetCaptureInfo(nb, &st, &id1, &being, NULL, NULL, &deps));
  ck_assert_int_eq(st, cu2clStreamCaptureStatusActive);
  ck_assert_uint_ne(id1, 0);
  ck_assert_ptr_nonnull(being);
  ck_assert_uint_eq(deps, 0);
  CK(cu2clMemsetAsync(d, 0, 64, nb));
  CK(cu2clStreamGetCaptureInfo(nb, &st, NULL, NULL, NULL, NULL, &deps));
  ck_assert_uint_eq(deps, 1);
  /* Only a blocking capture makes the legacy stream unusable. */
  ck_assert_int_eq(status_of(NULL), cu2clStreamCaptureStatusNone);
  CK(cu2clStreamEndCapture(nb, &g1));
  ck_assert_ptr_eq(g1, being); /* the graph that was being recorded */

  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeRelaxed));
  CK(cu2clStreamGetCaptureInfo(s, &st, &id2, NULL, NULL, NULL, NULL));
  ck_assert_uint_ne(id2, id1);
  ck_assert_int_eq(cu2clStreamIsCapturing(NULL, &st),
                   cu2clErrorStreamCaptureImplicit);
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusActive); /* goes on */
  CK(cu2clStreamEndCapture(s, &g2));
  CK(cu2clGraphDestroy(g1));
  CK(cu2clGraphDestroy(g2));
  CK(cu2clStreamDestroy(s));
  CK(cu2clStreamDestroy(nb));
  CK(cu2clFree(d));
  cu2clGetLastError();
}
END_TEST

/* ---- Errors ---------------------------------------------------------------
 */

/* A synchronous copy during a Global capture fails and invalidates it; the
 * stream works normally once the capture has ended. */
START_TEST(test_sync_copy_invalidates) {
  int *d = NULL, host[4] = {0};
  cu2clStream_t s;
  cu2clGraph_t g = (cu2clGraph_t)&g;
  CK(cu2clStreamCreate(&s));
  CK(cu2clMalloc((void **)&d, sizeof host));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  CK(cu2clMemsetAsync(d, 0, sizeof host, s));
  ck_assert_int_eq(cu2clMemcpy(host, d, sizeof host, cu2clMemcpyDeviceToHost),
                   cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusInvalidated);
  ck_assert_int_eq(cu2clMemsetAsync(d, 1, sizeof host, s),
                   cu2clErrorStreamCaptureInvalidated);
  ck_assert_int_eq(cu2clStreamEndCapture(s, &g),
                   cu2clErrorStreamCaptureInvalidated);
  ck_assert_ptr_null(g);
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusNone);

  CK(cu2clMemsetAsync(d, 2, sizeof host, s));
  CK(cu2clMemcpyAsync(host, d, sizeof host, cu2clMemcpyDeviceToHost, s));
  CK(cu2clStreamSynchronize(s));
  ck_assert_int_eq(host[3], 0x02020202);
  /* The other synchronous calls a Global capture refuses. */
  void *p = NULL;
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  ck_assert_int_eq(cu2clMalloc(&p, 16), cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(cu2clFree(d), cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(cu2clDeviceSynchronize(),
                   cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(
      cu2clMemcpyToSymbol(&coef, host, sizeof(int), 0, cu2clMemcpyHostToDevice),
      cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(cu2clStreamEndCapture(s, &g),
                   cu2clErrorStreamCaptureInvalidated);
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
  cu2clGetLastError();
}
END_TEST

/* A Relaxed capture allows synchronous calls and stays valid (on a
 * non-blocking stream: a blocking one would also forbid the legacy stream
 * these calls use, see below). */
START_TEST(test_relaxed_allows_sync_calls) {
  int *d = NULL, host[4] = {1, 2, 3, 4}, back[4];
  void *p = NULL;
  cu2clStream_t s;
  cu2clGraph_t g;
  CK(cu2clStreamCreateWithFlags(&s, cu2clStreamNonBlocking));
  CK(cu2clMalloc((void **)&d, sizeof host));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeRelaxed));
  CK(cu2clMemcpy(d, host, sizeof host, cu2clMemcpyHostToDevice));
  CK(cu2clMemcpy(back, d, sizeof back, cu2clMemcpyDeviceToHost));
  ck_assert_mem_eq(back, host, sizeof host);
  CK(cu2clMalloc(&p, 16));
  CK(cu2clFree(p));
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusActive);
  CK(cu2clStreamEndCapture(s, &g));
  CK(cu2clGraphDestroy(g));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
}
END_TEST

/* While a blocking stream captures, the legacy stream may not be used: that
 * invalidates the capture (asking about it does not). */
START_TEST(test_legacy_stream_during_capture) {
  int *d = NULL;
  cu2clStream_t s;
  cu2clGraph_t g;
  cu2clStreamCaptureStatus st;
  CK(cu2clStreamCreate(&s));
  CK(cu2clMalloc((void **)&d, 64));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeRelaxed));
  ck_assert_int_eq(cu2clStreamIsCapturing(NULL, &st),
                   cu2clErrorStreamCaptureImplicit);
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusActive);
  ck_assert_int_eq(cu2clMemset(d, 0, 64), cu2clErrorStreamCaptureImplicit);
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusInvalidated);
  ck_assert_int_eq(cu2clStreamEndCapture(s, &g),
                   cu2clErrorStreamCaptureInvalidated);
  CK(cu2clMemset(d, 0, 64)); /* fine again */
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
  cu2clGetLastError();
}
END_TEST

static void ignore_callback(cu2clStream_t s, cu2clError_t status, void *d) {
  (void)s;
  (void)status;
  (void)d;
}

/* Work that capture does not record is refused on a capturing stream and
 * invalidates the capture: _i picks which (a wait for an event recorded
 * outside the capture is one). */
START_TEST(test_unrecordable_work) {
  int *d = NULL, value = 1;
  cu2clStream_t s;
  cu2clEvent_t ev;
  cu2clGraph_t g;
  CK(cu2clStreamCreate(&s));
  CK(cu2clEventCreate(&ev));
  CK(cu2clMalloc((void **)&d, 64));
  CK(cu2clEventRecord(ev, NULL));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeRelaxed));
  cu2clError_t err = cu2clSuccess;
  switch (_i) {
  case 0:
    err = cu2clStreamAddCallback(s, ignore_callback, NULL, 0);
    break;
  case 1:
    err = cu2clStreamWaitEvent(s, ev, 0);
    break;
  case 2:
    err = cu2clStreamSynchronize(s);
    break;
  case 3:
    err = cu2clStreamQuery(s);
    break;
  default:
    err = cu2clAlgoFill(s, cu2clAlgoInt, d, 16, &value);
    break;
  }
  ck_assert_int_eq(err, cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusInvalidated);
  ck_assert_int_eq(cu2clStreamEndCapture(s, &g),
                   cu2clErrorStreamCaptureInvalidated);
  CK(cu2clStreamSynchronize(s));
  CK(cu2clEventDestroy(ev));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
  cu2clGetLastError();
}
END_TEST

typedef struct thread_job {
  cu2clStream_t s;
  int *d;
  cu2clError_t end, copy;
  cu2clGraph_t g;
} thread_job;

static void *end_elsewhere(void *arg) {
  thread_job *j = arg;
  j->end = cu2clStreamEndCapture(j->s, &j->g);
  return NULL;
}

static void *copy_elsewhere(void *arg) {
  thread_job *j = arg;
  int v;
  j->copy = cu2clMemcpy(&v, j->d, sizeof v, cu2clMemcpyDeviceToHost);
  return NULL;
}

static void run_in_thread(void *(*fn)(void *), thread_job *j) {
  pthread_t t;
  ck_assert_int_eq(pthread_create(&t, NULL, fn, j), 0);
  ck_assert_int_eq(pthread_join(t, NULL), 0);
}

/* Which threads the capture modes constrain (on a non-blocking stream, so
 * that the legacy stream's synchronous copy is allowed at all). */
START_TEST(test_modes_across_threads) {
  thread_job j = {0};
  cu2clGraph_t g;
  CK(cu2clStreamCreateWithFlags(&j.s, cu2clStreamNonBlocking));
  CK(cu2clMalloc((void **)&j.d, 64));
  /* ThreadLocal: another thread may copy, but not end the capture. */
  CK(cu2clStreamBeginCapture(j.s, cu2clStreamCaptureModeThreadLocal));
  run_in_thread(copy_elsewhere, &j);
  CK(j.copy);
  run_in_thread(end_elsewhere, &j);
  ck_assert_int_eq(j.end, cu2clErrorStreamCaptureWrongThread);
  ck_assert_int_eq(status_of(j.s), cu2clStreamCaptureStatusActive);
  CK(cu2clStreamEndCapture(j.s, &g));
  CK(cu2clGraphDestroy(g));
  /* Global: another thread's copy is refused and invalidates it. */
  CK(cu2clStreamBeginCapture(j.s, cu2clStreamCaptureModeGlobal));
  run_in_thread(copy_elsewhere, &j);
  ck_assert_int_eq(j.copy, cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(cu2clStreamEndCapture(j.s, &g),
                   cu2clErrorStreamCaptureInvalidated);
  /* Relaxed: any thread may end it. */
  CK(cu2clStreamBeginCapture(j.s, cu2clStreamCaptureModeRelaxed));
  run_in_thread(end_elsewhere, &j);
  CK(j.end);
  ck_assert_ptr_nonnull(j.g);
  CK(cu2clGraphDestroy(j.g));
  CK(cu2clStreamDestroy(j.s));
  CK(cu2clFree(j.d));
  cu2clGetLastError();
}
END_TEST

START_TEST(test_capture_misuse) {
  int *d = NULL, *count = NULL, base = 0;
  cu2clStream_t s;
  cu2clGraph_t g = NULL;
  cu2clStreamCaptureStatus st;
  CK(cu2clStreamCreate(&s));
  CK(cu2clMalloc((void **)&d, N * sizeof(int)));
  CK(cu2clMalloc((void **)&count, sizeof(int)));
  ck_assert_int_eq(cu2clStreamBeginCapture(NULL, cu2clStreamCaptureModeGlobal),
                   cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(
      cu2clStreamBeginCapture(cu2clStreamLegacy, cu2clStreamCaptureModeGlobal),
      cu2clErrorStreamCaptureUnsupported);
  ck_assert_int_eq(cu2clStreamBeginCapture(s, (cu2clStreamCaptureMode)7),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clStreamEndCapture(s, &g), cu2clErrorIllegalState);
  ck_assert_int_eq(cu2clStreamEndCapture(NULL, &g), cu2clErrorIllegalState);
  ck_assert_int_eq(cu2clStreamIsCapturing(s, NULL), cu2clErrorInvalidValue);

  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  ck_assert_int_eq(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal),
                   cu2clErrorIllegalState);
  ck_assert_int_eq(cu2clStreamEndCapture(s, NULL), cu2clErrorInvalidValue);
  const cu2clGraphNode_t *nodes = NULL;
  ck_assert_int_eq(
      cu2clStreamGetCaptureInfo(s, &st, NULL, NULL, &nodes, NULL, NULL),
      cu2clErrorNotSupported);
  /* A launch is checked at capture as it would be at once; a failing one
   * is not recorded and the capture goes on. */
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_VALUE, sizeof base, &base},
                     {CU2CL_ARG_DEVPTR, sizeof count, &count}};
  ck_assert_int_eq(cu2clLaunchKernel(&k_add, dims(1), dims(0), 0, s, args, 3),
                   cu2clErrorInvalidConfiguration);
  ck_assert_int_eq(cu2clLaunchKernel(&k_add, dims(1), dims(B), 0, s, args, 2),
                   cu2clErrorInvalidValue);
  cu2clArg bad_size[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                         {CU2CL_ARG_VALUE, 1, &base},
                         {CU2CL_ARG_DEVPTR, sizeof count, &count}};
  ck_assert_int_eq(
      cu2clLaunchKernel(&k_add, dims(1), dims(B), 0, s, bad_size, 3),
      cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clMemcpyAsync(d, d, 8, (cu2clMemcpyKind)9, s),
                   cu2clErrorInvalidMemcpyDirection);
  ck_assert_int_eq(status_of(s), cu2clStreamCaptureStatusActive);
  size_t deps = 7;
  CK(cu2clStreamGetCaptureInfo(s, &st, NULL, NULL, NULL, NULL, &deps));
  ck_assert_uint_eq(deps, 0); /* nothing was recorded */
  CK(cu2clStreamEndCapture(s, &g));
  CK(cu2clGraphDestroy(g));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
  CK(cu2clFree(count));
  cu2clGetLastError();
}
END_TEST

START_TEST(test_null_and_destroyed_handles) {
  cu2clStream_t s;
  cu2clGraph_t g;
  cu2clGraphExec_t x;
  CK(cu2clStreamCreate(&s));
  ck_assert_int_eq(cu2clGraphDestroy(NULL), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphExecDestroy(NULL), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphLaunch(NULL, s), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphUpload(NULL, s), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorInvalidValue);

  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  CK(cu2clStreamEndCapture(s, &g));
  ck_assert_int_eq(cu2clGraphInstantiate(NULL, g, 0), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphInstantiate(&x, NULL, 0), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphInstantiate(&x, g, 0x100), cu2clErrorInvalidValue);
  ck_assert_int_eq(
      cu2clGraphInstantiate(&x, g, cu2clGraphInstantiateFlagDeviceLaunch),
      cu2clErrorNotSupported);
  CK(cu2clGraphInstantiate(&x, g, cu2clGraphInstantiateFlagAutoFreeOnLaunch));
  CK(cu2clGraphDestroy(g));
  ck_assert_int_eq(cu2clGraphDestroy(g), cu2clErrorInvalidValue);
  cu2clGraphExec_t y;
  ck_assert_int_eq(cu2clGraphInstantiate(&y, g, 0), cu2clErrorInvalidValue);
  CK(cu2clGraphLaunch(x, s));
  CK(cu2clGraphExecDestroy(x));
  ck_assert_int_eq(cu2clGraphLaunch(x, s), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphExecDestroy(x), cu2clErrorInvalidValue);
  CK(cu2clStreamSynchronize(s));
  CK(cu2clStreamDestroy(s));
  cu2clGetLastError();
}
END_TEST

/* A reset ends captures and destroys graphs, as CUDA's does. */
START_TEST(test_device_reset) {
  int *d = NULL;
  cu2clStream_t s, s2;
  cu2clGraph_t g;
  cu2clGraphExec_t x;
  CK(cu2clStreamCreate(&s));
  CK(cu2clStreamCreate(&s2));
  CK(cu2clMalloc((void **)&d, 64));
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeRelaxed));
  CK(cu2clMemsetAsync(d, 0, 64, s));
  CK(cu2clStreamEndCapture(s, &g));
  CK(cu2clGraphInstantiate(&x, g, 0));
  CK(cu2clStreamBeginCapture(s2, cu2clStreamCaptureModeRelaxed));
  CK(cu2clDeviceReset());
  ck_assert_int_eq(cu2clGraphLaunch(x, NULL), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphDestroy(g), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphExecDestroy(x), cu2clErrorInvalidValue);
  /* The legacy stream is not held up by the capture the reset ended. */
  CK(cu2clMalloc((void **)&d, 64));
  CK(cu2clMemset(d, 0, 64));
  CK(cu2clDeviceSynchronize());
  CK(cu2clFree(d));
  cu2clGetLastError();
}
END_TEST

static Suite *rt_graph_suite(void) {
  Suite *s = suite_create("rt_graph");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 120);
  tcase_add_test(core, test_capture_replay);
  tcase_add_test(core, test_capture_symbols_nonblocking);
  tcase_add_test(core, test_empty_capture);
  tcase_add_test(core, test_graph_in_capture);
  tcase_add_test(core, test_launch_on_other_streams);
  tcase_add_test(core, test_capture_info);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 120);
  tcase_add_test(errors, test_sync_copy_invalidates);
  tcase_add_test(errors, test_relaxed_allows_sync_calls);
  tcase_add_test(errors, test_legacy_stream_during_capture);
  tcase_add_loop_test(errors, test_unrecordable_work, 0, 5);
  tcase_add_test(errors, test_modes_across_threads);
  tcase_add_test(errors, test_capture_misuse);
  tcase_add_test(errors, test_null_and_destroyed_handles);
  tcase_add_test(errors, test_device_reset);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_graph_suite());
  srunner_set_fork_status(sr, CK_FORK); /* device selection is per process */
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
