/*
 * dev_index: uniform values, affine forms of indices in threadIdx.x and
 * the ranges of threadIdx.x under conditions, for dev_sync.
 *
 * Everything here is syntactic, so dev_sync can analyse a callee before
 * the emitter reaches it: a value is uniform when built from constants,
 * block geometry, kernel parameters and variables whose every definition
 * is uniform (loop counters with uniform starts included); an index is
 * affine when it is coef * threadIdx.x + constant + one uniform term,
 * following variables that are never reassigned to their initializers.
 *
 * Layer 9 of the device emitter (dev_state.h): calls dev_state and
 * dev_cg (a group's thread rank in a condition).
 */
#include "dev_index.h"

#include <string.h>

#include "dev_cg.h"

const char *dev_index_keep(sync_walk *w, char *s) {
  strvec_push_own(&w->strs, s);
  return s;
}

CXCursor dev_index_strip(CXCursor c) {
  for (;;) {
    c = cx_strip_implicit(c);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
        k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXFunctionalCastExpr)
      return c;
    CXCursor in = dev_last_child(c);
    if (clang_Cursor_isNull(in))
      return c;
    c = in;
  }
}

var_info *dev_index_var(sync_walk *w, CXCursor d) {
  cx_key k = cx_key_of(d);
  for (size_t i = 0; i < w->nvars; i++)
    if (cx_key_eq(&w->vars[i].key, &k))
      return &w->vars[i];
  return NULL;
}

static void note_assign(sync_walk *w, CXCursor target, int header) {
  target = dev_index_strip(target);
  if (clang_getCursorKind(target) != CXCursor_DeclRefExpr)
    return;
  CXCursor d = clang_getCursorReferenced(target);
  var_info *v = dev_index_var(w, d);
  if (w->bumping) {
    if (v && (v->outside || !v->header) && !w->stride)
      v->version++;
    if (v && v->stride)
      w->stride_epoch++;
    return;
  }
  if (!v) {
    w->vars = xrealloc(w->vars, (w->nvars + 1) * sizeof *w->vars);
    v = &w->vars[w->nvars++];
    memset(v, 0, sizeof *v);
    v->key = cx_key_of(d);
    v->decl = d;
  }
  if (header)
    v->header = 1;
  else
    v->outside = 1;
}

/* v += u, v -= u or v = v + u with u uniform: a loop's stride. */
static int uniform_step(sync_walk *w, CXCursor c, CXCursor *kids) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CompoundAssignOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    return (op == CXBinaryOperator_AddAssign ||
            op == CXBinaryOperator_SubAssign) &&
           dev_index_uniform(w, kids[1], 3);
  }
  CXCursor v = dev_index_strip(kids[0]), r = dev_index_strip(kids[1]);
  if (clang_getCursorKind(r) != CXCursor_BinaryOperator ||
      (clang_getCursorBinaryOperatorKind(r) != CXBinaryOperator_Add &&
       clang_getCursorBinaryOperatorKind(r) != CXBinaryOperator_Sub))
    return 0;
  CXCursor *rk;
  int step = 0;
  if (cx_children(r, &rk) == 2) {
    CXCursor a = dev_index_strip(rk[0]);
    step = clang_getCursorKind(a) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(a),
                              clang_getCursorReferenced(v)) &&
           dev_index_uniform(w, rk[1], 3);
  }
  free(rk);
  return step;
}

/* Records which variables are assigned after their declaration; or, when
 * w->bumping, counts the assignments that are not a loop's uniform step
 * (own_signature in dev_sync). */
void dev_index_assignments(sync_walk *w, CXCursor c, int header) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int assign =
      (k == CXCursor_CompoundAssignOperator && n == 2) ||
      (k == CXCursor_BinaryOperator && n == 2 &&
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign);
  if (assign) {
    w->stride = w->bumping && uniform_step(w, c, kids);
    note_assign(w, kids[0], header);
    w->stride = 0;
  }
  if (k == CXCursor_UnaryOperator && n == 1) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    w->stride = w->bumping;
    if (op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PostInc ||
        op == CXUnaryOperator_PreDec || op == CXUnaryOperator_PostDec)
      note_assign(w, kids[0], header);
    w->stride = 0;
    if (op == CXUnaryOperator_AddrOf)
      note_assign(w, kids[0], 0); /* may be written through */
  }
  for (unsigned i = 0; i < n; i++)
    dev_index_assignments(w, kids[i], k == CXCursor_ForStmt && i + 1 < n);
  free(kids);
}

