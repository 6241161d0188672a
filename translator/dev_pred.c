/*
 * dev_pred: which values differ between the work-items of a group.
 *
 * On devices without sub-groups, warp operations are emulated with
 * work-group barriers, so every work-item of the group must reach them:
 * a collective under a condition that differs between work-items
 * ("varying") must run in every work-item with the condition applied to
 * its effects (predication, printed by emit_device). This module decides
 * what is varying. It is conservative: a value is uniform when it is built
 * only from constants, kernel parameters, blockIdx/blockDim/gridDim,
 * warpSize, uniform variables and memory read at uniform addresses; a
 * variable is varying when any assignment to it is varying or happens under
 * a varying condition, unless it is __shared__ (one location for the
 * whole group). Parameters of device functions are varying (callers
 * differ); threadIdx, warp-operation results and calls of functions that
 * read threadIdx are varying.
 *
 * Layer 12 of the device emitter (dev_state.h): calls dev_state, dev_cg,
 * dev_builtin, dev_uses, dev_sync, dev_space.
 */
#include "dev_pred.h"

#include <string.h>

#include "dev_builtin.h"
#include "dev_cg.h"
#include "dev_space.h"
#include "dev_sync.h"
#include "dev_uses.h"

static int is_thread_index(CXCursor member) {
  CXCursor base = cx_strip_implicit(dev_first_child(member));
  if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
    return 0;
  CXCursor d = clang_getCursorReferenced(base);
  if (!cx_in_system_header(d))
    return 0;
  char *n = cx_spelling(d);
  int r = !strcmp(n, "threadIdx");
  free(n);
  return r;
}

static int reads_thread_index(CXCursor c, void *ctx) {
  (void)ctx;
  return clang_getCursorKind(c) == CXCursor_MemberRefExpr && is_thread_index(c);
}

/* A user function whose result may differ per work-item with the same
 * arguments: it reads threadIdx (one level deep; deeper calls are
 * conservatively assumed to). */
static int function_reads_tid(CXCursor def) {
  return dev_find(def, reads_thread_index, NULL, 1, NULL) > 0;
}

static int children_varying(emitter *e, CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int v = 0;
  for (unsigned i = 0; i < n && !v; i++)
    v = dev_is_varying(e, kids[i]);
  free(kids);
  return v;
}

static int call_varying(emitter *e, CXCursor c) {
  CXCursor callee = clang_getCursorReferenced(c);
  CXCursor def = dev_definition(e, callee);
  int scratch;
  if (clang_Cursor_isNull(def) || cx_in_system_header(callee)) {
    if (dev_builtin_is_collective(callee, &scratch) ||
        dev_cg_is_varying(callee))
      return 1; /* lane-dependent results */
    return children_varying(e, c);
  }
  fn_uses *u = dev_uses_of(e, def);
  if (u && u->reads_tid < 0)
    u->reads_tid = function_reads_tid(def);
  if (u ? u->reads_tid : function_reads_tid(def))
    return 1;
  if (u && u->collective)
    return 1;
  return children_varying(e, c);
}

int dev_is_varying(emitter *e, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_CXXBoolLiteralExpr:
  case CXCursor_CXXNullPtrLiteralExpr:
  case CXCursor_UnaryExpr: /* sizeof */
    return 0;
  case CXCursor_MemberRefExpr:
    if (is_thread_index(c))
      return 1;
    return children_varying(e, c);
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind k = clang_getCursorKind(d);
    if (k == CXCursor_EnumConstantDecl || k == CXCursor_FunctionDecl ||
        k == CXCursor_NonTypeTemplateParameter)
      return 0;
    if (k == CXCursor_VarDecl && cx_in_system_header(d))
      return 0; /* warpSize, blockIdx, ... (threadIdx via MemberRefExpr) */
    symbol *s = dev_symbol_of(e, d);
    if (s)
      return s->space != 'c';
    var_entry *v = dev_var_find(e, d);
    if (v) {
      v->read_uniform |= !v->varying;
      return v->varying;
    }
    if (k == CXCursor_VarDecl)
      return 0; /* a host constant */
    /* a substituted template argument and the like: its value */
    return children_varying(e, c);
  }
  case CXCursor_CallExpr:
    return call_varying(e, c);
  default:
    return children_varying(e, c);
  }
}

