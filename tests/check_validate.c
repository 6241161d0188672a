/*
 * Unit tests for validator/ (cu2cl validate) and the trace writers
 * (runtime/include/cu2cl_trace.h, cu2cl_trace_cuda.h): every record and
 * element type round-trips; truncated and corrupted traces are refused with
 * the right message; the comparer's tolerances, NaN/inf, size, count and
 * type mismatches and its report; the one-shot form with small programs
 * compiled here; the CUDA tracing header run against a stand-in CUDA
 * runtime (tests/data/validate) and compiled against cu2cl's own CUDA
 * headers and, when installed, the toolkit's.
 */
#include <check.h>
#include <stdarg.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"
#include "validate.h"

static char tmp[] = "/tmp/cu2cl-check-validate-XXXXXX";

static void setup(void) {
  ck_assert_ptr_nonnull(mkdtemp(tmp));
}
static void teardown(void) {
  char *cmd = xasprintf("rm -rf '%s'", tmp);
  ck_assert_int_eq(system(cmd), 0);
  free(cmd);
  strcpy(tmp + strlen(tmp) - 6, "XXXXXX");
}

static char *in_tmp(const char *name) {
  return xasprintf("%s/%s", tmp, name);
}

static char *data_file(const char *name) {
  const char *d = getenv("CU2CL_TEST_DATA");
  return d ? xasprintf("%s/validate/%s", d, name)
           : xasprintf("%s/tests/data/validate/%s", CU2CL_SOURCE_DIR, name);
}

/* ---- helpers: writing, reading, comparing, running ---------------------- */

typedef struct spec {
  unsigned type;
  size_t esize;
  const void *data;
  size_t n;
} spec;

/* Writes one COPY per spec (histo.cu:100+i) into tmp/name. */
static char *write_trace(const char *name, const spec *s, size_t n) {
  char *path = in_tmp(name);
  ck_assert_int_eq(cu2cl_trace_open(path, CU2CL_TRACE_PRODUCER_OTHER), 0);
  for (size_t i = 0; i < n; i++)
    cu2cl_trace_copy("histo.cu", 100 + (unsigned)i, CU2CL_TRACE_COPY_MEMCPY,
                     s[i].type, s[i].esize, s[i].data, s[i].n);
  cu2cl_trace_close();
  return path;
}

static cu2cl_tracefile *load(const char *path) {
  cu2cl_tracefile *t;
  char *error;
  cu2cl_trace_status st = cu2cl_tracefile_read(path, &t, &error);
  ck_assert_msg(st == CU2CL_TRACE_OK, "%s", error ? error : "?");
  return t;
}

/* Compares trace a (original) with b (ported); *report gets the text. */
static int compare_traces(const char *a, const char *b,
                          const cu2cl_validate_options *opt, char **report) {
  cu2cl_validate_options defaults;
  cu2cl_validate_options_init(&defaults);
  cu2cl_tracefile *ta = load(a), *tb = load(b);
  size_t len;
  FILE *out = open_memstream(report, &len);
  int rc = cu2cl_validate_compare(ta, tb, opt ? opt : &defaults, out);
  fclose(out);
  cu2cl_tracefile_delete(ta);
  cu2cl_tracefile_delete(tb);
  return rc;
}

static int compare_specs(const spec *a, size_t na, const spec *b, size_t nb,
                         const cu2cl_validate_options *opt, char **report) {
  char *pa = write_trace("a.trace", a, na), *pb = write_trace("b.trace", b, nb);
  int rc = compare_traces(pa, pb, opt, report);
  free(pa);
  free(pb);
  return rc;
}

/* One transfer each side: n elements of the given type. */
static int compare1(unsigned type, size_t esize, const void *a, const void *b,
                    size_t n, const cu2cl_validate_options *opt,
                    char **report) {
  spec sa = {type, esize, a, n}, sb = {type, esize, b, n};
  return compare_specs(&sa, 1, &sb, 1, opt, report);
}

#define ck_assert_has(text, needle)                                            \
  ck_assert_msg(strstr(text, needle), "expected \"%s\" in:\n%s", needle, text)

