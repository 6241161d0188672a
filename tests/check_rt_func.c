/*
 * check_rt_func: kernels used as values (CUDA's `const void *func`) on the
 * local OpenCL device (PoCL in CI): cu2clLaunchKernelFunc and
 * cu2clLaunchCooperativeKernel through a reference's launchv, kernel
 * attributes, and the occupancy estimates (docs/runtime.md, "Kernels used
 * as values and occupancy").
 *
 * The references are written as the translator writes them: a typed
 * launcher that fills cu2clArg[] and calls cu2clLaunchKernel, and a launchv
 * that unpacks CUDA's `void **args` into it. Every test runs in its own
 * process (CK_FORK is forced).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cu2clrt.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

static const char func_cl[] =
    "__kernel void axpy(float a, __global const float *x,\n"
    "                   __global float *y, int n) {\n"
    "  int i = get_global_id(0);\n"
    "  if (i < n) y[i] = a * x[i] + y[i];\n"
    "}\n"
    "__kernel void tiled(__global int *out) {\n"
    "  __local int tile[256];\n"
    "  size_t l = get_local_id(0), n = get_local_size(0);\n"
    "  tile[l % 256] = (int)l;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = tile[(n - 1 - l) % 256];\n"
    "}\n"
    /* as the translator marks a kernel that syncs the grid */
    "#define CU2CL_GRID_KERNEL\n"
    "CU2CL_GRID_KERNEL __kernel void gridded(__global int *out,\n"
    "                                        __global uint *devrt) {\n"
    "  out[get_global_id(0)] = (int)get_group_id(0);\n"
    "}\n";

static cu2clProgram program = {"check_rt_func.cl", func_cl, NULL, NULL};

static cu2clError_t launchv_axpy(dim3 grid, dim3 block, size_t shmem,
                                 cu2clStream_t stream, void **args);
static cu2clError_t launchv_tiled(dim3 grid, dim3 block, size_t shmem,
                                  cu2clStream_t stream, void **args);
static cu2clKernelRef k_axpy = {&program, "axpy", NULL, launchv_axpy};
static cu2clKernelRef k_tiled = {&program, "tiled", NULL, launchv_tiled};
static cu2clKernelRef k_gridded = {&program, "gridded", NULL, NULL};
/* Written by hand, without launchv; and one naming no kernel. */
static cu2clKernelRef k_no_launchv = {&program, "axpy", NULL, NULL};
static cu2clKernelRef k_missing = {&program, "missing", NULL, NULL};

/* The translator's launch stub of axpy and its launchv. */
static cu2clError_t launch_axpy(dim3 grid, dim3 block, size_t shmem,
                                cu2clStream_t stream, float a, const float *x,
                                float *y, int n) {
  cu2clArg args[] = {{CU2CL_ARG_VALUE, sizeof a, &a},
                     {CU2CL_ARG_DEVPTR, sizeof x, &x},
                     {CU2CL_ARG_DEVPTR, sizeof y, &y},
                     {CU2CL_ARG_VALUE, sizeof n, &n}};
  return cu2clLaunchKernel(&k_axpy, grid, block, shmem, stream, args, 4);
}

static cu2clError_t launchv_axpy(dim3 grid, dim3 block, size_t shmem,
                                 cu2clStream_t stream, void **args) {
  return launch_axpy(grid, block, shmem, stream, *(float *)args[0],
                     *(const float **)args[1], *(float **)args[2],
                     *(int *)args[3]);
}

static cu2clError_t launch_tiled(dim3 grid, dim3 block, size_t shmem,
                                 cu2clStream_t stream, int *out) {
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof out, &out}};
  return cu2clLaunchKernel(&k_tiled, grid, block, shmem, stream, args, 1);
}

static cu2clError_t launchv_tiled(dim3 grid, dim3 block, size_t shmem,
                                  cu2clStream_t stream, void **args) {
  return launch_tiled(grid, block, shmem, stream, *(int **)args[0]);
}

static cu2clError_t launch_gridded(dim3 grid, dim3 block, int *out) {
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof out, &out},
                     {CU2CL_ARG_DEVRT, 0, NULL}};
  return cu2clLaunchKernel(&k_gridded, grid, block, 0, NULL, args, 2);
}

static dim3 dims(unsigned x, unsigned y, unsigned z) {
  dim3 d = {x, y, z};
  return d;
}

