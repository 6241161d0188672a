/*
 * rt_gcmd: graph commands, the work a graph node holds (rt_gnode.h), and
 * their conversion from and to CUDA's node parameter structures.
 *
 * A command keeps deep copies of what it needs to run again: a kernel
 * reference, its geometry and the bytes of every argument; the box of a
 * copy or fill (rt_pitch.h); a host function; an event; a child graph (a
 * copy the command owns); an executable graph launched into a capture (a
 * reference). Making a kernel command from cu2clKernelNodeParams goes
 * through the kernel's launchv, as cu2clLaunchKernelFunc does, into a
 * capture of one launch (rt_graph_capture_one): the launch is checked as
 * any launch is and its arguments copied as a capture copies them.
 */
#ifndef CU2CL_RT_GCMD_H
#define CU2CL_RT_GCMD_H

#include "rt_pitch.h"
#include "rt_stream.h"

typedef enum rt_cmd_kind {
  RT_CMD_KERNEL,
  RT_CMD_COPY,
  RT_CMD_FILL,
  RT_CMD_HOST,
  RT_CMD_EMPTY,
  RT_CMD_CHILD,  /* a child graph: the node owns a copy */
  RT_CMD_GRAPH,  /* an executable graph launched into a capture */
  RT_CMD_RECORD, /* event record */
  RT_CMD_WAIT,   /* event wait */
  RT_CMD_ALLOC,  /* memory allocation: made when the node was added */
  RT_CMD_FREE
} rt_cmd_kind;

struct rt_xlist;
typedef struct rt_resv rt_resv;

typedef struct rt_cmd {
  rt_cmd_kind kind;
  union {
    struct {
      cu2clKernelRef *ref;
      dim3 grid, block;
      size_t shmem;
      cu2clArg *args; /* nargs entries, then their bytes: one allocation */
      unsigned nargs;
      void **params; /* CUDA's view of args, for GetParams; or NULL */
    } kernel;
    rt_copy3d copy;
    rt_fill3d fill;
    struct {
      cu2clHostFn_t fn;
      void *data;
    } host;
    struct cu2clGraph *child; /* owned */
    struct rt_xlist *graph;   /* holds a reference */
    cu2clEvent_t event;
    rt_resv *resv; /* RT_CMD_ALLOC: holds a reference */
    void *free_ptr;
  } u;
} rt_cmd;

/* ---- commands ---- */

/* Bytes of argument a kept in a command (a value's bytes, a device
 * pointer's value; nothing for __local sizes and symbols). */
size_t rt_arg_bytes(const cu2clArg *a);
/* One allocation: the nargs descriptors, then the bytes they point to;
 * NULL when out of memory. */
cu2clArg *rt_args_copy(const cu2clArg *args, unsigned nargs);
/* CUDA's type of a node holding cmd. */
cu2clGraphNodeType rt_cmd_type(const rt_cmd *cmd);

/* ---- from and to CUDA's parameters ---- */

/* Each fills *cmd from CUDA's parameters after checking them as the node's
 * creation would; on failure *cmd is left empty (RT_CMD_EMPTY). */
cu2clError_t rt_cmd_kernel(rt_cmd *cmd, const cu2clKernelNodeParams *p);
cu2clError_t rt_cmd_memcpy(rt_cmd *cmd, const cu2clMemcpy3DParms *p);
/* The 3D parameters of a plain copy of count bytes (the *1D node forms). */
cu2clMemcpy3DParms rt_memcpy_1d_params(void *dst, const void *src, size_t count,
                                       cu2clMemcpyKind kind);
cu2clError_t rt_cmd_memset(rt_cmd *cmd, const cu2clMemsetParams *p);
cu2clError_t rt_cmd_host(rt_cmd *cmd, const cu2clHostNodeParams *p);
/* The parameters cmd holds (kernelParams point into cmd). */
cu2clError_t rt_cmd_kernel_params(rt_cmd *cmd, cu2clKernelNodeParams *p);
void rt_cmd_memcpy_params(const rt_cmd *cmd, cu2clMemcpy3DParms *p);
void rt_cmd_memset_params(const rt_cmd *cmd, cu2clMemsetParams *p);

#endif
