/*
 * cu2cl scan agrees with the translator: each program is translated
 * in-process (translate.h, cu2cl's own CUDA headers) and scanned, and the
 * diagnostics of the IDs a scan can raise are compared.
 *
 *   tests/data/scan/agree/       small programs, one per kind of finding
 *                                (with non-findings beside them): the
 *                                same IDs on the same lines
 *   tests/translate/,            every translation test and every sample
 *   samples/                     (basics and the seed workloads): the same
 *                                IDs per file
 *
 * IDs the scan sees only in part are compared one way: CU2CL3012 (the
 * translator also finds exchanges through memory that is not volatile,
 * which takes its data-flow analysis), CU2CL2101 and CU2CL2104 (the
 * translator also reports constructs only types show: new C[n] of a class
 * with constructors), CU2CL3001 (the translator also reports a
 * thread_group made from a coalesced group, which only types show).
 * CU2CL1003 is the scan's alone (the
 * translator meets an unmapped library as a missing header). docs/scan.md
 * keeps the same table for the corpora (scripts/scan-agree.sh).
 */
#include <check.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "cu2cl_prelude.h"
#include "scan.h"
#include "translate.h"
#include "util.h"

typedef enum mode { EXACT, SCAN_SUBSET } mode;

static const struct {
  unsigned id;
  mode m;
} compared[] = {{1001, EXACT},       {1002, EXACT},       {2001, EXACT},
                {2002, EXACT},       {2101, SCAN_SUBSET}, {2102, EXACT},
                {2104, SCAN_SUBSET}, {2105, EXACT},       {2110, EXACT},
                {3001, SCAN_SUBSET},
                {3004, EXACT},       {3005, EXACT},       {3006, EXACT},
                {3007, EXACT},       {3008, EXACT},       {3009, EXACT},
                {3010, EXACT},       {3011, EXACT},       {3012, SCAN_SUBSET}};
#define NCOMPARED (sizeof compared / sizeof compared[0])

static int compared_index(unsigned id) {
  for (size_t i = 0; i < NCOMPARED; i++)
    if (compared[i].id == id)
      return (int)i;
  return -1;
}

/* "line ID" of the translator's diagnostics of the compared IDs. */
static void translate(const char *path, strvec *out) {
  cu2cl_options o = {0};
  char *dir = path_dirname(path);
  o.in_root = dir;
  o.out_root = "/nonexistent-out";
  char err[256];
  ck_assert_int_eq(cu2cl_cuda_find("none", &o.cuda, err, sizeof err), 0);
  o.own_headers = CU2CL_SOURCE_DIR "/translator/cuda-include";
  o.host_compat =
      CU2CL_SOURCE_DIR "/translator/cuda-include/cu2cl_host_compat.h";
  o.prelude = cu2cl_prelude_text;
  o.warp_size = 32;
  cu2cl_compile_cmd cmd = {0};
  cmd.file = (char *)path;
  cmd.directory = dir;
  strvec_push(&cmd.flags, "-std=c++17");
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  cu2cl_tu_result r;
  ck_assert_msg(cu2cl_translate_tu(&o, &cmd, d, &r) == 0, "%s", path);
  size_t n;
  const cu2cl_diag_record *recs = cu2cl_diag_records(d, &n);
  for (size_t i = 0; i < n; i++) {
    unsigned id = cu2cl_diag_info_get(recs[i].id)->number;
    if (compared_index(id) >= 0)
      strvec_push_own(out, xasprintf("%u %u", recs[i].line, id));
  }
  cu2cl_tu_result_free(&r);
  cu2cl_diag_engine_delete(d);
  cu2cl_cuda_install_free(&o.cuda);
  strvec_free(&cmd.flags);
  free(dir);
}

