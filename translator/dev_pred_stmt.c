/*
 * dev_pred_stmt: statements under a predicate. On devices without
 * sub-groups warp operations are emulated with work-group barriers, so a
 * collective under a condition that differs between work-items (dev_pred
 * decides) runs in every work-item, with the condition applied to its
 * effects: the branch's statements are printed under a predicate variable
 * (cu2cl_pN), collective calls hoisted into temporaries ahead of the
 * statement that uses them, declarations split from their initialization.
 * NVIDIA's warps run CUDA's control flow as it is, so each predicated
 * statement is printed twice, and the preprocessor keeps one copy per path.
 *
 * The plain printer (dev_stmt) hands over through dev_pred_stmt_hooks,
 * which the entry point installs.
 *
 * Layer 20 of the device emitter (dev_state.h): calls dev_state, dev_cg,
 * dev_types, dev_uses, dev_sync, dev_space, dev_pred, dev_check, dev_expr,
 * dev_stmt.
 */
#include "dev_pred_stmt.h"

#include <string.h>

#include "dev_cg.h"
#include "dev_check.h"
#include "dev_expr.h"
#include "dev_index.h"
#include "dev_pred.h"
#include "dev_space.h"
#include "dev_sync.h"
#include "dev_types.h"
#include "dev_uses.h"

/* Predicated code exists for the emulation and sub-group paths, whose
 * collectives every work-item of the group must reach. NVIDIA's warps run
 * CUDA's control flow as it is (the PTX path), so the statement is printed
 * twice and the preprocessor keeps one: predicating there would make every
 * warp execute what only some of them should. The diagnostics of s (why it
 * is predicated, what it does wrong) go above both copies. */
static void print_dual_begin(emitter *e, CXCursor s) {
  dev_print_sites(e, s, 1);
  if (e->out)
    dev_drop_line(e); /* directives start their line */
  dev_emit(e, "#ifndef CU2CL_WARP_PTX /* every work-item reaches the warp "
              "operations */\n");
}

/* The second copy is the same statement: its diagnostics were reported
 * with the first. (Copies do not nest: nothing is predicated in one.) */
static void print_dual_else(emitter *e) {
  dev_emit(e, "#else /* NVIDIA's warps: CUDA's control flow */\n");
  e->plain = 1;
  e->plain_quiet = e->quiet;
  e->quiet = 1;
}

static void print_dual_end(emitter *e) {
  e->quiet = e->plain_quiet;
  e->plain = 0;
  dev_emit(e, "#endif\n");
}

static int is_void_return(CXCursor s) {
  if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
    CXCursor *kids;
    unsigned n = cx_children(s, &kids);
    int r = n == 1 && is_void_return(kids[0]);
    free(kids);
    return r;
  }
  return clang_getCursorKind(s) == CXCursor_ReturnStmt &&
         clang_Cursor_isNull(dev_first_child(s));
}

/* { ...; return; }: a block that ends in a return without a value and
 * holds no other jump (which its statements, printed under a predicate,
 * could not take). */
static int ends_in_void_return(CXCursor s) {
  if (clang_getCursorKind(s) != CXCursor_CompoundStmt)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  int r = n >= 2 && is_void_return(kids[n - 1]);
  for (unsigned i = 0; r && i + 1 < n; i++)
    r = !dev_index_is_jump(kids[i], NULL) &&
        !dev_find(kids[i], dev_index_is_jump, NULL, 1, NULL);
  free(kids);
  return r;
}

/* if (C) return; or if (C) { ...; return; } with C varying and a
 * collective later in the block: the work-items that return would miss
 * it, which OpenCL does not allow (CUDA on NVIDIA lets exited threads
 * out of later barriers: HeCBench moe-align's fill threads). */
static int early_return_predicated(emitter *e, CXCursor s, CXCursor *rest,
                                   unsigned nrest) {
  if (e->plain || clang_getCursorKind(s) != CXCursor_IfStmt)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  int r = n == 2 && (is_void_return(kids[1]) || ends_in_void_return(kids[1])) &&
          dev_is_varying(e, kids[0]);
  free(kids);
  int coll = 0;
  for (unsigned i = 0; r && i < nrest && !coll; i++)
    coll = dev_has_collective(e, rest[i]);
  if (r && coll && !e->quiet) {
    dev_report_quiet(e, s, CU2CL_D_PREDICATED_COLLECTIVE,
                     "the rest of the block");
    dev_check_divergent(e, dev_first_child(s), rest, nrest);
  }
  return r && coll;
}