/* axpy over n elements from y = i, x = 1, a = 2 (through func), checked. */
static void run_axpy(cu2clError_t (*launch)(const void *, dim3, dim3, void **,
                                            size_t, cu2clStream_t),
                     cu2clStream_t stream, unsigned block) {
  enum { N = 1000 };
  float host[N], *x = NULL, *y = NULL, a = 2.0f;
  int n = N;
  for (int i = 0; i < N; i++)
    host[i] = 1.0f;
  CK(cu2clMalloc((void **)&x, sizeof host));
  CK(cu2clMalloc((void **)&y, sizeof host));
  CK(cu2clMemcpy(x, host, sizeof host, cu2clMemcpyHostToDevice));
  for (int i = 0; i < N; i++)
    host[i] = (float)i;
  CK(cu2clMemcpy(y, host, sizeof host, cu2clMemcpyHostToDevice));
  void *args[] = {&a, &x, &y, &n};
  CK(launch(&k_axpy, dims((N + block - 1) / block, 1, 1), dims(block, 1, 1),
            args, 0, stream));
  CK(cu2clStreamSynchronize(stream));
  CK(cu2clMemcpy(host, y, sizeof host, cu2clMemcpyDeviceToHost));
  for (int i = 0; i < N; i++)
    ck_assert_float_eq(host[i], 2.0f + (float)i);
  CK(cu2clFree(x));
  CK(cu2clFree(y));
}

/* What OpenCL itself reports of kernel `name` of func_cl on the device
 * cu2clrt uses (found by its name): the work-group size a launch may use
 * (NVIDIA's driver: the device's, see rt_launch.c) and the local memory. */
static void cl_kernel_limits(const char *name, size_t *group, cl_ulong *local) {
  cu2clDeviceProp p;
  CK(cu2clGetDeviceProperties(&p, 0));
  cl_platform_id plats[8];
  cl_uint nplat = 0;
  ck_assert_int_eq(clGetPlatformIDs(8, plats, &nplat), CL_SUCCESS);
  for (cl_uint i = 0; i < nplat && i < 8; i++) {
    cl_device_id devs[16];
    cl_uint ndev = 0;
    char dname[256] = "", pname[256] = "";
    if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 16, devs, &ndev))
      continue;
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    for (cl_uint j = 0; j < ndev && j < 16; j++) {
      clGetDeviceInfo(devs[j], CL_DEVICE_NAME, sizeof dname, dname, NULL);
      if (strcmp(dname, p.name) != 0)
        continue;
      cl_int st;
      cl_context ctx = clCreateContext(NULL, 1, &devs[j], NULL, NULL, &st);
      const char *src = func_cl;
      cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &st);
      ck_assert_int_eq(clBuildProgram(prog, 1, &devs[j], "", NULL, NULL),
                       CL_SUCCESS);
      cl_kernel k = clCreateKernel(prog, name, &st);
      ck_assert_int_eq(st, CL_SUCCESS);
      clGetKernelWorkGroupInfo(k, devs[j], CL_KERNEL_WORK_GROUP_SIZE,
                               sizeof *group, group, NULL);
      if (strstr(pname, "NVIDIA"))
        clGetDeviceInfo(devs[j], CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof *group,
                        group, NULL);
      clGetKernelWorkGroupInfo(k, devs[j], CL_KERNEL_LOCAL_MEM_SIZE,
                               sizeof *local, local, NULL);
      clReleaseKernel(k);
      clReleaseProgram(prog);
      clReleaseContext(ctx);
      return;
    }
  }
  ck_abort_msg("device %s not found through OpenCL", p.name);
}

static int active_blocks(const void *func, int block, size_t dynamic) {
  int n = -1;
  CK(cu2clOccupancyMaxActiveBlocksPerMultiprocessor(&n, func, block, dynamic));
  return n;
}

/* ---- launches ------------------------------------------------------------
 */

START_TEST(test_launch_func) {
  run_axpy(cu2clLaunchKernelFunc, NULL, 128);
  cu2clStream_t s;
  CK(cu2clStreamCreate(&s));
  run_axpy(cu2clLaunchKernelFunc, s, 128);
  CK(cu2clStreamDestroy(s));
  CK(cu2clGetLastError());
}
END_TEST

