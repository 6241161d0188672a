/*
 * rt_gbuild: graphs built, inspected and edited node by node
 * (cu2clrt_graph.h, "building graphs" and "inspecting graphs"). The nodes
 * are rt_gnode.h's, holding rt_gcmd.h's commands; stream capture makes the
 * same graphs (rt_graph.c).
 */
#include <stdlib.h>
#include <string.h>

#include "rt_gnode.h"

/* ---- graphs ---------------------------------------------------------------
 */

cu2clError_t cu2clGraphCreate(cu2clGraph_t *graph, unsigned int flags) {
  RT_CHECK(graph != NULL && flags == 0, cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  struct cu2clGraph *g = rt_gnode_graph_new(d);
  RT_CHECK(g != NULL, cu2clErrorMemoryAllocation);
  rt_gnode_register(g);
  *graph = g;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphClone(cu2clGraph_t *clone, cu2clGraph_t graph) {
  RT_CHECK(clone != NULL && graph != NULL, cu2clErrorInvalidValue);
  RT_CHECK(rt_gnode_is_live(graph), cu2clErrorInvalidValue);
  struct cu2clGraph *c = rt_gnode_clone(graph);
  RT_CHECK(c != NULL, cu2clErrorMemoryAllocation);
  rt_gnode_register(c);
  *clone = c;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphDestroy(cu2clGraph_t graph) {
  RT_CHECK(graph != NULL, cu2clErrorInvalidValue);
  RT_CHECK(rt_gnode_unregister(graph), cu2clErrorInvalidValue);
  rt_gnode_graph_free(graph);
  return cu2clSuccess;
}

/* ---- adding nodes ---------------------------------------------------------
 */

/* Adds a node holding *cmd (made is the status of making it); *cmd is
 * freed on failure. */
static cu2clError_t rt_add(cu2clGraphNode_t *node, cu2clGraph_t graph,
                           const cu2clGraphNode_t *deps, size_t num_deps,
                           rt_cmd *cmd, cu2clError_t made) {
  cu2clError_t err = made;
  if (err == cu2clSuccess && (!node || !graph || !rt_gnode_is_live(graph)))
    err = cu2clErrorInvalidValue;
  if (err == cu2clSuccess)
    err = rt_gnode_add(graph, cmd, deps, num_deps, node);
  rt_cmd_clear(cmd); /* what the graph did not take */
  return rt_fail(err);
}

cu2clError_t cu2clGraphAddKernelNode(cu2clGraphNode_t *node, cu2clGraph_t graph,
                                     const cu2clGraphNode_t *deps,
                                     size_t num_deps,
                                     const cu2clKernelNodeParams *params) {
  rt_cmd cmd;
  cu2clError_t made = rt_cmd_kernel(&cmd, params);
  return rt_add(node, graph, deps, num_deps, &cmd, made);
}

cu2clError_t cu2clGraphAddMemcpyNode(cu2clGraphNode_t *node, cu2clGraph_t graph,
                                     const cu2clGraphNode_t *deps,
                                     size_t num_deps,
                                     const cu2clMemcpy3DParms *params) {
  rt_cmd cmd;
  cu2clError_t made = rt_cmd_memcpy(&cmd, params);
  return rt_add(node, graph, deps, num_deps, &cmd, made);
}

cu2clError_t cu2clGraphAddMemcpyNode1D(cu2clGraphNode_t *node,
                                       cu2clGraph_t graph,
                                       const cu2clGraphNode_t *deps,
                                       size_t num_deps, void *dst,
                                       const void *src, size_t count,
                                       cu2clMemcpyKind kind) {
  cu2clMemcpy3DParms p = rt_memcpy_1d_params(dst, src, count, kind);
  return cu2clGraphAddMemcpyNode(node, graph, deps, num_deps, &p);
}

cu2clError_t cu2clGraphAddMemsetNode(cu2clGraphNode_t *node, cu2clGraph_t graph,
                                     const cu2clGraphNode_t *deps,
                                     size_t num_deps,
                                     const cu2clMemsetParams *params) {
  rt_cmd cmd;
  cu2clError_t made = rt_cmd_memset(&cmd, params);
  return rt_add(node, graph, deps, num_deps, &cmd, made);
}

cu2clError_t cu2clGraphAddHostNode(cu2clGraphNode_t *node, cu2clGraph_t graph,
                                   const cu2clGraphNode_t *deps,
                                   size_t num_deps,
                                   const cu2clHostNodeParams *params) {
  rt_cmd cmd;
  cu2clError_t made = rt_cmd_host(&cmd, params);
  return rt_add(node, graph, deps, num_deps, &cmd, made);
}

cu2clError_t cu2clGraphAddChildGraphNode(cu2clGraphNode_t *node,
                                         cu2clGraph_t graph,
                                         const cu2clGraphNode_t *deps,
                                         size_t num_deps, cu2clGraph_t child) {
  rt_cmd cmd = {.kind = RT_CMD_CHILD};
  cu2clError_t made = cu2clErrorInvalidValue;
  if (child && child != graph && rt_gnode_is_live(child)) {
    cmd.u.child = rt_gnode_clone(child);
    made = cmd.u.child ? cu2clSuccess : cu2clErrorMemoryAllocation;
  }
  if (made != cu2clSuccess)
    cmd.kind = RT_CMD_EMPTY;
  return rt_add(node, graph, deps, num_deps, &cmd, made);
}

cu2clError_t cu2clGraphAddEmptyNode(cu2clGraphNode_t *node, cu2clGraph_t graph,
                                    const cu2clGraphNode_t *deps,
                                    size_t num_deps) {
  rt_cmd cmd = {.kind = RT_CMD_EMPTY};
  return rt_add(node, graph, deps, num_deps, &cmd, cu2clSuccess);
}

static cu2clError_t rt_add_event(cu2clGraphNode_t *node, cu2clGraph_t graph,
                                 const cu2clGraphNode_t *deps, size_t num_deps,
                                 cu2clEvent_t event, rt_cmd_kind kind) {
  rt_cmd cmd = {.kind = kind};
  cmd.u.event = event;
  cu2clError_t made = cu2clSuccess;
  if (!event)
    made = cu2clErrorInvalidResourceHandle;
  else if (graph && event->dev != graph->dev)
    made = cu2clErrorInvalidResourceHandle;
  return rt_add(node, graph, deps, num_deps, &cmd, made);
}

cu2clError_t cu2clGraphAddEventRecordNode(cu2clGraphNode_t *node,
                                          cu2clGraph_t graph,
                                          const cu2clGraphNode_t *deps,
                                          size_t num_deps, cu2clEvent_t event) {
  return rt_add_event(node, graph, deps, num_deps, event, RT_CMD_RECORD);
}

cu2clError_t cu2clGraphAddEventWaitNode(cu2clGraphNode_t *node,
                                        cu2clGraph_t graph,
                                        const cu2clGraphNode_t *deps,
                                        size_t num_deps, cu2clEvent_t event) {
  return rt_add_event(node, graph, deps, num_deps, event, RT_CMD_WAIT);
}

/* Device memory of the graph's device: pinned, no export handles, no peer
 * access descriptors. */
static cu2clError_t rt_alloc_params_ok(const struct cu2clGraph *graph,
                                       const cu2clMemAllocNodeParams *p) {
  if (!p || p->bytesize == 0 || !graph)
    return cu2clErrorInvalidValue;
  const cu2clMemPoolProps *pp = &p->poolProps;
  if (pp->allocType != cu2clMemAllocationTypePinned ||
      pp->location.type != cu2clMemLocationTypeDevice ||
      pp->location.id != graph->dev->ordinal)
    return cu2clErrorInvalidValue;
  if (pp->handleTypes != cu2clMemHandleTypeNone || p->accessDescCount > 0)
    return cu2clErrorNotSupported;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphAddMemAllocNode(cu2clGraphNode_t *node,
                                       cu2clGraph_t graph,
                                       const cu2clGraphNode_t *deps,
                                       size_t num_deps,
                                       cu2clMemAllocNodeParams *params) {
  rt_cmd cmd = {.kind = RT_CMD_EMPTY};
  cu2clError_t made = rt_alloc_params_ok(graph, params);
  if (made == cu2clSuccess && !rt_gnode_is_live(graph))
    made = cu2clErrorInvalidValue;
  if (made == cu2clSuccess) {
    cmd.u.resv = rt_resv_new(graph->dev, params->bytesize, &made);
    cmd.kind = cmd.u.resv ? RT_CMD_ALLOC : RT_CMD_EMPTY;
  }
  cu2clError_t err = rt_add(node, graph, deps, num_deps, &cmd, made);
  if (err == cu2clSuccess)
    params->dptr = rt_resv_ptr((*node)->cmd.u.resv);
  return err;
}

/* The memory goes back once the graphs holding its allocation are gone
 * (rt_gnode.h, reservations). */
cu2clError_t cu2clGraphAddMemFreeNode(cu2clGraphNode_t *node,
                                      cu2clGraph_t graph,
                                      const cu2clGraphNode_t *deps,
                                      size_t num_deps, void *ptr) {
  rt_cmd cmd = {.kind = RT_CMD_FREE};
  cmd.u.free_ptr = ptr;
  cu2clError_t err = rt_add(node, graph, deps, num_deps, &cmd,
                            ptr ? cu2clSuccess : cu2clErrorInvalidValue);
  if (err == cu2clSuccess)
    rt_resv_mark_freed(ptr);
  return err;
}

/* ---- edges ----------------------------------------------------------------
 */

static int rt_edge_data_plain(const cu2clGraphEdgeData *e, size_t count) {
  static const cu2clGraphEdgeData zero;
  for (size_t i = 0; e && i < count; i++)
    if (memcmp(&e[i], &zero, sizeof zero) != 0)
      return 0;
  return 1;
}

static ptrdiff_t rt_dep_at(const struct cu2clGraphNode *to,
                           const struct cu2clGraphNode *from) {
  for (size_t d = 0; d < to->ndeps; d++)
    if (to->deps[d] == from)
      return (ptrdiff_t)d;
  return -1;
}

static cu2clError_t rt_edge_add(struct cu2clGraphNode *from,
                                struct cu2clGraphNode *to) {
  if (rt_dep_at(to, from) >= 0 || from == to)
    return cu2clErrorInvalidValue;
  if (to->ndeps == to->capdeps) {
    size_t cap = to->capdeps ? 2 * to->capdeps : 4;
    struct cu2clGraphNode **deps = realloc(to->deps, cap * sizeof *deps);
    if (!deps)
      return cu2clErrorMemoryAllocation;
    to->deps = deps;
    to->capdeps = cap;
  }
  to->deps[to->ndeps++] = from;
  return cu2clSuccess;
}

static cu2clError_t rt_edge_remove(struct cu2clGraphNode *from,
                                   struct cu2clGraphNode *to) {
  ptrdiff_t at = rt_dep_at(to, from);
  if (at < 0)
    return cu2clErrorInvalidValue;
  to->deps[at] = to->deps[--to->ndeps];
  return cu2clSuccess;
}

/* Checks the edge arrays, then adds or removes each edge (all checked
 * first: a bad edge changes nothing). */
static cu2clError_t rt_edges(cu2clGraph_t graph, const cu2clGraphNode_t *from,
                             const cu2clGraphNode_t *to,
                             const cu2clGraphEdgeData *data, size_t count,
                             int add) {
  RT_CHECK(graph != NULL && (count == 0 || (from && to)),
           cu2clErrorInvalidValue);
  RT_CHECK(rt_edge_data_plain(data, count), cu2clErrorNotSupported);
  for (size_t i = 0; i < count; i++) {
    RT_CHECK(from[i] && to[i] && from[i]->graph == graph &&
                 to[i]->graph == graph,
             cu2clErrorInvalidValue);
    RT_CHECK((rt_dep_at(to[i], from[i]) >= 0) != add, cu2clErrorInvalidValue);
  }
  for (size_t i = 0; i < count; i++)
    RT_TRY(add ? rt_edge_add(from[i], to[i]) : rt_edge_remove(from[i], to[i]));
  return cu2clSuccess;
}

cu2clError_t cu2clGraphAddDependencies(cu2clGraph_t graph,
                                       const cu2clGraphNode_t *from,
                                       const cu2clGraphNode_t *to,
                                       const cu2clGraphEdgeData *edge_data,
                                       size_t count) {
  return rt_edges(graph, from, to, edge_data, count, 1);
}

cu2clError_t cu2clGraphRemoveDependencies(cu2clGraph_t graph,
                                          const cu2clGraphNode_t *from,
                                          const cu2clGraphNode_t *to,
                                          const cu2clGraphEdgeData *edge_data,
                                          size_t count) {
  return rt_edges(graph, from, to, edge_data, count, 0);
}

cu2clError_t cu2clGraphDestroyNode(cu2clGraphNode_t node) {
  RT_CHECK(node != NULL, cu2clErrorInvalidValue);
  rt_gnode_remove(node);
  return cu2clSuccess;
}

/* ---- inspecting -----------------------------------------------------------
 */

/* CUDA's convention for node lists: out NULL asks for the count;
 * otherwise up to *count entries are written (the rest of *count set to
 * NULL) and *count becomes how many were written. nodes(i, ctx) is the
 * i-th of n. */
typedef cu2clGraphNode_t (*rt_nth)(size_t i, const void *ctx);

static cu2clError_t rt_list_out(cu2clGraphNode_t *out, cu2clGraphEdgeData *ed,
                                size_t *count, size_t n, rt_nth nth,
                                const void *ctx) {
  RT_CHECK(count != NULL, cu2clErrorInvalidValue);
  if (!out) {
    *count = n;
    return cu2clSuccess;
  }
  size_t k = 0;
  for (; k < *count && k < n; k++)
    out[k] = nth(k, ctx);
  for (size_t i = k; i < *count; i++)
    out[i] = NULL;
  if (ed)
    memset(ed, 0, *count * sizeof *ed);
  *count = k;
  return cu2clSuccess;
}

static cu2clGraphNode_t rt_nth_node(size_t i, const void *g) {
  return ((const struct cu2clGraph *)g)->nodes[i];
}

cu2clError_t cu2clGraphGetNodes(cu2clGraph_t graph, cu2clGraphNode_t *nodes,
                                size_t *count) {
  RT_CHECK(graph != NULL, cu2clErrorInvalidValue);
  return rt_list_out(nodes, NULL, count, graph->len, rt_nth_node, graph);
}

/* A graph's nodes filtered into a scratch graph-like array. */
typedef struct rt_picked {
  cu2clGraphNode_t *v;
  size_t n;
} rt_picked;

static cu2clGraphNode_t rt_nth_picked(size_t i, const void *p) {
  return ((const rt_picked *)p)->v[i];
}

cu2clError_t cu2clGraphGetRootNodes(cu2clGraph_t graph, cu2clGraphNode_t *nodes,
                                    size_t *count) {
  RT_CHECK(graph != NULL, cu2clErrorInvalidValue);
  rt_picked p = {malloc((graph->len ? graph->len : 1) * sizeof *p.v), 0};
  RT_CHECK(p.v != NULL, cu2clErrorMemoryAllocation);
  for (size_t i = 0; i < graph->len; i++)
    if (graph->nodes[i]->ndeps == 0)
      p.v[p.n++] = graph->nodes[i];
  cu2clError_t err = rt_list_out(nodes, NULL, count, p.n, rt_nth_picked, &p);
  free(p.v);
  return err;
}

cu2clError_t cu2clGraphNodeGetDependencies(cu2clGraphNode_t node,
                                           cu2clGraphNode_t *deps,
                                           cu2clGraphEdgeData *edge_data,
                                           size_t *count) {
  RT_CHECK(node != NULL, cu2clErrorInvalidValue);
  rt_picked p = {node->deps, node->ndeps};
  return rt_list_out(deps, edge_data, count, p.n, rt_nth_picked, &p);
}

cu2clError_t cu2clGraphNodeGetDependentNodes(cu2clGraphNode_t node,
                                             cu2clGraphNode_t *dependents,
                                             cu2clGraphEdgeData *edge_data,
                                             size_t *count) {
  RT_CHECK(node != NULL, cu2clErrorInvalidValue);
  const struct cu2clGraph *g = node->graph;
  rt_picked p = {malloc((g->len ? g->len : 1) * sizeof *p.v), 0};
  RT_CHECK(p.v != NULL, cu2clErrorMemoryAllocation);
  for (size_t i = 0; i < g->len; i++)
    if (rt_dep_at(g->nodes[i], node) >= 0)
      p.v[p.n++] = g->nodes[i];
  cu2clError_t err =
      rt_list_out(dependents, edge_data, count, p.n, rt_nth_picked, &p);
  free(p.v);
  return err;
}

/* Edges in the order of their destination nodes, then of their
 * dependencies. */
cu2clError_t cu2clGraphGetEdges(cu2clGraph_t graph, cu2clGraphNode_t *from,
                                cu2clGraphNode_t *to,
                                cu2clGraphEdgeData *edge_data, size_t *count) {
  RT_CHECK(graph != NULL && count != NULL, cu2clErrorInvalidValue);
  RT_CHECK((from == NULL) == (to == NULL), cu2clErrorInvalidValue);
  size_t n = 0;
  for (size_t i = 0; i < graph->len; i++)
    for (size_t d = 0; d < graph->nodes[i]->ndeps; d++, n++)
      if (from && n < *count) {
        from[n] = graph->nodes[i]->deps[d];
        to[n] = graph->nodes[i];
      }
  if (!from) {
    *count = n;
    return cu2clSuccess;
  }
  for (size_t k = n; k < *count; k++)
    from[k] = to[k] = NULL;
  if (edge_data)
    memset(edge_data, 0, *count * sizeof *edge_data);
  if (n < *count)
    *count = n;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphNodeGetType(cu2clGraphNode_t node,
                                   cu2clGraphNodeType *type) {
  RT_CHECK(node != NULL && type != NULL, cu2clErrorInvalidValue);
  *type = rt_cmd_type(&node->cmd);
  return cu2clSuccess;
}

/* ---- node parameters ------------------------------------------------------
 */

/* node's command replaced by *fresh (made: the status of making it). */
static cu2clError_t rt_node_set(cu2clGraphNode_t node, rt_cmd *fresh,
                                cu2clError_t made) {
  cu2clError_t err = made;
  if (err == cu2clSuccess && (!node || node->cmd.kind != fresh->kind))
    err = cu2clErrorInvalidValue;
  if (err != cu2clSuccess) {
    rt_cmd_clear(fresh);
    return rt_fail(err);
  }
  rt_cmd_clear(&node->cmd);
  node->cmd = *fresh;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphKernelNodeGetParams(cu2clGraphNode_t node,
                                           cu2clKernelNodeParams *params) {
  RT_CHECK(node != NULL && params != NULL, cu2clErrorInvalidValue);
  return rt_fail(rt_cmd_kernel_params(&node->cmd, params));
}

cu2clError_t
cu2clGraphKernelNodeSetParams(cu2clGraphNode_t node,
                              const cu2clKernelNodeParams *params) {
  rt_cmd fresh;
  cu2clError_t made = rt_cmd_kernel(&fresh, params);
  return rt_node_set(node, &fresh, made);
}

cu2clError_t cu2clGraphMemcpyNodeGetParams(cu2clGraphNode_t node,
                                           cu2clMemcpy3DParms *params) {
  RT_CHECK(node != NULL && params != NULL && node->cmd.kind == RT_CMD_COPY,
           cu2clErrorInvalidValue);
  rt_cmd_memcpy_params(&node->cmd, params);
  return cu2clSuccess;
}

cu2clError_t cu2clGraphMemcpyNodeSetParams(cu2clGraphNode_t node,
                                           const cu2clMemcpy3DParms *params) {
  rt_cmd fresh;
  cu2clError_t made = rt_cmd_memcpy(&fresh, params);
  return rt_node_set(node, &fresh, made);
}

cu2clError_t cu2clGraphMemsetNodeGetParams(cu2clGraphNode_t node,
                                           cu2clMemsetParams *params) {
  RT_CHECK(node != NULL && params != NULL && node->cmd.kind == RT_CMD_FILL,
           cu2clErrorInvalidValue);
  rt_cmd_memset_params(&node->cmd, params);
  return cu2clSuccess;
}

cu2clError_t cu2clGraphMemsetNodeSetParams(cu2clGraphNode_t node,
                                           const cu2clMemsetParams *params) {
  rt_cmd fresh;
  cu2clError_t made = rt_cmd_memset(&fresh, params);
  return rt_node_set(node, &fresh, made);
}

cu2clError_t cu2clGraphHostNodeGetParams(cu2clGraphNode_t node,
                                         cu2clHostNodeParams *params) {
  RT_CHECK(node != NULL && params != NULL && node->cmd.kind == RT_CMD_HOST,
           cu2clErrorInvalidValue);
  params->fn = node->cmd.u.host.fn;
  params->userData = node->cmd.u.host.data;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphHostNodeSetParams(cu2clGraphNode_t node,
                                         const cu2clHostNodeParams *params) {
  rt_cmd fresh;
  cu2clError_t made = rt_cmd_host(&fresh, params);
  return rt_node_set(node, &fresh, made);
}

cu2clError_t cu2clGraphChildGraphNodeGetGraph(cu2clGraphNode_t node,
                                              cu2clGraph_t *graph) {
  RT_CHECK(node != NULL && graph != NULL && node->cmd.kind == RT_CMD_CHILD,
           cu2clErrorInvalidValue);
  *graph = node->cmd.u.child;
  return cu2clSuccess;
}

cu2clError_t cu2clGraphMemAllocNodeGetParams(cu2clGraphNode_t node,
                                             cu2clMemAllocNodeParams *params) {
  RT_CHECK(node != NULL && params != NULL && node->cmd.kind == RT_CMD_ALLOC,
           cu2clErrorInvalidValue);
  memset(params, 0, sizeof *params);
  params->poolProps.allocType = cu2clMemAllocationTypePinned;
  params->poolProps.location.type = cu2clMemLocationTypeDevice;
  params->poolProps.location.id = node->graph->dev->ordinal;
  params->bytesize = rt_resv_size(node->cmd.u.resv);
  params->dptr = rt_resv_ptr(node->cmd.u.resv);
  return cu2clSuccess;
}

cu2clError_t cu2clGraphMemFreeNodeGetParams(cu2clGraphNode_t node,
                                            void *ptr_out) {
  RT_CHECK(node != NULL && ptr_out != NULL && node->cmd.kind == RT_CMD_FREE,
           cu2clErrorInvalidValue);
  *(void **)ptr_out = node->cmd.u.free_ptr;
  return cu2clSuccess;
}
