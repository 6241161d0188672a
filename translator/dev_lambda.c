/*
 * dev_lambda: the captures of lambdas' closures (dev_lambda.h).
 *
 * libclang has no API for captures. It shows a lambda expression's
 * explicit captures as VariableRef children (this and *this not among
 * them), then their initializers, then the parameters and the body; the
 * closure class's fields have types but no names. So the capture list is
 * read from the tokens of the introducer ([=, &x, y = 2 * z, this]), the
 * implicit captures from what the body names, and the two are laid
 * against the fields, whose types confirm each match.
 *
 * Layer 5 of the device emitter (dev_state.h): calls dev_state.
 */
#include "dev_lambda.h"

#include <string.h>

/* ---- finding the lambda expression ------------------------------------ */

static int is_closure_decl(CXCursor decl) {
  if (clang_getCursorKind(decl) != CXCursor_ClassDecl ||
      !clang_Cursor_isAnonymous(decl))
    return 0;
  char *s = cx_spelling(decl);
  int r = str_starts_with(s, "(lambda");
  free(s);
  return r;
}

int dev_is_closure_type(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Record &&
         is_closure_decl(clang_getTypeDeclaration(t));
}

CXCursor dev_closure_instance(CXType t) {
  CXCursor p = clang_getTypeDeclaration(clang_getCanonicalType(t));
  for (int depth = 0; depth < 16 && !clang_Cursor_isNull(p); depth++) {
    p = clang_getCursorSemanticParent(p);
    enum CXCursorKind k = clang_getCursorKind(p);
    if (clang_isTranslationUnit(k) || clang_Cursor_isNull(p))
      break;
    /* not an enclosing lambda's operator(): its closure is as unnamed */
    if ((k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod) &&
        !is_closure_decl(clang_getCursorSemanticParent(p)) &&
        !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(p)))
      return p;
  }
  return clang_getNullCursor();
}

typedef struct type_match {
  CXType t;
} type_match;

static int lambda_of_type(CXCursor c, void *ctx) {
  type_match *m = ctx;
  return clang_getCursorKind(c) == CXCursor_LambdaExpr &&
         clang_equalTypes(clang_getCanonicalType(clang_getCursorType(c)), m->t);
}

/* The lambda expression of closure type t (canonical): in the body of the
 * function the closure belongs to (an instantiated function template's
 * own body, whose lambda has the instantiated closure type), else at the
 * closure's location. */
static CXCursor find_lambda(emitter *e, CXType t, CXCursor decl) {
  type_match m = {t};
  CXCursor fn = clang_getCursorSemanticParent(decl);
  CXCursor body = dev_function_body(fn);
  CXCursor *found = NULL;
  if (!clang_Cursor_isNull(body) &&
      dev_find(body, lambda_of_type, &m, 1, &found) == 1) {
    CXCursor r = found[0];
    free(found);
    return r;
  }
  free(found);
  CXCursor at =
      clang_getCursor(cx_unit_of(e->tu, decl), clang_getCursorLocation(decl));
  return lambda_of_type(at, &m) ? at : clang_getNullCursor();
}

/* ---- the introducer's tokens ------------------------------------------ */

typedef struct intro_item {
  char kind; /* 'v' 'r' 't' 'T'; '=' and '&' for a default */
  int init;  /* an init-capture */
  int pack;  /* a pack expansion (x...) */
} intro_item;

/* The items of the capture list; returns their count (*out: the caller
 * frees it), or -1 when the tokens do not read as a capture list. */
