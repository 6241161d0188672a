/*
 * emit_host: rewrites host code by source ranges; see emit_host.h.
 *
 * Edits are collected as (begin, end, text) over byte offsets of the main
 * file, sorted, and applied in one pass; an edit that falls inside an
 * earlier one (a rename inside a removed kernel) is dropped. Source text
 * outside the edits is copied unchanged.
 */
#include "emit_host.h"

#include <ctype.h>
#include <string.h>

#include "cx.h"
#include "host_macros.h"
#include "host_callable.h"
#include "host_edits.h"
#include "host_kptr.h"
#include "host_symbols.h"
#include "host_stub.h"
#include "rules.h"

#include "host_launch.h"
#include "host_state.h"

/* Whether the token at tr is the name of a declaration of name, a macro's
 * #define included (a user rule maps the uses of a wrapper, not the
 * wrapper itself). */
static int declares(host *h, CXSourceRange tr, const char *name) {
  CXCursor c = clang_getCursor(h->tu, clang_getRangeStart(tr));
  enum CXCursorKind k = clang_getCursorKind(c);
  if (!clang_isDeclaration(k) && k != CXCursor_MacroDefinition)
    return 0;
  char *n = cx_spelling(c);
  int same = !strcmp(n, name);
  free(n);
  return same;
}

/* ---- kernels -------------------------------------------------------- */

/* The specializations of the kernel declared by decl (a FunctionDecl or a
 * FunctionTemplate) that the device unit emitted, as stubs; each is placed
 * once, at the kernel's first declaration (one that names a type declared
 * later, after that type: place_late_stubs). *dead: a kernel template that
 * nothing instantiates, whose stubs' primary template alone is returned. */
static char *stubs_for(host *h, CXCursor decl, int *dead) {
  char *usr = cx_usr(decl);
  strbuf b = {0};
  int emitted = 0;
  *dead = 0;
  /* specializations for host lambdas' closures: one generic definition */
  const cu2cl_kernel_spec **closures =
      xcalloc(h->dev->nkernels + 1, sizeof *closures);
  size_t nclosures = 0;
  for (size_t i = 0; i < h->dev->nkernels; i++) {
    const cu2cl_kernel_spec *k = &h->dev->kernels[i];
    emitted |= !strcmp(k->template_usr, usr);
    if (strcmp(k->template_usr, usr) || strvec_contains(&h->stubbed, k->usr))
      continue;
    if (k->tpl_params && !strvec_contains(&h->stubbed, k->template_usr)) {
      strvec_push(&h->stubbed, k->template_usr);
      cu2cl_host_stub_template(&b, h->tu, k, decl,
                               strvec_contains(&h->krefs, k->template_usr));
    }
    if (k->stub_file) /* after types declared later: place_late_stubs */
      continue;
    strvec_push(&h->stubbed, k->usr);
    if (k->closure_cond)
      closures[nclosures++] = k;
    else
      cu2cl_host_stub(&b, h->tu, k, decl,
                      strvec_contains(&h->valued, k->usr) |
                          (strvec_contains(&h->krefs, k->template_usr) << 1));
  }
  cu2cl_host_stub_closures(&b, closures, nclosures);
  free(closures);
  if (!emitted && clang_getCursorKind(decl) == CXCursor_FunctionTemplate &&
      !strvec_contains(&h->stubbed, usr)) {
    strvec_push(&h->stubbed, usr);
    *dead = 1;
    cu2cl_host_stub_unlaunched(&b, h->tu, decl,
                               strvec_contains(&h->krefs, usr));
  }
  free(usr);
  return strbuf_take(&b);
}

/* The stubs of specializations that name types declared after the
 * kernel, where the device unit placed them (emit_device.h: stub_file):
 * in the main file, after the last of those types. */
static void place_late_stubs(host *h) {
  for (size_t i = 0; i < h->dev->nkernels; i++) {
    const cu2cl_kernel_spec *k = &h->dev->kernels[i];
    CXFile f = k->stub_file ? clang_getFile(h->tu, k->stub_file) : NULL;
    if (!f || !clang_File_isEqual(f, h->file) || k->stub_at > h->src_len)
      continue;
    strbuf b = {0};
    strbuf_printf(&b,
                  "/* cu2cl: kernel %s is in %s; a launch stub for "
                  "types declared above: */\n",
                  k->cuda_name, h->opts->cl_name);
    cu2cl_host_stub(&b, h->tu, k, clang_getNullCursor(),
                    strvec_contains(&h->valued, k->usr) |
                        (strvec_contains(&h->krefs, k->template_usr) << 1));
    host_add_edit(h, k->stub_at, k->stub_at, strbuf_take(&b));
  }
}

