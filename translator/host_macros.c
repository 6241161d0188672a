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
 * compiler's own macros are kept under other names (below). */
static const char *const cuda_header_macros[] = {
    "__CUDA_RUNTIME_H__",     "__CUDA_RUNTIME_API_H__",
    "__DRIVER_TYPES_H__",     "__VECTOR_TYPES_H__",
    "__VECTOR_FUNCTIONS_H__", "__DEVICE_LAUNCH_PARAMETERS_H__",
    "__MATH_CONSTANTS_H__",   "__DRIVER_FUNCTIONS_H__",
    "__cuda_cuda_h__",        "CUDART_VERSION",
    "CUDA_VERSION",           NULL};

/* The CUDA compiler's own macros, which user code tests to tell a CUDA
 * build from another (#ifdef __CUDACC__, #if defined(__NVCC__) ||
 * defined(__HIPCC__)), and their names in the port. A .cu file and the
 * headers it shares with plain C++ units see them defined under nvcc and
 * undefined under the host compiler; the port's compiler is the host
 * compiler for both. So in the project's files the port writes they are
 * renamed, and a translated unit defines the renamed macros the parse had,
 * with the parse's values: its code takes the branches the translation
 * took, while a plain C++ unit including the same header still sees them
 * undefined, as it did. */
static const char *const compiler_macros[][2] = {
    {"__CUDACC__", "CU2CL_CUDACC"},
    {"__NVCC__", "CU2CL_NVCC"},
    {"__CUDACC_VER_MAJOR__", "CU2CL_CUDACC_VER_MAJOR"},
    {"__CUDACC_VER_MINOR__", "CU2CL_CUDACC_VER_MINOR"},
    {"__CUDACC_VER_BUILD__", "CU2CL_CUDACC_VER_BUILD"},
    {"__CUDACC_RDC__", "CU2CL_CUDACC_RDC"},
    {NULL, NULL}};

#define N_COMPILER_MACROS                                                      \
  (sizeof compiler_macros / sizeof compiler_macros[0] - 1)

static int compiler_macro_index(const char *name) {
  if (name[0] != '_' || name[1] != '_')
    return -1;
  for (size_t i = 0; compiler_macros[i][0]; i++)
    if (!strcmp(compiler_macros[i][0], name))
      return (int)i;
  return -1;
}

const char *cu2cl_compiler_macro_port_name(const char *name) {
  int i = compiler_macro_index(name);
  return i < 0 ? NULL : compiler_macros[i][1];
}

typedef struct macro_walk {
  CXTranslationUnit tu;
  const char *const *cuda_dirs;
  int compiler; /* the compiler's macros, renamed, instead of the headers':
                   2 all of them (a CUDA unit), 1 only __NVCC__ */
  strbuf *out;
  char *found[N_COMPILER_MACROS]; /* the compiler's, in the table's order */
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
  int k = compiler_macro_index(name);
  int want = w->compiler
                 ? k >= 0 && (w->compiler == 2 || !strcmp(name, "__NVCC__"))
                 : is_cuda_header_macro(name);
  cx_loc l = want ? cx_location(c) : (cx_loc){0};
  /* the compiler's: predefined, from the command line (no file) or from
   * a CUDA or system header (cu2cl's own and clang's CUDA wrapper define
   * __CUDACC__) */
  int cuda = l.file && path_is_under_any(l.file, w->cuda_dirs);
  if (want && w->compiler)
    cuda = cuda || !l.file ||
           clang_Location_isInSystemHeader(clang_getCursorLocation(c));
  if (want && cuda) {
    CXToken *toks;
    unsigned n;
    clang_tokenize(w->tu, clang_getCursorExtent(c), &toks, &n);
    strbuf line = {0};
    strbuf_printf(&line, "#define %s",
                  w->compiler ? compiler_macros[k][1] : name);
    for (unsigned i = 1; i < n; i++) {
      char *t = cx_take(clang_getTokenSpelling(w->tu, toks[i]));
      strbuf_printf(&line, " %s", t);
      free(t);
    }
    strbuf_append(&line, "\n");
    clang_disposeTokens(w->tu, toks, n);
    if (w->compiler) {
      free(w->found[k]);
      w->found[k] = strbuf_take(&line);
    } else {
      strbuf_append(w->out, line.data);
      strbuf_free(&line);
    }
  }
  cx_loc_free(&l);
  free(name);
  return CXChildVisit_Continue;
}

static char *walk_macros(CXTranslationUnit tu, const char *const *cuda_dirs,
                         int compiler) {
  strbuf out = {0};
  macro_walk w = {tu, cuda_dirs, compiler, &out, {0}};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), macro_visit, &w);
  for (size_t i = 0; i < N_COMPILER_MACROS; i++)
    if (w.found[i]) {
      strbuf_append(&out, w.found[i]);
      free(w.found[i]);
    }
  return out.len ? strbuf_take(&out) : (strbuf_free(&out), xstrdup(""));
}

char *cu2cl_cuda_header_macros(CXTranslationUnit tu,
                               const char *const *cuda_dirs) {
  return walk_macros(tu, cuda_dirs, 0);
}

char *cu2cl_compiler_macros(CXTranslationUnit tu, const char *const *cuda_dirs,
                            int cuda) {
  return walk_macros(tu, cuda_dirs, cuda ? 2 : 1);
}
