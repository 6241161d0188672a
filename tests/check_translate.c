/*
 * Translation tests: each tests/translate/NAME.cu is translated in-process
 * (translate.h) with cu2cl's own CUDA headers, and with the installed
 * toolkit's when there is one, and checked against the directives it holds:
 *
 *   // CHECK-CL: text       text occurs in the emitted .cl, after the
 *                           previous CHECK-CL match
 *   // CHECK-CL-NOT: text   text occurs nowhere in the .cl
 *   // CHECK-HOST: text     likewise for the rewritten host code
 *   // CHECK-HOST-NOT: text
 *   // EXPECT: CU2CLnnnn    (at the end of a line) a diagnostic with that ID
 *                           is reported on this line
 *   // HEADERS: own         run with cu2cl's own headers only
 *
 * The diagnostics reported (remarks, warnings and errors; notes are not
 * counted) must be exactly the expected ones, so every test also proves
 * that nothing else is flagged. The emitted OpenCL C is compiled by the
 * translation itself (an OPENCL_COMPILE_ERROR would be unexpected) unless
 * the file expects errors, in which case the check is skipped.
 */
#include <check.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "cu2cl_prelude.h"
#include "diag.h"
#include "translate.h"
#include "util.h"

#define TDIR CU2CL_SOURCE_DIR "/tests/translate"

static strvec files;

/* CU2CL_TRANSLATE_ONLY=substring runs the files whose names hold it (a
 * developer's quick run; ctest sets nothing). */
static void load_files(void) {
  DIR *d = opendir(TDIR);
  struct dirent *e;
  const char *only = getenv("CU2CL_TRANSLATE_ONLY");
  while (d && (e = readdir(d)))
    if (str_ends_with(e->d_name, ".cu") && (!only || strstr(e->d_name, only)))
      strvec_push(&files, e->d_name);
  if (d)
    closedir(d);
  /* stable order */
  for (size_t i = 0; i < files.len; i++)
    for (size_t j = i + 1; j < files.len; j++)
      if (strcmp(files.items[i], files.items[j]) > 0) {
        char *t = files.items[i];
        files.items[i] = files.items[j];
        files.items[j] = t;
      }
}

typedef struct expect {
  unsigned line;
  char id[16];
  int seen;
} expect;

/* The output without the lines carrying the test's own directives (they
 * are comments of the input and survive translation). */
static char *without_directives(const char *text) {
  strbuf b = {0};
  for (const char *p = text; p && *p;) {
    const char *eol = strchr(p, '\n');
    size_t n = eol ? (size_t)(eol - p + 1) : strlen(p);
    char *line = xstrndup(p, n);
    if (!strstr(line, "// CHECK-"))
      strbuf_append(&b, line);
    free(line);
    p += n;
  }
  return strbuf_take(&b);
}

/* Checks ordered CHECK lines of one kind against text. */
static void check_text(const char *file, const char *src, const char *kind,
                       const char *raw) {
  char *text = raw ? without_directives(raw) : NULL;
  char tag[32], tag_not[32];
  snprintf(tag, sizeof tag, "// CHECK-%s: ", kind);
  snprintf(tag_not, sizeof tag_not, "// CHECK-%s-NOT: ", kind);
  const char *pos = text ? text : "";
  for (const char *p = src; (p = strstr(p, "// CHECK-")); p++) {
    const char *eol = strchr(p, '\n');
    size_t n = eol ? (size_t)(eol - p) : strlen(p);
    if (!strncmp(p, tag, strlen(tag))) {
      char *want = xstrndup(p + strlen(tag), n - strlen(tag));
      const char *hit = strstr(pos, want);
      ck_assert_msg(hit != NULL,
                    "%s: CHECK-%s not found (in order): '%s'; the text after "
                    "the last match begins: %.1500s",
                    file, kind, want, text ? pos : "(no output)");
      pos = hit + strlen(want);
      free(want);
    } else if (!strncmp(p, tag_not, strlen(tag_not))) {
      char *bad = xstrndup(p + strlen(tag_not), n - strlen(tag_not));
      ck_assert_msg(!text || !strstr(text, bad), "%s: CHECK-%s-NOT found: '%s'",
                    file, kind, bad);
      free(bad);
    }
  }
  free(text);
}

