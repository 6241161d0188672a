/*
 * dev_state: the emitter's state, diagnostics and cursor helpers, the
 * bottom layer of the device emitter (the layer list is in dev_state.h).
 * Calls nothing of the device emitter; only cx, diag and util below it.
 */
#include "dev_state.h"

#include <stdarg.h>
#include <string.h>

void dev_state_free(emitter *e) {
  for (size_t i = 0; i < e->nfns; i++) {
    free(e->fns[i].usr);
    free(e->fns[i].key);
    free(e->fns[i].name);
    free(e->fns[i].spaces);
    free(e->fns[i].uniform);
  }
  free(e->fns);
  free(e->vclasses);
  for (size_t i = 0; i < e->nsyms; i++) {
    free(e->syms[i].usr);
    free(e->syms[i].name);
    free(e->syms[i].host_name);
  }
  free(e->syms);
  for (size_t i = 0; i < e->nuses; i++)
    free(e->uses[i].syms);
  free(e->uses);
  e->nvars = 0;
  free(e->vars);
  strvec_free(&e->type_usrs);
  strvec_free(&e->checked);
  free(e->guarded);
  free(e->subst);
  free(e->subst_names);
  free(e->syncs);
  strvec_free(&e->synced);
  strbuf_free(&e->types);
  strbuf_free(&e->protos);
  strbuf_free(&e->bodies);
  strbuf_free(&e->temps);
  strvec_free(&e->ref_members);
  strvec_free(&e->reduce_helpers);
  free(e->ref_spaces);
  for (size_t i = 0; i < e->nsites; i++) {
    free(e->sites[i].file);
    free(e->sites[i].text);
  }
  free(e->sites);
  free(e->sites_fn);
}

/* ---- diagnostics ---------------------------------------------------- */

/* Keeps a report made while out is NULL for dev_print_sites (once). */
static void keep_site(emitter *e, const cx_loc *l, cu2cl_diag_id id,
                      const char *msg) {
  if (!msg || !l->file || !l->line)
    return;
  char *text = cu2cl_diag_comment(id, msg);
  for (size_t i = 0; i < e->nsites; i++) {
    site_note *s = &e->sites[i];
    if (s->line == l->line && !strcmp(s->file, l->file) &&
        !strcmp(s->text, text)) {
      free(text);
      return;
    }
  }
  e->sites = xrealloc(e->sites, (e->nsites + 1) * sizeof *e->sites);
  e->sites[e->nsites++] = (site_note){xstrdup(l->file), l->line, text, 0};
}

static void report_v(emitter *e, CXCursor at, cu2cl_diag_id id, va_list ap) {
  cx_loc l = cx_location(at);
  const char *msg = cu2cl_diag_vreport_range(
      e->diags, id, l.file, l.line, l.column, cx_range_end_column(at, &l), ap);
  if (cu2cl_diag_info_get(id)->severity == CU2CL_ERROR)
    e->errors++;
  if (!e->out)
    keep_site(e, &l, id, msg);
  if (e->out && msg) {
    /* At the start of a line the comment gets a line of its own. */
    size_t i = e->out->len;
    while (i > 0 && e->out->data[i - 1] == ' ')
      i--;
    int line_start = i == 0 || e->out->data[i - 1] == '\n';
    char *indent =
        xstrndup(e->out->data ? e->out->data + i : "", e->out->len - i);
    char *text = cu2cl_diag_comment(id, msg);
    strbuf_printf(e->out, "/* %s */", text);
    if (line_start)
      strbuf_printf(e->out, "\n%s", indent);
    free(text);
    free(indent);
  }
  cx_loc_free(&l);
}

void dev_report(emitter *e, CXCursor at, cu2cl_diag_id id, ...) {
  va_list ap;
  va_start(ap, id);
  report_v(e, at, id, ap);
  va_end(ap);
}

void dev_report_quiet(emitter *e, CXCursor at, cu2cl_diag_id id, ...) {
  strbuf *saved = e->out;
  e->out = NULL;
  va_list ap;
  va_start(ap, id);
  report_v(e, at, id, ap);
  va_end(ap);
  e->out = saved;
}

void dev_emit(emitter *e, const char *s) {
  strbuf_append(e->out, s);
}

int dev_holds_statements(CXCursor s) {
  switch (clang_getCursorKind(s)) {
  case CXCursor_CompoundStmt:
  case CXCursor_IfStmt:
  case CXCursor_ForStmt:
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
  case CXCursor_SwitchStmt:
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt:
  case CXCursor_LabelStmt:
    return 1;
  default:
    return 0;
  }
}

/* Lines [*first, *last] of c's extent in its file (named in *file, which
 * the caller frees); 0 when c has no place in a file. */