static int read_intro(CXTranslationUnit tu, CXCursor lambda, intro_item **out) {
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, clang_getCursorExtent(lambda), &toks, &n);
  intro_item *items = NULL;
  int count = 0, depth = 0, ok = 0;
  unsigned start = 1;
  for (unsigned i = 0; i < n; i++) {
    char *s = cx_take(clang_getTokenSpelling(tu, toks[i]));
    int open = !strcmp(s, "[") || !strcmp(s, "(") || !strcmp(s, "{");
    int close = !strcmp(s, "]") || !strcmp(s, ")") || !strcmp(s, "}");
    free(s);
    if (i == 0 && !open)
      break;
    depth += open - close;
    if (i == 0 ||
        (depth > 1 || (!close && depth == 1 &&
                       clang_getTokenKind(toks[i]) != CXToken_Punctuation)))
      continue;
    char *t = cx_take(clang_getTokenSpelling(tu, toks[i]));
    int sep = depth == 1 && !strcmp(t, ",");
    free(t);
    if (!sep && depth)
      continue;
    /* an item spans tokens [start, i) */
    if (i > start) {
      char *a = cx_take(clang_getTokenSpelling(tu, toks[start]));
      char *b = i > start + 1
                    ? cx_take(clang_getTokenSpelling(tu, toks[start + 1]))
                    : xstrdup("");
      intro_item it = {0, 0, 0};
      unsigned name_at = start;
      if (!strcmp(a, "=") && i == start + 1)
        it.kind = '=';
      else if (!strcmp(a, "&") && i == start + 1)
        it.kind = '&';
      else if (!strcmp(a, "this"))
        it.kind = 't';
      else if (!strcmp(a, "*") && !strcmp(b, "this"))
        it.kind = 'T';
      else if (!strcmp(a, "&"))
        it.kind = 'r', name_at = start + 1;
      else
        it.kind = 'v';
      if ((it.kind == 'v' || it.kind == 'r') && name_at + 1 < i) {
        char *next = cx_take(clang_getTokenSpelling(tu, toks[name_at + 1]));
        it.pack = !strcmp(next, "...");
        it.init = !it.pack;
        free(next);
      }
      free(a);
      free(b);
      items = xrealloc(items, (size_t)(count + 1) * sizeof *items);
      items[count++] = it;
    }
    start = i + 1;
    if (!depth) {
      ok = 1;
      break;
    }
  }
  clang_disposeTokens(tu, toks, n);
  if (!ok) {
    free(items);
    return -1;
  }
  *out = items;
  return count;
}

/* ---- what the body names ---------------------------------------------- */

typedef struct cand {
  CXCursor var;   /* null for this */
  CXCursor value; /* an init-capture's initializer, else the first
                     reference in the body (null: none) */
  char kind;
  int odr; /* named other than as a value read (&x, bound to a reference):
              captured even when a constant */
} cand;

typedef struct body_walk {
  unsigned begin, end; /* the lambda's extent (file offsets) */
  cand *c;
  unsigned n;
  int this_used;
} body_walk;

static void cand_add(body_walk *w, CXCursor var, CXCursor value, char kind) {
  w->c = xrealloc(w->c, (w->n + 1) * sizeof *w->c);
  w->c[w->n++] = (cand){var, value, kind, 0};
}

/* 1 when a (possibly null) declaration is var. */
static int same_decl(CXCursor a, const cx_key *var) {
  if (clang_Cursor_isNull(a))
    return 0;
  cx_key o = cx_key_of(a);
  return cx_key_eq(var, &o);
}

static cand *cand_find(body_walk *w, CXCursor var) {
  cx_key k = cx_key_of(var);
  for (unsigned i = 0; i < w->n; i++)
    if (same_decl(w->c[i].var, &k))
      return &w->c[i];
  return NULL;
}

/* A variable of an enclosing function, with automatic storage, declared
 * outside the lambda: what a lambda captures. */
