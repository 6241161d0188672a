/*
 * check_rt_gbuild: CUDA graphs built node by node (rt_gbuild, rt_gexec) on
 * the local OpenCL device (PoCL in CI), with hand-written OpenCL C kernels
 * and launch stubs written as the translator writes them.
 *
 * Core: a diamond of kernel nodes between a memset, a child graph, a copy
 * back and a host node, launched several times; launch order follows edges
 * added after the nodes, not the order nodes were added; executable-graph
 * parameters and cudaGraphExecUpdate; the queries and parameter round
 * trips; clones; memory allocation and free nodes; allocations, frees and
 * host functions recorded by stream capture; a capture forked into a
 * second stream and joined back through events.
 * Errors: cycles, foreign and repeated dependencies, kernel parameters
 * cu2clrt does not take, CUDA arrays, updates with another topology,
 * captures not joined back or merged.
 *
 * Each test runs in its own process (CK_FORK is forced).
 */
#include <check.h>
#include <string.h>

#include "cu2clrt.h"

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

static const char kernels_cl[] =
    "__kernel void add_to(__global int *p, int v) {\n"
    "  p[get_global_id(0)] += v;\n"
    "}\n"
    "__kernel void mul_to(__global int *p, int v) {\n"
    "  p[get_global_id(0)] *= v;\n"
    "}\n"
    "__kernel void sum2(__global const int *a, __global const int *b,\n"
    "                   __global int *out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = a[i] + b[i];\n"
    "}\n";

static cu2clProgram program = {"check_rt_gbuild.cl", kernels_cl, NULL, NULL};

enum { N = 128, B = 32 };

static dim3 dims(unsigned x) {
  dim3 d = {x, 1, 1};
  return d;
}

/* The translator's launch stubs for kernels used as values: CUDA's
 * void **args unpacked into cu2clArg. */
static cu2clKernelRef k_add, k_mul, k_sum2;
static cu2clError_t launchv_pv(cu2clKernelRef *k, dim3 g, dim3 b, size_t shm,
                               cu2clStream_t s, void **args) {
  cu2clArg a[] = {{CU2CL_ARG_DEVPTR, sizeof(int *), args[0]},
                  {CU2CL_ARG_VALUE, sizeof(int), args[1]}};
  return cu2clLaunchKernel(k, g, b, shm, s, a, 2);
}
static cu2clError_t launchv_add(dim3 g, dim3 b, size_t shm, cu2clStream_t s,
                                void **args) {
  return launchv_pv(&k_add, g, b, shm, s, args);
}
static cu2clError_t launchv_mul(dim3 g, dim3 b, size_t shm, cu2clStream_t s,
                                void **args) {
  return launchv_pv(&k_mul, g, b, shm, s, args);
}
static cu2clError_t launchv_sum2(dim3 g, dim3 b, size_t shm, cu2clStream_t s,
                                 void **args) {
  cu2clArg a[] = {{CU2CL_ARG_DEVPTR, sizeof(int *), args[0]},
                  {CU2CL_ARG_DEVPTR, sizeof(int *), args[1]},
                  {CU2CL_ARG_DEVPTR, sizeof(int *), args[2]}};
  return cu2clLaunchKernel(&k_sum2, g, b, shm, s, a, 3);
}
static cu2clKernelRef k_add = {&program, "add_to", NULL, launchv_add};
static cu2clKernelRef k_mul = {&program, "mul_to", NULL, launchv_mul};
static cu2clKernelRef k_sum2 = {&program, "sum2", NULL, launchv_sum2};
static cu2clKernelRef k_no_launchv = {&program, "add_to", NULL, NULL};

/* Kernel node parameters of k over N elements; args is CUDA's array. */
static cu2clKernelNodeParams kparams(cu2clKernelRef *k, void **args) {
  cu2clKernelNodeParams p;
  memset(&p, 0, sizeof p);
  p.func = (void *)k;
  p.gridDim = dims(N / B);
  p.blockDim = dims(B);
  p.kernelParams = args;
  return p;
}

