/*
 * check_rt_prebuild: the launch record (CU2CL_RECORD_LAUNCHES) and the
 * build ahead (cu2clPrebuild), on the local OpenCL device (PoCL here).
 *
 * A build ahead runs in a child process and the "first run" in the test's
 * own, which has not touched OpenCL before, as a port's first run after
 * cu2cl-prebuild would. Whether that run compiled is read off counters and
 * files, never off timings: cu2clrt's cache statistics where its binary
 * store serves (CU2CL_CACHE=1), and on PoCL the files of PoCL's kernel
 * cache (a launch that compiles a work-group function adds one).
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cu2clrt_prebuild.h"

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

static const char source_v1[] =
    "__kernel void fill(__global int *out, int base) {\n"
    "  out[get_global_id(0)] = base + (int)get_global_id(0);\n"
    "}\n";
/* The same kernel after an edit of the .cl: a prebuild of v1 is stale. */
static const char source_v2[] =
    "__kernel void fill(__global int *out, int base) {\n"
    "  out[get_global_id(0)] = 2 * base + (int)get_global_id(0);\n"
    "}\n";

static cu2clProgram program = {"prebuild.cl", source_v1, NULL, NULL};
static cu2clKernelRef k_fill = {&program, "fill", NULL, NULL};

static char dir[256];

/* A fresh directory for the caches and records of this test. */
static void fresh_dir(void) {
  snprintf(dir, sizeof dir, "/tmp/cu2clrt-prebuild-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char path[512];
  snprintf(path, sizeof path, "%s/cl", dir);
  setenv("CU2CL_CACHE_DIR", path, 1);
  snprintf(path, sizeof path, "%s/pocl", dir);
  setenv("POCL_CACHE_DIR", path, 1);
}

static void remove_dir(void) {
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  ck_assert_int_eq(system(cmd), 0);
}

/* Launches fill with `groups` blocks of `block` and checks element 1. */
static int launch_fill(unsigned groups, unsigned block, int base) {
  size_t n = (size_t)groups * block;
  int *d = NULL, out[2];
  if (cu2clMalloc((void **)&d, n * sizeof(int)) != cu2clSuccess)
    return -1;
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                     {CU2CL_ARG_VALUE, sizeof base, &base}};
  dim3 grid = {groups, 1, 1}, threads = {block, 1, 1};
  int ok =
      cu2clLaunchKernel(&k_fill, grid, threads, 0, NULL, args, 2) ==
          cu2clSuccess &&
      cu2clMemcpy(out, d, sizeof out, cu2clMemcpyDeviceToHost) == cu2clSuccess;
  cu2clFree(d);
  return ok ? out[1] : -1;
}

/* Runs fn in a child process (its own runtime) and checks it exited 0. */
static void in_child(int (*fn)(void)) {
  pid_t child = fork();
  ck_assert_int_ge(child, 0);
  if (child == 0)
    exit(fn());
  int status = 0;
  ck_assert_int_eq(waitpid(child, &status, 0), child);
  ck_assert(WIFEXITED(status));
  ck_assert_int_eq(WEXITSTATUS(status), 0);
}

static char record[600];

static const char *grid_class; /* CU2CL_PREBUILD_GRID, NULL: unset */

static int prebuild_v1(void) {
  program.source = source_v1;
  if (grid_class)
    setenv("CU2CL_PREBUILD_GRID", grid_class, 1);
  return cu2clPrebuild(&program, record[0] ? record : NULL) != cu2clSuccess;
}

/* A run recording its launches: one narrow grid, one 65536 wide. */
static int recorded_run(void) {
  return launch_fill(2, 64, 5) != 6 || launch_fill(1024, 64, 5) != 6;
}

/* Number of files below PoCL's program directories (PoCL also leaves an
 * empty temporary file at its cache's top at every run: not counted). */
static int pocl_files(void) {
  char cmd[600];
  snprintf(cmd, sizeof cmd, "find '%s/pocl' -mindepth 2 -type f | wc -l", dir);
  FILE *p = popen(cmd, "r");
  int n = -1;
  if (p && fscanf(p, "%d", &n) != 1)
    n = -1;
  if (p)
    pclose(p);
  return n;
}

static cu2clCacheStats stats(void) {
  cu2clCacheStats s;
  ck_assert_int_eq(cu2clGetCacheStats(&s), cu2clSuccess);
  return s;
}

/* ---- the launch record ---------------------------------------------------
 */

START_TEST(test_record_lines) {
  fresh_dir();
  setenv("CU2CL_RECORD_LAUNCHES", dir, 1);
  in_child(recorded_run);
  in_child(recorded_run); /* a second run adds nothing new */
  snprintf(record, sizeof record, "%s/prebuild.cl.launches", dir);
  FILE *f = fopen(record, "r");
  ck_assert_ptr_nonnull(f);
  char text[256] = "";
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  ck_assert_str_eq(text, "fill 64 1 1 large 0\nfill 64 1 1 small 0\n");
  remove_dir();
}
END_TEST

