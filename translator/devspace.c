/*
 * devspace: what the device emitter knows about the function it prints and
 * the functions that function reaches.
 *
 * - Variables of the current function (e->vars): for a pointer or a
 *   non-const reference, the address space it points into; for any other
 *   object, where it lives. A pre-pass over the body fills the table
 *   (dev_analyze_function) before the body is printed.
 * - Symbols (e->syms): namespace-scope __constant__ and __device__
 *   variables, and static __shared__ variables of device functions, which
 *   kernels pass down to the functions that use them.
 * - Implicit parameters (e->uses): per function, the symbols and dynamic
 *   shared memory it uses, and whether it needs double precision or 64-bit
 *   atomics, its callees' included; call cycles are marked recursive.
 * - Address-space inference: dev_expr_space (where a pointer value points)
 *   and dev_lvalue_space (where an object lives).
 * - The work list (e->fns): one clone per function and combination of
 *   pointer-argument spaces, with its OpenCL name.
 */
#include "devemit.h"

#include <string.h>

#include "cx.h"

/* ---- variables of the current function ------------------------------ */

/* Variables are told apart by their canonical declaration cursor, not by
 * USR: a lookup per name printed made clang_getCursorUSR a quarter of the
 * emission's time on large units (docs/performance.md). */
var_entry *dev_var_find(emitter *e, CXCursor decl) {
  cx_key k = cx_key_of(decl);
  for (size_t i = 0; i < e->nvars; i++)
    if (cx_key_eq(&e->vars[i].key, &k))
      return &e->vars[i];
  return NULL;
}

static var_entry *var_add(emitter *e, CXCursor decl, char space,
                          unsigned flags) {
  var_entry *v = dev_var_find(e, decl);
  if (v) {
    v->space = space;
    v->flags = flags;
    return v;
  }
  if (e->nvars == e->capvars) {
    e->capvars = e->capvars ? 2 * e->capvars : 32;
    e->vars = xrealloc(e->vars, e->capvars * sizeof *e->vars);
  }
  v = &e->vars[e->nvars++];
  v->key = cx_key_of(decl);
  v->space = space;
  v->flags = flags;
  v->varying = 0;
  v->read_uniform = 0;
  return v;
}

void dev_vars_reset(emitter *e) { e->nvars = 0; }

/* Identity of a symbol. A __shared__ variable of a device function is keyed
 * by the function's USR (each template specialization has its own). */
static char *symbol_key(CXCursor decl) {
  CXCursor parent = clang_getCursorSemanticParent(decl);
  if (clang_getCursorKind(parent) == CXCursor_TranslationUnit ||
      clang_getCursorKind(parent) == CXCursor_Namespace)
    return cx_usr(decl);
  char *pu = cx_usr(parent), *n = cx_spelling(decl);
  char *k = xasprintf("%s::%s", pu, n);
  free(pu);
  free(n);
  return k;
}

static symbol *symbol_find(emitter *e, CXCursor decl) {
  char *usr = symbol_key(decl);
  symbol *r = NULL;
  for (size_t i = 0; i < e->nsyms && !r; i++)
    if (!strcmp(e->syms[i].usr, usr))
      r = &e->syms[i];
  free(usr);
  return r;
}

/* A static __shared__ variable declared in a device function (not a
 * kernel): OpenCL C allows __local variables only at kernel scope, so it
 * becomes a symbol in local memory that each kernel declares and passes
 * down. */
static int is_device_function_shared(CXCursor decl, CXCursor parent) {
  enum CXCursorKind pk = clang_getCursorKind(parent);
  if (pk != CXCursor_FunctionDecl && pk != CXCursor_CXXMethod &&
      pk != CXCursor_Constructor && pk != CXCursor_ConversionFunction)
    return 0;
  return (cx_cuda_attrs(decl) & CX_SHARED) &&
         !(cx_cuda_attrs(parent) & CX_GLOBAL) &&
         clang_getCanonicalType(clang_getCursorType(decl)).kind !=
             CXType_IncompleteArray;
}

/* A namespace-scope __constant__ or __device__ variable, or a __shared__
 * variable of a device function: registers it. */
