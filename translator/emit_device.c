/*
 * emit_device: prints the kernels of a translation unit, and the device
 * functions and types they reach, as OpenCL C. See emit_device.h for the
 * model of address spaces and implicit parameters, and devemit.h for the
 * emitter's state and how the device emitter is split into modules.
 *
 * This file owns the entry points: cu2cl_emit_device runs the work list
 * (kernels first, then every clone their calls queue), assembles the .cl
 * file and describes each kernel's parameters for the host emitter. It
 * also prints one function at a time (signature, hoisted __shared__
 * variables, unpacked struct parameters, body) and the statements of its
 * body, with comments and `#pragma unroll` carried over from the source;
 * and it holds dev_report, through which every module of the device
 * emitter reports diagnostics.
 */
#include "emit_device.h"

#include <string.h>

#include "dev_check.h"
#include "dev_expr.h"
#include "dev_pred.h"
#include "dev_space.h"
#include "dev_state.h"
#include "dev_types.h"
#include "dev_uses.h"

static void print_stmt(emitter *e, CXCursor c);
static void drop_line(emitter *e);
static void print_stmt_body(emitter *e, CXCursor s);
static void print_for(emitter *e, CXCursor s);
static void print_loop(emitter *e, CXCursor s);
static void print_keyword_cond(emitter *e, CXCursor s, const char *keyword);
static void print_var_decl(emitter *e, CXCursor v, int in_list);

/* ---- statements ----------------------------------------------------- */

static void indent(emitter *e) {
  for (int i = 0; i < e->indent; i++)
    dev_emit(e, "  ");
}

/* Carries comments and `#pragma unroll` lines found between two offsets
 * of the file holding `at` over to the output. */
static void print_gap(emitter *e, CXCursor at, unsigned from, unsigned to) {
  if (to <= from)
    return;
  CXFile file;
  clang_getFileLocation(clang_getCursorLocation(at), &file, NULL, NULL, NULL);
  if (!file)
    return;
  size_t size = 0;
  const char *text = clang_getFileContents(e->tu, file, &size);
  if (text && to <= size && !memchr(text + from, '/', to - from) &&
      !memchr(text + from, '#', to - from))
    return; /* neither comment nor pragma: nothing to tokenize */
  CXSourceRange r =
      clang_getRange(clang_getLocationForOffset(e->tu, file, from),
                     clang_getLocationForOffset(e->tu, file, to));
  CXToken *toks;
  unsigned n;
  clang_tokenize(e->tu, r, &toks, &n);
  unsigned from_line;
  clang_getFileLocation(clang_getLocationForOffset(e->tu, file, from), NULL,
                        &from_line, NULL, NULL);
  int before = 1; /* only the previous statement's ';' seen so far */
  for (unsigned i = 0; i < n; i++) {
    char *s = cx_take(clang_getTokenSpelling(e->tu, toks[i]));
    unsigned line;
    clang_getFileLocation(clang_getTokenLocation(e->tu, toks[i]), NULL, &line,
                          NULL, NULL);
    if (clang_getTokenKind(toks[i]) != CXToken_Comment && strcmp(s, ";"))
      before = 0;
    if (clang_getTokenKind(toks[i]) == CXToken_Comment && line == from_line &&
        before && e->out->len && e->out->data[e->out->len - 1] == '\n') {
      /* a comment trailing the previous statement stays on its line */
      e->out->len--;
      strbuf_printf(e->out, "  %s\n", s);
    } else if (clang_getTokenKind(toks[i]) == CXToken_Comment) {
      indent(e);
      dev_emit(e, s);
      dev_emit(e, "\n");
    } else if (!strcmp(s, "#") && i + 2 < n) {
      char *w = cx_take(clang_getTokenSpelling(e->tu, toks[i + 1]));
      char *x = cx_take(clang_getTokenSpelling(e->tu, toks[i + 2]));
      if (!strcmp(w, "pragma") && !strcmp(x, "unroll")) {
        unsigned line;
        clang_getSpellingLocation(clang_getTokenLocation(e->tu, toks[i + 2]),
                                  NULL, &line, NULL, NULL);
        strbuf_append(e->out, "#pragma unroll");
        unsigned j = i + 3, l2;
        if (j < n) {
          clang_getSpellingLocation(clang_getTokenLocation(e->tu, toks[j]),
                                    NULL, &l2, NULL, NULL);
          if (l2 == line && clang_getTokenKind(toks[j]) == CXToken_Literal) {
            char *v = cx_take(clang_getTokenSpelling(e->tu, toks[j]));
            strbuf_printf(e->out, " %s", v);
            free(v);
          }
        }
        dev_emit(e, "\n");
      }
      free(w);
      free(x);
    }
    free(s);
  }
  clang_disposeTokens(e->tu, toks, n);
}

static unsigned offset_of(CXSourceLocation l) {
  unsigned off;
  clang_getFileLocation(l, NULL, NULL, NULL, &off);
  return off;
}

static int early_return_predicated(emitter *e, CXCursor s, CXCursor *rest,
                                   unsigned nrest);

/* Predicated code exists for the emulation and sub-group paths, whose
 * collectives every work-item of the group must reach. NVIDIA's warps run
 * CUDA's control flow as it is (the PTX path), so the statement is printed
 * twice and the preprocessor keeps one: predicating there would make every
 * warp execute what only some of them should. */