void dev_index_bump(sync_walk *w, CXCursor c) {
  w->bumping = 1;
  dev_index_assignments(w, c, 0);
  w->bumping = 0;
}

int dev_index_builtin_var(CXCursor c, const char *name) {
  c = dev_index_strip(c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return 0;
  CXCursor d = clang_getCursorReferenced(c);
  if (!cx_in_system_header(d))
    return 0;
  char *n = cx_spelling(d);
  int r = !strcmp(n, name);
  free(n);
  return r;
}

static int is_tid_x(CXCursor c) {
  c = dev_index_strip(c);
  if (clang_getCursorKind(c) != CXCursor_MemberRefExpr ||
      !dev_index_builtin_var(dev_first_child(c), "threadIdx"))
    return 0;
  /* the member's token: the toolkit's is a property without a name */
  char *m = cx_tokens_text(clang_Cursor_getTranslationUnit(c), c);
  int r = str_ends_with(m, "x");
  free(m);
  return r;
}

/* ---- a device function's parameters at its calls ----------------------- */

typedef struct call_find {
  sync_walk *w;
  cx_key fn;
  unsigned long long varying; /* bit i: a call passes a varying value */
  int calls;
} call_find;

/* ref names the function f looks for: itself, a specialization of it,
 * or an overload set holding it (a call in a template's body). */
static int refers_to(const call_find *f, CXCursor ref) {
  if (clang_Cursor_isNull(ref))
    return 0;
  cx_key k = cx_key_of(ref);
  if (cx_key_eq(&k, &f->fn))
    return 1;
  if (clang_getCursorKind(ref) == CXCursor_OverloadedDeclRef) {
    unsigned n = clang_getNumOverloadedDecls(ref);
    for (unsigned i = 0; i < n; i++)
      if (refers_to(f, clang_getOverloadedDecl(ref, i)))
        return 1;
    return 0;
  }
  CXCursor t = clang_getSpecializedCursorTemplate(ref);
  if (clang_Cursor_isNull(t))
    return 0;
  k = cx_key_of(t);
  return cx_key_eq(&k, &f->fn);
}

static int calls_fn(CXCursor c, void *ctx) {
  call_find *f = ctx;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return 0;
  if (refers_to(f, clang_getCursorReferenced(c)))
    return 1;
  /* a dependent call: the callee expression names the overload set */
  CXCursor callee = dev_index_strip(dev_first_child(c));
  return !clang_Cursor_isNull(callee) &&
         (refers_to(f, clang_getCursorReferenced(callee)) ||
          refers_to(f, dev_first_child(callee)));
}

static enum CXChildVisitResult find_callers(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  (void)parent;
  call_find *f = data;
  if (cx_in_system_header(c))
    return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate &&
      k != CXCursor_CXXMethod && k != CXCursor_Constructor)
    return CXChildVisit_Recurse;
  CXCursor body = dev_function_body(c), *calls = NULL;
  size_t n =
      clang_Cursor_isNull(body) ? 0 : dev_find(body, calls_fn, f, 0, &calls);
  if (n) {
    sync_walk cw = {0};
    cw.e = f->w->e;
    cw.fn = c;
    cw.is_kernel = (cx_cuda_attrs(c) & CX_GLOBAL) != 0;
    cw.nested = 1;
    dev_index_assignments(&cw, body, 0);
    dev_index_strides(&cw, body);
    for (size_t i = 0; i < n; i++) {
      CXCursor *args;
      unsigned na = dev_call_args(calls[i], &args);
      for (unsigned a = 0; a < na && a < 64; a++)
        if (!dev_index_uniform(&cw, args[a], 3))
          f->varying |= 1ULL << a;
      free(args);
    }
    f->calls += (int)n;
    free(cw.vars);
    free(cw.declared);
    strvec_free(&cw.strs);
  }
  free(calls);
  return CXChildVisit_Continue;
}

/* d, a parameter of the device function being walked, gets a value the
 * same in every thread at each of its calls in this unit (the caller's
 * kernel parameters, constants, block geometry): one scan of the unit per
 * function, callers' own parameters taken as varying. */
