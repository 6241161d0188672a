/*
 * dev_object: objects as C++ builds, calls and destroys them.
 *
 * A constructor's clone returns the object it builds (dev_expr prints a
 * construction as a call of it). Before the body, C++ initializes the
 * bases in order, then the members in declaration order, each from its
 * written initializer, else its in-class initializer (int a = 3;), else
 * by default initialization (a member of class type runs its default
 * constructor). A constructor the compiler wrote (implicit, = default)
 * also zeroes the object first: that is value initialization (T(), T{}),
 * and no more than one of the values default initialization allows. A
 * polymorphic class's constructor sets the type tag after its bases, so
 * the most derived constructor's tag is the one that stays, as the vtable
 * pointer does in C++.
 *
 *   D D_make(int x) {        struct D : B { int d = 12; D(int x) : B(x) {} }
 *     D self = ...;
 *     self.cu2cl_base0 = B_make(x);
 *     self.cu2cl_base0.cu2cl_vtag = 0x...ul;
 *     self.d = 12;
 *
 * A virtual call through a pointer or reference calls a dispatcher, one
 * per method, object space and argument spaces, which switches over the
 * tags of the classes device code creates (dev_class_scan) that derive
 * from the method's class and calls each one's final overrider; the
 * polymorphic base is always the first (dev_types reports others), so the
 * object's address is the same for every class of the hierarchy.
 *
 * Layer 16 of the device emitter (dev_state.h): calls dev_state,
 * dev_class, dev_types, dev_uses, dev_space, dev_expr.
 */
#include "dev_object.h"

#include <string.h>

#include "dev_class.h"
#include "dev_expr.h"
#include "dev_space.h"
#include "dev_types.h"
#include "dev_uses.h"

static void print_default_init(emitter *e, CXType t, const char *lv,
                               CXCursor at);

/* lv = init; an initializer list element by element for arrays, its only
 * element for a scalar (float b{1.5f}). */
static void print_value(emitter *e, const char *lv, CXType t, CXCursor init) {
  CXCursor in = cx_strip_implicit(init);
  t = clang_getCanonicalType(t);
  if (clang_getCursorKind(in) != CXCursor_InitListExpr ||
      t.kind == CXType_Record) {
    strbuf_printf(e->out, "  %s = ", lv);
    dev_print_expr(e, init);
    dev_emit(e, ";\n");
    return;
  }
  CXCursor *kids;
  unsigned n = cx_children(in, &kids);
  if (t.kind == CXType_ConstantArray) {
    CXType et = clang_getArrayElementType(t);
    for (unsigned i = 0; i < n; i++) {
      char *el = xasprintf("%s[%u]", lv, i);
      print_value(e, el, et, kids[i]);
      free(el);
    }
    if ((long long)n < clang_getArraySize(t)) /* the rest: zero */
      strbuf_printf(e->out,
                    "  for (int cu2cl_i = %u; cu2cl_i < %lld; cu2cl_i++) "
                    "%s[cu2cl_i] = 0;\n",
                    n, clang_getArraySize(t), lv);
  } else {
    strbuf_printf(e->out, "  %s = ", lv);
    if (n)
      dev_print_expr(e, kids[0]);
    else
      dev_emit(e, "0");
    dev_emit(e, ";\n");
  }
  free(kids);
}

/* A call of constructor ctor (no arguments) into lv. */
static void print_ctor_call(emitter *e, CXCursor ctor, const char *lv) {
  fn_clone *f = dev_queue_function(e, ctor, "", 'S', 0);
  strbuf_printf(e->out, "  %s = %s(", lv, f->name);
  dev_print_implicit_args(e, ctor, 1);
  dev_emit(e, ");\n");
}

/* The written initializer of base or member `target` among a
 * constructor's children (a MemberRef or TypeRef, then the expression);
 * a null cursor when there is none. */
