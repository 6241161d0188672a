/*
 * emit_device: prints the kernels of a translation unit, and the device
 * functions and types they reach, as OpenCL C. See emit_device.h for the
 * model of address spaces and implicit parameters.
 *
 * Work list: kernels are queued first; printing a call to a user device
 * function queues that function for the address spaces of the call's
 * pointer arguments ("clone"), and the loop prints clones until the queue is
 * empty. Prototypes of every function precede all bodies, so order does
 * not matter. Per-function state (the address space of each pointer
 * variable) is computed by a pre-pass over the body before printing.
 */
#include "emit_device.h"

#include <ctype.h>
#include <string.h>

#include "cx.h"
#include "rules.h"

/* Variable flags. */
enum { V_DEREF = 1, V_POINTER = 2, V_ARRAY = 4 };

typedef struct var_entry {
  char *usr;
  char space; /* pointee space for pointers, storage space otherwise */
  unsigned flags;
} var_entry;

typedef struct fn_clone {
  CXCursor decl;
  char *usr;
  char *key; /* usr|spaces */
  char *name;
  char *spaces; /* one char per parameter: g l p c, or '-' */
  char ret_space;
  int is_kernel;
  int ret_known;
  char self; /* methods: 'S' object by value, else the space self points
                into; 0 for plain functions */
} fn_clone;

typedef struct symbol {
  char *usr;
  char *name;
  char space; /* 'c' for __constant__, 'g' for __device__ */
  int is_array;
  CXCursor decl;
} symbol;

typedef struct fn_uses {
  char *usr;
  int state; /* 0 new, 1 in progress, 2 done */
  int recursive; /* part of a call cycle */
  int recursion_reported;
  int fp64;      /* uses double (itself or a callee) */
  int int64_atomics;
  int dynshm;
  unsigned char *syms; /* one flag per symbol (grows) */
  size_t nsyms;
} fn_uses;

typedef struct emitter {
  CXTranslationUnit tu;
  cu2cl_diag_engine *diags;
  const cu2cl_device_opts *opts;
  fn_clone *fns;
  size_t nfns, capfns;
  symbol *syms;
  size_t nsyms;
  fn_uses *uses;
  size_t nuses;
  strvec type_usrs;
  strbuf types, protos, bodies;
  size_t errors;
  int uses_fp64;
  /* the function being printed */
  fn_clone *cur;
  var_entry *vars;
  size_t nvars, capvars;
  strbuf *out;
  int indent;
  char *dynshm_type; /* element type of the extern __shared__ array */
  CXCursor site;     /* the statement being printed, for diagnostics */
  int quiet;         /* analysing a callee: no diagnostics */
} emitter;

static void print_expr(emitter *e, CXCursor c);
static void print_stmt(emitter *e, CXCursor c);
static char expr_space(emitter *e, CXCursor c);
static char lvalue_space(emitter *e, CXCursor c);
static void print_type_decl(emitter *e, strbuf *b, CXType t, char space,
                            const char *name);
static char *type_name(emitter *e, CXType t);
static int is_pointer_type(CXType t);
static CXCursor function_body(CXCursor fn);
static fn_uses *uses_of(emitter *e, CXCursor fn);

/* ---- diagnostics ---------------------------------------------------- */

static void report(emitter *e, CXCursor at, cu2cl_diag_id id, ...) {
  cx_loc l = cx_location(at);
  va_list ap;
  va_start(ap, id);
  const char *msg =
      cu2cl_diag_vreport(e->diags, id, l.file, l.line, l.column, ap);
  va_end(ap);
  if (cu2cl_diag_info_get(id)->severity == CU2CL_ERROR)
    e->errors++;
  if (e->out) {
    /* At the start of a line the comment gets a line of its own. */
    size_t i = e->out->len;
    while (i > 0 && e->out->data[i - 1] == ' ')
      i--;
    int line_start = i == 0 || e->out->data[i - 1] == '\n';
    char *indent = xstrndup(e->out->data ? e->out->data + i : "",
                            e->out->len - i);
    char *text = cu2cl_diag_comment(id, msg);
    strbuf_printf(e->out, "/* %s */", text);
    if (line_start)
      strbuf_printf(e->out, "\n%s", indent);
    free(text);
    free(indent);
  }
  cx_loc_free(&l);
}

/* ---- names ---------------------------------------------------------- */

/* OpenCL C keywords and built-in function names that CUDA code may use as
 * identifiers; such identifiers get a trailing underscore. */
static const char *const reserved[] = {
    "global", "local", "constant", "private", "kernel", "read_only",
    "write_only", "read_write", "half", "uchar", "ushort", "uint", "ulong",
    "event_t", "sampler_t", "image1d_t", "image2d_t", "image3d_t", "dot",
    "cross", "length", "distance", "normalize", "clamp", "mix", "step",
    "smoothstep", "sign", "select", "bitselect", "degrees", "radians",
    "rotate", "upsample", "mad", "mad24", "mad_hi", "barrier", "mem_fence",
    "prefetch", "vload", "vstore", "any", "all", "shuffle", "shuffle2",
    "printf", "abs_diff", "add_sat", "sub_sat", "hadd", "rhadd", "popcount",
    "get_global_id", "get_local_id", "get_group_id", "read", "write",
    "complex", "imaginary", "quad", "vector", "pipe", "atomic_add", NULL};

static char *safe_name(const char *name) {
  for (const char *const *r = reserved; *r; r++)
    if (!strcmp(*r, name))
      return xasprintf("%s_", name);
  return xstrdup(name);
}

/* Appends a C identifier built from arbitrary spelling ("unsigned int" ->
 * "uint", "Foo<float, 2>" -> "Foo_float_2"). */
static void append_mangled(strbuf *b, const char *s) {
  int pending = 0;
  for (; *s; s++) {
    if (isalnum((unsigned char)*s) || *s == '_') {
      if (pending && b->len && b->data[b->len - 1] != '_')
        strbuf_appendc(b, '_');
      pending = 0;
      strbuf_appendc(b, *s);
    } else if (*s == '*') {
      strbuf_append(b, "_ptr");
    } else {
      pending = 1;
    }
  }
}

static const char *short_builtin(const char *s) {
  static const char *const map[][2] = {
      {"unsigned int", "uint"},     {"unsigned char", "uchar"},
      {"unsigned short", "ushort"}, {"unsigned long long", "ulonglong"},
      {"unsigned long", "ulong"},   {"long long", "longlong"},
      {"signed char", "schar"},     {NULL, NULL}};
  for (int i = 0; map[i][0]; i++)
    if (!strcmp(s, map[i][0]))
      return map[i][1];
  return s;
}

/* "operator+=" -> "operator_add_assign"; other names unchanged. */
static char *function_base_name(CXCursor fn) {
  static const char *const ops[][2] = {
      {"+=", "add_assign"}, {"-=", "sub_assign"}, {"*=", "mul_assign"},
      {"/=", "div_assign"}, {"==", "eq"},         {"!=", "ne"},
      {"<=", "le"},         {">=", "ge"},         {"<<", "shl"},
      {">>", "shr"},        {"[]", "index"},      {"()", "call"},
      {"+", "add"},         {"-", "sub"},         {"*", "mul"},
      {"/", "div"},         {"%", "mod"},         {"<", "lt"},
      {">", "gt"},          {"!", "not"},         {"~", "bitnot"},
      {"&", "and"},         {"|", "or"},          {"^", "xor"},
      {"=", "assign"},      {NULL, NULL}};
  char *n = cx_spelling(fn);
  if (str_starts_with(n, "operator")) {
    const char *op = n + 8;
    while (*op == ' ')
      op++;
    for (int i = 0; ops[i][0]; i++) {
      if (!strcmp(op, ops[i][0])) {
        char *r = xasprintf("operator_%s", ops[i][1]);
        free(n);
        return r;
      }
    }
  }
  strbuf b = {0};
  append_mangled(&b, n);
  free(n);
  return strbuf_take(&b);
}

char *cu2cl_specialization_name(CXCursor fn) {
  char *base = function_base_name(fn);
  strbuf b = {0};
  strbuf_append(&b, base);
  free(base);
  int n = clang_Cursor_getNumTemplateArguments(fn);
  for (int i = 0; i < n; i++) {
    strbuf_appendc(&b, '_');
    enum CXTemplateArgumentKind k = clang_Cursor_getTemplateArgumentKind(fn, i);
    if (k == CXTemplateArgumentKind_Type) {
      CXType t = clang_getCanonicalType(
          clang_Cursor_getTemplateArgumentType(fn, i));
      char *s = cx_type_spelling(t);
      append_mangled(&b, short_builtin(s));
      free(s);
    } else if (k == CXTemplateArgumentKind_Integral) {
      long long v = clang_Cursor_getTemplateArgumentValue(fn, i);
      if (v < 0)
        strbuf_printf(&b, "m%lld", -v);
      else
        strbuf_printf(&b, "%lld", v);
    } else {
      strbuf_printf(&b, "arg%d", i);
    }
  }
  char *r = safe_name(strbuf_cstr(&b));
  strbuf_free(&b);
  return r;
}

/* ---- variables of the current function ------------------------------ */

static var_entry *var_find(emitter *e, CXCursor decl) {
  char *usr = cx_usr(decl);
  var_entry *r = NULL;
  for (size_t i = 0; i < e->nvars && !r; i++)
    if (!strcmp(e->vars[i].usr, usr))
      r = &e->vars[i];
  free(usr);
  return r;
}

static var_entry *var_add(emitter *e, CXCursor decl, char space,
                          unsigned flags) {
  var_entry *v = var_find(e, decl);
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
  v->usr = cx_usr(decl);
  v->space = space;
  v->flags = flags;
  return v;
}

