/*
 * rt_launch: cu2clLaunchKernel, CUDA's <<<grid, block, shared, stream>>>.
 *
 * The launch path is: current device, cached kernel (rt_kernel_get's lock-free
 * fast path), configuration checks, the stream's queue, then arguments and
 * clEnqueueNDRangeKernel under the kernel's mutex. Nothing is allocated and
 * no global lock is taken once a kernel and its symbols exist, which keeps
 * the overhead over a raw enqueue small (bench_launch measures it).
 *
 * The NDRange is CUDA's: global size grid*block, local size block, in 3
 * dimensions when a z extent exceeds 1, else 2 when a y extent does, else 1.
 * The command is not flushed: it is submitted at the next flush point
 * (synchronization, event record, blocking copy, stream query).
 *
 * Kernels with warp operations get one more check (rt_warp_check): on the
 * sub-group path the block must get 32-wide sub-groups, and on the
 * emulation path it must fit the scratch the program was built with. A
 * mismatch fails the launch loudly instead of computing wrong results.
 *
 * On a capturing stream a launch is checked as above, arguments included,
 * then recorded (rt_graph) instead of enqueued; graph replay calls
 * rt_launch_enqueue for it later.
 *
 * With CU2CL_CHECK=1 (rt_guard.h) every enqueued launch is checked before
 * (each non-null pointer argument inside a live device allocation) and
 * after, waiting for the kernel: the guard zones of its pointer arguments'
 * allocations intact. A failed check is cudaErrorIllegalAddress, with a
 * message naming the kernel and the argument; a bad pointer never reaches
 * the device.
 */
#include "rt_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_devrt.h"
#include "rt_fault.h"
#include "rt_graph.h"
#include "rt_guard.h"
#include "rt_sgprobe.h"
#include "rt_memory.h"
#include "rt_record.h"
#include "rt_stream.h"
#include "rt_symbol.h"

cu2clError_t rt_launch_check(const rt_device *d, const cu2clKernelRef *ref,
                             const rt_kernel *k, dim3 grid, dim3 block,
                             size_t shared_mem, unsigned nargs) {
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    return cu2clErrorInvalidConfiguration;
  size_t threads = (size_t)block.x * block.y * block.z;
  if (block.x > d->max_item_sizes[0] || block.y > d->max_item_sizes[1] ||
      block.z > d->max_item_sizes[2] || threads > d->max_wg_size) {
    rt_log_debug("block %ux%ux%u exceeds the device's work-group limits",
                 block.x, block.y, block.z);
    return cu2clErrorInvalidConfiguration;
  }
  /* NVIDIA's driver answers CL_KERNEL_WORK_GROUP_SIZE = 256 for every
   * kernel (measured on an H100 and an H200, driver 580) yet runs blocks up
   * to the device's 1024 and refuses at the enqueue what a kernel's
   * registers really do not allow: there the enqueue decides. */
  if (threads > k->max_group_size && !d->is_nvidia) {
    cl_ulong priv = 0;
    clGetKernelWorkGroupInfo(k->kernel, d->id, CL_KERNEL_PRIVATE_MEM_SIZE,
                             sizeof priv, &priv, NULL);
    rt_log_error("kernel %s: a block of %zu threads exceeds the %zu work-items "
                 "%s allows this kernel (CL_KERNEL_WORK_GROUP_SIZE; it uses "
                 "%lu bytes of private and %lu of local memory per group)",
                 ref->name, threads, k->max_group_size, d->name,
                 (unsigned long)priv, (unsigned long)k->static_local);
    return cu2clErrorLaunchOutOfResources;
  }
  /* More than a block may have is CUDA's error too; beside the kernel's
   * own __local (which may hold what CUDA's did not, and which a driver
   * may count in its own way) the enqueue decides, and says why. */
  if (shared_mem > d->local_mem_size) {
    rt_log_error("kernel %s: %zu bytes of dynamic shared memory exceed the "
                 "device's %lu", ref->name, shared_mem,
                 (unsigned long)d->local_mem_size);
    return cu2clErrorInvalidValue;
  }
  if (shared_mem + k->static_local > d->local_mem_size)
    rt_log_debug("kernel %s: %zu bytes of dynamic shared memory and %lu of "
                 "its own may exceed the device's %lu", ref->name, shared_mem,
                 (unsigned long)k->static_local,
                 (unsigned long)d->local_mem_size);
  if (nargs != k->nargs) {
    rt_log_error("kernel %s takes %u arguments, the launch passes %u",
                 ref->name, k->nargs, nargs);
    return cu2clErrorInvalidValue;
  }
  return cu2clSuccess;
}