static int line_span(CXCursor c, char **file, unsigned *first, unsigned *last) {
  CXSourceRange r = clang_getCursorExtent(c);
  cx_loc b = cx_source_location(clang_getRangeStart(r));
  cx_loc end = cx_source_location(clang_getRangeEnd(r));
  *file = b.file;
  *first = b.line;
  *last = end.line;
  cx_loc_free(&end);
  return b.file != NULL;
}

void dev_print_sites(emitter *e, CXCursor s, int whole) {
  if (!e->nsites || !e->out || !e->cur)
    return;
  size_t i = e->out->len; /* only at the start of a line */
  while (i > 0 && e->out->data[i - 1] == ' ')
    i--;
  if (i > 0 && e->out->data[i - 1] != '\n')
    return;
  const char *key = e->cur->key ? e->cur->key : "";
  if (!e->sites_fn || strcmp(e->sites_fn, key)) {
    free(e->sites_fn); /* another function or clone: every note anew */
    e->sites_fn = xstrdup(key);
    for (size_t k = 0; k < e->nsites; k++)
      e->sites[k].done = 0;
  }
  char *file, *fn_file;
  unsigned first, last, fn_first, fn_last;
  int ok = line_span(s, &file, &first, &last);
  ok = line_span(e->cur->decl, &fn_file, &fn_first, &fn_last) && ok &&
       !strcmp(file, fn_file);
  if (whole || !dev_holds_statements(s))
    first = last;
  char *indent =
      xstrndup(e->out->data ? e->out->data + i : "", e->out->len - i);
  for (size_t k = 0; ok && k < e->nsites; k++) {
    site_note *n = &e->sites[k];
    if (n->done || strcmp(n->file, file) || n->line < fn_first ||
        n->line > fn_last || n->line > first)
      continue;
    n->done = 1;
    strbuf_printf(e->out, "/* %s */\n%s", n->text, indent);
  }
  free(indent);
  free(file);
  free(fn_file);
}

/* ---- cursor helpers ------------------------------------------------- */

CXCursor dev_first_child(CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXCursor r = n ? kids[0] : clang_getNullCursor();
  free(kids);
  return r;
}

CXCursor dev_last_child(CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXCursor r = n ? kids[n - 1] : clang_getNullCursor();
  free(kids);
  return r;
}

/* Arguments of a call expression (children after the callee), for plain
 * function calls. */
unsigned dev_call_args(CXCursor call, CXCursor **out) {
  int n = clang_Cursor_getNumArguments(call);
  if (n < 0)
    n = 0;
  *out = xmalloc(sizeof(CXCursor) * (size_t)(n + 1));
  for (int i = 0; i < n; i++)
    (*out)[i] = clang_Cursor_getArgument(call, (unsigned)i);
  return (unsigned)n;
}

CXCursor dev_definition(emitter *e, CXCursor c) {
  CXCursor d = clang_getCursorDefinition(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (!clang_Cursor_isNull(d) || !e->find_definition ||
      (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod) ||
      cx_in_system_header(c) || clang_getCursorLinkage(c) != CXLinkage_External)
    return d;
  return e->find_definition(e->find_ctx, c);
}

int dev_is_foreign(emitter *e, CXCursor c) {
  return !clang_Cursor_isNull(c) && clang_Cursor_getTranslationUnit(c) != e->tu;
}

CXCursor dev_function_body(CXCursor fn) {
  CXCursor *kids;
  unsigned n = cx_children(fn, &kids);
  CXCursor body = clang_getNullCursor();
  for (unsigned i = 0; i < n; i++)
    if (clang_getCursorKind(kids[i]) == CXCursor_CompoundStmt)
      body = kids[i];
  free(kids);
  return body;
}

CXCursor dev_var_init(CXCursor var) {
  CXCursor k = clang_Cursor_getVarDeclInitializer(var);
  if (clang_Cursor_isNull(k) || !clang_isExpression(clang_getCursorKind(k)))
    return clang_getNullCursor();
  return k;
}

typedef struct find_walk {
  dev_match_fn match;
  void *ctx;
  size_t max;
  CXCursor *found;
  size_t n, cap;
  int keep;
} find_walk;

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  find_walk *w = d;
  (void)p;
  if (!w->match(c, w->ctx))
    return CXChildVisit_Recurse;
  if (w->keep && w->n == w->cap) {
    w->cap = w->cap ? 2 * w->cap : 4;
    w->found = xrealloc(w->found, w->cap * sizeof *w->found);
  }
  if (w->keep)
    w->found[w->n] = c;
  w->n++;
  return w->max && w->n >= w->max ? CXChildVisit_Break : CXChildVisit_Continue;
}

