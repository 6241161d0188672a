/*
 * dev_rulecall: calls of CUDA's built-ins printed through the rules: a
 * device function's row of rules/device_functions.def (its template's $0..$9
 * filled with the arguments, converted where C++ converted them, $A with
 * their address spaces, $T with types), a member of a CUDA class by its
 * qualified name (__half::__half(float), with the object as $0 for
 * methods), a cooperative-groups call by dev_cg's template, printf with
 * OpenCL C's format, and a call the compiler evaluates to a constant
 * (std::numeric_limits<int>::max()) by its value. What has no row is
 * reported (CU2CL2001, CU2CL2002) and printed as written.
 *
 * Layer 14 of the device emitter (dev_state.h): calls dev_state,
 * dev_literal, dev_cg, dev_builtin, dev_types, dev_space, dev_expr. The
 * expression printer reaches it through e->call_hooks.
 */
#include "dev_rulecall.h"

#include <string.h>

#include "dev_builtin.h"
#include "dev_cg.h"
#include "dev_expr.h"
#include "dev_literal.h"
#include "dev_space.h"
#include "dev_types.h"

static int is_arithmetic(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind >= CXType_Bool && t.kind <= CXType_LongDouble;
}

/* An argument of a built-in, converted explicitly to the CUDA parameter's
 * type where C++ converted it implicitly: OpenCL's overloaded built-ins
 * would otherwise see the argument's own type (sqrt(int) is ambiguous). */
static char *builtin_arg_text(emitter *e, CXCursor callee, CXCursor arg,
                              unsigned i) {
  char *t = dev_arg_text(e, arg);
  if ((int)i >= clang_Cursor_getNumArguments(callee))
    return t;
  CXType pt = clang_getCanonicalType(
      clang_getCursorType(clang_Cursor_getArgument(callee, i)));
  CXType at =
      clang_getCanonicalType(clang_getCursorType(cx_strip_implicit(arg)));
  if (!is_arithmetic(pt) || !is_arithmetic(at) ||
      clang_getCanonicalType(pt).kind == at.kind)
    return t;
  char *ts = dev_type_string(e, pt, 0);
  const char *tn = str_starts_with(ts, "const ") ? ts + 6 : ts;
  char *r = xasprintf("(%s)%s", tn, t);
  free(ts);
  free(t);
  return r;
}

/* $Ai: where pointer argument i points, or, for a parameter taken by
 * non-const reference (operator+=(__half &, ...)), where the lvalue lives
 * (the template takes its address). */
static char rule_arg_space(emitter *e, CXCursor callee, CXCursor arg,
                           unsigned i) {
  if ((int)i < clang_Cursor_getNumArguments(callee) &&
      dev_is_nonconst_ref(
          clang_getCursorType(clang_Cursor_getArgument(callee, i))))
    return dev_lvalue_space(e, cx_strip_implicit(arg));
  return dev_expr_space(e, arg);
}

static void expand_rule(emitter *e, const char *tpl, CXCursor callee,
                        CXCursor *args, unsigned nargs) {
  e->in_builtin++;
  char **texts = xcalloc(nargs + 1, sizeof *texts);
  for (const char *p = tpl; *p; p++) {
    if (*p != '$') {
      strbuf_appendc(e->out, *p);
      continue;
    }
    char what = p[1];
    if (what == '@') { /* every argument, as written (printf) */
      for (unsigned i = 0; i < nargs; i++) {
        if (i)
          dev_emit(e, ", ");
        dev_print_expr(e, args[i]);
      }
      p++;
      continue;
    }
    if (what == 'R') {
      char *t = dev_type_string(e, clang_getCursorResultType(callee), 0);
      dev_emit(e, t);
      free(t);
      p++;
      continue;
    }
    int has_kind = what == 'A' || what == 'T';
    const char *digit = p + 1 + has_kind;
    if (*digit < '0' || *digit > '9') {
      strbuf_appendc(e->out, '$');
      continue;
    }
    unsigned i = (unsigned)(*digit - '0');
    p = digit;
    if (i >= nargs)
      continue;
    if (what == 'A') {
      dev_emit(e, dev_space_name(rule_arg_space(e, callee, args[i], i)));
    } else if (what == 'T') {
      CXType pt = clang_getCursorType(clang_Cursor_getArgument(callee, i));
      char *t = dev_type_string(e, pt, 0);
      dev_emit(e, t);
      free(t);
    } else if (p - tpl >= 2 && digit[-2] == ')') {
      char *t = dev_arg_text(e, args[i]); /* the template casts it already */
      dev_emit(e, t);
      free(t);
    } else {
      if (!texts[i])
        texts[i] = builtin_arg_text(e, callee, args[i], i);
      dev_emit(e, texts[i]);
    }
  }
  for (unsigned i = 0; i < nargs; i++)
    free(texts[i]);
  free(texts);
  e->in_builtin--;
}

