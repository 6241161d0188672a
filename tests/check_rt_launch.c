/*
 * check_rt_launch: kernels through cu2clLaunchKernel with hand-written
 * OpenCL C, symbols, managed memory seen by kernels, the program cache and
 * build errors, on the local OpenCL device (PoCL in CI).
 *
 * Each test runs in its own process (CK_FORK is forced); the cache tests
 * point CU2CL_CACHE_DIR at a fresh directory before the runtime starts.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cu2clrt.h"

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

static const char kernels_cl[] =
    "__kernel void fill1d(__global int *out, int base, int n) {\n"
    "  int i = get_group_id(0) * get_local_size(0) + get_local_id(0);\n"
    "  if (i < n) out[i] = base + i;\n"
    "}\n"
    "__kernel void index2d(__global int *out, int width) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  out[y * width + x] = (int)(get_group_id(1) * 1000000 +\n"
    "      get_group_id(0) * 10000 + get_local_id(1) * 100 + "
    "get_local_id(0));\n"
    "}\n"
    "__kernel void index3d(__global int *out) {\n"
    "  size_t w = get_global_size(0), h = get_global_size(1);\n"
    "  size_t x = get_global_id(0), y = get_global_id(1), z = "
    "get_global_id(2);\n"
    "  out[(z * h + y) * w + x] = (int)((z * 100 + y) * 100 + x);\n"
    "}\n"
    "__kernel void reverse_block(__global int *data, __local int *tmp) {\n"
    "  size_t l = get_local_id(0), n = get_local_size(0);\n"
    "  tmp[l] = data[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  data[get_global_id(0)] = tmp[n - 1 - l];\n"
    "}\n"
    "__kernel void apply_coef(__global int *out, __constant int *coef,\n"
    "                         __global int *counter) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = coef[i % 4] * (i + 1);\n"
    "  if (i == 0) counter[0] += 1;\n"
    "}\n"
    "__kernel void scale(__global float *p, float s) {\n"
    "  p[get_global_id(0)] *= s;\n"
    "}\n"
    "__kernel void is_null(__global int *p, __global int *out) {\n"
    "  out[0] = p == 0;\n"
    "}\n";

static cu2clProgram program = {"check_rt_launch.cl", kernels_cl, NULL, NULL};
static cu2clKernelRef k_fill1d = {&program, "fill1d", NULL, NULL};
static cu2clKernelRef k_index2d = {&program, "index2d", NULL, NULL};
static cu2clKernelRef k_index3d = {&program, "index3d", NULL, NULL};
static cu2clKernelRef k_reverse = {&program, "reverse_block", NULL, NULL};
static cu2clKernelRef k_coef = {&program, "apply_coef", NULL, NULL};
static cu2clKernelRef k_scale = {&program, "scale", NULL, NULL};
static cu2clKernelRef k_is_null = {&program, "is_null", NULL, NULL};

static const int coef_init[4] = {1, 2, 3, 4};
static cu2clSymbol coef = {"coef", sizeof coef_init, coef_init, NULL};
static cu2clSymbol counter = {"counter", sizeof(int), NULL, NULL};

static dim3 dims(unsigned x, unsigned y, unsigned z) {
  dim3 d = {x, y, z};
  return d;
}

/* ---- launches -------------------------------------------------------------
 */

START_TEST(test_launch_1d) {
  enum { N = 1000 };
  int *d = NULL, out[N];
  int base = 7, n = N;
  CK(cu2clMalloc((void **)&d, N * sizeof(int)));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_VALUE, sizeof base, &base},
                     {CU2CL_ARG_VALUE, sizeof n, &n}};
  CK(cu2clLaunchKernel(&k_fill1d, dims((N + 127) / 128, 1, 1), dims(128, 1, 1),
                       0, NULL, args, 3));
  CK(cu2clGetLastError());
  CK(cu2clMemcpy(out, d, sizeof out, cu2clMemcpyDeviceToHost));
  for (int i = 0; i < N; i++)
    ck_assert_int_eq(out[i], 7 + i);
  CK(cu2clFree(d));
}
END_TEST

START_TEST(test_launch_2d) {
  enum { BX = 8, BY = 4, GX = 3, GY = 5, W = BX * GX, H = BY * GY };
  int *d = NULL, out[W * H], width = W;
  CK(cu2clMalloc((void **)&d, sizeof out));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_VALUE, sizeof width, &width}};
  CK(cu2clLaunchKernel(&k_index2d, dims(GX, GY, 1), dims(BX, BY, 1), 0, NULL,
                       args, 2));
  CK(cu2clMemcpy(out, d, sizeof out, cu2clMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      ck_assert_int_eq(out[y * W + x], (y / BY) * 1000000 + (x / BX) * 10000 +
                                           (y % BY) * 100 + x % BX);
  CK(cu2clFree(d));
}
END_TEST

START_TEST(test_launch_3d_on_stream) {
  enum { W = 8, H = 6, D = 4 };
  int *d = NULL, out[W * H * D];
  cu2clStream_t s;
  cu2clEvent_t e0, e1;
  float ms = -1;
  CK(cu2clStreamCreate(&s));
  CK(cu2clEventCreate(&e0));
  CK(cu2clEventCreate(&e1));
  CK(cu2clMalloc((void **)&d, sizeof out));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d}};
  CK(cu2clEventRecord(e0, s));
  CK(cu2clLaunchKernel(&k_index3d, dims(2, 3, 2), dims(4, 2, 2), 0, s, args,
                       1));
  CK(cu2clEventRecord(e1, s));
  CK(cu2clEventSynchronize(e1));
  CK(cu2clEventElapsedTime(&ms, e0, e1));
  ck_assert(ms >= 0.0f);
  CK(cu2clMemcpyAsync(out, d, sizeof out, cu2clMemcpyDeviceToHost, s));
  CK(cu2clStreamSynchronize(s));
  for (int z = 0; z < D; z++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        ck_assert_int_eq(out[(z * H + y) * W + x], (z * 100 + y) * 100 + x);
  CK(cu2clStreamDestroy(s));
  CK(cu2clEventDestroy(e0));
  CK(cu2clEventDestroy(e1));
  CK(cu2clFree(d));
}
END_TEST

