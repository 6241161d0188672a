/*
 * check_rt_warp: the runtime's side of warp operations — the path chosen
 * per device (CU2CL_WARP, automatic choice), the build options that carry
 * it, clear errors for a forced path the device cannot take, the launch
 * check of warp kernels, and warp kernels launched through
 * cu2clLaunchKernel checked against the model of tests/warp_model.h.
 *
 * Every test runs in its own process (CK_FORK is forced): the path is fixed
 * when the runtime initializes. Tests that check messages send stderr to a
 * file first.
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu2clrt.h"
#include "warp_model.h"

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

/* ---- sources ---------------------------------------------------------------
 */

/* rules/prelude.cl, found from this file's path (CMake compiles it by its
 * absolute name). Caller frees. */
static char *read_prelude(void) {
  const char *here = __FILE__, *slash = strrchr(here, '/');
  char path[4096];
  snprintf(path, sizeof path, "%.*s/../rules/prelude.cl",
           slash ? (int)(slash - here) : 1, slash ? here : ".");
  FILE *f = fopen(path, "rb");
  ck_assert_msg(f != NULL, "cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = calloc((size_t)n + 1, 1);
  ck_assert_uint_eq(fread(s, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  return s;
}

/* prelude + the model's test kernels + extra. Caller frees. */
static char *warp_program_source(const char *extra) {
  char *pre = read_prelude(), *kernels = warp_test_source();
  size_t n = strlen(pre) + strlen(kernels) + strlen(extra) + 3;
  char *s = malloc(n);
  snprintf(s, n, "%s\n%s\n%s", pre, kernels, extra);
  free(pre);
  free(kernels);
  return s;
}

/* Without the prelude: what the runtime itself defined for the build. */
static const char probe_cl[] =
    "__kernel void probe(__global int *out) {\n"
    "#if defined(CU2CL_WARP_EMULATE)\n  out[0] = 1;\n"
    "#elif defined(CU2CL_WARP_SUBGROUP)\n  out[0] = 2;\n"
    "#elif defined(CU2CL_WARP_PTX)\n  out[0] = 3;\n"
    "#else\n  out[0] = 0;\n#endif\n"
    "#ifdef CU2CL_WARP_SCRATCH_SIZE\n  out[1] = CU2CL_WARP_SCRATCH_SIZE;\n"
    "#else\n  out[1] = -1;\n#endif\n"
    "}\n";
static cu2clProgram probe_program = {"probe.cl", probe_cl, NULL, NULL};
static cu2clKernelRef k_probe = {&probe_program, "probe", NULL, NULL};

/* {path, scratch size} the runtime built probe.cl with. */
static void probe_path(int out[2]) {
  int *d = NULL;
  CK(cu2clMalloc((void **)&d, 2 * sizeof(int)));
  cu2clArg a = {CU2CL_ARG_DEVPTR, sizeof d, &d};
  dim3 one = {1, 1, 1};
  CK(cu2clLaunchKernel(&k_probe, one, one, 0, 0, &a, 1));
  CK(cu2clMemcpy(out, d, 2 * sizeof(int), cu2clMemcpyDeviceToHost));
  CK(cu2clFree(d));
}

/* Whether the first device offers what the sub-group path needs (the
 * runtime also wants sub-group size 32). */
static int device_has_sub_group_extensions(void) {
  cl_platform_id plat;
  cl_device_id dev;
  char ext[8192] = "";
  clGetPlatformIDs(1, &plat, NULL);
  clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
  clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof ext - 1, ext, NULL);
  return strstr(ext, "cl_khr_subgroup_shuffle") &&
         strstr(ext, "cl_khr_subgroup_ballot") &&
         strstr(ext, "cl_intel_required_subgroup_size");
}

/* ---- stderr capture --------------------------------------------------------
 */

static char captured_path[] = "/tmp/check_rt_warp_XXXXXX";

static void capture_stderr(void) {
  int fd = mkstemp(captured_path);
  ck_assert_int_ge(fd, 0);
  fflush(stderr);
  dup2(fd, 2);
  close(fd);
}

/* What went to stderr since capture_stderr. Caller frees. */
static char *captured(void) {
  fflush(stderr);
  FILE *f = fopen(captured_path, "rb");
  char *s = calloc(1 << 16, 1);
  size_t n = f ? fread(s, 1, (1 << 16) - 1, f) : 0;
  s[n] = '\0';
  if (f)
    fclose(f);
  unlink(captured_path);
  return s;
}

/* ---- the model's kernels through cu2clLaunchKernel --------------------------
 */

typedef struct rt_backend {
  cu2clProgram program;
  cu2clKernelRef refs[WM_NTYPES + 1]; /* static per kernel: state cache */
} rt_backend;

static cu2clKernelRef *kernel_ref(rt_backend *b, const char *name) {
  for (int i = 0; i <= WM_NTYPES; i++) {
    if (!b->refs[i].name) {
      b->refs[i].program = &b->program;
      b->refs[i].name = strdup(name); /* the runner reuses its buffer */
    }
    if (strcmp(b->refs[i].name, name) == 0)
      return &b->refs[i];
  }
  return NULL;
}

static int rt_run(void *p, const char *name, unsigned bx, unsigned by,
                  unsigned nblocks, const uint64_t *in, size_t nin,
                  const int32_t *params, uint64_t *out, size_t nout) {
  void *d[3] = {NULL, NULL, NULL};
  size_t sizes[3] = {nin * 8, 16, nout * 8};
  const void *src[3] = {in, params, out};
  for (int i = 0; i < 3; i++) {
    CK(cu2clMalloc(&d[i], sizes[i]));
    CK(cu2clMemcpy(d[i], src[i], sizes[i], cu2clMemcpyHostToDevice));
  }
  cu2clArg args[3];
  for (int i = 0; i < 3; i++)
    args[i] = (cu2clArg){CU2CL_ARG_DEVPTR, sizeof d[i], &d[i]};
  dim3 grid = {nblocks, 1, 1}, block = {bx, by, 1};
  cu2clError_t err = cu2clLaunchKernel(kernel_ref(p, name), grid, block, 0, 0,
                                       args, 3);
  if (err == cu2clSuccess)
    err = cu2clMemcpy(out, d[2], sizes[2], cu2clMemcpyDeviceToHost);
  for (int i = 0; i < 3; i++)
    CK(cu2clFree(d[i]));
  if (err != cu2clSuccess)
    fprintf(stderr, "%s: %s\n", name, cu2clGetErrorName(err));
  return err != cu2clSuccess;
}

/* Shapes for the runtime tests: whole warps, a partial warp, 2-D (the full
 * set runs in check_warp; these show the runtime's path computes right). */
static const warp_config rt_configs[] = {{64, 1}, {48, 1}, {8, 6}};

static int run_model_checks(void) {
  char *src = warp_program_source("");
  rt_backend b = {{"warp_model.cl", src, NULL, NULL}, {{0}}};
  warp_backend be = {&b, rt_run, 1, 0, stderr};
  int fails = warp_check_misc(&be, rt_configs, 3) +
              warp_check_types(&be, rt_configs, 3,
                               1u << WM_INT | 1u << WM_DOUBLE);
  CK(cu2clDeviceReset()); /* the kernels made from b's references go */
  for (int i = 0; i <= WM_NTYPES; i++)
    free((char *)b.refs[i].name);
  free(src);
  return fails;
}

/* ---- Core ----------------------------------------------------------------- */

START_TEST(test_automatic_path) {
  unsetenv("CU2CL_WARP");
  int got[2];
  probe_path(got);
  int want = device_has_sub_group_extensions() ? 2 : 1; /* PoCL 3.1: 1 */
  ck_assert_int_eq(got[0], want);
  if (want == 1) /* one slot per work-item of a CUDA block */
    ck_assert_int_eq(got[1], 1024);
}
END_TEST

START_TEST(test_forced_emulation) {
  setenv("CU2CL_WARP", "emulate", 1);
  int got[2];
  probe_path(got);
  ck_assert_int_eq(got[0], 1);
  ck_assert_int_ge(got[1], 32);
  ck_assert_int_le(got[1], 1024);
  ck_assert_int_eq(run_model_checks(), 0);
}
END_TEST

/* On PoCL 3.1 automatic means the emulation; elsewhere whatever the device
 * offers: the results must be CUDA's either way. */
START_TEST(test_automatic_path_semantics) {
  unsetenv("CU2CL_WARP");
  ck_assert_int_eq(run_model_checks(), 0);
}
END_TEST

/* The sub-group path, forced, where the device has it (PoCL 5 and later,
 * Intel's GPUs): the model's answers, blocks of 48 (a partial last warp)
 * and 8x6 included, come out as CUDA's. On a device without sub-groups
 * the forced path is refused instead (test_forced_subgroup_without_...). */
START_TEST(test_forced_subgroup_semantics) {
  if (!device_has_sub_group_extensions())
    return;
  setenv("CU2CL_WARP", "subgroup", 1);
  int got[2];
  probe_path(got);
  ck_assert_int_eq(got[0], 2);
  ck_assert_int_eq(run_model_checks(), 0);
}
END_TEST

START_TEST(test_debug_names_the_path) {
  setenv("CU2CL_WARP", "emulate", 1);
  setenv("CU2CL_DEBUG", "1", 1);
  setenv("CU2CL_CACHE", "0", 1); /* build, so that the options are logged */
  capture_stderr();
  int got[2];
  probe_path(got);
  char *log = captured();
  ck_assert_msg(strstr(log, "warp operations use the emulate path") != NULL,
                "%s", log);
  ck_assert_msg(strstr(log, "-D CU2CL_WARP_EMULATE=1") != NULL, "%s", log);
  free(log);
}
END_TEST

/* CUDA's float division and sqrtf are correctly rounded: programs build
 * with -cl-fp32-correctly-rounded-divide-sqrt where the device can. */
START_TEST(test_exact_division_option) {
  cl_platform_id plat;
  cl_device_id dev;
  cl_device_fp_config fp = 0;
  clGetPlatformIDs(1, &plat, NULL);
  clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
  clGetDeviceInfo(dev, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL);
  setenv("CU2CL_DEBUG", "1", 1);
  setenv("CU2CL_CACHE", "0", 1); /* build, so that the options are logged */
  capture_stderr();
  int got[2];
  probe_path(got);
  char *log = captured();
  int has = strstr(log, "-cl-fp32-correctly-rounded-divide-sqrt") != NULL;
  ck_assert_msg(has == ((fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0),
                "%s", log);
  free(log);
}
END_TEST

/* Only kernels declared CU2CL_WARP_KERNEL get the warp checks. */
static const char plain_cl[] =
    "__kernel void plain(__global int *out) {\n"
    "  out[get_global_id(0)] = (int)get_local_size(0);\n}\n"
    "CU2CL_WARP_KERNEL __kernel void with_warp(__global int *out) {\n"
    "  __local ulong cu2cl_warp_scratch[CU2CL_WARP_SCRATCH_SIZE];\n"
    "  out[get_global_id(0)] = (int)cu2cl_ballot(cu2cl_warp_scratch,\n"
    "                                            0xffffffffu, 1);\n}\n";

static cu2clError_t launch_block(const char *name, unsigned threads) {
  static cu2clProgram prog = {"plain.cl", NULL, NULL, NULL};
  static cu2clKernelRef refs[2] = {{&prog, "plain", NULL, NULL},
                                   {&prog, "with_warp", NULL, NULL}};
  if (!prog.source) {
    char *pre = read_prelude();
    size_t n = strlen(pre) + sizeof plain_cl + 2;
    char *s = malloc(n);
    snprintf(s, n, "%s\n%s", pre, plain_cl);
    free(pre);
    prog.source = s; /* lives as long as the test process */
  }
  int *d = NULL;
  CK(cu2clMalloc((void **)&d, threads * sizeof(int)));
  cu2clArg a = {CU2CL_ARG_DEVPTR, sizeof d, &d};
  dim3 grid = {1, 1, 1}, block = {threads, 1, 1};
  cu2clError_t err = cu2clLaunchKernel(&refs[strcmp(name, "plain") != 0], grid,
                                       block, 0, 0, &a, 1);
  CK(cu2clDeviceSynchronize());
  CK(cu2clFree(d));
  return err;
}

START_TEST(test_warp_kernel_blocks_within_scratch) {
  setenv("CU2CL_WARP", "emulate", 1);
  ck_assert_int_eq(launch_block("with_warp", 1024), cu2clSuccess);
  ck_assert_int_eq(launch_block("with_warp", 1024), cu2clSuccess);
  ck_assert_int_eq(launch_block("plain", 2048), cu2clSuccess);
}
END_TEST

/* ---- Errors --------------------------------------------------------------- */

/* A forced path the device cannot take fails every build with a message
 * that names the device and what it lacks. */
static void expect_forced_failure(const char *value, const char *what) {
  setenv("CU2CL_WARP", value, 1);
  capture_stderr();
  char *src = warp_program_source("");
  cu2clProgram prog = {"forced.cl", src, NULL, NULL};
  cu2clKernelRef ref = {&prog, "warp_misc", NULL, NULL};
  ck_assert_int_eq(cu2clProgramBuild(&prog), cu2clErrorInvalidKernelImage);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorInvalidKernelImage);
  void *d = NULL;
  CK(cu2clMalloc(&d, 64));
  cu2clArg a[3] = {{CU2CL_ARG_DEVPTR, sizeof d, &d},
                   {CU2CL_ARG_DEVPTR, sizeof d, &d},
                   {CU2CL_ARG_DEVPTR, sizeof d, &d}};
  dim3 one = {1, 1, 1}, block = {32, 1, 1};
  ck_assert_int_eq(cu2clLaunchKernel(&ref, one, block, 0, 0, a, 3),
                   cu2clErrorInvalidKernelImage);
  char *log = captured();
  cu2clDeviceProp prop;
  CK(cu2clGetDeviceProperties(&prop, 0));
  ck_assert_msg(strstr(log, what) != NULL, "no '%s' in:\n%s", what, log);
  ck_assert_msg(strstr(log, prop.name) != NULL, "device not named:\n%s", log);
  ck_assert_msg(strstr(log, "forced.cl") != NULL, "program not named:\n%s",
                log);
  CK(cu2clFree(d));
  free(log);
  free(src);
}

START_TEST(test_forced_subgroup_without_sub_groups) {
  if (device_has_sub_group_extensions())
    return; /* a device with sub-groups: nothing to refuse */
  expect_forced_failure("subgroup", "lacks cl_khr_subgroups");
}
END_TEST

START_TEST(test_forced_ptx_off_nvidia) {
  expect_forced_failure("ptx", "not on NVIDIA's OpenCL platform");
}
END_TEST

START_TEST(test_unknown_path_value) {
  expect_forced_failure("fast", "CU2CL_WARP=fast is not one of");
}
END_TEST

/* The emulation's scratch holds 1024 work-items: a larger block of a warp
 * kernel (possible on PoCL, whose limit is 4096) is refused, loudly. */
START_TEST(test_block_beyond_scratch) {
  setenv("CU2CL_WARP", "emulate", 1);
  capture_stderr();
  cu2clError_t err = launch_block("with_warp", 2048);
  char *log = captured();
  ck_assert_int_eq(err, cu2clErrorInvalidConfiguration);
  ck_assert_msg(strstr(log, "with_warp") && strstr(log, "2048"), "%s", log);
  free(log);
}
END_TEST

static Suite *rt_warp_suite(void) {
  Suite *s = suite_create("rt_warp");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 240);
  tcase_add_test(core, test_automatic_path);
  tcase_add_test(core, test_forced_emulation);
  tcase_add_test(core, test_automatic_path_semantics);
  tcase_add_test(core, test_forced_subgroup_semantics);
  tcase_add_test(core, test_debug_names_the_path);
  tcase_add_test(core, test_exact_division_option);
  tcase_add_test(core, test_warp_kernel_blocks_within_scratch);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 120);
  tcase_add_test(errors, test_forced_subgroup_without_sub_groups);
  tcase_add_test(errors, test_forced_ptx_off_nvidia);
  tcase_add_test(errors, test_unknown_path_value);
  tcase_add_test(errors, test_block_beyond_scratch);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_warp_suite());
  srunner_set_fork_status(sr, CK_FORK); /* the path is chosen per process */
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
