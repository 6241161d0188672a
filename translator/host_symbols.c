/*
 * host_symbols: __constant__ and __device__ variables as runtime symbols;
 * see host_symbols.h.
 */
#include "host_symbols.h"

#include <string.h>

#include "cx.h"

char *cu2cl_host_symbol(CXCursor var, const char *init, int shared) {
  char *name = cx_spelling(var);
  char *type = cx_type_spelling(clang_getCursorType(var));
  const char *link = shared ? "" : "static ";
  strbuf b = {0};
  if (shared && !clang_isCursorDefinition(var)) {
    strbuf_printf(&b, "extern cu2clSymbol %s;\n", name);
  } else if (init && cx_keeps_host_value(var)) {
    /* host code may read it: the variable as a host constant, then the
     * symbol, initialized from it */
    CXType t = clang_getCursorType(var);
    char *decl = cx_type_spelling(clang_getCanonicalType(t));
    char *br = strchr(decl, '[');
    if (br)
      *br = 0;
    strbuf_printf(&b, "static %s%s %s%s%s = %s;\n",
                  str_starts_with(decl, "const ") ? "" : "const ", decl, name,
                  br ? "[" : "", br ? br + 1 : "", init);
    strbuf_printf(&b,
                  "static cu2clSymbol cu2cl_symbol_%s = {\"%s\", sizeof(%s), "
                  "%s%s, NULL};\n",
                  name, name, type, br ? "" : "&", name);
    free(decl);
  } else if (init) {
    CXType t = clang_getCursorType(var);
    char *decl = cx_type_spelling(clang_getCanonicalType(t));
    char *br = strchr(decl, '[');
    if (br) { /* float[4] -> float cu2cl_init_x[4] */
      *br = 0;
      strbuf_printf(&b, "static const %s cu2cl_init_%s[%s = ", decl, name,
                    br + 1);
    } else {
      strbuf_printf(&b, "static const %s cu2cl_init_%s = ", decl, name);
    }
    strbuf_append(&b, init);
    strbuf_printf(&b,
                  ";\n%scu2clSymbol %s = {\"%s\", sizeof(%s), "
                  "&cu2cl_init_%s, NULL};\n",
                  link, name, name, type, name);
    free(decl);
  } else {
    strbuf_printf(&b, "%scu2clSymbol %s = {\"%s\", sizeof(%s), NULL, NULL};\n",
                  link, name, name, type);
  }
  free(name);
  free(type);
  return strbuf_take(&b);
}

/* The index of the '>' closing the template header that t[0] opens
 * ("template"), or 0. */
static unsigned template_header_end(char **t, unsigned n) {
  int depth = 0;
  for (unsigned i = 1; i < n; i++) {
    if (!strcmp(t[i], "<"))
      depth++;
    else if (!strcmp(t[i], ">") && --depth == 0)
      return i;
    else if (!strcmp(t[i], ">>") && (depth -= 2) <= 0)
      return depth == 0 ? i : 0;
  }
  return 0;
}

/* Appends token tok to b, with a space where C++ source usually has one. */
static void append_token(strbuf *b, const char *tok) {
  char last = b->len ? b->data[b->len - 1] : '(';
  int tight = strchr("<([", last) || strchr(">)],[", tok[0]);
  strbuf_printf(b, "%s%s", tight ? "" : " ", tok);
}

/* The header and the type (without the name, the CUDA attributes and
 * static) of the variable template t[0..n) declares; 0 when it is not a
 * __constant__ or __device__ variable without initializer. */
static int split_template(char **t, unsigned n, const char *name, strbuf *head,
                          strbuf *type) {
  unsigned hdr = n && !strcmp(t[0], "template") ? template_header_end(t, n) : 0;
  int device = 0, init = 0;
  for (unsigned i = 0; hdr && i < n; i++) {
    int attr = !strcmp(t[i], "__constant__") || !strcmp(t[i], "__device__");
    device |= attr;
    init |= i > hdr && (!strcmp(t[i], "=") || !strcmp(t[i], "{"));
    if (attr || !strcmp(t[i], "static") || !strcmp(t[i], ";") ||
        (i > hdr && !strcmp(t[i], name)))
      continue;
    append_token(i <= hdr ? head : type, t[i]);
  }
  return hdr && device && !init;
}

char *cu2cl_host_symbol_template(CXTranslationUnit tu, CXCursor c) {
  if (clang_getCursorKind(c) != CXCursor_UnexposedDecl)
    return NULL;
  char *usr = cx_usr(c);
  int spec = strchr(usr, '>') != NULL; /* mask<float> itself */
  free(usr);
  if (spec)
    return NULL;
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
  char **t = xcalloc(n + 1, sizeof *t);
  for (unsigned i = 0; i < n; i++)
    t[i] = cx_take(clang_getTokenSpelling(tu, toks[i]));
  clang_disposeTokens(tu, toks, n);
  char *name = cx_spelling(c);
  strbuf head = {0}, type = {0};
  char *r = NULL;
  if (split_template(t, n, name, &head, &type))
    r = xasprintf("%s static cu2clSymbol %s = {\"%s\", sizeof(%s), NULL, "
                  "NULL};\n",
                  strbuf_cstr(&head), name, name, strbuf_cstr(&type));
  strbuf_free(&head);
  strbuf_free(&type);
  free(name);
  for (unsigned i = 0; i < n; i++)
    free(t[i]);
  free(t);
  return r;
}
