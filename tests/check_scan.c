/*
 * cu2cl scan (scan/): the findings of the small programs in
 * tests/data/scan (agree/: also raised by the translator, see
 * check_scan_agree.c; only/: the scan's own), each against the
 * `// EXPECT: CU2CLnnnn` marks of its lines, exactly; macro bodies;
 * .gitignore patterns and the directory walk; recovery from files that do
 * not parse; and the shapes of the JSON, CSV and SARIF output.
 */
#include <check.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scan.h"
#include "scan_files.h"
#include "scan_ignore.h"
#include "scan_parse.h"
#include "scan_report.h"
#include "util.h"

#define SDIR CU2CL_SOURCE_DIR "/tests/data/scan"

/* ---- helpers ---- */

static scan_file *scan_one(const char *path, size_t *n) {
  scan_file *files;
  const char *paths[] = {path};
  ck_assert_int_eq(cu2cl_scan_paths(paths, 1, 0, 1, &files, n), 0);
  return files;
}

/* A scan of text in memory, as file 0 of a run of its own. */
static scan_file scan_text(const char *text) {
  scan_parser *p = scan_parser_new();
  scan_xref *x = scan_xref_new();
  scan_file f = {0};
  f.path = xstrdup("t.cu");
  scan_parse_text(p, text, strlen(text), 0, x, &f);
  scan_xref_finish(x, &f, 1);
  scan_xref_delete(x);
  scan_parser_delete(p);
  return f;
}

static size_t count_id(const scan_file *f, unsigned number) {
  size_t k = 0;
  for (size_t i = 0; i < f->nfinds; i++)
    k += cu2cl_diag_info_get(f->finds[i].id)->number == number;
  return k;
}

/* "line CU2CLnnnn" for each mark of the file, sorted. */
static void expected_marks(const char *src, strvec *out) {
  unsigned line = 1;
  for (const char *p = src; *p; p++) {
    if (*p == '\n')
      line++;
    if (strncmp(p, "EXPECT:", 7))
      continue;
    const char *q = p + 7;
    while (*q == ' ' || str_starts_with(q, "CU2CL")) {
      if (*q == ' ') {
        q++;
        continue;
      }
      strvec_push_own(out, xasprintf("%u %.9s", line, q));
      q += 9;
    }
  }
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort(strvec *v) {
  qsort(v->items, v->len, sizeof *v->items, cmp_str);
}

static char *joined(const strvec *v) {
  strbuf b = {0};
  for (size_t i = 0; i < v->len; i++)
    strbuf_printf(&b, "%s%s", i ? "; " : "", v->items[i]);
  strbuf_append(&b, "");
  return strbuf_take(&b);
}

static strvec list_cu(const char *dir) {
  strvec v = {0};
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d)))
    if (str_ends_with(e->d_name, ".cu"))
      strvec_push_own(&v, path_join(dir, e->d_name));
  if (d)
    closedir(d);
  sort(&v);
  return v;
}

static void check_marks(const char *path) {
  size_t n;
  scan_file *f = scan_one(path, &n);
  ck_assert_uint_eq(n, 1);
  strvec got = {0}, want = {0};
  for (size_t i = 0; i < f->nfinds; i++)
    strvec_push_own(&got,
                    xasprintf("%u CU2CL%04u", f->finds[i].line,
                              cu2cl_diag_info_get(f->finds[i].id)->number));
  char *src = read_file(path, NULL);
  expected_marks(src, &want);
  sort(&got);
  sort(&want);
  char *g = joined(&got), *w = joined(&want);
  ck_assert_msg(!strcmp(g, w), "%s:\n  scan:     %s\n  expected: %s", path, g,
                w);
  ck_assert_uint_eq(f->parse_errors, 0);
  free(g);
  free(w);
  free(src);
  strvec_free(&got);
  strvec_free(&want);
  scan_files_free(f, n);
}

/* ---- findings ---- */

START_TEST(agree_programs) {
  strvec v = list_cu(SDIR "/agree");
  ck_assert_uint_ge(v.len, 6);
  for (size_t i = 0; i < v.len; i++)
    check_marks(v.items[i]);
  strvec_free(&v);
}
END_TEST

START_TEST(scan_only_programs) {
  strvec v = list_cu(SDIR "/only");
  ck_assert_uint_ge(v.len, 4);
  for (size_t i = 0; i < v.len; i++)
    check_marks(v.items[i]);
  strvec_free(&v);
}
END_TEST