static cu2clMemsetParams memset_params(void *dst, unsigned value) {
  cu2clMemsetParams p;
  memset(&p, 0, sizeof p);
  p.dst = dst;
  p.value = value;
  p.elementSize = 4;
  p.width = N;
  p.height = 1;
  return p;
}

static void count_up(void *data) {
  __atomic_add_fetch((int *)data, 1, __ATOMIC_SEQ_CST);
}

/* ---- Core -----------------------------------------------------------------
 */

/* memset(a = 2) -> {a += 3 (kernel), b = 5 then b *= a child graph} ->
 * out = a + b -> copy out -> host node: a diamond whose join needs both
 * branches. Each launch starts over from the memsets. */
START_TEST(test_diamond_relaunch) {
  int *a, *b, *out, host[N], calls = 0;
  cu2clStream_t s;
  CK(cu2clStreamCreate(&s));
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  CK(cu2clMalloc((void **)&b, N * sizeof(int)));
  CK(cu2clMalloc((void **)&out, N * sizeof(int)));

  cu2clGraph_t g, child;
  cu2clGraphNode_t set_a, add_a, child_node, join, copy, host_node;
  CK(cu2clGraphCreate(&g, 0));
  cu2clMemsetParams ms = memset_params(a, 2);
  CK(cu2clGraphAddMemsetNode(&set_a, g, NULL, 0, &ms));
  int three = 3;
  void *add_args[] = {&a, &three};
  cu2clKernelNodeParams kp = kparams(&k_add, add_args);
  CK(cu2clGraphAddKernelNode(&add_a, g, &set_a, 1, &kp));
  three = 100; /* the node copied the value */

  CK(cu2clGraphCreate(&child, 0));
  cu2clGraphNode_t set_b, mul_b;
  cu2clMemsetParams msb = memset_params(b, 5);
  CK(cu2clGraphAddMemsetNode(&set_b, child, NULL, 0, &msb));
  int seven = 7;
  void *mul_args[] = {&b, &seven};
  cu2clKernelNodeParams mp = kparams(&k_mul, mul_args);
  CK(cu2clGraphAddKernelNode(&mul_b, child, &set_b, 1, &mp));
  CK(cu2clGraphAddChildGraphNode(&child_node, g, &set_a, 1, child));
  CK(cu2clGraphDestroy(child)); /* the node holds its own copy */

  void *sum_args[] = {&a, &b, &out};
  cu2clKernelNodeParams sp = kparams(&k_sum2, sum_args);
  cu2clGraphNode_t both[] = {add_a, child_node};
  CK(cu2clGraphAddKernelNode(&join, g, both, 2, &sp));
  CK(cu2clGraphAddMemcpyNode1D(&copy, g, &join, 1, host, out, N * sizeof(int),
                               cu2clMemcpyDeviceToHost));
  cu2clHostNodeParams hp = {count_up, &calls};
  CK(cu2clGraphAddHostNode(&host_node, g, &copy, 1, &hp));

  cu2clGraphExec_t x;
  CK(cu2clGraphInstantiate(&x, g, 0));
  CK(cu2clGraphDestroy(g)); /* the executable graph does not need it */
  for (int run = 1; run <= 3; run++) {
    memset(host, 0, sizeof host);
    CK(cu2clGraphLaunch(x, s));
    CK(cu2clStreamSynchronize(s));
    for (int i = 0; i < N; i++)
      ck_assert_int_eq(host[i], 2 + 3 + 5 * 7);
    ck_assert_int_eq(__atomic_load_n(&calls, __ATOMIC_SEQ_CST), run);
  }
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clFree(a));
  CK(cu2clFree(b));
  CK(cu2clFree(out));
  CK(cu2clStreamDestroy(s));
}
END_TEST

/* The copy is added first and made to depend on the memset and kernel
 * added after it: a launch in the order of addition would copy zeros. */