START_TEST(test_launch_cooperative) {
  /* one block: resident on any device (a CPU device keeps one per compute
   * unit) */
  run_axpy(cu2clLaunchCooperativeKernel, NULL, 1024);
  /* a kernel with static local memory, one block per compute unit */
  cu2clDeviceProp p;
  CK(cu2clGetDeviceProperties(&p, 0));
  unsigned g = (unsigned)p.multiProcessorCount, b = 64;
  int *out = NULL, *host = calloc((size_t)g * b, sizeof *host);
  CK(cu2clMalloc((void **)&out, (size_t)g * b * sizeof *out));
  void *args[] = {&out};
  CK(cu2clLaunchCooperativeKernel(&k_tiled, dims(g, 1, 1), dims(b, 1, 1), args,
                                  0, NULL));
  CK(cu2clMemcpy(host, out, (size_t)g * b * sizeof *out,
                 cu2clMemcpyDeviceToHost));
  for (unsigned i = 0; i < g * b; i++)
    ck_assert_int_eq(host[i], (int)(b - 1 - i % b));
  CK(cu2clFree(out));
  free(host);
}
END_TEST

/* ---- attributes ----------------------------------------------------------
 */

START_TEST(test_func_get_attributes) {
  cu2clDeviceProp p;
  CK(cu2clGetDeviceProperties(&p, 0));
  const struct {
    cu2clKernelRef *ref;
    const char *name;
  } kernels[] = {{&k_axpy, "axpy"}, {&k_tiled, "tiled"}};
  for (int i = 0; i < 2; i++) {
    cu2clFuncAttributes a;
    memset(&a, 0x5a, sizeof a);
    CK(cu2clFuncGetAttributes(&a, kernels[i].ref));
    size_t group = 0;
    cl_ulong local = 0;
    cl_kernel_limits(kernels[i].name, &group, &local);
    ck_assert_int_gt(a.maxThreadsPerBlock, 0);
    ck_assert_int_eq(a.maxThreadsPerBlock, (int)group);
    ck_assert_uint_eq(a.sharedSizeBytes, local);
    ck_assert_int_eq(a.ptxVersion, 10 * p.major + p.minor);
    ck_assert_int_eq(a.binaryVersion, a.ptxVersion);
    ck_assert_int_eq(a.numRegs, 0);
    ck_assert_uint_eq(a.constSizeBytes, 0);
    ck_assert_int_eq(a.cacheModeCA, 0);
    ck_assert_int_eq(a.maxDynamicSharedSizeBytes,
                     (int)(p.sharedMemPerBlock - a.sharedSizeBytes));
    ck_assert_int_eq(a.preferredShmemCarveout, -1);
    ck_assert_int_eq(a.clusterDimMustBeSet, 0);
    ck_assert_int_eq(a.reserved[15], 0);
  }
  cu2clFuncAttributes t;
  CK(cu2clFuncGetAttributes(&t, &k_tiled));
  ck_assert_uint_ge(t.sharedSizeBytes, 256 * sizeof(int));
  /* a reference without launchv still answers queries */
  CK(cu2clFuncGetAttributes(&t, &k_no_launchv));
}
END_TEST

START_TEST(test_func_set_attribute) {
  cu2clFuncAttributes a;
  CK(cu2clFuncGetAttributes(&a, &k_tiled));
  int most = a.maxDynamicSharedSizeBytes; /* local memory - static */
  ck_assert_int_eq(
      cu2clFuncSetAttribute(
          &k_tiled, cu2clFuncAttributeMaxDynamicSharedMemorySize, most + 1),
      cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorInvalidValue);
  ck_assert_int_eq(
      cu2clFuncSetAttribute(&k_tiled,
                            cu2clFuncAttributeMaxDynamicSharedMemorySize, -1),
      cu2clErrorInvalidValue);
  CK(cu2clFuncSetAttribute(&k_tiled,
                           cu2clFuncAttributeMaxDynamicSharedMemorySize, most));
  CK(cu2clFuncSetAttribute(&k_tiled,
                           cu2clFuncAttributeMaxDynamicSharedMemorySize, 4096));
  CK(cu2clFuncSetAttribute(&k_tiled,
                           cu2clFuncAttributePreferredSharedMemoryCarveout,
                           cu2clSharedmemCarveoutMaxShared));
  CK(cu2clFuncSetAttribute(
      &k_tiled, cu2clFuncAttributePreferredSharedMemoryCarveout, 50));
  CK(cu2clFuncGetAttributes(&a, &k_tiled));
  ck_assert_int_eq(a.maxDynamicSharedSizeBytes, 4096);
  ck_assert_int_eq(a.preferredShmemCarveout, 50);
  ck_assert_int_eq(
      cu2clFuncSetAttribute(
          &k_tiled, cu2clFuncAttributePreferredSharedMemoryCarveout, 101),
      cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clFuncSetAttribute(
                       &k_tiled, cu2clFuncAttributeRequiredClusterWidth, 2),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clFuncSetAttribute(&k_tiled, cu2clFuncAttributeMax, 0),
                   cu2clErrorInvalidValue);
  /* other kernels keep their defaults; the cache configuration still works */
  CK(cu2clFuncGetAttributes(&a, &k_axpy));
  ck_assert_int_eq(a.preferredShmemCarveout, -1);
  CK(cu2clFuncSetCacheConfig(&k_tiled, cu2clFuncCachePreferShared));
  CK(cu2clFuncSetCacheConfig(NULL, cu2clFuncCachePreferL1));
}
END_TEST

