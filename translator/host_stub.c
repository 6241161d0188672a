/*
 * host_stub: the typed launch stubs that replace kernels in host code; see
 * host_stub.h.
 */
#include "host_stub.h"

#include <ctype.h>
#include <string.h>

#include "cx.h"
#include "rules.h"

static const char *arg_kind_name(cu2cl_arg_kind k) {
  switch (k) {
  case CU2CL_KARG_DEVPTR:
    return "CU2CL_ARG_DEVPTR";
  case CU2CL_KARG_LOCAL:
    return "CU2CL_ARG_LOCAL";
  case CU2CL_KARG_SYMBOL:
    return "CU2CL_ARG_SYMBOL";
  case CU2CL_KARG_DEVRT:
    return "CU2CL_ARG_DEVRT";
  default:
    return "CU2CL_ARG_VALUE";
  }
}

/* The i-th ParmDecl of a function or function template, or null. */
static CXCursor nth_param(CXCursor fn, unsigned i) {
  CXCursor *kids;
  unsigned n = cx_children(fn, &kids), seen = 0;
  CXCursor r = clang_getNullCursor();
  for (unsigned k = 0; k < n && clang_Cursor_isNull(r); k++)
    if (clang_getCursorKind(kids[k]) == CXCursor_ParmDecl && seen++ == i)
      r = kids[k];
  free(kids);
  return r;
}

/* The source text of parameter i's default argument in any declaration of
 * the kernel (its template's, for a specialization), or NULL. CUDA fills a
 * launch's missing arguments from them; the launch stub declares the same
 * defaults (on the primary template, for kernel templates). */
static char *default_argument(CXTranslationUnit tu, CXCursor kernel,
                              unsigned i) {
  CXCursor tpl = clang_getSpecializedCursorTemplate(kernel);
  CXCursor decls[] = {kernel, clang_getCanonicalCursor(kernel),
                      clang_getCursorDefinition(kernel), tpl,
                      clang_getCanonicalCursor(tpl)};
  for (size_t d = 0; d < sizeof decls / sizeof *decls; d++) {
    CXCursor p =
        clang_Cursor_isNull(decls[d]) ? decls[d] : nth_param(decls[d], i);
    if (clang_Cursor_isNull(p))
      continue;
    CXCursor d = cx_param_default(tu, p);
    if (!clang_Cursor_isNull(d))
      return cx_tokens_text(tu, d);
  }
  return NULL;
}

/* The index of the kernel's parameter named name, or -1. */
static int param_index(CXCursor kernel, const char *name) {
  for (unsigned i = 0;; i++) {
    CXCursor p = nth_param(kernel, i);
    if (clang_Cursor_isNull(p))
      return -1;
    char *n = cx_spelling(p);
    int same = !strcmp(n, name);
    free(n);
    if (same)
      return (int)i;
  }
}

/* " = DEFAULT" for the kernel's parameter i, or "" (caller frees). */
static char *default_suffix(CXTranslationUnit tu, CXCursor kernel, int i) {
  char *d = i >= 0 ? default_argument(tu, kernel, (unsigned)i) : NULL;
  char *r = d ? xasprintf(" = %s", d) : xstrdup("");
  free(d);
  return r;
}

/* type with the CUDA runtime's type names its identifiers spell replaced
 * as the host code's are (rules/runtime_api.def): a kernel parameter of
 * type cudaPitchedPtr is a cu2clPitchedPtr in the stub, one of type
 * thrust::device_ptr<int> a cu2cl_thrust::device_ptr<int>. */
static char *with_host_names(const char *type) {
  strbuf b = {0};
  for (const char *p = type; *p;) {
    if (!isalpha((unsigned char)*p) && *p != '_') {
      strbuf_printf(&b, "%c", *p++);
      continue;
    }
    size_t n = 0;
    while (isalnum((unsigned char)p[n]) || p[n] == '_')
      n++;
    char *word = xasprintf("%.*s", (int)n, p);
    const cu2cl_host_rule *r = cu2cl_rules_host_find(word);
    int rename = r && r->replacement && !strcmp(r->kind, "TYPE");
    /* Thrust's and CUB's namespaces are cu2clrt's layers over them in host
     * code (a thrust::device_ptr<int> parameter) */
    int library = (!strcmp(word, "thrust") || !strcmp(word, "cub")) &&
                  !strncmp(p + n, "::", 2) && (p == type || p[-1] != ':');
    if (library)
      strbuf_append(&b, "cu2cl_");
    strbuf_append(&b, rename ? r->replacement : word);
    free(word);
    p += n;
  }
  return strbuf_take(&b);
}