static void print_dual_begin(emitter *e) {
  if (e->out)
    drop_line(e); /* directives start their line */
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

/* Prints kids[from..n) of a block with the source between them; prev is
 * the offset after what was printed last. Returns the new one. */
static unsigned print_items(emitter *e, CXCursor *kids, unsigned from,
                            unsigned n, unsigned prev) {
  for (unsigned i = from; i < n; i++) {
    CXSourceRange r = clang_getCursorExtent(kids[i]);
    print_gap(e, kids[i], prev, offset_of(clang_getRangeStart(r)));
    if (early_return_predicated(e, kids[i], kids + i + 1, n - i - 1)) {
      /* if (varying) return; followed by collectives: the rest of the
       * block runs in every work-item under the negated condition */
      const char *saved_pred = e->pred;
      char *own_pred = xasprintf("cu2cl_p%u", ++e->fresh);
      CXCursor cond = dev_first_child(kids[i]);
      print_dual_begin(e);
      indent(e);
      strbuf_printf(e->out, "const bool %s = ", own_pred);
      if (e->pred)
        strbuf_printf(e->out, "%s && ", e->pred);
      dev_emit(e, "!(");
      dev_print_expr(e, cond);
      dev_emit(e, ");\n");
      e->pred = own_pred;
      unsigned end = offset_of(clang_getRangeEnd(r));
      unsigned last = print_items(e, kids, i + 1, n, end);
      e->pred = saved_pred;
      free(own_pred);
      print_dual_else(e);
      print_stmt(e, kids[i]);
      print_items(e, kids, i + 1, n, end);
      print_dual_end(e);
      return last;
    }
    print_stmt(e, kids[i]);
    prev = offset_of(clang_getRangeEnd(r));
  }
  return prev;
}

static void print_block_items(emitter *e, CXCursor block) {
  CXCursor *kids;
  unsigned n = cx_children(block, &kids);
  CXSourceRange br = clang_getCursorExtent(block);
  unsigned prev = offset_of(clang_getRangeStart(br)) + 1;
  prev = print_items(e, kids, 0, n, prev);
  print_gap(e, block, prev, offset_of(clang_getRangeEnd(br)));
  free(kids);
}

/* A statement printed as the body of if/for/while: blocks inline, others
 * on their own indented line. */
static void print_sub(emitter *e, CXCursor s) {
  if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
    dev_emit(e, " {\n");
    e->indent++;
    print_block_items(e, s);
    e->indent--;
    indent(e);
    dev_emit(e, "}");
  } else {
    dev_emit(e, "\n");
    e->indent++;
    print_stmt(e, s); /* ends its line */
    e->indent--;
  }
}

static int at_line_start(emitter *e) {
  return e->out->len == 0 || e->out->data[e->out->len - 1] == '\n';
}

/* Ends the current line unless a statement already did. */
static void end_line(emitter *e) {
  if (!at_line_start(e))
    dev_emit(e, "\n");
}

/* Removes the indentation written for a statement that prints nothing. */
static void drop_line(emitter *e) {
  while (e->out->len && e->out->data[e->out->len - 1] == ' ')
    e->out->len--;
  e->out->data[e->out->len] = 0;
}

static void print_var_decl(emitter *e, CXCursor v, int in_list) {
  char *n = cx_spelling(v);
  char *sn = dev_safe_name(n);
  free(n);
  CXType t = clang_getCursorType(v);
  var_entry *ve = dev_var_find(e, v);
  CXCursor init = dev_var_init(v);
  if (dev_is_extern_shared(v)) {
    char *et = dev_type_string(
        e, clang_getArrayElementType(clang_getCanonicalType(t)), 0);
    strbuf_printf(e->out,
                  "__local %s *%s = (__local %s *)cu2cl_dynamic_shared;\n", et,
                  sn, et);
    free(et);
    free(sn);
    return;
  }
  if (cx_cuda_attrs(v) & CX_SHARED) {
    /* Declared at the top of the kernel; a device function's comes in as
     * a parameter. The statement's line goes. */
    if (e->cur && !e->cur->is_kernel)
      strbuf_printf(
          e->out, "/* __shared__ %s: declared by the calling kernels */\n", sn);
    else
      drop_line(e);
    free(sn);
    return;
  }
  if (dev_is_nonconst_ref(t)) {
    char sp = ve ? ve->space : 'p';
    dev_print_type_decl(
        e, e->out, clang_getPointeeType(clang_getCanonicalType(t)), sp, "");
    strbuf_printf(e->out, " *%s = &", sn);
    char *it = dev_arg_text(e, init);
    dev_emit(e, it);
    free(it);
    dev_emit(e, ";\n");
    free(sn);
    return;
  }
  if (dev_is_const_ref(t))
    t = clang_getPointeeType(clang_getCanonicalType(t));
  char sp = ve && (ve->flags & V_POINTER) ? ve->space : 0;
  dev_print_type_decl(e, e->out, t, sp, sn);
  if (!clang_Cursor_isNull(init)) {
    CXCursor in = cx_strip_implicit(init);
    int trivial_ctor =
        clang_getCursorKind(in) == CXCursor_CallExpr &&
        clang_getCursorKind(clang_getCursorReferenced(in)) ==
            CXCursor_Constructor &&
        clang_Cursor_getNumArguments(in) == 0 &&
        clang_Cursor_isNull(dev_function_body(
            clang_getCursorDefinition(clang_getCursorReferenced(in))));
    if (!trivial_ctor) {
      dev_emit(e, " = ");
      dev_print_expr(e, init);
    }
  }
  dev_emit(e, ";\n");
  free(sn);
}

static void print_decl_stmt(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  for (unsigned i = 0; i < n; i++) {
    if (i)
      indent(e);
    if (clang_getCursorKind(kids[i]) == CXCursor_VarDecl)
      print_var_decl(e, kids[i], 0);
    else
      dev_emit(e, "\n");
  }
  free(kids);
}

/* for (init; cond; inc): libclang omits absent parts, so each child is
 * placed by its position relative to the two semicolons of the header. */
