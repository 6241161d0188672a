/*
 * dev_check: portability checks of warp-level code (CU2CL3004-3011).
 *
 * These look for the CUDA habits that break on devices whose warps are not
 * NVIDIA's 32 lockstep lanes (seed 001, DESIGN.md): masks other than the
 * full warp or computed at run time, __activemask(), lane and warp numbers
 * computed with literal 32/31/5 from thread indices, shifts by warpSize - x
 * (undefined when x is 0), and ballots used as 64-bit values. A converged
 * full-warp reduction (offsets 16..1, the full mask) raises nothing. Each
 * function is checked once, whatever number of clones it is printed as.
 *
 * A warp collective with the full mask (or a computed one) under a
 * condition on the lane is undefined in CUDA: dev_check_divergent warns
 * where predication (dev_pred_stmt) meets one (CU2CL3014). coalesced_threads()
 * is exact where the lanes that reach it are those whose predicate holds;
 * in a loop whose trip count differs between threads, a switch on a
 * varying value or a conditional operand, it is reported (CU2CL3015).
 *
 * Layer 13 of the device emitter (dev_state.h): calls dev_state, dev_cg,
 * dev_uses, dev_pred.
 */
#include "dev_check.h"

#include <string.h>

#include "dev_cg.h"
#include "dev_pred.h"
#include "dev_uses.h"

static int is_builtin_call(CXCursor call, const char *prefix, char **name) {
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor def = clang_getCursorDefinition(callee);
  if (!clang_Cursor_isNull(def) && !cx_in_system_header(callee))
    return 0;
  *name = cx_spelling(callee);
  if (str_starts_with(*name, prefix))
    return 1;
  free(*name);
  *name = NULL;
  return 0;
}

static CXCursor strip(CXCursor c) {
  for (;;) {
    c = cx_strip_implicit(c);
    if (clang_getCursorKind(c) != CXCursor_ParenExpr)
      return c;
    c = dev_first_child(c);
  }
}

static int mentions_thread_index(CXCursor c, int depth);

/* threadIdx.x, or (depth > 0) a variable initialized from it. */
static int is_thread_index_use(CXCursor c, void *ctx) {
  int depth = *(int *)ctx;
  enum CXCursorKind k = clang_getCursorKind(c);
  int r = 0;
  if (k == CXCursor_MemberRefExpr) {
    CXCursor base = cx_strip_implicit(dev_first_child(c));
    if (clang_getCursorKind(base) == CXCursor_DeclRefExpr) {
      char *n = cx_spelling(clang_getCursorReferenced(base));
      r = !strcmp(n, "threadIdx");
      free(n);
    }
  } else if (k == CXCursor_DeclRefExpr && depth > 0) {
    CXCursor v = clang_getCursorReferenced(c);
    if (clang_getCursorKind(v) == CXCursor_VarDecl && !cx_in_system_header(v)) {
      CXCursor init = dev_var_init(v);
      if (!clang_Cursor_isNull(init))
        r = mentions_thread_index(init, depth - 1);
    }
  }
  return r;
}

/* The expression uses threadIdx, directly or through variables
 * initialized from it (depth levels deep). */
static int mentions_thread_index(CXCursor c, int depth) {
  return is_thread_index_use(c, &depth) ||
         dev_find(c, is_thread_index_use, &depth, 1, NULL) > 0;
}

static int is_guarded(emitter *e, CXCursor c);

static int is_literal(CXCursor c, long long want) {
  c = strip(c);
  long long v;
  return clang_getCursorKind(c) == CXCursor_IntegerLiteral &&
         cx_eval_int(c, &v, NULL) && v == want;
}

static int is_warp_size(CXCursor c) {
  c = strip(c);
  if (is_literal(c, 32))
    return 1;
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return 0;
  char *n = cx_spelling(clang_getCursorReferenced(c));
  int r = !strcmp(n, "warpSize");
  free(n);
  return r;
}