/* 1 for a conditional directive (#if, #ifdef, #ifndef, #elif, #else,
 * #endif) at line start p. */
static int conditional_line(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  if (p == end || *p != '#')
    return 0;
  for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
    ;
  return (size_t)(end - p) >= 2 &&
         (!strncmp(p, "if", 2) || !strncmp(p, "el", 2) ||
          !strncmp(p, "endif", 5));
}

/* The text of [b, e), a device-only declaration that crosses conditional
 * directives (`#ifdef GPU` / `__device__` / `#endif` / `inline T f(...)`,
 * a header whose function is device code only where the .cu defines GPU):
 * the directives kept, so that the file's conditionals stay balanced, and
 * the code between them compiled where CU2CL_CUDACC is not defined (the
 * translated .cu files define it): other files including the header, for
 * which it may be host code (HeCBench sc's partitioner.h). NULL when it
 * crosses none. */
static char *guarded_removal(host *h, unsigned b, unsigned e) {
  const char *s = h->src, *end = h->src + e;
  int crosses = 0;
  for (const char *p = s + b; p < end && !crosses;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    crosses = conditional_line(p, le);
    p = nl ? nl + 1 : end;
  }
  if (!crosses)
    return NULL;
  strbuf out = {0}, chunk = {0};
  int code = 0; /* chunk holds more than blanks */
  for (const char *p = s + b; p <= end;) {
    const char *nl = p < end ? memchr(p, '\n', (size_t)(end - p)) : NULL;
    const char *le = nl ? nl : end;
    int directive = p < end && conditional_line(p, le);
    if (directive || p >= end) {
      if (code)
        strbuf_printf(&out,
                      "#ifndef CU2CL_CUDACC /* cu2cl: device code in the "
                      ".cu files; here for the files that are not */\n%s"
                      "#endif\n",
                      strbuf_cstr(&chunk));
      strbuf_reset(&chunk);
      code = 0;
    }
    if (p >= end)
      break;
    strbuf *to = directive ? &out : &chunk;
    strbuf_appendn(to, p, (size_t)(le - p));
    strbuf_append(to, "\n");
    for (const char *q = p; q < le && !directive && !code; q++)
      code = !isspace((unsigned char)*q);
    p = nl ? nl + 1 : end;
  }
  strbuf_free(&chunk);
  return strbuf_take(&out);
}

static void remove_decl(host *h, CXCursor c, char *replacement) {
  unsigned b, e;
  if (!host_extent_in_target(h, c, &b, &e)) {
    free(replacement);
    return;
  }
  cu2cl_edits_widen_to_lines(h->src, h->src_len, &b, &e);
  char *kept = guarded_removal(h, b, e);
  if (kept) {
    char *r = xasprintf("%s%s", replacement ? replacement : "", kept);
    free(kept);
    free(replacement);
    replacement = r;
  }
  host_add_edit(h, b, e, replacement ? replacement : xstrdup(""));
}

/* `extern "C" __global__ void k(...)`: the linkage specification that
 * holds only this declaration goes with it (the stubs that replace a
 * kernel are static); c itself when it has no such parent. */
static CXCursor braceless_linkage(host *h, CXCursor c) {
  CXCursor p = clang_getCursorLexicalParent(c);
  unsigned b, e;
  if (clang_getCursorKind(p) != CXCursor_LinkageSpec ||
      !host_extent_in_target(h, p, &b, &e))
    return c;
  const char *q = memchr(h->src + b, '"', e - b);
  q = q ? memchr(q + 1, '"', (size_t)(h->src + e - q - 1)) : NULL;
  if (!q)
    return c;
  for (q++; q < h->src + e && isspace((unsigned char)*q); q++)
    ;
  return q < h->src + e && *q == '{' ? c : p;
}

