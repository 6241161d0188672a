/*
 * cu2cl-prebuild: builds a port's OpenCL program ahead of its first run,
 * for every device a run would use, into the program caches a run looks in
 * (cu2clrt's binary store where it serves the device, PoCL's own kernel
 * cache on PoCL). docs/runtime.md, "Building ahead".
 *
 *   cu2cl-prebuild [--options OPTS] [--launches RECORD] FILE.cl
 *
 * OPTS: the program's own build options, as the port's code gives them
 * (-cl-fast-relaxed-math for a unit compiled with --use_fast_math).
 * RECORD: a launch record (CU2CL_RECORD_LAUNCHES); a missing file is an
 * empty one. Exit status 0 when built, 1 when a build failed, 2 on a usage
 * error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cu2clrt_prebuild.h"

static const char usage[] =
    "usage: cu2cl-prebuild [--options OPTS] [--launches RECORD] FILE.cl\n"
    "Builds FILE.cl for every device a run would use (CU2CL_DEVICE picks as\n"
    "in a run) into the program caches a run looks in, so that the port's\n"
    "first run does not compile it. RECORD: a launch record written by a run\n"
    "with CU2CL_RECORD_LAUNCHES=DIR (DIR/FILE.cl.launches); its kernels,\n"
    "blocks and shared memory sizes are built too (a missing file: none).\n"
    "OPTS: the program's own build options (-cl-fast-relaxed-math).\n";

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

/* One build ahead of program; grid: the class of work-group shapes for
 * PoCL (NULL: all). Returns the exit status. */
static int prebuild(cu2clProgram *program, const char *launches,
                    const char *grid) {
  if (grid)
    setenv("CU2CL_PREBUILD_GRID", grid, 1);
  cu2clError_t err = cu2clPrebuild(program, launches);
  if (err != cu2clSuccess) {
    fprintf(stderr, "cu2cl-prebuild: %s: %s\n", program->name,
            cu2clGetErrorString(err));
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *options = NULL, *launches = NULL, *file = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--options") && i + 1 < argc)
      options = argv[++i];
    else if (!strcmp(argv[i], "--launches") && i + 1 < argc)
      launches = argv[++i];
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
  if (!file) {
    fputs(usage, stderr);
    return 2;
  }
  char *source = read_text(file);
  if (!source) {
    fprintf(stderr, "cu2cl-prebuild: cannot read %s\n", file);
    return 2;
  }
  const char *name = strrchr(file, '/');
  static cu2clProgram program; /* the runtime keeps its state until exit */
  program.name = name ? name + 1 : file;
  program.source = source;
  program.options = options && *options ? options : NULL;
  if (!launches)
    return prebuild(&program, NULL, NULL);
  /* PoCL builds one grid class of a kernel's block per process
   * (rt_prebuild.c): the narrow grids in a child, then the wide ones. */
  fflush(NULL);
  pid_t child = fork();
  if (child == 0)
    _exit(prebuild(&program, launches, "small"));
  int status = 1;
  if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0)
    return 1;
  return prebuild(&program, launches, "large");
}
