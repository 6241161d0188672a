/*
 * dev_expr: CUDA expressions printed as OpenCL C into e->out.
 *
 * Literals keep their source spelling where they have one. threadIdx and
 * the other built-in variables become work-item functions; calls of
 * built-in device functions go to dev_rulecall (through e->call_hooks),
 * which prints them through the rows of rules/device_functions.def. A call
 * of a user function names
 * the clone for the address spaces of its pointer arguments (queueing it)
 * and passes the callee's implicit parameters on; methods become functions
 * taking `self` by value (const methods) or by pointer; constructors become
 * functions returning the object they build. printf formats are adapted to
 * OpenCL C's 64-bit long. new and delete go to dev_alloc (through
 * e->alloc_hook). What has no OpenCL C form (lambdas, throw, calls through
 * pointers) is reported, with a comment left in the output where it
 * stood.
 *
 * Layer 14 of the device emitter (dev_state.h): calls dev_state,
 * dev_literal, dev_cg,
 * dev_builtin, dev_types, dev_uses, dev_space.
 */
#include "dev_expr.h"

#include <ctype.h>
#include <string.h>

#include "dev_builtin.h"
#include "dev_cg.h"
#include "dev_class.h"
#include "dev_lambda.h"
#include "dev_literal.h"
#include "dev_pred.h"
#include "dev_space.h"
#include "dev_types.h"
#include "dev_uses.h"

static void print_expr_node(emitter *e, CXCursor c);

/* ---- expressions ---------------------------------------------------- */

static char *expr_string(emitter *e, CXCursor c) {
  strbuf *saved = e->out;
  strbuf b = {0};
  e->out = &b;
  dev_print_expr(e, c);
  e->out = saved;
  return strbuf_take(&b);
}

/* The single token of a literal's extent, when it is a literal token
 * (instantiated templates point literals substituted for parameters at
 * the parameter's name instead). */
static void print_children_list(emitter *e, CXCursor *kids, unsigned n,
                                const char *sep) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      dev_emit(e, sep);
    dev_print_expr(e, kids[i]);
  }
}

/* The operand of a postfix operator (a[i], a.m, a->m): a cast, which
 * C++ writes as reinterpret_cast<T *>(p) and OpenCL C as (T *)(p), goes
 * in parentheses, or the index would bind to its operand first. */
static void print_postfix_base(emitter *e, CXCursor base) {
  switch (clang_getCursorKind(cx_strip_implicit(base))) {
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr:
  case CXCursor_CXXFunctionalCastExpr:
    dev_emit(e, "(");
    dev_print_expr(e, base);
    dev_emit(e, ")");
    return;
  default:
    dev_print_expr(e, base);
    return;
  }
}

/* In a lambda's operator() that captured this, the capture; else NULL. */
static const dev_capture *lambda_this(emitter *e) {
  const dev_closure *cl =
      e->cur ? dev_closure_of_method(e, e->cur->decl) : NULL;
  return cl && !cl->problem ? dev_closure_this(cl) : NULL;
}

/* "self." or "self->": the closure or object of the method printed. */
static const char *self_member(emitter *e) {
  return e->cur && e->cur->self == 'S' ? "self." : "self->";
}

/* The object `this` names in the function printed, as an lvalue ("self",
 * "(*self)"; in a lambda, the object it captured), and its class. Caller
 * frees. */
static char *this_object(emitter *e, CXType *cls) {
  const dev_capture *tc = lambda_this(e);
  if (tc) {
    CXType ft = clang_getCanonicalType(clang_getCursorType(tc->field));
    *cls = tc->kind == 't' ? clang_getPointeeType(ft) : ft;
    return xasprintf(tc->kind == 't' ? "(*%s%s)" : "%s%s", self_member(e),
                     tc->name);
  }
  CXType none = {CXType_Invalid, {NULL, NULL}};
  *cls = e->cur
             ? clang_getCursorType(clang_getCursorSemanticParent(e->cur->decl))
             : none;
  return xstrdup(e->cur && e->cur->self == 'S' ? "self" : "(*self)");
}

/* The member path from the object of the method being printed to the
 * base holding member m ("" for its own members). Caller frees. */
static char *self_path(emitter *e, CXCursor m) {
  if (!e->cur)
    return xstrdup("");
  CXType own;
  free(this_object(e, &own));
  CXType of = clang_getCursorType(clang_getCursorSemanticParent(m));
  char *p = dev_class_base_path(own, of, NULL);
  return p ? p : xstrdup("");
}

/* The object of the method being printed as its base class that declares
 * method m; NULL when m is the class's own. Caller frees. */
static char *self_as_base(emitter *e, CXCursor m) {
  if (!e->cur || (e->cur->self == 'N' && !lambda_this(e)))
    return NULL;
  CXType own;
  char *obj = this_object(e, &own);
  CXType of = clang_getCursorType(clang_getCursorSemanticParent(m));
  char *r = dev_base_conversion(e, own, of, 0, obj);
  free(obj);
  return r;
}

/* 1 for a field of __half2_raw or __nv_bfloat162_raw: CUDA's are the
 * 16-bit patterns (unsigned short x, y), the pair they map to holds two
 * cu2cl_half (cu2cl_bf16) structs, whose bits are .x. */
static int raw_pair_member(CXCursor field) {
  CXType t = clang_getCursorType(clang_getCursorSemanticParent(field));
  char *n = cx_type_spelling(clang_getCanonicalType(t));
  int raw = !strcmp(n, "__half2_raw") || !strcmp(n, "__nv_bfloat162_raw");
  free(n);
  return raw;
}

