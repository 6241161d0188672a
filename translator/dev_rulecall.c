/*
 * dev_rulecall: calls of CUDA's built-ins printed through the rules: a
 * device function's row of rules/device_functions.def (its template's $0..$9
 * filled with the arguments, converted where C++ converted them, $A with
 * their address spaces, $T with types), a member of a CUDA class by its
 * qualified name (__half::__half(float), with the object as $0 for
 * methods), a cooperative-groups call by dev_cg's template (cg::reduce
 * with the program's own operator by a helper printed here), printf with
 * OpenCL C's format, and a call the compiler evaluates to a constant
 * (std::numeric_limits<int>::max()) by its value. What has no row is
 * reported (CU2CL2001, CU2CL2002) and printed as written.
 *
 * Layer 15 of the device emitter (dev_state.h): calls dev_state,
 * dev_literal, dev_cg, dev_builtin, dev_class, dev_types, dev_uses,
 * dev_space, dev_expr. The
 * expression printer reaches it through e->call_hooks.
 */
#include "dev_rulecall.h"

#include <string.h>

#include "dev_builtin.h"
#include "dev_cg.h"
#include "dev_class.h"
#include "dev_expr.h"
#include "dev_literal.h"
#include "dev_space.h"
#include "dev_types.h"
#include "dev_uses.h"

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

/* ---- Thrust's device_ptr and device_reference ------------------------
 * device_ptr<T> is the __global T * it wraps (dev_types), device_reference
 * <T> the lvalue it refers to. Their members and operators (cu2cl's own
 * headers declare them on the classes, the toolkit's on base classes such
 * as iterator_facade) print as the pointer operations they stand for,
 * chosen by the object's class and the operator. */

static const char *const thrust_binary_ops[] = {
    "+",  "-",  "==", "!=", "<",  ">",  "<=", ">=",  "=",   "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", NULL};

/* The class of c without the implicit conversions around it (the
 * toolkit's operators take a base class, iterator_facade or reference). */
static char thrust_class_of(CXCursor c) {
  CXType elem;
  return dev_thrust_class(clang_getCursorType(cx_strip_implicit(c)), &elem);
}

static int is_thrust_operand(CXCursor c) {
  return thrust_class_of(c) != 0;
}

static void print_thrust_operand(emitter *e, CXCursor c) {
  if (thrust_class_of(c))
    c = cx_strip_implicit(c); /* the object, not its base class */
  char *t = dev_arg_text(e, c);
  dev_emit(e, t);
  free(t);
}

/* obj OP arg (or OP obj, obj OP for ++/--), parenthesized. */
static int print_thrust_operator(emitter *e, const char *op, CXCursor obj,
                                 CXCursor *args, unsigned nargs) {
  if (!strcmp(op, "[]") && nargs == 1) {
    print_thrust_operand(e, obj);
    dev_emit(e, "[");
    dev_print_expr(e, args[0]);
    dev_emit(e, "]");
    return 1;
  }
  if ((!strcmp(op, "*") || !strcmp(op, "&")) && nargs == 0) {
    strbuf_printf(e->out, "(%s", op);
    print_thrust_operand(e, obj);
    dev_emit(e, ")");
    return 1;
  }
  if (!strcmp(op, "++") || !strcmp(op, "--")) { /* postfix: a dummy int */
    dev_emit(e, "(");
    if (!nargs)
      dev_emit(e, op);
    print_thrust_operand(e, obj);
    if (nargs)
      dev_emit(e, op);
    dev_emit(e, ")");
    return 1;
  }
  for (const char *const *b = thrust_binary_ops; *b && nargs == 1; b++)
    if (!strcmp(op, *b)) {
      dev_emit(e, "(");
      print_thrust_operand(e, obj);
      strbuf_printf(e->out, " %s ", op);
      print_thrust_operand(e, args[0]);
      dev_emit(e, ")");
      return 1;
    }
  return 0;
}

/* A call on Thrust's pointer or reference (obj: the object of a method,
 * else a null cursor): 1 when printed. */
