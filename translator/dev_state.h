/*
 * dev_state: the bottom layer of the device emitter, which prints CUDA
 * device code as OpenCL C (emit_device.h is its public side). It owns the
 * emitter's state, the reporting of diagnostics (dev_report, and the
 * comments of those reported before printing: dev_print_sites), appending
 * to the output (dev_emit) and the cursor helpers every layer uses. It calls
 * nothing of the device emitter; every other layer may call it.
 *
 * The layers, each calling only those listed before it (scripts/layers.sh
 * checks it, docs/design.md describes it):
 *
 *  0 dev_state      state, dev_report, dev_print_sites, dev_emit, cursor
 *                   helpers
 *  1 dev_literal    literals, integer constants by value
 *  2 dev_cg         cooperative groups: group types, their calls as OpenCL C
 *  3 dev_builtin    CUDA built-ins: rule rows, which ones are collective
 *  4 dev_class      classes: bases, polymorphism, type tags, overriders,
 *                   what default initialization does
 *  5 dev_lambda     lambdas: what each field of a closure captures
 *  6 dev_types      names, types, records
 *  7 dev_kernarg    struct kernel-parameter mirrors (structs holding pointers)
 *  8 dev_uses       symbols; what each function uses (implicit parameters)
 *  9 dev_index      uniform values, affine indices, threadIdx.x ranges
 *    dev_table      indices as a thread's own row or column of a table
 *                   (above dev_index)
 * 10 dev_sync       implicit warp synchrony: where barriers must be added
 * 11 dev_space      variables, address spaces, per-function analysis, the
 *                   work list of clones
 * 12 dev_pred       what differs between work-items; collectives in code
 * 13 dev_check      warp portability checks
 * 14 dev_expr       expressions
 * 15 dev_rulecall   calls of built-ins through the rules (hooked into
 *                   dev_expr)
 * 16 dev_object     constructors' member initialization, virtual calls and
 *                   their dispatchers (hooked into dev_expr)
 * 17 dev_alloc      new and delete on the device heap (hooked into dev_expr)
 * 18 dev_special    statements lowered specially: device assert, inline PTX
 * 19 dev_stmt       statements as CUDA writes them
 * 20 dev_pred_stmt  statements under a predicate (hooks into dev_stmt)
 * 21 dev_func       one function: signature, prologue, body
 * 22 emit_device    entry points: the work list loop, the .cl file, kernels
 *
 * Only these files include the dev_*.h headers; what they share has the
 * dev_ prefix, everything else in them is static.
 *
 * One emitter lives for one call of cu2cl_emit_device. Work list: kernels
 * are queued first; printing a call to a user device function queues that
 * function for the address spaces of the call's pointer arguments
 * ("clone"; for a function with collectives, also for which arguments are
 * the same in every work-item), and the loop prints clones until the
 * queue is empty.
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
#ifndef CU2CL_DEV_STATE_H
#define CU2CL_DEV_STATE_H

#include "cx.h"
#include "diag.h"
#include "util.h"

struct cu2cl_device_opts; /* emit_device.h */
struct dev_stmt_hooks;    /* dev_stmt.h */
struct dev_closure;       /* dev_lambda.h */

/* Variable flags. V_CAPTURE: a variable a lambda captured, read in its
 * operator() through the closure (self.cap_x, dev_lambda). V_HOISTED: a
 * scalar local whose every assignment is a statement of its own with a
 * pure value (dev_pred): in predicated code they run in every work-item,
 * so a counter declared inside a varying branch (`unsigned done = 0; while
 * (done < n) { ...; done += 4; __syncthreads(); }`) stays uniform. */
enum { V_DEREF = 1, V_POINTER = 2, V_ARRAY = 4, V_CAPTURE = 8, V_HOISTED = 16 };

typedef struct var_entry {
  cx_key key; /* the declaration */
  char space; /* pointee space for pointers, storage space otherwise */
  char inner; /* a pointer to a pointer (T **p): where *p points; 0 when
                 unknown (then as space) */
  unsigned flags;
  int varying; /* may differ between the work-items of a group (dev_pred) */
  int read_uniform; /* read as uniform in this round of dev_mark_varying */
  int depth; /* V_HOISTED: the varying conditions around its declaration */
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
  char self;      /* methods: 'S' object by value, 'N' no object (a class
                     without data members), else the space self points into;
                     0 for plain functions */
  int predicated; /* runs in every work-item; its effects are guarded by
                     its first parameter, bool cu2cl_active */
  int dispatch;   /* a virtual method's dispatcher (dev_object): a switch
                     over the object's type tag to the final overriders */
  char *uniform;  /* NULL, or one char per parameter: 'u' where every call
                     this clone serves passes the same value in every
                     work-item (a collective's loop bound), else 'v' */
  int emitted;    /* printed (emit_device's work list) */
} fn_clone;