static void print_for(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  CXToken *toks;
  unsigned nt;
  clang_tokenize(e->tu, clang_getCursorExtent(s), &toks, &nt);
  unsigned semi[2] = {0, 0}, ns = 0;
  int depth = 0;
  for (unsigned i = 0; i < nt && ns < 2; i++) {
    char *t = cx_take(clang_getTokenSpelling(e->tu, toks[i]));
    if (!strcmp(t, "("))
      depth++;
    else if (!strcmp(t, ")"))
      depth--;
    else if (!strcmp(t, ";") && depth == 1)
      semi[ns++] = offset_of(clang_getTokenLocation(e->tu, toks[i]));
    free(t);
  }
  clang_disposeTokens(e->tu, toks, nt);
  CXCursor part[3] = {clang_getNullCursor(), clang_getNullCursor(),
                      clang_getNullCursor()};
  for (unsigned i = 0; i + 1 < n; i++) {
    unsigned off =
        offset_of(clang_getRangeStart(clang_getCursorExtent(kids[i])));
    int slot = off < semi[0] ? 0 : off < semi[1] ? 1 : 2;
    part[slot] = kids[i];
  }
  dev_emit(e, "for (");
  if (!clang_Cursor_isNull(part[0])) {
    if (clang_getCursorKind(part[0]) == CXCursor_DeclStmt) {
      strbuf tmp = {0};
      strbuf *saved = e->out;
      e->out = &tmp;
      print_decl_stmt(e, part[0]);
      e->out = saved;
      /* one declaration: drop its ";\n" */
      if (tmp.len >= 2)
        tmp.data[tmp.len - 2] = 0;
      dev_emit(e, strbuf_cstr(&tmp));
      strbuf_free(&tmp);
    } else {
      dev_print_expr(e, part[0]);
    }
  }
  dev_emit(e, "; ");
  if (!clang_Cursor_isNull(part[1]))
    dev_print_expr(e, part[1]);
  dev_emit(e, "; ");
  if (!clang_Cursor_isNull(part[2]))
    dev_print_expr(e, part[2]);
  dev_emit(e, ")");
  if (n)
    print_sub(e, kids[n - 1]);
  end_line(e);
  free(kids);
}

static void print_if(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  unsigned i = 0;
  if (n > 3 || (n == 3 && clang_getCursorKind(kids[0]) == CXCursor_DeclStmt))
    dev_report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "a declaration in an if condition");
  dev_emit(e, "if (");
  dev_print_expr(e, kids[i]);
  dev_emit(e, ")");
  print_sub(e, kids[i + 1]);
  if (n > i + 2) {
    if (at_line_start(e))
      indent(e);
    dev_emit(e, at_line_start(e) || e->out->data[e->out->len - 1] == ' '
                    ? "else"
                    : " else");
    if (clang_getCursorKind(kids[i + 2]) == CXCursor_IfStmt) {
      dev_emit(e, " ");
      print_if(e, kids[i + 2]);
      free(kids);
      return;
    }
    print_sub(e, kids[i + 2]);
  }
  end_line(e);
  free(kids);
}

/* while (cond) body and do body while (cond); */
static void print_loop(emitter *e, CXCursor s) {
  if (clang_getCursorKind(s) == CXCursor_WhileStmt) {
    print_keyword_cond(e, s, "while");
    return;
  }
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  dev_emit(e, "do");
  if (n)
    print_sub(e, kids[0]);
  if (at_line_start(e))
    indent(e);
  dev_emit(e, at_line_start(e) || e->out->data[e->out->len - 1] == ' '
                  ? "while ("
                  : " while (");
  if (n > 1)
    dev_print_expr(e, kids[1]);
  dev_emit(e, ");\n");
  free(kids);
}

/* while (cond) body / switch (cond) body */
static void print_keyword_cond(emitter *e, CXCursor s, const char *keyword) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  strbuf_printf(e->out, "%s (", keyword);
  dev_print_expr(e, kids[0]);
  dev_emit(e, ")");
  print_sub(e, kids[n - 1]);
  end_line(e);
  free(kids);
}

/* ---- predication (see devpred.c) ---------------------------------- */

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
    strbuf *saved = e->out;
    e->out = NULL;
    dev_report(e, s, CU2CL_D_PREDICATED_COLLECTIVE, "the rest of the block");
    e->out = saved;
  }
  return r && coll;
}

/* Prints s unconditionally but on its own line under "if (P)". */
static void print_guarded(emitter *e, CXCursor s) {
  const char *p = e->pred;
  if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
    strbuf_printf(e->out, "if (%s) ", p);
    e->pred = NULL;
    print_stmt_body(e, s);
    e->pred = p;
    return;
  }
  strbuf_printf(e->out, "if (%s)\n", e->pred);
  e->pred = NULL;
  e->indent++;
  print_stmt(e, s);
  e->indent--;
  e->pred = p;
}

typedef struct outer_walk {
  emitter *e;
  CXCursor *found;
  size_t n, cap;
} outer_walk;