static void handle_function(host *h, CXCursor c) {
  unsigned a = cx_cuda_attrs(c);
  if ((a & CX_GLOBAL) && !clang_isCursorDefinition(c) &&
      cu2cl_kernel_is_external(c)) {
    strbuf b = {0};
    char *name = cx_spelling(c);
    strbuf_printf(&b,
                  "/* cu2cl: kernel %s, defined in another file or below; "
                  "its launch stub: */\n",
                  name);
    cu2cl_host_stub_extern(&b, h->tu, c);
    free(name);
    remove_decl(h, braceless_linkage(h, c), strbuf_take(&b));
  } else if (a & CX_GLOBAL) {
    int dead;
    char *stubs = stubs_for(h, c, &dead);
    char *name = cx_spelling(c);
    char *text =
        dead ? xasprintf("/* cu2cl: kernel %s: nothing instantiates it, so it "
                         "has no OpenCL kernel; launches in templates never "
                         "instantiated name this declaration. */\n%s",
                         name, stubs)
        : *stubs ? xasprintf("/* cu2cl: kernel %s is in %s; its "
                             "launch stubs follow. */\n%s",
                             name, h->opts->cl_name, stubs)
                 : xasprintf("/* cu2cl: kernel %s is in %s. */\n", name,
                             h->opts->cl_name);
    free(stubs);
    free(name);
    remove_decl(h, braceless_linkage(h, c), text);
  } else if ((a & CX_DEVICE) && !(a & CX_HOST) &&
             !cu2cl_host_callable_method(c)) {
    remove_decl(h, braceless_linkage(h, c), NULL);
  }
}

/* Replaces variable c's declaration with text (owned). The declarators of
 * one declaration (__constant__ float a[4], b[4];) all start at its
 * specifiers: each after the first replaces only its own part, from the
 * end of the one before it (the comma on). */
static void replace_variable(host *h, CXCursor c, char *text) {
  unsigned b, e;
  if (!host_extent_in_target(h, c, &b, &e)) {
    free(text);
    return;
  }
  unsigned from =
      b == h->var_begin && h->var_end > b && h->var_end <= e ? h->var_end : b;
  h->var_begin = b;
  h->var_end = e;
  b = from;
  cu2cl_edits_widen_to_lines(h->src, h->src_len, &b, &e);
  host_add_edit(h, b, e, text ? text : xstrdup(""));
}

/* The initializer [ib, ie) of variable c named at offset at, as the text
 * of a copy-initialization (NULL: none). A class's construction starts at
 * the name: nothing after it is an implicit default construction
 * (`__constant__ stack_t stack;`), `s(1, 2)` and `s{1, 2}` are {1, 2}. */
static char *constructed_at_name(host *h, CXCursor c, unsigned ib, unsigned ie,
                                 unsigned at) {
  if (ib > at)
    return xstrndup(h->src + ib, ie - ib);
  char *name = cx_spelling(c);
  unsigned from = at + (unsigned)strlen(name);
  free(name);
  while (from < ie && isspace((unsigned char)h->src[from]))
    from++;
  if (from + 1 >= ie || (h->src[from] != '(' && h->src[from] != '{'))
    return NULL;
  return xasprintf("{%.*s}", (int)(ie - from - 2), h->src + from + 1);
}

/* __constant__ and __device__ variables become runtime symbols
 * (host_symbols.h); __shared__ ones go. */
static void handle_variable(host *h, CXCursor c) {
  unsigned a = cx_cuda_attrs(c);
  if (!(a & (CX_CONSTANT | CX_DEVICE | CX_SHARED)))
    return;
  if (a & CX_SHARED) {
    replace_variable(h, c, NULL);
    return;
  }
  CXCursor init = clang_Cursor_getVarDeclInitializer(c);
  unsigned ib, ie, at;
  clang_getFileLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &at);
  char *it = NULL;
  if (!clang_Cursor_isNull(init) && host_extent_in_target(h, init, &ib, &ie))
    it = constructed_at_name(h, c, ib, ie, at);
  replace_variable(
      h, c,
      cu2cl_host_symbol(c, it,
                        h->opts->rdc &&
                            clang_getCursorLinkage(c) == CXLinkage_External));
  free(it);
}

static void handle_var_template(host *h, CXCursor c) {
  char *text = cu2cl_host_symbol_template(h->tu, c);
  if (text)
    remove_decl(h, c, text);
}

/* #define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__) becomes
 * #define LAUNCH(k, g, b, ...) cu2cl_launch_##k(g, b, 0, 0, __VA_ARGS__):
 * a launch in a macro body is rewritten once, in the body. A kernel named
 * by a macro parameter is pasted onto the stub prefix (k may carry
 * template arguments: only its first token is pasted). */
static void handle_macro(host *h, CXCursor c) {
  if (host_launch_tokens(h, c, 1))
    h->macro_launches = 1;
}

/* An include of a CUDA header (the toolkit's or cu2cl's own) gives way to
 * cu2clrt.h, Thrust's to cu2clrt_thrust.hpp, CUB's to cu2clrt_cub.hpp,
 * cuda_fp16.h to cu2clrt_fp16.h, cuda_bf16.h to cu2clrt_bf16.h, cuda_fp8.h
 * to cu2clrt_fp8.h, cuComplex.h to cu2clrt_complex.h, curand_kernel.h to
 * cu2clrt_curand.h; the first include of the file
 * is noted (the cu2clrt block goes there). */
