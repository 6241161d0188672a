/*
 * bench_launch: host-side launch latency of cu2clLaunchKernel against a raw
 * clSetKernelArg + clEnqueueNDRangeKernel sequence on the same device, with
 * the same tiny kernel and three arguments (pointer, float, int).
 *
 *   bench_launch [launches]      (CU2CL_DEVICE selects the device)
 *
 * Each side enqueues in batches of 1000 and drains the queue between
 * batches; only the enqueueing is timed. Prints the median batch in
 * microseconds per launch. The raw side runs twice: on a plain queue and on
 * a queue with profiling enabled, which cu2clrt's queues are (CUDA events
 * time commands), so that the cost of profiling shows apart from
 * cu2clrt's own.
 *
 * A second figure is the round trip that iterative solvers make every
 * step (Jacobi's convergence test): zero 8 bytes on the device, launch,
 * copy 8 bytes back into pinned host memory, wait. Raw OpenCL does it with
 * clEnqueueSVMMemFill, clEnqueueNDRangeKernel, clEnqueueSVMMemcpy and
 * clFinish; cu2clrt with the calls the translation makes. Median of 200
 * round trips, in microseconds.
 *
 * A third is the device time per kernel of BATCH launches in a row (first
 * start to last end, from the profiling queue's timestamps on the raw side
 * and from CUDA-style events with cu2clrt), which shows the gap a device
 * leaves between dependent kernels: what a step of many short kernels
 * costs. Median of 5 batches.
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cu2clrt.h"

static const char source[] =
    "__kernel void bump(__global float *p, float v, int n) {\n"
    "  int i = get_global_id(0);\n"
    "  if (i < n) p[i] += v;\n"
    "}\n";

enum { BATCH = 1000, THREADS = 64, ROUND_TRIPS = 200 };

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* The OpenCL device cu2clrt chose, found again by name. */
static cl_device_id find_device(const char *name, cl_platform_id *platform) {
  cl_platform_id plats[16];
  cl_uint np = 0;
  clGetPlatformIDs(16, plats, &np);
  for (cl_uint p = 0; p < np && p < 16; p++) {
    cl_device_id devs[64];
    cl_uint nd = 0;
    if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) !=
        CL_SUCCESS)
      continue;
    for (cl_uint i = 0; i < nd && i < 64; i++) {
      char n[256] = "";
      clGetDeviceInfo(devs[i], CL_DEVICE_NAME, sizeof n, n, NULL);
      if (strcmp(n, name) == 0) {
        *platform = plats[p];
        return devs[i];
      }
    }
  }
  return NULL;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median of the n per-launch batch times in t (sorted in place). */
static double median_of(double *t, size_t n) {
  qsort(t, n, sizeof *t, cmp_double);
  return t[n / 2];
}

