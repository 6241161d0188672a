/*
 * dev_class: classes in device code, their bases, polymorphism and default
 * initialization (dev_class.h describes the layout).
 *
 * Everything here comes from the types (clang_visitCXXBaseClasses,
 * clang_visitCXXMethods, clang_Type_visitFields), which also covers
 * implicit instantiations of class templates, whose declarations libclang
 * does not traverse.
 *
 * Why a tag and not a vtable: OpenCL C has no function pointers. Each
 * polymorphic object carries the tag of its dynamic type where C++ keeps
 * the vtable pointer, set by the constructors (base first, so the most
 * derived constructor's tag stays, as the vtable pointer does); a virtual
 * call switches over the tags to the final overriders (dev_object).
 * Thrust's device_ptr and device_reference are told apart here too: device
 * code holds them as the pointer and the lvalue they stand for.
 *
 * Layer 4 of the device emitter (dev_state.h): calls dev_state.
 */
#include "dev_class.h"

#include <string.h>

typedef struct type_list {
  CXType *items;
  unsigned n;
} type_list;

static enum CXVisitorResult collect_base(CXCursor c, CXClientData d) {
  type_list *l = d;
  l->items = xrealloc(l->items, (l->n + 1) * sizeof *l->items);
  l->items[l->n++] = clang_getCanonicalType(clang_getCursorType(c));
  return CXVisit_Continue;
}

unsigned dev_class_bases(CXType t, CXType **out) {
  type_list l = {NULL, 0};
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_Record)
    clang_visitCXXBaseClasses(t, collect_base, &l);
  *out = l.items;
  return l.n;
}

static enum CXVisitorResult find_virtual(CXCursor c, CXClientData d) {
  if (!clang_CXXMethod_isVirtual(c))
    return CXVisit_Continue;
  *(int *)d = 1;
  return CXVisit_Break;
}

int dev_class_is_polymorphic(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record)
    return 0;
  int found = 0;
  clang_visitCXXMethods(t, find_virtual, &found);
  CXType *bases;
  unsigned n = dev_class_bases(t, &bases);
  for (unsigned i = 0; i < n && !found; i++)
    found = dev_class_is_polymorphic(bases[i]);
  free(bases);
  return found;
}

static enum CXVisitorResult collect_field(CXCursor c, CXClientData d) {
  type_list *l = d; /* the cursors, in the items' room */
  l->items = xrealloc(l->items, (l->n + 1) * sizeof(CXCursor));
  ((CXCursor *)l->items)[l->n++] = c;
  return CXVisit_Continue;
}

unsigned dev_class_fields(CXType t, CXCursor **out) {
  type_list l = {NULL, 0};
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_Record)
    clang_Type_visitFields(t, collect_field, &l);
  *out = (CXCursor *)l.items;
  return l.n;
}

static enum CXVisitorResult count_field(CXCursor c, CXClientData d) {
  (void)c;
  ++*(unsigned *)d;
  return CXVisit_Continue;
}

int dev_class_takes_no_room(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record || dev_class_is_polymorphic(t))
    return 0;
  unsigned fields = 0;
  clang_Type_visitFields(t, count_field, &fields);
  CXType *bases;
  unsigned n = dev_class_bases(t, &bases);
  for (unsigned i = 0; i < n && !fields; i++)
    fields = !dev_class_takes_no_room(bases[i]);
  free(bases);
  return !fields;
}

int dev_class_holds_tag(CXType t) {
  if (!dev_class_is_polymorphic(t))
    return 0;
  CXType *bases;
  unsigned n = dev_class_bases(t, &bases);
  int inherited = 0;
  for (unsigned i = 0; i < n && !inherited; i++)
    inherited = dev_class_is_polymorphic(bases[i]);
  free(bases);
  return !inherited;
}

/* The same class, whatever its qualifiers: a const method's object is a
 * const base (`a.size()` on a derived `a` converts it to const Base &). */
static int same_type(CXType a, CXType b) {
  return clang_equalTypes(clang_getUnqualifiedType(clang_getCanonicalType(a)),
                          clang_getUnqualifiedType(clang_getCanonicalType(b)));
}

/* Appends the path from `from` to `to` to b; 0 when `to` is not reached
 * through non-empty bases. */
static int base_path(CXType from, CXType to, strbuf *b, int *primary) {
  if (same_type(from, to))
    return 1;
  CXType *bases;
  unsigned n = dev_class_bases(from, &bases);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++) {
    if (dev_class_takes_no_room(bases[i]))
      continue;
    size_t mark = b->len;
    strbuf_printf(b, ".cu2cl_base%u", i);
    found = base_path(bases[i], to, b, primary);
    if (found && i)
      *primary = 0;
    if (!found) {
      b->len = mark;
      b->data[mark] = 0;
    }
  }
  free(bases);
  return found;
}