/* Prints s unconditionally but on its own line under "if (P)". */
static void print_guarded(emitter *e, CXCursor s) {
  const char *p = e->pred;
  if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
    strbuf_printf(e->out, "if (%s) ", p);
    e->pred = NULL;
    dev_print_stmt_body(e, s);
    e->pred = p;
    return;
  }
  strbuf_printf(e->out, "if (%s)\n", e->pred);
  e->pred = NULL;
  e->indent++;
  dev_print_stmt(e, s);
  e->indent--;
  e->pred = p;
}

/* Each outermost collective call in s, evaluated by every work-item into
 * a temporary (on lines of their own), pred passed to the user functions
 * among them; s is then printed with the temporaries' names in their
 * place until drop_hoisted(e, the returned mark). */
static size_t hoist_collectives(emitter *e, CXCursor s, const char *pred) {
  CXCursor *found;
  size_t nfound = dev_find_collectives(e, s, 0, &found);
  size_t base = e->nsubst;
  for (size_t i = 0; i < nfound; i++) {
    CXType t = clang_getCursorType(found[i]);
    char *name = xasprintf("cu2cl_t%u", ++e->fresh);
    char *ts = dev_type_string(e, t, 0);
    dev_indent(e);
    strbuf_printf(e->out, "%s %s = ", ts, name);
    e->call_pred = pred;
    dev_print_expr(e, found[i]);
    e->call_pred = NULL;
    dev_emit(e, ";\n");
    free(ts);
    e->subst = xrealloc(e->subst, (e->nsubst + 1) * sizeof *e->subst);
    e->subst_names =
        xrealloc(e->subst_names, (e->nsubst + 1) * sizeof *e->subst_names);
    e->subst[e->nsubst] = found[i];
    e->subst_names[e->nsubst++] = name;
  }
  free(found);
  return base;
}

static void drop_hoisted(emitter *e, size_t base) {
  while (e->nsubst > base)
    free(e->subst_names[--e->nsubst]);
}

/* 1 when s holds a collective without a value (a barrier chosen by ?:, as
 * in `big ? __syncthreads() : __syncwarp();`): no temporary can hold it,
 * so the statement runs in every work-item, as a collective call alone
 * does. */
static int has_void_collective(emitter *e, CXCursor s) {
  CXCursor *found;
  size_t n = dev_find_collectives(e, s, 0, &found);
  int r = 0;
  for (size_t i = 0; i < n && !r; i++)
    r = clang_getCursorType(found[i]).kind == CXType_Void;
  free(found);
  return r;
}

/* An expression statement holding collectives, under e->pred: each
 * outermost collective call is evaluated first by every work-item into a
 * temporary, then the statement runs under the predicate. */
static void print_pred_expr_stmt(emitter *e, CXCursor s) {
  CXCursor inner = cx_strip_implicit(s);
  if ((clang_getCursorKind(inner) == CXCursor_CallExpr &&
       dev_call_is_collective(e, inner)) ||
      has_void_collective(e, s)) {
    e->call_pred = e->pred;
    dev_print_expr(e, s);
    e->call_pred = NULL;
    dev_emit(e, ";\n");
    return;
  }
  /* a block of its own: the statement may be the body of a loop */
  dev_emit(e, "{\n");
  e->indent++;
  size_t base = hoist_collectives(e, s, e->pred);
  dev_indent(e);
  print_guarded(e, s);
  drop_hoisted(e, base);
  e->indent--;
  dev_indent(e);
  dev_emit(e, "}\n");
}

/* A counter of the region (V_HOISTED, uniform): its declaration and
 * assignments run in every work-item (dev_pred). */
static int is_counter(emitter *e, CXCursor var) {
  var_entry *v = dev_var_find(e, var);
  return v && (v->flags & V_HOISTED) && !v->varying;
}

/* An expression statement that assigns a counter. */
static int counts(emitter *e, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator &&
      k != CXCursor_UnaryOperator)
    return 0;
  CXCursor t = cx_strip_implicit(dev_first_child(s));
  return clang_getCursorKind(t) == CXCursor_DeclRefExpr &&
         is_counter(e, clang_getCursorReferenced(t)) &&
         !dev_has_collective(e, s);
}

