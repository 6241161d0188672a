/*
 * runner: the one-shot forms of `cu2cl validate`, which run the programs
 * themselves.
 *
 * Each side of a comparison is a trace file or a command. A command runs
 * through /bin/sh -c with CU2CL_TRACE pointing at a temporary file (or at
 * the --save-* file), its stdout captured (and echoed, prefixed with the
 * side's label) and attached to the trace as STDOUT records. The runner
 * then judges what came back: a port that fails or crashes diverges; an
 * original that cannot be traced makes validation impossible.
 */
#ifndef CU2CL_RUNNER_H
#define CU2CL_RUNNER_H

#include "trace_reader.h"
#include "util.h"
#include "values.h"

/* One side of a comparison: a trace file, or a command to record one. The
 * caller sets label, cmd or trace, and save; the runner the rest. */
typedef struct side {
  const char *label; /* "original" / "ported" */
  const char *cmd;   /* NULL: trace names a file to read */
  const char *trace;
  const char *save; /* --save-*: record into this file and keep it */
  /* --*-stdout: the program's stdout, saved to this file, taken as the
   * trace's (a trace written through CU2CL_TRACE holds none) */
  const char *stdout_file;
  char *tmp;        /* the temporary trace, removed at the end */
  int status;       /* wait status of the command */
  strbuf out;       /* its stdout */
  cu2cl_tracefile *t;
  cu2cl_trace_status st;
  char *error;
} side;

/* Runs the commands among o and p (echo: show their stdout), reads both
 * traces and compares them, the report on stdout. Returns the exit status
 * of `cu2cl validate`: 0 match, 1 divergence, 2 unusable input. */
int runner_run_and_compare(side *o, side *p, const cu2cl_validate_options *opt,
                           int echo);

/* --record TRACE CMD: runs cmd, records its trace with its stdout into
 * trace. Returns 0 when the command succeeded, 1 when it failed, 2 when no
 * usable trace came out. */
int runner_record(const char *trace, const char *cmd);

/* Removes the side's temporary trace and frees what the runner allocated. */
void runner_side_free(side *s);

#endif
