/*
 * rt_program: program builds, the program cache's use, kernel creation
 * (rt_program.h).
 *
 * All building and creating happens under one process-wide mutex: it runs
 * once per program and device, and launches of ready kernels do not take
 * it, except a launch whose dynamic shared memory size differs from the
 * kernel's previous launch when sized programs are on (rt_kernel_get_sized
 * looks the size up). Programs for a size of dynamic shared memory the
 * last run launched with load with the program itself; other sizes in the
 * cache load on a builder thread, outside the mutex, while launches go on
 * with the general kernel; a device reset and the process's exit wait for
 * the load under way and drop those not begun.
 */
#include "rt_program.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rt_cache.h"
#include "rt_sgprobe.h"
#include "rt_source.h"
#include "rt_sha256.h"

typedef struct rt_program_state {
  cu2clProgram *program;
  struct rt_program_state *next; /* g_prog.programs */
  /* The cache key's hash state after the source (rt_cache_key): every size
   * of dynamic shared memory needs a key, computed by the launch that
   * asks, and hashing the source each time cost that launch 4.7 ms for the
   * reduction sample's 480 KB and 0.6 ms for fv-euler's 60 KB (this SHA-256
   * runs at about 100 MB/s). Set at creation. */
  rt_sha256 source_hash;
  /* Devices (bit per ordinal < 64) whose list of sizes was loaded
   * (rt_sizes_preload), once per program and device. */
  unsigned long long sizes_loaded;
  cl_program built[];            /* per device ordinal; NULL until built */
} rt_program_state;

typedef struct rt_kernel_state {
  cu2clKernelRef *ref;
  struct rt_kernel_state *next; /* g_prog.kernels */
  rt_kernel per_device[];
} rt_kernel_state;

/* A program built for one size of dynamic shared memory on one device, and
 * the kernels made from it (rt_kernel_get_sized). */
typedef struct rt_sized_program {
  struct rt_sized_program *next;
  cu2clProgram *program;
  char *kernel; /* built for this kernel alone (malloc'd), NULL: all */
  int ordinal;
  size_t units;
  cl_program built; /* NULL while building, RT_BUILD_FAILED if it failed or
                       was dropped (rt_sized_builds_wait) */
  rt_device *dev;
  int used;      /* a launch asked for it */
  int preloaded; /* in the list loaded or last stored (rt_sizes_preload) */
} rt_sized_program;

typedef struct rt_sized_kernel {
  struct rt_sized_kernel *next;
  cu2clKernelRef *ref;
  int ordinal;
  size_t units;
  rt_kernel k; /* k.error when it could not be made */
} rt_sized_kernel;

static struct {
  pthread_mutex_t lock;
  pthread_cond_t built; /* a sized program's build ended */
  rt_program_state *programs;
  rt_kernel_state *kernels;
  rt_sized_program *sized_programs;
  rt_sized_kernel *sized_kernels;
  struct rt_sized_build *jobs; /* sized programs for the builder, FIFO */
  pthread_cond_t work;         /* a job was queued */
  int builder;                 /* the builder thread runs */
  int held;                    /* cu2clHoldSizedBuilds: take no job */
  int loading;                 /* the builder is loading a job's program */
  pthread_mutex_t stats_lock; /* stats: builds run outside lock too */
  cu2clCacheStats stats;
} g_prog = {PTHREAD_MUTEX_INITIALIZER,
            PTHREAD_COND_INITIALIZER,
            NULL,
            NULL,
            NULL,
            NULL,
            NULL,
            PTHREAD_COND_INITIALIZER,
            0,
            0,
            0,
            PTHREAD_MUTEX_INITIALIZER,
            {0, 0, 0, 0, 0.0}};

/* Adds to the cache statistics (cu2clGetCacheStats). */
static void rt_stats_add(unsigned long *counter, double seconds) {
  pthread_mutex_lock(&g_prog.stats_lock);
  if (counter)
    ++*counter;
  g_prog.stats.load_seconds += seconds;
  pthread_mutex_unlock(&g_prog.stats_lock);
}

/* A failed build is remembered as this value in built[]. */
#define RT_BUILD_FAILED ((cl_program)(uintptr_t)1)

/* ---- options and cache key ------------------------------------------------
 */

/* The warp path's macros (rules/prelude.cl, "Warp-level operations"). Being
 * options, they are part of the cache key. */
static int rt_warp_options(const rt_device *d, char *buf, size_t size) {
  switch (d->warp_path) {
  case RT_WARP_SUBGROUP:
    return snprintf(buf, size, " -D CU2CL_WARP_SUBGROUP=1");
  case RT_WARP_PTX:
    return d->nv_sm ? snprintf(buf, size,
                               " -D CU2CL_WARP_PTX=1 -D CU2CL_NVIDIA_SM=%d",
                               d->nv_sm)
                    : snprintf(buf, size, " -D CU2CL_WARP_PTX=1");
  default:
    return snprintf(buf, size,
                    " -D CU2CL_WARP_EMULATE=1 -D CU2CL_WARP_SCRATCH_SIZE=%zu",
                    d->warp_scratch);
  }
}

