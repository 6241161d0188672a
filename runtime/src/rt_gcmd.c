/*
 * rt_gcmd: graph commands and CUDA's node parameters (rt_gcmd.h).
 */
#include "rt_gcmd.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rt_graph.h"

/* ---- commands -------------------------------------------------------------
 */

static size_t rt_align_up(size_t n) {
  size_t a = alignof(max_align_t);
  return (n + a - 1) / a * a;
}

/* The symbol object is the translator's static and its storage is looked
 * up at replay, so a symbol argument keeps only its pointer. */
size_t rt_arg_bytes(const cu2clArg *a) {
  if (a->kind == CU2CL_ARG_VALUE && a->value)
    return a->size;
  return a->kind == CU2CL_ARG_DEVPTR ? sizeof(void *) : 0;
}

cu2clArg *rt_args_copy(const cu2clArg *args, unsigned nargs) {
  size_t size = rt_align_up(nargs * sizeof *args);
  for (unsigned i = 0; i < nargs; i++)
    size += rt_align_up(rt_arg_bytes(&args[i]));
  char *block = malloc(size ? size : 1);
  if (!block)
    return NULL;
  cu2clArg *out = (cu2clArg *)(void *)block;
  size_t at = rt_align_up(nargs * sizeof *args);
  for (unsigned i = 0; i < nargs; i++) {
    size_t n = rt_arg_bytes(&args[i]);
    out[i] = args[i];
    if (n == 0)
      continue;
    memcpy(block + at, args[i].value, n);
    out[i].value = block + at;
    at += rt_align_up(n);
  }
  return out;
}

cu2clGraphNodeType rt_cmd_type(const rt_cmd *cmd) {
  switch (cmd->kind) {
  case RT_CMD_KERNEL:
    return cu2clGraphNodeTypeKernel;
  case RT_CMD_COPY:
    return cu2clGraphNodeTypeMemcpy;
  case RT_CMD_FILL:
    return cu2clGraphNodeTypeMemset;
  case RT_CMD_HOST:
    return cu2clGraphNodeTypeHost;
  case RT_CMD_CHILD:
  case RT_CMD_GRAPH:
    return cu2clGraphNodeTypeGraph;
  case RT_CMD_RECORD:
    return cu2clGraphNodeTypeEventRecord;
  case RT_CMD_WAIT:
    return cu2clGraphNodeTypeWaitEvent;
  case RT_CMD_ALLOC:
    return cu2clGraphNodeTypeMemAlloc;
  case RT_CMD_FREE:
    return cu2clGraphNodeTypeMemFree;
  case RT_CMD_EMPTY:
    break;
  }
  return cu2clGraphNodeTypeEmpty;
}

/* ---- from and to CUDA's parameters ----------------------------------------
 */

cu2clError_t rt_cmd_kernel(rt_cmd *cmd, const cu2clKernelNodeParams *p) {
  cmd->kind = RT_CMD_EMPTY;
  if (!p)
    return cu2clErrorInvalidValue;
  if (p->extra) {
    rt_log_error("kernel node: the 'extra' form of kernel arguments is not "
                 "supported; pass kernelParams");
    return cu2clErrorNotSupported;
  }
  const cu2clKernelRef *ref = p->func;
  if (!ref || !ref->program || !ref->name || !ref->launchv)
    return cu2clErrorInvalidDeviceFunction;
  return rt_graph_capture_one(cmd, ref, p->gridDim, p->blockDim,
                              p->sharedMemBytes, p->kernelParams);
}

cu2clMemcpy3DParms rt_memcpy_1d_params(void *dst, const void *src, size_t count,
                                       cu2clMemcpyKind kind) {
  cu2clMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cu2clPitchedPtr((void *)src, count, count, 1);
  p.dstPtr = make_cu2clPitchedPtr(dst, count, count, 1);
  p.extent = make_cu2clExtent(count, 1, 1);
  p.kind = kind;
  return p;
}

