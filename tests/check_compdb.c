/*
 * Unit tests of compdb: loading compilation databases through libclang,
 * the error messages for broken ones, and the "SOURCES -- FLAGS" form.
 *
 * The fixtures in tests/data/compdb/ name their directories "@DIR@"; each
 * test copies the ones it needs into a fresh temporary directory with @DIR@
 * replaced by that directory, so nothing depends on where the checkout is.
 */
#include "compdb.h"

#include <check.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmp[PATH_MAX];
static char saved_cwd[PATH_MAX];
static cu2cl_compile_cmds cmds;
static char err[1024];

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

static void setup(void) {
  strcpy(tmp, "/tmp/cu2cl-check-compdb-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(tmp));
  ck_assert_ptr_nonnull(getcwd(saved_cwd, sizeof saved_cwd));
  memset(&cmds, 0, sizeof cmds);
  err[0] = 0;
}

static void teardown(void) {
  cu2cl_compile_cmds_free(&cmds);
  if (chdir(saved_cwd) != 0)
    perror(saved_cwd);
  nftw(tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static const char *data_dir(void) {
  const char *d = getenv("CU2CL_TEST_DATA");
  return d ? d : CU2CL_SOURCE_DIR "/tests/data";
}

/* Writes text to tmp/rel (creating directories); returns the full path. */
static char *put(const char *rel, const char *text) {
  char *path = path_join(tmp, rel);
  ck_assert_int_eq(write_file_atomic(path, text, strlen(text)), 0);
  return path;
}

/* Copies fixture name to tmp/rel with @DIR@ replaced by tmp. */
static char *put_fixture(const char *name, const char *rel) {
  char *src = xasprintf("%s/compdb/%s", data_dir(), name);
  char *text = read_file(src, NULL);
  ck_assert_msg(text != NULL, "cannot read fixture %s", src);
  strbuf b = {0};
  for (const char *p = text; *p;) {
    if (str_starts_with(p, "@DIR@")) {
      strbuf_append(&b, tmp);
      p += 5;
    } else {
      strbuf_appendc(&b, *p++);
    }
  }
  char *path = put(rel, strbuf_cstr(&b));
  strbuf_free(&b);
  free(text);
  free(src);
  return path;
}

static char *in_tmp(const char *rel) {
  return path_join(tmp, rel);
}

/* Asserts that flags are exactly the NULL-terminated list. */
static void assert_flags(const strvec *flags, const char *const *want) {
  size_t n = 0;
  while (want[n])
    n++;
  int same = flags->len == n;
  for (size_t i = 0; same && i < n; i++)
    same = strcmp(flags->items[i], want[i]) == 0;
  for (size_t i = 0; !same && i < flags->len; i++)
    fprintf(stderr, "  flag %zu: [%s]%s\n", i, flags->items[i],
            i < n && strcmp(flags->items[i], want[i]) == 0 ? "" : "  <--");
  ck_assert_uint_eq(flags->len, n);
  for (size_t i = 0; i < n; i++)
    ck_assert_str_eq(flags->items[i], want[i]);
}

static int load(const char *path) {
  int rc = cu2cl_compdb_load(path, NULL, &cmds, err, sizeof err);
  if (rc)
    fprintf(stderr, "load %s: %s\n", path, err);
  return rc;
}

/* Loads a fixture that must fail; err holds the message. */
static void load_fails(const char *fixture) {
  char *path = put_fixture(fixture, fixture);
  ck_assert_int_eq(cu2cl_compdb_load(path, NULL, &cmds, err, sizeof err), -1);
  ck_assert_uint_eq(cmds.len, 0);
  ck_assert_msg(strstr(err, path) != NULL, "'%s' does not name %s", err, path);
  free(path);
}

/* ---- Core ---- */

START_TEST(test_cmake_cuda_directory) {
  char *db = put_fixture("cmake_cuda.json", "build/compile_commands.json");
  char *dir = in_tmp("build");
  ck_assert_int_eq(load(dir), 0);
  ck_assert_uint_eq(cmds.len, 2);
  char *k = in_tmp("src/k.cu"), *host = in_tmp("src/host.cpp");
  char *inc = xasprintf("-I%s/inc", tmp), *sys = in_tmp("sys");
  const cu2cl_compile_cmd *c = &cmds.items[0];
  ck_assert_str_eq(c->file, k);
  ck_assert_str_eq(c->directory, dir);
  ck_assert_str_eq(c->arch, "sm_80");
  ck_assert_int_eq(c->lang, CU2CL_LANG_CUDA);
  const char *want[] = {"-DUSE_X",  inc,         "-isystem",   sys,
                        "-DNDEBUG", "-fgpu-rdc", "-std=c++17", NULL};
  assert_flags(&c->flags, want);
  ck_assert_int_eq(c->intent.rdc, 1); /* the fixture's -rdc=true */
  c = &cmds.items[1];
  ck_assert_str_eq(c->file, host);
  ck_assert_ptr_null(c->arch);
  ck_assert_int_eq(c->lang, CU2CL_LANG_CXX); /* kept: the driver decides */
  const char *want_host[] = {"-DUSE_X", inc, "-DNDEBUG", "-std=gnu++17", NULL};
  assert_flags(&c->flags, want_host);
  free(db), free(dir), free(k), free(host), free(inc), free(sys);
}
END_TEST

/* The JSON file itself, under another name: loaded from a private copy
 * that is removed again. */
START_TEST(test_bear_arguments_other_name) {
  char *db = put_fixture("bear_nvcc.json", "bear.json");
  char *tmpdir = in_tmp("t");
  ck_assert_int_eq(mkdir_p(tmpdir), 0);
  setenv("TMPDIR", tmpdir, 1);
  ck_assert_int_eq(load(db), 0);
  ck_assert_int_eq(rmdir(tmpdir), 0); /* empty again: the copy is gone */
  ck_assert_uint_eq(cmds.len, 2);
  char *main_cu = in_tmp("proj/main.cu"),
       *inc = xasprintf("-I%s/proj/include", tmp);
  ck_assert_str_eq(cmds.items[0].file, main_cu);
  ck_assert_str_eq(cmds.items[0].arch, "sm_80");
  const char *want[] = {inc, "-std=c++14", NULL};
  assert_flags(&cmds.items[0].flags, want);
  ck_assert_int_eq(cmds.items[1].lang, CU2CL_LANG_C);
  const char *want_c[] = {"-DHOST_ONLY", NULL};
  assert_flags(&cmds.items[1].flags, want_c);
  free(db), free(tmpdir), free(main_cu), free(inc);
}
END_TEST

/* "command" strings are split as a shell splits them. */
START_TEST(test_command_quoting) {
  char *db = put_fixture("quoting.json", "compile_commands.json");
  ck_assert_int_eq(load(tmp), 0);
  ck_assert_uint_eq(cmds.len, 1);
  char *file = in_tmp("q.cu"), *inc = xasprintf("-I%s/dir with space", tmp);
  ck_assert_str_eq(cmds.items[0].file, file);
  const char *want[] = {"-DNAME=a b",
                        "-DSTR=\"a b\"",
                        "-DGREETING=\"hi there\"",
                        "-DSPACED=x y",
                        inc,
                        NULL};
  assert_flags(&cmds.items[0].flags, want);
  free(db), free(file), free(inc);
}
END_TEST

/* The same file spelt three ways: the first entry wins. */
START_TEST(test_duplicates_keep_first) {
  char *db = put_fixture("duplicates.json", "compile_commands.json");
  ck_assert_int_eq(load(db), 0);
  ck_assert_uint_eq(cmds.len, 2);
  char *k = in_tmp("src/k.cu"), *other = in_tmp("src/other.cu");
  ck_assert_str_eq(cmds.items[0].file, k);
  const char *want[] = {"-DFIRST", NULL};
  assert_flags(&cmds.items[0].flags, want);
  ck_assert_str_eq(cmds.items[1].file, other);
  free(db), free(k), free(other);
}
END_TEST

/* A database recorded around CMake's configure step: the compiler probes
 * (under CMakeFiles/, CMake's CMake*CompilerABI.* sources) are left out
 * and listed, the program's files kept (a name that only starts like a
 * probe's too). */
START_TEST(test_cmake_probes_left_out) {
  char *db = put_fixture("cmake_probes.json", "compile_commands.json");
  ck_assert_int_eq(load(db), 0);
  ck_assert_uint_eq(cmds.len, 2);
  char *m = in_tmp("src/main.cu"), *l = in_tmp("src/CMakeLists.cu");
  ck_assert_str_eq(cmds.items[0].file, m);
  ck_assert_str_eq(cmds.items[1].file, l);
  ck_assert_uint_eq(cmds.probes.len, 3);
  ck_assert_msg(strstr(cmds.probes.items[0], "CMakeCUDACompilerId.cu") != NULL,
                "%s", cmds.probes.items[0]);
  ck_assert_str_eq(cmds.probes.items[1],
                   "/usr/share/cmake-3.25/Modules/CMakeCUDACompilerABI.cu");
  free(db), free(m), free(l);
}
END_TEST

/* A relative "file" is relative to "directory"; a relative "directory" to
 * the database's own directory. */
START_TEST(test_relative_paths) {
  char *db = put_fixture("relative.json", "build/compile_commands.json");
  ck_assert_int_eq(load(db), 0);
  ck_assert_uint_eq(cmds.len, 2);
  char *a = in_tmp("src/a.cu"), *inc = xasprintf("-I%s/inc", tmp);
  ck_assert_str_eq(cmds.items[0].file, a);
  const char *want[] = {inc, NULL};
  assert_flags(&cmds.items[0].flags, want);
  char *sub = in_tmp("build/sub"), *b = in_tmp("build/sub/b.cu");
  char *sub_inc = xasprintf("-I%s/build/sub/inc", tmp);
  ck_assert_str_eq(cmds.items[1].directory, sub);
  ck_assert_str_eq(cmds.items[1].file, b);
  const char *want_b[] = {sub_inc, NULL};
  assert_flags(&cmds.items[1].flags, want_b);
  free(db), free(a), free(inc), free(sub), free(b), free(sub_inc);
}
END_TEST

START_TEST(test_empty_array) {
  char *db = put_fixture("empty_array.json", "compile_commands.json");
  ck_assert_int_eq(load(tmp), 0);
  ck_assert_uint_eq(cmds.len, 0);
  free(db);
}
END_TEST

/* libclang accepts trailing commas, so cu2cl does too; ccache in front of
 * the compiler in "arguments" is dropped with it. */
START_TEST(test_trailing_comma_and_launcher) {
  char *db = put_fixture("trailing_comma.json", "compile_commands.json");
  ck_assert_int_eq(load(db), 0);
  ck_assert_uint_eq(cmds.len, 1);
  const char *want[] = {"-DVIA_CCACHE", NULL};
  assert_flags(&cmds.items[0].flags, want);
  free(db);
}
END_TEST

START_TEST(test_only_filters) {
  char *db = put_fixture("cmake_cuda.json", "build/compile_commands.json");
  ck_assert_int_eq(chdir(tmp), 0);
  strvec only = {0};
  strvec_push(&only, "src/host.cpp"); /* relative to the current directory */
  ck_assert_int_eq(cu2cl_compdb_load("build", &only, &cmds, err, sizeof err),
                   0);
  ck_assert_uint_eq(cmds.len, 1);
  char *host = in_tmp("src/host.cpp");
  ck_assert_str_eq(cmds.items[0].file, host);
  strvec_free(&only);
  free(db), free(host);
}
END_TEST

/* A file named through a symbolic link still matches its entry. */
START_TEST(test_only_through_symlink) {
  char *db = put_fixture("cmake_cuda.json", "build/compile_commands.json");
  char *k = put("src/k.cu", "__global__ void k() {}\n");
  char *link = in_tmp("link.cu");
  ck_assert_int_eq(symlink(k, link), 0);
  strvec only = {0};
  strvec_push(&only, link);
  char *dir = in_tmp("build");
  ck_assert_int_eq(cu2cl_compdb_load(dir, &only, &cmds, err, sizeof err), 0);
  ck_assert_uint_eq(cmds.len, 1);
  ck_assert_str_eq(cmds.items[0].file, k);
  strvec_free(&only);
  free(db), free(k), free(link), free(dir);
}
END_TEST

/* Thousands of entries, every file twice: one command per file, in order. */
START_TEST(test_many_entries) {
  strbuf b = {0};
  strbuf_append(&b, "[");
  for (int i = 0; i < 4000; i++)
    strbuf_printf(&b,
                  "%s{\"directory\":\"%s\",\"file\":\"f%d.cu\","
                  "\"arguments\":[\"nvcc\",\"-DN=%d\",\"-c\",\"f%d.cu\"]}",
                  i ? "," : "", tmp, i % 2000, i, i % 2000);
  strbuf_append(&b, "]");
  char *db = put("compile_commands.json", strbuf_cstr(&b));
  ck_assert_int_eq(load(db), 0);
  ck_assert_uint_eq(cmds.len, 2000);
  char *last = in_tmp("f1999.cu");
  ck_assert_str_eq(cmds.items[1999].file, last);
  ck_assert_str_eq(cmds.items[1999].flags.items[0], "-DN=1999");
  strbuf_free(&b);
  free(db), free(last);
}
END_TEST

START_TEST(test_from_args) {
  ck_assert_int_eq(chdir(tmp), 0);
  char *a = put("a.cu", "int a;\n"), *b = put("lib/b.cpp", "int b;\n");
  strvec sources = {0}, flags = {0};
  strvec_push(&sources, "a.cu");
  strvec_push(&sources, "lib/b.cpp");
  strvec_push(&sources, "./a.cu");
  const char *f[] = {"-DX",        "-Iinc",    "-arch=sm_70",
                     "-Xcompiler", "-fopenmp", "-O2"};
  for (size_t i = 0; i < 6; i++)
    strvec_push(&flags, f[i]);
  ck_assert_int_eq(
      cu2cl_compdb_from_args(&sources, &flags, &cmds, err, sizeof err), 0);
  ck_assert_uint_eq(cmds.len, 2);
  char *inc = xasprintf("-I%s/inc", tmp);
  ck_assert_str_eq(cmds.items[0].file, a);
  ck_assert_str_eq(cmds.items[0].directory, tmp);
  ck_assert_str_eq(cmds.items[0].arch, "sm_70");
  ck_assert_int_eq(cmds.items[0].lang, CU2CL_LANG_CUDA);
  const char *want[] = {"-DX", inc, "-fopenmp", NULL};
  assert_flags(&cmds.items[0].flags, want);
  ck_assert_str_eq(cmds.items[1].file, b);
  ck_assert_int_eq(cmds.items[1].lang, CU2CL_LANG_CXX);
  strvec_free(&sources), strvec_free(&flags);
  free(a), free(b), free(inc);
}
END_TEST

/* ---- Errors ---- */

START_TEST(test_missing_file) {
  char *dir = in_tmp("nobuild");
  ck_assert_int_eq(mkdir_p(dir), 0);
  ck_assert_int_eq(cu2cl_compdb_load(dir, NULL, &cmds, err, sizeof err), -1);
  char *want = xasprintf("cannot load compilation database "
                         "'%s/compile_commands.json': No such file or "
                         "directory",
                         dir);
  ck_assert_str_eq(err, want);
  free(want);
  char *none = in_tmp("none.json");
  ck_assert_int_eq(cu2cl_compdb_load(none, NULL, &cmds, err, sizeof err), -1);
  want = xasprintf("cannot load compilation database '%s': No such file or "
                   "directory",
                   none);
  ck_assert_str_eq(err, want);
  free(want), free(none), free(dir);
}
END_TEST

/* A missing comma between two entries: libclang itself would silently keep
 * the first entry only. */
START_TEST(test_malformed_json) {
  load_fails("malformed.json");
  ck_assert_msg(strstr(err, ": line 7, column 3: expected ',' or ']'") != NULL,
                "got: %s", err);
}
END_TEST

START_TEST(test_syntax_errors_positions) {
  static const struct {
    const char *text, *where;
  } cases[] = {
      {"[{\"directory\": \"/x\", \"file\": \"a.cu\"\n \"command\": \"nvcc\"}]",
       "line 2, column 2: expected ',' or '}'"},
      {"[{\"directory\": \"/x\", \"file\": \"a.cu\", \"command\": \"nvcc}]",
       "line 1, column 49: unterminated string"},
      {"[{\"directory\": \"/x\\q\"}]",
       "line 1, column 20: invalid escape in string"},
      {"[{directory: \"/x\"}]", "line 1, column 3: expected a string key"},
      {"[{\"directory\" \"/x\"}]", "line 1, column 15: expected ':'"},
      {"[1, 2] x", "line 1, column 8: unexpected text after the end"},
      {"[\n", "line 2, column 1: unexpected end of file"},
      {"[tru]", "line 1, column 2: expected a value"},
      {"[-]", "line 1, column 3: expected a value"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *db = put("compile_commands.json", cases[i].text);
    ck_assert_int_eq(cu2cl_compdb_load(db, NULL, &cmds, err, sizeof err), -1);
    ck_assert_msg(strstr(err, cases[i].where) && strstr(err, db),
                  "case %zu: got '%s', want '%s'", i, err, cases[i].where);
    free(db);
  }
}
END_TEST

START_TEST(test_not_an_array) {
  load_fails("not_array.json");
  ck_assert_msg(strstr(err, "expected an array of objects with 'directory', "
                            "'file' and 'command' or 'arguments'") != NULL,
                "got: %s", err);
  ck_assert_msg(strstr(err, "line 1, column 1") != NULL, "got: %s", err);
}
END_TEST

START_TEST(test_entry_without_file) {
  load_fails("no_file.json");
  ck_assert_msg(strstr(err, "line 3, column 3: an entry has no 'file'"),
                "got: %s", err);
}
END_TEST

START_TEST(test_value_not_a_string) {
  load_fails("bad_value.json");
  ck_assert_msg(strstr(err, "line 3, column 14: a value is not a string"),
                "got: %s", err);
}
END_TEST

START_TEST(test_wrong_shapes) {
  static const struct {
    const char *text, *why;
  } cases[] = {
      {"[1]", "an entry is not an object"},
      {"[{\"file\": \"a\", \"command\": \"nvcc\"}]",
       "an entry has no 'directory'"},
      {"[{\"directory\": \"/\", \"file\": \"a\"}]",
       "an entry has neither 'command' nor 'arguments'"},
      {"[{\"directory\": \"/\", \"file\": \"a\", \"arguments\": \"nvcc -c\"}]",
       "'arguments' is not an array"},
      {"[{\"directory\": \"/\", \"file\": \"a\", \"arguments\": [\"nvcc\", "
       "1]}]",
       "'arguments' holds something other than a string"},
      {"\"just a string\"", "the file does not hold an array"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *db = put("compile_commands.json", cases[i].text);
    ck_assert_int_eq(cu2cl_compdb_load(db, NULL, &cmds, err, sizeof err), -1);
    ck_assert_msg(strstr(err, cases[i].why) && strstr(err, "expected an array"),
                  "case %zu: got '%s'", i, err);
    free(db);
  }
}
END_TEST

START_TEST(test_empty_file) {
  char *db = put("compile_commands.json", " \n\n");
  ck_assert_int_eq(cu2cl_compdb_load(tmp, NULL, &cmds, err, sizeof err), -1);
  char *want = xasprintf("cannot load compilation database '%s': the file is "
                         "empty",
                         db);
  ck_assert_str_eq(err, want);
  free(want), free(db);
}
END_TEST

START_TEST(test_unreadable_file) {
  if (geteuid() == 0)
    return; /* root reads anything */
  char *db = put_fixture("bear_nvcc.json", "compile_commands.json");
  ck_assert_int_eq(chmod(db, 0), 0);
  ck_assert_int_eq(cu2cl_compdb_load(db, NULL, &cmds, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "Permission denied"), "got: %s", err);
  free(db);
}
END_TEST

START_TEST(test_only_unknown_file) {
  char *db = put_fixture("cmake_cuda.json", "build/compile_commands.json");
  strvec only = {0};
  strvec_push(&only, db); /* a file, but not one in the database */
  strvec_push(&only, "nowhere.cu");
  /* not an error: the other files still translate; the misses are listed */
  ck_assert_int_eq(cu2cl_compdb_load(db, &only, &cmds, err, sizeof err), 0);
  ck_assert_uint_eq(cmds.len, 0);
  ck_assert_uint_eq(cmds.missing.len, 2);
  ck_assert_str_eq(cmds.missing.items[0], db);
  ck_assert_str_eq(cmds.missing.items[1], "nowhere.cu");
  strvec_free(&only);
  free(db);
}
END_TEST

START_TEST(test_from_args_errors) {
  strvec sources = {0};
  ck_assert_int_eq(
      cu2cl_compdb_from_args(&sources, NULL, &cmds, err, sizeof err), -1);
  ck_assert_str_eq(err, "no source files given");
  char *missing = in_tmp("missing.cu");
  strvec_push(&sources, missing);
  ck_assert_int_eq(
      cu2cl_compdb_from_args(&sources, NULL, &cmds, err, sizeof err), -1);
  char *want =
      xasprintf("cannot read '%s': No such file or directory", missing);
  ck_assert_str_eq(err, want);
  ck_assert_uint_eq(cmds.len, 0);
  strvec_free(&sources);
  free(want), free(missing);
}
END_TEST

static Suite *compdb_suite(void) {
  Suite *s = suite_create("compdb");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, setup, teardown);
  tcase_add_test(core, test_cmake_cuda_directory);
  tcase_add_test(core, test_bear_arguments_other_name);
  tcase_add_test(core, test_command_quoting);
  tcase_add_test(core, test_cmake_probes_left_out);
  tcase_add_test(core, test_duplicates_keep_first);
  tcase_add_test(core, test_relative_paths);
  tcase_add_test(core, test_empty_array);
  tcase_add_test(core, test_trailing_comma_and_launcher);
  tcase_add_test(core, test_only_filters);
  tcase_add_test(core, test_only_through_symlink);
  tcase_add_test(core, test_many_entries);
  tcase_add_test(core, test_from_args);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, setup, teardown);
  tcase_add_test(errors, test_missing_file);
  tcase_add_test(errors, test_malformed_json);
  tcase_add_test(errors, test_syntax_errors_positions);
  tcase_add_test(errors, test_not_an_array);
  tcase_add_test(errors, test_entry_without_file);
  tcase_add_test(errors, test_value_not_a_string);
  tcase_add_test(errors, test_wrong_shapes);
  tcase_add_test(errors, test_empty_file);
  tcase_add_test(errors, test_unreadable_file);
  tcase_add_test(errors, test_only_unknown_file);
  tcase_add_test(errors, test_from_args_errors);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(compdb_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