static void vars_reset(emitter *e) {
  for (size_t i = 0; i < e->nvars; i++)
    free(e->vars[i].usr);
  e->nvars = 0;
}

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
      pk != CXCursor_Constructor)
    return 0;
  return (cx_cuda_attrs(decl) & CX_SHARED) &&
         !(cx_cuda_attrs(parent) & CX_GLOBAL) &&
         clang_getCanonicalType(clang_getCursorType(decl)).kind !=
             CXType_IncompleteArray;
}

/* A namespace-scope __constant__ or __device__ variable, or a __shared__
 * variable of a device function: registers it. */
static symbol *symbol_of(emitter *e, CXCursor decl) {
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
    s->name = safe_name(n);
  }
  free(n);
  s->space = local ? 'l' : (a & CX_CONSTANT) ? 'c' : 'g';
  s->is_array = clang_getCursorType(decl).kind == CXType_ConstantArray;
  s->decl = decl;
  return s;
}

/* ---- types ---------------------------------------------------------- */

static const char *space_word(char s) {
  switch (s) {
  case 'g': return "__global";
  case 'l': return "__local";
  case 'c': return "__constant";
  default: return "";
  }
}

static const char *space_name(char s) {
  switch (s) {
  case 'g': return "global";
  case 'l': return "local";
  case 'c': return "constant";
  default: return "private";
  }
}

/* CUDA vector types: "float4" -> "float4", "float3" -> "cu2cl_float3",
 * "longlong2" -> "long2", "dim3" -> "cu2cl_uint3". NULL when not one. */
static char *vector_type_name(const char *name) {
  static const char *const bases[][2] = {
      {"ulonglong", "ulong"}, {"longlong", "long"}, {"uchar", "uchar"},
      {"ushort", "ushort"},   {"ulong", "ulong"},   {"uint", "uint"},
      {"char", "char"},       {"short", "short"},   {"long", "long"},
      {"int", "int"},         {"float", "float"},   {"double", "double"},
      {NULL, NULL}};
  if (!strcmp(name, "dim3"))
    return xstrdup("cu2cl_uint3");
  for (int i = 0; bases[i][0]; i++) {
    size_t n = strlen(bases[i][0]);
    if (strncmp(name, bases[i][0], n) || !name[n] || name[n + 1])
      continue;
    char d = name[n];
    if (d == '2' || d == '4')
      return xasprintf("%s%c", bases[i][1], d);
    if (d == '1' || d == '3')
      return xasprintf("cu2cl_%s%c", bases[i][1], d);
  }
  return NULL;
}

static const char *builtin_type_name(enum CXTypeKind k) {
  switch (k) {
  case CXType_Void: return "void";
  case CXType_Bool: return "bool";
  case CXType_Char_S:
  case CXType_SChar: return "char";
  case CXType_Char_U:
  case CXType_UChar: return "uchar";
  case CXType_Short: return "short";
  case CXType_UShort: return "ushort";
  case CXType_Int: return "int";
  case CXType_UInt: return "uint";
  case CXType_Long:
  case CXType_LongLong: return "long";
  case CXType_ULong:
  case CXType_ULongLong: return "ulong";
  case CXType_Float: return "float";
  case CXType_Double: return "double";
  case CXType_Half:
  case CXType_Float16: return "half";
  default: return NULL;
  }
}

static int type_registered(emitter *e, const char *usr) {
  return strvec_contains(&e->type_usrs, usr);
}

static char *record_name(CXType t) {
  char *s = cx_type_spelling(clang_getCanonicalType(t));
  const char *p = s;
  if (str_starts_with(p, "const "))
    p += 6;
  if (str_starts_with(p, "struct "))
    p += 7;
  else if (str_starts_with(p, "class "))
    p += 6;
  strbuf b = {0};
  append_mangled(&b, p);
  free(s);
  char *r = safe_name(strbuf_cstr(&b));
  strbuf_free(&b);
  return r;
}

typedef struct record_ctx {
  emitter *e;
  strbuf *def;
  CXCursor decl;
} record_ctx;

static enum CXChildVisitResult record_field(CXCursor c, CXCursor p,
                                            CXClientData d) {
  record_ctx *r = d;
  switch (clang_getCursorKind(c)) {
  case CXCursor_FieldDecl: {
    char *n = cx_spelling(c);
    char *sn = safe_name(n);
    strbuf_append(r->def, "  ");
    /* Device pointers stored in structs point to global memory. */
    CXType ft = clang_getCursorType(c);
    print_type_decl(r->e, r->def, ft, is_pointer_type(ft) ? 'g' : 0, sn);
    strbuf_append(r->def, ";\n");
    free(n);
    free(sn);
    break;
  }
  case CXCursor_CXXBaseSpecifier:
    report(r->e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
           "class inheritance");
    break;
  default:
    break;
  }
  return CXChildVisit_Continue;
}

/* Emits the definition of a user record type once, after the types its
 * fields need. */
static void emit_record(emitter *e, CXType t, const char *name) {
  CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
  char *usr = cx_usr(decl);
  if (type_registered(e, usr)) {
    free(usr);
    return;
  }
  strvec_push_own(&e->type_usrs, usr);
  strbuf def = {0};
  long long align = clang_Type_getAlignOf(t);
  strbuf_printf(&def, "typedef struct %s {\n", name);
  record_ctx rc = {e, &def, decl};
  strbuf *saved = e->out;
  e->out = NULL; /* diagnostics about fields are not left in the struct */
  clang_visitChildren(decl, record_field, &rc);
  e->out = saved;
  if (align > 0)
    strbuf_printf(&def, "} __attribute__((aligned(%lld))) %s;\n\n", align,
                  name);
  else
    strbuf_printf(&def, "} %s;\n\n", name);
  strbuf_append(&e->types, strbuf_cstr(&def));
  strbuf_free(&def);
}

/* ---- struct kernel parameters holding pointers ---------------------- */

typedef struct ptr_scan {
  int found;
} ptr_scan;

static int record_has_pointers(CXType t);

static enum CXChildVisitResult ptr_field(CXCursor c, CXCursor p,
                                         CXClientData d) {
  ptr_scan *ps = d;
  if (clang_getCursorKind(c) == CXCursor_FieldDecl) {
    CXType ft = clang_getCanonicalType(clang_getCursorType(c));
    if (ft.kind == CXType_Pointer || record_has_pointers(ft))
      ps->found = 1;
  }
  return CXChildVisit_Continue;
}

/* 1 for a struct with (possibly nested) pointer fields: OpenCL C forbids
 * those as kernel parameters. */
static int record_has_pointers(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record)
    return 0;
  ptr_scan ps = {0};
  clang_visitChildren(clang_getTypeDeclaration(t), ptr_field, &ps);
  return ps.found;
}

typedef struct kernarg_ctx {
  emitter *e;
  strbuf *def, *unpack;
} kernarg_ctx;

static char *kernarg_type(emitter *e, CXType t);
static char *type_string(emitter *e, CXType t, char space);

static enum CXChildVisitResult kernarg_field(CXCursor c, CXCursor p,
                                             CXClientData d) {
  kernarg_ctx *k = d;
  if (clang_getCursorKind(c) != CXCursor_FieldDecl)
    return CXChildVisit_Continue;
  char *n = cx_spelling(c);
  char *sn = safe_name(n);
  CXType ft = clang_getCanonicalType(clang_getCursorType(c));
  if (ft.kind == CXType_Pointer) {
    char *pt = type_string(k->e, ft, 'g');
    strbuf_printf(k->def, "  ulong %s;\n", sn);
    strbuf_printf(k->unpack, "  r.%s = (%s)a.%s;\n", sn, pt, sn);
    free(pt);
  } else if (record_has_pointers(ft)) {
    char *kt = kernarg_type(k->e, ft);
    char *rn = type_name(k->e, ft);
    strbuf_printf(k->def, "  %s %s;\n", kt, sn);
    strbuf_printf(k->unpack, "  r.%s = cu2cl_unpack_%s(a.%s);\n", sn, rn, sn);
    free(kt);
    free(rn);
  } else {
    strbuf_append(k->def, "  ");
    print_type_decl(k->e, k->def, ft, 0, sn);
    strbuf_append(k->def, ";\n");
    strbuf_printf(k->unpack, "  r.%s = a.%s;\n", sn, sn);
  }
  free(n);
  free(sn);
  return CXChildVisit_Continue;
}

/* "Name_kernarg": Name with every pointer as a ulong (same size and
 * alignment on 64-bit devices; device pointers are SVM addresses), and
 * cu2cl_unpack_Name() turning it back into Name. Emitted once. */
static char *kernarg_type(emitter *e, CXType t) {
  char *name = type_name(e, t);
  char *kn = xasprintf("%s_kernarg", name);
  char *usr = xasprintf("%s#kernarg", kn);
  if (!type_registered(e, usr)) {
    strvec_push(&e->type_usrs, usr);
    strbuf def = {0}, unpack = {0};
    kernarg_ctx k = {e, &def, &unpack};
    clang_visitChildren(clang_getTypeDeclaration(clang_getCanonicalType(t)),
                        kernarg_field, &k);
    strbuf_printf(&e->types,
                  "/* %s as a kernel parameter: OpenCL C forbids pointers in "
                  "struct parameters. */\ntypedef struct %s {\n%s} "
                  "__attribute__((aligned(%lld))) %s;\n\n"
                  "%s cu2cl_unpack_%s(%s a) {\n  %s r;\n%s  return r;\n}\n\n",
                  name, kn, strbuf_cstr(&def), clang_Type_getAlignOf(t), kn,
                  name, name, kn, name, strbuf_cstr(&unpack));
    strbuf_free(&def);
    strbuf_free(&unpack);
  }
  free(usr);
  free(name);
  return kn;
}

