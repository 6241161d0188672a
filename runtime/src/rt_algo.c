/*
 * rt_algo: scan, reduce, fill, sequence, count, compaction and radix sort as
 * built-in OpenCL kernels (rt_algo.h).
 *
 * Every entry point has the same shape: check the arguments, open an
 * algo_call (device, stream queue, scratch), launch kernels through
 * cu2clLaunchKernel, read a result back where the API returns one, and
 * release the scratch through the queue.
 */
#include "rt_algo.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rt_memory.h"
#include "rt_program.h"
#include "rt_stream.h"

/* ---- the OpenCL C source ---------------------------------------------------
 *
 * rt_algo.cl, embedded at build time as algo_source (cmake/embed.cmake, as
 * rules/prelude.cl is for the translator). ALGO_TYPE (a build option)
 * selects the element type T, its bounds, and the unsigned KEY whose order
 * is T's order (for the radix sort). Work-groups have any power-of-two size;
 * ALGO_K consecutive elements per work-item make a tile. Scans use the
 * work-efficient up-sweep/down-sweep scan in local memory. Its text is
 * what the device compiles and what keys the program cache: any change to
 * it, comments included, rebuilds these programs on every device once.
 */
#include "rt_algo_cl.h"

/* ---- programs and kernels --------------------------------------------------
 */

enum { ALGO_NTYPES = 6 };

typedef enum algo_kernel {
  K_REDUCE_PARTIALS,
  K_SCAN_PARTIALS,
  K_SCAN_CHUNKS,
  K_FILL,
  K_SEQUENCE,
  K_COUNT_EQ,
  K_COUNT_FLAGS,
  K_COMPACT,
  K_RADIX_COUNT,
  K_RADIX_SCATTER,
  K_RADIX_SCATTER_KV4,
  K_RADIX_SCATTER_KV8,
  K_SCAN_WHOLE,
  K_NKERNELS
} algo_kernel;

static const char *const algo_kernel_names[K_NKERNELS] = {
    "algo_reduce_partials",   "algo_scan_partials",
    "algo_scan_chunks",       "algo_fill",
    "algo_sequence",          "algo_count_eq",
    "algo_count_flags",       "algo_compact",
    "algo_radix_count",       "algo_radix_scatter",
    "algo_radix_scatter_kv4", "algo_radix_scatter_kv8",
    "algo_scan_whole"};

static const size_t algo_type_sizes[ALGO_NTYPES] = {4, 4, 8, 8, 4, 8};

static cu2clProgram algo_programs[ALGO_NTYPES] = {
    {"cu2clrt_algo_int.cl", algo_source, "-D ALGO_TYPE=0", NULL},
    {"cu2clrt_algo_uint.cl", algo_source, "-D ALGO_TYPE=1", NULL},
    {"cu2clrt_algo_long.cl", algo_source, "-D ALGO_TYPE=2", NULL},
    {"cu2clrt_algo_ulong.cl", algo_source, "-D ALGO_TYPE=3", NULL},
    {"cu2clrt_algo_float.cl", algo_source, "-D ALGO_TYPE=4", NULL},
    {"cu2clrt_algo_double.cl", algo_source, "-D ALGO_TYPE=5", NULL},
};

/* Kernel references per type, filled in once; their state slots are the
 * runtime's, as for generated code. */
static cu2clKernelRef algo_kernels[ALGO_NTYPES][K_NKERNELS];
static pthread_once_t algo_kernels_once = PTHREAD_ONCE_INIT;

static void algo_kernels_init(void) {
  for (int t = 0; t < ALGO_NTYPES; t++)
    for (int k = 0; k < K_NKERNELS; k++) {
      algo_kernels[t][k].program = &algo_programs[t];
      algo_kernels[t][k].name = algo_kernel_names[k];
      algo_kernels[t][k].state = NULL;
    }
}

size_t rt_algo_type_size(cu2clAlgoType type) {
  return (unsigned)type < ALGO_NTYPES ? algo_type_sizes[type] : 0;
}

cu2clProgram *rt_algo_program(int i) {
  return i >= 0 && i < ALGO_NTYPES ? &algo_programs[i] : NULL;
}

/* ---- one call --------------------------------------------------------------
 */

enum {
  ALGO_WG = 256,          /* work-group size, unless the device allows fewer */
  ALGO_K = 4,             /* elements per work-item in a tile (as in the .cl) */
  ALGO_MAX_GROUPS = 1024, /* chunks of a scan or reduction */
  ALGO_WHOLE_TILES = 4,   /* a scan of this many tiles, at most: one group */
  ALGO_RADIX_PER = 64,    /* keys per work-item in a radix pass, at least */
  ALGO_RADIX_ITEMS = 131072 /* work-items of a radix pass, at most */
};

typedef struct algo_call {
  rt_device *dev;
  cu2clStream_t stream;
  cl_command_queue queue;
  void *scratch; /* SVM, given back by algo_end */
  int block;     /* its slot in the device's pool, or -1: not pooled */
} algo_call;