static int parm_uniform_at_calls(sync_walk *w, CXCursor d) {
  if (w->nested)
    return 0;
  if (!w->parms_known) {
    CXCursor fn = w->fn;
    CXCursor t = clang_getSpecializedCursorTemplate(fn);
    call_find f = {w, cx_key_of(clang_Cursor_isNull(t) ? fn : t), 0, 0};
    clang_visitChildren(clang_getTranslationUnitCursor(w->e->tu), find_callers,
                        &f);
    w->parms_known = 1;
    w->parms_uniform = f.calls ? ~f.varying : 0;
  }
  CXCursor *kids;
  unsigned n = cx_children(w->fn, &kids), i = 0;
  int r = 0;
  cx_key b = cx_key_of(d);
  for (unsigned j = 0; j < n && i < 64; j++) {
    if (clang_getCursorKind(kids[j]) != CXCursor_ParmDecl)
      continue;
    cx_key a = cx_key_of(kids[j]);
    if (cx_key_eq(&a, &b)) {
      r = (w->parms_uniform >> i) & 1;
      break;
    }
    i++;
  }
  free(kids);
  return r;
}

static int children_uniform(sync_walk *w, CXCursor c, int depth) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int r = 1;
  for (unsigned i = 0; i < n && r; i++)
    r = dev_index_uniform(w, kids[i], depth);
  free(kids);
  return r;
}

static int var_uniform(sync_walk *w, CXCursor d, int depth) {
  enum CXCursorKind k = clang_getCursorKind(d);
  if (k == CXCursor_EnumConstantDecl || k == CXCursor_NonTypeTemplateParameter)
    return 1;
  if (cx_in_system_header(d))
    return k == CXCursor_VarDecl; /* warpSize */
  var_info *v = dev_index_var(w, d);
  if (v && v->outside)
    return v->stride;
  if (k == CXCursor_ParmDecl)
    return w->is_kernel || parm_uniform_at_calls(w, d);
  if (k != CXCursor_VarDecl || depth <= 0 || (cx_cuda_attrs(d) & CX_SHARED))
    return 0;
  CXCursor parent = clang_getCursorSemanticParent(d);
  enum CXCursorKind pk = clang_getCursorKind(parent);
  if (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace)
    return (cx_cuda_attrs(d) & CX_CONSTANT) != 0 ||
           clang_isConstQualifiedType(clang_getCursorType(d));
  CXCursor init = dev_var_init(d);
  return !clang_Cursor_isNull(init) && dev_index_uniform(w, init, depth - 1);
}

/* The same value in every thread of the block (syntactically: built from
 * constants, block geometry and uniform variables; no memory reads). */
int dev_index_uniform(sync_walk *w, CXCursor c, int depth) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_CXXBoolLiteralExpr:
  case CXCursor_UnaryExpr:
    return 1;
  case CXCursor_MemberRefExpr: {
    CXCursor base = dev_first_child(c);
    if (dev_index_builtin_var(base, "threadIdx"))
      return 0;
    if (dev_index_builtin_var(base, "blockIdx") ||
        dev_index_builtin_var(base, "blockDim") ||
        dev_index_builtin_var(base, "gridDim"))
      return 1;
    return children_uniform(w, c, depth);
  }
  case CXCursor_DeclRefExpr:
    return var_uniform(w, clang_getCursorReferenced(c), depth);
  case CXCursor_CallExpr:
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_CompoundAssignOperator:
    return 0;
  case CXCursor_UnaryOperator:
    if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)
      return 0;
    return children_uniform(w, c, depth);
  default:
    return children_uniform(w, c, depth);
  }
}

/* Appends ":name@version" for each stride c names: a uniform term's
 * text stands for one value only while its strides keep their versions. */
static int add_stride_version(CXCursor c, void *ctx) {
  void **a = ctx;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    var_info *v = dev_index_var(a[0], clang_getCursorReferenced(c));
    if (v && v->outside) {
      char *name = cx_spelling(c);
      strbuf_printf(a[1], ":%s@%u", name, v->version);
      free(name);
    }
  }
  return 0;
}

const char *dev_index_sym(sync_walk *w, CXCursor c) {
  strbuf b = {0};
  char *text = cx_tokens_text(w->e->tu, c);
  strbuf_append(&b, text);
  free(text);
  void *ctx[2] = {w, &b};
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
    add_stride_version(c, ctx);
  else
    dev_find(c, add_stride_version, ctx, 1, NULL);
  return dev_index_keep(w, strbuf_take(&b));
}

static int names_stride(CXCursor c, void *ctx) {
  var_info *v = clang_getCursorKind(c) == CXCursor_DeclRefExpr
                    ? dev_index_var(ctx, clang_getCursorReferenced(c))
                    : NULL;
  return v && v->stride;
}