static int capturable(body_walk *w, CXCursor var) {
  enum CXCursorKind k = clang_getCursorKind(var);
  if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
    return 0;
  enum CXCursorKind pk =
      clang_getCursorKind(clang_getCursorSemanticParent(var));
  if (pk != CXCursor_FunctionDecl && pk != CXCursor_CXXMethod &&
      pk != CXCursor_FunctionTemplate && pk != CXCursor_Constructor &&
      pk != CXCursor_Destructor && pk != CXCursor_ConversionFunction)
    return 0;
  if (clang_Cursor_getStorageClass(var) == CX_SC_Static ||
      (cx_cuda_attrs(var) & (CX_SHARED | CX_DEVICE | CX_CONSTANT)))
    return 0;
  unsigned off;
  clang_getFileLocation(clang_getCursorLocation(var), NULL, NULL, NULL, &off);
  return off < w->begin || off >= w->end;
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  body_walk *w = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_UnaryExpr) /* sizeof x names x without capturing it */
    return CXChildVisit_Continue;
  if (k == CXCursor_DeclRefExpr) {
    CXCursor var = clang_getCursorReferenced(c);
    cand *known = capturable(w, var) ? cand_find(w, var) : NULL;
    if (known && clang_Cursor_isNull(known->value))
      known->value = c; /* an explicit capture's first use */
    else if (!known && capturable(w, var))
      cand_add(w, var, c, 0);
    known = capturable(w, var) ? cand_find(w, var) : NULL;
    /* a value read is an implicit conversion of the name (UnexposedExpr
     * to libclang); anything else uses the variable itself */
    if (known && clang_getCursorKind(p) != CXCursor_UnexposedExpr)
      known->odr = 1;
  } else if (k == CXCursor_CXXThisExpr ||
             (k == CXCursor_MemberRefExpr &&
              clang_Cursor_isNull(dev_first_child(c)))) {
    CXCursor m = clang_getCursorReferenced(c);
    enum CXCursorKind mk = clang_getCursorKind(m);
    int member =
        k == CXCursor_CXXThisExpr || mk == CXCursor_FieldDecl ||
        ((mk == CXCursor_CXXMethod || mk == CXCursor_FunctionTemplate ||
          mk == CXCursor_ConversionFunction) &&
         !clang_CXXMethod_isStatic(m));
    if (member && !w->this_used) {
      w->this_used = 1;
      cand_add(w, clang_getNullCursor(), clang_getNullCursor(), 't');
    }
  }
  return CXChildVisit_Recurse;
}

/* ---- matching captures to fields -------------------------------------- */

static CXType plain(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  return clang_getUnqualifiedType(t);
}

static int field_fits(CXCursor field, const cand *c) {
  CXType ft = clang_getCanonicalType(clang_getCursorType(field));
  int ref = ft.kind == CXType_LValueReference;
  switch (c->kind) {
  case 't':
    return ft.kind == CXType_Pointer;
  case 'T':
    return ft.kind == CXType_Record;
  case 'r':
    return ref &&
           clang_equalTypes(plain(ft), plain(clang_getCursorType(c->var)));
  default: { /* a copy keeps the variable's const (not a reference's) */
    CXType vt = clang_getCanonicalType(clang_getCursorType(c->var));
    if (vt.kind == CXType_LValueReference || vt.kind == CXType_RValueReference)
      return !ref && clang_equalTypes(plain(ft), plain(vt));
    return !ref && clang_equalTypes(ft, vt);
  }
  }
}

/* A variable a lambda may read without capturing it: a constant (its
 * value is known where it is read) or a reference to one. */
static int may_be_uncaptured(CXCursor var) {
  CXType t = clang_getCursorType(var);
  CXType ct = clang_getCanonicalType(t);
  if (ct.kind == CXType_LValueReference)
    return 1;
  return clang_isConstQualifiedType(ct) && !clang_isVolatileQualifiedType(ct);
}

static enum CXVisitorResult collect_field(CXCursor c, CXClientData d) {
  dev_closure *cl = d;
  cl->caps = xrealloc(cl->caps, (cl->ncaps + 1) * sizeof *cl->caps);
  memset(&cl->caps[cl->ncaps], 0, sizeof *cl->caps);
  cl->caps[cl->ncaps++].field = c;
  return CXVisit_Continue;
}

static char *capture_name(const dev_closure *cl, unsigned i, CXCursor var) {
  /* prefixed: a variable may be named as an OpenCL C keyword (global) */
  char *n = clang_Cursor_isNull(var) ? xstrdup("this") : cx_spelling(var);
  char *sn = xasprintf("cap_%s", n);
  free(n);
  for (unsigned j = 0; j < i; j++)
    if (cl->caps[j].name && !strcmp(cl->caps[j].name, sn)) {
      char *u = xasprintf("%s_%u", sn, i);
      free(sn);
      return u;
    }
  return sn;
}

/* A variable of const integral or enumeration type with a constant
 * initializer: usable in constant expressions, so not captured by a
 * lambda that only reads it. */
