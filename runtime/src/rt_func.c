/*
 * rt_func: kernels used as values, CUDA's `const void *func` (cu2clrt.h,
 * "Kernels used as values"): launches from CUDA's `void **args`, kernel
 * attributes and the occupancy estimates.
 *
 * func is always the address of a generated cu2clKernelRef. Its kernel for
 * the current device comes from rt_kernel_get, the launch path's own cache,
 * so a query builds the program once, as the first launch would, and
 * answers from the same kernel object launches use. Launches go through
 * the reference's launchv, the translator's typed stub, which unpacks the
 * arguments and calls cu2clLaunchKernel: everything a <<<...>>> launch
 * checks, records or captures applies unchanged.
 *
 * Occupancy: OpenCL has no model of how many work-groups share a compute
 * unit, so the estimate is built from the device properties cu2clrt
 * reports for CUDA's multiprocessor (rt_props.c) and the kernel's own
 * limits; docs/runtime.md, "Kernels used as values and occupancy", states
 * the model and why. It never exceeds what a launch accepts, so a block
 * size it proposes always launches. For a kernel that syncs the grid it is
 * also a promise: that many blocks per compute unit run at once, since
 * rt_launch_coresident refuses larger grids by the same estimate.
 */
#include <limits.h>
#include <string.h>

#include "rt_launch.h"

/* CUDA's warp: blocks occupy a multiprocessor in whole warps. */
#define RT_WARP 32
/* Registers a thread may hold at most on NVIDIA (255, allocated in 256s):
 * OpenCL does not report a kernel's, so a kernel that syncs the grid is
 * counted at the most on a GPU. */
#define RT_MAX_REGS_PER_THREAD 256
/* The largest block of every CUDA device: the occupancy API proposes no
 * larger one, since the original program never ran larger blocks (shared
 * arrays are often sized for it). */
#define RT_CUDA_MAX_BLOCK 1024

static int rt_clamp_int(size_t v) {
  return v > INT_MAX ? INT_MAX : (int)v;
}

/* The kernel func stands for, on the current device. Not recorded. */
static cu2clError_t rt_func_kernel(const void *func, rt_device **d,
                                   rt_kernel **k) {
  cu2clKernelRef *ref = (cu2clKernelRef *)func;
  if (!ref || !ref->program || !ref->name)
    return cu2clErrorInvalidDeviceFunction;
  cu2clError_t err = rt_device_current(d);
  return err != cu2clSuccess ? err : rt_kernel_get(ref, *d, k);
}

/* ---- launches ------------------------------------------------------------
 */

cu2clError_t cu2clLaunchKernelFunc(const void *func, dim3 grid, dim3 block,
                                   void **args, size_t shared_mem,
                                   cu2clStream_t stream) {
  const cu2clKernelRef *ref = func;
  RT_CHECK(ref != NULL && ref->launchv != NULL,
           cu2clErrorInvalidDeviceFunction);
  return rt_fail(ref->launchv(grid, block, shared_mem, stream, args));
}

/* ---- the occupancy model -------------------------------------------------
 */

typedef struct rt_occupancy {
  size_t max_threads;     /* per block: what a launch accepts */
  size_t static_local;    /* the kernel's static __local bytes */
  size_t local_per_block; /* CL_DEVICE_LOCAL_MEM_SIZE */
  size_t local_per_cu;    /* sharedMemPerMultiprocessor */
  size_t threads_per_cu;  /* maxThreadsPerMultiProcessor */
  size_t blocks_per_cu;   /* maxBlocksPerMultiProcessor */
  size_t regs_per_cu;     /* registers to count against; 0: not counted */
  int compute_units;      /* multiProcessorCount */
} rt_occupancy;

static void rt_occupancy_of(const rt_device *d, const rt_kernel *k,
                            rt_occupancy *o) {
  cu2clDeviceProp p;
  rt_props_fill(d, &p);
  o->max_threads = rt_launch_max_threads(d, k);
  o->static_local = k->static_local;
  o->local_per_block = d->local_mem_size;
  o->local_per_cu = p.sharedMemPerMultiprocessor;
  o->threads_per_cu = (size_t)p.maxThreadsPerMultiProcessor;
  o->blocks_per_cu = (size_t)p.maxBlocksPerMultiProcessor;
  /* A grid sync needs the estimate to hold: on a GPU, registers too (a CPU
   * device's compute unit runs one work-group at a time, rt_props.c). */
  o->regs_per_cu = k->grid && (d->type & CL_DEVICE_TYPE_CPU) == 0
                       ? (size_t)p.regsPerMultiprocessor
                       : 0;
  o->compute_units = p.multiProcessorCount;
}

/* Blocks of `threads` work-items and `dynamic` bytes of dynamic shared
 * memory resident on one compute unit at once; 0 when such a block cannot
 * be launched at all. */