char *cu2cl_host_tpl_args(const cu2cl_kernel_spec *k) {
  return with_host_names(k->tpl_args ? k->tpl_args : "");
}

/* The type without __restrict, in host names: on a stub's by-value
 * parameter restrict means nothing, and C++ will not convert the address of
 * a restrict-qualified pointer to the const void * of a cu2clArg (g++
 * allows it, clang not). */
static char *without_restrict(const char *type) {
  char *t = with_host_names(type);
  for (char *p; (p = strstr(t, "__restrict"));) {
    size_t n = strlen("__restrict") + (p[10] == '_' && p[11] == '_' ? 2 : 0);
    while (p > t && p[-1] == ' ' && (!p[n] || p[n] == ' ' || p[n] == '*'))
      p--, n++; /* the space before it */
    memmove(p, p + n, strlen(p + n) + 1);
  }
  return t;
}

/* kernel: null for an explicit specialization (no defaults there). */
static void append_stub_params(CXTranslationUnit tu, strbuf *b,
                               const cu2cl_kernel_spec *k, CXCursor kernel) {
  strbuf_append(b, "(dim3 cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,\n"
                   "    cu2clStream_t cu2cl_stream");
  for (size_t i = 0; i < k->nparams; i++) {
    const cu2cl_kernel_param *p = &k->params[i];
    if (p->kind != CU2CL_KARG_VALUE && p->kind != CU2CL_KARG_DEVPTR)
      continue;
    char *def = clang_Cursor_isNull(kernel)
                    ? xstrdup("")
                    : default_suffix(tu, kernel, param_index(kernel, p->name));
    char *type = without_restrict(p->host_type);
    strbuf_printf(b, ", %s%s%s%s", type, str_ends_with(type, "*") ? "" : " ",
                  p->name, def);
    free(type);
    free(def);
  }
  strbuf_append(b, ")");
}

/* A kernel template's launch stub is a function template with the same
 * template parameters, so launches inside host templates and launches
 * with deduced arguments keep working; each emitted specialization is an
 * explicit specialization of it. */
/* A kernel template named as a value where its arguments are template
 * parameters (cudaFuncSetAttribute(kern<T>, ...) in a host template) is
 * its reference through a function template that each specialization
 * specializes: cu2cl_kref_NAME<T>(). */
static void append_kref_template(strbuf *b, const char *params,
                                 const char *name) {
  strbuf_printf(b, "template <%s>\ncu2clKernelRef *cu2cl_kref_%s();\n", params,
                name);
}

void cu2cl_host_stub_template(strbuf *b, CXTranslationUnit tu,
                              const cu2cl_kernel_spec *k, CXCursor tpl,
                              int kref) {
  char *params = with_host_names(k->tpl_params);
  if (kref)
    append_kref_template(b, params, k->cuda_name);
  strbuf_printf(
      b,
      "template <%s>\ncu2clError_t cu2cl_launch_%s(dim3 cu2cl_grid, "
      "dim3 cu2cl_block, size_t cu2cl_shmem,\n    cu2clStream_t cu2cl_stream",
      params, k->cuda_name);
  free(params);
  for (size_t i = 0; i < k->pattern_params.len; i++) {
    char *def = default_suffix(tu, tpl, (int)i);
    char *param = with_host_names(k->pattern_params.items[i]);
    strbuf_printf(b, ", %s%s", param, def);
    free(param);
    free(def);
  }
  strbuf_append(b, ");\n");
}

/* The primary template alone, for a kernel template that no code of the
 * program instantiates: its launches lie in templates that are never
 * instantiated either (a class template's unused member), which must still
 * parse. Declared, never defined: nothing calls it. */
