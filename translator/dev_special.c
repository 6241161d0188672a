/*
 * dev_special: device assert and inline PTX; see dev_special.h.
 *
 * Layer 18 of the device emitter (dev_state.h): calls dev_state,
 * dev_builtin, dev_uses, dev_expr.
 */
#include "dev_special.h"

#include <ctype.h>
#include <string.h>

#include "dev_builtin.h"
#include "dev_expr.h"
#include "dev_uses.h"

/* ---- device assert ----------------------------------------------------
 * assert(c) expands to `c ? void(0) : __assert_fail("c", __FILE__,
 * __LINE__, __PRETTY_FUNCTION__)` (glibc, both header sets). As a
 * statement it becomes `if (!(c)) { CU2CL_ASSERT_FAIL(...); return; }`:
 * the prelude macro prints CUDA's message and counts the failure for the
 * runtime (cudaErrorAssert); the return stops the work-item where that is
 * safe (below). The strings are printed as literals, which OpenCL C's
 * printf requires of %s arguments. */

static CXCursor strip_parens(CXCursor c) {
  c = cx_strip_implicit(c);
  while (clang_getCursorKind(c) == CXCursor_ParenExpr)
    c = cx_strip_implicit(dev_first_child(c));
  return c;
}

/* The __assert_fail / __assertfail call of an assert statement s, with its
 * condition in *cond; a null cursor when s is something else. */
static CXCursor assert_call(CXCursor s, CXCursor *cond) {
  CXCursor op = strip_parens(s), call = clang_getNullCursor();
  if (clang_getCursorKind(op) != CXCursor_ConditionalOperator)
    return call;
  CXCursor *kids;
  unsigned n = cx_children(op, &kids);
  CXCursor c = n == 3 ? strip_parens(kids[2]) : clang_getNullCursor();
  if (clang_getCursorKind(c) == CXCursor_CallExpr) {
    char *name = cx_spelling(clang_getCursorReferenced(c));
    if (!strcmp(name, "__assert_fail") || !strcmp(name, "__assertfail")) {
      call = c;
      *cond = kids[0];
    }
    free(name);
  }
  free(kids);
  return call;
}

/* s as a C string literal. */
static void emit_literal(emitter *e, const char *s) {
  dev_emit(e, "\"");
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      strbuf_printf(e->out, "\\%c", *s);
    else if (*s == '\n')
      dev_emit(e, "\\n");
    else
      strbuf_printf(e->out, "%c", *s);
  }
  dev_emit(e, "\"");
}

/* Argument i of the assert call as a string literal: its value where
 * libclang evaluates it, else (__PRETTY_FUNCTION__) the function's type
 * and name as CUDA prints them. */
static void emit_assert_string(emitter *e, CXCursor call, unsigned i) {
  CXCursor arg = clang_Cursor_getArgument(call, i);
  CXEvalResult r = clang_Cursor_Evaluate(arg);
  if (r && clang_EvalResult_getKind(r) == CXEval_StrLiteral) {
    emit_literal(e, clang_EvalResult_getAsStr(r));
  } else {
    CXCursor fn = e->cur->decl;
    char *rt = cx_type_spelling(clang_getCursorResultType(fn));
    char *name = cx_take(clang_getCursorDisplayName(fn));
    char *text = xasprintf("%s %s", rt, name);
    emit_literal(e, text);
    free(text);
    free(name);
    free(rt);
  }
  if (r)
    clang_EvalResult_dispose(r);
}

/* A work-item whose assert failed leaves a kernel or a void function (CUDA
 * stops the whole thread; after a device function the caller goes on),
 * except where others must still meet it at a barrier or a collective. */
static int assert_may_return(emitter *e) {
  CXCursor fn = e->cur ? e->cur->decl : clang_getNullCursor();
  if (clang_Cursor_isNull(fn) || e->pred ||
      clang_getCursorKind(fn) == CXCursor_Constructor ||
      clang_getCursorResultType(fn).kind != CXType_Void)
    return 0;
  fn_uses *u = dev_uses_of(e, fn);
  return u && !u->collective;
}

static int print_assert(emitter *e, CXCursor s) {
  CXCursor cond, call = assert_call(s, &cond);
  if (clang_Cursor_isNull(call) || clang_Cursor_getNumArguments(call) < 4)
    return 0;
  if (e->pred)
    strbuf_printf(e->out, "if (%s && !(", e->pred);
  else
    dev_emit(e, "if (!(");
  dev_print_expr(e, cond);
  dev_emit(e, ")) { CU2CL_ASSERT_FAIL(cu2cl_devrt, ");
  emit_assert_string(e, call, 0);
  dev_emit(e, ", ");
  emit_assert_string(e, call, 1);
  dev_emit(e, ", (uint)");
  dev_print_expr(e, clang_Cursor_getArgument(call, 2));
  dev_emit(e, ", ");
  emit_assert_string(e, call, 3);
  dev_emit(e, assert_may_return(e) ? "); return; }\n" : "); }\n");
  return 1;
}

/* ---- inline PTX ---------------------------------------------------------
 * Moves from special registers (rules/ptx_registers.def) become
 * assignments of their OpenCL C values, exact on every device (clock
 * reads excepted, CU2CL2007; the timer and SM ids, CU2CL2008). Any other
 * assembly is PTX only NVIDIA's OpenCL compiles: it is kept for that driver
 * (CU2CL_NVIDIA, the macro that picks the PTX warp path) and reported as an
 * error (CU2CL2106); on other devices the program's build stops at an #error
 * naming the line. */

