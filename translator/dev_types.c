/*
 * dev_types: the names and types of the device emitter.
 *
 * Names: CUDA identifiers that are reserved words or built-in functions in
 * OpenCL C get a trailing underscore; template specializations, operators
 * and record types are mangled into C identifiers. Types: CUDA types are
 * printed as OpenCL C declarations, pointers with the address space they
 * point into; CUDA vector types map to OpenCL's own or to the prelude's
 * (float3 -> cu2cl_float3); user records (structs and classes) are defined
 * once each in the .cl file, after the records their fields need and ahead
 * of all prototypes and bodies. OpenCL C forbids structs holding pointers
 * as kernel parameters, so kernels take a mirror of such a struct with each
 * pointer as a ulong ("kernarg", dev_kernarg) and unpack it on entry.
 *
 * Layer 6 of the device emitter (dev_state.h): calls dev_state, dev_cg,
 * dev_class, dev_lambda.
 */
#include "dev_types.h"

#include <ctype.h>
#include <string.h>

#include "dev_cg.h"
#include "dev_class.h"
#include "dev_lambda.h"
#include "rules.h"

/* ---- names ---------------------------------------------------------- */

/* OpenCL C keywords and built-in function names that CUDA code may use as
 * identifiers, and `self`, the object parameter of translated methods;
 * such identifiers get a trailing underscore. */
static const char *const reserved[] = {
    "global",       "local",        "constant",
    "private",      "kernel",       "read_only",
    "write_only",   "read_write",   "half",
    "uchar",        "ushort",       "uint",
    "ulong",        "event_t",      "sampler_t",
    "image1d_t",    "image2d_t",    "image3d_t",
    "dot",          "cross",        "length",
    "distance",     "normalize",    "clamp",
    "mix",          "step",         "smoothstep",
    "sign",         "select",       "bitselect",
    "degrees",      "radians",      "rotate",
    "upsample",     "mad",          "mad24",
    "mad_hi",       "barrier",      "mem_fence",
    "prefetch",     "vload",        "vstore",
    "any",          "all",          "shuffle",
    "shuffle2",     "printf",       "abs_diff",
    "add_sat",      "sub_sat",      "hadd",
    "rhadd",        "popcount",     "get_global_id",
    "get_local_id", "get_group_id", "read",
    "write",        "complex",      "imaginary",
    "quad",         "vector",       "pipe",
    "atomic_add",   "self",         NULL};

/* OpenCL C built-in functions that CUDA does not have, which a CUDA
 * program may name a function of its own after (merkle's mul_hi for
 * ulong4): a definition of that name would redeclare the built-in. */
static const char *const builtins[] = {
    "mul_hi",        "mul24",          "mad_sat",         "clz",
    "ctz",           "fract",          "maxmag",          "minmag",
    "pown",          "powr",           "rootn",           "tanpi",
    "acospi",        "asinpi",         "atanpi",          "atan2pi",
    "fast_distance", "fast_length",    "fast_normalize",  "vec_step",
    "isequal",       "isnotequal",     "isordered",       "isunordered",
    "lgamma_r",      "read_mem_fence", "write_mem_fence", NULL};

/* Families of OpenCL C built-in functions, by prefix (convert_float4,
 * as_uint, native_divide, vload4, ...): a CUDA device function of such a
 * name (sobel's convert_float4(uchar4)) would redeclare a built-in. */
static const char *const reserved_prefixes[] = {
    "convert_",   "as_",
    "native_",    "half_",
    "vload",      "vstore",
    "atomic_",    "atom_",
    "get_",       "async_work_group",
    "sub_group_", "work_group_",
    "read_image", "write_image",
    NULL};