static size_t load_expects(const char *src, expect *ex, size_t max) {
  size_t n = 0;
  unsigned line = 1;
  for (const char *p = src; *p; p++) {
    if (*p == '\n')
      line++;
    if (!strncmp(p, "// EXPECT: ", 11) && n < max) {
      const char *q = p + 11;
      while (*q && *q != '\n' && *q != ' ' && n < max) {
        size_t k = strcspn(q, " \n");
        ex[n].line = line;
        snprintf(ex[n].id, sizeof ex[n].id, "%.*s", (int)k, q);
        ex[n++].seen = 0;
        q += k;
        while (*q == ' ')
          q++;
      }
    }
  }
  return n;
}

static void run_one(const char *name, const char *cuda_path) {
  char *path = path_join(TDIR, name);
  char *src = read_file(path, NULL);
  ck_assert_ptr_nonnull(src);
  cu2cl_options o = {0};
  o.in_root = TDIR;
  o.out_root = "/nonexistent-out";
  char err[256];
  ck_assert_int_eq(cu2cl_cuda_find(cuda_path, &o.cuda, err, sizeof err), 0);
  o.own_headers = CU2CL_SOURCE_DIR "/translator/cuda-include";
  o.host_compat =
      CU2CL_SOURCE_DIR "/translator/cuda-include/cu2cl_host_compat.h";
  o.prelude = cu2cl_prelude_text;
  o.warp_size = 32;
  o.check_cl = 1;
  cu2cl_compile_cmd cmd = {0};
  cmd.file = path;
  cmd.directory = (char *)TDIR;
  cmd.intent.nvcc = 1; /* as nvcc compiles them */
  strvec_push(&cmd.flags, "-std=c++17");
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  cu2cl_tu_result r;
  int rc = cu2cl_translate_tu(&o, &cmd, d, &r);
  ck_assert_msg(rc == 0, "%s: translation failed", name);
  check_text(name, src, "CL", r.cl_text);
  check_text(name, src, "HOST", r.host_text);

  expect ex[64];
  size_t nex = load_expects(src, ex, 64);
  size_t nrec;
  const cu2cl_diag_record *recs = cu2cl_diag_records(d, &nrec);
  for (size_t i = 0; i < nrec; i++) {
    const cu2cl_diag_info *info = cu2cl_diag_info_get(recs[i].id);
    if (info->severity == CU2CL_NOTE)
      continue;
    char id[16];
    snprintf(id, sizeof id, "CU2CL%04u", info->number);
    int found = 0;
    for (size_t k = 0; k < nex && !found; k++)
      if (!strcmp(ex[k].id, id) && ex[k].line == recs[i].line)
        found = ex[k].seen = 1;
    ck_assert_msg(found, "%s: unexpected %s at line %u: %s", name, id,
                  recs[i].line, recs[i].message);
  }
  for (size_t k = 0; k < nex; k++)
    ck_assert_msg(ex[k].seen, "%s: expected %s at line %u was not reported",
                  name, ex[k].id, ex[k].line);
  cu2cl_tu_result_free(&r);
  cu2cl_diag_engine_delete(d);
  cu2cl_cuda_install_free(&o.cuda);
  strvec_free(&cmd.flags);
  free(src);
  free(path);
}

START_TEST(own_headers) {
  run_one(files.items[_i], "none");
}
END_TEST

/* A test marked "// HEADERS: own" runs with cu2cl's own headers only: what
 * it checks is a difference of those from the toolkit's (where nvcc, whose
 * front end is not clang's, accepts what clang rejects with the toolkit's). */
static int own_headers_only(const char *name) {
  char *path = path_join(TDIR, name);
  char *src = read_file(path, NULL);
  int only = src && strstr(src, "// HEADERS: own\n") != NULL;
  free(src);
  free(path);
  return only;
}

START_TEST(toolkit_headers) {
  if (!path_exists("/usr/local/cuda/include/cuda_runtime.h") ||
      own_headers_only(files.items[_i]))
    return;
  run_one(files.items[_i], "/usr/local/cuda");
}
END_TEST

START_TEST(corpus_present) {
  ck_assert_int_ge((int)files.len, getenv("CU2CL_TRANSLATE_ONLY") ? 1 : 10);
}
END_TEST

int main(void) {
  load_files();
  Suite *s = suite_create("translate");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 120);
  tcase_add_test(core, corpus_present);
  tcase_add_loop_test(core, own_headers, 0, (int)files.len);
  tcase_add_loop_test(core, toolkit_headers, 0, (int)files.len);
  suite_add_tcase(s, core);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  strvec_free(&files);
  return failed;
}
