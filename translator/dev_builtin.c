/*
 * dev_builtin: CUDA built-in device functions as the rules see them. A
 * built-in is found by its name and its canonical parameter signature, so
 * one row of rules/device_functions.def serves every declaration of an
 * overload; whether a built-in is collective comes from its row (a
 * template that takes the warp scratch) or its name (__syncthreads*).
 * Also here: the built-in index variables (threadIdx.x and the like) and
 * printf formats as OpenCL C takes them.
 *
 * Layer 3 of the device emitter (dev_state.h): calls dev_state, dev_cg.
 */
#include "dev_builtin.h"

#include <ctype.h>
#include <string.h>

#include "dev_cg.h"

/* Canonical spelling of a parameter type without top-level const, so one
 * rule row serves `max(const int, ...)` and `max(int, ...)` declarations. */
static char *param_type_key(CXType t) {
  t = clang_getCanonicalType(t);
  char *s = cx_type_spelling(t);
  if (clang_isConstQualifiedType(t) && t.kind != CXType_Pointer &&
      str_starts_with(s, "const ")) {
    char *r = xstrdup(s + 6);
    free(s);
    return r;
  }
  size_t n = strlen(s);
  if (t.kind == CXType_Pointer && n > 6 && str_ends_with(s, " const")) {
    s[n - 6] = 0;
  } else if (t.kind == CXType_Pointer && str_ends_with(s, "*const")) {
    s[n - 5] = 0;
  }
  return s;
}

char *dev_builtin_signature(CXCursor fn) {
  strbuf b = {0};
  int n = clang_Cursor_getNumArguments(fn);
  for (int i = 0; i < n; i++) {
    char *s = param_type_key(
        clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i)));
    if (i)
      strbuf_append(&b, ", ");
    strbuf_append(&b, s);
    free(s);
  }
  return strbuf_take(&b);
}

const cu2cl_device_rule *dev_builtin_rule(CXCursor callee) {
  char *name = cx_spelling(callee);
  char *sig = dev_builtin_signature(callee);
  int known;
  const cu2cl_device_rule *r = cu2cl_rules_device_find(name, sig, &known);
  free(name);
  free(sig);
  return r;
}

const cu2cl_device_rule *dev_builtin_member_rule(CXCursor member, int *known) {
  char *cls = cx_spelling(clang_getCursorSemanticParent(member));
  char *name = cx_spelling(member);
  char *key = xasprintf("%s::%s", cls, name);
  char *sig = dev_builtin_signature(member);
  const cu2cl_device_rule *r = cu2cl_rules_device_find(key, sig, known);
  free(sig);
  free(key);
  free(name);
  free(cls);
  return r;
}

int dev_builtin_is_half_type(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record)
    return 0;
  CXCursor d = clang_getTypeDeclaration(t);
  if (!cx_in_system_header(d))
    return 0;
  char *n = cx_spelling(d);
  int is = !strcmp(n, "__half") || !strcmp(n, "__half2") ||
           !strcmp(n, "__half_raw") || !strcmp(n, "__half2_raw") ||
           !strcmp(n, "__nv_bfloat16") || !strcmp(n, "__nv_bfloat162") ||
           !strcmp(n, "__nv_bfloat16_raw") ||
           !strcmp(n, "__nv_bfloat162_raw") ||
           str_starts_with(n, "__nv_fp8_") || str_starts_with(n, "__nv_fp8x");
  free(n);
  return is;
}

int dev_builtin_is_collective(CXCursor callee, int *scratch) {
  *scratch = 0;
  if (dev_cg_is_collective(callee, scratch))
    return 1;
  char *name = cx_spelling(callee);
  int sync = str_starts_with(name, "__syncthreads");
  free(name);
  const cu2cl_device_rule *r = dev_builtin_rule(callee);
  if (r && r->opencl && strstr(r->opencl, "cu2cl_warp_scratch"))
    *scratch = 1;
  return sync || *scratch;
}

int dev_builtin_uses_devrt(CXCursor callee) {
  const cu2cl_device_rule *r = dev_builtin_rule(callee);
  return r && r->opencl && strstr(r->opencl, "cu2cl_devrt") != NULL;
}

/* ---- PTX special registers (rules/ptx_registers.def) ----------------- */

/* The statement's source text, from its start to its end in one file;
 * NULL where it is not there (a macro's expansion). Caller frees. */
static char *stmt_source(CXCursor stmt) {
  CXSourceRange r = clang_getCursorExtent(stmt);
  CXFile f, g;
  unsigned begin, end;
  size_t size;
  clang_getSpellingLocation(clang_getRangeStart(r), &f, NULL, NULL, &begin);
  clang_getSpellingLocation(clang_getRangeEnd(r), &g, NULL, NULL, &end);
  const char *buf = f && clang_File_isEqual(f, g)
                        ? clang_getFileContents(
                              clang_Cursor_getTranslationUnit(stmt), f, &size)
                        : NULL;
  if (!buf || begin >= end || end > size)
    return NULL;
  return xasprintf("%.*s", (int)(end - begin), buf + begin);
}

