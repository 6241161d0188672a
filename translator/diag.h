/*
 * diag: the diagnostics engine and catalog.
 *
 * Every message cu2cl prints about the user's code or inputs has a stable ID
 * (CU2CL + 4 digits) defined once in rules/diagnostics.def, together with its
 * severity, its one-line message (a printf format), a category and the
 * explanation, example and fix that docs/diagnostics.md is generated from.
 * The engine prints each report in clang's style
 *
 *     file:line:col: warning: message [CU2CL1203]
 *       source line
 *           ^
 *
 * records it for the machine-readable reports (report.h) and counts it per
 * severity and per ID. It is safe to use from several threads (-j N).
 */
#ifndef CU2CL_DIAG_H
#define CU2CL_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

typedef enum cu2cl_severity {
  CU2CL_NOTE = 0,
  CU2CL_REMARK = 1,  /* translated, but worth a look */
  CU2CL_WARNING = 2, /* translated; a human must check the semantics */
  CU2CL_ERROR = 3    /* not translated / the output will not work */
} cu2cl_severity;

/* CU2CL_DIAG(NUMBER, NAME, SEVERITY, CATEGORY, MESSAGE, EXPLANATION, EXAMPLE,
 * FIX) rows; CU2CL_D_NAME is the enumerator, NUMBER the stable numeric ID. */
typedef enum cu2cl_diag_id {
#define CU2CL_DIAG(num, name, sev, cat, msg, expl, example, fix) CU2CL_D_##name,
#include "../rules/diagnostics.def"
#undef CU2CL_DIAG
  CU2CL_D_COUNT
} cu2cl_diag_id;

typedef struct cu2cl_diag_info {
  unsigned number;  /* e.g. 1203 for CU2CL1203 */
  const char *name; /* "UNSUPPORTED_API" */
  cu2cl_severity severity;
  const char *category; /* "driver", "host", "device", "warp", ... */
  const char *message;  /* printf format */
  const char *explanation;
  const char *example;
  const char *fix;
} cu2cl_diag_info;

const cu2cl_diag_info *cu2cl_diag_info_get(cu2cl_diag_id id);
/* Looks an ID up by its text ("CU2CL1203", "cu2cl1203"), its number
 * ("1203") or its name ("UNSUPPORTED_API"); NULL when unknown. */
const cu2cl_diag_info *cu2cl_diag_info_find(const char *text);
const char *cu2cl_severity_name(cu2cl_severity s); /* "warning", ... */

/* How a report was suppressed (docs/diagnostics.md, "Suppressing"). A
 * suppressed report is recorded (the reports list it, marked), but neither
 * printed nor counted per severity, so it leaves the exit status alone.
 * Errors are never suppressed: they mean the port is incomplete. */
typedef enum cu2cl_suppression {
  CU2CL_NOT_SUPPRESSED = 0,
  CU2CL_SUPPRESSED_INLINE = 1,  /* a "cu2cl: ignore(ID)" comment */
  CU2CL_SUPPRESSED_EXTERNAL = 2 /* --suppress or a .cu2cl file */
} cu2cl_suppression;

/* One recorded report. Strings are owned by the engine. */
typedef struct cu2cl_diag_record {
  cu2cl_diag_id id;
  char *file; /* absolute path, or NULL for reports without a location */
  unsigned line, column; /* 1-based; 0 when unknown */
  char *message;         /* the formatted message, without the [ID] suffix */
  unsigned end_column;   /* one past the range's last column; 0: no range */
  cu2cl_suppression suppressed; /* how it was suppressed, if it was */
} cu2cl_diag_record;

typedef struct cu2cl_diag_engine cu2cl_diag_engine;

/* Creates an engine printing to out (NULL: print nothing). use_color: ANSI
 * colours as clang does. The caller deletes it with
 * cu2cl_diag_engine_delete (which accepts NULL). */
cu2cl_diag_engine *cu2cl_diag_engine_new(FILE *out, int use_color);
void cu2cl_diag_engine_delete(cu2cl_diag_engine *self);