/* s as CUDA wrote it, in every work-item (indentation written). */
static void print_unguarded(emitter *e, CXCursor s) {
  const char *p = e->pred;
  e->pred = NULL;
  dev_print_stmt_body(e, s);
  e->pred = p;
}

/* A declaration under e->pred without collectives: declared for every
 * work-item, initialized under the predicate (a counter's everywhere). */
static void print_pred_decl(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  if (n == 1 && is_counter(e, kids[0])) {
    free(kids);
    print_unguarded(e, s);
    return;
  }
  for (unsigned i = 0; i < n; i++) {
    CXCursor v = kids[i];
    CXCursor init = dev_var_init(v);
    CXType t = clang_getCursorType(v);
    int simple = clang_getCursorKind(v) == CXCursor_VarDecl &&
                 !clang_Cursor_isNull(init) &&
                 clang_getCursorKind(init) != CXCursor_InitListExpr &&
                 !dev_is_array_type(t) && !dev_is_nonconst_ref(t) &&
                 !dev_is_const_ref(t) && !(cx_cuda_attrs(v) & CX_SHARED) &&
                 !dev_has_collective(e, init) &&
                 !dev_cg_is_block_handle(t); /* made in every work-item */
    if (i)
      dev_indent(e);
    if (clang_getCursorKind(v) != CXCursor_VarDecl) {
      dev_emit(e, "\n"); /* static_assert, typedef: nothing to print */
      continue;
    }
    if (!simple) {
      const char *p = e->pred;
      e->pred = NULL;
      e->call_pred = dev_has_collective(e, init) ? p : NULL;
      dev_print_var_decl(e, v);
      e->call_pred = NULL;
      e->pred = p;
      continue;
    }
    char *name = cx_spelling(v);
    char *sn = dev_safe_name(name);
    var_entry *ve = dev_var_find(e, v);
    char sp = ve && (ve->flags & V_POINTER) ? ve->space : 0;
    CXType dt = clang_getCanonicalType(t);
    char *ts = dev_type_string(e, dt, sp);
    const char *tn = str_starts_with(ts, "const ") ? ts + 6 : ts;
    /* zero for the work-items outside the predicate: collectives after
     * the declaration may read it in every work-item */
    if (dt.kind != CXType_Record)
      strbuf_printf(e->out, "%s %s = 0;\n", tn, sn);
    else if (dev_is_cl_vector_name(tn)) /* OpenCL C has no {0} for these */
      strbuf_printf(e->out, "%s %s = (%s)(0);\n", tn, sn, tn);
    else
      strbuf_printf(e->out, "%s %s = {0};\n", tn, sn);
    dev_indent(e);
    strbuf_printf(e->out, "if (%s)\n", e->pred);
    e->indent++;
    dev_indent(e);
    strbuf_printf(e->out, "%s = ", sn);
    dev_print_expr(e, init);
    dev_emit(e, ";\n");
    e->indent--;
    free(ts);
    free(sn);
    free(name);
  }
  free(kids);
}

static void print_pred_if(emitter *e, CXCursor s);

/* ---- loops that work-items leave at different iterations --------------
 * A loop holding collectives whose trip count differs between work-items
 * (a varying condition, or a break or continue under a varying condition:
 * the warp-per-row loop `for (row = warp; row < n; row += nwarps)`) runs,
 * where collectives need the whole group, until no work-item of the group
 * continues it: a live flag per work-item, cleared when its condition
 * fails or it breaks, decides through a block-wide vote whether the group
 * goes on, and guards the body and the increment. NVIDIA's warps run the
 * loop as written (the PTX copy). */

typedef struct {
  CXCursor init, cond, inc, body;
  int is_do;
} loop_parts;

/* The loop an attributed statement (#pragma unroll) wraps, or null. */
static CXCursor attributed_loop(CXCursor s) {
  CXCursor c = dev_last_child(s);
  enum CXCursorKind k = clang_getCursorKind(c);
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
                 k == CXCursor_DoStmt
             ? c
             : clang_getNullCursor();
}

/* 0 when the loop's header cannot be split (a declaration as while's
 * condition). */