char *dev_class_base_path(CXType from, CXType to, int *primary) {
  strbuf b = {0};
  strbuf_append(&b, "");
  int prim = 1;
  if (!base_path(clang_getCanonicalType(from), clang_getCanonicalType(to), &b,
                 &prim)) {
    strbuf_free(&b);
    return NULL;
  }
  if (primary)
    *primary = prim;
  return strbuf_take(&b);
}

int dev_class_derives(CXType from, CXType to) {
  if (same_type(from, to))
    return 1;
  CXType *bases;
  unsigned n = dev_class_bases(from, &bases);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++)
    found = dev_class_derives(bases[i], to);
  free(bases);
  return found;
}

char *dev_class_tag_path(CXType t) {
  if (dev_class_holds_tag(t))
    return xstrdup(".cu2cl_vtag");
  CXType *bases;
  unsigned n = dev_class_bases(t, &bases);
  char *r = NULL;
  if (n && dev_class_is_polymorphic(bases[0])) {
    char *up = dev_class_tag_path(bases[0]);
    r = up ? xasprintf(".cu2cl_base0%s", up) : NULL;
    free(up);
  }
  free(bases);
  return r;
}

char *dev_class_tag(CXType t) {
  CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
  char *usr = cx_usr(decl);
  unsigned long long h = 14695981039346656037ull; /* FNV-1a */
  for (const unsigned char *p = (const unsigned char *)usr; *p; p++)
    h = (h ^ *p) * 1099511628211ull;
  free(usr);
  return xasprintf("0x%016llxul", h);
}

/* 1 when method c is m or overrides it, however far down. */
static int overrides(CXCursor c, CXCursor m) {
  if (clang_equalCursors(c, m))
    return 1;
  char *cu = cx_usr(c), *mu = cx_usr(m);
  int same = !strcmp(cu, mu);
  free(cu);
  free(mu);
  if (same)
    return 1;
  CXCursor *over = NULL;
  unsigned n = 0;
  clang_getOverriddenCursors(c, &over, &n);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++)
    found = overrides(over[i], m);
  if (over)
    clang_disposeOverriddenCursors(over);
  return found;
}

typedef struct override_find {
  CXCursor m, found;
} override_find;

static enum CXVisitorResult find_override(CXCursor c, CXClientData d) {
  override_find *f = d;
  if (!overrides(c, f->m))
    return CXVisit_Continue;
  f->found = c;
  return CXVisit_Break;
}

CXCursor dev_class_overrider(CXType t, CXCursor m) {
  override_find f = {m, clang_getNullCursor()};
  clang_visitCXXMethods(clang_getCanonicalType(t), find_override, &f);
  if (!clang_Cursor_isNull(f.found))
    return f.found;
  CXType *bases;
  unsigned n = dev_class_bases(t, &bases);
  for (unsigned i = 0; i < n && clang_Cursor_isNull(f.found); i++)
    if (dev_class_derives(
            bases[i], clang_getCursorType(clang_getCursorSemanticParent(m))))
      f.found = dev_class_overrider(bases[i], m);
  free(bases);
  return f.found;
}

/* 1 when the declaration of field has an initializer: after its name
 * and any array bounds or bit-field width, a `=` or `{` (the expressions
 * among its children may also be bounds and widths). */
static int has_initializer(CXCursor field) {
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(field);
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, clang_getCursorExtent(field), &toks, &n);
  char *name = cx_spelling(field);
  unsigned i = 0;
  while (i < n) {
    char *t = cx_take(clang_getTokenSpelling(tu, toks[i++]));
    int at_name = !strcmp(t, name);
    free(t);
    if (at_name)
      break;
  }
  int depth = 0, found = 0;
  for (; i < n && !found; i++) {
    char *t = cx_take(clang_getTokenSpelling(tu, toks[i]));
    if (!strcmp(t, "[") || !strcmp(t, "("))
      depth++;
    else if (!strcmp(t, "]") || !strcmp(t, ")"))
      depth--;
    else if (!depth && (!strcmp(t, "=") || !strcmp(t, "{")))
      found = 1;
    free(t);
  }
  free(name);
  clang_disposeTokens(tu, toks, n);
  return found;
}

CXCursor dev_field_initializer(CXCursor field) {
  if (!has_initializer(field))
    return clang_getNullCursor();
  CXCursor *kids;
  unsigned n = cx_children(field, &kids);
  CXCursor r = clang_getNullCursor();
  for (unsigned i = 0; i < n; i++) /* the initializer comes last */
    if (clang_isExpression(clang_getCursorKind(kids[i])))
      r = kids[i];
  free(kids);
  return r;
}

