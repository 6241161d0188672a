/*
 * dev_space: what the device emitter knows about the function it prints and
 * the functions that function reaches.
 *
 * - Variables of the current function (e->vars): for a pointer or a
 *   non-const reference, the address space it points into; for any other
 *   object, where it lives. A pre-pass over the body fills the table
 *   (dev_analyze_function) before the body is printed.
 * - Address-space inference: dev_expr_space (where a pointer value points)
 *   and dev_lvalue_space (where an object lives).
 * - Methods: how a method's clone takes its object (by value, by pointer
 *   into a space, or not at all).
 * - The work list (e->fns): one clone per function and combination of
 *   pointer-argument spaces, with its OpenCL name.
 *
 * Layer 11 of the device emitter (dev_state.h): calls dev_state,
 * dev_builtin, dev_types, dev_uses.
 */
#include "dev_space.h"

#include <string.h>

#include "dev_builtin.h"
#include "dev_cg.h"
#include "dev_class.h"
#include "dev_lambda.h"
#include "dev_types.h"
#include "dev_uses.h"

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
  v->inner = 0;
  v->flags = flags;
  v->varying = 0;
  v->read_uniform = 0;
  return v;
}

void dev_vars_reset(emitter *e) {
  e->nvars = 0;
}

/* ---- address spaces ------------------------------------------------- */

/* Where the object a declaration names lives (for &x) or, for pointers
 * and references, where it points. */
static char decl_space(emitter *e, CXCursor decl) {
  var_entry *v = dev_var_find(e, decl);
  if (v && (v->flags & V_DEREF) && v->inner)
    return v->inner; /* a reference to a pointer: where that points */
  if (v)
    return v->space;
  symbol *s = dev_symbol_of(e, decl);
  if (s && !s->is_array && dev_is_pointer_type(clang_getCursorType(decl)))
    return 'g'; /* __constant__ T *p: a device pointer, set by the host */
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
  /* the parameters' spaces, then '|' and where the pointers that pointers
   * to pointers point to point, when one of them points elsewhere than the
   * pointer itself lives (which a clone's T **p assumes without them) */
  char *sp = xmalloc(2 * (size_t)(n > 0 ? n : 0) + 2);
  char *in = sp + (n > 0 ? n : 0) + 1;
  int inner = 0;
  for (int i = 0; i < n; i++) {
    CXType pt = clang_getCursorType(clang_Cursor_getArgument(callee, i));
    CXType ct = clang_getCanonicalType(pt);
    sp[i] = in[i] = '-';
    if ((unsigned)i >= nargs)
      continue;
    if (ct.kind == CXType_Pointer || dev_is_array_type(ct)) /* int v[4] */
      sp[i] = dev_expr_space(e, args[i]);
    else if (ct.kind == CXType_LValueReference &&
             !clang_isConstQualifiedType(clang_getPointeeType(ct))) {
      sp[i] = dev_lvalue_space(e, args[i]);
      /* T *&p: where the pointer points, as for T **p (HeCBench topk's
       * set_buf_pointers(..., T const *&in_buf) on private pointers to
       * global memory) */
      if (clang_getCanonicalType(clang_getPointeeType(ct)).kind ==
          CXType_Pointer) {
        in[i] = dev_expr_space(e, args[i]);
        inner |= in[i] != sp[i];
      }
    }
    if (dev_is_pointer_pointer(pt)) {
      in[i] = dev_inner_space(e, args[i]);
      inner |= in[i] != sp[i];
    }
  }
  sp[n > 0 ? n : 0] = inner ? '|' : 0;
  in[n > 0 ? n : 0] = 0;
  return sp;
}

int dev_is_pointer_pointer(CXType t) {
  CXType c = clang_getCanonicalType(t);
  return c.kind == CXType_Pointer &&
         clang_getCanonicalType(clang_getPointeeType(c)).kind == CXType_Pointer;
}

/* For a pointer to a pointer: where the pointer it points to points (the
 * address of a pointer variable: that variable's space; a pointer to a
 * pointer variable: its own). When not known, where the pointer it points
 * to lives, as a T **p without it is printed (T *__global *__global p). */
