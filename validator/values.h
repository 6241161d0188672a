/*
 * values: one element of a transfer, decoded and compared; and the
 * tolerances that the comparison applies (cu2cl_validate_options, with
 * their defaults).
 *
 * Elements are little-endian scalars of a cu2cl_trace_elem_type. A
 * floating-point element matches when |p - o| <= atol + rtol * |o| or when
 * p and o are at most ulp units in the last place apart (o: original, p:
 * ported; relative errors are relative to the original); NaN matches NaN;
 * infinities match only themselves. Integers and bytes match exactly.
 */
#ifndef CU2CL_VALUES_H
#define CU2CL_VALUES_H

#include <stddef.h>
#include <stdint.h>

#include "../runtime/include/cu2cl_trace.h"

/* Tolerances and report settings; cu2cl_validate_options_init sets the
 * defaults (docs/validation.md explains them). */
#define CU2CL_VALIDATE_MAX_SKIP 64

typedef struct cu2cl_validate_options {
  double rtol[CU2CL_TRACE_ELEM_TYPE_COUNT];
  double atol[CU2CL_TRACE_ELEM_TYPE_COUNT];
  uint64_t ulp[CU2CL_TRACE_ELEM_TYPE_COUNT];
  unsigned unknown_as; /* compare untyped transfers as this type; 0: bytes */
  size_t max_report;   /* differing elements to list (>= 1) */
  size_t table_rows;   /* summary rows to show before eliding matches */
  int strict_stdout;   /* stdout differences fail instead of being notes */
  /* Only the stdout lines matching this extended regular expression are
   * compared (--stdout-lines; NULL: all), and as multisets when
   * stdout_unordered (--stdout-unordered): what device printf prints, in
   * the order the threads happened to run. */
  const char *stdout_lines;
  int stdout_unordered;
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

int value_is_float(unsigned type);
int value_is_signed(unsigned type);

/* One scalar, decoded: raw bits (little-endian) and its value. */
typedef struct value {
  uint64_t bits;
  double f;   /* floating-point types */
  int64_t i;  /* signed integers */
  uint64_t u; /* unsigned integers */
} value;

/* The scalar of the given type at p. */
value value_load(unsigned type, const unsigned char *p);

/* How one ported element compares with the original one. */
typedef struct elem_err {
  int ok;
  double abs, rel; /* NAN when meaningless (bytes) */
  uint64_t ulp;    /* UINT64_MAX when meaningless */
} elem_err;

elem_err value_compare_float(const cu2cl_validate_options *opt, unsigned type,
                             value o, value p);
elem_err value_compare_int(unsigned type, value o, value p);

/* The order of two scalars of one type at a and b (<0, 0, >0), NaNs last:
 * what --unordered sorts by. */
int value_order(unsigned type, const unsigned char *a, const unsigned char *b);

/* The value as the report prints it, into buf; returns buf. */
const char *value_format(unsigned type, value v, char *buf, size_t size);
/* Up to 16 bytes in hex, for untyped elements; returns buf. */
const char *value_format_bytes(const unsigned char *p, uint64_t n, char *buf,
                               size_t size);

#endif
