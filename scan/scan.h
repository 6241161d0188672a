/*
 * scan: `cu2cl scan [PATH...]`, a build-free look at a CUDA code base.
 *
 * Finds the files that use CUDA below the paths named (scan_files.h),
 * parses each with tree-sitter's CUDA grammar (scan_parse.h: no build, no
 * compilation database, no CUDA toolkit, no libclang), classifies what it
 * sees by the translator's own rules tables and raises the diagnostics the
 * translator would raise where they show in the syntax (scan_model.h,
 * scan_xref.h), and prints a summary and a table, or writes CSV, JSON or
 * SARIF (scan_report.h). docs/scan.md is the user's page.
 *
 * Exit status: 0 scanned, 2 bad command line or no path could be read.
 * Files that do not parse are counted and named, never a reason to stop.
 */
#ifndef CU2CL_SCAN_H
#define CU2CL_SCAN_H

#include <stddef.h>

/* argv[0] is "scan". */
int cu2cl_scan_main(int argc, char **argv);

#ifdef CU2CL_HAVE_SCAN
#include "scan_model.h"

/* Scans the paths (files or directories; all: ignored and build
 * directories too) on jobs threads (0: one per CPU) and decides the
 * cross-file findings: *files receives the files that use CUDA, in walk
 * order, *n their number; free with scan_files_free. Returns 0, or 2 when a
 * path cannot be read (the others are scanned). */
int cu2cl_scan_paths(const char *const *paths, size_t npaths, int all, int jobs,
                     scan_file **files, size_t *n);
void scan_files_free(scan_file *files, size_t n);
#endif

#endif