START_TEST(non_findings) {
  scan_file f =
      scan_text("__global__ void k(int *p, int n) {\n"
                "  int a = n & 31, b = (n + 31) / 32, c = n >> 5;\n"
                "  p[threadIdx.x] = __shfl_sync(0xffffffff, a + b + c, 0);\n"
                "}\n"
                "void host(int t) { int lane = t % 32; (void)lane; }\n");
  ck_assert_uint_eq(count_id(&f, 3007), 0); /* not thread indices */
  ck_assert_uint_eq(count_id(&f, 3004), 0);
  ck_assert_uint_eq(count_id(&f, 3011), 1);
  scan_file_free(&f);
}
END_TEST

START_TEST(warp_through_callee_in_other_file) {
  scan_parser *p = scan_parser_new();
  scan_xref *x = scan_xref_new();
  scan_file f[2] = {{0}, {0}};
  const char *a = "__device__ int lane_sum(int v) {\n"
                  "  int lane = threadIdx.x & 31;\n"
                  "  return __shfl_down_sync(0xffffffff, v, 1) + lane;\n}\n";
  const char *b = "__global__ void k(int *p) { p[0] = lane_sum(p[0]); }\n"
                  "int main() { k<<<1, 40>>>(0); }\n";
  scan_parse_text(p, a, strlen(a), 0, x, &f[0]);
  scan_parse_text(p, b, strlen(b), 1, x, &f[1]);
  scan_xref_finish(x, f, 2);
  ck_assert_uint_eq(count_id(&f[0], 3007), 1);
  ck_assert_uint_eq(count_id(&f[1], 3011),
                    1); /* the kernel, through the call */
  ck_assert_uint_eq(count_id(&f[1], 3009), 1); /* 40 threads */
  ck_assert(f[1].funcs[0].kernel && f[1].funcs[0].warp);
  scan_file_free(&f[0]);
  scan_file_free(&f[1]);
  scan_xref_delete(x);
  scan_parser_delete(p);
}
END_TEST

START_TEST(classes_from_rules) {
  scan_file f = scan_text(
      "int main() { float *d; cudaMalloc(&d, 4); cudaMallocArray(0, 0, 1);\n"
      "  cudaStream_t s; cudaStreamCreate(&s); }\n"
      "__global__ void k(float *p) { p[0] = sqrtf(p[0]); __nanosleep(100); "
      "}\n");
  int seen = 0;
  for (size_t i = 0; i < f.nuses; i++) {
    const scan_use *u = &f.uses[i];
    int ok = 1, bit = 0;
    if (!strcmp(u->name, "cudaMalloc"))
      bit = 1, ok = u->cls != SCAN_UNSUPPORTED && u->call;
    if (!strcmp(u->name, "cudaMallocArray"))
      bit = 2, ok = u->cls == SCAN_UNSUPPORTED;
    if (!strcmp(u->name, "cudaStream_t"))
      bit = 4, ok = !u->call && !strcmp(u->category, "stream");
    if (!strcmp(u->name, "sqrtf"))
      bit = 8, ok = u->side == SCAN_DEVICE && u->cls != SCAN_UNSUPPORTED;
    if (!strcmp(u->name, "__nanosleep"))
      bit = 16, ok = u->cls == SCAN_UNSUPPORTED;
    ck_assert_msg(ok, "%s: class %s", u->name, scan_class_name(u->cls));
    seen |= bit;
  }
  ck_assert_int_eq(seen, 31);
  ck_assert_uint_eq(count_id(&f, 1001), 1);
  ck_assert_uint_eq(count_id(&f, 2001), 1);
  scan_file_free(&f);
  f = scan_text("__global__ void k(int *p) {\n"
                "  p[0] = __popc(__activemask());\n}\n");
  for (size_t i = 0; i < f.nuses; i++)
    if (!strcmp(f.uses[i].name, "__activemask"))
      ck_assert_int_eq(f.uses[i].cls, SCAN_DIAGNOSED); /* CU2CL3006 */
  scan_file_free(&f);
}
END_TEST

START_TEST(macro_bodies) {
  scan_file f = scan_text(
      "#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) "
      "printf(\"%s\", cudaGetErrorString(e)); } while (0)\n"
      "#define LAUNCH(k) k<<<1, 32>>>()\n"
      "#define ARRAY cudaMallocArray(0, 0, 1) /* cudaFreeArray */\n"
      "#if __CUDA_ARCH__ >= 700\n#endif\n");
  ck_assert_uint_eq(f.macro_uses, 5);       /* 3 names, 1 launch, 1 array */
  ck_assert_uint_eq(count_id(&f, 1001), 1); /* not the comment's */
  ck_assert_uint_eq(count_id(&f, 2105), 1);
  for (size_t i = 0; i < f.nuses; i++)
    ck_assert(f.uses[i].in_macro);
  ck_assert(strvec_contains(&f.defined, "CHECK"));
  scan_file_free(&f);
}
END_TEST