static void check_mask(emitter *e, CXCursor call, const char *name) {
  CXCursor *args;
  unsigned n = dev_call_args(call, &args);
  if (n) {
    CXCursor m = strip(args[0]);
    long long v;
    char *inner = NULL;
    if (cx_eval_int(m, &v, NULL)) {
      if ((v & 0xffffffffLL) != 0xffffffffLL) {
        char *txt = xasprintf("0x%llx", v & 0xffffffffLL);
        dev_report(e, call, CU2CL_D_MASK_NOT_FULL, name, txt);
        free(txt);
      }
    } else if (clang_getCursorKind(m) == CXCursor_CallExpr &&
               is_builtin_call(m, "__activemask", &inner)) {
      free(inner); /* reported as CU2CL3006 at the __activemask call */
    } else {
      dev_report(e, call, CU2CL_D_MASK_RUNTIME, name);
    }
  }
  free(args);
}

static void check_call(emitter *e, CXCursor c, CXCursor parent) {
  char *name = NULL;
  if (is_builtin_call(c, "__activemask", &name)) {
    dev_report(e, c, CU2CL_D_ACTIVEMASK, name);
  } else if (is_builtin_call(c, "__", &name)) {
    size_t len = strlen(name);
    int sync = len > 5 && !strcmp(name + len - 5, "_sync") &&
               strcmp(name, "__syncthreads");
    if (sync || !strcmp(name, "__syncwarp"))
      check_mask(e, c, name);
    if (str_starts_with(name, "__ballot")) {
      CXType pt = clang_getCanonicalType(clang_getCursorType(parent));
      if (clang_getCursorKind(parent) == CXCursor_UnexposedExpr &&
          (pt.kind == CXType_ULongLong || pt.kind == CXType_LongLong ||
           pt.kind == CXType_ULong || pt.kind == CXType_Long))
        dev_report(e, c, CU2CL_D_BALLOT_64BIT, name);
    }
  }
  free(name);
}

/* The source text of an expression for a message: tokens joined by
 * spaces except around member access. */
static char *expr_text(emitter *e, CXCursor c) {
  char *t = cx_tokens_text(e->tu, c);
  char *out = t;
  for (char *r = t; *r; r++) {
    if (r[0] == ' ' && (r[1] == '.' || (r[-1] == '.' && r > t)))
      continue;
    *out++ = *r;
  }
  *out = 0;
  return t;
}

static void check_operator(emitter *e, CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  if (n != 2) {
    free(kids);
    return;
  }
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  int geometry = ((op == CXBinaryOperator_Rem || op == CXBinaryOperator_Div) &&
                  is_literal(kids[1], 32)) ||
                 (op == CXBinaryOperator_And && is_literal(kids[1], 31)) ||
                 (op == CXBinaryOperator_Shr && is_literal(kids[1], 5));
  if (geometry && e->check_geometry && mentions_thread_index(kids[0], 2)) {
    char *t = expr_text(e, c);
    dev_report(e, c, CU2CL_D_WARP_SIZE_LITERAL, t);
    free(t);
  }
  if ((op == CXBinaryOperator_Shl || op == CXBinaryOperator_Shr) &&
      !is_guarded(e, c)) {
    CXCursor r = strip(kids[1]);
    if (clang_getCursorKind(r) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(r) == CXBinaryOperator_Sub) {
      CXCursor *rk;
      unsigned rn = cx_children(r, &rk);
      long long cv;
      if (rn == 2 && is_warp_size(rk[0]) && !cx_eval_int(rk[1], &cv, NULL)) {
        char *t = expr_text(e, r);
        dev_report(e, c, CU2CL_D_SHIFT_BY_WARP_SIZE, t);
        free(t);
      }
      free(rk);
    }
  }
  free(kids);
}

/* The variable x of "x == 0", "x != 0", "x > 0" (or 0 == x ...); *nonzero
 * tells whether the condition holds when x is not 0. */
static int zero_test(CXCursor cond, CXCursor *var, int *nonzero) {
  cond = strip(cond);
  if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
    return 0;
  CXCursor *k;
  unsigned n = cx_children(cond, &k);
  int ok = 0;
  if (n == 2) {
    int lit0 = is_literal(k[0], 0), lit1 = is_literal(k[1], 0);
    CXCursor other = strip(lit1 ? k[0] : k[1]);
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    if ((lit0 || lit1) && clang_getCursorKind(other) == CXCursor_DeclRefExpr) {
      *var = clang_getCursorReferenced(other);
      ok = 1;
      if (op == CXBinaryOperator_EQ)
        *nonzero = 0;
      else if (op == CXBinaryOperator_NE ||
               (op == CXBinaryOperator_GT && lit1) ||
               (op == CXBinaryOperator_LT && lit0))
        *nonzero = 1;
      else
        ok = 0;
    }
  }
  free(k);
  return ok;
}