static int loop_parts_of(emitter *e, CXCursor s, loop_parts *lp) {
  enum CXCursorKind k = clang_getCursorKind(s);
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  CXCursor null = clang_getNullCursor();
  *lp = (loop_parts){null, null, null, n ? kids[n - 1] : null, 0};
  int ok = n >= 1;
  if (k == CXCursor_ForStmt) {
    CXCursor part[3];
    dev_for_parts(e, s, part);
    lp->init = part[0], lp->cond = part[1], lp->inc = part[2];
  } else if (k == CXCursor_WhileStmt) {
    ok = n == 2 && clang_isExpression(clang_getCursorKind(kids[0]));
    lp->cond = kids[0];
  } else {
    ok = n == 2;
    lp->is_do = 1;
    lp->body = kids[0];
    lp->cond = n == 2 ? kids[1] : null;
  }
  free(kids);
  return ok;
}

static int part_varying(emitter *e, CXCursor c) {
  return !clang_Cursor_isNull(c) && dev_is_varying(e, c);
}

/* How loop s (holding collectives) is printed where they need the whole
 * group: 0 as written, 1 predicated, -1 it cannot be (*why says why). */
static int loop_divergence(emitter *e, CXCursor s, loop_parts *lp,
                           unsigned *jumps, const char **why) {
  int split = loop_parts_of(e, s, lp);
  *jumps = split ? dev_loop_jumps(e, lp->body) : 0;
  int header = !split || part_varying(e, lp->init) ||
               part_varying(e, lp->cond) || part_varying(e, lp->inc);
  if (!header && !(*jumps & DEV_JUMP_VARYING))
    return 0;
  *why = header ? "its trip count differs between work-items"
                : "only some work-items leave it early";
  if (!split || (*jumps & DEV_JUMP_LEAVES) || dev_has_collective(e, lp->inc) ||
      !dev_has_lane_collective(e, s))
    return -1;
  return 1;
}

/* L = L && (cond); and the vote that ends the loop for the group. */
static void print_loop_test(emitter *e, const char *live, CXCursor cond) {
  if (!clang_Cursor_isNull(cond)) {
    /* collectives in the condition (while (__any_sync(m, v > 1))): every
     * work-item evaluates them, the live ones take the result */
    size_t base = hoist_collectives(e, cond, live);
    dev_indent(e);
    strbuf_printf(e->out, "%s = %s && (", live, live);
    dev_print_expr(e, cond);
    dev_emit(e, ");\n");
    drop_hoisted(e, base);
  }
  dev_indent(e);
  /* the whole group votes, on sub-groups too: a vote of the warp alone
   * (sub_group_any), which would let each warp leave when its own lanes
   * are done, gave wrong sums on PoCL 5's sub-groups (tests/projects/
   * warp_loops, rowSums, 2026-11-25) */
  strbuf_printf(e->out, "if (!cu2cl_syncthreads_or(cu2cl_warp_scratch, %s))\n",
                live);
  dev_indent(e);
  dev_emit(e, "  break;\n");
}

/* The body under the loop's flags: L, or C (the iteration's, which
 * continue clears) when the loop has a continue. */
static void print_loop_body(emitter *e, loop_parts *lp, unsigned jumps,
                            const char *l, const char *c) {
  const char *pred = e->pred, *live = e->live;
  const char *brk = e->break_as, *cont = e->continue_as;
  char *b =
      c ? xasprintf("%s = %s = false;", l, c) : xasprintf("%s = false;", l);
  char *k = c ? xasprintf("%s = false;", c) : NULL;
  e->pred = c ? c : l;
  e->live = jumps & (DEV_JUMP_BREAK | DEV_JUMP_CONTINUE) ? e->pred : NULL;
  e->break_as = b;
  e->continue_as = k;
  if (clang_getCursorKind(lp->body) == CXCursor_CompoundStmt)
    dev_print_block_items(e, lp->body);
  else
    dev_print_stmt(e, lp->body);
  e->pred = pred, e->live = live;
  e->break_as = brk, e->continue_as = cont;
  free(b);
  free(k);
}