START_TEST(test_launch_local_memory) {
  enum { B = 64, G = 4 };
  int host[B * G], *d = NULL;
  for (int i = 0; i < B * G; i++)
    host[i] = i;
  CK(cu2clMalloc((void **)&d, sizeof host));
  CK(cu2clMemcpy(d, host, sizeof host, cu2clMemcpyHostToDevice));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_LOCAL, B * sizeof(int), NULL}};
  CK(cu2clLaunchKernel(&k_reverse, dims(G, 1, 1), dims(B, 1, 1),
                       B * sizeof(int), NULL, args, 2));
  CK(cu2clMemcpy(host, d, sizeof host, cu2clMemcpyDeviceToHost));
  for (int g = 0; g < G; g++)
    for (int l = 0; l < B; l++)
      ck_assert_int_eq(host[g * B + l], g * B + (B - 1 - l));
  CK(cu2clFree(d));
}
END_TEST

/* A kernel object keeps its arguments, and cu2clrt sets only those that
 * changed since the kernel's last launch: each launch below repeats some
 * of the previous one's arguments and changes others (a pointer, a value,
 * the dynamic shared memory's size), and must see exactly its own. */
START_TEST(test_arguments_change_between_launches) {
  enum { N = 256 };
  int *a = NULL, *b = NULL, out[N];
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  CK(cu2clMalloc((void **)&b, N * sizeof(int)));
  struct {
    int **p, base, n;
  } seq[] = {{&a, 1, N}, {&a, 1, N}, {&a, 2, N}, {&b, 2, N},
             {&a, 3, N / 2}, {&b, 3, N / 2}, {&a, 3, N}};
  for (unsigned s = 0; s < sizeof seq / sizeof seq[0]; s++) {
    CK(cu2clMemset(*seq[s].p, 0xff, N * sizeof(int)));
    cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof(int *), seq[s].p},
                       {CU2CL_ARG_VALUE, sizeof(int), &seq[s].base},
                       {CU2CL_ARG_VALUE, sizeof(int), &seq[s].n}};
    CK(cu2clLaunchKernel(&k_fill1d, dims(N / 64, 1, 1), dims(64, 1, 1), 0,
                         NULL, args, 3));
    CK(cu2clMemcpy(out, *seq[s].p, sizeof out, cu2clMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
      ck_assert_int_eq(out[i], i < seq[s].n ? seq[s].base + i : -1);
  }
  /* the __local argument's size follows the block */
  unsigned blocks[] = {64, 64, 128, 32, 128};
  for (unsigned s = 0; s < sizeof blocks / sizeof blocks[0]; s++) {
    unsigned B = blocks[s];
    for (int i = 0; i < N; i++)
      out[i] = i;
    CK(cu2clMemcpy(a, out, sizeof out, cu2clMemcpyHostToDevice));
    cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof a, &a},
                       {CU2CL_ARG_LOCAL, B * sizeof(int), NULL}};
    CK(cu2clLaunchKernel(&k_reverse, dims(N / B, 1, 1), dims(B, 1, 1),
                         B * sizeof(int), NULL, args, 2));
    CK(cu2clMemcpy(out, a, sizeof out, cu2clMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
      ck_assert_int_eq(out[i], (int)(i / B * B + (B - 1 - i % B)));
  }
  CK(cu2clFree(a));
  CK(cu2clFree(b));
}
END_TEST

/* Dynamic shared memory as the translator emits it: a __local pointer
 * parameter named cu2cl_dynamic_shared_param, or, in a program cu2clrt
 * builds for one size, a static array (CU2CL_DYNAMIC_SHARED_UNITS). The
 * kernel reports which one it got. */
static const char sized_cl[] =
    "typedef struct { uint w[4]; } cu2cl_shared_unit;\n"
    "__kernel void reverse_sized(__global int *data, __global int *units\n"
    "#ifndef CU2CL_DYNAMIC_SHARED_UNITS\n"
    "    , __local cu2cl_shared_unit *cu2cl_dynamic_shared_param\n"
    "#endif\n"
    "    ) {\n"
    "#ifdef CU2CL_DYNAMIC_SHARED_UNITS\n"
    "  __local cu2cl_shared_unit cu2cl_dynamic_shared"
    "[CU2CL_DYNAMIC_SHARED_UNITS];\n"
    "  if (get_global_id(0) == 0) units[0] = CU2CL_DYNAMIC_SHARED_UNITS;\n"
    "#else\n"
    "  __local cu2cl_shared_unit *cu2cl_dynamic_shared = "
    "cu2cl_dynamic_shared_param;\n"
    "  if (get_global_id(0) == 0) units[0] = 0;\n"
    "#endif\n"
    "  __local int *tmp = (__local int *)cu2cl_dynamic_shared;\n"
    "  size_t l = get_local_id(0), n = get_local_size(0);\n"
    "  tmp[l] = data[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  data[get_global_id(0)] = tmp[n - 1 - l];\n"
    "}\n";
