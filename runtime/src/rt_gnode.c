/*
 * rt_gnode: commands, nodes, graphs and reservations (rt_gnode.h).
 */
#include "rt_gnode.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rt_gexec.h"
#include "rt_memory.h"

pthread_mutex_t rt_gnode_lock = PTHREAD_MUTEX_INITIALIZER;

static struct cu2clGraph *g_graphs; /* live graph handles */

/* ---- commands that hold graphs ---------------------------------------------
 */

cu2clError_t rt_cmd_copy(rt_cmd *dst, const rt_cmd *src) {
  *dst = *src;
  switch (src->kind) {
  case RT_CMD_KERNEL:
    dst->u.kernel.params = NULL; /* made again on demand */
    dst->u.kernel.args = rt_args_copy(src->u.kernel.args, src->u.kernel.nargs);
    if (dst->u.kernel.args)
      return cu2clSuccess;
    break;
  case RT_CMD_CHILD:
    dst->u.child = rt_gnode_clone(src->u.child);
    if (dst->u.child)
      return cu2clSuccess;
    break;
  case RT_CMD_GRAPH:
    rt_xlist_retain(src->u.graph);
    return cu2clSuccess;
  case RT_CMD_ALLOC:
    rt_resv_retain(src->u.resv);
    return cu2clSuccess;
  default:
    return cu2clSuccess;
  }
  dst->kind = RT_CMD_EMPTY;
  return cu2clErrorMemoryAllocation;
}

void rt_cmd_clear(rt_cmd *cmd) {
  switch (cmd->kind) {
  case RT_CMD_KERNEL:
    free(cmd->u.kernel.args);
    free(cmd->u.kernel.params);
    break;
  case RT_CMD_CHILD:
    rt_gnode_graph_free(cmd->u.child);
    break;
  case RT_CMD_GRAPH:
    rt_xlist_release(cmd->u.graph);
    break;
  case RT_CMD_ALLOC:
    rt_resv_release(cmd->u.resv);
    break;
  default:
    break;
  }
  cmd->kind = RT_CMD_EMPTY;
}

/* ---- graphs ---------------------------------------------------------------
 */

struct cu2clGraph *rt_gnode_graph_new(rt_device *dev) {
  struct cu2clGraph *g = calloc(1, sizeof *g);
  if (g)
    g->dev = dev;
  return g;
}

static void rt_node_free(struct cu2clGraphNode *n) {
  rt_cmd_clear(&n->cmd);
  free(n->deps);
  free(n);
}

void rt_gnode_graph_free(struct cu2clGraph *graph) {
  if (!graph)
    return;
  for (size_t i = 0; i < graph->len; i++)
    rt_node_free(graph->nodes[i]);
  free(graph->nodes);
  free(graph);
}

void rt_gnode_register(struct cu2clGraph *graph) {
  pthread_mutex_lock(&rt_gnode_lock);
  graph->registered = 1;
  graph->next = g_graphs;
  g_graphs = graph;
  pthread_mutex_unlock(&rt_gnode_lock);
}

int rt_gnode_is_live(const struct cu2clGraph *graph) {
  int found = 0;
  pthread_mutex_lock(&rt_gnode_lock);
  for (const struct cu2clGraph *g = g_graphs; g && !found; g = g->next)
    found = g == graph;
  pthread_mutex_unlock(&rt_gnode_lock);
  return found;
}

int rt_gnode_unregister(struct cu2clGraph *graph) {
  pthread_mutex_lock(&rt_gnode_lock);
  struct cu2clGraph **link = &g_graphs;
  while (*link && *link != graph)
    link = &(*link)->next;
  int found = *link != NULL;
  if (found) {
    *link = graph->next;
    graph->registered = 0;
  }
  pthread_mutex_unlock(&rt_gnode_lock);
  return found;
}

static int rt_node_in(const struct cu2clGraph *g,
                      const struct cu2clGraphNode *n) {
  return n && n->graph == g;
}