START_TEST(test_order_follows_edges) {
  int *a, host[N];
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  CK(cu2clMemset(a, 0, N * sizeof(int)));
  cu2clGraph_t g;
  cu2clGraphNode_t copy, set, add;
  CK(cu2clGraphCreate(&g, 0));
  CK(cu2clGraphAddMemcpyNode1D(&copy, g, NULL, 0, host, a, N * sizeof(int),
                               cu2clMemcpyDeviceToHost));
  cu2clMemsetParams ms = memset_params(a, 40);
  CK(cu2clGraphAddMemsetNode(&set, g, NULL, 0, &ms));
  int two = 2;
  void *args[] = {&a, &two};
  cu2clKernelNodeParams kp = kparams(&k_add, args);
  CK(cu2clGraphAddKernelNode(&add, g, NULL, 0, &kp));
  cu2clGraphNode_t from[] = {set, add}, to[] = {add, copy};
  CK(cu2clGraphAddDependencies(g, from, to, NULL, 2));
  cu2clGraphExec_t x;
  CK(cu2clGraphInstantiate(&x, g, 0));
  memset(host, 0, sizeof host);
  CK(cu2clGraphLaunch(x, NULL));
  CK(cu2clDeviceSynchronize());
  for (int i = 0; i < N; i++)
    ck_assert_int_eq(host[i], 42);
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clFree(a));
}
END_TEST

/* cudaGraphExecKernelNodeSetParams changes later launches only, and not
 * the graph; cudaGraphExecUpdate takes a same-shaped graph's parameters. */
START_TEST(test_exec_params_and_update) {
  int *a, *b, host[N];
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  CK(cu2clMalloc((void **)&b, N * sizeof(int)));
  cu2clGraph_t g;
  cu2clGraphNode_t set, add, copy;
  CK(cu2clGraphCreate(&g, 0));
  cu2clMemsetParams ms = memset_params(a, 1);
  CK(cu2clGraphAddMemsetNode(&set, g, NULL, 0, &ms));
  int v = 10;
  void *args[] = {&a, &v};
  cu2clKernelNodeParams kp = kparams(&k_add, args);
  CK(cu2clGraphAddKernelNode(&add, g, &set, 1, &kp));
  CK(cu2clGraphAddMemcpyNode1D(&copy, g, &add, 1, host, a, N * sizeof(int),
                               cu2clMemcpyDeviceToHost));
  cu2clGraphExec_t x;
  CK(cu2clGraphInstantiate(&x, g, 0));
  CK(cu2clGraphLaunch(x, NULL));
  CK(cu2clDeviceSynchronize());
  ck_assert_int_eq(host[N - 1], 11);

  v = 20;
  void *args_b[] = {&b, &v};
  cu2clKernelNodeParams kb = kparams(&k_mul, args_b);
  CK(cu2clGraphExecKernelNodeSetParams(x, add, &kp)); /* a += 20 */
  CK(cu2clGraphLaunch(x, NULL));
  CK(cu2clDeviceSynchronize());
  ck_assert_int_eq(host[0], 21);
  cu2clKernelNodeParams got;
  CK(cu2clGraphKernelNodeGetParams(add, &got));
  ck_assert_int_eq(*(int *)got.kernelParams[1], 10); /* the graph's own */
  /* the node's type must match */
  ck_assert_int_eq(cu2clGraphExecKernelNodeSetParams(x, set, &kb),
                   cu2clErrorInvalidValue);

  /* The same shape, other values: taken by the update. */
  cu2clGraph_t g2;
  cu2clGraphNode_t n2[3];
  CK(cu2clGraphCreate(&g2, 0));
  cu2clMemsetParams ms2 = memset_params(a, 3);
  CK(cu2clGraphAddMemsetNode(&n2[0], g2, NULL, 0, &ms2));
  v = 4;
  cu2clKernelNodeParams km = kparams(&k_mul, args);
  CK(cu2clGraphAddKernelNode(&n2[1], g2, &n2[0], 1, &km));
  CK(cu2clGraphAddMemcpyNode1D(&n2[2], g2, &n2[1], 1, host, a, N * sizeof(int),
                               cu2clMemcpyDeviceToHost));
  cu2clGraphExecUpdateResultInfo info;
  CK(cu2clGraphExecUpdate(x, g2, &info));
  ck_assert_int_eq(info.result, cu2clGraphExecUpdateSuccess);
  CK(cu2clGraphLaunch(x, NULL));
  CK(cu2clDeviceSynchronize());
  ck_assert_int_eq(host[5], 12);
  /* nodes of the first graph still name the executable graph's nodes */
  v = 5;
  CK(cu2clGraphExecKernelNodeSetParams(x, add, &kp));
  CK(cu2clGraphLaunch(x, NULL));
  CK(cu2clDeviceSynchronize());
  ck_assert_int_eq(host[5], 8);
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clGraphDestroy(g2));
  CK(cu2clFree(a));
  CK(cu2clFree(b));
}
END_TEST

