/*
 * rt_gexec: executable graphs, instantiation and launches (rt_gexec.h).
 */
#include "rt_gexec.h"

#include <stdlib.h>
#include <string.h>

#include "rt_graph.h"
#include "rt_launch.h"

/* An executable graph: its list, and a copy of the graph it was made from
 * (for cu2clGraphExecUpdate's comparison). */
struct cu2clGraphExec {
  rt_xlist *list;
  struct cu2clGraph *shape;
  struct cu2clGraphExec *next; /* g_execs */
};

static struct cu2clGraphExec *g_execs; /* under rt_gnode_lock */

/* ---- lists ----------------------------------------------------------------
 */

void rt_xlist_retain(rt_xlist *list) {
  __atomic_add_fetch(&list->refs, 1, __ATOMIC_RELAXED);
}

void rt_xlist_release(rt_xlist *list) {
  if (!list || __atomic_sub_fetch(&list->refs, 1, __ATOMIC_ACQ_REL) != 0)
    return;
  for (size_t i = 0; i < list->len; i++)
    rt_cmd_clear(&list->cmds[i].cmd);
  free(list->cmds);
  free(list);
}

rt_device *rt_xlist_device(const rt_xlist *list) {
  return list->dev;
}

static rt_xlist *rt_xlist_new(rt_device *dev, size_t len) {
  rt_xlist *list = calloc(1, sizeof *list);
  if (list)
    list->cmds = calloc(len ? len : 1, sizeof *list->cmds);
  if (list && !list->cmds) {
    free(list);
    return NULL;
  }
  if (list) {
    list->refs = 1;
    list->dev = dev;
  }
  return list;
}

static cu2clError_t rt_xlist_make(const struct cu2clGraph *graph,
                                  rt_xlist **out);

/* list's next command: a copy of node's, a child graph nested. */
static cu2clError_t rt_xlist_push(rt_xlist *list,
                                  const struct cu2clGraphNode *node) {
  rt_xcmd *x = &list->cmds[list->len];
  x->origin = node;
  if (node->cmd.kind == RT_CMD_CHILD) {
    x->cmd.kind = RT_CMD_GRAPH;
    RT_TRY(rt_xlist_make(node->cmd.u.child, &x->cmd.u.graph));
  } else {
    RT_TRY(rt_cmd_copy(&x->cmd, &node->cmd));
  }
  list->len++;
  return cu2clSuccess;
}

static cu2clError_t rt_xlist_make(const struct cu2clGraph *graph,
                                  rt_xlist **out) {
  size_t *order = malloc((graph->len ? graph->len : 1) * sizeof *order);
  rt_xlist *list = rt_xlist_new(graph->dev, graph->len);
  cu2clError_t err = order && list ? cu2clSuccess : cu2clErrorMemoryAllocation;
  if (err == cu2clSuccess)
    err = rt_gnode_order(graph, order);
  for (size_t k = 0; k < graph->len && err == cu2clSuccess; k++)
    err = rt_xlist_push(list, graph->nodes[order[k]]);
  free(order);
  if (err != cu2clSuccess) {
    rt_xlist_release(list);
    return err;
  }
  *out = list;
  return cu2clSuccess;
}

/* A copy of list (the commands deep-copied, origins kept). */
static rt_xlist *rt_xlist_copy(const rt_xlist *list) {
  rt_xlist *c = rt_xlist_new(list->dev, list->len);
  for (size_t i = 0; c && i < list->len; i++) {
    if (rt_cmd_copy(&c->cmds[i].cmd, &list->cmds[i].cmd) != cu2clSuccess) {
      rt_xlist_release(c);
      return NULL;
    }
    c->cmds[i].origin = list->cmds[i].origin;
    c->len = i + 1;
  }
  return c;
}

/* ---- replay ---------------------------------------------------------------
 */

/* The kernel lookup is rt_kernel_get's lock-free fast path: the program and
 * kernel objects made at capture (or earlier) are reused. */
static cu2clError_t rt_replay_kernel(rt_device *d, const rt_cmd *c,
                                     cl_command_queue q) {
  rt_kernel *k;
  RT_TRY(rt_kernel_get(c->u.kernel.ref, d, &k));
  return rt_launch_enqueue(d, c->u.kernel.ref, k, c->u.kernel.grid,
                           c->u.kernel.block, c->u.kernel.args,
                           c->u.kernel.nargs, q);
}

/* Replayed copies never block, whatever memory they touch: a graph launch
 * is asynchronous in CUDA too. Allocation and free nodes do nothing: the
 * memory is the graph's reservation (rt_gnode.h). */