/* Opens a call on the current device for elements of type. */
static cu2clError_t algo_begin(algo_call *c, cu2clStream_t stream,
                               cu2clAlgoType type) {
  memset(c, 0, sizeof *c);
  c->block = -1;
  if (rt_algo_type_size(type) == 0)
    return cu2clErrorInvalidValue;
  pthread_once(&algo_kernels_once, algo_kernels_init);
  RT_TRY(rt_device_current(&c->dev));
  if (!(c->dev->svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER))
    return cu2clErrorNotSupported;
  if (type == cu2clAlgoDouble && !c->dev->has_fp64) {
    rt_log_debug("device %s has no fp64: no double algorithms", c->dev->name);
    return cu2clErrorNotSupported;
  }
  c->stream = stream;
  return rt_stream_acquire(stream, c->dev, &c->queue);
}

/* ---- scratch ---------------------------------------------------------------
 *
 * NVIDIA's driver spends time when a kernel first uses a new SVM
 * allocation, about 0.6 ms per MB (H100, driver 580: a scan with an 8 KB
 * scratch allocated per call took 1.5-4 ms instead of 0.03 ms; a 2^24-key
 * sort 50 ms instead of 9.4 ms), so scratch blocks are pooled per device
 * and reused. A block remembers the queue of its last use: that queue
 * reuses it at once (queues are in order); another queue first waits for a
 * marker enqueued then on the block's queue, which completes after the last
 * use and whatever followed it. No marker is enqueued at the end of a call:
 * a command more costs some 5 us on NVIDIA's driver, and the same queue
 * reuses blocks nearly always. The pool holds a reference on the context
 * its blocks come from, and blocks hold their queue, so a device reset
 * cannot recycle those handles; the first call on the new
 * context frees the old blocks and lets the old context go. Blocks stay
 * allocated for the process (the largest need so far per concurrently used
 * block); needs above 1/16 of the device's memory are allocated per call
 * and freed through the queue.
 */

enum { ALGO_POOL_BLOCKS = 8, ALGO_POOL_MIN = 64 << 10 };

typedef struct algo_block {
  void *p; /* NULL: an empty slot */
  size_t size;
  int busy;               /* checked out by a call */
  cl_command_queue queue; /* retained: the queue of the last use, or NULL */
} algo_block;

typedef struct algo_pool {
  cl_context ctx; /* retained; NULL while the pool is empty */
  algo_block blocks[ALGO_POOL_BLOCKS];
} algo_pool;

static pthread_mutex_t algo_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static algo_pool *algo_pools; /* per device ordinal, for the process */

/* Waits for a block's last use and frees it. Caller holds the lock. */
static void algo_block_free(cl_context ctx, algo_block *b) {
  if (b->queue) {
    clFinish(b->queue);
    clReleaseCommandQueue(b->queue);
  }
  if (b->p)
    clSVMFree(ctx, b->p);
  memset(b, 0, sizeof *b);
}

/* The pool of d, emptied first if d has a new context since it was filled.
 * Caller holds the lock. */
static algo_pool *algo_pool_of(rt_device *d) {
  if (!algo_pools) {
    algo_pools = calloc((size_t)rt_device_count(), sizeof *algo_pools);
    if (!algo_pools)
      return NULL;
  }
  algo_pool *pool = &algo_pools[d->ordinal];
  if (pool->ctx != d->ctx) {
    for (int i = 0; pool->ctx && i < ALGO_POOL_BLOCKS; i++)
      algo_block_free(pool->ctx, &pool->blocks[i]);
    if (pool->ctx)
      clReleaseContext(pool->ctx);
    clRetainContext(d->ctx);
    pool->ctx = d->ctx;
  }
  return pool;
}

/* A free block of at least size for c's queue, or -1. Caller holds the
 * lock. Reusing a block last used on another queue orders c's queue after
 * that use. */
static int algo_pool_take(algo_call *c, algo_pool *pool, size_t size) {
  int best = -1;
  for (int i = 0; i < ALGO_POOL_BLOCKS; i++) {
    algo_block *b = &pool->blocks[i];
    if (!b->p || b->busy || b->size < size)
      continue;
    if (best < 0 || b->queue == c->queue)
      best = i;
  }
  if (best < 0)
    return -1;
  algo_block *b = &pool->blocks[best];
  if (b->queue && b->queue != c->queue) {
    cl_event done = NULL;
    if (clEnqueueMarkerWithWaitList(b->queue, 0, NULL, &done) != CL_SUCCESS ||
        clFlush(b->queue) != CL_SUCCESS ||
        clEnqueueBarrierWithWaitList(c->queue, 1, &done, NULL) != CL_SUCCESS)
      clFinish(b->queue);
    if (done)
      clReleaseEvent(done);
  }
  b->busy = 1;
  return best;
}

/* A new block of at least size in an empty slot, or in place of an idle
 * smaller block; -1 when every slot is busy. Caller holds the lock. */