/* ---- counters of predicated regions (V_HOISTED) ------------------------
 * A scalar local whose value is computed the same way in every work-item
 * can have its assignments run in every work-item of a predicated region:
 * declared inside the region, nothing outside reads it, and the work-items
 * the predicate leaves out then count along with the others. Candidates
 * are checked once per function: every assignment is an expression
 * statement of its own (or a for header's part) with a pure value, the
 * variable is never addressed, bound to a reference or assigned in a
 * lambda (one may read it), and no jump (break, continue, return, goto)
 * lies in its scope. The varying analysis then keeps the flag while every
 * assignment is under no more varying conditions than the declaration. */

/* Built only from literals, variables and the built-in geometry, without
 * calls or memory reads: the same in any work-item that has the same
 * variables, and safe to evaluate in one the predicate leaves out. */
static int is_pure(CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_CXXBoolLiteralExpr:
  case CXCursor_UnaryExpr: /* sizeof */
    return 1;
  case CXCursor_DeclRefExpr: {
    enum CXCursorKind k = clang_getCursorKind(clang_getCursorReferenced(c));
    return k == CXCursor_VarDecl || k == CXCursor_ParmDecl ||
           k == CXCursor_EnumConstantDecl ||
           k == CXCursor_NonTypeTemplateParameter;
  }
  case CXCursor_MemberRefExpr: { /* blockDim.x, gridDim.x, blockIdx.x */
    CXCursor base = cx_strip_implicit(dev_first_child(c));
    CXCursor d = clang_getCursorReferenced(base);
    return clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
           cx_in_system_header(d) && !is_thread_index(c);
  }
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    if (op != CXUnaryOperator_Plus && op != CXUnaryOperator_Minus &&
        op != CXUnaryOperator_Not && op != CXUnaryOperator_LNot)
      return 0;
    break;
  }
  case CXCursor_BinaryOperator:
    if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign ||
        clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Comma)
      return 0;
    break;
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr: /* implicit conversions */
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXFunctionalCastExpr:
  case CXCursor_ConditionalOperator:
    break;
  default:
    return 0;
  }
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int pure = 1;
  for (unsigned i = 0; i < n && pure; i++)
    pure = clang_isExpression(clang_getCursorKind(kids[i])) && is_pure(kids[i]);
  free(kids);
  return pure;
}

/* The assignment's target variable, when c assigns one (=, op=, ++, --). */
static CXCursor assigned_var(CXCursor c, int *is_unary) {
  enum CXCursorKind k = clang_getCursorKind(c);
  *is_unary = 0;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    if (op != CXUnaryOperator_PreInc && op != CXUnaryOperator_PreDec &&
        op != CXUnaryOperator_PostInc && op != CXUnaryOperator_PostDec)
      return clang_getNullCursor();
    *is_unary = 1;
  } else if (k != CXCursor_CompoundAssignOperator &&
             !(k == CXCursor_BinaryOperator &&
               clang_getCursorBinaryOperatorKind(c) ==
                   CXBinaryOperator_Assign)) {
    return clang_getNullCursor();
  }
  CXCursor t = cx_strip_implicit(dev_first_child(c));
  return clang_getCursorKind(t) == CXCursor_DeclRefExpr
             ? clang_getCursorReferenced(t)
             : clang_getNullCursor();
}

typedef struct hoist_scan {
  CXCursor var;
  CXCursor scope; /* the block that declares it, once seen */
  CXCursor blocks[64];
  int nblocks, lambdas, ok;
} hoist_scan;

static int in_scope(const hoist_scan *h) {
  for (int i = 0; i < h->nblocks && !clang_Cursor_isNull(h->scope); i++)
    if (clang_equalCursors(h->blocks[i], h->scope))
      return 1;
  return 0;
}

