/* Unit tests for translator/manifest: the out-root's record of what made
 * it (incremental runs), and write_file_if_changed. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "manifest.h"

static char tmp[64];

static void setup(void) {
  strcpy(tmp, "/tmp/cu2cl-check-manifest-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(tmp));
}

static void teardown(void) {
  char *cmd = xasprintf("rm -rf '%s'", tmp);
  ck_assert_int_eq(system(cmd), 0);
  free(cmd);
}

static char *put(const char *rel, const char *text) {
  char *p = path_join(tmp, rel);
  ck_assert_int_eq(write_file_atomic(p, text, strlen(text)), 0);
  return p;
}

/* A unit as a translation of src/a.cu including src/a.cuh leaves it. */
static cu2cl_manifest_unit *add_unit(cu2cl_manifest *m, const char *src,
                                     const char *hdr) {
  cu2cl_manifest_unit *u = cu2cl_manifest_add(m, src);
  strvec headers = {0};
  strvec_push(&headers, hdr);
  cu2cl_manifest_set_deps(u, src, &headers);
  strvec_free(&headers);
  u->key = xstrdup("K1");
  u->host_rel = xstrdup("a.cpp");
  u->cl_rel = xstrdup("a.cl");
  u->cl_symbol = xstrdup("cu2cl_source_a");
  u->has_main = 1;
  strvec_push(&u->outputs, "a.cpp");
  strvec_push(&u->include_dirs, "include");
  strvec_push(&u->include_dirs, "/opt/lib/include");
  strvec_push(&u->defines, "N=4");
  u->opt_level = 3;
  strvec_push(&u->warnings, "CU2CL3007");
  strvec_push(&u->warnings, "CU2CL2105");
  return u;
}

START_TEST(test_round_trip) {
  char *src = put("in/a.cu", "int a;\n"), *hdr = put("in/a.cuh", "int h;\n");
  char *out = path_join(tmp, "out");
  cu2cl_manifest m = {0};
  m.in_root = path_join(tmp, "in");
  add_unit(&m, src, hdr);
  ck_assert_int_eq(cu2cl_manifest_save(out, &m), 0);
  cu2cl_manifest r;
  ck_assert_int_eq(cu2cl_manifest_load(out, &r), 0);
  ck_assert_str_eq(r.in_root, m.in_root);
  ck_assert_uint_eq(r.nunits, 1);
  const cu2cl_manifest_unit *u = cu2cl_manifest_find(&r, src);
  ck_assert_ptr_nonnull(u);
  ck_assert_str_eq(u->key, "K1");
  ck_assert_uint_eq(u->deps.len, 2);
  ck_assert_str_eq(u->deps.items[1], hdr);
  ck_assert_str_eq(u->cl_symbol, "cu2cl_source_a");
  ck_assert_int_eq(u->has_main, 1);
  ck_assert_int_eq(u->opt_level, 3);
  ck_assert_uint_eq(u->warnings.len, 2);
  ck_assert_str_eq(u->warnings.items[1], "CU2CL2105");
  /* the warnings a run now suppresses do not count */
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  ck_assert_uint_eq(cu2cl_manifest_warnings(u, d), 2);
  cu2cl_diag_suppress(d, CU2CL_D_WARP_SIZE_LITERAL);
  ck_assert_uint_eq(cu2cl_manifest_warnings(u, d), 1);
  cu2cl_diag_engine_delete(d);
  ck_assert_str_eq(u->defines.items[0], "N=4");
  /* the project: its own directories under the out-root, others kept */
  cu2cl_project p = {m.in_root, out, NULL, 0, {0}, {0}, -1, 0};
  cu2cl_manifest_project(&r, out, &p);
  ck_assert_uint_eq(p.nunits, 1);
  ck_assert_str_eq(p.units[0].host_rel, "a.cpp");
  char *inc = path_join(out, "include");
  ck_assert_str_eq(p.include_dirs.items[0], inc);
  ck_assert_str_eq(p.include_dirs.items[1], "/opt/lib/include");
  ck_assert_int_eq(p.opt_level, 3);
  free(inc);
  free(p.units);
  strvec_free(&p.include_dirs);
  strvec_free(&p.defines);
  cu2cl_manifest_free(&r);
  cu2cl_manifest_free(&m);
  free(src);
  free(hdr);
  free(out);
}
END_TEST