static cu2clProgram sized_program = {"sized.cl", sized_cl, NULL, NULL};
static cu2clKernelRef k_sized = {&sized_program, "reverse_sized", NULL, NULL};

/* One launch of k_sized over G blocks of b work-items with b ints of
 * dynamic shared memory, reversing each block of d (whose blocks hold
 * 0, 1, ... in order or reversed, by *flips' parity); checks the result and
 * returns the units the kernel saw (0: the general kernel). */
static int launch_sized_once(int *d, int *units, unsigned b, unsigned G,
                             int *flips) {
  static int host[4 * 512];
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_DEVPTR, sizeof units, &units},
                     {CU2CL_ARG_LOCAL, b * sizeof(int), NULL}};
  int seen = -1;
  CK(cu2clMemset(units, 0xff, sizeof(int)));
  CK(cu2clLaunchKernel(&k_sized, dims(G, 1, 1), dims(b, 1, 1),
                       b * sizeof(int), NULL, args, 3));
  ++*flips;
  CK(cu2clMemcpy(host, d, G * b * sizeof(int), cu2clMemcpyDeviceToHost));
  CK(cu2clMemcpy(&seen, units, sizeof seen, cu2clMemcpyDeviceToHost));
  for (unsigned g = 0; g < G; g++)
    for (unsigned l = 0; l < b; l++)
      ck_assert_int_eq(host[g * b + l],
                       (int)(g * b + (*flips % 2 ? b - 1 - l : l)));
  return seen;
}

/* Launches once; unless the kernel saw `want` units, waits for the
 * builder's loads (cu2clWaitSizedBuilds: no sleep, whatever the machine's
 * load) and launches again, which must see them. Returns what the first
 * launch saw and the launches made in *n. */
static int launch_sized_until(int *d, int *units, unsigned b, unsigned G,
                              int *flips, int want, int *n) {
  int first = launch_sized_once(d, units, b, G, flips), seen = first;
  *n = 1;
  if (seen != want) {
    CK(cu2clWaitSizedBuilds());
    seen = launch_sized_once(d, units, b, G, flips);
    *n = 2;
  }
  ck_assert_int_eq(seen, want);
  return first;
}

/* Counts 0, 1, ... into d again (before a launch_sized_* series with
 * another block size) and restarts the flips. */
static void sized_refill(int *d, int *flips) {
  static int host[4 * 512];
  for (int i = 0; i < 4 * 512; i++)
    host[i] = i;
  CK(cu2clMemcpy(d, host, sizeof host, cu2clMemcpyHostToDevice));
  *flips = 0;
}

/* Device memory for launch_sized_*: 4 blocks of up to 512 ints, counting. */
static void sized_setup(int **d, int **units) {
  int flips;
  CK(cu2clMalloc((void **)d, 4 * 512 * sizeof(int)));
  CK(cu2clMalloc((void **)units, sizeof(int)));
  sized_refill(*d, &flips);
}

static char cache_dir[256];