static enum CXChildVisitResult hoist_visit(CXCursor c, CXCursor parent,
                                           CXClientData d) {
  hoist_scan *h = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CompoundStmt || k == CXCursor_LambdaExpr) {
    int block = k == CXCursor_CompoundStmt && h->nblocks < 64;
    if (block)
      h->blocks[h->nblocks++] = c;
    h->lambdas += k == CXCursor_LambdaExpr;
    clang_visitChildren(c, hoist_visit, h);
    h->lambdas -= k == CXCursor_LambdaExpr;
    h->nblocks -= block;
    return h->ok ? CXChildVisit_Continue : CXChildVisit_Break;
  }
  if (k == CXCursor_VarDecl && clang_equalCursors(c, h->var)) {
    CXCursor init = dev_var_init(c);
    h->scope = h->nblocks ? h->blocks[h->nblocks - 1] : clang_getNullCursor();
    h->ok &= !clang_Cursor_isNull(h->scope) &&
             (clang_Cursor_isNull(init) || is_pure(init));
  } else if ((k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt ||
              k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
              k == CXCursor_IndirectGotoStmt) &&
             in_scope(h)) {
    h->ok = 0;
  } else if (k == CXCursor_DeclRefExpr &&
             clang_equalCursors(clang_getCursorReferenced(c), h->var)) {
    enum CXCursorKind pk = clang_getCursorKind(parent);
    h->ok &=
        pk != CXCursor_CallExpr && /* a reference binds it */
        !(pk == CXCursor_UnaryOperator &&
          clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_AddrOf);
  } else {
    int unary;
    CXCursor t = assigned_var(c, &unary);
    if (!clang_Cursor_isNull(t) && clang_equalCursors(t, h->var))
      h->ok &= !h->lambdas && dev_holds_statements(parent) &&
               (unary || is_pure(dev_last_child(c)));
  }
  return h->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static int is_scalar_local(CXCursor v) {
  if (clang_getCursorKind(v) != CXCursor_VarDecl ||
      clang_Cursor_getStorageClass(v) != CX_SC_None ||
      (cx_cuda_attrs(v) & (CX_SHARED | CX_DEVICE | CX_CONSTANT)))
    return 0;
  CXType t = clang_getCanonicalType(clang_getCursorType(v));
  return (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) ||
         t.kind == CXType_Enum;
}

static int is_local_var(CXCursor c, void *ctx) {
  (void)ctx;
  return is_scalar_local(c);
}

/* Flags the function's counters V_HOISTED (depth unknown until the
 * varying walk meets the declaration). */
static void find_counters(emitter *e, CXCursor body) {
  CXCursor *vars;
  size_t n = dev_find(body, is_local_var, NULL, 0, &vars);
  for (size_t i = 0; i < n; i++) {
    var_entry *v = dev_var_find(e, vars[i]);
    if (!v || (v->flags & V_HOISTED))
      continue;
    hoist_scan h = {.var = vars[i], .ok = 1};
    h.blocks[h.nblocks++] = body; /* the function's own block */
    clang_visitChildren(body, hoist_visit, &h);
    if (h.ok && !clang_Cursor_isNull(h.scope)) {
      v->flags |= V_HOISTED;
      v->depth = 0;
    }
  }
  free(vars);
}

/* ---- variables: a fixed point over the function body ---------------- */

typedef struct vary_walk {
  emitter *e;
  int changed;
} vary_walk;

/* Marks var varying. Another round is needed only when this round has
 * read it as uniform before: what was read after saw the final value, and
 * varying never turns back. */
static void mark(vary_walk *w, CXCursor var) {
  var_entry *v = dev_var_find(w->e, var);
  if (v && !(v->flags & V_POINTER) && v->space == 'l')
    return; /* a __shared__ variable: one location that the whole group
               reads; what it holds after a barrier is the same in every
               work-item of race-free code */
  if (v && !v->varying) {
    v->varying = 1;
    w->changed |= v->read_uniform;
  }
}

static void walk(vary_walk *w, CXCursor c, int varying_ctx);

static enum CXChildVisitResult walk_child(CXCursor c, CXCursor p,
                                          CXClientData d) {
  vary_walk *w = ((void **)d)[0];
  (void)p;
  int ctx = *(int *)((void **)d)[1];
  walk(w, c, ctx);
  return CXChildVisit_Continue;
}

static void walk_children(vary_walk *w, CXCursor c, int ctx) {
  void *pass[2] = {w, &ctx};
  clang_visitChildren(c, walk_child, pass);
}