static enum CXChildVisitResult outer_visit(CXCursor c, CXCursor p,
                                           CXClientData d) {
  outer_walk *w = d;
  if (clang_getCursorKind(c) == CXCursor_CallExpr &&
      dev_call_is_collective(w->e, c)) {
    if (w->n == w->cap) {
      w->cap = w->cap ? 2 * w->cap : 4;
      w->found = xrealloc(w->found, w->cap * sizeof *w->found);
    }
    w->found[w->n++] = c;
    return CXChildVisit_Continue;
  }
  return CXChildVisit_Recurse;
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
  outer_walk w = {e, NULL, 0, 0};
  clang_visitChildren(s, outer_visit, &w);
  size_t base = e->nsubst;
  /* a block of its own: the statement may be the body of a loop */
  dev_emit(e, "{\n");
  e->indent++;
  for (size_t i = 0; i < w.n; i++) {
    CXType t = clang_getCursorType(w.found[i]);
    char *name = xasprintf("cu2cl_t%u", ++e->fresh);
    char *ts = dev_type_string(e, t, 0);
    indent(e);
    strbuf_printf(e->out, "%s %s = ", ts, name);
    e->call_pred = e->pred;
    dev_print_expr(e, w.found[i]);
    e->call_pred = NULL;
    dev_emit(e, ";\n");
    free(ts);
    e->subst = xrealloc(e->subst, (e->nsubst + 1) * sizeof *e->subst);
    e->subst_names =
        xrealloc(e->subst_names, (e->nsubst + 1) * sizeof *e->subst_names);
    e->subst[e->nsubst] = w.found[i];
    e->subst_names[e->nsubst++] = name;
  }
  indent(e);
  print_guarded(e, s);
  e->indent--;
  indent(e);
  dev_emit(e, "}\n");
  while (e->nsubst > base)
    free(e->subst_names[--e->nsubst]);
  free(w.found);
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
                 !dev_has_collective(e, init);
    if (i)
      indent(e);
    if (!simple) {
      const char *p = e->pred;
      e->pred = NULL;
      e->call_pred = dev_has_collective(e, init) ? p : NULL;
      print_var_decl(e, v, 0);
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
    indent(e);
    strbuf_printf(e->out, "if (%s)\n", e->pred);
    e->indent++;
    indent(e);
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

/* A statement under e->pred (indentation already written). */
static void print_pred_stmt(emitter *e, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  if (k == CXCursor_ReturnStmt && !strcmp(e->pred, "cu2cl_active")) {
    /* the top level of a predicated clone: every work-item leaves */
    const char *p = e->pred;
    e->pred = NULL;
    e->call_pred = p;
    print_stmt_body(e, s);
    e->call_pred = NULL;
    e->pred = p;
    return;
  }
  if (k == CXCursor_CompoundStmt && !dev_has_collective(e, s)) {
    print_guarded(e, s);
    return;
  }
  if (k == CXCursor_CompoundStmt) {
    dev_emit(e, "{\n");
    e->indent++;
    print_block_items(e, s);
    e->indent--;
    indent(e);
    dev_emit(e, "}\n");
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
    print_stmt_body(e, s);
    return;
  case CXCursor_IfStmt:
    print_pred_if(e, s);
    return;
  case CXCursor_ForStmt:
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt: {
    /* the loop runs in every work-item; its body is predicated */
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
      print_for(e, s);
    else
      print_loop(e, s);
    e->pred = p;
    return;
  }
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
    print_stmt_body(e, s);
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
    indent(e);
    strbuf_printf(e->out, "const bool %s = %s%s!%s;\n", q,
                  e->pred ? e->pred : "", e->pred ? " && " : "", p);
  }
  const char *saved = e->pred;
  e->pred = p;
  indent(e);
  print_pred_stmt(e, kids[1]);
  if (q) {
    e->pred = q;
    indent(e);
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
  free(kids);
  if (r && !e->quiet) {
    strbuf *saved = e->out;
    e->out = NULL;
    dev_report(e, s, CU2CL_D_PREDICATED_COLLECTIVE, "the branch");
    e->out = saved;
  }
  return r;
}

static void print_stmt(emitter *e, CXCursor s) {
  e->site = s;
  indent(e);
  if (e->pred) {
    print_pred_stmt(e, s);
    return;
  }
  if (clang_getCursorKind(s) == CXCursor_IfStmt && needs_predication(e, s)) {
    print_dual_begin(e);
    indent(e);
    print_pred_if(e, s);
    print_dual_else(e);
    indent(e);
    print_stmt_body(e, s);
    print_dual_end(e);
    return;
  }
  print_stmt_body(e, s);
}

/* A statement, indentation already written. */
static void print_stmt_body(emitter *e, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  CXCursor *kids;
  unsigned n;
  switch (k) {
  case CXCursor_CompoundStmt:
    dev_emit(e, "{\n");
    e->indent++;
    print_block_items(e, s);
    e->indent--;
    indent(e);
    dev_emit(e, "}\n");
    return;
  case CXCursor_DeclStmt:
    print_decl_stmt(e, s);
    return;
  case CXCursor_IfStmt:
    print_if(e, s);
    return;
  case CXCursor_ForStmt:
    print_for(e, s);
    return;
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
    print_loop(e, s);
    return;
  case CXCursor_SwitchStmt:
    print_keyword_cond(e, s, "switch");
    return;
  case CXCursor_CaseStmt:
    n = cx_children(s, &kids);
    dev_emit(e, "case ");
    dev_print_int_value(e, kids[0]);
    dev_emit(e, ":\n");
    if (n > 1) {
      e->indent++;
      print_stmt(e, kids[n - 1]);
      e->indent--;
    }
    free(kids);
    return;
  case CXCursor_DefaultStmt:
    dev_emit(e, "default:\n");
    e->indent++;
    print_stmt(e, dev_first_child(s));
    e->indent--;
    return;
  case CXCursor_BreakStmt:
    dev_emit(e, "break;\n");
    return;
  case CXCursor_ContinueStmt:
    dev_emit(e, "continue;\n");
    return;
  case CXCursor_NullStmt:
    dev_emit(e, ";\n");
    return;
  case CXCursor_ReturnStmt: {
    CXCursor v = dev_first_child(s);
    int ctor =
        e->cur && clang_getCursorKind(e->cur->decl) == CXCursor_Constructor;
    if (ctor) {
      dev_emit(e, "return self;\n");
    } else if (clang_Cursor_isNull(v)) {
      dev_emit(e, "return;\n");
    } else {
      dev_emit(e, "return ");
      dev_print_expr(e, v);
      dev_emit(e, ";\n");
    }
    return;
  }
  case CXCursor_UnexposedStmt: /* attributed statements (#pragma unroll) */
    n = cx_children(s, &kids);
    if (n) {
      drop_line(e);
      print_gap(
          e, s, offset_of(clang_getRangeStart(clang_getCursorExtent(s))),
          offset_of(clang_getRangeStart(clang_getCursorExtent(kids[n - 1]))));
      print_stmt(e, kids[n - 1]);
    }
    free(kids);
    return;
  case CXCursor_LabelStmt:
  case CXCursor_GotoStmt:
    dev_report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, "goto");
    dev_emit(e, "\n");
    return;
  default:
    if (clang_isExpression(k)) {
      dev_print_expr(e, s);
      dev_emit(e, ";\n");
      return;
    }
    {
      char *kn = cx_kind_name(s);
      dev_report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, kn);
      free(kn);
      dev_emit(e, "\n");
    }
    return;
  }
}

/* ---- functions ------------------------------------------------------ */

typedef struct shared_walk {
  emitter *e;
  int in_device_function;
} shared_walk;

static enum CXChildVisitResult shared_visit(CXCursor c, CXCursor p,
                                            CXClientData d) {
  shared_walk *w = d;
  if (clang_getCursorKind(c) == CXCursor_VarDecl &&
      (cx_cuda_attrs(c) & CX_SHARED) && !dev_is_extern_shared(c)) {
    if (w->in_device_function) {
      char *n = cx_spelling(c);
      char *fn = cx_spelling(w->e->cur->decl);
      strbuf *saved = w->e->out;
      w->e->out = NULL;
      dev_report(w->e, c, CU2CL_D_LOCAL_IN_DEVICE_FUNCTION, n, fn);
      w->e->out = saved;
      free(n);
      free(fn);
      return CXChildVisit_Continue;
    }
    char *n = cx_spelling(c);
    char *sn = dev_safe_name(n);
    dev_emit(w->e, "  ");
    dev_print_type_decl(w->e, w->e->out, clang_getCursorType(c), 'l', sn);
    dev_emit(w->e, ";\n");
    free(n);
    free(sn);
    return CXChildVisit_Continue;
  }
  return CXChildVisit_Recurse;
}

static void print_param(emitter *e, fn_clone *f, CXCursor p) {
  char *n = cx_spelling(p);
  char *sn = *n ? dev_safe_name(n) : xstrdup("unnamed");
  CXType t = clang_getCursorType(p);
  var_entry *v = dev_var_find(e, p);
  if (dev_is_nonconst_ref(t)) {
    char *d = xasprintf("*%s", sn);
    dev_print_type_decl(e, e->out,
                        clang_getPointeeType(clang_getCanonicalType(t)),
                        v ? v->space : 'p', d);
    free(d);
  } else if (dev_is_const_ref(t)) {
    dev_print_type_decl(e, e->out,
                        clang_getPointeeType(clang_getCanonicalType(t)), 0, sn);
  } else if (f->is_kernel && dev_record_has_pointers(t)) {
    char *kt = dev_kernarg_type(e, t);
    strbuf_printf(e->out, "%s %s_arg", kt, sn);
    strbuf *saved = e->out;
    e->out = NULL;
    dev_report(e, p, CU2CL_D_STRUCT_POINTER_ARG, n, kt);
    e->out = saved;
    free(kt);
  } else if (f->is_kernel && clang_getCanonicalType(t).kind == CXType_Bool) {
    strbuf_printf(e->out, "uchar %s", sn); /* OpenCL forbids bool args */
    strbuf *saved = e->out;
    e->out = NULL;
    dev_report(e, p, CU2CL_D_BOOL_OR_SIZE_T_ARG, n, "bool", "uchar");
    e->out = saved;
  } else {
    dev_print_type_decl(e, e->out, t,
                        v && (v->flags & V_POINTER) ? v->space : 0, sn);
  }
  free(n);
  free(sn);
}

static void print_signature(emitter *e, fn_clone *f) {
  CXCursor d = f->decl;
  int ctor = clang_getCursorKind(d) == CXCursor_Constructor;
  if (f->is_kernel) {
    fn_uses *ku = dev_uses_of(e, d);
    /* Kernels with warp operations: pinned sub-group size where the device
     * has one (the prelude defines the attribute per path). */
    strbuf_printf(e->out, "%s__kernel void %s(",
                  ku && ku->warp ? "CU2CL_WARP_KERNEL " : "", f->name);
  } else {
    CXType rt = ctor ? clang_getCursorType(clang_getCursorSemanticParent(d))
                     : clang_getCursorResultType(d);
    char *r =
        dev_type_string(e, rt, dev_is_pointer_type(rt) ? f->ret_space : 0);
    strbuf_printf(e->out, "%s %s(", r, f->name);
    free(r);
  }
  int first = 1;
  if (f->predicated) {
    dev_emit(e, "bool cu2cl_active");
    first = 0;
  }
  if (f->self && f->self != 'N' && !ctor) {
    if (!first)
      dev_emit(e, ", ");
    CXType ct = clang_getCursorType(clang_getCursorSemanticParent(d));
    char *cn = dev_type_name(e, ct);
    if (f->self == 'S')
      strbuf_printf(e->out, "%s self", cn);
    else
      strbuf_printf(e->out, "%s%s%s *self", dev_space_word(f->self),
                    *dev_space_word(f->self) ? " " : "", cn);
    free(cn);
    first = 0;
  }
  int n = clang_Cursor_getNumArguments(d);
  for (int i = 0; i < n; i++) {
    if (!first)
      dev_emit(e, ", ");
    first = 0;
    print_param(e, f, clang_Cursor_getArgument(d, (unsigned)i));
  }
  fn_uses *u = dev_uses_of(e, d);
  for (size_t i = 0; u && i < u->nsyms; i++) {
    if (!u->syms[i] || (f->is_kernel && e->syms[i].space == 'l'))
      continue; /* kernels declare hoisted __shared__ variables */
    symbol *s = &e->syms[i];
    CXType t = clang_getCursorType(s->decl);
    CXType et =
        s->is_array ? clang_getArrayElementType(clang_getCanonicalType(t)) : t;
    char *d2 = xasprintf("*%s", s->name);
    if (!first)
      dev_emit(e, ", ");
    first = 0;
    dev_print_type_decl(e, e->out, et, s->space, d2);
    free(d2);
  }
  if (u && u->warp && !f->is_kernel) {
    strbuf_printf(e->out, "%s__local ulong *cu2cl_warp_scratch",
                  first ? "" : ", ");
    first = 0;
  }
  if (u && u->dynshm)
    strbuf_printf(e->out, "%s__local cu2cl_shared_unit *cu2cl_dynamic_shared%s",
                  first ? "" : ", ", f->is_kernel ? "_param" : "");
  else if (first)
    dev_emit(e, "void");
  dev_emit(e, ")");
}

static void print_ctor_inits(emitter *e, CXCursor ctor) {
  CXCursor *kids;
  unsigned n = cx_children(ctor, &kids);
  for (unsigned i = 0; i + 1 < n; i++) {
    if (clang_getCursorKind(kids[i]) != CXCursor_MemberRef)
      continue;
    char *m = cx_spelling(kids[i]);
    char *sm = dev_safe_name(m);
    strbuf_printf(e->out, "  self.%s = ", sm);
    dev_print_expr(e, kids[i + 1]);
    dev_emit(e, ";\n");
    free(m);
    free(sm);
  }
  free(kids);
}

static void emit_function(emitter *e, size_t idx) {
  fn_clone *f = &e->fns[idx];
  dev_analyze_function(e, f);
  dev_mark_varying(e, e->fns[idx].decl, e->fns[idx].is_kernel);
  dev_check_warp_code(e, e->fns[idx].decl);
  f = &e->fns[idx];
  if (!f->is_kernel &&
      dev_is_pointer_type(clang_getCursorResultType(f->decl))) {
    dev_function_return_space(e, f);
    e->quiet = 1; /* the first analysis reported */
    dev_analyze_function(e, &e->fns[idx]);
    dev_mark_varying(e, e->fns[idx].decl, e->fns[idx].is_kernel);
    e->quiet = 0;
  }
  f = &e->fns[idx];
  e->cur = f;
  e->fresh = 0; /* predicate and temporary names restart per function */
  strbuf sig = {0}, body = {0};
  e->out = &sig;
  e->indent = 0;
  print_signature(e, f);
  strbuf_printf(&e->protos, "%s;\n", strbuf_cstr(&sig));
  e->out = &body;
  char *name = cx_spelling(f->decl);
  cx_loc l = cx_location(f->decl);
  strbuf_printf(&body, "/* %s, from %s:%u */\n%s {\n", name,
                path_basename(l.file ? l.file : "?"), l.line,
                strbuf_cstr(&sig));
  cx_loc_free(&l);
  free(name);
  int ctor = clang_getCursorKind(f->decl) == CXCursor_Constructor;
  if (ctor) {
    char *cn = dev_type_name(
        e, clang_getCursorType(clang_getCursorSemanticParent(f->decl)));
    strbuf_printf(&body, "  %s self;\n", cn);
    free(cn);
    print_ctor_inits(e, f->decl);
  }
  fn_uses *fu = f->is_kernel ? dev_uses_of(e, f->decl) : NULL;
  if (fu && fu->lanes) {
    char *kn = cx_spelling(f->decl);
    strbuf *saved = e->out;
    e->out = NULL;
    dev_report(e, f->decl, CU2CL_D_WARP_EMULATION, kn);
    e->out = saved;
    free(kn);
  }
  if (fu && fu->warp)
    strbuf_append(&body, "  __local ulong cu2cl_warp_scratch"
                         "[CU2CL_WARP_SCRATCH_SIZE]; /* warp operations */\n");
  /* Dynamic shared memory comes as a __local pointer parameter, which
   * NVIDIA's compiler addresses with 64-bit arithmetic; cu2clrt may build
   * the program for one launch size instead (docs/runtime.md), and then the
   * kernel declares it as an array: 32-bit shared addresses, as nvcc's. */
  if (fu && fu->dynshm)
    strbuf_append(&body,
                  "#ifdef CU2CL_DYNAMIC_SHARED_UNITS /* built for one size */\n"
                  "  __local cu2cl_shared_unit cu2cl_dynamic_shared"
                  "[CU2CL_DYNAMIC_SHARED_UNITS];\n"
                  "#else\n"
                  "  __local cu2cl_shared_unit *cu2cl_dynamic_shared = "
                  "cu2cl_dynamic_shared_param;\n"
                  "#endif\n");
  for (size_t i = 0; fu && i < fu->nsyms; i++) {
    if (!fu->syms[i] || e->syms[i].space != 'l')
      continue;
    CXType t = clang_getCursorType(e->syms[i].decl);
    char *d = e->syms[i].is_array ? xstrdup(e->syms[i].name)
                                  : xasprintf("%s[1]", e->syms[i].name);
    strbuf_append(&body, "  ");
    dev_print_type_decl(e, &body, t, 'l', d);
    strbuf_printf(&body, "; /* __shared__ of a device function */\n");
    free(d);
  }
  if (fu && fu->fp64) {
    char *kn = cx_spelling(f->decl);
    dev_report(e, f->decl, CU2CL_D_DOUBLE_PRECISION, kn);
    free(kn);
  }
  if (fu && fu->int64_atomics) {
    char *kn = cx_spelling(f->decl);
    dev_report(e, f->decl, CU2CL_D_INT64_ATOMICS, kn);
    free(kn);
  }
  int nparams = clang_Cursor_getNumArguments(f->decl);
  for (int i = 0; f->is_kernel && i < nparams; i++) {
    CXCursor p = clang_Cursor_getArgument(f->decl, (unsigned)i);
    CXType t = clang_getCursorType(p);
    if (!dev_record_has_pointers(t))
      continue;
    char *tn = dev_type_name(e, t);
    char *pn = cx_spelling(p);
    char *sn = dev_safe_name(pn);
    strbuf_printf(&body, "  %s %s = cu2cl_unpack_%s(%s_arg);\n", tn, sn, tn,
                  sn);
    free(tn);
    free(pn);
    free(sn);
  }
  CXCursor b = dev_function_body(f->decl);
  shared_walk sw = {e, !f->is_kernel};
  if (!clang_Cursor_isNull(b)) {
    clang_visitChildren(b, shared_visit, &sw);
    e->indent = 1;
    e->cur = &e->fns[idx];
    /* a predicated clone runs in every work-item; its effects are guarded
     * by its predicate parameter */
    e->pred = e->cur->predicated ? "cu2cl_active" : NULL;
    print_block_items(e, b);
    e->pred = NULL;
  }
  if (ctor)
    dev_emit(e, "  return self;\n");
  dev_emit(e, "}\n\n");
  strbuf_append(&e->bodies, strbuf_cstr(&body));
  strbuf_free(&sig);
  strbuf_free(&body);
  e->out = NULL;
  e->cur = NULL;
}

/* Source text between the '<' after `template` and its matching '>'. */
static char *template_param_text(emitter *e, CXCursor tpl) {
  CXToken *toks;
  unsigned n;
  clang_tokenize(e->tu, clang_getCursorExtent(tpl), &toks, &n);
  unsigned begin = 0, end = 0, depth = 0, started = 0;
  for (unsigned i = 0; i < n && !end; i++) {
    char *t = cx_take(clang_getTokenSpelling(e->tu, toks[i]));
    CXSourceRange r = clang_getTokenExtent(e->tu, toks[i]);
    if (!strcmp(t, "<")) {
      if (!started++)
        clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &begin);
      depth++;
    } else if (!strcmp(t, ">") && started && --depth == 0) {
      clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &end);
    } else if (!strcmp(t, ">>") && started) {
      depth = depth >= 2 ? depth - 2 : 0;
      if (!depth)
        clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &end),
            end++;
    }
    free(t);
  }
  CXFile file;
  clang_getFileLocation(clang_getCursorLocation(tpl), &file, NULL, NULL, NULL);
  size_t len = 0;
  const char *src = file ? clang_getFileContents(e->tu, file, &len) : NULL;
  char *r = src && end > begin && end <= len
                ? xstrndup(src + begin, end - begin)
                : xstrdup("");
  clang_disposeTokens(e->tu, toks, n);
  return r;
}

