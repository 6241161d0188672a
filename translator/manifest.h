/*
 * manifest: the out-root's record of what made it, for incremental runs.
 *
 * OUT/.cu2cl-manifest lists every translation unit in the out-root's
 * project: its source, a key (cu2cl's version and build, libclang's, the
 * options that change a translation, the unit's compile command), the
 * content hash of the source and of each project header it includes (from
 * clang_getInclusions), the outputs it wrote, and what the project needs of
 * it (output names, main, include directories, defines, -O). A later run
 * skips a unit whose key and dependencies are unchanged and whose outputs
 * exist; units not in the run stay in the project. An out-root holding a
 * manifest was made by cu2cl: re-running into it needs no --force.
 *
 * The format is text, one "field<TAB>value" per line (manifest.c); hashes
 * are 64-bit FNV-1a in hex, for change detection (not security).
 */
#ifndef CU2CL_MANIFEST_H
#define CU2CL_MANIFEST_H

#include <stddef.h>

#include "diag.h"
#include "project.h"
#include "translate.h"
#include "util.h"

#define CU2CL_MANIFEST_NAME ".cu2cl-manifest"

typedef struct cu2cl_manifest_unit {
  char *source;      /* absolute path */
  char *key;         /* cu2cl_manifest_key */
  strvec deps;       /* the source, then the project headers it includes */
  strvec dep_hashes; /* their content hashes, in the same order */
  strvec outputs;    /* files it wrote, relative to the out-root */
  char *host_rel;    /* the project's view of it (project.h) */
  char *cl_rel;      /* or NULL */
  char *cl_symbol;   /* or NULL */
  int has_main;
  int cl_fast_math;    /* its program's build option (project.h) */
  strvec include_dirs; /* relative to the out-root, or absolute outside it */
  strvec defines;
  int opt_level; /* -1: none given */
  int openmp;    /* host OpenMP (-fopenmp) */
  /* IDs ("CU2CL3007") of the warnings reported on its files when it was
   * translated, one per report: those a source comment suppressed are left
   * out (the source is hashed), those --suppress or a .cu2cl file
   * suppressed are kept, for the next run's suppressions to decide */
  strvec warnings;
} cu2cl_manifest_unit;

typedef struct cu2cl_manifest {
  char *in_root;
  cu2cl_manifest_unit *units;
  size_t nunits, cap;
} cu2cl_manifest;

/* Reads OUT/.cu2cl-manifest into m (zeroed first). Returns 0, or -1 when
 * there is none or it cannot be read as a manifest (m then empty). */
int cu2cl_manifest_load(const char *out_root, cu2cl_manifest *m);
/* Writes it atomically. Returns 0, or -1 with errno set. */
int cu2cl_manifest_save(const char *out_root, const cu2cl_manifest *m);
void cu2cl_manifest_free(cu2cl_manifest *m);

/* The unit of source, or NULL. */
cu2cl_manifest_unit *cu2cl_manifest_find(const cu2cl_manifest *m,
                                         const char *source);
/* Appends an empty unit for source and returns it (owned by m). */
cu2cl_manifest_unit *cu2cl_manifest_add(cu2cl_manifest *m, const char *source);
/* Appends a deep copy of u. */
void cu2cl_manifest_add_copy(cu2cl_manifest *m, const cu2cl_manifest_unit *u);

/* Puts m's units in the order of like's, those not in like last (in their
 * order): a run on part of the database writes the same project. */
void cu2cl_manifest_order_like(cu2cl_manifest *m, const cu2cl_manifest *like);

/* What a unit's translation depends on besides its files. Caller frees. */
char *cu2cl_manifest_key(const cu2cl_options *o, const cu2cl_compile_cmd *c);

/* 1 when u was made with key, each dependency still has its hash, and
 * each output exists below out_root. */
int cu2cl_manifest_up_to_date(const cu2cl_manifest_unit *u, const char *key,
                              const char *out_root);

/* Records the files a translation read: its source and headers (hashed
 * now). */
void cu2cl_manifest_set_deps(cu2cl_manifest_unit *u, const char *source,
                             const strvec *headers);

/* Fills u (made by cu2cl_manifest_add for c->file) from a translation
 * written to the out-root: key, dependencies (hashed now), outputs, the
 * project's view of it, its -I (mapped into the out-root), -D and -O, and
 * the warnings d holds about its files. */
void cu2cl_manifest_record(cu2cl_manifest_unit *u, const cu2cl_options *o,
                           const cu2cl_compile_cmd *c, const cu2cl_tu_result *t,
                           const char *key, const cu2cl_diag_engine *d);

/* How many of u's recorded warnings d does not suppress now: what the
 * exit status and the summary count for a unit left up to date. */
size_t cu2cl_manifest_warnings(const cu2cl_manifest_unit *u,
                               const cu2cl_diag_engine *d);

/* The out-root's project from every unit of m: p's units point into m's
 * strings (m outlives p); include_dirs become absolute under out_root.
 * Free p->units, p->include_dirs and p->defines. */
void cu2cl_manifest_project(const cu2cl_manifest *m, const char *out_root,
                            cu2cl_project *p);

/* Content hash of a file (hex, caller frees), or NULL when unreadable. */
char *cu2cl_hash_file(const char *path);

#endif