static void scan(const char *path, strvec *out) {
  scan_file *f;
  size_t n;
  const char *paths[] = {path};
  ck_assert_int_eq(cu2cl_scan_paths(paths, 1, 0, 1, &f, &n), 0);
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < f[i].nfinds; j++) {
      unsigned id = cu2cl_diag_info_get(f[i].finds[j].id)->number;
      if (compared_index(id) >= 0)
        strvec_push_own(out, xasprintf("%u %u", f[i].finds[j].line, id));
    }
  scan_files_free(f, n);
}

static int has_id(const strvec *v, unsigned id) {
  for (size_t i = 0; i < v->len; i++)
    if ((unsigned)atoi(strchr(v->items[i], ' ') + 1) == id)
      return 1;
  return 0;
}

/* Per file: every compared ID present in both or in neither (a scan
 * subset ID: not in the scan alone). */
static void agree_ids(const char *path) {
  strvec t = {0}, s = {0};
  translate(path, &t);
  scan(path, &s);
  for (size_t i = 0; i < NCOMPARED; i++) {
    int in_t = has_id(&t, compared[i].id), in_s = has_id(&s, compared[i].id);
    ck_assert_msg(in_t == in_s || (compared[i].m == SCAN_SUBSET && in_t),
                  "%s: CU2CL%04u translator %s, scan %s", path, compared[i].id,
                  in_t ? "yes" : "no", in_s ? "yes" : "no");
  }
  strvec_free(&t);
  strvec_free(&s);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *sorted_joined(strvec *v) {
  qsort(v->items, v->len, sizeof *v->items, cmp_str);
  strbuf b = {0};
  strbuf_append(&b, "");
  for (size_t i = 0; i < v->len; i++)
    if (!i || strcmp(v->items[i], v->items[i - 1]))
      strbuf_printf(&b, "%s%s", i ? "; " : "", v->items[i]);
  return strbuf_take(&b);
}

/* The same IDs on the same lines. */
static void agree_lines(const char *path) {
  strvec t = {0}, s = {0};
  translate(path, &t);
  scan(path, &s);
  char *a = sorted_joined(&t), *b = sorted_joined(&s);
  ck_assert_msg(!strcmp(a, b), "%s:\n  translator: %s\n  scan:       %s", path,
                a, b);
  ck_assert_msg(*a, "%s: nothing compared", path);
  free(a);
  free(b);
  strvec_free(&t);
  strvec_free(&s);
}

static strvec files;

static void add_dir(const char *dir) {
  strvec names = {0};
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d)))
    if (str_ends_with(e->d_name, ".cu"))
      strvec_push(&names, e->d_name);
  if (d)
    closedir(d);
  qsort(names.items, names.len, sizeof *names.items, cmp_str);
  for (size_t i = 0; i < names.len; i++)
    strvec_push_own(&files, path_join(dir, names.items[i]));
  strvec_free(&names);
}

static size_t nsmall;

START_TEST(small_programs) {
  agree_lines(files.items[_i]);
}
END_TEST

START_TEST(tests_and_samples) {
  agree_ids(files.items[nsmall + _i]);
}
END_TEST

int main(void) {
  add_dir(CU2CL_SOURCE_DIR "/tests/data/scan/agree");
  nsmall = files.len;
  add_dir(CU2CL_SOURCE_DIR "/tests/translate");
  add_dir(CU2CL_SOURCE_DIR "/samples/basics");
  static const char *const seeds[] = {
      "histogram/histogram.cu", "reduction/reduction.cu",
      "fv-euler/fv_euler.cu",   "compaction/compaction.cu",
      "jacobi/jacobi.cu",       NULL};
  for (const char *const *p = seeds; *p; p++)
    strvec_push_own(&files, path_join(CU2CL_SOURCE_DIR "/samples", *p));
  Suite *s = suite_create("scan_agree");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 120);
  tcase_add_loop_test(core, small_programs, 0, (int)nsmall);
  tcase_add_loop_test(core, tests_and_samples, 0, (int)(files.len - nsmall));
  suite_add_tcase(s, core);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  strvec_free(&files);
  return failed;
}