/* The condition of if/while/for/do/switch, or a null cursor. */
static CXCursor condition_of(CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  CXCursor r = clang_getNullCursor();
  switch (clang_getCursorKind(s)) {
  case CXCursor_IfStmt:
  case CXCursor_WhileStmt:
  case CXCursor_SwitchStmt:
    if (n)
      r = kids[0];
    break;
  case CXCursor_DoStmt:
    if (n > 1)
      r = kids[1];
    break;
  case CXCursor_ForStmt: /* whichever child is the condition is varying
                            if any of them is: conservative */
    for (unsigned i = 0; i + 1 < n && clang_Cursor_isNull(r); i++)
      if (clang_isExpression(clang_getCursorKind(kids[i])))
        r = kids[i];
    break;
  default:
    break;
  }
  free(kids);
  return r;
}

/* Whether an assignment to var under ctx varying conditions makes it
 * vary by where it happens: for a counter (V_HOISTED), only under more of
 * them than its declaration (then it is a counter no longer). */
static int varies_by_context(vary_walk *w, CXCursor var, int ctx) {
  var_entry *v = dev_var_find(w->e, var);
  if (!v || !(v->flags & V_HOISTED))
    return ctx > 0;
  if (ctx <= v->depth)
    return 0;
  v->flags &= ~(unsigned)V_HOISTED;
  return 1;
}

static void walk(vary_walk *w, CXCursor c, int ctx) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl) {
    CXCursor init = dev_var_init(c);
    var_entry *v = dev_var_find(w->e, c);
    /* a block's or a tile's handle is initialized in every work-item
     * (dev_pred_stmt), so only its value can vary */
    if (ctx && dev_cg_is_block_handle(clang_getCursorType(c)))
      ctx = 0;
    if (v && (v->flags & V_HOISTED))
      v->depth = ctx; /* a counter's region: its declaration's */
    else if (ctx)
      mark(w, c);
    if (!clang_Cursor_isNull(init) && dev_is_varying(w->e, init))
      mark(w, c);
  } else if (k == CXCursor_BinaryOperator ||
             k == CXCursor_CompoundAssignOperator ||
             k == CXCursor_UnaryOperator) {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    int assigns =
        k == CXCursor_CompoundAssignOperator ||
        (k == CXCursor_BinaryOperator &&
         clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign);
    CXCursor target = n ? cx_strip_implicit(kids[0]) : clang_getNullCursor();
    CXCursor var = clang_getCursorReferenced(target);
    if (assigns && n == 2 &&
        clang_getCursorKind(target) == CXCursor_DeclRefExpr &&
        (varies_by_context(w, var, ctx) || dev_is_varying(w->e, kids[1])))
      mark(w, var);
    if (k == CXCursor_UnaryOperator && ctx && n == 1 &&
        clang_getCursorKind(target) == CXCursor_DeclRefExpr &&
        varies_by_context(w, var, ctx))
      mark(w, var);
    free(kids);
  }
  if (k == CXCursor_ForStmt) {
    /* The header of a loop runs in every work-item once predicated, so
     * its assignments vary only through their values (a loop counter
     * halved from a tile size is uniform inside any branch). */
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    int header_varying = 0;
    for (unsigned i = 0; i + 1 < n; i++) {
      walk(w, kids[i], 0);
      header_varying |= dev_is_varying(w->e, kids[i]);
    }
    if (n)
      walk(w, kids[n - 1], ctx + header_varying);
    free(kids);
    return;
  }
  CXCursor cond = condition_of(c);
  if (!clang_Cursor_isNull(cond) && dev_is_varying(w->e, cond))
    ctx++; /* assignments under a varying condition vary */
  walk_children(w, c, ctx);
}

void dev_mark_varying(emitter *e, CXCursor fn, int is_kernel,
                      const char *uniform) {
  int n = clang_Cursor_getNumArguments(fn);
  for (int i = 0; i < n && !is_kernel; i++) {
    if (uniform && uniform[i] == 'u')
      continue; /* every call passes one value to the whole group */
    var_entry *v = dev_var_find(e, clang_Cursor_getArgument(fn, (unsigned)i));
    if (v)
      v->varying = 1;
  }
  CXCursor body = dev_function_body(fn);
  if (clang_Cursor_isNull(body))
    return;
  find_counters(e, body);
  vary_walk w = {e, 1};
  for (int round = 0; w.changed && round < 16; round++) {
    w.changed = 0;
    for (size_t i = 0; i < e->nvars; i++)
      e->vars[i].read_uniform = 0;
    walk(&w, body, 0);
  }
}