static int algo_pool_grow(algo_call *c, algo_pool *pool, size_t size) {
  int slot = -1;
  for (int i = 0; i < ALGO_POOL_BLOCKS && slot < 0; i++)
    if (!pool->blocks[i].p)
      slot = i;
  for (int i = 0; i < ALGO_POOL_BLOCKS && slot < 0; i++)
    if (!pool->blocks[i].busy)
      slot = i;
  if (slot < 0)
    return -1;
  algo_block *b = &pool->blocks[slot];
  algo_block_free(pool->ctx, b);
  /* A quarter more than asked, so that slowly growing needs reuse it. */
  size_t want =
      (size + size / 4 + ALGO_POOL_MIN - 1) / ALGO_POOL_MIN * ALGO_POOL_MIN;
  b->p = clSVMAlloc(c->dev->ctx, CL_MEM_READ_WRITE, want, 0);
  if (!b->p)
    return -1;
  b->size = want;
  b->busy = 1;
  return slot;
}

/* Scratch of size bytes for the rest of the call. */
static cu2clError_t algo_scratch(algo_call *c, size_t size) {
  c->block = -1;
  if (size <= c->dev->global_mem_size / 16) {
    pthread_mutex_lock(&algo_pool_lock);
    algo_pool *pool = algo_pool_of(c->dev);
    if (pool) {
      c->block = algo_pool_take(c, pool, size);
      if (c->block < 0)
        c->block = algo_pool_grow(c, pool, size);
      if (c->block >= 0)
        c->scratch = pool->blocks[c->block].p;
    }
    pthread_mutex_unlock(&algo_pool_lock);
    if (c->block >= 0)
      return cu2clSuccess;
  }
  c->scratch = clSVMAlloc(c->dev->ctx, CL_MEM_READ_WRITE, size, 0);
  return c->scratch ? cu2clSuccess : cu2clErrorMemoryAllocation;
}

/* Gives the scratch back once the queue is done with it; passes err on. */
static cu2clError_t algo_end(algo_call *c, cu2clError_t err) {
  if (c->block >= 0) {
    pthread_mutex_lock(&algo_pool_lock);
    algo_block *b = &algo_pools[c->dev->ordinal].blocks[c->block];
    if (b->queue != c->queue) {
      if (b->queue)
        clReleaseCommandQueue(b->queue);
      b->queue = c->queue;
      clRetainCommandQueue(b->queue);
    }
    b->busy = 0;
    pthread_mutex_unlock(&algo_pool_lock);
  } else if (c->scratch &&
             clEnqueueSVMFree(c->queue, 1, &c->scratch, NULL, NULL, 0, NULL,
                              NULL) != CL_SUCCESS) {
    clFinish(c->queue);
    clSVMFree(c->dev->ctx, c->scratch);
  }
  c->scratch = NULL;
  c->block = -1;
  return err;
}

/* Copies size bytes of device memory to the host after the stream's work. */
static cu2clError_t algo_read(algo_call *c, void *host, const void *dev,
                              size_t size) {
  cl_int st =
      clEnqueueSVMMemcpy(c->queue, CL_TRUE, host, dev, size, 0, NULL, NULL);
  if (st != CL_SUCCESS) {
    rt_log_debug("reading an algorithm's result: %s", rt_cl_status_name(st));
    return rt_cl_error(st, cu2clErrorLaunchFailure);
  }
  return cu2clSuccess;
}

/* The largest power of two <= min(ALGO_WG, every limit on kernel's groups). */
static cu2clError_t algo_group_size(algo_call *c, cu2clKernelRef *kernel,
                                    size_t *wg) {
  rt_kernel *k;
  RT_TRY(rt_kernel_get(kernel, c->dev, &k));
  size_t limit = ALGO_WG;
  if (limit > k->max_group_size)
    limit = k->max_group_size;
  if (limit > c->dev->max_wg_size)
    limit = c->dev->max_wg_size;
  if (limit > c->dev->max_item_sizes[0])
    limit = c->dev->max_item_sizes[0];
  *wg = 1;
  while (*wg * 2 <= limit)
    *wg *= 2;
  return cu2clSuccess;
}

/* Launches kernel id of type on groups work-groups. Arguments of kind
 * CU2CL_ARG_LOCAL carry their size per work-item; they are scaled here,
 * once the work-group size is known. */
static cu2clError_t algo_launch(algo_call *c, cu2clAlgoType type,
                                algo_kernel id, size_t groups, cu2clArg *args,
                                unsigned nargs) {
  cu2clKernelRef *kernel = &algo_kernels[type][id];
  size_t wg = 0;
  RT_TRY(algo_group_size(c, kernel, &wg));
  for (unsigned i = 0; i < nargs; i++)
    if (args[i].kind == CU2CL_ARG_LOCAL)
      args[i].size *= wg;
  dim3 grid = {(unsigned)groups, 1, 1}, block = {(unsigned)wg, 1, 1};
  return cu2clLaunchKernel(kernel, grid, block, 0, c->stream, args, nargs);
}

/* ---- argument checks -------------------------------------------------------
 */