size_t rt_launch_max_threads(const rt_device *d, const rt_kernel *k) {
  size_t n = d->max_wg_size;
  if (!d->is_nvidia && k->max_group_size < n) /* see rt_launch_check */
    n = k->max_group_size;
  if (k->warp && d->warp_path == RT_WARP_EMULATE && d->warp_scratch < n)
    n = d->warp_scratch;
  return n;
}

/* ---- warp kernels --------------------------------------------------------
 */

static int rt_warp_ok_known(const rt_kernel *k, const size_t local[3]) {
  for (unsigned i = 0; i < 4; i++)
    if (memcmp(k->warp_ok[i], local, sizeof k->warp_ok[i]) == 0)
      return 1;
  return 0;
}

/* Blocks of `local` must run as CUDA's warps: sub-groups of 32 in linear
 * lane order, the last one partial when the block is not a multiple of 32
 * (rt_sub_groups_hold probes the device once per shape). The answer is
 * also remembered per kernel (a few shapes, round robin), so repeated
 * launches do not look it up. Caller holds k->lock. */
static cu2clError_t rt_check_sub_groups(rt_device *d,
                                        const cu2clKernelRef *ref,
                                        rt_kernel *k, cl_uint dims,
                                        const size_t local[3]) {
  if (rt_warp_ok_known(k, local))
    return cu2clSuccess;
  if (!rt_sub_groups_hold(d, dims, local)) {
    rt_log_error("kernel %s: blocks of %zux%zux%zu do not run as 32-wide "
                 "warps on %s's sub-groups, which its warp operations need "
                 "(CU2CL_DEBUG=1 shows what the device formed); "
                 "CU2CL_WARP=emulate runs them without sub-groups",
                 ref->name, local[0], local[1], local[2], d->name);
    return cu2clErrorLaunchFailure;
  }
  memcpy(k->warp_ok[k->warp_ok_next++ % 4], local, sizeof k->warp_ok[0]);
  return cu2clSuccess;
}

/* Caller holds k->lock. */
static cu2clError_t rt_warp_check(rt_device *d,
                                  const cu2clKernelRef *ref, rt_kernel *k,
                                  cl_uint dims, const size_t local[3]) {
  if (!k->warp || d->warp_path == RT_WARP_PTX)
    return cu2clSuccess; /* PTX warps are the hardware's own */
  if (d->warp_path == RT_WARP_SUBGROUP)
    return rt_check_sub_groups(d, ref, k, dims, local);
  size_t threads = local[0] * local[1] * local[2];
  if (threads > d->warp_scratch) {
    rt_log_error("kernel %s: a block of %zu threads exceeds the %zu that "
                 "warp operations are emulated for on %s",
                 ref->name, threads, d->warp_scratch, d->name);
    return cu2clErrorInvalidConfiguration;
  }
  return cu2clSuccess;
}

/* Sets argument i of k's kernel unless k->memo says it holds that value
 * already. Caller holds k->lock. */
static cl_int rt_set_arg(rt_device *d, rt_kernel *k, cl_uint i,
                         const cu2clArg *a, cu2clError_t *err) {
  void *p = NULL;
  const void *bytes;
  size_t n;
  switch (a->kind) {
  case CU2CL_ARG_VALUE:
    bytes = a->value;
    n = a->size;
    break;
  case CU2CL_ARG_DEVPTR:
    p = *(void *const *)a->value;
    bytes = &p;
    n = sizeof p;
    break;
  case CU2CL_ARG_LOCAL:
    bytes = &a->size;
    n = sizeof a->size;
    break;
  case CU2CL_ARG_SYMBOL:
    *err = rt_symbol_storage(a->value, d, &p);
    bytes = &p;
    n = sizeof p;
    break;
  case CU2CL_ARG_DEVRT:
    *err = rt_devrt_block(d, &p);
    bytes = &p;
    n = sizeof p;
    break;
  default:
    return CL_INVALID_ARG_VALUE;
  }
  if (*err)
    return CL_INVALID_ARG_VALUE;
  rt_arg_memo *m = i < k->nmemo ? &k->memo[i] : NULL;
  if (m && m->set && m->kind == a->kind && m->size == n &&
      !memcmp(m->bytes, bytes, n))
    return CL_SUCCESS;
  cl_int st;
  switch (a->kind) {
  case CU2CL_ARG_VALUE:
    st = clSetKernelArg(k->kernel, i, a->size, a->value);
    break;
  case CU2CL_ARG_LOCAL:
    /* OpenCL rejects empty __local arguments; CUDA launches with 0 bytes of
     * dynamic shared memory are common and never touch it. */
    st = clSetKernelArg(k->kernel, i, a->size ? a->size : 4, NULL);
    break;
  default:
    /* NVIDIA rejects a NULL SVM pointer; a NULL buffer argument is the
     * OpenCL 1.2 way to pass a null __global pointer. */
    st = p ? clSetKernelArgSVMPointer(k->kernel, i, p)
           : clSetKernelArg(k->kernel, i, sizeof(cl_mem), NULL);
    break;
  }
  if (m) {
    m->set = st == CL_SUCCESS && n <= RT_MEMO_BYTES;
    if (m->set) {
      m->kind = a->kind;
      m->size = n;
      memcpy(m->bytes, bytes, n);
    }
  }
  return st;
}