static void print_member(emitter *e, CXCursor c) {
  const char *fn;
  int dim = dev_builtin_var_dim(e, c, &fn);
  if (dim >= 0) {
    strbuf_printf(e->out, "(uint)%s(%d)", fn, dim);
    return;
  }
  CXCursor base = dev_first_child(c);
  /* s.x through s's anonymous union: the union is not named */
  while (!clang_Cursor_isNull(base) &&
         clang_getCursorKind(base) == CXCursor_MemberRefExpr &&
         dev_is_anonymous_member(clang_getCursorReferenced(base)))
    base = dev_first_child(base);
  CXCursor field = clang_getCursorReferenced(c);
  char *m = cx_spelling(field);
  char *sm = dev_safe_name(m);
  free(m);
  int ref = dev_is_ref_member(field); /* a pointer in C */
  dev_emit(e, ref ? "(*" : "");
  const dev_capture *tc = lambda_this(e);
  if (tc && (clang_Cursor_isNull(base) ||
             clang_getCursorKind(cx_strip_implicit(base)) ==
                 CXCursor_CXXThisExpr)) { /* the captured this */
    char *path = self_path(e, field);
    strbuf_printf(e->out, "%s%s%s%s%s", self_member(e), tc->name,
                  tc->kind == 't' ? "->" : ".", *path ? path + 1 : "",
                  *path ? "." : "");
    dev_emit(e, sm);
    free(path);
  } else if (clang_Cursor_isNull(base) || /* implicit this-> */
             clang_getCursorKind(cx_strip_implicit(base)) ==
                 CXCursor_CXXThisExpr) {
    char *path = self_path(e, field);
    strbuf_printf(e->out, "self%s%s%s%s",
                  e->cur && e->cur->self == 'S' ? "." : "->",
                  *path ? path + 1 : "", *path ? "." : "", sm);
    free(path);
  } else {
    print_postfix_base(e, base);
    strbuf_printf(e->out, "%s%s%s",
                  dev_is_pointer_type(clang_getCursorType(base)) ? "->" : ".",
                  sm, raw_pair_member(field) ? ".x" : "");
  }
  dev_emit(e, ref ? ")" : "");
  free(sm);
}

/* A variable of the host side (namespace scope or a static member) used in
 * device code: constexpr and const-initialized ones are their value. */
/* 1 when the compiler evaluates c to a number. */
static int is_constant(CXCursor c) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  CXEvalResultKind k = r ? clang_EvalResult_getKind(r) : CXEval_UnExposed;
  if (r)
    clang_EvalResult_dispose(r);
  return k == CXEval_Int || k == CXEval_Float;
}

static void print_host_constant(emitter *e, CXCursor ref, const char *name) {
  if (is_constant(ref)) {
    dev_print_int_value(e, ref);
    return;
  }
  char *what = xasprintf("the host variable '%s' (not constant, not "
                         "__device__ or __constant__)",
                         name);
  dev_report(e, ref, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, what);
  free(what);
}

static void print_declref(emitter *e, CXCursor c) {
  CXCursor d = clang_getCursorReferenced(c);
  enum CXCursorKind dk = clang_getCursorKind(d);
  /* an element of an expanded parameter pack has a name of its own */
  char *n = dk == CXCursor_ParmDecl ? cx_param_name(d) : cx_spelling(d);
  if (!*n || dk == CXCursor_EnumConstantDecl ||
      dk == CXCursor_NonTypeTemplateParameter) {
    dev_print_int_value(e, c);
  } else if (dk == CXCursor_VarDecl && cx_in_system_header(d) &&
             !strcmp(n, "warpSize")) {
    dev_emit(e, "CU2CL_WARP_SIZE");
  } else if (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl ||
             (dk == CXCursor_UnexposedDecl && dev_symbol_of(e, d))) {
    symbol *s = dev_symbol_of(e, d);
    var_entry *v = s ? NULL : dev_var_find(e, d);
    char *sn = dev_safe_name(n);
    const dev_closure *cl = v && (v->flags & V_CAPTURE) && e->cur
                                ? dev_closure_of_method(e, e->cur->decl)
                                : NULL;
    const dev_capture *cap = cl ? dev_closure_capture(cl, d) : NULL;
    if (cap) /* read through the closure */
      strbuf_printf(e->out, (v->flags & V_DEREF) ? "(*%s%s)" : "%s%s",
                    self_member(e), cap->name);
    else if (s && !s->is_array)
      strbuf_printf(e->out, "(*%s)", s->name);
    else if (v && (v->flags & V_DEREF))
      strbuf_printf(e->out, "(*%s)", sn);
    else if (dk == CXCursor_VarDecl && cx_in_system_header(d) &&
             !is_constant(c)) /* std::is_same<T, U>::value: its value */
      dev_report(e, c, CU2CL_D_UNKNOWN_DEVICE_FUNCTION, n, "variable");
    else if (dk == CXCursor_VarDecl && cx_in_system_header(d))
      dev_print_int_value(e, c);
    else if (!s && !v && dk == CXCursor_VarDecl)
      print_host_constant(e, c, n); /* constexpr globals, static members */
    else
      dev_emit(e, s ? s->name : sn);
    free(sn);
  } else if (dk == CXCursor_UnexposedDecl && is_constant(c)) {
    dev_print_int_value(e, c); /* std::is_same_v<T, U>: a variable
                                  template's constant value */
  } else {
    dev_report(e, c, CU2CL_D_FUNCTION_POINTER, n);
  }
  free(n);
}

/* Argument text for a rule template: parenthesized unless trivially atomic. */
char *dev_arg_text(emitter *e, CXCursor a) {
  char *s = expr_string(e, a);
  enum CXCursorKind k = clang_getCursorKind(cx_strip_implicit(a));
  int simple = k == CXCursor_CallExpr || k == CXCursor_ParenExpr ||
               k == CXCursor_ArraySubscriptExpr || k == CXCursor_DeclRefExpr ||
               k == CXCursor_IntegerLiteral || k == CXCursor_FloatingLiteral;
  for (const char *p = s; *p && !simple; p++)
    if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '.'))
      break;
    else if (!p[1])
      simple = 1;
  if (simple && *s != '-')
    return s;
  char *r = xasprintf("(%s)", s);
  free(s);
  return r;
}

/* &sym of an array symbol (__constant__, or __shared__ hoisted from a
 * device function), which is a pointer to its first element outside the
 * kernel that declares it: that pointer cast to a pointer to the whole
 * array (its pointers, if it holds them, into global memory). 1 when
 * printed. */
static int print_array_symbol_address(emitter *e, CXCursor arg,
                                      CXType pointee) {
  CXCursor in = cx_strip_implicit(arg);
  symbol *s = clang_getCursorKind(in) == CXCursor_DeclRefExpr
                  ? dev_symbol_of(e, clang_getCursorReferenced(in))
                  : NULL;
  if (!s || !s->is_array || !dev_is_array_type(pointee) ||
      (s->space == 'l' && !(e->cur && !e->cur->is_kernel)))
    return 0;
  strbuf b = {0};
  dev_print_pointer_decl(e, &b, clang_getCanonicalType(pointee), s->space,
                         dev_holds_pointers(pointee) ? 'g' : 0, "");
  strbuf_printf(e->out, "(%s)%s", strbuf_cstr(&b), s->name);
  strbuf_free(&b);
  return 1;
}