/* ---- cu2clrt's binary store ----------------------------------------------
 */

/* A program built ahead is loaded, not built, by the first run. */
START_TEST(test_prebuilt_program_loaded) {
  fresh_dir();
  setenv("CU2CL_CACHE", "1", 1);
  record[0] = '\0';
  in_child(prebuild_v1);
  program.source = source_v1;
  ck_assert_int_eq(launch_fill(1, 4, 10), 11);
  cu2clCacheStats s = stats();
  ck_assert_uint_eq(s.builds, 0);
  ck_assert_uint_eq(s.hits, 1);
  remove_dir();
}
END_TEST

/* After an edit of the source the prebuilt binary is not used: the run
 * builds the new source and computes what it says. */
START_TEST(test_stale_prebuild_not_used) {
  fresh_dir();
  setenv("CU2CL_CACHE", "1", 1);
  record[0] = '\0';
  in_child(prebuild_v1);
  program.source = source_v2;
  ck_assert_int_eq(launch_fill(1, 4, 10), 21);
  cu2clCacheStats s = stats();
  ck_assert_uint_eq(s.builds, 1);
  ck_assert_uint_eq(s.hits, 0);
  remove_dir();
}
END_TEST

/* ---- PoCL's kernel cache -------------------------------------------------
 */

/* On PoCL (cu2clrt's store off, its default there): the recorded shapes'
 * work-group functions are built ahead, so the first run's launches of
 * those shapes add nothing to PoCL's cache, while a shape not recorded
 * does (the check can tell). */
START_TEST(test_pocl_shapes_prebuilt) {
  fresh_dir();
  unsetenv("CU2CL_CACHE");
  setenv("CU2CL_RECORD_LAUNCHES", dir, 1);
  in_child(recorded_run);
  unsetenv("CU2CL_RECORD_LAUNCHES");
  snprintf(record, sizeof record, "%s/prebuild.cl.launches", dir);
  char recorded_in[256];
  snprintf(recorded_in, sizeof recorded_in, "%s", dir);
  fresh_dir();          /* empty caches for the build ahead and the first run */
  grid_class = "small"; /* one class per process, as cu2cl-prebuild does */
  in_child(prebuild_v1);
  grid_class = "large";
  in_child(prebuild_v1);
  int before = pocl_files();
  ck_assert_int_gt(before, 0);
  program.source = source_v1;
  ck_assert_int_eq(launch_fill(2, 64, 5), 6);
  ck_assert_int_eq(launch_fill(1024, 64, 5), 6);
  ck_assert_int_eq(pocl_files(), before);
  ck_assert_int_eq(launch_fill(2, 32, 5), 6); /* not recorded */
  ck_assert_int_gt(pocl_files(), before);
  remove_dir();
  snprintf(dir, sizeof dir, "%s", recorded_in);
  remove_dir();
}
END_TEST

/* ---- cu2clrt's own programs ----------------------------------------------
 */

/* A sum of 1..n through the device algorithms (cu2clrt's int program). */
static int algo_run(void) {
  enum { N = 4096 };
  int h[N], *d = NULL, sum = 0;
  for (int i = 0; i < N; i++)
    h[i] = i + 1;
  if (cu2clMalloc((void **)&d, sizeof h) != cu2clSuccess ||
      cu2clMemcpy(d, h, sizeof h, cu2clMemcpyHostToDevice) != cu2clSuccess ||
      cu2clAlgoReduce(NULL, cu2clAlgoInt, cu2clAlgoSum, d, N, NULL, &sum) !=
          cu2clSuccess)
    return 1;
  cu2clFree(d);
  return sum != N * (N + 1) / 2;
}

static cu2clProgram *algo_program;

static int prebuild_algo(void) {
  if (grid_class)
    setenv("CU2CL_PREBUILD_GRID", grid_class, 1);
  return cu2clPrebuild(algo_program, record) != cu2clSuccess;
}

/* The device algorithms' launches are recorded under their program's name,
 * and that program built ahead from the record: a first run that uses them
 * adds nothing to PoCL's cache. */
