/*
 * rt_prebuild: building a program ahead of a port's first run
 * (cu2clrt_prebuild.h).
 *
 * A build ahead does what a run's first launches do, through the same
 * functions (rt_program_built, rt_kernel_get, rt_kernel_get_sized), so it
 * builds exactly what a run looks up: the same source, options, cache key
 * and store for each device. What a launch compiles beyond the program is
 * driver-specific: PoCL compiles a work-group function per kernel, block
 * and grid class at a kernel's first enqueue of that shape, into its own
 * kernel cache (about 0.3 s each on the development VM, as much as the
 * program itself for fv-euler's seven kernels). A build ahead cannot
 * enqueue a kernel without running it, so it asks PoCL for the program's
 * binaries with POCL_BINARY_SPECIALIZE_WG listing the recorded shapes:
 * PoCL then compiles every kernel's generic work-group function and one per
 * listed shape, the latter under the same cache names a launch looks up
 * (lib/CL/devices/common_driver.c, pocl_driver_build_poclbinary, PoCL 3.1).
 * PoCL keeps one loaded work-group function per kernel and block in a
 * process whatever the grid class, so one process builds one class of a
 * block: CU2CL_PREBUILD_GRID=small|large lists only the shapes of that
 * class (cu2cl-prebuild runs a process for each).
 */
#include "cu2clrt_prebuild.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_algo.h"
#include "rt_device.h"
#include "rt_error.h"
#include "rt_program.h"
#include "rt_record.h"
#include "rt_source.h"

/* Kernel references standing for the generated ones: the runtime's kernel
 * state points at them, so they live until the process ends, as generated
 * references do. */
typedef struct rt_prebuilt_ref {
  struct rt_prebuilt_ref *next;
  cu2clKernelRef ref;
  char name[];
} rt_prebuilt_ref;

static struct {
  pthread_mutex_t lock;
  rt_prebuilt_ref *refs;
  char *pocl_shapes; /* POCL_BINARY_SPECIALIZE_WG as set (malloc'd) */
} g_pre = {PTHREAD_MUTEX_INITIALIZER, NULL, NULL};

static cu2clKernelRef *rt_prebuild_ref(cu2clProgram *prog, const char *name) {
  pthread_mutex_lock(&g_pre.lock);
  rt_prebuilt_ref *r = g_pre.refs;
  while (r && !(r->ref.program == prog && !strcmp(r->name, name)))
    r = r->next;
  if (!r && (r = calloc(1, sizeof *r + strlen(name) + 1)) != NULL) {
    strcpy(r->name, name);
    r->ref.program = prog;
    r->ref.name = r->name;
    r->next = g_pre.refs;
    g_pre.refs = r;
  }
  pthread_mutex_unlock(&g_pre.lock);
  return r ? &r->ref : NULL;
}

/* Has PoCL compile p's work-group functions for the shapes set in its
 * option (rt_prebuild_pocl_option), by asking for p's binaries. */
static cu2clError_t rt_pocl_wg_functions(const rt_device *d, cl_program p) {
  size_t size = 0;
  cl_int st =
      clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL);
  unsigned char *bin = st == CL_SUCCESS ? malloc(size ? size : 1) : NULL;
  if (st == CL_SUCCESS && !bin)
    st = CL_OUT_OF_HOST_MEMORY;
  if (bin)
    st = clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
  free(bin);
  if (st != CL_SUCCESS) {
    rt_log_error("building work-group functions ahead on %s failed (%s)",
                 d->name, rt_cl_status_name(st));
    return rt_cl_error(st, cu2clErrorInvalidKernelImage);
  }
  return cu2clSuccess;
}

/* Sets PoCL's option to the shapes, once per process (PoCL keeps the first
 * value it reads). Returns 0 when the shapes are in the value in force. */
