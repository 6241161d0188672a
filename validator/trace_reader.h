/*
 * trace_reader: the reading side of the trace format that
 * runtime/include/cu2cl_trace.h defines and writes (docs/trace-format.md).
 *
 * It checks the magic, the version, every record's framing, the END
 * record's counts and checksum, and says precisely why a trace is unusable
 * (not a trace, another version, truncated, corrupted). A trace is read
 * into memory whole; its COPY records point into that copy of the file.
 * It also owns the one write cu2cl makes to a finished trace: appending the
 * program's captured stdout as a STDOUT record before the END record.
 */
#ifndef CU2CL_TRACE_READER_H
#define CU2CL_TRACE_READER_H

#include <stddef.h>
#include <stdint.h>

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

#endif