/* ---- .gitignore and the walk ---- */

START_TEST(glob) {
  ck_assert(scan_glob_match("*.o", "a.o"));
  ck_assert(!scan_glob_match("*.o", "d/a.o"));
  ck_assert(scan_glob_match("a?c", "abc"));
  ck_assert(!scan_glob_match("a?c", "a/c"));
  ck_assert(scan_glob_match("[a-c]x", "bx"));
  ck_assert(!scan_glob_match("[!a-c]x", "bx"));
  ck_assert(scan_glob_match("**/gen", "gen"));
  ck_assert(scan_glob_match("**/gen", "a/b/gen"));
  ck_assert(scan_glob_match("out/**", "out/a/b.cu"));
  ck_assert(scan_glob_match("a/**/b", "a/b"));
  ck_assert(scan_glob_match("a/**/b", "a/x/y/b"));
  ck_assert(!scan_glob_match("a/**/b", "ax/b"));
  ck_assert(scan_glob_match("\\*lit", "*lit"));
}
END_TEST

START_TEST(patterns) {
  scan_ignore *ig = scan_ignore_parse("# comment\n\n*.cuh\n!keep.cuh\n"
                                      "tmp/\n/top.cu\ndoc/*.cu\n\\#hash.cu\n"
                                      "trailing.cu   \n",
                                      "");
  ck_assert_int_eq(scan_ignore_match(ig, "a/b.cuh", 0), 1);
  ck_assert_int_eq(scan_ignore_match(ig, "a/keep.cuh", 0), 0);
  ck_assert_int_eq(scan_ignore_match(ig, "x/tmp", 1), 1);
  ck_assert_int_eq(scan_ignore_match(ig, "x/tmp", 0), -1); /* a file */
  ck_assert_int_eq(scan_ignore_match(ig, "top.cu", 0), 1);
  ck_assert_int_eq(scan_ignore_match(ig, "sub/top.cu", 0), -1); /* anchored */
  ck_assert_int_eq(scan_ignore_match(ig, "doc/a.cu", 0), 1);
  ck_assert_int_eq(scan_ignore_match(ig, "x/doc/a.cu", 0), -1);
  ck_assert_int_eq(scan_ignore_match(ig, "#hash.cu", 0), 1);
  ck_assert_int_eq(scan_ignore_match(ig, "trailing.cu", 0), 1);
  ck_assert_int_eq(scan_ignore_match(ig, "a.cu", 0), -1);
  scan_ignore_delete(ig);
  ig = scan_ignore_parse("gen.cu\n", "sub");
  ck_assert_int_eq(scan_ignore_match(ig, "sub/x/gen.cu", 0), 1);
  ck_assert_int_eq(scan_ignore_match(ig, "gen.cu", 0), -1); /* not below */
  scan_ignore_delete(ig);
}
END_TEST

static char tree[64];

static void put(const char *rel, const char *text) {
  char *p = path_join(tree, rel);
  char *d = path_dirname(p);
  mkdir_p(d);
  ck_assert_int_eq(write_file_atomic(p, text, strlen(text)), 0);
  free(d);
  free(p);
}