static cu2clError_t rt_check_deps(const struct cu2clGraph *graph,
                                  struct cu2clGraphNode *const *deps,
                                  size_t ndeps) {
  if (ndeps && !deps)
    return cu2clErrorInvalidValue;
  for (size_t i = 0; i < ndeps; i++) {
    if (!rt_node_in(graph, deps[i]))
      return cu2clErrorInvalidValue;
    for (size_t j = 0; j < i; j++)
      if (deps[j] == deps[i])
        return cu2clErrorInvalidValue;
  }
  return cu2clSuccess;
}

cu2clError_t rt_gnode_add(struct cu2clGraph *graph, rt_cmd *cmd,
                          struct cu2clGraphNode *const *deps, size_t ndeps,
                          struct cu2clGraphNode **out) {
  cu2clError_t err = rt_check_deps(graph, deps, ndeps);
  struct cu2clGraphNode *n = NULL;
  if (err == cu2clSuccess && graph->len == graph->cap) {
    size_t cap = graph->cap ? 2 * graph->cap : 8;
    struct cu2clGraphNode **nodes = realloc(graph->nodes, cap * sizeof *nodes);
    err = nodes ? cu2clSuccess : cu2clErrorMemoryAllocation;
    if (nodes) {
      graph->nodes = nodes;
      graph->cap = cap;
    }
  }
  if (err == cu2clSuccess) {
    n = calloc(1, sizeof *n);
    if (n && ndeps) {
      n->deps = malloc(ndeps * sizeof *n->deps);
      if (!n->deps) {
        free(n);
        n = NULL;
      }
    }
    err = n ? cu2clSuccess : cu2clErrorMemoryAllocation;
  }
  if (err != cu2clSuccess)
    return err;
  n->cmd = *cmd;
  cmd->kind = RT_CMD_EMPTY;
  n->graph = graph;
  if (ndeps)
    memcpy(n->deps, deps, ndeps * sizeof *deps);
  n->ndeps = n->capdeps = ndeps;
  graph->nodes[graph->len++] = n;
  if (out)
    *out = n;
  return cu2clSuccess;
}

size_t rt_gnode_index(const struct cu2clGraphNode *node) {
  const struct cu2clGraph *g = node->graph;
  for (size_t i = 0; i < g->len; i++)
    if (g->nodes[i] == node)
      return i;
  return g->len;
}

/* A node of c holding a copy of n's command, without edges yet. */
static struct cu2clGraphNode *rt_clone_node(struct cu2clGraph *c,
                                            const struct cu2clGraphNode *n) {
  struct cu2clGraphNode *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->graph = c;
  m->deps = n->ndeps ? malloc(n->ndeps * sizeof *m->deps) : NULL;
  if ((n->ndeps && !m->deps) || rt_cmd_copy(&m->cmd, &n->cmd) != cu2clSuccess) {
    free(m->deps);
    free(m);
    return NULL;
  }
  m->ndeps = m->capdeps = n->ndeps;
  return m;
}

/* Node i of the clone copies node i of graph; edges are copied by index. */
struct cu2clGraph *rt_gnode_clone(const struct cu2clGraph *graph) {
  struct cu2clGraph *c = rt_gnode_graph_new(graph->dev);
  if (!c)
    return NULL;
  c->nodes = calloc(graph->len ? graph->len : 1, sizeof *c->nodes);
  c->cap = graph->len;
  for (size_t i = 0; c->nodes && i < graph->len; i++) {
    c->nodes[i] = rt_clone_node(c, graph->nodes[i]);
    if (!c->nodes[i])
      break;
    c->len = i + 1;
  }
  if (c->len != graph->len) {
    rt_gnode_graph_free(c);
    return NULL;
  }
  for (size_t i = 0; i < graph->len; i++)
    graph->nodes[i]->idx = i;
  for (size_t i = 0; i < graph->len; i++) {
    const struct cu2clGraphNode *n = graph->nodes[i];
    for (size_t k = 0; k < n->ndeps; k++)
      c->nodes[i]->deps[k] = c->nodes[n->deps[k]->idx];
  }
  return c;
}

