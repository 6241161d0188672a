/*
 * cx: helpers over libclang's C API; see cx.h. The only module that calls
 * clang_disposeString directly for plain string results.
 */
#include "cx.h"

#include <string.h>

char *cx_take(CXString s) {
  const char *p = clang_getCString(s);
  char *r = xstrdup(p ? p : "");
  clang_disposeString(s);
  return r;
}

char *cx_spelling(CXCursor c) {
  return cx_take(clang_getCursorSpelling(c));
}
/* USRs name an unnamed class by its scope alone ("...@Sa"): every lambda
 * of a function, and their operator()s of one signature, share one, and so
 * do the specializations of a template for them. Such a USR gets the file
 * offset of the unnamed class (c or the closest of its semantic parents,
 * else its template arguments) appended, which tells them apart. */
char *cx_usr(CXCursor c) {
  char *u = cx_take(clang_getCursorUSR(c));
  if (!strstr(u, "@Sa") && !strstr(u, "@Ua"))
    return u;
  CXCursor p = c;
  for (int depth = 0; depth < 8 && !clang_Cursor_isNull(p) &&
                      !clang_isTranslationUnit(clang_getCursorKind(p));
       depth++, p = clang_getCursorSemanticParent(p)) {
    enum CXCursorKind k = clang_getCursorKind(p);
    if ((k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
         k == CXCursor_UnionDecl) &&
        clang_Cursor_isAnonymous(p)) {
      unsigned off;
      clang_getFileLocation(clang_getCursorLocation(p), NULL, NULL, NULL, &off);
      char *r = xasprintf("%s@%u", u, off);
      free(u);
      return r;
    }
  }
  /* a specialization for unnamed classes (f<lambda>): their offsets */
  int n = clang_Cursor_getNumTemplateArguments(c);
  for (int i = 0; i < n; i++) {
    if (clang_Cursor_getTemplateArgumentKind(c, (unsigned)i) !=
        CXTemplateArgumentKind_Type)
      continue;
    CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(
        clang_Cursor_getTemplateArgumentType(c, (unsigned)i)));
    if (clang_Cursor_isNull(d) || !clang_Cursor_isAnonymous(d))
      continue;
    unsigned off;
    clang_getFileLocation(clang_getCursorLocation(d), NULL, NULL, NULL, &off);
    char *r = xasprintf("%s@%u", u, off);
    free(u);
    u = r;
  }
  return u;
}
char *cx_type_spelling(CXType t) {
  return cx_take(clang_getTypeSpelling(t));
}
char *cx_kind_name(CXCursor c) {
  return cx_take(clang_getCursorKindSpelling(clang_getCursorKind(c)));
}

cx_loc cx_source_location(CXSourceLocation l) {
  cx_loc r = {0};
  CXFile f;
  clang_getFileLocation(l, &f, &r.line, &r.column, &r.offset);
  if (f)
    r.file = cx_take(clang_getFileName(f));
  return r;
}

cx_loc cx_location(CXCursor c) {
  return cx_source_location(clang_getCursorLocation(c));
}

void cx_loc_free(cx_loc *l) {
  free(l->file);
  l->file = NULL;
}

int cx_in_macro_expansion(CXCursor c) {
  CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(c));
  unsigned so, fo;
  CXFile sf, ff;
  clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
  clang_getFileLocation(l, &ff, NULL, NULL, &fo);
  return so != fo || !sf || !ff || !clang_File_isEqual(sf, ff);
}

unsigned cx_range_end_column(CXCursor c, const cx_loc *l) {
  CXSourceRange r = clang_getCursorExtent(c);
  unsigned bl, bc, bo, el, ec, eo;
  CXFile bf, ef;
  clang_getFileLocation(clang_getRangeStart(r), &bf, &bl, &bc, &bo);
  clang_getFileLocation(clang_getRangeEnd(r), &ef, &el, &ec, &eo);
  if (!bf || !ef || !clang_File_isEqual(bf, ef) || bo != l->offset ||
      bl != l->line || el != l->line || ec <= l->column)
    return 0;
  return ec;
}