static int algo_is_device_kind(rt_mem_kind k) {
  return k == RT_MEM_DEVICE || k == RT_MEM_MANAGED || k == RT_MEM_SYMBOL;
}

/* p must hold count elements of size bytes in device memory of dev. */
static cu2clError_t algo_check_range(const rt_device *dev, const void *p,
                                     size_t count, size_t size) {
  if (!p || (uintptr_t)p % size != 0) {
    rt_log_debug("algorithm: pointer %p is NULL or not aligned to %zu", p,
                 size);
    return cu2clErrorInvalidValue;
  }
  rt_alloc a;
  rt_mem_find(p, &a);
  if (!a.base || !algo_is_device_kind(a.kind) || a.dev != dev) {
    rt_log_debug("algorithm: %p is not device memory of device %d", p,
                 dev->ordinal);
    return cu2clErrorInvalidValue;
  }
  if (count > (size_t)(a.base + a.size - (const char *)p) / size) {
    rt_log_debug("algorithm: %zu elements at %p overrun allocation %p+%zu",
                 count, p, (void *)a.base, a.size);
    return cu2clErrorInvalidValue;
  }
  return cu2clSuccess;
}

/* Input and output may be the same range or disjoint, nothing between. */
static int algo_overlap_ok(const void *in, const void *out, size_t bytes,
                           int same_ok) {
  const char *a = in, *b = out;
  if (a == b)
    return same_ok;
  return a + bytes <= b || b + bytes <= a;
}

/* ---- scans and reductions --------------------------------------------------
 */

/* How a reduce-then-scan splits n elements: groups chunks of chunk. */
typedef struct algo_split {
  size_t groups;
  cl_ulong chunk;
} algo_split;

static algo_split algo_split_of(size_t n) {
  size_t tile = (size_t)ALGO_WG * ALGO_K;
  size_t tiles = (n + tile - 1) / tile;
  size_t groups = tiles < ALGO_MAX_GROUPS ? tiles : ALGO_MAX_GROUPS;
  size_t per = (tiles + groups - 1) / groups;
  algo_split s = {(tiles + per - 1) / per, (cl_ulong)per * tile};
  return s;
}

/* Pass 2 on partials[0 .. groups): offsets from seed, total at [groups]. */
static cu2clError_t algo_pass_offsets(algo_call *c, cu2clAlgoType type, int op,
                                      void *partials, size_t groups,
                                      const void *seed) {
  size_t size = algo_type_sizes[type];
  cl_ulong g = groups;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof partials, &partials},
                     {CU2CL_ARG_VALUE, sizeof g, &g},
                     {CU2CL_ARG_VALUE, sizeof op, &op},
                     {CU2CL_ARG_VALUE, size, seed},
                     {CU2CL_ARG_LOCAL, size * ALGO_K, NULL},
                     {CU2CL_ARG_LOCAL, size, NULL}};
  return algo_launch(c, type, K_SCAN_PARTIALS, 1, args, 6);
}

/* Passes 1 and 2: per-chunk totals of in, turned into chunk offsets from
 * seed; partials[split.groups] is the grand total. */
static cu2clError_t algo_reduce_run(algo_call *c, cu2clAlgoType type, int op,
                                    const void *in, size_t n, algo_split sp,
                                    void *partials, const void *seed) {
  size_t size = algo_type_sizes[type];
  cl_ulong nn = n;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof in, &in},
                     {CU2CL_ARG_VALUE, sizeof nn, &nn},
                     {CU2CL_ARG_VALUE, sizeof sp.chunk, &sp.chunk},
                     {CU2CL_ARG_VALUE, sizeof op, &op},
                     {CU2CL_ARG_DEVPTR, sizeof partials, &partials},
                     {CU2CL_ARG_LOCAL, size, NULL}};
  RT_TRY(algo_launch(c, type, K_REDUCE_PARTIALS, sp.groups, args, 6));
  return algo_pass_offsets(c, type, op, partials, sp.groups, seed);
}

/* A scan of a few tiles by one work-group, tile after tile: one launch
 * instead of the three of a reduce-then-scan, whose launch gaps cost more
 * than the tiles on a GPU (a compaction's scan of its block counts, 4096
 * of them at 2^20 elements; NVIDIA's driver leaves 4-6 us between
 * commands: docs/performance.md, finding 4). Measured on an H100: 14 us
 * for 4 tiles against some 27 us of device time for the three kernels;
 * at 8 tiles the group's walk costs what the launches save. */
static cu2clError_t algo_scan_whole(algo_call *c, cu2clAlgoType type, int op,
                                    const void *in, void *out, size_t n,
                                    int exclusive, const void *seed) {
  size_t size = algo_type_sizes[type];
  cl_ulong nn = n;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof in, &in},
                     {CU2CL_ARG_DEVPTR, sizeof out, &out},
                     {CU2CL_ARG_VALUE, sizeof nn, &nn},
                     {CU2CL_ARG_VALUE, sizeof op, &op},
                     {CU2CL_ARG_VALUE, sizeof exclusive, &exclusive},
                     {CU2CL_ARG_VALUE, size, seed},
                     {CU2CL_ARG_LOCAL, size * ALGO_K, NULL},
                     {CU2CL_ARG_LOCAL, size, NULL}};
  return algo_launch(c, type, K_SCAN_WHOLE, 1, args, 8);
}