void dev_index_declared(sync_walk *w, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  for (unsigned i = 0; i < n; i++) {
    if (clang_getCursorKind(kids[i]) != CXCursor_VarDecl)
      continue;
    cx_key k = cx_key_of(kids[i]);
    size_t j = 0;
    while (j < w->ndeclared && !cx_key_eq(&w->declared[j].key, &k))
      j++;
    if (j == w->ndeclared) {
      w->declared =
          xrealloc(w->declared, (w->ndeclared + 1) * sizeof *w->declared);
      w->declared[w->ndeclared++].key = k;
    }
    w->declared[j].epoch = w->stride_epoch;
  }
  free(kids);
}

/* Whether d's initializer init still has its value's strides: it names
 * none, or no stride changed since the walk passed d's declaration. */
int dev_index_init_current(sync_walk *w, CXCursor d, CXCursor init) {
  if (!names_stride(init, w) && !dev_find(init, names_stride, w, 1, NULL))
    return 1;
  cx_key k = cx_key_of(d);
  for (size_t j = 0; j < w->ndeclared; j++)
    if (cx_key_eq(&w->declared[j].key, &k))
      return w->declared[j].epoch == w->stride_epoch;
  return 0;
}

static lin lin_combine(lin a, lin b, enum CXBinaryOperatorKind op) {
  lin r = {0};
  if (op != CXBinaryOperator_Mul && a.atom && b.known && !b.coef && !b.sym)
    return (lin){0, 0, a.k + (op == CXBinaryOperator_Sub ? -b.k : b.k), NULL,
                 a.atom};
  if (!a.known || !b.known)
    return r;
  if (op == CXBinaryOperator_Mul) {
    if (a.coef || a.sym) {
      lin t = a;
      a = b;
      b = t;
    }
    if (a.coef || a.sym || (b.sym && a.k != 1))
      return r;
    return (lin){1, a.k * b.coef, a.k * b.k, b.sym, NULL};
  }
  if ((a.sym && b.sym) || (op == CXBinaryOperator_Sub && b.sym))
    return r;
  long long s = op == CXBinaryOperator_Sub ? -1 : 1;
  return (lin){1, a.coef + s * b.coef, a.k + s * b.k, a.sym ? a.sym : b.sym,
               NULL};
}

lin dev_index_lin(sync_walk *w, CXCursor c, int depth) {
  lin r = {0};
  c = dev_index_strip(c);
  long long v;
  if (cx_eval_int(c, &v, NULL))
    return (lin){1, 0, v, NULL, NULL};
  if (is_tid_x(c))
    return (lin){1, 1, 0, NULL, NULL};
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_DeclRefExpr && depth > 0) {
    CXCursor d = clang_getCursorReferenced(c);
    CXCursor init = clang_getCursorKind(d) == CXCursor_VarDecl
                        ? dev_var_init(d)
                        : clang_getNullCursor();
    if (!dev_index_var(w, d) && !clang_Cursor_isNull(init) &&
        !cx_in_system_header(d) && dev_index_init_current(w, d, init))
      return dev_index_lin(w, init, depth - 1);
  }
  if (dev_index_uniform(w, c, 3))
    return (lin){1, 0, 0, dev_index_sym(w, c), NULL};
  if (k == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub &&
        op != CXBinaryOperator_Mul)
      return r;
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    if (n == 2)
      r = lin_combine(dev_index_lin(w, kids[0], depth),
                      dev_index_lin(w, kids[1], depth), op);
    free(kids);
  }
  if (!r.known && !r.atom)
    r.atom = dev_index_keep(w, cx_tokens_text(w->e->tu, c));
  return r;
}

/* ---- guards: the range of threadIdx.x under a condition -------------- */

int dev_index_same_sym(bound a, bound b) {
  return a.sym == b.sym || (a.sym && b.sym && !strcmp(a.sym, b.sym));
}

/* a <= b, provably */
int dev_index_le(bound a, bound b) {
  return !a.inf && !b.inf && dev_index_same_sym(a, b) && a.k <= b.k;
}

static void set_hi(guard *g, bound b) {
  if (g->hi.inf || (!b.sym && g->hi.sym) || dev_index_le(b, g->hi))
    g->hi = b;
}

static void set_lo(guard *g, bound b) {
  if (g->lo.inf || (!b.sym && g->lo.sym) || dev_index_le(g->lo, b))
    g->lo = b;
}

/* A block's or grid's thread rank R compared with a constant: R == 0 holds
 * only at threadIdx.x 0, R < k and R <= k only below k and k + 1, since
 * R >= threadIdx.x. Returns 1 when the comparison had that form. */
