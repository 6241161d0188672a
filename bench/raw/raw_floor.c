/*
 * raw_floor: the raw-OpenCL floor of the seed samples' short-kernel
 * figures. It runs the port's own kernels, from the port's .cl with the
 * options cu2clrt built it with (CU2CL_DEBUG=1 prints them), the way a
 * person writing OpenCL by hand would, with nothing of cu2clrt in between:
 *
 *   raw_floor jacobi FILE.cl OPTIONS [SWEEPS]
 *   raw_floor fv FILE.cl OPTIONS P PATCHES [STEPS]
 *   raw_floor compact FILE.cl OPTIONS ALGO.cl ALGO_OPTIONS N BLOCK [REPS]
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
 *
 * Device memory is OpenCL buffers; RAW_SVM=1 uses coarse-grained SVM
 * instead, as cu2clrt does. The device: the first GPU, else the first
 * device; RAW_PLATFORM=substring picks a platform by name. Data: a
 * diagonally dominant system for Jacobi (no infinities: a CPU device slows
 * down on them), constants for fv-euler. Not a test: a benchmark for
 * docs/performance.md.
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
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

int main(int argc, char **argv) {
  int compact = argc > 1 && !strcmp(argv[1], "compact");
  if (argc < 4 ||
      (strcmp(argv[1], "jacobi") && strcmp(argv[1], "fv") && !compact) ||
      (!strcmp(argv[1], "fv") && argc < 6) || (compact && argc < 8)) {
    fprintf(stderr,
            "usage: raw_floor jacobi FILE.cl OPTIONS [SWEEPS]\n"
            "       raw_floor fv FILE.cl OPTIONS P PATCHES [STEPS]\n"
            "       raw_floor compact FILE.cl OPTIONS ALGO.cl ALGO_OPTIONS N "
            "BLOCK [REPS]\n");
    return 2;
  }
  ctx x;
  setup(&x, argv[2], argv[3]);
  if (!strcmp(argv[1], "jacobi"))
    run_jacobi(&x, argc > 4 ? atoi(argv[4]) : 1000);
  else if (compact)
    run_compact(&x, argv[4], argv[5], atoi(argv[6]), atoi(argv[7]),
                argc > 8 ? atoi(argv[8]) : 100);
  else
    run_fv(&x, atoi(argv[4]), atoi(argv[5]), argc > 6 ? atoi(argv[6]) : 200);
  return 0;
}