/* What the kernel source may rely on: the OpenCL C version (the highest the
 * device has, at most 3.0, unless CU2CL_CL_STD names one), its features and
 * its warp path. */
static void rt_program_options(const rt_device *d, const cu2clProgram *prog,
                               const char *extra, char *buf, size_t size) {
  const char *std = getenv("CU2CL_CL_STD");
  int n = std && *std ? snprintf(buf, size, "-cl-std=%s", std)
                      : snprintf(buf, size, "-cl-std=CL%d.%d", d->clc_major,
                                 d->clc_minor);
  const struct {
    int on;
    const char *define;
  } features[] = {
      {d->has_fp64, " -D CU2CL_DEVICE_HAS_FP64=1"},
      {d->has_int64_atomics, " -D CU2CL_DEVICE_HAS_INT64_ATOMICS=1"},
      {d->is_nvidia, " -D CU2CL_NVIDIA=1"},
      {d->has_subgroups, " -D CU2CL_SUBGROUPS=1"},
  };
  for (size_t i = 0; i < sizeof features / sizeof features[0]; i++)
    if (features[i].on && (size_t)n < size)
      n += snprintf(buf + n, size - n, "%s", features[i].define);
  /* CUDA's float division and sqrtf are correctly rounded (nvcc's
   * -prec-div/-prec-sqrt) unless the build asked for fast math; OpenCL
   * allows 2.5 and 3 ulp without this option (a bin index computed by a
   * division then differs from CUDA's) */
  int fast = prog->options && strstr(prog->options, "-cl-fast-relaxed-math");
  if (d->fp32_exact_div && !fast && (size_t)n < size)
    n += snprintf(buf + n, size - n,
                  " -cl-fp32-correctly-rounded-divide-sqrt");
  if ((size_t)n < size)
    n += rt_warp_options(d, buf + n, size - n);
  if (extra && *extra && (size_t)n < size)
    n += snprintf(buf + n, size - n, " %s", extra);
  if (prog->options && *prog->options && (size_t)n < size)
    snprintf(buf + n, size - n, " %s", prog->options);
}

static void rt_hash_field(rt_sha256 *h, const char *s) {
  uint64_t len = strlen(s);
  rt_sha256_update(h, &len, sizeof len);
  rt_sha256_update(h, s, len);
}

/* Everything that decides the binary, each field length-prefixed. */
static void rt_cache_key(const rt_device *d, const cu2clProgram *prog,
                         const char *options, char key[65]) {
  /* the program's state exists: rt_program_get made it before any build */
  rt_sha256 h = ((const rt_program_state *)prog->state)->source_hash;
  unsigned char digest[32];
  rt_hash_field(&h, options);
  rt_hash_field(&h, d->platform_name);
  rt_hash_field(&h, d->platform_version);
  rt_hash_field(&h, d->name);
  rt_hash_field(&h, d->device_version);
  rt_hash_field(&h, d->driver_version);
  rt_sha256_final(&h, digest);
  rt_sha256_hex(digest, key);
}

/* ---- building -------------------------------------------------------------
 */

static void rt_report_build_log(const rt_device *d, const cu2clProgram *prog,
                                cl_program p, const char *options, cl_int st) {
  size_t size = 0;
  char *log = NULL;
  if (clGetProgramBuildInfo(p, d->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) ==
          CL_SUCCESS &&
      (log = calloc(size + 1, 1)) != NULL)
    clGetProgramBuildInfo(p, d->id, CL_PROGRAM_BUILD_LOG, size, log, NULL);
  rt_log_error("building OpenCL program %s for %s failed (%s)\n"
               "  options: %s\n%s",
               prog->name ? prog->name : "(unnamed)", d->name,
               rt_cl_status_name(st), options, log && *log ? log : "(no log)");
  free(log);
}

static cl_program rt_build_from_binary(const rt_device *d,
                                       const unsigned char *bin, size_t len,
                                       const char *options) {
  cl_int st, bin_status;
  cl_program p = clCreateProgramWithBinary(d->ctx, 1, &d->id, &len, &bin,
                                           &bin_status, &st);
  if (st != CL_SUCCESS)
    return NULL;
  if (bin_status != CL_SUCCESS ||
      clBuildProgram(p, 1, &d->id, options, NULL, NULL) != CL_SUCCESS) {
    clReleaseProgram(p);
    return NULL;
  }
  return p;
}

static cl_program rt_build_from_source(const rt_device *d,
                                       const cu2clProgram *prog,
                                       const char *options) {
  cl_int st;
  const char *source = prog->source;
  cl_program p = clCreateProgramWithSource(d->ctx, 1, &source, NULL, &st);
  if (st != CL_SUCCESS) {
    rt_log_error("creating OpenCL program %s: %s", prog->name,
                 rt_cl_status_name(st));
    return NULL;
  }
  rt_stats_add(&g_prog.stats.builds, 0);
  st = clBuildProgram(p, 1, &d->id, options, NULL, NULL);
  if (st != CL_SUCCESS) {
    rt_report_build_log(d, prog, p, options, st);
    clReleaseProgram(p);
    return NULL;
  }
  return p;
}