/* The OpenCL spelling of a non-pointer, non-array type. */
static char *type_name(emitter *e, CXType t) {
  t = clang_getCanonicalType(t);
  const char *b = builtin_type_name(t.kind);
  if (b) {
    if (t.kind == CXType_Double)
      e->uses_fp64 = 1;
    return xstrdup(b);
  }
  if (t.kind == CXType_Enum)
    return type_name(e, clang_getEnumDeclIntegerType(
                            clang_getTypeDeclaration(t)));
  if (t.kind == CXType_Record) {
    CXCursor decl = clang_getTypeDeclaration(t);
    char *n = cx_spelling(decl);
    char *v = cx_in_system_header(decl) ? vector_type_name(n) : NULL;
    free(n);
    if (v)
      return v;
    char *name = record_name(t);
    emit_record(e, t, name);
    return name;
  }
  char *s = cx_type_spelling(t);
  char *r = xasprintf("/* unsupported type '%s' */ int", s);
  strbuf *saved = e->out;
  e->out = NULL;
  report(e, e->site, CU2CL_D_UNSUPPORTED_TYPE, s,
         "no OpenCL C equivalent");
  e->out = saved;
  free(s);
  return r;
}

/* Prints a declaration of name with type t. space: for pointers, the
 * address space they point into; for other objects, where they live
 * (0 or 'p': private, printed without qualifier). */
static void print_type_decl(emitter *e, strbuf *b, CXType t, char space,
                            const char *name) {
  CXType c = clang_getCanonicalType(t);
  switch (c.kind) {
  case CXType_Pointer:
  case CXType_LValueReference:
  case CXType_RValueReference: {
    CXType pt = clang_getPointeeType(c);
    int arr = clang_getCanonicalType(pt).kind == CXType_ConstantArray;
    char *d = xasprintf(arr ? "(*%s%s)" : "*%s%s",
                        clang_isRestrictQualifiedType(c) ? "restrict " : "",
                        name);
    print_type_decl(e, b, pt, space ? space : 'g', d);
    free(d);
    return;
  }
  case CXType_ConstantArray: {
    char *d = xasprintf("%s[%lld]", name, clang_getArraySize(c));
    print_type_decl(e, b, clang_getArrayElementType(c), space, d);
    free(d);
    return;
  }
  case CXType_IncompleteArray: {
    char *d = xasprintf("%s[]", name);
    print_type_decl(e, b, clang_getArrayElementType(c), space, d);
    free(d);
    return;
  }
  default:
    break;
  }
  const char *w = space_word(space);
  char *tn = type_name(e, c);
  strbuf_printf(b, "%s%s%s%s%s%s%s", w, *w ? " " : "",
                clang_isConstQualifiedType(c) ? "const " : "",
                clang_isVolatileQualifiedType(c) ? "volatile " : "", tn,
                *name ? " " : "", name);
  free(tn);
}

static char *type_string(emitter *e, CXType t, char space) {
  strbuf b = {0};
  print_type_decl(e, &b, t, space, "");
  return strbuf_take(&b);
}

/* ---- implicit parameters: symbols and dynamic shared memory --------- */

static int is_user_function(CXCursor fn) {
  enum CXCursorKind k = clang_getCursorKind(fn);
  if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod &&
      k != CXCursor_Constructor && k != CXCursor_FunctionTemplate)
    return 0;
  return !cx_in_system_header(fn);
}

static int is_extern_shared(CXCursor var) {
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
  if (k == CXCursor_VarDecl && is_extern_shared(c))
    e->uses[w->index].dynshm = 1;
  if ((clang_isExpression(k) || k == CXCursor_VarDecl) &&
      type_uses_double(clang_getCursorType(c)))
    e->uses[w->index].fp64 = 1;
  if (k == CXCursor_CallExpr && is_int64_atomic(c))
    e->uses[w->index].int64_atomics = 1;
  if (k == CXCursor_DeclRefExpr || k == CXCursor_CallExpr ||
      k == CXCursor_MemberRefExpr) {
    CXCursor r = clang_getCursorReferenced(c);
    symbol *s = symbol_of(e, r);
    if (s)
      uses_mark(&e->uses[w->index], (size_t)(s - e->syms));
    CXCursor def = clang_getCursorDefinition(r);
    if (k != CXCursor_DeclRefExpr && !clang_Cursor_isNull(def) &&
        is_user_function(def)) {
      fn_uses *cu = uses_of(e, def);
      fn_uses *u = &e->uses[w->index];
      if (cu) {
        u->dynshm |= cu->dynshm;
        u->fp64 |= cu->fp64;
        u->int64_atomics |= cu->int64_atomics;
        for (size_t i = 0; i < cu->nsyms; i++)
          if (cu->syms[i])
            uses_mark(u, i);
      }
    }
  }
  return CXChildVisit_Recurse;
}

/* What a function needs passed implicitly, with its callees'. NULL for a
 * recursive cycle (reported when printed). */
static fn_uses *uses_of(emitter *e, CXCursor fn) {
  char *usr = cx_usr(fn);
  for (size_t i = 0; i < e->nuses; i++) {
    if (!strcmp(e->uses[i].usr, usr)) {
      free(usr);
      if (e->uses[i].state == 1)
        e->uses[i].recursive = 1;
      return e->uses[i].state == 1 ? NULL : &e->uses[i];
    }
  }
  e->uses = xrealloc(e->uses, (e->nuses + 1) * sizeof *e->uses);
  size_t idx = e->nuses++;
  memset(&e->uses[idx], 0, sizeof e->uses[idx]);
  e->uses[idx].usr = usr;
  e->uses[idx].state = 1;
  uses_walk w = {e, idx};
  clang_visitChildren(fn, uses_visit, &w);
  e->uses[idx].state = 2;
  return &e->uses[idx];
}

/* ---- address spaces ------------------------------------------------- */

static CXCursor last_child(CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXCursor r = n ? kids[n - 1] : clang_getNullCursor();
  free(kids);
  return r;
}

static CXCursor first_child(CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXCursor r = n ? kids[0] : clang_getNullCursor();
  free(kids);
  return r;
}

static int is_pointer_type(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  return k == CXType_Pointer;
}

static int is_array_type(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  return k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

/* Where the object a declaration names lives (for &x) or, for pointers
 * and references, where it points. */
static char decl_space(emitter *e, CXCursor decl) {
  var_entry *v = var_find(e, decl);
  if (v)
    return v->space;
  symbol *s = symbol_of(e, decl);
  if (s)
    return s->space;
  if (clang_getCursorKind(decl) == CXCursor_VarDecl &&
      (cx_cuda_attrs(decl) & CX_SHARED))
    return 'l';
  return 'p';
}

static fn_clone *queue_function(emitter *e, CXCursor def, const char *spaces,
                                char self, int is_kernel);
static char function_return_space(emitter *e, fn_clone *f);

/* Spaces of the pointer arguments of a call, as the callee's clone key. */
static char *call_spaces(emitter *e, CXCursor call, CXCursor callee,
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
      sp[i] = expr_space(e, args[i]);
    else if (ct.kind == CXType_LValueReference &&
             !clang_isConstQualifiedType(clang_getPointeeType(ct)))
      sp[i] = lvalue_space(e, args[i]);
  }
  sp[n > 0 ? n : 0] = 0;
  return sp;
}

/* Arguments of a call expression (children after the callee), for plain
 * function calls. */
static unsigned call_args(CXCursor call, CXCursor **out) {
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
  unsigned n = call_args(call, &args);
  char *sp = call_spaces(e, call, def, args, n);
  free(args);
  fn_clone *f = queue_function(e, def, sp, 0, 0);
  free(sp);
  return function_return_space(e, f);
}

static char expr_space(emitter *e, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_UnexposedExpr:
  case CXCursor_ParenExpr:
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr:
  case CXCursor_CXXFunctionalCastExpr: {
    CXCursor k = last_child(c);
    return clang_Cursor_isNull(k) ? 'g' : expr_space(e, k);
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    return decl_space(e, d);
  }
  case CXCursor_UnaryOperator:
    if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
      return lvalue_space(e, first_child(c));
    return 'g';
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    char s = 'g';
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (n == 2 && op == CXBinaryOperator_Assign)
      s = expr_space(e, kids[1]);
    else if (n == 2)
      s = expr_space(e, is_pointer_type(clang_getCursorType(kids[0])) ||
                                is_array_type(clang_getCursorType(kids[0]))
                            ? kids[0]
                            : kids[1]);
    free(kids);
    return s;
  }
  case CXCursor_ConditionalOperator: {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    char s = n == 3 ? expr_space(e, kids[1]) : 'g';
    free(kids);
    return s;
  }
  case CXCursor_CallExpr:
    return call_return_space(e, c);
  default:
    return 'g';
  }
}

static char lvalue_space(emitter *e, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_UnexposedExpr:
  case CXCursor_ParenExpr: {
    CXCursor k = last_child(c);
    return clang_Cursor_isNull(k) ? 'p' : lvalue_space(e, k);
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    var_entry *v = var_find(e, d);
    if (v && (v->flags & (V_POINTER | V_DEREF)) && !(v->flags & V_ARRAY))
      return (v->flags & V_DEREF) ? v->space : 'p';
    return decl_space(e, d);
  }
  case CXCursor_ArraySubscriptExpr:
    return expr_space(e, first_child(c));
  case CXCursor_MemberRefExpr: {
    CXCursor base = first_child(c);
    if (clang_Cursor_isNull(base))
      return 'p';
    if (is_pointer_type(clang_getCursorType(base)))
      return expr_space(e, base);
    return lvalue_space(e, base);
  }
  case CXCursor_UnaryOperator:
    if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)
      return expr_space(e, first_child(c));
    return 'p';
  default:
    return 'p';
  }
}

/* ---- per-function analysis ------------------------------------------ */

static int is_nonconst_ref(CXType t) {
  CXType c = clang_getCanonicalType(t);
  return c.kind == CXType_LValueReference &&
         !clang_isConstQualifiedType(clang_getPointeeType(c));
}

static int is_const_ref(CXType t) {
  CXType c = clang_getCanonicalType(t);
  return (c.kind == CXType_LValueReference ||
          c.kind == CXType_RValueReference) &&
         !is_nonconst_ref(t);
}