char dev_inner_space(emitter *e, CXCursor c) {
  c = cx_strip_implicit(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_ParenExpr || k == CXCursor_CStyleCastExpr ||
      k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXReinterpretCastExpr)
    return dev_inner_space(e, dev_last_child(c));
  CXCursor var = clang_getNullCursor();
  int addr = k == CXCursor_UnaryOperator &&
             clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf;
  CXCursor r = cx_strip_implicit(addr ? dev_first_child(c) : c);
  if (clang_getCursorKind(r) == CXCursor_DeclRefExpr)
    var = clang_getCursorReferenced(r);
  var_entry *v = clang_Cursor_isNull(var) ? NULL : dev_var_find(e, var);
  if (v && (v->flags & V_POINTER) && addr)
    return v->space ? v->space : 'g';
  if (v && (v->flags & V_POINTER) && v->inner)
    return v->inner;
  /* an array of pointers (a local, a __constant__ symbol), or its address:
   * its elements point into global memory, as it is declared */
  if (!clang_Cursor_isNull(var) && (!v || (v->flags & V_ARRAY)) &&
      (v || dev_symbol_of(e, var)) &&
      dev_is_array_type(clang_getCursorType(var)) &&
      dev_holds_pointers(clang_getCursorType(var)))
    return 'g';
  return dev_expr_space(e, c);
}

static char call_return_space(emitter *e, CXCursor call) {
  CXCursor r = clang_getCursorReferenced(call);
  CXCursor def = dev_definition(e, r);
  if (clang_Cursor_isNull(def) || !dev_is_user_function(def))
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

/* *p or p[i] of a pointer to a pointer: where the pointer it reaches
 * points. Not of an array of pointers (T *a[3]): its elements point into
 * global memory, as its declaration is printed. */
static char deref_space(emitter *e, CXCursor p) {
  return dev_is_pointer_pointer(clang_getCursorType(cx_strip_implicit(p)))
             ? dev_inner_space(e, p)
             : 'g';
}

/* A parameter declared as an array (int v[4]): a pointer. */
static int is_array_param(CXCursor c) {
  c = cx_strip_implicit(c);
  return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
         clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_ParmDecl;
}

/* An address held as an integer, (uintptr_t)p | mask: where a pointer cast
 * into it points; 0 when none is. */
static char integer_address_space(emitter *e, CXCursor c) {
  c = cx_strip_implicit(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
      k == CXCursor_CXXReinterpretCastExpr ||
      k == CXCursor_CXXFunctionalCastExpr) {
    CXCursor op = dev_last_child(c);
    if (!clang_Cursor_isNull(op) &&
        (dev_is_pointer_type(clang_getCursorType(op)) ||
         dev_is_array_type(clang_getCursorType(op))))
      return dev_expr_space(e, op);
  }
  if (k != CXCursor_CStyleCastExpr && k != CXCursor_ParenExpr &&
      k != CXCursor_BinaryOperator && k != CXCursor_UnaryOperator &&
      k != CXCursor_UnexposedExpr && k != CXCursor_CXXStaticCastExpr &&
      k != CXCursor_CXXFunctionalCastExpr)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  char s = 0;
  for (unsigned i = 0; i < n && !s; i++)
    s = integer_address_space(e, kids[i]);
  free(kids);
  return s;
}

char dev_expr_space(emitter *e, CXCursor c) {
  CXType ct = clang_getCanonicalType(clang_getCursorType(c));
  if (ct.kind >= CXType_Bool && ct.kind <= CXType_Int128) {
    /* a pointer made from an integer: where the address came from; an
     * address known only as a number is a device pointer (global) */
    char s = integer_address_space(e, c);
    return s ? s : 'g';
  }
  /* an array decays to a pointer into wherever the array lives (libclang
   * types key + 4 as an array where key is a parameter declared as one:
   * no array lives there) */
  if (dev_is_array_type(clang_getCursorType(c)) &&
      clang_getCursorKind(c) != CXCursor_DeclRefExpr &&
      clang_getCursorKind(c) != CXCursor_BinaryOperator &&
      clang_getCursorKind(c) != CXCursor_CompoundAssignOperator &&
      !is_array_param(c))
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
    if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)
      return deref_space(e, dev_first_child(c)); /* *pp */
    return 'g';
  case CXCursor_ArraySubscriptExpr: /* pp[i] */
    return deref_space(e, dev_first_child(c));
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
  case CXCursor_CXXThisExpr: /* where self points */
    if (e->cur && !dev_closure_of_method(e, e->cur->decl))
      return e->cur->self == 'S'                   ? 'p'
             : e->cur->self && e->cur->self != 'N' ? e->cur->self
                                                   : 'g';
    return 'g';
  case CXCursor_CXXNewExpr: { /* the heap, or where placement new puts it */
    dev_new_parts np;
    dev_new_expr_parts(e->tu, c, &np);
    return np.nplace ? dev_expr_space(e, np.place) : 'g';
  }
  default:
    return 'g';
  }
}