static void rt_cache_save(const rt_device *d, cl_program p, const char *dir,
                          const char *key) {
  size_t size = 0;
  if (clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) !=
          CL_SUCCESS ||
      size == 0)
    return;
  unsigned char *bin = malloc(size);
  if (bin &&
      clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL) ==
          CL_SUCCESS &&
      rt_cache_store(dir, key, bin, size) == 0) {
    rt_stats_add(&g_prog.stats.stores, 0);
    rt_log_debug("cache: stored %s (%zu bytes) for %s", key, size, d->name);
  }
  free(bin);
}

/* Whether cu2clrt's program cache serves d. PoCL keeps a kernel cache of
 * its own (keyed by the source and the options, holding the work-group
 * functions per local size), and asking it for CL_PROGRAM_BINARIES makes it
 * compile every kernel of the program for a generic local size, launched
 * or not: measured on PoCL 3.1 (2 vCPUs), fv-euler's first run took 61 s
 * with that store and 29 s without, Jacobi's 28 s and 20 s, the warm runs
 * the same (1.4-2.1 s). So on PoCL only CU2CL_CACHE=1 turns it on. */
static int rt_cache_serves(const rt_device *d) {
  const char *env = getenv("CU2CL_CACHE");
  return !d->is_pocl || (env && !strcmp(env, "1"));
}

/* The cache entry of prog built for d with extra options: its directory
 * (malloc'd, NULL when the cache is off) and key. */
static char *rt_build_key(const rt_device *d, const cu2clProgram *prog,
                          const char *extra, char *options, size_t size,
                          char key[65]) {
  rt_program_options(d, prog, extra, options, size);
  rt_cache_key(d, prog, options, key);
  return rt_cache_serves(d) ? rt_cache_dir() : NULL;
}

/* Whether the on-disk cache holds prog built for d with extra options. */
static int rt_build_cached(const rt_device *d, const cu2clProgram *prog,
                           const char *extra) {
  char options[2048], key[65];
  char *dir = rt_build_key(d, prog, extra, options, sizeof options, key);
  int hit = dir && rt_cache_has(dir, key);
  free(dir);
  return hit;
}

static cl_program rt_build_as(const rt_device *d, const cu2clProgram *prog,
                              const char *extra, int load_only);

/* Cache lookup, else a build from source and a cache store. */
static cl_program rt_build(const rt_device *d, const cu2clProgram *prog,
                           const char *extra) {
  return rt_build_as(d, prog, extra, 0);
}

/* rt_build, or with load_only the cache lookup alone (NULL on a miss). */
static cl_program rt_build_as(const rt_device *d, const cu2clProgram *prog,
                              const char *extra, int load_only) {
  char options[2048], key[65];
  if (d->warp_error[0]) { /* CU2CL_WARP forced a path d cannot take */
    rt_log_error("building OpenCL program %s for %s: %s",
                 prog->name ? prog->name : "(unnamed)", d->name,
                 d->warp_error);
    return NULL;
  }
  char *dir = rt_build_key(d, prog, extra, options, sizeof options, key);
  cl_program p = NULL;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int hit = 0;
  if (dir) {
    size_t len = 0;
    unsigned char *bin = rt_cache_load(dir, key, &len);
    p = bin ? rt_build_from_binary(d, bin, len, options) : NULL;
    free(bin);
    hit = p != NULL;
    rt_stats_add(p ? &g_prog.stats.hits : &g_prog.stats.misses, 0);
    rt_log_debug("cache %s for %s on %s (%s/%s.clbin)", p ? "hit" : "miss",
                 prog->name, d->name, dir, key);
  }
  if (!p && !load_only) {
    rt_log_debug("building %s for %s with options: %s", prog->name, d->name,
                 options);
    p = rt_build_from_source(d, prog, options);
    if (p && dir)
      rt_cache_save(d, p, dir, key);
  }
  free(dir);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  rt_stats_add(NULL, ms / 1e3);
  rt_log_debug("program %s%s%s%s %s on %s in %.1f ms", prog->name,
               extra && *extra ? " (" : "", extra ? extra : "",
               extra && *extra ? ")" : "",
               !p ? "failed" : hit ? "loaded from the cache" : "built",
               d->name, ms);
  return p;
}

/* An automatically chosen sub-group path is confirmed once per device,
 * before its first build, else demoted to the emulation. Caller holds
 * g_prog.lock; no kernel of d exists yet, so launches never see the change. */
static void rt_warp_confirm(rt_device *d) {
  if (d->warp_path != RT_WARP_SUBGROUP || !d->warp_auto || d->warp_probed)
    return;
  d->warp_probed = 1;
  static const size_t shapes[2][3] = {{64, 1, 1}, {16, 4, 1}};
  if (rt_sub_groups_hold(d, 1, shapes[0]) &&
      rt_sub_groups_hold(d, 2, shapes[1]))
    return;
  d->warp_path = RT_WARP_EMULATE;
  rt_log_debug("device %d: its sub-groups are not 32 wide where pinned; warp "
               "operations use the emulate path",
               d->ordinal);
}

