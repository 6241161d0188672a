/*
 * project: the out-root's build. Writes CMakeLists.txt and the embedding
 * script so that `cmake -S OUT -B OUT/build && cmake --build OUT/build`
 * builds one executable per translated source that defines main (named
 * after its stem) against cu2clrt, found as a CMake package (by default
 * below the prefix of the cu2cl that produced it); the other translated
 * sources form a library linked into each executable. The project names
 * its files relative to itself: the out-root may be moved or committed.
 * Emitted .cl files are embedded at build time, so a person may edit them
 * and rebuild.
 */
#ifndef CU2CL_PROJECT_H
#define CU2CL_PROJECT_H

#include "util.h"

typedef struct cu2cl_project_unit {
  char *host_rel;  /* "src/vector_add.cpp" */
  char *cl_rel;    /* "src/vector_add.cl" or NULL */
  char *cl_symbol; /* "cu2cl_source_vector_add" */
  int has_main;
  int cl_fast_math; /* its program builds with -cl-fast-relaxed-math (the
                       runtime's options: cu2cl-prebuild needs them) */
} cu2cl_project_unit;

typedef struct cu2cl_project {
  const char *in_root, *out_root;
  cu2cl_project_unit *units;
  size_t nunits;
  strvec include_dirs; /* absolute, already mapped into out_root */
  strvec defines;      /* "NAME" or "NAME=VALUE" */
  int opt_level;       /* the highest -O of the units, -1 when none gave
                          one: the port's Release flags */
  int openmp; /* a unit was compiled with -fopenmp: the targets use OpenMP */
} cu2cl_project;

/* Writes OUT/CMakeLists.txt and OUT/cmake/cu2cl_embed.cmake atomically.
 * Returns 0, or -1 with errno set (the failing path in *failed, heap). */
int cu2cl_project_write(const cu2cl_project *p, char **failed);

#endif