static int integral_constant(CXCursor var) {
  CXType t = clang_getCanonicalType(clang_getCursorType(var));
  if (!clang_isConstQualifiedType(t) || clang_isVolatileQualifiedType(t) ||
      !((t.kind >= CXType_Bool && t.kind <= CXType_Int128) ||
        t.kind == CXType_Enum))
    return 0;
  CXCursor init = clang_Cursor_getVarDeclInitializer(var);
  CXEvalResult r =
      clang_Cursor_isNull(init) ? NULL : clang_Cursor_Evaluate(init);
  int ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
  if (r)
    clang_EvalResult_dispose(r);
  return ok;
}

/* Lays the candidates against the fields (cl->caps) in order: an implicit
 * constant that does not fit is no capture, and with skip_constants no
 * implicit integral constant is one. 1 when every field and every
 * candidate that must be a capture found its match. */
static int lay_captures(dev_closure *cl, body_walk *w, unsigned nexplicit,
                        int skip_constants) {
  unsigned j = 0;
  for (unsigned i = 0; i < cl->ncaps; i++) {
    while (
        j < w->n && j >= nexplicit && w->c[j].kind != 't' &&
        ((skip_constants && !w->c[j].odr && integral_constant(w->c[j].var)) ||
         (!field_fits(cl->caps[i].field, &w->c[j]) &&
          may_be_uncaptured(w->c[j].var))))
      j++;
    if (j >= w->n || !field_fits(cl->caps[i].field, &w->c[j]))
      return 0;
    dev_capture *cap = &cl->caps[i];
    cap->var = w->c[j].var;
    cap->value = w->c[j].value;
    cap->kind = w->c[j].kind;
    free(cap->name);
    cap->name = capture_name(cl, i, cap->var);
    j++;
  }
  for (; j < w->n; j++)
    if (w->c[j].kind == 't' || !may_be_uncaptured(w->c[j].var))
      return 0;
  return 1;
}

/* Lays the captures against the fields (cl->caps holds the fields). */
static void match_captures(emitter *e, dev_closure *cl) {
  intro_item *items = NULL;
  int nitems = read_intro(cx_unit_of(e->tu, cl->lambda), cl->lambda, &items);
  if (nitems < 0) {
    cl->problem = xstrdup("its capture list could not be read");
    return;
  }
  CXCursor *kids;
  unsigned nk = cx_children(cl->lambda, &kids);
  CXCursor *refs = xmalloc((nk + 1) * sizeof *refs);
  unsigned nrefs = 0;
  CXCursor body = clang_getNullCursor();
  for (unsigned i = 0; i < nk; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids[i]);
    if (k == CXCursor_VariableRef)
      refs[nrefs++] = clang_getCursorReferenced(kids[i]);
    else if (k == CXCursor_CompoundStmt)
      body = kids[i];
  }
  body_walk w = {0, 0, NULL, 0, 0};
  char dflt = 0;
  unsigned r = 0;
  for (int i = 0; i < nitems && !cl->problem; i++) {
    char k = items[i].kind;
    if (k == '=' || k == '&') {
      dflt = k == '=' ? 'v' : 'r';
      continue;
    }
    if (items[i].pack) {
      cl->problem = xstrdup("it captures a parameter pack");
      break;
    }
    CXCursor var = clang_getNullCursor(), init = clang_getNullCursor();
    if (k == 'v' || k == 'r') {
      if (r >= nrefs) {
        cl->problem = xstrdup("its capture list could not be read");
        break;
      }
      var = refs[r++];
    }
    /* an init-capture's initializer is its variable's (libclang shows
     * the lambda's copies of it only in part) */
    if (items[i].init && !clang_Cursor_isNull(var))
      init = dev_var_init(var);
    if (items[i].init && clang_Cursor_isNull(init))
      cl->problem = xstrdup("an init-capture's initializer was not found");
    cand_add(&w, var, init, k);
    if (k == 't' || k == 'T')
      w.this_used = 1;
  }
  free(kids);
  free(items);
  free(refs);
  unsigned nexplicit = w.n;
  if (!cl->problem && !clang_Cursor_isNull(body)) {
    clang_getFileLocation(
        clang_getRangeStart(clang_getCursorExtent(cl->lambda)), NULL, NULL,
        NULL, &w.begin);
    clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(cl->lambda)),
                          NULL, NULL, NULL, &w.end);
    clang_visitChildren(body, body_visit, &w);
    for (unsigned i = nexplicit; i < w.n; i++)
      if (w.c[i].kind == 0)
        w.c[i].kind = dflt;
    if (w.n > nexplicit && !dflt)
      w.n = nexplicit; /* names the lambda does not capture: constants */
  }
  /* first without the implicit integral constants (a lambda that only
   * reads one does not capture it: `const int n = 4; ... i * n`), then
   * dropping whichever does not fit */
  if (!cl->problem && !lay_captures(cl, &w, nexplicit, 1) &&
      !lay_captures(cl, &w, nexplicit, 0))
    cl->problem = xstrdup("its captures could not be matched to the "
                          "fields of its closure");
  free(w.c);
}

