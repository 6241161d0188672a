/*
 * raw_floor: the raw-OpenCL floor of the seed samples' short-kernel
 * figures. It runs the port's own kernels, from the port's .cl with the
 * options cu2clrt built it with (CU2CL_DEBUG=1 prints them), the way a
 * person writing OpenCL by hand would, with nothing of cu2clrt in between:
 *
 *   raw_floor jacobi FILE.cl OPTIONS [SWEEPS]
 *   raw_floor fv FILE.cl OPTIONS P PATCHES [STEPS]
 *   raw_floor fvbatch FILE.cl OPTIONS P PATCHES [STEPS]
 *   raw_floor compact FILE.cl OPTIONS ALGO.cl ALGO_OPTIONS N BLOCK [REPS]
 *   raw_floor reduce FILE.cl OPTIONS int|float|double N [REPS] [MAXTHREADS]
 *
 * jacobi: the Jacobi sample's sweep as its "plain" path makes it (zero the
 *   8-byte sum, JacobiMethod on 512 rows, 64 blocks of 256, copy the sum
 *   back into page-locked memory, wait), x and x_new swapped each sweep.
 *   Prints the median and the mean wall time per sweep in microseconds.
 * fv: fv-euler's patch-wise step: a kernel before the timed region (the
 *   sample's fillPatches; here patchwiseUpdate itself), then what the
 *   sample times between two CUDA events: patchwiseUpdate on PATCHES
 *   blocks of (P+2)^2 work-items, then a blocking read of the eigenvalues.
 *   Prints, in microseconds per step (median over STEPS): "events", the
 *   time between two markers around the kernel (what CUDA events recorded
 *   as markers measure, as cu2clrt's do), and "kernel", the kernel's own
 *   start to end from its profiling event (how OpenCL code usually times
 *   a kernel).
 * fvbatch: fv-euler's batched step as the sample's runGpu issues it:
 *   the sample's fillPatches before the timed region (its Grid from the
 *   sample's factorPatches), then between two markers batchedCopy,
 *   batchedFluxX, batchedFluxY, batchedUpdate (blocks of 128 over the
 *   volumes each covers) and batchedMaxEigenvalue (PATCHES blocks of 128),
 *   then a blocking read of the eigenvalues, whose maximum sets
 *   the next step's dt. Prints "events" as fv does (steps launched without
 *   an event per kernel, as cu2clrt launches) and "kernels", the sum of the
 *   five kernels' own times (as many other steps, each kernel with its
 *   profiling event; medians over STEPS, microseconds).
 * compact: the compaction sample's timed loop on int input (about half of
 *   it positive, as the sample's) between two markers, as the sample's
 *   CUDA events: REPS times computeBlockCounts, an exclusive scan of the
 *   block counts with cu2clrt's own kernels (ALGO.cl: runtime/src/rt_algo.cl;
 *   ALGO_OPTIONS: what cu2clrt built it with, with "-D ALGO_TYPE=0"), then
 *   compactK. The scan takes cu2clrt's path: one work-group for at most 4
 *   tiles of 1024 counts, else reduce, scan of the partials, scan of the
 *   chunks. Once with a wait after each scan (Thrust's exclusive_scan waits
 *   for its stream, and so does the port's), once without. Prints Gelem/s
 *   (medians of 5 rounds) and checks the output.
 * reduce: the reduction sample's gpuReduce for kernels 3-7 on its own input
 *   (fillInput): passes shaped by launchShape (MAXTHREADS threads, 256 by
 *   default; grid-stride kernels at most compute units * (max(2048, the
 *   largest work-group) / MAXTHREADS) blocks, the sample's maxBlocks from
 *   cu2clrt's properties), the instance the sample's switch picks (the
 *   translator names it reduce6_int_256_true), until one value is left.
 *   Timed as the sample's timeMs: one call, a marker, REPS calls (3 by
 *   default), a marker. Prints ms per reduction and GB/s of input, and
 *   checks the sum against a host sum (exact for int, else the sample's
 *   error bound). RAW_SIZED=1 builds each kernel with its dynamic shared
 *   memory as a static array (-D CU2CL_DYNAMIC_SHARED_UNITS), one program
 *   per size, as cu2clrt does on NVIDIA.
 *
 * Device memory is OpenCL buffers; RAW_SVM=1 uses coarse-grained SVM
 * instead, as cu2clrt does. The device: the first GPU, else the first
 * device; RAW_PLATFORM=substring picks a platform by name. Data: a
 * diagonally dominant system for Jacobi (no infinities: a CPU device slows
 * down on them), constants for fv, a uniform flow for fvbatch (rho 1,
 * u 0.5, v -0.25, p 1: it prints the eigenvalue, 0.5 + sqrt(1.4)). Not a
 * test: a benchmark for docs/performance.md.
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(x)                                                               \
  do {                                                                         \
    cl_int st_ = (x);                                                          \
    if (st_ != CL_SUCCESS) {                                                   \
      fprintf(stderr, "raw_floor: %s failed (%d) at line %d\n", #x, st_,       \
              __LINE__);                                                       \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

typedef struct ctx {
  cl_context c;
  cl_device_id d;
  cl_command_queue q;
  cl_program p;
  int svm;
} ctx;

/* A device allocation: a buffer, or an SVM pointer. */
typedef struct mem {
  cl_mem buf;
  void *svm;
  size_t size;
} mem;

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "raw_floor: cannot read %s\n", path);
    exit(2);
  }
  s[n] = 0;
  fclose(f);
  return s;
}