/* The initializer of a VarDecl: its last child when that is an expression. */
static CXCursor var_init(CXCursor var) {
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
    CXCursor init = var_init(c);
    if (is_extern_shared(c)) {
      var_add(e, c, 'l', V_POINTER);
    } else if (cx_cuda_attrs(c) & CX_SHARED) {
      var_add(e, c, 'l', is_array_type(t) ? V_ARRAY : 0);
    } else if (is_pointer_type(t)) {
      var_add(e, c, clang_Cursor_isNull(init) ? 0 : expr_space(e, init),
              V_POINTER);
    } else if (is_nonconst_ref(t)) {
      var_add(e, c, clang_Cursor_isNull(init) ? 'p' : lvalue_space(e, init),
              V_POINTER | V_DEREF);
    } else {
      var_add(e, c, 'p', is_array_type(t) ? V_ARRAY : 0);
    }
  } else if (k == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    if (n == 2 && clang_getCursorKind(kids[0]) == CXCursor_DeclRefExpr) {
      CXCursor var = clang_getCursorReferenced(kids[0]);
      var_entry *v = var_find(e, var);
      if (v && (v->flags & V_POINTER) && !(v->flags & V_DEREF)) {
        char sp = expr_space(e, kids[1]);
        if (!v->space) {
          v->space = sp;
        } else if (sp != v->space && !e->quiet) {
          char *n = cx_spelling(var);
          report(e, c, CU2CL_D_ADDRESS_SPACE_CONFLICT, n,
                 space_name(v->space), space_name(sp));
          free(n);
        }
      }
    }
    free(kids);
  }
  return CXChildVisit_Recurse;
}

static CXCursor function_body(CXCursor fn) {
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
static void analyze_function(emitter *e, fn_clone *f) {
  vars_reset(e);
  int n = clang_Cursor_getNumArguments(f->decl);
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(f->decl, (unsigned)i);
    CXType t = clang_getCursorType(p);
    char s = f->spaces[i] == '-' || !f->spaces[i] ? 'g' : f->spaces[i];
    if (is_pointer_type(t))
      var_add(e, p, s, V_POINTER);
    else if (is_nonconst_ref(t))
      var_add(e, p, s, V_POINTER | V_DEREF);
    else
      var_add(e, p, 'p', 0);
  }
  CXCursor body = function_body(f->decl);
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
    CXCursor v = first_child(c);
    if (!clang_Cursor_isNull(v) && !w->space)
      w->space = expr_space(w->e, v);
    return CXChildVisit_Continue;
  }
  return CXChildVisit_Recurse;
}

/* The space a pointer-returning function's result points into. Saves and
 * restores the caller's variable table around the callee's analysis. */
static char function_return_space(emitter *e, fn_clone *f) {
  if (f->ret_known)
    return f->ret_space;
  f->ret_known = 1;
  f->ret_space = 'g';
  if (!is_pointer_type(clang_getCursorResultType(f->decl)))
    return f->ret_space;
  var_entry *saved = e->vars;
  size_t saved_n = e->nvars, saved_cap = e->capvars;
  e->vars = NULL;
  e->nvars = e->capvars = 0;
  size_t idx = (size_t)(f - e->fns);
  int quiet = e->quiet;
  e->quiet = 1;
  analyze_function(e, f);
  e->quiet = quiet;
  ret_walk w = {e, 0};
  CXCursor body = function_body(e->fns[idx].decl);
  if (!clang_Cursor_isNull(body))
    clang_visitChildren(body, ret_visit, &w);
  vars_reset(e);
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
  if (k == CXCursor_CXXMethod || k == CXCursor_Constructor) {
    CXCursor cls = clang_getCursorSemanticParent(def);
    char *cn = record_name(clang_getCursorType(cls));
    char *mn = function_base_name(def);
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

static fn_clone *queue_function(emitter *e, CXCursor def, const char *spaces,
                                char self, int is_kernel) {
  char *usr = cx_usr(def);
  char *key = xasprintf("%s|%c|%s", usr, self ? self : '0', spaces);
  for (size_t i = 0; i < e->nfns; i++) {
    if (!strcmp(e->fns[i].key, key)) {
      free(usr);
      free(key);
      return &e->fns[i];
    }
  }
  if (e->nfns == e->capfns) {
    e->capfns = e->capfns ? 2 * e->capfns : 16;
    e->fns = xrealloc(e->fns, e->capfns * sizeof *e->fns);
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
  if (self && self != 'S' && self != 'g') {
    char *n = xasprintf("%s_%c", f->name, self);
    free(f->name);
    f->name = n;
  }
  e->nfns++;
  return f;
}

/* ---- expressions ---------------------------------------------------- */

static char *expr_string(emitter *e, CXCursor c) {
  strbuf *saved = e->out;
  strbuf b = {0};
  e->out = &b;
  print_expr(e, c);
  e->out = saved;
  return strbuf_take(&b);
}

static void emit(emitter *e, const char *s) { strbuf_append(e->out, s); }

/* The single token of a literal's extent, when it is a literal token
 * (instantiated templates point literals substituted for parameters at
 * the parameter's name instead). */
static char *literal_token(emitter *e, CXCursor c) {
  CXToken *toks;
  unsigned n;
  clang_tokenize(e->tu, clang_getCursorExtent(c), &toks, &n);
  char *r = NULL;
  if (n == 1 && clang_getTokenKind(toks[0]) == CXToken_Literal)
    r = cx_take(clang_getTokenSpelling(e->tu, toks[0]));
  clang_disposeTokens(e->tu, toks, n);
  return r;
}

/* A floating constant as C source: always with a '.' or exponent, 'f'
 * suffixed for float. */
static void print_float(strbuf *b, double d, int is_float) {
  if (d != d) {
    strbuf_append(b, is_float ? "NAN" : "(double)NAN");
    return;
  }
  if (d == 1.0 / 0.0 || d == -1.0 / 0.0) {
    strbuf_printf(b, "%s%s", d < 0 ? "-" : "",
                  is_float ? "INFINITY" : "(double)INFINITY");
    return;
  }
  char tmp[64];
  snprintf(tmp, sizeof tmp, is_float ? "%.9g" : "%.17g", d);
  strbuf_append(b, tmp);
  if (!strpbrk(tmp, ".e"))
    strbuf_append(b, ".0");
  if (is_float)
    strbuf_appendc(b, 'f');
}

static void print_int_value(emitter *e, CXCursor c) {
  long long v;
  int u = 0;
  if (!cx_eval_int(c, &v, &u)) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (r && clang_EvalResult_getKind(r) == CXEval_Float) {
      double d = clang_EvalResult_getAsDouble(r);
      clang_EvalResult_dispose(r);
      print_float(e->out, d,
                  clang_getCanonicalType(clang_getCursorType(c)).kind ==
                      CXType_Float);
      return;
    }
    if (r)
      clang_EvalResult_dispose(r);
    report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
           "an expression that is not a constant");
    return;
  }
  enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;
  const char *suffix = "";
  if (k == CXType_UInt || k == CXType_UShort || k == CXType_UChar)
    suffix = "u";
  else if (k == CXType_Long || k == CXType_LongLong)
    suffix = "L";
  else if (k == CXType_ULong || k == CXType_ULongLong)
    suffix = "UL";
  else if (k == CXType_Bool) {
    emit(e, v ? "true" : "false");
    return;
  }
  if (u || *suffix == 'u' || *suffix == 'U')
    strbuf_printf(e->out, "%llu%s", (unsigned long long)v, suffix);
  else if (v == (-9223372036854775807LL - 1))
    strbuf_printf(e->out, "(-9223372036854775807L - 1)");
  else
    strbuf_printf(e->out, "%lld%s", v, suffix);
}

static void print_literal(emitter *e, CXCursor c) {
  char *tok = literal_token(e, c);
  if (tok) {
    emit(e, tok);
    free(tok);
    return;
  }
  if (clang_getCursorKind(c) == CXCursor_FloatingLiteral) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    double v = r ? clang_EvalResult_getAsDouble(r) : 0;
    if (r)
      clang_EvalResult_dispose(r);
    print_float(e->out, v,
                clang_getCanonicalType(clang_getCursorType(c)).kind ==
                    CXType_Float);
    return;
  }
  print_int_value(e, c);
}

static void print_children_list(emitter *e, CXCursor *kids, unsigned n,
                                 const char *sep) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      emit(e, sep);
    print_expr(e, kids[i]);
  }
}

static int builtin_var_dim(emitter *e, CXCursor member, const char **fn) {
  CXCursor base = first_child(member);
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
  char *toks = cx_tokens_text(e->tu, member);
  size_t len = strlen(toks);
  int dim = len ? toks[len - 1] - 'x' : -1;
  free(toks);
  return dim >= 0 && dim <= 2 ? dim : -1;
}

static void print_member(emitter *e, CXCursor c) {
  const char *fn;
  int dim = builtin_var_dim(e, c, &fn);
  if (dim >= 0) {
    strbuf_printf(e->out, "(uint)%s(%d)", fn, dim);
    return;
  }
  CXCursor base = first_child(c);
  char *m = cx_spelling(clang_getCursorReferenced(c));
  char *sm = safe_name(m);
  free(m);
  if (clang_Cursor_isNull(base)) { /* implicit this-> */
    strbuf_printf(e->out, "self%s%s",
                  e->cur && e->cur->self == 'S' ? "." : "->", sm);
  } else if (clang_getCursorKind(cx_strip_implicit(base)) ==
             CXCursor_CXXThisExpr) {
    strbuf_printf(e->out, "self%s%s",
                  e->cur && e->cur->self == 'S' ? "." : "->", sm);
  } else {
    print_expr(e, base);
    strbuf_printf(e->out, "%s%s",
                  is_pointer_type(clang_getCursorType(base)) ? "->" : ".",
                  sm);
  }
  free(sm);
}