char dev_lvalue_space(emitter *e, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_CallExpr: /* f() returning T &: where the object is */
    return dev_returns_reference(clang_getCursorReferenced(c))
               ? call_return_space(e, c)
               : 'p';
  case CXCursor_UnexposedExpr:
  case CXCursor_ParenExpr:
  case CXCursor_CStyleCastExpr: /* reinterpret_cast<T &>(x): x itself */
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr: {
    CXCursor k = dev_last_child(c);
    return clang_Cursor_isNull(k) ? 'p' : dev_lvalue_space(e, k);
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    var_entry *v = dev_var_find(e, d);
    if (v && (v->flags & (V_POINTER | V_DEREF)) && !(v->flags & V_ARRAY))
      return (v->flags & V_DEREF) ? v->space : 'p';
    symbol *s = v ? NULL : dev_symbol_of(e, d);
    if (s) /* where the variable itself lives, a pointer's too */
      return s->space;
    return decl_space(e, d);
  }
  case CXCursor_ArraySubscriptExpr:
    return dev_expr_space(e, dev_first_child(c));
  case CXCursor_MemberRefExpr: {
    CXCursor base = dev_first_child(c);
    CXCursor field = clang_getCursorReferenced(c);
    if (dev_is_ref_member(field))
      return dev_ref_member_space(e, field);
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
  case CXCursor_StringLiteral: /* OpenCL C keeps them in __constant */
    return 'c';
  default:
    return 'p';
  }
}

/* 1 when the unsigned value of idx is known below 2^31: a constant, a
 * built-in index (CUDA's limits keep those small), or x % c, x & c,
 * x >> c, x / c with such a constant c. */
static int below_2_31(emitter *e, CXCursor idx) {
  long long v;
  int u;
  if (cx_eval_int(idx, &v, &u))
    return (unsigned long long)v < 0x80000000ull;
  CXCursor in = cx_strip_implicit(idx);
  const char *fn;
  if (clang_getCursorKind(in) == CXCursor_ParenExpr)
    return below_2_31(e, dev_first_child(in));
  if (clang_getCursorKind(in) == CXCursor_MemberRefExpr)
    return dev_builtin_var_dim(e, in, &fn) >= 0;
  if (clang_getCursorKind(in) != CXCursor_BinaryOperator)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(in, &kids);
  long long c = -1;
  if (n != 2 || !cx_eval_int(kids[1], &c, &u))
    c = -1;
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(in);
  int r = (op == CXBinaryOperator_Rem && c > 0 && c <= 0x80000000ll) ||
          (op == CXBinaryOperator_And && c >= 0 && c < 0x80000000ll) ||
          (op == CXBinaryOperator_Shr && c >= 1) ||
          (op == CXBinaryOperator_Div && c >= 2);
  free(kids);
  return r;
}

/* An index into __local memory that CUDA computes in 32 bits: an unsigned
 * 32-bit value not known below 2^31. NVIDIA's shared-memory addresses are
 * 32 bits wide and wrap, so s[~u] and s[u - 1] at u = 0 read below s,
 * where 64-bit pointer arithmetic goes nearly 2^32 elements past it
 * (docs/usage.md, "What is translated"). */
int dev_local_index_wraps(emitter *e, CXCursor base, CXCursor idx) {
  return clang_getCanonicalType(clang_getCursorType(idx)).kind == CXType_UInt &&
         dev_expr_space(e, base) == 'l' && !below_2_31(e, idx);
}

/* ---- methods -------------------------------------------------------- */