typedef struct symbol {
  char *usr;
  char *name;      /* in the .cl file */
  char *host_name; /* in host code: "mask<float>" for a variable template */
  char space; /* 'c' __constant__, 'g' __device__, 'l' __shared__ of a device
                 function */
  int is_array;
  CXCursor decl;
  /* declared only by another unit (separate compilation: a function
   * defined there uses it); host code declares it extern (emit_device) */
  int elsewhere;
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
  int reads_tid;  /* reads threadIdx itself (dev_pred): -1 not known yet */
  int devrt;      /* takes cu2clrt's device runtime block (cu2cl_devrt):
                     device assert, clock fallback, heap, grid sync */
  int grid;       /* synchronizes the grid (cooperative groups), itself or
                     in a callee: its launches must be co-resident */
  int active;     /* makes the group of the lanes that reach a call
                     (coalesced_threads), itself or in a callee */
  unsigned char *syms; /* one flag per symbol (grows) */
  size_t nsyms;
} fn_uses;

/* A barrier dev_sync adds where CUDA code relied on a warp's lockstep:
 * before the statement, or (split) between the reads of an assignment and
 * its store. The statement is identified by its extent. */
typedef struct sync_point {
  CXCursor stmt;
  int split;
  unsigned fence; /* 1 local memory, 2 global memory */
} sync_point;

/* A diagnostic's comment waiting for its statement (emitter.sites). */
typedef struct site_note {
  char *file;
  unsigned line;
  char *text; /* the comment's text, without its markers */
  int done;
} site_note;

struct emitter;
/* Printers of calls of CUDA's built-ins (dev_rulecall.h: rows, class
 * members by name, cooperative groups), which the expression printer calls
 * through e->call_hooks. */
struct dev_call_hooks {
  void (*builtin)(struct emitter *e, CXCursor call, CXCursor callee,
                  CXCursor *args, unsigned nargs);
  int (*cg)(struct emitter *e, CXCursor call, CXCursor callee, CXCursor obj,
            CXCursor *args, unsigned nargs);
  int (*member)(struct emitter *e, CXCursor call, CXCursor member,
                CXCursor *args, unsigned nargs);
  int (*method)(struct emitter *e, CXCursor call, CXCursor def, CXCursor obj,
                CXCursor *args, unsigned nargs);
};

typedef struct emitter {
  CXTranslationUnit tu;
  cu2cl_diag_engine *diags;
  const struct cu2cl_device_opts *opts;
  /* from opts: definitions in other units (dev_definition) */
  CXCursor (*find_definition)(void *ctx, CXCursor decl);
  void *find_ctx;
  /* dev_pred_stmt's hooks into the statement printer (dev_stmt.h); NULL
   * prints CUDA's control flow as it is */
  const struct dev_stmt_hooks *stmt_hooks;
  /* dev_alloc's printer of new and delete (dev_alloc.h), called by the
   * expression printer; NULL reports them */
  void (*alloc_hook)(struct emitter *e, CXCursor c);
  /* the statement printer's block (dev_stmt.h), for GNU statement
   * expressions, ({ int t = x; t * t; }), which OpenCL C's compilers (clang)
   * take as C does; NULL reports them */
  void (*block_hook)(struct emitter *e, CXCursor compound);
  /* dev_rulecall's printers of calls of built-ins (dev_rulecall.h), called
   * by the expression printer */
  const struct dev_call_hooks *call_hooks;
  /* dev_object's printer of a virtual call (obj->f(args) through a pointer
   * or reference), called by the expression printer; NULL reports it */
  void (*virtual_hook)(struct emitter *e, CXCursor call, CXCursor def,
                       CXCursor obj, CXCursor *args, unsigned nargs);
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
  CXCursor site;  /* the statement being printed, for diagnostics */
  int quiet;      /* analysing a callee: no diagnostics */
  int in_builtin; /* printing the arguments of a built-in's rule */
  /* the #pragma unroll lines of a for loop whose declarations go before
   * it (dev_print_for): printed right before its header */
  char *loop_pragmas;
  /* Predication (see dev_pred.c): the predicate of the statements being
   * printed (NULL: none), the predicate passed to collective user functions
   * called from the expression being printed, a counter for fresh names,
   * and expressions printed as names (hoisted collective calls). */
  const char *pred;
  /* printing the PTX path's copy of a predicated statement: CUDA's own
   * control flow, nothing predicated (dev_pred_stmt.c, print_dual_*) */
  int plain;
  int plain_quiet; /* quiet as it was before the PTX copy */
  const char *call_pred;
  /* Inside a loop dev_pred_stmt predicates: what its break and continue
   * become (assignments to the loop's flags; NULL: as written), cleared by
   * dev_stmt for the loops and switches nested in it, and the loop's live
   * flag, which guards its statements with the branch predicates taken
   * inside it (a break leaves the rest of the iteration) */
  const char *break_as, *continue_as, *live;
  int queue_pred;
  int queue_dispatch; /* dev_queue_function queues a dispatcher */
  const char *queue_uniform; /* the clone's uniform parameters (fn_clone) */
  /* polymorphic classes whose objects device code may create: those the
   * translation unit constructs (dev_uses scans it once) and those whose
   * constructors were printed; a dispatcher switches over their tags */
  CXType *vclasses;
  size_t nvclasses;
  int vclasses_scanned;
  unsigned fresh;
  strvec checked;     /* functions already checked by dev_check.c */
  int check_geometry; /* the function checked uses warp operations */
  CXCursor *guarded;  /* shifts made safe by a test of their count */
  size_t nguarded;
  CXCursor *subst;
  char **subst_names;
  size_t nsubst;
  /* dev_sync: the barriers to add, and the functions analysed */
  sync_point *syncs;
  size_t nsyncs;
  strvec synced;
  /* locals the function being printed needs for objects C++ creates as
   * temporaries (a method called on one: `T(x).f()`), declared at its
   * top by dev_func */
  strbuf temps;
  /* address spaces of reference members, learnt from the constructors
   * that bind them: "Record_field" names and their spaces (dev_types
   * prints the member's space as a macro, emit_device defines it) */
  strvec ref_members;
  char *ref_spaces;
  /* diagnostics reported while out was NULL (the checks' pre-pass, quiet
   * reports), waiting to be left as comments where their statement is
   * printed (dev_print_sites); done marks those printed in the function
   * sites_fn names (each clone of a function gets them) */
  site_note *sites;
  size_t nsites;
  char *sites_fn;
  /* the closures of lambdas looked at (dev_lambda), each allocated once */
  struct dev_closure **closures;
  size_t nclosures;
  /* cg::reduce's helpers for the program's own operators (dev_rulecall):
   * "group|type|call|object type" keys, the helper's number their index */
  strvec reduce_helpers;
} emitter;