static void use_fresh_cache(void) {
  snprintf(cache_dir, sizeof cache_dir, "/tmp/cu2clrt-cache-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(cache_dir));
  setenv("CU2CL_CACHE_DIR", cache_dir, 1);
  setenv("CU2CL_CACHE", "1", 1); /* on every device, PoCL included */
}

/* Counts the cache's lists of the sizes programs were launched with
 * (`KEY.sizes2.clbin`, rt_program.c); with `remove`, removes them too, as
 * if the last run had used other sizes. */
static int sizes_lists(int remove) {
  DIR *dir = opendir(cache_dir);
  ck_assert_ptr_nonnull(dir);
  struct dirent *e;
  int n = 0;
  while ((e = readdir(dir)) != NULL) {
    if (!strstr(e->d_name, ".sizes2.clbin"))
      continue;
    n++;
    char path[600];
    snprintf(path, sizeof path, "%s/%s", cache_dir, e->d_name);
    if (remove)
      ck_assert_int_eq(unlink(path), 0);
  }
  closedir(dir);
  return n;
}

/* A size whose program is not in the on-disk cache is built by the
 * launching thread, which runs it at once; the next time (after a reset,
 * as in a second run) it is loaded with the program itself, the launches
 * of the last run having been recorded. One in the cache but not in that
 * record loads on the builder thread while launches go on with the general
 * kernel, then switch. Every result is right on each. */
START_TEST(test_sized_shared_memory) {
  use_fresh_cache();
  setenv("CU2CL_SIZED_SHARED", "1", 1);
  int *d, *units, flips = 0, n = 0;
  sized_setup(&d, &units);
  ck_assert_int_eq(launch_sized_once(d, units, 64, 4, &flips), 16);
  CK(cu2clDeviceReset()); /* the programs go, the cache stays */
  sized_setup(&d, &units);
  flips = 0;
  ck_assert_int_eq(launch_sized_once(d, units, 64, 4, &flips), 16);
  CK(cu2clDeviceReset());
  sizes_lists(1);
  sized_setup(&d, &units);
  flips = 0;
  ck_assert_int_eq(launch_sized_until(d, units, 64, 4, &flips, 16, &n), 0);
  ck_assert_int_eq(n, 2);
  for (int r = 0; r < 4; r++) /* and it stays */
    ck_assert_int_eq(launch_sized_once(d, units, 64, 4, &flips), 16);
  CK(cu2clDeviceReset());
}
END_TEST

/* All the shared memory CUDA allows a block, the device's limit: the
 * program built for that size has the array and not the parameter (NVIDIA
 * refuses the limit through a parameter), so it fits, and runs. */
START_TEST(test_sized_shared_memory_at_the_limit) {
  use_fresh_cache();
  setenv("CU2CL_SIZED_SHARED", "1", 1);
  int *d, *units, flips = 0, most = 0, seen = -1;
  static int host[64];
  CK(cu2clDeviceGetAttribute(&most, cu2clDevAttrMaxSharedMemoryPerBlock, 0));
  sized_setup(&d, &units);
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_DEVPTR, sizeof units, &units},
                     {CU2CL_ARG_LOCAL, (size_t)most, NULL}};
  for (int r = 0; r < 2; r++) { /* the second after the builder's loads */
    CK(cu2clMemset(units, 0xff, sizeof(int)));
    CK(cu2clLaunchKernel(&k_sized, dims(1, 1, 1), dims(64, 1, 1),
                         (size_t)most, NULL, args, 3));
    CK(cu2clDeviceSynchronize());
    ++flips;
    CK(cu2clMemcpy(host, d, sizeof host, cu2clMemcpyDeviceToHost));
    CK(cu2clMemcpy(&seen, units, sizeof seen, cu2clMemcpyDeviceToHost));
    for (int l = 0; l < 64; l++)
      ck_assert_int_eq(host[l], flips % 2 ? 63 - l : l);
    CK(cu2clWaitSizedBuilds());
  }
  ck_assert_int_eq(seen, most / 16);
  CK(cu2clDeviceReset());
}
END_TEST

/* Every size the last run launched with is loaded with the program: each
 * size's first launch runs its own program. */
START_TEST(test_sized_shared_memory_preload) {
  use_fresh_cache();
  setenv("CU2CL_SIZED_SHARED", "1", 1);
  int *d, *units, flips = 0;
  sized_setup(&d, &units);
  ck_assert_int_eq(launch_sized_once(d, units, 64, 4, &flips), 16);
  sized_refill(d, &flips);
  ck_assert_int_eq(launch_sized_once(d, units, 128, 2, &flips), 32);
  CK(cu2clDeviceReset());
  sized_setup(&d, &units);
  flips = 0;
  cu2clCacheStats before, after;
  CK(cu2clGetCacheStats(&before));
  ck_assert_int_eq(launch_sized_once(d, units, 128, 2, &flips), 32);
  sized_refill(d, &flips);
  ck_assert_int_eq(launch_sized_once(d, units, 64, 4, &flips), 16);
  CK(cu2clGetCacheStats(&after));
  ck_assert_uint_eq(after.builds, before.builds);
  ck_assert_uint_eq(after.hits - before.hits, 3); /* program and sizes */
  CK(cu2clDeviceReset());
}
END_TEST

/* A process that ends without a reset leaves its list too (written at
 * exit). The child is the first in this process to use OpenCL. */
START_TEST(test_sized_shared_memory_list_at_exit) {
  use_fresh_cache();
  setenv("CU2CL_SIZED_SHARED", "1", 1);
  pid_t child = fork();
  ck_assert_int_ge(child, 0);
  if (child == 0) {
    int *d, *units, flips = 0;
    sized_setup(&d, &units);
    exit(launch_sized_once(d, units, 64, 4, &flips) == 16 ? 0 : 1);
  }
  int status = 0;
  ck_assert_int_eq(waitpid(child, &status, 0), child);
  ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ck_assert_int_gt(sizes_lists(0), 0);
}
END_TEST

/* Eight sizes get programs of their own; a ninth runs the general kernel
 * and starts no build. */
START_TEST(test_sized_shared_memory_cap) {
  setenv("CU2CL_SIZED_SHARED", "1", 1);
  int *d, *units, flips = 0, n = 0;
  sized_setup(&d, &units);
  for (unsigned b = 32; b <= 256; b += 32) {
    sized_refill(d, &flips);
    launch_sized_until(d, units, b, 1, &flips, (int)(b * sizeof(int) / 16),
                       &n);
  }
  sized_refill(d, &flips);
  cu2clCacheStats before, after;
  CK(cu2clGetCacheStats(&before));
  for (int r = 0; r < 5; r++)
    ck_assert_int_eq(launch_sized_once(d, units, 288, 1, &flips), 0);
  CK(cu2clGetCacheStats(&after));
  ck_assert_uint_eq(after.hits + after.misses + after.builds,
                    before.hits + before.misses + before.builds);
  CK(cu2clFree(d));
  CK(cu2clFree(units));
}
END_TEST