static CXCursor written_init(CXCursor *kids, unsigned n, CXCursor field,
                             CXType base) {
  for (unsigned i = 0; i + 1 < n; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids[i]);
    if (!clang_isExpression(clang_getCursorKind(kids[i + 1])))
      continue;
    if (k == CXCursor_MemberRef && !clang_Cursor_isNull(field) &&
        clang_equalCursors(clang_getCursorReferenced(kids[i]), field))
      return kids[i + 1];
    if (k == CXCursor_TypeRef && clang_Cursor_isNull(field) &&
        clang_equalTypes(clang_getCanonicalType(clang_getCursorType(kids[i])),
                         base))
      return kids[i + 1];
  }
  return clang_getNullCursor();
}

typedef struct member_init {
  emitter *e;
  const char *lv; /* the object */
  CXCursor *kids; /* the constructor's children; NULL: none written */
  unsigned nkids;
  CXCursor at;
} member_init;

/* A reference member holds the address of what it names. */
static void print_ref_member(emitter *e, const char *lv, CXCursor field,
                             CXCursor init) {
  dev_ref_member_bind(e, field, dev_lvalue_space(e, init), init);
  strbuf_printf(e->out, "  %s = &(", lv);
  dev_print_expr(e, init);
  dev_emit(e, ");\n");
}

/* Default initialization of each element of array member lv. */
static void print_array_init(emitter *e, CXType t, const char *lv,
                             CXCursor at) {
  CXType et = clang_getCanonicalType(clang_getArrayElementType(t));
  if (dev_class_default_is_trivial(et))
    return;
  if (et.kind != CXType_Record) { /* an array of arrays */
    dev_report(e, at, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "a multi-dimensional array member of a class with a "
               "constructor");
    return;
  }
  unsigned k = ++e->fresh;
  char *el = xasprintf("%s[cu2cl_i%u]", lv, k);
  strbuf_printf(e->out,
                "  for (int cu2cl_i%u = 0; cu2cl_i%u < %lld; cu2cl_i%u++) {\n",
                k, k, clang_getArraySize(t), k);
  print_default_init(e, et, el, at);
  dev_emit(e, "  }\n");
  free(el);
}

static enum CXVisitorResult init_member(CXCursor c, CXClientData d) {
  member_init *m = d;
  emitter *e = m->e;
  if (dev_is_anonymous_member(c)) { /* union { struct { T x, y; }; }: its
                                       members are the object's */
    clang_Type_visitFields(clang_getCanonicalType(clang_getCursorType(c)),
                           init_member, m);
    return CXVisit_Continue;
  }
  char *n = cx_spelling(c), *sn = dev_safe_name(n);
  char *lv = xasprintf("%s.%s", m->lv, sn);
  CXType ft = clang_getCanonicalType(clang_getCursorType(c));
  CXCursor init =
      m->kids ? written_init(m->kids, m->nkids, c, ft) : clang_getNullCursor();
  if (clang_Cursor_isNull(init))
    init = dev_field_initializer(c);
  if (!clang_Cursor_isNull(init) && dev_is_ref_member(c))
    print_ref_member(e, lv, c, init);
  else if (!clang_Cursor_isNull(init)) {
    print_value(e, lv, ft, init);
    if (m->kids) /* an initializer the constructor's own code writes */
      dev_check_member_space(e, c, init, init);
  } else if (ft.kind == CXType_Record)
    print_default_init(e, ft, lv, m->at);
  else if (ft.kind == CXType_ConstantArray)
    print_array_init(e, ft, lv, m->at);
  free(lv);
  free(sn);
  free(n);
  return CXVisit_Continue;
}