static int refine_rank(CXCursor *kids, enum CXBinaryOperatorKind op, guard *g) {
  CXCursor r = dev_index_strip(kids[0]);
  long long k;
  if (clang_getCursorKind(r) != CXCursor_CallExpr ||
      !dev_cg_rank_bounds_tid(clang_getCursorReferenced(r)) ||
      !cx_eval_int(dev_index_strip(kids[1]), &k, NULL))
    return 0;
  bound zero = {0, 0, NULL}, hi = {0, k, NULL}, hi1 = {0, k + 1, NULL};
  if (op == CXBinaryOperator_EQ && k == 0) {
    set_lo(g, zero);
    set_hi(g, hi1);
  } else if (op == CXBinaryOperator_LT) {
    set_hi(g, hi);
  } else if (op == CXBinaryOperator_LE) {
    set_hi(g, hi1);
  }
  return 1;
}

/* A load at an address the same in every thread (best[blockIdx.x], *p
 * with p uniform): one value for every thread that reads it between two
 * barriers, which is when a condition on it is evaluated. */
static int uniform_load(sync_walk *w, CXCursor c) {
  c = dev_index_strip(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_ArraySubscriptExpr)
    return dev_index_uniform(w, dev_index_strip(dev_first_child(c)), 3) &&
           dev_index_uniform(w, dev_last_child(c), 3);
  if (k == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)
    return dev_index_uniform(w, dev_first_child(c), 3);
  return 0;
}

static void refine_column(sync_walk *w, CXCursor *kids,
                          enum CXBinaryOperatorKind op, guard *g);

static void refine_compare(sync_walk *w, CXCursor *kids,
                           enum CXBinaryOperatorKind op, guard *g) {
  if (refine_rank(kids, op, g))
    return;
  refine_column(w, kids, op, g);
  lin a = dev_index_lin(w, kids[0], 3), b = dev_index_lin(w, kids[1], 3);
  /* threadIdx.x == v[u]: the one thread a value in memory names */
  for (int i = 0; op == CXBinaryOperator_EQ && i < 2; i++) {
    lin t = i ? b : a;
    if (t.known && t.coef == 1 && t.k == 0 && !t.sym &&
        uniform_load(w, kids[!i])) {
      const char *text = dev_index_keep(w, cx_tokens_text(w->e->tu, kids[!i]));
      g->lo = (bound){0, 0, text}; /* within any range known before */
      g->hi = (bound){0, 1, text};
      return;
    }
  }
  if (!a.known || !b.known)
    return;
  if (a.coef == 0 && b.coef == 1) { /* X op T: T (op swapped) X */
    lin t = a;
    a = b;
    b = t;
    op = op == CXBinaryOperator_LT   ? CXBinaryOperator_GT
         : op == CXBinaryOperator_GT ? CXBinaryOperator_LT
         : op == CXBinaryOperator_LE ? CXBinaryOperator_GE
         : op == CXBinaryOperator_GE ? CXBinaryOperator_LE
                                     : op;
  }
  if (a.coef != 1 || b.coef != 0 || a.sym)
    return;
  bound x = {0, b.k - a.k, b.sym}, x1 = {0, b.k - a.k + 1, b.sym};
  if (op == CXBinaryOperator_LT)
    set_hi(g, x);
  else if (op == CXBinaryOperator_LE)
    set_hi(g, x1);
  else if (op == CXBinaryOperator_GT)
    set_lo(g, x1);
  else if (op == CXBinaryOperator_GE)
    set_lo(g, x);
  if ((op == CXBinaryOperator_GT || op == CXBinaryOperator_GE) && x.sym &&
      x.k >= 0)
    g->at_least = x.sym; /* threadIdx.x >= u, which lo may not hold */
  else if (op == CXBinaryOperator_EQ) {
    set_lo(g, x);
    set_hi(g, x1);
  }
}

guard dev_index_refine(sync_walk *w, CXCursor cond, guard g) {
  cond = dev_index_strip(cond);
  if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
    return g;
  CXCursor *kids;
  unsigned n = cx_children(cond, &kids);
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
  if (n == 2 && op == CXBinaryOperator_LAnd) {
    g = dev_index_refine(w, kids[0], g);
    g = dev_index_refine(w, kids[1], g);
  } else if (n == 2) {
    refine_compare(w, kids, op, &g);
  }
  free(kids);
  return g;
}