/* Whether launches with dynamic shared memory use a program built for
 * their size (rt_kernel_get_sized): on NVIDIA by default, where a __local
 * pointer parameter costs 64-bit address arithmetic on every shared access
 * (docs/performance.md); CU2CL_SIZED_SHARED=0 or 1 decides elsewhere. */
int rt_sized_shared_on(const rt_device *d) {
  static int value = -2;
  int on = rt_env_tristate("CU2CL_SIZED_SHARED", &value);
  return on >= 0 ? on : d->is_nvidia;
}

static void rt_sizes_preload(rt_device *d, cu2clProgram *prog);

/* The state of prog, made on first use; NULL when out of memory. Caller
 * holds g_prog.lock. */
static rt_program_state *rt_program_state_of(cu2clProgram *prog) {
  rt_program_state *s = prog->state;
  if (s)
    return s;
  size_t n = (size_t)rt_device_count();
  s = calloc(1, sizeof *s + n * sizeof s->built[0]);
  if (!s)
    return NULL;
  s->program = prog;
  rt_sha256_init(&s->source_hash);
  rt_hash_field(&s->source_hash, "cu2cl program cache v1");
  rt_hash_field(&s->source_hash, prog->source);
  s->next = g_prog.programs;
  g_prog.programs = s;
  prog->state = s;
  return s;
}

/* Loads the programs of the sizes the last run used, once per program and
 * device, where sized programs are on. Caller holds g_prog.lock. */
static void rt_sizes_preload_once(rt_device *d, cu2clProgram *prog) {
  rt_program_state *s = prog->state;
  unsigned long long bit = d->ordinal < 64 ? 1ull << d->ordinal : 0;
  if (!bit || (s->sizes_loaded & bit) || !rt_sized_shared_on(d))
    return;
  s->sizes_loaded |= bit;
  rt_sizes_preload(d, prog);
}

/* The program of prog on d, built on first use. Caller holds g_prog.lock. */
static cu2clError_t rt_program_get(cu2clProgram *prog, rt_device *d,
                                   cl_program *out) {
  rt_program_state *s = rt_program_state_of(prog);
  if (!s)
    return cu2clErrorMemoryAllocation;
  rt_warp_confirm(d);
  if (!s->built[d->ordinal]) {
    s->built[d->ordinal] = rt_build(d, prog, NULL);
    if (s->built[d->ordinal])
      rt_sizes_preload_once(d, prog);
  }
  if (!s->built[d->ordinal])
    s->built[d->ordinal] = RT_BUILD_FAILED;
  if (s->built[d->ordinal] == RT_BUILD_FAILED)
    return cu2clErrorInvalidKernelImage;
  *out = s->built[d->ordinal];
  return cu2clSuccess;
}

cu2clError_t rt_program_built(cu2clProgram *prog, rt_device *d,
                              cl_program *out) {
  pthread_mutex_lock(&g_prog.lock);
  cu2clError_t err = rt_program_get(prog, d, out);
  pthread_mutex_unlock(&g_prog.lock);
  return err;
}

cu2clError_t cu2clProgramBuild(cu2clProgram *program) {
  RT_CHECK(program != NULL && program->source != NULL, cu2clErrorInvalidValue);
  rt_device *d;
  cl_program p;
  RT_TRY(rt_device_current(&d));
  return rt_fail(rt_program_built(program, d, &p));
}

cu2clError_t cu2clGetCacheStats(cu2clCacheStats *stats) {
  RT_CHECK(stats != NULL, cu2clErrorInvalidValue);
  pthread_mutex_lock(&g_prog.stats_lock);
  *stats = g_prog.stats;
  pthread_mutex_unlock(&g_prog.stats_lock);
  return cu2clSuccess;
}

/* ---- kernels --------------------------------------------------------------
 */

/* k for kernel ref->name of the built program p. */
static cu2clError_t rt_kernel_from(cu2clKernelRef *ref, rt_device *d,
                                   cl_program p, rt_kernel *k) {
  cl_int st;
  k->kernel = clCreateKernel(p, ref->name, &st);
  if (st != CL_SUCCESS) {
    rt_log_error("no kernel %s in OpenCL program %s (%s)", ref->name,
                 ref->program->name, rt_cl_status_name(st));
    k->kernel = NULL;
    return cu2clErrorInvalidDeviceFunction;
  }
  clGetKernelInfo(k->kernel, CL_KERNEL_NUM_ARGS, sizeof k->nargs, &k->nargs,
                  NULL);
  k->max_group_size = d->max_wg_size;
  clGetKernelWorkGroupInfo(k->kernel, d->id, CL_KERNEL_WORK_GROUP_SIZE,
                           sizeof k->max_group_size, &k->max_group_size, NULL);
  clGetKernelWorkGroupInfo(k->kernel, d->id, CL_KERNEL_LOCAL_MEM_SIZE,
                           sizeof k->static_local, &k->static_local, NULL);
  k->warp = rt_is_warp_kernel(ref->program->source, ref->name);
  k->grid = rt_is_grid_kernel(ref->program->source, ref->name);
  k->sized_shared = rt_has_sized_shared(ref->program->source, ref->name);
  pthread_mutex_init(&k->lock, NULL);
  __atomic_store_n(&k->ready, 1, __ATOMIC_RELEASE);
  return cu2clSuccess;
}

