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
 * Layer 17 of the device emitter (dev_state.h): calls dev_state, dev_cg,
 * dev_types, dev_uses, dev_sync, dev_space, dev_pred, dev_check, dev_expr,
 * dev_stmt.
 */
#include "dev_pred_stmt.h"

#include <string.h>

#include "dev_cg.h"
#include "dev_check.h"
#include "dev_expr.h"
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

/* if (C) return; with C varying and a collective later in the block. */
static int early_return_predicated(emitter *e, CXCursor s, CXCursor *rest,
                                   unsigned nrest) {
  if (e->plain || clang_getCursorKind(s) != CXCursor_IfStmt)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  int r = n == 2 && is_void_return(kids[1]) && dev_is_varying(e, kids[0]);
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

/* An expression statement holding collectives, under e->pred: each
 * outermost collective call is evaluated first by every work-item into a
 * temporary, then the statement runs under the predicate. */
static void print_pred_expr_stmt(emitter *e, CXCursor s) {
  CXCursor inner = cx_strip_implicit(s);
  if (clang_getCursorKind(inner) == CXCursor_CallExpr &&
      dev_call_is_collective(e, inner)) {
    e->call_pred = e->pred;
    dev_print_expr(e, s);
    e->call_pred = NULL;
    dev_emit(e, ";\n");
    return;
  }
  CXCursor *found;
  size_t nfound = dev_find_collectives(e, s, 0, &found);
  size_t base = e->nsubst;
  /* a block of its own: the statement may be the body of a loop */
  dev_emit(e, "{\n");
  e->indent++;
  for (size_t i = 0; i < nfound; i++) {
    CXType t = clang_getCursorType(found[i]);
    char *name = xasprintf("cu2cl_t%u", ++e->fresh);
    char *ts = dev_type_string(e, t, 0);
    dev_indent(e);
    strbuf_printf(e->out, "%s %s = ", ts, name);
    e->call_pred = e->pred;
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
  dev_indent(e);
  print_guarded(e, s);
  e->indent--;
  dev_indent(e);
  dev_emit(e, "}\n");
  while (e->nsubst > base)
    free(e->subst_names[--e->nsubst]);
  free(found);
}

/* A declaration under e->pred without collectives: declared for every
 * work-item, initialized under the predicate. */
static void print_pred_decl(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
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
    strbuf_printf(e->out, "%s %s = %s;\n", tn, sn,
                  dt.kind == CXType_Record ? "{0}" : "0");
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

/* A loop holding collectives under e->pred: the loop runs in every
 * work-item; its body is predicated. */
static void print_pred_loop(emitter *e, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  int varying = 0;
  for (unsigned i = 0; i + (k == CXCursor_DoStmt ? 0 : 1) < n; i++)
    if (clang_isExpression(clang_getCursorKind(kids[i])) ||
        clang_getCursorKind(kids[i]) == CXCursor_DeclStmt)
      varying |= dev_is_varying(e, kids[i]);
  free(kids);
  if (varying)
    dev_report(e, s, CU2CL_D_DIVERGENT_COLLECTIVE, "a loop",
               "its trip count differs between work-items");
  const char *p = e->pred;
  if (varying)
    e->pred = NULL;
  if (k == CXCursor_ForStmt)
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
  if (!dev_has_collective(e, s)) {
    if (k == CXCursor_NullStmt)
      dev_emit(e, ";\n");
    else
      print_guarded(e, s);
    return;
  }
  switch (k) {
  case CXCursor_UnexposedStmt: /* #pragma unroll: the pragma, then the loop */
    dev_print_stmt_body(e, s);
    return;
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
  char *p = xasprintf("cu2cl_p%u", ++e->fresh);
  strbuf_printf(e->out, "const bool %s = ", p);
  if (e->pred)
    strbuf_printf(e->out, "%s && ", e->pred);
  dev_emit(e, "(");
  dev_print_expr(e, kids[0]);
  dev_emit(e, ");\n");
  char *q = NULL;
  if (n > 2) {
    q = xasprintf("cu2cl_p%u", ++e->fresh);
    dev_indent(e);
    strbuf_printf(e->out, "const bool %s = %s%s!%s;\n", q,
                  e->pred ? e->pred : "", e->pred ? " && " : "", p);
  }
  const char *saved = e->pred;
  e->pred = p;
  dev_indent(e);
  print_pred_stmt(e, kids[1]);
  if (q) {
    e->pred = q;
    dev_indent(e);
    print_pred_stmt(e, kids[2]);
  }
  e->pred = saved;
  free(p);
  free(q);
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
  print_dual_begin(e, kids[i]);
  dev_indent(e);
  strbuf_printf(e->out, "const bool %s = ", own_pred);
  if (e->pred)
    strbuf_printf(e->out, "%s && ", e->pred);
  dev_emit(e, "!(");
  dev_print_expr(e, cond);
  dev_emit(e, ");\n");
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

/* Before each statement: under a predicate, or an if to predicate. */
static int stmt_hook(emitter *e, CXCursor s) {
  if (e->pred) {
    print_pred_stmt(e, s);
    return 1;
  }
  if (clang_getCursorKind(s) != CXCursor_IfStmt || !needs_predication(e, s))
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