/* The CUDA library (cuBLAS, cuRAND, ...) whose header c includes, from
 * rules/scan.def; NULL for any other header or one cu2cl's own headers
 * provide. libcu++'s <cuda/...> is left to the parse. */
static const char *unmapped_library(host *h, CXCursor c) {
  static const struct {
    const char *header, *library;
  } libs[] = {
#define CU2CL_SCAN_LIBRARY(prefix, header, library) {header, library},
#include "../rules/scan.def"
  };
  char *name = cx_spelling(c);
  const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
  const char *hit = NULL;
  for (size_t i = 0; !hit && i < sizeof libs / sizeof *libs; i++)
    if (!strchr(libs[i].header, '/') && str_starts_with(base, libs[i].header))
      hit = libs[i].library;
  if (hit && h->opts->own_headers) { /* a part cu2cl maps has its header */
    char *own = path_join(h->opts->own_headers, name);
    if (path_exists(own))
      hit = NULL;
    free(own);
  }
  free(name);
  return hit;
}

static void handle_include(host *h, CXCursor c) {
  unsigned b, e;
  if (!host_extent_in_target(h, c, &b, &e))
    return;
  if (!h->first_include_seen) {
    h->first_include_seen = 1;
    h->first_include = b;
  }
  CXFile f = clang_getIncludedFile(c);
  char *path = f ? cx_take(clang_getFileName(f)) : xstrdup("");
  /* a library's header is a system header (the CUDA installation's
   * directory, /usr/include); a project's cublas_utils.h is not. Asked at
   * the file's end, after any `#pragma clang system_header`. */
  size_t size = 0;
  if (f)
    clang_getFileContents(h->tu, f, &size);
  CXSourceLocation at =
      clang_getLocationForOffset(h->tu, f, size ? (unsigned)size - 1 : 0);
  const char *library =
      f && clang_Location_isInSystemHeader(at) ? unmapped_library(h, c) : NULL;
  if (library) {
    char *name = cx_spelling(c);
    host_report(h, c, CU2CL_D_UNMAPPED_LIBRARY, name, library);
    free(name);
  } else if (path_is_under_any(path, h->opts->cuda_include_dirs)) {
    char *name = cx_spelling(c);
    const char *layer = str_starts_with(name, "thrust/") ? "cu2clrt_thrust.hpp"
                        : str_starts_with(name, "cub/")  ? "cu2clrt_cub.hpp"
                        : str_starts_with(name, "cuda_fp16") ? "cu2clrt_fp16.h"
                        : str_starts_with(name, "cuda_bf16") ? "cu2clrt_bf16.h"
                        : str_starts_with(name, "cuda_fp8")  ? "cu2clrt_fp8.h"
                        : !strcmp(name, "cuComplex.h")     ? "cu2clrt_complex.h"
                        : !strcmp(name, "curand_kernel.h") ? "cu2clrt_curand.h"
                                                           : "cu2clrt.h";
    int *seen = !strcmp(layer, "cu2clrt_thrust.hpp")  ? &h->thrust_included
                : !strcmp(layer, "cu2clrt_cub.hpp")   ? &h->cub_included
                : !strcmp(layer, "cu2clrt_fp16.h")    ? &h->fp16_included
                : !strcmp(layer, "cu2clrt_bf16.h")    ? &h->bf16_included
                : !strcmp(layer, "cu2clrt_fp8.h")     ? &h->fp8_included
                : !strcmp(layer, "cu2clrt_complex.h") ? &h->complex_included
                : !strcmp(layer, "cu2clrt_curand.h")  ? &h->curand_included
                                                      : NULL;
    if (seen && !*seen) {
      /* Thrust, CUB: cu2clrt's own layers over its device algorithms;
       * the host types of half precision, bfloat16, fp8 and complex
       * numbers */
      *seen = 1;
      host_add_edit(
          h, b, e, xasprintf("#include \"%s\" /* cu2cl: <%s> */", layer, name));
    } else if (!strcmp(name, "cuda.h")) {
      /* the driver API's header brings <stdint.h> (cuuint64_t) */
      host_add_edit(
          h, b, e,
          xasprintf("#include <stdint.h> /* cu2cl: <%s> is provided by "
                    "%s; it brings <stdint.h> */",
                    name, layer));
    } else {
      host_add_edit(
          h, b, e,
          xasprintf("/* cu2cl: <%s> is provided by %s */", name, layer));
    }
    free(name);
  }
  free(path);
}