/* ---- occupancy -----------------------------------------------------------
 */

START_TEST(test_occupancy_active_blocks) {
  cu2clDeviceProp p;
  cu2clFuncAttributes a;
  CK(cu2clGetDeviceProperties(&p, 0));
  CK(cu2clFuncGetAttributes(&a, &k_axpy));
  int n = active_blocks(&k_axpy, 256, 0);
  ck_assert_int_ge(n, 1);
  ck_assert_int_le(n, p.maxBlocksPerMultiProcessor);
  ck_assert_int_le(n * 256, p.maxThreadsPerMultiProcessor);
  ck_assert_int_eq(active_blocks(&k_axpy, 256, 0), n); /* deterministic */
  int f = -1;
  CK(cu2clOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      &f, &k_axpy, 256, 0, cu2clOccupancyDisableCachingOverride));
  ck_assert_int_eq(f, n);
  /* blocks use whole warps */
  ck_assert_int_eq(active_blocks(&k_axpy, 250, 0), n);
  /* shared memory bounds it: half of a compute unit's per block */
  size_t half = p.sharedMemPerMultiprocessor / 2;
  int n32 = active_blocks(&k_axpy, 32, 0);
  ck_assert_int_eq(active_blocks(&k_axpy, 32, half), n32 >= 2 ? 2 : n32);
  /* blocks that cannot be launched at all */
  ck_assert_int_eq(active_blocks(&k_axpy, a.maxThreadsPerBlock + 1, 0), 0);
  ck_assert_int_eq(active_blocks(&k_axpy, 32, p.sharedMemPerBlock + 1), 0);
  ck_assert_int_ge(active_blocks(&k_axpy, a.maxThreadsPerBlock, 0), 1);
  /* static local memory counts */
  CK(cu2clFuncGetAttributes(&a, &k_tiled));
  ck_assert_int_eq(
      active_blocks(&k_tiled, 32, p.sharedMemPerBlock - a.sharedSizeBytes), 1);
  ck_assert_int_eq(
      active_blocks(&k_tiled, 32, p.sharedMemPerBlock - a.sharedSizeBytes + 1),
      0);
}
END_TEST

START_TEST(test_occupancy_potential_block_size) {
  cu2clDeviceProp p;
  cu2clFuncAttributes a;
  CK(cu2clGetDeviceProperties(&p, 0));
  CK(cu2clFuncGetAttributes(&a, &k_axpy));
  int grid = -1, block = -1;
  CK(cu2clOccupancyMaxPotentialBlockSize(&grid, &block, &k_axpy, 0, 0));
  ck_assert_int_gt(block, 0);
  ck_assert_int_eq(block % 32, 0);
  ck_assert_int_le(block, a.maxThreadsPerBlock);
  ck_assert_int_le(block, 1024);
  ck_assert_int_eq(grid,
                   active_blocks(&k_axpy, block, 0) * p.multiProcessorCount);
  /* no other multiple of 32 keeps more work-items resident */
  for (int b = 32; b <= block; b += 32)
    ck_assert_int_le(active_blocks(&k_axpy, b, 0) * b,
                     active_blocks(&k_axpy, block, 0) * block);
  int grid2 = -1, block2 = -1;
  CK(cu2clOccupancyMaxPotentialBlockSizeWithFlags(&grid2, &block2, &k_axpy, 0,
                                                  0, cu2clOccupancyDefault));
  ck_assert_int_eq(grid2, grid);
  ck_assert_int_eq(block2, block);
  /* a limit: the largest multiple of 32 below it; below a warp, itself */
  CK(cu2clOccupancyMaxPotentialBlockSize(&grid2, &block2, &k_axpy, 0, 100));
  ck_assert_int_eq(block2, 96);
  CK(cu2clOccupancyMaxPotentialBlockSize(&grid2, &block2, &k_axpy, 0, 20));
  ck_assert_int_eq(block2, 20);
  /* nothing fits: zeros */
  CK(cu2clOccupancyMaxPotentialBlockSize(&grid2, &block2, &k_axpy,
                                         p.sharedMemPerBlock + 1, 0));
  ck_assert_int_eq(block2, 0);
  ck_assert_int_eq(grid2, 0);
}
END_TEST