/* Reports diagnostic id at file:line:col (file NULL or line 0 for reports
 * without a location) with the catalog message formatted with the variadic
 * arguments. Prints it at once (with the source line and a caret when the
 * file can be read) and records it. Returns the formatted message as a
 * string owned by the engine, valid until the engine is deleted, so that
 * emitters can leave it as a comment in the output; NULL for a suppressed
 * report, which leaves none. */
const char *cu2cl_diag_report(cu2cl_diag_engine *self, cu2cl_diag_id id,
                              const char *file, unsigned line, unsigned col,
                              ...);
const char *cu2cl_diag_vreport(cu2cl_diag_engine *self, cu2cl_diag_id id,
                               const char *file, unsigned line, unsigned col,
                               va_list ap);
/* cu2cl_diag_vreport with a range on the line: columns [col, end_col) are
 * underlined (^~~~) when printed; end_col 0 or <= col: a caret only. */
const char *cu2cl_diag_vreport_range(cu2cl_diag_engine *self, cu2cl_diag_id id,
                                     const char *file, unsigned line,
                                     unsigned col, unsigned end_col,
                                     va_list ap);

/* Suppresses every later report of id (--suppress, a .cu2cl file); has no
 * effect on errors, which say so in a note when they occur. */
void cu2cl_diag_suppress(cu2cl_diag_engine *self, cu2cl_diag_id id);
/* 1 when reports of id are suppressed by the run (cu2cl_diag_suppress; an
 * error never is). */
int cu2cl_diag_suppresses(const cu2cl_diag_engine *self, cu2cl_diag_id id);
/* Calls hook(ctx) before printing anything (the progress line erases
 * itself: progress.h); NULL: none. */
void cu2cl_diag_set_print_hook(cu2cl_diag_engine *self, void (*hook)(void *),
                               void *ctx);
/* Turns ANSI colours on or off for what is printed from now on. */
void cu2cl_diag_set_color(cu2cl_diag_engine *self, int use_color);
/* Whether a comment on source line `text` suppresses id: a comment
 * "cu2cl: ignore(ID[, ID...])" anywhere on the line itself, or, when
 * own_line_only, a line holding nothing but such a comment (the line
 * before the report). IDs as cu2cl_diag_info_find reads them. */
int cu2cl_diag_inline_ignores(const char *text, cu2cl_diag_id id,
                              int own_line_only);

/* Attaches a free-form note line ("note: ...") to the last report, printed
 * indented under it; used for compiler output such as an OpenCL build log. */
void cu2cl_diag_note(cu2cl_diag_engine *self, const char *text);

/* Counters. */
size_t cu2cl_diag_count(const cu2cl_diag_engine *self, cu2cl_severity sev);
size_t cu2cl_diag_count_id(const cu2cl_diag_engine *self, cu2cl_diag_id id);
/* Reports suppressed, in all and of one ID (not in the counts above). */
size_t cu2cl_diag_count_suppressed(const cu2cl_diag_engine *self);
size_t cu2cl_diag_count_suppressed_id(const cu2cl_diag_engine *self,
                                      cu2cl_diag_id id);
/* The records, in report order; *n receives their number. */
const cu2cl_diag_record *cu2cl_diag_records(const cu2cl_diag_engine *self,
                                            size_t *n);
/* Prints "N errors, M warnings ..." (", K suppressed" when some were) and
 * a table of counts per ID to out. */
void cu2cl_diag_print_summary(const cu2cl_diag_engine *self, FILE *out);

/* The comment text an emitter leaves at the site in the translated code:
 * "CU2CL1203: message" (no comment markers). Newlines become spaces and
 * star-slash becomes "* /", so the text fits in either kind of comment.
 * Caller frees. */
char *cu2cl_diag_comment(cu2cl_diag_id id, const char *message);

/* Added for the driver and the reports. */

/* The notes attached to record `index` (cu2cl_diag_note), joined with
 * newlines; NULL when it has none. Owned by the engine. */
const char *cu2cl_diag_record_notes(const cu2cl_diag_engine *self,
                                    size_t index);
/* Prints a catalog entry for `cu2cl --explain ID`: ID, name, severity,
 * category, message, explanation, example and fix. */
void cu2cl_diag_explain(const cu2cl_diag_info *info, FILE *out);
/* Prints the catalog, one line per entry: ID, severity, category, name,
 * message. */
void cu2cl_diag_list(FILE *out);

#endif