symbol *dev_symbol_of(emitter *e, CXCursor decl) {
  if (clang_getCursorKind(decl) != CXCursor_VarDecl)
    return NULL;
  CXCursor parent = clang_getCursorSemanticParent(decl);
  enum CXCursorKind pk = clang_getCursorKind(parent);
  int local = is_device_function_shared(decl, parent);
  if (!local && pk != CXCursor_TranslationUnit && pk != CXCursor_Namespace)
    return NULL;
  unsigned a = cx_cuda_attrs(decl);
  if (!local && (!(a & (CX_CONSTANT | CX_DEVICE)) || cx_in_system_header(decl)))
    return NULL;
  symbol *s = symbol_find(e, decl);
  if (s)
    return s;
  e->syms = xrealloc(e->syms, (e->nsyms + 1) * sizeof *e->syms);
  s = &e->syms[e->nsyms++];
  s->usr = symbol_key(decl);
  char *n = cx_spelling(decl);
  if (local) { /* unique across functions: <function>_<variable> */
    char *fn = cu2cl_specialization_name(parent);
    s->name = xasprintf("%s_%s", fn, n);
    free(fn);
  } else {
    s->name = dev_safe_name(n);
  }
  free(n);
  s->space = local ? 'l' : (a & CX_CONSTANT) ? 'c' : 'g';
  s->is_array = clang_getCursorType(decl).kind == CXType_ConstantArray;
  s->decl = decl;
  return s;
}

/* ---- implicit parameters: symbols and dynamic shared memory --------- */

static int is_user_function(CXCursor fn) {
  enum CXCursorKind k = clang_getCursorKind(fn);
  if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod &&
      k != CXCursor_Constructor && k != CXCursor_FunctionTemplate &&
      k != CXCursor_ConversionFunction)
    return 0;
  return !cx_in_system_header(fn);
}

int dev_is_extern_shared(CXCursor var) {
  return clang_getCursorKind(var) == CXCursor_VarDecl &&
         (cx_cuda_attrs(var) & CX_SHARED) &&
         clang_getCanonicalType(clang_getCursorType(var)).kind ==
             CXType_IncompleteArray;
}

static void uses_mark(fn_uses *u, size_t sym) {
  if (sym >= u->nsyms) {
    u->syms = xrealloc(u->syms, sym + 1);
    memset(u->syms + u->nsyms, 0, sym + 1 - u->nsyms);
    u->nsyms = sym + 1;
  }
  u->syms[sym] = 1;
}

static int type_uses_double(CXType t) {
  t = clang_getCanonicalType(t);
  while (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
         t.kind == CXType_IncompleteArray || t.kind == CXType_LValueReference)
    t = clang_getCanonicalType(t.kind == CXType_Pointer ||
                                       t.kind == CXType_LValueReference
                                   ? clang_getPointeeType(t)
                                   : clang_getArrayElementType(t));
  return t.kind == CXType_Double;
}

/* atomicAdd(unsigned long long *, ...) and friends need 64-bit atomics. */
static int is_int64_atomic(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  char *n = cx_spelling(callee);
  int atomic = str_starts_with(n, "atomic");
  free(n);
  if (!atomic || clang_Cursor_getNumArguments(callee) < 1)
    return 0;
  CXType p = clang_getCanonicalType(
      clang_getCursorType(clang_Cursor_getArgument(callee, 0)));
  if (p.kind != CXType_Pointer)
    return 0;
  enum CXTypeKind k = clang_getCanonicalType(clang_getPointeeType(p)).kind;
  return k == CXType_LongLong || k == CXType_ULongLong || k == CXType_Long ||
         k == CXType_ULong || k == CXType_Double;
}

typedef struct uses_walk {
  emitter *e;
  size_t index; /* into e->uses: the array may move while recursing */
} uses_walk;