START_TEST(test_occupancy_available_shared) {
  const cu2clKernelRef *refs[] = {&k_axpy, &k_tiled};
  for (int i = 0; i < 2; i++) {
    /* two blocks per compute unit where they fit (a CPU device runs one) */
    int two = active_blocks(refs[i], 64, 0) >= 2 ? 2 : 1;
    size_t s = 0;
    CK(cu2clOccupancyAvailableDynamicSMemPerBlock(&s, refs[i], two, 64));
    ck_assert_uint_gt(s, 0);
    ck_assert_int_ge(active_blocks(refs[i], 64, s), two);
    ck_assert_int_lt(active_blocks(refs[i], 64, s + 1), two);
    size_t one = 0;
    CK(cu2clOccupancyAvailableDynamicSMemPerBlock(&one, refs[i], 1, 64));
    ck_assert_uint_ge(one, s);
  }
  cu2clDeviceProp p;
  CK(cu2clGetDeviceProperties(&p, 0));
  size_t s = 1;
  CK(cu2clOccupancyAvailableDynamicSMemPerBlock(
      &s, &k_axpy, p.maxBlocksPerMultiProcessor + 1, 32));
  ck_assert_uint_eq(s, 0);
}
END_TEST

/* A kernel that syncs the grid: every launch must be co-resident by the
 * occupancy estimate (one block per compute unit on a CPU device),
 * however it is made. */
START_TEST(test_grid_kernel_coresident) {
  cu2clDeviceProp p;
  CK(cu2clGetDeviceProperties(&p, 0));
  ck_assert_int_eq(p.cooperativeLaunch, 1);
  int n = active_blocks(&k_gridded, 64, 0);
  ck_assert_int_ge(n, 1);
  if (strstr(p.name, "pthread") || strstr(p.name, "cpu"))
    ck_assert_int_eq(n, 1);
  unsigned fits = (unsigned)(n * p.multiProcessorCount);
  int *out = NULL, *host = calloc((size_t)fits * 64, sizeof *host);
  CK(cu2clMalloc((void **)&out, (size_t)(fits + 1) * 64 * sizeof *out));
  ck_assert_int_eq(launch_gridded(dims(fits + 1, 1, 1), dims(64, 1, 1), out),
                   cu2clErrorCooperativeLaunchTooLarge);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorCooperativeLaunchTooLarge);
  ck_assert_int_eq(launch_gridded(dims(fits, 2, 1), dims(64, 1, 1), out),
                   cu2clErrorCooperativeLaunchTooLarge);
  CK(launch_gridded(dims(fits, 1, 1), dims(64, 1, 1), out));
  CK(launch_gridded(dims(fits, 1, 1), dims(64, 1, 1), out)); /* waits */
  CK(cu2clMemcpy(host, out, (size_t)fits * 64 * sizeof *out,
                 cu2clMemcpyDeviceToHost));
  for (unsigned i = 0; i < fits * 64; i++)
    ck_assert_int_eq(host[i], (int)(i / 64));
  CK(cu2clFree(out));
  free(host);
}
END_TEST

/* ---- errors --------------------------------------------------------------
 */

START_TEST(test_no_launchv) {
  float a = 1;
  void *args[] = {&a, NULL, NULL, NULL};
  ck_assert_int_eq(cu2clLaunchKernelFunc(&k_no_launchv, dims(1, 1, 1),
                                         dims(32, 1, 1), args, 0, NULL),
                   cu2clErrorInvalidDeviceFunction);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorInvalidDeviceFunction);
  ck_assert_int_eq(cu2clLaunchCooperativeKernel(&k_no_launchv, dims(1, 1, 1),
                                                dims(32, 1, 1), args, 0, NULL),
                   cu2clErrorInvalidDeviceFunction);
  ck_assert_int_eq(
      cu2clLaunchKernelFunc(NULL, dims(1, 1, 1), dims(32, 1, 1), args, 0, NULL),
      cu2clErrorInvalidDeviceFunction);
}
END_TEST