START_TEST(test_sized_shared_memory_off) {
  setenv("CU2CL_SIZED_SHARED", "0", 1);
  int *d, *units, flips = 0;
  sized_setup(&d, &units);
  for (int r = 0; r < 20; r++)
    ck_assert_int_eq(launch_sized_once(d, units, 64, 4, &flips), 0);
}
END_TEST

/* A device reset while a sized program loads waits for the load (it uses
 * the device's context), and the device works afterwards. */
START_TEST(test_sized_shared_memory_reset_while_building) {
  use_fresh_cache();
  setenv("CU2CL_SIZED_SHARED", "1", 1);
  int *d, *units, flips = 0;
  sized_setup(&d, &units);
  ck_assert_int_eq(launch_sized_once(d, units, 128, 2, &flips), 32);
  CK(cu2clDeviceReset());
  sizes_lists(1); /* the size is loaded on the builder thread */
  sized_setup(&d, &units);
  flips = 0;
  ck_assert_int_eq(launch_sized_once(d, units, 128, 2, &flips), 0);
  CK(cu2clDeviceReset()); /* the load was just queued */
  sized_setup(&d, &units);
  flips = 0;
  ck_assert_int_eq(launch_sized_once(d, units, 64, 4, &flips), 16);
}
END_TEST

/* A reset drops the sized loads the builder has not begun (it waits for
 * one at most): eight sizes in the cache, launched while the builder is
 * held, so all eight are still queued at the reset, which loads none. */
START_TEST(test_sized_shared_memory_reset_drops_queue) {
  use_fresh_cache();
  setenv("CU2CL_SIZED_SHARED", "1", 1);
  int *d, *units, flips = 0;
  sized_setup(&d, &units);
  for (unsigned b = 32; b <= 256; b += 32) { /* built here, and cached */
    sized_refill(d, &flips);
    ck_assert_int_eq(launch_sized_once(d, units, b, 1, &flips),
                     (int)(b * sizeof(int) / 16));
  }
  CK(cu2clDeviceReset());
  sizes_lists(1); /* the sizes are loaded on the builder thread */
  sized_setup(&d, &units);
  cu2clCacheStats before, after;
  CK(cu2clGetCacheStats(&before));
  CK(cu2clHoldSizedBuilds(1));
  for (unsigned b = 32; b <= 256; b += 32) {
    cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                       {CU2CL_ARG_DEVPTR, sizeof units, &units},
                       {CU2CL_ARG_LOCAL, b * sizeof(int), NULL}};
    CK(cu2clLaunchKernel(&k_sized, dims(1, 1, 1), dims(b, 1, 1),
                         b * sizeof(int), NULL, args, 3));
  }
  CK(cu2clGetCacheStats(&after));
  unsigned long general = after.hits - before.hits; /* the general program */
  CK(cu2clDeviceReset());
  CK(cu2clHoldSizedBuilds(0));
  CK(cu2clGetCacheStats(&after));
  ck_assert_uint_eq(after.misses + after.builds, before.misses + before.builds);
  ck_assert_uint_eq(after.hits - before.hits, general);
  /* The device works; the sizes load again, with the program: the reset
   * listed them. */
  sized_setup(&d, &units);
  flips = 0;
  ck_assert_int_eq(launch_sized_once(d, units, 256, 1, &flips), 64);
}
END_TEST

