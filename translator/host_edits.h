/*
 * host_edits: the list of text edits that rewrites one host file, and its
 * application.
 *
 * emit_host records replacements and insertions by byte offsets into the
 * original text, in any order; applying them sorts them by position (at one
 * position insertions first, in the order they were added), drops an edit
 * that falls inside an earlier one, and produces the rewritten text with
 * its line map (output line -> source line, for diagnostics on the port).
 */
#ifndef CU2CL_HOST_EDITS_H
#define CU2CL_HOST_EDITS_H

#include <stddef.h>

typedef struct cu2cl_edit {
  unsigned begin, end;
  char *text;
  unsigned order; /* insertion order, to keep same-offset inserts stable */
} cu2cl_edit;

typedef struct cu2cl_edits {
  cu2cl_edit *items;
  size_t len, cap;
} cu2cl_edits;

/* Replaces [b, e) by text (b == e: inserts); takes text. */
void cu2cl_edits_add(cu2cl_edits *l, unsigned b, unsigned e, char *text);

/* The edited text of src (len bytes). lines, when not NULL, receives the
 * line map: map[k] is the source line that output line k + 1 starts in (a
 * line an edit inserted maps to the edit's line), ended by 0. */
char *cu2cl_edits_apply(cu2cl_edits *l, const char *src, size_t len,
                        unsigned **lines);

void cu2cl_edits_free(cu2cl_edits *l);

/* Widens [*b, *e) of src (len bytes) to whole lines when only blanks (and
 * a closing ';') share them, so that a removed declaration leaves no stray
 * indentation or empty line. */
void cu2cl_edits_widen_to_lines(const char *src, size_t len, unsigned *b,
                                unsigned *e);

#endif