/* ---- CU2CL_CHECK=1 ---- */

/* Why p, a pointer argument, is no live device pointer; NULL when it is
 * (or when it is one past the end of a block, which kernels get as an end
 * marker). */
static const char *rt_bad_pointer(const void *p, char *buf, size_t len) {
  rt_alloc a;
  rt_mem_find(p, &a);
  if (!a.base) { /* one past the end? */
    rt_mem_find((const char *)p - 1, &a);
    if (a.base && (const char *)p != a.base + a.size)
      memset(&a, 0, sizeof a);
  }
  if (a.base && rt_is_device_kind(a.kind))
    return NULL;
  if (a.base && a.kind == RT_MEM_REGISTERED && a.mapped)
    return NULL;
  if (a.base)
    snprintf(buf, len, "is host memory (%s) the device cannot reach",
             a.kind == RT_MEM_PINNED ? "cu2clMallocHost" : "cu2clHostRegister");
  else if (!rt_guard_explain(p, buf, len))
    snprintf(buf, len, "was never returned by the allocator (nor is it "
                       "inside a block it returned)");
  return buf;
}

static cu2clError_t rt_check_before(const cu2clKernelRef *ref,
                                    const cu2clArg *args, unsigned nargs) {
  for (unsigned i = 0; i < nargs; i++) {
    if (args[i].kind != CU2CL_ARG_DEVPTR)
      continue;
    const void *p = *(void *const *)args[i].value;
    char buf[200];
    const char *why = p ? rt_bad_pointer(p, buf, sizeof buf) : NULL;
    if (why) {
      rt_log_error("CU2CL_CHECK: kernel %s, argument %u: the pointer %p %s; "
                   "the launch fails (cudaErrorIllegalAddress)",
                   ref->name, i, p, why);
      return cu2clErrorIllegalAddress;
    }
  }
  return cu2clSuccess;
}

/* Waits for the launch on q, then checks the guard zones of its pointer
 * arguments' device allocations. */
static cu2clError_t rt_check_after(rt_device *d, const cu2clKernelRef *ref,
                                   const cu2clArg *args, unsigned nargs,
                                   cl_command_queue q, int watched) {
  if (watched) { /* rt_fault.h: a fault is the launch's error */
    cu2clError_t werr = rt_fault_wait(d, ref, args, nargs, q);
    if (werr == cu2clErrorIllegalAddress)
      return werr;
    if (werr != cu2clSuccess) {
      rt_log_error("kernel %s failed: %s", ref->name, cu2clGetErrorName(werr));
      return werr;
    }
  } else {
    cl_int st = clFinish(q);
    if (st != CL_SUCCESS) {
      rt_log_error("kernel %s failed: %s", ref->name, rt_cl_status_name(st));
      rt_fault_lost_kernel(d, st, ref->name);
      return rt_cl_error(st, cu2clErrorLaunchFailure);
    }
  }
  cu2clError_t err = cu2clSuccess;
  for (unsigned i = 0; i < nargs; i++) {
    rt_alloc a;
    if (args[i].kind != CU2CL_ARG_DEVPTR || !*(void *const *)args[i].value)
      continue;
    rt_mem_find(*(void *const *)args[i].value, &a);
    size_t first = 0, n = 0;
    if (a.base && a.kind == RT_MEM_DEVICE &&
        a.capacity >= a.size + RT_GUARD_BYTES)
      n = rt_guard_verify(d, a.base, a.size, &first);
    if (n) {
      rt_log_error("CU2CL_CHECK: kernel %s wrote past the end of argument %u "
                   "(a block of %zu bytes at %p): %zu of the %d bytes after "
                   "it changed, the first at byte %zu past the end "
                   "(cudaErrorIllegalAddress)",
                   ref->name, i, a.size, (void *)a.base, n, RT_GUARD_BYTES,
                   first);
      err = cu2clErrorIllegalAddress;
    }
  }
  return err;
}