START_TEST(test_queries) {
  int *a;
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  cu2clGraph_t g;
  cu2clGraphNode_t e1, e2, set, k;
  CK(cu2clGraphCreate(&g, 0));
  CK(cu2clGraphAddEmptyNode(&e1, g, NULL, 0));
  CK(cu2clGraphAddEmptyNode(&e2, g, NULL, 0));
  cu2clMemsetParams ms = memset_params(a, 9);
  ms.elementSize = 2;
  cu2clGraphNode_t both[] = {e1, e2};
  CK(cu2clGraphAddMemsetNode(&set, g, both, 2, &ms));
  int v = 1;
  void *args[] = {&a, &v};
  cu2clKernelNodeParams kp = kparams(&k_add, args);
  kp.sharedMemBytes = 0;
  CK(cu2clGraphAddKernelNode(&k, g, &set, 1, &kp));

  size_t n = 0;
  CK(cu2clGraphGetNodes(g, NULL, &n));
  ck_assert_uint_eq(n, 4);
  cu2clGraphNode_t nodes[6];
  n = 6;
  CK(cu2clGraphGetNodes(g, nodes, &n));
  ck_assert_uint_eq(n, 4);
  ck_assert_ptr_eq(nodes[2], set);
  ck_assert_ptr_null(nodes[4]);
  n = 6;
  CK(cu2clGraphGetRootNodes(g, nodes, &n));
  ck_assert_uint_eq(n, 2);
  ck_assert_ptr_eq(nodes[0], e1);
  cu2clGraphNode_t from[4], to[4];
  n = 0;
  CK(cu2clGraphGetEdges(g, NULL, NULL, NULL, &n));
  ck_assert_uint_eq(n, 3);
  n = 4;
  CK(cu2clGraphGetEdges(g, from, to, NULL, &n));
  ck_assert_uint_eq(n, 3);
  ck_assert_ptr_eq(from[2], set);
  ck_assert_ptr_eq(to[2], k);
  n = 4;
  CK(cu2clGraphNodeGetDependentNodes(e2, nodes, NULL, &n));
  ck_assert_uint_eq(n, 1);
  ck_assert_ptr_eq(nodes[0], set);
  n = 4;
  CK(cu2clGraphNodeGetDependencies(set, nodes, NULL, &n));
  ck_assert_uint_eq(n, 2);

  cu2clGraphNodeType t;
  CK(cu2clGraphNodeGetType(k, &t));
  ck_assert_int_eq(t, cu2clGraphNodeTypeKernel);
  CK(cu2clGraphNodeGetType(e1, &t));
  ck_assert_int_eq(t, cu2clGraphNodeTypeEmpty);
  cu2clMemsetParams got;
  CK(cu2clGraphMemsetNodeGetParams(set, &got));
  ck_assert_uint_eq(got.elementSize, 2);
  ck_assert_uint_eq(got.value, 9);
  ck_assert_ptr_eq(got.dst, a);
  cu2clKernelNodeParams kg;
  CK(cu2clGraphKernelNodeGetParams(k, &kg));
  ck_assert_ptr_eq(kg.func, &k_add);
  ck_assert_uint_eq(kg.gridDim.x, N / B);
  ck_assert_ptr_eq(*(int **)kg.kernelParams[0], a);

  /* a clone is independent; destroying a node takes its edges along */
  cu2clGraph_t c;
  CK(cu2clGraphClone(&c, g));
  CK(cu2clGraphDestroyNode(set));
  n = 0;
  CK(cu2clGraphGetEdges(g, NULL, NULL, NULL, &n));
  ck_assert_uint_eq(n, 0);
  CK(cu2clGraphGetEdges(c, NULL, NULL, NULL, &n));
  ck_assert_uint_eq(n, 3);
  CK(cu2clGraphGetNodes(c, NULL, &n));
  ck_assert_uint_eq(n, 4);
  cu2clGraphNode_t from1[] = {e1}, to1[] = {e2};
  CK(cu2clGraphAddDependencies(g, from1, to1, NULL, 1));
  CK(cu2clGraphRemoveDependencies(g, from1, to1, NULL, 1));
  CK(cu2clGraphDestroy(c));
  CK(cu2clGraphDestroy(g));
  CK(cu2clFree(a));
}
END_TEST