static enum CXChildVisitResult uses_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  uses_walk *w = d;
  emitter *e = w->e;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl && dev_is_extern_shared(c))
    e->uses[w->index].dynshm = 1;
  if ((clang_isExpression(k) || k == CXCursor_VarDecl) &&
      type_uses_double(clang_getCursorType(c)))
    e->uses[w->index].fp64 = 1;
  if (k == CXCursor_CallExpr && is_int64_atomic(c))
    e->uses[w->index].int64_atomics = 1;
  if (k == CXCursor_CallExpr) {
    CXCursor callee = clang_getCursorReferenced(c);
    CXCursor cdef = clang_getCursorDefinition(callee);
    int scratch = 0;
    if ((clang_Cursor_isNull(cdef) || cx_in_system_header(callee)) &&
        dev_builtin_is_collective(callee, &scratch)) {
      e->uses[w->index].collective = 1;
      e->uses[w->index].warp |= scratch;
      if (scratch) {
        char *n = cx_spelling(callee);
        if (!str_starts_with(n, "__syncthreads_"))
          e->uses[w->index].lanes = 1;
        free(n);
      }
    }
  }
  if (k == CXCursor_DeclRefExpr || k == CXCursor_CallExpr ||
      k == CXCursor_MemberRefExpr) {
    CXCursor r = clang_getCursorReferenced(c);
    symbol *s = dev_symbol_of(e, r);
    if (s)
      uses_mark(&e->uses[w->index], (size_t)(s - e->syms));
    CXCursor def = clang_getCursorDefinition(r);
    if (k != CXCursor_DeclRefExpr && !clang_Cursor_isNull(def) &&
        is_user_function(def)) {
      fn_uses *cu = dev_uses_of(e, def);
      fn_uses *u = &e->uses[w->index];
      if (cu) {
        u->dynshm |= cu->dynshm;
        u->fp64 |= cu->fp64;
        u->int64_atomics |= cu->int64_atomics;
        u->collective |= cu->collective;
        u->warp |= cu->warp;
        u->lanes |= cu->lanes;
        for (size_t i = 0; i < cu->nsyms; i++)
          if (cu->syms[i])
            uses_mark(u, i);
      }
    }
  }
  return CXChildVisit_Recurse;
}

int dev_call_is_collective(emitter *e, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor def = clang_getCursorDefinition(callee);
  int scratch;
  if (clang_Cursor_isNull(def) || cx_in_system_header(callee))
    return dev_builtin_is_collective(callee, &scratch);
  if (!is_user_function(def))
    return 0;
  fn_uses *u = dev_uses_of(e, def);
  return u && u->collective;
}

fn_uses *dev_uses_find(emitter *e, CXCursor fn) {
  cx_key k = cx_key_of(fn);
  for (size_t i = 0; i < e->nuses; i++)
    if (cx_key_eq(&e->uses[i].key, &k))
      return &e->uses[i];
  return NULL;
}

/* What a function needs passed implicitly, with its callees'. NULL for a
 * recursive cycle (reported when printed). */
fn_uses *dev_uses_of(emitter *e, CXCursor fn) {
  fn_uses *u = dev_uses_find(e, fn);
  if (u) {
    if (u->state == 1)
      u->recursive = 1;
    return u->state == 1 ? NULL : u;
  }
  e->uses = xrealloc(e->uses, (e->nuses + 1) * sizeof *e->uses);
  size_t idx = e->nuses++;
  memset(&e->uses[idx], 0, sizeof e->uses[idx]);
  e->uses[idx].key = cx_key_of(fn);
  e->uses[idx].reads_tid = -1;
  e->uses[idx].state = 1;
  uses_walk w = {e, idx};
  clang_visitChildren(fn, uses_visit, &w);
  e->uses[idx].state = 2;
  return &e->uses[idx];
}

/* ---- address spaces ------------------------------------------------- */

CXCursor dev_last_child(CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXCursor r = n ? kids[n - 1] : clang_getNullCursor();
  free(kids);
  return r;
}

CXCursor dev_first_child(CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXCursor r = n ? kids[0] : clang_getNullCursor();
  free(kids);
  return r;
}

/* Where the object a declaration names lives (for &x) or, for pointers
 * and references, where it points. */
static char decl_space(emitter *e, CXCursor decl) {
  var_entry *v = dev_var_find(e, decl);
  if (v)
    return v->space;
  symbol *s = dev_symbol_of(e, decl);
  if (s)
    return s->space;
  if (clang_getCursorKind(decl) == CXCursor_VarDecl &&
      (cx_cuda_attrs(decl) & CX_SHARED))
    return 'l';
  return 'p';
}

