/*
 * scan_report: what a scan prints and writes.
 *
 *   text   a summary (files, kernels, uses by category and class, findings
 *          by ID, the effort estimate) and a table with a row per file
 *   csv    the per-file table as CSV, for spreadsheets
 *   JSON   (--report NAME.json) the summary, and per file its functions,
 *          uses and findings; the findings also as the translator's own
 *          report (docs/report.md) under "diagnostics"
 *   SARIF  (--report NAME.sarif) the findings, written by the translator's
 *          SARIF writer (translator/report.c)
 *
 * The effort estimate counts constructs: every use of a CUDA name, every
 * launch (translated) and every finding that is not about a use (by its
 * severity: remark, warning = to review, error = by hand). Automatic is
 * translated plus translated with a remark.
 */
#ifndef CU2CL_SCAN_REPORT_H
#define CU2CL_SCAN_REPORT_H

#include <stdio.h>

#include "scan_model.h"

typedef struct scan_totals {
  size_t files, cu_files, cxx_files, lines, parse_error_files, unreadable;
  size_t kernels, device_functions, launches, uses, macro_uses;
  size_t by_class[SCAN_NCLASS]; /* constructs, for the effort estimate */
  size_t by_id[CU2CL_D_COUNT];
} scan_totals;

void scan_totals_compute(const scan_file *files, size_t n, scan_totals *t);

/* table: also the per-file table; verbose: also every function. */
void scan_report_text(const scan_file *files, size_t n, const scan_totals *t,
                      int table, int verbose, FILE *out);
void scan_report_csv(const scan_file *files, size_t n, FILE *out);
/* Writes the report to path (.sarif: SARIF, else JSON). Returns 0, or -1
 * with errno set. */
int scan_report_write(const scan_file *files, size_t n, const scan_totals *t,
                      const char *path);

/* A finding's class for the effort estimate, and whether it stands for
 * itself (it is not about a use, which is counted already). */
int scan_finding_is_construct(cu2cl_diag_id id);

#endif