static void print_declref(emitter *e, CXCursor c) {
  CXCursor d = clang_getCursorReferenced(c);
  char *n = cx_spelling(d);
  enum CXCursorKind dk = clang_getCursorKind(d);
  if (!*n || dk == CXCursor_EnumConstantDecl ||
      dk == CXCursor_NonTypeTemplateParameter) {
    print_int_value(e, c);
  } else if (dk == CXCursor_VarDecl && cx_in_system_header(d) &&
             !strcmp(n, "warpSize")) {
    emit(e, "CU2CL_WARP_SIZE");
  } else if (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl) {
    symbol *s = symbol_of(e, d);
    var_entry *v = s ? NULL : var_find(e, d);
    char *sn = safe_name(n);
    if (s && !s->is_array)
      strbuf_printf(e->out, "(*%s)", s->name);
    else if (v && (v->flags & V_DEREF))
      strbuf_printf(e->out, "(*%s)", sn);
    else if (dk == CXCursor_VarDecl && cx_in_system_header(d))
      report(e, c, CU2CL_D_UNKNOWN_DEVICE_FUNCTION, n, "variable");
    else
      emit(e, s ? s->name : sn);
    free(sn);
  } else {
    report(e, c, CU2CL_D_FUNCTION_POINTER, n);
  }
  free(n);
}

/* Argument text for a rule template: parenthesized unless trivially atomic. */
static char *arg_text(emitter *e, CXCursor a) {
  char *s = expr_string(e, a);
  enum CXCursorKind k = clang_getCursorKind(cx_strip_implicit(a));
  int simple = k == CXCursor_CallExpr || k == CXCursor_ParenExpr ||
               k == CXCursor_ArraySubscriptExpr ||
               k == CXCursor_DeclRefExpr || k == CXCursor_IntegerLiteral ||
               k == CXCursor_FloatingLiteral;
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

static char *signature_of(CXCursor fn) {
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

static int is_arithmetic(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind >= CXType_Bool && t.kind <= CXType_LongDouble;
}

/* An argument of a built-in, converted explicitly to the CUDA parameter's
 * type where C++ converted it implicitly: OpenCL's overloaded built-ins
 * would otherwise see the argument's own type (sqrt(int) is ambiguous). */
static char *builtin_arg_text(emitter *e, CXCursor callee, CXCursor arg,
                              unsigned i) {
  char *t = arg_text(e, arg);
  if ((int)i >= clang_Cursor_getNumArguments(callee))
    return t;
  CXType pt = clang_getCanonicalType(
      clang_getCursorType(clang_Cursor_getArgument(callee, i)));
  CXType at = clang_getCanonicalType(
      clang_getCursorType(cx_strip_implicit(arg)));
  if (!is_arithmetic(pt) || !is_arithmetic(at) ||
      clang_getCanonicalType(pt).kind == at.kind)
    return t;
  char *ts = type_string(e, pt, 0);
  const char *tn = str_starts_with(ts, "const ") ? ts + 6 : ts;
  char *r = xasprintf("(%s)%s", tn, t);
  free(ts);
  free(t);
  return r;
}

static void expand_rule(emitter *e, const char *tpl, CXCursor callee,
                        CXCursor *args, unsigned nargs) {
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
          emit(e, ", ");
        print_expr(e, args[i]);
      }
      p++;
      continue;
    }
    if (what == 'R') {
      char *t = type_string(e, clang_getCursorResultType(callee), 0);
      emit(e, t);
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
      emit(e, space_name(expr_space(e, args[i])));
    } else if (what == 'T') {
      CXType pt = clang_getCursorType(clang_Cursor_getArgument(callee, i));
      char *t = type_string(e, pt, 0);
      emit(e, t);
      free(t);
    } else if (p - tpl >= 2 && digit[-2] == ')') {
      char *t = arg_text(e, args[i]); /* the template casts it already */
      emit(e, t);
      free(t);
    } else {
      if (!texts[i])
        texts[i] = builtin_arg_text(e, callee, args[i], i);
      emit(e, texts[i]);
    }
  }
  for (unsigned i = 0; i < nargs; i++)
    free(texts[i]);
  free(texts);
}

static int is_warp_primitive(const char *n) {
  static const char *const prefixes[] = {
      "__shfl", "__ballot", "__any", "__all", "__activemask", "__syncwarp",
      "__match", "__reduce_", "__uni", NULL};
  for (const char *const *p = prefixes; *p; p++)
    if (str_starts_with(n, *p))
      return 1;
  return 0;
}

/* printf: OpenCL C's long is 64-bit, so %lld/%llu/%zu/%zd become %ld/%lu;
 * conversions OpenCL C has no equivalent for are reported. */
static void print_printf(emitter *e, CXCursor call, CXCursor *args,
                         unsigned nargs) {
  char *fmt = nargs ? cx_tokens_text(e->tu, cx_strip_implicit(args[0]))
                    : xstrdup("\"\"");
  strbuf out = {0};
  const char *bad = NULL;
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
      bad = p[1] == 'L' ? "long double" : "%n";
  }
  if (bad) {
    char *f = xstrdup(fmt);
    report(e, call, CU2CL_D_PRINTF_FORMAT, f, bad);
    free(f);
  }
  strbuf_printf(e->out, "printf(%s", strbuf_cstr(&out));
  for (unsigned i = 1; i < nargs; i++) {
    emit(e, ", ");
    print_expr(e, args[i]);
  }
  emit(e, ")");
  strbuf_free(&out);
  free(fmt);
}

static void print_builtin_call(emitter *e, CXCursor call, CXCursor callee,
                               CXCursor *args, unsigned nargs) {
  char *name = cx_spelling(callee);
  char *sig = signature_of(callee);
  int known;
  const cu2cl_device_rule *r = cu2cl_rules_device_find(name, sig, &known);
  if (!strcmp(name, "printf")) {
    print_printf(e, call, args, nargs);
  } else if (r && r->opencl) {
    expand_rule(e, r->opencl, callee, args, nargs);
  } else if (is_warp_primitive(name)) {
    report(e, call, CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED, name);
    strbuf_printf(e->out, "%s(", name);
    print_children_list(e, args, nargs, ", ");
    emit(e, ")");
  } else if (r) {
    report(e, call, CU2CL_D_UNSUPPORTED_DEVICE_FUNCTION, name, r->notes);
    strbuf_printf(e->out, "%s(", name);
    print_children_list(e, args, nargs, ", ");
    emit(e, ")");
  } else {
    char *full = xasprintf("%s(%s)", name, sig);
    report(e, call, CU2CL_D_UNKNOWN_DEVICE_FUNCTION, name, full);
    free(full);
    strbuf_printf(e->out, "%s(", name);
    print_children_list(e, args, nargs, ", ");
    emit(e, ")");
  }
  free(name);
  free(sig);
}

/* Implicit arguments a call passes on: the callee's symbols and dynamic
 * shared memory, by the names the caller has for them. */
static void print_implicit_args(emitter *e, CXCursor def, int first) {
  fn_uses *u = uses_of(e, def);
  if (!u)
    return;
  for (size_t i = 0; i < u->nsyms; i++) {
    if (!u->syms[i])
      continue;
    strbuf_printf(e->out, "%s%s", first ? "" : ", ", e->syms[i].name);
    first = 0;
  }
  if (u->dynshm)
    strbuf_printf(e->out, "%scu2cl_dynamic_shared", first ? "" : ", ");
}

static void print_user_args(emitter *e, CXCursor def, CXCursor *args,
                            unsigned nargs, int first) {
  for (unsigned i = 0; i < nargs; i++) {
    if (!first || i)
      emit(e, ", ");
    CXType pt = clang_getCursorType(clang_Cursor_getArgument(def, i));
    if (is_nonconst_ref(pt)) {
      emit(e, "&");
      char *t = arg_text(e, args[i]);
      emit(e, t);
      free(t);
    } else {
      print_expr(e, args[i]);
    }
  }
  print_implicit_args(e, def, first && nargs == 0);
}

/* Reports a call inside a call cycle (caller and callee both recursive),
 * once per function. */
static void check_recursion(emitter *e, CXCursor call, CXCursor def) {
  if (!e->cur)
    return;
  fn_uses *caller = uses_of(e, e->cur->decl);
  if (caller && !caller->recursive)
    return;
  char *usr = cx_usr(def);
  for (size_t i = 0; i < e->nuses; i++) {
    fn_uses *u = &e->uses[i];
    if (strcmp(u->usr, usr) || !u->recursive || u->recursion_reported)
      continue;
    u->recursion_reported = 1;
    char *n = cx_spelling(def);
    report(e, call, CU2CL_D_RECURSION, n);
    free(n);
  }
  free(usr);
}

static void print_function_call(emitter *e, CXCursor call, CXCursor def,
                                CXCursor *args, unsigned nargs) {
  check_recursion(e, call, def);
  char *sp = call_spaces(e, call, def, args, nargs);
  fn_clone *f = queue_function(e, def, sp, 0, 0);
  free(sp);
  strbuf_printf(e->out, "%s(", f->name);
  print_user_args(e, def, args, nargs, 1);
  emit(e, ")");
}

static int is_const_method(CXCursor m) {
  return clang_getCursorKind(m) == CXCursor_CXXMethod &&
         clang_CXXMethod_isConst(m);
}

/* obj.method(args) and member operators: self by value for const methods,
 * by pointer (clone per space) otherwise. */
