/*
 * transfers: the comparison of two traces, transfer by transfer, and its
 * report.
 *
 * The two programs' transfers are matched in order (the n-th copy back of
 * the original with the n-th of the port) and their contents compared
 * element by element as the transfer's element type (values.h); --skip and
 * --unordered (multisets) change that per transfer. The report names the
 * first divergences (transfer, both call sites, element, both values, the
 * error), then a summary table with one row per transfer, then a verdict
 * line (PASS/FAIL). The original is the reference.
 */
#ifndef CU2CL_TRANSFERS_H
#define CU2CL_TRANSFERS_H

#include <stdio.h>

#include "trace_reader.h"
#include "values.h"

/* Compares ported against original and prints the report to out. Returns 0
 * when they match, 1 when they diverge. */
int cu2cl_validate_compare(const cu2cl_tracefile *original,
                           const cu2cl_tracefile *ported,
                           const cu2cl_validate_options *opt, FILE *out);

#endif