void cu2cl_host_stub_unlaunched(strbuf *b, CXTranslationUnit tu, CXCursor tpl,
                                int kref) {
  CXCursor *kids;
  unsigned n = cx_children(tpl, &kids), nt = 0, np = 0;
  char *name = cx_spelling(tpl);
  strbuf params = {0};
  for (unsigned i = 0; i < n; i++) {
    if (!cx_is_template_param(kids[i]))
      continue;
    char *text = cx_tokens_text(tu, kids[i]);
    char *host = with_host_names(text);
    strbuf_printf(&params, "%s%s", nt++ ? ", " : "", host);
    free(host);
    free(text);
  }
  if (kref)
    append_kref_template(b, strbuf_cstr(&params), name);
  strbuf_printf(
      b,
      "template <%s>\ncu2clError_t cu2cl_launch_%s(dim3 cu2cl_grid, "
      "dim3 cu2cl_block, size_t cu2cl_shmem,\n    cu2clStream_t cu2cl_stream",
      strbuf_cstr(&params), name);
  strbuf_free(&params);
  for (unsigned i = 0; i < n; i++) {
    if (clang_getCursorKind(kids[i]) != CXCursor_ParmDecl)
      continue;
    char *t = cx_type_spelling(clang_getCursorType(kids[i]));
    char *type = with_host_names(t);
    char *pn = cx_spelling(kids[i]);
    char *def = default_suffix(tu, tpl, (int)np++);
    strbuf_printf(b, ", %s%s%s%s", type, str_ends_with(type, "*") ? "" : " ",
                  pn, def);
    free(def), free(pn), free(type), free(t);
  }
  strbuf_append(b, ");\n");
  free(name);
  free(kids);
}

/* A kernel used as a value gets a launch from CUDA's void **args, which
 * unpacks them for its typed stub (cu2clKernelRef.launchv). */
static void append_launchv(strbuf *b, const cu2cl_kernel_spec *k) {
  strbuf_printf(
      b,
      "static cu2clError_t cu2cl_launchv_%s(dim3 cu2cl_grid, dim3 cu2cl_block, "
      "size_t cu2cl_shmem,\n    cu2clStream_t cu2cl_stream, void **cu2cl_args) "
      "{\n"
      "  (void)cu2cl_args;\n  return cu2cl_launch_%s",
      k->cl_name, k->cuda_name);
  if (k->tpl_params) {
    char *args = cu2cl_host_tpl_args(k);
    strbuf_printf(b, "<%s>", args);
    free(args);
  }
  strbuf_append(b, "(cu2cl_grid, cu2cl_block, cu2cl_shmem, cu2cl_stream");
  size_t n = 0;
  for (size_t i = 0; i < k->nparams; i++) {
    const cu2cl_kernel_param *p = &k->params[i];
    if (p->kind != CU2CL_KARG_VALUE && p->kind != CU2CL_KARG_DEVPTR)
      continue;
    char *type = without_restrict(p->host_type);
    strbuf_printf(b, ",\n      *(%s *)cu2cl_args[%zu]", type, n++);
    free(type);
  }
  strbuf_append(b, ");\n}\n");
}

/* The declarations before a stub: its launch from void **args (when
 * valued) and its cu2clKernelRef, external for an external kernel. */
static void append_ref(strbuf *b, const cu2cl_kernel_spec *k, int valued) {
  if (valued)
    strbuf_printf(b,
                  "static cu2clError_t cu2cl_launchv_%s(dim3, dim3, size_t, "
                  "cu2clStream_t, void **);\n",
                  k->cl_name);
  strbuf_printf(b,
                "%scu2clKernelRef %s = {&cu2cl_program, \"%s\", NULL%s%s};\n",
                k->external ? "" : "static ", k->ref_name, k->cl_name,
                valued ? ", cu2cl_launchv_" : "", valued ? k->cl_name : "");
}

/* The cu2clArg array of a specialization's launch. Returns its length. */
static size_t append_args(strbuf *b, const cu2cl_kernel_spec *k,
                          const char *indent) {
  strbuf_printf(b, "%scu2clArg cu2cl_args[] = {\n", indent);
  size_t n = 0;
  for (size_t i = 0; i < k->nparams; i++) {
    const cu2cl_kernel_param *p = &k->params[i];
    const char *kind = arg_kind_name(p->kind);
    strbuf_printf(b, "%s    ", indent);
    if (p->kind == CU2CL_KARG_LOCAL)
      strbuf_printf(b, "{%s, cu2cl_shmem, NULL},\n", kind);
    else if (p->kind == CU2CL_KARG_DEVRT)
      strbuf_printf(b, "{%s, 0, NULL},\n", kind);
    else if (p->kind == CU2CL_KARG_SYMBOL)
      strbuf_printf(b, "{%s, 0, &%s},\n", kind, p->name);
    else
      strbuf_printf(b, "{%s, sizeof(%s), &%s},\n", kind, p->name, p->name);
    n++;
  }
  if (!n)
    strbuf_printf(b, "%s    {CU2CL_ARG_VALUE, 0, NULL},\n", indent);
  strbuf_printf(b, "%s};\n", indent);
  return n;
}