/* A whole scan of n > 0 elements; partials holds split.groups + 1. */
static cu2clError_t algo_scan_run(algo_call *c, cu2clAlgoType type, int op,
                                  const void *in, void *out, size_t n,
                                  int exclusive, const void *seed,
                                  void *partials) {
  size_t size = algo_type_sizes[type];
  algo_split sp = algo_split_of(n);
  if (sp.groups <= ALGO_WHOLE_TILES)
    return algo_scan_whole(c, type, op, in, out, n, exclusive, seed);
  RT_TRY(algo_reduce_run(c, type, op, in, n, sp, partials, seed));
  cl_ulong nn = n;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof in, &in},
                     {CU2CL_ARG_DEVPTR, sizeof out, &out},
                     {CU2CL_ARG_VALUE, sizeof nn, &nn},
                     {CU2CL_ARG_VALUE, sizeof sp.chunk, &sp.chunk},
                     {CU2CL_ARG_VALUE, sizeof op, &op},
                     {CU2CL_ARG_VALUE, sizeof exclusive, &exclusive},
                     {CU2CL_ARG_DEVPTR, sizeof partials, &partials},
                     {CU2CL_ARG_LOCAL, size * ALGO_K, NULL},
                     {CU2CL_ARG_LOCAL, size, NULL}};
  return algo_launch(c, type, K_SCAN_CHUNKS, sp.groups, args, 9);
}

/* The identity of op for type, as the kernels define it. */
static void algo_identity(cu2clAlgoType type, int op, void *out) {
  static const int32_t i32[3] = {0, INT32_MAX, INT32_MIN};
  static const uint32_t u32[3] = {0, UINT32_MAX, 0};
  static const int64_t i64[3] = {0, INT64_MAX, INT64_MIN};
  static const uint64_t u64[3] = {0, UINT64_MAX, 0};
  static const float f32[3] = {0.0f, __builtin_inff(), -__builtin_inff()};
  static const double f64[3] = {0.0, __builtin_inf(), -__builtin_inf()};
  const void *table[ALGO_NTYPES] = {i32, u32, i64, u64, f32, f64};
  size_t size = algo_type_sizes[type];
  memcpy(out, (const char *)table[type] + op * size, size);
}

static cu2clError_t algo_scan(cu2clStream_t stream, cu2clAlgoType type,
                              cu2clAlgoOp op, const void *in, void *out,
                              size_t n, int exclusive, const void *init) {
  size_t size = rt_algo_type_size(type);
  if (size == 0 || (unsigned)op > cu2clAlgoMax)
    return cu2clErrorInvalidValue;
  if (n == 0)
    return cu2clSuccess;
  algo_call c;
  RT_TRY(algo_begin(&c, stream, type));
  RT_TRY(algo_check_range(c.dev, in, n, size));
  RT_TRY(algo_check_range(c.dev, out, n, size));
  if (!algo_overlap_ok(in, out, n * size, 1))
    return cu2clErrorInvalidValue;
  uint64_t seed[1];
  if (exclusive && init)
    memcpy(seed, init, size);
  else
    algo_identity(type, op, seed);
  /* A scan by one work-group needs no scratch, nor the marker that gives
   * scratch back (a command more: some 5 us on NVIDIA's driver). */
  size_t groups = algo_split_of(n).groups;
  if (groups > ALGO_WHOLE_TILES)
    RT_TRY(algo_scratch(&c, (groups + 1) * size));
  return algo_end(
      &c, algo_scan_run(&c, type, op, in, out, n, exclusive, seed, c.scratch));
}

cu2clError_t cu2clAlgoExclusiveScan(cu2clStream_t stream, cu2clAlgoType type,
                                    cu2clAlgoOp op, const void *in, void *out,
                                    size_t n, const void *init) {
  return rt_fail(algo_scan(stream, type, op, in, out, n, 1, init));
}

cu2clError_t cu2clAlgoInclusiveScan(cu2clStream_t stream, cu2clAlgoType type,
                                    cu2clAlgoOp op, const void *in, void *out,
                                    size_t n) {
  return rt_fail(algo_scan(stream, type, op, in, out, n, 0, NULL));
}