guard dev_index_refine_not(sync_walk *w, CXCursor cond, guard g) {
  cond = dev_index_strip(cond);
  if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
    return g;
  CXCursor *kids;
  unsigned n = cx_children(cond, &kids);
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
  if (n == 2 && op == CXBinaryOperator_LOr) { /* !(a || b): !a && !b */
    g = dev_index_refine_not(w, kids[0], g);
    g = dev_index_refine_not(w, kids[1], g);
  } else if (n == 2 && op >= CXBinaryOperator_LT && op <= CXBinaryOperator_GE) {
    enum CXBinaryOperatorKind neg =
        op == CXBinaryOperator_LT   ? CXBinaryOperator_GE
        : op == CXBinaryOperator_GT ? CXBinaryOperator_LE
        : op == CXBinaryOperator_LE ? CXBinaryOperator_GT
                                    : CXBinaryOperator_LT;
    refine_compare(w, kids, neg, &g);
  }
  free(kids);
  return g;
}

/* ---- strides ----------------------------------------------------------- */

/* v = k, v <<= k, v >>= k, v *= k or v /= k with k a positive
 * constant. */
static int stride_step(CXCursor c, CXCursor *kids) {
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  long long k;
  if (clang_getCursorKind(c) != CXCursor_CompoundAssignOperator)
    return op == CXBinaryOperator_Assign &&
           cx_eval_int(dev_index_strip(kids[1]), &k, NULL) && k > 0;
  return (op == CXBinaryOperator_ShlAssign ||
          op == CXBinaryOperator_ShrAssign ||
          op == CXBinaryOperator_MulAssign ||
          op == CXBinaryOperator_DivAssign) &&
         cx_eval_int(dev_index_strip(kids[1]), &k, NULL) && k > 0;
}

int dev_index_is_jump(CXCursor c, void *ctx) {
  (void)ctx;
  enum CXCursorKind k = clang_getCursorKind(c);
  return k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt ||
         k == CXCursor_GotoStmt || k == CXCursor_ReturnStmt;
}

/* Whether the statement c (a branch or a loop) runs its body in every
 * thread that reaches it: its conditions are uniform and, for a loop, no
 * jump leaves an iteration early. */
static int body_uniform(sync_walk *w, CXCursor c, CXCursor *kids, unsigned n) {
  enum CXCursorKind k = clang_getCursorKind(c);
  switch (k) {
  case CXCursor_IfStmt:
  case CXCursor_WhileStmt:
    return n > 0 && dev_index_uniform(w, kids[0], 3) &&
           (k == CXCursor_IfStmt ||
            !dev_find(c, dev_index_is_jump, NULL, 1, NULL));
  case CXCursor_DoStmt:
  case CXCursor_ForStmt: {
    int r = !dev_find(c, dev_index_is_jump, NULL, 1, NULL);
    unsigned first = k == CXCursor_DoStmt ? 1 : 0;
    unsigned last = k == CXCursor_DoStmt ? n : n - 1;
    for (unsigned i = first; i < last && r; i++)
      r = dev_index_uniform(w, kids[i], 3);
    return r;
  }
  default:
    return 0;
  }
}

static int is_control(enum CXCursorKind k) {
  return k == CXCursor_IfStmt || k == CXCursor_WhileStmt ||
         k == CXCursor_DoStmt || k == CXCursor_ForStmt ||
         k == CXCursor_SwitchStmt || k == CXCursor_ConditionalOperator;
}

/* ctl: c runs in every thread that runs the function. */
static void stride_walk(sync_walk *w, CXCursor c, int ctl) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int assign =
      n == 2 &&
      (k == CXCursor_CompoundAssignOperator ||
       (k == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign));
  if (assign || (k == CXCursor_UnaryOperator && n == 1)) {
    CXCursor t = dev_index_strip(kids[0]);
    var_info *v = clang_getCursorKind(t) == CXCursor_DeclRefExpr
                      ? dev_index_var(w, clang_getCursorReferenced(t))
                      : NULL;
    if (v && !(assign && ctl && stride_step(c, kids)))
      v->stride_bad = 1;
  }
  if (k == CXCursor_BinaryOperator &&
      (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd ||
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LOr))
    ctl = 0; /* the right side runs only in some threads */
  int inner = is_control(k) ? ctl && body_uniform(w, c, kids, n) : ctl;
  for (unsigned i = 0; i < n; i++)
    stride_walk(w, kids[i], inner);
  free(kids);
}

void dev_index_strides(sync_walk *w, CXCursor body) {
  stride_walk(w, body, 1);
  for (size_t i = 0; i < w->nvars; i++) {
    var_info *v = &w->vars[i];
    CXCursor init = clang_getCursorKind(v->decl) == CXCursor_VarDecl
                        ? dev_var_init(v->decl)
                        : clang_getNullCursor();
    long long k;
    v->stride = v->outside && !v->header && !v->stride_bad &&
                !clang_Cursor_isNull(init) &&
                cx_eval_int(dev_index_strip(init), &k, NULL) && k > 0 &&
                clang_getCursorKind(clang_getCursorSemanticParent(v->decl)) !=
                    CXCursor_TranslationUnit;
  }
}

