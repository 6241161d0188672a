/*
 * check_warp: the "Warp-level operations" section of rules/prelude.cl.
 *
 * The emulation path (the one PoCL 3.1 gets: it has no sub-groups) runs
 * every warp helper in test kernels (tests/warp_model.h) on blocks of 32,
 * 64, 96 and 48 work-items and on 2-D blocks, with every shuffle width,
 * every type and several masks, and each result is compared with a host
 * model of CUDA's semantics. The sub-group and PTX paths cannot run here;
 * they are compiled with libclang (OpenCL C 3.0 with the sub-group
 * extensions; the nvptx64 target for PTX's inline-asm constraints) and,
 * where clang-22 and the CUDA toolkit's ptxas are installed, the PTX path
 * is compiled to PTX and assembled, which checks the instructions
 * themselves. The semantics of those paths are checked on a GPU machine
 * (docs/runtime.md, "Warp-level operations").
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <check.h>
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cl_fixture.h"
#include "util.h"
#include "warp_model.h"

#define FEATURES "-DCU2CL_DEVICE_HAS_FP64=1 -DCU2CL_DEVICE_HAS_INT64_ATOMICS=1"
#define EMULATE "-DCU2CL_WARP_EMULATE=1 -DCU2CL_WARP_SCRATCH_SIZE=1024"
#define PTXAS "/usr/local/cuda/bin/ptxas"

/* ---- OpenCL plumbing ---------------------------------------------------- */

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue queue;

static void cl_setup(void) {
  clfx_open(&dev, &ctx, &queue);
}

static void cl_teardown(void) {
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
}

/* The prelude followed by body. Caller frees. */
static char *with_prelude(const char *body) {
  char *pre = read_file(CU2CL_SOURCE_DIR "/rules/prelude.cl", NULL);
  ck_assert_msg(pre != NULL, "cannot read rules/prelude.cl");
  char *s = xasprintf("%s\n%s", pre, body);
  free(pre);
  return s;
}

/* Builds prelude + body; NULL on failure with the log in *log (always set;
 * caller frees). */
static cl_program build(const char *body, const char *opts, char **log) {
  char *src = with_prelude(body);
  const char *s = src;
  cl_int err;
  cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  err = clBuildProgram(p, 1, &dev, opts, NULL, NULL);
  size_t n = 0;
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
  *log = xcalloc(n + 1, 1);
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, n, *log, NULL);
  free(src);
  if (err != CL_SUCCESS) {
    clReleaseProgram(p);
    return NULL;
  }
  return p;
}

static cl_program build_test_kernels(void) {
  char *body = warp_test_source(), *log = NULL;
  cl_program p = build(body, "-cl-std=CL1.2 " FEATURES " " EMULATE, &log);
  ck_assert_msg(p != NULL, "test kernels fail to build:\n%.4000s", log);
  ck_assert_msg(!strstr(log, "warning"), "warnings:\n%.4000s", log);
  free(log);
  free(body);
  return p;
}

static cl_mem buffer(size_t size, const void *init) {
  cl_int err;
  cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size,
                            (void *)init, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  return m;
}

/* warp_backend.run on the OpenCL device: a 2-D NDRange of nblocks blocks
 * along x, each bx by by. */
static int cl_run(void *p, const char *name, unsigned bx, unsigned by,
                  unsigned nblocks, const uint64_t *in, size_t nin,
                  const int32_t *params, uint64_t *out, size_t nout) {
  cl_int err;
  cl_kernel k = clCreateKernel((cl_program)p, name, &err);
  ck_assert_msg(err == CL_SUCCESS, "no kernel %s", name);
  cl_mem bufs[3] = {buffer(nin * 8, in), buffer(16, params),
                    buffer(nout * 8, out)};
  for (cl_uint i = 0; i < 3; i++)
    ck_assert_int_eq(clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]),
                     CL_SUCCESS);
  size_t global[2] = {(size_t)bx * nblocks, by}, local[2] = {bx, by};
  err = clEnqueueNDRangeKernel(queue, k, 2, NULL, global, local, 0, NULL, NULL);
  if (err == CL_SUCCESS)
    err = clEnqueueReadBuffer(queue, bufs[2], CL_TRUE, 0, nout * 8, out, 0,
                              NULL, NULL);
  for (int i = 0; i < 3; i++)
    clReleaseMemObject(bufs[i]);
  clReleaseKernel(k);
  if (err != CL_SUCCESS)
    fprintf(stderr, "%s: OpenCL error %d\n", name, err);
  return err != CL_SUCCESS;
}

