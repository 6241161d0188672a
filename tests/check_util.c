/* Unit tests for translator/util: strings, vectors, paths, atomic writes. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

static char tmp[] = "/tmp/cu2cl-check-util-XXXXXX";

static void setup(void) {
  ck_assert_ptr_nonnull(mkdtemp(tmp));
}
static void teardown(void) {
  char *cmd = xasprintf("rm -rf '%s'", tmp);
  ck_assert_int_eq(system(cmd), 0);
  free(cmd);
  strcpy(tmp + strlen(tmp) - 6, "XXXXXX");
}

START_TEST(test_strbuf) {
  strbuf b = {0};
  ck_assert_str_eq(strbuf_cstr(&b), "");
  strbuf_append(&b, "ab");
  strbuf_appendc(&b, 'c');
  strbuf_printf(&b, "%d-%s", 42, "x");
  for (int i = 0; i < 1000; i++)
    strbuf_appendn(&b, "0123456789", 10);
  ck_assert_uint_eq(b.len, 7 + 10000);
  ck_assert(strncmp(b.data, "abc42-x0123", 11) == 0);
  char *s = strbuf_take(&b);
  ck_assert_uint_eq(b.len, 0);
  ck_assert_ptr_null(b.data);
  free(s);
  strbuf_free(&b);
}
END_TEST

START_TEST(test_strvec) {
  strvec v = {0};
  strvec_push(&v, "a");
  strvec_push_own(&v, xstrdup("b"));
  ck_assert_uint_eq(v.len, 2);
  ck_assert_ptr_null(v.items[2]); /* usable as an argv */
  ck_assert(strvec_contains(&v, "b"));
  ck_assert(!strvec_contains(&v, "c"));
  strvec_free(&v);
  ck_assert_uint_eq(v.len, 0);
}
END_TEST

START_TEST(test_paths) {
  char *p = path_absolute("x/./y/../z//w", "/base");
  ck_assert_str_eq(p, "/base/x/z/w");
  free(p);
  p = path_absolute("/a/b/../../..", NULL);
  ck_assert_str_eq(p, "/");
  free(p);
  p = path_dirname("/a/b/c.cu");
  ck_assert_str_eq(p, "/a/b");
  free(p);
  ck_assert_str_eq(path_basename("/a/b/c.cu"), "c.cu");
  p = path_stem("/a/b/c.tar.cu");
  ck_assert_str_eq(p, "c.tar");
  free(p);
  ck_assert(path_is_under("/a/b/c", "/a/b"));
  ck_assert(path_is_under("/a/b", "/a/b"));
  ck_assert(!path_is_under("/a/bc", "/a/b"));
  ck_assert(path_is_under("/x", "/"));
  p = path_common_dir("/a/b/c", "/a/b/d/e");
  ck_assert_str_eq(p, "/a/b");
  free(p);
  p = path_common_dir("/a/bc", "/a/bd");
  ck_assert_str_eq(p, "/a");
  free(p);
  p = path_join("/a/", "b");
  ck_assert_str_eq(p, "/a/b");
  free(p);
}
END_TEST

START_TEST(test_write_atomic) {
  char *path = xasprintf("%s/d1/d2/f.txt", tmp);
  ck_assert_int_eq(write_file_atomic(path, "hello", 5), 0);
  size_t n;
  char *text = read_file(path, &n);
  ck_assert_uint_eq(n, 5);
  ck_assert_str_eq(text, "hello");
  free(text);
  /* no temporary files are left beside it */
  char *dir = path_dirname(path);
  DIR *d = opendir(dir);
  struct dirent *e;
  int files = 0;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.') {
      files++;
      ck_assert_str_eq(e->d_name, "f.txt");
    }
  closedir(d);
  ck_assert_int_eq(files, 1);
  free(dir);
  free(path);
}
END_TEST