/* A member's row: a constructor's arguments are $0..; a method's object
 * is $0 and its arguments $1.., each converted to its parameter's type
 * where C++ converted it implicitly. */
static void expand_member_rule(emitter *e, const char *tpl, CXCursor member,
                               CXCursor *args, unsigned nargs) {
  if (clang_getCursorKind(member) == CXCursor_Constructor) {
    expand_rule(e, tpl, member, args, nargs);
    return;
  }
  e->in_builtin++;
  for (const char *p = tpl; *p; p++) {
    unsigned i = p[0] == '$' ? (unsigned)(p[1] - '0') : 10;
    if (i > 9) {
      strbuf_appendc(e->out, *p);
      continue;
    }
    p++;
    if (i >= nargs)
      continue;
    char *t = i ? builtin_arg_text(e, member, args[i], i - 1)
                : dev_arg_text(e, args[0]);
    dev_emit(e, t);
    free(t);
  }
  e->in_builtin--;
}

/* printf, with the format OpenCL C needs (dev_builtin_printf_format). */
static void print_printf(emitter *e, CXCursor call, CXCursor *args,
                         unsigned nargs) {
  char *fmt = nargs ? cx_tokens_text(e->tu, cx_strip_implicit(args[0]))
                    : xstrdup("\"\"");
  const char *bad = NULL;
  char *out = dev_builtin_printf_format(fmt, &bad);
  if (bad)
    dev_report(e, call, CU2CL_D_PRINTF_FORMAT, fmt, bad);
  strbuf_printf(e->out, "printf(%s", out);
  for (unsigned i = 1; i < nargs; i++) {
    dev_emit(e, ", ");
    dev_print_expr(e, args[i]);
  }
  dev_emit(e, ")");
  free(out);
  free(fmt);
}

/* A cooperative-groups call: its template with the arguments filled in.
 * Returns 0 when the call is not one. */
int dev_print_cg_call(emitter *e, CXCursor call, CXCursor callee, CXCursor obj,
                      CXCursor *args, unsigned nargs) {
  char *tpl;
  if (!dev_cg_call_template(e, call, callee, obj, args, nargs, &tpl))
    return 0;
  for (const char *p = tpl; p && *p; p++) {
    if (*p == '$' && p[1] == 'A' && p[2] >= '0' && p[2] <= '9') {
      unsigned i = (unsigned)(p[2] - '0'); /* an address space */
      p += 2;
      dev_emit(e, i < nargs ? dev_space_name(dev_expr_space(e, args[i]))
                            : "private");
      continue;
    }
    if (*p == '$' && p[1] == 'g') { /* the group a method is called on */
      p++;
      CXCursor g = clang_Cursor_isNull(obj) ? args[0] : obj;
      char *t = dev_arg_text(e, g);
      int ptr = clang_getCanonicalType(clang_getCursorType(g)).kind ==
                CXType_Pointer; /* g->size() */
      dev_emit(e, ptr ? "(*" : "");
      dev_emit(e, t);
      dev_emit(e, ptr ? ")" : "");
      free(t);
      continue;
    }
    if (*p != '$' || p[1] < '0' || p[1] > '9') {
      strbuf_appendc(e->out, *p);
      continue;
    }
    unsigned i = (unsigned)(*++p - '0');
    char *t = i < nargs ? dev_arg_text(e, args[i]) : xstrdup("0");
    dev_emit(e, t);
    free(t);
  }
  free(tpl);
  return 1;
}

/* A call of a library function that the compiler evaluates to a
 * constant (constexpr ones with constant arguments, such as
 * std::numeric_limits<int>::max()): its value. */
static int print_constant_call(emitter *e, CXCursor call) {
  CXEvalResult r = clang_Cursor_Evaluate(call);
  CXEvalResultKind k = r ? clang_EvalResult_getKind(r) : CXEval_UnExposed;
  if (r)
    clang_EvalResult_dispose(r);
  if (k != CXEval_Int && k != CXEval_Float)
    return 0;
  dev_print_int_value(e, call);
  return 1;
}