static warp_backend pocl_backend(cl_program p) {
  warp_backend be = {p, cl_run, 1, 0, stderr};
  return be;
}

/* ---- Core: the emulation against the model ------------------------------ */

/* Each block shape costs PoCL a compilation per kernel (2-D ones several
 * seconds), so every type kernel runs on two whole warps and on a partial
 * last warp, and int, long and double (both widths, both halves of a
 * 64-bit move) also on a 2-D block 8x6 whose warps span rows and whose
 * second warp is partial. warp_misc runs on all of wm_configs. */
static const warp_config type_configs[] = {{64, 1}, {48, 1}, {8, 6}};

START_TEST(test_emulate_shuffles_matches_tiles) {
  cl_program p = build_test_kernels();
  warp_backend be = pocl_backend(p);
  int with_2d = _i == WM_INT || _i == WM_LONG || _i == WM_DOUBLE;
  int fails = warp_check_types(&be, type_configs, with_2d ? 3 : 2, 1u << _i);
  ck_assert_msg(fails == 0, "warp_%s: %d failing cases (details above)",
                wm_type_names[_i], fails);
  clReleaseProgram(p);
}
END_TEST

START_TEST(test_emulate_votes_reductions_ids) {
  cl_program p = build_test_kernels();
  warp_backend be = pocl_backend(p);
  int fails = warp_check_misc(&be, wm_configs, WM_NCONFIGS);
  ck_assert_msg(fails == 0, "warp_misc: %d failing cases (details above)",
                fails);
  clReleaseProgram(p);
}
END_TEST

/* The checks can fail: a backend that corrupts one result is caught. */
static int corrupting_run(void *p, const char *name, unsigned bx, unsigned by,
                          unsigned nblocks, const uint64_t *in, size_t nin,
                          const int32_t *params, uint64_t *out, size_t nout) {
  int r = cl_run(p, name, bx, by, nblocks, in, nin, params, out, nout);
  out[nout / 2] ^= 1u << 3;
  return r;
}

START_TEST(test_model_catches_a_wrong_result) {
  cl_program p = build_test_kernels();
  warp_backend be = {p, corrupting_run, 1, 0, NULL};
  const warp_config one[] = {{64, 1}};
  ck_assert_int_gt(warp_check_misc(&be, one, 1), 0);
  ck_assert_int_gt(warp_check_types(&be, one, 1, 1u << WM_LONG), 0);
  clReleaseProgram(p);
}
END_TEST

/* A warp reduction written the usual way (shuffles in a loop inside a
 * device function) over a block of 96: three sums, one per warp. */
START_TEST(test_emulate_warp_reduce_idiom) {
  static const char body[] =
      "float warp_sum(float v, __local ulong *ws) {\n"
      "  for (int o = 16; o > 0; o >>= 1)\n"
      "    v += cu2cl_shfl_down_float(ws, 0xffffffffu, v, (uint)o, 32);\n"
      "  return v;\n"
      "}\n"
      "CU2CL_WARP_KERNEL __kernel void k(__global float *out) {\n"
      "  __local ulong cu2cl_warp_scratch[CU2CL_WARP_SCRATCH_SIZE];\n"
      "  uint i = cu2cl_local_linear_id();\n"
      "  float s = warp_sum((float)i, cu2cl_warp_scratch);\n"
      "  if (cu2cl_lane_id() == 0) out[cu2cl_warp_id()] = s;\n"
      "}\n";
  char *log;
  cl_program p = build(body, "-cl-std=CL1.2 " EMULATE, &log);
  ck_assert_msg(p != NULL, "%s", log);
  free(log);
  float out[3] = {0};
  cl_mem m = buffer(sizeof out, out);
  cl_int err;
  cl_kernel k = clCreateKernel(p, "k", &err);
  clSetKernelArg(k, 0, sizeof m, &m);
  size_t g = 96, l = 96;
  ck_assert_int_eq(
      clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, &l, 0, NULL, NULL),
      CL_SUCCESS);
  clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
  for (int w = 0; w < 3; w++) /* sum of 32w .. 32w+31 */
    ck_assert_float_eq(out[w], (float)(32 * 32 * w + 496));
  clReleaseKernel(k);
  clReleaseMemObject(m);
  clReleaseProgram(p);
}
END_TEST