static void print_loop_predicated(emitter *e, loop_parts *lp, unsigned jumps) {
  unsigned id = ++e->fresh;
  char *l = xasprintf("cu2cl_l%u", id);
  char *c = jumps & DEV_JUMP_CONTINUE ? xasprintf("cu2cl_c%u", id) : NULL;
  dev_emit(e, "{ /* cu2cl: runs until no work-item of the group goes on */\n");
  e->indent++;
  if (!clang_Cursor_isNull(lp->init))
    dev_print_stmt(e, lp->init); /* under the enclosing predicate */
  dev_indent(e);
  strbuf_printf(e->out, "bool %s = %s;\n", l, e->pred ? e->pred : "true");
  dev_indent(e);
  dev_emit(e, "for (;;) {\n");
  e->indent++;
  if (!lp->is_do)
    print_loop_test(e, l, lp->cond);
  if (c) {
    dev_indent(e);
    strbuf_printf(e->out, "bool %s = %s;\n", c, l);
  }
  print_loop_body(e, lp, jumps, l, c);
  if (!clang_Cursor_isNull(lp->inc)) {
    dev_indent(e);
    strbuf_printf(e->out, "if (%s)\n", l);
    dev_indent(e);
    dev_emit(e, "  ");
    dev_print_expr(e, lp->inc);
    dev_emit(e, ";\n");
  }
  if (lp->is_do)
    print_loop_test(e, l, lp->cond);
  e->indent--;
  dev_indent(e);
  dev_emit(e, "}\n");
  e->indent--;
  dev_indent(e);
  dev_emit(e, "}\n");
  free(l);
  free(c);
}

/* A loop holding collectives under e->pred: the loop runs in every
 * work-item; its body is predicated (and its iterations too where they
 * differ between work-items). */
static void print_pred_loop(emitter *e, CXCursor s) {
  loop_parts lp;
  unsigned jumps;
  const char *why = NULL;
  int d = loop_divergence(e, s, &lp, &jumps, &why);
  if (d > 0) {
    if (!e->quiet && !clang_Cursor_isNull(lp.cond))
      dev_check_divergent(e, lp.cond, &lp.body, 1);
    print_loop_predicated(e, &lp, jumps);
    return;
  }
  if (d < 0)
    dev_report(e, s, CU2CL_D_DIVERGENT_COLLECTIVE, "a loop", why);
  const char *p = e->pred;
  if (d < 0)
    e->pred = NULL;
  if (clang_getCursorKind(s) == CXCursor_ForStmt)
    dev_print_for(e, s);
  else
    dev_print_loop(e, s);
  e->pred = p;
}

/* A statement under e->pred (indentation already written). */
static void print_pred_stmt(emitter *e, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  if (clang_isExpression(k) && !e->plain && dev_sync_split(e, s)) {
    dev_print_split(e, s); /* reads and store guarded, barrier not */
    return;
  }
  if (k == CXCursor_ReturnStmt && !strcmp(e->pred, "cu2cl_active")) {
    /* the top level of a predicated clone: every work-item leaves */
    const char *p = e->pred;
    e->pred = NULL;
    e->call_pred = p;
    dev_print_stmt_body(e, s);
    e->call_pred = NULL;
    e->pred = p;
    return;
  }
  if (k == CXCursor_CompoundStmt && !dev_has_collective(e, s)) {
    print_guarded(e, s);
    return;
  }
  if (k == CXCursor_CompoundStmt) {
    dev_print_compound(e, s);
    dev_emit(e, "\n");
    return;
  }
  if (k == CXCursor_DeclStmt) {
    print_pred_decl(e, s);
    return;
  }
  if (counts(e, s)) {
    print_unguarded(e, s);
    return;
  }
  if (!dev_has_collective(e, s)) {
    if (k == CXCursor_NullStmt)
      dev_emit(e, ";\n");
    else
      print_guarded(e, s);
    return;
  }
  switch (k) {
  case CXCursor_UnexposedStmt: { /* #pragma unroll: the pragma, the loop */
    CXCursor loop = attributed_loop(s);
    loop_parts lp;
    unsigned jumps;
    const char *why;
    if (!clang_Cursor_isNull(loop) &&
        loop_divergence(e, loop, &lp, &jumps, &why) > 0)
      print_pred_loop(e, loop); /* no pragma: the loop is not one */
    else
      dev_print_stmt_body(e, s);
    return;
  }
  case CXCursor_IfStmt:
    print_pred_if(e, s);
    return;
  case CXCursor_ForStmt:
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
    print_pred_loop(e, s);
    return;
  case CXCursor_ReturnStmt: {
    e->call_pred = e->pred;
    CXCursor v = dev_first_child(s);
    dev_emit(e, "return ");
    dev_print_expr(e, v);
    dev_emit(e, ";\n");
    e->call_pred = NULL;
    return;
  }
  default:
    if (clang_isExpression(k)) {
      print_pred_expr_stmt(e, s);
      return;
    }
    dev_report(e, s, CU2CL_D_DIVERGENT_COLLECTIVE, "a collective",
               "this statement cannot be predicated");
    const char *p = e->pred;
    e->pred = NULL;
    dev_print_stmt_body(e, s);
    e->pred = p;
    return;
  }
}