/* Where the cu2clrt block may go: before the first top-level declaration,
 * and never inside a top-level namespace or extern "C" block. */
static void note_top_level(host *h, CXCursor c) {
  unsigned b, e;
  if (!host_extent_in_target(h, c, &b, &e))
    return;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec) {
    h->blocks = xrealloc(h->blocks, (h->nblocks + 1) * 2 * sizeof(unsigned));
    h->blocks[2 * h->nblocks] = b;
    h->blocks[2 * h->nblocks++ + 1] = e;
  }
  if (clang_isDeclaration(k) && b < h->first_decl) {
    cu2cl_edits_widen_to_lines(h->src, h->src_len, &b, &e);
    h->first_decl = b;
  }
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor p,
                                         CXClientData d) {
  host *h = d;
  if (!host_in_target(h, c))
    return CXChildVisit_Continue;
  if (clang_getCursorKind(p) == CXCursor_TranslationUnit)
    note_top_level(h, c);
  switch (clang_getCursorKind(c)) {
  case CXCursor_Namespace:
  case CXCursor_LinkageSpec:
  /* classes: their device-only member functions go (they may declare
   * __shared__ memory or call device built-ins) */
  case CXCursor_StructDecl:
  case CXCursor_ClassDecl:
  case CXCursor_ClassTemplate:
  case CXCursor_ClassTemplatePartialSpecialization:
    return CXChildVisit_Recurse;
  case CXCursor_CXXMethod:
  case CXCursor_Constructor:
  case CXCursor_Destructor:
  case CXCursor_ConversionFunction:
  case CXCursor_FunctionDecl:
  case CXCursor_FunctionTemplate:
    handle_function(h, c);
    break;
  case CXCursor_VarDecl:
    handle_variable(h, c);
    break;
  case CXCursor_UnexposedDecl: /* variable templates among others */
    handle_var_template(h, c);
    break;
  case CXCursor_MacroDefinition:
    handle_macro(h, c);
    break;
  case CXCursor_InclusionDirective:
    handle_include(h, c);
    break;
  default:
    break;
  }
  return CXChildVisit_Continue;
}

/* ---- names ---------------------------------------------------------- */

typedef struct enclosing {
  CXFile file;
  unsigned offset;
  CXCursor fn;
} enclosing;

static enum CXChildVisitResult find_enclosing(CXCursor c, CXCursor p,
                                              CXClientData d) {
  enclosing *en = d;
  unsigned b, e;
  CXSourceRange r = clang_getCursorExtent(c);
  CXFile fb, fe;
  clang_getFileLocation(clang_getRangeStart(r), &fb, NULL, NULL, &b);
  clang_getFileLocation(clang_getRangeEnd(r), &fe, NULL, NULL, &e);
  /* (a declaration may begin in a macro: __global__ void k()) */
  if (!fe || !clang_File_isEqual(fe, en->file) || en->offset >= e ||
      (fb && clang_File_isEqual(fb, en->file) && en->offset < b))
    return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
      k == CXCursor_FunctionTemplate || k == CXCursor_Constructor) {
    en->fn = c;
    return CXChildVisit_Break;
  }
  return k == CXCursor_Namespace || k == CXCursor_StructDecl ||
                 k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate
             ? CXChildVisit_Recurse
             : CXChildVisit_Continue;
}

/* 1 when the token at tr lies in a function that runs on the device only
 * (a kernel, a __device__ function), whose code the device emitter
 * prints. */
static int in_device_code(host *h, CXSourceRange tr) {
  enclosing en = {NULL, 0, clang_getNullCursor()};
  clang_getFileLocation(clang_getRangeStart(tr), &en.file, NULL, NULL,
                        &en.offset);
  clang_visitChildren(clang_getTranslationUnitCursor(h->tu), find_enclosing,
                      &en);
  if (clang_Cursor_isNull(en.fn))
    return 0;
  unsigned a = cx_cuda_attrs(en.fn);
  return (a & (CX_DEVICE | CX_GLOBAL)) && !(a & CX_HOST);
}

/* thrust::NAME and cub::NAME: rows "thrust::NAME" ("cub::NAME") of
 * runtime_api.def say whether cu2clrt_thrust.hpp (cu2clrt_cub.hpp) provides
 * NAME (then the namespace is renamed cu2cl_thrust, cu2cl_cub) or not
 * (reported). The other uses of the identifier (using-directives,
 * namespace aliases) are renamed as well. */
