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

/* Returns 0 on success, -1 with errno set. */
int cu2cl_report_write(const cu2cl_diag_engine *diags, const char *path,
                       const char *tool_version);
int cu2cl_report_write_json(const cu2cl_diag_engine *diags, FILE *out,
                            const char *tool_version);
int cu2cl_report_write_sarif(const cu2cl_diag_engine *diags, FILE *out,
                             const char *tool_version);

#endif