/* if (C) A else B whose branches hold collectives, C varying (or already
 * under a predicate): predicates for both branches, then each branch runs
 * in every work-item under its predicate. */
static void print_pred_if(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  /* collectives in the condition: every work-item evaluates them */
  size_t base = e->nsubst;
  if (e->pred && dev_has_collective(e, kids[0])) {
    dev_drop_line(e);
    base = hoist_collectives(e, kids[0], e->pred);
    dev_indent(e);
  }
  char *p = xasprintf("cu2cl_p%u", ++e->fresh);
  strbuf_printf(e->out, "const bool %s = ", p);
  if (e->pred)
    strbuf_printf(e->out, "%s && ", e->pred);
  dev_emit(e, "(");
  dev_print_expr(e, kids[0]);
  dev_emit(e, ");\n");
  drop_hoisted(e, base);
  char *q = NULL;
  if (n > 2) {
    q = xasprintf("cu2cl_p%u", ++e->fresh);
    dev_indent(e);
    strbuf_printf(e->out, "const bool %s = %s%s!%s;\n", q,
                  e->pred ? e->pred : "", e->pred ? " && " : "", p);
  }
  const char *saved = e->pred;
  /* in a loop a break or continue may clear the live flag on the way */
  char *pg = e->live ? xasprintf("%s && %s", e->live, p) : NULL;
  char *qg = e->live && q ? xasprintf("%s && %s", e->live, q) : NULL;
  e->pred = pg ? pg : p;
  dev_indent(e);
  print_pred_stmt(e, kids[1]);
  if (q) {
    e->pred = qg ? qg : q;
    dev_indent(e);
    print_pred_stmt(e, kids[2]);
  }
  e->pred = saved;
  free(p);
  free(q);
  free(pg);
  free(qg);
  free(kids);
}

/* if (C) ... with a collective inside and C varying, outside predication. */
static int needs_predication(emitter *e, CXCursor s) {
  if (e->plain)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  int r = n >= 2 && n <= 3 && dev_is_varying(e, kids[0]) &&
          (dev_has_collective(e, kids[1]) ||
           (n == 3 && dev_has_collective(e, kids[2])));
  if (r && !e->quiet) {
    dev_report_quiet(e, s, CU2CL_D_PREDICATED_COLLECTIVE, "this branch");
    dev_check_divergent(e, kids[0], kids + 1, n - 1);
  }
  free(kids);
  return r;
}

/* Before each item of a block: if (varying) return; followed by
 * collectives. The rest of the block runs in every work-item under the
 * negated condition. */
