/*
 * devemit: the state shared by the modules of the device emitter, which
 * prints CUDA device code as OpenCL C (emit_device.h is its public side):
 *
 *   emit_device.c  entry points, functions, statements, diagnostics
 *   devtypes.c     names, types, records, struct kernel-parameter mirrors
 *   devspace.c     variables, symbols, implicit parameters, address-space
 *                  inference, per-function analysis, the work list
 *   devexpr.c      expressions
 *
 * Only these files include this header. What they share is declared here
 * with the dev_ prefix; everything else in them is static.
 *
 * One emitter lives for one call of cu2cl_emit_device. Work list: kernels
 * are queued first; printing a call to a user device function queues that
 * function for the address spaces of the call's pointer arguments
 * ("clone"), and the loop prints clones until the queue is empty.
 * Prototypes of every function precede all bodies, so order does not
 * matter. Per-function state (the address space of each pointer variable)
 * is computed by a pre-pass over the body before printing.
 *
 * Invariants:
 * - fns, syms and uses grow (xrealloc) as the emitter goes: a pointer into
 *   them is good until the next dev_queue_function, dev_symbol_of or
 *   dev_uses_of, so code that needs one across such a call keeps its index.
 * - vars describes the function being analysed or printed (cur while
 *   printing); dev_function_return_space analyses a callee in a table of
 *   its own and gives the caller's back.
 * - The .cl file is types, then protos, then bodies: each record is
 *   defined once (type_usrs), after the records its fields need and ahead
 *   of every use.
 * - out is where printing goes. While it is NULL, dev_report records
 *   diagnostics without leaving a comment in the output.
 * - Address spaces are letters: 'g' __global, 'l' __local, 'c' __constant,
 *   'p' private (0 prints as private too); '-' in clone keys marks a
 *   parameter that is not a pointer. During the pre-pass a pointer
 *   variable's space is 0 until an assignment settles it; what is still 0
 *   afterwards becomes 'g'.
 */
#ifndef CU2CL_DEVEMIT_H
#define CU2CL_DEVEMIT_H

#include "cx.h"
#include "emit_device.h"
#include "rules.h"

/* Variable flags. */
enum { V_DEREF = 1, V_POINTER = 2, V_ARRAY = 4 };

typedef struct var_entry {
  cx_key key;  /* the declaration */
  char space; /* pointee space for pointers, storage space otherwise */
  unsigned flags;
  int varying; /* may differ between the work-items of a group (devpred) */
  int read_uniform; /* read as uniform in this round of dev_mark_varying */
} var_entry;

typedef struct fn_clone {
  CXCursor decl;
  char *usr;
  char *key; /* usr|spaces */
  char *name;
  char *spaces; /* one char per parameter: g l p c, or '-' */
  char ret_space;
  int is_kernel;
  int ret_known;
  char self; /* methods: 'S' object by value, 'N' no object (a class
                without data members), else the space self points into;
                0 for plain functions */
  int predicated; /* runs in every work-item; its effects are guarded by
                     its first parameter, bool cu2cl_active */
} fn_clone;

typedef struct symbol {
  char *usr;
  char *name;
  char space; /* 'c' __constant__, 'g' __device__, 'l' __shared__ of a device
                 function */
  int is_array;
  CXCursor decl;
} symbol;

typedef struct fn_uses {
  cx_key key;    /* the function */
  int state;     /* 0 new, 1 in progress, 2 done */
  int recursive; /* part of a call cycle */
  int recursion_reported;
  int fp64; /* uses double (itself or a callee) */
  int int64_atomics;
  int dynshm;
  int collective; /* has calls every work-item must reach (warp operations,
                     __syncthreads) itself or in a callee */
  int warp;       /* needs the warp scratch (cu2cl_warp_scratch) */
  int lanes;      /* lane-level warp operations (shuffles, votes, ...), whose
                     path matters; __syncthreads_count & co. are exact on all */
  int reads_tid;  /* reads threadIdx itself (devpred): -1 not known yet */
  unsigned char *syms; /* one flag per symbol (grows) */
  size_t nsyms;
} fn_uses;

typedef struct emitter {
  CXTranslationUnit tu;
  cu2cl_diag_engine *diags;
  const cu2cl_device_opts *opts;
  fn_clone *fns;
  size_t nfns, capfns;
  symbol *syms;
  size_t nsyms;
  fn_uses *uses;
  size_t nuses;
  strvec type_usrs;
  strbuf types, protos, bodies;
  size_t errors;
  int uses_fp64;
  /* the function being printed */
  fn_clone *cur;
  var_entry *vars;
  size_t nvars, capvars;
  strbuf *out;
  int indent;
  CXCursor site; /* the statement being printed, for diagnostics */
  int quiet;     /* analysing a callee: no diagnostics */
  int in_builtin; /* printing the arguments of a built-in's rule */
  /* Predication (see devpred.c): the predicate of the statements being
   * printed (NULL: none), the predicate passed to collective user functions
   * called from the expression being printed, a counter for fresh names,
   * and expressions printed as names (hoisted collective calls). */
  const char *pred;
  /* printing the PTX path's copy of a predicated statement: CUDA's own
   * control flow, nothing predicated (emit_device.c, print_dual_*) */
  int plain;
  int plain_quiet; /* quiet as it was before the PTX copy */
  const char *call_pred;
  int queue_pred;
  unsigned fresh;
  strvec checked; /* functions already checked by devcheck.c */
  int check_geometry; /* the function checked uses warp operations */
  CXCursor *guarded;   /* shifts made safe by a test of their count */
  size_t nguarded;
  CXCursor *subst;
  char **subst_names;
  size_t nsubst;
} emitter;