/* The bases of class t (built into lv), then its tag. */
static void init_bases(emitter *e, CXType t, const char *lv, CXCursor *kids,
                       unsigned nkids, CXCursor at) {
  CXType *bases;
  unsigned nb = dev_class_bases(t, &bases);
  for (unsigned i = 0; i < nb; i++) {
    CXCursor init =
        kids ? written_init(kids, nkids, clang_getNullCursor(), bases[i])
             : clang_getNullCursor();
    if (dev_class_takes_no_room(bases[i]))
      continue; /* nothing to hold what its constructor builds */
    char *blv = xasprintf("%s.cu2cl_base%u", lv, i);
    if (!clang_Cursor_isNull(init)) {
      strbuf_printf(e->out, "  %s = ", blv);
      dev_print_expr(e, init);
      dev_emit(e, ";\n");
    } else {
      print_default_init(e, bases[i], blv, at);
    }
    free(blv);
  }
  free(bases);
  if (dev_class_is_polymorphic(t)) {
    char *path = dev_class_tag_path(t), *tag = dev_class_tag(t);
    if (path)
      strbuf_printf(e->out, "  %s%s = %s; /* the dynamic type */\n", lv, path,
                    tag);
    free(path);
    free(tag);
    dev_class_register(e, t);
  }
}

/* Default initialization of an object of class t, the lvalue lv: its
 * default constructor when the user wrote one, else what the compiler's
 * does (bases, tag, in-class initializers, members). */
static void print_default_init(emitter *e, CXType t, const char *lv,
                               CXCursor at) {
  if (dev_class_default_is_trivial(t))
    return;
  CXCursor ctor = dev_class_user_default_ctor(t);
  if (!clang_Cursor_isNull(ctor)) {
    print_ctor_call(e, ctor, lv);
    return;
  }
  init_bases(e, t, lv, NULL, 0, at);
  member_init m = {e, lv, NULL, 0, at};
  clang_Type_visitFields(clang_getCanonicalType(t), init_member, &m);
}

void dev_print_ctor_prologue(emitter *e, CXCursor ctor) {
  CXType t = clang_getCanonicalType(
      clang_getCursorType(clang_getCursorSemanticParent(ctor)));
  char *cn = dev_type_name(e, t);
  /* the compiler's constructor: value initialization zeroes first */
  strbuf_printf(e->out, "  %s self%s;\n", cn,
                clang_CXXMethod_isDefaulted(ctor) ? " = {0}" : "");
  free(cn);
  CXCursor *kids;
  unsigned n = cx_children(ctor, &kids);
  CXCursor self_init = written_init(kids, n, clang_getNullCursor(), t);
  if (!clang_Cursor_isNull(self_init)) { /* a delegating constructor */
    dev_emit(e, "  self = ");
    dev_print_expr(e, self_init);
    dev_emit(e, ";\n");
  } else {
    init_bases(e, t, "self", kids, n, ctor);
    member_init m = {e, "self", kids, n, ctor};
    clang_Type_visitFields(t, init_member, &m);
  }
  free(kids);
}

/* ---- virtual calls -------------------------------------------------- */

/* The object of a virtual call as a pointer to the method's class, and
 * where it points. Caller frees. */
static char *object_pointer(emitter *e, CXCursor def, CXCursor obj, char *sp) {
  int this_obj =
      clang_Cursor_isNull(obj) ||
      clang_getCursorKind(cx_strip_implicit(obj)) == CXCursor_CXXThisExpr;
  if (this_obj) {
    int byval = !e->cur || e->cur->self == 'S';
    *sp = byval ? 'p' : e->cur->self;
    CXType own =
        clang_getCursorType(clang_getCursorSemanticParent(e->cur->decl));
    CXType of = clang_getCursorType(clang_getCursorSemanticParent(def));
    char *up = dev_base_conversion(e, own, of, 0, byval ? "self" : "(*self)");
    char *r = up ? xasprintf("&%s", up) : xstrdup(byval ? "&self" : "self");
    free(up);
    return r;
  }
  char *t = dev_arg_text(e, obj);
  if (dev_is_pointer_type(clang_getCursorType(obj))) {
    *sp = dev_expr_space(e, obj);
    return t;
  }
  *sp = dev_lvalue_space(e, obj);
  char *r = xasprintf("&%s", t);
  free(t);
  return r;
}