static void print_method_call(emitter *e, CXCursor call, CXCursor def,
                              CXCursor obj, CXCursor *args, unsigned nargs) {
  int byval = is_const_method(def) || clang_CXXMethod_isStatic(def);
  int this_obj = clang_Cursor_isNull(obj) ||
                 clang_getCursorKind(cx_strip_implicit(obj)) ==
                     CXCursor_CXXThisExpr;
  char self;
  if (byval)
    self = 'S';
  else if (this_obj)
    self = e->cur && e->cur->self != 'S' ? e->cur->self : 'p';
  else if (is_pointer_type(clang_getCursorType(obj)))
    self = expr_space(e, obj);
  else
    self = lvalue_space(e, obj);
  check_recursion(e, call, def);
  char *sp = call_spaces(e, call, def, args, nargs);
  fn_clone *f = queue_function(e, def, sp, self, 0);
  free(sp);
  strbuf_printf(e->out, "%s(", f->name);
  if (this_obj) {
    emit(e, byval && e->cur && e->cur->self != 'S' ? "*self" : "self");
    if (!byval && e->cur && e->cur->self == 'S')
      report(e, call, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
             "calling a non-const member function from a const one");
  } else if (is_pointer_type(clang_getCursorType(obj))) {
    if (byval)
      emit(e, "*");
    char *t = arg_text(e, obj);
    emit(e, t);
    free(t);
  } else {
    if (!byval)
      emit(e, "&");
    char *t = arg_text(e, obj);
    emit(e, t);
    free(t);
  }
  print_user_args(e, def, args, nargs, 0);
  emit(e, ")");
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
    else if (k == CXCursor_CompoundStmt && !clang_Cursor_isNull(first_child(kids[i])))
      plain = 0;
  }
  free(kids);
  return plain;
}

static void print_constructor_call(emitter *e, CXCursor call, CXCursor ctor,
                                   CXCursor *args, unsigned nargs) {
  CXCursor def = clang_getCursorDefinition(ctor);
  if (nargs == 1 && is_plain_copy(ctor, def)) {
    print_expr(e, args[0]);
    return;
  }
  int has_body = !clang_Cursor_isNull(def) &&
                 !clang_Cursor_isNull(function_body(def));
  if (!has_body || cx_in_system_header(ctor)) {
    if (nargs == 1 && (clang_CXXConstructor_isCopyConstructor(ctor) ||
                       clang_CXXConstructor_isMoveConstructor(ctor))) {
      print_expr(e, args[0]);
      return;
    }
    CXType t = clang_getCursorType(call);
    char *tn = type_name(e, t);
    if (nargs == 0) {
      strbuf_printf(e->out, "(%s){0}", tn);
    } else if (cx_in_system_header(ctor)) {
      strbuf_printf(e->out, "(%s){", tn);
      print_children_list(e, args, nargs, ", ");
      emit(e, "}");
    } else {
      report(e, call, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
             "a constructor without a definition");
    }
    free(tn);
    return;
  }
  char *sp = call_spaces(e, call, def, args, nargs);
  fn_clone *f = queue_function(e, def, sp, 'S', 0);
  free(sp);
  strbuf_printf(e->out, "%s(", f->name);
  print_user_args(e, def, args, nargs, 1);
  emit(e, ")");
}

/* operator= that the compiler wrote (copy or move): a plain assignment. */
static int is_trivial_assign(CXCursor m) {
  if (!clang_CXXMethod_isCopyAssignmentOperator(m) &&
      !clang_CXXMethod_isMoveAssignmentOperator(m))
    return 0;
  return clang_CXXMethod_isDefaulted(m) ||
         clang_Cursor_isNull(function_body(m));
}

static void print_call(emitter *e, CXCursor c) {
  CXCursor ref = clang_getCursorReferenced(c);
  enum CXCursorKind rk = clang_getCursorKind(ref);
  CXCursor *kids;
  unsigned nk = cx_children(c, &kids);
  CXCursor *args;
  unsigned nargs = call_args(c, &args);
  if (rk == CXCursor_Constructor) {
    print_constructor_call(e, c, ref, args, nargs);
  } else if (rk == CXCursor_CXXMethod) {
    CXCursor def = clang_getCursorDefinition(ref);
    if (clang_Cursor_isNull(def))
      def = ref;
    CXCursor first = nk ? kids[0] : clang_getNullCursor();
    CXCursor obj = clang_getNullCursor();
    CXCursor *margs = args;
    unsigned mn = nargs;
    if (!clang_Cursor_isNull(first) &&
        clang_getCursorKind(first) == CXCursor_MemberRefExpr) {
      obj = first_child(first); /* obj.method(args) */
    } else if (nk >= 1) {
      obj = kids[0]; /* member operator: object, callee, args... */
      margs = nargs ? args + 1 : args;
      mn = nargs ? nargs - 1 : 0;
    }
    if (is_trivial_assign(def) && mn == 1 && !clang_Cursor_isNull(obj)) {
      print_expr(e, obj);
      emit(e, " = ");
      print_expr(e, margs[0]);
    } else if (cx_in_system_header(def))
      print_builtin_call(e, c, def, margs, mn);
    else
      print_method_call(e, c, def, obj, margs, mn);
  } else if (rk == CXCursor_FunctionDecl) {
    CXCursor def = clang_getCursorDefinition(ref);
    /* Compiler built-ins (__syncthreads) are declared at their first use,
     * so "no definition" rather than "in a system header" tells them from
     * user functions; unknown names get the table's diagnostic. */
    if (!cx_in_system_header(ref) && !clang_Cursor_isNull(def))
      print_function_call(e, c, def, args, nargs);
    else
      print_builtin_call(e, c, ref, args, nargs);
  } else {
    report(e, c, CU2CL_D_FUNCTION_POINTER, "call through a pointer");
  }
  free(args);
  free(kids);
}

static void print_cast(emitter *e, CXCursor c, int cpp_style) {
  CXCursor operand = last_child(c);
  CXType t = clang_getCursorType(c);
  char sp = is_pointer_type(t) ? expr_space(e, operand) : 0;
  char *ts = type_string(e, t, sp);
  CXCursor inner = cx_strip_implicit(operand);
  if (clang_getCursorKind(inner) == CXCursor_CallExpr &&
      clang_getCursorKind(clang_getCursorReferenced(inner)) ==
          CXCursor_Constructor) {
    print_expr(e, operand); /* T(args) for class types */
  } else if (cpp_style) {
    strbuf_printf(e->out, "(%s)(", ts);
    print_expr(e, operand);
    emit(e, ")");
  } else {
    strbuf_printf(e->out, "(%s)", ts);
    print_expr(e, operand);
  }
  free(ts);
}

static void print_operator(emitter *e, CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_UnaryOperator && n == 1 &&
      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
      clang_getCursorKind(cx_strip_implicit(kids[0])) == CXCursor_DeclRefExpr) {
    /* &x where x is printed as (*x) (a __device__ scalar, a reference):
     * the pointer itself */
    char *t = expr_string(e, kids[0]);
    if (t[0] == '(' && t[1] == '*' && t[strlen(t) - 1] == ')') {
      t[strlen(t) - 1] = 0;
      emit(e, t + 2);
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
      emit(e, sp);
    print_expr(e, kids[0]);
    if (post)
      emit(e, sp);
    free(sp);
  } else if (n == 2) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    char *sp = cx_take(clang_getBinaryOperatorKindSpelling(op));
    print_expr(e, kids[0]);
    strbuf_printf(e->out, op == CXBinaryOperator_Comma ? "%s " : " %s ", sp);
    print_expr(e, kids[1]);
    free(sp);
  } else {
    report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, "this operator form");
  }
  free(kids);
}

static void print_expr(emitter *e, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor *kids;
  unsigned n;
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
    print_literal(e, c);
    return;
  case CXCursor_CharacterLiteral:
  case CXCursor_StringLiteral:
  case CXCursor_CXXBoolLiteralExpr: {
    char *t = cx_tokens_text(e->tu, c);
    emit(e, t);
    free(t);
    return;
  }
  case CXCursor_CXXNullPtrLiteralExpr:
  case CXCursor_GNUNullExpr:
    emit(e, "0");
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
    emit(e, "(");
    print_expr(e, first_child(c));
    emit(e, ")");
    return;
  case CXCursor_UnaryOperator:
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    print_operator(e, c);
    return;
  case CXCursor_ConditionalOperator:
    n = cx_children(c, &kids);
    if (n == 3) {
      print_expr(e, kids[0]);
      emit(e, " ? ");
      print_expr(e, kids[1]);
      emit(e, " : ");
      print_expr(e, kids[2]);
    }
    free(kids);
    return;
  case CXCursor_ArraySubscriptExpr:
    n = cx_children(c, &kids);
    if (n == 2) {
      print_expr(e, kids[0]);
      emit(e, "[");
      print_expr(e, kids[1]);
      emit(e, "]");
    }
    free(kids);
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
  case CXCursor_UnaryExpr: /* sizeof, alignof: host and device agree */
    print_int_value(e, c);
    return;
  case CXCursor_InitListExpr:
    n = cx_children(c, &kids);
    emit(e, "{");
    print_children_list(e, kids, n, ", ");
    emit(e, "}");
    free(kids);
    return;
  case CXCursor_CXXThisExpr:
    emit(e, e->cur && e->cur->self == 'S' ? "(&self)" : "self");
    return;
  case CXCursor_UnexposedExpr:
    n = cx_children(c, &kids);
    if (n == 0)
      print_int_value(e, c); /* default arguments and the like */
    else
      print_expr(e, kids[n - 1]);
    free(kids);
    return;
  case CXCursor_LambdaExpr:
    report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, "a lambda expression");
    return;
  case CXCursor_CXXNewExpr:
  case CXCursor_CXXDeleteExpr:
    report(e, c, CU2CL_D_DYNAMIC_ALLOCATION);
    return;
  case CXCursor_CXXThrowExpr:
    report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, "throw");
    return;
  default: {
    char *kn = cx_kind_name(c);
    report(e, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, kn);
    free(kn);
    return;
  }
  }
}

/* ---- statements ----------------------------------------------------- */