/* Releases what the emitter holds (not the strbufs handed out). */
void dev_state_free(emitter *e);

/* Reports a diagnostic at `at`; while e->out is set, also leaves it there
 * as a comment. */
void dev_report(emitter *e, CXCursor at, cu2cl_diag_id id, ...);
/* dev_report with e->out set aside: recorded, no comment in the output. */
void dev_report_quiet(emitter *e, CXCursor at, cu2cl_diag_id id, ...);

void dev_emit(emitter *e, const char *s); /* appends s to e->out */

/* Leaves before statement s, when the output is at the start of a line,
 * the comments of the diagnostics reported while out was NULL whose line
 * lies in the function being printed, at or above s's first line, or
 * within s when s is a simple statement (no block, branch or loop) or
 * `whole` is set: at their site, or at the first statement after it. */
void dev_print_sites(emitter *e, CXCursor s, int whole);

/* ---- cursor helpers -------------------------------------------------- */

/* The first and last child of c; a null cursor when it has none. */
CXCursor dev_first_child(CXCursor c);
CXCursor dev_last_child(CXCursor c);
/* *out (the caller frees it) receives the arguments; returns their count. */
unsigned dev_call_args(CXCursor call, CXCursor **out);
/* 1 for a statement holding other statements (a block, if, loop, switch,
 * case, label): an expression directly below one is a statement. */
int dev_holds_statements(CXCursor s);
/* The body (CompoundStmt) of a function; a null cursor when none. */
CXCursor dev_function_body(CXCursor fn);
/* The definition of c, as clang_getCursorDefinition; for a function with
 * external linkage that this unit only declares, its definition in another
 * unit of the project (e->find_definition), whose cursors belong to
 * that unit's translation unit (clang_Cursor_getTranslationUnit). */
CXCursor dev_definition(emitter *e, CXCursor c);
/* 1 when c belongs to another translation unit than the one translated. */
int dev_is_foreign(emitter *e, CXCursor c);
/* The initializer of a VarDecl when it is an expression, else null. */
CXCursor dev_var_init(CXCursor var);

/* The parts of a new-expression: its placement arguments (nplace of them;
 * place is the first), the element count of new T[n] (size; null for a
 * single object) and the initializer (null when there is none: an explicit
 * one, or the implicit call of a default constructor). */
typedef struct dev_new_parts {
  CXCursor place;
  unsigned nplace;
  CXCursor size;
  CXCursor init;
} dev_new_parts;
void dev_new_expr_parts(CXTranslationUnit tu, CXCursor c, dev_new_parts *out);
/* The class's destructor with a body (its definition), or a null cursor
 * when it has none or it does nothing the compiler did not write. */
CXCursor dev_class_destructor(CXType cls);

/* Visits the descendants of root (not root) in source order; a node for
 * which match returns nonzero is collected and its own descendants are
 * skipped. Stops after max matches (0: no limit). *found (NULL: count
 * only; else the caller frees it) receives the matches; returns their
 * count. */
typedef int (*dev_match_fn)(CXCursor c, void *ctx);
size_t dev_find(CXCursor root, dev_match_fn match, void *ctx, size_t max,
                CXCursor **found);

#endif