/* ---- Core: the other paths compile ----------------------------------------
 */

/* Parses prelude + test kernels with libclang; returns the errors and
 * warnings as text (empty when clean). Caller frees. */
static char *libclang_diagnostics(const char *const *extra, int nextra) {
  const char *base[] = {"-x",      "cl",
                        "-Xclang", "-finclude-default-header",
                        "-Wall",   "-Wno-unused-parameter"};
  const char *args[32];
  int n = 0;
  for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
    args[n++] = base[i];
  for (int i = 0; i < nextra; i++)
    args[n++] = extra[i];
  char *body = warp_test_source(), *src = with_prelude(body);
  struct CXUnsavedFile f = {"warp.cl", src, (unsigned long)strlen(src)};
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu =
      clang_parseTranslationUnit(idx, "warp.cl", args, n, &f, 1, 0);
  ck_assert_msg(tu != NULL, "libclang cannot parse the prelude");
  strbuf out = {0};
  for (unsigned i = 0; i < clang_getNumDiagnostics(tu); i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Warning) {
      CXString s =
          clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
      strbuf_printf(&out, "%s\n", clang_getCString(s));
      clang_disposeString(s);
    }
    clang_disposeDiagnostic(d);
  }
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  free(src);
  free(body);
  return strbuf_take(&out);
}

START_TEST(test_ptx_path_compiles) {
  static const char *const sms[] = {"-DCU2CL_NVIDIA_SM=90",
                                    "-DCU2CL_NVIDIA_SM=75",
                                    "-DCU2CL_NVIDIA_SM=60", "-DCU2CL_X=1"};
  const char *args[] = {"-cl-std=CL1.2",
                        "-target",
                        "nvptx64-nvidia-cuda",
                        "-DCU2CL_WARP_PTX=1",
                        "-DCU2CL_NVIDIA=1",
                        "-DCU2CL_DEVICE_HAS_FP64=1",
                        sms[_i]};
  char *d = libclang_diagnostics(args, 7);
  ck_assert_msg(*d == '\0', "PTX path (%s):\n%s", sms[_i], d);
  free(d);
}
END_TEST

START_TEST(test_subgroup_path_compiles) {
  const char *args[] = {"-cl-std=CL3.0",
                        "-DCU2CL_WARP_SUBGROUP=1",
                        "-Dcl_khr_subgroups=1",
                        "-Dcl_khr_subgroup_shuffle=1",
                        "-Dcl_khr_subgroup_ballot=1",
                        "-Dcl_intel_required_subgroup_size=1",
                        _i ? "-DCU2CL_DEVICE_HAS_FP64=1" : "-DCU2CL_X=1"};
  char *d = libclang_diagnostics(args, 7);
  ck_assert_msg(*d == '\0', "sub-group path:\n%s", d);
  free(d);
}
END_TEST

/* No path macro (cu2cl's translation-time check) means the emulation. */
START_TEST(test_no_macro_compiles_as_emulation) {
  const char *args[] = {"-cl-std=CL1.2", "-DCU2CL_DEVICE_HAS_FP64=1"};
  char *d = libclang_diagnostics(args, 2);
  ck_assert_msg(*d == '\0', "no path macro:\n%s", d);
  free(d);
}
END_TEST

static int run_quiet(const char *cmd) {
  char *full = xasprintf("%s > /dev/null 2>&1", cmd);
  int r = system(full);
  free(full);
  return r;
}

/* clang-22 -> PTX -> ptxas: the inline PTX itself, for each capability
 * level the prelude distinguishes (redux from sm_80, match from sm_70). */
