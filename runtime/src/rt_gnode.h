/*
 * rt_gnode: the graph model every graph path shares: commands, nodes,
 * graphs and their registry, and the memory reservations of allocation
 * nodes.
 *
 * A command (rt_cmd) is one unit of work with deep copies of what it needs
 * to run again: a kernel reference, its geometry and the bytes of every
 * argument; copy and fill geometry; a host function; an event; a child
 * graph; an executable graph launched into a capture. A node is a command
 * plus its graph and its incoming edges (deps). A graph owns its nodes,
 * kept in the order they were added: that order breaks ties in the
 * topological order launches follow, so a captured graph replays in the
 * order it was recorded. Stream capture (rt_graph.c) and the node-by-node
 * API (rt_gbuild.c) make the same graphs; rt_gexec.c instantiates and
 * launches them.
 *
 * One mutex (rt_gnode_lock) guards the registry of live graphs, the
 * reservations and the captures in progress. Graph objects themselves are
 * not synchronized, as CUDA's are not: a graph is edited by one thread at a
 * time (a capture appends under the lock, since other threads may ask
 * about it).
 */
#ifndef CU2CL_RT_GNODE_H
#define CU2CL_RT_GNODE_H

#include "rt_gcmd.h"

struct cu2clGraphNode {
  rt_cmd cmd;
  struct cu2clGraph *graph;
  struct cu2clGraphNode **deps; /* incoming edges */
  size_t ndeps, capdeps;
  size_t idx; /* scratch: the node's index while a graph is ordered */
};

struct cu2clGraph {
  rt_device *dev;
  struct cu2clGraphNode **nodes; /* in the order they were added */
  size_t len, cap;
  int registered;          /* in the registry: a handle the user holds */
  struct cu2clGraph *next; /* the registry */
};

/* Guards the registry, the reservations and rt_graph.c's captures. */
extern pthread_mutex_t rt_gnode_lock;

/* ---- commands holding graphs, executable graphs and reservations ---- */

/* A deep copy of src into *dst (arguments, child graph, references);
 * cu2clErrorMemoryAllocation leaves *dst empty. */
cu2clError_t rt_cmd_copy(rt_cmd *dst, const rt_cmd *src);
/* Frees what cmd owns or releases what it holds. */
void rt_cmd_clear(rt_cmd *cmd);
/* ---- graphs ---- */

/* A new empty graph of dev, not registered; NULL when out of memory. */
struct cu2clGraph *rt_gnode_graph_new(rt_device *dev);
/* Frees graph, its nodes and what they hold (not registered any more). */
void rt_gnode_graph_free(struct cu2clGraph *graph);
/* Registers graph as a live handle. */
void rt_gnode_register(struct cu2clGraph *graph);
/* Nonzero when graph is a live handle. */
int rt_gnode_is_live(const struct cu2clGraph *graph);
/* Unregisters graph; 0 when it was not a live handle. */
int rt_gnode_unregister(struct cu2clGraph *graph);
/* Adds a node holding *cmd after the ndeps nodes of deps: *cmd moves into
 * the node (left RT_CMD_EMPTY); on failure it stays the caller's.
 * Errors: cu2clErrorInvalidValue for a dependency not in graph or
 * repeated, cu2clErrorMemoryAllocation. */
cu2clError_t rt_gnode_add(struct cu2clGraph *graph, rt_cmd *cmd,
                          struct cu2clGraphNode *const *deps, size_t ndeps,
                          struct cu2clGraphNode **out);
/* A deep copy of graph (not registered); NULL when out of memory. */
struct cu2clGraph *rt_gnode_clone(const struct cu2clGraph *graph);
/* Index of node in its graph's node array. */
size_t rt_gnode_index(const struct cu2clGraphNode *node);
/* The nodes of graph in a topological order (ties: the order added) into
 * order (graph->len entries); cu2clErrorInvalidValue for a cycle. */
cu2clError_t rt_gnode_order(const struct cu2clGraph *graph, size_t *order);
/* Removes node from its graph (and every edge to it) and frees it. */
void rt_gnode_remove(struct cu2clGraphNode *node);
/* Frees every registered graph of d (cu2clDeviceReset). */
void rt_gnode_release_device(rt_device *d);

/* ---- memory reservations of allocation nodes ---- */

/* A reservation of size bytes of device memory on d with one reference;
 * NULL (and *err) on failure. */
rt_resv *rt_resv_new(rt_device *d, size_t size, cu2clError_t *err);
void rt_resv_retain(rt_resv *r);
/* Drops a reference; the memory goes back once none is left and it was
 * freed (a free node or cu2clFree). */
void rt_resv_release(rt_resv *r);
void *rt_resv_ptr(const rt_resv *r);
size_t rt_resv_size(const rt_resv *r);
/* Marks the reservation at ptr freed (giving the memory back at once when
 * no graph holds it); 0 when ptr is no reservation. */
int rt_resv_mark_freed(void *ptr);
/* cu2clDeviceReset frees d's memory: its reservations are forgotten. */
void rt_resv_forget_device(rt_device *d);

#endif