void dev_print_virtual_call(emitter *e, CXCursor call, CXCursor def,
                            CXCursor obj, CXCursor *args, unsigned nargs) {
  char sp = 'g';
  char *ptr = object_pointer(e, def, obj, &sp);
  char *spaces = dev_call_spaces(e, call, def, args, nargs);
  e->queue_dispatch = 1;
  fn_clone *f = dev_queue_function(e, def, spaces, sp ? sp : 'p', 0);
  e->queue_dispatch = 0;
  strbuf_printf(e->out, "%s(%s", f->name, ptr);
  dev_print_user_args(e, def, args, nargs, 0);
  dev_emit(e, ")");
  free(spaces);
  free(ptr);
}

/* The call of overrider o on self (a pointer to its class), passing the
 * dispatcher's parameters on. */
static void print_overrider_call(emitter *e, fn_clone *f, CXCursor o) {
  CXType cls = clang_getCursorType(clang_getCursorSemanticParent(o));
  char *pt = dev_type_string(e, cls, f->self == 'p' ? 0 : f->self);
  int byval = dev_is_const_method(o);
  fn_clone *c = dev_queue_function(e, o, f->spaces, byval ? 'S' : f->self, 0);
  strbuf_printf(e->out, "%s(%s((%s *)self)", c->name, byval ? "*" : "", pt);
  int n = clang_Cursor_getNumArguments(o);
  for (int i = 0; i < n; i++) {
    char *pn = cx_param_name(clang_Cursor_getArgument(f->decl, (unsigned)i));
    char *sn = dev_safe_name(pn);
    strbuf_printf(e->out, ", %s", sn);
    free(sn);
    free(pn);
  }
  dev_print_implicit_args(e, o, 0);
  dev_emit(e, ")");
  free(pt);
}

void dev_print_dispatcher(emitter *e, fn_clone *f) {
  size_t idx = (size_t)(f - e->fns); /* queueing moves the array */
  CXCursor m = f->decl;
  CXType cls = clang_getCursorType(clang_getCursorSemanticParent(m));
  CXType rt = clang_getCanonicalType(clang_getCursorResultType(m));
  int ret = rt.kind != CXType_Void;
  char *path = dev_class_tag_path(cls);
  strbuf_printf(e->out, "  switch (self->%s) {\n", path ? path + 1 : "");
  free(path);
  dev_class_scan(e);
  for (size_t i = 0; i < e->nvclasses; i++) {
    CXType c = e->vclasses[i];
    CXCursor o = dev_class_overrider(c, m);
    CXCursor def = clang_Cursor_isNull(o) ? o : dev_definition(e, o);
    if (!dev_class_derives(c, cls) || clang_Cursor_isNull(def) ||
        clang_Cursor_isNull(dev_function_body(def)))
      continue;
    char *tag = dev_class_tag(c);
    strbuf_printf(e->out, "  case %s:\n    %s", tag, ret ? "return " : "");
    free(tag);
    print_overrider_call(e, &e->fns[idx], def);
    dev_emit(e, ret ? ";\n" : ";\n    return;\n");
  }
  /* an object device code did not create: C++ would call through a
   * vtable pointer of the host's (undefined in CUDA) */
  dev_emit(e, "  default:\n    break;\n  }\n");
  if (ret) {
    char *tn = dev_type_string(e, rt, 0);
    strbuf_printf(e->out, "  return (%s)%s;\n", tn,
                  rt.kind == CXType_Record ? "{0}" : "0");
    free(tn);
  }
}

/* ---- destruction ---------------------------------------------------- */

/* The destructors of an object of class cls at ptr, then its bases',
 * each followed by ", "; returns how many it printed. */
static int print_destroy_chain(emitter *e, CXType cls, char sp,
                               const char *ptr) {
  int n = 0;
  CXCursor dtor = dev_class_destructor(cls);
  if (!clang_Cursor_isNull(dtor) && dev_is_user_function(dtor)) {
    fn_clone *f = dev_queue_function(e, dtor, "", sp, 0);
    strbuf_printf(e->out, "%s(%s", f->name, ptr);
    dev_print_implicit_args(e, dtor, 0);
    dev_emit(e, "), ");
    n++;
  }
  CXType *bases;
  unsigned nb = dev_class_bases(cls, &bases);
  for (unsigned i = nb; i-- > 0;) {
    char *path = dev_class_base_path(cls, bases[i], NULL);
    if (path && !dev_class_takes_no_room(bases[i])) {
      char *bp = xasprintf("&(*%s)%s", ptr, path);
      n += print_destroy_chain(e, bases[i], sp, bp);
      free(bp);
    }
    free(path);
  }
  free(bases);
  return n;
}