/* ---- programs of one kernel ----------------------------------------------
 *
 * A translated file holds every kernel and template specialization it
 * launches anywhere (the reduction sample: 147, 480 KB of OpenCL C), and a
 * run often launches a few of them; building the whole program at the
 * first launch cost the reduction's first run 20.7 s on NVIDIA and 4.5 min
 * on PoCL. cu2cl guards each kernel with CU2CL_ONLY_KERNELS (dev_func.c),
 * so a kernel's first launch builds a program of that kernel alone, kept
 * in the cache under its own key. The whole program is used instead when
 * it is already built or in the cache (a run with lazy builds off fills it), when the
 * source has no guard (an older translation) and where lazy builds are off
 * (rt_lazy_build_on). */

/* Whether ref's kernel gets a program of its own on d. Caller holds
 * g_prog.lock; prog's state exists. */
/* Whether kernels get programs of their own on d: CU2CL_LAZY_BUILD=0|1,
 * else on NVIDIA only. PoCL 3.1 spends 0.4-3 s on any build whatever its
 * size (measured on the development VM), so a run launching most of a
 * file's kernels, as the seed samples do, started slower per kernel
 * (fv-euler's first run 33 s against 16 s whole, reduction's 297 s
 * against 268 s). */
static int rt_lazy_build_on(const rt_device *d) {
  const char *env = getenv("CU2CL_LAZY_BUILD");
  return env && *env ? strcmp(env, "0") != 0 : d->is_nvidia;
}

static int rt_kernel_alone(const cu2clKernelRef *ref, const rt_device *d) {
  const rt_program_state *s = ref->program->state;
  return rt_lazy_build_on(d) && !s->built[d->ordinal] &&
         rt_has_kernel_guard(ref->program->source, ref->name) &&
         !rt_build_cached(d, ref->program, NULL);
}

static cu2clError_t rt_kernel_create(cu2clKernelRef *ref, rt_device *d,
                                     rt_kernel *k) {
  cl_program p;
  if (!rt_program_state_of(ref->program))
    return cu2clErrorMemoryAllocation;
  if (!rt_kernel_alone(ref, d)) {
    cu2clError_t err = rt_program_get(ref->program, d, &p);
    return err == cu2clSuccess ? rt_kernel_from(ref, d, p, k) : err;
  }
  rt_warp_confirm(d);
  char *extra = rt_kernel_options(ref->name, 0);
  if (!extra)
    return cu2clErrorMemoryAllocation;
  p = rt_build(d, ref->program, extra);
  free(extra);
  rt_sizes_preload_once(d, ref->program);
  if (!p)
    return cu2clErrorInvalidKernelImage;
  cu2clError_t err = rt_kernel_from(ref, d, p, k);
  clReleaseProgram(p); /* the kernel holds it */
  return err;
}

/* The slot array of ref, created on first use. Caller holds g_prog.lock. */
static rt_kernel_state *rt_kernel_state_of(cu2clKernelRef *ref) {
  rt_kernel_state *s = ref->state;
  if (s)
    return s;
  size_t n = (size_t)rt_device_count();
  s = calloc(1, sizeof *s + n * sizeof s->per_device[0]);
  if (!s)
    return NULL;
  s->ref = ref;
  s->next = g_prog.kernels;
  g_prog.kernels = s;
  __atomic_store_n(&ref->state, s, __ATOMIC_RELEASE);
  return s;
}

cu2clError_t rt_kernel_get(cu2clKernelRef *ref, rt_device *d, rt_kernel **out) {
  rt_kernel_state *s = __atomic_load_n(&ref->state, __ATOMIC_ACQUIRE);
  if (s &&
      __atomic_load_n(&s->per_device[d->ordinal].ready, __ATOMIC_ACQUIRE)) {
    *out = &s->per_device[d->ordinal];
    return cu2clSuccess;
  }
  cu2clError_t err = cu2clErrorMemoryAllocation;
  pthread_mutex_lock(&g_prog.lock);
  s = rt_kernel_state_of(ref);
  if (s) {
    rt_kernel *k = &s->per_device[d->ordinal];
    if (!k->ready && k->error == cu2clSuccess)
      k->error = rt_kernel_create(ref, d, k);
    err = k->ready ? cu2clSuccess : k->error;
    *out = k;
  }
  pthread_mutex_unlock(&g_prog.lock);
  return err;
}

/* The program of prog built for `units` on device `ordinal`, else NULL;
 * *others counts the other sizes launches asked for. Caller holds
 * g_prog.lock. */