void dev_print_builtin_call(emitter *e, CXCursor call, CXCursor callee,
                            CXCursor *args, unsigned nargs) {
  if (dev_print_cg_call(e, call, callee, clang_getNullCursor(), args, nargs))
    return;
  char *name = cx_spelling(callee);
  const cu2cl_device_rule *r = dev_builtin_rule(callee);
  if (!strcmp(name, "printf")) {
    print_printf(e, call, args, nargs);
    free(name);
    return;
  }
  if (r && r->opencl) {
    if (!strcmp(name, "clock") || !strcmp(name, "clock64"))
      dev_report(e, call, CU2CL_D_CLOCK_NOT_CYCLES, name);
    else if (!strcmp(name, "free"))
      dev_report(e, call, CU2CL_D_HEAP_FREE_PARTIAL, name);
    expand_rule(e, r->opencl, callee, args, nargs);
    free(name);
    return;
  }
  if (!r && print_constant_call(e, call)) {
    free(name);
    return;
  }
  if (dev_builtin_is_warp_primitive(name)) {
    dev_report(e, call, CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED, name);
  } else if (r) {
    dev_report(e, call, CU2CL_D_UNSUPPORTED_DEVICE_FUNCTION, name, r->notes);
  } else {
    char *sig = dev_builtin_signature(callee);
    char *full = xasprintf("%s(%s)", name, sig);
    dev_report(e, call, CU2CL_D_UNKNOWN_DEVICE_FUNCTION, name, full);
    free(full);
    free(sig);
  }
  strbuf_printf(e->out, "%s(", name); /* as written, after the report */
  for (unsigned i = 0; i < nargs; i++) {
    dev_emit(e, i ? ", " : "");
    dev_print_expr(e, args[i]);
  }
  dev_emit(e, ")");
  free(name);
}

/* A member of a CUDA class in a system header that the table maps by its
 * qualified name (__half::__half(float), __half::operator float): args
 * hold the object first for methods. Returns 0 when the table has no row
 * of that name and the class is not one that must be mapped. */
int dev_print_member_rule(emitter *e, CXCursor call, CXCursor member,
                          CXCursor *args, unsigned nargs) {
  int known;
  const cu2cl_device_rule *r = dev_builtin_member_rule(member, &known);
  CXType cls = clang_getCursorType(clang_getCursorSemanticParent(member));
  if (!known && !dev_builtin_is_half_type(cls))
    return 0;
  if (clang_getCursorKind(member) == CXCursor_Constructor && nargs == 1 && !r &&
      (clang_CXXConstructor_isCopyConstructor(member) ||
       clang_CXXConstructor_isMoveConstructor(member))) {
    dev_print_expr(e, args[0]);
    return 1;
  }
  if (clang_getCursorKind(member) == CXCursor_Constructor && nargs == 0) {
    char *tn = dev_type_name(e, cls);
    strbuf_printf(e->out, "(%s){0}", tn);
    free(tn);
    return 1;
  }
  char *name = cx_spelling(member);
  char *sig = dev_builtin_signature(member);
  char *full = xasprintf("%s(%s)", name, sig);
  if (r && r->opencl)
    expand_member_rule(e, r->opencl, member, args, nargs);
  else if (r)
    dev_report(e, call, CU2CL_D_UNSUPPORTED_DEVICE_FUNCTION, name, r->notes);
  else
    dev_report(e, call, CU2CL_D_UNKNOWN_DEVICE_FUNCTION, name, full);
  free(full);
  free(sig);
  free(name);
  return 1;
}

/* A method of a system-header class through its row: the object is $0. */
int dev_print_method_rule(emitter *e, CXCursor call, CXCursor def, CXCursor obj,
                          CXCursor *args, unsigned nargs) {
  CXCursor *all = xcalloc(nargs + 1, sizeof *all);
  all[0] = obj;
  for (unsigned i = 0; i < nargs; i++)
    all[i + 1] = args[i];
  int done = dev_print_member_rule(e, call, def, all, nargs + 1);
  free(all);
  return done;
}

const struct dev_call_hooks dev_rulecall_hooks = {
    dev_print_builtin_call, dev_print_cg_call, dev_print_member_rule,
    dev_print_method_rule};
