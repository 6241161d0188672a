/* Unit tests for translator/rules: lookups in the compiled-in tables, and
 * the well-formedness of every row (each rule row is exercised here; the
 * rows' OpenCL C is compiled by check_prelude). */
#include <check.h>
#include <string.h>

#include "rules.h"

static const cu2cl_host_rule host_rows[] = {
#define CU2CL_HOST_API(name, repl, kind, notes) {#name, repl, #kind, notes},
#include "../rules/runtime_api.def"
#undef CU2CL_HOST_API
};

static const cu2cl_device_rule device_rows[] = {
#define CU2CL_DEVICE_FN(name, sig, ocl, notes) {#name, sig, ocl, notes},
#include "../rules/device_functions.def"
#undef CU2CL_DEVICE_FN
};

START_TEST(test_host_lookup) {
  const cu2cl_host_rule *r = cu2cl_rules_host_find("cudaMalloc");
  ck_assert_ptr_nonnull(r);
  ck_assert_str_eq(r->replacement, "cu2clMalloc");
  ck_assert_str_eq(r->kind, "FUNCTION");
  r = cu2cl_rules_host_find("cudaMemcpyHostToDevice");
  ck_assert_str_eq(r->replacement, "cu2clMemcpyHostToDevice");
  r = cu2cl_rules_host_find("cudaMallocArray");
  ck_assert_ptr_nonnull(r);
  ck_assert_ptr_null(r->replacement);
  ck_assert(strlen(r->notes) > 0);
  ck_assert_ptr_null(cu2cl_rules_host_find("notACudaName"));
}
END_TEST

/* Every host row is found by its own name (the index is complete). */
START_TEST(test_host_every_row) {
  size_t n = sizeof host_rows / sizeof *host_rows;
  ck_assert_uint_gt(n, 100);
  for (size_t i = 0; i < n; i++) {
    const cu2cl_host_rule *r = cu2cl_rules_host_find(host_rows[i].cuda_name);
    ck_assert_msg(r != NULL, "row %s not found", host_rows[i].cuda_name);
    ck_assert_msg(host_rows[i].replacement || *host_rows[i].notes,
                  "unsupported row %s has no reason", host_rows[i].cuda_name);
  }
}
END_TEST

START_TEST(test_device_lookup) {
  int known;
  const cu2cl_device_rule *r =
      cu2cl_rules_device_find("atomicAdd", "float *, float", &known);
  ck_assert_ptr_nonnull(r);
  ck_assert(known);
  ck_assert_ptr_nonnull(strstr(r->opencl, "$A0"));
  r = cu2cl_rules_device_find("atomicAdd", "int *, int", &known);
  ck_assert_ptr_nonnull(strstr(r->opencl, "atomic_add"));
  r = cu2cl_rules_device_find("sqrtf", "float", &known);
  ck_assert_ptr_nonnull(r);
  r = cu2cl_rules_device_find("atomicAdd", "short *, short", &known);
  ck_assert_ptr_null(r);
  ck_assert(known); /* the name has rows, not this signature */
  r = cu2cl_rules_device_find("noSuchFunction", "int", &known);
  ck_assert_ptr_null(r);
  ck_assert(!known);
}
END_TEST

/* 1 for a row of a method (CLASS::NAME, not a constructor): its template
 * has the object as $0 besides the parameters. */
static int is_method_row(const char *name) {
  const char *sep = strstr(name, "::");
  if (!sep)
    return 0;
  size_t n = (size_t)(sep - name);
  return strlen(sep + 2) != n || strncmp(sep + 2, name, n) != 0;
}

/* Every device row is reachable: the first row matching its name and
 * signature is itself (no row hidden behind an earlier "*" row), and
 * placeholders refer to existing arguments. */
START_TEST(test_device_every_row) {
  size_t n = sizeof device_rows / sizeof *device_rows;
  ck_assert_uint_gt(n, 200);
  for (size_t i = 0; i < n; i++) {
    const cu2cl_device_rule *row = &device_rows[i];
    int known;
    const cu2cl_device_rule *r =
        cu2cl_rules_device_find(row->cuda_name, row->signature, &known);
    ck_assert_msg(
        r && !strcmp(r->signature, row->signature) &&
            (r->opencl == row->opencl ||
             (r->opencl && row->opencl && !strcmp(r->opencl, row->opencl))),
        "row %s(%s) is shadowed", row->cuda_name, row->signature);
    ck_assert_msg(row->opencl || *row->notes, "row %s has no reason",
                  row->cuda_name);
    if (!row->opencl || !strcmp(row->signature, "*"))
      continue;
    int params = (*row->signature ? 1 : 0) + is_method_row(row->cuda_name);
    for (const char *p = row->signature; *p; p++)
      params += *p == ',';
    for (const char *p = row->opencl; (p = strchr(p, '$')); p++) {
      const char *d = p + 1;
      if (*d == 'A' || *d == 'T')
        d++;
      if (*d >= '0' && *d <= '9')
        ck_assert_msg(*d - '0' < params, "row %s(%s): %s uses $%c",
                      row->cuda_name, row->signature, row->opencl, *d);
    }
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("rules");
  TCase *core = tcase_create("Core");
  tcase_add_test(core, test_host_lookup);
  tcase_add_test(core, test_host_every_row);
  tcase_add_test(core, test_device_lookup);
  tcase_add_test(core, test_device_every_row);
  suite_add_tcase(s, core);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
