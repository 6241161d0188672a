/*
 * stdout_compare: the programs' standard output, compared line by line.
 *
 * Both traces may hold the stdout of their program (STDOUT records, which
 * the runner attaches). Lines are equal when their text is, numbers in them
 * compared within the f32 tolerance, since printed numbers rarely carry
 * more precision. --stdout-lines keeps only the lines matching a regular
 * expression on both sides, and --stdout-unordered sorts them first (device
 * printf prints in the order threads ran). Differences are notes unless
 * --strict-stdout makes them failures; that decision is the caller's.
 */
#ifndef CU2CL_STDOUT_COMPARE_H
#define CU2CL_STDOUT_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "trace_reader.h"
#include "values.h"

/* Compares the stdout that o and p hold and prints notes on the differing
 * lines (at most opt->max_report of them) and a summary line to out.
 * Returns the number of differing lines. */
size_t stdout_compare(const cu2cl_validate_options *opt, FILE *out,
                      const cu2cl_tracefile *o, const cu2cl_tracefile *p);

#endif