/* Spaces of the pointer arguments of a call, as the callee's clone key. */
char *dev_call_spaces(emitter *e, CXCursor call, CXCursor callee,
                      CXCursor *args, unsigned nargs) {
  int n = clang_Cursor_getNumArguments(callee);
  char *sp = xmalloc((size_t)(n > 0 ? n : 0) + 1);
  for (int i = 0; i < n; i++) {
    CXType pt = clang_getCursorType(clang_Cursor_getArgument(callee, i));
    CXType ct = clang_getCanonicalType(pt);
    sp[i] = '-';
    if ((unsigned)i >= nargs)
      continue;
    if (ct.kind == CXType_Pointer)
      sp[i] = dev_expr_space(e, args[i]);
    else if (ct.kind == CXType_LValueReference &&
             !clang_isConstQualifiedType(clang_getPointeeType(ct)))
      sp[i] = dev_lvalue_space(e, args[i]);
  }
  sp[n > 0 ? n : 0] = 0;
  return sp;
}

/* Arguments of a call expression (children after the callee), for plain
 * function calls. */
unsigned dev_call_args(CXCursor call, CXCursor **out) {
  int n = clang_Cursor_getNumArguments(call);
  if (n < 0)
    n = 0;
  *out = xmalloc(sizeof(CXCursor) * (size_t)(n + 1));
  for (int i = 0; i < n; i++)
    (*out)[i] = clang_Cursor_getArgument(call, (unsigned)i);
  return (unsigned)n;
}

static char call_return_space(emitter *e, CXCursor call) {
  CXCursor r = clang_getCursorReferenced(call);
  CXCursor def = clang_getCursorDefinition(r);
  if (clang_Cursor_isNull(def) || !is_user_function(def))
    return 'g';
  CXCursor *args;
  unsigned n = dev_call_args(call, &args);
  char *sp = dev_call_spaces(e, call, def, args, n);
  free(args);
  enum CXCursorKind k = clang_getCursorKind(def);
  char self = k == CXCursor_CXXMethod || k == CXCursor_ConversionFunction
                  ? dev_method_self(e, def, dev_call_object(call))
                  : 0;
  fn_clone *f = dev_queue_function(e, def, sp, self, 0);
  free(sp);
  return dev_function_return_space(e, f);
}

char dev_expr_space(emitter *e, CXCursor c) {
  /* an array decays to a pointer into wherever the array lives */
  if (dev_is_array_type(clang_getCursorType(c)) &&
      clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return dev_lvalue_space(e, c);
  switch (clang_getCursorKind(c)) {
  case CXCursor_UnexposedExpr:
  case CXCursor_ParenExpr:
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr:
  case CXCursor_CXXFunctionalCastExpr: {
    CXCursor k = dev_last_child(c);
    return clang_Cursor_isNull(k) ? 'g' : dev_expr_space(e, k);
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    return decl_space(e, d);
  }
  case CXCursor_UnaryOperator:
    if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
      return dev_lvalue_space(e, dev_first_child(c));
    return 'g';
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    char s = 'g';
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (n == 2 && op == CXBinaryOperator_Assign)
      s = dev_expr_space(e, kids[1]);
    else if (n == 2)
      s = dev_expr_space(e,
                         dev_is_pointer_type(clang_getCursorType(kids[0])) ||
                                 dev_is_array_type(clang_getCursorType(kids[0]))
                             ? kids[0]
                             : kids[1]);
    free(kids);
    return s;
  }
  case CXCursor_ConditionalOperator: {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    char s = n == 3 ? dev_expr_space(e, kids[1]) : 'g';
    free(kids);
    return s;
  }
  case CXCursor_CallExpr:
    return call_return_space(e, c);
  default:
    return 'g';
  }
}

char dev_lvalue_space(emitter *e, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_UnexposedExpr:
  case CXCursor_ParenExpr: {
    CXCursor k = dev_last_child(c);
    return clang_Cursor_isNull(k) ? 'p' : dev_lvalue_space(e, k);
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    var_entry *v = dev_var_find(e, d);
    if (v && (v->flags & (V_POINTER | V_DEREF)) && !(v->flags & V_ARRAY))
      return (v->flags & V_DEREF) ? v->space : 'p';
    return decl_space(e, d);
  }
  case CXCursor_ArraySubscriptExpr:
    return dev_expr_space(e, dev_first_child(c));
  case CXCursor_MemberRefExpr: {
    CXCursor base = dev_first_child(c);
    if (clang_Cursor_isNull(base))
      return 'p';
    if (dev_is_pointer_type(clang_getCursorType(base)))
      return dev_expr_space(e, base);
    return dev_lvalue_space(e, base);
  }
  case CXCursor_UnaryOperator:
    if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)
      return dev_expr_space(e, dev_first_child(c));
    return 'p';
  default:
    return 'p';
  }
}