/* An allocation node's address is fixed when it is added; the memory
 * serves every launch and goes back after the graphs are gone. */
START_TEST(test_memory_nodes) {
  int host[N];
  cu2clGraph_t g;
  cu2clGraphNode_t alloc, set, copy, fre;
  CK(cu2clGraphCreate(&g, 0));
  cu2clMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = N * sizeof(int);
  ap.poolProps.allocType = cu2clMemAllocationTypePinned;
  ap.poolProps.location.type = cu2clMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  CK(cu2clGraphAddMemAllocNode(&alloc, g, NULL, 0, &ap));
  ck_assert_ptr_nonnull(ap.dptr);
  cu2clMemsetParams ms = memset_params(ap.dptr, 6);
  CK(cu2clGraphAddMemsetNode(&set, g, &alloc, 1, &ms));
  CK(cu2clGraphAddMemcpyNode1D(&copy, g, &set, 1, host, ap.dptr,
                               N * sizeof(int), cu2clMemcpyDeviceToHost));
  CK(cu2clGraphAddMemFreeNode(&fre, g, &copy, 1, ap.dptr));
  cu2clMemAllocNodeParams got;
  CK(cu2clGraphMemAllocNodeGetParams(alloc, &got));
  ck_assert_ptr_eq(got.dptr, ap.dptr);
  void *freed = NULL;
  CK(cu2clGraphMemFreeNodeGetParams(fre, &freed));
  ck_assert_ptr_eq(freed, ap.dptr);
  cu2clGraphExec_t x;
  CK(cu2clGraphInstantiate(&x, g, 0));
  CK(cu2clGraphDestroy(g));
  for (int run = 0; run < 2; run++) {
    memset(host, 0, sizeof host);
    CK(cu2clGraphLaunch(x, NULL));
    CK(cu2clDeviceSynchronize());
    ck_assert_int_eq(host[N - 1], 6);
  }
  CK(cu2clGraphExecDestroy(x));
  /* given back: no longer an allocation */
  ck_assert_int_eq(cu2clFree(ap.dptr), cu2clErrorInvalidValue);
}
END_TEST

static int host_seen;
static void note(void *data) {
  host_seen = *(int *)data;
}

/* Stream capture records allocations, frees and host functions as nodes,
 * each depending on the one before. */
