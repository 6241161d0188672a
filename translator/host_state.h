/*
 * host_state: what the host rewriter of one file holds, shared by
 * emit_host (declarations, includes, names, assembly) and host_launch
 * (launches and kernels used as values), and the helpers both use
 * (host_state.c).
 */
#ifndef CU2CL_HOST_STATE_H
#define CU2CL_HOST_STATE_H

#include <clang-c/Index.h>

#include "diag.h"
#include "emit_device.h"
#include "progress.h"
#include "host_edits.h"
#include "host_kptr.h"
#include "util.h"

typedef struct host {
  CXTranslationUnit tu;
  CXFile file; /* the file being rewritten: the main file or a header */
  int is_main;
  const cu2cl_device_unit *dev;
  const struct cu2cl_host_opts *opts; /* emit_host.h */
  cu2cl_stats *stats;                 /* opts->stats */
  cu2cl_diag_engine *diags;
  const char *src;
  size_t src_len;
  cu2cl_edits edits;
  size_t errors;
  strvec stubbed; /* USRs of kernels whose stubs are already placed */
  strvec valued;  /* USRs of kernel specializations used as values */
  strvec krefs;   /* USRs of kernel templates named as values as kern<T> */
  int collecting_values; /* launch_visit only fills valued */
  int first_include_seen;
  unsigned first_include;
  unsigned first_decl; /* start of the first top-level declaration (or
                          src_len): nvcc's implicit includes precede it */
  unsigned *blocks;    /* extents of top-level namespaces and extern "C" */
  size_t nblocks;      /* blocks, as begin/end pairs */
  int macro_launches;  /* macro bodies holding a launch were rewritten */
  int thrust_included;
  int fp16_included;
  int bf16_included;
  int fp8_included;
  int complex_included;
  int cub_included;
  int curand_included;
  cu2cl_kptr *kptr; /* declarations holding kernels (host_kptr.h) */
  unsigned var_begin, var_end; /* the last __constant__/__device__ variable
                                  rewritten: a declarator group's next one
                                  (int a, b;) starts where it ended */
} host;

/* An edit of [b, e) of the file (text owned by the list). */
void host_add_edit(host *h, unsigned b, unsigned e, char *text);
/* Reports at a cursor, left as a comment at its site in the output. */
void host_report(host *h, CXCursor at, cu2cl_diag_id id, ...);
/* 1 when the cursor lies in the file being rewritten. */
int host_in_target(host *h, CXCursor c);
/* The cursor's extent as offsets of the file, when it lies there whole
 * (not in a macro's expansion). */
int host_extent_in_target(host *h, CXCursor c, unsigned *b, unsigned *e);
void host_token_offsets(host *h, CXToken t, unsigned *b, unsigned *e);
/* Reports at a token (underlining it), left as a comment at its site in
 * the output; a and b: the message's arguments, as many as it takes. */
void host_token_report(host *h, CXSourceRange tr, cu2cl_diag_id id,
                       const char *a, const char *b);

#endif