/* ---- the closures ------------------------------------------------------ */

dev_closure *dev_closure_of(emitter *e, CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record)
    return NULL;
  t = clang_getUnqualifiedType(t);
  for (size_t i = 0; i < e->nclosures; i++)
    if (clang_equalTypes(e->closures[i]->type, t))
      return e->closures[i];
  CXCursor decl = clang_getTypeDeclaration(t);
  if (!is_closure_decl(decl))
    return NULL;
  CXCursor lambda = find_lambda(e, t, decl);
  if (clang_Cursor_isNull(lambda))
    return NULL;
  dev_closure *cl = xcalloc(1, sizeof *cl);
  cl->type = t;
  cl->lambda = lambda;
  clang_Type_visitFields(t, collect_field, cl);
  match_captures(e, cl);
  e->closures = xrealloc(e->closures, (e->nclosures + 1) * sizeof *e->closures);
  e->closures[e->nclosures++] = cl;
  return cl;
}

const dev_closure *dev_closure_of_method(emitter *e, CXCursor method) {
  enum CXCursorKind k = clang_getCursorKind(method);
  if (k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate)
    return NULL;
  CXCursor cls = clang_getCursorSemanticParent(method);
  if (!is_closure_decl(cls))
    return NULL;
  return dev_closure_of(e, clang_getCursorType(cls));
}

const dev_capture *dev_closure_capture(const dev_closure *cl, CXCursor var) {
  cx_key k = cx_key_of(var);
  for (unsigned i = 0; i < cl->ncaps; i++)
    if (same_decl(cl->caps[i].var, &k))
      return &cl->caps[i];
  return NULL;
}

const dev_capture *dev_closure_this(const dev_closure *cl) {
  for (unsigned i = 0; i < cl->ncaps; i++)
    if (cl->caps[i].kind == 't' || cl->caps[i].kind == 'T')
      return &cl->caps[i];
  return NULL;
}

static const dev_capture *field_capture(emitter *e, CXCursor field) {
  if (clang_getCursorKind(field) != CXCursor_FieldDecl)
    return NULL;
  const dev_closure *cl = dev_closure_of(
      e, clang_getCursorType(clang_getCursorSemanticParent(field)));
  if (!cl)
    return NULL;
  for (unsigned i = 0; i < cl->ncaps; i++)
    if (clang_equalCursors(cl->caps[i].field, field))
      return &cl->caps[i];
  return NULL;
}

const char *dev_closure_field_name(emitter *e, CXCursor field) {
  const dev_capture *c = field_capture(e, field);
  return c ? c->name : NULL;
}

int dev_closure_field_points(emitter *e, CXCursor field) {
  const dev_capture *c = field_capture(e, field);
  if (!c)
    return 0;
  CXType t = clang_getCanonicalType(clang_getCursorType(field));
  return t.kind == CXType_Pointer || t.kind == CXType_LValueReference;
}

void dev_closures_free(emitter *e) {
  for (size_t i = 0; i < e->nclosures; i++) {
    dev_closure *cl = e->closures[i];
    for (unsigned j = 0; j < cl->ncaps; j++)
      free(cl->caps[j].name);
    free(cl->caps);
    free(cl->problem);
    free(cl);
  }
  free(e->closures);
  e->closures = NULL;
  e->nclosures = 0;
}