static void rename_library(host *h, CXToken *toks, unsigned n, unsigned i,
                           const char *lib) {
  char *sep = cx_take(clang_getTokenSpelling(h->tu, toks[i + 1]));
  char *member = i + 2 < n ? cx_take(clang_getTokenSpelling(h->tu, toks[i + 2]))
                           : xstrdup("");
  unsigned b, e;
  host_token_offsets(h, toks[i], &b, &e);
  if (strcmp(sep, "::")) {
    host_add_edit(h, b, e, xasprintf("cu2cl_%s", lib));
  } else {
    char *key = xasprintf("%s::%s", lib, member);
    const cu2cl_host_rule *r = cu2cl_rules_host_find(key);
    CXSourceRange tr = clang_getTokenExtent(h->tu, toks[i + 2]);
    if (r && r->replacement && !strcmp(r->replacement, key)) {
      /* device code's: cu2cl's own CUB defines it, the emitter prints it */
      if (!in_device_code(h, tr))
        host_token_report(
            h, tr, CU2CL_D_UNSUPPORTED_API, key,
            "CUB's block- and warp-level primitives are for device "
            "code; cu2clrt's host CUB does not have them");
    } else if (r && r->replacement)
      host_add_edit(h, b, e, xasprintf("cu2cl_%s", lib));
    else if (r)
      host_token_report(h, tr, CU2CL_D_UNSUPPORTED_API, key, r->notes);
    else
      host_token_report(h, tr, CU2CL_D_UNKNOWN_CUDA_API, key, NULL);
    free(key);
  }
  free(sep);
  free(member);
}

/* Whether r lies in the body of a function that exists on the host
 * alone. */
static int in_host_function(host *h, CXSourceRange r) {
  CXCursor c = clang_getCursor(h->tu, clang_getRangeStart(r));
  for (int depth = 0; depth < 64 && !clang_Cursor_isNull(c) &&
                      !clang_isTranslationUnit(clang_getCursorKind(c));
       depth++) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ||
        k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
        k == CXCursor_Destructor)
      return !(cx_cuda_attrs(c) & (CX_DEVICE | CX_GLOBAL));
    c = clang_getCursorSemanticParent(c);
  }
  return 0;
}

static unsigned token_line(host *h, CXToken t) {
  unsigned line;
  clang_getSpellingLocation(clang_getTokenLocation(h->tu, t), NULL, &line, NULL,
                            NULL);
  return line;
}

/* The file's outermost preprocessor conditionals (#if ... #endif) are
 * blocks the cu2clrt block must not go into: where its first include is
 * under #ifdef __CUDACC__ or #ifdef _WIN32, the block would be compiled
 * only where that branch is taken. */
static void note_conditionals(host *h, CXToken *toks, unsigned n) {
  unsigned depth = 0, begin = 0;
  for (unsigned i = 0; i + 1 < n; i++) {
    if (clang_getTokenKind(toks[i]) != CXToken_Punctuation ||
        (i && token_line(h, toks[i - 1]) == token_line(h, toks[i])))
      continue;
    char *hash = cx_take(clang_getTokenSpelling(h->tu, toks[i]));
    char *dir = cx_take(clang_getTokenSpelling(h->tu, toks[i + 1]));
    unsigned b, e, db, de;
    host_token_offsets(h, toks[i], &b, &e);
    host_token_offsets(h, toks[i + 1], &db, &de);
    if (strcmp(hash, "#")) {
    } else if (!strcmp(dir, "if") || !strcmp(dir, "ifdef") ||
               !strcmp(dir, "ifndef")) {
      if (!depth++)
        begin = b;
    } else if (!strcmp(dir, "endif") && depth && !--depth) {
      h->blocks = xrealloc(h->blocks, (h->nblocks + 1) * 2 * sizeof(unsigned));
      h->blocks[2 * h->nblocks] = begin;
      h->blocks[2 * h->nblocks++ + 1] = de;
    }
    free(hash);
    free(dir);
  }
}