static int items_hook(emitter *e, CXCursor *kids, unsigned i, unsigned n,
                      unsigned *prev) {
  if (!early_return_predicated(e, kids[i], kids + i + 1, n - i - 1))
    return 0;
  const char *saved_pred = e->pred;
  char *own_pred = xasprintf("cu2cl_p%u", ++e->fresh);
  CXCursor cond = dev_first_child(kids[i]);
  CXCursor then = dev_last_child(kids[i]);
  print_dual_begin(e, kids[i]);
  dev_indent(e);
  if (ends_in_void_return(then)) {
    /* the branch's statements under C, then the rest under !C, from one
     * evaluation of C */
    char *taken = xasprintf("cu2cl_p%u", ++e->fresh);
    char *in = xasprintf("%s%s%s", e->pred ? e->pred : "",
                         e->pred ? " && " : "", taken);
    strbuf_printf(e->out, "const bool %s = ", taken);
    dev_print_expr(e, cond);
    dev_emit(e, ";\n");
    CXCursor *body;
    unsigned nb = cx_children(then, &body);
    e->pred = in;
    dev_print_items(
        e, body, 0, nb - 1,
        dev_offset_of(clang_getRangeStart(clang_getCursorExtent(body[0]))));
    free(body);
    dev_indent(e);
    strbuf_printf(e->out, "const bool %s = %s%s!%s;\n", own_pred,
                  saved_pred ? saved_pred : "", saved_pred ? " && " : "",
                  taken);
    e->pred = saved_pred;
    free(in);
    free(taken);
  } else {
    strbuf_printf(e->out, "const bool %s = ", own_pred);
    if (e->pred)
      strbuf_printf(e->out, "%s && ", e->pred);
    dev_emit(e, "!(");
    dev_print_expr(e, cond);
    dev_emit(e, ");\n");
  }
  e->pred = own_pred;
  unsigned end =
      dev_offset_of(clang_getRangeEnd(clang_getCursorExtent(kids[i])));
  *prev = dev_print_items(e, kids, i + 1, n, end);
  e->pred = saved_pred;
  free(own_pred);
  print_dual_else(e);
  dev_print_stmt(e, kids[i]);
  dev_print_items(e, kids, i + 1, n, end);
  print_dual_end(e);
  return 1;
}

/* A __syncthreads-family call. */
static int is_block_barrier(CXCursor c, void *ctx) {
  (void)ctx;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return 0;
  char *n = cx_spelling(clang_getCursorReferenced(c));
  int r = str_starts_with(n, "__syncthreads") || !strcmp(n, "__barrier_sync");
  free(n);
  return r;
}

/* A loop outside predication whose iterations differ between work-items
 * and that holds collectives: predicated (1), or reported (0). */
static int top_loop_hook(emitter *e, CXCursor s) {
  /* a loop under #pragma unroll: predicated without the pragma (the loop
   * printed is no longer one to unroll), the PTX copy with it */
  CXCursor loop =
      clang_getCursorKind(s) == CXCursor_UnexposedStmt ? attributed_loop(s) : s;
  if (e->plain || clang_Cursor_isNull(loop) || !dev_has_collective(e, loop))
    return 0;
  loop_parts lp;
  unsigned jumps;
  const char *why = NULL;
  int d = loop_divergence(e, loop, &lp, &jumps, &why);
  /* a barrier dev_sync puts in the loop (CU2CL3012) is no __syncthreads,
   * which CUDA lets only uniform loops hold: the work-items that leave
   * first would miss it (a loop that holds a __syncthreads of its own is
   * uniform, whatever its condition looks like) */
  if (d < 0 && clang_equalCursors(loop, s) &&
      (dev_has_lane_collective(e, loop) ||
       (dev_sync_within(e, loop) &&
        !dev_find(loop, is_block_barrier, NULL, 1, NULL))))
    dev_report(e, loop, CU2CL_D_DIVERGENT_COLLECTIVE, "a loop", why);
  if (d <= 0)
    return 0;
  if (!e->quiet) {
    dev_report_quiet(e, loop, CU2CL_D_PREDICATED_COLLECTIVE, "this loop");
    if (!clang_Cursor_isNull(lp.cond))
      dev_check_divergent(e, lp.cond, &lp.body, 1);
  }
  print_dual_begin(e, loop);
  dev_indent(e);
  print_loop_predicated(e, &lp, jumps);
  print_dual_else(e);
  dev_indent(e);
  dev_print_stmt_body(e, s);
  print_dual_end(e);
  return 1;
}

/* Before each statement: under a predicate, or an if to predicate. */
static int stmt_hook(emitter *e, CXCursor s) {
  if (e->pred) {
    print_pred_stmt(e, s);
    return 1;
  }
  enum CXCursorKind k = clang_getCursorKind(s);
  if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
      k == CXCursor_DoStmt || k == CXCursor_UnexposedStmt)
    return top_loop_hook(e, s);
  if (k != CXCursor_IfStmt || !needs_predication(e, s))
    return 0;
  print_dual_begin(e, s);
  dev_indent(e);
  print_pred_if(e, s);
  print_dual_else(e);
  dev_indent(e);
  dev_print_stmt_body(e, s);
  print_dual_end(e);
  return 1;
}

const dev_stmt_hooks dev_pred_stmt_hooks = {stmt_hook, items_hook};