/* A switch from the environment, read once: set, not empty and not "0". */
static int rt_env_switch(const char *name, int *value) {
  return rt_env_tristate(name, value) > 0;
}

static int rt_launch_blocking(void) {
  static int value = -2;
  return rt_env_switch("CU2CL_LAUNCH_BLOCKING", &value);
}

/* ---- CU2CL_KERNEL_TIMES=1: device time per kernel ------------------------
 *
 * Every launch gets an event; when it completes, its profiling start and
 * end are added to its kernel's row, and the table goes to stderr at exit
 * (kernels by total time, like nvprof's summary). NVIDIA's profilers do
 * not see OpenCL kernels, so this is how a port's kernel times are read
 * next to the original's. Launches still running at exit are not counted
 * (the table says how many). */
typedef struct rt_ktime {
  const char *name; /* the kernel reference's, static */
  unsigned long count;
  double total_us, min_us, max_us;
} rt_ktime;

static struct {
  pthread_mutex_t lock;
  rt_ktime *rows;
  size_t n, cap;
  unsigned long pending;
} g_ktimes = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0};

static int rt_kernel_times(void) {
  static int value = -2;
  return rt_env_switch("CU2CL_KERNEL_TIMES", &value);
}

static int rt_ktime_cmp(const void *a, const void *b) {
  double x = ((const rt_ktime *)a)->total_us, y = ((const rt_ktime *)b)->total_us;
  return (x < y) - (x > y);
}

static void rt_ktimes_print(void) {
  pthread_mutex_lock(&g_ktimes.lock);
  qsort(g_ktimes.rows, g_ktimes.n, sizeof *g_ktimes.rows, rt_ktime_cmp);
  double all = 0;
  for (size_t i = 0; i < g_ktimes.n; i++)
    all += g_ktimes.rows[i].total_us;
  fprintf(stderr, "cu2clrt: device time per kernel (CU2CL_KERNEL_TIMES)\n"
                  "  time %%    total us   launches    mean us     min us"
                  "     max us  kernel\n");
  for (size_t i = 0; i < g_ktimes.n; i++) {
    const rt_ktime *r = &g_ktimes.rows[i];
    fprintf(stderr, "  %6.1f %11.1f %10lu %10.2f %10.2f %10.2f  %s\n",
            all > 0 ? 100 * r->total_us / all : 0.0, r->total_us, r->count,
            r->total_us / r->count, r->min_us, r->max_us, r->name);
  }
  if (g_ktimes.pending)
    fprintf(stderr, "  (%lu launches had not completed at exit)\n",
            g_ktimes.pending);
  pthread_mutex_unlock(&g_ktimes.lock);
}

static void CL_CALLBACK rt_ktime_done(cl_event ev, cl_int status, void *data) {
  cl_ulong t0 = 0, t1 = 0;
  int ok = status == CL_COMPLETE &&
           clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0,
                                   &t0, NULL) == CL_SUCCESS &&
           clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1,
                                   &t1, NULL) == CL_SUCCESS;
  double us = ok ? (double)(t1 - t0) / 1e3 : 0;
  const char *name = data;
  pthread_mutex_lock(&g_ktimes.lock);
  g_ktimes.pending--;
  size_t i = 0;
  while (i < g_ktimes.n && g_ktimes.rows[i].name != name)
    i++;
  if (ok && i == g_ktimes.n && g_ktimes.n == g_ktimes.cap) {
    size_t cap = g_ktimes.cap ? 2 * g_ktimes.cap : 16;
    rt_ktime *rows = realloc(g_ktimes.rows, cap * sizeof *rows);
    if (rows) {
      g_ktimes.rows = rows;
      g_ktimes.cap = cap;
    }
  }
  if (ok && i == g_ktimes.n && g_ktimes.n < g_ktimes.cap)
    g_ktimes.rows[g_ktimes.n++] = (rt_ktime){name, 0, 0, us, us};
  if (ok && i < g_ktimes.n) {
    rt_ktime *r = &g_ktimes.rows[i];
    r->count++;
    r->total_us += us;
    r->min_us = us < r->min_us ? us : r->min_us;
    r->max_us = us > r->max_us ? us : r->max_us;
  }
  pthread_mutex_unlock(&g_ktimes.lock);
  clReleaseEvent(ev);
}