static int bench_raw(const char *name, long launches, int profiling,
                     double *us, double *round_trip, double *back_to_back) {
  cl_platform_id plat;
  cl_device_id dev = find_device(name, &plat);
  if (!dev)
    return -1;
  cl_int st;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &st);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES,
                                 CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue q = clCreateCommandQueueWithProperties(
      ctx, dev, profiling ? props : NULL, &st);
  const char *src = source;
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &st);
  if (clBuildProgram(prog, 1, &dev, NULL, NULL, NULL) != CL_SUCCESS)
    return -1;
  cl_kernel k = clCreateKernel(prog, "bump", &st);
  float *p = clSVMAlloc(ctx, CL_MEM_READ_WRITE, THREADS * sizeof(float), 0);
  float v = 1.0f;
  int n = THREADS;
  size_t global = THREADS, local = THREADS;
  size_t nb = (size_t)(launches / BATCH), b = 0;
  double *t = calloc(nb, sizeof *t);
  for (long done = 0; done < launches; done += BATCH) {
    double t0 = now_us();
    for (int i = 0; i < BATCH; i++) {
      clSetKernelArgSVMPointer(k, 0, p);
      clSetKernelArg(k, 1, sizeof v, &v);
      clSetKernelArg(k, 2, sizeof n, &n);
      st =
          clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    }
    t[b++] = (now_us() - t0) / BATCH;
    clFinish(q);
  }
  *us = median_of(t, nb);
  free(t);
  double b2b[5];
  for (int r = 0; profiling && r < 5; r++) {
    cl_event first = NULL, last = NULL;
    for (int i = 0; i < BATCH; i++) {
      clSetKernelArgSVMPointer(k, 0, p);
      clSetKernelArg(k, 1, sizeof v, &v);
      clSetKernelArg(k, 2, sizeof n, &n);
      clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL,
                             i == 0 ? &first : i == BATCH - 1 ? &last : NULL);
    }
    clFinish(q);
    cl_ulong t0 = 0, t1 = 0;
    clGetEventProfilingInfo(first, CL_PROFILING_COMMAND_START, sizeof t0, &t0,
                            NULL);
    clGetEventProfilingInfo(last, CL_PROFILING_COMMAND_END, sizeof t1, &t1,
                            NULL);
    b2b[r] = (double)(t1 - t0) / 1e3 / BATCH;
    clReleaseEvent(first);
    clReleaseEvent(last);
  }
  if (profiling)
    *back_to_back = median_of(b2b, 5);
  double rt[ROUND_TRIPS];
  double zero = 0, back = 0;
  for (int r = 0; r < ROUND_TRIPS; r++) {
    double t0 = now_us();
    clEnqueueSVMMemFill(q, p, &zero, sizeof zero, sizeof zero, 0, NULL, NULL);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    clEnqueueSVMMemcpy(q, CL_FALSE, &back, p, sizeof back, 0, NULL, NULL);
    st = clFinish(q);
    rt[r] = now_us() - t0;
  }
  *round_trip = median_of(rt, ROUND_TRIPS);
  clSVMFree(ctx, p);
  clReleaseKernel(k);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  return st == CL_SUCCESS ? 0 : -1;
}

static cu2clProgram program = {"bench_launch.cl", source, NULL, NULL};
static cu2clKernelRef bump = {&program, "bump", NULL, NULL};