static cl_device_id pick_device(void) {
  cl_platform_id plats[16];
  cl_uint np = 0;
  CHECK(clGetPlatformIDs(16, plats, &np));
  const char *want = getenv("RAW_PLATFORM");
  cl_device_id any = NULL;
  for (cl_uint i = 0; i < np && i < 16; i++) {
    char name[256] = "";
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (want && *want && !strstr(name, want))
      continue;
    cl_device_id d;
    if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &d, NULL) == CL_SUCCESS)
      return d;
    if (!any &&
        clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &d, NULL) == CL_SUCCESS)
      any = d;
  }
  if (!any) {
    fprintf(stderr, "raw_floor: no OpenCL device\n");
    exit(2);
  }
  return any;
}

static cl_program build(ctx *x, const char *cl, const char *options) {
  cl_int st;
  char *src = read_file(cl);
  const char *srcs[] = {src};
  cl_program p = clCreateProgramWithSource(x->c, 1, srcs, NULL, &st);
  CHECK(st);
  if (clBuildProgram(p, 1, &x->d, options, NULL, NULL) != CL_SUCCESS) {
    static char log[1 << 16];
    clGetProgramBuildInfo(p, x->d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "raw_floor: build of %s failed:\n%s\n", cl, log);
    exit(2);
  }
  free(src);
  return p;
}

static void setup(ctx *x, const char *cl, const char *options) {
  cl_int st;
  x->d = pick_device();
  x->c = clCreateContext(NULL, 1, &x->d, NULL, NULL, &st);
  CHECK(st);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE,
                                 0};
  x->q = clCreateCommandQueueWithProperties(x->c, x->d, props, &st);
  CHECK(st);
  x->p = build(x, cl, options);
  const char *svm = getenv("RAW_SVM");
  x->svm = svm && !strcmp(svm, "1");
  char name[256] = "";
  clGetDeviceInfo(x->d, CL_DEVICE_NAME, sizeof name, name, NULL);
  printf("device: %s; memory: %s\n", name, x->svm ? "SVM" : "buffers");
}

/* size bytes, every float (or double) set to value. */
static mem mem_new(ctx *x, size_t size, double value, int is_double) {
  mem m = {NULL, NULL, size};
  cl_int st;
  if (x->svm) {
    m.svm = clSVMAlloc(x->c, CL_MEM_READ_WRITE, size, 0);
    if (!m.svm) {
      fprintf(stderr, "raw_floor: clSVMAlloc of %zu bytes failed\n", size);
      exit(2);
    }
  } else {
    m.buf = clCreateBuffer(x->c, CL_MEM_READ_WRITE, size, NULL, &st);
    CHECK(st);
  }
  float f = (float)value;
  const void *pat = is_double ? (const void *)&value : (const void *)&f;
  size_t psize = is_double ? sizeof value : sizeof f;
  if (x->svm)
    CHECK(clEnqueueSVMMemFill(x->q, m.svm, pat, psize, size, 0, NULL, NULL));
  else
    CHECK(clEnqueueFillBuffer(x->q, m.buf, pat, psize, 0, size, 0, NULL, NULL));
  CHECK(clFinish(x->q));
  return m;
}

static void mem_write(ctx *x, const mem *m, const void *host, size_t size) {
  if (x->svm)
    CHECK(clEnqueueSVMMemcpy(x->q, CL_TRUE, m->svm, host, size, 0, NULL, NULL));
  else
    CHECK(clEnqueueWriteBuffer(x->q, m->buf, CL_TRUE, 0, size, host, 0, NULL,
                               NULL));
}

static void mem_arg(ctx *x, cl_kernel k, cl_uint i, const mem *m) {
  if (x->svm)
    CHECK(clSetKernelArgSVMPointer(k, i, m->svm));
  else
    CHECK(clSetKernelArg(k, i, sizeof m->buf, &m->buf));
}

static void mem_zero(ctx *x, const mem *m, size_t size) {
  double zero = 0;
  if (x->svm)
    CHECK(clEnqueueSVMMemFill(x->q, m->svm, &zero, sizeof zero, size, 0, NULL,
                              NULL));
  else
    CHECK(clEnqueueFillBuffer(x->q, m->buf, &zero, sizeof zero, 0, size, 0,
                              NULL, NULL));
}

static void mem_read(ctx *x, const mem *m, void *host, size_t size,
                     cl_bool blocking) {
  if (x->svm)
    CHECK(
        clEnqueueSVMMemcpy(x->q, blocking, host, m->svm, size, 0, NULL, NULL));
  else
    CHECK(clEnqueueReadBuffer(x->q, m->buf, blocking, 0, size, host, 0, NULL,
                              NULL));
}

/* Page-locked host memory the way OpenCL gives it: a mapped
 * CL_MEM_ALLOC_HOST_PTR buffer. */
static void *pinned(ctx *x, size_t size) {
  cl_int st;
  cl_mem b = clCreateBuffer(x->c, CL_MEM_ALLOC_HOST_PTR, size, NULL, &st);
  CHECK(st);
  void *p = clEnqueueMapBuffer(x->q, b, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                               size, 0, NULL, NULL, &st);
  CHECK(st);
  return p;
}

static cl_kernel kernel_of(cl_program p, const char *name) {
  cl_int st;
  cl_kernel k = clCreateKernel(p, name, &st);
  CHECK(st);
  return k;
}

static cl_kernel kernel(ctx *x, const char *name) {
  return kernel_of(x->p, name);
}

static double profiled(cl_event e, cl_profiling_info what) {
  cl_ulong v = 0;
  CHECK(clGetEventProfilingInfo(e, what, sizeof v, &v, NULL));
  return (double)v / 1e3;
}

enum { N_ROWS = 512, ROWS_PER_CTA = 8, JACOBI_THREADS = 256 };