/* Runs cu2cl_validate_main(args) in a child; captures stdout and stderr. */
static int run_main(const char *const *args, char **out, char **err) {
  char *po = in_tmp("main.out"), *pe = in_tmp("main.err");
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    if (!freopen(po, "w", stdout) || !freopen(pe, "w", stderr))
      _exit(99);
    int argc = 0;
    while (args[argc])
      argc++;
    int rc = cu2cl_validate_main(argc, (char **)args);
    fflush(stdout);
    fflush(stderr);
    _exit(rc);
  }
  int status;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  *out = read_file(po, NULL);
  *err = read_file(pe, NULL);
  ck_assert_ptr_nonnull(*out);
  ck_assert_ptr_nonnull(*err);
  free(po);
  free(pe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Runs a shell command; fails the test with its output when it fails. */
static void sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void sh(const char *fmt, ...) {
  va_list ap;
  strbuf b = {0};
  va_start(ap, fmt);
  strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  char *log = in_tmp("sh.log");
  char *cmd = xasprintf("(%s) >'%s' 2>&1", strbuf_cstr(&b), log);
  int rc = system(cmd);
  char *text = read_file(log, NULL);
  ck_assert_msg(rc == 0, "%s\nfailed:\n%s", strbuf_cstr(&b), text ? text : "");
  free(text);
  free(cmd);
  free(log);
  strbuf_free(&b);
}

static uint64_t rd64_test(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Rewrites END's checksum after an edit of the bytes before it. */
static void fix_checksum(unsigned char *b, size_t size) {
  cu2cl_trace_le64(b + size - 8,
                   cu2cl_trace_fnv1a(CU2CL_TRACE_FNV_OFFSET, b, size - 36));
}

static int have_program(const char *name) {
  char *cmd = xasprintf("command -v %s >/dev/null 2>&1", name);
  int rc = system(cmd);
  free(cmd);
  return rc == 0;
}

/* ---- the writer and the reader ------------------------------------------ */

/* Element i of a copy's payload, which a trace holds unaligned. */
static int int_at(const void *data, size_t i) {
  int v;
  memcpy(&v, (const char *)data + i * sizeof v, sizeof v);
  return v;
}

static float f32_at(const void *data, size_t i) {
  float v;
  memcpy(&v, (const char *)data + i * sizeof v, sizeof v);
  return v;
}

START_TEST(test_roundtrip_every_type) {
  unsigned char data[CU2CL_TRACE_ELEM_TYPE_COUNT][32];
  for (unsigned t = 0; t < CU2CL_TRACE_ELEM_TYPE_COUNT; t++)
    for (int k = 0; k < 32; k++)
      data[t][k] = (unsigned char)(t * 31 + k);
  char *path = in_tmp("all.trace");
  ck_assert_int_eq(cu2cl_trace_open(path, CU2CL_TRACE_PRODUCER_CU2CLRT), 0);
  for (unsigned t = 0; t < CU2CL_TRACE_ELEM_TYPE_COUNT; t++)
    cu2cl_trace_copy(t % 2 ? "a/b/file.cu" : NULL, t * 10, t % 6, t,
                     2 * cu2cl_trace_elem_type_size(t), data[t], 8 + t);
  unsigned char grid[3][8] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  cu2cl_trace_copy_2d("grid.cu", 7,
                      CU2CL_TRACE_COPY_MEMCPY_2D | CU2CL_TRACE_COPY_ASYNC,
                      CU2CL_TRACE_U8, 1, grid, 8, 4, 3);
  cu2cl_trace_stdout("hello\n", 6);
  cu2cl_trace_stdout("world\n", 6);
  cu2cl_trace_close();

  cu2cl_tracefile *t = load(path);
  ck_assert(t->complete);
  ck_assert_uint_eq(t->version_major, 1);
  ck_assert_uint_eq(t->producer, CU2CL_TRACE_PRODUCER_CU2CLRT);
  ck_assert_has(t->program, "check_validate");
  ck_assert_uint_eq(t->n_copies, CU2CL_TRACE_ELEM_TYPE_COUNT + 1);
  for (unsigned i = 0; i < CU2CL_TRACE_ELEM_TYPE_COUNT; i++) {
    const cu2cl_trace_copy_rec *c = &t->copies[i];
    ck_assert_uint_eq(c->seq, i);
    ck_assert_uint_eq(c->kind, i % 6);
    ck_assert_uint_eq(c->elem_type, i);
    ck_assert_uint_eq(c->elem_size, 2 * cu2cl_trace_elem_type_size(i));
    ck_assert_str_eq(c->file, i % 2 ? "a/b/file.cu" : "");
    ck_assert_uint_eq(c->line, i * 10);
    ck_assert_uint_eq(c->nbytes, 8 + i);
    ck_assert(!memcmp(c->data, data[i], 8 + i));
  }
  const cu2cl_trace_copy_rec *g = &t->copies[CU2CL_TRACE_ELEM_TYPE_COUNT];
  ck_assert_uint_eq(g->kind,
                    CU2CL_TRACE_COPY_MEMCPY_2D | CU2CL_TRACE_COPY_ASYNC);
  static const unsigned char packed[12] = {1, 2, 3, 4,  5,  6,
                                           7, 8, 9, 10, 11, 12};
  ck_assert_uint_eq(g->nbytes, 12);
  ck_assert(!memcmp(g->data, packed, 12));
  ck_assert(t->has_stdout);
  ck_assert_str_eq(t->out, "hello\nworld\n");
  cu2cl_tracefile_delete(t);
  free(path);
}
END_TEST

/* Records of a tag a newer minor version adds are skipped. */
START_TEST(test_unknown_records_skipped) {
  int v[2] = {1, 2};
  spec s = {CU2CL_TRACE_I32, 4, v, sizeof v};
  char *path = write_trace("u.trace", &s, 1);
  size_t size;
  unsigned char *b = (unsigned char *)read_file(path, &size);
  size_t end = size - 36;
  unsigned char extra[12 + 5] = {'Z', 'Z', 'Z', 'Z', 5,   0,   0,   0,  0,
                                 0,   0,   0,   'a', 'b', 'c', 'd', 'e'};
  unsigned char *nb = xmalloc(size + sizeof extra);
  memcpy(nb, b, end);
  memcpy(nb + end, extra, sizeof extra);
  memcpy(nb + end + sizeof extra, b + end, 36);
  unsigned char *e = nb + end + sizeof extra;
  cu2cl_trace_le64(e + 12, rd64_test(e + 12) + 1);
  fix_checksum(nb, size + sizeof extra);
  ck_assert_int_eq(write_file_atomic(path, (char *)nb, size + sizeof extra), 0);
  cu2cl_tracefile *t = load(path);
  ck_assert_uint_eq(t->n_copies, 1);
  cu2cl_tracefile_delete(t);
  free(nb);
  free(b);
  free(path);
}
END_TEST

START_TEST(test_append_stdout) {
  int v[3] = {7, 8, 9};
  spec s = {CU2CL_TRACE_I32, 4, v, sizeof v};
  char *path = write_trace("s.trace", &s, 1);
  cu2cl_tracefile *t = load(path);
  ck_assert(!t->has_stdout);
  ck_assert_int_eq(cu2cl_tracefile_append_stdout(t, "line 1\nline 2\n", 14), 0);
  ck_assert_int_eq(cu2cl_tracefile_append_stdout(t, "more\n", 5), 0);
  cu2cl_tracefile_delete(t);
  t = load(path);
  ck_assert(t->has_stdout);
  ck_assert_str_eq(t->out, "line 1\nline 2\nmore\n");
  ck_assert_uint_eq(t->n_copies, 1);
  ck_assert(!memcmp(t->copies[0].data, v, sizeof v));
  cu2cl_tracefile_delete(t);
  free(path);
}
END_TEST

/* CU2CL_TRACE is read on first use, "%p" becomes the pid, and exit()
 * writes END. */
START_TEST(test_env_lazy_open_and_exit) {
  char *pattern = in_tmp("env-%p.trace");
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    setenv("CU2CL_TRACE", pattern, 1);
    double d[2] = {1.5, 2.5};
    cu2cl_trace_copy("env.cu", 3, CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_F64, 8,
                     d, sizeof d);
    exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  char *name = xasprintf("env-%ld.trace", (long)pid);
  char *path = in_tmp(name);
  cu2cl_tracefile *t = load(path);
  ck_assert(t->complete);
  ck_assert_uint_eq(t->n_copies, 1);
  ck_assert_str_eq(t->copies[0].file, "env.cu");
  cu2cl_tracefile_delete(t);
  free(path);
  free(name);
  free(pattern);
}
END_TEST

START_TEST(test_env_unset_records_nothing) {
  unsetenv("CU2CL_TRACE");
  ck_assert_int_eq(cu2cl_trace_enabled(), 0);
  int v = 1;
  cu2cl_trace_copy("x.cu", 1, 1, CU2CL_TRACE_I32, 4, &v, 4); /* no-op */
  cu2cl_trace_managed_add(&v, 4, CU2CL_TRACE_I32, 4);
  ck_assert_uint_eq(cu2cl_trace_managed_count(), 0);
  ck_assert_int_eq(cu2cl_trace_enabled(), 0);
}
END_TEST

/* A fork()ed child inherits the open trace but must not write to it. */
START_TEST(test_forked_child_writes_nothing) {
  char *path = in_tmp("fork.trace");
  int v[2] = {5, 6};
  ck_assert_int_eq(cu2cl_trace_open(path, 0), 0);
  cu2cl_trace_copy("p.cu", 1, 1, CU2CL_TRACE_I32, 4, v, 4);
  pid_t pid = fork();
  if (pid == 0) {
    cu2cl_trace_copy("child.cu", 2, 1, CU2CL_TRACE_I32, 4, v, 8);
    exit(0); /* runs the at-exit hook in the child too */
  }
  waitpid(pid, NULL, 0);
  cu2cl_trace_copy("p.cu", 3, 1, CU2CL_TRACE_I32, 4, v + 1, 4);
  cu2cl_trace_close();
  cu2cl_tracefile *t = load(path);
  ck_assert_uint_eq(t->n_copies, 2);
  ck_assert_uint_eq(t->copies[1].line, 3);
  cu2cl_tracefile_delete(t);
  free(path);
}
END_TEST

static void *copy_many(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int i = 0; i < 100; i++) {
    int v[4] = {id, i, id, i};
    cu2cl_trace_copy("thread.cu", (unsigned)id, 1, CU2CL_TRACE_I32, 4, v,
                     sizeof v);
  }
  return NULL;
}

START_TEST(test_threads) {
  char *path = in_tmp("threads.trace");
  ck_assert_int_eq(cu2cl_trace_open(path, 0), 0);
  pthread_t th[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&th[i], NULL, copy_many, (void *)(intptr_t)i);
  for (int i = 0; i < 4; i++)
    pthread_join(th[i], NULL);
  cu2cl_trace_close();
  cu2cl_tracefile *t = load(path);
  ck_assert_uint_eq(t->n_copies, 400);
  for (size_t i = 0; i < 400; i++) { /* whole records, never interleaved */
    const void *v = t->copies[i].data;
    ck_assert_int_eq(int_at(v, 0), (int)t->copies[i].line);
    ck_assert_int_eq(int_at(v, 0), int_at(v, 2));
    ck_assert_int_eq(int_at(v, 1), int_at(v, 3));
  }
  cu2cl_tracefile_delete(t);
  free(path);
}
END_TEST

/* Managed blocks are recorded at sync when changed (default), always
 * (CU2CL_TRACE_MANAGED=all) or never (=off). */
START_TEST(test_managed_modes) {
  static const char *const modes[] = {NULL, "all", "off"};
  static const size_t expect[] = {3, 7, 0};
  for (int m = 0; m < 3; m++) {
    char *path = in_tmp("managed.trace");
    if (modes[m])
      setenv("CU2CL_TRACE_MANAGED", modes[m], 1);
    else
      unsetenv("CU2CL_TRACE_MANAGED");
    ck_assert_int_eq(cu2cl_trace_open(path, 0), 0);
    int a[4] = {1, 2, 3, 4};
    float b[2] = {0.5f, 1.5f};
    cu2cl_trace_managed_add(a, sizeof a, CU2CL_TRACE_I32, 4);
    cu2cl_trace_managed_add(b, sizeof b, CU2CL_TRACE_F32, 4);
    cu2cl_trace_managed_sync("m.cu", 10); /* both: first time */
    cu2cl_trace_managed_sync("m.cu", 11); /* none: unchanged */
    a[2] = 30;
    cu2cl_trace_managed_sync("m.cu", 12); /* a */
    cu2cl_trace_managed_remove(b);
    b[0] = 9;
    cu2cl_trace_managed_sync("m.cu", 13); /* a, in mode all only */
    cu2cl_trace_managed_clear();
    cu2cl_trace_managed_sync("m.cu", 14); /* none */
    cu2cl_trace_close();
    cu2cl_tracefile *t = load(path);
    ck_assert_uint_eq(t->n_copies, expect[m]);
    if (m == 0) {
      ck_assert_uint_eq(t->copies[1].elem_type, CU2CL_TRACE_F32);
      ck_assert_uint_eq(t->copies[2].line, 12);
      ck_assert_int_eq(int_at(t->copies[2].data, 2), 30);
      ck_assert_uint_eq(t->copies[2].kind, CU2CL_TRACE_COPY_MANAGED);
    }
    cu2cl_tracefile_delete(t);
    free(path);
  }
}
END_TEST

/* ---- the comparer -------------------------------------------------------- */

START_TEST(test_identical) {
  int v[6] = {0, 1, 4, 9, 16, 25};
  float f[3] = {1.0f, -2.5f, 1e-30f};
  spec s[2] = {{CU2CL_TRACE_I32, 4, v, sizeof v},
               {CU2CL_TRACE_F32, 4, f, sizeof f}};
  char *report;
  ck_assert_int_eq(compare_specs(s, 2, s, 2, NULL, &report), 0);
  ck_assert_has(report, "PASS: every transfer matches");
  ck_assert_has(report, "transfers compared: 2 (original 2, ported 2), 36 "
                        "bytes");
  ck_assert_has(report, "histo.cu:101");
  free(report);
}
END_TEST

START_TEST(test_int_difference) {
  int a[6] = {0, 1, 4, 9, 16, 25}, b[6] = {0, 1, 4, 9, 16, 26};
  float f[1] = {1};
  spec sa[2] = {{CU2CL_TRACE_F32, 4, f, 4}, {CU2CL_TRACE_I32, 4, a, 24}};
  spec sb[2] = {{CU2CL_TRACE_F32, 4, f, 4}, {CU2CL_TRACE_I32, 4, b, 24}};
  char *report;
  ck_assert_int_eq(compare_specs(sa, 2, sb, 2, NULL, &report), 1);
  ck_assert_has(report, "transfer #1 diverges: 1 of 6 i32 elements differ");
  ck_assert_has(report, "original: histo.cu:101 (copy, device to host), 24 "
                        "bytes, i32");
  ck_assert_has(report, "element 5: original 25, ported 26");
  ck_assert_has(report, "FAIL: 1 of 2 transfers diverge; first: transfer "
                        "#1, element 5");
  free(report);
  /* the widest and the signed narrow types print exactly */
  uint64_t ua = UINT64_MAX, ub = 0;
  ck_assert_int_eq(compare1(CU2CL_TRACE_U64, 8, &ua, &ub, 8, NULL, &report), 1);
  ck_assert_has(report, "original 18446744073709551615, ported 0");
  free(report);
  int8_t ia = -1, ib = -128;
  ck_assert_int_eq(compare1(CU2CL_TRACE_I8, 1, &ia, &ib, 1, NULL, &report), 1);
  ck_assert_has(report, "original -1, ported -128");
  free(report);
}
END_TEST

/* --skip leaves a transfer out (it must still exist); --allow-diff lets a
 * fraction of elements differ. */
START_TEST(test_skip_and_allow_diff) {
  int a[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, b[10], c[10] = {7, 7};
  memcpy(b, a, sizeof a);
  b[4] = 40;
  spec sa[2] = {{CU2CL_TRACE_I32, 4, a, 40}, {CU2CL_TRACE_I32, 4, a, 8}};
  spec sb[2] = {{CU2CL_TRACE_I32, 4, b, 40}, {CU2CL_TRACE_I32, 4, c, 8}};
  cu2cl_validate_options opt;
  cu2cl_validate_options_init(&opt);
  char *report;
  ck_assert_int_eq(compare_specs(sa, 2, sb, 2, &opt, &report), 1);
  ck_assert_has(report, "FAIL: 2 of 2 transfers diverge");
  free(report);
  opt.skip[opt.n_skip++] = 1;
  ck_assert_int_eq(compare_specs(sa, 2, sb, 2, &opt, &report), 1);
  ck_assert_has(report, "FAIL: 1 of 2 transfers diverge; first: transfer "
                        "#0, element 4");
  free(report);
  opt.allow_diff = 0.05; /* 1 of 10 is more than 5% */
  ck_assert_int_eq(compare_specs(sa, 2, sb, 2, &opt, &report), 1);
  free(report);
  opt.allow_diff = 0.1;
  ck_assert_int_eq(compare_specs(sa, 2, sb, 2, &opt, &report), 0);
  ck_assert_has(report, "ok, 1 differ");
  ck_assert_has(report, "skipped");
  ck_assert_has(report, "PASS: every compared transfer matches; 1 within "
                        "--allow-diff 0.1; 1 skipped (--skip)");
  free(report);
  /* a skipped transfer must still be there */
  ck_assert_int_eq(compare_specs(sa, 2, sb, 1, &opt, &report), 1);
  ck_assert_has(report, "1 fewer transfer");
  free(report);
  /* the command line */
  char *ta = write_trace("a.trace", sa, 2), *tb = write_trace("b.trace", sb, 2);
  const char *args[] = {"validate", "--skip=1", "--allow-diff", "0.1", ta, tb,
                        NULL};
  char *out, *err;
  ck_assert_int_eq(run_main(args, &out, &err), 0);
  free(out);
  free(err);
  const char *bad[][3] = {{"--skip=x", ta, tb}, {"--allow-diff=2", ta, tb}};
  for (int i = 0; i < 2; i++) {
    const char *argv[] = {"validate", bad[i][0], bad[i][1], bad[i][2], NULL};
    ck_assert_int_eq(run_main(argv, &out, &err), 2);
    ck_assert_has(err, "invalid value");
    free(out);
    free(err);
  }
  free(ta);
  free(tb);
}
END_TEST

/* --unordered compares multisets: a permutation matches, a changed element
 * does not; vectors sort as whole elements. */
START_TEST(test_unordered) {
  int a[6] = {5, -1, 9, 3, 3, 0}, b[6] = {3, 0, 9, 5, 3, -1},
      c[6] = {3, 0, 9, 5, 4, -1};
  float va[4] = {1, 2, 3, 4}, vb[4] = {3, 4, 1, 2}, vc[4] = {1, 4, 3, 2};
  cu2cl_validate_options opt;
  cu2cl_validate_options_init(&opt);
  char *report;
  spec sa[2] = {{CU2CL_TRACE_I32, 4, a, 24}, {CU2CL_TRACE_F32, 8, va, 16}};
  spec sb[2] = {{CU2CL_TRACE_I32, 4, b, 24}, {CU2CL_TRACE_F32, 8, vb, 16}};
  ck_assert_int_eq(compare_specs(sa, 2, sb, 2, &opt, &report), 1);
  free(report);
  opt.unordered[opt.n_unordered++] = 0;
  opt.unordered[opt.n_unordered++] = 1;
  ck_assert_int_eq(compare_specs(sa, 2, sb, 2, &opt, &report), 0);
  ck_assert_has(report, "PASS: every transfer matches");
  free(report);
  spec sc[2] = {{CU2CL_TRACE_I32, 4, c, 24}, {CU2CL_TRACE_F32, 8, vc, 16}};
  ck_assert_int_eq(compare_specs(sa, 2, sc, 2, &opt, &report), 1);
  ck_assert_has(report, "transfer #0 diverges (compared as sorted multisets, "
                        "--unordered)");
  ck_assert_has(report, "element 3: original 3, ported 4");
  ck_assert_has(report, "FAIL: 2 of 2 transfers diverge"); /* (1,4) (3,2) */
  free(report);
}
END_TEST

START_TEST(test_float_tolerance) {
  float a = 1.0f, b = nextafterf(nextafterf(1.0f, 2), 2), c = 1.0001f;
  char *report;
  /* 2 ulp: within both bounds */
  ck_assert_int_eq(compare1(CU2CL_TRACE_F32, 4, &a, &b, 4, NULL, &report), 0);
  free(report);
  /* rel 1e-4 > 1e-5 */
  ck_assert_int_eq(compare1(CU2CL_TRACE_F32, 4, &a, &c, 4, NULL, &report), 1);
  ck_assert_has(report, "element 0: original 1 (0x3f800000), ported "
                        "1.00010002 (0x3f800347)");
  ck_assert_has(report, "error: abs 0.0001, rel 0.0001, 839 ulp; tolerance: "
                        "rtol 1e-05");
  free(report);
  cu2cl_validate_options opt;
  cu2cl_validate_options_init(&opt);
  opt.rtol[CU2CL_TRACE_F32] = 1e-3; /* --rtol f32=1e-3 */
  ck_assert_int_eq(compare1(CU2CL_TRACE_F32, 4, &a, &c, 4, &opt, &report), 0);
  ck_assert_has(report, "PASS");
  free(report);
  double da = 1.0, db = 1.0 + 1e-13, dc = 1.0 + 1e-11;
  ck_assert_int_eq(compare1(CU2CL_TRACE_F64, 8, &da, &db, 8, NULL, &report), 0);
  free(report);
  ck_assert_int_eq(compare1(CU2CL_TRACE_F64, 8, &da, &dc, 8, NULL, &report), 1);
  ck_assert_has(report, "original 1 (0x3ff0000000000000)");
  free(report);
}
END_TEST

/* --rtol 0 --atol 0 --ulp N: units in the last place alone decide. */
START_TEST(test_ulp_mode) {
  cu2cl_validate_options opt;
  cu2cl_validate_options_init(&opt);
  opt.rtol[CU2CL_TRACE_F32] = opt.atol[CU2CL_TRACE_F32] = 0;
  opt.ulp[CU2CL_TRACE_F32] = 4;
  float o[2] = {1.0f, -0.0f}, p[2] = {1.0f, 0.0f};
  for (int i = 0; i < 4; i++)
    p[0] = nextafterf(p[0], 0);
  char *report;
  ck_assert_int_eq(compare1(CU2CL_TRACE_F32, 4, o, p, 8, &opt, &report), 0);
  free(report);
  p[0] = nextafterf(p[0], 0); /* 5 ulp */
  ck_assert_int_eq(compare1(CU2CL_TRACE_F32, 4, o, p, 8, &opt, &report), 1);
  ck_assert_has(report, ", 5 ulp; tolerance: rtol 0, atol 0, 4 ulp");
  free(report);
  /* across zero: the smallest subnormals either side are 2 ulp apart */
  float tiny = nextafterf(0, 1), ntiny = -tiny;
  opt.ulp[CU2CL_TRACE_F32] = 1;
  ck_assert_int_eq(
      compare1(CU2CL_TRACE_F32, 4, &tiny, &ntiny, 4, &opt, &report), 1);
  ck_assert_has(report, "2 ulp");
  free(report);
}
END_TEST

START_TEST(test_nan_and_inf) {
  float nan1 = NAN, inf = INFINITY, ninf = -INFINITY, one = 1, big = FLT_MAX;
  float sub = 1e-40f, zero = 0;
  char *report;
  struct {
    float *a, *b;
    int rc;
  } cases[] = {{&nan1, &nan1, 0}, {&inf, &inf, 0},  {&one, &nan1, 1},
               {&nan1, &one, 1},  {&inf, &ninf, 1}, {&inf, &big, 1},
               {&sub, &zero, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    int rc =
        compare1(CU2CL_TRACE_F32, 4, cases[i].a, cases[i].b, 4, NULL, &report);
    ck_assert_msg(rc == cases[i].rc, "case %zu:\n%s", i, report);
    free(report);
  }
  ck_assert_int_eq(compare1(CU2CL_TRACE_F32, 4, &one, &nan1, 4, NULL, &report),
                   1);
  ck_assert_has(report, "ported nan");
  free(report);
}
END_TEST

START_TEST(test_half_types) {
  uint16_t one = 0x3c00, near = 0x3c01, far = 0x3e00, bone = 0x3f80,
           bnear = 0x3f81;
  char *report;
  ck_assert_int_eq(compare1(CU2CL_TRACE_F16, 2, &one, &near, 2, NULL, &report),
                   0);
  free(report);
  ck_assert_int_eq(compare1(CU2CL_TRACE_F16, 2, &one, &far, 2, NULL, &report),
                   1);
  ck_assert_has(report, "original 1 (0x3c00), ported 1.5 (0x3e00)");
  free(report);
  ck_assert_int_eq(
      compare1(CU2CL_TRACE_BF16, 2, &bone, &bnear, 2, NULL, &report), 0);
  free(report);
}
END_TEST

START_TEST(test_size_mismatch) {
  int v[10] = {0};
  spec a = {CU2CL_TRACE_I32, 4, v, 40}, b = {CU2CL_TRACE_I32, 4, v, 36};
  char *report;
  ck_assert_int_eq(compare_specs(&a, 1, &b, 1, NULL, &report), 1);
  ck_assert_has(report, "transfer #0 diverges: the sizes differ (original 40 "
                        "bytes, ported 36 bytes)");
  ck_assert_has(report, "SIZE");
  free(report);
}
END_TEST

START_TEST(test_extra_and_missing_transfer) {
  int v[2] = {3, 4};
  spec s[3] = {{CU2CL_TRACE_I32, 4, v, 8},
               {CU2CL_TRACE_I32, 4, v, 4},
               {CU2CL_TRACE_I32, 4, v, 8}};
  char *report;
  ck_assert_int_eq(compare_specs(s, 1, s, 3, NULL, &report), 1);
  ck_assert_has(report, "the ported program made 2 more transfers than the "
                        "original; the first extra one is #1:");
  ck_assert_has(report, "ported:   histo.cu:101 (copy, device to host), 4 "
                        "bytes");
  ck_assert_has(report, "EXTRA");
  free(report);
  ck_assert_int_eq(compare_specs(s, 2, s, 1, NULL, &report), 1);
  ck_assert_has(report, "made 1 fewer transfer than the original; the first "
                        "missing one is #1");
  ck_assert_has(report, "MISSING");
  free(report);
}
END_TEST

START_TEST(test_type_disagreement) {
  float f[2] = {1.5f, 2.5f}, g[2] = {1.5f, 2.5000002f};
  spec a = {CU2CL_TRACE_F32, 4, f, 8}, b = {CU2CL_TRACE_I32, 4, g, 8};
  char *report;
  ck_assert_int_eq(compare_specs(&a, 1, &b, 1, NULL, &report), 0);
  ck_assert_has(report, "note: transfer #0: the element types differ: "
                        "original f32, ported i32; compared as f32");
  free(report);
  /* one side knows the type: it is used */
  spec u = {CU2CL_TRACE_UNKNOWN, 1, f, 8}, t = {CU2CL_TRACE_F32, 4, g, 8};
  ck_assert_int_eq(compare_specs(&u, 1, &t, 1, NULL, &report), 0);
  free(report);
  /* neither: bytes, exactly; --unknown-as f32 makes them comparable */
  spec u8 = {CU2CL_TRACE_UNKNOWN, 8, f, 8}, v = {CU2CL_TRACE_UNKNOWN, 8, g, 8};
  ck_assert_int_eq(compare_specs(&u8, 1, &v, 1, NULL, &report), 1);
  ck_assert_has(report, "1 of 1 untyped 8-byte elements differ (compared "
                        "bytewise)");
  ck_assert_has(report, "element 0 (bytes 0..7): original 00 00 c0 3f 00 00 "
                        "20 40, ported 00 00 c0 3f 01 00 20 40");
  free(report);
  cu2cl_validate_options opt;
  cu2cl_validate_options_init(&opt);
  opt.unknown_as = CU2CL_TRACE_F32;
  ck_assert_int_eq(compare_specs(&u, 1, &v, 1, &opt, &report), 0);
  free(report);
}
END_TEST

START_TEST(test_vectors_and_max_report) {
  float a[16] = {0}, b[16] = {0};
  for (int i = 6; i < 11; i++)
    b[i] = 1;
  spec sa = {CU2CL_TRACE_F32, 16, a, sizeof a},
       sb = {CU2CL_TRACE_F32, 16, b, sizeof b};
  cu2cl_validate_options opt;
  cu2cl_validate_options_init(&opt);
  opt.max_report = 3;
  char *report;
  ck_assert_int_eq(compare_specs(&sa, 1, &sb, 1, &opt, &report), 1);
  ck_assert_has(report, "5 of 16 f32 elements differ");
  ck_assert_has(report, "element 6 ([1].z): original 0");
  ck_assert_has(report, "element 8 ([2].x)");
  ck_assert_msg(!strstr(report, "element 9 "), "%s", report);
  ck_assert_has(report, "... 2 more (--max-report N lists more)");
  ck_assert_has(report, "f32x4");
  free(report);
}
END_TEST

static char *trace_with_stdout(const char *name, const char *text) {
  int v = 1;
  char *path = in_tmp(name);
  ck_assert_int_eq(cu2cl_trace_open(path, 0), 0);
  cu2cl_trace_copy("s.cu", 1, 1, CU2CL_TRACE_I32, 4, &v, 4);
  cu2cl_trace_stdout(text, strlen(text));
  cu2cl_trace_close();
  return path;
}

START_TEST(test_stdout_notes) {
  char *a = trace_with_stdout("a.trace", "sum = 1.000001\ntime 3 ms\nok\n");
  char *b = trace_with_stdout("b.trace", "sum = 1.000002\ntime 9 ms\nok\n");
  char *report;
  ck_assert_int_eq(compare_traces(a, b, NULL, &report), 0);
  ck_assert_has(report, "note: stdout line 2 differs:\n  original: \"time 3 "
                        "ms\"\n  ported:   \"time 9 ms\"");
  ck_assert_msg(!strstr(report, "line 1 differs"), "%s", report);
  ck_assert_has(report, "stdout: 1 of 3 lines differ (notes only");
  free(report);
  cu2cl_validate_options opt;
  cu2cl_validate_options_init(&opt);
  opt.strict_stdout = 1;
  ck_assert_int_eq(compare_traces(a, b, &opt, &report), 1);
  ck_assert_has(report, "FAIL: stdout differs");
  free(report);
  free(b);
  b = trace_with_stdout("b.trace", "sum = 1.000001\ntime 3 ms\nok\n");
  ck_assert_int_eq(compare_traces(a, b, &opt, &report), 0);
  ck_assert_has(report, "stdout: 3 lines, identical");
  free(report);
  free(a);
  free(b);
}
END_TEST

/* Device printf's lines in the order the threads ran: compared as
 * multisets, the lines that name the device left out. */
START_TEST(test_stdout_unordered_lines) {
  char *a = trace_with_stdout("a.trace", "Device 0: \"H100\"\n[0, 1]: v=10\n"
                                         "[0, 0]: v=10\n[1, 0]: v=10\n");
  char *b = trace_with_stdout("b.trace", "Device 0: \"pthread\"\n[1, 0]: v=10\n"
                                         "[0, 0]: v=10\n[0, 1]: v=10\n");
  cu2cl_validate_options opt;
  cu2cl_validate_options_init(&opt);
  opt.strict_stdout = 1;
  char *report;
  ck_assert_int_eq(compare_traces(a, b, &opt, &report), 1);
  free(report);
  opt.stdout_lines = "^\\[";
  ck_assert_int_eq(compare_traces(a, b, &opt, &report), 1);
  ck_assert_has(report, "stdout: 2 of 3 selected lines differ");
  free(report);
  opt.stdout_unordered = 1;
  ck_assert_int_eq(compare_traces(a, b, &opt, &report), 0);
  ck_assert_has(report, "stdout: 3 selected lines (as multisets), equal");
  free(report);
  /* a line printed twice by one side and once by the other differs */
  free(b);
  b = trace_with_stdout("b.trace", "[1, 0]: v=10\n[0, 0]: v=10\n"
                                   "[0, 0]: v=10\n");
  ck_assert_int_eq(compare_traces(a, b, &opt, &report), 1);
  ck_assert_has(report, "original: \"[0, 1]: v=10\"");
  free(report);
  free(a);
  free(b);
}
END_TEST

/* A trace written through CU2CL_TRACE holds no stdout: --ported-stdout
 * names the file the port's stdout went to. */
START_TEST(test_ported_stdout_file) {
  char *a = trace_with_stdout("a.trace", "dev A\n[1]: v=2\n[0]: v=1\n");
  int one = 1;
  spec s1 = {CU2CL_TRACE_I32, 4, &one, 4};
  char *b = write_trace("b.trace", &s1, 1); /* the same copy, no stdout */
  char *f = in_tmp("b.out");
  FILE *fp = fopen(f, "w");
  ck_assert_ptr_nonnull(fp);
  fputs("dev B\n[0]: v=1\n[1]: v=2\n", fp);
  fclose(fp);
  const char *args[] = {"validate",           "--strict-stdout",
                        "--stdout-unordered", "--stdout-lines=^\\[",
                        "--ported-stdout",    f,
                        a,                    b,
                        NULL};
  char *out, *err;
  int rc = run_main(args, &out, &err);
  ck_assert_msg(rc == 0, "%d: %s %s", rc, out, err);
  ck_assert_has(out, "stdout: 2 selected lines (as multisets)");
  free(out);
  free(err);
  fp = fopen(f, "w");
  fputs("dev B\n[0]: v=1\n[1]: v=3\n", fp);
  fclose(fp);
  ck_assert_int_eq(run_main(args, &out, &err), 1);
  ck_assert_has(out, "FAIL: stdout differs");
  free(out);
  free(err);
  /* without the file the port's trace holds no stdout: nothing compared */
  const char *args2[] = {"validate", "--strict-stdout", a, b, NULL};
  ck_assert_int_eq(run_main(args2, &out, &err), 0);
  ck_assert_has(out, "stdout not compared");
  free(out);
  free(err);
  free(a);
  free(b);
  free(f);
}
END_TEST

/* ---- unusable traces ------------------------------------------------------
 */

/* A 3-copy trace in memory, with its copies' offsets. */
static unsigned char *three_copies(char **path, size_t *size, size_t off[4]) {
  int v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  spec s[3] = {{CU2CL_TRACE_I32, 4, v, 32},
               {CU2CL_TRACE_I32, 4, v, 16},
               {CU2CL_TRACE_I32, 4, v, 32}};
  *path = write_trace("three.trace", s, 3);
  cu2cl_tracefile *t = load(*path);
  for (int i = 0; i < 3; i++)
    off[i] = t->copies[i].offset;
  cu2cl_tracefile_delete(t);
  unsigned char *b = (unsigned char *)read_file(*path, size);
  off[3] = *size - 36; /* END */
  return b;
}

static char *expect_error(const char *path, cu2cl_trace_status want) {
  cu2cl_tracefile *t;
  char *error;
  cu2cl_trace_status st = cu2cl_tracefile_read(path, &t, &error);
  ck_assert_msg(st == want, "status %d, want %d: %s", st, want,
                error ? error : "");
  ck_assert_ptr_nonnull(error);
  ck_assert(!strncmp(error, path, strlen(path))); /* names the file */
  cu2cl_tracefile_delete(t);
  return error;
}

START_TEST(test_truncated_at_many_offsets) {
  char *path;
  size_t size, off[4];
  unsigned char *b = three_copies(&path, &size, off);
  struct {
    size_t cut;
    size_t copies;
  } cuts[] = {{3, 0},      {8, 0},           {20, 0},          {24 + 5, 0},
              {off[0], 0}, {off[0] + 11, 0}, {off[1] + 30, 1}, {off[2] + 70, 2},
              {off[3], 3}, {size - 1, 3}};
  for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
    ck_assert_int_eq(write_file_atomic(path, (char *)b, cuts[i].cut), 0);
    char *error = expect_error(path, CU2CL_TRACE_ETRUNCATED);
    char *want = xasprintf("truncated trace: ended after %zu cop%s",
                           cuts[i].copies, cuts[i].copies == 1 ? "y" : "ies");
    ck_assert_msg(strstr(error, want), "cut at %zu: %s", cuts[i].cut, error);
    free(want);
    free(error);
  }
  ck_assert_int_eq(write_file_atomic(path, (char *)b, off[3]), 0);
  char *error = expect_error(path, CU2CL_TRACE_ETRUNCATED);
  ck_assert_has(error, "no END record");
  free(error);
  ck_assert_int_eq(write_file_atomic(path, (char *)b, 0), 0);
  error = expect_error(path, CU2CL_TRACE_EFORMAT);
  ck_assert_has(error, "empty file, not a cu2cl trace");
  free(error);
  free(b);
  free(path);
}
END_TEST

/* The command line: exit status 2 and the reader's message. */
START_TEST(test_truncated_exit_status) {
  char *path;
  size_t size, off[4];
  unsigned char *b = three_copies(&path, &size, off);
  ck_assert_int_eq(write_file_atomic(path, (char *)b, off[1] + 30), 0);
  char *good = in_tmp("good.trace");
  ck_assert_int_eq(write_file_atomic(good, (char *)b, size), 0);
  const char *args[] = {"validate", good, path, NULL};
  char *out, *err;
  ck_assert_int_eq(run_main(args, &out, &err), 2);
  ck_assert_has(err, "three.trace: truncated trace: ended after 1 copy");
  free(out);
  free(err);
  free(good);
  free(b);
  free(path);
}
END_TEST

START_TEST(test_corrupted_byte) {
  char *path;
  size_t size, off[4];
  unsigned char *b = three_copies(&path, &size, off);
  /* payload, file name, PROGRAM's pid, END's checksum */
  size_t at[] = {off[1] + 12 + 48 + 3, off[2] + 12 + 34, 24 + 12, size - 3};
  for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
    b[at[i]] ^= 0x10;
    ck_assert_int_eq(write_file_atomic(path, (char *)b, size), 0);
    b[at[i]] ^= 0x10;
    char *error = expect_error(path, CU2CL_TRACE_ECORRUPT);
    ck_assert_msg(strstr(error, "corrupted trace: checksum mismatch"),
                  "byte %zu: %s", at[i], error);
    free(error);
  }
  b[off[1] + 12 + 48 + 3] ^= 1;
  ck_assert_int_eq(write_file_atomic(path, (char *)b, size), 0);
  const char *args[] = {"validate", path, path, NULL};
  char *out, *err;
  ck_assert_int_eq(run_main(args, &out, &err), 2);
  ck_assert_has(err, "corrupted trace");
  free(out);
  free(err);
  free(b);
  free(path);
}
END_TEST

START_TEST(test_corrupted_structure) {
  char *path;
  size_t size, off[4];
  unsigned char *b = three_copies(&path, &size, off);
  unsigned char *c = xmalloc(size + 3);
  struct {
    size_t at;
    uint64_t value; /* written as u64 at `at`, or u32 when small */
    int fix;        /* recompute the checksum */
    const char *msg;
  } cases[] = {
      {off[1] + 4, 1u << 30, 0, "claims"},
      {off[1] + 12, 7, 1, "has sequence number 7, expected 1"},
      {off[1] + 12 + 28, 1000, 1, "file name and payload do not fit"},
      {off[3] + 12 + 8, 5, 0, "END counts 4 records and 5 copies"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    memcpy(c, b, size);
    if (cases[i].value > UINT32_MAX || cases[i].at == off[3] + 20 ||
        cases[i].at == off[1] + 12)
      cu2cl_trace_le64(c + cases[i].at, cases[i].value);
    else
      cu2cl_trace_le32(c + cases[i].at, (uint32_t)cases[i].value);
    if (cases[i].fix)
      fix_checksum(c, size);
    ck_assert_int_eq(write_file_atomic(path, (char *)c, size), 0);
    char *error = expect_error(path, CU2CL_TRACE_ECORRUPT);
    ck_assert_msg(strstr(error, cases[i].msg), "case %zu: %s", i, error);
    free(error);
  }
  memcpy(c, b, size);
  memcpy(c + size, "xyz", 3);
  ck_assert_int_eq(write_file_atomic(path, (char *)c, size + 3), 0);
  char *error = expect_error(path, CU2CL_TRACE_ECORRUPT);
  ck_assert_has(error, "3 bytes follow the END record");
  free(error);
  free(c);
  free(b);
  free(path);
}
END_TEST

START_TEST(test_not_a_trace) {
  char *path;
  size_t size, off[4];
  unsigned char *b = three_copies(&path, &size, off);
  b[8] = 2; /* version 2.0 */
  ck_assert_int_eq(write_file_atomic(path, (char *)b, size), 0);
  char *error = expect_error(path, CU2CL_TRACE_EFORMAT);
  ck_assert_has(error, "unsupported trace format version 2.0 (this cu2cl "
                       "reads version 1.x)");
  free(error);
  b[8] = 1;
  b[1] = 'X';
  ck_assert_int_eq(write_file_atomic(path, (char *)b, size), 0);
  error = expect_error(path, CU2CL_TRACE_EFORMAT);
  ck_assert_has(error, "not a cu2cl trace (bad magic)");
  free(error);
  char *missing = in_tmp("missing.trace");
  error = expect_error(missing, CU2CL_TRACE_EIO);
  ck_assert_has(error, "cannot read");
  free(error);
  free(missing);
  free(b);
  free(path);
}
END_TEST

START_TEST(test_usage_errors) {
  static const char *const cases[][5] = {
      {"validate", NULL},
      {"validate", "a.trace", NULL},
      {"validate", "a", "b", "c", NULL},
      {"validate", "--bogus", "a", "b", NULL},
      {"validate", "--rtol", "abc", "a", NULL},
      {"validate", "--rtol", "i32=1", "a", NULL},
      {"validate", "--unknown-as", "f128", "a", NULL},
      {"validate", "--save-ported", "x", "a", NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *out, *err;
    ck_assert_int_eq(run_main(cases[i], &out, &err), 2);
    ck_assert_has(err, "cu2cl validate: error: ");
    free(out);
    free(err);
  }
  const char *help[] = {"validate", "--help", NULL};
  char *out, *err;
  ck_assert_int_eq(run_main(help, &out, &err), 0);
  ck_assert_has(out, "usage: cu2cl validate");
  free(out);
  free(err);
}
END_TEST

START_TEST(test_writer_open_failure) {
  ck_assert_int_eq(cu2cl_trace_open("/nonexistent-dir/x.trace", 0), -1);
  ck_assert_int_eq(cu2cl_trace_enabled(), 0);
}
END_TEST

/* ---- the one-shot form ----------------------------------------------------
 */

/* Builds tests/data/validate/minitrace.c as tmp/NAME with the flags. */
static char *build_mini(const char *name, const char *flags) {
  char *src = data_file("minitrace.c"), *exe = in_tmp(name);
  sh("cc -std=c11 %s -I'%s/runtime/include' '%s' -o '%s' -lpthread", flags,
     CU2CL_SOURCE_DIR, src, exe);
  free(src);
  return exe;
}

START_TEST(test_oneshot_match) {
  char *orig = build_mini("orig", "");
  char *saved = in_tmp("golden.trace");
  const char *args[] = {"validate", "--original", orig, "--save-original",
                        saved,      "--ported",   orig, NULL};
  char *out, *err;
  ck_assert_int_eq(run_main(args, &out, &err), 0);
  ck_assert_has(out, "original| counts ready\noriginal| time 1.0 ms\n");
  ck_assert_has(out, "ported| counts ready\n");
  ck_assert_has(out, "stdout: 2 lines, identical");
  ck_assert_has(out, "PASS: every transfer matches");
  free(out);
  free(err);
  cu2cl_tracefile *t = load(saved); /* kept, with the stdout */
  ck_assert_str_eq(t->out, "counts ready\ntime 1.0 ms\n");
  ck_assert_uint_eq(t->n_copies, 2);
  cu2cl_tracefile_delete(t);
  /* --record, and a stored trace standing for the original */
  char *rec = in_tmp("rec.trace");
  const char *args2[] = {"validate", "--record", rec, orig, NULL};
  ck_assert_int_eq(run_main(args2, &out, &err), 0);
  ck_assert_has(out, "2 transfers");
  free(out);
  free(err);
  const char *args3[] = {"validate", rec, "--ported", orig, "--no-echo", NULL};
  ck_assert_int_eq(run_main(args3, &out, &err), 0);
  ck_assert_msg(!strstr(out, "ported| "), "%s", out);
  free(out);
  free(err);
  /* a port that computes the same but exits 1 fails against the trace */
  char *fails = build_mini("fails", "-DEXIT_STATUS=1");
  const char *args4[] = {"validate", rec, "--ported", fails, NULL};
  ck_assert_int_eq(run_main(args4, &out, &err), 1);
  ck_assert_has(out, "FAIL: the ported command exited with status 1");
  free(out);
  free(err);
  free(fails);
  free(rec);
  free(saved);
  free(orig);
}
END_TEST

START_TEST(test_oneshot_divergence) {
  char *orig = build_mini("orig", ""), *bad = build_mini("bad", "-DPERTURB=3");
  const char *args[] = {"validate", "--original", orig, "--ported", bad, NULL};
  char *out, *err;
  ck_assert_int_eq(run_main(args, &out, &err), 1);
  ck_assert_has(out, "transfer #1 diverges: 1 of 8 f32 elements differ "
                     "beyond the tolerance");
  ck_assert_has(out, "original: histo.cu:20 (copy, device to host), 32 "
                     "bytes, f32");
  ck_assert_has(out, "element 3: original 0.75 (0x3f400000), ported 0.875 "
                     "(0x3f600000)");
  ck_assert_has(out, "note: stdout line 2 differs:\n  original: \"time 1.0 "
                     "ms\"\n  ported:   \"time 2.5 ms\"");
  ck_assert_has(out, "FAIL: 1 of 2 transfers diverge; first: transfer #1, "
                     "element 3");
  free(out);
  free(err);
  /* stdout alone differs: a note, or with --strict-stdout a failure */
  char *talk = build_mini("talk", "-DPERTURB=2");
  const char *args2[] = {"validate", "--original", orig,
                         "--ported", talk,         NULL};
  ck_assert_int_eq(run_main(args2, &out, &err), 0);
  free(out);
  free(err);
  const char *args3[] = {"validate", "--strict-stdout", "--original",
                         orig,       "--ported",        talk,
                         NULL};
  ck_assert_int_eq(run_main(args3, &out, &err), 1);
  free(out);
  free(err);
  free(talk);
  free(bad);
  free(orig);
}
END_TEST

START_TEST(test_oneshot_crash) {
  char *orig = build_mini("orig", ""),
       *crash = build_mini("crash", "-DCRASH=1");
  const char *args[] = {"validate", "--original", orig,
                        "--ported", crash,        NULL};
  char *out, *err;
  ck_assert_int_eq(run_main(args, &out, &err), 1);
  ck_assert_has(err, "truncated trace: ended after 1 copy");
  ck_assert_has(err, "signal 6");
  ck_assert_has(out, "comparing the 1 transfers it holds");
  ck_assert_has(out, "made 1 fewer transfer than the original");
  free(out);
  free(err);
  /* a failing original leaves nothing to validate against */
  const char *args2[] = {"validate", "--original", crash,
                         "--ported", orig,         NULL};
  ck_assert_int_eq(run_main(args2, &out, &err), 2);
  free(out);
  free(err);
  const char *args3[] = {"validate", "--original", orig,
                         "--ported", "true",       NULL};
  ck_assert_int_eq(run_main(args3, &out, &err), 2);
  ck_assert_has(err, "the ported command wrote no trace");
  free(out);
  free(err);
  free(crash);
  free(orig);
}
END_TEST

/* ---- the CUDA tracing header -----------------------------------------------
 */

typedef struct expected {
  const char *marker;
  unsigned kind, type;
  size_t esize, nbytes;
} expected;

static const expected cuda_expect[] = {
    {"@typed", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_F32, 4, 16},
    {"@void", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_UNKNOWN, 1, 16},
    {"@float4", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_F32, 16, 32},
    {"@struct3", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_F32, 12, 24},
    {"@mixed", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_UNKNOWN, 8, 16},
    {"@int", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_I32, 4, 16},
    {"@double", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_F64, 8, 16},
    {"@default", CU2CL_TRACE_COPY_MEMCPY_DEFAULT, CU2CL_TRACE_F32, 4, 16},
    {"@async0", CU2CL_TRACE_COPY_MEMCPY | CU2CL_TRACE_COPY_ASYNC,
     CU2CL_TRACE_F32, 4, 16},
    {"@async", CU2CL_TRACE_COPY_MEMCPY | CU2CL_TRACE_COPY_ASYNC,
     CU2CL_TRACE_I32, 4, 16},
    {"@2d", CU2CL_TRACE_COPY_MEMCPY_2D, CU2CL_TRACE_F32, 4, 16},
    {"@symbol", CU2CL_TRACE_COPY_SYMBOL, CU2CL_TRACE_U32, 4, 8},
    {"@symvoid", CU2CL_TRACE_COPY_SYMBOL, CU2CL_TRACE_F32, 4, 8},
    {"@macro", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_I32, 4, 8},
    {"@sync1", CU2CL_TRACE_COPY_MANAGED, CU2CL_TRACE_I32, 4, 16},
    {"@sync3", CU2CL_TRACE_COPY_MANAGED, CU2CL_TRACE_I32, 4, 16},
};

/* The line of "@marker" in a source file. */
static unsigned marker_line(const char *text, const char *marker) {
  char *needle = xasprintf("/* %s ", marker);
  const char *at = strstr(text, needle);
  if (!at) {
    free(needle);
    needle = xasprintf("/* %s:", marker);
    at = strstr(text, needle);
  }
  ck_assert_msg(at, "no marker %s", marker);
  unsigned line = 1;
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  free(needle);
  return line;
}

static void check_records(const char *trace, const char *src, const expected *e,
                          size_t n) {
  cu2cl_tracefile *t = load(trace);
  char *text = read_file(src, NULL);
  ck_assert_uint_eq(t->producer, CU2CL_TRACE_PRODUCER_CUDA);
  ck_assert_uint_eq(t->n_copies, n);
  for (size_t i = 0; i < n; i++) {
    const cu2cl_trace_copy_rec *c = &t->copies[i];
    ck_assert_msg(c->kind == e[i].kind && c->elem_type == e[i].type &&
                      c->elem_size == e[i].esize && c->nbytes == e[i].nbytes,
                  "%s: kind %u type %u esize %" PRIu64 " nbytes %" PRIu64,
                  e[i].marker, c->kind, c->elem_type, c->elem_size, c->nbytes);
    ck_assert_uint_eq(c->line, marker_line(text, e[i].marker));
    ck_assert_str_eq(path_basename(c->file), path_basename(src));
  }
  free(text);
  cu2cl_tracefile_delete(t);
}

static void run_traced(const char *exe, const char *trace) {
  sh("CU2CL_TRACE='%s' '%s'", trace, exe);
}

START_TEST(test_cuda_header_cxx) {
  char *src = data_file("traced_prog.cu"), *fake = data_file("fake_cudart.c");
  char *inc = data_file("fakecuda"), *exe = in_tmp("traced"),
       *trace = in_tmp("cuda.trace");
  sh("cd '%s' && cc -std=c11 -Wall -Wextra -Werror -c '%s' -I'%s/..' && "
     "c++ -std=c++17 -Wall -Wextra -Werror -x c++ -I'%s' -include "
     "'%s/runtime/include/cu2cl_trace_cuda.h' -c '%s' -o traced.o && "
     "c++ traced.o fake_cudart.o -o '%s' -lpthread",
     tmp, fake, inc, inc, CU2CL_SOURCE_DIR, src, exe);
  run_traced(exe, trace);
  check_records(trace, src, cuda_expect,
                sizeof cuda_expect / sizeof *cuda_expect);
  cu2cl_tracefile *t = load(trace);
  const void *f0 = t->copies[0].data, *f2d = t->copies[10].data;
  const void *m1 = t->copies[14].data, *m3 = t->copies[15].data;
  ck_assert(f32_at(f0, 0) == 0 && f32_at(f0, 3) == 1.5f);
  ck_assert(f32_at(f2d, 0) == 0 && f32_at(f2d, 1) == 0.5f &&
            f32_at(f2d, 2) == 2 && f32_at(f2d, 3) == 2.5f);
  ck_assert(int_at(m1, 1) == 1 && int_at(m3, 1) == 7);
  cu2cl_tracefile_delete(t);
  /* unset: nothing written, same output */
  sh("unset CU2CL_TRACE; cd '%s' && '%s' | grep -q 'h\\[1\\] = 0.5'", tmp, exe);
  free(src);
  free(fake);
  free(inc);
  free(exe);
  free(trace);
}
END_TEST

START_TEST(test_cuda_header_c) {
  static const expected e[] = {
      {"@c_float", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_F32, 4, 16},
      {"@c_void", CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_UNKNOWN, 1, 16},
      {"@c_async", CU2CL_TRACE_COPY_MEMCPY | CU2CL_TRACE_COPY_ASYNC,
       CU2CL_TRACE_I32, 4, 16},
      {"@c_sync", CU2CL_TRACE_COPY_MANAGED, CU2CL_TRACE_UNKNOWN, 1, 16},
  };
  char *src = data_file("traced_prog_c.c"), *fake = data_file("fake_cudart.c");
  char *inc = data_file("fakecuda"), *exe = in_tmp("traced_c"),
       *trace = in_tmp("c.trace");
  sh("cd '%s' && cc -std=c11 -Wall -Wextra -Werror -c '%s' -I'%s/..' && "
     "cc -std=c11 -Wall -Wextra -Werror -I'%s' -include "
     "'%s/runtime/include/cu2cl_trace_cuda.h' '%s' fake_cudart.o -o '%s' "
     "-lpthread",
     tmp, fake, inc, inc, CU2CL_SOURCE_DIR, src, exe);
  run_traced(exe, trace);
  check_records(trace, src, e, sizeof e / sizeof *e);
  free(src);
  free(fake);
  free(inc);
  free(exe);
  free(trace);
}
END_TEST

/* The header against real CUDA declarations: cu2cl's own (clang-22 as
 * CUDA), and the toolkit's when one is installed (clang-22, nvcc, and the
 * C form with cc). */
START_TEST(test_cuda_header_real_headers) {
  char *src = data_file("traced_prog.cu"), *csrc = data_file("traced_prog_c.c");
  const char *hdr = CU2CL_SOURCE_DIR "/runtime/include/cu2cl_trace_cuda.h";
  int checked = 0;
  if (have_program("clang-22")) {
    sh("clang-22 -x cuda --cuda-host-only -nocudainc -nocudalib "
       "--cuda-path=/nonexistent -Xclang -target-sdk-version=13.0 "
       "--cuda-gpu-arch=sm_80 -isystem %s/translator/cuda-include -include "
       "cuda_runtime.h -include %s -std=c++17 -Wall -Wextra -Werror "
       "-fsyntax-only '%s'",
       CU2CL_SOURCE_DIR, hdr, src);
    checked++;
  }
  int toolkit = access("/usr/local/cuda/include/cuda_runtime.h", R_OK) == 0;
  if (toolkit && have_program("clang-22")) {
    sh("clang-22 -x cuda --cuda-host-only --cuda-path=/usr/local/cuda "
       "--cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version -include %s "
       "-std=c++17 -Wall -Wextra -fsyntax-only '%s'",
       hdr, src);
    checked++;
  }
  if (toolkit && access("/usr/local/cuda/bin/nvcc", X_OK) == 0) {
    sh("cd '%s' && /usr/local/cuda/bin/nvcc -std=c++17 -include %s "
       "-Xcompiler -Wall,-Wextra -c -x cu '%s' -o nvcc.o",
       tmp, hdr, src);
    checked++;
  }
  if (toolkit) {
    sh("cc -std=c11 -Wall -Wextra -Werror -I/usr/local/cuda/include "
       "-include %s -fsyntax-only '%s'",
       hdr, csrc);
    checked++;
  }
  if (!checked)
    fprintf(stderr, "check_validate: no clang-22 and no CUDA toolkit: the "
                    "header was checked against the stand-in runtime only\n");
  free(src);
  free(csrc);
}
END_TEST

/* ---- suite ------------------------------------------------------------------
 */

static Suite *validate_suite(void) {
  Suite *s = suite_create("validate");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, setup, teardown);
  tcase_set_timeout(core, 120);
  tcase_add_test(core, test_roundtrip_every_type);
  tcase_add_test(core, test_unknown_records_skipped);
  tcase_add_test(core, test_append_stdout);
  tcase_add_test(core, test_env_lazy_open_and_exit);
  tcase_add_test(core, test_env_unset_records_nothing);
  tcase_add_test(core, test_forked_child_writes_nothing);
  tcase_add_test(core, test_threads);
  tcase_add_test(core, test_managed_modes);
  tcase_add_test(core, test_identical);
  tcase_add_test(core, test_int_difference);
  tcase_add_test(core, test_skip_and_allow_diff);
  tcase_add_test(core, test_unordered);
  tcase_add_test(core, test_float_tolerance);
  tcase_add_test(core, test_ulp_mode);
  tcase_add_test(core, test_nan_and_inf);
  tcase_add_test(core, test_half_types);
  tcase_add_test(core, test_size_mismatch);
  tcase_add_test(core, test_extra_and_missing_transfer);
  tcase_add_test(core, test_type_disagreement);
  tcase_add_test(core, test_vectors_and_max_report);
  tcase_add_test(core, test_stdout_notes);
  tcase_add_test(core, test_stdout_unordered_lines);
  tcase_add_test(core, test_ported_stdout_file);
  tcase_add_test(core, test_oneshot_match);
  tcase_add_test(core, test_oneshot_divergence);
  tcase_add_test(core, test_oneshot_crash);
  tcase_add_test(core, test_cuda_header_cxx);
  tcase_add_test(core, test_cuda_header_c);
  tcase_add_test(core, test_cuda_header_real_headers);
  suite_add_tcase(s, core);

  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, setup, teardown);
  tcase_set_timeout(errors, 60);
  tcase_add_test(errors, test_truncated_at_many_offsets);
  tcase_add_test(errors, test_truncated_exit_status);
  tcase_add_test(errors, test_corrupted_byte);
  tcase_add_test(errors, test_corrupted_structure);
  tcase_add_test(errors, test_not_a_trace);
  tcase_add_test(errors, test_usage_errors);
  tcase_add_test(errors, test_writer_open_failure);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(validate_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed;
}