static int bench_cu2cl(long launches, double *us, double *round_trip,
                       double *back_to_back) {
  float *p = NULL, v = 1.0f;
  int n = THREADS;
  if (cu2clMalloc((void **)&p, THREADS * sizeof(float)) != cu2clSuccess)
    return -1;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof p, &p},
                     {CU2CL_ARG_VALUE, sizeof v, &v},
                     {CU2CL_ARG_VALUE, sizeof n, &n}};
  dim3 grid = {1, 1, 1}, block = {THREADS, 1, 1};
  cu2clError_t err = cu2clLaunchKernel(&bump, grid, block, 0, NULL, args, 3);
  cu2clDeviceSynchronize(); /* builds the program outside the timing */
  size_t nb = (size_t)(launches / BATCH), b = 0;
  double *t = calloc(nb, sizeof *t);
  for (long done = 0; done < launches && err == cu2clSuccess; done += BATCH) {
    double t0 = now_us();
    for (int i = 0; i < BATCH; i++)
      err = cu2clLaunchKernel(&bump, grid, block, 0, NULL, args, 3);
    t[b++] = (now_us() - t0) / BATCH;
    cu2clDeviceSynchronize();
  }
  *us = median_of(t, b ? b : 1);
  free(t);
  double b2b[5];
  cu2clEvent_t e0 = NULL, e1 = NULL;
  if (err == cu2clSuccess)
    err = cu2clEventCreate(&e0);
  if (err == cu2clSuccess)
    err = cu2clEventCreate(&e1);
  for (int r = 0; r < 5 && err == cu2clSuccess; r++) {
    float ms = 0;
    err = cu2clEventRecord(e0, NULL);
    for (int i = 0; i < BATCH && err == cu2clSuccess; i++)
      err = cu2clLaunchKernel(&bump, grid, block, 0, NULL, args, 3);
    if (err == cu2clSuccess)
      err = cu2clEventRecord(e1, NULL);
    if (err == cu2clSuccess)
      err = cu2clEventSynchronize(e1);
    if (err == cu2clSuccess)
      err = cu2clEventElapsedTime(&ms, e0, e1);
    b2b[r] = ms * 1e3 / BATCH;
  }
  cu2clEventDestroy(e0);
  cu2clEventDestroy(e1);
  *back_to_back = median_of(b2b, 5);
  double rt[ROUND_TRIPS], *back = NULL;
  if (err == cu2clSuccess)
    err = cu2clMallocHost((void **)&back, sizeof *back);
  for (int r = 0; r < ROUND_TRIPS && err == cu2clSuccess; r++) {
    double t0 = now_us();
    err = cu2clMemsetAsync(p, 0, sizeof(double), NULL);
    if (err == cu2clSuccess)
      err = cu2clLaunchKernel(&bump, grid, block, 0, NULL, args, 3);
    if (err == cu2clSuccess)
      err = cu2clMemcpyAsync(back, p, sizeof *back, cu2clMemcpyDeviceToHost,
                             NULL);
    if (err == cu2clSuccess)
      err = cu2clStreamSynchronize(NULL);
    rt[r] = now_us() - t0;
  }
  *round_trip = median_of(rt, ROUND_TRIPS);
  cu2clFreeHost(back);
  cu2clFree(p);
  return err == cu2clSuccess ? 0 : -1;
}

int main(int argc, char **argv) {
  long launches = argc > 1 ? atol(argv[1]) : 20000;
  launches = launches < BATCH ? BATCH : launches / BATCH * BATCH;
  cu2clDeviceProp prop;
  if (cu2clGetDeviceProperties(&prop, 0) != cu2clSuccess) {
    fprintf(stderr, "bench_launch: no device\n");
    return 1;
  }
  double raw = 0, raw_prof = 0, ours = 0, rt_raw = 0, rt_prof = 0, rt_ours = 0;
  double b2b_raw = 0, b2b_ours = 0;
  /* Alternate twice so that warm-up favours neither side. */
  for (int round = 0; round < 2; round++) {
    if (bench_raw(prop.name, launches, 0, &raw, &rt_raw, NULL) != 0 ||
        bench_raw(prop.name, launches, 1, &raw_prof, &rt_prof, &b2b_raw) != 0 ||
        bench_cu2cl(launches, &ours, &rt_ours, &b2b_ours) != 0) {
      fprintf(stderr, "bench_launch: a launch failed\n");
      return 1;
    }
  }
  printf("device: %s\n", prop.name);
  printf("launches: %ld (batches of %d, %d work-items each)\n", launches, BATCH,
         THREADS);
  printf("raw clEnqueueNDRangeKernel: %8.3f us/launch\n", raw);
  printf("raw, profiling queue:       %8.3f us/launch\n", raw_prof);
  printf("cu2clLaunchKernel:          %8.3f us/launch\n", ours);
  printf("overhead:                   %8.3f us/launch\n", ours - raw);
  printf("round trip (zero 8 B, launch, copy 8 B back, wait), median of %d:\n",
         ROUND_TRIPS);
  printf("raw OpenCL:                 %8.3f us\n", rt_raw);
  printf("raw, profiling queue:       %8.3f us\n", rt_prof);
  printf("cu2clrt:                    %8.3f us\n", rt_ours);
  printf("back to back (%d kernels in a row, device time per kernel):\n",
         BATCH);
  printf("raw OpenCL (profiling):     %8.3f us\n", b2b_raw);
  printf("cu2clrt (events):           %8.3f us\n", b2b_ours);
  return 0;
}