/* &arg for a parameter taken by reference; an array symbol's as above (a
 * reference to the whole array, float (&t)[N]). */
static void print_address_of(emitter *e, CXCursor arg, CXType pointee) {
  if (print_array_symbol_address(e, arg, pointee))
    return;
  dev_emit(e, "&");
  char *t = dev_arg_text(e, arg);
  dev_emit(e, t);
  free(t);
}

/* An argument a call leaves to its default (a childless expression to
 * libclang) whose value is no constant (tx = threadIdx.x): the parameter's
 * default expression, printed at the call as C++ evaluates it there. 1
 * when printed. */
static int print_default_arg(emitter *e, CXCursor def, unsigned i,
                             CXCursor arg) {
  if (clang_getCursorKind(arg) != CXCursor_UnexposedExpr ||
      !clang_Cursor_isNull(dev_first_child(arg)))
    return 0;
  CXEvalResult r = clang_Cursor_Evaluate(arg);
  if (r) {
    clang_EvalResult_dispose(r);
    return 0; /* printed as its value */
  }
  CXCursor decls[] = {def, clang_getCanonicalCursor(def)};
  for (size_t k = 0; k < 2; k++) {
    CXCursor d = cx_param_default(e->tu, clang_Cursor_getArgument(decls[k], i));
    if (!clang_Cursor_isNull(d)) {
      dev_print_expr(e, d);
      return 1;
    }
  }
  return 0;
}

void dev_print_user_args(emitter *e, CXCursor def, CXCursor *args,
                         unsigned nargs, int first) {
  for (unsigned i = 0; i < nargs; i++) {
    if (!first || i)
      dev_emit(e, ", ");
    CXType pt = clang_getCursorType(clang_Cursor_getArgument(def, i));
    if (dev_is_nonconst_ref(pt)) {
      print_address_of(e, args[i], clang_getPointeeType(pt));
    } else if (dev_cg_is_group_from_coalesced(
                   pt, clang_getCursorType(cx_strip_implicit(args[i])))) {
      dev_report(e, args[i], CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED,
                 "cooperative_groups::thread_group holding a "
                 "coalesced_group");
    } else if (!print_default_arg(e, def, i, args[i])) {
      dev_print_expr(e, args[i]);
    }
  }
  dev_print_implicit_args(e, def, first && nargs == 0);
}

/* Reports a call inside a call cycle (caller and callee both recursive),
 * once per function. */
static void check_recursion(emitter *e, CXCursor call, CXCursor def) {
  if (!e->cur)
    return;
  fn_uses *caller = dev_uses_of(e, e->cur->decl);
  if (caller && !caller->recursive)
    return;
  fn_uses *u = dev_uses_find(e, def);
  if (!u || !u->recursive || u->recursion_reported)
    return;
  u->recursion_reported = 1;
  char *n = cx_spelling(def);
  dev_report(e, call, CU2CL_D_RECURSION, n);
  free(n);
}

/* In predicated code, a collective user function runs in every work-item
 * as its predicated clone, which takes the predicate first. */
static int call_predicated(emitter *e, CXCursor def) {
  if (!e->call_pred)
    return 0;
  fn_uses *u = dev_uses_of(e, def);
  return u && u->collective;
}

/* For a call of a collective function (barriers, warp operations), which
 * of its parameters receive a value that is the same in every work-item
 * (fn_clone.uniform): its clone then knows that a loop bounded by one has
 * the same trip count everywhere. NULL when none does or it is no
 * collective (one clone serves every call). */
static char *uniform_args(emitter *e, CXCursor def, CXCursor *args,
                          unsigned nargs) {
  fn_uses *u = dev_uses_of(e, def);
  int n = clang_Cursor_getNumArguments(def);
  if (!u || !u->collective || n <= 0)
    return NULL;
  char *mask = xmalloc((size_t)n + 1);
  int any = 0;
  for (int i = 0; i < n; i++) {
    CXType t = clang_getCursorType(clang_Cursor_getArgument(def, (unsigned)i));
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    int ref = k == CXType_LValueReference || k == CXType_RValueReference;
    int same = (unsigned)i < nargs && !ref && !dev_is_varying(e, args[i]);
    mask[i] = same ? 'u' : 'v';
    any |= same;
  }
  mask[n] = 0;
  if (!any) {
    free(mask);
    return NULL;
  }
  return mask;
}

static void print_function_call(emitter *e, CXCursor call, CXCursor def,
                                CXCursor *args, unsigned nargs) {
  if (is_constant(call)) { /* a constexpr function of constants (cilog2(N)
                              in a constexpr initializer): its value */
    dev_print_int_value(e, call);
    return;
  }
  check_recursion(e, call, def);
  char *sp = dev_call_spaces(e, call, def, args, nargs);
  char *uniform = uniform_args(e, def, args, nargs);
  int pred = call_predicated(e, def);
  e->queue_pred = pred;
  e->queue_uniform = uniform;
  fn_clone *f = dev_queue_function(e, def, sp, 0, 0);
  e->queue_pred = 0;
  e->queue_uniform = NULL;
  free(uniform);
  free(sp);
  strbuf_printf(e->out, "%s(%s", f->name, pred ? e->call_pred : "");
  const char *saved = e->call_pred;
  e->call_pred = NULL; /* arguments are evaluated as usual */
  dev_print_user_args(e, def, args, nargs, !pred);
  e->call_pred = saved;
  dev_emit(e, ")");
}