int cx_extent_offsets(CXCursor c, unsigned *begin, unsigned *end) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXSourceLocation b = clang_getRangeStart(r), e = clang_getRangeEnd(r);
  CXFile fb, fe;
  clang_getFileLocation(b, &fb, NULL, NULL, begin);
  clang_getFileLocation(e, &fe, NULL, NULL, end);
  if (!fb || !fe || !clang_File_isEqual(fb, fe))
    return -1;
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
  return clang_Location_isFromMainFile(clang_getLocation(tu, fb, 1, 1)) ? 0
                                                                        : -1;
}

CXTranslationUnit cx_unit_of(CXTranslationUnit tu, CXCursor c) {
  CXTranslationUnit own = clang_Cursor_getTranslationUnit(c);
  return own ? own : tu;
}

typedef struct cx_scope_walk {
  int (*fn)(CXCursor c, void *ctx);
  void *ctx;
} cx_scope_walk;

static enum CXChildVisitResult cx_scope_visit(CXCursor c, CXCursor p,
                                              CXClientData d) {
  (void)p;
  cx_scope_walk *w = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec ||
      k == CXCursor_UnexposedDecl)
    return CXChildVisit_Recurse;
  return w->fn(c, w->ctx) ? CXChildVisit_Break : CXChildVisit_Continue;
}

void cx_visit_namespace_scope(CXTranslationUnit tu,
                              int (*fn)(CXCursor c, void *ctx), void *ctx) {
  cx_scope_walk w = {fn, ctx};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), cx_scope_visit, &w);
}

typedef struct cx_usr_find {
  const char *usr;
  int (*accept)(CXCursor);
  CXCursor found;
} cx_usr_find;

static int cx_usr_match(CXCursor c, void *d) {
  cx_usr_find *f = d;
  if (!f->accept(c))
    return 0;
  char *u = cx_usr(c);
  int same = !strcmp(u, f->usr);
  free(u);
  if (same)
    f->found = c;
  return same;
}

CXCursor cx_find_usr(CXTranslationUnit tu, const char *usr,
                     int (*accept)(CXCursor)) {
  cx_usr_find f = {usr, accept, clang_getNullCursor()};
  cx_visit_namespace_scope(tu, cx_usr_match, &f);
  return f.found;
}

int cx_in_system_header(CXCursor c) {
  CXSourceLocation l = clang_getCursorLocation(c);
  CXFile f;
  clang_getFileLocation(l, &f, NULL, NULL, NULL);
  /* compiler built-ins (__syncthreads with some headers) have no file */
  return !f || clang_Location_isInSystemHeader(l);
}

/* 1 when expression e, a child of parameter p, follows an '=' after p's
 * name: its default argument, not a template argument of its type
 * (Span<float, 1> s) nor an array bound (float a[4]). */
static int cx_after_equals(CXTranslationUnit tu, CXCursor p, CXCursor e) {
  CXFile fp, fe;
  unsigned op, oe;
  clang_getFileLocation(clang_getCursorLocation(p), &fp, NULL, NULL, &op);
  clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(e)), &fe,
                        NULL, NULL, &oe);
  size_t len = 0;
  const char *text = fp ? clang_getFileContents(tu, fp, &len) : NULL;
  if (!text || !fe || !clang_File_isEqual(fp, fe) || oe <= op || oe > len)
    return 0;
  for (unsigned o = op; o < oe; o++)
    if (text[o] == '=')
      return 1;
  return 0;
}

CXCursor cx_param_default(CXTranslationUnit tu, CXCursor parm) {
  tu = cx_unit_of(tu, parm);
  CXCursor *kids;
  unsigned n = cx_children(parm, &kids);
  CXCursor r = clang_getNullCursor();
  for (unsigned k = n; k-- > 0 && clang_Cursor_isNull(r);)
    if (clang_isExpression(clang_getCursorKind(kids[k])) &&
        cx_after_equals(tu, parm, kids[k]))
      r = kids[k];
  free(kids);
  return r;
}

