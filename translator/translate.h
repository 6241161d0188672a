/*
 * translate: one translation unit from its compile command to output text.
 *
 * Parses the file host-side with libclang, finds the kernels to emit (every
 * non-template __global__ definition of the file and every specialization
 * the file launches), prints them as OpenCL C (emit_device), proves the
 * OpenCL C compiles (clcheck), and rewrites the host code (emit_host).
 * Nothing is written here: the driver writes the results atomically.
 */
#ifndef CU2CL_TRANSLATE_H
#define CU2CL_TRANSLATE_H

#include "compdb.h"
#include "diag.h"
#include "flags.h"
#include "progress.h"

/* The device functions each unit of a run defines (separate
 * compilation), shared by the run's workers (translate.c). */
typedef struct cu2cl_unit_index cu2cl_unit_index;
cu2cl_unit_index *cu2cl_unit_index_new(void);
void cu2cl_unit_index_free(cu2cl_unit_index *x);

typedef struct cu2cl_options {
  const char *in_root;     /* absolute */
  int in_root_default;     /* in_root is the sources' common ancestor, and
                              the driver widens it to the headers' */
  const char *out_root;    /* absolute */
  cu2cl_cuda_install cuda; /* path NULL: cu2cl's own headers */
  const char *own_headers;
  const char *host_compat;
  const char *prelude;
  int warp_size;
  int check_cl;
  int check_host; /* the driver parses the written host files (hostcheck) */
  /* Called for each project header a translation unit
   * includes; returns 1 when this unit is the one to rewrite it (each
   * header is rewritten once, by the first unit that claims it). NULL:
   * every unit rewrites every header. */
  int (*claim_header)(void *ctx, const char *path);
  void *claim_ctx;
  /* The run's units: where a unit calls a device function it declares but
   * does not define (separate compilation, nvcc -rdc / -dc), the
   * definition is taken from the unit that has it, found through index
   * (NULL, or nunits 0: none looked for). */
  const cu2cl_compile_cmd *units;
  size_t nunits;
  cu2cl_unit_index *index;
} cu2cl_options;

typedef struct cu2cl_tu_result {
  int translated; /* outputs below are valid */
  char *host_rel; /* output host file, relative to out_root */
  char *host_text;
  unsigned *host_lines; /* line map of host_text (cu2cl_emit_host) */
  char *cl_rel;         /* NULL when the file has no kernels */
  char *cl_header;      /* "name.cl.h", the embedded program (NULL: none) */
  char *cl_symbol;      /* "cu2cl_source_name", the name it defines */
  char *cl_text;
  int has_main;
  int cl_fast_math; /* its program builds with -cl-fast-relaxed-math */
  size_t errors;           /* constructs that need a human */
  strvec header_abs;       /* project headers this unit rewrote (absolute */
  strvec header_text;      /* paths) and their texts, in the same order */
  unsigned **header_lines; /* and their line maps */
  strvec deps; /* every project header the unit includes (absolute), claimed
                  by it or not: what its translation read (manifest.h) */
  cu2cl_stats stats;       /* what was converted (progress.h) */
} cu2cl_tu_result;

int cu2cl_translate_tu(const cu2cl_options *o, const cu2cl_compile_cmd *cmd,
                       cu2cl_diag_engine *diags, cu2cl_tu_result *out);
void cu2cl_tu_result_free(cu2cl_tu_result *r);

/* "dir/name.cu" -> "dir/name" (relative to in_root). Caller frees. */
char *cu2cl_output_stem(const cu2cl_options *o, const char *file);

#endif