char *dev_safe_name(const char *name) {
  for (const char *const *r = reserved; *r; r++)
    if (!strcmp(*r, name))
      return xasprintf("%s_", name);
  for (const char *const *r = builtins; *r; r++)
    if (!strcmp(*r, name))
      return xasprintf("%s_", name);
  for (const char *const *r = reserved_prefixes; *r; r++)
    if (str_starts_with(name, *r))
      return xasprintf("%s_", name);
  if (cu2cl_rules_device_calls(name))
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
char *dev_function_base_name(CXCursor fn) {
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

typedef struct tparam_walk {
  unsigned want, seen;
  CXType type;
} tparam_walk;

static enum CXChildVisitResult tparam_visit(CXCursor c, CXCursor p,
                                            CXClientData d) {
  tparam_walk *w = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_TemplateTypeParameter &&
      k != CXCursor_NonTypeTemplateParameter &&
      k != CXCursor_TemplateTemplateParameter)
    return CXChildVisit_Continue;
  if (w->seen++ == w->want) {
    w->type = clang_getCanonicalType(clang_getCursorType(c));
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* The declared type of the i-th (non-type) template parameter of the
 * template fn specializes: libclang gives no type for integral
 * arguments, and a bool true would read as -1. */
CXType dev_template_param_type(CXCursor fn, unsigned i) {
  tparam_walk w = {i, 0, {CXType_Invalid, {0, 0}}};
  CXCursor tpl = clang_getSpecializedCursorTemplate(fn);
  if (!clang_Cursor_isNull(tpl))
    clang_visitChildren(tpl, tparam_visit, &w);
  return w.type;
}

/* An integral template argument as C source: true/false, 256u, -3. */
char *dev_template_value(CXCursor fn, unsigned i) {
  CXType t = dev_template_param_type(fn, i);
  if (t.kind == CXType_Bool)
    return xstrdup(clang_Cursor_getTemplateArgumentValue(fn, i) ? "true"
                                                                : "false");
  if (t.kind == CXType_UInt || t.kind == CXType_ULong ||
      t.kind == CXType_ULongLong || t.kind == CXType_UShort ||
      t.kind == CXType_UChar)
    return xasprintf("%lluu",
                     clang_Cursor_getTemplateArgumentUnsignedValue(fn, i));
  return xasprintf("%lld", clang_Cursor_getTemplateArgumentValue(fn, i));
}

/* A type pack's elements ("float_float_int"; "" for an empty one); 0 when
 * libclang does not show them (cx_template_pack_types). */
static int append_pack(strbuf *b, CXCursor fn, unsigned i) {
  CXType *types;
  int n = cx_template_pack_types(fn, i, &types);
  for (int k = 0; k < n; k++) {
    char *s = cx_type_spelling(clang_getCanonicalType(types[k]));
    if (k)
      strbuf_appendc(b, '_');
    append_mangled(b, short_builtin(s));
    free(s);
  }
  free(types);
  return n >= 0;
}

char *dev_specialization_name(CXCursor fn) {
  char *base = dev_function_base_name(fn);
  strbuf b = {0};
  strbuf_append(&b, base);
  free(base);
  int n = clang_Cursor_getNumTemplateArguments(fn);
  for (int i = 0; i < n; i++) {
    strbuf_appendc(&b, '_');
    enum CXTemplateArgumentKind k = clang_Cursor_getTemplateArgumentKind(fn, i);
    if (k == CXTemplateArgumentKind_Type) {
      CXType t =
          clang_getCanonicalType(clang_Cursor_getTemplateArgumentType(fn, i));
      char *s =
          dev_is_closure_type(t) ? dev_record_name(t) : cx_type_spelling(t);
      append_mangled(&b, short_builtin(s));
      free(s);
    } else if (k == CXTemplateArgumentKind_Integral) {
      char *v = dev_template_value(fn, (unsigned)i);
      size_t n = strlen(v);
      if (n && v[n - 1] == 'u')
        v[n - 1] = 0; /* names read better without the suffix */
      strbuf_printf(&b, "%s%s", v[0] == '-' ? "m" : "", v + (v[0] == '-'));
      free(v);
    } else if (!append_pack(&b, fn, (unsigned)i)) {
      strbuf_printf(&b, "arg%d", i);
    }
  }
  char *r = dev_safe_name(strbuf_cstr(&b));
  strbuf_free(&b);
  return r;
}

/* ---- variable templates ------------------------------------------- */

/* Builtin types as USRs spell them (clang's USRGeneration). */
static const char *usr_builtin(char code) {
  static const char *const map[][2] = {{"b", "bool"},
                                       {"c", "unsigned char"},
                                       {"C", "char"},
                                       {"r", "signed char"},
                                       {"s", "unsigned short"},
                                       {"S", "short"},
                                       {"i", "unsigned int"},
                                       {"I", "int"},
                                       {"l", "unsigned long"},
                                       {"L", "long"},
                                       {"k", "unsigned long long"},
                                       {"K", "long long"},
                                       {"h", "half"},
                                       {"f", "float"},
                                       {"d", "double"},
                                       {NULL, NULL}};
  for (int i = 0; map[i][0]; i++)
    if (map[i][0][0] == code)
      return map[i][1];
  return NULL;
}

/* Appends "ns::Name" for the USR path p ("@N@ns@S@Name"); advances p past
 * it. 0 when p holds something else. */
static int usr_scoped_name(strbuf *b, const char **p) {
  const char *s = *p;
  while (*s == '@' && (s[1] == 'N' || s[1] == 'S') && s[2] == '@') {
    const char *n = s + 3;
    size_t len = strcspn(n, "@#>");
    if (!len)
      return 0;
    strbuf_appendn(b, n, len);
    s = n + len;
    if (*s == '@')
      strbuf_append(b, "::");
  }
  *p = s;
  return s[0] == 0 || s[0] == '#';
}

/* One template argument of a specialization's USR ("#f", "#VI3",
 * "#$@S@P") as C++; advances p. 0 when it is not one of those forms. */
static int usr_template_arg(strbuf *b, const char **p) {
  const char *s = *p;
  if (*s++ != '#')
    return 0;
  if (*s == '$') {
    s++;
    if (!usr_scoped_name(b, &s))
      return 0;
  } else if (*s == 'V' && usr_builtin(s[1])) {
    s += 2;
    const char *v = s;
    s += *s == '-';
    while (*s >= '0' && *s <= '9')
      s++;
    strbuf_appendn(b, v, (size_t)(s - v));
  } else if (usr_builtin(*s)) {
    strbuf_append(b, usr_builtin(*s++));
  } else {
    return 0;
  }
  *p = s;
  return *s == 0 || *s == '#';
}

int dev_var_template_names(CXCursor decl, char **cl_name, char **host_name) {
  if (clang_getCursorKind(decl) != CXCursor_UnexposedDecl)
    return 0;
  char *usr = cx_usr(decl);
  const char *args = strchr(usr, '>');
  strbuf host = {0}, targs = {0};
  const char *p = str_starts_with(usr, "c:") ? usr + 2 : usr;
  int ok = args && p < args;
  /* the scope: "@N@ns@" parts before the variable's own "@name" */
  while (ok && str_starts_with(p, "@N@")) {
    size_t len = strcspn(p + 3, "@>");
    strbuf_appendn(&host, p + 3, len);
    strbuf_append(&host, "::");
    p += 3 + len;
  }
  ok = ok && *p == '@';
  if (ok)
    strbuf_appendn(&host, p + 1, (size_t)(args - p - 1));
  for (p = args ? args + 1 : ""; ok && *p;) {
    if (targs.len)
      strbuf_append(&targs, ", ");
    ok = usr_template_arg(&targs, &p);
  }
  if (ok && targs.len) {
    char *n = cx_spelling(decl);
    strbuf cl = {0};
    strbuf_append(&cl, n);
    strbuf_appendc(&cl, '_');
    append_mangled(&cl, strbuf_cstr(&targs));
    *cl_name = dev_safe_name(strbuf_cstr(&cl));
    *host_name = xasprintf("%s<%s>", strbuf_cstr(&host), strbuf_cstr(&targs));
    strbuf_free(&cl);
    free(n);
  }
  ok = ok && targs.len;
  strbuf_free(&host);
  strbuf_free(&targs);
  free(usr);
  return ok;
}

/* ---- types ---------------------------------------------------------- */

const char *dev_space_word(char s) {
  switch (s) {
  case 'g':
    return "__global";
  case 'l':
    return "__local";
  case 'c':
    return "__constant";
  default:
    return "";
  }
}

const char *dev_space_name(char s) {
  switch (s) {
  case 'g':
    return "global";
  case 'l':
    return "local";
  case 'c':
    return "constant";
  default:
    return "private";
  }
}

/* 1 for the name of an OpenCL built-in vector type (float4, uchar2, ...;
 * CUDA's 1- and 3-component types print as cu2cl_ structs). */
int dev_is_cl_vector_name(const char *tn) {
  static const char *const bases[] = {"char",  "uchar",  "short", "ushort",
                                      "int",   "uint",   "long",  "ulong",
                                      "float", "double", "half"};
  for (size_t i = 0; i < sizeof bases / sizeof *bases; i++) {
    size_t n = strlen(bases[i]);
    if (strncmp(tn, bases[i], n))
      continue;
    const char *w = tn + n;
    if (!strcmp(w, "2") || !strcmp(w, "4") || !strcmp(w, "8") ||
        !strcmp(w, "16"))
      return 1;
  }
  return 0;
}

/* CUDA vector types: "float4" -> "float4", "float3" -> "cu2cl_float3",
 * "longlong2" -> "long2", "dim3" -> "cu2cl_uint3", "__half" ->
 * "cu2cl_half", "__nv_bfloat16" -> "cu2cl_bf16", "__nv_fp8_e4m3" ->
 * "cu2cl_fp8_e4m3". NULL when not one. */
static char *vector_type_name(const char *name) {
  static const char *const bases[][2] = {{"ulonglong", "ulong"},
                                         {"longlong", "long"},
                                         {"uchar", "uchar"},
                                         {"ushort", "ushort"},
                                         {"ulong", "ulong"},
                                         {"uint", "uint"},
                                         {"char", "char"},
                                         {"short", "short"},
                                         {"long", "long"},
                                         {"int", "int"},
                                         {"float", "float"},
                                         {"double", "double"},
                                         {NULL, NULL}};
  if (!strcmp(name, "dim3"))
    return xstrdup("cu2cl_uint3");
  /* cuda_fp16.h: the bits in a struct (rules/prelude_half.cl); the _raw
   * forms have the same layout and member names (x, y) */
  if (!strcmp(name, "__half") || !strcmp(name, "__half_raw"))
    return xstrdup("cu2cl_half");
  if (!strcmp(name, "__half2") || !strcmp(name, "__half2_raw"))
    return xstrdup("cu2cl_half2");
  /* cuda_bf16.h: the same for bfloat16 (rules/prelude_bf16.cl) */
  if (!strcmp(name, "__nv_bfloat16") || !strcmp(name, "__nv_bfloat16_raw"))
    return xstrdup("cu2cl_bf16");
  if (!strcmp(name, "__nv_bfloat162") || !strcmp(name, "__nv_bfloat162_raw"))
    return xstrdup("cu2cl_bf162");
  /* cuda_fp8.h: __nv_fp8_e4m3 -> cu2cl_fp8_e4m3, __nv_fp8x2_e5m2 ->
   * cu2cl_fp8x2_e5m2, ... (rules/prelude_fp8.cl: the storage in __x) */
  if ((str_starts_with(name, "__nv_fp8_") ||
       str_starts_with(name, "__nv_fp8x")) &&
      (str_ends_with(name, "_e4m3") || str_ends_with(name, "_e5m2")))
    return xasprintf("cu2cl_%s", name + 5);
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
  case CXType_Void:
    return "void";
  case CXType_Bool:
    return "bool";
  case CXType_Char_S:
  case CXType_SChar:
    return "char";
  case CXType_Char_U:
  case CXType_UChar:
    return "uchar";
  case CXType_Short:
    return "short";
  case CXType_UShort:
    return "ushort";
  case CXType_Int:
    return "int";
  case CXType_UInt:
    return "uint";
  case CXType_Long:
  case CXType_LongLong:
    return "long";
  case CXType_ULong:
  case CXType_ULongLong:
    return "ulong";
  case CXType_Float:
    return "float";
  case CXType_Double:
    return "double";
  case CXType_Half:
  case CXType_Float16:
    return "half";
  default:
    return NULL;
  }
}

int dev_is_pointer_type(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  CXType elem;
  return k == CXType_Pointer ||
         (k == CXType_Record && dev_thrust_class(t, &elem) == 'p');
}

int dev_is_array_type(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  return k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

int dev_is_nonconst_ref(CXType t) {
  CXType c = clang_getCanonicalType(t);
  /* a polymorphic object is passed by address even when const: a copy
   * would cut its dynamic type off */
  return c.kind == CXType_LValueReference &&
         (!clang_isConstQualifiedType(clang_getPointeeType(c)) ||
          dev_class_is_polymorphic(clang_getPointeeType(c)));
}

int dev_is_const_ref(CXType t) {
  CXType c = clang_getCanonicalType(t);
  return (c.kind == CXType_LValueReference ||
          c.kind == CXType_RValueReference) &&
         !dev_is_nonconst_ref(t);
}

int dev_returns_reference(CXCursor fn) {
  enum CXCursorKind k = clang_getCursorKind(fn);
  return (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
          k == CXCursor_ConversionFunction) &&
         !cx_in_system_header(fn) &&
         dev_is_nonconst_ref(clang_getCursorResultType(fn));
}

int dev_type_registered(emitter *e, const char *usr) {
  return strvec_contains(&e->type_usrs, usr);
}

/* A closure's name: where its lambda is written, by the file's base name
 * (not its path, which would make the output depend on the checkout),
 * and for a lambda in a template the instantiation it belongs to (one
 * closure type per instantiation, all of one spelling). */
static char *closure_name(CXType t) {
  CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
  cx_loc l = cx_location(decl);
  const char *base = l.file ? strrchr(l.file, '/') : NULL;
  base = base ? base + 1 : l.file ? l.file : "";
  strbuf b = {0};
  strbuf_append(&b, "lambda_");
  append_mangled(&b, base);
  strbuf_printf(&b, "_%u_%u", l.line, l.column);
  cx_loc_free(&l);
  CXCursor inst = dev_closure_instance(t);
  if (!clang_Cursor_isNull(inst)) {
    char *in = dev_specialization_name(inst);
    strbuf_printf(&b, "_in_%s", in);
    free(in);
  }
  return strbuf_take(&b);
}

/* An unnamed class (clang spells it "(unnamed union at PATH:L:C)"), by
 * where it is written, with the file's base name as for closures. */
static void unnamed_record_name(strbuf *b, CXType canon) {
  CXCursor decl = clang_getTypeDeclaration(canon);
  cx_loc l = cx_location(decl);
  const char *base = l.file ? strrchr(l.file, '/') : NULL;
  base = base ? base + 1 : l.file ? l.file : "";
  strbuf_printf(b, "unnamed_%s_",
                clang_getCursorKind(decl) == CXCursor_UnionDecl ? "union"
                                                                : "struct");
  append_mangled(b, base);
  strbuf_printf(b, "_%u_%u", l.line, l.column);
  cx_loc_free(&l);
}

/* A class's name in C. A class declared in an instantiated function
 * template is one class per instantiation, all of one spelling: the name
 * adds the instantiation's (a union of CUB TempStorages in a kernel
 * template, HeCBench blockScan). */
char *dev_record_name(CXType t) {
  if (dev_is_closure_type(t))
    return closure_name(t);
  CXType canon = clang_getCanonicalType(t);
  char *s = cx_type_spelling(canon);
  const char *p = s;
  if (str_starts_with(p, "const "))
    p += 6;
  if (str_starts_with(p, "struct "))
    p += 7;
  else if (str_starts_with(p, "class "))
    p += 6;
  strbuf b = {0};
  if (strstr(p, "(unnamed ") || strstr(p, "(anonymous "))
    unnamed_record_name(&b, canon);
  else
    append_mangled(&b, p);
  free(s);
  /* a program's own struct int8 or double8: OpenCL C's vector types */
  if (dev_is_cl_vector_name(strbuf_cstr(&b)) &&
      !cx_in_system_header(clang_getTypeDeclaration(canon)))
    strbuf_appendc(&b, '_');
  CXCursor inst = dev_closure_instance(t);
  if (!clang_Cursor_isNull(inst)) {
    char *in = dev_specialization_name(inst);
    strbuf_printf(&b, "_in_%s", in);
    free(in);
  }
  char *r = dev_safe_name(strbuf_cstr(&b));
  strbuf_free(&b);
  return r;
}

/* ---- reference members ---------------------------------------------
 * A reference member (TempStorage &temp) is a pointer in C, into the
 * address space of what its constructors bind it to, which is known only
 * once they are printed: the member's space is printed as a macro that the
 * .cl file defines before its types (dev_print_ref_spaces). */

int dev_is_ref_member(CXCursor field) {
  return clang_getCursorKind(field) == CXCursor_FieldDecl &&
         clang_getCanonicalType(clang_getCursorType(field)).kind ==
             CXType_LValueReference;
}

/* A field's name in the struct: its own, or for a closure's field the
 * capture's (dev_lambda). Caller frees. */
char *dev_field_name(emitter *e, CXCursor field) {
  const char *cap = dev_closure_field_name(e, field);
  if (cap)
    return xstrdup(cap);
  char *n = cx_spelling(field);
  char *sn = dev_safe_name(n);
  free(n);
  return sn;
}

/* The macro's index; sfx "_to" names the second macro of a reference to a
 * pointer a closure holds: where that pointer points. */
static size_t member_macro_index(emitter *e, CXCursor field, const char *sfx) {
  CXType rec = clang_getCursorType(clang_getCursorSemanticParent(field));
  char *rn = dev_record_name(rec);
  char *fn = dev_field_name(e, field);
  char *key = xasprintf("CU2CL_SPACE_%s_%s%s", rn, fn, sfx);
  free(rn);
  free(fn);
  size_t i = 0;
  while (i < e->ref_members.len && strcmp(e->ref_members.items[i], key))
    i++;
  if (i == e->ref_members.len) {
    strvec_push_own(&e->ref_members, key);
    e->ref_spaces = xrealloc(e->ref_spaces, e->ref_members.len);
    e->ref_spaces[i] = 0;
  } else {
    free(key);
  }
  return i;
}

static size_t ref_member_index(emitter *e, CXCursor field) {
  return member_macro_index(e, field, "");
}

char *dev_ref_member_macro(emitter *e, CXCursor field) {
  size_t i = ref_member_index(e, field); /* may grow the vector */
  return xstrdup(e->ref_members.items[i]);
}

static void bind_macro(emitter *e, size_t i, char space, CXCursor at) {
  space = space ? space : 'p';
  if (e->ref_spaces[i] && e->ref_spaces[i] != space)
    dev_report(e, at, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "a reference member bound to memory of two address spaces");
  else
    e->ref_spaces[i] = space;
}

void dev_ref_member_bind(emitter *e, CXCursor field, char space, CXCursor at) {
  bind_macro(e, ref_member_index(e, field), space, at);
}

char dev_ref_member_space(emitter *e, CXCursor field) {
  size_t i = ref_member_index(e, field);
  return e->ref_spaces[i] ? e->ref_spaces[i] : 'g';
}

/* A closure's reference to a pointer (a pointer captured by reference):
 * where that pointer points, the member's second macro. */
static int is_ref_to_pointer(CXCursor field) {
  CXType t = clang_getCanonicalType(clang_getCursorType(field));
  if (t.kind != CXType_LValueReference)
    return 0;
  CXType p = clang_getCanonicalType(clang_getPointeeType(t));
  return p.kind == CXType_Pointer &&
         clang_getCanonicalType(clang_getPointeeType(p)).kind != CXType_Pointer;
}

void dev_closure_pointee_bind(emitter *e, CXCursor field, char space,
                              CXCursor at) {
  if (is_ref_to_pointer(field))
    bind_macro(e, member_macro_index(e, field, "_to"), space, at);
}

char dev_closure_pointee_space(emitter *e, CXCursor field) {
  if (!is_ref_to_pointer(field))
    return 0;
  size_t i = member_macro_index(e, field, "_to");
  return e->ref_spaces[i] ? e->ref_spaces[i] : 'g';
}

void dev_print_ref_spaces(emitter *e, strbuf *out) {
  for (size_t i = 0; i < e->ref_members.len; i++)
    strbuf_printf(out, "#define %s %s\n", e->ref_members.items[i],
                  dev_space_word(e->ref_spaces[i] ? e->ref_spaces[i] : 'g'));
}

typedef struct record_ctx {
  emitter *e;
  strbuf *def;
  CXCursor decl;
  unsigned fields;
} record_ctx;

/* Fields come from the type (clang_Type_visitFields), which also covers
 * implicit instantiations of class templates, whose declarations libclang
 * does not traverse. */
static enum CXVisitorResult record_field(CXCursor c, CXClientData d);

/* A field whose type is an anonymous struct or union (C11's anonymous
 * members, union { struct { int x, y; }; int v[2]; }): its members are
 * the enclosing record's, so it is printed in place, untagged, and
 * accesses name the members directly (dev_expr print_member). */
int dev_is_anonymous_member(CXCursor field) {
  CXCursor d = clang_getTypeDeclaration(
      clang_getCanonicalType(clang_getCursorType(field)));
  return !clang_Cursor_isNull(d) && clang_Cursor_isAnonymousRecordDecl(d);
}

static void print_anonymous_member(record_ctx *r, CXCursor field) {
  CXType t = clang_getCanonicalType(clang_getCursorType(field));
  CXCursor decl = clang_getTypeDeclaration(t);
  strbuf inner = {0};
  record_ctx in = {r->e, &inner, decl, 0};
  clang_Type_visitFields(t, record_field, &in);
  strbuf_printf(r->def, "  %s {\n",
                clang_getCursorKind(decl) == CXCursor_UnionDecl ? "union"
                                                                : "struct");
  /* indent the members one more level */
  for (const char *p = strbuf_cstr(&inner); *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
    strbuf_printf(r->def, "  %.*s", (int)n, p);
    p += n;
  }
  strbuf_append(r->def, "  };\n");
  strbuf_free(&inner);
}

static enum CXVisitorResult record_field(CXCursor c, CXClientData d) {
  record_ctx *r = d;
  r->fields++;
  if (dev_is_anonymous_member(c)) {
    print_anonymous_member(r, c);
    return CXVisit_Continue;
  }
  {
    char *sn = dev_field_name(r->e, c);
    strbuf_append(r->def, "  ");
    /* Device pointers stored in structs point to global memory; a
     * reference member into the memory its constructors bind it to, and a
     * closure's pointer into what its lambda expression captured. */
    CXType ft = clang_getCursorType(c);
    if (dev_closure_field_points(r->e, c) && is_ref_to_pointer(c)) {
      /* T *&p: INNER T *OUTER *p */
      char *m = dev_ref_member_macro(r->e, c);
      size_t to = member_macro_index(r->e, c, "_to");
      char *d = xasprintf("*%s *%s", m, sn);
      strbuf_printf(r->def, "%s ", r->e->ref_members.items[to]);
      dev_print_type_decl(
          r->e, r->def,
          clang_getPointeeType(clang_getCanonicalType(
              clang_getPointeeType(clang_getCanonicalType(ft)))),
          0, d);
      free(m);
      free(d);
    } else if (dev_is_ref_member(c) || dev_closure_field_points(r->e, c)) {
      char *m = dev_ref_member_macro(r->e, c);
      char *d = dev_pointer_declarator(clang_getPointeeType(ft), 0, sn);
      strbuf_printf(r->def, "%s ", m);
      dev_print_type_decl(r->e, r->def, clang_getPointeeType(ft), 0, d);
      free(m);
      free(d);
    } else {
      /* a closure's copy of a const variable is const in C++; the struct
       * member is not (the kernel-parameter mirror assigns it) */
      if (dev_closure_field_name(r->e, c))
        ft = clang_getUnqualifiedType(clang_getCanonicalType(ft));
      dev_print_type_decl(r->e, r->def, ft, dev_is_pointer_type(ft) ? 'g' : 0,
                          sn);
    }
    strbuf_append(r->def, ";\n");
    free(sn);
  }
  return CXVisit_Continue;
}

static enum CXChildVisitResult record_base(CXCursor c, CXCursor p,
                                           CXClientData d) {
  if (clang_getCursorKind(c) == CXCursor_CXXBaseSpecifier &&
      clang_isVirtualBase(c))
    dev_report(d, c, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "virtual inheritance");
  return CXChildVisit_Continue;
}

/* What a class's struct holds before its own fields (dev_class.h): the
 * tag of a polymorphic class, then its non-empty bases. Returns how many
 * members it wrote. */
static unsigned record_prefix(emitter *e, strbuf *def, CXType t) {
  unsigned n = 0;
  if (dev_class_holds_tag(t)) {
    strbuf_append(def, "  ulong cu2cl_vtag; /* the dynamic type */\n");
    n++;
  } else if (dev_class_is_polymorphic(t)) {
    char *tag = dev_class_tag_path(t);
    if (!tag)
      dev_report(e, clang_getTypeDeclaration(clang_getCanonicalType(t)),
                 CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
                 "a class whose polymorphic base is not its first base");
    free(tag);
  }
  CXType *bases;
  unsigned nb = dev_class_bases(t, &bases);
  for (unsigned i = 0; i < nb; i++) {
    if (dev_class_takes_no_room(bases[i]))
      continue;
    char *bn = dev_type_name(e, bases[i]);
    strbuf_printf(def, "  %s cu2cl_base%u;\n", bn, i);
    free(bn);
    n++;
  }
  free(bases);
  return n;
}

/* Emits the definition of a user record type once, after the types its
 * fields need. */
static void emit_record(emitter *e, CXType t, const char *name) {
  CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
  char *usr = cx_usr(decl);
  if (dev_type_registered(e, usr)) {
    free(usr);
    return;
  }
  strvec_push_own(&e->type_usrs, usr);
  strbuf def = {0};
  long long align = clang_Type_getAlignOf(t);
  /* a union keeps its members overlaid: union { float4 v; float a[4]; } */
  strbuf_printf(&def, "typedef %s %s {\n",
                clang_getCursorKind(decl) == CXCursor_UnionDecl ? "union"
                                                                : "struct",
                name);
  record_ctx rc = {e, &def, decl, 0};
  strbuf *saved = e->out;
  e->out = NULL; /* diagnostics about fields are not left in the struct */
  dev_closure *cl = dev_closure_of(e, t);
  if (cl && cl->problem && !cl->reported) {
    cl->reported = 1;
    char *what = xasprintf("a lambda whose captures cu2cl cannot lay out (%s)",
                           cl->problem);
    dev_report(e, cl->lambda, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, what);
    free(what);
  }
  rc.fields = record_prefix(e, &def, t);
  clang_Type_visitFields(clang_getCanonicalType(t), record_field, &rc);
  clang_visitChildren(decl, record_base, e);
  e->out = saved;
  if (!rc.fields) /* C has no empty structs; C++ gives them size 1 too */
    strbuf_append(&def, "  char cu2cl_empty;\n");
  if (align > 0)
    strbuf_printf(&def, "} __attribute__((aligned(%lld))) %s;\n\n", align,
                  name);
  else
    strbuf_printf(&def, "} %s;\n\n", name);
  strbuf_append(&e->types, strbuf_cstr(&def));
  strbuf_free(&def);
}

/* The OpenCL spelling of a non-pointer, non-array type. */
char *dev_type_name(emitter *e, CXType t) {
  t = clang_getCanonicalType(t);
  const char *b = builtin_type_name(t.kind);
  if (b) {
    if (t.kind == CXType_Double)
      e->uses_fp64 = 1;
    return xstrdup(b);
  }
  if (t.kind == CXType_Enum)
    return dev_type_name(
        e, clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)));
  if (t.kind == CXType_Record && dev_cg_is_type(t))
    return xstrdup(dev_cg_type_name(t));
  CXType elem;
  if (dev_thrust_class(t, &elem) == 'p') { /* a cast's or sizeof's type */
    strbuf b = {0};
    dev_print_type_decl(e, &b, t, 'g', "");
    return strbuf_take(&b);
  }
  if (t.kind == CXType_Record) {
    CXCursor decl = clang_getTypeDeclaration(t);
    char *n = cx_spelling(decl);
    char *v = cx_in_system_header(decl) ? vector_type_name(n) : NULL;
    free(n);
    if (v)
      return v;
    char *name = dev_record_name(t);
    emit_record(e, t, name);
    return name;
  }
  char *s = cx_type_spelling(t);
  char *r = xasprintf("/* unsupported type '%s' */ int", s);
  dev_report_quiet(e, e->site, CU2CL_D_UNSUPPORTED_TYPE, s,
                   "no OpenCL C equivalent");
  free(s);
  return r;
}

int dev_holds_pointers(CXType t) {
  CXType c = clang_getCanonicalType(t);
  while (dev_is_array_type(c))
    c = clang_getCanonicalType(clang_getArrayElementType(c));
  return c.kind == CXType_Pointer;
}

static void print_decl(emitter *e, strbuf *b, CXType t, char space, char inner,
                       char lives, const char *name);

/* A pointer named name to pt in space (0: global). A pointer to pointers
 * (T **p, T *(*p)[4]): those live where it points, and point there too
 * unless inner says otherwise. lives: where the pointer itself lives
 * (T *__global *p's inner pointer), printed after its star; restrict: its
 * qualifier. */
static void print_pointer(emitter *e, strbuf *b, CXType pt, char space,
                          char inner, char lives, int restrict_,
                          const char *name) {
  const char *lw = dev_space_word(lives);
  char sp = space ? space : 'g';
  int holds = dev_holds_pointers(pt);
  char *d = xasprintf(dev_is_array_type(pt) ? "(*%s%s%s%s)" : "*%s%s%s%s", lw,
                      *lw ? " " : "", restrict_ ? "restrict " : "", name);
  print_decl(e, b, pt, holds && inner ? inner : sp, 0, holds ? sp : 0, d);
  free(d);
}

/* A declaration of name with type t; space: as dev_print_type_decl; inner:
 * for a pointer to pointers, where those point (0: as space); lives: for a
 * pointer type, where the pointer object itself lives. */
static void print_decl(emitter *e, strbuf *b, CXType t, char space, char inner,
                       char lives, const char *name) {
  CXType c = clang_getCanonicalType(t), elem;
  if (dev_thrust_class(c, &elem) == 'p') { /* the pointer it wraps */
    print_pointer(e, b, elem, space, 0, lives, 0, name);
    return;
  }
  switch (c.kind) {
  case CXType_Pointer:
  case CXType_LValueReference:
  case CXType_RValueReference:
    print_pointer(e, b, clang_getPointeeType(c), space, inner, lives,
                  clang_isRestrictQualifiedType(c), name);
    return;
  case CXType_ConstantArray: {
    char *d = xasprintf("%s[%lld]", name, clang_getArraySize(c));
    print_decl(e, b, clang_getArrayElementType(c), space, inner, lives, d);
    free(d);
    return;
  }
  case CXType_IncompleteArray: {
    char *d = xasprintf("%s[]", name);
    print_decl(e, b, clang_getArrayElementType(c), space, inner, lives, d);
    free(d);
    return;
  }
  default:
    break;
  }
  const char *w = dev_space_word(space);
  char *tn = dev_type_name(e, c);
  strbuf_printf(b, "%s%s%s%s%s%s%s", w, *w ? " " : "",
                clang_isConstQualifiedType(c) ? "const " : "",
                clang_isVolatileQualifiedType(c) ? "volatile " : "", tn,
                *name ? " " : "", name);
  free(tn);
}

/* Prints a declaration of name with type t. space: for pointers, the
 * address space they point into; for other objects, where they live
 * (0 or 'p': private, printed without qualifier). */
void dev_print_type_decl(emitter *e, strbuf *b, CXType t, char space,
                         const char *name) {
  print_decl(e, b, t, space, 0, 0, name);
}

void dev_print_type_decl_inner(emitter *e, strbuf *b, CXType t, char space,
                               char inner, const char *name) {
  print_decl(e, b, t, space, inner, 0, name);
}

void dev_print_pointer_decl(emitter *e, strbuf *b, CXType pointee, char space,
                            char inner, const char *name) {
  print_pointer(e, b, pointee, space, inner, 0, 0, name);
}

char *dev_pointer_declarator(CXType pointee, char space, const char *name) {
  const char *in = clang_getCanonicalType(pointee).kind == CXType_Pointer
                       ? dev_space_word(space)
                       : "";
  return xasprintf(dev_is_array_type(pointee) ? "(%s%s*%s)" : "%s%s*%s", in,
                   *in ? " " : "", name);
}

char *dev_type_string(emitter *e, CXType t, char space) {
  strbuf b = {0};
  dev_print_type_decl(e, &b, t, space, "");
  return strbuf_take(&b);
}