int dev_is_const_method(CXCursor m) {
  enum CXCursorKind k = clang_getCursorKind(m);
  /* a polymorphic object keeps its address: its dynamic type is past the
   * part a copy would take */
  return (k == CXCursor_CXXMethod || k == CXCursor_ConversionFunction) &&
         clang_CXXMethod_isConst(m) &&
         !dev_class_is_polymorphic(
             clang_getCursorType(clang_getCursorSemanticParent(m)));
}

int dev_is_temporary(CXCursor obj) {
  CXCursor c = cx_strip_implicit(obj);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_CompoundLiteralExpr)
    return 1;
  if (k != CXCursor_CallExpr)
    return 0;
  CXCursor callee = clang_getCursorReferenced(c);
  if (clang_getCursorKind(callee) == CXCursor_Constructor)
    return 1;
  /* a call returning a reference names an object that has an address */
  CXType r = clang_getCanonicalType(clang_getCursorResultType(callee));
  return r.kind == CXType_Record;
}

char *dev_temporary_local(emitter *e, CXType t) {
  char *name = xasprintf("cu2cl_t%u", ++e->fresh);
  strbuf_append(&e->temps, "  ");
  dev_print_type_decl(e, &e->temps, clang_getCanonicalType(t), 0, name);
  strbuf_append(&e->temps, ";\n");
  return name;
}

/* A class without data members (SharedMemory<T>, functors like plus<T>):
 * its methods take no object at all (OpenCL C has no empty structs). */
int dev_class_is_empty(CXCursor cls) {
  /* from the type: also instantiations of templates; a base with fields or
   * a type tag is something in it (dev_class) */
  return dev_class_takes_no_room(clang_getCursorType(cls));
}

/* obj.method(args) and member operators: self by value for const methods,
 * by pointer (clone per space) otherwise; none for static methods (called
 * as C::f(args), also through a template parameter: T::f()). */
char dev_method_self(emitter *e, CXCursor def, CXCursor obj) {
  int this_obj =
      clang_Cursor_isNull(obj) ||
      clang_getCursorKind(cx_strip_implicit(obj)) == CXCursor_CXXThisExpr;
  if (clang_CXXMethod_isStatic(def) ||
      dev_class_is_empty(clang_getCursorSemanticParent(def)))
    return 'N'; /* no object: static, or nothing in it */
  if (dev_is_const_method(def))
    return 'S';
  /* in a lambda, this is the object the closure captured: where the
   * lambda expression's this pointed, or (*this) the closure's copy */
  const dev_closure *cl =
      this_obj && e->cur ? dev_closure_of_method(e, e->cur->decl) : NULL;
  const dev_capture *tc = cl ? dev_closure_this(cl) : NULL;
  if (tc && tc->kind == 't')
    return dev_ref_member_space(e, tc->field);
  if (this_obj)
    return e->cur && e->cur->self != 'S' && e->cur->self != 'N' ? e->cur->self
                                                                : 'p';
  if (dev_is_pointer_type(clang_getCursorType(obj)))
    return dev_expr_space(e, obj);
  return dev_lvalue_space(e, obj);
}

/* obj.method as the callee of a call, as opposed to a member operator's
 * left operand that is itself a member (s.v = w: operator= of s.v). */
int dev_is_method_access(CXCursor c) {
  if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
    return 0;
  enum CXCursorKind k = clang_getCursorKind(clang_getCursorReferenced(c));
  return k == CXCursor_CXXMethod || k == CXCursor_ConversionFunction ||
         k == CXCursor_FunctionTemplate;
}

CXCursor dev_call_object(CXCursor call) {
  CXCursor *kids;
  unsigned nk = cx_children(call, &kids);
  CXCursor obj = clang_getNullCursor();
  if (nk && dev_is_method_access(kids[0]))
    obj = dev_first_child(kids[0]);
  else if (nk)
    obj = kids[0];
  free(kids);
  return obj;
}

/* ---- per-function analysis ------------------------------------------ */

/* No value, or a null pointer (nullptr, NULL, 0, (T *)0): it points into
 * no space, so the pointer's space comes from its other values
 * (T *p = nullptr; if (...) p = shared; else p = global_ptr;). */