static int rt_prebuild_pocl_option(const rt_launch_shape *s, size_t n) {
  char *want = rt_record_pocl_shapes(s, n, getenv("CU2CL_PREBUILD_GRID"));
  int ok = want != NULL;
  pthread_mutex_lock(&g_pre.lock);
  if (want && !g_pre.pocl_shapes) {
    setenv("POCL_BINARY_SPECIALIZE_WG", want, 1);
    g_pre.pocl_shapes = want;
    want = NULL;
  } else if (want) {
    ok = !strcmp(want, g_pre.pocl_shapes);
  }
  pthread_mutex_unlock(&g_pre.lock);
  if (!ok && want)
    rt_log_error("work-group functions for %s not built ahead: PoCL took "
                 "the list of an earlier program of this process",
                 want);
  free(want);
  return ok ? 0 : -1;
}

/* What the first launch of shape s builds on d; *p gets the program of its
 * kernel. */
static cu2clError_t rt_prebuild_shape(cu2clProgram *prog, rt_device *d,
                                      const rt_launch_shape *s, cl_program *p) {
  cu2clKernelRef *ref = rt_prebuild_ref(prog, s->kernel);
  rt_kernel *k, *sk;
  if (!ref)
    return cu2clErrorMemoryAllocation;
  RT_TRY(rt_kernel_get(ref, d, &k));
  *p = NULL;
  clGetKernelInfo(k->kernel, CL_KERNEL_PROGRAM, sizeof *p, p, NULL);
  if (s->units && k->sized_shared && rt_sized_shared_on(d)) {
    cu2clError_t err = rt_kernel_get_sized(ref, d, s->units, &sk);
    if (err != cu2clSuccess && err != cu2clErrorNotReady)
      rt_log_debug("prebuild: kernel %s has no program for %zu units of "
                   "dynamic shared memory (%s)",
                   s->kernel, s->units, cu2clGetErrorName(err));
  }
  return cu2clSuccess;
}

static cu2clError_t rt_prebuild_device(cu2clProgram *prog, rt_device *d,
                                       const rt_launch_shape *s, size_t n) {
  cl_program whole, *programs = calloc(n + 1, sizeof *programs);
  size_t np = 0;
  cu2clError_t err = programs ? rt_device_open(d) : cu2clErrorMemoryAllocation;
  if (err == cu2clSuccess)
    err = rt_program_built(prog, d, &whole);
  for (size_t i = 0; i < n && err == cu2clSuccess; i++) {
    cl_program p;
    if (!rt_has_kernel(prog->source, s[i].kernel)) {
      rt_log_error("prebuild: the launch record names kernel %s, which %s "
                   "does not define; skipped",
                   s[i].kernel, prog->name);
      continue;
    }
    err = rt_prebuild_shape(prog, d, &s[i], &p);
    size_t j = 0;
    while (j < np && programs[j] != p)
      j++;
    if (err == cu2clSuccess && p && j == np)
      programs[np++] = p;
  }
  cu2clWaitSizedBuilds();
  if (err == cu2clSuccess && d->is_pocl && np &&
      rt_prebuild_pocl_option(s, n) == 0)
    for (size_t j = 0; j < np && err == cu2clSuccess; j++)
      err = rt_pocl_wg_functions(d, programs[j]);
  free(programs);
  return err;
}

cu2clProgram *cu2clRuntimeProgram(int i) {
  return rt_algo_program(i);
}

cu2clError_t cu2clPrebuild(cu2clProgram *program, const char *launches) {
  RT_CHECK(program != NULL && program->source != NULL, cu2clErrorInvalidValue);
  rt_launch_shape *shapes = NULL;
  size_t n = 0;
  if (launches && rt_record_read(launches, &shapes, &n) != 0) {
    rt_log_error("cannot read the launch record %s", launches);
    return rt_fail(cu2clErrorInvalidValue);
  }
  int count = rt_device_count();
  cu2clError_t err = count ? cu2clSuccess : cu2clErrorNoDevice;
  for (int i = 0; i < count && err == cu2clSuccess; i++) {
    rt_device *d;
    err = rt_device_get(i, &d);
    if (err == cu2clSuccess)
      err = rt_prebuild_device(program, d, shapes, n);
  }
  free(shapes);
  return rt_fail(err);
}
