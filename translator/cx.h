/*
 * cx: small helpers over libclang's C API shared by the model and emitters.
 *
 * Every CXString is disposed inside these helpers: callers get heap strings
 * (free them) or write into a strbuf. Locations are reported as file
 * locations (macro uses map to where they were expanded), which is what the
 * rewriter and the diagnostics need.
 */
#ifndef CU2CL_CX_H
#define CU2CL_CX_H

#include <clang-c/Index.h>

#include "util.h"

/* Converts and disposes a CXString; the caller frees the result. */
char *cx_take(CXString s);
char *cx_spelling(CXCursor c);
char *cx_usr(CXCursor c);
char *cx_type_spelling(CXType t);
char *cx_kind_name(CXCursor c);

/* File location (expansion) of a cursor's start: file path (heap, may be
 * NULL), line, column and byte offset. */
typedef struct cx_loc {
  char *file;
  unsigned line, column, offset;
} cx_loc;
cx_loc cx_location(CXCursor c);
cx_loc cx_source_location(CXSourceLocation l);
void cx_loc_free(cx_loc *l);
/* The column one past c's extent when that extent starts at l (c's
 * location) and ends on l's line: what a diagnostic at c underlines
 * (^~~~); 0 otherwise. */
unsigned cx_range_end_column(CXCursor c, const cx_loc *l);
/* 1 when c begins inside a macro's expansion (its spelling is elsewhere
 * than where it was expanded). */
int cx_in_macro_expansion(CXCursor c);

/* Byte offsets [begin, end) of a cursor's extent in the file that holds its
 * expansion; returns 0 when both ends are in the main file of tu. */
int cx_extent_offsets(CXCursor c, unsigned *begin, unsigned *end);

/* 1 when the cursor's declaration lies in a system header (the CUDA
 * headers, cu2cl's own headers, libc). */
int cx_in_system_header(CXCursor c);
/* The translation unit cursor c belongs to (a project's other units
 * provide the definitions of separately compiled device functions), else
 * tu. Token and location queries on c go through it. */
CXTranslationUnit cx_unit_of(CXTranslationUnit tu, CXCursor c);
/* Calls fn for each declaration at namespace scope of tu (through
 * namespaces and extern "C" blocks) until it returns nonzero. */
void cx_visit_namespace_scope(CXTranslationUnit tu,
                              int (*fn)(CXCursor c, void *ctx), void *ctx);
/* The first declaration at namespace scope of tu whose USR is usr and that
 * accept takes; a null cursor when none. */
CXCursor cx_find_usr(CXTranslationUnit tu, const char *usr,
                     int (*accept)(CXCursor));
/* The default argument of parameter parm (its expression after '='), or a
 * null cursor. */
CXCursor cx_param_default(CXTranslationUnit tu, CXCursor parm);
/* Whether some declaration outside system headers in tu is spelt name (a
 * walk of the unit's own code). */
int cx_user_declares(CXTranslationUnit tu, const char *name);
int cx_in_main_file(CXCursor c);

/* An entity's identity within one translation unit, cheaper than its USR:
 * its canonical cursor and that cursor's hash. */
typedef struct cx_key {
  CXCursor cursor;
  unsigned hash;
} cx_key;
cx_key cx_key_of(CXCursor c);
int cx_key_eq(const cx_key *a, const cx_key *b);

/* Children as an array (the caller frees *out). */
unsigned cx_children(CXCursor c, CXCursor **out);
/* 1 for a template's parameter (type, non-type or template template). */
int cx_is_template_param(CXCursor c);

/* A function parameter's name, unique among its function's: the i-th
 * element of an expanded parameter pack (`Args... args` in a
 * specialization, whose parameters all spell "args") is "args_<i>".
 * Caller frees. */
char *cx_param_name(CXCursor parm);
/* The types of template argument i of function specialization fn when it
 * is a type pack that a function parameter pack expands as written
 * (template <typename... Args> void f(Args... args)): *out (caller frees)
 * receives the specialization's parameter types; returns their count, or
 * -1 when the pack cannot be read so (libclang shows no pack's
 * elements). */
int cx_template_pack_types(CXCursor fn, unsigned i, CXType **out);

/* CUDA execution-space attributes of a function declaration. */
enum {
  CX_HOST = 1,
  CX_DEVICE = 2,
  CX_GLOBAL = 4,
  CX_SHARED = 8,
  CX_CONSTANT = 16,
  CX_MANAGED = 32
};
unsigned cx_cuda_attrs(CXCursor decl);
/* 1 when var, a __device__ or __constant__ variable, is const with an
 * initializer and internal linkage (`static __device__ const int mask =
 * 15;`): host code may read its value, as nvcc's host copy holds it, so
 * the port keeps that copy under the variable's name and names its runtime
 * symbol cu2cl_symbol_<name>. */
int cx_keeps_host_value(CXCursor var);

/* Skips implicit wrappers (UnexposedExpr with one child that has the same
 * extent, ParenExpr is kept). */
CXCursor cx_strip_implicit(CXCursor c);

/* A <<<>>> launch is a CallExpr holding the configuration call
 * (__cudaPushCallConfiguration, or cudaConfigureCall in older headers):
 * that call, or a null cursor when call is no launch. */
CXCursor cx_launch_config(CXCursor call);
int cx_is_launch(CXCursor call);

/* Tokens of a cursor's extent (in c's own unit), joined with single
 * spaces. Caller frees. */
char *cx_tokens_text(CXTranslationUnit tu, CXCursor c);

/* Evaluates an integer constant expression; returns 1 on success. */
int cx_eval_int(CXCursor c, long long *value, int *is_unsigned);

#endif