static void indent(emitter *e) {
  for (int i = 0; i < e->indent; i++)
    emit(e, "  ");
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
  CXSourceRange r =
      clang_getRange(clang_getLocationForOffset(e->tu, file, from),
                     clang_getLocationForOffset(e->tu, file, to));
  CXToken *toks;
  unsigned n;
  clang_tokenize(e->tu, r, &toks, &n);
  for (unsigned i = 0; i < n; i++) {
    char *s = cx_take(clang_getTokenSpelling(e->tu, toks[i]));
    if (clang_getTokenKind(toks[i]) == CXToken_Comment) {
      indent(e);
      emit(e, s);
      emit(e, "\n");
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
          if (l2 == line &&
              clang_getTokenKind(toks[j]) == CXToken_Literal) {
            char *v = cx_take(clang_getTokenSpelling(e->tu, toks[j]));
            strbuf_printf(e->out, " %s", v);
            free(v);
          }
        }
        emit(e, "\n");
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

static void print_block_items(emitter *e, CXCursor block) {
  CXCursor *kids;
  unsigned n = cx_children(block, &kids);
  CXSourceRange br = clang_getCursorExtent(block);
  unsigned prev = offset_of(clang_getRangeStart(br)) + 1;
  for (unsigned i = 0; i < n; i++) {
    CXSourceRange r = clang_getCursorExtent(kids[i]);
    print_gap(e, kids[i], prev, offset_of(clang_getRangeStart(r)));
    print_stmt(e, kids[i]);
    prev = offset_of(clang_getRangeEnd(r));
  }
  print_gap(e, block, prev, offset_of(clang_getRangeEnd(br)));
  free(kids);
}

/* A statement printed as the body of if/for/while: blocks inline, others
 * on their own indented line. */
static void print_sub(emitter *e, CXCursor s) {
  if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
    emit(e, " {\n");
    e->indent++;
    print_block_items(e, s);
    e->indent--;
    indent(e);
    emit(e, "}");
  } else {
    emit(e, "\n");
    e->indent++;
    print_stmt(e, s);
    e->indent--;
    indent(e);
  }
}

static void print_var_decl(emitter *e, CXCursor v, int in_list) {
  char *n = cx_spelling(v);
  char *sn = safe_name(n);
  free(n);
  CXType t = clang_getCursorType(v);
  var_entry *ve = var_find(e, v);
  CXCursor init = var_init(v);
  if (is_extern_shared(v)) {
    char *et = type_string(e, clang_getArrayElementType(
                                  clang_getCanonicalType(t)), 0);
    strbuf_printf(e->out,
                  "__local %s *%s = (__local %s *)cu2cl_dynamic_shared;\n",
                  et, sn, et);
    free(et);
    free(sn);
    return;
  }
  if (cx_cuda_attrs(v) & CX_SHARED) {
    free(sn); /* hoisted to the top of the kernel */
    if (!in_list)
      emit(e, "/* __shared__ declaration moved to the top of the kernel */\n");
    return;
  }
  if (is_nonconst_ref(t)) {
    char sp = ve ? ve->space : 'p';
    print_type_decl(e, e->out, clang_getPointeeType(clang_getCanonicalType(t)),
                    sp, "");
    strbuf_printf(e->out, " *%s = &", sn);
    char *it = arg_text(e, init);
    emit(e, it);
    free(it);
    emit(e, ";\n");
    free(sn);
    return;
  }
  if (is_const_ref(t))
    t = clang_getPointeeType(clang_getCanonicalType(t));
  char sp = ve && (ve->flags & V_POINTER) ? ve->space : 0;
  print_type_decl(e, e->out, t, sp, sn);
  if (!clang_Cursor_isNull(init)) {
    CXCursor in = cx_strip_implicit(init);
    int trivial_ctor =
        clang_getCursorKind(in) == CXCursor_CallExpr &&
        clang_getCursorKind(clang_getCursorReferenced(in)) ==
            CXCursor_Constructor &&
        clang_Cursor_getNumArguments(in) == 0 &&
        clang_Cursor_isNull(function_body(
            clang_getCursorDefinition(clang_getCursorReferenced(in))));
    if (!trivial_ctor) {
      emit(e, " = ");
      print_expr(e, init);
    }
  }
  emit(e, ";\n");
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
      emit(e, "\n");
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
    unsigned off = offset_of(clang_getRangeStart(clang_getCursorExtent(kids[i])));
    int slot = off < semi[0] ? 0 : off < semi[1] ? 1 : 2;
    part[slot] = kids[i];
  }
  emit(e, "for (");
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
      emit(e, strbuf_cstr(&tmp));
      strbuf_free(&tmp);
    } else {
      print_expr(e, part[0]);
    }
  }
  emit(e, "; ");
  if (!clang_Cursor_isNull(part[1]))
    print_expr(e, part[1]);
  emit(e, "; ");
  if (!clang_Cursor_isNull(part[2]))
    print_expr(e, part[2]);
  emit(e, ")");
  if (n)
    print_sub(e, kids[n - 1]);
  emit(e, "\n");
  free(kids);
}

static void print_if(emitter *e, CXCursor s) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  unsigned i = 0;
  if (n > 3 || (n == 3 && clang_getCursorKind(kids[0]) == CXCursor_DeclStmt))
    report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
           "a declaration in an if condition");
  emit(e, "if (");
  print_expr(e, kids[i]);
  emit(e, ")");
  print_sub(e, kids[i + 1]);
  if (n > i + 2) {
    emit(e, clang_getCursorKind(kids[i + 1]) == CXCursor_CompoundStmt
                ? " else"
                : "else");
    if (clang_getCursorKind(kids[i + 2]) == CXCursor_IfStmt) {
      emit(e, " ");
      print_if(e, kids[i + 2]);
      free(kids);
      return;
    }
    print_sub(e, kids[i + 2]);
  }
  emit(e, "\n");
  free(kids);
}

static void print_stmt(emitter *e, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  e->site = s;
  CXCursor *kids;
  unsigned n;
  indent(e);
  switch (k) {
  case CXCursor_CompoundStmt:
    emit(e, "{\n");
    e->indent++;
    print_block_items(e, s);
    e->indent--;
    indent(e);
    emit(e, "}\n");
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
    n = cx_children(s, &kids);
    emit(e, "while (");
    print_expr(e, kids[0]);
    emit(e, ")");
    print_sub(e, kids[n - 1]);
    emit(e, "\n");
    free(kids);
    return;
  case CXCursor_DoStmt:
    n = cx_children(s, &kids);
    emit(e, "do");
    print_sub(e, kids[0]);
    emit(e, " while (");
    print_expr(e, kids[1]);
    emit(e, ");\n");
    free(kids);
    return;
  case CXCursor_SwitchStmt:
    n = cx_children(s, &kids);
    emit(e, "switch (");
    print_expr(e, kids[0]);
    emit(e, ")");
    print_sub(e, kids[n - 1]);
    emit(e, "\n");
    free(kids);
    return;
  case CXCursor_CaseStmt:
    n = cx_children(s, &kids);
    emit(e, "case ");
    print_int_value(e, kids[0]);
    emit(e, ":\n");
    if (n > 1) {
      e->indent++;
      print_stmt(e, kids[n - 1]);
      e->indent--;
    }
    free(kids);
    return;
  case CXCursor_DefaultStmt:
    emit(e, "default:\n");
    e->indent++;
    print_stmt(e, first_child(s));
    e->indent--;
    return;
  case CXCursor_BreakStmt:
    emit(e, "break;\n");
    return;
  case CXCursor_ContinueStmt:
    emit(e, "continue;\n");
    return;
  case CXCursor_NullStmt:
    emit(e, ";\n");
    return;
  case CXCursor_ReturnStmt: {
    CXCursor v = first_child(s);
    int ctor = e->cur && clang_getCursorKind(e->cur->decl) ==
                             CXCursor_Constructor;
    if (ctor) {
      emit(e, "return self;\n");
    } else if (clang_Cursor_isNull(v)) {
      emit(e, "return;\n");
    } else {
      emit(e, "return ");
      print_expr(e, v);
      emit(e, ";\n");
    }
    return;
  }
  case CXCursor_UnexposedStmt: /* attributed statements (#pragma unroll) */
    n = cx_children(s, &kids);
    if (n) {
      e->out->len -= (size_t)e->indent * 2;
      e->out->data[e->out->len] = 0;
      print_stmt(e, kids[n - 1]);
    }
    free(kids);
    return;
  case CXCursor_LabelStmt:
  case CXCursor_GotoStmt:
    report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, "goto");
    emit(e, "\n");
    return;
  default:
    if (clang_isExpression(k)) {
      print_expr(e, s);
      emit(e, ";\n");
      return;
    }
    {
      char *kn = cx_kind_name(s);
      report(e, s, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, kn);
      free(kn);
      emit(e, "\n");
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
      (cx_cuda_attrs(c) & CX_SHARED) && !is_extern_shared(c)) {
    if (w->in_device_function) {
      char *n = cx_spelling(c);
      char *fn = cx_spelling(w->e->cur->decl);
      strbuf *saved = w->e->out;
      w->e->out = NULL;
      report(w->e, c, CU2CL_D_LOCAL_IN_DEVICE_FUNCTION, n, fn);
      w->e->out = saved;
      free(n);
      free(fn);
      return CXChildVisit_Continue;
    }
    char *n = cx_spelling(c);
    char *sn = safe_name(n);
    emit(w->e, "  ");
    print_type_decl(w->e, w->e->out, clang_getCursorType(c), 'l', sn);
    emit(w->e, ";\n");
    free(n);
    free(sn);
    return CXChildVisit_Continue;
  }
  return CXChildVisit_Recurse;
}