/* Appends the template in GCC's syntax: libclang gives LLVM's ($N for %N,
 * ${N:M} for %MN, $$ for $, % for %%), escaped as a C string. */
static void emit_asm_template(emitter *e, const char *t) {
  for (const char *p = t; *p; p++) {
    if (p[0] == '$' && p[1] == '$') {
      dev_emit(e, "$");
      p++;
    } else if (p[0] == '$' && p[1] == '{') {
      const char *colon = strchr(p, ':'), *close = strchr(p, '}');
      if (!colon || !close || colon > close)
        break;
      strbuf_printf(e->out, "%%%.*s%.*s", (int)(close - colon - 1), colon + 1,
                    (int)(colon - p - 2), p + 2);
      p = close;
    } else if (p[0] == '$' && isdigit((unsigned char)p[1])) {
      dev_emit(e, "%");
    } else if (*p == '%') {
      dev_emit(e, "%%");
    } else if (*p == '"' || *p == '\\') {
      strbuf_printf(e->out, "\\%c", *p);
    } else if (*p == '\n' || *p == '\t') {
      dev_emit(e, *p == '\n' ? "\\n" : "\\t");
    } else {
      strbuf_printf(e->out, "%c", *p);
    }
  }
}

/* ": "c"(expr), ..." for the outputs (out) or the inputs. */
static void emit_asm_operands(emitter *e, CXCursor s, int out) {
  unsigned n = out ? clang_Cursor_getGCCAssemblyNumOutputs(s)
                   : clang_Cursor_getGCCAssemblyNumInputs(s);
  dev_emit(e, " :");
  for (unsigned i = 0; i < n; i++) {
    CXString c;
    CXCursor x;
    if (!(out ? clang_Cursor_getGCCAssemblyOutput(s, i, &c, &x)
              : clang_Cursor_getGCCAssemblyInput(s, i, &c, &x)))
      continue;
    strbuf_printf(e->out, "%s \"%s\"(", i ? "," : "", clang_getCString(c));
    clang_disposeString(c);
    dev_print_expr(e, x);
    dev_emit(e, ")");
  }
}

static void print_asm_verbatim(emitter *e, CXCursor s) {
  char *t = cx_take(clang_Cursor_getGCCAssemblyTemplate(s));
  unsigned line;
  clang_getSpellingLocation(clang_getCursorLocation(s), NULL, &line, NULL,
                            NULL);
  /* the preprocessor lines start a line of their own */
  while (e->out->len && e->out->data[e->out->len - 1] == ' ')
    e->out->data[--e->out->len] = 0;
  if (e->out->len && e->out->data[e->out->len - 1] != '\n')
    dev_emit(e, "\n");
  dev_emit(e, "#ifdef CU2CL_NVIDIA\n");
  for (int i = 0; i < e->indent; i++)
    dev_emit(e, "  ");
  strbuf_printf(e->out, "__asm__%s(\"",
                clang_Cursor_isGCCAssemblyVolatile(s) ? " volatile" : "");
  emit_asm_template(e, t);
  dev_emit(e, "\"");
  emit_asm_operands(e, s, 1);
  emit_asm_operands(e, s, 0);
  dev_emit(e, " :");
  for (unsigned i = 0; i < clang_Cursor_getGCCAssemblyNumClobbers(s); i++) {
    char *c = cx_take(clang_Cursor_getGCCAssemblyClobber(s, i));
    strbuf_printf(e->out, "%s \"%s\"", i ? "," : "", c);
    free(c);
  }
  strbuf_printf(e->out,
                ");\n#else\n#error \"cu2cl: the inline PTX of source line %u "
                "runs only on NVIDIA's OpenCL (CU2CL2106)\"\n#endif\n",
                line);
  free(t);
}

/* The remark a register's value calls for. */
static void report_ptx_value(emitter *e, CXCursor s, const cu2cl_ptx_reg *r) {
  char *n = xasprintf("%%%s", r->name);
  if (r->value == CU2CL_PTX_CLOCK)
    dev_report(e, s, CU2CL_D_CLOCK_NOT_CYCLES, n);
  else if (r->value == CU2CL_PTX_APPROX)
    dev_report(e, s, CU2CL_D_PTX_REGISTER_APPROXIMATE, n, r->notes);
  free(n);
}

static int print_asm(emitter *e, CXCursor s) {
  if (clang_getCursorKind(s) != CXCursor_GCCAsmStmt)
    return 0;
  const cu2cl_ptx_reg *regs[CU2CL_PTX_MAX_OUTPUTS];
  CXCursor outs[CU2CL_PTX_MAX_OUTPUTS];
  unsigned n = dev_builtin_ptx_reads(s, regs, outs);
  if (!n) {
    dev_report(e, s, CU2CL_D_INLINE_PTX);
    print_asm_verbatim(e, s);
    return 1;
  }
  for (unsigned i = 0; i < n; i++) {
    for (int j = 0; i && j < e->indent; j++)
      dev_emit(e, "  ");
    report_ptx_value(e, s, regs[i]);
    if (e->pred)
      strbuf_printf(e->out, "if (%s) ", e->pred);
    dev_print_expr(e, outs[i]);
    strbuf_printf(e->out, " = %s; /* PTX %%%s */\n", regs[i]->opencl,
                  regs[i]->name);
  }
  return 1;
}

int dev_print_special(emitter *e, CXCursor s) {
  if (clang_isExpression(clang_getCursorKind(s)))
    return print_assert(e, s);
  return print_asm(e, s);
}