int dev_print_destroy(emitter *e, CXType cls, char sp, const char *ptr) {
  cls = clang_getCanonicalType(cls);
  size_t mark = e->out->len;
  int n = 0;
  if (!dev_class_is_polymorphic(cls)) {
    n = print_destroy_chain(e, cls, sp, ptr);
  } else {
    char *path = dev_class_tag_path(cls);
    dev_class_scan(e);
    for (size_t i = 0; i < e->nvclasses; i++) {
      CXType c = e->vclasses[i];
      if (!dev_class_derives(c, cls))
        continue;
      char *tag = dev_class_tag(c);
      char *pt = dev_type_string(e, c, sp == 'p' ? 0 : sp);
      char *cp = xasprintf("((%s *)%s)", pt, ptr);
      strbuf_printf(e->out, "%s->%s == %s ? (", ptr, path ? path + 1 : "", tag);
      int k = print_destroy_chain(e, c, sp, cp);
      n += k;
      dev_emit(e, "(void)0) : ");
      free(tag);
      free(pt);
      free(cp);
    }
    dev_emit(e, "(void)0");
    free(path);
    if (n)
      dev_emit(e, ", ");
  }
  if (!n && e->out->data) {
    e->out->len = mark;
    e->out->data[mark] = 0;
  }
  return n;
}

/* ---- objects leaving their block ------------------------------------ */

/* 1 when destroying an object of class t runs a destructor of the user's
 * (itself, a base's): printed into a scratch buffer to find out. */
static int needs_destroy(emitter *e, CXType t) {
  strbuf tmp = {0};
  strbuf *saved = e->out;
  e->out = &tmp;
  int n = dev_print_destroy(e, t, 'p', "&x");
  e->out = saved;
  strbuf_free(&tmp);
  return n > 0;
}

size_t dev_scope_objects(emitter *e, CXCursor *kids, unsigned n,
                         CXCursor **objs) {
  size_t k = 0;
  *objs = NULL;
  for (unsigned i = 0; i < n && e->out; i++) {
    if (clang_getCursorKind(kids[i]) != CXCursor_DeclStmt)
      continue;
    CXCursor *vs;
    unsigned nv = cx_children(kids[i], &vs);
    for (unsigned j = 0; j < nv; j++) {
      CXType t = clang_getCanonicalType(clang_getCursorType(vs[j]));
      while (t.kind == CXType_ConstantArray)
        t = clang_getCanonicalType(clang_getArrayElementType(t));
      if (clang_getCursorKind(vs[j]) != CXCursor_VarDecl ||
          t.kind != CXType_Record ||
          clang_Cursor_getStorageClass(vs[j]) == CX_SC_Static ||
          (cx_cuda_attrs(vs[j]) & CX_SHARED) || !needs_destroy(e, t))
        continue;
      *objs = xrealloc(*objs, (k + 1) * sizeof **objs);
      (*objs)[k++] = vs[j];
    }
    free(vs);
  }
  return k;
}

int dev_print_object_destroy(emitter *e, CXCursor obj) {
  CXType t = clang_getCanonicalType(clang_getCursorType(obj));
  if (t.kind != CXType_Record) {
    dev_report(e, obj, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "an array of objects whose class has a destructor");
    return 0;
  }
  char *name = cx_spelling(obj);
  char *sn = dev_safe_name(name);
  char *ptr = xasprintf("&%s", sn);
  dev_emit(e, "(");
  dev_print_destroy(e, t, 'p', ptr);
  dev_emit(e, "(void)0)");
  free(ptr);
  free(sn);
  free(name);
  return 1;
}