START_TEST(test_capture_memory_and_host) {
  int host[N], value = 77;
  cu2clStream_t s;
  CK(cu2clStreamCreate(&s));
  int *d = NULL;
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  CK(cu2clMallocAsync((void **)&d, N * sizeof(int), s));
  ck_assert_ptr_nonnull(d);
  CK(cu2clMemsetAsync(d, 1, N * sizeof(int), s));
  CK(cu2clMemcpyAsync(host, d, N * sizeof(int), cu2clMemcpyDeviceToHost, s));
  CK(cu2clLaunchHostFunc(s, note, &value));
  CK(cu2clFreeAsync(d, s));
  cu2clGraph_t g;
  CK(cu2clStreamEndCapture(s, &g));
  cu2clGraphNode_t nodes[5];
  size_t n = 5;
  CK(cu2clGraphGetNodes(g, nodes, &n));
  ck_assert_uint_eq(n, 5);
  cu2clGraphNodeType t;
  CK(cu2clGraphNodeGetType(nodes[0], &t));
  ck_assert_int_eq(t, cu2clGraphNodeTypeMemAlloc);
  CK(cu2clGraphNodeGetType(nodes[3], &t));
  ck_assert_int_eq(t, cu2clGraphNodeTypeHost);
  CK(cu2clGraphNodeGetType(nodes[4], &t));
  ck_assert_int_eq(t, cu2clGraphNodeTypeMemFree);
  n = 0;
  CK(cu2clGraphGetEdges(g, NULL, NULL, NULL, &n));
  ck_assert_uint_eq(n, 4);
  cu2clGraphExec_t x;
  CK(cu2clGraphInstantiate(&x, g, 0));
  memset(host, 0, sizeof host);
  CK(cu2clGraphLaunch(x, s));
  CK(cu2clStreamSynchronize(s));
  ck_assert_int_eq(host[3], 0x01010101);
  ck_assert_int_eq(host_seen, 77);
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clStreamDestroy(s));
}
END_TEST

/* Fork and join through events: a second stream joins the capture by
 * waiting for an event recorded in it, and the graph gets two branches. */
START_TEST(test_capture_fork_join) {
  int *a, *b, *out, host[N];
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  CK(cu2clMalloc((void **)&b, N * sizeof(int)));
  CK(cu2clMalloc((void **)&out, N * sizeof(int)));
  cu2clStream_t s1, s2;
  cu2clEvent_t fork, joined;
  CK(cu2clStreamCreate(&s1));
  CK(cu2clStreamCreateWithFlags(&s2, cu2clStreamNonBlocking));
  CK(cu2clEventCreate(&fork));
  CK(cu2clEventCreate(&joined));
  CK(cu2clStreamBeginCapture(s1, cu2clStreamCaptureModeGlobal));
  CK(cu2clEventRecord(fork, s1));
  CK(cu2clStreamWaitEvent(s2, fork, 0));
  cu2clStreamCaptureStatus st;
  CK(cu2clStreamIsCapturing(s2, &st));
  ck_assert_int_eq(st, cu2clStreamCaptureStatusActive);
  CK(cu2clMemsetAsync(a, 0, N * sizeof(int), s1));
  CK(cu2clMemsetAsync(b, 0, N * sizeof(int), s2));
  int one = 1, two = 2;
  void *add_a[] = {&a, &one}, *add_b[] = {&b, &two};
  CK(launchv_add(dims(N / B), dims(B), 0, s1, add_a));
  CK(launchv_add(dims(N / B), dims(B), 0, s2, add_b));
  CK(cu2clEventRecord(joined, s2));
  ck_assert_int_eq(cu2clStreamEndCapture(s2, NULL), cu2clErrorInvalidValue);
  cu2clGraph_t g = NULL;
  ck_assert_int_eq(cu2clStreamEndCapture(s2, &g),
                   cu2clErrorStreamCaptureUnmatched);
  CK(cu2clStreamWaitEvent(s1, joined, 0));
  CK(cu2clStreamDestroy(s2)); /* joined back: the capture goes on */
  void *sum_args[] = {&a, &b, &out};
  CK(launchv_sum2(dims(N / B), dims(B), 0, s1, sum_args));
  CK(cu2clMemcpyAsync(host, out, sizeof host, cu2clMemcpyDeviceToHost, s1));
  CK(cu2clStreamEndCapture(s1, &g));
  size_t n = 0, roots = 0, edges = 0;
  CK(cu2clGraphGetNodes(g, NULL, &n));
  CK(cu2clGraphGetRootNodes(g, NULL, &roots));
  CK(cu2clGraphGetEdges(g, NULL, NULL, NULL, &edges));
  ck_assert_uint_eq(n, 6);
  ck_assert_uint_eq(roots, 2); /* the two memsets */
  ck_assert_uint_eq(edges, 5); /* sum2 depends on both branches */
  cu2clGraphExec_t x;
  CK(cu2clGraphInstantiate(&x, g, 0));
  memset(host, 0, sizeof host);
  CK(cu2clGraphLaunch(x, s1));
  CK(cu2clStreamSynchronize(s1));
  ck_assert_int_eq(host[N / 2], 3);
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clEventDestroy(fork));
  CK(cu2clEventDestroy(joined));
  CK(cu2clStreamDestroy(s1));
}
END_TEST