static int print_thrust_call(emitter *e, CXCursor callee, CXCursor obj,
                             CXCursor *args, unsigned nargs) {
  CXType elem;
  enum CXCursorKind k = clang_getCursorKind(callee);
  char cls = 0;
  if (!clang_Cursor_isNull(obj))
    cls = thrust_class_of(obj);
  else if (k == CXCursor_Constructor)
    cls = dev_thrust_class(
        clang_getCursorType(clang_getCursorSemanticParent(callee)), &elem);
  char *name = cx_spelling(callee);
  int done = 0;
  if (cls && k == CXCursor_Constructor) {
    if (cls == 'r' && nargs == 1) { /* device_reference(ptr) */
      dev_emit(e, "(*");
      print_thrust_operand(e, args[0]);
      dev_emit(e, ")");
    } else if (cls == 'p') { /* device_ptr(), (raw), (other) */
      char *tn = dev_type_name(
          e, clang_getCursorType(clang_getCursorSemanticParent(callee)));
      strbuf_printf(e->out, "((%s)", tn);
      free(tn);
      if (nargs)
        print_thrust_operand(e, args[0]);
      else
        dev_emit(e, "0");
      dev_emit(e, ")");
    }
    done = cls == 'p' || nargs == 1;
  } else if (cls && k == CXCursor_ConversionFunction) {
    dev_emit(e, "(");
    print_thrust_operand(e, obj); /* the referred value; a pointer's truth */
    dev_emit(e, cls == 'p' ? " != 0)" : ")");
    done = 1;
  } else if (cls == 'p' && !strcmp(name, "get") && !nargs) {
    print_thrust_operand(e, obj);
    done = 1;
  } else if (cls && str_starts_with(name, "operator")) {
    done = print_thrust_operator(e, name + 8, obj, args, nargs);
  } else if (clang_Cursor_isNull(obj) && k == CXCursor_FunctionDecl) {
    if ((!strcmp(name, "raw_pointer_cast") ||
         !strcmp(name, "device_pointer_cast")) &&
        nargs == 1) {
      dev_emit(e, "(");
      print_thrust_operand(e, args[0]);
      dev_emit(e, ")");
      done = 1;
    } else if (str_starts_with(name, "operator") && nargs == 2 &&
               (is_thrust_operand(args[0]) || is_thrust_operand(args[1]))) {
      done = print_thrust_operator(e, name + 8, args[0], args + 1, 1);
    }
  }
  free(name);
  return done;
}

/* ---- cg::reduce with the program's own operator ---------------------
 * Each (group, value type, operator) gets a helper of its own, printed
 * before the function that calls it: the prelude's tile and coalesced
 * reductions (the same shuffles, in the same order, on every warp path)
 * over any value type, moved between lanes as 32-bit words, with the
 * operator's call in place of OP. The call is the function's or, for a
 * function object or a lambda, its operator()'s as the compiler
 * instantiated it in reduce's body (cuda-include/cooperative_groups/
 * reduce.h calls op(val, val)). */

/* The operator() of class cls that reduce calls, as the compiler
 * instantiated it: found in reduce's body or, through the headers' own
 * layers (CUDA's dispatch and details namespaces), in the functions it
 * calls. */
typedef struct op_search {
  CXType cls;
  CXCursor found;
  unsigned budget; /* functions left to look into */
  int depth;
} op_search;

