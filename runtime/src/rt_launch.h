/*
 * rt_launch: kernel launches (cu2clLaunchKernel), split into the checks
 * made once per launch call and the enqueue step, which graph replay
 * (rt_graph) repeats for each recorded launch without the checks.
 */
#ifndef CU2CL_RT_LAUNCH_H
#define CU2CL_RT_LAUNCH_H

#include "rt_program.h"

/* The configuration checks of a launch of k (ref's kernel on d): grid and
 * block extents, work-group limits, dynamic shared memory, argument count.
 * Returns the error without recording it. */
cu2clError_t rt_launch_check(const rt_device *d, const cu2clKernelRef *ref,
                             const rt_kernel *k, dim3 grid, dim3 block,
                             size_t shared_mem, unsigned nargs);
/* The most work-items a block of k may have on d: what rt_launch_check
 * and the warp-path check let through (the sub-group path's shapes are
 * probed at launch and not counted here). */
size_t rt_launch_max_threads(const rt_device *d, const rt_kernel *k);
/* A launch whose blocks must all run at once (a cooperative launch, or
 * any launch of a kernel that syncs the grid): cu2clErrorCooperative-
 * LaunchTooLarge, logged, when the grid exceeds the occupancy estimate
 * over all compute units (rt_func.c), else success. A block the estimate
 * gives 0 for is left to the launch's own checks. Not recorded. */
cu2clError_t rt_launch_coresident(rt_device *d, const cu2clKernelRef *ref,
                                  const rt_kernel *k, dim3 grid, dim3 block,
                                  size_t shared_mem);
/* Under k->lock: the warp-path check of the block, the arguments set and,
 * when q is not NULL, the NDRange enqueued on q (waited for under
 * CU2CL_LAUNCH_BLOCKING). With q NULL nothing is enqueued: stream capture
 * validates a launch that way before recording it. Not recorded. */
cu2clError_t rt_launch_enqueue(rt_device *d, const cu2clKernelRef *ref,
                               rt_kernel *k, dim3 grid, dim3 block,
                               const cu2clArg *args, unsigned nargs,
                               cl_command_queue q);

#endif