static size_t rt_blocks_per_cu(const rt_occupancy *o, size_t threads,
                               size_t dynamic) {
  if (threads == 0 || threads > o->max_threads ||
      dynamic > o->local_per_block ||
      o->static_local + dynamic > o->local_per_block)
    return 0;
  size_t warps = (threads + RT_WARP - 1) / RT_WARP;
  size_t n = o->threads_per_cu / (warps * RT_WARP);
  if (n > o->blocks_per_cu)
    n = o->blocks_per_cu;
  size_t local = o->static_local + dynamic;
  if (local && o->local_per_cu / local < n)
    n = o->local_per_cu / local;
  /* at the most registers per thread; a block that launches at all has
   * what it needs, so at least one fits */
  size_t regs = warps * RT_WARP * RT_MAX_REGS_PER_THREAD;
  if (o->regs_per_cu && n > 1 && o->regs_per_cu / regs < n)
    n = o->regs_per_cu / regs > 1 ? o->regs_per_cu / regs : 1;
  return n;
}

/* ---- occupancy API -------------------------------------------------------
 */

cu2clError_t cu2clOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *num_blocks, const void *func, int block_size, size_t dynamic_shared,
    unsigned int flags) {
  RT_CHECK(num_blocks != NULL && block_size > 0, cu2clErrorInvalidValue);
  RT_CHECK(flags <= cu2clOccupancyDisableCachingOverride,
           cu2clErrorInvalidValue);
  rt_device *d;
  rt_kernel *k;
  rt_occupancy o;
  RT_TRY(rt_func_kernel(func, &d, &k));
  rt_occupancy_of(d, k, &o);
  *num_blocks =
      rt_clamp_int(rt_blocks_per_cu(&o, (size_t)block_size, dynamic_shared));
  return cu2clSuccess;
}

cu2clError_t cu2clOccupancyMaxActiveBlocksPerMultiprocessor(
    int *num_blocks, const void *func, int block_size, size_t dynamic_shared) {
  return cu2clOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      num_blocks, func, block_size, dynamic_shared, cu2clOccupancyDefault);
}

/* CUDA's search: block sizes from the largest down in steps of a warp, the
 * first with the most resident work-items wins (so the largest on a tie). A
 * limit below one warp is tried as it is. */
cu2clError_t cu2clOccupancyMaxPotentialBlockSizeWithFlags(
    int *min_grid_size, int *block_size, const void *func,
    size_t dynamic_shared, int block_limit, unsigned int flags) {
  RT_CHECK(min_grid_size != NULL && block_size != NULL && block_limit >= 0,
           cu2clErrorInvalidValue);
  RT_CHECK(flags <= cu2clOccupancyDisableCachingOverride,
           cu2clErrorInvalidValue);
  rt_device *d;
  rt_kernel *k;
  rt_occupancy o;
  RT_TRY(rt_func_kernel(func, &d, &k));
  rt_occupancy_of(d, k, &o);
  size_t max =
      o.max_threads < RT_CUDA_MAX_BLOCK ? o.max_threads : RT_CUDA_MAX_BLOCK;
  if (block_limit > 0 && (size_t)block_limit < max)
    max = (size_t)block_limit;
  size_t start = max >= RT_WARP ? max - max % RT_WARP : max;
  size_t best = 0, best_blocks = 0;
  for (size_t b = start; b > 0; b = b >= RT_WARP ? b - RT_WARP : 0) {
    size_t n = rt_blocks_per_cu(&o, b, dynamic_shared);
    if (n * b > best_blocks * best)
      best = b, best_blocks = n;
  }
  *block_size = rt_clamp_int(best);
  *min_grid_size = rt_clamp_int(best_blocks * (size_t)o.compute_units);
  return cu2clSuccess;
}

cu2clError_t cu2clOccupancyMaxPotentialBlockSize(int *min_grid_size,
                                                 int *block_size,
                                                 const void *func,
                                                 size_t dynamic_shared,
                                                 int block_limit) {
  return cu2clOccupancyMaxPotentialBlockSizeWithFlags(
      min_grid_size, block_size, func, dynamic_shared, block_limit,
      cu2clOccupancyDefault);
}

/* The largest size s with rt_blocks_per_cu(block_size, s) >= num_blocks. */
cu2clError_t cu2clOccupancyAvailableDynamicSMemPerBlock(size_t *dynamic_shared,
                                                        const void *func,
                                                        int num_blocks,
                                                        int block_size) {
  RT_CHECK(dynamic_shared != NULL && num_blocks > 0 && block_size > 0,
           cu2clErrorInvalidValue);
  rt_device *d;
  rt_kernel *k;
  rt_occupancy o;
  RT_TRY(rt_func_kernel(func, &d, &k));
  rt_occupancy_of(d, k, &o);
  *dynamic_shared = 0;
  if (rt_blocks_per_cu(&o, (size_t)block_size, 0) < (size_t)num_blocks)
    return cu2clSuccess; /* too many blocks whatever their shared memory */
  size_t per_block = o.local_per_cu / (size_t)num_blocks;
  if (per_block > o.local_per_block)
    per_block = o.local_per_block;
  *dynamic_shared = per_block - o.static_local; /* >= 0: they fit above */
  return cu2clSuccess;
}