typedef struct cx_named {
  const char *name;
  int found;
} cx_named;

static enum CXChildVisitResult cx_find_named(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  (void)parent;
  cx_named *n = data;
  if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  if (clang_isDeclaration(clang_getCursorKind(c))) {
    char *s = cx_spelling(c);
    n->found = !strcmp(s, n->name);
    free(s);
    if (n->found)
      return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

int cx_user_declares(CXTranslationUnit tu, const char *name) {
  cx_named n = {name, 0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), cx_find_named, &n);
  return n.found;
}

int cx_in_main_file(CXCursor c) {
  return clang_Location_isFromMainFile(clang_getCursorLocation(c));
}

cx_key cx_key_of(CXCursor c) {
  cx_key k = {clang_getCanonicalCursor(c), 0};
  k.hash = clang_hashCursor(k.cursor);
  return k;
}

int cx_key_eq(const cx_key *a, const cx_key *b) {
  return a->hash == b->hash && clang_equalCursors(a->cursor, b->cursor);
}

typedef struct child_list {
  CXCursor *items;
  unsigned len, cap;
} child_list;

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor p,
                                             CXClientData d) {
  child_list *l = d;
  if (l->len == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 8;
    l->items = xrealloc(l->items, l->cap * sizeof *l->items);
  }
  l->items[l->len++] = c;
  return CXChildVisit_Continue;
}

int cx_is_template_param(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  return k == CXCursor_TemplateTypeParameter ||
         k == CXCursor_NonTypeTemplateParameter ||
         k == CXCursor_TemplateTemplateParameter;
}

unsigned cx_children(CXCursor c, CXCursor **out) {
  child_list l = {0};
  clang_visitChildren(c, collect_child, &l);
  *out = l.items;
  return l.len;
}

/* ---- parameter packs ------------------------------------------------ */

char *cx_param_name(CXCursor parm) {
  char *n = cx_spelling(parm);
  CXCursor fn = clang_getCursorSemanticParent(parm);
  /* only a template's specialization expands a parameter pack */
  if (clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)))
    return n;
  int np = clang_Cursor_getNumArguments(fn), same = 0, index = -1;
  for (int i = 0; i < np; i++) {
    CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
    char *pn = cx_spelling(p);
    if (!strcmp(pn, n)) {
      if (clang_equalCursors(p, parm))
        index = same;
      same++;
    }
    free(pn);
  }
  if (!*n || same < 2 || index < 0)
    return n;
  char *r = xasprintf("%s_%d", n, index);
  free(n);
  return r;
}

/* The spelling of a template's parameter type that expands a pack
 * ("Args..."; "const Args &..."), else NULL. */
static char *pack_pattern(CXCursor parm) {
  char *t = cx_type_spelling(clang_getCursorType(parm));
  if (str_ends_with(t, "..."))
    return t;
  free(t);
  return NULL;
}

int cx_template_pack_types(CXCursor fn, unsigned i, CXType **out) {
  *out = NULL;
  CXCursor tpl = clang_getSpecializedCursorTemplate(fn);
  if (clang_Cursor_isNull(tpl))
    return -1;
  CXCursor *kids;
  unsigned nk = cx_children(tpl, &kids), seen = 0, nparms = 0, packs = 0;
  char *want = NULL;
  int at = -1; /* the template parameter `want... name` */
  for (unsigned k = 0; k < nk; k++)
    if (cx_is_template_param(kids[k]) && seen++ == i &&
        clang_getCursorKind(kids[k]) == CXCursor_TemplateTypeParameter)
      want = cx_spelling(kids[k]);
  for (unsigned k = 0; k < nk; k++) {
    if (clang_getCursorKind(kids[k]) != CXCursor_ParmDecl)
      continue;
    char *pat = pack_pattern(kids[k]);
    if (pat) {
      packs++;
      if (want && strlen(pat) == strlen(want) + 3 &&
          !strncmp(pat, want, strlen(want)))
        at = (int)nparms;
    }
    free(pat);
    nparms++;
  }
  free(kids);
  free(want);
  int n = clang_Cursor_getNumArguments(fn) - (int)nparms + 1;
  if (at < 0 || packs != 1 || n < 0)
    return -1;
  *out = xcalloc((size_t)n + 1, sizeof **out);
  for (int k = 0; k < n; k++)
    (*out)[k] =
        clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)(at + k)));
  return n;
}