static void rename_tokens(host *h) {
  CXSourceRange all = clang_getRange(
      clang_getLocationForOffset(h->tu, h->file, 0),
      clang_getLocationForOffset(h->tu, h->file, (unsigned)h->src_len));
  CXToken *toks;
  unsigned n;
  clang_tokenize(h->tu, all, &toks, &n);
  if (h->is_main)
    note_conditionals(h, toks, n);
  for (unsigned i = 0; i < n; i++) {
    if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
      continue;
    char *name = cx_take(clang_getTokenSpelling(h->tu, toks[i]));
    if ((!strcmp(name, "thrust") || !strcmp(name, "cub")) && i + 2 < n) {
      rename_library(h, toks, n, i, name);
      free(name);
      char *sep = cx_take(clang_getTokenSpelling(h->tu, toks[i + 1]));
      if (!strcmp(sep, "::"))
        i += 2; /* the member is the library's (thrust::cuda::par) */
      free(sep);
      continue;
    }
    const cu2cl_host_rule *r = cu2cl_rules_host_find(name);
    CXSourceRange tr = clang_getTokenExtent(h->tu, toks[i]);
    unsigned b, e;
    host_token_offsets(h, toks[i], &b, &e);
    const char *port = cu2cl_compiler_macro_port_name(name);
    if (port) { /* #ifdef __CUDACC__: the branch the parse took */
      host_add_edit(h, b, e, xstrdup(port));
    } else if (!strcmp(name, "__CUDA_ARCH__")) {
      if (!in_host_function(h, tr)) /* host code: the host branch is right */
        host_token_report(h, tr, CU2CL_D_CUDA_ARCH_HOST_BRANCH, NULL, NULL);
    } else if (!strcmp(name, "__managed__")) {
      host_token_report(h, tr, CU2CL_D_UNSUPPORTED_HOST_CONSTRUCT,
                        "__managed__ variables are not supported; use "
                        "cudaMallocManaged",
                        NULL);
    } else if (r && r->replacement && strcmp(r->replacement, name) &&
               !(cu2cl_rules_host_is_user(r) && declares(h, tr, name))) {
      /* (a user's wrapper keeps its own definition) */
      host_add_edit(h, b, e, xstrdup(r->replacement));
      if (h->opts->stats)
        h->opts->stats->api[cu2cl_stats_category(name)]++;
    } else if (r && !r->replacement) {
      host_token_report(h, tr, CU2CL_D_UNSUPPORTED_API, name, r->notes);
    } else if (!r && str_starts_with(name, "cuda")) {
      CXCursor at = clang_getCursor(h->tu, clang_getRangeStart(tr));
      CXCursor ref = clang_getCursorReferenced(at);
      char *rn = cx_spelling(ref);
      /* a macro's argument (assert(!cudaStat)): CUDA's unless declared
       * here; libcu++'s namespace cuda in device code: the emitter's */
      int arg = clang_getCursorKind(at) == CXCursor_MacroExpansion &&
                strcmp(rn, name);
      if (arg ? !cx_user_declares(h->tu, name)
              : !clang_Cursor_isNull(ref) && cx_in_system_header(ref) &&
                    !(!strcmp(name, "cuda") && in_device_code(h, tr)))
        host_token_report(h, tr, CU2CL_D_UNKNOWN_CUDA_API, name, NULL);
      free(rn);
    }
    free(name);
  }
  clang_disposeTokens(h->tu, toks, n);
}

/* ---- assembly ------------------------------------------------------- */

/* Symbols of other units that this unit's kernels use through functions
 * defined there (separate compilation): declared extern, in their
 * namespaces ("a::b::name"), defined by the unit that defines them. */
static void extern_symbols(strbuf *b, const strvec *names) {
  if (names->len)
    strbuf_append(b, "/* cu2cl: symbols of other units (separate "
                     "compilation) */\n");
  for (size_t i = 0; i < names->len; i++) {
    const char *n = names->items[i], *sep;
    int depth = 0;
    for (; (sep = strstr(n, "::")); n = sep + 2, depth++)
      strbuf_printf(b, "namespace %.*s { ", (int)(sep - n), n);
    strbuf_printf(b, "extern cu2clSymbol %s;", n);
    for (int k = 0; k < depth; k++)
      strbuf_append(b, " }");
    strbuf_append(b, "\n");
  }
}

static char *program_block(host *h) {
  strbuf b = {0};
  strbuf_append(&b, "#include \"cu2clrt.h\" /* cu2cl: CUDA runtime -> "
                    "cu2clrt */\n"
                    "#include \"cu2clrt_nvcc.h\" /* cu2cl: what nvcc's "
                    "cuda_runtime.h brings */\n");
  char *compiler =
      cu2cl_compiler_macros(h->tu, h->opts->cuda_include_dirs, h->opts->cuda);
  if (*compiler)
    strbuf_printf(&b,
                  "/* cu2cl: the CUDA compiler's macros as the parse saw "
                  "them, renamed in the project's files */\n%s",
                  compiler);
  free(compiler);
  char *macros = cu2cl_cuda_header_macros(h->tu, h->opts->cuda_include_dirs);
  if (*macros)
    strbuf_printf(&b,
                  "/* cu2cl: CUDA header macros as the host parse saw them */"
                  "\n%s",
                  macros);
  free(macros);
  if (h->dev->nkernels) {
    char *options = h->opts->cl_options
                        ? xasprintf("\"%s\"", h->opts->cl_options)
                        : xstrdup("NULL");
    strbuf_printf(&b,
                  "#include \"%s\" /* cu2cl: %s, embedded by the build */\n"
                  "static cu2clProgram cu2cl_program = {\"%s\", %s, %s, "
                  "NULL};\n",
                  h->opts->cl_header, h->opts->cl_name, h->opts->cl_name,
                  h->opts->source_symbol, options);
    free(options);
  }
  extern_symbols(&b, &h->dev->extern_syms);
  return strbuf_take(&b);
}

