/*
 * progress: what a run shows while it works and what it sums up after.
 *
 * The progress line ("[12/40] translating src/foo.cu") goes to a terminal
 * on stderr and is rewritten in place (carriage return, erase to the end of
 * the line); the diagnostics engine clears it before it prints a report
 * (cu2cl_progress_clear as its print hook), so reports never run into it.
 * Off the terminal nothing is shown unless --progress asked for it, and
 * then each step is a line of its own. Thread-safe (-j N).
 *
 * The statistics of a run (cu2cl_stats: kernels, launches, CUDA API names
 * mapped per category) are summed from the units' and printed at the end.
 */
#ifndef CU2CL_PROGRESS_H
#define CU2CL_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"

/* What one translation unit converted; kept in cu2cl_tu_result. */
#define CU2CL_STATS_MAX_CATEGORIES 16
typedef struct cu2cl_stats {
  size_t kernels;  /* kernels and kernel specializations emitted */
  size_t launches; /* kernel launches rewritten */
  size_t api[CU2CL_STATS_MAX_CATEGORIES]; /* CUDA API uses mapped, by
                                             cu2cl_stats_category index */
} cu2cl_stats;

/* The category index of a mapped CUDA name (rules/api_categories.def);
 * the last category, "other", when no prefix matches. */
size_t cu2cl_stats_category(const char *cuda_name);
/* The category's name ("memory", ...), NULL past the last. */
const char *cu2cl_stats_category_name(size_t index);
void cu2cl_stats_add(cu2cl_stats *sum, const cu2cl_stats *unit);
/* "converted: 3 kernels, 4 launches, 17 CUDA API uses (memory 9, ...)" */
void cu2cl_stats_print(const cu2cl_stats *s, FILE *out);

typedef struct cu2cl_progress cu2cl_progress;

/* A progress display of total steps on out; mode 1: shown (a terminal
 * rewrites the line, anything else gets a line per step), 0: nothing.
 * Delete with cu2cl_progress_delete (accepts NULL). */
cu2cl_progress *cu2cl_progress_new(FILE *out, int mode, int is_tty,
                                   size_t total);
void cu2cl_progress_delete(cu2cl_progress *self);
/* Shows step "[n/total] what file" (n counts up by one per call). */
void cu2cl_progress_step(cu2cl_progress *self, const char *what,
                         const char *file);
/* Erases the line on a terminal; a print hook for the diagnostics engine
 * (ctx: the progress). */
void cu2cl_progress_clear(void *ctx);

/* One row of --summary's table. */
typedef struct cu2cl_file_row {
  const char *file;   /* absolute, as the compile command names it */
  const char *name;   /* as shown (relative to the input root); NULL: file */
  const char *status; /* "translated", "incomplete", "failed", "skipped" */
  size_t kernels;
} cu2cl_file_row;

/* Prints the table: file, status, kernels, and the diagnostics reported
 * in the file itself (errors, warnings, remarks, suppressed). */
void cu2cl_progress_table(FILE *out, const cu2cl_file_row *rows, size_t n,
                          const cu2cl_diag_engine *diags);

#endif