static cu2clError_t rt_replay_cmd(rt_device *d, const rt_cmd *c,
                                  cl_command_queue q) {
  switch (c->kind) {
  case RT_CMD_KERNEL:
    return rt_replay_kernel(d, c, q);
  case RT_CMD_COPY:
    return rt_cl_error(rt_copy3d_enqueue(q, &c->u.copy),
                       cu2clErrorInvalidValue);
  case RT_CMD_FILL:
    return rt_cl_error(rt_fill3d_enqueue(q, &c->u.fill),
                       cu2clErrorInvalidValue);
  case RT_CMD_HOST:
    return rt_stream_host_call(d, q, c->u.host.fn, c->u.host.data);
  case RT_CMD_GRAPH:
    return rt_xlist_replay(d, c->u.graph, q);
  case RT_CMD_RECORD:
    return rt_event_record_on(c->u.event, q);
  case RT_CMD_WAIT:
    return rt_event_wait_on(c->u.event, q);
  case RT_CMD_CHILD: /* nested lists only */
    return cu2clErrorUnknown;
  case RT_CMD_EMPTY:
  case RT_CMD_ALLOC:
  case RT_CMD_FREE:
    break;
  }
  return cu2clSuccess;
}

cu2clError_t rt_xlist_replay(rt_device *d, const rt_xlist *list,
                             cl_command_queue q) {
  cu2clError_t err = cu2clSuccess;
  for (size_t i = 0; i < list->len && err == cu2clSuccess; i++)
    err = rt_replay_cmd(d, &list->cmds[i].cmd, q);
  return err;
}

/* The in-order queue keeps the commands in the list's order. */
static cu2clError_t rt_replay(const rt_xlist *list, cu2clStream_t stream) {
  rt_device *d = list->dev, *current;
  cl_command_queue q;
  if (rt_is_default_stream(stream)) {
    RT_TRY(rt_device_current(&current));
    RT_CHECK(current == d, cu2clErrorInvalidResourceHandle);
  }
  RT_TRY(rt_stream_acquire(stream, d, &q));
  RT_TRY(rt_managed_to_device(d));
  cu2clError_t err = rt_xlist_replay(d, list, q);
  cl_int st = clFlush(q);
  if (err == cu2clSuccess && st != CL_SUCCESS)
    err = rt_cl_error(st, cu2clErrorLaunchFailure);
  return err;
}

/* ---- executable graphs ----------------------------------------------------
 */

/* A reference to exec's list if exec is live, else NULL. */
static rt_xlist *rt_exec_hold(const struct cu2clGraphExec *exec) {
  rt_xlist *list = NULL;
  pthread_mutex_lock(&rt_gnode_lock);
  for (struct cu2clGraphExec *e = g_execs; e && !list; e = e->next)
    if (e == exec) {
      list = e->list;
      rt_xlist_retain(list);
    }
  pthread_mutex_unlock(&rt_gnode_lock);
  return list;
}

static int rt_exec_is_live(const struct cu2clGraphExec *exec) {
  rt_xlist *list = rt_exec_hold(exec);
  rt_xlist_release(list);
  return list != NULL;
}

static void rt_exec_free(struct cu2clGraphExec *e) {
  rt_xlist_release(e->list);
  rt_gnode_graph_free(e->shape);
  free(e);
}