/* ---- Errors ---------------------------------------------------------------
 */

START_TEST(test_cycle_and_bad_edges) {
  cu2clGraph_t g, h;
  cu2clGraphNode_t a, b, other;
  CK(cu2clGraphCreate(&g, 0));
  CK(cu2clGraphCreate(&h, 0));
  CK(cu2clGraphAddEmptyNode(&a, g, NULL, 0));
  CK(cu2clGraphAddEmptyNode(&b, g, &a, 1));
  CK(cu2clGraphAddEmptyNode(&other, h, NULL, 0));
  /* a dependency of another graph, or twice the same */
  ck_assert_int_eq(cu2clGraphAddEmptyNode(&b, g, &other, 1),
                   cu2clErrorInvalidValue);
  cu2clGraphNode_t twice[] = {a, a};
  ck_assert_int_eq(cu2clGraphAddEmptyNode(&b, g, twice, 2),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGraphAddDependencies(g, &a, &b, NULL, 1),
                   cu2clErrorInvalidValue); /* exists */
  ck_assert_int_eq(cu2clGraphRemoveDependencies(g, &b, &a, NULL, 1),
                   cu2clErrorInvalidValue);          /* does not */
  CK(cu2clGraphAddDependencies(g, &b, &a, NULL, 1)); /* a cycle */
  cu2clGraphExec_t x;
  ck_assert_int_eq(cu2clGraphInstantiate(&x, g, 0), cu2clErrorInvalidValue);
  CK(cu2clGraphDestroy(g));
  CK(cu2clGraphDestroy(h));
  ck_assert_int_eq(cu2clGraphDestroy(g), cu2clErrorInvalidValue);
}
END_TEST

START_TEST(test_bad_node_params) {
  int *a;
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  cu2clGraph_t g;
  cu2clGraphNode_t n;
  CK(cu2clGraphCreate(&g, 0));
  int v = 1;
  void *args[] = {&a, &v};
  cu2clKernelNodeParams kp = kparams(&k_add, args);
  void *extra[] = {NULL};
  kp.extra = extra;
  ck_assert_int_eq(cu2clGraphAddKernelNode(&n, g, NULL, 0, &kp),
                   cu2clErrorNotSupported);
  kp = kparams(&k_no_launchv, args);
  ck_assert_int_eq(cu2clGraphAddKernelNode(&n, g, NULL, 0, &kp),
                   cu2clErrorInvalidDeviceFunction);
  kp = kparams(&k_add, args);
  kp.blockDim = dims(100000); /* checked as a launch is */
  ck_assert_int_eq(cu2clGraphAddKernelNode(&n, g, NULL, 0, &kp),
                   cu2clErrorInvalidConfiguration);
  cu2clMemcpy3DParms cp;
  memset(&cp, 0, sizeof cp);
  int dummy;
  cp.srcArray = &dummy; /* a CUDA array */
  cp.dstPtr = make_cu2clPitchedPtr(a, 4, 4, 1);
  cp.extent = make_cu2clExtent(4, 1, 1);
  cp.kind = cu2clMemcpyDeviceToDevice;
  ck_assert_int_eq(cu2clGraphAddMemcpyNode(&n, g, NULL, 0, &cp),
                   cu2clErrorNotSupported);
  cu2clMemsetParams ms = memset_params(a, 0);
  ms.elementSize = 3;
  ck_assert_int_eq(cu2clGraphAddMemsetNode(&n, g, NULL, 0, &ms),
                   cu2clErrorInvalidValue);
  size_t count = 9;
  CK(cu2clGraphGetNodes(g, NULL, &count));
  ck_assert_uint_eq(count, 0); /* nothing was added */
  CK(cu2clGraphDestroy(g));
  CK(cu2clFree(a));
}
END_TEST