static void print_method_call(emitter *e, CXCursor call, CXCursor def,
                              CXCursor obj, CXCursor *args, unsigned nargs) {
  int byval = dev_is_const_method(def) || clang_CXXMethod_isStatic(def);
  int this_obj =
      clang_Cursor_isNull(obj) ||
      clang_getCursorKind(cx_strip_implicit(obj)) == CXCursor_CXXThisExpr;
  char self = dev_method_self(e, def, obj);
  int none = self == 'N';
  check_recursion(e, call, def);
  char *sp = dev_call_spaces(e, call, def, args, nargs);
  char *uniform = uniform_args(e, def, args, nargs);
  int pred = call_predicated(e, def);
  e->queue_pred = pred;
  e->queue_uniform = uniform;
  fn_clone *f = dev_queue_function(e, def, sp, self, 0);
  e->queue_pred = 0;
  e->queue_uniform = NULL;
  free(uniform);
  free(sp);
  char *tmp = NULL; /* T(x).f(): the object stored in a local first */
  if (!none && !this_obj && !byval && dev_is_temporary(obj)) {
    tmp = dev_temporary_local(e, clang_getCursorType(obj));
    strbuf_printf(e->out, "(%s = ", tmp);
    dev_print_expr(e, obj);
    dev_emit(e, ", ");
  }
  strbuf_printf(e->out, "%s(", f->name);
  if (pred)
    strbuf_printf(e->out, "%s%s", e->call_pred, nargs || !none ? ", " : "");
  const char *saved_pred = e->call_pred;
  e->call_pred = NULL;
  if (none) {
    dev_print_user_args(e, def, args, nargs, 1);
    e->call_pred = saved_pred;
    dev_emit(e, ")");
    return;
  }
  char *up = this_obj ? self_as_base(e, def) : NULL;
  if (up) { /* a method of a base class */
    strbuf_printf(e->out, "%s%s", byval ? "" : "&", up);
    free(up);
  } else if (this_obj && lambda_this(e)) { /* the object captured */
    CXType own;
    char *o = this_object(e, &own);
    strbuf_printf(e->out, "%s%s", byval ? "" : "&", o);
    free(o);
  } else if (this_obj) {
    dev_emit(e, byval && e->cur && e->cur->self != 'S' ? "*self" : "self");
    if (!byval && e->cur && e->cur->self == 'S')
      dev_report(e, call, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
                 "calling a non-const member function from a const one");
  } else if (dev_is_pointer_type(clang_getCursorType(obj))) {
    if (byval)
      dev_emit(e, "*");
    char *t = dev_arg_text(e, obj);
    dev_emit(e, t);
    free(t);
  } else {
    char *t = tmp ? xstrdup(tmp) : dev_arg_text(e, obj);
    strbuf_printf(e->out, "%s%s", byval ? "" : "&", t);
    free(t);
  }
  dev_print_user_args(e, def, args, nargs, 0);
  e->call_pred = saved_pred;
  dev_emit(e, tmp ? "))" : ")");
  free(tmp);
}

/* A copy or move constructor that only copies: the compiler's own (its
 * body is empty and it names no member initializers). */
static int is_plain_copy(CXCursor ctor, CXCursor def) {
  if (!clang_CXXConstructor_isCopyConstructor(ctor) &&
      !clang_CXXConstructor_isMoveConstructor(ctor))
    return 0;
  if (clang_Cursor_isNull(def) || clang_CXXMethod_isDefaulted(ctor))
    return 1;
  CXCursor *kids;
  unsigned n = cx_children(def, &kids);
  int plain = 1;
  for (unsigned i = 0; i < n && plain; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids[i]);
    if (k == CXCursor_MemberRef)
      plain = 0;
    else if (k == CXCursor_CompoundStmt &&
             !clang_Cursor_isNull(dev_first_child(kids[i])))
      plain = 0;
  }
  free(kids);
  return plain;
}

static void print_constructor_call(emitter *e, CXCursor call, CXCursor ctor,
                                   CXCursor *args, unsigned nargs) {
  CXCursor def = dev_definition(e, ctor);
  if (nargs == 1 && is_plain_copy(ctor, def)) {
    dev_print_expr(e, args[0]);
    return;
  }
  int has_body =
      !clang_Cursor_isNull(def) && !clang_Cursor_isNull(dev_function_body(def));
  if (cx_in_system_header(ctor) &&
      e->call_hooks->member(e, call, ctor, args, nargs))
    return;
  if (!has_body || cx_in_system_header(ctor)) {
    if (nargs == 1 && (clang_CXXConstructor_isCopyConstructor(ctor) ||
                       clang_CXXConstructor_isMoveConstructor(ctor))) {
      dev_print_expr(e, args[0]);
      return;
    }
    CXType t = clang_getCursorType(call);
    char *tn = dev_type_name(e, t);
    if (nargs == 0) {
      /* a value-initialized OpenCL vector is (T)(0); {0} would leave the
       * other components without an initializer, which OpenCL C rejects */
      strbuf_printf(e->out, dev_is_cl_vector_name(tn) ? "(%s)(0)" : "(%s){0}",
                    tn);
    } else if (cx_in_system_header(ctor)) {
      strbuf_printf(e->out, "(%s){", tn);
      print_children_list(e, args, nargs, ", ");
      dev_emit(e, "}");
    } else {
      dev_report(e, call, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
                 "a constructor without a definition");
    }
    free(tn);
    return;
  }
  char *sp = dev_call_spaces(e, call, def, args, nargs);
  fn_clone *f = dev_queue_function(e, def, sp, 'S', 0);
  free(sp);
  strbuf_printf(e->out, "%s(", f->name);
  dev_print_user_args(e, def, args, nargs, 1);
  dev_emit(e, ")");
}

/* operator= that the compiler wrote (copy or move): a plain assignment. */
/* A call that yields a group: a copy keeps the handle; a partition's
 * handle is computed (dev_cg); other groups are implied by the work-item
 * (0). */
/* A group made from another (a copy, a tile converted to another tile
 * type or to a thread_group): a block's and a tile's handle come from the
 * type; a thread_group holds its source's handle, which a coalesced group
 * (its lanes) is not. */
static void print_cg_handle(emitter *e, CXCursor c) {
  CXCursor ref = clang_getCursorReferenced(c);
  enum CXCursorKind rk = clang_getCursorKind(ref);
  CXCursor *args;
  unsigned nargs = dev_call_args(c, &args);
  char *h = rk != CXCursor_FunctionDecl
                ? dev_cg_static_handle(clang_getCursorType(c))
                : NULL;
  if (h)
    dev_emit(e, h);
  else if (rk == CXCursor_Constructor && nargs == 1 &&
           dev_cg_is_group_from_coalesced(
               clang_getCursorType(c),
               clang_getCursorType(cx_strip_implicit(args[0]))))
    dev_report(e, c, CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED,
               "cooperative_groups::thread_group holding a coalesced_group");
  else if (rk == CXCursor_Constructor && nargs == 1)
    dev_print_expr(e, args[0]); /* a copy; aligned_size_t(n): n */
  else if (rk != CXCursor_FunctionDecl ||
           !e->call_hooks->cg(e, c, ref, clang_getNullCursor(), args, nargs))
    dev_emit(e, "0");
  free(h);
  free(args);
}