START_TEST(test_symbols) {
  enum { N = 16 };
  int *d = NULL, out[N];
  CK(cu2clMalloc((void **)&d, sizeof out));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_SYMBOL, sizeof(void *), &coef},
                     {CU2CL_ARG_SYMBOL, sizeof(void *), &counter}};
  /* First use: the initializer's values, and zeros for counter. */
  CK(cu2clLaunchKernel(&k_coef, dims(1, 1, 1), dims(N, 1, 1), 0, NULL, args,
                       3));
  CK(cu2clMemcpy(out, d, sizeof out, cu2clMemcpyDeviceToHost));
  for (int i = 0; i < N; i++)
    ck_assert_int_eq(out[i], coef_init[i % 4] * (i + 1));
  /* cudaMemcpyToSymbol with an offset, then the kernel sees it. */
  int two[2] = {10, 20};
  CK(cu2clMemcpyToSymbol(&coef, two, sizeof two, sizeof(int),
                         cu2clMemcpyHostToDevice));
  CK(cu2clLaunchKernel(&k_coef, dims(1, 1, 1), dims(N, 1, 1), 0, NULL, args,
                       3));
  CK(cu2clMemcpy(out, d, sizeof out, cu2clMemcpyDeviceToHost));
  const int now[4] = {1, 10, 20, 4};
  for (int i = 0; i < N; i++)
    ck_assert_int_eq(out[i], now[i % 4] * (i + 1));
  int c = 0, back[4];
  CK(cu2clMemcpyFromSymbol(&c, &counter, sizeof c, 0, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(c, 2);
  CK(cu2clMemcpyFromSymbolAsync(back, &coef, sizeof back, 0,
                                cu2clMemcpyDeviceToHost, NULL));
  ck_assert_mem_eq(back, now, sizeof now);
  /* The symbol's address works with ordinary copies, not with cu2clFree. */
  int *addr = NULL;
  size_t size = 0;
  CK(cu2clGetSymbolAddress((void **)&addr, &coef));
  CK(cu2clGetSymbolSize(&size, &coef));
  ck_assert_uint_eq(size, sizeof coef_init);
  CK(cu2clMemcpy(back, addr + 3, sizeof(int), cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(back[0], 4);
  ck_assert_int_eq(cu2clFree(addr), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clMemcpyToSymbol(&coef, two, sizeof two, 3 * sizeof(int),
                                       cu2clMemcpyHostToDevice),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(
      cu2clMemcpyToSymbol(&coef, two, 4, 0, cu2clMemcpyDeviceToHost),
      cu2clErrorInvalidMemcpyDirection);
  ck_assert_int_eq(
      cu2clMemcpyToSymbol(NULL, two, 4, 0, cu2clMemcpyHostToDevice),
      cu2clErrorInvalidSymbol);
  CK(cu2clFree(d));
  cu2clGetLastError();
}
END_TEST

/* _i = 0: the device's own managed mode (fine-grained on PoCL);
 * _i = 1: coarse-grained SVM with map/unmap around device work. */
START_TEST(test_managed_kernel) {
  setenv("CU2CL_MANAGED", _i ? "coarse" : "auto", 1);
  enum { N = 4096 };
  float *m = NULL, s = 2.5f;
  CK(cu2clMallocManaged((void **)&m, N * sizeof(float), cu2clMemAttachGlobal));
  for (int i = 0; i < N; i++)
    m[i] = (float)i;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof m, &m},
                     {CU2CL_ARG_VALUE, sizeof s, &s}};
  for (int round = 0; round < 2; round++) {
    CK(cu2clLaunchKernel(&k_scale, dims(N / 256, 1, 1), dims(256, 1, 1), 0,
                         NULL, args, 2));
    CK(cu2clDeviceSynchronize());
    for (int i = 0; i < N; i += 7)
      ck_assert_float_eq(m[i], (float)i * (round ? 6.25f : 2.5f));
  }
  CK(cu2clFree(m));
}
END_TEST

START_TEST(test_null_devptr_arg) {
  int *null_ptr = NULL, *out = NULL, flag = -1;
  CK(cu2clMalloc((void **)&out, sizeof(int)));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof null_ptr, &null_ptr},
                     {CU2CL_ARG_DEVPTR, sizeof out, &out}};
  CK(cu2clLaunchKernel(&k_is_null, dims(1, 1, 1), dims(1, 1, 1), 0, NULL, args,
                       2));
  CK(cu2clMemcpy(&flag, out, sizeof flag, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(flag, 1);
  CK(cu2clFree(out));
}
END_TEST

/* The same argument alternates between a device pointer and NULL (NVIDIA's
 * driver rejects the launch after such a switch unless the runtime
 * recreates the kernel object), with every launch waited for. */
START_TEST(test_null_after_pointer_arg) {
  setenv("CU2CL_LAUNCH_BLOCKING", "1", 1);
  int *null_ptr = NULL, *data = NULL, *out = NULL, flag = -1;
  CK(cu2clMalloc((void **)&data, sizeof(int)));
  CK(cu2clMalloc((void **)&out, sizeof(int)));
  int *seq[] = {data, null_ptr, data, null_ptr};
  for (int i = 0; i < 4; i++) {
    cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof seq[i], &seq[i]},
                       {CU2CL_ARG_DEVPTR, sizeof out, &out}};
    CK(cu2clLaunchKernel(&k_is_null, dims(1, 1, 1), dims(1, 1, 1), 0, NULL,
                         args, 2));
    CK(cu2clMemcpy(&flag, out, sizeof flag, cu2clMemcpyDeviceToHost));
    ck_assert_int_eq(flag, seq[i] == NULL);
  }
  CK(cu2clFree(data));
  CK(cu2clFree(out));
}
END_TEST

/* ---- program cache --------------------------------------------------------
 */

/* The single .clbin file in cache_dir, or "" when there is none. */
static void cache_entry(char *path, size_t size) {
  DIR *dir = opendir(cache_dir);
  struct dirent *e;
  int found = 0;
  path[0] = '\0';
  while (dir && (e = readdir(dir)) != NULL)
    if (strstr(e->d_name, ".clbin")) {
      snprintf(path, size, "%s/%s", cache_dir, e->d_name);
      found++;
    }
  if (dir)
    closedir(dir);
  ck_assert_int_le(found, 1);
}

static void remove_cache(void) {
  char path[512];
  cache_entry(path, sizeof path);
  if (path[0])
    unlink(path);
  rmdir(cache_dir);
}

static cu2clCacheStats stats(void) {
  cu2clCacheStats s;
  CK(cu2clGetCacheStats(&s));
  return s;
}