static rt_sized_program *rt_sized_program_find(const cu2clProgram *prog,
                                               const char *kernel,
                                               int ordinal, size_t units,
                                               unsigned *others) {
  rt_sized_program *found = NULL;
  *others = 0;
  for (rt_sized_program *sp = g_prog.sized_programs; sp; sp = sp->next)
    if (sp->program == prog && sp->ordinal == ordinal &&
        (sp->kernel && kernel ? strcmp(sp->kernel, kernel) == 0
                              : sp->kernel == kernel)) {
      if (sp->units == units)
        found = sp;
      else
        *others += (unsigned)sp->used;
    }
  return found;
}

/* A size gets its program built by the builder thread from its first
 * launch on (where CUDA loads a module too, typically in a program's
 * warm-up); launches run the general kernel until it is there, so none
 * waits for a build (2.4 s for reduction.cl on NVIDIA, 1.4 ms from the
 * on-disk cache). At most RT_SIZED_MAX sizes per program and device get
 * one; other launches use the general kernel.
 *
 * One builder thread, alive until the process ends, loads them from the
 * on-disk cache in turn. A program not in the cache is compiled by the
 * launching thread, which waits for it (a first run's cost): NVIDIA's
 * OpenCL compiler (driver 580) crashed (SIGSEGV in NvCliCompileSource) on
 * a builder thread when no compilation had run on the main thread before,
 * with a thread per build and with one builder alike. */
enum { RT_SIZED_MAX = 8 };

typedef struct rt_sized_build {
  struct rt_sized_build *next;
  rt_sized_program *sp;
  rt_device *d;
  char *extra; /* malloc'd */
} rt_sized_build;

static void *rt_sized_builder(void *arg) {
  (void)arg;
  pthread_mutex_lock(&g_prog.lock);
  for (;;) {
    while (!g_prog.jobs || g_prog.held)
      pthread_cond_wait(&g_prog.work, &g_prog.lock);
    rt_sized_build *b = g_prog.jobs;
    g_prog.jobs = b->next;
    g_prog.loading = 1;
    pthread_mutex_unlock(&g_prog.lock);
    cl_program p = rt_build_as(b->d, b->sp->program, b->extra, 1);
    pthread_mutex_lock(&g_prog.lock);
    g_prog.loading = 0;
    b->sp->built = p ? p : RT_BUILD_FAILED;
    pthread_cond_broadcast(&g_prog.built);
    free(b->extra);
    free(b);
  }
  return NULL;
}

/* Waits for the sized builds of device ordinal (every device: -1); those
 * the builder has not begun are dropped (their sizes run the general
 * kernel), so that a reset or the exit waits for one load at most, not for
 * the queue (8 loads of about 10 ms each on NVIDIA). Caller holds
 * g_prog.lock. */
static void rt_sized_builds_wait(int ordinal) {
  for (rt_sized_build **pb = &g_prog.jobs; *pb;) {
    rt_sized_build *b = *pb;
    if (ordinal >= 0 && b->sp->ordinal != ordinal) {
      pb = &b->next;
      continue;
    }
    b->sp->built = RT_BUILD_FAILED;
    *pb = b->next;
    free(b->extra);
    free(b);
  }
  for (;;) {
    int pending = 0;
    for (rt_sized_program *sp = g_prog.sized_programs; sp; sp = sp->next)
      pending |= !sp->built && (ordinal < 0 || sp->ordinal == ordinal);
    if (!pending)
      return;
    pthread_cond_wait(&g_prog.built, &g_prog.lock);
  }
}

/* At exit: the builder must not be inside the driver while the process
 * tears it down. */
static void rt_sized_builds_wait_all(void) {
  pthread_mutex_lock(&g_prog.lock);
  rt_sized_builds_wait(-1);
  pthread_mutex_unlock(&g_prog.lock);
}

/* Queues the load of sp from the cache for the builder, or builds it here
 * when the cache does not have it or there is no builder thread to be had.
 * Caller holds g_prog.lock. */
static void rt_sized_build_start(rt_sized_program *sp, rt_device *d) {
  static int registered;
  char *extra = rt_kernel_options(sp->kernel, sp->units);
  rt_sized_build *b = extra && rt_build_cached(d, sp->program, extra)
                          ? calloc(1, sizeof *b)
                          : NULL;
  if (!registered)
    registered = atexit(rt_sized_builds_wait_all) == 0;
  if (b && !g_prog.builder && registered) {
    pthread_t t;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) == 0) {
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      g_prog.builder = pthread_create(&t, &attr, rt_sized_builder, NULL) == 0;
      pthread_attr_destroy(&attr);
    }
  }
  if (b) {
    b->sp = sp;
    b->d = d;
    b->extra = extra;
  }
  if (b && g_prog.builder) {
    rt_sized_build **tail = &g_prog.jobs;
    while (*tail)
      tail = &(*tail)->next;
    *tail = b;
    pthread_cond_signal(&g_prog.work);
    return;
  }
  /* not cached, or no thread */
  sp->built = extra ? rt_build(d, sp->program, extra) : NULL;
  if (!sp->built)
    sp->built = RT_BUILD_FAILED;
  free(extra);
  free(b);
}