static enum CXChildVisitResult attr_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  unsigned *a = d;
  switch (clang_getCursorKind(c)) {
  case CXCursor_CUDAHostAttr:
    *a |= CX_HOST;
    break;
  case CXCursor_CUDADeviceAttr:
    *a |= CX_DEVICE;
    break;
  case CXCursor_CUDAGlobalAttr:
    *a |= CX_GLOBAL;
    break;
  case CXCursor_CUDASharedAttr:
    *a |= CX_SHARED;
    break;
  case CXCursor_CUDAConstantAttr:
    *a |= CX_CONSTANT;
    break;
  default:
    break;
  }
  return CXChildVisit_Continue;
}

unsigned cx_cuda_attrs(CXCursor decl) {
  unsigned a = 0;
  clang_visitChildren(decl, attr_visit, &a);
  return a;
}

CXCursor cx_strip_implicit(CXCursor c) {
  while (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    if (n != 1) {
      free(kids);
      break;
    }
    c = kids[0];
    free(kids);
  }
  return c;
}

char *cx_tokens_text(CXTranslationUnit tu, CXCursor c) {
  tu = cx_unit_of(tu, c);
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
  strbuf b = {0};
  for (unsigned i = 0; i < n; i++) {
    if (i)
      strbuf_appendc(&b, ' ');
    char *s = cx_take(clang_getTokenSpelling(tu, toks[i]));
    strbuf_append(&b, s);
    free(s);
  }
  clang_disposeTokens(tu, toks, n);
  return strbuf_take(&b);
}

int cx_eval_int(CXCursor c, long long *value, int *is_unsigned) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r)
    return 0;
  int ok = clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok) {
    int u = clang_EvalResult_isUnsignedInt(r);
    if (is_unsigned)
      *is_unsigned = u;
    *value = u ? (long long)clang_EvalResult_getAsUnsigned(r)
               : clang_EvalResult_getAsLongLong(r);
  }
  clang_EvalResult_dispose(r);
  return ok;
}

CXCursor cx_launch_config(CXCursor call) {
  CXCursor *kids;
  unsigned n = cx_children(call, &kids);
  CXCursor r = clang_getNullCursor();
  for (unsigned i = 0; i < n; i++) {
    if (clang_getCursorKind(kids[i]) != CXCursor_CallExpr)
      continue;
    char *s = cx_spelling(kids[i]);
    if (!strcmp(s, "__cudaPushCallConfiguration") ||
        !strcmp(s, "cudaConfigureCall") ||
        !strcmp(s, "cudaLaunchDevice")) /* a launch in device code */
      r = kids[i];
    free(s);
  }
  free(kids);
  return r;
}

int cx_is_launch(CXCursor call) {
  return !clang_Cursor_isNull(cx_launch_config(call));
}

int cx_keeps_host_value(CXCursor var) {
  /* an array's const may sit on the array type or on its elements */
  CXType t = clang_getCanonicalType(clang_getCursorType(var));
  int is_const = clang_isConstQualifiedType(t);
  while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray) {
    t = clang_getCanonicalType(clang_getArrayElementType(t));
    is_const |= clang_isConstQualifiedType(t);
  }
  return is_const &&
         !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(var)) &&
         clang_getCursorLinkage(var) == CXLinkage_Internal;
}