static void rt_ktime_watch(cl_event ev, const char *name) {
  static int registered;
  pthread_mutex_lock(&g_ktimes.lock);
  if (!registered)
    registered = atexit(rt_ktimes_print) == 0;
  g_ktimes.pending++;
  pthread_mutex_unlock(&g_ktimes.lock);
  if (clSetEventCallback(ev, CL_COMPLETE, rt_ktime_done, (void *)name) !=
      CL_SUCCESS) {
    pthread_mutex_lock(&g_ktimes.lock);
    g_ktimes.pending--;
    pthread_mutex_unlock(&g_ktimes.lock);
    clReleaseEvent(ev);
  }
}

/* A fresh kernel object when a pointer argument switches between an SVM
 * pointer and NULL; arguments are all set again by the caller anyway.
 * Caller holds k->lock. */
static cu2clError_t rt_refresh_kernel(const cu2clKernelRef *ref, rt_kernel *k,
                                      const cu2clArg *args, unsigned nargs) {
  unsigned long long svm = 0, null = 0;
  for (unsigned i = 0; i < nargs && i < 64; i++) {
    if (args[i].kind != CU2CL_ARG_DEVPTR)
      continue;
    if (*(void *const *)args[i].value)
      svm |= 1ull << i;
    else
      null |= 1ull << i;
  }
  if ((svm & k->null_args) || (null & k->svm_args)) {
    cl_program p;
    cl_int st = clGetKernelInfo(k->kernel, CL_KERNEL_PROGRAM, sizeof p, &p,
                                NULL);
    cl_kernel fresh = st == CL_SUCCESS ? clCreateKernel(p, ref->name, &st)
                                       : NULL;
    if (st != CL_SUCCESS) {
      rt_log_error("kernel %s: cannot recreate it (%s)", ref->name,
                   rt_cl_status_name(st));
      return rt_cl_error(st, cu2clErrorLaunchFailure);
    }
    clReleaseKernel(k->kernel); /* enqueued work keeps the old one alive */
    k->kernel = fresh;
    free(k->memo); /* it has no arguments yet */
    k->memo = NULL;
    k->nmemo = 0;
    rt_log_debug("kernel %s: recreated (a pointer argument changed between "
                 "NULL and an SVM pointer)",
                 ref->name);
  }
  k->svm_args = svm;
  k->null_args = null;
  return cu2clSuccess;
}

/* Caller holds k->lock. */
static cu2clError_t rt_set_args(rt_device *d, const cu2clKernelRef *ref,
                                rt_kernel *k, const cu2clArg *args,
                                unsigned nargs) {
  cu2clError_t rerr = rt_refresh_kernel(ref, k, args, nargs);
  if (rerr != cu2clSuccess)
    return rerr;
  if (!k->memo && nargs) {
    k->memo = calloc(nargs, sizeof *k->memo);
    k->nmemo = k->memo ? nargs : 0;
  }
  for (unsigned i = 0; i < nargs; i++) {
    cu2clError_t err = cu2clSuccess;
    cl_int st = rt_set_arg(d, k, i, &args[i], &err);
    if (st != CL_SUCCESS) {
      rt_log_error("kernel %s: argument %u (kind %d, %zu bytes) rejected: %s",
                   ref->name, i, args[i].kind, args[i].size,
                   rt_cl_status_name(st));
      return err ? err : cu2clErrorInvalidValue;
    }
  }
  return cu2clSuccess;
}

