/*
 * host_state: the helpers of the host rewriter that emit_host and
 * host_launch share: edits, reports left as comments at their sites, where
 * a cursor lies.
 */
#include "host_state.h"

#include <stdarg.h>
#include <string.h>

#include "cx.h"

void host_add_edit(host *h, unsigned b, unsigned e, char *text) {
  cu2cl_edits_add(&h->edits, b, e, text);
}

/* cu2cl_diag_vreport_range over the varargs; end underlines to its column
 * when on the same line. */
static const char *report_range(cu2cl_diag_engine *d, cu2cl_diag_id id,
                                const cx_loc *l, const cx_loc *end, ...) {
  va_list ap;
  va_start(ap, end);
  unsigned end_col = end->line == l->line ? end->column : 0;
  const char *msg =
      cu2cl_diag_vreport_range(d, id, l->file, l->line, l->column, end_col, ap);
  va_end(ap);
  return msg;
}

/* Leaves a report as a comment in the output where it was made: a line of
 * its own above the source line at offset off, indented as that line; on a
 * continued line of a macro, before the token, where a line break would end
 * the macro. */
static void site_comment(host *h, unsigned off, cu2cl_diag_id id,
                         const char *message) {
  unsigned ls = off;
  while (ls > 0 && h->src[ls - 1] != '\n')
    ls--;
  char *text = cu2cl_diag_comment(id, message);
  int continued = ls >= 2 && h->src[ls - 2] == '\\';
  if (continued) {
    host_add_edit(h, off, off, xasprintf("/* %s */ ", text));
  } else {
    unsigned ind = ls;
    while (ind < h->src_len && (h->src[ind] == ' ' || h->src[ind] == '\t'))
      ind++;
    host_add_edit(
        h, ls, ls,
        xasprintf("%.*s/* %s */\n", (int)(ind - ls), h->src + ls, text));
  }
  free(text);
}

/* Reports at a cursor; in the file being rewritten, also left as a comment
 * at the site. */
void host_report(host *h, CXCursor at, cu2cl_diag_id id, ...) {
  cx_loc l = cx_location(at);
  va_list ap;
  va_start(ap, id);
  const char *msg = cu2cl_diag_vreport_range(
      h->diags, id, l.file, l.line, l.column, cx_range_end_column(at, &l), ap);
  va_end(ap);
  if (cu2cl_diag_info_get(id)->severity == CU2CL_ERROR)
    h->errors++;
  CXFile f;
  unsigned off;
  clang_getFileLocation(clang_getCursorLocation(at), &f, NULL, NULL, &off);
  if (msg && f && clang_File_isEqual(f, h->file) && off < h->src_len)
    site_comment(h, off, id, msg);
  cx_loc_free(&l);
}

/* Reports at a token (underlining it), left as a comment at its site in
 * the output; a and b: the message's arguments, as many as it takes. */
void host_token_report(host *h, CXSourceRange tr, cu2cl_diag_id id,
                       const char *a, const char *b) {
  cx_loc l = cx_source_location(clang_getRangeStart(tr));
  cx_loc end = cx_source_location(clang_getRangeEnd(tr));
  unsigned off;
  clang_getFileLocation(clang_getRangeStart(tr), NULL, NULL, NULL, &off);
  const char *msg = report_range(h->diags, id, &l, &end, a, b);
  if (msg && off < h->src_len)
    site_comment(h, off, id, msg);
  if (cu2cl_diag_info_get(id)->severity == CU2CL_ERROR)
    h->errors++;
  cx_loc_free(&l);
  cx_loc_free(&end);
}

/* 1 when the cursor lies in the file being rewritten. */
int host_in_target(host *h, CXCursor c) {
  CXFile f;
  unsigned off;
  clang_getFileLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
  return f && clang_File_isEqual(f, h->file) && off < h->src_len;
}

/* Offsets of a cursor's extent when it lies wholly in the target file. */
int host_extent_in_target(host *h, CXCursor c, unsigned *b, unsigned *e) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXFile fb, fe;
  clang_getFileLocation(clang_getRangeStart(r), &fb, NULL, NULL, b);
  clang_getFileLocation(clang_getRangeEnd(r), &fe, NULL, NULL, e);
  if (!fb || !fe || !clang_File_isEqual(fb, h->file) ||
      !clang_File_isEqual(fe, h->file))
    return 0;
  return *e <= h->src_len && *b <= *e;
}

void host_token_offsets(host *h, CXToken t, unsigned *b, unsigned *e) {
  CXSourceRange r = clang_getTokenExtent(h->tu, t);
  clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, b);
  clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, e);
}
