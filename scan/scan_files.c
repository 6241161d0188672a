/*
 * scan_files: the directory walk (see scan_files.h). Entries are read in
 * name order so that reports are stable; the .gitignore files of the
 * directories entered form a stack, outermost first, and the last
 * matching pattern of the innermost file that has one decides.
 */
#include "scan_files.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "scan_ignore.h"

typedef struct walk_state {
  const char *root; /* the directory named */
  int all;
  scan_found *out;
  scan_ignore **stack; /* one per directory entered (NULL: no .gitignore) */
  size_t depth;
} walk_state;

static int has_ext(const char *name, const char *const *exts) {
  const char *dot = strrchr(name, '.');
  if (!dot)
    return 0;
  for (const char *const *e = exts; *e; e++)
    if (!strcmp(dot + 1, *e))
      return 1;
  return 0;
}

static int is_cuda_name(const char *name) {
  static const char *const exts[] = {"cu", "cuh", NULL};
  return has_ext(name, exts);
}

static int is_cxx_name(const char *name) {
  static const char *const exts[] = {"c",   "cc",  "cpp", "cxx", "C",
                                     "h",   "hh",  "hpp", "hxx", "inl",
                                     "tpp", "c++", "H",   NULL};
  return has_ext(name, exts);
}

int scan_text_mentions_cuda(const char *text, size_t len) {
  static const char *const marks[] = {
      "cuda", "__global__", "__device__", "__shared__",
      "<<<",  "thrust::",   "cub::",      NULL};
  for (const char *const *m = marks; *m; m++)
    if (memmem(text, len, *m, strlen(*m)))
      return 1;
  return 0;
}

static int is_build_dir(const char *dir, const char *name) {
  if (!strcmp(name, "CMakeFiles") || !strcmp(name, "node_modules") ||
      !strcmp(name, "build") || str_starts_with(name, "build-") ||
      str_starts_with(name, "cmake-build-"))
    return 1;
  char *cache = path_join(dir, "CMakeCache.txt");
  int r = path_exists(cache);
  free(cache);
  return r;
}

static int is_vcs_dir(const char *name) {
  return !strcmp(name, ".git") || !strcmp(name, ".svn") || !strcmp(name, ".hg");
}

/* 1 when the stack's patterns exclude rel. */
static int ignored(const walk_state *w, const char *rel, int is_dir) {
  if (w->all)
    return 0;
  for (size_t i = w->depth; i-- > 0;) {
    int m = w->stack[i] ? scan_ignore_match(w->stack[i], rel, is_dir) : -1;
    if (m >= 0)
      return m;
  }
  return 0;
}

static void add_file(scan_found *out, const char *path, const char *display,
                     int cuda) {
  strvec_push(&out->path, path);
  strvec_push(&out->display, display);
  strvec_push(&out->cuda, cuda ? "1" : "0");
}

static int cmp_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk_dir(walk_state *w, const char *rel);

static void visit(walk_state *w, const char *rel, const char *name) {
  char *path = path_join(w->root, rel);
  struct stat st;
  if (lstat(path, &st) == 0) {
    int dir = S_ISDIR(st.st_mode);
    if (dir && (is_vcs_dir(name) || ignored(w, rel, 1) ||
                (!w->all && is_build_dir(path, name)))) {
      w->out->skipped_dirs++;
    } else if (dir) {
      walk_dir(w, rel);
    } else if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) {
      int cuda = is_cuda_name(name);
      if (cuda || is_cxx_name(name)) {
        if (ignored(w, rel, 0))
          w->out->ignored_files++;
        else
          add_file(w->out, path, path, cuda);
      }
    }
  }
  free(path);
}

static void walk_dir(walk_state *w, const char *rel) {
  char *dir = *rel ? path_join(w->root, rel) : xstrdup(w->root);
  char *gi = path_join(dir, ".gitignore");
  w->stack = xrealloc(w->stack, (w->depth + 1) * sizeof *w->stack);
  w->stack[w->depth++] = w->all ? NULL : scan_ignore_load(gi, rel);
  free(gi);
  strvec names = {0};
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      strvec_push(&names, e->d_name);
  if (d)
    closedir(d);
  if (names.len) /* qsort's array may not be NULL */
    qsort(names.items, names.len, sizeof *names.items, cmp_names);
  for (size_t i = 0; i < names.len; i++) {
    char *child = *rel ? xasprintf("%s/%s", rel, names.items[i])
                       : xstrdup(names.items[i]);
    visit(w, child, names.items[i]);
    free(child);
  }
  strvec_free(&names);
  scan_ignore_delete(w->stack[--w->depth]);
  free(dir);
}

int scan_files_find(const char *path, int all, scan_found *out) {
  struct stat st;
  if (stat(path, &st) != 0)
    return -1;
  if (!S_ISDIR(st.st_mode)) {
    add_file(out, path, path, 1);
    return 0;
  }
  walk_state w = {path, all, out, NULL, 0};
  walk_dir(&w, "");
  free(w.stack);
  return 0;
}

void scan_found_free(scan_found *f) {
  strvec_free(&f->path);
  strvec_free(&f->display);
  strvec_free(&f->cuda);
}
