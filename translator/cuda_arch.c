/* Device code as nvcc's device pass reads it (cuda_arch.h). */
#include "cuda_arch.h"

#include "cx.h"
#include "flags.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char arch_macro[] = "__CUDA_ARCH__";

int cu2cl_cuda_arch_value(const char *arch) {
  const char *a = arch ? arch : CU2CL_DEFAULT_ARCH;
  const char *u = strchr(a, '_');
  int n = u ? atoi(u + 1) : 0;
  if (n <= 0 && arch)
    return cu2cl_cuda_arch_value(NULL);
  return n * 10; /* sm_80 -> 800, sm_90a -> 900 */
}

/* ---- the bodies of device-only functions ------------------------------- */

typedef struct {
  size_t *b, *e, n, cap;
} spans;

static void spans_add(spans *s, size_t b, size_t e) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->b = xrealloc(s->b, s->cap * sizeof *s->b);
    s->e = xrealloc(s->e, s->cap * sizeof *s->e);
  }
  s->b[s->n] = b;
  s->e[s->n++] = e;
}

static int is_function(enum CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ||
         k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
         k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

static int is_scope(enum CXCursorKind k) {
  return k == CXCursor_Namespace || k == CXCursor_LinkageSpec ||
         k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
         k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate ||
         k == CXCursor_ClassTemplatePartialSpecialization;
}

static enum CXChildVisitResult find_device_only(CXCursor c, CXCursor parent,
                                                CXClientData data) {
  (void)parent;
  if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (is_scope(k))
    return CXChildVisit_Recurse;
  if (!is_function(k) || !clang_isCursorDefinition(c))
    return CXChildVisit_Continue;
  unsigned a = cx_cuda_attrs(c);
  if (!(a & (CX_DEVICE | CX_GLOBAL)) || (a & CX_HOST))
    return CXChildVisit_Continue;
  CXSourceRange r = clang_getCursorExtent(c);
  unsigned b, e;
  clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &b);
  clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
  spans_add(data, b, e);
  return CXChildVisit_Continue;
}

static int inside(const spans *s, size_t at) {
  for (size_t i = 0; i < s->n; i++)
    if (s->b[i] <= at && at < s->e[i])
      return 1;
  return 0;
}

/* ---- rewriting one directive -------------------------------------------- */

static int ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

/* Offset of the next token `word` in t[from, to), or `to`. */
static size_t find_word(const char *t, size_t from, size_t to,
                        const char *word) {
  size_t n = strlen(word);
  for (size_t i = from; i + n <= to; i++)
    if (!memcmp(t + i, word, n) && (i == 0 || !ident_char(t[i - 1])) &&
        (i + n == to || !ident_char(t[i + n])))
      return i;
  return to;
}

static size_t skip_blank(const char *t, size_t i, size_t to) {
  while (i < to && (t[i] == ' ' || t[i] == '\t'))
    i++;
  return i;
}

/* t[at, at + n) becomes rep, padded with blanks. */
static void put(char *t, size_t at, size_t n, const char *rep) {
  size_t r = strlen(rep);
  memcpy(t + at, rep, r);
  memset(t + at + r, ' ', n - r);
}

/* `defined(__CUDA_ARCH__)` and `defined __CUDA_ARCH__` become 1, then the
 * macro itself the value. Returns whether the line changed. */
static int rewrite_condition(char *t, size_t from, size_t to, int value) {
  int changed = 0;
  char num[16];
  snprintf(num, sizeof num, "%d", value);
  for (size_t i = from; (i = find_word(t, i, to, "defined")) < to; i++) {
    size_t j = skip_blank(t, i + 7, to), paren = j < to && t[j] == '(';
    j = skip_blank(t, j + paren, to);
    if (find_word(t, j, to, arch_macro) != j)
      continue;
    j = skip_blank(t, j + sizeof arch_macro - 1, to);
    if (paren && (j >= to || t[j] != ')'))
      continue;
    put(t, i, j + paren - i, "1");
    changed = 1;
  }
  for (size_t i = from; (i = find_word(t, i, to, arch_macro)) < to; i++) {
    put(t, i, sizeof arch_macro - 1, num);
    changed = 1;
  }
  return changed;
}

/* The directive whose keyword starts at t[k] and whose logical line ends
 * at `to`; returns whether it changed. */
static int rewrite_directive(char *t, size_t k, size_t to, int value) {
  size_t w = k;
  while (w < to && ident_char(t[w]))
    w++;
  size_t n = w - k;
  if (find_word(t, w, to, arch_macro) == to)
    return 0;
  if ((n == 2 && !memcmp(t + k, "if", 2)) ||
      (n == 4 && !memcmp(t + k, "elif", 4)))
    return rewrite_condition(t, w, to, value);
  int ifdef = n == 5 && !memcmp(t + k, "ifdef", 5);
  int ifndef = n == 6 && !memcmp(t + k, "ifndef", 6);
  size_t o = skip_blank(t, w, to);
  if (!(ifdef || ifndef) || find_word(t, o, to, arch_macro) != o)
    return 0;
  put(t, k, n, "if");
  put(t, o, sizeof arch_macro - 1, ifdef ? "1" : "0");
  return 1;
}

/* End of the logical line starting at i (continuations joined). */
static size_t logical_end(const char *t, size_t i, size_t len) {
  while (i < len && !(t[i] == '\n' && (i == 0 || t[i - 1] != '\\')))
    i++;
  return i;
}

char *cu2cl_cuda_arch_device_view(CXTranslationUnit tu, const char *text,
                                  size_t len, int value, unsigned *count) {
  *count = 0;
  if (!text || !memmem(text, len, arch_macro, sizeof arch_macro - 1))
    return NULL;
  spans s = {0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_device_only,
                      &s);
  char *out = NULL;
  for (size_t i = 0; i < len && s.n; i = logical_end(text, i, len) + 1) {
    size_t h = skip_blank(text, i, len);
    if (h >= len || text[h] != '#' || !inside(&s, h))
      continue;
    size_t k = skip_blank(text, h + 1, len), end = logical_end(text, i, len);
    if (!out) {
      out = xmalloc(len + 1);
      memcpy(out, text, len);
      out[len] = '\0';
    }
    *count += (unsigned)rewrite_directive(out, k, end, value);
  }
  free(s.b);
  free(s.e);
  if (out && !*count) {
    free(out);
    out = NULL;
  }
  return out;
}