cu2clError_t cu2clHoldSizedBuilds(int hold) {
  pthread_mutex_lock(&g_prog.lock);
  g_prog.held = hold != 0;
  pthread_cond_broadcast(&g_prog.work);
  pthread_mutex_unlock(&g_prog.lock);
  return cu2clSuccess;
}

cu2clError_t cu2clWaitSizedBuilds(void) {
  pthread_mutex_lock(&g_prog.lock);
  while ((g_prog.jobs && !g_prog.held) || g_prog.loading)
    pthread_cond_wait(&g_prog.built, &g_prog.lock);
  pthread_mutex_unlock(&g_prog.lock);
  return cu2clSuccess;
}

/* ---- the sizes of the last run --------------------------------------------
 *
 * Beside a program's cache entry, the cache keeps the sizes its launches
 * asked for (rt_sizes_record); the next run loads their programs with the
 * program itself (rt_sizes_preload), at its first launch, which is usually
 * set-up work, instead of at each size's first launch. A load holds NVIDIA's
 * driver for 2-3 ms whichever thread makes it, stalling the launching
 * thread's commands then (docs/performance.md, finding 13), so a load on
 * the builder thread lands in whatever the program is doing, timed kernels
 * included. */

/* The cache directory (malloc'd) and key of the list of prog on d; NULL
 * without a cache. */
static char *rt_sizes_entry(const rt_device *d, const cu2clProgram *prog,
                            char key[72]) {
  char options[2048], general[65];
  char *dir = rt_build_key(d, prog, NULL, options, sizeof options, general);
  snprintf(key, 72, "%s.sizes2", general);
  return dir;
}

/* Stores the list of the sizes of sp's program on its device that
 * launches asked for, one line per size: "units kernel" ("-": a program of
 * every kernel); and notes it stored. Caller holds g_prog.lock. */
static void rt_sizes_record(const rt_sized_program *sp) {
  size_t cap = 4096, n = 0;
  char *list = malloc(cap);
  for (rt_sized_program *o = g_prog.sized_programs; list && o; o = o->next)
    if (o->program == sp->program && o->ordinal == sp->ordinal) {
      const char *k = o->kernel ? o->kernel : "-";
      if (o->used && n + strlen(k) + 32 > cap) {
        cap = 2 * cap + strlen(k);
        char *more = realloc(list, cap);
        if (!more)
          break;
        list = more;
      }
      if (o->used)
        n += (size_t)snprintf(list + n, cap - n, "%zu %s\n", o->units, k);
      o->preloaded = o->used;
    }
  char key[72];
  char *dir = list ? rt_sizes_entry(sp->dev, sp->program, key) : NULL;
  if (dir)
    rt_cache_store(dir, key, (const unsigned char *)list, n);
  free(dir);
  free(list);
}

/* Stores the lists of device ordinal's programs (every device: -1) whose
 * launches asked for other sizes than their list has: at a reset and at
 * exit, not at a size's first launch, which a file write would delay.
 * Caller holds g_prog.lock. */
static void rt_sizes_save(int ordinal) {
  for (rt_sized_program *sp = g_prog.sized_programs; sp; sp = sp->next)
    if ((ordinal < 0 || sp->ordinal == ordinal) && sp->used != sp->preloaded)
      rt_sizes_record(sp);
}

static void rt_sizes_save_all(void) {
  pthread_mutex_lock(&g_prog.lock);
  rt_sizes_save(-1);
  pthread_mutex_unlock(&g_prog.lock);
}

/* A sized program of prog on d for kernel (NULL: every kernel), in
 * g_prog.sized_programs; NULL when out of memory. Caller holds
 * g_prog.lock. */
static rt_sized_program *rt_sized_program_new(cu2clProgram *prog,
                                              const char *kernel,
                                              rt_device *d, size_t units) {
  rt_sized_program *sp = calloc(1, sizeof *sp);
  if (sp && kernel && !(sp->kernel = strdup(kernel))) {
    free(sp);
    sp = NULL;
  }
  if (!sp)
    return NULL;
  sp->program = prog;
  sp->ordinal = d->ordinal;
  sp->units = units;
  sp->dev = d;
  sp->next = g_prog.sized_programs;
  g_prog.sized_programs = sp;
  return sp;
}

/* Loads, from the on-disk cache only, the programs of the sizes the last
 * run's launches of prog on d asked for (as stored at its reset or exit).
 * Caller holds g_prog.lock. */
