/*
 * install: paths relative to the executable; see install.h.
 */
#include "install.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#ifndef CU2CL_INSTALL_LIBDIR
#define CU2CL_INSTALL_LIBDIR "lib"
#endif
#ifndef CU2CL_INSTALL_DOCDIR
#define CU2CL_INSTALL_DOCDIR "share/doc/cu2cl"
#endif

typedef struct layout {
  char *prefix;
  char *cuda_include, *runtime_include, *runtime_library, *package_dir;
  char *docs;
  const char *cuda_from, *include_from, *library_from;
} layout;

static layout paths;
static pthread_once_t paths_once = PTHREAD_ONCE_INIT;

/* The directory above the executable's: /proc/self/exe resolved. */
static char *exe_prefix(void) {
  char *exe = realpath("/proc/self/exe", NULL);
  if (!exe)
    return xstrdup("/usr/local");
  char *bin = path_dirname(exe);
  char *prefix = path_dirname(bin);
  free(bin);
  free(exe);
  return prefix;
}

/* PREFIX/LIBDIR/rel for the installed LIBDIR, else PREFIX/lib/rel (the
 * build tree's) when only that exists. */
static char *in_libdir(const char *prefix, const char *rel) {
  char *p = xasprintf("%s/%s/%s", prefix, CU2CL_INSTALL_LIBDIR, rel);
  if (path_exists(p) || !strcmp(CU2CL_INSTALL_LIBDIR, "lib"))
    return p;
  char *q = xasprintf("%s/lib/%s", prefix, rel);
  if (path_exists(q)) {
    free(p);
    return q;
  }
  free(q);
  return p;
}

/* The environment's value of name, else fallback (taken). */
static char *env_or(const char *name, char *fallback, const char **from) {
  const char *v = getenv(name);
  if (v && *v) {
    free(fallback);
    *from = name;
    return xstrdup(v);
  }
  *from = NULL;
  return fallback;
}

static void compute(void) {
  paths.prefix = exe_prefix();
  const char *pre = paths.prefix;
  paths.cuda_include =
      env_or("CU2CL_CUDA_INCLUDE",
             xasprintf("%s/share/cu2cl/cuda-include", pre), &paths.cuda_from);
  paths.runtime_include =
      env_or("CU2CL_RUNTIME_INCLUDE_DIR", xasprintf("%s/include/cu2clrt", pre),
             &paths.include_from);
  paths.runtime_library =
      env_or("CU2CL_RUNTIME_LIBRARY", in_libdir(pre, "libcu2clrt.so"),
             &paths.library_from);
  paths.package_dir = in_libdir(pre, "cmake/cu2clrt");
  paths.docs = CU2CL_INSTALL_DOCDIR[0] == '/'
                   ? xstrdup(CU2CL_INSTALL_DOCDIR)
                   : xasprintf("%s/%s", pre, CU2CL_INSTALL_DOCDIR);
}

static const layout *get(void) {
  pthread_once(&paths_once, compute);
  return &paths;
}

const char *cu2cl_install_prefix(void) {
  return get()->prefix;
}
const char *cu2cl_own_cuda_include(void) {
  return get()->cuda_include;
}
const char *cu2cl_runtime_include_dir(void) {
  return get()->runtime_include;
}
const char *cu2cl_runtime_library(void) {
  return get()->runtime_library;
}
int cu2cl_runtime_overridden(void) {
  return get()->library_from != NULL;
}
const char *cu2cl_runtime_package_dir(void) {
  return get()->package_dir;
}
const char *cu2cl_docs_dir(void) {
  return get()->docs;
}

static void describe(FILE *out, const char *what, const char *path,
                     const char *from) {
  fprintf(out, "  %-18s %s", what, path);
  if (from)
    fprintf(out, " (from $%s)", from);
  if (!path_exists(path))
    fputs(" (missing)", out);
  fputc('\n', out);
}

void cu2cl_install_describe(FILE *out) {
  const layout *l = get();
  fprintf(out, "  %-18s %s\n", "prefix", l->prefix);
  describe(out, "own CUDA headers", l->cuda_include, l->cuda_from);
  describe(out, "cu2clrt headers", l->runtime_include, l->include_from);
  describe(out, "cu2clrt library", l->runtime_library, l->library_from);
  describe(out, "cu2clrt package", l->package_dir, NULL);
  describe(out, "docs", l->docs, NULL);
}
