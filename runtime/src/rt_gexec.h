/*
 * rt_gexec: executable graphs and their launches.
 *
 * Instantiation copies a graph's commands into an rt_xlist in a
 * topological order (rt_gnode_order), each with the node it came from
 * (origin, by identity only: the graph may be destroyed afterwards); a
 * child graph becomes a nested list. A launch enqueues the list on the
 * launch stream's in-order queue through the enqueue functions direct
 * calls use, so kernels keep their cached program and kernel objects and
 * nothing is built per launch; one acquisition of the stream orders the
 * whole graph after earlier work.
 *
 * Lists are reference-counted: an executable graph holds one, a launch
 * holds one while it enqueues, and a graph launched into a capture holds
 * one in its node. Changing an executable graph's parameters copies its
 * list first when someone else holds it, so that a capture keeps what was
 * launched into it.
 */
#ifndef CU2CL_RT_GEXEC_H
#define CU2CL_RT_GEXEC_H

#include "rt_gnode.h"

typedef struct rt_xcmd {
  rt_cmd cmd; /* never RT_CMD_CHILD: child graphs are nested lists */
  const struct cu2clGraphNode *origin;
} rt_xcmd;

typedef struct rt_xlist {
  unsigned long refs;
  rt_device *dev;
  rt_xcmd *cmds;
  size_t len;
} rt_xlist;

void rt_xlist_retain(rt_xlist *list);
void rt_xlist_release(rt_xlist *list);
rt_device *rt_xlist_device(const rt_xlist *list);
/* Enqueues list's commands on q (d: its device). Not recorded. */
cu2clError_t rt_xlist_replay(rt_device *d, const rt_xlist *list,
                             cl_command_queue q);
/* Frees every executable graph of d (cu2clDeviceReset). */
void rt_gexec_release_device(rt_device *d);

#endif