typedef struct guard_walk {
  emitter *e;
  CXCursor var;
} guard_walk;

static enum CXChildVisitResult guard_visit(CXCursor c, CXCursor p,
                                           CXClientData d) {
  guard_walk *g = d;
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    CXCursor *k;
    unsigned n = cx_children(c, &k);
    if ((op == CXBinaryOperator_Shl || op == CXBinaryOperator_Shr) && n == 2) {
      CXCursor r = strip(k[1]);
      CXCursor *rk;
      unsigned rn = cx_children(r, &rk);
      if (rn == 2 &&
          clang_getCursorKind(strip(rk[1])) == CXCursor_DeclRefExpr &&
          clang_equalCursors(clang_getCursorReferenced(strip(rk[1])), g->var)) {
        g->e->guarded = xrealloc(g->e->guarded,
                                 (g->e->nguarded + 1) * sizeof *g->e->guarded);
        g->e->guarded[g->e->nguarded++] = c;
      }
      free(rk);
    }
    free(k);
  }
  return CXChildVisit_Recurse;
}

/* x == 0 ? a : b / if (x != 0) a: shifts by warpSize - x in the branch
 * where x is not 0 are safe. */
static void note_guards(emitter *e, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_ConditionalOperator && k != CXCursor_IfStmt)
    return;
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXCursor var;
  int nonzero;
  if (n >= 2 && zero_test(kids[0], &var, &nonzero)) {
    unsigned branch = nonzero ? 1 : 2;
    if (branch < n) {
      guard_walk g = {e, var};
      guard_visit(kids[branch], c, &g);
      clang_visitChildren(kids[branch], guard_visit, &g);
    }
  }
  free(kids);
}

/* Cursors reached along different paths compare unequal with
 * clang_equalCursors; the kind and the extent identify the node. */
static int is_guarded(emitter *e, CXCursor c) {
  for (size_t i = 0; i < e->nguarded; i++)
    if (clang_getCursorKind(e->guarded[i]) == clang_getCursorKind(c) &&
        clang_equalRanges(clang_getCursorExtent(e->guarded[i]),
                          clang_getCursorExtent(c)))
      return 1;
  return 0;
}

static enum CXChildVisitResult check_visit(CXCursor c, CXCursor p,
                                           CXClientData d) {
  emitter *e = d;
  note_guards(e, c);
  switch (clang_getCursorKind(c)) {
  case CXCursor_CallExpr:
    check_call(e, c, p);
    break;
  case CXCursor_BinaryOperator:
    check_operator(e, c);
    break;
  default:
    break;
  }
  return CXChildVisit_Recurse;
}

/* ---- coalesced_threads() where the active lanes are unknown (CU2CL3015) */

/* The call makes a group of the lanes that reach it: coalesced_threads(),
 * or a user function that calls it. */
static int reads_active_lanes(emitter *e, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor def = dev_definition(e, callee);
  if (clang_Cursor_isNull(def) || cx_in_system_header(callee))
    return dev_cg_reads_active_lanes(callee);
  fn_uses *u = dev_uses_of(e, def);
  return u && u->active;
}

static void report_active(emitter *e, CXCursor call, const char *where) {
  CXCursor callee = clang_getCursorReferenced(call);
  char *n = cx_spelling(callee);
  char *what = cx_in_system_header(callee)
                   ? xasprintf("cooperative_groups::%s", n)
                   : xasprintf("%s (which calls coalesced_threads)", n);
  dev_report(e, call, CU2CL_D_ACTIVE_LANES_UNKNOWN, what, where);
  free(what);
  free(n);
}

static void active_walk(emitter *e, CXCursor c, const char *where);

typedef struct active_ctx {
  emitter *e;
  const char *where;
} active_ctx;

static enum CXChildVisitResult active_visit(CXCursor c, CXCursor p,
                                            CXClientData d) {
  (void)p;
  active_ctx *a = d;
  active_walk(a->e, c, a->where);
  return CXChildVisit_Continue;
}

/* Where the children after the first (of a loop: its body) run, given
 * where c runs: NULL where every lane of the warp that reaches c does. */