static int is_null_pointer(CXCursor c) {
  if (clang_Cursor_isNull(c))
    return 1;
  c = cx_strip_implicit(c);
  switch (clang_getCursorKind(c)) {
  case CXCursor_CXXNullPtrLiteralExpr:
  case CXCursor_GNUNullExpr:
    return 1;
  case CXCursor_IntegerLiteral: {
    long long v;
    int u;
    return cx_eval_int(c, &v, &u) && v == 0;
  }
  case CXCursor_ParenExpr:
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
    return is_null_pointer(dev_last_child(c));
  default:
    return 0;
  }
}

void dev_check_member_space(emitter *e, CXCursor lhs, CXCursor value,
                            CXCursor at) {
  CXCursor field = clang_getCursorReferenced(lhs);
  if (e->quiet || clang_getCursorKind(field) != CXCursor_FieldDecl ||
      !dev_is_pointer_type(clang_getCursorType(field)) ||
      is_null_pointer(value))
    return;
  char sp = dev_expr_space(e, value);
  if (!sp || sp == 'g')
    return;
  char *cn = cx_type_spelling(
      clang_getCursorType(clang_getCursorSemanticParent(field)));
  char *fn = cx_spelling(field);
  char *n = xasprintf("%s::%s", cn, fn);
  dev_report(e, at, CU2CL_D_ADDRESS_SPACE_CONFLICT, n, dev_space_name('g'),
             dev_space_name(sp));
  free(n);
  free(fn);
  free(cn);
}

/* A local pointer to pointers (T **p, float *(*p)[4][2]) set from value:
 * where those point, when the first value says (the address of an array
 * symbol of pointers: global memory, where the array itself is
 * __constant). */