/* Coefficients past this make a form unknown (no overflow below). */
enum { SFORM_MAX = 1 << 30 };

static int sform_small(sform a) {
  return a.known && llabs(a.t) <= SFORM_MAX && llabs(a.u) <= SFORM_MAX &&
         llabs(a.ss) <= SFORM_MAX && llabs(a.h) <= SFORM_MAX &&
         llabs(a.k) <= SFORM_MAX;
}

static sform sform_sum(sform a, sform b, long long sign) {
  if (!sform_small(a) || !sform_small(b) || (a.s && b.s && strcmp(a.s, b.s)))
    return (sform){0};
  return (sform){1,
                 a.s ? a.s : b.s,
                 a.t + sign * b.t,
                 a.u + sign * b.u,
                 a.ss + sign * b.ss,
                 a.h + sign * b.h,
                 a.k + sign * b.k};
}

static int sform_const(sform a) {
  return a.known && !a.t && !a.u && !a.ss && !a.h;
}

static int sform_pure_s(sform a) {
  return a.known && a.s && a.ss == 1 && !a.t && !a.u && !a.h && !a.k;
}

static sform sform_scale(sform a, long long m) {
  if (!sform_small(a) || llabs(m) > SFORM_MAX)
    return (sform){0};
  return (sform){1, a.s, a.t * m, a.u * m, a.ss * m, a.h * m, a.k * m};
}

static sform sform_binary(sync_walk *w, CXCursor c, int depth) {
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  CXCursor *kids;
  if (cx_children(c, &kids) != 2) {
    free(kids);
    return (sform){0};
  }
  sform a = dev_index_sform(w, kids[0], depth),
        b = dev_index_sform(w, kids[1], depth), r = {0};
  free(kids);
  if (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub)
    return sform_sum(a, b, op == CXBinaryOperator_Add ? 1 : -1);
  if (op == CXBinaryOperator_Mul) {
    if (sform_const(b))
      return sform_scale(a, b.k);
    if (sform_const(a))
      return sform_scale(b, a.k);
    if (sform_pure_s(b)) {
      sform t = a;
      a = b;
      b = t;
    }
    if (sform_pure_s(a) && sform_small(b) && !b.s) /* S * (u * tid + k) */
      return (sform){1, a.s, b.u, 0, b.k, 0, 0};
    return r;
  }
  if (sform_pure_s(a) && sform_const(b) &&
      ((op == CXBinaryOperator_Shr && b.k == 1) ||
       (op == CXBinaryOperator_Div && b.k == 2)))
    return (sform){1, a.s, 0, 0, 0, 1, 0};
  return r;
}

sform dev_index_sform(sync_walk *w, CXCursor c, int depth) {
  c = dev_index_strip(c);
  long long v;
  if (cx_eval_int(c, &v, NULL))
    return v < -SFORM_MAX || v > SFORM_MAX ? (sform){0}
                                           : (sform){1, NULL, 0, 0, 0, 0, v};
  if (is_tid_x(c))
    return (sform){1, NULL, 0, 1, 0, 0, 0};
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_BinaryOperator)
    return depth > 0 ? sform_binary(w, c, depth) : (sform){0};
  if (k != CXCursor_DeclRefExpr || depth <= 0)
    return (sform){0};
  CXCursor d = clang_getCursorReferenced(c);
  var_info *vi = dev_index_var(w, d);
  if (vi && vi->stride)
    return (sform){1, dev_index_sym(w, c), 0, 0, 1, 0, 0};
  CXCursor init = clang_getCursorKind(d) == CXCursor_VarDecl
                      ? dev_var_init(d)
                      : clang_getNullCursor();
  if (vi || clang_Cursor_isNull(init) || cx_in_system_header(d) ||
      !dev_index_init_current(w, d, init))
    return (sform){0};
  return dev_index_sform(w, init, depth - 1);
}

/* warpSize, or CUDA's 32 written out. */
static int is_warp_width(CXCursor c) {
  long long v;
  if (cx_eval_int(dev_index_strip(c), &v, NULL))
    return v == 32;
  return dev_index_builtin_var(c, "warpSize");
}

/* threadIdx.x % warpSize, threadIdx.x & 31, or a variable initialized to
 * one and never assigned again: the thread's lane. */