static const char *inner_where(emitter *e, CXCursor c, CXCursor *kids,
                               unsigned n, const char *where) {
  enum CXCursorKind k = clang_getCursorKind(c);
  int v = 0;
  if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
      k == CXCursor_DoStmt) {
    for (unsigned i = 0; i < n; i++)
      if (clang_isExpression(clang_getCursorKind(kids[i])) ||
          clang_getCursorKind(kids[i]) == CXCursor_DeclStmt)
        v |= dev_is_varying(e, kids[i]);
    return v ? "in a loop whose trip count differs between threads" : where;
  }
  if (k == CXCursor_SwitchStmt && n && dev_is_varying(e, kids[0]))
    return "in a switch on a value that differs between threads";
  int logical =
      k == CXCursor_BinaryOperator &&
      (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd ||
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LOr);
  if ((k == CXCursor_ConditionalOperator || logical) && n &&
      dev_is_varying(e, kids[0]))
    return "in an operand of ?:, && or || that only some threads evaluate";
  return where;
}

static void active_walk(emitter *e, CXCursor c, const char *where) {
  if (clang_getCursorKind(c) == CXCursor_CallExpr && where &&
      reads_active_lanes(e, c)) {
    report_active(e, c, where);
    return;
  }
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  const char *inner = inner_where(e, c, kids, n, where);
  enum CXCursorKind k = clang_getCursorKind(c);
  int loop =
      k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
  for (unsigned i = 0; i < n; i++) {
    /* a loop's header and body run as often as the trip count says; the
     * condition of ?:, && and || and of a switch as often as c */
    active_ctx a = {e, loop || i ? inner : where};
    active_visit(kids[i], c, &a);
  }
  free(kids);
}

void dev_check_warp_code(emitter *e, CXCursor fn) {
  char *usr = cx_usr(fn);
  if (strvec_contains(&e->checked, usr)) {
    free(usr);
    return;
  }
  strvec_push_own(&e->checked, usr);
  /* tid % 32 is ordinary arithmetic in code without warp operations */
  fn_uses *u = dev_uses_of(e, fn);
  e->check_geometry = u && u->warp;
  strbuf *saved = e->out;
  e->out = NULL; /* reported once, not left in every clone */
  clang_visitChildren(fn, check_visit, e);
  if (u && u->active)
    active_walk(e, dev_function_body(fn), NULL);
  e->out = saved;
}

/* ---- collectives under lane-dependent conditions (CU2CL3014) ---------- */

/* Whole groups of width w (a warp, 32, or a tile) share the value. */
static int is_multiple_of(CXCursor c, unsigned w) {
  long long v;
  return cx_eval_int(strip(c), &v, NULL) && v % (long long)w == 0;
}

static int lane_uniform(CXCursor c, int depth, unsigned w);

static int kids_lane_uniform(CXCursor c, int depth, unsigned w) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int r = 1;
  for (unsigned i = 0; i < n && r; i++)
    r = lane_uniform(kids[i], depth, w);
  free(kids);
  return r;
}

/* The same in every lane of a group of w lanes (a warp: 32, or a tile),
 * as far as can be told: threadIdx.x only divided by a multiple of w or
 * compared with one (threadIdx.x < 8 keeps tiles of 8 whole). Unknown
 * values count as uniform (no finding without evidence). */
static int lane_uniform(CXCursor c, int depth, unsigned w) {
  c = strip(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_MemberRefExpr) {
    int d0 = 0;
    if (!is_thread_index_use(c, &d0))
      return kids_lane_uniform(c, depth, w);
    char *m = cx_tokens_text(clang_Cursor_getTranslationUnit(c), c);
    int x = str_ends_with(m, "x"); /* the toolkit's member is a property */
    free(m);
    return !x; /* threadIdx.y and .z: whole warps where blockDim.x is 32 */
  }
  if (k == CXCursor_DeclRefExpr) {
    CXCursor v = clang_getCursorReferenced(c);
    CXCursor init =
        clang_getCursorKind(v) == CXCursor_VarDecl && !cx_in_system_header(v)
            ? dev_var_init(v)
            : clang_getNullCursor();
    return depth <= 0 || clang_Cursor_isNull(init) ||
           lane_uniform(init, depth - 1, w);
  }
  if (k != CXCursor_BinaryOperator)
    return k == CXCursor_CallExpr || kids_lane_uniform(c, depth, w);
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  long long sh;
  int r;
  if (n == 2 &&
      ((op == CXBinaryOperator_Div &&
        (is_multiple_of(kids[1], w) || (w <= 32 && is_warp_size(kids[1])))) ||
       (op == CXBinaryOperator_Shr && cx_eval_int(strip(kids[1]), &sh, NULL) &&
        sh >= 0 && sh < 32 && (1LL << sh) % (long long)w == 0)))
    r = 1;
  else if (n == 2 && op >= CXBinaryOperator_LT && op <= CXBinaryOperator_GE &&
           (is_multiple_of(kids[0], w) || is_multiple_of(kids[1], w)))
    r = 1; /* tid < 64: whole warps */
  else
    r = kids_lane_uniform(c, depth, w);
  free(kids);
  return r;
}