static cu2clError_t algo_reduce(cu2clStream_t stream, cu2clAlgoType type,
                                cu2clAlgoOp op, const void *in, size_t n,
                                const void *init, void *result) {
  size_t size = rt_algo_type_size(type);
  if (size == 0 || (unsigned)op > cu2clAlgoMax || !result)
    return cu2clErrorInvalidValue;
  uint64_t seed[1];
  if (init)
    memcpy(seed, init, size);
  else
    algo_identity(type, op, seed);
  if (n == 0) {
    memcpy(result, seed, size);
    return cu2clSuccess;
  }
  algo_call c;
  RT_TRY(algo_begin(&c, stream, type));
  RT_TRY(algo_check_range(c.dev, in, n, size));
  algo_split sp = algo_split_of(n);
  RT_TRY(algo_scratch(&c, (sp.groups + 1) * size));
  cu2clError_t err = algo_reduce_run(&c, type, op, in, n, sp, c.scratch, seed);
  if (err == cu2clSuccess)
    err = algo_read(&c, result, (char *)c.scratch + sp.groups * size, size);
  return algo_end(&c, err);
}

cu2clError_t cu2clAlgoReduce(cu2clStream_t stream, cu2clAlgoType type,
                             cu2clAlgoOp op, const void *in, size_t n,
                             const void *init, void *result_host) {
  return rt_fail(algo_reduce(stream, type, op, in, n, init, result_host));
}

/* ---- fill and sequence -----------------------------------------------------
 */

/* Work-groups for a grid-stride loop over n elements. */
static size_t algo_stride_groups(size_t n) {
  size_t groups = (n + ALGO_WG - 1) / ALGO_WG;
  return groups < 4096 ? groups : 4096;
}

static cu2clError_t algo_fill(cu2clStream_t stream, cu2clAlgoType type, void *p,
                              size_t n, const void *value, const void *step) {
  size_t size = rt_algo_type_size(type);
  if (size == 0 || !value)
    return cu2clErrorInvalidValue;
  if (n == 0)
    return cu2clSuccess;
  algo_call c;
  RT_TRY(algo_begin(&c, stream, type));
  RT_TRY(algo_check_range(c.dev, p, n, size));
  cl_ulong nn = n;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof p, &p},
                     {CU2CL_ARG_VALUE, sizeof nn, &nn},
                     {CU2CL_ARG_VALUE, size, value},
                     {CU2CL_ARG_VALUE, size, step}};
  return step
             ? algo_launch(&c, type, K_SEQUENCE, algo_stride_groups(n), args, 4)
             : algo_launch(&c, type, K_FILL, algo_stride_groups(n), args, 3);
}

cu2clError_t cu2clAlgoFill(cu2clStream_t stream, cu2clAlgoType type, void *p,
                           size_t n, const void *value) {
  return rt_fail(algo_fill(stream, type, p, n, value, NULL));
}

cu2clError_t cu2clAlgoSequence(cu2clStream_t stream, cu2clAlgoType type,
                               void *p, size_t n, const void *init,
                               const void *step) {
  if (!step)
    return rt_fail(cu2clErrorInvalidValue);
  return rt_fail(algo_fill(stream, type, p, n, init, step));
}

/* ---- counting and compaction -----------------------------------------------
 */

/* Pass 1 of a count: per-chunk counts of in == value (flags: flags != 0)
 * into partials, which pass 2 (ulong) turns into offsets and a total. */
static cu2clError_t algo_count_run(algo_call *c, cu2clAlgoType type,
                                   const void *in, const void *value,
                                   const int *flags, size_t n, algo_split sp,
                                   void *partials) {
  cl_ulong nn = n, zero = 0;
  cu2clArg eq[] = {{CU2CL_ARG_DEVPTR, sizeof in, &in},
                   {CU2CL_ARG_VALUE, sizeof nn, &nn},
                   {CU2CL_ARG_VALUE, sizeof sp.chunk, &sp.chunk},
                   {CU2CL_ARG_VALUE, algo_type_sizes[type], value},
                   {CU2CL_ARG_DEVPTR, sizeof partials, &partials},
                   {CU2CL_ARG_LOCAL, sizeof(cl_ulong), NULL}};
  cu2clArg fl[] = {{CU2CL_ARG_DEVPTR, sizeof flags, &flags},
                   {CU2CL_ARG_VALUE, sizeof nn, &nn},
                   {CU2CL_ARG_VALUE, sizeof sp.chunk, &sp.chunk},
                   {CU2CL_ARG_DEVPTR, sizeof partials, &partials},
                   {CU2CL_ARG_LOCAL, sizeof(cl_ulong), NULL}};
  RT_TRY(flags ? algo_launch(c, cu2clAlgoULong, K_COUNT_FLAGS, sp.groups, fl, 5)
               : algo_launch(c, type, K_COUNT_EQ, sp.groups, eq, 6));
  return algo_pass_offsets(c, cu2clAlgoULong, cu2clAlgoSum, partials, sp.groups,
                           &zero);
}