static int is_lane(sync_walk *w, CXCursor c, int depth) {
  c = dev_index_strip(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    long long v;
    int r = n == 2 && is_tid_x(kids[0]) &&
            ((op == CXBinaryOperator_Rem && is_warp_width(kids[1])) ||
             (op == CXBinaryOperator_And &&
              cx_eval_int(dev_index_strip(kids[1]), &v, NULL) && v == 31));
    free(kids);
    return r;
  }
  if (k != CXCursor_DeclRefExpr || depth <= 0)
    return 0;
  CXCursor d = clang_getCursorReferenced(c);
  CXCursor init = clang_getCursorKind(d) == CXCursor_VarDecl
                      ? dev_var_init(d)
                      : clang_getNullCursor();
  if (dev_index_var(w, d) || clang_Cursor_isNull(init) ||
      cx_in_system_header(d) || !dev_index_init_current(w, d, init))
    return 0;
  return is_lane(w, init, depth - 1);
}

/* x * warpSize (x anything), or warpSize itself. */
static int is_warp_multiple(CXCursor c) {
  c = dev_index_strip(c);
  if (is_warp_width(c))
    return 1;
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Mul)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int r = n == 2 && (is_warp_width(kids[0]) || is_warp_width(kids[1]));
  free(kids);
  return r;
}

int dev_index_lane_residue(sync_walk *w, CXCursor c, int depth) {
  c = dev_index_strip(c);
  if (is_lane(w, c, depth))
    return 1;
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Add)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int r =
      n == 2 && ((is_lane(w, kids[0], depth) && is_warp_multiple(kids[1])) ||
                 (is_lane(w, kids[1], depth) && is_warp_multiple(kids[0])));
  free(kids);
  return r;
}

/* ---- thread terms ------------------------------------------------------ */

tshift dev_index_thread_shift(sync_walk *w, CXCursor c, int depth) {
  tshift r = {0};
  c = dev_index_strip(c);
  if (depth <= 0)
    return r;
  if (is_tid_x(c))
    return (tshift){1, 0, NULL, 0};
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_DeclRefExpr) {
    CXCursor d = clang_getCursorReferenced(c);
    CXCursor init = clang_getCursorKind(d) == CXCursor_VarDecl
                        ? dev_var_init(d)
                        : clang_getNullCursor();
    if (dev_index_var(w, d) || clang_Cursor_isNull(init) ||
        cx_in_system_header(d) || !dev_index_init_current(w, d, init))
      return r;
    return dev_index_thread_shift(w, init, depth - 1);
  }
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  if (k != CXCursor_BinaryOperator ||
      (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub))
    return r;
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  int sub = op == CXBinaryOperator_Sub;
  for (int i = 0; n == 2 && i < (sub ? 1 : 2) && !r.ok; i++) {
    tshift t = dev_index_thread_shift(w, kids[i], depth);
    CXCursor o = dev_index_strip(kids[!i]);
    long long v;
    if (!t.ok)
      continue;
    if (cx_eval_int(o, &v, NULL) && llabs(v) < (1LL << 30)) {
      t.k += sub ? -v : v;
      r = t;
    } else if (!t.u && dev_index_uniform(w, o, 3)) {
      t.u = dev_index_sym(w, o);
      t.neg = sub;
      r = t;
    }
  }
  free(kids);
  return r;
}

int dev_index_shift_eq(tshift a, tshift b) {
  return a.ok && b.ok && a.k == b.k && a.neg == b.neg &&
         dev_index_same_sym((bound){0, 0, a.u}, (bound){0, 0, b.u});
}

/* The thread term t is never negative under g: threadIdx.x + k with
 * k >= 0 (or above g's constant lower bound), or threadIdx.x - u + k where
 * g says threadIdx.x >= u. */
static int shift_nonnegative(tshift t, guard g) {
  if (!t.u)
    return t.k + (g.lo.inf || g.lo.sym ? 0 : g.lo.k) >= 0;
  return t.k >= 0 && t.neg && g.at_least && !strcmp(t.u, g.at_least);
}

/* T < W with T a thread term never negative under g: the column guard. */
static void refine_column(sync_walk *w, CXCursor *kids,
                          enum CXBinaryOperatorKind op, guard *g) {
  if (op != CXBinaryOperator_LT || !dev_index_uniform(w, kids[1], 3))
    return;
  tshift t = dev_index_thread_shift(w, kids[0], 3);
  if (t.ok && shift_nonnegative(t, *g)) {
    g->col_t = t;
    g->col_w = dev_index_sym(w, dev_index_strip(kids[1]));
  }
}