/* A binary min-heap of node indices: the ready node added first. */
typedef struct rt_heap {
  size_t *v, n;
} rt_heap;

static void rt_heap_push(rt_heap *h, size_t x) {
  size_t i = h->n++;
  for (; i > 0 && h->v[(i - 1) / 2] > x; i = (i - 1) / 2)
    h->v[i] = h->v[(i - 1) / 2];
  h->v[i] = x;
}

static size_t rt_heap_pop(rt_heap *h) {
  size_t top = h->v[0], last = h->v[--h->n], i = 0, c;
  while ((c = 2 * i + 1) < h->n) {
    if (c + 1 < h->n && h->v[c + 1] < h->v[c])
      c++;
    if (h->v[c] >= last)
      break;
    h->v[i] = h->v[c];
    i = c;
  }
  if (h->n > 0)
    h->v[i] = last;
  return top;
}

/* Kahn's algorithm over the reverse edges, laid out as one array
 * (users[first[j] .. first[j + 1]) depend on node j). */
cu2clError_t rt_gnode_order(const struct cu2clGraph *graph, size_t *order) {
  size_t n = graph->len, nedges = 0;
  for (size_t i = 0; i < n; i++) {
    graph->nodes[i]->idx = i;
    nedges += graph->nodes[i]->ndeps;
  }
  size_t *first = calloc(n + 1, sizeof *first);
  size_t *users = malloc((nedges ? nedges : 1) * sizeof *users);
  size_t *waiting = malloc((n ? n : 1) * sizeof *waiting);
  rt_heap h = {malloc((n ? n : 1) * sizeof *h.v), 0};
  cu2clError_t err = first && users && waiting && h.v
                         ? cu2clSuccess
                         : cu2clErrorMemoryAllocation;
  size_t k = 0;
  if (err == cu2clSuccess) {
    for (size_t i = 0; i < n; i++)
      for (size_t d = 0; d < graph->nodes[i]->ndeps; d++)
        first[graph->nodes[i]->deps[d]->idx + 1]++;
    for (size_t j = 0; j < n; j++)
      first[j + 1] += first[j];
    for (size_t j = 0; j < n; j++)
      waiting[j] = first[j]; /* the next free slot of j's users */
    for (size_t i = 0; i < n; i++)
      for (size_t d = 0; d < graph->nodes[i]->ndeps; d++)
        users[waiting[graph->nodes[i]->deps[d]->idx]++] = i;
    for (size_t i = 0; i < n; i++)
      if ((waiting[i] = graph->nodes[i]->ndeps) == 0)
        rt_heap_push(&h, i);
    while (h.n > 0) {
      size_t j = order[k++] = rt_heap_pop(&h);
      for (size_t u = first[j]; u < first[j + 1]; u++)
        if (--waiting[users[u]] == 0)
          rt_heap_push(&h, users[u]);
    }
    if (k != n)
      err = cu2clErrorInvalidValue; /* a cycle */
  }
  free(first);
  free(users);
  free(waiting);
  free(h.v);
  return err;
}

void rt_gnode_remove(struct cu2clGraphNode *node) {
  struct cu2clGraph *g = node->graph;
  size_t at = rt_gnode_index(node);
  for (size_t i = 0; i < g->len; i++) {
    struct cu2clGraphNode *m = g->nodes[i];
    size_t w = 0;
    for (size_t d = 0; d < m->ndeps; d++)
      if (m->deps[d] != node)
        m->deps[w++] = m->deps[d];
    m->ndeps = w;
  }
  memmove(&g->nodes[at], &g->nodes[at + 1],
          (g->len - at - 1) * sizeof *g->nodes);
  g->len--;
  rt_node_free(node);
}