static int is_trivial_assign(CXCursor m) {
  if (!clang_CXXMethod_isCopyAssignmentOperator(m) &&
      !clang_CXXMethod_isMoveAssignmentOperator(m))
    return 0;
  return clang_CXXMethod_isDefaulted(m) ||
         clang_Cursor_isNull(dev_function_body(m));
}

static void print_call(emitter *e, CXCursor c) {
  if (cx_is_launch(c)) { /* dynamic parallelism: OpenCL has no device enqueue
                            of CUDA's kind */
    dev_report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "a kernel launch (dynamic parallelism)");
    return;
  }
  if (dev_cg_is_type(clang_getCursorType(c))) {
    print_cg_handle(e, c);
    return;
  }
  CXCursor ref = clang_getCursorReferenced(c);
  enum CXCursorKind rk = clang_getCursorKind(ref);
  CXCursor *kids;
  unsigned nk = cx_children(c, &kids);
  CXCursor *args;
  unsigned nargs = dev_call_args(c, &args);
  CXCursor rdef = dev_definition(e, ref);
  /* T &f(): a pointer to the object; an assignment's value as it is */
  int deref = dev_returns_reference(clang_Cursor_isNull(rdef) ? ref : rdef) &&
              !is_trivial_assign(clang_Cursor_isNull(rdef) ? ref : rdef);
  dev_emit(e, deref ? "(*" : "");
  if (rk == CXCursor_Constructor) {
    print_constructor_call(e, c, ref, args, nargs);
  } else if (rk == CXCursor_CXXMethod || rk == CXCursor_ConversionFunction) {
    CXCursor def = dev_definition(e, ref);
    if (clang_Cursor_isNull(def))
      def = ref;
    CXCursor first = nk ? kids[0] : clang_getNullCursor();
    CXCursor obj = clang_getNullCursor();
    CXCursor *margs = args;
    unsigned mn = nargs;
    if (clang_CXXMethod_isStatic(def)) {
      /* C::f(args), obj.f(args): no object */
    } else if (dev_is_method_access(first)) {
      obj = dev_first_child(first); /* obj.method(args) */
    } else if (nk >= 1) {
      obj = kids[0]; /* member operator: object, callee, args... */
      margs = nargs ? args + 1 : args;
      mn = nargs ? nargs - 1 : 0;
    }
    if (is_trivial_assign(def) && mn == 1 && !clang_Cursor_isNull(obj)) {
      dev_print_expr(e, obj);
      dev_emit(e, " = ");
      dev_print_expr(e, margs[0]);
    } else if (cx_in_system_header(def) &&
               e->call_hooks->cg(e, c, def, obj, margs, mn)) {
      /* cooperative groups */
    } else if (cx_in_system_header(def) && !clang_Cursor_isNull(obj) &&
               e->call_hooks->method(e, c, def, obj, margs, mn)) {
      /* __half::operator float and the like */
    } else if (cx_in_system_header(def))
      e->call_hooks->builtin(e, c, def, margs, mn);
    else if (e->virtual_hook && clang_Cursor_isDynamicCall(c) &&
             !dev_is_exact_object(obj))
      e->virtual_hook(e, c, def, obj, margs, mn); /* dev_object */
    else if (clang_CXXMethod_isVirtual(def) &&
             clang_Cursor_isNull(dev_function_body(def)))
      dev_report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
                 "a call of a pure virtual function (dynamic dispatch)");
    else
      print_method_call(e, c, def, obj, margs, mn);
  } else if (rk == CXCursor_FunctionDecl) {
    CXCursor def = dev_definition(e, ref);
    /* Compiler built-ins (__syncthreads) are declared at their first use,
     * so "no definition" rather than "in a system header" tells them from
     * user functions; unknown names get the table's diagnostic. */
    if (!cx_in_system_header(ref) && !clang_Cursor_isNull(def))
      print_function_call(e, c, def, args, nargs);
    else
      e->call_hooks->builtin(e, c, ref, args, nargs);
  } else {
    dev_report(e, c, CU2CL_D_FUNCTION_POINTER, "call through a pointer");
  }
  dev_emit(e, deref ? ")" : "");
  free(args);
  free(kids);
}

/* reinterpret_cast<uint &>(f), (uint &)f: f's bits as a uint, an lvalue
 * (*(uint *)&f), in f's address space; not a conversion of the value
 * (HeCBench topk's radix keys). Class types' C-style casts to references
 * are conversions to a base. 1 when printed. */
static int print_reference_pun(emitter *e, CXCursor c, CXCursor operand) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  CXType from = clang_getCanonicalType(clang_getCursorType(operand));
  if ((k != CXCursor_CXXReinterpretCastExpr && k != CXCursor_CStyleCastExpr) ||
      clang_equalTypes(clang_getUnqualifiedType(t),
                       clang_getUnqualifiedType(from)) ||
      dev_is_array_type(t) ||
      (k == CXCursor_CStyleCastExpr && t.kind == CXType_Record &&
       from.kind == CXType_Record) ||
      !dev_cast_written_as_reference(e, c))
    return 0;
  strbuf tb = {0};
  dev_print_type_decl(e, &tb, t, dev_lvalue_space(e, operand), "*");
  strbuf_printf(e->out, "(*(%s)&(", strbuf_cstr(&tb));
  strbuf_free(&tb);
  dev_print_expr(e, operand);
  dev_emit(e, "))");
  return 1;
}

static void print_cast(emitter *e, CXCursor c, int cpp_style) {
  CXCursor operand = dev_last_child(c);
  if (print_reference_pun(e, c, operand))
    return;
  CXType t = clang_getCursorType(c);
  char sp = dev_is_pointer_type(t) ? dev_expr_space(e, operand) : 0;
  /* (void **)&p, p a pointer into local memory: (__local void **) */
  char in = dev_is_pointer_pointer(t) ? dev_inner_space(e, operand) : 0;
  strbuf tb = {0};
  dev_print_type_decl_inner(e, &tb, t, sp, in != sp ? in : 0, "");
  char *ts = strbuf_take(&tb);
  CXCursor inner = cx_strip_implicit(operand);
  if ((clang_getCursorKind(inner) == CXCursor_CallExpr &&
       clang_getCursorKind(clang_getCursorReferenced(inner)) ==
           CXCursor_Constructor) ||
      clang_getCursorKind(inner) == CXCursor_InitListExpr) {
    dev_print_expr(e, operand); /* T(args), T{args} for class types */
  } else if (cpp_style) {
    strbuf_printf(e->out, "(%s)(", ts);
    dev_print_expr(e, operand);
    dev_emit(e, ")");
  } else {
    strbuf_printf(e->out, "(%s)", ts);
    dev_print_expr(e, operand);
  }
  free(ts);
}

