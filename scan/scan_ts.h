/*
 * scan_ts: the state of one file's walk over its tree-sitter tree, shared
 * by the walker (scan_parse.c), the device checks (scan_check.c) and the
 * macro bodies (scan_macro.c); and the node helpers they use.
 *
 * Nodes are tree-sitter's: valid while the tree lives, which is the walk.
 * Everything the walk learns goes into the scan_file (scan_model.h) or
 * into the cross-file notes (scan_xref.h), as copies.
 */
#ifndef CU2CL_SCAN_TS_H
#define CU2CL_SCAN_TS_H

#include <tree_sitter/api.h>

#include "scan_model.h"
#include "scan_xref.h"

/* A variable of the function being walked: its name and initializer (for
 * "lane = threadIdx.x & 31" through lane), and whether it is volatile. */
typedef struct scan_var {
  const char *name;
  size_t len;
  TSNode init; /* null node when it has none */
  int is_volatile;
  int cg; /* a cooperative group (scan_cg.c) */
} scan_var;

typedef struct scan_walk {
  const char *src;
  size_t len;
  scan_file *f;
  size_t index; /* the file's place in the run (scan_xref) */
  scan_xref *x;
  strvec macros;      /* object-like macros: "NAME=value" */
  strvec constants;   /* "NAME" of const variables, with their init below */
  TSNode *const_init; /* parallel to constants */
  strvec cg_aliases;  /* namespace cg = cooperative_groups */
  strvec definitions; /* every function definition's name, repeated */
  /* the function being walked (NULL outside device code) */
  scan_func *fn;
  size_t fn_index;
  int fn_host; /* the function being walked exists on the host (alone
                  when fn is NULL; 0 outside every function) */
  scan_var *vars;
  size_t nvars;
  int depth;
  TSNode benign; /* a missing token that is no error (scan_parse.c) */
} scan_walk;

/* Node helpers. */
int ts_is(TSNode n, const char *type);
char *ts_text(const scan_walk *w, TSNode n); /* caller frees */
int ts_text_is(const scan_walk *w, TSNode n, const char *s);
unsigned ts_line(TSNode n);
unsigned ts_col(TSNode n);
TSNode ts_field(TSNode n, const char *field); /* null-safe, as these two */
uint32_t ts_count(TSNode n);                  /* named children */
TSNode ts_child(TSNode n, uint32_t i);        /* named child i */
const char *ts_type(TSNode n);                /* "" for a null node */
/* Skips parentheses and casts. */
TSNode ts_strip(TSNode n);

/* scan_check.c: the device-side findings of one node of device code. */
void scan_check_call(scan_walk *w, TSNode call, const char *name);
void scan_check_binary(scan_walk *w, TSNode n);
void scan_check_assignment(scan_walk *w, TSNode n);
void scan_note_declaration(scan_walk *w, TSNode decl);
void scan_note_parameters(scan_walk *w, TSNode declarator);
/* The value of an integer constant expression: literals, macros and const
 * variables of the file, the usual operators. 0 when it is not one. */
int scan_eval(const scan_walk *w, TSNode n, unsigned long long *v);
/* The expression uses threadIdx, directly or through local variables
 * initialized from it (depth levels deep). */
int scan_mentions_thread(const scan_walk *w, TSNode n, int depth);

scan_var *scan_find_var(const scan_walk *w, TSNode id);

/* scan_cg.c: cooperative groups. */
int scan_cg_is_group(const scan_walk *w, TSNode type, TSNode init);
void scan_cg_note_alias(scan_walk *w, TSNode def);
/* A group's method or a function of the namespace: recorded, 1; else 0. */
int scan_cg_call(scan_walk *w, TSNode call, TSNode fnode);

/* scan_macro.c: a #define: its name, and the CUDA uses of its body. */
void scan_macro(scan_walk *w, TSNode def);
/* A host name (API, type, constant) at line:col: classified and recorded,
 * with CU2CL1001/1002/1003 where the translator would raise them. */
int scan_host_name(scan_walk *w, const char *name, int call, int in_macro,
                   unsigned line, unsigned col);

#endif