cu2clError_t cu2clGraphInstantiateWithFlags(cu2clGraphExec_t *exec,
                                            cu2clGraph_t graph,
                                            unsigned long long flags) {
  RT_CHECK(exec != NULL && graph != NULL, cu2clErrorInvalidValue);
  RT_CHECK((flags & ~0xfull) == 0, cu2clErrorInvalidValue);
  RT_CHECK(!(flags & cu2clGraphInstantiateFlagDeviceLaunch),
           cu2clErrorNotSupported);
  RT_CHECK(rt_gnode_is_live(graph), cu2clErrorInvalidValue);
  struct cu2clGraphExec *e = calloc(1, sizeof *e);
  RT_CHECK(e != NULL, cu2clErrorMemoryAllocation);
  cu2clError_t err = rt_xlist_make(graph, &e->list);
  if (err == cu2clSuccess) {
    e->shape = rt_gnode_clone(graph);
    err = e->shape ? cu2clSuccess : cu2clErrorMemoryAllocation;
  }
  if (err != cu2clSuccess) {
    rt_exec_free(e);
    return rt_fail(err);
  }
  pthread_mutex_lock(&rt_gnode_lock);
  e->next = g_execs;
  g_execs = e;
  pthread_mutex_unlock(&rt_gnode_lock);
  *exec = e;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphInstantiate(cu2clGraphExec_t *exec, cu2clGraph_t graph,
                                   unsigned long long flags) {
  return cu2clGraphInstantiateWithFlags(exec, graph, flags);
}

/* Takes exec out of the registry; 0 when it is not there. */
static int rt_exec_unregister(const struct cu2clGraphExec *exec) {
  pthread_mutex_lock(&rt_gnode_lock);
  struct cu2clGraphExec **link = &g_execs;
  while (*link && *link != exec)
    link = &(*link)->next;
  int found = *link != NULL;
  if (found)
    *link = exec->next;
  pthread_mutex_unlock(&rt_gnode_lock);
  return found;
}

/* Work already launched goes on: once enqueued it needs nothing of exec. */
cu2clError_t cu2clGraphExecDestroy(cu2clGraphExec_t exec) {
  RT_CHECK(exec != NULL, cu2clErrorInvalidValue);
  RT_CHECK(rt_exec_unregister(exec), cu2clErrorInvalidValue);
  rt_exec_free(exec);
  return cu2clSuccess;
}

cu2clError_t cu2clGraphLaunch(cu2clGraphExec_t exec, cu2clStream_t stream) {
  RT_CHECK(exec != NULL, cu2clErrorInvalidValue);
  rt_xlist *list = rt_exec_hold(exec);
  RT_CHECK(list != NULL, cu2clErrorInvalidValue);
  cu2clError_t err = rt_graph_capturing(stream)
                         ? rt_graph_record_exec(stream, list)
                         : rt_replay(list, stream);
  rt_xlist_release(list);
  return rt_fail(err);
}

cu2clError_t cu2clGraphUpload(cu2clGraphExec_t exec, cu2clStream_t stream) {
  (void)stream;
  RT_CHECK(exec != NULL && rt_exec_is_live(exec), cu2clErrorInvalidValue);
  return cu2clSuccess;
}

void rt_gexec_release_device(rt_device *d) {
  for (;;) {
    pthread_mutex_lock(&rt_gnode_lock);
    struct cu2clGraphExec *e = g_execs;
    while (e && e->list->dev != d)
      e = e->next;
    pthread_mutex_unlock(&rt_gnode_lock);
    if (!e)
      return;
    rt_exec_unregister(e);
    rt_exec_free(e);
  }
}

/* ---- changing executable graphs -------------------------------------------
 */

/* exec's command made from node, its list made exec's own first. */
static cu2clError_t rt_exec_cmd(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                rt_cmd_kind kind, rt_cmd **out) {
  if (!exec || !node || !rt_exec_is_live(exec))
    return cu2clErrorInvalidValue;
  if (__atomic_load_n(&exec->list->refs, __ATOMIC_ACQUIRE) > 1) {
    rt_xlist *own = rt_xlist_copy(exec->list);
    if (!own)
      return cu2clErrorMemoryAllocation;
    rt_xlist *old = exec->list;
    pthread_mutex_lock(&rt_gnode_lock);
    exec->list = own;
    pthread_mutex_unlock(&rt_gnode_lock);
    rt_xlist_release(old);
  }
  for (size_t i = 0; i < exec->list->len; i++) {
    rt_xcmd *x = &exec->list->cmds[i];
    if (x->origin != node)
      continue;
    if (x->cmd.kind != kind)
      return cu2clErrorInvalidValue;
    *out = &x->cmd;
    return cu2clSuccess;
  }
  return cu2clErrorInvalidValue; /* not a node exec was made from */
}

/* Replaces exec's command of node by *fresh (made from CUDA's parameters
 * by the caller; made is its status). */
static cu2clError_t rt_exec_set(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                rt_cmd *fresh, cu2clError_t made) {
  rt_cmd *target = NULL;
  cu2clError_t err = made;
  if (err == cu2clSuccess)
    err = rt_exec_cmd(exec, node, fresh->kind, &target);
  if (err != cu2clSuccess) {
    rt_cmd_clear(fresh);
    return rt_fail(err);
  }
  rt_cmd_clear(target);
  *target = *fresh;
  return cu2clSuccess;
}

cu2clError_t
cu2clGraphExecKernelNodeSetParams(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                  const cu2clKernelNodeParams *params) {
  rt_cmd fresh;
  cu2clError_t made = rt_cmd_kernel(&fresh, params);
  return rt_exec_set(exec, node, &fresh, made);
}

cu2clError_t
cu2clGraphExecMemcpyNodeSetParams(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                  const cu2clMemcpy3DParms *params) {
  rt_cmd fresh;
  cu2clError_t made = rt_cmd_memcpy(&fresh, params);
  return rt_exec_set(exec, node, &fresh, made);
}

cu2clError_t cu2clGraphExecMemcpyNodeSetParams1D(cu2clGraphExec_t exec,
                                                 cu2clGraphNode_t node,
                                                 void *dst, const void *src,
                                                 size_t count,
                                                 cu2clMemcpyKind kind) {
  cu2clMemcpy3DParms p = rt_memcpy_1d_params(dst, src, count, kind);
  return cu2clGraphExecMemcpyNodeSetParams(exec, node, &p);
}

cu2clError_t
cu2clGraphExecMemsetNodeSetParams(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                  const cu2clMemsetParams *params) {
  rt_cmd fresh;
  cu2clError_t made = rt_cmd_memset(&fresh, params);
  return rt_exec_set(exec, node, &fresh, made);
}

cu2clError_t
cu2clGraphExecHostNodeSetParams(cu2clGraphExec_t exec, cu2clGraphNode_t node,
                                const cu2clHostNodeParams *params) {
  rt_cmd fresh;
  cu2clError_t made = rt_cmd_host(&fresh, params);
  return rt_exec_set(exec, node, &fresh, made);
}

/* ---- cu2clGraphExecUpdate -------------------------------------------------
 */

static int rt_has_dep(const struct cu2clGraphNode *n, size_t idx) {
  for (size_t d = 0; d < n->ndeps; d++)
    if (n->deps[d]->idx == idx)
      return 1;
  return 0;
}

/* Why graph cannot update an executable graph made from shape, or Success;
 * *bad: the node that differs. */
static cu2clGraphExecUpdateResult
rt_update_check(const struct cu2clGraph *shape, const struct cu2clGraph *graph,
                cu2clGraphNode_t *bad) {
  *bad = NULL;
  if (shape->len != graph->len)
    return cu2clGraphExecUpdateErrorTopologyChanged;
  for (size_t i = 0; i < graph->len; i++) {
    shape->nodes[i]->idx = graph->nodes[i]->idx = i;
  }
  for (size_t i = 0; i < graph->len; i++) {
    const struct cu2clGraphNode *a = shape->nodes[i], *b = graph->nodes[i];
    *bad = graph->nodes[i];
    if (rt_cmd_type(&a->cmd) != rt_cmd_type(&b->cmd))
      return cu2clGraphExecUpdateErrorNodeTypeChanged;
    if (a->ndeps != b->ndeps)
      return cu2clGraphExecUpdateErrorTopologyChanged;
    for (size_t d = 0; d < b->ndeps; d++)
      if (!rt_has_dep(a, b->deps[d]->idx))
        return cu2clGraphExecUpdateErrorTopologyChanged;
  }
  *bad = NULL;
  return cu2clGraphExecUpdateSuccess;
}

/* The same topology gives the same order: the new list's command i stands
 * for the old one's, whose origin it keeps. */
static cu2clError_t rt_update_apply(cu2clGraphExec_t exec,
                                    const struct cu2clGraph *graph) {
  rt_xlist *list;
  RT_TRY(rt_xlist_make(graph, &list));
  struct cu2clGraph *shape = rt_gnode_clone(graph);
  if (!shape) {
    rt_xlist_release(list);
    return cu2clErrorMemoryAllocation;
  }
  for (size_t i = 0; i < list->len; i++)
    list->cmds[i].origin = exec->list->cmds[i].origin;
  pthread_mutex_lock(&rt_gnode_lock);
  rt_xlist *old = exec->list;
  exec->list = list;
  pthread_mutex_unlock(&rt_gnode_lock);
  rt_xlist_release(old);
  rt_gnode_graph_free(exec->shape);
  exec->shape = shape;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphExecUpdate(cu2clGraphExec_t exec, cu2clGraph_t graph,
                                  cu2clGraphExecUpdateResultInfo *info) {
  cu2clGraphExecUpdateResultInfo local;
  if (!info)
    info = &local;
  memset(info, 0, sizeof *info);
  info->result = cu2clGraphExecUpdateError;
  RT_CHECK(exec != NULL && graph != NULL, cu2clErrorInvalidValue);
  RT_CHECK(rt_exec_is_live(exec) && rt_gnode_is_live(graph),
           cu2clErrorInvalidValue);
  info->result = rt_update_check(exec->shape, graph, &info->errorNode);
  if (info->result != cu2clGraphExecUpdateSuccess)
    return rt_fail(cu2clErrorGraphExecUpdateFailure);
  cu2clError_t err = rt_update_apply(exec, graph);
  if (err != cu2clSuccess)
    info->result = cu2clGraphExecUpdateError;
  return rt_fail(err);
}