START_TEST(test_write_atomic_fails_cleanly) {
  char *file = xasprintf("%s/plain", tmp);
  ck_assert_int_eq(write_file_atomic(file, "x", 1), 0);
  char *under = xasprintf("%s/plain/sub/f.txt", tmp); /* parent is a file */
  ck_assert_int_eq(write_file_atomic(under, "y", 1), -1);
  ck_assert(!path_exists(under));
  char *dir = xasprintf("%s/isdir", tmp); /* target is a directory */
  ck_assert_int_eq(mkdir(dir, 0777), 0);
  ck_assert_int_eq(write_file_atomic(dir, "z", 1), -1);
  DIR *d = opendir(tmp);
  struct dirent *e;
  while ((e = readdir(d)))
    ck_assert_msg(!strstr(e->d_name, ".tmp"), "left %s", e->d_name);
  closedir(d);
  free(file);
  free(under);
  free(dir);
}
END_TEST

/* The names in dir other than dot files, one per line (malloc'd). */
static char *dir_names(const char *dir) {
  strbuf b = {0};
  strbuf_append(&b, "");
  DIR *d = opendir(dir);
  ck_assert_ptr_nonnull(d);
  struct dirent *e;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.')
      strbuf_printf(&b, "%s\n", e->d_name);
  closedir(d);
  return b.data;
}

/* In a child limited to files of 4 KiB (RLIMIT_FSIZE), writes 1 MiB over
 * an earlier complete f.txt; with `killed`, the write past the limit kills
 * the child (SIGXFSZ), as a SIGKILL in the middle of writing would; else
 * the write fails as on a full disk (EFBIG) and the child exits 0 when
 * write_file_atomic said so. Returns the child's wait status. */
static int write_limited(const char *path, int killed) {
  ck_assert_int_eq(write_file_atomic(path, "old", 3), 0);
  pid_t child = fork();
  ck_assert_int_ge(child, 0);
  if (child == 0) {
    struct rlimit none = {0, 0}, small = {4096, 4096};
    setrlimit(RLIMIT_CORE, &none);
    signal(SIGXFSZ, killed ? SIG_DFL : SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &small);
    size_t len = (size_t)1 << 20;
    char *data = xmalloc(len);
    memset(data, 'n', len);
    int rc = write_file_atomic(path, data, len);
    _exit(rc == -1 && errno == EFBIG ? 0 : 1);
  }
  int status = 0;
  ck_assert_int_eq(waitpid(child, &status, 0), child);
  return status;
}

/* Killed in the middle of writing: the earlier file, whole, and nothing
 * else (no temporary left). */
START_TEST(test_write_atomic_killed) {
  char *path = xasprintf("%s/f.txt", tmp);
  int status = write_limited(path, 1);
  ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ);
  char *names = dir_names(tmp), *text = read_file(path, NULL);
  ck_assert_str_eq(names, "f.txt\n");
  ck_assert_str_eq(text, "old");
  free(names);
  free(text);
  free(path);
}
END_TEST

/* Out of space: an error with errno, the earlier file whole, nothing
 * else. */
START_TEST(test_write_atomic_no_space) {
  char *path = xasprintf("%s/f.txt", tmp);
  int status = write_limited(path, 0);
  ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  char *names = dir_names(tmp), *text = read_file(path, NULL);
  ck_assert_str_eq(names, "f.txt\n");
  ck_assert_str_eq(text, "old");
  free(names);
  free(text);
  free(path);
}
END_TEST

START_TEST(test_read_missing) {
  ck_assert_ptr_null(read_file("/nonexistent/cu2cl", NULL));
}
END_TEST

int main(void) {
  Suite *s = suite_create("util");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, setup, teardown);
  tcase_add_test(core, test_strbuf);
  tcase_add_test(core, test_strvec);
  tcase_add_test(core, test_paths);
  tcase_add_test(core, test_write_atomic);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, setup, teardown);
  tcase_add_test(errors, test_write_atomic_fails_cleanly);
  tcase_add_test(errors, test_read_missing);
  tcase_add_test(errors, test_write_atomic_killed);
  tcase_add_test(errors, test_write_atomic_no_space);
  suite_add_tcase(s, errors);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