/* ---- per-function analysis ------------------------------------------ */

/* The initializer of a VarDecl: its last child when that is an expression. */
CXCursor dev_var_init(CXCursor var) {
  CXCursor k = clang_Cursor_getVarDeclInitializer(var);
  if (clang_Cursor_isNull(k) || !clang_isExpression(clang_getCursorKind(k)))
    return clang_getNullCursor();
  return k;
}

static enum CXChildVisitResult analyze_visit(CXCursor c, CXCursor p,
                                             CXClientData d) {
  emitter *e = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl) {
    CXType t = clang_getCursorType(c);
    CXCursor init = dev_var_init(c);
    if (dev_is_extern_shared(c)) {
      var_add(e, c, 'l', V_POINTER);
    } else if (cx_cuda_attrs(c) & CX_SHARED) {
      var_add(e, c, 'l', dev_is_array_type(t) ? V_ARRAY : 0);
    } else if (dev_is_pointer_type(t)) {
      var_add(e, c, clang_Cursor_isNull(init) ? 0 : dev_expr_space(e, init),
              V_POINTER);
    } else if (dev_is_nonconst_ref(t)) {
      var_add(e, c, clang_Cursor_isNull(init) ? 'p' : dev_lvalue_space(e, init),
              V_POINTER | V_DEREF);
    } else {
      var_add(e, c, 'p', dev_is_array_type(t) ? V_ARRAY : 0);
    }
  } else if (k == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    if (n == 2 && clang_getCursorKind(kids[0]) == CXCursor_DeclRefExpr) {
      CXCursor var = clang_getCursorReferenced(kids[0]);
      var_entry *v = dev_var_find(e, var);
      if (v && (v->flags & V_POINTER) && !(v->flags & V_DEREF)) {
        char sp = dev_expr_space(e, kids[1]);
        if (!v->space) {
          v->space = sp;
        } else if (sp != v->space && !e->quiet) {
          char *n = cx_spelling(var);
          dev_report(e, c, CU2CL_D_ADDRESS_SPACE_CONFLICT, n,
                     dev_space_name(v->space), dev_space_name(sp));
          free(n);
        }
      }
    }
    free(kids);
  }
  return CXChildVisit_Recurse;
}

CXCursor dev_function_body(CXCursor fn) {
  CXCursor *kids;
  unsigned n = cx_children(fn, &kids);
  CXCursor body = clang_getNullCursor();
  for (unsigned i = 0; i < n; i++)
    if (clang_getCursorKind(kids[i]) == CXCursor_CompoundStmt)
      body = kids[i];
  free(kids);
  return body;
}

/* Loads the parameters' spaces and runs the pre-pass over the body. */
void dev_analyze_function(emitter *e, fn_clone *f) {
  dev_vars_reset(e);
  int n = clang_Cursor_getNumArguments(f->decl);
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(f->decl, (unsigned)i);
    CXType t = clang_getCursorType(p);
    char s = f->spaces[i] == '-' || !f->spaces[i] ? 'g' : f->spaces[i];
    if (dev_is_pointer_type(t))
      var_add(e, p, s, V_POINTER);
    else if (dev_is_nonconst_ref(t))
      var_add(e, p, s, V_POINTER | V_DEREF);
    else
      var_add(e, p, 'p', 0);
  }
  CXCursor body = dev_function_body(f->decl);
  if (!clang_Cursor_isNull(body))
    clang_visitChildren(body, analyze_visit, e);
  for (size_t i = 0; i < e->nvars; i++)
    if ((e->vars[i].flags & V_POINTER) && !e->vars[i].space)
      e->vars[i].space = 'g';
}

typedef struct ret_walk {
  emitter *e;
  char space;
} ret_walk;

static enum CXChildVisitResult ret_visit(CXCursor c, CXCursor p,
                                         CXClientData d) {
  ret_walk *w = d;
  if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
    CXCursor v = dev_first_child(c);
    if (!clang_Cursor_isNull(v) && !w->space)
      w->space = dev_expr_space(w->e, v);
    return CXChildVisit_Continue;
  }
  return CXChildVisit_Recurse;
}

/* The space a pointer-returning function's result points into. Saves and
 * restores the caller's variable table around the callee's analysis. */