static void make_tree(void) {
  strcpy(tree, "/tmp/cu2cl-scan-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(tree));
  const char *k = "__global__ void k(int *p) { p[0] = 1; }\n";
  put("a.cu", k);
  put("src/b.cuh", k);
  put("src/gen/c.cu", k);    /* gen/ ignored */
  put("src/keep/gen.cu", k); /* name pattern, re-included */
  put("src/.gitignore", "gen/\n*.tmp.cu\n!keep/*.tmp.cu\n");
  put("src/x.tmp.cu", k);      /* ignored */
  put("src/keep/y.tmp.cu", k); /* re-included */
  put(".gitignore", "/top-only.cu\nlogs/**\n");
  put("top-only.cu", k);     /* anchored: ignored */
  put("src/top-only.cu", k); /* not at the root: kept */
  put("logs/a/d.cu", k);     /* logs/ and all below: ignored */
  put("build/e.cu", k);      /* build directory */
  put("out/CMakeCache.txt", "");
  put("out/f.cu", k); /* a CMake build tree */
  put("host.cpp", "int main() { cudaDeviceSynchronize(); }\n");
  put("plain.cpp", "int main() { return 0; }\n"); /* no CUDA */
  put("mentions.h", "// cuda is mentioned only here\nint x;\n");
}

static void remove_tree(void) {
  char *cmd = xasprintf("rm -rf '%s'", tree);
  ck_assert_int_eq(system(cmd), 0);
  free(cmd);
}

static int found(scan_file *f, size_t n, const char *rel) {
  char *p = path_join(tree, rel);
  int r = 0;
  for (size_t i = 0; i < n; i++)
    r |= !strcmp(f[i].path, p);
  free(p);
  return r;
}

START_TEST(walk) {
  make_tree();
  size_t n;
  scan_file *f = scan_one(tree, &n);
  ck_assert(found(f, n, "a.cu") && found(f, n, "src/b.cuh"));
  ck_assert(found(f, n, "src/keep/gen.cu") && found(f, n, "src/keep/y.tmp.cu"));
  ck_assert(found(f, n, "src/top-only.cu") && found(f, n, "host.cpp"));
  ck_assert(!found(f, n, "src/gen/c.cu") && !found(f, n, "src/x.tmp.cu"));
  ck_assert(!found(f, n, "top-only.cu") && !found(f, n, "logs/a/d.cu"));
  ck_assert(!found(f, n, "build/e.cu") && !found(f, n, "out/f.cu"));
  ck_assert(!found(f, n, "plain.cpp") && !found(f, n, "mentions.h"));
  ck_assert_uint_eq(n, 6);
  scan_files_free(f, n);
  const char *paths[] = {tree};
  ck_assert_int_eq(cu2cl_scan_paths(paths, 1, 1, 2, &f, &n), 0); /* --all */
  ck_assert(found(f, n, "src/gen/c.cu") && found(f, n, "build/e.cu"));
  ck_assert_uint_eq(n, 12);
  scan_files_free(f, n);
  remove_tree();
}
END_TEST

/* ---- files that do not parse ---- */

START_TEST(truncated) {
  char *src = read_file(SDIR "/agree/masks.cu", NULL);
  ck_assert_ptr_nonnull(src);
  char *cut = strstr(src, "    v += __shfl_xor_sync(m");
  ck_assert_ptr_nonnull(cut);
  cut[12] = 0; /* in the middle of a call */
  scan_file f = scan_text(src);
  ck_assert_uint_ge(f.parse_errors, 1);
  ck_assert_uint_ge(f.error_line, 9);       /* the kernel's line or later */
  ck_assert_uint_eq(f.nfuncs, 1);           /* the kernel is still seen */
  ck_assert_uint_eq(count_id(&f, 3004), 1); /* and what came before */
  scan_file_free(&f);
  free(src);
}
END_TEST

START_TEST(garbage) {
  char buf[8192];
  unsigned s = 12345;
  for (size_t i = 0; i + 1 < sizeof buf; i++) {
    s = s * 1103515245u + 12345u;
    buf[i] = (char)(1 + (s >> 16) % 255); /* no NUL: a C string */
  }
  buf[sizeof buf - 1] = 0;
  scan_file f = scan_text(buf);
  ck_assert_uint_ge(f.parse_errors, 1);
  scan_file_free(&f);
  strbuf deep = {0};
  strbuf_append(&deep, "__global__ void k(int *p) { p[0] = ");
  for (int i = 0; i < 20000; i++)
    strbuf_append(&deep, "(");
  f = scan_text(strbuf_cstr(&deep)); /* no crash on a deep tree */
  ck_assert_uint_ge(f.parse_errors, 1);
  scan_file_free(&f);
  strbuf_free(&deep);
  f = scan_text("");
  ck_assert_uint_eq(f.parse_errors, 0);
  scan_file_free(&f);
}
END_TEST

START_TEST(errors_named_rest_scanned) {
  make_tree();
  put("broken.cu", "__global__ void k(int *p { p[0] = ;\n");
  put("zz.cu", "__global__ void ok(int *p) { p[0] = __activemask(); }\n");
  size_t n;
  scan_file *f = scan_one(tree, &n);
  int broken = 0, ok = 0;
  for (size_t i = 0; i < n; i++) {
    broken |= str_ends_with(f[i].path, "broken.cu") && f[i].parse_errors;
    ok |= str_ends_with(f[i].path, "zz.cu") && count_id(&f[i], 3006) == 1;
  }
  ck_assert(broken && ok);
  scan_totals t;
  scan_totals_compute(f, n, &t);
  ck_assert_uint_eq(t.parse_error_files, 1);
  FILE *out = tmpfile();
  scan_report_text(f, n, &t, 1, 1, out);
  rewind(out);
  char text[16384];
  size_t len = fread(text, 1, sizeof text - 1, out);
  text[len] = 0;
  fclose(out);
  ck_assert_ptr_nonnull(strstr(text, "broken.cu:1:"));
  ck_assert_ptr_nonnull(strstr(text, "macros are not expanded"));
  ck_assert_ptr_nonnull(strstr(text, "Effort estimate"));
  scan_files_free(f, n);
  remove_tree();
}
END_TEST

/* ---- output shapes ---- */

/* Brackets balance outside strings, and the text is one value. */
static int json_balanced(const char *s) {
  int depth = 0, in_str = 0, closed = 0;
  for (; *s; s++) {
    if (in_str) {
      if (*s == '\\' && s[1])
        s++;
      else if (*s == '"')
        in_str = 0;
    } else if (*s == '"') {
      in_str = 1;
    } else if (*s == '{' || *s == '[') {
      if (closed)
        return 0;
      depth++;
    } else if (*s == '}' || *s == ']') {
      if (--depth < 0)
        return 0;
      closed = depth == 0;
    }
  }
  return depth == 0 && !in_str && closed;
}

static char *report_of(const char *name) {
  size_t n;
  scan_file *f = scan_one(SDIR "/agree", &n);
  scan_totals t;
  scan_totals_compute(f, n, &t);
  char *path = xasprintf("/tmp/cu2cl-scan-%d-%s", (int)getpid(), name);
  ck_assert_int_eq(scan_report_write(f, n, &t, path), 0);
  char *text = read_file(path, NULL);
  unlink(path);
  free(path);
  scan_files_free(f, n);
  return text;
}

START_TEST(json_shape) {
  char *j = report_of("r.json");
  ck_assert(json_balanced(j));
  ck_assert_ptr_nonnull(strstr(j, "\"tool\": {\"name\": \"cu2cl scan\""));
  ck_assert_ptr_nonnull(strstr(j, "\"macros_expanded\": false"));
  ck_assert_ptr_nonnull(strstr(j, "\"constructs\": {\"translated\": "));
  ck_assert_ptr_nonnull(strstr(j, "\"kind\": \"kernel\""));
  ck_assert_ptr_nonnull(strstr(j, "\"class\": \"unsupported\""));
  ck_assert_ptr_nonnull(strstr(j, "\"diagnostics\": {"));
  ck_assert_ptr_nonnull(strstr(j, "\"id\": \"CU2CL3007\""));
  ck_assert_ptr_nonnull(strstr(j, "\"by_id\": {"));
  free(j);
}
END_TEST

START_TEST(sarif_shape) {
  char *s = report_of("r.sarif");
  ck_assert(json_balanced(s));
  ck_assert_ptr_nonnull(strstr(s, "\"version\": \"2.1.0\""));
  ck_assert_ptr_nonnull(strstr(s, "\"ruleId\": \"CU2CL3004\""));
  ck_assert_ptr_nonnull(strstr(s, "file://"));
  free(s);
}
END_TEST

static int csv_fields(const char *line) {
  int n = 1, q = 0;
  for (; *line && *line != '\n'; line++) {
    if (*line == '"')
      q = !q;
    else if (*line == ',' && !q)
      n++;
  }
  return n;
}

START_TEST(csv_shape) {
  size_t n;
  scan_file *f = scan_one(SDIR "/agree", &n);
  FILE *out = tmpfile();
  scan_report_csv(f, n, out);
  rewind(out);
  char line[4096];
  int rows = 0, header = 0;
  while (fgets(line, sizeof line, out)) {
    if (!rows++)
      header = csv_fields(line);
    else
      ck_assert_int_eq(csv_fields(line), header);
  }
  fclose(out);
  ck_assert_int_eq(header, 14);
  ck_assert_int_eq(rows, (int)n + 1);
  scan_files_free(f, n);
}
END_TEST

int main(void) {
  Suite *s = suite_create("scan");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 120);
  tcase_add_test(core, agree_programs);
  tcase_add_test(core, scan_only_programs);
  tcase_add_test(core, non_findings);
  tcase_add_test(core, warp_through_callee_in_other_file);
  tcase_add_test(core, classes_from_rules);
  tcase_add_test(core, macro_bodies);
  tcase_add_test(core, glob);
  tcase_add_test(core, patterns);
  tcase_add_test(core, walk);
  tcase_add_test(core, json_shape);
  tcase_add_test(core, sarif_shape);
  tcase_add_test(core, csv_shape);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 120);
  tcase_add_test(errors, truncated);
  tcase_add_test(errors, garbage);
  tcase_add_test(errors, errors_named_rest_scanned);
  suite_add_tcase(s, errors);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed;
}
