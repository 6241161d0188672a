/*
 * rt_sgprobe: whether a device's sub-groups run blocks as CUDA's warps,
 * answered by running a probe kernel once per block shape.
 */
#ifndef CU2CL_RT_SGPROBE_H
#define CU2CL_RT_SGPROBE_H

#include "rt_device.h"

/* Whether blocks of shape local run as CUDA's warps in kernels pinned to
 * 32-wide sub-groups on dev (opened): probed by running a kernel once per
 * shape, then remembered. */
int rt_sub_groups_hold(rt_device *dev, cl_uint dims, const size_t local[3]);
/* Releases the probe's program, kernel and queue on dev. */
void rt_sg_probe_release(rt_device *dev);

#endif