/* Every block resident at once: refused when the grid exceeds the estimate
 * over all compute units. A block the estimate gives 0 for is left to the
 * launch, which names what is wrong with it. */
cu2clError_t rt_launch_coresident(rt_device *d, const cu2clKernelRef *ref,
                                  const rt_kernel *k, dim3 grid, dim3 block,
                                  size_t shared_mem) {
  rt_occupancy o;
  rt_occupancy_of(d, k, &o);
  size_t threads = (size_t)block.x * block.y * block.z;
  size_t per_cu = rt_blocks_per_cu(&o, threads, shared_mem);
  double blocks = (double)grid.x * grid.y * grid.z;
  if (per_cu == 0 || blocks <= (double)per_cu * o.compute_units)
    return cu2clSuccess;
  rt_log_error("kernel %s: a grid of %.0f blocks of %zu threads cannot run "
               "at once on %s (at most %zu per compute unit, %d compute "
               "units)%s; the launch fails "
               "(cudaErrorCooperativeLaunchTooLarge)",
               ref->name, blocks, threads, d->name, per_cu, o.compute_units,
               k->grid ? ", which its grid sync needs" : "");
  return cu2clErrorCooperativeLaunchTooLarge;
}

/* A cooperative launch needs every block resident at once. */
cu2clError_t cu2clLaunchCooperativeKernel(const void *func, dim3 grid,
                                          dim3 block, void **args,
                                          size_t shared_mem,
                                          cu2clStream_t stream) {
  const cu2clKernelRef *ref = func;
  RT_CHECK(ref != NULL && ref->launchv != NULL,
           cu2clErrorInvalidDeviceFunction);
  rt_device *d;
  rt_kernel *k;
  RT_TRY(rt_func_kernel(func, &d, &k));
  RT_TRY(rt_launch_coresident(d, ref, k, grid, block, shared_mem));
  return rt_fail(ref->launchv(grid, block, shared_mem, stream, args));
}

/* ---- attributes ----------------------------------------------------------
 */

cu2clError_t cu2clFuncGetAttributes(cu2clFuncAttributes *attr,
                                    const void *func) {
  RT_CHECK(attr != NULL, cu2clErrorInvalidValue);
  rt_device *d;
  rt_kernel *k;
  RT_TRY(rt_func_kernel(func, &d, &k));
  cu2clDeviceProp p;
  rt_props_fill(d, &p);
  memset(attr, 0, sizeof *attr);
  attr->sharedSizeBytes = k->static_local;
  attr->maxThreadsPerBlock = rt_clamp_int(rt_launch_max_threads(d, k));
  attr->ptxVersion = 10 * p.major + p.minor;
  attr->binaryVersion = attr->ptxVersion;
  cl_ulong priv = 0;
  pthread_mutex_lock(&k->lock); /* a launch may replace k->kernel */
  clGetKernelWorkGroupInfo(k->kernel, d->id, CL_KERNEL_PRIVATE_MEM_SIZE,
                           sizeof priv, &priv, NULL);
  attr->maxDynamicSharedSizeBytes =
      k->set_max_dynamic ? k->max_dynamic
                         : rt_clamp_int(d->local_mem_size - k->static_local);
  attr->preferredShmemCarveout = k->set_carveout ? k->carveout : -1;
  pthread_mutex_unlock(&k->lock);
  attr->localSizeBytes = (size_t)priv;
  return cu2clSuccess;
}

cu2clError_t cu2clFuncSetAttribute(const void *func, cu2clFuncAttribute attr,
                                   int value) {
  RT_CHECK(func != NULL, cu2clErrorInvalidDeviceFunction);
  RT_CHECK(attr == cu2clFuncAttributeMaxDynamicSharedMemorySize ||
               attr == cu2clFuncAttributePreferredSharedMemoryCarveout,
           cu2clErrorInvalidValue);
  rt_device *d;
  rt_kernel *k;
  RT_TRY(rt_func_kernel(func, &d, &k));
  if (attr == cu2clFuncAttributeMaxDynamicSharedMemorySize) {
    /* CUDA's bound: the opt-in maximum (the device's local memory here)
     * less the kernel's static shared memory. */
    RT_CHECK(value >= 0 &&
                 (cl_ulong)value + k->static_local <= d->local_mem_size,
             cu2clErrorInvalidValue);
    pthread_mutex_lock(&k->lock);
    k->set_max_dynamic = 1, k->max_dynamic = value;
    pthread_mutex_unlock(&k->lock);
    return cu2clSuccess;
  }
  RT_CHECK(value >= -1 && value <= 100, cu2clErrorInvalidValue);
  pthread_mutex_lock(&k->lock);
  k->set_carveout = 1, k->carveout = value; /* a hint: nothing to apply */
  pthread_mutex_unlock(&k->lock);
  return cu2clSuccess;
}
