/* Unit tests for translator/clcheck: emitted OpenCL C is compiled with
 * libclang; errors become CU2CL2901 reports naming the .cl line. */
#include <check.h>
#include <string.h>

#include "clcheck.h"
#include "cu2cl_prelude.h"
#include "util.h"

static size_t count_2901(cu2cl_diag_engine *d, const char **msg) {
  size_t n;
  const cu2cl_diag_record *r = cu2cl_diag_records(d, &n);
  size_t c = 0;
  for (size_t i = 0; i < n; i++)
    if (r[i].id == CU2CL_D_OPENCL_COMPILE_ERROR) {
      c++;
      if (msg)
        *msg = r[i].message;
    }
  return c;
}

START_TEST(test_good_kernel) {
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  const char *src = "__kernel void k(__global float *p, double x) {\n"
                    "  p[get_global_id(0)] = (float)x;\n}\n";
  ck_assert_int_eq(cu2cl_clcheck(src, "/out/k.cl", "/in/k.cu", d), 0);
  ck_assert_uint_eq(count_2901(d, NULL), 0);
  cu2cl_diag_engine_delete(d);
}
END_TEST

/* The prelude compiles on its own (it is pasted into every .cl). */
START_TEST(test_prelude_compiles) {
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  ck_assert_int_eq(
      cu2cl_clcheck(cu2cl_prelude_text, "/out/prelude.cl", "/in/k.cu", d), 0);
  cu2cl_diag_engine_delete(d);
}
END_TEST

START_TEST(test_bad_kernel) {
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  const char *src = "__kernel void k(__global float *p) {\n"
                    "  p[0] = undefined_thing;\n}\n";
  ck_assert_int_eq(cu2cl_clcheck(src, "/out/k.cl", "/in/k.cu", d), 1);
  const char *msg = NULL;
  ck_assert_uint_eq(count_2901(d, &msg), 1);
  ck_assert_ptr_nonnull(strstr(msg, "/out/k.cl:2:"));
  ck_assert_ptr_nonnull(strstr(msg, "undefined_thing"));
  cu2cl_diag_engine_delete(d);
}
END_TEST

/* A statement printed for NVIDIA's warps alone (after #else of the
 * emulation's copy) is checked too, by a second parse with the PTX path's
 * macros; the error says which path it is on. */
START_TEST(test_ptx_copy_checked) {
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  char *src = xasprintf("%s\n__kernel void k(__global int *p) {\n"
                        "#ifndef CU2CL_WARP_PTX /* emulation */\n"
                        "  p[0] = 1;\n"
                        "#else /* warps */\n"
                        "  p[0] = only_on_nvidia;\n"
                        "#endif\n}\n",
                        cu2cl_prelude_text);
  ck_assert_int_eq(cu2cl_clcheck(src, "/out/w.cl", "/in/w.cu", d), 1);
  const char *msg = NULL;
  ck_assert_uint_eq(count_2901(d, &msg), 1);
  ck_assert_ptr_nonnull(strstr(msg, "only_on_nvidia"));
  ck_assert_ptr_nonnull(strstr(msg, "NVIDIA's warp path"));
  cu2cl_diag_engine_delete(d);
  free(src);
}
END_TEST

/* OpenCL C rules C++ allows: pointers in struct kernel parameters. */
START_TEST(test_opencl_rules_enforced) {
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  const char *src = "typedef struct { __global float *p; } S;\n"
                    "__kernel void k(S s) { s.p[0] = 1.0f; }\n";
  ck_assert_int_ge(cu2cl_clcheck(src, "/out/s.cl", "/in/s.cu", d), 1);
  cu2cl_diag_engine_delete(d);
}
END_TEST

int main(void) {
  Suite *s = suite_create("clcheck");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 60);
  tcase_add_test(core, test_good_kernel);
  tcase_add_test(core, test_prelude_compiles);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_test(errors, test_bad_kernel);
  tcase_add_test(errors, test_ptx_copy_checked);
  tcase_add_test(errors, test_opencl_rules_enforced);
  suite_add_tcase(s, errors);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
