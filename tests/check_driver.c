/*
 * check_driver: the cu2cl command as a user runs it (translator/driver.c).
 *
 * Black-box tests of the built binary, CU2CL_BINARY_DIR/bin/cu2cl: each test
 * copies fixtures from tests/data/driver/ into a fresh mkdtemp directory,
 * runs the binary there with fork/exec (stdout and stderr captured together,
 * with the exit status), and checks the contract that README.md and
 * `cu2cl --help` state: exit status 0 nothing to review, 1 warnings, 2
 * errors or bad input; each diagnostic on one line naming its file (and
 * line) and ending in its [CU2CLnnnn] ID; outputs written atomically (no
 * partial or temporary files); the input tree never written; a non-empty
 * out-root only with --force; no out-root inside the input tree.
 *
 * Core: successful translations (own headers and toolkit headers, CMake and
 * bear compilation databases, reports, -j, --force, --help, --version,
 * --explain). Errors: bad options and databases, a file that does not parse
 * next to good ones, unsupported device code, unwritable and forbidden
 * out-roots.
 *
 * Most runs pass --no-cl-check and --cuda-path=none: the OpenCL compile
 * check and the toolkit's much larger headers are irrelevant to the driver
 * and cost time; the tests of a plain successful translation use both.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <check.h>

#include "util.h"
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef CU2CL_EXE /* overridable to test the tests with a broken binary */
#define CU2CL_EXE CU2CL_BINARY_DIR "/bin/cu2cl"
#endif
#define TOOLKIT_HEADER "/usr/local/cuda/include/cuda_runtime.h"

/* ---- the temporary directory of the current test ------------------------ */

static char tmp_root[1024];

/* "tmp_root/rel" in one of a ring of buffers: valid for the next 31 calls,
 * enough for any one test, and nothing to free. */
static const char *at(const char *fmt, ...) {
  static char ring[32][4096];
  static int next;
  char rel[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rel, sizeof rel, fmt, ap);
  va_end(ap);
  char *buf = ring[next++ % 32];
  snprintf(buf, 4096, "%s/%s", tmp_root, rel);
  return buf;
}

static int rm_entry(const char *path, const struct stat *st, int type,
                    struct FTW *ftw) {
  (void)st, (void)type, (void)ftw;
  remove(path);
  return 0;
}

static void remove_tree(const char *dir) {
  if (dir[0])
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Each test case's tests get their own directories below run_root. A failed
 * assertion skips the checked teardown (the forked test process _exits), so
 * the unchecked teardown, which runs in the parent after the whole case,
 * removes run_root and whatever failed tests left in it. */
static char run_root[512];

static void make_run_root(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(run_root, sizeof run_root, "%s/check_driver.XXXXXX",
           tmp && *tmp ? tmp : "/tmp");
  ck_assert_msg(mkdtemp(run_root) != NULL, "mkdtemp: %s", strerror(errno));
}

static void remove_run_root(void) {
  remove_tree(run_root);
  run_root[0] = 0;
}

static void setup(void) {
  snprintf(tmp_root, sizeof tmp_root, "%s/t.XXXXXX", run_root);
  ck_assert_msg(mkdtemp(tmp_root) != NULL, "mkdtemp: %s", strerror(errno));
}

static void teardown(void) {
  remove_tree(tmp_root);
  tmp_root[0] = 0;
}

/* ---- files -------------------------------------------------------------- */

static int mkdir_parents(const char *path) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *s = strchr(buf + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = 0;
    if (mkdir(buf, 0777) && errno != EEXIST)
      return -1;
    *s = '/';
  }
  return 0;
}

static char *read_all(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, len = 0, n;
  char *text = malloc(cap + 1);
  while ((n = fread(text + len, 1, cap - len, f)) > 0) {
    len += n;
    if (len == cap)
      text = realloc(text, (cap *= 2) + 1);
  }
  fclose(f);
  text[len] = 0;
  return text;
}

static void write_text(const char *path, const char *text) {
  ck_assert_msg(mkdir_parents(path) == 0, "mkdir for %s", path);
  FILE *f = fopen(path, "wb");
  ck_assert_msg(f != NULL, "cannot create %s: %s", path, strerror(errno));
  fputs(text, f);
  ck_assert(fclose(f) == 0);
}

static const char *data_dir(void) {
  const char *d = getenv("CU2CL_TEST_DATA");
  return d && *d ? d : CU2CL_SOURCE_DIR "/tests/data";
}

static char *read_fixture(const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/driver/%s", data_dir(), name);
  char *text = read_all(path);
  ck_assert_msg(text != NULL, "missing fixture %s", path);
  return text;
}

/* Copies tests/data/driver/<name> to tmp_root/<dest>. */
static void fixture(const char *name, const char *dest) {
  char *text = read_fixture(name);
  write_text(at("%s", dest), text);
  free(text);
}