/* The template as libclang gives it (LLVM's form) or, where that fails,
 * as the source writes it: clang cuts the template at a PTX register
 * written with one % (`mov.u64 %0, %globaltimer;`), which nvcc takes. */
static int ptx_template_reads(CXCursor stmt, unsigned nout,
                              const cu2cl_ptx_reg **regs) {
  char *t = cx_take(clang_Cursor_getGCCAssemblyTemplate(stmt));
  int ok = cu2cl_rules_ptx_moves(t, 1, nout, NULL, regs);
  free(t);
  if (ok)
    return 1;
  char *text = stmt_source(stmt);
  ok = text && cu2cl_rules_ptx_asm(text, regs, CU2CL_PTX_MAX_OUTPUTS) == nout;
  free(text);
  return ok;
}

unsigned dev_builtin_ptx_reads(CXCursor stmt, const cu2cl_ptx_reg **regs,
                               CXCursor *outs) {
  if (clang_getCursorKind(stmt) != CXCursor_GCCAsmStmt)
    return 0;
  unsigned n = clang_Cursor_getGCCAssemblyNumOutputs(stmt);
  if (!n || n > CU2CL_PTX_MAX_OUTPUTS ||
      clang_Cursor_getGCCAssemblyNumInputs(stmt) != 0 ||
      !ptx_template_reads(stmt, n, regs))
    return 0;
  for (unsigned i = 0; i < n; i++) {
    CXString constraint;
    if (!clang_Cursor_getGCCAssemblyOutput(stmt, i, &constraint, &outs[i]))
      return 0;
    clang_disposeString(constraint);
  }
  return n;
}

int dev_builtin_is_warp_primitive(const char *name) {
  static const char *const prefixes[] = {
      "__shfl",     "__ballot", "__any",     "__all", "__activemask",
      "__syncwarp", "__match",  "__reduce_", "__uni", NULL};
  for (const char *const *p = prefixes; *p; p++)
    if (str_starts_with(name, *p))
      return 1;
  return 0;
}

/* The component a member of a built-in variable names when the toolkit's
 * headers declare x, y, z as properties (whose references libclang gives
 * no name): read where the expression is spelled, "blockDim.x", also when
 * that is in a macro's definition (i += gridDim.x * blockDim.x in a
 * #define), where the expansion's own text would be the macro's call. */
static int property_dim(emitter *e, CXCursor member) {
  CXFile f;
  unsigned off;
  size_t size;
  clang_getSpellingLocation(clang_getCursorLocation(member), &f, NULL, NULL,
                            &off);
  const char *buf =
      f ? clang_getFileContents(cx_unit_of(e->tu, member), f, &size) : NULL;
  if (!buf || off >= size)
    return -1;
  const char *p = buf + off, *end = buf + size;
  while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
    p++; /* the variable's name */
  while (p < end && isspace((unsigned char)*p))
    p++;
  if (p < end && *p == '.')
    p++;
  while (p < end && isspace((unsigned char)*p))
    p++;
  if (p + 1 < end && (isalnum((unsigned char)p[1]) || p[1] == '_'))
    return -1;
  return p < end ? *p - 'x' : -1;
}

/* threadIdx.x and the like: the dimension, with the work-item function
 * in *fn. */
int dev_builtin_var_dim(emitter *e, CXCursor member, const char **fn) {
  CXCursor base = dev_first_child(member);
  if (clang_Cursor_isNull(base))
    return -1;
  base = cx_strip_implicit(base);
  if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
    return -1;
  CXCursor d = clang_getCursorReferenced(base);
  if (!cx_in_system_header(d))
    return -1;
  char *n = cx_spelling(d);
  *fn = !strcmp(n, "threadIdx")  ? "get_local_id"
        : !strcmp(n, "blockIdx") ? "get_group_id"
        : !strcmp(n, "blockDim") ? "get_local_size"
        : !strcmp(n, "gridDim")  ? "get_num_groups"
                                 : NULL;
  free(n);
  if (!*fn)
    return -1;
  char *m = cx_spelling(member);
  int dim = strlen(m) == 1 ? m[0] - 'x' : property_dim(e, member);
  free(m);
  return dim >= 0 && dim <= 2 ? dim : -1;
}

char *dev_builtin_printf_format(const char *fmt, const char **bad) {
  strbuf out = {0};
  *bad = NULL;
  for (const char *p = fmt; *p; p++) {
    strbuf_appendc(&out, *p);
    if (*p != '%' || p[1] == '%') {
      if (*p == '%')
        strbuf_appendc(&out, *++p);
      continue;
    }
    while (p[1] && strchr("-+ #0123456789.*", p[1]))
      strbuf_appendc(&out, *++p);
    if (p[1] == 'l' && p[2] == 'l')
      p++; /* %ll? -> %l? */
    else if (p[1] == 'z' || p[1] == 'j' || p[1] == 't')
      strbuf_appendc(&out, 'l'), p++;
    else if (p[1] == 'L' || p[1] == 'n')
      *bad = p[1] == 'L' ? "long double" : "%n";
  }
  return strbuf_take(&out);
}
