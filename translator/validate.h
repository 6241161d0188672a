/*
 * validate: `cu2cl validate`, the proof that a port computes what the
 * original computed.
 *
 *   cu2cl validate [options] ORIGINAL_TRACE PORTED_TRACE
 *   cu2cl validate [options] --original 'CMD ARGS' --ported 'CMD ARGS'
 *   cu2cl validate --record TRACE 'CMD ARGS'
 *
 * It owns the reading side of the trace format that
 * runtime/include/cu2cl_trace.h defines and writes (docs/trace-format.md):
 * a reader that checks the magic, the version, every record's framing, the
 * END record's counts and checksum, and says precisely why a trace is
 * unusable (not a trace, another version, truncated, corrupted); the
 * comparer, which matches the two programs' transfers in order and compares
 * contents with type-aware tolerances (integers and untyped bytes exactly,
 * floating point within an absolute + relative bound or a number of units
 * in the last place), reports the first divergence (transfer, both call
 * sites, element, both values, the error) and a summary per transfer; and
 * the one-shot runner, which runs both commands with CU2CL_TRACE pointing
 * at temporary files, captures their stdout into the traces (STDOUT
 * records) and compares. The original is the reference: relative errors are
 * relative to its values.
 *
 * Exit status: 0 the traces match, 1 they diverge, 2 unusable input.
 * docs/validation.md is the user guide.
 */
#ifndef CU2CL_VALIDATE_H
#define CU2CL_VALIDATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../runtime/include/cu2cl_trace.h"

/* One COPY record. file and data point into the trace that holds it. */
typedef struct cu2cl_trace_copy_rec {
  uint64_t seq;
  unsigned kind;      /* cu2cl_trace_copy_kind, with CU2CL_TRACE_COPY_ASYNC */
  unsigned elem_type; /* cu2cl_trace_elem_type (newer types read as UNKNOWN) */
  uint64_t elem_size;
  const char *file; /* NUL-terminated; "" when the writer knew none */
  unsigned line;
  uint64_t nbytes;
  const unsigned char *data;
  uint64_t offset; /* of the record in the file, for messages */
} cu2cl_trace_copy_rec;

/* A trace read into memory. */
typedef struct cu2cl_tracefile {
  char *path;
  unsigned version_major, version_minor;
  unsigned producer; /* cu2cl_trace_producer */
  char *program;     /* command line from PROGRAM; "" when none */
  cu2cl_trace_copy_rec *copies;
  size_t n_copies;
  uint64_t copied_bytes; /* sum of the copies' nbytes */
  int has_stdout;        /* holds STDOUT records (their text joined) */
  char *out;
  size_t out_len;
  int complete; /* its END record was found and checked */
  /* private */
  unsigned char *bytes;
  size_t size;
  uint64_t n_records, checksum, end_offset;
  char **strings;
  size_t n_strings;
} cu2cl_tracefile;

typedef enum cu2cl_trace_status {
  CU2CL_TRACE_OK = 0,
  CU2CL_TRACE_EIO,        /* cannot be read */
  CU2CL_TRACE_EFORMAT,    /* empty, not a trace, or an unsupported version */
  CU2CL_TRACE_ETRUNCATED, /* ends before its END record */
  CU2CL_TRACE_ECORRUPT    /* framing, fields or checksum wrong */
} cu2cl_trace_status;

/* Reads and checks the trace at path. On CU2CL_TRACE_OK *out receives it;
 * on CU2CL_TRACE_ETRUNCATED too, holding the copies before the cut (so that
 * a crashed program's trace can still be compared up to the crash); else
 * *out is NULL. When not OK, *error receives a one-line message starting
 * with the path ("a.trace: truncated trace: ended after 3 copies (...)").
 * The caller frees *error and deletes *out. */
cu2cl_trace_status cu2cl_tracefile_read(const char *path, cu2cl_tracefile **out,
                                        char **error);
void cu2cl_tracefile_delete(cu2cl_tracefile *self);

/* Appends a STDOUT record holding text[0..n) to a complete trace, in its
 * file (rewriting END with the new count and checksum) and in memory.
 * Returns 0, or -1 with errno set. */
int cu2cl_tracefile_append_stdout(cu2cl_tracefile *self, const char *text,
                                  size_t n);

/* Tolerances and report settings; cu2cl_validate_options_init sets the
 * defaults (docs/validation.md explains them). A floating-point element
 * matches when |p - o| <= atol + rtol * |o| or when p and o are at most ulp
 * units in the last place apart (o: original, p: ported); NaN matches NaN;
 * infinities match only themselves. Integers and bytes match exactly. */
#define CU2CL_VALIDATE_MAX_SKIP 64

typedef struct cu2cl_validate_options {
  double rtol[CU2CL_TRACE_ELEM_TYPE_COUNT];
  double atol[CU2CL_TRACE_ELEM_TYPE_COUNT];
  uint64_t ulp[CU2CL_TRACE_ELEM_TYPE_COUNT];
  unsigned unknown_as; /* compare untyped transfers as this type; 0: bytes */
  size_t max_report;   /* differing elements to list (>= 1) */
  size_t table_rows;   /* summary rows to show before eliding matches */
  int strict_stdout;   /* stdout differences fail instead of being notes */
  /* Transfers not compared (--skip): their data depends on the order in
   * which threads ran (atomicExch results, slots claimed by atomicCAS). */
  size_t skip[CU2CL_VALIDATE_MAX_SKIP];
  size_t n_skip;
  /* Transfers compared as multisets (--unordered): both sides' elements
   * sorted first, for results whose order depends on scheduling (stream
   * compaction through an atomic counter). */
  size_t unordered[CU2CL_VALIDATE_MAX_SKIP];
  size_t n_unordered;
  /* A transfer passes when at most this fraction of its elements differ
   * beyond the tolerances (--allow-diff; 0: none may). */
  double allow_diff;
} cu2cl_validate_options;

void cu2cl_validate_options_init(cu2cl_validate_options *opt);

/* Compares ported against original and prints the report to out. Returns 0
 * when they match, 1 when they diverge. */
int cu2cl_validate_compare(const cu2cl_tracefile *original,
                           const cu2cl_tracefile *ported,
                           const cu2cl_validate_options *opt, FILE *out);

/* `cu2cl validate ...`: argv[0] is "validate". Returns the exit status. */
int cu2cl_validate_main(int argc, char **argv);

#endif