static void rt_sizes_preload(rt_device *d, cu2clProgram *prog) {
  char key[72];
  char *dir = rt_sizes_entry(d, prog, key);
  size_t len = 0;
  unsigned char *list = dir ? rt_cache_load(dir, key, &len) : NULL;
  free(dir);
  char *text = list ? malloc(len + 1) : NULL;
  if (text) {
    memcpy(text, list, len);
    text[len] = '\0';
  }
  for (char *line = text, *next; line && *line; line = next) {
    next = strchr(line, '\n');
    next = next ? (*next = '\0', next + 1) : line + strlen(line);
    char *name = strchr(line, ' ');
    size_t units = strtoull(line, NULL, 10);
    if (!name || !units)
      continue;
    const char *kernel = strcmp(++name, "-") == 0 ? NULL : name;
    unsigned others;
    char *extra = rt_kernel_options(kernel, units);
    if (!extra || rt_sized_program_find(prog, kernel, d->ordinal, units,
                                        &others)) {
      free(extra);
      continue;
    }
    cl_program p = rt_build_as(d, prog, extra, 1);
    free(extra);
    rt_sized_program *sp =
        p ? rt_sized_program_new(prog, kernel, d, units) : NULL;
    if (!sp && p)
      clReleaseProgram(p);
    if (sp) {
      sp->built = p;
      sp->preloaded = 1;
    }
  }
  free(text);
  free(list);
}

cu2clError_t rt_kernel_get_sized(cu2clKernelRef *ref, rt_device *d,
                                 size_t units, rt_kernel **out) {
  pthread_mutex_lock(&g_prog.lock);
  rt_sized_kernel *sk = g_prog.sized_kernels;
  while (sk && !(sk->ref == ref && sk->ordinal == d->ordinal &&
                 sk->units == units))
    sk = sk->next;
  cu2clError_t err = cu2clSuccess;
  if (!sk) {
    unsigned others;
    const char *kernel =
        rt_lazy_build_on(d) && rt_has_kernel_guard(ref->program->source,
                                                  ref->name)
            ? ref->name
            : NULL;
    rt_sized_program *sp = rt_sized_program_find(ref->program, kernel,
                                                 d->ordinal, units, &others);
    if (!sp && others >= RT_SIZED_MAX) {
      err = cu2clErrorNotSupported; /* no record: the list stays short */
    } else if (!sp && (sp = rt_sized_program_new(ref->program, kernel, d,
                                                 units)) != NULL) {
      rt_warp_confirm(d);
      rt_sized_build_start(sp, d);
    }
    if (sp && !sp->used) { /* new, or loaded ahead: in the next list */
      static int registered;
      if (!registered)
        registered = atexit(rt_sizes_save_all) == 0;
      sp->used = 1;
    }
    if (err == cu2clSuccess && !sp)
      err = cu2clErrorMemoryAllocation;
    else if (err == cu2clSuccess && !sp->built)
      err = cu2clErrorNotReady; /* still building */
    if (err == cu2clSuccess && !(sk = calloc(1, sizeof *sk)))
      err = cu2clErrorMemoryAllocation;
    if (err == cu2clSuccess) {
      sk->ref = ref;
      sk->ordinal = d->ordinal;
      sk->units = units;
      sk->k.error = sp->built == RT_BUILD_FAILED
                        ? cu2clErrorInvalidKernelImage
                        : rt_kernel_from(ref, d, sp->built, &sk->k);
      sk->next = g_prog.sized_kernels;
      g_prog.sized_kernels = sk;
    }
  }
  if (err == cu2clSuccess && !sk->k.ready)
    err = sk->k.error ? sk->k.error : cu2clErrorInvalidDeviceFunction;
  if (err == cu2clSuccess)
    *out = &sk->k;
  pthread_mutex_unlock(&g_prog.lock);
  return err;
}

void rt_program_release_device(rt_device *d) {
  rt_sg_probe_release(d);
  pthread_mutex_lock(&g_prog.lock);
  rt_sized_builds_wait(d->ordinal); /* they use d's context */
  rt_sizes_save(d->ordinal);
  for (rt_sized_kernel **pk = &g_prog.sized_kernels; *pk;) {
    rt_sized_kernel *sk = *pk;
    if (sk->ordinal != d->ordinal) {
      pk = &sk->next;
      continue;
    }
    if (sk->k.ready) {
      clReleaseKernel(sk->k.kernel);
      pthread_mutex_destroy(&sk->k.lock);
    }
    free(sk->k.memo);
    *pk = sk->next;
    free(sk);
  }
  for (rt_sized_program **pp = &g_prog.sized_programs; *pp;) {
    rt_sized_program *sp = *pp;
    if (sp->ordinal != d->ordinal) {
      pp = &sp->next;
      continue;
    }
    if (sp->built != RT_BUILD_FAILED)
      clReleaseProgram(sp->built);
    *pp = sp->next;
    free(sp->kernel);
    free(sp);
  }
  for (rt_kernel_state *s = g_prog.kernels; s; s = s->next) {
    rt_kernel *k = &s->per_device[d->ordinal];
    if (k->ready) {
      clReleaseKernel(k->kernel);
      pthread_mutex_destroy(&k->lock);
    }
    free(k->memo);
    memset(k, 0, sizeof *k);
  }
  for (rt_program_state *s = g_prog.programs; s; s = s->next) {
    cl_program p = s->built[d->ordinal];
    if (p && p != RT_BUILD_FAILED)
      clReleaseProgram(p);
    s->built[d->ordinal] = NULL;
    if (d->ordinal < 64)
      s->sizes_loaded &= ~(1ull << d->ordinal);
  }
  pthread_mutex_unlock(&g_prog.lock);
}
