/*
 * dev_alloc: new and delete in device code.
 *
 * CUDA's device operator new takes its memory from the device heap, as
 * malloc does, and gives a null pointer when the heap cannot hold the
 * request; operator delete gives it back as free does. Here:
 *
 *   new T(args)      (t = (__global T *)cu2cl_malloc(cu2cl_devrt,
 *                     sizeof(T)), t ? (*t = INIT, t) : t)
 *   new T[n]         (__global T *)cu2cl_malloc(cu2cl_devrt, sizeof(T) * n)
 *   new (p) T(args)  (t = (SPACE T *)p, *t = INIT, t)
 *   delete p         (t = p, t ? (C_destroy(t), cu2cl_free(cu2cl_devrt, t))
 *                     : (void)0), or cu2cl_free(cu2cl_devrt, p)
 *
 * INIT is the initializer as the expression printer prints it: a
 * constructor is a function returning the object it builds, so the object
 * is built and then stored; no constructor runs when the heap is
 * exhausted. The temporaries t are locals of the function (e->temps).
 * delete runs the destructors of the object's dynamic type (dev_object:
 * through its type tag when the class is polymorphic). What needs a loop
 * is reported instead: new[] of objects with constructors, delete[] of
 * objects with a destructor.
 *
 * Layer 17 of the device emitter (dev_state.h): calls dev_state,
 * dev_types, dev_uses, dev_space, dev_expr.
 */
#include "dev_alloc.h"

#include <string.h>

#include "dev_class.h"
#include "dev_expr.h"
#include "dev_object.h"
#include "dev_space.h"
#include "dev_types.h"
#include "dev_uses.h"

/* A fresh local: a pointer of type t into space sp. Caller frees the
 * name. */
static char *pointer_temp(emitter *e, CXType t, char sp) {
  char *name = xasprintf("cu2cl_t%u", ++e->fresh);
  strbuf_append(&e->temps, "  ");
  dev_print_type_decl(e, &e->temps, clang_getCanonicalType(t), sp, name);
  strbuf_append(&e->temps, ";\n");
  return name;
}

/* An initializer that does nothing: the implicit call of a default
 * constructor the compiler wrote. */
static int init_is_trivial(CXCursor init) {
  if (!dev_class_default_is_trivial(clang_getCursorType(init)))
    return 0; /* in-class initializers, a type tag */
  CXCursor in = cx_strip_implicit(init);
  if (clang_getCursorKind(in) != CXCursor_CallExpr)
    return 0;
  CXCursor ctor = clang_getCursorReferenced(in);
  if (clang_getCursorKind(ctor) != CXCursor_Constructor ||
      clang_Cursor_getNumArguments(ctor) != 0)
    return 0;
  CXCursor def = clang_getCursorDefinition(ctor);
  return clang_CXXMethod_isDefaulted(ctor) || clang_Cursor_isNull(def) ||
         clang_Cursor_isNull(dev_function_body(def));
}

/* The storage of a new-expression: the placement argument cast to T *, or
 * an allocation on the heap. Caller frees. */
static char *new_storage(emitter *e, const dev_new_parts *np, CXType pt,
                         char sp) {
  char *ts = dev_type_string(e, pt, sp);
  strbuf b = {0};
  if (np->nplace) {
    char *p = dev_arg_text(e, np->place);
    strbuf_printf(&b, "(%s)%s", ts, p);
    free(p);
  } else {
    char *tn = dev_type_name(e, clang_getPointeeType(pt));
    strbuf_printf(&b, "(%s)cu2cl_malloc(cu2cl_devrt, sizeof(%s)", ts, tn);
    if (!clang_Cursor_isNull(np->size)) {
      char *n = dev_arg_text(e, np->size);
      strbuf_printf(&b, " * (ulong)%s", n);
      free(n);
    }
    strbuf_append(&b, ")");
    free(tn);
  }
  free(ts);
  return strbuf_take(&b);
}

/* new T, new T(args), new T{args}, new T[n], new (p) T(args), new (p) T[n] */
static void print_new(emitter *e, CXCursor c) {
  dev_new_parts np;
  dev_new_expr_parts(e->tu, c, &np);
  int init = !clang_Cursor_isNull(np.init) && !init_is_trivial(np.init);
  if (np.nplace > 1 || (init && !clang_Cursor_isNull(np.size))) {
    dev_report(e, c, CU2CL_D_DYNAMIC_ALLOCATION,
               np.nplace > 1 ? "new with several placement arguments"
                             : "new[] with constructors or an initializer");
    return;
  }
  CXType pt = clang_getCanonicalType(clang_getCursorType(c));
  char sp = np.nplace ? dev_expr_space(e, np.place) : 'g';
  char *store = new_storage(e, &np, pt, sp);
  if (!init) {
    dev_emit(e, store);
    free(store);
    return;
  }
  char *t = pointer_temp(e, pt, sp);
  strbuf_printf(e->out, "(%s = %s, ", t, store);
  if (!np.nplace) /* nothing is built when the heap is exhausted */
    strbuf_printf(e->out, "%s ? (", t);
  strbuf_printf(e->out, "*%s = ", t);
  dev_print_expr(e, np.init);
  strbuf_printf(e->out, ", %s)", t);
  if (!np.nplace)
    strbuf_printf(e->out, " : %s)", t);
  free(t);
  free(store);
}

/* delete[] rather than delete. */
static int is_array_delete(emitter *e, CXCursor c) {
  char *t = cx_tokens_text(e->tu, c);
  char *d = strstr(t, "delete");
  int array = 0;
  if (d) {
    d += 6;
    while (*d == ' ')
      d++;
    array = *d == '[';
  }
  free(t);
  return array;
}

/* The number of destructors delete runs on a pointer to cls (dev_object
 * prints them), printed nowhere. */
static int destructors(emitter *e, CXType cls, char sp) {
  strbuf scratch = {0};
  strbuf *saved = e->out;
  e->out = &scratch;
  int n = dev_print_destroy(e, cls, sp, "cu2cl_p");
  e->out = saved;
  strbuf_free(&scratch);
  return n;
}

/* delete p, delete[] p: the destructors of the object's dynamic type, if
 * any does something, then the memory back to the heap. */
static void print_delete(emitter *e, CXCursor c) {
  CXCursor p = dev_last_child(c);
  CXType pt = clang_getCanonicalType(clang_getCursorType(p));
  CXType cls = clang_getPointeeType(pt);
  int array = is_array_delete(e, c);
  char sp = dev_expr_space(e, p);
  int ndtors = destructors(e, cls, sp);
  if (ndtors && array) {
    dev_report(e, c, CU2CL_D_DYNAMIC_ALLOCATION,
               "delete[] of objects with a destructor");
    return;
  }
  dev_report(e, c, CU2CL_D_HEAP_FREE_PARTIAL, array ? "delete[]" : "delete");
  char *pv = dev_arg_text(e, p);
  if (!ndtors) {
    strbuf_printf(e->out, "cu2cl_free(cu2cl_devrt, %s)", pv);
    free(pv);
    return;
  }
  char *t = pointer_temp(e, pt, sp);
  strbuf_printf(e->out, "(%s = %s, %s ? (", t, pv, t);
  dev_print_destroy(e, cls, sp, t);
  strbuf_printf(e->out, "cu2cl_free(cu2cl_devrt, %s)) : (void)0)", t);
  free(t);
  free(pv);
}

void dev_print_alloc(emitter *e, CXCursor c) {
  if (clang_getCursorKind(c) == CXCursor_CXXNewExpr)
    print_new(e, c);
  else
    print_delete(e, c);
}