static void run_jacobi(ctx *x, int sweeps) {
  mem A = mem_new(x, sizeof(float) * N_ROWS * N_ROWS, 1.0, 0);
  float *h_A = malloc(sizeof(float) * N_ROWS * N_ROWS);
  for (int i = 0; i < N_ROWS * N_ROWS; i++) /* diagonally dominant */
    h_A[i] = i / N_ROWS == i % N_ROWS ? 2.0f * N_ROWS : 1.0f;
  mem_write(x, &A, h_A, sizeof(float) * N_ROWS * N_ROWS);
  free(h_A);
  mem b = mem_new(x, sizeof(double) * N_ROWS, 1.0, 1);
  mem xs[2] = {mem_new(x, sizeof(double) * N_ROWS, 0.0, 1),
               mem_new(x, sizeof(double) * N_ROWS, 0.0, 1)};
  mem sum = mem_new(x, sizeof(double), 0.0, 1);
  double *h_sum = pinned(x, sizeof(double));
  cl_kernel k = kernel(x, "JacobiMethod");
  mem_arg(x, k, 0, &A);
  mem_arg(x, k, 1, &b);
  mem_arg(x, k, 4, &sum);
  size_t local = JACOBI_THREADS,
         global = (size_t)(N_ROWS / ROWS_PER_CTA) * JACOBI_THREADS;
  double *t = malloc(sizeof *t * (size_t)sweeps), total = 0,
         *kt = malloc(sizeof *kt * (size_t)sweeps);
  for (int i = -10; i < sweeps; i++) { /* 10 unmeasured */
    cl_event ke;
    double t0 = now_us();
    mem_zero(x, &sum, sizeof(double));
    mem_arg(x, k, 2, &xs[i & 1]);
    mem_arg(x, k, 3, &xs[!(i & 1)]);
    CHECK(clEnqueueNDRangeKernel(x->q, k, 1, NULL, &global, &local, 0, NULL,
                                 &ke));
    mem_read(x, &sum, h_sum, sizeof(double), CL_FALSE);
    CHECK(clFinish(x->q));
    if (i >= 0) {
      total += t[i] = now_us() - t0;
      kt[i] = profiled(ke, CL_PROFILING_COMMAND_END) -
              profiled(ke, CL_PROFILING_COMMAND_START);
    }
    clReleaseEvent(ke);
  }
  printf("jacobi (N_ROWS=512) raw sweep: median %.2f us, mean %.2f us over "
         "%d sweeps; kernel median %.2f us\n",
         median(t, sweeps), total / sweeps, sweeps, median(kt, sweeps));
  free(t);
  free(kt);
}

enum { KN = 4 };

static void run_fv(ctx *x, int p, int patches, int steps) {
  size_t w = (size_t)p + 2, cells = w * w * (size_t)patches;
  mem qin = mem_new(x, cells * KN * sizeof(double), 1.0, 1);
  mem qout = mem_new(x, cells * KN * sizeof(double), 1.0, 1);
  mem eig = mem_new(x, (size_t)patches * sizeof(double), 0.0, 1);
  double *h_eig = pinned(x, (size_t)patches * sizeof(double));
  cl_kernel k = kernel(x, "patchwiseUpdate");
  cl_uint nargs = 0;
  CHECK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
  double dt = 1e-3;
  mem_arg(x, k, 0, &qin);
  mem_arg(x, k, 1, &qout);
  mem_arg(x, k, 2, &eig);
  CHECK(clSetKernelArg(k, 3, sizeof p, &p));
  CHECK(clSetKernelArg(k, 4, sizeof dt, &dt));
  if (nargs > 5) /* the general program: dynamic shared memory */
    CHECK(clSetKernelArg(k, 5, w * w * (3 * KN + 3) * sizeof(double), NULL));
  size_t local[2] = {w, w}, global[2] = {w * (size_t)patches, w};
  double *ev = malloc(sizeof *ev * (size_t)steps),
         *kt = malloc(sizeof *kt * (size_t)steps);
  for (int i = -10; i < steps; i++) {
    cl_event m0, m1, ke;
    CHECK(clEnqueueNDRangeKernel(x->q, k, 2, NULL, global, local, 0, NULL,
                                 NULL)); /* the work before the region */
    CHECK(clEnqueueMarkerWithWaitList(x->q, 0, NULL, &m0));
    CHECK(
        clEnqueueNDRangeKernel(x->q, k, 2, NULL, global, local, 0, NULL, &ke));
    CHECK(clEnqueueMarkerWithWaitList(x->q, 0, NULL, &m1));
    mem_read(x, &eig, h_eig, (size_t)patches * sizeof(double), CL_TRUE);
    if (i >= 0) {
      ev[i] = profiled(m1, CL_PROFILING_COMMAND_END) -
              profiled(m0, CL_PROFILING_COMMAND_END);
      kt[i] = profiled(ke, CL_PROFILING_COMMAND_END) -
              profiled(ke, CL_PROFILING_COMMAND_START);
    }
    clReleaseEvent(m0);
    clReleaseEvent(m1);
    clReleaseEvent(ke);
  }
  printf("fv p=%d T=%d raw patch-wise step: events %.2f us, kernel %.2f us "
         "(medians of %d)\n",
         p, patches, median(ev, steps), median(kt, steps), steps);
  free(ev);
  free(kt);
}

/* fv-euler's batched kernels: blocks of kBatchThreads; fillPatches's Grid
 * is {p, px, py}, px the largest divisor of PATCHES up to its square root
 * (the sample's factorPatches). */
enum { BATCH = 128 };

/* blocksFor(threads) blocks of BATCH, in work-items */
static size_t batch_items(size_t threads) {
  return (threads + BATCH - 1) / BATCH * BATCH;
}

