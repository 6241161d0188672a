/*
 * host_callable: whether a __device__-only member function can stay in
 * host code; see host_callable.h.
 */
#include "host_callable.h"

#include "cx.h"
#include "util.h"

typedef struct {
  int ok;
  strvec *visiting; /* USRs of methods checked or being checked */
} walk;

static int method_ok(CXCursor fn, walk *w);

static int is_method(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_FunctionTemplate)
    k = clang_getTemplateCursorKind(c);
  return k == CXCursor_CXXMethod || k == CXCursor_ConversionFunction;
}

/* Device intrinsics that some header sets declare without __device__
 * (clang's builtins behind CUDA 13's headers). */
static int device_intrinsic(CXCursor d) {
  static const char *const prefixes[] = {
      "__syncthreads",   "__syncwarp",     "__threadfence", "__shfl",
      "__ballot",        "__any",          "__all",         "__activemask",
      "__match",         "__reduce_",      "__ldg",         "__nvvm_",
      "__builtin_nvvm_", "__builtin_ptx_", "atomic",        "__nanosleep",
      "__trap",          "__brkpt"};
  char *n = cx_spelling(d);
  int hit = 0;
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes && !hit; i++)
    hit = str_starts_with(n, prefixes[i]);
  free(n);
  return hit;
}

static int device_only(CXCursor d) {
  unsigned a = cx_cuda_attrs(d);
  if (a & CX_HOST)
    return 0;
  return (a & (CX_DEVICE | CX_SHARED | CX_CONSTANT)) ||
         (clang_getCursorKind(d) == CXCursor_FunctionDecl &&
          device_intrinsic(d));
}

/* A declaration the body refers to: fine unless device-only (a device-only
 * method is fine when it may be kept itself). */
static int ref_ok(CXCursor d, walk *w) {
  if (clang_Cursor_isNull(d) || !device_only(d))
    return 1;
  return is_method(d) && method_ok(d, w);
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor p,
                                          CXClientData data) {
  walk *w = data;
  (void)p;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_AsmStmt || k == CXCursor_MSAsmStmt) {
    w->ok = 0;
  } else if (k == CXCursor_OverloadedDeclRef) {
    int any = 0; /* overload resolution waits for instantiation */
    for (unsigned i = 0; i < clang_getNumOverloadedDecls(c) && !any; i++)
      any = ref_ok(clang_getOverloadedDecl(c, i), w);
    w->ok &= any;
  } else if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
             k == CXCursor_CallExpr) {
    w->ok &= ref_ok(clang_getCursorReferenced(c), w);
  } else if (k == CXCursor_VarDecl) {
    w->ok &= !(cx_cuda_attrs(c) & CX_SHARED);
  }
  return w->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static int method_ok(CXCursor fn, walk *w) {
  if (clang_CXXMethod_isVirtual(fn))
    return 0; /* dropping it or not changes the class's layout */
  CXCursor def = clang_getCursorDefinition(fn);
  if (clang_Cursor_isNull(def))
    return 0;
  char *usr = cx_usr(def);
  int ok = 1;
  if (!strvec_contains(w->visiting, usr)) { /* else: assumed, as a cycle */
    strvec_push(w->visiting, usr);
    walk inner = {1, w->visiting};
    clang_visitChildren(def, body_visit, &inner);
    ok = inner.ok;
  }
  free(usr);
  return ok;
}

int cu2cl_host_callable_method(CXCursor fn) {
  if (!is_method(fn))
    return 0;
  strvec seen = {0};
  walk w = {1, &seen};
  int ok = method_ok(fn, &w);
  strvec_free(&seen);
  return ok;
}