static cu2clError_t rt_enqueue_error(const cu2clKernelRef *ref, cl_int st) {
  /* Always said: CUDA programs seldom check a launch, and a launch the
   * device refuses computes nothing. */
  if (st == CL_OUT_OF_RESOURCES)
    rt_log_error("kernel %s: the device refused the launch (%s): the block "
                 "needs more registers or local memory than it has",
                 ref->name, rt_cl_status_name(st));
  else
    rt_log_error("kernel %s: the device refused the launch (%s)", ref->name,
                 rt_cl_status_name(st));
  switch (st) {
  case CL_INVALID_WORK_GROUP_SIZE:
  case CL_INVALID_WORK_ITEM_SIZE:
  case CL_INVALID_GLOBAL_WORK_SIZE:
    return cu2clErrorInvalidConfiguration;
  case CL_INVALID_KERNEL_ARGS:
    return cu2clErrorInvalidValue;
  default:
    return rt_cl_error(st, cu2clErrorLaunchFailure);
  }
}

/* The sized kernel for a launch whose last argument is the translator's
 * dynamic shared memory, with the other arguments in *sized (the array is
 * in the kernel now); else NULL, and the launch goes as is. */
static rt_kernel *rt_sized_kernel(rt_device *d, const cu2clKernelRef *ref,
                                  rt_kernel *k, const cu2clArg *args,
                                  unsigned nargs, cu2clArg *sized) {
  if (!k->sized_shared || nargs == 0 || nargs > 64 ||
      args[nargs - 1].kind != CU2CL_ARG_LOCAL || args[nargs - 1].size == 0 ||
      !rt_sized_shared_on(d))
    return NULL;
  size_t units = (args[nargs - 1].size + 15) / 16;
  pthread_mutex_lock(&k->lock);
  int known = k->sized_units == units;
  rt_kernel *sk = k->sized_kernel;
  pthread_mutex_unlock(&k->lock);
  if (!known) {
    cu2clError_t err =
        rt_kernel_get_sized((cu2clKernelRef *)ref, d, units, &sk);
    if (err == cu2clErrorNotReady)
      return NULL; /* building: the general kernel, and ask again next time */
    if (err != cu2clSuccess) {
      rt_log_debug("kernel %s: no program for %zu bytes of dynamic shared "
                   "memory (%s); the general kernel runs",
                   ref->name, units * 16, cu2clGetErrorName(err));
      sk = NULL;
    } else {
      rt_log_debug("kernel %s: its program for %zu bytes of dynamic shared "
                   "memory runs from here on", ref->name, units * 16);
    }
    pthread_mutex_lock(&k->lock);
    k->sized_units = units;
    k->sized_kernel = sk; /* NULL: this size runs the general kernel */
    pthread_mutex_unlock(&k->lock);
  }
  /* Its parameter is gone (the array took its place): one argument fewer.
   * A source of another shape runs the general kernel. */
  if (!sk || sk->nargs != nargs - 1)
    return NULL;
  memcpy(sized, args, (nargs - 1) * sizeof *args);
  return sk;
}

/* The enqueue itself, under k->lock (held by the caller). A kernel that
 * syncs the grid waits for the device's previous one (rt_devrt.h) and is
 * flushed at once, since the next may wait for it from another queue. *ev
 * gets the launch's event when ev is not NULL or the kernel syncs the grid
 * (the caller releases it); the grid lock is held from before until
 * rt_enqueue_done. */
static cl_int rt_enqueue_kernel(rt_device *d, rt_kernel *k, cl_command_queue q,
                                cl_uint dims, const size_t global[3],
                                const size_t local[3], cl_event *ev) {
  if (!k->grid)
    return clEnqueueNDRangeKernel(q, k->kernel, dims, NULL, global, local, 0,
                                  NULL, ev);
  cl_event before = rt_devrt_grid_lock(d);
  cl_int st =
      clEnqueueNDRangeKernel(q, k->kernel, dims, NULL, global, local,
                             before ? 1 : 0, before ? &before : NULL, ev);
  if (st == CL_SUCCESS)
    clFlush(q);
  return st;
}

/* After rt_enqueue_kernel: records a grid-syncing launch and drops the
 * grid lock; then watches or releases the event. */
static void rt_enqueue_done(rt_device *d, const cu2clKernelRef *ref,
                            const rt_kernel *k, cl_int st, cl_event ev) {
  if (k->grid)
    rt_devrt_grid_unlock(d, st == CL_SUCCESS ? ev : NULL);
  if (ev && st == CL_SUCCESS && rt_kernel_times())
    rt_ktime_watch(ev, ref->name); /* releases it */
  else if (ev)
    clReleaseEvent(ev);
}