/* An index or offset added to base: a signed 32-bit value where it wraps
 * in CUDA. */
static void print_index(emitter *e, CXCursor base, CXCursor idx) {
  int wrap = dev_local_index_wraps(e, base, idx);
  int paren = clang_getCursorKind(cx_strip_implicit(idx)) == CXCursor_ParenExpr;
  dev_emit(e, !wrap ? "" : paren ? "(int)" : "(int)(");
  dev_print_expr(e, idx);
  dev_emit(e, wrap && !paren ? ")" : "");
}

/* 1 when operand p of op is a pointer that op offsets (p + i, p - i,
 * i + p, p += i, p -= i). */
static int is_pointer_offset(enum CXBinaryOperatorKind op, CXCursor p) {
  if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub &&
      op != CXBinaryOperator_AddAssign && op != CXBinaryOperator_SubAssign)
    return 0;
  CXType t = clang_getCursorType(p);
  return dev_is_pointer_type(t) || dev_is_array_type(t);
}

/* &v.x, &p->y with v a CUDA vector, which is an OpenCL vector whose
 * components have no address: the component through the vector's address,
 * ((int *)&v + 0), as CUDA's vectors are structs of consecutive
 * components (HeCBench quantAQLM walks &sizes.x with ++). 1 when
 * printed. */
static int print_component_address(emitter *e, CXCursor operand) {
  CXCursor m = cx_strip_implicit(operand);
  if (clang_getCursorKind(m) != CXCursor_MemberRefExpr)
    return 0;
  CXCursor base = dev_first_child(m);
  if (clang_Cursor_isNull(base))
    return 0; /* a member through the implicit this */
  CXType bt = clang_getCanonicalType(clang_getCursorType(base));
  int arrow = bt.kind == CXType_Pointer;
  CXType vt = clang_getCanonicalType(arrow ? clang_getPointeeType(bt) : bt);
  if (vt.kind != CXType_Record ||
      !cx_in_system_header(clang_getTypeDeclaration(vt)))
    return 0; /* CUDA's vector types are records of its headers */
  char *tn = dev_type_name(e, vt);
  char *f = cx_spelling(clang_getCursorReferenced(m));
  const char *at = strchr("xyzw", f[0]);
  int ok = dev_is_cl_vector_name(tn) && f[0] && !f[1] && at;
  if (ok) {
    char sp = arrow ? dev_expr_space(e, base) : dev_lvalue_space(e, base);
    char *et = dev_type_string(e, clang_getCursorType(m), sp);
    strbuf_printf(e->out, "((%s *)%s", et, arrow ? "" : "&");
    dev_print_expr(e, base);
    strbuf_printf(e->out, " + %d)", (int)(at - "xyzw"));
    free(et);
  }
  free(f);
  free(tn);
  return ok;
}

/* C's precedence of a binary operator (higher binds tighter); 0 for none. */
static int precedence(CXCursor c) {
  /* by CXBinaryOperatorKind */
  static const unsigned char prec[] = {
      0, 14, 14, 13, 13, 13, 12, 12, 11, 11, 10, 10, 10, 10, 10, 9, 9,
      8, 7,  6,  5,  4,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2, 1};
  c = cx_strip_implicit(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_ConditionalOperator)
    return 3;
  if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
    return 0;
  unsigned op = (unsigned)clang_getCursorBinaryOperatorKind(c);
  return op < sizeof prec ? prec[op] : 0;
}

/* An operand of binary operator c, in parentheses where C's grouping
 * needs them: written code has a ParenExpr there, but an instantiated
 * fold expression, (xs + ...) / n, is a tree of operators without one. */
static void print_operand(emitter *e, CXCursor c, CXCursor operand, int right) {
  int pc = precedence(c), po = precedence(operand);
  int paren = po && (po < pc || (po == pc && right && pc != 2));
  dev_emit(e, paren ? "(" : "");
  dev_print_expr(e, operand);
  dev_emit(e, paren ? ")" : "");
}

static void print_operator(emitter *e, CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_UnaryOperator && n == 1 &&
      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
      (print_component_address(e, kids[0]) ||
       print_array_symbol_address(e, kids[0], clang_getCursorType(kids[0])))) {
    free(kids);
    return;
  }
  if (k == CXCursor_UnaryOperator && n == 1 &&
      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
      clang_getCursorKind(cx_strip_implicit(kids[0])) == CXCursor_DeclRefExpr) {
    /* &x where x is printed as (*x) (a __device__ scalar, a reference):
     * the pointer itself */
    char *t = expr_string(e, kids[0]);
    if (t[0] == '(' && t[1] == '*' && t[strlen(t) - 1] == ')') {
      t[strlen(t) - 1] = 0;
      dev_emit(e, t + 2);
      free(t);
      free(kids);
      return;
    }
    free(t);
  }
  if (k == CXCursor_UnaryOperator && n == 1) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    char *sp = cx_take(clang_getUnaryOperatorKindSpelling(op));
    int post = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec;
    if (!post)
      dev_emit(e, sp);
    dev_print_expr(e, kids[0]);
    if (post)
      dev_emit(e, sp);
    free(sp);
  } else if (n == 2) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    char *sp = cx_take(clang_getBinaryOperatorKindSpelling(op));
    int ptr0 = is_pointer_offset(op, kids[0]);
    if (is_pointer_offset(op, kids[1]))
      print_index(e, kids[1], kids[0]); /* u + p */
    else
      print_operand(e, c, kids[0], 0);
    strbuf_printf(e->out, op == CXBinaryOperator_Comma ? "%s " : " %s ", sp);
    if (ptr0)
      print_index(e, kids[0], kids[1]); /* p + u, p - u, p += u */
    else
      print_operand(e, c, kids[1], 1);
    free(sp);
  } else {
    dev_report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "this operator form");
  }
  free(kids);
}

