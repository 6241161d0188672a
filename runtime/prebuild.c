/*
 * cu2cl-prebuild: builds a port's OpenCL program ahead of its first run,
 * for every device a run would use, into the program caches a run looks in
 * (cu2clrt's binary store where it serves the device, PoCL's own kernel
 * cache on PoCL). docs/runtime.md, "Building ahead".
 *
 *   cu2cl-prebuild [--options OPTS] [--launches RECORD] FILE.cl
 *   cu2cl-prebuild --runtime DIR
 *
 * OPTS: the program's own build options, as the port's code gives them
 * (-cl-fast-relaxed-math for a unit compiled with --use_fast_math).
 * RECORD: a launch record (CU2CL_RECORD_LAUNCHES); a missing file is an
 * empty one. --runtime: cu2clrt's own programs (the device algorithms)
 * that have a record in DIR. Exit status 0 when built, 1 when a build
 * failed, 2 on a usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cu2clrt_prebuild.h"

static const char usage[] =
    "usage: cu2cl-prebuild [--options OPTS] [--launches RECORD] FILE.cl\n"
    "       cu2cl-prebuild --runtime DIR\n"
    "Builds FILE.cl for every device a run would use (CU2CL_DEVICE picks as\n"
    "in a run) into the program caches a run looks in, so that the port's\n"
    "first run does not compile it. RECORD: a launch record written by a run\n"
    "with CU2CL_RECORD_LAUNCHES=DIR (DIR/FILE.cl.launches); its kernels,\n"
    "blocks and shared memory sizes are built too (a missing file: none).\n"
    "OPTS: the program's own build options (-cl-fast-relaxed-math).\n"
    "--runtime DIR: cu2clrt's own programs (device algorithms) that have a\n"
    "launch record in DIR.\n";

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = NULL;
  long size = -1;
  if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)size + 1)) &&
      fread(text, 1, (size_t)size, f) != (size_t)size) {
    free(text);
    text = NULL;
  }
  if (text)
    text[size] = '\0';
  fclose(f);
  return text;
}

/* One build ahead of program in a child process (PoCL reads its list of
 * work-group shapes once per process); grid: the class of shapes built on
 * PoCL (NULL: all). Returns 0 when it succeeded. */
static int prebuild(cu2clProgram *program, const char *launches,
                    const char *grid) {
  fflush(NULL);
  pid_t child = fork();
  if (child == 0) {
    if (grid)
      setenv("CU2CL_PREBUILD_GRID", grid, 1);
    cu2clError_t err = cu2clPrebuild(program, launches);
    if (err != cu2clSuccess)
      fprintf(stderr, "cu2cl-prebuild: %s: %s\n", program->name,
              cu2clGetErrorString(err));
    exit(err != cu2clSuccess); /* atexit: cu2clrt stores its size lists */
  }
  int status = 1;
  return child > 0 && waitpid(child, &status, 0) == child &&
                 WIFEXITED(status) && WEXITSTATUS(status) == 0
             ? 0
             : -1;
}

/* Both grid classes where a record can list them, one process each (PoCL
 * 3.1 keeps one work-group function per kernel and block in a process,
 * whatever the class). */
static int prebuild_all(cu2clProgram *program, const char *launches) {
  if (!launches)
    return prebuild(program, NULL, NULL);
  return prebuild(program, launches, "small") == 0 &&
                 prebuild(program, launches, "large") == 0
             ? 0
             : -1;
}

/* cu2clrt's programs with a record in dir. */
static int prebuild_runtime(const char *dir) {
  int rc = 0;
  cu2clProgram *p;
  for (int i = 0; rc == 0 && (p = cu2clRuntimeProgram(i)) != NULL; i++) {
    size_t n = strlen(dir) + strlen(p->name) + 16;
    char *record = malloc(n);
    if (!record)
      return 1;
    snprintf(record, n, "%s/%s.launches", dir, p->name);
    if (access(record, F_OK) == 0)
      rc = prebuild_all(p, record);
    free(record);
  }
  return rc == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
  const char *options = NULL, *launches = NULL, *file = NULL, *rt = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--options") && i + 1 < argc)
      options = argv[++i];
    else if (!strcmp(argv[i], "--launches") && i + 1 < argc)
      launches = argv[++i];
    else if (!strcmp(argv[i], "--runtime") && i + 1 < argc)
      rt = argv[++i];
    else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      fputs(usage, stdout);
      return 0;
    } else if (argv[i][0] != '-' && !file)
      file = argv[i];
    else {
      fputs(usage, stderr);
      return 2;
    }
  }
  if (!file == !rt) {
    fputs(usage, stderr);
    return 2;
  }
  if (rt)
    return prebuild_runtime(rt);
  char *source = read_text(file);
  if (!source) {
    fprintf(stderr, "cu2cl-prebuild: cannot read %s\n", file);
    return 2;
  }
  const char *name = strrchr(file, '/');
  cu2clProgram program = {name ? name + 1 : file, source,
                          options && *options ? options : NULL, NULL};
  int rc = prebuild_all(&program, launches);
  free(source);
  return rc == 0 ? 0 : 1;
}