/* Copies a template fixture with every "@DIR@" replaced by tmp_root. */
static void fixture_template(const char *name, const char *dest) {
  char *text = read_fixture(name);
  size_t cap = strlen(text) * 2 + 4096 * 16, len = 0;
  char *out = malloc(cap), *p = text, *m;
  while ((m = strstr(p, "@DIR@"))) {
    len += (size_t)snprintf(out + len, cap - len, "%.*s%s", (int)(m - p), p,
                            tmp_root);
    p = m + 5;
  }
  snprintf(out + len, cap - len, "%s", p);
  write_text(at("%s", dest), out);
  free(out);
  free(text);
}

static int exists(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0;
}

static int is_regular(const char *path) {
  struct stat st;
  return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* ---- walking a tree ----------------------------------------------------- */

/* nftw has no user pointer: the walk's state lives here. */
static struct {
  size_t root_len;
  char **lines;
  size_t n, cap;
  int tmp_files;
} walk;

static uint64_t fnv1a(const char *path) {
  uint64_t h = 1469598103934665603ull;
  int fd = open(path, O_RDONLY);
  unsigned char buf[8192];
  ssize_t n;
  while (fd >= 0 && (n = read(fd, buf, sizeof buf)) > 0)
    for (ssize_t i = 0; i < n; i++)
      h = (h ^ buf[i]) * 1099511628211ull;
  if (fd >= 0)
    close(fd);
  return h;
}

static int walk_entry(const char *path, const struct stat *st, int type,
                      struct FTW *ftw) {
  (void)type;
  if (strstr(path + ftw->base, ".tmp"))
    walk.tmp_files++;
  if (walk.n == walk.cap)
    walk.lines = realloc(walk.lines,
                         (walk.cap = walk.cap * 2 + 16) * sizeof *walk.lines);
  char *line;
  int ok = asprintf(
      &line, "%s mode=%o size=%lld mtime=%lld.%09ld sum=%016llx",
      path + walk.root_len, (unsigned)st->st_mode, (long long)st->st_size,
      (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec,
      S_ISREG(st->st_mode) ? (unsigned long long)fnv1a(path) : 0ull);
  ck_assert(ok >= 0);
  walk.lines[walk.n++] = line;
  return 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every entry below dir with its type, size, mtime and checksum, one per
 * line, sorted: two snapshots are equal iff nothing was added, removed or
 * written. Sets walk.tmp_files. The caller frees the result. */
static char *snapshot(const char *dir) {
  walk.root_len = strlen(dir);
  walk.n = 0;
  walk.tmp_files = 0;
  ck_assert_msg(nftw(dir, walk_entry, 16, FTW_PHYS) == 0, "cannot walk %s",
                dir);
  qsort(walk.lines, walk.n, sizeof *walk.lines, cmp_str);
  size_t len = 1;
  for (size_t i = 0; i < walk.n; i++)
    len += strlen(walk.lines[i]) + 1;
  char *text = malloc(len), *o = text;
  for (size_t i = 0; i < walk.n; i++) {
    o = stpcpy(o, walk.lines[i]);
    *o++ = '\n';
    free(walk.lines[i]);
  }
  *o = 0;
  return text;
}

static void assert_no_tmp_files(const char *dir) {
  free(snapshot(dir));
  ck_assert_msg(walk.tmp_files == 0, "%d temporary file(s) left in %s",
                walk.tmp_files, dir);
}

/* ---- running cu2cl ------------------------------------------------------ */

typedef struct {
  int status; /* exit status; 128 + N when killed by signal N */
  char *out;  /* stdout and stderr as they were interleaved */
  int line;   /* the test's line that ran it, for failure messages */
} run_result;

static run_result last;

static void run_argv(char **argv) {
  int fd[2];
  ck_assert(pipe(fd) == 0);
  fflush(NULL);
  pid_t pid = fork();
  ck_assert(pid >= 0);
  if (pid == 0) {
    close(fd[0]);
    dup2(fd[1], 1);
    dup2(fd[1], 2);
    if (chdir(tmp_root) == 0)
      execv(CU2CL_EXE, argv);
    fprintf(stderr, "cannot run %s: %s\n", CU2CL_EXE, strerror(errno));
    _exit(127);
  }
  close(fd[1]);
  size_t cap = 8192, len = 0;
  char *out = malloc(cap + 1);
  ssize_t n;
  while ((n = read(fd[0], out + len, cap - len)) > 0 ||
         (n < 0 && errno == EINTR)) {
    len += n > 0 ? (size_t)n : 0;
    if (len == cap)
      out = realloc(out, (cap *= 2) + 1);
  }
  close(fd[0]);
  out[len] = 0;
  int st;
  ck_assert(waitpid(pid, &st, 0) == pid);
  free(last.out);
  last.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  last.out = out;
}

/* Runs cu2cl in tmp_root with the arguments up to NULL; the result is in
 * `last`. Through the macro below, which records the caller's line: Check
 * reports the line of the failed assertion, inside a helper. */
__attribute__((sentinel)) static void cu2cl_at(int line, const char *arg, ...) {
  char *argv[64] = {"cu2cl"};
  int n = 1;
  va_list ap;
  va_start(ap, arg);
  for (const char *a = arg; a && n < 63; a = va_arg(ap, const char *))
    argv[n++] = (char *)a;
  va_end(ap);
  argv[n] = NULL;
  run_argv(argv);
  last.line = line;
}
#define cu2cl(...) cu2cl_at(__LINE__, __VA_ARGS__)

static void expect_status(int want) {
  ck_assert_msg(last.status == want,
                "run at line %d: exit status %d, expected %d; output:\n%s",
                last.line, last.status, want, last.out);
}

/* Whether one line of text holds every needle (NULLs are ignored). */
static int line_has(const char *text, const char *a, const char *b,
                    const char *c) {
  for (const char *l = text; *l;) {
    const char *end = strchr(l, '\n');
    size_t len = end ? (size_t)(end - l) : strlen(l);
    char *line = strndup(l, len);
    int ok = (!a || strstr(line, a)) && (!b || strstr(line, b)) &&
             (!c || strstr(line, c));
    free(line);
    if (ok)
      return 1;
    l += len + (end != NULL);
  }
  return 0;
}

/* A diagnostic line holding all of a, b and the ID, e.g.
 * expect_diag("bad.cu:5:", "error:", "[CU2CL0200]"). */
static void expect_diag(const char *a, const char *b, const char *id) {
  ck_assert_msg(line_has(last.out, a, b, id),
                "run at line %d: no line with '%s', '%s' and '%s' in the "
                "output:\n%s",
                last.line, a, b ? b : "", id, last.out);
}

static void expect_output(const char *needle) {
  ck_assert_msg(strstr(last.out, needle) != NULL,
                "run at line %d: '%s' not in the output:\n%s", last.line,
                needle, last.out);
}

static void expect_file(const char *path) {
  ck_assert_msg(is_regular(path),
                "run at line %d: %s was not written; output:\n%s", last.line,
                path, last.out);
}

static void expect_no_file(const char *path) {
  ck_assert_msg(!exists(path),
                "run at line %d: %s exists but should not; output:\n%s",
                last.line, path, last.out);
}

/* The files every successful out-root holds besides the translations. */
static void expect_project(const char *out) {
  expect_file(at("%s/CMakeLists.txt", out));
  expect_file(at("%s/cmake/cu2cl_embed.cmake", out));
}

static void expect_translated(const char *out, const char *stem) {
  expect_file(at("%s/%s.cpp", out, stem));
  expect_file(at("%s/%s.cl", out, stem));
}

/* ---- Core --------------------------------------------------------------- */

START_TEST(test_help_version) {
  cu2cl("--help", NULL);
  expect_status(0);
  expect_output("usage: cu2cl");
  expect_output("--out-root");
  cu2cl("-h", NULL);
  expect_status(0);
  expect_output("usage: cu2cl");
  cu2cl("--version", NULL);
  expect_status(0);
  expect_output("cu2cl " CU2CL_VERSION);
  ck_assert_msg(!exists(at("cu2cl-out")), "--help/--version wrote output");
}
END_TEST

START_TEST(test_explain) {
  cu2cl("--explain", "CU2CL2101", NULL);
  expect_status(0);
  expect_output("CU2CL2101");
  expect_output("UNSUPPORTED_DEVICE_CONSTRUCT");
  cu2cl("--explain=CU2CL0302", NULL);
  expect_status(0);
  expect_output("CANNOT_WRITE");
}
END_TEST

/* A small program with cu2cl's own headers, OpenCL check on. */
START_TEST(test_translate_own_headers) {
  fixture("a.cu", "src/a.cu");
  cu2cl("src/a.cu", "--cuda-path=none", "--out-root", "out", "--", NULL);
  expect_status(0);
  expect_translated("out", "a");
  expect_project("out");
  ck_assert_msg(!strstr(last.out, "error:") && !strstr(last.out, "warning:"),
                "diagnostics in a clean run:\n%s", last.out);
  assert_no_tmp_files(at("out"));
}
END_TEST

/* Registered only when the toolkit's headers are installed. */
START_TEST(test_translate_toolkit_headers) {
  fixture("a.cu", "src/a.cu");
  cu2cl("src/a.cu", "--cuda-path", "/usr/local/cuda", "--out-root", "out", "--",
        NULL);
  expect_status(0);
  expect_translated("out", "a");
  expect_project("out");
  ck_assert_msg(!strstr(last.out, "CU2CL0104"), "the toolkit was not used:\n%s",
                last.out);
  assert_no_tmp_files(at("out"));
}
END_TEST

/* Before and after a successful run (user header included, -j 2), the
 * input tree is identical: same entries, sizes, mtimes and contents. */
START_TEST(test_input_tree_untouched) {
  fixture("a.cu", "src/a.cu");
  fixture("uses_header.cu", "src/uses_header.cu");
  fixture("include/step.h", "src/include/step.h");
  char *before = snapshot(at("src"));
  cu2cl("-j", "2", "src/a.cu", "src/uses_header.cu", "--cuda-path=none",
        "--no-cl-check", "--out-root", "out", "--", "-Isrc/include", NULL);
  expect_status(0);
  expect_translated("out", "a");
  expect_translated("out", "uses_header");
  expect_file(at("out/include/step.h"));
  assert_no_tmp_files(at("out"));
  char *after = snapshot(at("src"));
  ck_assert_msg(!strcmp(before, after),
                "input tree changed:\nbefore:\n%s\n"
                "after:\n%s",
                before, after);
  free(before);
  free(after);
}
END_TEST

START_TEST(test_force_into_nonempty) {
  fixture("a.cu", "src/a.cu");
  write_text(at("out/keep.txt"), "mine\n");
  cu2cl("src/a.cu", "--force", "--cuda-path=none", "--no-cl-check",
        "--out-root", "out", "--", NULL);
  expect_status(0);
  expect_translated("out", "a");
  expect_project("out");
  char *keep = read_all(at("out/keep.txt"));
  ck_assert_msg(keep && !strcmp(keep, "mine\n"), "--force clobbered keep.txt");
  free(keep);
  assert_no_tmp_files(at("out"));
}
END_TEST

/* Finds `"key": value` (any white space) in JSON text from p on. */
static const char *json_find(const char *p, const char *key,
                             const char *value) {
  char k[256];
  snprintf(k, sizeof k, "\"%s\"", key);
  for (const char *m = strstr(p, k); m; m = strstr(m + 1, k)) {
    const char *v = m + strlen(k);
    v += strspn(v, " \t\r\n");
    if (*v++ != ':')
      continue;
    v += strspn(v, " \t\r\n");
    size_t n = strlen(value);
    int digits = value[n - 1] >= '0' && value[n - 1] <= '9';
    if (!strncmp(v, value, n) && !(digits && v[n] >= '0' && v[n] <= '9'))
      return m;
  }
  return NULL;
}

static void expect_json(const char *text, const char *from, const char *key,
                        const char *value) {
  ck_assert_msg(json_find(from, key, value) != NULL,
                "no \"%s\": %s in the report:\n%s", key, value, text);
}

START_TEST(test_reports) {
  fixture("nanosleep.cu", "src/nanosleep.cu");
  cu2cl("src/nanosleep.cu", "--cuda-path=none", "--no-cl-check", "--out-root",
        "out", "--report", "reports/r.sarif", "--report=r.json", "--", NULL);
  expect_status(2);
  char *sarif = read_all(at("reports/r.sarif"));
  char *json = read_all(at("r.json"));
  ck_assert_msg(sarif && json, "a report is missing; output:\n%s", last.out);
  char value[4200];
  const char *res = json_find(sarif, "results", "[");
  ck_assert_msg(res != NULL, "SARIF has no results:\n%s", sarif);
  expect_json(sarif, res, "ruleId", "\"CU2CL2001\"");
  /* relative to %SRCROOT%, the working directory, which holds the input
   * root (src/) */
  expect_json(sarif, res, "uri", "\"src/nanosleep.cu\"");
  expect_json(sarif, res, "uriBaseId", "\"%SRCROOT%\"");
  snprintf(value, sizeof value, "\"file://%s/\"", tmp_root);
  expect_json(sarif, sarif, "uri", value);
  expect_json(sarif, res, "startLine", "5");
  const char *f = json_find(json, "findings", "[");
  ck_assert_msg(f != NULL, "JSON report has no findings:\n%s", json);
  expect_json(json, f, "id", "\"CU2CL2001\"");
  snprintf(value, sizeof value, "\"%s\"", at("src/nanosleep.cu"));
  expect_json(json, f, "file", value);
  expect_json(json, f, "line", "5");
  free(sarif);
  free(json);
}
END_TEST

/* A database as CMake's CUDA support writes it, given as a build dir. */
START_TEST(test_db_cmake_nvcc) {
  fixture("a.cu", "src/a.cu");
  fixture("uses_header.cu", "src/uses_header.cu");
  fixture("include/step.h", "src/include/step.h");
  fixture_template("cmake_nvcc.json.in", "build/compile_commands.json");
  cu2cl("-p", "build", "--no-cl-check", "--out-root", "out", NULL);
  expect_status(0);
  expect_translated("out", "a");
  expect_translated("out", "uses_header");
  expect_project("out");
  assert_no_tmp_files(at("out"));
}
END_TEST

/* A database as bear writes it over nvcc ("arguments", relative paths),
 * given as a file with another name, one source picked from it. */
START_TEST(test_db_bear_nvcc) {
  fixture("b.cu", "src/b.cu");
  fixture("uses_header.cu", "src/uses_header.cu");
  fixture("include/step.h", "src/include/step.h");
  fixture_template("bear_nvcc.json.in", "bear.json");
  cu2cl("-p", "bear.json", "--no-cl-check", "--out-root", "out", NULL);
  expect_status(0);
  expect_translated("out", "b");
  expect_translated("out", "uses_header");
  expect_project("out");
  cu2cl("-p=bear.json", "src/b.cu", "--no-cl-check", "--out-root", "out2",
        NULL);
  expect_status(0);
  expect_translated("out2", "b");
  expect_no_file(at("out2/uses_header.cpp"));
}
END_TEST

/* ---- Errors: command line ----------------------------------------------- */

/* Nothing may appear in tmp_root besides what the test put there. */
static void expect_nothing_written(const char *before) {
  char *after = snapshot(tmp_root);
  ck_assert_msg(!strcmp(before, after),
                "files were written:\nbefore:\n%s\n"
                "after:\n%s\noutput:\n%s",
                before, after, last.out);
  free(after);
}

START_TEST(test_unknown_option) {
  fixture("a.cu", "src/a.cu");
  char *before = snapshot(tmp_root);
  cu2cl("src/a.cu", "--outroot", "out", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "'--outroot'", "[CU2CL0001]");
  expect_nothing_written(before);
  free(before);
}
END_TEST

START_TEST(test_bad_jobs) {
  static const char *const bad[] = {"0", "zero", "2x", "-3", "100000"};
  fixture("a.cu", "src/a.cu");
  char *before = snapshot(tmp_root);
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    char quoted[64];
    snprintf(quoted, sizeof quoted, "'%s'", bad[i]);
    cu2cl("-j", bad[i], "src/a.cu", "--out-root", "out", NULL);
    expect_status(2);
    expect_diag(quoted, "'-j'", "[CU2CL0002]");
  }
  cu2cl("src/a.cu", "--out-root", "out", "-j", NULL); /* no value */
  expect_status(2);
  expect_diag("cu2cl: error:", "'-j'", "[CU2CL0002]");
  expect_nothing_written(before);
  free(before);
}
END_TEST

START_TEST(test_bad_warp_size) {
  fixture("a.cu", "src/a.cu");
  char *before = snapshot(tmp_root);
  cu2cl("--warp-size", "7", "src/a.cu", "--out-root", "out", NULL);
  expect_status(2);
  expect_diag("'7'", "'--warp-size'", "[CU2CL0002]");
  cu2cl("--warp-size=32x", "src/a.cu", "--out-root", "out", NULL);
  expect_status(2);
  expect_diag("'32x'", "'--warp-size'", "[CU2CL0002]");
  expect_nothing_written(before);
  free(before);
}
END_TEST

START_TEST(test_no_inputs) {
  char *before = snapshot(tmp_root);
  char *bare[] = {"cu2cl", NULL};
  run_argv(bare);
  last.line = __LINE__;
  expect_status(2);
  expect_diag("cu2cl: error:", "no input files", "[CU2CL0003]");
  cu2cl("--out-root", "out", "--", "-DX", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "no input files", "[CU2CL0003]");
  expect_nothing_written(before);
  free(before);
}
END_TEST

START_TEST(test_explain_unknown) {
  cu2cl("--explain", "CU2CL9999", NULL);
  expect_status(2);
  expect_diag("'CU2CL9999'", "--explain", "[CU2CL0002]");
}
END_TEST

/* catalog CU2CL0100: "cannot read '%s'", example "cu2cl missing.cu". */
START_TEST(test_missing_source) {
  fixture("a.cu", "src/a.cu");
  char *before = snapshot(tmp_root);
  cu2cl("src/a.cu", "src/missing.cu", "--out-root", "out", "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "src/missing.cu", "[CU2CL0100]");
  /* the readable source still translates */
  ck_assert_msg(path_exists(at("out/a.cpp")) && path_exists(at("out/a.cl")),
                "a.cu was not translated");
  free(before);
}
END_TEST

/* ---- Errors: compilation databases -------------------------------------- */

START_TEST(test_db_missing) {
  char *before = snapshot(tmp_root);
  cu2cl("-p", "nowhere/compile_commands.json", "--out-root", "out", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "nowhere/compile_commands.json", "[CU2CL0101]");
  mkdir(at("build"), 0777);
  free(before);
  before = snapshot(tmp_root);
  cu2cl("-p", "build", "--out-root", "out", NULL); /* no database in it */
  expect_status(2);
  expect_diag("cu2cl: error:", "build/compile_commands.json", "[CU2CL0101]");
  expect_nothing_written(before);
  free(before);
}
END_TEST

/* The JSON error is on line 6 (a missing ','), whatever the file's name. */
START_TEST(test_db_malformed) {
  fixture("malformed.json", "db.json");
  fixture("malformed.json", "build/compile_commands.json");
  char *before = snapshot(tmp_root);
  cu2cl("-p", "db.json", "--out-root", "out", NULL);
  expect_status(2);
  expect_diag("db.json", "line 6", "[CU2CL0101]");
  cu2cl("-p", "build", "--out-root", "out", NULL);
  expect_status(2);
  expect_diag("build/compile_commands.json", "line 6", "[CU2CL0101]");
  expect_nothing_written(before);
  free(before);
}
END_TEST

static size_t count(const char *text, const char *needle) {
  size_t n = 0;
  for (const char *m = strstr(text, needle); m; m = strstr(m + 1, needle))
    n++;
  return n;
}

/* The message says "cannot load compilation database" once, not twice. */
START_TEST(test_db_message_not_doubled) {
  fixture("malformed.json", "db.json");
  cu2cl("-p", "db.json", "--out-root", "out", NULL);
  expect_status(2);
  ck_assert_msg(count(last.out, "cannot load compilation database") == 1,
                "repeated text in the message:\n%s", last.out);
}
END_TEST

/* catalog CU2CL0102: "'%s' has no entry in the compilation database"; that
 * file is not translated, the listed ones named with it still are. */
START_TEST(test_db_source_not_listed) {
  fixture("a.cu", "src/a.cu");
  fixture("uses_header.cu", "src/uses_header.cu");
  fixture("include/step.h", "src/include/step.h");
  fixture("b.cu", "src/b.cu");
  fixture_template("cmake_nvcc.json.in", "build/compile_commands.json");
  cu2cl("-p", "build", "src/b.cu", "--no-cl-check", "--out-root", "out", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "b.cu", "[CU2CL0102]");
  expect_no_file(at("out/b.cpp"));
  expect_no_file(at("out/b.cl"));
  cu2cl("-p", "build", "src/a.cu", "src/b.cu", "--no-cl-check", "--out-root",
        "out2", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "b.cu", "[CU2CL0102]");
  expect_translated("out2", "a");
  expect_no_file(at("out2/b.cpp"));
  expect_no_file(at("out2/b.cl"));
  expect_no_file(at("out2/uses_header.cpp"));
}
END_TEST

/* ---- Errors: translation ------------------------------------------------ */

/* A __shared__ variable whose constructor runs code does not parse; the
 * error names the variable and its type under its own ID, not clang's
 * message under CU2CL0200. */
START_TEST(test_shared_constructor) {
  fixture("shared_ctor.cu", "src/shared_ctor.cu");
  cu2cl("src/shared_ctor.cu", "--cuda-path=none", "--out-root", "OUT", "--",
        NULL);
  expect_status(2);
  expect_diag("shared_ctor.cu:14:", "'hits' of type 'Counter'", "[CU2CL0202]");
  expect_diag("shared_ctor.cu:26:", "'stage' of type 'Stage<N>'",
              "[CU2CL0202]");
  expect_no_file(at("OUT/shared_ctor.cl"));
}
END_TEST

/* bad.cu does not parse: a and b are still translated, nothing is left for
 * bad, no temporary file anywhere, the input tree is untouched. */
START_TEST(test_syntax_error_among_good) {
  fixture("a.cu", "src/a.cu");
  fixture("bad.cu", "src/bad.cu");
  fixture("b.cu", "src/b.cu");
  char *before = snapshot(at("src"));
  cu2cl("src/a.cu", "src/bad.cu", "src/b.cu", "--cuda-path=none",
        "--no-cl-check", "--out-root", "OUT", "--", NULL);
  expect_status(2);
  expect_diag("bad.cu:5:", "error:", "[CU2CL0200]");
  expect_translated("OUT", "a");
  expect_translated("OUT", "b");
  expect_project("OUT");
  expect_no_file(at("OUT/bad.cpp"));
  expect_no_file(at("OUT/bad.cl"));
  char *cmake = read_all(at("OUT/CMakeLists.txt"));
  ck_assert_msg(cmake && !strstr(cmake, "bad.c"),
                "CMakeLists.txt names the failed file:\n%s", cmake);
  free(cmake);
  assert_no_tmp_files(at("OUT"));
  char *after = snapshot(at("src"));
  ck_assert_msg(!strcmp(before, after), "input tree changed");
  free(before);
  free(after);
}
END_TEST

/* Unsupported device code: the file is still written, the diagnostic is
 * printed at file:line and left in the .cl as a comment at the site. */
static void check_unsupported(const char *stem, const char *id) {
  char src[256], where[256], tag[32], comment[64];
  snprintf(src, sizeof src, "src/%s.cu", stem);
  snprintf(where, sizeof where, "%s.cu:5:", stem);
  snprintf(tag, sizeof tag, "[%s]", id);
  snprintf(comment, sizeof comment, "/* %s", id);
  fixture(strchr(src, '/') + 1, src);
  cu2cl(src, "--cuda-path=none", "--no-cl-check", "--out-root", "out", "--",
        NULL);
  expect_status(2);
  expect_diag(where, "error:", tag);
  expect_translated("out", stem);
  char *cl = read_all(at("out/%s.cl", stem));
  ck_assert_msg(cl && strstr(cl, comment), "no '%s' comment in %s.cl:\n%s",
                comment, stem, cl ? cl : "(missing)");
  free(cl);
  assert_no_tmp_files(at("out"));
}

START_TEST(test_unsupported_nanosleep) {
  check_unsupported("nanosleep", "CU2CL2001");
}
END_TEST

START_TEST(test_unsupported_lambda) {
  check_unsupported("lambda", "CU2CL2101");
}
END_TEST

/* A project header outside an explicit --in-root is an error naming it and
 * its includer; by default the input root widens to hold it, and it is
 * translated into the out-root beside the sources' tree. */
START_TEST(test_header_outside_in_root) {
  mkdir_parents(at("proj/app/x"));
  mkdir_parents(at("proj/common/x"));
  write_text(at("proj/common/helper.h"),
             "#ifdef __CUDA_RUNTIME_H__\n"
             "inline int helper_count() { int n = 0; cudaGetDeviceCount(&n); "
             "return n; }\n#endif\n");
  write_text(at("proj/app/main.cu"),
             "#include \"../common/helper.h\"\n"
             "int main() { return helper_count() > 0 ? 0 : 1; }\n");
  cu2cl("proj/app/main.cu", "--cuda-path=none", "--in-root", "proj/app",
        "--out-root", "out1", "--", NULL);
  expect_status(2);
  expect_diag("helper.h", "main.cu", "[CU2CL0106]");
  cu2cl("proj/app/main.cu", "--cuda-path=none", "--out-root", "out2", "--",
        NULL);
  expect_status(0);
  char *h = read_all(at("out2/common/helper.h"));
  ck_assert_msg(h && strstr(h, "cu2clGetDeviceCount"),
                "helper.h not translated into out2/common:\n%s",
                h ? h : "(missing)");
  free(h);
  ck_assert(exists(at("out2/app/main.cpp")));
}
END_TEST

/* The host check: a translated host file that does not compile is exit 2
 * with CU2CL1901 at the original line (through emit_host's line map). */
START_TEST(test_host_check_reports_original_line) {
  fixture("hd_builtin.cu", "src/hd_builtin.cu");
  cu2cl("src/hd_builtin.cu", "--cuda-path=none", "--out-root", "out", "--",
        NULL);
  expect_status(2);
  expect_diag("hd_builtin.cu:7:", "error:", "[CU2CL1901]");
  assert_no_tmp_files(at("out"));
}
END_TEST

/* ---- Errors: out-root --------------------------------------------------- */

/* The out-root's parent is a regular file (chmod would not stop root). */
START_TEST(test_out_root_unwritable) {
  fixture("a.cu", "src/a.cu");
  write_text(at("file.txt"), "not a directory\n");
  char *before = snapshot(tmp_root);
  cu2cl("src/a.cu", "--cuda-path=none", "--no-cl-check", "--out-root",
        "file.txt/out", "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "file.txt/out", "[CU2CL0302]");
  expect_nothing_written(before);
  free(before);
}
END_TEST

/* A report that cannot be written is an error too; the translation stays. */
START_TEST(test_report_unwritable) {
  fixture("a.cu", "src/a.cu");
  write_text(at("file.txt"), "not a directory\n");
  cu2cl("src/a.cu", "--cuda-path=none", "--no-cl-check", "--out-root", "out",
        "--report", "file.txt/r.json", "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "file.txt/r.json", "[CU2CL0302]");
  expect_translated("out", "a");
  ck_assert(is_regular(at("file.txt")));
  assert_no_tmp_files(tmp_root);
}
END_TEST

/* One output of a.cu cannot be written (a directory has its name): no
 * partial translation of a.cu stays, b.cu is translated. */
START_TEST(test_output_write_fails) {
  fixture("a.cu", "src/a.cu");
  fixture("b.cu", "src/b.cu");
  mkdir(at("out"), 0777);
  mkdir(at("out/a.cpp"), 0777);
  cu2cl("src/a.cu", "src/b.cu", "--force", "--cuda-path=none", "--no-cl-check",
        "--out-root", "out", "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "out/a.cpp", "[CU2CL0302]");
  expect_translated("out", "b");
  expect_no_file(at("out/a.cl"));
  assert_no_tmp_files(at("out"));
}
END_TEST

START_TEST(test_out_root_inside_input) {
  fixture("a.cu", "src/a.cu");
  char *before = snapshot(tmp_root);
  cu2cl("src/a.cu", "--cuda-path=none", "--no-cl-check", "--out-root",
        "src/out", "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "src/out", "[CU2CL0301]");
  cu2cl("src/a.cu", "--force", "--cuda-path=none", "--no-cl-check",
        "--out-root", "src", "--", NULL); /* the input root itself */
  expect_status(2);
  expect_diag("cu2cl: error:", "src", "[CU2CL0301]");
  cu2cl("src/a.cu", "--in-root", ".", "--cuda-path=none", "--no-cl-check",
        "--out-root", "elsewhere", "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "elsewhere", "[CU2CL0301]");
  expect_nothing_written(before);
  free(before);
}
END_TEST

/* The out-root reaches into the input tree through a symbolic link. */
START_TEST(test_out_root_inside_input_symlink) {
  fixture("a.cu", "src/a.cu");
  ck_assert(symlink("src", at("link")) == 0);
  char *before = snapshot(at("src"));
  cu2cl("src/a.cu", "--cuda-path=none", "--no-cl-check", "--out-root",
        "link/out", "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "out", "[CU2CL0301]");
  char *after = snapshot(at("src"));
  ck_assert_msg(!strcmp(before, after),
                "input tree written:\nbefore:\n%s\n"
                "after:\n%s",
                before, after);
  free(before);
  free(after);
}
END_TEST

/* The out-root is an ancestor of the input root (in-root src, out-root
 * "."): with --force, src/src/b.cu's translation would be written to
 * ./src/b.cpp, inside the input tree. cu2cl must refuse such an out-root. */
START_TEST(test_out_root_contains_input) {
  fixture("a.cu", "src/a.cu");
  fixture("b.cu", "src/src/b.cu");
  char *before = snapshot(at("src"));
  cu2cl("src/a.cu", "src/src/b.cu", "--force", "--cuda-path=none",
        "--no-cl-check", "--out-root", ".", "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", tmp_root, "[CU2CL0301]");
  char *after = snapshot(at("src"));
  ck_assert_msg(!strcmp(before, after),
                "input tree written:\nbefore:\n%s\n"
                "after:\n%s",
                before, after);
  free(before);
  free(after);
}
END_TEST

START_TEST(test_out_root_not_empty) {
  fixture("a.cu", "src/a.cu");
  write_text(at("out/keep.txt"), "mine\n");
  char *before = snapshot(tmp_root);
  cu2cl("src/a.cu", "--cuda-path=none", "--no-cl-check", "--out-root", "out",
        "--", NULL);
  expect_status(2);
  expect_diag("cu2cl: error:", "out", "[CU2CL0300]");
  expect_output("--force");
  expect_nothing_written(before);
  free(before);
}
END_TEST

/* ---- the suite ---------------------------------------------------------- */

static TCase *tcase(const char *name) {
  TCase *tc = tcase_create(name);
  tcase_add_unchecked_fixture(tc, make_run_root, remove_run_root);
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 60);
  return tc;
}

static Suite *driver_suite(void) {
  Suite *s = suite_create("driver");
  TCase *core = tcase("Core");
  tcase_add_test(core, test_help_version);
  tcase_add_test(core, test_explain);
  tcase_add_test(core, test_translate_own_headers);
  if (access(TOOLKIT_HEADER, R_OK) == 0)
    tcase_add_test(core, test_translate_toolkit_headers);
  else
    printf("check_driver: %s absent; toolkit test skipped\n", TOOLKIT_HEADER);
  tcase_add_test(core, test_input_tree_untouched);
  tcase_add_test(core, test_force_into_nonempty);
  tcase_add_test(core, test_reports);
  tcase_add_test(core, test_db_cmake_nvcc);
  tcase_add_test(core, test_db_bear_nvcc);
  suite_add_tcase(s, core);

  TCase *err = tcase("Errors");
  tcase_add_test(err, test_unknown_option);
  tcase_add_test(err, test_bad_jobs);
  tcase_add_test(err, test_bad_warp_size);
  tcase_add_test(err, test_no_inputs);
  tcase_add_test(err, test_explain_unknown);
  tcase_add_test(err, test_missing_source);
  tcase_add_test(err, test_db_missing);
  tcase_add_test(err, test_db_malformed);
  tcase_add_test(err, test_db_message_not_doubled);
  tcase_add_test(err, test_db_source_not_listed);
  tcase_add_test(err, test_syntax_error_among_good);
  tcase_add_test(err, test_shared_constructor);
  tcase_add_test(err, test_unsupported_nanosleep);
  tcase_add_test(err, test_unsupported_lambda);
  tcase_add_test(err, test_host_check_reports_original_line);
  tcase_add_test(err, test_header_outside_in_root);
  tcase_add_test(err, test_out_root_unwritable);
  tcase_add_test(err, test_report_unwritable);
  tcase_add_test(err, test_output_write_fails);
  tcase_add_test(err, test_out_root_inside_input);
  tcase_add_test(err, test_out_root_inside_input_symlink);
  tcase_add_test(err, test_out_root_contains_input);
  tcase_add_test(err, test_out_root_not_empty);
  suite_add_tcase(s, err);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(driver_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