static void print_param(emitter *e, fn_clone *f, CXCursor p) {
  char *n = cx_spelling(p);
  char *sn = *n ? safe_name(n) : xstrdup("unnamed");
  CXType t = clang_getCursorType(p);
  var_entry *v = var_find(e, p);
  if (is_nonconst_ref(t)) {
    char *d = xasprintf("*%s", sn);
    print_type_decl(e, e->out,
                    clang_getPointeeType(clang_getCanonicalType(t)),
                    v ? v->space : 'p', d);
    free(d);
  } else if (is_const_ref(t)) {
    print_type_decl(e, e->out,
                    clang_getPointeeType(clang_getCanonicalType(t)), 0, sn);
  } else if (f->is_kernel && record_has_pointers(t)) {
    char *kt = kernarg_type(e, t);
    strbuf_printf(e->out, "%s %s_arg", kt, sn);
    strbuf *saved = e->out;
    e->out = NULL;
    report(e, p, CU2CL_D_STRUCT_POINTER_ARG, n, kt);
    e->out = saved;
    free(kt);
  } else if (f->is_kernel &&
             clang_getCanonicalType(t).kind == CXType_Bool) {
    strbuf_printf(e->out, "uchar %s", sn); /* OpenCL forbids bool args */
    strbuf *saved = e->out;
    e->out = NULL;
    report(e, p, CU2CL_D_BOOL_OR_SIZE_T_ARG, n, "bool", "uchar");
    e->out = saved;
  } else {
    print_type_decl(e, e->out, t, v && (v->flags & V_POINTER) ? v->space : 0,
                    sn);
  }
  free(n);
  free(sn);
}

static void print_signature(emitter *e, fn_clone *f) {
  CXCursor d = f->decl;
  int ctor = clang_getCursorKind(d) == CXCursor_Constructor;
  if (f->is_kernel) {
    strbuf_printf(e->out, "__kernel void %s(", f->name);
  } else {
    CXType rt = ctor ? clang_getCursorType(clang_getCursorSemanticParent(d))
                     : clang_getCursorResultType(d);
    char *r = type_string(e, rt, is_pointer_type(rt) ? f->ret_space : 0);
    strbuf_printf(e->out, "%s %s(", r, f->name);
    free(r);
  }
  int first = 1;
  if (f->self && !ctor) {
    CXType ct = clang_getCursorType(clang_getCursorSemanticParent(d));
    char *cn = type_name(e, ct);
    if (f->self == 'S')
      strbuf_printf(e->out, "%s self", cn);
    else
      strbuf_printf(e->out, "%s%s%s *self", space_word(f->self),
                    *space_word(f->self) ? " " : "", cn);
    free(cn);
    first = 0;
  }
  int n = clang_Cursor_getNumArguments(d);
  for (int i = 0; i < n; i++) {
    if (!first)
      emit(e, ", ");
    first = 0;
    print_param(e, f, clang_Cursor_getArgument(d, (unsigned)i));
  }
  fn_uses *u = uses_of(e, d);
  for (size_t i = 0; u && i < u->nsyms; i++) {
    if (!u->syms[i] || (f->is_kernel && e->syms[i].space == 'l'))
      continue; /* kernels declare hoisted __shared__ variables */
    symbol *s = &e->syms[i];
    CXType t = clang_getCursorType(s->decl);
    CXType et = s->is_array ? clang_getArrayElementType(
                                  clang_getCanonicalType(t))
                            : t;
    char *d2 = xasprintf("*%s", s->name);
    if (!first)
      emit(e, ", ");
    first = 0;
    print_type_decl(e, e->out, et, s->space, d2);
    free(d2);
  }
  if (u && u->dynshm)
    strbuf_printf(e->out, "%s__local uchar *cu2cl_dynamic_shared",
                  first ? "" : ", ");
  else if (first)
    emit(e, "void");
  emit(e, ")");
}

static void print_ctor_inits(emitter *e, CXCursor ctor) {
  CXCursor *kids;
  unsigned n = cx_children(ctor, &kids);
  for (unsigned i = 0; i + 1 < n; i++) {
    if (clang_getCursorKind(kids[i]) != CXCursor_MemberRef)
      continue;
    char *m = cx_spelling(kids[i]);
    char *sm = safe_name(m);
    strbuf_printf(e->out, "  self.%s = ", sm);
    print_expr(e, kids[i + 1]);
    emit(e, ";\n");
    free(m);
    free(sm);
  }
  free(kids);
}

static void emit_function(emitter *e, size_t idx) {
  fn_clone *f = &e->fns[idx];
  analyze_function(e, f);
  f = &e->fns[idx];
  if (!f->is_kernel && is_pointer_type(clang_getCursorResultType(f->decl))) {
    function_return_space(e, f);
    e->quiet = 1; /* the first analysis reported */
    analyze_function(e, &e->fns[idx]);
    e->quiet = 0;
  }
  f = &e->fns[idx];
  e->cur = f;
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
    char *cn = type_name(e, clang_getCursorType(
                                clang_getCursorSemanticParent(f->decl)));
    strbuf_printf(&body, "  %s self;\n", cn);
    free(cn);
    print_ctor_inits(e, f->decl);
  }
  fn_uses *fu = f->is_kernel ? uses_of(e, f->decl) : NULL;
  for (size_t i = 0; fu && i < fu->nsyms; i++) {
    if (!fu->syms[i] || e->syms[i].space != 'l')
      continue;
    CXType t = clang_getCursorType(e->syms[i].decl);
    char *d = e->syms[i].is_array ? xstrdup(e->syms[i].name)
                                  : xasprintf("%s[1]", e->syms[i].name);
    strbuf_append(&body, "  ");
    print_type_decl(e, &body, t, 'l', d);
    strbuf_printf(&body, "; /* __shared__ of a device function */\n");
    free(d);
  }
  if (fu && fu->fp64) {
    char *kn = cx_spelling(f->decl);
    report(e, f->decl, CU2CL_D_DOUBLE_PRECISION, kn);
    free(kn);
  }
  if (fu && fu->int64_atomics) {
    char *kn = cx_spelling(f->decl);
    report(e, f->decl, CU2CL_D_INT64_ATOMICS, kn);
    free(kn);
  }
  int nparams = clang_Cursor_getNumArguments(f->decl);
  for (int i = 0; f->is_kernel && i < nparams; i++) {
    CXCursor p = clang_Cursor_getArgument(f->decl, (unsigned)i);
    CXType t = clang_getCursorType(p);
    if (!record_has_pointers(t))
      continue;
    char *tn = type_name(e, t);
    char *pn = cx_spelling(p);
    char *sn = safe_name(pn);
    strbuf_printf(&body, "  %s %s = cu2cl_unpack_%s(%s_arg);\n", tn, sn, tn,
                  sn);
    free(tn);
    free(pn);
    free(sn);
  }
  CXCursor b = function_body(f->decl);
  shared_walk sw = {e, !f->is_kernel};
  if (!clang_Cursor_isNull(b)) {
    clang_visitChildren(b, shared_visit, &sw);
    e->indent = 1;
    e->cur = &e->fns[idx];
    print_block_items(e, b);
  }
  if (ctor)
    emit(e, "  return self;\n");
  emit(e, "}\n\n");
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
  clang_getFileLocation(clang_getCursorLocation(tpl), &file, NULL, NULL,
                        NULL);
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
      CXType t = clang_getCanonicalType(
          clang_Cursor_getTemplateArgumentType(spec, (unsigned)i));
      if (t.kind == CXType_Bool)
        strbuf_append(&b, clang_Cursor_getTemplateArgumentValue(
                              spec, (unsigned)i)
                              ? "true"
                              : "false");
      else if (t.kind == CXType_UInt || t.kind == CXType_ULong ||
               t.kind == CXType_ULongLong || t.kind == CXType_UShort ||
               t.kind == CXType_UChar)
        strbuf_printf(&b, "%lluu",
                      clang_Cursor_getTemplateArgumentUnsignedValue(
                          spec, (unsigned)i));
      else
        strbuf_printf(&b, "%lld",
                      clang_Cursor_getTemplateArgumentValue(spec,
                                                            (unsigned)i));
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
    strvec_push_own(d, xasprintf("%s%s%s", t, str_ends_with(t, "*") ? "" : " ",
                                 n));
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
  if (!clang_Cursor_isNull(tpl)) {
    k->tpl_params = template_param_text(e, tpl);
    k->tpl_args = template_args_text(f->decl);
    free(k->display);
    k->display = xasprintf("%s<%s>", k->cuda_name, k->tpl_args);
    clang_visitChildren(tpl, pattern_param, &k->pattern_params);
  }
  k->cl_name = xstrdup(f->name);
  k->display = cx_take(clang_getCursorDisplayName(f->decl));
  int n = clang_Cursor_getNumArguments(f->decl);
  fn_uses *u = uses_of(e, f->decl);
  size_t cap = (size_t)(n > 0 ? n : 0) + e->nsyms + 1;
  k->params = xcalloc(cap, sizeof *k->params);
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(f->decl, (unsigned)i);
    CXType t = clang_getCursorType(p);
    cu2cl_kernel_param *kp = &k->params[k->nparams++];
    kp->kind = is_pointer_type(t) ? CU2CL_KARG_DEVPTR : CU2CL_KARG_VALUE;
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
    queue_function(&e, kernels[i], sp, 0, 1);
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
  strbuf_printf(&cl, "#ifndef CU2CL_WARP_SIZE\n#define CU2CL_WARP_SIZE %d\n"
                     "#endif\n",
                opts && opts->warp_size ? opts->warp_size : 32);
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

  for (size_t i = 0; i < e.nfns; i++) {
    free(e.fns[i].usr);
    free(e.fns[i].key);
    free(e.fns[i].name);
    free(e.fns[i].spaces);
  }
  free(e.fns);
  for (size_t i = 0; i < e.nsyms; i++) {
    free(e.syms[i].usr);
    free(e.syms[i].name);
  }
  free(e.syms);
  for (size_t i = 0; i < e.nuses; i++) {
    free(e.uses[i].usr);
    free(e.uses[i].syms);
  }
  free(e.uses);
  vars_reset(&e);
  free(e.vars);
  strvec_free(&e.type_usrs);
  strbuf_free(&e.types);
  strbuf_free(&e.protos);
  strbuf_free(&e.bodies);
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
