/*
 * rt_program: OpenCL programs built from the translator's embedded sources,
 * once per device, through the on-disk cache; and the kernels made from
 * them.
 *
 * A program's build options tell the source what the device offers
 * (-cl-std, CU2CL_DEVICE_HAS_FP64, ...; see rt_program_options) and which
 * warp path its warp operations take (CU2CL_WARP_*, chosen per device by
 * rt_device). A failed build prints the build log once and keeps failing
 * with cu2clErrorInvalidKernelImage without rebuilding.
 *
 * Kernel objects are cached in the generated cu2clKernelRef (one slot per
 * device). OpenCL kernel arguments are not thread-safe, so each slot has a
 * mutex the launch holds from the first clSetKernelArg to the enqueue.
 * Slots and program states are published with release/acquire atomics, so
 * the launch path reads them without a lock.
 */
#ifndef CU2CL_RT_PROGRAM_H
#define CU2CL_RT_PROGRAM_H

#include "rt_device.h"

/* An argument as last set on a kernel object: a launch that passes the
 * same one again skips clSetKernelArg (an OpenCL kernel keeps its
 * arguments), whose cost on NVIDIA's driver adds up over a step of several
 * short kernels (docs/performance.md). Values over 32 bytes are always
 * set. */
enum { RT_MEMO_BYTES = 32 };
typedef struct rt_arg_memo {
  int set; /* 0: unknown, set the next one */
  int kind;
  size_t size;
  unsigned char bytes[RT_MEMO_BYTES];
} rt_arg_memo;

typedef struct rt_kernel {
  cl_kernel kernel;
  rt_arg_memo *memo; /* nmemo entries, NULL until the first launch; under
                        lock, reset when kernel is recreated */
  unsigned nmemo;
  pthread_mutex_t lock; /* held while arguments are set and enqueued */
  cl_uint nargs;
  size_t max_group_size; /* CL_KERNEL_WORK_GROUP_SIZE */
  cl_ulong static_local; /* CL_KERNEL_LOCAL_MEM_SIZE before any argument */
  cu2clError_t error;    /* a creation failure, remembered */
  /* Pointer arguments last set as SVM pointers / as NULL buffers (bit per
   * argument index < 64): NVIDIA's driver rejects a launch after an index
   * switched between the two, so the kernel object is recreated then. */
  unsigned long long svm_args, null_args;
  /* A kernel the translator emitted as CU2CL_WARP_KERNEL (it uses warp
   * operations): each launch's block is checked against the warp path
   * (rt_launch.c), and block shapes that passed are remembered here; the
   * fields are used under lock. */
  int warp;
  /* A kernel emitted as CU2CL_GRID_KERNEL (it syncs the grid): every launch
   * must fit the device at once (rt_launch_coresident), and launches run
   * one after another per device (rt_launch.c); set at creation. */
  int grid;
  /* Its dynamic shared memory may be an array of a size fixed at build
   * time (rt_kernel_get_sized); set at creation. */
  int sized_shared;
  /* The last size launched (units, 0: none yet) and its sized kernel, NULL
   * when it runs the general one (rt_launch.c), so that repeated launches
   * skip rt_kernel_get_sized's lookup; under lock. */
  size_t sized_units;
  struct rt_kernel *sized_kernel;
  size_t warp_ok[4][3];
  unsigned warp_ok_next;
  /* cu2clFuncSetAttribute's values, which cu2clFuncGetAttributes reports;
   * the set_ flags say which were set. Under lock. */
  int set_max_dynamic, max_dynamic;
  int set_carveout, carveout;
  int ready;             /* set last, with release ordering */
} rt_kernel;

/* The kernel of ref on dev, built and created on first use. */
cu2clError_t rt_kernel_get(cu2clKernelRef *ref, rt_device *dev,
                           rt_kernel **out);
/* The kernel of ref on dev from a program built with its dynamic shared
 * memory as a static array of `units` 16-byte units (emit_device.c, NVIDIA's
 * 32-bit shared addresses). Sizes the last run launched with were loaded
 * with the program (the on-disk cache keeps their list); another size in
 * the cache loads on a builder thread from the first call, which answers
 * cu2clErrorNotReady until it is done; one not in the cache is built by
 * the first call. cu2clErrorNotSupported beyond RT_SIZED_MAX sizes, or
 * another error: the caller then launches the general kernel. */
cu2clError_t rt_kernel_get_sized(cu2clKernelRef *ref, rt_device *dev,
                                 size_t units, rt_kernel **out);
/* Whether launches with dynamic shared memory on d use programs built for
 * their size (rt_kernel_get_sized): NVIDIA's by default, CU2CL_SIZED_SHARED
 * decides. */
int rt_sized_shared_on(const rt_device *d);
/* The program of prog on dev (opened), built on first use as a launch
 * builds it: the same options, cache key and store. It stays with prog. */
cu2clError_t rt_program_built(cu2clProgram *prog, rt_device *dev,
                              cl_program *out);
/* Releases every program and kernel built for dev (cu2clDeviceReset). */
void rt_program_release_device(rt_device *dev);

#endif