static void run_fvbatch(ctx *x, int p, int patches, int steps) {
  size_t w = (size_t)p + 2, halo = w * w * (size_t)patches,
         interior = (size_t)p * p * (size_t)patches;
  mem qint = mem_new(x, interior * KN * sizeof(double), 0.0, 1);
  double *h_q = malloc(interior * KN * sizeof(double));
  for (size_t v = 0; v < interior; v++) { /* rho 1, u 0.5, v -0.25, p 1 */
    double q[KN] = {1.0, 0.5, -0.25, 1.0 / 0.4 + 0.5 * (0.25 + 0.0625)};
    memcpy(&h_q[v * KN], q, sizeof q);
  }
  mem_write(x, &qint, h_q, interior * KN * sizeof(double));
  free(h_q);
  mem qin = mem_new(x, halo * KN * sizeof(double), 1.0, 1);
  mem fx = mem_new(x, halo * KN * sizeof(double), 0.0, 1);
  mem fy = mem_new(x, halo * KN * sizeof(double), 0.0, 1);
  mem lx = mem_new(x, halo * sizeof(double), 0.0, 1);
  mem ly = mem_new(x, halo * sizeof(double), 0.0, 1);
  mem eig = mem_new(x, (size_t)patches * sizeof(double), 0.0, 1);
  double *h_eig = pinned(x, (size_t)patches * sizeof(double));
  cl_int grid[3] = {p, 1, patches}; /* Grid {p, px, py} */
  for (int d = 1; d * d <= patches; d++)
    if (patches % d == 0)
      grid[1] = d;
  grid[2] = patches / grid[1];
  cl_kernel fill = kernel(x, "fillPatches");
  mem_arg(x, fill, 0, &qint);
  mem_arg(x, fill, 1, &qin);
  CHECK(clSetKernelArg(fill, 2, sizeof grid, grid));
  CHECK(clSetKernelArg(fill, 3, sizeof patches, &patches));
  cl_kernel ks[5] = {kernel(x, "batchedCopy"), kernel(x, "batchedFluxX"),
                     kernel(x, "batchedFluxY"), kernel(x, "batchedUpdate"),
                     kernel(x, "batchedMaxEigenvalue")};
  mem_arg(x, ks[0], 0, &qin); /* batchedCopy(Qin, Qint, p, T) */
  mem_arg(x, ks[0], 1, &qint);
  CHECK(clSetKernelArg(ks[0], 2, sizeof p, &p));
  CHECK(clSetKernelArg(ks[0], 3, sizeof patches, &patches));
  for (int i = 1; i <= 2; i++) { /* batchedFlux?(Qin, F, L, p, T) */
    mem_arg(x, ks[i], 0, &qin);
    mem_arg(x, ks[i], 1, i == 1 ? &fx : &fy);
    mem_arg(x, ks[i], 2, i == 1 ? &lx : &ly);
    CHECK(clSetKernelArg(ks[i], 3, sizeof p, &p));
    CHECK(clSetKernelArg(ks[i], 4, sizeof patches, &patches));
  }
  /* batchedUpdate(Qin, Fx, Fy, Lx, Ly, Qint, p, T, dtOverH) */
  const mem *upd[] = {&qin, &fx, &fy, &lx, &ly, &qint};
  for (cl_uint i = 0; i < 6; i++)
    mem_arg(x, ks[3], i, upd[i]);
  CHECK(clSetKernelArg(ks[3], 6, sizeof p, &p));
  CHECK(clSetKernelArg(ks[3], 7, sizeof patches, &patches));
  mem_arg(x, ks[4], 0, &qint); /* batchedMaxEigenvalue(Qint, maxEig, p) */
  mem_arg(x, ks[4], 1, &eig);
  CHECK(clSetKernelArg(ks[4], 2, sizeof p, &p));
  cl_uint nargs = 0;
  CHECK(clGetKernelInfo(ks[4], CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
  if (nargs > 3) /* its __shared__ array as an argument */
    CHECK(clSetKernelArg(ks[4], 3, BATCH * sizeof(double), NULL));
  size_t local = BATCH, fill_global = batch_items(halo),
         global[5] = {batch_items(interior),
                      batch_items((size_t)patches * p * w),
                      batch_items((size_t)patches * w * p),
                      batch_items(interior), (size_t)patches * BATCH};
  double *ev = malloc(sizeof *ev * (size_t)steps),
         *kt = malloc(sizeof *kt * (size_t)steps), lambda = 1.0;
  /* the steps alternate: even ones launch as cu2clrt does, without an
   * event per kernel (the "events" figure), odd ones with them (the
   * kernels' own times), so that neither pays for the other */
  for (int i = -10; i < 2 * steps; i++) {
    cl_event m0, m1, ke[5];
    int timed = i >= 0 && i % 2;
    double dt = 0.4 / lambda; /* kCfl / the last step's maximum */
    CHECK(clSetKernelArg(ks[3], 8, sizeof dt, &dt));
    CHECK(clEnqueueNDRangeKernel(x->q, fill, 1, NULL, &fill_global, &local, 0,
                                 NULL, NULL)); /* the work before the region */
    CHECK(clEnqueueMarkerWithWaitList(x->q, 0, NULL, &m0));
    for (int j = 0; j < 5; j++)
      CHECK(clEnqueueNDRangeKernel(x->q, ks[j], 1, NULL, &global[j], &local, 0,
                                   NULL, timed ? &ke[j] : NULL));
    CHECK(clEnqueueMarkerWithWaitList(x->q, 0, NULL, &m1));
    mem_read(x, &eig, h_eig, (size_t)patches * sizeof(double), CL_TRUE);
    lambda = 0;
    for (int j = 0; j < patches; j++)
      lambda = h_eig[j] > lambda ? h_eig[j] : lambda;
    if (i >= 0 && !timed)
      ev[i / 2] = profiled(m1, CL_PROFILING_COMMAND_END) -
                  profiled(m0, CL_PROFILING_COMMAND_END);
    if (timed) {
      kt[i / 2] = 0;
      for (int j = 0; j < 5; j++) {
        kt[i / 2] += profiled(ke[j], CL_PROFILING_COMMAND_END) -
                     profiled(ke[j], CL_PROFILING_COMMAND_START);
        clReleaseEvent(ke[j]);
      }
    }
    clReleaseEvent(m0);
    clReleaseEvent(m1);
  }
  printf("fvbatch p=%d T=%d raw batched step: events %.2f us, kernels %.2f us "
         "(medians of %d; max eigenvalue %g)\n",
         p, patches, median(ev, steps), median(kt, steps), steps, lambda);
  free(ev);
  free(kt);
}

/* cu2clrt's scan kernels (rt_algo.cl) as rt_algo.c launches them for an
 * exclusive int scan of n elements from 0, work-groups of 256. */
enum { ALGO_WG = 256, ALGO_K = 4, ALGO_MAX_GROUPS = 1024, ALGO_WHOLE = 4 };

typedef struct scan_plan {
  cl_kernel whole, reduce, partials, chunks;
  size_t groups; /* chunks of the reduce-then-scan, or 0: one work-group */
} scan_plan;

static scan_plan scan_prepare(ctx *x, cl_program algo, const mem *in,
                              const mem *out, const mem *scratch, size_t n) {
  scan_plan s = {NULL, NULL, NULL, NULL, 0};
  size_t tile = (size_t)ALGO_WG * ALGO_K, tiles = (n + tile - 1) / tile;
  size_t groups = tiles < ALGO_MAX_GROUPS ? tiles : ALGO_MAX_GROUPS;
  size_t per = (tiles + groups - 1) / groups;
  cl_ulong nn = n, chunk = (cl_ulong)per * tile;
  cl_int op = 0, exclusive = 1, seed = 0;
  size_t tile_bytes = sizeof(cl_int) * ALGO_K * ALGO_WG,
         s_bytes = sizeof(cl_int) * ALGO_WG;
  if (tiles <= ALGO_WHOLE) {
    s.whole = kernel_of(algo, "algo_scan_whole");
    mem_arg(x, s.whole, 0, in);
    mem_arg(x, s.whole, 1, out);
    CHECK(clSetKernelArg(s.whole, 2, sizeof nn, &nn));
    CHECK(clSetKernelArg(s.whole, 3, sizeof op, &op));
    CHECK(clSetKernelArg(s.whole, 4, sizeof exclusive, &exclusive));
    CHECK(clSetKernelArg(s.whole, 5, sizeof seed, &seed));
    CHECK(clSetKernelArg(s.whole, 6, tile_bytes, NULL));
    CHECK(clSetKernelArg(s.whole, 7, s_bytes, NULL));
    return s;
  }
  s.groups = (tiles + per - 1) / per;
  cl_ulong g = s.groups;
  s.reduce = kernel_of(algo, "algo_reduce_partials");
  mem_arg(x, s.reduce, 0, in);
  CHECK(clSetKernelArg(s.reduce, 1, sizeof nn, &nn));
  CHECK(clSetKernelArg(s.reduce, 2, sizeof chunk, &chunk));
  CHECK(clSetKernelArg(s.reduce, 3, sizeof op, &op));
  mem_arg(x, s.reduce, 4, scratch);
  CHECK(clSetKernelArg(s.reduce, 5, s_bytes, NULL));
  s.partials = kernel_of(algo, "algo_scan_partials");
  mem_arg(x, s.partials, 0, scratch);
  CHECK(clSetKernelArg(s.partials, 1, sizeof g, &g));
  CHECK(clSetKernelArg(s.partials, 2, sizeof op, &op));
  CHECK(clSetKernelArg(s.partials, 3, sizeof seed, &seed));
  CHECK(clSetKernelArg(s.partials, 4, tile_bytes, NULL));
  CHECK(clSetKernelArg(s.partials, 5, s_bytes, NULL));
  s.chunks = kernel_of(algo, "algo_scan_chunks");
  mem_arg(x, s.chunks, 0, in);
  mem_arg(x, s.chunks, 1, out);
  CHECK(clSetKernelArg(s.chunks, 2, sizeof nn, &nn));
  CHECK(clSetKernelArg(s.chunks, 3, sizeof chunk, &chunk));
  CHECK(clSetKernelArg(s.chunks, 4, sizeof op, &op));
  CHECK(clSetKernelArg(s.chunks, 5, sizeof exclusive, &exclusive));
  mem_arg(x, s.chunks, 6, scratch);
  CHECK(clSetKernelArg(s.chunks, 7, tile_bytes, NULL));
  CHECK(clSetKernelArg(s.chunks, 8, s_bytes, NULL));
  return s;
}

static void scan_enqueue(ctx *x, const scan_plan *s) {
  size_t local = ALGO_WG, one = ALGO_WG, many = s->groups * ALGO_WG;
  if (s->whole) {
    CHECK(clEnqueueNDRangeKernel(x->q, s->whole, 1, NULL, &one, &local, 0, NULL,
                                 NULL));
    return;
  }
  CHECK(clEnqueueNDRangeKernel(x->q, s->reduce, 1, NULL, &many, &local, 0, NULL,
                               NULL));
  CHECK(clEnqueueNDRangeKernel(x->q, s->partials, 1, NULL, &one, &local, 0,
                               NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(x->q, s->chunks, 1, NULL, &many, &local, 0, NULL,
                               NULL));
}

static void run_compact(ctx *x, const char *algo_cl, const char *algo_options,
                        int n, int block, int reps) {
  cl_program algo = build(x, algo_cl, algo_options);
  size_t blocks = ((size_t)n + block - 1) / block;
  int *h_in = malloc(sizeof(int) * (size_t)n),
      *h_out = malloc(sizeof(int) * (size_t)n);
  unsigned state = 1;
  int valid = 0;
  for (int i = 0; i < n; i++) {
    state = state * 1664525u + 1013904223u;
    h_in[i] = (int)((state >> 8) % 2001u) - 1000;
    valid += h_in[i] > 0;
  }
  mem in = mem_new(x, sizeof(int) * (size_t)n, 0.0, 0);
  mem out = mem_new(x, sizeof(int) * (size_t)n, 0.0, 0);
  mem counts = mem_new(x, sizeof(int) * blocks, 0.0, 0);
  mem offsets = mem_new(x, sizeof(int) * blocks, 0.0, 0);
  mem scratch = mem_new(x, sizeof(int) * (ALGO_MAX_GROUPS + 1), 0.0, 0);
  mem_write(x, &in, h_in, sizeof(int) * (size_t)n);
  cl_kernel kc = kernel(x, "computeBlockCounts_int_IsPositive_int");
  cl_kernel kk = kernel(x, "compactK_int_IsPositive_int");
  char predicate = 0; /* IsPositive<int>: an empty struct, one char */
  mem_arg(x, kc, 0, &in);
  CHECK(clSetKernelArg(kc, 1, sizeof n, &n));
  mem_arg(x, kc, 2, &counts);
  CHECK(clSetKernelArg(kc, 3, sizeof predicate, &predicate));
  mem_arg(x, kk, 0, &in);
  CHECK(clSetKernelArg(kk, 1, sizeof n, &n));
  mem_arg(x, kk, 2, &out);
  mem_arg(x, kk, 3, &offsets);
  CHECK(clSetKernelArg(kk, 4, sizeof predicate, &predicate));
  cl_uint nargs = 0;
  CHECK(clGetKernelInfo(kk, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
  if (nargs > 5) /* the general program: the warp totals' shared memory */
    CHECK(clSetKernelArg(kk, 5, (size_t)block / 32 * sizeof(int), NULL));
  scan_plan sp = scan_prepare(x, algo, &counts, &offsets, &scratch, blocks);
  size_t local = (size_t)block, global = blocks * (size_t)block;
  enum { ROUNDS = 5 };
  double gps[2][ROUNDS];
  for (int wait = 1; wait >= 0; wait--)
    for (int r = -1; r < ROUNDS; r++) { /* one round unmeasured */
      cl_event m0, m1;
      CHECK(clEnqueueMarkerWithWaitList(x->q, 0, NULL, &m0));
      for (int i = 0; i < reps; i++) {
        CHECK(clEnqueueNDRangeKernel(x->q, kc, 1, NULL, &global, &local, 0,
                                     NULL, NULL));
        scan_enqueue(x, &sp);
        if (wait) /* Thrust's scan waits for its stream before returning */
          CHECK(clFinish(x->q));
        CHECK(clEnqueueNDRangeKernel(x->q, kk, 1, NULL, &global, &local, 0,
                                     NULL, NULL));
      }
      CHECK(clEnqueueMarkerWithWaitList(x->q, 0, NULL, &m1));
      CHECK(clFinish(x->q));
      if (r >= 0) {
        double us = profiled(m1, CL_PROFILING_COMMAND_END) -
                    profiled(m0, CL_PROFILING_COMMAND_END);
        gps[wait][r] = (double)n * reps / (us * 1e-6) / 1e9;
      }
      clReleaseEvent(m0);
      clReleaseEvent(m1);
    }
  mem_read(x, &out, h_out, sizeof(int) * (size_t)n, CL_TRUE);
  int ok = 1;
  for (int i = 0, j = 0; i < n && ok; i++)
    if (h_in[i] > 0)
      ok = h_out[j++] == h_in[i];
  printf("compact int n=%d block=%d raw: %.3f Gelem/s waiting after each "
         "scan, %.3f without (medians of %d rounds of %d repetitions; scan: "
         "%s) %s\n",
         n, block, median(gps[1], ROUNDS), median(gps[0], ROUNDS), ROUNDS, reps,
         sp.whole ? "one work-group" : "reduce-then-scan",
         ok ? "PASS" : "FAIL");
  free(h_in);
  free(h_out);
}

/* reduction.cu's kernels 3-7 (kVariants: all load pairs; smallest block,
 * grid-stride) and its Config. */
static const struct {
  unsigned min_threads;
  int grid_stride;
} RED_VARIANTS[8] = {
    [3] = {1, 0}, [4] = {64, 0}, [5] = {1, 0}, [6] = {1, 1}, [7] = {32, 1}};

typedef struct red_cfg {
  const char *cl, *options; /* for RAW_SIZED's programs */
  const char *type;         /* int, float, double */
  size_t tsize;
  unsigned n, max_threads, max_blocks;
} red_cfg;

/* The sample's launchShape. */
static void red_shape(const red_cfg *c, int v, unsigned n, unsigned *threads,
                      unsigned *blocks) {
  unsigned t = c->max_threads;
  if (n < c->max_threads * 2)
    for (t = 1; t < (n + 1) / 2;)
      t <<= 1;
  if (t < RED_VARIANTS[v].min_threads)
    t = RED_VARIANTS[v].min_threads;
  *threads = t;
  *blocks = (n + t * 2 - 1) / (t * 2);
  if (RED_VARIANTS[v].grid_stride && *blocks > c->max_blocks)
    *blocks = c->max_blocks;
}

/* The instance the sample's host switch launches, by the translator's name
 * (reduce3_int, reduce5_int_256, reduce6_int_256_true), made once; with
 * RAW_SIZED=1 from a program of its own for its dynamic shared memory (as
 * cu2clrt builds on NVIDIA: CU2CL_SIZED_SHARED, CU2CL_LAZY_BUILD), then
 * without the __local argument. */
static cl_kernel red_kernel(ctx *x, const red_cfg *c, int v, unsigned threads,
                            int whole, size_t smem, cl_uint *nargs) {
  static struct {
    char name[64];
    size_t units;
    cl_kernel k;
    cl_uint nargs;
  } made[64];
  static int n_made;
  const char *sized = getenv("RAW_SIZED");
  size_t units = sized && !strcmp(sized, "1") ? (smem + 15) / 16 : 0;
  char name[64];
  if (v <= 4)
    snprintf(name, sizeof name, "reduce%d_%s", v, c->type);
  else if (v == 5)
    snprintf(name, sizeof name, "reduce5_%s_%u", c->type, threads);
  else
    snprintf(name, sizeof name, "reduce%d_%s_%u_%s", v, c->type, threads,
             whole ? "true" : "false");
  int i = 0;
  while (i < n_made && (strcmp(made[i].name, name) || made[i].units != units))
    i++;
  if (i == n_made) {
    if (n_made == 64) {
      fprintf(stderr, "raw_floor: more than 64 kernels\n");
      exit(2);
    }
    snprintf(made[i].name, sizeof made[i].name, "%s", name);
    made[i].units = units;
    if (units) {
      char *options = malloc(strlen(c->options) + 256);
      sprintf(options,
              "%s -D CU2CL_DYNAMIC_SHARED_UNITS=%zu -D CU2CL_ONLY_KERNELS=1 "
              "-D CU2CL_KERNEL_%s=1",
              c->options, units, name);
      made[i].k = kernel_of(build(x, c->cl, options), name);
      free(options);
    } else {
      made[i].k = kernel(x, name);
    }
    CHECK(clGetKernelInfo(made[i].k, CL_KERNEL_NUM_ARGS, sizeof made[i].nargs,
                          &made[i].nargs, NULL));
    n_made++;
  }
  *nargs = made[i].nargs;
  return made[i].k;
}

/* The sample's gpuReduce: a pass over the input into a, then passes over
 * the partial sums ping-ponging between a and b; returns the result's. */
static const mem *red_run(ctx *x, const red_cfg *c, int v, const mem *in,
                          const mem *a, const mem *b) {
  const mem *src = in, *dst = a;
  cl_uint n = c->n;
  for (;;) {
    unsigned threads, blocks;
    red_shape(c, v, n, &threads, &blocks);
    cl_uint nargs; /* launchReduce: smem and wholePairs */
    size_t smem = (threads <= 32 ? 2 * threads : threads) * c->tsize;
    cl_kernel k =
        red_kernel(x, c, v, threads, n % (2 * threads) == 0, smem, &nargs);
    mem_arg(x, k, 0, src);
    mem_arg(x, k, 1, dst);
    CHECK(clSetKernelArg(k, 2, sizeof n, &n));
    if (nargs > 3) /* the general program: dynamic shared memory */
      CHECK(clSetKernelArg(k, 3, smem, NULL));
    size_t local = threads, global = (size_t)blocks * threads;
    CHECK(clEnqueueNDRangeKernel(x->q, k, 1, NULL, &global, &local, 0, NULL,
                                 NULL));
    n = blocks;
    src = dst;
    dst = src == a ? b : a;
    if (n <= 1)
      return src;
  }
}

static void run_reduce(ctx *x, const char *cl, const char *options,
                       const char *type, unsigned n, int reps,
                       unsigned max_threads) {
  red_cfg c = {.cl = cl, .options = options, .type = type, .n = n};
  c.tsize = strcmp(type, "double") ? 4 : 8;
  c.max_threads = max_threads;
  cl_uint cus = 1;
  size_t wg = 0;
  CHECK(clGetDeviceInfo(x->d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus,
                        NULL));
  CHECK(clGetDeviceInfo(x->d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg,
                        NULL));
  /* multiProcessorCount * (maxThreadsPerMultiProcessor / maxThreads), with
   * cu2clrt's properties: compute units, 2048 or the largest work-group */
  c.max_blocks = cus * ((wg > 2048 ? (unsigned)wg : 2048) / max_threads);
  if (!c.max_blocks)
    c.max_blocks = 1;
  /* The sample's input (fillInput, seed 12345) and compensated sums. */
  char *h = malloc(c.tsize * n);
  unsigned state = 12345;
  double sum = 0, comp = 0, sum_abs = 0, comp_abs = 0;
  long long int_sum = 0;
  for (unsigned i = 0; i < n; i++) {
    double v;
    state = state * 1664525u + 1013904223u;
    if (c.tsize == 8) {
      double hi = (double)(state >> 6);
      state = state * 1664525u + 1013904223u;
      v = (hi * 67108864.0 + (double)(state >> 6)) * (1.0 / 4503599627370496.0);
      memcpy(h + 8 * (size_t)i, &v, 8);
    } else if (!strcmp(type, "float")) {
      float f = (float)(state >> 8) * (1.0f / 16777216.0f);
      memcpy(h + 4 * (size_t)i, &f, 4);
      v = f;
    } else {
      int k = (int)((state >> 24) & 15u) - 8;
      memcpy(h + 4 * (size_t)i, &k, 4);
      int_sum += k;
      v = k;
    }
    double y = v - comp, t = sum + y; /* Kahan */
    comp = (t - sum) - y;
    sum = t;
    y = (v < 0 ? -v : v) - comp_abs;
    t = sum_abs + y;
    comp_abs = (t - sum_abs) - y;
    sum_abs = t;
  }
  int is_int = !strcmp(type, "int");
  double expected = is_int ? (double)int_sum : sum;
  size_t partials = n / 64 + 2 > c.max_blocks ? n / 64 + 2 : c.max_blocks;
  mem in = mem_new(x, c.tsize * n, 0.0, 0);
  mem a = mem_new(x, c.tsize * partials, 0.0, 0);
  mem b = mem_new(x, c.tsize * partials, 0.0, 0);
  mem_write(x, &in, h, c.tsize * n);
  free(h);
  const char *sized = getenv("RAW_SIZED");
  printf("reduce %s n=%u raw: %u threads, up to %u blocks for grid-stride "
         "kernels, %d reps, %s; reference sum %.17g\n",
         type, n, max_threads, c.max_blocks, reps,
         sized && !strcmp(sized, "1") ? "programs sized per shared memory"
                                      : "the general program",
         expected);
  int failed = 0;
  for (int v = 3; v <= 7; v++) {
    const mem *result = red_run(x, &c, v, &in, &a, &b); /* the warm-up */
    cl_event m0, m1;
    CHECK(clEnqueueMarkerWithWaitList(x->q, 0, NULL, &m0));
    for (int r = 0; r < reps; r++)
      result = red_run(x, &c, v, &in, &a, &b);
    CHECK(clEnqueueMarkerWithWaitList(x->q, 0, NULL, &m1));
    CHECK(clWaitForEvents(1, &m1));
    double ms = (profiled(m1, CL_PROFILING_COMMAND_END) -
                 profiled(m0, CL_PROFILING_COMMAND_END)) /
                1e3 / reps;
    clReleaseEvent(m0);
    clReleaseEvent(m1);
    union {
      int i;
      float f;
      double d;
    } got;
    mem_read(x, result, &got, c.tsize, CL_TRUE);
    double value = is_int ? got.i : c.tsize == 4 ? got.f : got.d;
    /* the sample's errorBound: k sequential additions per thread in the
     * first pass, a tree of about log2(n) levels, 8 more; 0 for int */
    unsigned threads, blocks;
    red_shape(&c, v, n, &threads, &blocks);
    unsigned long long grid = (unsigned long long)threads * blocks;
    double depth = (double)((n + grid - 1) / grid) + 8; /* k + 8 */
    for (unsigned long long p = 1; p < (unsigned long long)n + 1; p <<= 1)
      depth++; /* + ceil(log2(n + 1)) */
    double eps = c.tsize == 8 ? DBL_EPSILON : FLT_EPSILON;
    double bound =
        is_int ? 0 : depth * eps * sum_abs + 4 * DBL_EPSILON * sum_abs;
    double err = value > expected ? value - expected : expected - value;
    failed += err > bound;
    printf("reduce %s n=%u raw kernel %d: %.4f ms per reduction, %.1f GB/s, "
           "sum %.17g err %.3g (bound %.3g) %s\n",
           type, n, v, ms, (double)n * c.tsize / (ms * 1e6), value, err, bound,
           err <= bound ? "PASS" : "FAIL");
  }
  if (failed)
    exit(1);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  int need = !strcmp(mode, "jacobi")                           ? 4
             : !strcmp(mode, "fv") || !strcmp(mode, "fvbatch") ? 6
             : !strcmp(mode, "reduce")                         ? 6
             : !strcmp(mode, "compact")                        ? 8
                                                               : 0;
  unsigned threads = !strcmp(mode, "reduce") && argc > 7 ? atoi(argv[7]) : 256;
  if (!need || argc < need ||
      (!strcmp(mode, "reduce") &&
       ((strcmp(argv[4], "int") && strcmp(argv[4], "float") &&
         strcmp(argv[4], "double")) ||
        threads < 64 || threads > 512 || (threads & (threads - 1))))) {
    fprintf(stderr,
            "usage: raw_floor jacobi FILE.cl OPTIONS [SWEEPS]\n"
            "       raw_floor fv FILE.cl OPTIONS P PATCHES [STEPS]\n"
            "       raw_floor fvbatch FILE.cl OPTIONS P PATCHES [STEPS]\n"
            "       raw_floor compact FILE.cl OPTIONS ALGO.cl ALGO_OPTIONS N "
            "BLOCK [REPS]\n"
            "       raw_floor reduce FILE.cl OPTIONS int|float|double N [REPS] "
            "[64|128|256|512]\n");
    return 2;
  }
  ctx x;
  setup(&x, argv[2], argv[3]);
  if (!strcmp(mode, "jacobi"))
    run_jacobi(&x, argc > 4 ? atoi(argv[4]) : 1000);
  else if (!strcmp(mode, "compact"))
    run_compact(&x, argv[4], argv[5], atoi(argv[6]), atoi(argv[7]),
                argc > 8 ? atoi(argv[8]) : 100);
  else if (!strcmp(mode, "reduce"))
    run_reduce(&x, argv[2], argv[3], argv[4],
               (unsigned)strtoul(argv[5], NULL, 0),
               argc > 6 ? atoi(argv[6]) : 3, threads);
  else if (!strcmp(mode, "fvbatch"))
    run_fvbatch(&x, atoi(argv[4]), atoi(argv[5]),
                argc > 6 ? atoi(argv[6]) : 200);
  else
    run_fv(&x, atoi(argv[4]), atoi(argv[5]), argc > 6 ? atoi(argv[6]) : 200);
  return 0;
}