char dev_function_return_space(emitter *e, fn_clone *f) {
  if (f->ret_known)
    return f->ret_space;
  f->ret_known = 1;
  f->ret_space = 'g';
  if (!dev_is_pointer_type(clang_getCursorResultType(f->decl)))
    return f->ret_space;
  var_entry *saved = e->vars;
  size_t saved_n = e->nvars, saved_cap = e->capvars;
  e->vars = NULL;
  e->nvars = e->capvars = 0;
  size_t idx = (size_t)(f - e->fns);
  int quiet = e->quiet;
  e->quiet = 1;
  dev_analyze_function(e, f);
  e->quiet = quiet;
  ret_walk w = {e, 0};
  CXCursor body = dev_function_body(e->fns[idx].decl);
  if (!clang_Cursor_isNull(body))
    clang_visitChildren(body, ret_visit, &w);
  dev_vars_reset(e);
  free(e->vars);
  e->vars = saved;
  e->nvars = saved_n;
  e->capvars = saved_cap;
  f = &e->fns[idx];
  f->ret_space = w.space ? w.space : 'g';
  return f->ret_space;
}

/* ---- the work list -------------------------------------------------- */

static int name_taken(emitter *e, const char *name, const char *usr) {
  for (size_t i = 0; i < e->nfns; i++)
    if (!strcmp(e->fns[i].name, name) && strcmp(e->fns[i].usr, usr))
      return 1;
  return 0;
}

static char *clone_name(emitter *e, CXCursor def, const char *usr,
                        const char *spaces, int is_kernel) {
  char *base;
  enum CXCursorKind k = clang_getCursorKind(def);
  if (k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
      k == CXCursor_ConversionFunction) {
    CXCursor cls = clang_getCursorSemanticParent(def);
    char *cn = dev_record_name(clang_getCursorType(cls));
    char *mn = dev_function_base_name(def);
    strbuf b = {0};
    strbuf_printf(&b, "%s_", cn);
    strbuf_append(&b, k == CXCursor_Constructor ? "make" : mn);
    base = strbuf_take(&b);
    free(cn);
    free(mn);
  } else {
    base = cu2cl_specialization_name(def);
  }
  strbuf b = {0};
  strbuf_append(&b, base);
  int nonglobal = 0;
  for (const char *s = spaces; *s; s++)
    nonglobal |= *s != '-' && *s != 'g';
  if (!is_kernel && nonglobal) {
    strbuf_append(&b, "_");
    for (const char *s = spaces; *s; s++)
      if (*s != '-')
        strbuf_appendc(&b, *s);
  }
  while (name_taken(e, strbuf_cstr(&b), usr))
    strbuf_append(&b, "_");
  free(base);
  return strbuf_take(&b);
}

fn_clone *dev_queue_function(emitter *e, CXCursor def, const char *spaces,
                             char self, int is_kernel) {
  char *usr = cx_usr(def);
  char *key = xasprintf("%s|%c|%s%s", usr, self ? self : '0', spaces,
                        e->queue_pred ? "|P" : "");
  for (size_t i = 0; i < e->nfns; i++) {
    if (!strcmp(e->fns[i].key, key)) {
      free(usr);
      free(key);
      return &e->fns[i];
    }
  }
  if (e->nfns == e->capfns) {
    /* e->cur, the function being printed, points into the array: a clone
     * requested while printing its body moves it */
    ptrdiff_t cur = e->cur ? e->cur - e->fns : -1;
    e->capfns = e->capfns ? 2 * e->capfns : 16;
    e->fns = xrealloc(e->fns, e->capfns * sizeof *e->fns);
    if (cur >= 0)
      e->cur = &e->fns[cur];
  }
  fn_clone *f = &e->fns[e->nfns];
  memset(f, 0, sizeof *f);
  f->decl = def;
  f->name = clone_name(e, def, usr, spaces, is_kernel);
  f->usr = usr;
  f->key = key;
  f->spaces = xstrdup(spaces);
  f->is_kernel = is_kernel;
  f->self = self;
  f->predicated = e->queue_pred;
  if (self && self != 'S' && self != 'g' && self != 'N') {
    char *n = xasprintf("%s_%c", f->name, self);
    free(f->name);
    f->name = n;
  }
  if (f->predicated) {
    char *n = xasprintf("%s_pred", f->name);
    free(f->name);
    f->name = n;
  }
  e->nfns++;
  return f;
}
