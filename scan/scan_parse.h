/*
 * scan_parse: one file through tree-sitter's CUDA grammar, walked once.
 *
 * The walk needs no build, no compilation database and no CUDA headers:
 * it sees the text as written. Macros are not expanded (their bodies are
 * read as text and their CUDA uses counted apart), both branches of every
 * #if are read, and templates are not instantiated. tree-sitter recovers
 * from syntax errors: the file is still walked, and the errors are
 * counted with the first one's line.
 */
#ifndef CU2CL_SCAN_PARSE_H
#define CU2CL_SCAN_PARSE_H

#include <stddef.h>

#include "scan_model.h"
#include "scan_xref.h"

typedef struct scan_parser scan_parser;

/* One per thread. scan_parser_delete accepts NULL. */
scan_parser *scan_parser_new(void);
void scan_parser_delete(scan_parser *self);

/* Scans the file at path (index: its place in the files of the run, for
 * the cross-file notes) into out, which the caller frees with
 * scan_file_free. out->path is set to display. Returns 0, or -1 when the
 * file cannot be read (out->unreadable is set). */
int scan_parse_file(scan_parser *self, const char *path, const char *display,
                    size_t index, scan_xref *x, scan_file *out);

/* The same on text in memory (tests). */
void scan_parse_text(scan_parser *self, const char *text, size_t len,
                     size_t index, scan_xref *x, scan_file *out);

#endif