/* ---- emit_device.c -------------------------------------------------- */

/* Reports a diagnostic at `at`; while e->out is set, also leaves it there
 * as a comment. */
void dev_report(emitter *e, CXCursor at, cu2cl_diag_id id, ...);

/* ---- devtypes.c: names and types ------------------------------------ */
/* Strings returned by these, except the space words, are the caller's to
 * free. */

char *dev_safe_name(const char *name);
char *dev_function_base_name(CXCursor fn);
char *dev_record_name(CXType t);
const char *dev_space_word(char s); /* "__global", ...; "" for private */
const char *dev_space_name(char s); /* "global", ..., "private" */
int dev_is_pointer_type(CXType t);
int dev_is_array_type(CXType t);
int dev_is_nonconst_ref(CXType t);
int dev_is_const_ref(CXType t);
int dev_record_has_pointers(CXType t);
char *dev_kernarg_type(emitter *e, CXType t);
char *dev_type_name(emitter *e, CXType t);
void dev_print_type_decl(emitter *e, strbuf *b, CXType t, char space,
                         const char *name);
char *dev_type_string(emitter *e, CXType t, char space);
CXType dev_template_param_type(CXCursor fn, unsigned i);
char *dev_template_value(CXCursor fn, unsigned i);

/* ---- devspace.c: what is known about functions and variables -------- */

var_entry *dev_var_find(emitter *e, CXCursor decl);
void dev_vars_reset(emitter *e);
symbol *dev_symbol_of(emitter *e, CXCursor decl);
/* `extern __shared__ T x[]`: the kernel's dynamic shared memory. */
int dev_is_extern_shared(CXCursor var);
fn_uses *dev_uses_of(emitter *e, CXCursor fn);
/* fn's record if dev_uses_of has made one, complete or not; else NULL. */
fn_uses *dev_uses_find(emitter *e, CXCursor fn);
/* The first and last child of c; a null cursor when it has none. */
CXCursor dev_first_child(CXCursor c);
CXCursor dev_last_child(CXCursor c);
/* *out (the caller frees it) receives the arguments; returns their count. */
unsigned dev_call_args(CXCursor call, CXCursor **out);
/* Caller frees. */
char *dev_call_spaces(emitter *e, CXCursor call, CXCursor callee,
                      CXCursor *args, unsigned nargs);
char dev_expr_space(emitter *e, CXCursor c);
char dev_lvalue_space(emitter *e, CXCursor c);
CXCursor dev_var_init(CXCursor var);
/* The body (CompoundStmt) of a function; a null cursor when none. */
CXCursor dev_function_body(CXCursor fn);
void dev_analyze_function(emitter *e, fn_clone *f);
char dev_function_return_space(emitter *e, fn_clone *f);
fn_clone *dev_queue_function(emitter *e, CXCursor def, const char *spaces,
                             char self, int is_kernel);

/* ---- devexpr.c: expressions ----------------------------------------- */

/* The device-function rule for a call of a CUDA built-in, or NULL. */
const struct cu2cl_device_rule *dev_builtin_rule(CXCursor callee);
/* 1 for a built-in every work-item must reach on the warp emulation path
 * (warp primitives, __syncthreads*); *scratch: it takes the warp scratch. */
int dev_builtin_is_collective(CXCursor callee, int *scratch);
/* 1 when the call (a built-in or a user function) is collective. */
int dev_call_is_collective(emitter *e, CXCursor call);

/* ---- devcheck.c: warp portability checks ---- */
void dev_check_warp_code(emitter *e, CXCursor fn);

/* ---- devcg.c: cooperative groups ---- */
int dev_cg_is_type(CXType t);
/* 1 for a cooperative-groups call that every work-item must reach. */
int dev_cg_is_collective(CXCursor callee, int *scratch);
/* Prints a cooperative-groups call (obj: the object of a method call, or a
 * null cursor); returns 0 when the call is not one. */
int dev_cg_print_call(emitter *e, CXCursor call, CXCursor callee,
                      CXCursor obj, CXCursor *args, unsigned nargs);

/* ---- devpred.c: what differs between work-items ---- */
int dev_is_varying(emitter *e, CXCursor expr);
/* Marks the varying variables of fn (after dev_analyze_function). */
void dev_mark_varying(emitter *e, CXCursor fn, int is_kernel);
/* 1 when the statement or expression contains a collective call. */
int dev_has_collective(emitter *e, CXCursor s);

void dev_emit(emitter *e, const char *s); /* appends s to e->out */
int dev_class_is_empty(CXCursor cls);
char dev_method_self(emitter *e, CXCursor def, CXCursor obj);
CXCursor dev_call_object(CXCursor call);
void dev_print_expr(emitter *e, CXCursor c);
void dev_print_int_value(emitter *e, CXCursor c);
char *dev_arg_text(emitter *e, CXCursor a);

#endif