cu2clError_t rt_cmd_memcpy(rt_cmd *cmd, const cu2clMemcpy3DParms *p) {
  cmd->kind = RT_CMD_EMPTY;
  rt_copy3d c;
  rt_copy_plan plan;
  RT_TRY(rt_copy3d_from(p, &c));
  if (c.width == 0 || c.height == 0 || c.depth == 0)
    return cu2clErrorInvalidValue;
  RT_TRY(rt_copy3d_plan(&c, &plan));
  cmd->kind = RT_CMD_COPY;
  cmd->u.copy = c;
  return cu2clSuccess;
}

cu2clError_t rt_cmd_memset(rt_cmd *cmd, const cu2clMemsetParams *p) {
  cmd->kind = RT_CMD_EMPTY;
  if (!p || p->width == 0 || p->height == 0)
    return cu2clErrorInvalidValue;
  rt_fill3d f = {p->dst, p->pitch, p->pitch * p->height, p->width, p->height,
                 1,      p->value, p->elementSize};
  rt_device *dev;
  RT_TRY(rt_fill3d_plan(&f, &dev));
  cmd->kind = RT_CMD_FILL;
  cmd->u.fill = f;
  return cu2clSuccess;
}

cu2clError_t rt_cmd_host(rt_cmd *cmd, const cu2clHostNodeParams *p) {
  cmd->kind = RT_CMD_EMPTY;
  if (!p || !p->fn)
    return cu2clErrorInvalidValue;
  cmd->kind = RT_CMD_HOST;
  cmd->u.host.fn = p->fn;
  cmd->u.host.data = p->userData;
  return cu2clSuccess;
}

/* CUDA's kernelParams: one pointer per kernel parameter, which are the
 * value and device-pointer arguments in order (__local sizes and symbols
 * are cu2cl's own). */
cu2clError_t rt_cmd_kernel_params(rt_cmd *cmd, cu2clKernelNodeParams *p) {
  if (cmd->kind != RT_CMD_KERNEL)
    return cu2clErrorInvalidValue;
  if (!cmd->u.kernel.params) {
    cmd->u.kernel.params =
        calloc(cmd->u.kernel.nargs + 1, sizeof *cmd->u.kernel.params);
    if (!cmd->u.kernel.params)
      return cu2clErrorMemoryAllocation;
    size_t n = 0;
    for (unsigned i = 0; i < cmd->u.kernel.nargs; i++) {
      const cu2clArg *a = &cmd->u.kernel.args[i];
      if (a->kind == CU2CL_ARG_VALUE || a->kind == CU2CL_ARG_DEVPTR)
        cmd->u.kernel.params[n++] = (void *)a->value;
    }
  }
  memset(p, 0, sizeof *p);
  p->func = cmd->u.kernel.ref;
  p->gridDim = cmd->u.kernel.grid;
  p->blockDim = cmd->u.kernel.block;
  p->sharedMemBytes = (unsigned)cmd->u.kernel.shmem;
  p->kernelParams = cmd->u.kernel.params;
  return cu2clSuccess;
}

/* The box as a pitched copy from its first bytes (positions 0). */
void rt_cmd_memcpy_params(const rt_cmd *cmd, cu2clMemcpy3DParms *p) {
  const rt_copy3d *c = &cmd->u.copy;
  memset(p, 0, sizeof *p);
  p->srcPtr = make_cu2clPitchedPtr((void *)c->src, c->spitch, c->width,
                                   c->spitch ? c->sslice / c->spitch : 0);
  p->dstPtr = make_cu2clPitchedPtr(c->dst, c->dpitch, c->width,
                                   c->dpitch ? c->dslice / c->dpitch : 0);
  p->extent = make_cu2clExtent(c->width, c->height, c->depth);
  p->kind = c->kind;
}

void rt_cmd_memset_params(const rt_cmd *cmd, cu2clMemsetParams *p) {
  const rt_fill3d *f = &cmd->u.fill;
  memset(p, 0, sizeof *p);
  p->dst = f->ptr;
  p->pitch = f->pitch;
  p->value = f->value;
  p->elementSize = f->elem;
  p->width = f->width;
  p->height = f->height;
}