START_TEST(test_up_to_date) {
  char *src = put("in/a.cu", "int a;\n"), *hdr = put("in/a.cuh", "int h;\n");
  char *out = path_join(tmp, "out");
  free(put("out/a.cpp", "// a\n"));
  cu2cl_manifest m = {0};
  m.in_root = path_join(tmp, "in");
  cu2cl_manifest_unit *u = add_unit(&m, src, hdr);
  ck_assert(cu2cl_manifest_up_to_date(u, "K1", out));
  /* other flags, options or cu2cl */
  ck_assert(!cu2cl_manifest_up_to_date(u, "K2", out));
  /* a header it includes changed (same length) */
  free(put("in/a.cuh", "int g;\n"));
  ck_assert(!cu2cl_manifest_up_to_date(u, "K1", out));
  free(put("in/a.cuh", "int h;\n"));
  ck_assert(cu2cl_manifest_up_to_date(u, "K1", out));
  /* an output was removed */
  char *cpp = path_join(out, "a.cpp");
  unlink(cpp);
  ck_assert(!cu2cl_manifest_up_to_date(u, "K1", out));
  free(cpp);
  /* the source is gone */
  free(put("out/a.cpp", "// a\n"));
  unlink(src);
  ck_assert(!cu2cl_manifest_up_to_date(u, "K1", out));
  cu2cl_manifest_free(&m);
  free(src);
  free(hdr);
  free(out);
}
END_TEST

/* The key changes with the command's flags and the options, not with the
 * out-root (it may move). */
START_TEST(test_key) {
  cu2cl_options o = {0};
  o.in_root = "/in";
  o.out_root = "/out";
  o.warp_size = 32;
  cu2cl_compile_cmd c = {0};
  c.file = "/in/a.cu";
  c.intent.opt_level = 2;
  strvec_push(&c.flags, "-DN=1");
  char *k1 = cu2cl_manifest_key(&o, &c);
  o.out_root = "/elsewhere";
  char *k2 = cu2cl_manifest_key(&o, &c);
  ck_assert_str_eq(k1, k2);
  free(c.flags.items[0]);
  c.flags.items[0] = xstrdup("-DN=2");
  char *k3 = cu2cl_manifest_key(&o, &c);
  ck_assert_str_ne(k1, k3);
  o.warp_size = 64;
  char *k4 = cu2cl_manifest_key(&o, &c);
  ck_assert_str_ne(k3, k4);
  strvec_free(&c.flags);
  free(k1);
  free(k2);
  free(k3);
  free(k4);
}
END_TEST

START_TEST(test_order_like) {
  cu2cl_manifest old = {0}, m = {0};
  cu2cl_manifest_add(&old, "/a");
  cu2cl_manifest_add(&old, "/b");
  cu2cl_manifest_add(&m, "/c");
  cu2cl_manifest_add(&m, "/b");
  cu2cl_manifest_add(&m, "/a");
  cu2cl_manifest_order_like(&m, &old);
  ck_assert_str_eq(m.units[0].source, "/a");
  ck_assert_str_eq(m.units[1].source, "/b");
  ck_assert_str_eq(m.units[2].source, "/c");
  cu2cl_manifest_free(&m);
  cu2cl_manifest_free(&old);
}
END_TEST

START_TEST(test_bad_manifest) {
  char *out = path_join(tmp, "out");
  cu2cl_manifest m;
  ck_assert_int_eq(cu2cl_manifest_load(out, &m), -1); /* none */
  free(put("out/" CU2CL_MANIFEST_NAME, "something else\n"));
  ck_assert_int_eq(cu2cl_manifest_load(out, &m), -1);
  free(put("out/" CU2CL_MANIFEST_NAME,
           "cu2cl-manifest\t1\nin-root\t/in\nunit\t/in/a.cu\ndep\tnohash\n"));
  ck_assert_int_eq(cu2cl_manifest_load(out, &m), -1);
  ck_assert_uint_eq(m.nunits, 0);
  free(out);
}
END_TEST

/* Identical content is not written again: the mtime stays. */
START_TEST(test_write_if_changed) {
  char *p = put("f.txt", "same\n");
  struct stat st;
  ck_assert_int_eq(stat(p, &st), 0);
  struct timespec t0 = st.st_mtim;
  usleep(20000);
  int written = -1;
  ck_assert_int_eq(write_file_if_changed(p, "same\n", 5, &written), 0);
  ck_assert_int_eq(written, 0);
  ck_assert_int_eq(stat(p, &st), 0);
  ck_assert(st.st_mtim.tv_sec == t0.tv_sec && st.st_mtim.tv_nsec == t0.tv_nsec);
  ck_assert_int_eq(write_file_if_changed(p, "new\n", 4, &written), 0);
  ck_assert_int_eq(written, 1);
  char *text = read_file(p, NULL);
  ck_assert_str_eq(text, "new\n");
  free(text);
  free(p);
}
END_TEST

int main(void) {
  Suite *s = suite_create("manifest");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, setup, teardown);
  tcase_add_test(core, test_round_trip);
  tcase_add_test(core, test_up_to_date);
  tcase_add_test(core, test_key);
  tcase_add_test(core, test_order_like);
  tcase_add_test(core, test_write_if_changed);
  TCase *err = tcase_create("Errors");
  tcase_add_checked_fixture(err, setup, teardown);
  tcase_add_test(err, test_bad_manifest);
  suite_add_tcase(s, core);
  suite_add_tcase(s, err);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed != 0;
}
