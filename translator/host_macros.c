/*
 * host_macros: the CUDA header macros the port keeps; see host_macros.h.
 */
#include "host_macros.h"

#include <string.h>

#include "cx.h"
#include "util.h"

/* CUDA's header macros that user code tests (include guards: helper
 * headers define their error checks under #ifdef __DRIVER_TYPES_H__ and
 * #ifdef __CUDA_RUNTIME_H__; versions: #if CUDART_VERSION >= ...). The
 * port defines those the host parse had from a CUDA header, with the value
 * it saw, so that user code takes the same branches (docs/usage.md). The
 * compiler's own macros (__CUDACC__, __NVCC__, __CUDACC_VER_*__) are not
 * kept: the port's compiler is not nvcc. */
static const char *const cuda_header_macros[] = {
    "__CUDA_RUNTIME_H__",     "__CUDA_RUNTIME_API_H__",
    "__DRIVER_TYPES_H__",     "__VECTOR_TYPES_H__",
    "__VECTOR_FUNCTIONS_H__", "__DEVICE_LAUNCH_PARAMETERS_H__",
    "__MATH_CONSTANTS_H__",   "__DRIVER_FUNCTIONS_H__",
    "__cuda_cuda_h__",        "CUDART_VERSION",
    "CUDA_VERSION",           NULL};

typedef struct macro_walk {
  CXTranslationUnit tu;
  const char *const *cuda_dirs;
  strbuf *out;
} macro_walk;

static int is_cuda_header_macro(const char *name) {
  for (const char *const *m = cuda_header_macros; *m; m++)
    if (!strcmp(*m, name))
      return 1;
  return 0;
}

static enum CXChildVisitResult macro_visit(CXCursor c, CXCursor p,
                                           CXClientData d) {
  (void)p;
  macro_walk *w = d;
  if (clang_getCursorKind(c) != CXCursor_MacroDefinition ||
      clang_Cursor_isMacroFunctionLike(c))
    return CXChildVisit_Continue;
  char *name = cx_spelling(c);
  cx_loc l = is_cuda_header_macro(name) ? cx_location(c) : (cx_loc){0};
  if (l.file && path_is_under_any(l.file, w->cuda_dirs)) {
    CXToken *toks;
    unsigned n;
    clang_tokenize(w->tu, clang_getCursorExtent(c), &toks, &n);
    strbuf_printf(w->out, "#define %s", name);
    for (unsigned i = 1; i < n; i++) {
      char *t = cx_take(clang_getTokenSpelling(w->tu, toks[i]));
      strbuf_printf(w->out, " %s", t);
      free(t);
    }
    strbuf_append(w->out, "\n");
    clang_disposeTokens(w->tu, toks, n);
  }
  cx_loc_free(&l);
  free(name);
  return CXChildVisit_Continue;
}

char *cu2cl_cuda_header_macros(CXTranslationUnit tu,
                               const char *const *cuda_dirs) {
  strbuf out = {0};
  macro_walk w = {tu, cuda_dirs, &out};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), macro_visit, &w);
  return out.len ? strbuf_take(&out) : (strbuf_free(&out), xstrdup(""));
}