/* The template's parameter list without default arguments (a definition
 * after the declaration that has them may not repeat them). */
static char *without_defaults(const char *params) {
  strbuf b = {0};
  int depth = 0, skipping = 0;
  for (const char *p = params; *p; p++) {
    if (*p == '<' || *p == '(')
      depth++;
    else if ((*p == '>' || *p == ')') && depth)
      depth--;
    if (!depth && *p == ',')
      skipping = 0;
    else if (!depth && *p == '=')
      skipping = 1;
    if (!skipping)
      strbuf_appendc(&b, *p);
  }
  return strbuf_take(&b);
}

void cu2cl_host_stub_closures(strbuf *b, const cu2cl_kernel_spec *const *ks,
                              size_t n) {
  if (!n)
    return;
  const cu2cl_kernel_spec *k0 = ks[0];
  for (size_t i = 0; i < n; i++)
    append_ref(b, ks[i], 0);
  char *params = without_defaults(k0->tpl_params);
  strbuf_printf(
      b,
      "/* Launches %s for the closures of lambdas written in host "
      "code, which have no type name to specialize for: the lambda "
      "that made the closure (recorded by cu2cl_closure_at) picks "
      "the OpenCL kernel. */\ntemplate <%s>\ncu2clError_t "
      "cu2cl_launch_%s(dim3 cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,\n"
      "    cu2clStream_t cu2cl_stream",
      k0->cuda_name, params, k0->cuda_name);
  free(params);
  for (size_t i = 0; i < k0->pattern_params.len; i++) {
    char *param = with_host_names(k0->pattern_params.items[i]);
    strbuf_printf(b, ", %s", param);
    free(param);
  }
  strbuf_append(b, ") {\n");
  for (size_t i = 0; i < n; i++) {
    strbuf_printf(b, "  if (%s) { /* %s */\n", ks[i]->closure_cond,
                  ks[i]->cl_name);
    size_t na = append_args(b, ks[i], "    ");
    strbuf_printf(b,
                  "    return cu2clLaunchKernel(&%s, cu2cl_grid, cu2cl_block, "
                  "cu2cl_shmem, "
                  "cu2cl_stream, cu2cl_args, %zu);\n  }\n",
                  ks[i]->ref_name, na);
  }
  /* a closure no wrapper recorded: the launch fails, as CUDA's of a
   * function it has no kernel for, and sets the last error */
  strbuf_append(
      b,
      "  return cu2clLaunchKernel(NULL, cu2cl_grid, cu2cl_block, cu2cl_shmem, "
      "cu2cl_stream, NULL, 0);\n}\n");
}

void cu2cl_host_stub(strbuf *b, CXTranslationUnit tu,
                     const cu2cl_kernel_spec *k, CXCursor kernel, int valued) {
  int kref = valued & 2;
  valued = (valued & 1) | k->external; /* other units may use it as a value */
  append_ref(b, k, valued);
  strbuf_printf(b, "/* Launches %s (OpenCL kernel %s). */\n", k->display,
                k->cl_name);
  /* an external kernel's defaults stay on its first declaration, which
   * declared the stub with them */
  CXCursor with_defaults = kernel;
  if (k->tpl_params ||
      (k->external &&
       !clang_equalCursors(clang_getCanonicalCursor(kernel), kernel)))
    with_defaults = clang_getNullCursor();
  if (k->tpl_params) {
    char *args = cu2cl_host_tpl_args(k);
    strbuf_printf(b, "template <>\ninline cu2clError_t cu2cl_launch_%s<%s>",
                  k->cuda_name, args);
    free(args);
  } else
    strbuf_printf(b, "%scu2clError_t cu2cl_launch_%s",
                  k->external ? "" : "static inline ", k->cuda_name);
  append_stub_params(tu, b, k, with_defaults);
  strbuf_append(b, " {\n");
  size_t n = append_args(b, k, "  ");
  strbuf_printf(
      b,
      "  return cu2clLaunchKernel(&%s, cu2cl_grid, "
      "cu2cl_block, cu2cl_shmem, cu2cl_stream, cu2cl_args, %zu);\n}\n",
      k->ref_name, n);
  if (valued)
    append_launchv(b, k);
  if (k->tpl_params && kref) {
    char *args = cu2cl_host_tpl_args(k);
    strbuf_printf(b,
                  "template <>\ninline cu2clKernelRef *cu2cl_kref_%s<%s>() "
                  "{\n  return &%s;\n}\n",
                  k->cuda_name, args, k->ref_name);
    free(args);
  }
}

