/*
 * rt_devrt: the device runtime block, state that translated kernels share
 * with cu2clrt (docs/runtime.md, "Device runtime").
 *
 * Kernels that assert, read clock()/clock64() or allocate from the device
 * heap take one hidden argument, CU2CL_ARG_DEVRT: a block of device memory
 * per device that cu2clrt owns. Its first 64 bytes are 32-bit words
 * (rules/prelude.cl names them, CU2CL_DEVRT_*): the count of failed
 * asserts, the fallback clock, the heap's state; the heap follows, of the
 * size cu2clDeviceSetLimit(cu2clLimitMallocHeapSize) gave when the block
 * was made (the first launch that needs it; 8 MiB by default, as CUDA).
 *
 * Words 6 and 7 are the grid barrier's (cooperative groups' grid sync).
 *
 * A failed assert is CUDA's sticky cudaErrorAssert: the synchronizing calls
 * (device, stream and event synchronization, cudaMemcpy) read the count
 * after their wait, and from then on every call that finds the current
 * device answers cudaErrorAssert, until cu2clDeviceReset.
 */
#ifndef CU2CL_RT_DEVRT_H
#define CU2CL_RT_DEVRT_H

#include "rt_device.h"

/* Bytes before the heap; the heap is aligned to 16 bytes after them. */
#define RT_DEVRT_HEADER 64

/* The device runtime block of d, made (zeroed) on first use. */
cu2clError_t rt_devrt_block(rt_device *d, void **out);
/* After a wait for d's work: cu2clErrorAssert when a kernel's assert
 * failed (then sticky), else success. Reads the device only when a block
 * exists. */
cu2clError_t rt_devrt_check(rt_device *d);
/* The sticky error of d (cu2clSuccess when none). */
cu2clError_t rt_devrt_sticky(const rt_device *d);
/* Grid syncs (prelude.cl, "The grid") use two words of the block, so the
 * launches of kernels that sync the grid run one after another on d. Takes
 * the lock that orders them and returns the last such launch's event for
 * the next to wait for (NULL: none); rt_devrt_grid_unlock records the new
 * launch's event (retained; NULL when it was not enqueued) and releases
 * the lock. */
cl_event rt_devrt_grid_lock(rt_device *d);
void rt_devrt_grid_unlock(rt_device *d, cl_event ev);
/* Forgets d's block and sticky error (cu2clDeviceReset; the memory goes
 * with rt_mem_release_device). */
void rt_devrt_release_device(rt_device *d);

#endif