static char *template_args_text(CXCursor spec) {
  strbuf b = {0};
  int n = clang_Cursor_getNumTemplateArguments(spec);
  for (int i = 0; i < n; i++) {
    if (i)
      strbuf_append(&b, ", ");
    switch (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i)) {
    case CXTemplateArgumentKind_Type: {
      char *t = cx_type_spelling(
          clang_Cursor_getTemplateArgumentType(spec, (unsigned)i));
      strbuf_append(&b, t);
      free(t);
      break;
    }
    case CXTemplateArgumentKind_Integral: {
      char *v = dev_template_value(spec, (unsigned)i);
      strbuf_append(&b, v);
      free(v);
      break;
    }
    default:
      strbuf_append(&b, "/* unsupported template argument */");
      break;
    }
  }
  return strbuf_take(&b);
}

static enum CXChildVisitResult pattern_param(CXCursor c, CXCursor p,
                                             CXClientData d) {
  if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
    char *t = cx_type_spelling(clang_getCursorType(c));
    char *n = cx_spelling(c);
    strvec_push_own(
        d, xasprintf("%s%s%s", t, str_ends_with(t, "*") ? "" : " ", n));
    free(t);
    free(n);
  }
  return CXChildVisit_Continue;
}

static void kernel_spec(emitter *e, fn_clone *f, cu2cl_kernel_spec *k) {
  memset(k, 0, sizeof *k);
  k->usr = xstrdup(f->usr);
  CXCursor tpl = clang_getSpecializedCursorTemplate(f->decl);
  k->template_usr = clang_Cursor_isNull(tpl) ? xstrdup(f->usr) : cx_usr(tpl);
  k->cuda_name = cx_spelling(f->decl);
  k->cl_name = xstrdup(f->name);
  if (!clang_Cursor_isNull(tpl)) {
    k->tpl_params = template_param_text(e, tpl);
    k->tpl_args = template_args_text(f->decl);
    k->display = xasprintf("%s<%s>", k->cuda_name, k->tpl_args);
    clang_visitChildren(tpl, pattern_param, &k->pattern_params);
  } else {
    k->display = cx_take(clang_getCursorDisplayName(f->decl));
  }
  int n = clang_Cursor_getNumArguments(f->decl);
  fn_uses *u = dev_uses_of(e, f->decl);
  k->uses_warp = u && u->warp;
  size_t cap = (size_t)(n > 0 ? n : 0) + e->nsyms + 1;
  k->params = xcalloc(cap, sizeof *k->params);
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(f->decl, (unsigned)i);
    CXType t = clang_getCursorType(p);
    cu2cl_kernel_param *kp = &k->params[k->nparams++];
    kp->kind = dev_is_pointer_type(t) ? CU2CL_KARG_DEVPTR : CU2CL_KARG_VALUE;
    kp->host_type = cx_type_spelling(t);
    char *pn = cx_spelling(p);
    kp->name = *pn ? pn : xasprintf("arg%d", i);
    if (!*pn)
      free(pn);
  }
  for (size_t i = 0; u && i < u->nsyms; i++) {
    if (!u->syms[i] || e->syms[i].space == 'l')
      continue;
    cu2cl_kernel_param *kp = &k->params[k->nparams++];
    kp->kind = CU2CL_KARG_SYMBOL;
    kp->host_type = xstrdup("cu2clSymbol");
    kp->name = xstrdup(e->syms[i].name);
  }
  if (u && u->dynshm) {
    cu2cl_kernel_param *kp = &k->params[k->nparams++];
    kp->kind = CU2CL_KARG_LOCAL;
    kp->host_type = xstrdup("size_t");
    kp->name = xstrdup("cu2cl_dynamic_shared");
  }
}