cu2clError_t rt_launch_enqueue(rt_device *d, const cu2clKernelRef *ref,
                               rt_kernel *k, dim3 grid, dim3 block,
                               const cu2clArg *args, unsigned nargs,
                               cl_command_queue q) {
  cu2clArg sized_args[64];
  if (q && rt_guard_on())
    RT_TRY(rt_check_before(ref, args, nargs));
  /* from before the enqueue: a CPU device may run the kernel at once */
  int watched = q && rt_guard_on() && rt_fault_watch(d);
  const cu2clArg *given = args;
  unsigned given_n = nargs;
  /* for the launch record: dynamic shared memory a program can build in */
  size_t units = k->sized_shared && nargs &&
                         args[nargs - 1].kind == CU2CL_ARG_LOCAL
                     ? (args[nargs - 1].size + 15) / 16
                     : 0;
  rt_kernel *sk = q ? rt_sized_kernel(d, ref, k, args, nargs, sized_args)
                    : NULL;
  if (sk) {
    k = sk;
    args = sized_args;
    nargs--;
  }
  size_t local[3] = {block.x, block.y, block.z};
  size_t global[3] = {(size_t)grid.x * block.x, (size_t)grid.y * block.y,
                      (size_t)grid.z * block.z};
  cl_uint dims = (grid.z > 1 || block.z > 1)   ? 3
                 : (grid.y > 1 || block.y > 1) ? 2
                                               : 1;
  if (q && rt_record_on())
    rt_record_launch(ref, global, local, units);
  pthread_mutex_lock(&k->lock);
  cu2clError_t err = rt_warp_check(d, ref, k, dims, local);
  if (err == cu2clSuccess)
    err = rt_set_args(d, ref, k, args, nargs);
  cl_int st = CL_SUCCESS;
  cl_event ev = NULL, *evp = rt_kernel_times() || k->grid ? &ev : NULL;
  int enqueued = err == cu2clSuccess && q;
  if (enqueued)
    st = rt_enqueue_kernel(d, k, q, dims, global, local, evp);
  pthread_mutex_unlock(&k->lock);
  if (enqueued)
    rt_enqueue_done(d, ref, k, st, ev);
  if (err == cu2clSuccess && st != CL_SUCCESS)
    err = rt_enqueue_error(ref, st);
  if (err == cu2clSuccess && q && rt_guard_on())
    return rt_check_after(d, ref, given, given_n, q, watched);
  if (watched)
    rt_fault_unwatch();
  if (err == cu2clSuccess && q && rt_launch_blocking()) {
    /* CU2CL_LAUNCH_BLOCKING=1, like CUDA_LAUNCH_BLOCKING: wait for each
     * launch so a failing kernel is named at its launch. */
    st = clFinish(q);
    if (st != CL_SUCCESS) {
      rt_log_error("kernel %s failed: %s", ref->name, rt_cl_status_name(st));
      rt_fault_lost_kernel(d, st, ref->name);
      err = rt_cl_error(st, cu2clErrorLaunchFailure);
    }
  }
  return err;
}

cu2clError_t cu2clLaunchKernel(cu2clKernelRef *kernel, dim3 grid, dim3 block,
                               size_t shared_mem, cu2clStream_t stream,
                               const cu2clArg *args, unsigned nargs) {
  RT_CHECK(kernel != NULL && kernel->program != NULL && kernel->name != NULL,
           cu2clErrorInvalidDeviceFunction);
  RT_CHECK(nargs == 0 || args != NULL, cu2clErrorInvalidValue);
  rt_device *d;
  rt_kernel *k;
  cl_command_queue q;
  RT_TRY(rt_device_current(&d));
  RT_TRY(rt_kernel_get(kernel, d, &k));
  RT_TRY(rt_launch_check(d, kernel, k, grid, block, shared_mem, nargs));
  if (k->grid) /* its grid syncs wait for every block */
    RT_TRY(rt_launch_coresident(d, kernel, k, grid, block, shared_mem));
  if (rt_graph_capturing(stream)) {
    /* Stream capture: check the arguments as a launch would, then record
     * the launch instead of enqueueing it (rt_graph.h). */
    RT_TRY(rt_launch_enqueue(d, kernel, k, grid, block, args, nargs, NULL));
    return rt_fail(
        rt_graph_record_kernel(stream, d, kernel, grid, block, args, nargs));
  }
  RT_TRY(rt_stream_acquire(stream, d, &q));
  RT_TRY(rt_managed_to_device(d));
  return rt_fail(rt_launch_enqueue(d, kernel, k, grid, block, args, nargs, q));
}