void rt_gnode_release_device(rt_device *d) {
  for (;;) {
    pthread_mutex_lock(&rt_gnode_lock);
    struct cu2clGraph *g = g_graphs;
    while (g && g->dev != d)
      g = g->next;
    pthread_mutex_unlock(&rt_gnode_lock);
    if (!g)
      return;
    rt_gnode_unregister(g);
    rt_gnode_graph_free(g);
  }
}

/* ---- reservations ---------------------------------------------------------
 * An allocation node's memory: device memory made when the node was added,
 * kept while a graph, clone or executable graph holds the node (refs) and
 * given back once none does and it was freed. Listed so that cu2clFree
 * finds it; a reservation without references that was not freed stays
 * listed (the program's allocation now) until cu2clFree or a reset. */

struct rt_resv {
  unsigned long refs;
  int freed;
  rt_device *dev;
  void *ptr;
  size_t size;
  struct rt_resv *next;
};

static rt_resv *g_resvs;

rt_resv *rt_resv_new(rt_device *d, size_t size, cu2clError_t *err) {
  rt_resv *r = calloc(1, sizeof *r);
  *err = r ? rt_mem_alloc(d, size, RT_MEM_DEVICE, &r->ptr)
           : cu2clErrorMemoryAllocation;
  if (*err != cu2clSuccess) {
    free(r);
    return NULL;
  }
  r->refs = 1;
  r->dev = d;
  r->size = size;
  pthread_mutex_lock(&rt_gnode_lock);
  r->next = g_resvs;
  g_resvs = r;
  pthread_mutex_unlock(&rt_gnode_lock);
  return r;
}

void rt_resv_retain(rt_resv *r) {
  pthread_mutex_lock(&rt_gnode_lock);
  r->refs++;
  pthread_mutex_unlock(&rt_gnode_lock);
}

/* Takes r out of the list. Caller holds rt_gnode_lock. */
static void rt_resv_unlink(rt_resv *r) {
  rt_resv **link = &g_resvs;
  while (*link && *link != r)
    link = &(*link)->next;
  if (*link) /* forgotten by a reset: not listed any more */
    *link = r->next;
}

/* The memory goes back through cu2clrt's ordinary free (which waits for
 * the device, as cudaFree does). */
static void rt_resv_drop(rt_resv *r) {
  if (r->ptr)
    rt_mem_free_ptr(r->ptr);
  free(r);
}

void rt_resv_release(rt_resv *r) {
  if (!r)
    return;
  pthread_mutex_lock(&rt_gnode_lock);
  int drop = --r->refs == 0 && r->freed;
  if (drop)
    rt_resv_unlink(r);
  pthread_mutex_unlock(&rt_gnode_lock);
  if (drop)
    rt_resv_drop(r);
}

void *rt_resv_ptr(const rt_resv *r) {
  return r->ptr;
}

size_t rt_resv_size(const rt_resv *r) {
  return r->size;
}

int rt_resv_mark_freed(void *ptr) {
  pthread_mutex_lock(&rt_gnode_lock);
  rt_resv *r = g_resvs;
  while (r && r->ptr != ptr)
    r = r->next;
  int drop = r && r->refs == 0;
  if (r)
    r->freed = 1;
  if (drop)
    rt_resv_unlink(r);
  pthread_mutex_unlock(&rt_gnode_lock);
  if (drop)
    rt_resv_drop(r);
  return r != NULL;
}

/* A reset frees the device's memory itself (rt_mem_release_device): the
 * reservations of d are forgotten, their memory is not freed twice. */
void rt_resv_forget_device(rt_device *d) {
  pthread_mutex_lock(&rt_gnode_lock);
  for (rt_resv **link = &g_resvs; *link;) {
    rt_resv *r = *link;
    if (r->dev == d) {
      *link = r->next;
      r->dev = NULL;
      r->ptr = NULL;
      r->next = NULL;
      if (r->refs == 0)
        free(r);
      else
        r->freed = 1; /* the last holder frees the record only */
    } else {
      link = &r->next;
    }
  }
  pthread_mutex_unlock(&rt_gnode_lock);
}