void dev_print_expr(emitter *e, CXCursor c) {
  for (size_t i = 0; i < e->nsubst; i++) {
    if (clang_getCursorKind(e->subst[i]) == clang_getCursorKind(c) &&
        clang_equalRanges(clang_getCursorExtent(e->subst[i]),
                          clang_getCursorExtent(c))) {
      dev_emit(e, e->subst_names[i]);
      return;
    }
  }
  print_expr_node(e, c);
}

/* c ? a : b */
static void print_conditional(emitter *e, CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  if (n == 3) {
    /* C++ converts the condition to bool; OpenCL C takes no floating one */
    enum CXTypeKind ck =
        clang_getCanonicalType(clang_getCursorType(cx_strip_implicit(kids[0])))
            .kind;
    int fp = ck == CXType_Float || ck == CXType_Double || ck == CXType_Half ||
             ck == CXType_Float16 || ck == CXType_LongDouble;
    if (fp) {
      char *t = dev_arg_text(e, kids[0]);
      strbuf_printf(e->out, "(%s != 0)", t);
      free(t);
    } else {
      dev_print_expr(e, kids[0]);
    }
    dev_emit(e, " ? ");
    dev_print_expr(e, kids[1]);
    dev_emit(e, " : ");
    dev_print_expr(e, kids[2]);
  }
  free(kids);
}

/* a[i] */
static void print_subscript(emitter *e, CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  if (n == 2) {
    print_postfix_base(e, kids[0]);
    dev_emit(e, "[");
    print_index(e, kids[0], kids[1]);
    dev_emit(e, "]");
  }
  free(kids);
}

/* { a, b, ... }, as an initializer: nested lists stay braces. */
static void print_braces(emitter *e, CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  dev_emit(e, "{");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      dev_emit(e, ", ");
    dev_print_initializer(e, kids[i]);
  }
  CXCursor *fields; /* an aggregate's members left out: in-class values */
  unsigned nf = dev_class_fields(clang_getCursorType(c), &fields), last = n;
  for (unsigned i = n; i < nf; i++)
    if (!clang_Cursor_isNull(dev_field_initializer(fields[i])))
      last = i + 1;
  for (unsigned i = n; i < last; i++) {
    CXCursor fi = dev_field_initializer(fields[i]);
    dev_emit(e, i ? ", " : "");
    clang_Cursor_isNull(fi) ? dev_emit(e, "0") : dev_print_initializer(e, fi);
  }
  dev_emit(e, "}");
  free(fields);
  free(kids);
}

void dev_print_initializer(emitter *e, CXCursor init) {
  CXCursor in = cx_strip_implicit(init);
  if (clang_getCursorKind(in) == CXCursor_InitListExpr)
    print_braces(e, in);
  else
    dev_print_expr(e, init);
}

/* { a, b, ... } where a value is wanted (an argument, f(Point{1, 2}),
 * f({a, b}), an assignment, a return): a compound literal, (T){a, b}. */
static void print_init_list(emitter *e, CXCursor c) {
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  if (t.kind != CXType_Record && t.kind != CXType_ConstantArray &&
      t.kind != CXType_IncompleteArray && n <= 1) {
    /* a scalar's `return {};` or {x}: value-initialized, or x converted */
    char *tn = dev_type_name(e, t);
    strbuf_printf(e->out, "((%s)", tn);
    if (n)
      dev_print_expr(e, kids[0]);
    else
      dev_emit(e, "0");
    dev_emit(e, ")");
    free(tn);
    free(kids);
    return;
  }
  free(kids);
  if (t.kind != CXType_Record) {
    print_braces(e, c);
    return;
  }
  char *tn = dev_type_name(e, t);
  strbuf_printf(e->out, "(%s)", tn);
  free(tn);
  print_braces(e, c);
}

/* A derived class converted to its base (a pointer, an object): 1 when c
 * is one and was printed. */
static int print_base_conversion(emitter *e, CXCursor c, CXCursor operand) {
  CXType to = clang_getCursorType(c), from = clang_getCursorType(operand);
  char sp = dev_is_pointer_type(to) ? dev_expr_space(e, operand) : 0;
  char *probe = dev_base_conversion(e, from, to, sp, "");
  if (!probe)
    return 0;
  free(probe);
  char *t = dev_arg_text(e, operand);
  char *r = dev_base_conversion(e, from, to, sp, t);
  dev_emit(e, r);
  free(r);
  free(t);
  return 1;
}

/* Implicit conversions and the like print their operand; without one, a
 * default argument or similar, the value. */
static void print_unexposed(emitter *e, CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXEvalResult value =
      n == 0 && e->in_builtin ? clang_Cursor_Evaluate(c) : NULL;
  if (value)
    clang_EvalResult_dispose(value);
  if (n == 0 && e->in_builtin && !value)
    /* a built-in's default argument that is not a constant: the CUDA
     * headers have one, width = warpSize */
    dev_emit(e, "CU2CL_WARP_SIZE");
  else if (n == 0)
    dev_print_int_value(e, c); /* default arguments and the like */
  else if (!print_base_conversion(e, c, kids[n - 1]))
    dev_print_expr(e, kids[n - 1]);
  free(kids);
}

/* `this`: the pointer to the method's object; in a lambda, the one it
 * captured (a copy, for *this, lives in the closure). */
static void print_this(emitter *e) {
  const dev_capture *tc = lambda_this(e);
  if (tc)
    strbuf_printf(e->out, tc->kind == 't' ? "%s%s" : "(&%s%s)", self_member(e),
                  tc->name);
  else
    dev_emit(e, e->cur && e->cur->self == 'S' ? "(&self)" : "self");
}

/* Where `this` points in the function printed. */
static char this_space(emitter *e) {
  const dev_capture *tc = lambda_this(e);
  if (tc && tc->kind == 't')
    return dev_ref_member_space(e, tc->field);
  return !e->cur || e->cur->self == 'S' || !e->cur->self || e->cur->self == 'N'
             ? 'p'
             : e->cur->self;
}

/* An array captured by copy: its elements, in braces ({a[0], a[1]}),
 * nested for arrays of arrays. 0 when it is too large to spell out. */
static int print_array_copy(emitter *e, CXType t, const char *text) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_ConstantArray) {
    dev_emit(e, text);
    return 1;
  }
  long long n = clang_getArraySize(t);
  if (n < 0 || n > 256)
    return 0;
  dev_emit(e, "{");
  for (long long i = 0; i < n; i++) {
    char *el = xasprintf("%s[%lld]", text, i);
    if (i)
      dev_emit(e, ", ");
    int ok = print_array_copy(e, clang_getArrayElementType(t), el);
    free(el);
    if (!ok)
      return 0;
  }
  dev_emit(e, "}");
  return 1;
}