void cu2cl_host_stub_extern(strbuf *b, CXTranslationUnit tu, CXCursor decl) {
  char *ref = cu2cl_kernel_ref_name(decl);
  char *name = cx_spelling(decl);
  strbuf_printf(b,
                "extern cu2clKernelRef %s;\ncu2clError_t cu2cl_launch_%s(dim3 "
                "cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,\n    "
                "cu2clStream_t cu2cl_stream",
                ref, name);
  int n = clang_Cursor_getNumArguments(decl);
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(decl, (unsigned)i);
    char *t = cx_type_spelling(clang_getCursorType(p));
    char *type = without_restrict(t);
    char *pn = cx_spelling(p);
    CXCursor *kids;
    unsigned nk = cx_children(p, &kids);
    char *def = NULL;
    for (unsigned j = nk; j-- > 0 && !def;)
      if (clang_isExpression(clang_getCursorKind(kids[j])))
        def = cx_tokens_text(tu, kids[j]);
    free(kids);
    strbuf_printf(b, ", %s%s", type, str_ends_with(type, "*") ? "" : " ");
    if (*pn)
      strbuf_append(b, pn);
    else
      strbuf_printf(b, "arg%d", i);
    if (def)
      strbuf_printf(b, " = %s", def);
    free(def);
    free(pn);
    free(type);
    free(t);
  }
  strbuf_append(b, ");\n");
  free(name);
  free(ref);
}

/* The text that replaces `<<<cfg>>>(` of a launch: lead, the
 * configuration padded to four values, and a comma before any argument. */
char *cu2cl_host_launch_config(const char *open, const char *close,
                               const char *paren, const char *end,
                               const char *lead) {
  int depth = 0, commas = 0; /* top-level commas of the configuration */
  for (const char *p = open + 3; p < close; p++) {
    if (*p == '(' || *p == '[' || *p == '{')
      depth++;
    else if (*p == ')' || *p == ']' || *p == '}')
      depth--;
    else if (*p == ',' && depth == 0)
      commas++;
  }
  const char *q = paren + 1;
  while (q < end && (*q == ' ' || *q == '\t' || *q == '\n'))
    q++;
  strbuf t = {0};
  strbuf_append(&t, lead);
  strbuf_appendn(&t, open + 3, (size_t)(close - open - 3));
  for (int i = commas; i < 3; i++)
    strbuf_append(&t, ", 0");
  if (*q != ')')
    strbuf_append(&t, ", ");
  return strbuf_take(&t);
}

/* The kernel templates a launch's callee may name: its declaration, or the
 * candidates of a name that a template's dependent arguments leave
 * unresolved. */
static enum CXChildVisitResult launch_candidates(CXCursor c, CXCursor parent,
                                                 CXClientData data) {
  (void)parent;
  int *found = ((int **)data)[0];
  const cu2cl_device_unit *dev = ((const cu2cl_device_unit **)data)[1];
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_OverloadedDeclRef && k != CXCursor_DeclRefExpr)
    return CXChildVisit_Recurse;
  /* a name the template's dependent arguments leave unresolved refers to
   * its candidates */
  CXCursor r =
      k == CXCursor_OverloadedDeclRef ? c : clang_getCursorReferenced(c);
  int over = clang_getCursorKind(r) == CXCursor_OverloadedDeclRef;
  unsigned n = over ? clang_getNumOverloadedDecls(r) : 1;
  for (unsigned i = 0; i < n; i++) {
    CXCursor d = over ? clang_getOverloadedDecl(r, i) : r;
    if (clang_getCursorKind(d) != CXCursor_FunctionTemplate ||
        !(cx_cuda_attrs(d) & CX_GLOBAL))
      continue;
    char *usr = cx_usr(d);
    int emitted = 0;
    for (size_t j = 0; j < dev->nkernels && !emitted; j++)
      emitted = !strcmp(dev->kernels[j].template_usr, usr);
    free(usr);
    *found |= !emitted;
  }
  return CXChildVisit_Break;
}

int cu2cl_host_launches_unlaunched(const cu2cl_device_unit *dev,
                                   CXCursor call) {
  CXCursor *kids;
  unsigned n = cx_children(call, &kids);
  int found = 0;
  const void *data[2] = {&found, dev};
  if (n) {
    if (launch_candidates(kids[0], call, (CXClientData)data) ==
        CXChildVisit_Recurse)
      clang_visitChildren(kids[0], launch_candidates, (CXClientData)data);
  }
  free(kids);
  return found;
}