static cu2clError_t algo_count(cu2clStream_t stream, cu2clAlgoType type,
                               const void *in, size_t n, const void *value,
                               size_t *count) {
  size_t size = rt_algo_type_size(type);
  if (size == 0 || !value || !count)
    return cu2clErrorInvalidValue;
  *count = 0;
  if (n == 0)
    return cu2clSuccess;
  algo_call c;
  RT_TRY(algo_begin(&c, stream, type));
  RT_TRY(algo_check_range(c.dev, in, n, size));
  algo_split sp = algo_split_of(n);
  RT_TRY(algo_scratch(&c, (sp.groups + 1) * sizeof(cl_ulong)));
  cu2clError_t err =
      algo_count_run(&c, type, in, value, NULL, n, sp, c.scratch);
  cl_ulong total = 0;
  if (err == cu2clSuccess)
    err =
        algo_read(&c, &total, (cl_ulong *)c.scratch + sp.groups, sizeof total);
  *count = (size_t)total;
  return algo_end(&c, err);
}

cu2clError_t cu2clAlgoCount(cu2clStream_t stream, cu2clAlgoType type,
                            const void *in, size_t n, const void *value,
                            size_t *count_host) {
  return rt_fail(algo_count(stream, type, in, n, value, count_host));
}

static cu2clError_t algo_compact_run(algo_call *c, cu2clAlgoType type,
                                     const void *in, const int *flags,
                                     void *out, size_t n, algo_split sp) {
  void *offsets = c->scratch;
  RT_TRY(algo_count_run(c, type, NULL, NULL, flags, n, sp, offsets));
  cl_ulong nn = n;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof in, &in},
                     {CU2CL_ARG_DEVPTR, sizeof flags, &flags},
                     {CU2CL_ARG_DEVPTR, sizeof out, &out},
                     {CU2CL_ARG_VALUE, sizeof nn, &nn},
                     {CU2CL_ARG_VALUE, sizeof sp.chunk, &sp.chunk},
                     {CU2CL_ARG_DEVPTR, sizeof offsets, &offsets},
                     {CU2CL_ARG_LOCAL, sizeof(cl_int) * ALGO_K, NULL},
                     {CU2CL_ARG_LOCAL, sizeof(cl_ulong), NULL}};
  return algo_launch(c, type, K_COMPACT, sp.groups, args, 8);
}

static cu2clError_t algo_compact(cu2clStream_t stream, cu2clAlgoType type,
                                 const void *in, const int *flags, void *out,
                                 size_t n, size_t *count) {
  size_t size = rt_algo_type_size(type);
  if (size == 0)
    return cu2clErrorInvalidValue;
  if (count)
    *count = 0;
  if (n == 0)
    return cu2clSuccess;
  algo_call c;
  RT_TRY(algo_begin(&c, stream, type));
  RT_TRY(algo_check_range(c.dev, in, n, size));
  RT_TRY(algo_check_range(c.dev, flags, n, sizeof(int)));
  RT_TRY(algo_check_range(c.dev, out, n, size));
  if (!algo_overlap_ok(in, out, n * size, 0))
    return cu2clErrorInvalidValue;
  algo_split sp = algo_split_of(n);
  RT_TRY(algo_scratch(&c, (sp.groups + 1) * sizeof(cl_ulong)));
  cu2clError_t err = algo_compact_run(&c, type, in, flags, out, n, sp);
  cl_ulong total = 0;
  if (err == cu2clSuccess && count) {
    err =
        algo_read(&c, &total, (cl_ulong *)c.scratch + sp.groups, sizeof total);
    *count = (size_t)total;
  }
  return algo_end(&c, err);
}

cu2clError_t cu2clAlgoCompactFlagged(cu2clStream_t stream, cu2clAlgoType type,
                                     const void *in, const int *flags,
                                     void *out, size_t n, size_t *count_host) {
  return rt_fail(algo_compact(stream, type, in, flags, out, n, count_host));
}

/* ---- radix sort ------------------------------------------------------------
 */

/* A sort's geometry and its scratch: the other key (and value) buffer,
 * the digit histogram and the histogram scan's partials. */
typedef struct algo_radix {
  size_t groups, items; /* work-items = groups * wg of the count kernel */
  cl_ulong per;         /* keys per work-item */
  void *keys2, *values2, *hist, *partials;
} algo_radix;

static cu2clError_t algo_radix_plan(algo_call *c, cu2clAlgoType type,
                                    size_t value_size, size_t n,
                                    algo_radix *r) {
  size_t wg;
  RT_TRY(algo_group_size(c, &algo_kernels[type][K_RADIX_COUNT], &wg));
  size_t items = (n + ALGO_RADIX_PER - 1) / ALGO_RADIX_PER;
  if (items > ALGO_RADIX_ITEMS)
    items = ALGO_RADIX_ITEMS;
  r->groups = (items + wg - 1) / wg;
  r->items = r->groups * wg;
  r->per = (n + r->items - 1) / r->items;
  size_t hist_n = 16 * r->items;
  /* Every piece starts on an 8-byte boundary: sizes are multiples of 8. */
  size_t keys = (n * algo_type_sizes[type] + 7) / 8 * 8;
  size_t values = (n * value_size + 7) / 8 * 8;
  size_t parts = (algo_split_of(hist_n).groups + 1) * sizeof(cl_ulong);
  RT_TRY(algo_scratch(c, keys + values + hist_n * sizeof(cl_ulong) + parts));
  r->keys2 = c->scratch;
  r->values2 = value_size ? (char *)c->scratch + keys : NULL;
  r->hist = (char *)c->scratch + keys + values;
  r->partials = (char *)r->hist + hist_n * sizeof(cl_ulong);
  return cu2clSuccess;
}