/* A lambda expression: its closure built as a compound literal of the
 * closure's struct (dev_lambda), each member from what it captures, and
 * the spaces of what its pointers and references capture bound to the
 * members. */
static void print_lambda(emitter *e, CXCursor c) {
  dev_closure *cl = dev_closure_of(e, clang_getCursorType(c));
  if (cl && cl->problem && cl->reported) { /* when its struct was printed */
    strbuf_printf(e->out,
                  "/* CU2CL2101: a lambda whose captures cu2cl "
                  "cannot lay out (%s) */",
                  cl->problem);
    return;
  }
  if (!cl || cl->problem) {
    if (cl)
      cl->reported = 1;
    char *what = cl ? xasprintf("a lambda whose captures cu2cl cannot lay "
                                "out (%s)",
                                cl->problem)
                    : xstrdup("a lambda expression");
    dev_report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, what);
    free(what);
    return;
  }
  char *tn = dev_type_name(e, cl->type);
  strbuf_printf(e->out, "((%s){", tn);
  free(tn);
  if (!cl->ncaps)
    dev_emit(e, "0");
  for (unsigned i = 0; i < cl->ncaps; i++) {
    const dev_capture *cap = &cl->caps[i];
    CXType ft = clang_getCanonicalType(clang_getCursorType(cap->field));
    if (i)
      dev_emit(e, ", ");
    if (cap->kind == 't' || cap->kind == 'T') {
      if (cap->kind == 't')
        dev_ref_member_bind(e, cap->field, this_space(e), c);
      dev_emit(e, cap->kind == 'T' ? "*" : "");
      print_this(e);
      continue;
    }
    if (clang_Cursor_isNull(cap->value)) {
      /* captured explicitly, never read: any value does */
      if (ft.kind == CXType_Record || ft.kind == CXType_ConstantArray) {
        char *fn = dev_type_string(e, ft, 0);
        strbuf_printf(e->out, ft.kind == CXType_Record ? "(%s){0}" : "{0}", fn);
        free(fn);
      } else {
        dev_emit(e, "0");
      }
      continue;
    }
    if (cap->kind == 'r') {
      dev_ref_member_bind(e, cap->field, dev_lvalue_space(e, cap->value), c);
      if (dev_is_pointer_type(clang_getCursorType(cap->value)))
        dev_closure_pointee_bind(e, cap->field, dev_expr_space(e, cap->value),
                                 c);
      print_address_of(e, cap->value, clang_getPointeeType(ft));
    } else if (ft.kind == CXType_ConstantArray) {
      char *t = dev_arg_text(e, cap->value);
      if (!print_array_copy(e, ft, t))
        dev_report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
                   "a lambda capturing an array of more than 256 elements "
                   "by copy");
      free(t);
    } else {
      if (ft.kind == CXType_Pointer)
        dev_ref_member_bind(e, cap->field, dev_expr_space(e, cap->value), c);
      dev_print_expr(e, cap->value);
    }
  }
  dev_emit(e, "})");
}

/* What has no OpenCL C form: reported, with a comment left where it
 * stood. */
static void print_unsupported(emitter *e, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_LambdaExpr:
    print_lambda(e, c);
    return;
  case CXCursor_CXXNewExpr:
  case CXCursor_CXXDeleteExpr:
    if (e->alloc_hook) {
      e->alloc_hook(e, c); /* dev_alloc */
      return;
    }
    dev_report(e, c, CU2CL_D_DYNAMIC_ALLOCATION,
               clang_getCursorKind(c) == CXCursor_CXXNewExpr ? "new"
                                                             : "delete");
    return;
  case CXCursor_CXXThrowExpr:
    dev_report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, "throw");
    return;
  default: {
    char *kn = cx_kind_name(c);
    dev_report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, kn);
    free(kn);
    return;
  }
  }
}

static void print_expr_node(emitter *e, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
    dev_print_literal(e, c);
    return;
  case CXCursor_CharacterLiteral:
  case CXCursor_StringLiteral:
  case CXCursor_CXXBoolLiteralExpr: {
    char *t = cx_tokens_text(e->tu, c);
    dev_emit(e, t);
    free(t);
    return;
  }
  case CXCursor_CXXNullPtrLiteralExpr:
  case CXCursor_GNUNullExpr:
    dev_emit(e, "0");
    return;
  case CXCursor_DeclRefExpr:
    print_declref(e, c);
    return;
  case CXCursor_MemberRefExpr:
    print_member(e, c);
    return;
  case CXCursor_CallExpr:
    print_call(e, c);
    return;
  case CXCursor_ParenExpr:
    dev_emit(e, "(");
    dev_print_expr(e, dev_first_child(c));
    dev_emit(e, ")");
    return;
  case CXCursor_UnaryOperator:
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    print_operator(e, c);
    return;
  case CXCursor_ConditionalOperator:
    print_conditional(e, c);
    return;
  case CXCursor_ArraySubscriptExpr:
    print_subscript(e, c);
    return;
  case CXCursor_CStyleCastExpr:
    print_cast(e, c, 0);
    return;
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr:
  case CXCursor_CXXFunctionalCastExpr:
    print_cast(e, c, 1);
    return;
  case CXCursor_UnaryExpr:      /* sizeof, alignof: host and device agree */
  case CXCursor_SizeOfPackExpr: /* sizeof...(args): a constant */
    dev_print_int_value(e, c);
    return;
  case CXCursor_InitListExpr:
    print_init_list(e, c);
    return;
  case CXCursor_StmtExpr: /* ({ ...; value; }), a GNU C extension */
    if (e->block_hook &&
        clang_getCursorKind(dev_first_child(c)) == CXCursor_CompoundStmt) {
      dev_emit(e, "(");
      e->block_hook(e, dev_first_child(c));
      dev_emit(e, ")");
    } else {
      print_unsupported(e, c);
    }
    return;
  case CXCursor_CompoundLiteralExpr: /* C's (float2){a, b}: as T{a, b} */
    print_init_list(e, dev_last_child(c));
    return;
  case CXCursor_CXXThisExpr:
    print_this(e);
    return;
  case CXCursor_UnexposedExpr:
    print_unexposed(e, c);
    return;
  default:
    print_unsupported(e, c);
    return;
  }
}