/* The masked warp collectives of a call: the call itself (a built-in) or
 * those of the user function it calls, depth levels deep. */
static int masked_collective(CXCursor c, void *ctx);

typedef struct mask_find {
  int depth;
  CXCursor found; /* the built-in collective */
  const char *mask;
  unsigned width; /* of the group the mask names: 32, or a tile's */
} mask_find;

static int masked_collective(CXCursor c, void *ctx) {
  mask_find *f = ctx;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return 0;
  unsigned tw = dev_cg_tile_width(c);
  if (tw) { /* a tile's collective: all its threads */
    f->found = c;
    f->mask = "the tile's full";
    f->width = tw;
    return 1;
  }
  char *name = NULL;
  f->width = 32;
  if (is_builtin_call(c, "__", &name)) {
    size_t len = strlen(name);
    int masked = ((len > 5 && !strcmp(name + len - 5, "_sync")) ||
                  !strcmp(name, "__syncwarp")) &&
                 !str_starts_with(name, "__syncthreads");
    free(name);
    CXCursor *args;
    unsigned n = dev_call_args(c, &args);
    long long v;
    char *inner = NULL;
    if (masked && n) {
      CXCursor m = strip(args[0]);
      if (cx_eval_int(m, &v, NULL))
        f->mask = (v & 0xffffffffLL) == 0xffffffffLL ? "the full" : NULL;
      else if (clang_getCursorKind(m) == CXCursor_CallExpr &&
               is_builtin_call(m, "__activemask", &inner))
        f->mask = NULL;
      else
        f->mask = "a computed";
      free(inner);
    }
    free(args);
    if (masked && n && f->mask)
      f->found = c;
    return masked && n && f->mask;
  }
  CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
  CXCursor body = dev_function_body(def);
  /* (a toolkit header's body, like a coalesced group's sync on its own
   * lanes, is the library's: its masks are right by construction) */
  if (clang_Cursor_isNull(body) || f->depth <= 0 || cx_in_system_header(def))
    return 0;
  f->depth--;
  int r = dev_find(body, masked_collective, f, 1, NULL) > 0;
  f->depth++;
  return r;
}

static void report_masked(emitter *e, CXCursor call, CXCursor cond,
                          const char *ct) {
  mask_find g = {2, clang_getNullCursor(), NULL, 32};
  if (!masked_collective(call, &g) || lane_uniform(cond, 2, g.width))
    return;
  char *cn = cx_spelling(clang_getCursorReferenced(g.found));
  dev_report_quiet(e, call, CU2CL_D_DIVERGENT_FULL_MASK, cn, g.mask, ct);
  free(cn);
}

void dev_check_divergent(emitter *e, CXCursor cond, CXCursor *region,
                         unsigned n) {
  if (e->quiet || lane_uniform(cond, 2, 32)) /* whole warps: whole tiles */
    return;
  char *ct = expr_text(e, cond);
  for (unsigned i = 0; i < n; i++) {
    CXCursor r = cx_strip_implicit(region[i]);
    if (clang_getCursorKind(r) == CXCursor_CallExpr) {
      report_masked(e, r, cond, ct);
      continue;
    }
    CXCursor *calls;
    mask_find f = {2, clang_getNullCursor(), NULL, 32};
    size_t nc = dev_find(region[i], masked_collective, &f, 0, &calls);
    for (size_t j = 0; j < nc; j++)
      report_masked(e, calls[j], cond, ct);
    free(calls);
  }
  free(ct);
}
