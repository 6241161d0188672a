/*
 * report: the machine-readable reports of a run.
 *
 * --report FILE writes every recorded diagnostic: FILE ending in .sarif is
 * written as SARIF 2.1.0 (one run, tool.driver = cu2cl with one rule per
 * catalog entry that occurs, results with ruleId = "CU2CLnnnn", level from
 * the severity, physical location = the CUDA source, file URI + region);
 * any other name (normally .json) is written as cu2cl's own JSON
 * (documented in docs/report.md): version, tool, summary counts per severity
 * and per ID, and the list of findings. Files are written atomically.
 */
#ifndef CU2CL_REPORT_H
#define CU2CL_REPORT_H

#include "diag.h"
#include "progress.h"

/* What a report says about the run besides the diagnostics. Every field
 * may be 0/NULL (then left out); src_root set makes SARIF's URIs relative
 * to %SRCROOT% (originalUriBaseIds). */
typedef struct cu2cl_report_run {
  const char *tool_version;
  const char *src_root;      /* absolute input root */
  const char *docs_url;      /* base of docs/ for helpUri, informationUri */
  const char *cwd;           /* working directory of the invocation */
  int argc;                  /* the command line */
  char *const *argv;         /* (argc 0: none) */
  int exit_code;             /* cu2cl's exit status */
  const char *fallback_file; /* location of reports without a file (the
                                compilation database, else a source) */
  const cu2cl_stats *stats;  /* what was converted, or NULL */
} cu2cl_report_run;

/* "file://" + the absolute path, percent-encoded (RFC 8089). The caller
 * frees the result. */
char *cu2cl_report_file_uri(const char *path);

/* Writes the report of a run to path (SARIF or JSON by its name). */
int cu2cl_report_write_run(const cu2cl_diag_engine *diags, const char *path,
                           const cu2cl_report_run *run);

/* The same with only the tool version known. Returns 0 on success, -1 with
 * errno set. */
int cu2cl_report_write(const cu2cl_diag_engine *diags, const char *path,
                       const char *tool_version);
int cu2cl_report_write_json(const cu2cl_diag_engine *diags, FILE *out,
                            const char *tool_version);
int cu2cl_report_write_sarif(const cu2cl_diag_engine *diags, FILE *out,
                             const char *tool_version);

#endif