size_t dev_find(CXCursor root, dev_match_fn match, void *ctx, size_t max,
                CXCursor **found) {
  find_walk w = {match, ctx, max, NULL, 0, 0, found != NULL};
  clang_visitChildren(root, find_visit, &w);
  if (found)
    *found = w.found;
  return w.n;
}

/* ---- new-expressions -------------------------------------------------
 * libclang visits a new-expression's placement arguments, the type, the
 * array size and the initializer, in that order, with no way to tell
 * which expression is which: the tokens say whether there are placement
 * arguments (new (...) T: how many) and an array size (a '[' at depth 0
 * before the initializer's '(' or '{'). */

/* The extent of c, to the end of its last child too: in an instantiated
 * template, a new-expression's own extent may end at `new`. */
static CXSourceRange extent_with_children(CXCursor c) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXSourceLocation end = clang_getRangeEnd(r);
  unsigned off, best;
  clang_getFileLocation(end, NULL, NULL, NULL, &best);
  CXCursor *kids;
  unsigned nk = cx_children(c, &kids);
  for (unsigned i = 0; i < nk; i++) {
    CXSourceLocation k = clang_getRangeEnd(clang_getCursorExtent(kids[i]));
    clang_getFileLocation(k, NULL, NULL, NULL, &off);
    if (off > best)
      best = off, end = k;
  }
  free(kids);
  return clang_getRange(clang_getRangeStart(r), end);
}

/* The spellings of c's tokens; *n receives their count. Caller frees
 * each and the array. */
static char **token_spellings(CXTranslationUnit tu, CXCursor c, unsigned *n) {
  CXToken *toks;
  clang_tokenize(tu, extent_with_children(c), &toks, n);
  char **s = xcalloc(*n + 1, sizeof *s);
  for (unsigned i = 0; i < *n; i++)
    s[i] = cx_take(clang_getTokenSpelling(tu, toks[i]));
  clang_disposeTokens(tu, toks, *n);
  return s;
}

static int is_open(const char *t) {
  return !strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{");
}

static int is_close(const char *t) {
  return !strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}");
}

/* Counts the placement arguments (0: none) and finds the array form, from
 * the tokens after `new`. */
static unsigned new_tokens(CXTranslationUnit tu, CXCursor c, int *array) {
  unsigned n, i = 0, nplace = 0;
  char **t = token_spellings(tu, c, &n);
  while (i < n && strcmp(t[i], "new"))
    i++;
  i++;
  *array = 0;
  if (i < n && !strcmp(t[i], "(")) {
    int depth = 0;
    nplace = 1;
    for (i++; i < n && (depth > 0 || strcmp(t[i], ")")); i++) {
      depth += is_open(t[i]) - is_close(t[i]);
      nplace += depth == 0 && !strcmp(t[i], ",");
    }
    i++;
  }
  for (; i < n && !*array && strcmp(t[i], "(") && strcmp(t[i], "{"); i++)
    *array = !strcmp(t[i], "["); /* before the initializer */
  for (unsigned k = 0; k < n; k++)
    free(t[k]);
  free(t);
  return nplace;
}

void dev_new_expr_parts(CXTranslationUnit tu, CXCursor c, dev_new_parts *out) {
  tu = cx_unit_of(tu, c);
  int array;
  out->nplace = new_tokens(tu, c, &array);
  out->place = out->size = out->init = clang_getNullCursor();
  CXCursor *kids;
  unsigned nk = cx_children(c, &kids), seen = 0;
  for (unsigned i = 0; i < nk; i++) {
    if (!clang_isExpression(clang_getCursorKind(kids[i])))
      continue; /* the type's references */
    if (seen == 0 && out->nplace)
      out->place = kids[i];
    else if (seen == out->nplace && array)
      out->size = kids[i];
    else if (seen == out->nplace + (unsigned)array)
      out->init = kids[i];
    seen++;
  }
  free(kids);
}

static enum CXVisitorResult find_dtor(CXCursor c, CXClientData d) {
  if (clang_getCursorKind(c) != CXCursor_Destructor)
    return CXVisit_Continue;
  *(CXCursor *)d = c;
  return CXVisit_Break;
}

/* From the type's methods, not the declaration's children: those of an
 * instantiated class template are not visited as children. */
CXCursor dev_class_destructor(CXType cls) {
  CXCursor dtor = clang_getNullCursor();
  clang_visitCXXMethods(clang_getCanonicalType(cls), find_dtor, &dtor);
  if (clang_Cursor_isNull(dtor) || clang_CXXMethod_isDefaulted(dtor))
    return clang_getNullCursor();
  CXCursor def = clang_getCursorDefinition(dtor);
  if (clang_Cursor_isNull(def) || clang_Cursor_isNull(dev_function_body(def)))
    return clang_getNullCursor();
  return def;
}