START_TEST(test_cooperative_too_large) {
  ck_assert_int_eq(cu2clErrorCooperativeLaunchTooLarge, 720);
  cu2clDeviceProp p;
  CK(cu2clGetDeviceProperties(&p, 0));
  int n = active_blocks(&k_tiled, 64, 0);
  unsigned fits = (unsigned)(n * p.multiProcessorCount);
  int *out = NULL;
  CK(cu2clMalloc((void **)&out, (size_t)(fits + 1) * 64 * sizeof *out));
  void *args[] = {&out};
  ck_assert_int_eq(cu2clLaunchCooperativeKernel(&k_tiled, dims(fits + 1, 1, 1),
                                                dims(64, 1, 1), args, 0, NULL),
                   cu2clErrorCooperativeLaunchTooLarge);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorCooperativeLaunchTooLarge);
  /* in 2D too, and the same grid as an ordinary launch is fine */
  ck_assert_int_eq(cu2clLaunchCooperativeKernel(&k_tiled, dims(fits, 2, 1),
                                                dims(64, 1, 1), args, 0, NULL),
                   cu2clErrorCooperativeLaunchTooLarge);
  CK(cu2clLaunchKernelFunc(&k_tiled, dims(fits + 1, 1, 1), dims(64, 1, 1), args,
                           0, NULL));
  CK(cu2clLaunchCooperativeKernel(&k_tiled, dims(fits, 1, 1), dims(64, 1, 1),
                                  args, 0, NULL));
  CK(cu2clDeviceSynchronize());
  CK(cu2clFree(out));
}
END_TEST

START_TEST(test_func_errors) {
  cu2clFuncAttributes a;
  int n = 0, g = 0, b = 0;
  size_t s = 0;
  ck_assert_int_eq(cu2clFuncGetAttributes(&a, NULL),
                   cu2clErrorInvalidDeviceFunction);
  ck_assert_int_eq(cu2clFuncGetAttributes(NULL, &k_axpy),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clFuncGetAttributes(&a, &k_missing),
                   cu2clErrorInvalidDeviceFunction);
  ck_assert_int_eq(
      cu2clFuncSetAttribute(NULL,
                            cu2clFuncAttributePreferredSharedMemoryCarveout, 0),
      cu2clErrorInvalidDeviceFunction);
  ck_assert_int_eq(
      cu2clOccupancyMaxActiveBlocksPerMultiprocessor(&n, NULL, 32, 0),
      cu2clErrorInvalidDeviceFunction);
  ck_assert_int_eq(
      cu2clOccupancyMaxActiveBlocksPerMultiprocessor(NULL, &k_axpy, 32, 0),
      cu2clErrorInvalidValue);
  ck_assert_int_eq(
      cu2clOccupancyMaxActiveBlocksPerMultiprocessor(&n, &k_axpy, 0, 0),
      cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                       &n, &k_axpy, 32, 0, 2),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clOccupancyMaxPotentialBlockSize(NULL, &b, &k_axpy, 0, 0),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clOccupancyMaxPotentialBlockSize(&g, &b, &k_axpy, 0, -1),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(
      cu2clOccupancyAvailableDynamicSMemPerBlock(&s, &k_axpy, 0, 32),
      cu2clErrorInvalidValue);
  ck_assert_int_eq(
      cu2clOccupancyAvailableDynamicSMemPerBlock(&s, &k_missing, 1, 32),
      cu2clErrorInvalidDeviceFunction);
}
END_TEST

static Suite *rt_func_suite(void) {
  Suite *s = suite_create("rt_func");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 120);
  tcase_add_test(core, test_launch_func);
  tcase_add_test(core, test_launch_cooperative);
  tcase_add_test(core, test_func_get_attributes);
  tcase_add_test(core, test_func_set_attribute);
  tcase_add_test(core, test_occupancy_active_blocks);
  tcase_add_test(core, test_occupancy_potential_block_size);
  tcase_add_test(core, test_occupancy_available_shared);
  tcase_add_test(core, test_grid_kernel_coresident);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 120);
  tcase_add_test(errors, test_no_launchv);
  tcase_add_test(errors, test_cooperative_too_large);
  tcase_add_test(errors, test_func_errors);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_func_suite());
  srunner_set_fork_status(sr, CK_FORK);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
