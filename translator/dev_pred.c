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
 * Layer 11 of the device emitter (dev_state.h): calls dev_state, dev_cg,
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

static void walk(vary_walk *w, CXCursor c, int ctx) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl) {
    CXCursor init = dev_var_init(c);
    /* a block's or a tile's handle is initialized in every work-item
     * (dev_pred_stmt), so only its value can vary */
    if (ctx && dev_cg_is_block_handle(clang_getCursorType(c)))
      ctx = 0;
    if (ctx || (!clang_Cursor_isNull(init) && dev_is_varying(w->e, init)))
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
    if (assigns && n == 2 &&
        clang_getCursorKind(cx_strip_implicit(kids[0])) ==
            CXCursor_DeclRefExpr &&
        (ctx || dev_is_varying(w->e, kids[1])))
      mark(w, clang_getCursorReferenced(cx_strip_implicit(kids[0])));
    if (k == CXCursor_UnaryOperator && ctx && n == 1 &&
        clang_getCursorKind(cx_strip_implicit(kids[0])) == CXCursor_DeclRefExpr)
      mark(w, clang_getCursorReferenced(cx_strip_implicit(kids[0])));
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
      walk(w, kids[n - 1], ctx || header_varying);
    free(kids);
    return;
  }
  CXCursor cond = condition_of(c);
  if (!clang_Cursor_isNull(cond) && dev_is_varying(w->e, cond))
    ctx = 1; /* assignments under a varying condition vary */
  walk_children(w, c, ctx);
}

void dev_mark_varying(emitter *e, CXCursor fn, int is_kernel) {
  int n = clang_Cursor_getNumArguments(fn);
  for (int i = 0; i < n && !is_kernel; i++) {
    var_entry *v = dev_var_find(e, clang_Cursor_getArgument(fn, (unsigned)i));
    if (v)
      v->varying = 1;
  }
  CXCursor body = dev_function_body(fn);
  if (clang_Cursor_isNull(body))
    return;
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