/* One pass: keys/values from (k, v) to (k2, v2) by the digit at shift. */
static cu2clError_t algo_radix_pass(algo_call *c, cu2clAlgoType type,
                                    const algo_radix *r, size_t value_size,
                                    void *k, void *v, void *k2, void *v2,
                                    cl_ulong n, cl_uint shift,
                                    cl_uint descending) {
  void *hist = r->hist;
  cl_ulong per = r->per, zero = 0;
  cu2clArg cnt[] = {{CU2CL_ARG_DEVPTR, sizeof k, &k},
                    {CU2CL_ARG_VALUE, sizeof n, &n},
                    {CU2CL_ARG_VALUE, sizeof per, &per},
                    {CU2CL_ARG_VALUE, sizeof shift, &shift},
                    {CU2CL_ARG_VALUE, sizeof descending, &descending},
                    {CU2CL_ARG_DEVPTR, sizeof hist, &hist}};
  RT_TRY(algo_launch(c, type, K_RADIX_COUNT, r->groups, cnt, 6));
  RT_TRY(algo_scan_run(c, cu2clAlgoULong, cu2clAlgoSum, hist, hist,
                       16 * r->items, 1, &zero, r->partials));
  cu2clArg sc[] = {{CU2CL_ARG_DEVPTR, sizeof k, &k},
                   {CU2CL_ARG_DEVPTR, sizeof k2, &k2},
                   {CU2CL_ARG_DEVPTR, sizeof v, &v},
                   {CU2CL_ARG_DEVPTR, sizeof v2, &v2},
                   {CU2CL_ARG_VALUE, sizeof n, &n},
                   {CU2CL_ARG_VALUE, sizeof per, &per},
                   {CU2CL_ARG_VALUE, sizeof shift, &shift},
                   {CU2CL_ARG_VALUE, sizeof descending, &descending},
                   {CU2CL_ARG_DEVPTR, sizeof hist, &hist}};
  if (value_size == 0) {
    sc[2] = sc[0]; /* keys, out, then the scalars: drop the value slots */
    sc[3] = sc[1];
    return algo_launch(c, type, K_RADIX_SCATTER, r->groups, sc + 2, 7);
  }
  algo_kernel id = value_size == 4 ? K_RADIX_SCATTER_KV4 : K_RADIX_SCATTER_KV8;
  return algo_launch(c, type, id, r->groups, sc, 9);
}

static cu2clError_t algo_sort_run(algo_call *c, cu2clAlgoType type, void *keys,
                                  void *values, size_t value_size, size_t n,
                                  int descending) {
  algo_radix r = {0};
  RT_TRY(algo_radix_plan(c, type, value_size, n, &r));
  void *k = keys, *v = values, *k2 = r.keys2, *v2 = r.values2;
  cl_uint bits = (cl_uint)algo_type_sizes[type] * 8;
  /* An even number of passes: the result ends where it started. */
  for (cl_uint shift = 0; shift < bits; shift += 4) {
    RT_TRY(algo_radix_pass(c, type, &r, value_size, k, v, k2, v2, n, shift,
                           descending != 0));
    void *t = k;
    k = k2;
    k2 = t;
    t = v;
    v = v2;
    v2 = t;
  }
  return cu2clSuccess;
}

static cu2clError_t algo_sort(cu2clStream_t stream, cu2clAlgoType type,
                              void *keys, void *values, size_t value_size,
                              size_t n, int descending) {
  size_t size = rt_algo_type_size(type);
  if (size == 0 || (values && value_size != 4 && value_size != 8))
    return cu2clErrorInvalidValue;
  if (n <= 1)
    return cu2clSuccess;
  algo_call c;
  RT_TRY(algo_begin(&c, stream, type));
  RT_TRY(algo_check_range(c.dev, keys, n, size));
  if (values) {
    RT_TRY(algo_check_range(c.dev, values, n, value_size));
    if ((char *)values + n * value_size > (char *)keys &&
        (char *)keys + n * size > (char *)values)
      return cu2clErrorInvalidValue;
  }
  return algo_end(&c, algo_sort_run(&c, type, keys, values,
                                    values ? value_size : 0, n, descending));
}

cu2clError_t cu2clAlgoSort(cu2clStream_t stream, cu2clAlgoType type, void *keys,
                           size_t n, int descending) {
  return rt_fail(algo_sort(stream, type, keys, NULL, 0, n, descending));
}

cu2clError_t cu2clAlgoSortByKey(cu2clStream_t stream, cu2clAlgoType type,
                                void *keys, void *values, size_t value_size,
                                size_t n, int descending) {
  if (!values)
    return rt_fail(cu2clErrorInvalidValue);
  return rt_fail(
      algo_sort(stream, type, keys, values, value_size, n, descending));
}