/* ---- collectives in statements -------------------------------------- */

static int is_collective_call(CXCursor c, void *e) {
  return clang_getCursorKind(c) == CXCursor_CallExpr &&
         dev_call_is_collective(e, c);
}

size_t dev_find_collectives(emitter *e, CXCursor s, size_t max,
                            CXCursor **found) {
  return dev_find(s, is_collective_call, e, max, found);
}

int dev_has_collective(emitter *e, CXCursor s) {
  if (clang_Cursor_isNull(s))
    return 0;
  if (is_collective_call(s, e) || dev_sync_within(e, s))
    return 1; /* barriers dev_sync adds are collectives too */
  return dev_find_collectives(e, s, 1, NULL) > 0;
}

/* ---- loops whose work-items may leave at different iterations --------- */

/* A collective that needs the warp scratch (a shuffle, vote, tile or
 * function taking it): present in every function that holds one. The
 * __syncthreads family is left out: CUDA requires the whole block to reach
 * those, so a loop around them has one trip count for the block. */
static int is_lane_collective_call(CXCursor c, void *ctx) {
  emitter *e = ctx;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return 0;
  CXCursor callee = clang_getCursorReferenced(c);
  CXCursor def = dev_definition(e, callee);
  if (clang_Cursor_isNull(def) || cx_in_system_header(callee)) {
    int scratch;
    char *n = cx_spelling(callee);
    int block = str_starts_with(n, "__syncthreads");
    free(n);
    return dev_builtin_is_collective(callee, &scratch) && scratch && !block;
  }
  if (!dev_is_user_function(def))
    return 0;
  fn_uses *u = dev_uses_of(e, def);
  return u && u->warp;
}

int dev_has_lane_collective(emitter *e, CXCursor s) {
  return !clang_Cursor_isNull(s) &&
         (is_lane_collective_call(s, e) ||
          dev_find(s, is_lane_collective_call, e, 1, NULL) > 0);
}

typedef struct {
  emitter *e;
  int loops, switches; /* nested below the loop's body */
  int varying;         /* varying conditions around the statement */
  unsigned found;
} jump_walk;

static enum CXChildVisitResult jump_visit(CXCursor c, CXCursor parent,
                                          CXClientData d) {
  (void)parent;
  jump_walk *w = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  unsigned here = 0;
  if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
      k == CXCursor_IndirectGotoStmt)
    here = DEV_JUMP_LEAVES;
  else if (k == CXCursor_BreakStmt && !w->loops && !w->switches)
    here = DEV_JUMP_BREAK;
  else if (k == CXCursor_ContinueStmt && !w->loops)
    here = DEV_JUMP_CONTINUE;
  if (here) {
    w->found |= here | (w->varying ? DEV_JUMP_VARYING : 0);
    return CXChildVisit_Continue;
  }
  if (k == CXCursor_LambdaExpr || clang_isExpression(k))
    return CXChildVisit_Continue;
  int loop =
      k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
  int sw = k == CXCursor_SwitchStmt;
  int cond = 0;
  if (k == CXCursor_IfStmt || sw || loop) {
    /* the condition (and a for's other parts): varying when any is */
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    for (unsigned i = 0; i < n; i++)
      if (clang_isExpression(clang_getCursorKind(kids[i])) ||
          clang_getCursorKind(kids[i]) == CXCursor_DeclStmt)
        cond |= dev_is_varying(w->e, kids[i]);
    free(kids);
  }
  w->loops += loop;
  w->switches += sw;
  w->varying += cond;
  clang_visitChildren(c, jump_visit, w);
  w->loops -= loop;
  w->switches -= sw;
  w->varying -= cond;
  return CXChildVisit_Continue;
}

unsigned dev_loop_jumps(emitter *e, CXCursor body) {
  jump_walk w = {e, 0, 0, 0, 0};
  jump_visit(body, body, &w);
  return w.found;
}