int cu2cl_emit_device(CXTranslationUnit tu, const CXCursor *kernels,
                      size_t nkernels, const cu2cl_device_opts *opts,
                      cu2cl_diag_engine *diags, cu2cl_device_unit *out) {
  emitter e = {0};
  e.tu = tu;
  e.diags = diags;
  e.opts = opts;
  memset(out, 0, sizeof *out);
  for (size_t i = 0; i < nkernels; i++) {
    int n = clang_Cursor_getNumArguments(kernels[i]);
    char *sp = xmalloc((size_t)(n > 0 ? n : 0) + 1);
    memset(sp, 'g', (size_t)(n > 0 ? n : 0));
    sp[n > 0 ? n : 0] = 0;
    dev_queue_function(&e, kernels[i], sp, 0, 1);
    free(sp);
  }
  for (size_t i = 0; i < e.nfns; i++)
    emit_function(&e, i);
  out->nkernels = 0;
  out->kernels = xcalloc(nkernels + 1, sizeof *out->kernels);
  for (size_t i = 0; i < e.nfns; i++)
    if (e.fns[i].is_kernel)
      kernel_spec(&e, &e.fns[i], &out->kernels[out->nkernels++]);

  strbuf cl = {0};
  strbuf_printf(&cl,
                "/*\n * OpenCL C translation of %s, generated by cu2cl %s.\n"
                " * Kernels: ",
                opts && opts->source_name ? opts->source_name : "?",
                CU2CL_VERSION);
  for (size_t i = 0; i < out->nkernels; i++)
    strbuf_printf(&cl, "%s%s", i ? ", " : "", out->kernels[i].cl_name);
  strbuf_append(&cl, "\n */\n\n");
  strbuf_printf(&cl,
                "#ifndef CU2CL_WARP_SIZE\n#define CU2CL_WARP_SIZE %d\n"
                "#endif\n",
                opts && opts->warp_size ? opts->warp_size : 32);
  /* CUDA aligns dynamic shared memory to at least 16 bytes; OpenCL drivers
   * align a __local argument for its element type only (NVIDIA's to 1 for
   * uchar), so the buffer is declared in 16-byte units. */
  strbuf_append(&cl, "/* Unit of dynamic __local memory (extern __shared__): "
                     "16-byte aligned as in CUDA. */\n"
                     "typedef ulong2 cu2cl_shared_unit;\n"
                     "/* A cooperative group: implied by the work-item, so a "
                     "handle only. */\n"
                     "typedef int cu2cl_cg_group;\n");
  strbuf_append(&cl, "#ifdef cl_khr_fp64\n"
                     "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                     "#endif\n\n");
  if (opts && opts->prelude) {
    strbuf_append(&cl, "/* ---- cu2cl prelude ---- */\n");
    strbuf_append(&cl, opts->prelude);
    strbuf_append(&cl, "/* ---- end of cu2cl prelude ---- */\n\n");
  }
  strbuf_append(&cl, strbuf_cstr(&e.types));
  strbuf_append(&cl, strbuf_cstr(&e.protos));
  strbuf_append(&cl, "\n");
  strbuf_append(&cl, strbuf_cstr(&e.bodies));
  out->cl_source = strbuf_take(&cl);
  out->errors = e.errors;

  dev_state_free(&e);
  return (int)out->errors;
}

void cu2cl_device_unit_free(cu2cl_device_unit *u) {
  for (size_t i = 0; i < u->nkernels; i++) {
    cu2cl_kernel_spec *k = &u->kernels[i];
    for (size_t j = 0; j < k->nparams; j++) {
      free(k->params[j].host_type);
      free(k->params[j].name);
    }
    free(k->params);
    free(k->usr);
    free(k->template_usr);
    free(k->cuda_name);
    free(k->tpl_params);
    free(k->tpl_args);
    strvec_free(&k->pattern_params);
    free(k->cl_name);
    free(k->display);
  }
  free(u->kernels);
  free(u->cl_source);
  memset(u, 0, sizeof *u);
}

char *cu2cl_specialization_name(CXCursor fn) {
  return dev_specialization_name(fn);
}