START_TEST(test_cache_miss_then_hit) {
  use_fresh_cache();
  CK(cu2clProgramBuild(&program));
  cu2clCacheStats s = stats();
  ck_assert_uint_eq(s.misses, 1);
  ck_assert_uint_eq(s.builds, 1);
  ck_assert_uint_eq(s.stores, 1);
  char path[512];
  cache_entry(path, sizeof path);
  ck_assert_str_ne(path, "");
  /* A reset drops the built program; the next build loads the binary. */
  CK(cu2clDeviceReset());
  CK(cu2clProgramBuild(&program));
  s = stats();
  ck_assert_uint_eq(s.hits, 1);
  ck_assert_uint_eq(s.builds, 1);
  /* ...and the kernel made from it runs. */
  int *d = NULL, out[4], base = 100, n = 4;
  CK(cu2clMalloc((void **)&d, sizeof out));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_VALUE, sizeof base, &base},
                     {CU2CL_ARG_VALUE, sizeof n, &n}};
  CK(cu2clLaunchKernel(&k_fill1d, dims(1, 1, 1), dims(4, 1, 1), 0, NULL, args,
                       3));
  CK(cu2clMemcpy(out, d, sizeof out, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(out[3], 103);
  CK(cu2clFree(d));
  remove_cache();
}
END_TEST

START_TEST(test_cache_corrupt_entry) {
  use_fresh_cache();
  CK(cu2clProgramBuild(&program));
  char path[512];
  cache_entry(path, sizeof path);
  FILE *f = fopen(path, "r+b");
  ck_assert_ptr_nonnull(f);
  fseek(f, 60, SEEK_SET);
  fputs("garbage", f); /* the checksum no longer matches */
  fclose(f);
  CK(cu2clDeviceReset());
  CK(cu2clProgramBuild(&program)); /* ignored, rebuilt, rewritten */
  cu2clCacheStats s = stats();
  ck_assert_uint_eq(s.hits, 0);
  ck_assert_uint_eq(s.misses, 2);
  ck_assert_uint_eq(s.builds, 2);
  ck_assert_uint_eq(s.stores, 2);
  CK(cu2clDeviceReset());
  CK(cu2clProgramBuild(&program));
  ck_assert_uint_eq(stats().hits, 1);
  remove_cache();
}
END_TEST

/* Whether every OpenCL platform here is PoCL (then cu2clrt runs on it). */
static int only_pocl(void) {
  cl_platform_id ps[8];
  cl_uint n = 0;
  if (clGetPlatformIDs(8, ps, &n) != CL_SUCCESS || n == 0)
    return 0;
  for (cl_uint i = 0; i < n && i < 8; i++) {
    char name[256] = "";
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (!strstr(name, "Portable Computing Language"))
      return 0;
  }
  return 1;
}

/* By default PoCL keeps its own kernel cache and cu2clrt's stays out of
 * its way (storing a binary makes PoCL compile every kernel of the
 * program); CU2CL_CACHE=1 turns cu2clrt's on there (the tests above). */
START_TEST(test_cache_default_on_pocl) {
  if (!only_pocl())
    return;
  use_fresh_cache();
  unsetenv("CU2CL_CACHE");
  CK(cu2clProgramBuild(&program));
  cu2clCacheStats s = stats();
  ck_assert_uint_eq(s.builds, 1);
  ck_assert_uint_eq(s.misses + s.hits + s.stores, 0);
  remove_cache();
}
END_TEST

START_TEST(test_cache_disabled) {
  use_fresh_cache();
  setenv("CU2CL_CACHE", "0", 1);
  CK(cu2clProgramBuild(&program));
  cu2clCacheStats s = stats();
  ck_assert_uint_eq(s.builds, 1);
  ck_assert_uint_eq(s.misses + s.hits + s.stores, 0);
  char path[512];
  cache_entry(path, sizeof path);
  ck_assert_str_eq(path, "");
  remove_cache();
}
END_TEST

/* ---- errors ---------------------------------------------------------------
 */

static const char broken_cl[] = "__kernel void broken(__global int *p) {\n"
                                "  p[0] = undeclared_identifier;\n"
                                "}\n";
static cu2clProgram broken = {"broken_program.cl", broken_cl, NULL, NULL};
static cu2clKernelRef k_broken = {&broken, "broken", NULL, NULL};

/* A program whose kernels cu2cl guarded (dev_func.c) is built per kernel
 * at each kernel's first launch: `good` runs although `broken` does not
 * compile, which a build of the whole program would refuse. */
static const char guarded_cl[] =
    "#if !defined(CU2CL_ONLY_KERNELS) || defined(CU2CL_KERNEL_good)\n"
    "__kernel void good(__global int *out) { out[get_global_id(0)] = 5; }\n"
    "#endif\n"
    "#if !defined(CU2CL_ONLY_KERNELS) || defined(CU2CL_KERNEL_bad)\n"
    "__kernel void bad(__global int *out) { this is not OpenCL C; }\n"
    "#endif\n";
static cu2clProgram guarded = {"guarded.cl", guarded_cl, NULL, NULL};
static cu2clKernelRef k_good = {&guarded, "good", NULL, NULL};

START_TEST(test_kernel_built_alone) {
  enum { N = 64 };
  int *d = NULL, out[N];
  setenv("CU2CL_LAZY_BUILD", "1", 1); /* the default on NVIDIA only */
  CK(cu2clMalloc((void **)&d, sizeof out));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d}};
  CK(cu2clLaunchKernel(&k_good, dims(1, 1, 1), dims(N, 1, 1), 0, NULL, args,
                       1));
  CK(cu2clMemcpy(out, d, sizeof out, cu2clMemcpyDeviceToHost));
  for (int i = 0; i < N; i++)
    ck_assert_int_eq(out[i], 5);
  CK(cu2clFree(d));
}
END_TEST