static enum CXVisitorResult find_default_ctor(CXCursor c, CXClientData d) {
  if (clang_getCursorKind(c) != CXCursor_Constructor ||
      clang_Cursor_getNumArguments(c) != 0)
    return CXVisit_Continue;
  CXCursor def = clang_getCursorDefinition(c);
  if (clang_Cursor_isNull(def) || clang_Cursor_isNull(dev_function_body(def)))
    return CXVisit_Continue;
  *(CXCursor *)d = def;
  return CXVisit_Break;
}

CXCursor dev_class_user_default_ctor(CXType t) {
  CXCursor r = clang_getNullCursor();
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_Record &&
      !cx_in_system_header(clang_getTypeDeclaration(t)))
    clang_visitCXXMethods(t, find_default_ctor, &r);
  return r;
}

typedef struct trivial_scan {
  int trivial;
} trivial_scan;

static enum CXVisitorResult trivial_field(CXCursor c, CXClientData d) {
  trivial_scan *s = d;
  CXType ft = clang_getCanonicalType(clang_getCursorType(c));
  while (ft.kind == CXType_ConstantArray)
    ft = clang_getCanonicalType(clang_getArrayElementType(ft));
  if (!clang_Cursor_isNull(dev_field_initializer(c)) ||
      (ft.kind == CXType_Record && !dev_class_default_is_trivial(ft)))
    s->trivial = 0;
  return s->trivial ? CXVisit_Continue : CXVisit_Break;
}

int dev_class_default_is_trivial(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Record)
    return 1;
  if (cx_in_system_header(clang_getTypeDeclaration(t)))
    return 1;
  if (dev_class_is_polymorphic(t) ||
      !clang_Cursor_isNull(dev_class_user_default_ctor(t)))
    return 0;
  trivial_scan s = {1};
  clang_Type_visitFields(t, trivial_field, &s);
  CXType *bases;
  unsigned n = dev_class_bases(t, &bases);
  for (unsigned i = 0; i < n && s.trivial; i++)
    s.trivial = dev_class_default_is_trivial(bases[i]);
  free(bases);
  return s.trivial;
}

/* ---- the classes device code creates -------------------------------- */

void dev_class_register(emitter *e, CXType t) {
  t = clang_getUnqualifiedType(clang_getCanonicalType(t));
  if (t.kind != CXType_Record || !dev_class_is_polymorphic(t) ||
      clang_CXXRecord_isAbstract(clang_getTypeDeclaration(t)))
    return;
  for (size_t i = 0; i < e->nvclasses; i++)
    if (clang_equalTypes(e->vclasses[i], t))
      return;
  e->vclasses = xrealloc(e->vclasses, (e->nvclasses + 1) * sizeof *e->vclasses);
  e->vclasses[e->nvclasses++] = t;
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  (void)p;
  emitter *e = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CallExpr &&
      clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_Constructor)
    dev_class_register(e, clang_getCursorType(clang_getCursorSemanticParent(
                              clang_getCursorReferenced(c))));
  else if (k == CXCursor_CXXNewExpr)
    dev_class_register(e, clang_getPointeeType(
                              clang_getCanonicalType(clang_getCursorType(c))));
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult scan_top(CXCursor c, CXCursor p,
                                        CXClientData d) {
  (void)p;
  if (!cx_in_system_header(c))
    clang_visitChildren(c, scan_visit, d);
  return CXChildVisit_Continue;
}

void dev_class_scan(emitter *e) {
  if (e->vclasses_scanned)
    return;
  e->vclasses_scanned = 1;
  clang_visitChildren(clang_getTranslationUnitCursor(e->tu), scan_top, e);
}

/* Thrust's device_ptr<T> and device_reference<T> (dev_class.h). */
char dev_thrust_class(CXType t, CXType *elem) {
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  if (t.kind != CXType_Record || clang_Type_getNumTemplateArguments(t) < 1)
    return 0;
  CXCursor d = clang_getTypeDeclaration(t);
  if (!cx_in_system_header(d))
    return 0;
  char *n = cx_spelling(d);
  char k = !strcmp(n, "device_ptr")         ? 'p'
           : !strcmp(n, "device_reference") ? 'r'
                                            : 0;
  free(n);
  int thrust = 0;
  for (CXCursor p = clang_getCursorSemanticParent(d);
       k && !thrust && clang_getCursorKind(p) == CXCursor_Namespace;
       p = clang_getCursorSemanticParent(p)) {
    n = cx_spelling(p);
    thrust = !strcmp(n, "thrust");
    free(n);
  }
  if (!thrust)
    return 0;
  *elem = clang_Type_getTemplateArgumentAsType(t, 0);
  return k;
}