static enum CXChildVisitResult find_op_call(CXCursor c, CXCursor parent,
                                            CXClientData d) {
  (void)parent;
  op_search *s = d;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return CXChildVisit_Recurse;
  CXCursor r = clang_getCursorReferenced(c);
  enum CXCursorKind k = clang_getCursorKind(r);
  CXCursor def = clang_getCursorDefinition(r);
  if (k == CXCursor_CXXMethod &&
      clang_equalTypes(clang_getCanonicalType(clang_getCursorType(
                           clang_getCursorSemanticParent(r))),
                       s->cls)) {
    char *n = cx_spelling(r);
    int call = !strcmp(n, "operator()");
    free(n);
    if (call && !clang_Cursor_isNull(def)) {
      s->found = def;
      return CXChildVisit_Break;
    }
  } else if ((k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod) &&
             !clang_Cursor_isNull(def) && cx_in_system_header(def) &&
             s->depth < 8 && s->budget) {
    s->budget--;
    s->depth++;
    clang_visitChildren(def, find_op_call, s);
    s->depth--;
    if (!clang_Cursor_isNull(s->found))
      return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* The function an operator argument names (f, &f), else a null cursor. */
static CXCursor op_function(CXCursor op) {
  CXCursor c = cx_strip_implicit(op);
  while (clang_getCursorKind(c) == CXCursor_UnaryOperator ||
         clang_getCursorKind(c) == CXCursor_ParenExpr)
    c = cx_strip_implicit(dev_first_child(c));
  CXCursor r = clang_getCursorReferenced(c);
  return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
                 clang_getCursorKind(r) == CXCursor_FunctionDecl
             ? r
             : clang_getNullCursor();
}

/* Why the operator's definition cannot be called from a helper, or NULL:
 * the helper passes on nothing implicit (symbols, the warp scratch, the
 * dynamic shared memory, the device runtime). */
static const char *op_obstacle(emitter *e, CXCursor def) {
  if (clang_Cursor_isNull(def) || cx_in_system_header(def) ||
      clang_Cursor_isNull(dev_function_body(def)))
    return "an operator without a definition in the program";
  if (clang_Cursor_getNumArguments(def) != 2)
    return "an operator that does not take two values";
  fn_uses *u = dev_uses_of(e, def);
  int implicit = u && (u->warp || u->dynshm || u->devrt);
  for (size_t i = 0; u && i < u->nsyms; i++)
    implicit |= u->syms[i] != 0;
  return implicit ? "an operator that uses __device__, __constant__ or "
                    "__shared__ variables, the device runtime or warp "
                    "operations"
                  : NULL;
}

/* The helper's definition: group 't' (a tile of n) or 'c' (a coalesced
 * group), value type vt, the operator's call of a and b, its object's
 * type (NULL: none). */
static void print_reduce_helper(strbuf *b, const char *name, char group,
                                unsigned n, const char *vt, const char *call,
                                const char *ot) {
  const char *words = "for (uint i = 0; i < sizeof s.w / sizeof *s.w; i++)";
  strbuf_printf(b, "%s %s(__local ulong *ws, %s%s v", vt, name,
                group == 'c' ? "cu2cl_cg_coalesced g, " : "", vt);
  if (ot)
    strbuf_printf(b, ", %s op", ot);
  strbuf_printf(b,
                ") {\n  union { %s v; uint w[(sizeof(%s) + 3) / 4]; } s, o;\n"
                "  s.v = v;\n",
                vt, vt);
  if (group == 't') {
    strbuf_printf(
        b,
        "  uint lane = cu2cl_lane_id(), lanes = cu2cl_warp_lanes();\n"
        "  uint rank = lane & %uu, mask = cu2cl_tile_mask(%uu);\n"
        "  for (uint k = %uu; k > 0u; k >>= 1) {\n"
        "    %s\n"
        "      o.w[i] = cu2cl_shfl_down_uint(ws, mask, s.w[i], k, %d);\n"
        "    if (rank + k < %uu && lane + k < lanes) {\n"
        "      %s a = s.v, b = o.v;\n"
        "      s.v = %s;\n"
        "    }\n  }\n"
        "  %s\n"
        "    o.w[i] = cu2cl_shfl_uint(ws, mask, s.w[i], 0, %d);\n"
        "  return o.v;\n}\n\n",
        n - 1, n, n >> 1, words, (int)n, n, vt, call, words, (int)n);
    return;
  }
  /* in rank order, as the prelude's cu2cl_cg_reduce_* (CU2CL_CG_FOLD) */
  strbuf_printf(b,
                "  uint mask = (uint)g;\n  %s acc = v;\n"
                "#ifdef CU2CL_WARP_PTX\n"
                "  for (uint m = mask; m; m &= m - 1u) {\n"
                "    int l = 31 - (int)clz(m & (0u - m));\n"
                "    %s\n"
                "      o.w[i] = cu2cl_shfl_uint(ws, mask, s.w[i], l, 32);\n"
                "    %s a = acc, b = o.v;\n"
                "    acc = m == mask ? b : %s;\n"
                "  }\n#else\n"
                "  for (int l = 0, first = 1; l < 32; l++) {\n"
                "    %s\n"
                "      o.w[i] = cu2cl_shfl_uint(ws, 0xffffffffu, s.w[i], l, "
                "32);\n"
                "    if ((mask >> l) & 1u) {\n"
                "      %s a = acc, b = o.v;\n"
                "      acc = first ? b : %s;\n"
                "      first = 0;\n"
                "    }\n  }\n#endif\n"
                "  return acc;\n}\n\n",
                vt, words, vt, call, words, vt, call);
}

/* The helper for this call (printed once per group, type and operator):
 * its name, or NULL when the operator cannot be called from one
 * (reported). *pass_op: the helper takes the operator's object. */
static char *reduce_helper(emitter *e, CXCursor call, CXCursor callee,
                           CXCursor *args, char group, unsigned n,
                           int *pass_op) {
  CXType vt = clang_getUnqualifiedType(clang_getCanonicalType(
      clang_getNonReferenceType(clang_getCursorType(args[1]))));
  CXType rt = clang_getUnqualifiedType(
      clang_getCanonicalType(clang_getCursorType(call)));
  CXCursor def = op_function(args[2]);
  int method = clang_Cursor_isNull(def);
  if (method) {
    CXType ot = clang_getCanonicalType(
        clang_getNonReferenceType(clang_getCursorType(args[2])));
    if (ot.kind != CXType_Record) {
      dev_report(e, call, CU2CL_D_FUNCTION_POINTER,
                 "cooperative_groups::reduce");
      return NULL;
    }
    op_search os = {clang_getUnqualifiedType(ot), clang_getNullCursor(), 64, 0};
    CXCursor body = clang_getCursorDefinition(callee);
    if (!clang_Cursor_isNull(body))
      clang_visitChildren(body, find_op_call, &os);
    def = os.found;
  } else {
    def = dev_definition(e, def);
  }
  const char *why = op_obstacle(e, def);
  if (!why && !clang_equalTypes(vt, rt))
    why = "an operator whose result is not of its operands' type";
  if (why) {
    char *what = xasprintf("cooperative_groups::reduce (%s)", why);
    dev_report(e, call, CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED, what);
    free(what);
    return NULL;
  }
  char self = 0, sp[3] = "--";
  const char *amp[2];
  for (unsigned i = 0; i < 2; i++) {
    CXType pt = clang_getCursorType(clang_Cursor_getArgument(def, i));
    int ref = dev_is_nonconst_ref(pt);
    sp[i] = ref ? 'p' : '-';
    amp[i] = ref ? "&" : "";
  }
  CXCursor cls = clang_getCursorSemanticParent(def);
  if (method)
    self = clang_CXXMethod_isStatic(def) || dev_class_is_empty(cls) ? 'N'
           : dev_is_const_method(def)                               ? 'S'
                                                                    : 'p';
  fn_clone *f = dev_queue_function(e, def, sp, self, 0);
  *pass_op = method && self != 'N';
  char *opcall = xasprintf("%s(%s%s%sa, %sb)", f->name,
                           self == 'S'   ? "op"
                           : self == 'p' ? "&op"
                                         : "",
                           *pass_op ? ", " : "", amp[0], amp[1]);
  char *vname = dev_type_name(e, vt);
  char *oname = *pass_op ? dev_type_name(e, clang_getCursorType(cls)) : NULL;
  char *key =
      xasprintf("%c%u|%s|%s|%s", group, n, vname, opcall, oname ? oname : "");
  size_t k = 0;
  while (k < e->reduce_helpers.len && strcmp(e->reduce_helpers.items[k], key))
    k++;
  char *name = xasprintf("cu2cl_cg_reduce_user%zu", k);
  if (k == e->reduce_helpers.len) {
    strvec_push_own(&e->reduce_helpers, key);
    key = NULL;
    strbuf_printf(&e->protos, "%s %s(__local ulong *, %s%s%s%s);\n", vname,
                  name, group == 'c' ? "cu2cl_cg_coalesced, " : "", vname,
                  oname ? ", " : "", oname ? oname : "");
    print_reduce_helper(&e->bodies, name, group, n, vname, opcall, oname);
  }
  free(key);
  free(vname);
  free(oname);
  free(opcall);
  return name;
}

/* cg::reduce(group, value, op) with the program's own op: its helper's
 * call. Returns 0 when the call is not one. */
static int print_custom_reduce(emitter *e, CXCursor call, CXCursor callee,
                               CXCursor *args, unsigned nargs) {
  unsigned n;
  char group = dev_cg_custom_reduce(callee, args, nargs, &n);
  if (!group)
    return 0;
  int pass_op = 0;
  char *name = reduce_helper(e, call, callee, args, group, n, &pass_op);
  if (!name) {
    dev_emit(e, "0"); /* reported: the rest of the file builds */
    return 1;
  }
  strbuf_printf(e->out, "%s(cu2cl_warp_scratch", name);
  for (unsigned i = group == 'c' ? 0 : 1; i < (pass_op ? 3u : 2u); i++) {
    char *t = dev_arg_text(e, args[i]);
    strbuf_printf(e->out, ", %s", t);
    free(t);
  }
  dev_emit(e, ")");
  free(name);
  return 1;
}

/* A cooperative-groups call: its template with the arguments filled in.
 * Returns 0 when the call is not one. */
int dev_print_cg_call(emitter *e, CXCursor call, CXCursor callee, CXCursor obj,
                      CXCursor *args, unsigned nargs) {
  char *tpl;
  if (print_thrust_call(e, callee, obj, args, nargs))
    return 1;
  if (clang_Cursor_isNull(obj) &&
      print_custom_reduce(e, call, callee, args, nargs))
    return 1;
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

/* Functions of namespace std that device code calls (constexpr ones, which
 * nvcc allows with --expt-relaxed-constexpr and clang always):
 * std::move, std::forward and std::as_const are their argument (casts to
 * a reference, which OpenCL C does without); std::min and std::max of two
 * values of one arithmetic type keep C++'s definition (the first argument
 * unless the second is less, or greater: for integers OpenCL's min and max,
 * for floating point the prelude's helpers, as fmin and fmax differ on
 * NaNs). 0 for anything else. */
static int print_std_call(emitter *e, CXCursor callee, CXCursor *args,
                          unsigned nargs) {
  CXCursor parent = clang_getCursorSemanticParent(callee);
  char *ns = clang_getCursorKind(parent) == CXCursor_Namespace
                 ? cx_spelling(parent)
                 : xstrdup("");
  char *name = cx_spelling(callee);
  int done = 0;
  if (!strcmp(ns, "std") && nargs == 1 &&
      (!strcmp(name, "move") || !strcmp(name, "forward") ||
       !strcmp(name, "as_const"))) {
    dev_emit(e, "(");
    dev_print_expr(e, args[0]);
    dev_emit(e, ")");
    done = 1;
  } else if (!strcmp(ns, "std") && nargs == 2 &&
             (!strcmp(name, "min") || !strcmp(name, "max"))) {
    CXType t = clang_getCanonicalType(
        clang_getNonReferenceType(clang_getCursorType(args[0])));
    int fp = t.kind == CXType_Float || t.kind == CXType_Double;
    int integer = t.kind >= CXType_Char_U && t.kind <= CXType_Int128 &&
                  t.kind != CXType_Bool && t.kind != CXType_WChar &&
                  t.kind != CXType_Char16 && t.kind != CXType_Char32;
    if (fp || integer) {
      char *ts = dev_type_string(e, clang_getUnqualifiedType(t), 0);
      if (fp)
        strbuf_printf(e->out, "cu2cl_std_%s%s(", name,
                      t.kind == CXType_Float ? "f" : "");
      else
        strbuf_printf(e->out, "%s((%s)", name, ts);
      dev_print_expr(e, args[0]);
      strbuf_printf(e->out, fp ? ", " : ", (%s)", ts);
      dev_print_expr(e, args[1]);
      dev_emit(e, ")");
      free(ts);
      done = 1;
    }
  }
  free(name);
  free(ns);
  return done;
}

void dev_print_builtin_call(emitter *e, CXCursor call, CXCursor callee,
                            CXCursor *args, unsigned nargs) {
  if (dev_print_cg_call(e, call, callee, clang_getNullCursor(), args, nargs) ||
      print_std_call(e, callee, args, nargs))
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
  } else if (!cx_in_system_header(callee)) { /* the program's own */
    dev_report(e, call, CU2CL_D_SEPARATE_COMPILATION, name,
               "is declared here but defined in no unit of the run");
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
  if (clang_getCursorKind(member) == CXCursor_Constructor &&
      print_thrust_call(e, member, clang_getNullCursor(), args, nargs))
    return 1;
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