START_TEST(test_build_error) {
  char log_path[] = "/tmp/cu2clrt-stderr-XXXXXX";
  int fd = mkstemp(log_path);
  ck_assert_int_ge(fd, 0);
  close(fd);
  ck_assert_ptr_nonnull(freopen(log_path, "w", stderr));
  setenv("CU2CL_CACHE", "0", 1);
  int *d = NULL;
  CK(cu2clMalloc((void **)&d, 16));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d}};
  ck_assert_int_eq(cu2clLaunchKernel(&k_broken, dims(1, 1, 1), dims(1, 1, 1), 0,
                                     NULL, args, 1),
                   cu2clErrorInvalidKernelImage);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorInvalidKernelImage);
  /* The failure is remembered: no second build, same answer. */
  ck_assert_int_eq(cu2clLaunchKernel(&k_broken, dims(1, 1, 1), dims(1, 1, 1), 0,
                                     NULL, args, 1),
                   cu2clErrorInvalidKernelImage);
  ck_assert_uint_eq(stats().builds, 1);
  fflush(stderr);
  FILE *f = fopen(log_path, "r");
  char text[8192] = "";
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose(f);
  unlink(log_path);
  ck_assert_ptr_nonnull(strstr(text, "broken_program.cl"));
  ck_assert_ptr_nonnull(strstr(text, "undeclared_identifier"));
  CK(cu2clFree(d));
}
END_TEST

START_TEST(test_launch_errors) {
  int *d = NULL, base = 0, n = 1;
  CK(cu2clMalloc((void **)&d, 4096));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_VALUE, sizeof base, &base},
                     {CU2CL_ARG_VALUE, sizeof n, &n}};
  cu2clDeviceProp p;
  CK(cu2clGetDeviceProperties(&p, 0));
  ck_assert_int_eq(cu2clLaunchKernel(&k_fill1d, dims(1, 1, 1), dims(0, 1, 1), 0,
                                     NULL, args, 3),
                   cu2clErrorInvalidConfiguration);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorInvalidConfiguration);
  ck_assert_int_eq(cu2clLaunchKernel(&k_fill1d, dims(1, 1, 1),
                                     dims(p.maxThreadsPerBlock + 1, 1, 1), 0,
                                     NULL, args, 3),
                   cu2clErrorInvalidConfiguration);
  ck_assert_int_eq(cu2clLaunchKernel(&k_fill1d, dims(1, 1, 1), dims(1, 1, 1),
                                     p.sharedMemPerBlock + 1, NULL, args, 3),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clLaunchKernel(&k_fill1d, dims(1, 1, 1), dims(1, 1, 1), 0,
                                     NULL, args, 2),
                   cu2clErrorInvalidValue); /* too few arguments */
  cu2clKernelRef missing = {&program, "no_such_kernel", NULL, NULL};
  ck_assert_int_eq(cu2clLaunchKernel(&missing, dims(1, 1, 1), dims(1, 1, 1), 0,
                                     NULL, args, 3),
                   cu2clErrorInvalidDeviceFunction);
  ck_assert_int_eq(
      cu2clLaunchKernel(NULL, dims(1, 1, 1), dims(1, 1, 1), 0, NULL, args, 3),
      cu2clErrorInvalidDeviceFunction);
  cu2clArg bad_size[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                         {CU2CL_ARG_VALUE, 1, &base},
                         {CU2CL_ARG_VALUE, sizeof n, &n}};
  ck_assert_int_eq(cu2clLaunchKernel(&k_fill1d, dims(1, 1, 1), dims(1, 1, 1), 0,
                                     NULL, bad_size, 3),
                   cu2clErrorInvalidValue);
  /* The kernel still works after the failures. */
  CK(cu2clLaunchKernel(&k_fill1d, dims(1, 1, 1), dims(1, 1, 1), 0, NULL, args,
                       3));
  CK(cu2clDeviceSynchronize());
  CK(cu2clFree(d));
  cu2clGetLastError();
}
END_TEST

static Suite *rt_launch_suite(void) {
  Suite *s = suite_create("rt_launch");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 120);
  tcase_add_test(core, test_launch_1d);
  tcase_add_test(core, test_launch_2d);
  tcase_add_test(core, test_launch_3d_on_stream);
  tcase_add_test(core, test_launch_local_memory);
  tcase_add_test(core, test_sized_shared_memory);
  tcase_add_test(core, test_sized_shared_memory_off);
  tcase_add_test(core, test_sized_shared_memory_reset_while_building);
  tcase_add_test(core, test_sized_shared_memory_cap);
  tcase_add_test(core, test_sized_shared_memory_preload);
  tcase_add_test(core, test_sized_shared_memory_at_the_limit);
  tcase_add_test(core, test_sized_shared_memory_list_at_exit);
  tcase_add_test(core, test_sized_shared_memory_reset_drops_queue);
  tcase_add_test(core, test_symbols);
  tcase_add_loop_test(core, test_managed_kernel, 0, 2);
  tcase_add_test(core, test_null_devptr_arg);
  tcase_add_test(core, test_null_after_pointer_arg);
  tcase_add_test(core, test_arguments_change_between_launches);
  tcase_add_test(core, test_cache_miss_then_hit);
  tcase_add_test(core, test_cache_corrupt_entry);
  tcase_add_test(core, test_cache_disabled);
  tcase_add_test(core, test_cache_default_on_pocl);
  tcase_add_test(core, test_kernel_built_alone);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 120);
  tcase_add_test(errors, test_build_error);
  tcase_add_test(errors, test_launch_errors);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_launch_suite());
  srunner_set_fork_status(sr, CK_FORK); /* device selection is per process */
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
