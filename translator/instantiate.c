/*
 * instantiate: references to a file's explicit instantiations; see
 * instantiate.h. A small scanner over the text (comments, literals and
 * preprocessor lines skipped): no parse is needed to find the form
 * `template DECL;` that is not `extern template` or `template <`.
 */
#include "instantiate.h"

#include <ctype.h>
#include <string.h>

#include "util.h"

static int ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

/* Past a comment, literal or preprocessor line starting at i; i when
 * there is none. */
static size_t skip_noise(const char *s, size_t n, size_t i, int line_start) {
  if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
    while (i < n && s[i] != '\n')
      i++;
  } else if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
    for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
      ;
    i += 2;
  } else if (s[i] == '"' || s[i] == '\'') {
    char q = s[i++];
    for (; i < n && s[i] != q; i++)
      i += s[i] == '\\';
    i++;
  } else if (line_start && s[i] == '#') {
    for (; i < n && s[i] != '\n'; i++)
      i += s[i] == '\\';
  }
  return i < n ? i : n;
}

/* Start of the (possibly qualified, templated) name ending at end. */
static size_t name_start(const char *d, size_t end) {
  size_t i = end;
  for (;;) {
    while (i > 0 && isspace((unsigned char)d[i - 1]))
      i--;
    if (i > 0 && d[i - 1] == '>') {
      int depth = 0;
      do {
        i--;
        depth += (d[i] == '>') - (d[i] == '<');
      } while (i > 0 && depth);
    }
    while (i > 0 && isspace((unsigned char)d[i - 1]))
      i--;
    size_t id_end = i;
    while (i > 0 && ident_char(d[i - 1]))
      i--;
    if (i == id_end)
      return end; /* no name */
    if (i >= 2 && d[i - 1] == ':' && d[i - 2] == ':')
      i -= 2;
    else
      return i;
  }
}

/* The reference for one explicit instantiation `decl` (without `template`
 * and `;`), or NULL when it is not a function with a return type. */
static char *reference(const char *decl, unsigned n) {
  const char *open = NULL;
  int angle = 0;
  for (const char *p = decl; *p && !open; p++) {
    angle += (*p == '<') - (*p == '>');
    if (*p == '(' && angle <= 0)
      open = p;
  }
  if (!open)
    return NULL;
  const char *close = open;
  for (int depth = 0; *close; close++) {
    depth += (*close == '(') - (*close == ')');
    if (!depth)
      break;
  }
  size_t paren = (size_t)(open - decl);
  size_t start = name_start(decl, paren);
  if (start == paren || start == 0)
    return NULL; /* a class, or a constructor (no return type) */
  char *ret = xstrndup(decl, start);
  char *name = xstrndup(decl + start, paren - start);
  char *params = xstrndup(open + 1, (size_t)(close - open - 1));
  char *qual = *close ? xstrdup(close + 1) : xstrdup("");
  /* Foo<int>::bar is a member of a class template; ns::f a function */
  char *sep = strstr(name, ">::");
  char *r;
  if (sep) {
    char *cls = xstrndup(name, (size_t)(sep + 1 - name));
    r = xasprintf("static auto const cu2cl_instantiation_%u =\n"
                  "    static_cast<%s (%s::*)(%s) %s>(&%s);\n",
                  n, ret, cls, params, qual, name);
    free(cls);
  } else {
    r = xasprintf("static void *const cu2cl_instantiation_%u =\n"
                  "    (void *)static_cast<%s (*)(%s)>(&%s);\n",
                  n, ret, params, name);
  }
  free(ret);
  free(name);
  free(params);
  free(qual);
  return r;
}

char *cu2cl_instantiation_refs(const char *s, size_t n) {
  strbuf out = {0};
  unsigned count = 0;
  int line_start = 1, after_extern = 0;
  for (size_t i = 0; i < n;) {
    size_t j = skip_noise(s, n, i, line_start);
    if (j != i) {
      i = j;
      continue;
    }
    if (!ident_char(s[i]) || (i && ident_char(s[i - 1]))) {
      line_start = s[i] == '\n' || (line_start && isspace((unsigned char)s[i]));
      i++;
      continue;
    }
    line_start = 0;
    size_t e = i;
    while (e < n && ident_char(s[e]))
      e++;
    int is_template = e - i == 8 && !strncmp(s + i, "template", 8);
    int was_extern = after_extern;
    after_extern = e - i == 6 && !strncmp(s + i, "extern", 6);
    i = e;
    if (!is_template || was_extern)
      continue;
    while (i < n && isspace((unsigned char)s[i]))
      i++;
    size_t semi = i;
    while (semi < n && s[semi] != ';' && s[semi] != '{')
      semi++;
    if (i >= n || s[i] == '<' || semi >= n || s[semi] != ';')
      continue; /* a template declaration, not an instantiation */
    char *decl = xstrndup(s + i, semi - i);
    char *ref = reference(decl, count + 1);
    if (ref) {
      strbuf_append(&out, ref);
      count++;
      free(ref);
    }
    free(decl);
  }
  if (!count)
    return NULL;
  char *r = xasprintf("\n/* cu2cl: the explicit instantiations above */\n%s",
                      strbuf_cstr(&out));
  strbuf_free(&out);
  return r;
}
