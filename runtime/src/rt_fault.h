/*
 * rt_fault: a kernel that faults on a device whose kernels run inside this
 * process (a CPU device: PoCL), under the memory-checking mode
 * (CU2CL_CHECK=1, rt_guard.h; docs/runtime.md, "Checking memory").
 *
 * On CUDA a kernel that dereferences NULL or an address outside every
 * allocation ends with cudaErrorIllegalAddress, a sticky error the program
 * can report. On a CPU device the same access is a SIGSEGV in one of the
 * OpenCL driver's threads, which ends the process. Under the mode every
 * launch waits for its kernel anyway; rt_fault_wait makes that wait watch
 * for the fault: a SIGSEGV or SIGBUS in a thread that is not a host thread
 * of cu2clrt (one that has called into it), while a watched kernel runs, is
 * taken for the kernel's. The faulting thread is parked for good (it
 * cannot be resumed: the driver's work-group never ends), the launch
 * returns cu2clErrorIllegalAddress with a message naming the kernel, the
 * address and the argument it lies near (a NULL argument, the end of a
 * block), and the device's error becomes sticky: every later call on it
 * fails the same way, as on CUDA, and nothing waits on its queues again
 * (cu2clDeviceReset cannot revive it). Any other fault is passed on to the
 * handler that was there before (the default: the process ends).
 */
#ifndef CU2CL_RT_FAULT_H
#define CU2CL_RT_FAULT_H

#include "rt_error.h"

struct rt_device;

/* Marks the calling thread as one of the program's host threads: a fault
 * in it is never taken for a kernel's. Cheap: called on every entry that
 * looks up the current device. */
void rt_fault_host_thread(void);
/* Nonzero when d runs its kernels in this process (a CPU device). */
int rt_fault_watchable(const struct rt_device *d);
/* Nonzero when a kernel faulted on d (the device is unusable). */
int rt_fault_wedged(const struct rt_device *d);
/* A wait for d's commands (clFinish, clWaitForEvents) ended with st: when
 * st says a command failed while it ran (a kernel's exception, which a GPU
 * driver reports as a failed command and a dead queue: NVIDIA's
 * CL_INVALID_COMMAND_QUEUE or CL_OUT_OF_RESOURCES), d is lost: said once
 * on stderr naming what was waited for (what: "kernel k", "a
 * synchronize"), and every later call on d fails, as CUDA's errors of that
 * kind are sticky. */
void rt_fault_lost(struct rt_device *d, cl_int st, const char *what);
/* The same after waiting for kernel name alone (a blocking launch). */
void rt_fault_lost_kernel(struct rt_device *d, cl_int st, const char *name);
/* Nonzero when d was lost (rt_fault_lost) or wedged: cudaDeviceReset
 * cannot revive it. */
int rt_fault_dead(const struct rt_device *d);
/* What every call that uses d's queues returns once it is dead:
 * cu2clErrorIllegalAddress when wedged, cu2clErrorLaunchFailure when lost;
 * else cu2clSuccess. */
cu2clError_t rt_fault_error(const struct rt_device *d);
/* Starts watching for a kernel's fault on d before a launch is enqueued:
 * 1 when it did (d is watchable; one watch at a time, so this may wait for
 * another thread's), 0 when nothing is watched. A watch ends with
 * rt_fault_wait or, when nothing was enqueued, rt_fault_unwatch. */
int rt_fault_watch(const struct rt_device *d);
void rt_fault_unwatch(void);
/* Waits for everything enqueued on q (a queue of d) to end, watching for a
 * fault of the kernel ref names, launched with args, and ends the watch.
 * cu2clSuccess when it ended; cu2clErrorIllegalAddress after a fault (said
 * on stderr, the device wedged); the OpenCL error of a command that failed
 * otherwise. */
cu2clError_t rt_fault_wait(struct rt_device *d, const cu2clKernelRef *ref,
                           const cu2clArg *args, unsigned nargs,
                           cl_command_queue q);

#endif