START_TEST(test_ptx_assembles) {
  if (run_quiet("clang-22 --version") != 0 || access(PTXAS, X_OK) != 0) {
    fprintf(stderr, "check_warp: clang-22 or ptxas missing, PTX not "
                    "assembled\n");
    return;
  }
  char dir[] = "/tmp/check_warp_XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char *cl = xasprintf("%s/warp.cl", dir);
  char *body = warp_test_source(), *src = with_prelude(body);
  ck_assert_int_eq(write_file_atomic(cl, src, strlen(src)), 0);
  static const struct {
    int sm;
    const char *arch;
  } levels[] = {{90, "sm_90"}, {80, "sm_80"}, {75, "sm_75"}, {60, "sm_75"}};
  for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
    char *cmd = xasprintf(
        "clang-22 -x cl -cl-std=CL1.2 -target nvptx64-nvidia-cuda -march=%s "
        "-O2 -S -Xclang -finclude-default-header -DCU2CL_WARP_PTX=1 "
        "-DCU2CL_NVIDIA=1 -DCU2CL_DEVICE_HAS_FP64=1 -DCU2CL_NVIDIA_SM=%d "
        "%s -o %s/w.ptx && %s -c -arch=%s %s/w.ptx -o %s/w.o",
        levels[i].arch, levels[i].sm, cl, dir, PTXAS, levels[i].arch, dir, dir);
    ck_assert_msg(run_quiet(cmd) == 0, "PTX for sm %d does not assemble: %s",
                  levels[i].sm, cmd);
    free(cmd);
  }
  char *rm = xasprintf("rm -rf %s", dir);
  run_quiet(rm);
  free(rm);
  free(cl);
  free(src);
  free(body);
}
END_TEST

/* ---- Errors ----------------------------------------------------------------
 */

START_TEST(test_two_paths_are_an_error) {
  char *log;
  cl_program p =
      build("", "-DCU2CL_WARP_EMULATE=1 -DCU2CL_WARP_SUBGROUP=1", &log);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(log, "at most one of") != NULL, "%s", log);
  free(log);
}
END_TEST

START_TEST(test_ptx_needs_nvidia) {
  char *log;
  cl_program p = build("", "-DCU2CL_WARP_PTX=1", &log);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(log, "NVIDIA") != NULL, "%s", log);
  free(log);
}
END_TEST

/* A double shuffle without fp64 fails and names the helper. */
START_TEST(test_double_needs_fp64) {
  static const char body[] =
      "CU2CL_WARP_KERNEL __kernel void k(__global double *p) {\n"
      "  __local ulong cu2cl_warp_scratch[CU2CL_WARP_SCRATCH_SIZE];\n"
      "  p[0] = cu2cl_shfl_double(cu2cl_warp_scratch, ~0u, p[0], 0, 32);\n"
      "}\n";
  char *log;
  cl_program p = build(body, "-cl-std=CL1.2 " EMULATE, &log);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(log, "cu2cl_shfl_double") != NULL, "%s", log);
  free(log);
}
END_TEST

static Suite *warp_suite(void) {
  Suite *s = suite_create("warp");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, cl_setup, cl_teardown);
  tcase_set_timeout(core, 240);
  tcase_add_loop_test(core, test_emulate_shuffles_matches_tiles, 0, WM_NTYPES);
  tcase_add_test(core, test_emulate_votes_reductions_ids);
  tcase_add_test(core, test_model_catches_a_wrong_result);
  tcase_add_test(core, test_emulate_warp_reduce_idiom);
  tcase_add_loop_test(core, test_ptx_path_compiles, 0, 4);
  tcase_add_loop_test(core, test_subgroup_path_compiles, 0, 2);
  tcase_add_test(core, test_no_macro_compiles_as_emulation);
  tcase_add_test(core, test_ptx_assembles);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, cl_setup, cl_teardown);
  tcase_set_timeout(errors, 60);
  tcase_add_test(errors, test_two_paths_are_an_error);
  tcase_add_test(errors, test_ptx_needs_nvidia);
  tcase_add_test(errors, test_double_needs_fp64);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(warp_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
