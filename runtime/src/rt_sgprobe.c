/*
 * rt_sgprobe: the sub-group probe (rt_sgprobe.h), kept on the device under
 * its sg_lock.
 */
#include "rt_sgprobe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the sub-group probe -------------------------------------------------
 *
 * Whether a kernel pinned with intel_reqd_sub_group_size(32) really runs a
 * block of a given shape as CUDA's warps: sub-groups of 32 (the last one
 * smaller when the block is not a multiple of 32, which PoCL before 7.2
 * misreports as 32: tolerated, the prelude does not ask), lanes in the
 * order of the linear work-item index, x fastest. The answer is read off a run of the
 * probe kernel, not off clGetKernelSubGroupInfo: PoCL before 7.2 ignores
 * the attribute in that query (it answers the block's x extent) while its
 * kernels honour it, and a query says nothing about the lane order. */
static const char rt_sg_probe_src[] =
    "__attribute__((intel_reqd_sub_group_size(32)))\n"
    "__kernel void cu2cl_sg_probe(__global uint *p) {\n"
    "  size_t l = get_local_id(0) + get_local_size(0) *\n"
    "             (get_local_id(1) + get_local_size(1) * get_local_id(2));\n"
    "  p[3 * l] = get_sub_group_size();\n"
    "  p[3 * l + 1] = get_sub_group_id();\n"
    "  p[3 * l + 2] = get_sub_group_local_id();\n"
    "}\n";

/* Caller holds d->sg_lock. */
static cl_int rt_sg_probe_open(rt_device *d) {
  if (d->sg_kernel && d->sg_program && d->sg_queue)
    return CL_SUCCESS;
  char opts[64];
  snprintf(opts, sizeof opts, "-cl-std=CL%d.%d", d->clc_major, d->clc_minor);
  const char *s = rt_sg_probe_src;
  cl_int st;
  if (!d->sg_program) {
    d->sg_program = clCreateProgramWithSource(d->ctx, 1, &s, NULL, &st);
    if (st != CL_SUCCESS)
      return st;
    st = clBuildProgram(d->sg_program, 1, &d->id, opts, NULL, NULL);
    if (st != CL_SUCCESS)
      return st;
  }
  if (!d->sg_kernel) {
    d->sg_kernel = clCreateKernel(d->sg_program, "cu2cl_sg_probe", &st);
    if (st != CL_SUCCESS)
      return st;
  }
  if (!d->sg_queue) {
    d->sg_queue = rt_device_new_queue(d, &st);
    if (st != CL_SUCCESS)
      return st;
  }
  return CL_SUCCESS;
}

/* Runs one block of shape local and compares; 1 when every work-item is
 * where a CUDA warp would put it. Caller holds d->sg_lock. */
static int rt_sg_probe_run(rt_device *d, cl_uint dims, const size_t local[3]) {
  size_t n = local[0] * local[1] * local[2];
  cl_int st = rt_sg_probe_open(d);
  cl_uint *got = calloc(3 * n, sizeof *got);
  cl_mem buf = NULL;
  if (st == CL_SUCCESS && got)
    buf = clCreateBuffer(d->ctx, CL_MEM_WRITE_ONLY, 3 * n * sizeof *got, NULL,
                         &st);
  if (st == CL_SUCCESS && buf)
    st = clSetKernelArg(d->sg_kernel, 0, sizeof buf, &buf);
  if (st == CL_SUCCESS && buf)
    st = clEnqueueNDRangeKernel(d->sg_queue, d->sg_kernel, dims, NULL, local,
                                local, 0, NULL, NULL);
  if (st == CL_SUCCESS && buf)
    st = clEnqueueReadBuffer(d->sg_queue, buf, CL_TRUE, 0,
                             3 * n * sizeof *got, got, 0, NULL, NULL);
  int ok = st == CL_SUCCESS && buf && got;
  if (!ok)
    rt_log_debug("%s: the sub-group probe failed for blocks of %zux%zux%zu "
                 "(%s)",
                 d->name, local[0], local[1], local[2],
                 rt_cl_status_name(st));
  for (size_t l = 0; ok && l < n; l++) {
    size_t warp = l / 32, full = n - warp * 32;
    cl_uint want[3] = {(cl_uint)(full < 32 ? full : 32), (cl_uint)warp,
                       (cl_uint)(l % 32)};
    /* A partial last sub-group may say 32 (PoCL before 7.2); the prelude
     * counts a warp's lanes itself, so only the lane order must hold. */
    int size_ok = got[3 * l] == want[0] || (full < 32 && got[3 * l] == 32);
    if (!size_ok || got[3 * l + 1] != want[1] || got[3 * l + 2] != want[2]) {
      rt_log_debug("%s: in blocks of %zux%zux%zu, work-item %zu is lane %u "
                   "of a sub-group of %u (number %u), not lane %u of a warp "
                   "of %u (number %u), despite "
                   "intel_reqd_sub_group_size(32)",
                   d->name, local[0], local[1], local[2], l, got[3 * l + 2],
                   got[3 * l], got[3 * l + 1], want[2], want[0], want[1]);
      ok = 0;
    }
  }
  if (buf)
    clReleaseMemObject(buf);
  free(got);
  return ok;
}

int rt_sub_groups_hold(rt_device *d, cl_uint dims, const size_t local[3]) {
  size_t shape[3] = {local[0], dims > 1 ? local[1] : 1, dims > 2 ? local[2] : 1};
  pthread_mutex_lock(&d->sg_lock);
  int ok = 0;
  for (unsigned i = 0; i < 8 && !ok; i++)
    ok = memcmp(d->sg_ok[i], shape, sizeof shape) == 0;
  if (!ok && rt_sg_probe_run(d, dims, shape)) {
    memcpy(d->sg_ok[d->sg_ok_next++ % 8], shape, sizeof shape);
    ok = 1;
  }
  pthread_mutex_unlock(&d->sg_lock);
  return ok;
}

void rt_sg_probe_release(rt_device *d) {
  pthread_mutex_lock(&d->sg_lock);
  if (d->sg_kernel)
    clReleaseKernel(d->sg_kernel);
  if (d->sg_program)
    clReleaseProgram(d->sg_program);
  if (d->sg_queue)
    clReleaseCommandQueue(d->sg_queue);
  d->sg_kernel = NULL;
  d->sg_program = NULL;
  d->sg_queue = NULL;
  pthread_mutex_unlock(&d->sg_lock);
}