START_TEST(test_update_other_topology) {
  cu2clGraph_t g, h;
  cu2clGraphNode_t a, b;
  CK(cu2clGraphCreate(&g, 0));
  CK(cu2clGraphAddEmptyNode(&a, g, NULL, 0));
  CK(cu2clGraphAddEmptyNode(&b, g, &a, 1));
  cu2clGraphExec_t x;
  CK(cu2clGraphInstantiate(&x, g, 0));
  CK(cu2clGraphCreate(&h, 0));
  CK(cu2clGraphAddEmptyNode(&a, h, NULL, 0));
  CK(cu2clGraphAddEmptyNode(&b, h, NULL, 0)); /* no edge */
  cu2clGraphExecUpdateResultInfo info;
  ck_assert_int_eq(cu2clGraphExecUpdate(x, h, &info),
                   cu2clErrorGraphExecUpdateFailure);
  ck_assert_int_eq(info.result, cu2clGraphExecUpdateErrorTopologyChanged);
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clGraphDestroy(h));
}
END_TEST

/* A stream that joined and did not join back: the capture ends with
 * cu2clErrorStreamCaptureUnjoined and no graph. */
START_TEST(test_capture_unjoined) {
  int *a;
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  cu2clStream_t s1, s2, other;
  cu2clEvent_t fork;
  CK(cu2clStreamCreate(&s1));
  CK(cu2clStreamCreate(&s2));
  CK(cu2clStreamCreate(&other));
  CK(cu2clEventCreate(&fork));
  CK(cu2clStreamBeginCapture(s1, cu2clStreamCaptureModeRelaxed));
  CK(cu2clEventRecord(fork, s1));
  CK(cu2clStreamWaitEvent(s2, fork, 0));
  CK(cu2clMemsetAsync(a, 0, N * sizeof(int), s2));
  /* a stream of another capture cannot wait for it */
  CK(cu2clStreamBeginCapture(other, cu2clStreamCaptureModeRelaxed));
  ck_assert_int_eq(cu2clStreamWaitEvent(other, fork, 0),
                   cu2clErrorStreamCaptureMerge);
  cu2clGraph_t g = (cu2clGraph_t)1;
  CK(cu2clStreamEndCapture(other, &g));
  CK(cu2clGraphDestroy(g));
  ck_assert_int_eq(cu2clStreamEndCapture(s1, &g),
                   cu2clErrorStreamCaptureUnjoined);
  ck_assert_ptr_null(g);
  cu2clStreamCaptureStatus st;
  CK(cu2clStreamIsCapturing(s2, &st));
  ck_assert_int_eq(st, cu2clStreamCaptureStatusNone);
  CK(cu2clEventDestroy(fork));
  CK(cu2clStreamDestroy(s1));
  CK(cu2clStreamDestroy(s2));
  CK(cu2clStreamDestroy(other));
  CK(cu2clFree(a));
}
END_TEST

static Suite *gbuild_suite(void) {
  Suite *s = suite_create("rt_gbuild");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 60);
  tcase_add_test(core, test_diamond_relaunch);
  tcase_add_test(core, test_order_follows_edges);
  tcase_add_test(core, test_exec_params_and_update);
  tcase_add_test(core, test_queries);
  tcase_add_test(core, test_memory_nodes);
  tcase_add_test(core, test_capture_memory_and_host);
  tcase_add_test(core, test_capture_fork_join);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 60);
  tcase_add_test(errors, test_cycle_and_bad_edges);
  tcase_add_test(errors, test_bad_node_params);
  tcase_add_test(errors, test_update_other_topology);
  tcase_add_test(errors, test_capture_unjoined);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(gbuild_suite());
  srunner_set_fork_status(sr, CK_FORK);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