static void set_local_inner(emitter *e, var_entry *v, CXType t,
                            CXCursor value) {
  CXType c = clang_getCanonicalType(t);
  if (v->inner || clang_Cursor_isNull(value) || is_null_pointer(value) ||
      c.kind != CXType_Pointer || !dev_holds_pointers(clang_getPointeeType(c)))
    return;
  v->inner = dev_inner_space(e, value);
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
      var_entry *v = var_add(
          e, c, is_null_pointer(init) ? 0 : dev_expr_space(e, init), V_POINTER);
      set_local_inner(e, v, t, init);
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
    if (n == 2)
      dev_check_member_space(e, kids[0], kids[1], c);
    if (n == 2 && clang_getCursorKind(kids[0]) == CXCursor_DeclRefExpr) {
      CXCursor var = clang_getCursorReferenced(kids[0]);
      var_entry *v = dev_var_find(e, var);
      if (v && (v->flags & V_POINTER) && !(v->flags & V_DEREF) &&
          !is_null_pointer(kids[1])) {
        char sp = dev_expr_space(e, kids[1]);
        set_local_inner(e, v, clang_getCursorType(var), kids[1]);
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

/* In a lambda's operator(), the variables it captured: read through the
 * closure, pointing (references, pointers) where the lambda expression
 * bound them, living where the closure lives otherwise. */
static void add_captures(emitter *e, fn_clone *f) {
  const dev_closure *cl = dev_closure_of_method(e, f->decl);
  if (!cl || cl->problem)
    return;
  char home = f->self == 'S' || !f->self || f->self == 'N' ? 'p' : f->self;
  for (unsigned i = 0; i < cl->ncaps; i++) {
    const dev_capture *c = &cl->caps[i];
    if (clang_Cursor_isNull(c->var))
      continue; /* this */
    CXType ft = clang_getCanonicalType(clang_getCursorType(c->field));
    var_entry *v;
    if (ft.kind == CXType_LValueReference) {
      v = var_add(e, c->var, dev_ref_member_space(e, c->field),
                  V_POINTER | V_DEREF | V_CAPTURE);
      v->inner = dev_closure_pointee_space(e, c->field); /* T *&p */
    } else if (ft.kind == CXType_Pointer)
      v = var_add(e, c->var, dev_ref_member_space(e, c->field),
                  V_POINTER | V_CAPTURE);
    else
      v = var_add(e, c->var, home,
                  (ft.kind == CXType_ConstantArray ? V_ARRAY : 0) | V_CAPTURE);
    v->varying = 1; /* what the creator captured: not known here */
  }
}

/* Loads the parameters' spaces and runs the pre-pass over the body. */
void dev_analyze_function(emitter *e, fn_clone *f) {
  dev_vars_reset(e);
  add_captures(e, f);
  int n = clang_Cursor_getNumArguments(f->decl);
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(f->decl, (unsigned)i);
    CXType t = clang_getCursorType(p);
    char s = f->spaces[i] == '-' || !f->spaces[i] ? 'g' : f->spaces[i];
    const char *in = strchr(f->spaces, '|');
    if (dev_is_pointer_type(t) || dev_is_array_type(t)) /* int v[4]: int * */
      var_add(e, p, s, V_POINTER)->inner =
          in && in[1 + i] != '-' ? in[1 + i] : 0;
    else if (dev_is_nonconst_ref(t))
      var_add(e, p, s, V_POINTER | V_DEREF)->inner =
          in && in[1 + i] != '-' ? in[1 + i] : 0;
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

static int is_return(CXCursor c, void *ctx) {
  (void)ctx;
  return clang_getCursorKind(c) == CXCursor_ReturnStmt;
}

/* The space a pointer-returning function's result points into. Saves and
 * restores the caller's variable table around the callee's analysis. */
char dev_function_return_space(emitter *e, fn_clone *f) {
  if (f->ret_known)
    return f->ret_space;
  f->ret_known = 1;
  f->ret_space = 'g';
  int ref = dev_returns_reference(f->decl);
  if (!ref && !dev_is_pointer_type(clang_getCursorResultType(f->decl)))
    return f->ret_space;
  ptrdiff_t cur = e->cur ? e->cur - e->fns : -1; /* e->fns may move */
  var_entry *saved = e->vars;
  size_t saved_n = e->nvars, saved_cap = e->capvars;
  e->vars = NULL;
  e->nvars = e->capvars = 0;
  size_t idx = (size_t)(f - e->fns);
  int quiet = e->quiet;
  e->quiet = 1;
  dev_analyze_function(e, f);
  e->quiet = quiet;
  e->cur = &e->fns[idx]; /* this: where its self points */
  char space = 0;        /* from the first return with a value */
  CXCursor body = dev_function_body(e->fns[idx].decl);
  CXCursor *rets = NULL;
  size_t nrets =
      clang_Cursor_isNull(body) ? 0 : dev_find(body, is_return, NULL, 0, &rets);
  for (size_t i = 0; i < nrets; i++) {
    CXCursor v = dev_first_child(rets[i]);
    if (!clang_Cursor_isNull(v) && !space)
      space = ref ? dev_lvalue_space(e, v) : dev_expr_space(e, v);
  }
  free(rets);
  e->cur = cur >= 0 ? &e->fns[cur] : NULL;
  dev_vars_reset(e);
  free(e->vars);
  e->vars = saved;
  e->nvars = saved_n;
  e->capvars = saved_cap;
  f = &e->fns[idx];
  f->ret_space = space ? space : 'g';
  return f->ret_space;
}

/* ---- classes: derived to base ---------------------------------------- */

/* An object whose dynamic type is its static type: a variable or a
 * member that is no reference, a temporary. */
int dev_is_exact_object(CXCursor obj) {
  CXCursor o = cx_strip_implicit(obj);
  enum CXCursorKind k = clang_getCursorKind(o);
  CXType t = clang_getCanonicalType(clang_getCursorType(
      k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr
          ? clang_getCursorReferenced(o)
          : o));
  if (clang_Cursor_isNull(obj) || t.kind == CXType_Pointer ||
      t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    return 0;
  return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
         dev_is_temporary(o);
}

/* The record a pointer or object type names (its pointee for pointers). */
static CXType record_of(CXType t, int *pointer) {
  t = clang_getCanonicalType(t);
  *pointer = t.kind == CXType_Pointer || t.kind == CXType_LValueReference ||
             t.kind == CXType_RValueReference;
  return *pointer ? clang_getCanonicalType(clang_getPointeeType(t)) : t;
}

char *dev_base_conversion(emitter *e, CXType from, CXType to, char space,
                          const char *text) {
  int pf, pt;
  CXType rf = record_of(from, &pf), rt = record_of(to, &pt);
  /* cooperative groups are handles (dev_cg), not the headers' classes */
  if (pf != pt || rf.kind != CXType_Record || rt.kind != CXType_Record ||
      dev_cg_is_type(rf) || dev_cg_is_type(rt) ||
      clang_equalTypes(clang_getUnqualifiedType(rf),
                       clang_getUnqualifiedType(rt)) ||
      !dev_class_derives(clang_getUnqualifiedType(rf),
                         clang_getUnqualifiedType(rt)))
    return NULL;
  int primary = 1;
  char *path = dev_class_base_path(rf, rt, &primary);
  char *r;
  if (path && !pf) {
    r = xasprintf("(%s)%s", text, path); /* the base subobject */
  } else if (!pf) {                      /* an empty base: nothing to copy */
    char *tn = dev_type_name(e, rt);
    r = xasprintf("((%s){0})", tn);
    free(tn);
  } else if (path && !primary) { /* not at offset 0 */
    r = xasprintf("(&(%s)->%s)", text, path + 1);
  } else { /* at offset 0, or an empty base: the same address */
    char *pts = dev_type_string(
        e, clang_getPointeeType(clang_getCanonicalType(to)), space);
    r = xasprintf("((%s *)(%s))", pts, text);
    free(pts);
  }
  free(path);
  return r;
}

/* ---- the work list -------------------------------------------------- */

static int name_taken(emitter *e, const char *name) {
  for (size_t i = 0; i < e->nfns; i++)
    if (!strcmp(e->fns[i].name, name))
      return 1;
  return 0;
}

/* The clone's name: the function's, its spaces, how it takes its object
 * and whether it is predicated, then made unique among other functions'
 * (overloads share a name in C++) and its other clones (those that differ
 * only in which parameters are uniform). */
static char *clone_name(emitter *e, CXCursor def, const char *spaces,
                        int is_kernel, char self) {
  char *base;
  enum CXCursorKind k = clang_getCursorKind(def);
  if (k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
      k == CXCursor_ConversionFunction || k == CXCursor_Destructor) {
    CXCursor cls = clang_getCursorSemanticParent(def);
    char *cn = dev_record_name(clang_getCursorType(cls));
    char *mn = dev_function_base_name(def);
    strbuf b = {0};
    strbuf_printf(&b, "%s_", cn);
    strbuf_append(&b, k == CXCursor_Constructor  ? "make"
                      : k == CXCursor_Destructor ? "destroy"
                                                 : mn);
    base = strbuf_take(&b);
    free(cn);
    free(mn);
  } else {
    base = dev_specialization_name(def);
  }
  strbuf b = {0};
  strbuf_append(&b, base);
  int nonglobal = 0;
  for (const char *s = spaces; *s && *s != '|'; s++)
    nonglobal |= *s != '-' && *s != 'g';
  const char *inner = strchr(spaces, '|');
  if (!is_kernel && (nonglobal || inner)) {
    strbuf_append(&b, "_");
    for (const char *s = spaces; *s; s++)
      if (*s == '|')
        strbuf_append(&b, "_"); /* then where *p of T **p points */
      else if (*s != '-')
        strbuf_appendc(&b, *s);
  }
  if (self && self != 'S' && self != 'g' && self != 'N')
    strbuf_printf(&b, "_%c", self);
  if (e->queue_pred)
    strbuf_append(&b, "_pred");
  if (e->queue_dispatch)
    strbuf_append(&b, "_virtual");
  while (name_taken(e, strbuf_cstr(&b)))
    strbuf_append(&b, "_");
  free(base);
  return strbuf_take(&b);
}

fn_clone *dev_queue_function(emitter *e, CXCursor def, const char *spaces,
                             char self, int is_kernel) {
  char *usr = cx_usr(def);
  char *key =
      xasprintf("%s|%c|%s%s%s|%s", usr, self ? self : '0', spaces,
                e->queue_pred ? "|P" : "", e->queue_dispatch ? "|V" : "",
                e->queue_uniform ? e->queue_uniform : "");
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
  f->name = clone_name(e, def, spaces, is_kernel, self);
  f->usr = usr;
  f->key = key;
  f->spaces = xstrdup(spaces);
  f->is_kernel = is_kernel;
  f->self = self;
  f->predicated = e->queue_pred;
  f->dispatch = e->queue_dispatch;
  f->uniform = e->queue_uniform ? xstrdup(e->queue_uniform) : NULL;
  e->nfns++;
  return f;
}