/* Lambdas of this file whose closures kernel templates take: wrapped so
 * that the launch stub knows which lambda made a closure, with the body of
 * a __device__-only one replaced (cu2cl_host_lambda). */
static void wrap_host_lambdas(host *h) {
  char *name = h->file ? cx_take(clang_getFileName(h->file)) : xstrdup("");
  for (size_t i = 0; i < h->dev->nlambdas; i++) {
    const cu2cl_host_lambda *l = &h->dev->lambdas[i];
    if (strcmp(l->file, name) || l->end > h->src_len)
      continue;
    host_add_edit(h, l->begin, l->begin,
                  xasprintf("cu2cl_closure_at<%luul, %s>(", l->id, l->tag));
    if (l->body)
      host_add_edit(h, l->body_begin, l->body_end, xstrdup(l->body));
    host_add_edit(h, l->end, l->end, xstrdup(")"));
  }
  free(name);
}

char *cu2cl_emit_host(CXTranslationUnit tu, const char *file,
                      const cu2cl_device_unit *dev, const cu2cl_host_opts *opts,
                      cu2cl_diag_engine *diags, size_t *errors,
                      unsigned **lines) {
  host h = {0};
  h.tu = tu;
  h.dev = dev;
  h.opts = opts;
  h.stats = opts->stats;
  h.diags = diags;
  char *main_name = cx_take(clang_getTranslationUnitSpelling(tu));
  h.file = clang_getFile(tu, file ? file : main_name);
  h.is_main = !file || !strcmp(file, main_name);
  free(main_name);
  size_t len = 0;
  const char *src = h.file ? clang_getFileContents(tu, h.file, &len) : NULL;
  h.src = src ? src : "";
  h.src_len = src ? len : 0;
  if (h.is_main && opts->main_len && opts->main_len < h.src_len)
    h.src_len = opts->main_len;
  h.first_decl = (unsigned)h.src_len;
  h.kptr = cu2cl_kptr_analyze(tu);
  wrap_host_lambdas(&h);
  h.collecting_values = 1;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), host_launch_visit,
                      &h);
  h.collecting_values = 0;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), top_visit, &h);
  clang_visitChildren(clang_getTranslationUnitCursor(tu), host_launch_visit,
                      &h);
  place_late_stubs(&h);
  rename_tokens(&h);
  if (h.is_main) {
    /* at the first include or declaration, whichever comes first (code
     * before any include sees what nvcc force-includes), but never inside
     * extern "C" { or a namespace */
    unsigned at = h.first_include_seen ? h.first_include : 0;
    if (h.first_decl < at)
      at = h.first_decl;
    for (size_t i = 0; i < h.nblocks; i++)
      if (h.blocks[2 * i] < at && at < h.blocks[2 * i + 1])
        at = h.blocks[2 * i];
    host_add_edit(&h, at, at, program_block(&h));
  }
  free(h.blocks);
  char *out = cu2cl_edits_apply(&h.edits, h.src, h.src_len, lines);
  cu2cl_edits_free(&h.edits);
  strvec_free(&h.stubbed);
  strvec_free(&h.valued);
  strvec_free(&h.krefs);
  cu2cl_kptr_free(h.kptr);
  *errors += h.errors;
  return out;
}

static enum CXChildVisitResult main_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  if (!cx_in_main_file(c))
    return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
    return CXChildVisit_Recurse;
  if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
    char *n = cx_spelling(c);
    if (!strcmp(n, "main") && clang_getCursorKind(clang_getCursorSemanticParent(
                                  c)) == CXCursor_TranslationUnit)
      *(int *)d = 1;
    free(n);
  }
  return CXChildVisit_Continue;
}

int cu2cl_defines_main(CXTranslationUnit tu) {
  int found = 0;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), main_visit, &found);
  return found;
}