START_TEST(test_runtime_program_prebuilt) {
  algo_program = cu2clRuntimeProgram(0);
  ck_assert_ptr_nonnull(algo_program);
  ck_assert_str_eq(algo_program->name, "cu2clrt_algo_int.cl");
  int n = 0;
  while (cu2clRuntimeProgram(n))
    n++;
  ck_assert_int_eq(n, 6); /* one per cu2clAlgoType */
  fresh_dir();
  unsetenv("CU2CL_CACHE");
  setenv("CU2CL_RECORD_LAUNCHES", dir, 1);
  in_child(algo_run);
  unsetenv("CU2CL_RECORD_LAUNCHES");
  snprintf(record, sizeof record, "%s/cu2clrt_algo_int.cl.launches", dir);
  ck_assert_int_eq(access(record, R_OK), 0);
  char recorded_in[256];
  snprintf(recorded_in, sizeof recorded_in, "%s", dir);
  fresh_dir();
  grid_class = "small";
  in_child(prebuild_algo);
  grid_class = "large";
  in_child(prebuild_algo);
  int before = pocl_files();
  ck_assert_int_gt(before, 0);
  ck_assert_int_eq(algo_run(), 0);
  ck_assert_int_eq(pocl_files(), before);
  remove_dir();
  snprintf(dir, sizeof dir, "%s", recorded_in);
  remove_dir();
}
END_TEST

/* ---- programs sized for dynamic shared memory -----------------------------
 */

/* A kernel whose dynamic shared memory a program can build in, as cu2cl
 * emits it (emit_device.c): it tells which size it was built with. */
static const char sized_cl[] =
    "typedef struct { uint w[4]; } cu2cl_shared_unit;\n"
    "__kernel void sized(__global int *units\n"
    "#ifndef CU2CL_DYNAMIC_SHARED_UNITS\n"
    "    , __local cu2cl_shared_unit *cu2cl_dynamic_shared_param\n"
    "#endif\n"
    "    ) {\n"
    "#ifdef CU2CL_DYNAMIC_SHARED_UNITS\n"
    "  if (get_global_id(0) == 0) units[0] = CU2CL_DYNAMIC_SHARED_UNITS;\n"
    "#else\n"
    "  if (get_global_id(0) == 0) units[0] = 0;\n"
    "#endif\n"
    "}\n";
static cu2clProgram sized_program = {"sized.cl", sized_cl, NULL, NULL};
static cu2clKernelRef k_sized = {&sized_program, "sized", NULL, NULL};

static int prebuild_sized(void) {
  return cu2clPrebuild(&sized_program, record) != cu2clSuccess;
}

/* Where sized programs are on (NVIDIA's default; forced here, with
 * cu2clrt's store), a recorded size is built ahead and listed, so the first
 * run's first launch of that size runs its own program, built by no one. */
START_TEST(test_sized_program_prebuilt) {
  fresh_dir();
  setenv("CU2CL_CACHE", "1", 1);
  setenv("CU2CL_SIZED_SHARED", "1", 1);
  snprintf(record, sizeof record, "%s/sized.cl.launches", dir);
  FILE *f = fopen(record, "w");
  ck_assert_ptr_nonnull(f);
  fputs("sized 64 1 1 small 16\n", f); /* 256 bytes */
  fclose(f);
  in_child(prebuild_sized);
  int *units = NULL, seen = -1;
  CK(cu2clMalloc((void **)&units, sizeof(int)));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof units, &units},
                     {CU2CL_ARG_LOCAL, 256, NULL}};
  dim3 grid = {2, 1, 1}, block = {64, 1, 1};
  CK(cu2clLaunchKernel(&k_sized, grid, block, 256, NULL, args, 2));
  CK(cu2clMemcpy(&seen, units, sizeof seen, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(seen, 16);
  cu2clCacheStats s = stats();
  ck_assert_uint_eq(s.builds, 0);
  CK(cu2clFree(units));
  remove_dir();
}
END_TEST

/* ---- errors --------------------------------------------------------------
 */

START_TEST(test_bad_record) {
  fresh_dir();
  snprintf(record, sizeof record, "%s/bad.launches", dir);
  FILE *f = fopen(record, "w");
  ck_assert_ptr_nonnull(f);
  fputs("fill 64 1\n", f);
  fclose(f);
  ck_assert_int_eq(cu2clPrebuild(&program, record), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clPrebuild(NULL, NULL), cu2clErrorInvalidValue);
  remove_dir();
}
END_TEST

static Suite *rt_prebuild_suite(void) {
  Suite *s = suite_create("rt_prebuild");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 240);
  tcase_add_test(core, test_record_lines);
  tcase_add_test(core, test_prebuilt_program_loaded);
  tcase_add_test(core, test_stale_prebuild_not_used);
  tcase_add_test(core, test_pocl_shapes_prebuilt);
  tcase_add_test(core, test_runtime_program_prebuilt);
  tcase_add_test(core, test_sized_program_prebuilt);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_test(errors, test_bad_record);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_prebuild_suite());
  srunner_set_fork_status(sr, CK_FORK); /* device selection is per process */
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
