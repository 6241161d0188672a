/*
 * bench_launch: host-side launch latency of cu2clLaunchKernel against a raw
 * clSetKernelArg + clEnqueueNDRangeKernel sequence on the same device, with
 * the same tiny kernel and three arguments (pointer, float, int).
 *
 *   bench_launch [launches]      (CU2CL_DEVICE selects the device)
 *
 * Each side enqueues in batches of 1000 and drains the queue between
 * batches; only the enqueueing is timed. Prints microseconds per launch.
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

enum { BATCH = 1000, THREADS = 64 };

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

static int bench_raw(const char *name, long launches, double *us) {
  cl_platform_id plat;
  cl_device_id dev = find_device(name, &plat);
  if (!dev)
    return -1;
  cl_int st;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &st);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &st);
  const char *src = source;
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &st);
  if (clBuildProgram(prog, 1, &dev, NULL, NULL, NULL) != CL_SUCCESS)
    return -1;
  cl_kernel k = clCreateKernel(prog, "bump", &st);
  float *p = clSVMAlloc(ctx, CL_MEM_READ_WRITE, THREADS * sizeof(float), 0);
  float v = 1.0f;
  int n = THREADS;
  size_t global = THREADS, local = THREADS;
  double total = 0;
  for (long done = 0; done < launches; done += BATCH) {
    double t0 = now_us();
    for (int i = 0; i < BATCH; i++) {
      clSetKernelArgSVMPointer(k, 0, p);
      clSetKernelArg(k, 1, sizeof v, &v);
      clSetKernelArg(k, 2, sizeof n, &n);
      st =
          clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    }
    total += now_us() - t0;
    clFinish(q);
  }
  *us = total / launches;
  clSVMFree(ctx, p);
  clReleaseKernel(k);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  return st == CL_SUCCESS ? 0 : -1;
}

static cu2clProgram program = {"bench_launch.cl", source, NULL, NULL};
static cu2clKernelRef bump = {&program, "bump", NULL};

static int bench_cu2cl(long launches, double *us) {
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
  double total = 0;
  for (long done = 0; done < launches && err == cu2clSuccess; done += BATCH) {
    double t0 = now_us();
    for (int i = 0; i < BATCH; i++)
      err = cu2clLaunchKernel(&bump, grid, block, 0, NULL, args, 3);
    total += now_us() - t0;
    cu2clDeviceSynchronize();
  }
  *us = total / launches;
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
  double raw = 0, ours = 0;
  /* Alternate twice so that warm-up favours neither side. */
  for (int round = 0; round < 2; round++) {
    if (bench_raw(prop.name, launches, &raw) != 0 ||
        bench_cu2cl(launches, &ours) != 0) {
      fprintf(stderr, "bench_launch: a launch failed\n");
      return 1;
    }
  }
  printf("device: %s\n", prop.name);
  printf("launches: %ld (batches of %d, %d work-items each)\n", launches, BATCH,
         THREADS);
  printf("raw clEnqueueNDRangeKernel: %8.3f us/launch\n", raw);
  printf("cu2clLaunchKernel:          %8.3f us/launch\n", ours);
  printf("overhead:                   %8.3f us/launch\n", ours - raw);
  return 0;
}
