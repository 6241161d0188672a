/*
 * rt_device: the OpenCL devices cu2clrt may use, chosen once per process
 * from CU2CL_DEVICE, and each device's context and default queue.
 *
 * Initialization is lazy and happens once (pthread_once) on the first call
 * that needs a device. The selected devices are fixed from then on; their
 * ordinal is the CUDA device number. A device is "opened" (context and
 * default-stream queue created) on first use and closed by cu2clDeviceReset.
 * The current device is per thread, as in CUDA.
 */
#ifndef CU2CL_RT_DEVICE_H
#define CU2CL_RT_DEVICE_H

#include <pthread.h>

#include "rt_error.h"

struct cu2clStream;
struct cu2clEvent;

/* How kernels carry out CUDA's warp operations on a device (the prelude's
 * CU2CL_WARP_* macros; docs/runtime.md, "Warp-level operations"). */
typedef enum rt_warp_path {
  RT_WARP_EMULATE,  /* local memory and work-group barriers */
  RT_WARP_SUBGROUP, /* sub-group built-ins, sub-group size pinned to 32 */
  RT_WARP_PTX       /* inline PTX on NVIDIA's OpenCL */
} rt_warp_path;

typedef struct rt_device {
  int ordinal; /* CUDA device number: position among the selected devices */
  cl_platform_id platform;
  cl_device_id id;
  char name[256];
  char platform_name[256];
  char platform_version[256];
  char driver_version[256];
  char device_version[256];
  char *extensions; /* CL_DEVICE_EXTENSIONS, owned */
  cl_device_type type;
  cl_device_svm_capabilities svm; /* 0 when the device has no SVM */
  int cl_major, cl_minor;         /* OpenCL version of the device */
  int clc_major, clc_minor;       /* OpenCL C version programs build with */
  int is_nvidia;
  int is_pocl; /* PoCL, which keeps its own kernel cache */
  int fp32_exact_div; /* CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT for float */
  int has_fp64, has_int64_atomics, has_subgroups;
  int nv_sm; /* NVIDIA compute capability as 10 * major + minor, else 0 */
  /* Warp operations, chosen once from the device and CU2CL_WARP.
   * warp_error is set when CU2CL_WARP forces a path the device lacks: every
   * program build on the device then fails with that message. */
  rt_warp_path warp_path;
  int warp_auto;       /* chosen, not forced: rt_program may still demote a
                          sub-group path whose pinning does not hold */
  int warp_probed;     /* rt_program probed the sub-group size once */
  /* The sub-group probe (rt_program.c): a kernel pinned to 32-wide
   * sub-groups that reports what it got, and the block shapes it confirmed
   * (round robin). Guarded by sg_lock; the OpenCL objects belong to ctx and
   * go with it at a reset, the confirmed shapes stay true. */
  pthread_mutex_t sg_lock;
  cl_program sg_program;
  cl_kernel sg_kernel;
  cl_command_queue sg_queue;
  size_t sg_ok[8][3];
  unsigned sg_ok_next;
  size_t warp_scratch; /* CU2CL_WARP_SCRATCH_SIZE on the emulation path */
  char warp_error[1024]; /* room for two names of 256 and the text */
  size_t max_wg_size;
  size_t max_item_sizes[3];
  cl_ulong local_mem_size;
  cl_ulong global_mem_size;

  /* Created by rt_device_open, released by cu2clDeviceReset; lock guards
   * them and the lists below. */
  pthread_mutex_t lock;
  int open; /* read with acquire ordering outside the lock */
  cl_context ctx;
  cl_command_queue queue;      /* the default stream */
  struct cu2clStream *streams; /* created streams, newest first */
  struct cu2clEvent *events;   /* created events, newest first */
  unsigned nblocking;          /* streams that synchronize with stream 0 */
  unsigned long default_epoch; /* commands enqueued on the default stream */
  unsigned long default_idle;  /* default_epoch known complete */
  int managed_fine;            /* managed memory uses fine-grained SVM */
  size_t managed_mapped;       /* coarse managed buffers mapped for the host */
  size_t managed_unmapped;     /* coarse managed buffers owned by the device */
  size_t allocated;            /* bytes of device memory allocated */
  /* rt_devrt: the device runtime block (NULL until a kernel needs it) and
   * the sticky error a failed device assert leaves (0 when none). */
  void *devrt;
  int sticky;
  /* The last launch of a kernel that syncs the grid, which the next one
   * waits for (rt_launch.c; they share the block's barrier words); NULL
   * when none. Guarded by rt_launch.c's grid lock. */
  cl_event grid_last;
} rt_device;

/* The current thread's device, opened. Fails with the initialization error
 * (cu2clErrorNoDevice when nothing matched CU2CL_DEVICE), or with the
 * device's sticky error (a failed device assert, rt_devrt.h). Not
 * recorded. */
cu2clError_t rt_device_current(rt_device **out);
/* Device number ordinal, not necessarily opened. */
cu2clError_t rt_device_get(int ordinal, rt_device **out);
/* Opens dev if it is not open yet. */
cu2clError_t rt_device_open(rt_device *dev);
/* Number of selected devices (0 before a successful initialization). */
int rt_device_count(void);
/* Nonzero when the space-separated extension list of dev names ext. */
int rt_device_has_extension(const rt_device *dev, const char *ext);
/* "emulate", "subgroup" or "ptx". */
const char *rt_warp_path_name(rt_warp_path path);

/* dev's CUDA device properties (rt_props.c), queried and estimated. */
void rt_props_fill(const rt_device *dev, cu2clDeviceProp *prop);

/* Enqueue helpers shared by the modules that talk to queues. */
cu2clError_t rt_cl_error(cl_int status, cu2clError_t fallback);
/* A new in-order queue on dev with profiling enabled (events time). */
cl_command_queue rt_device_new_queue(rt_device *dev, cl_int *status);

#endif
