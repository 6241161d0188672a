/*
 * dev_uses: symbols and the implicit parameters of device functions.
 *
 * A kernel receives the __constant__ and __device__ variables it (or a
 * callee) uses as parameters, declares the __shared__ variables of the
 * device functions it reaches, and passes both down; dynamic shared
 * memory and the warp scratch travel the same way. dev_uses_of computes
 * a function's record once, walking its body and its callees' (a call
 * cycle is marked recursive). Whether a function needs double precision
 * or 64-bit atomics, or makes collective calls, is recorded alongside.
 *
 * Layer 8 of the device emitter (dev_state.h): calls dev_state, dev_cg,
 * dev_builtin, dev_types.
 */
#include "dev_uses.h"

#include <string.h>

#include "dev_builtin.h"
#include "dev_cg.h"
#include "dev_class.h"
#include "dev_types.h"

/* ---- symbols -------------------------------------------------------- */

/* Identity of a symbol. A __shared__ variable of a device function is keyed
 * by the function's USR (each template specialization has its own). */
static char *symbol_key(CXCursor decl) {
  CXCursor parent = clang_getCursorSemanticParent(decl);
  if (clang_getCursorKind(parent) == CXCursor_TranslationUnit ||
      clang_getCursorKind(parent) == CXCursor_Namespace)
    return cx_usr(decl);
  char *pu = cx_usr(parent), *n = cx_spelling(decl);
  char *k = xasprintf("%s::%s", pu, n);
  free(pu);
  free(n);
  return k;
}

static symbol *symbol_find(emitter *e, CXCursor decl) {
  char *usr = symbol_key(decl);
  symbol *r = NULL;
  for (size_t i = 0; i < e->nsyms && !r; i++)
    if (!strcmp(e->syms[i].usr, usr))
      r = &e->syms[i];
  free(usr);
  return r;
}

static int is_var(CXCursor c) {
  return clang_getCursorKind(c) == CXCursor_VarDecl;
}

/* Whether this unit declares variable decl (a namespace-scope variable
 * of another unit, found by its USR). */
static int declared_here(emitter *e, CXCursor decl) {
  char *usr = cx_usr(decl);
  int found = !clang_Cursor_isNull(cx_find_usr(e->tu, usr, is_var));
  free(usr);
  return found;
}

/* "::a::b::name" for a variable of namespace a::b (named namespaces; an
 * anonymous one is reached through the one around it), else name: the
 * host name works wherever a launch stub is. */
static char *qualified_name(CXCursor decl, const char *name) {
  char *q = xstrdup(name);
  for (CXCursor p = clang_getCursorSemanticParent(decl);
       clang_getCursorKind(p) == CXCursor_Namespace;
       p = clang_getCursorSemanticParent(p)) {
    char *n = cx_spelling(p);
    if (*n) {
      char *r = xasprintf("%s::%s", n, q);
      free(q);
      q = r;
    }
    free(n);
  }
  if (strchr(q, ':')) {
    char *r = xasprintf("::%s", q);
    free(q);
    q = r;
  }
  return q;
}

/* A static __shared__ variable declared in a device function (not a
 * kernel): OpenCL C allows __local variables only at kernel scope, so it
 * becomes a symbol in local memory that each kernel declares and passes
 * down. */
static int is_device_function_shared(CXCursor decl, CXCursor parent) {
  enum CXCursorKind pk = clang_getCursorKind(parent);
  if (pk != CXCursor_FunctionDecl && pk != CXCursor_CXXMethod &&
      pk != CXCursor_Constructor && pk != CXCursor_ConversionFunction)
    return 0;
  return (cx_cuda_attrs(decl) & CX_SHARED) &&
         !(cx_cuda_attrs(parent) & CX_GLOBAL) &&
         clang_getCanonicalType(clang_getCursorType(decl)).kind !=
             CXType_IncompleteArray;
}

/* A namespace-scope __constant__ or __device__ variable, or a __shared__
 * variable of a device function: registers it. */
symbol *dev_symbol_of(emitter *e, CXCursor decl) {
  enum CXCursorKind dk = clang_getCursorKind(decl);
  if (dk != CXCursor_VarDecl && dk != CXCursor_UnexposedDecl)
    return NULL;
  CXCursor parent = clang_getCursorSemanticParent(decl);
  enum CXCursorKind pk = clang_getCursorKind(parent);
  unsigned a = cx_cuda_attrs(decl);
  /* a __shared__ variable at namespace scope (`__device__ __shared__
   * uint32 mt[624];` in a header, HeCBench pns): each block's own, as a
   * device function's */
  int file_shared =
      (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace) &&
      (a & CX_SHARED) && !cx_in_system_header(decl) &&
      clang_getCanonicalType(clang_getCursorType(decl)).kind !=
          CXType_IncompleteArray;
  int local = file_shared || is_device_function_shared(decl, parent);
  if (!local && pk != CXCursor_TranslationUnit && pk != CXCursor_Namespace)
    return NULL;
  if (!local && (!(a & (CX_CONSTANT | CX_DEVICE)) || cx_in_system_header(decl)))
    return NULL;
  symbol *s = symbol_find(e, decl);
  if (s)
    return s;
  int elsewhere = 0;
  if (!local && dev_is_foreign(e, decl) && !declared_here(e, decl)) {
    if (clang_getCursorLinkage(decl) != CXLinkage_External) {
      char *n = cx_spelling(decl);
      dev_report(e, decl, CU2CL_D_SEPARATE_COMPILATION, n,
                 "has internal linkage in the unit that defines it, so a "
                 "copy of that unit's function in this program cannot "
                 "share it");
      free(n);
    }
    elsewhere = 1;
  }
  char *cl_name = NULL, *host_name = NULL;
  if (dk == CXCursor_UnexposedDecl && /* a variable template's mask<T> */
      !dev_var_template_names(decl, &cl_name, &host_name))
    return NULL;
  e->syms = xrealloc(e->syms, (e->nsyms + 1) * sizeof *e->syms);
  s = &e->syms[e->nsyms++];
  s->usr = symbol_key(decl);
  char *n = cx_spelling(decl);
  if (local && !file_shared) { /* unique across functions:
                                  <function>_<variable> */
    char *fn = dev_specialization_name(parent);
    s->name = xasprintf("%s_%s", fn, n);
    free(fn);
  } else {
    s->name = cl_name ? cl_name : dev_safe_name(n);
  }
  if (!local && !host_name && cx_keeps_host_value(decl))
    host_name = xasprintf("cu2cl_symbol_%s", s->name);
  s->host_name = local ? xstrdup(s->name)
                       : qualified_name(decl, host_name ? host_name : s->name);
  free(host_name);
  s->elsewhere = elsewhere;
  free(n);
  s->space = local ? 'l' : (a & CX_CONSTANT) ? 'c' : 'g';
  s->is_array = clang_getCanonicalType(clang_getCursorType(decl)).kind ==
                CXType_ConstantArray; /* also through a typedef */
  s->decl = decl;
  return s;
}

/* ---- implicit parameters: symbols and dynamic shared memory --------- */

int dev_is_user_function(CXCursor fn) {
  enum CXCursorKind k = clang_getCursorKind(fn);
  if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod &&
      k != CXCursor_Constructor && k != CXCursor_FunctionTemplate &&
      k != CXCursor_ConversionFunction && k != CXCursor_Destructor)
    return 0;
  return !cx_in_system_header(fn);
}

int dev_is_extern_shared(CXCursor var) {
  return clang_getCursorKind(var) == CXCursor_VarDecl &&
         (cx_cuda_attrs(var) & CX_SHARED) &&
         clang_getCanonicalType(clang_getCursorType(var)).kind ==
             CXType_IncompleteArray;
}

static void uses_mark(fn_uses *u, size_t sym) {
  if (sym >= u->nsyms) {
    u->syms = xrealloc(u->syms, sym + 1);
    memset(u->syms + u->nsyms, 0, sym + 1 - u->nsyms);
    u->nsyms = sym + 1;
  }
  u->syms[sym] = 1;
}

static int type_uses_double(CXType t) {
  t = clang_getCanonicalType(t);
  while (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
         t.kind == CXType_IncompleteArray || t.kind == CXType_LValueReference)
    t = clang_getCanonicalType(t.kind == CXType_Pointer ||
                                       t.kind == CXType_LValueReference
                                   ? clang_getPointeeType(t)
                                   : clang_getArrayElementType(t));
  return t.kind == CXType_Double;
}

/* atomicAdd(unsigned long long *, ...) and friends need 64-bit atomics. */
static int is_int64_atomic(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  char *n = cx_spelling(callee);
  int atomic = str_starts_with(n, "atomic");
  free(n);
  if (!atomic || clang_Cursor_getNumArguments(callee) < 1)
    return 0;
  CXType p = clang_getCanonicalType(
      clang_getCursorType(clang_Cursor_getArgument(callee, 0)));
  if (p.kind != CXType_Pointer)
    return 0;
  enum CXTypeKind k = clang_getCanonicalType(clang_getPointeeType(p)).kind;
  return k == CXType_LongLong || k == CXType_ULongLong || k == CXType_Long ||
         k == CXType_ULong || k == CXType_Double;
}

/* printf("%f", x) with a float x: the promotion of a variadic argument to
 * double is the call's, not the user's double (OpenCL C's printf takes the
 * float as it is). */
static int is_vararg_promotion(CXCursor c, CXCursor parent) {
  if (clang_getCursorKind(c) != CXCursor_UnexposedExpr ||
      clang_getCursorKind(parent) != CXCursor_CallExpr)
    return 0;
  CXType fn = clang_getCursorType(clang_getCursorReferenced(parent));
  if (!clang_isFunctionTypeVariadic(fn))
    return 0;
  CXCursor inner = dev_first_child(c);
  return !clang_Cursor_isNull(inner) &&
         !type_uses_double(clang_getCursorType(inner));
}

typedef struct uses_walk {
  emitter *e;
  size_t index; /* into e->uses: the array may move while recursing */
} uses_walk;

/* A call of the user function def: its uses are the caller's too. */
static void uses_callee(uses_walk *w, CXCursor def) {
  emitter *e = w->e;
  fn_uses *cu = dev_uses_of(e, def);
  fn_uses *u = &e->uses[w->index];
  if (!cu)
    return;
  u->dynshm |= cu->dynshm;
  u->fp64 |= cu->fp64;
  u->int64_atomics |= cu->int64_atomics;
  u->collective |= cu->collective;
  u->warp |= cu->warp;
  u->lanes |= cu->lanes;
  u->devrt |= cu->devrt;
  u->grid |= cu->grid;
  u->active |= cu->active;
  for (size_t i = 0; i < cu->nsyms; i++)
    if (cu->syms[i])
      uses_mark(u, i);
}

/* new and delete use the device heap (placement new does not); delete
 * calls the destructor (a constructor call is a child of the new). */
static void uses_new_delete(uses_walk *w, CXCursor c) {
  if (clang_getCursorKind(c) == CXCursor_CXXNewExpr) {
    dev_new_parts np;
    dev_new_expr_parts(w->e->tu, c, &np);
    if (!np.nplace)
      w->e->uses[w->index].devrt = 1;
    return;
  }
  w->e->uses[w->index].devrt = 1;
  CXType pt = clang_getCanonicalType(clang_getCursorType(dev_last_child(c)));
  CXCursor dtor = dev_class_destructor(clang_getPointeeType(pt));
  if (!clang_Cursor_isNull(dtor) && dev_is_user_function(dtor))
    uses_callee(w, dtor);
}

static enum CXChildVisitResult uses_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  uses_walk *w = d;
  emitter *e = w->e;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl && dev_is_extern_shared(c))
    e->uses[w->index].dynshm = 1;
  if ((clang_isExpression(k) || k == CXCursor_VarDecl) &&
      type_uses_double(clang_getCursorType(c)) && !is_vararg_promotion(c, p))
    e->uses[w->index].fp64 = 1;
  if (k == CXCursor_GCCAsmStmt) { /* a PTX register read may need it */
    const cu2cl_ptx_reg *regs[CU2CL_PTX_MAX_OUTPUTS];
    CXCursor outs[CU2CL_PTX_MAX_OUTPUTS];
    unsigned n = dev_builtin_ptx_reads(c, regs, outs);
    for (unsigned i = 0; i < n; i++)
      if (strstr(regs[i]->opencl, "cu2cl_devrt"))
        e->uses[w->index].devrt = 1;
  }
  if (k == CXCursor_CallExpr && is_int64_atomic(c))
    e->uses[w->index].int64_atomics = 1;
  if (k == CXCursor_CallExpr) {
    CXCursor callee = clang_getCursorReferenced(c);
    CXCursor cdef = dev_definition(e, callee);
    int scratch = 0;
    if ((clang_Cursor_isNull(cdef) || cx_in_system_header(callee)) &&
        dev_builtin_is_collective(callee, &scratch)) {
      e->uses[w->index].collective = 1;
      e->uses[w->index].warp |= scratch;
      if (scratch) {
        char *n = cx_spelling(callee);
        if (!str_starts_with(n, "__syncthreads_"))
          e->uses[w->index].lanes = 1;
        free(n);
      }
    }
    if ((clang_Cursor_isNull(cdef) || cx_in_system_header(callee)) &&
        dev_builtin_uses_devrt(callee))
      e->uses[w->index].devrt = 1;
    if (cx_in_system_header(callee) && dev_cg_syncs_grid(callee))
      e->uses[w->index].devrt = e->uses[w->index].grid = 1;
    if (cx_in_system_header(callee) && dev_cg_reads_active_lanes(callee))
      e->uses[w->index].active = 1;
  }
  if (k == CXCursor_CXXNewExpr || k == CXCursor_CXXDeleteExpr)
    uses_new_delete(w, c);
  if (k == CXCursor_DeclRefExpr || k == CXCursor_CallExpr ||
      k == CXCursor_MemberRefExpr) {
    CXCursor r = clang_getCursorReferenced(c);
    symbol *s = dev_symbol_of(e, r);
    if (s)
      uses_mark(&e->uses[w->index], (size_t)(s - e->syms));
    CXCursor def = dev_definition(e, r);
    if (k != CXCursor_DeclRefExpr && !clang_Cursor_isNull(def) &&
        dev_is_user_function(def))
      uses_callee(w, def);
  }
  return CXChildVisit_Recurse;
}

int dev_call_is_collective(emitter *e, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor def = dev_definition(e, callee);
  int scratch;
  if (clang_Cursor_isNull(def) || cx_in_system_header(callee))
    return dev_builtin_is_collective(callee, &scratch);
  if (!dev_is_user_function(def))
    return 0;
  fn_uses *u = dev_uses_of(e, def);
  return u && u->collective;
}

fn_uses *dev_uses_find(emitter *e, CXCursor fn) {
  cx_key k = cx_key_of(fn);
  for (size_t i = 0; i < e->nuses; i++)
    if (cx_key_eq(&e->uses[i].key, &k))
      return &e->uses[i];
  return NULL;
}

/* What a function reaches beyond its body: a constructor, the in-class
 * initializers of its class and the default constructors of its bases
 * and members (dev_object prints them into its clone); a virtual method,
 * the final overrider in every class device code creates (its dispatcher
 * calls them). */
static enum CXVisitorResult uses_field_init(CXCursor c, CXClientData d) {
  uses_walk *w = d;
  CXCursor init = dev_field_initializer(c);
  if (!clang_Cursor_isNull(init))
    clang_visitChildren(c, uses_visit, w);
  CXType ft = clang_getCanonicalType(clang_getCursorType(c));
  CXCursor ctor = dev_class_user_default_ctor(ft);
  if (!clang_Cursor_isNull(ctor))
    uses_callee(w, ctor);
  return CXVisit_Continue;
}

static void uses_class_init(uses_walk *w, CXType cls) {
  clang_Type_visitFields(clang_getCanonicalType(cls), uses_field_init, w);
  CXType *bases;
  unsigned n = dev_class_bases(cls, &bases);
  for (unsigned i = 0; i < n; i++) {
    CXCursor ctor = dev_class_user_default_ctor(bases[i]);
    if (!clang_Cursor_isNull(ctor))
      uses_callee(w, ctor);
    else
      uses_class_init(w, bases[i]);
  }
  free(bases);
}

static void uses_beyond_body(uses_walk *w, CXCursor fn) {
  enum CXCursorKind k = clang_getCursorKind(fn);
  CXType cls = clang_getCursorType(clang_getCursorSemanticParent(fn));
  if (k == CXCursor_Constructor)
    uses_class_init(w, cls);
  if ((k != CXCursor_CXXMethod && k != CXCursor_Destructor) ||
      !clang_CXXMethod_isVirtual(fn))
    return;
  dev_class_scan(w->e);
  for (size_t i = 0; i < w->e->nvclasses; i++) {
    CXType c = w->e->vclasses[i];
    if (!dev_class_derives(c, cls))
      continue;
    CXCursor o = k == CXCursor_Destructor ? dev_class_destructor(c)
                                          : dev_class_overrider(c, fn);
    CXCursor def = clang_Cursor_isNull(o) ? o : dev_definition(w->e, o);
    if (!clang_Cursor_isNull(def) && !clang_equalCursors(def, fn) &&
        dev_is_user_function(def))
      uses_callee(w, def);
  }
}

fn_uses *dev_uses_of(emitter *e, CXCursor fn) {
  fn_uses *u = dev_uses_find(e, fn);
  if (u) {
    if (u->state == 1)
      u->recursive = 1;
    return u->state == 1 ? NULL : u;
  }
  e->uses = xrealloc(e->uses, (e->nuses + 1) * sizeof *e->uses);
  size_t idx = e->nuses++;
  memset(&e->uses[idx], 0, sizeof e->uses[idx]);
  e->uses[idx].key = cx_key_of(fn);
  e->uses[idx].reads_tid = -1;
  e->uses[idx].state = 1;
  uses_walk w = {e, idx};
  clang_visitChildren(fn, uses_visit, &w);
  uses_beyond_body(&w, fn);
  e->uses[idx].state = 2;
  return &e->uses[idx];
}

void dev_print_implicit_args(emitter *e, CXCursor def, int first) {
  fn_uses *u = dev_uses_of(e, def);
  if (!u)
    return;
  for (size_t i = 0; i < u->nsyms; i++) {
    if (!u->syms[i])
      continue;
    strbuf_printf(e->out, "%s%s", first ? "" : ", ", e->syms[i].name);
    first = 0;
  }
  if (u->warp) {
    strbuf_printf(e->out, "%scu2cl_warp_scratch", first ? "" : ", ");
    first = 0;
  }
  if (u->dynshm) {
    strbuf_printf(e->out, "%scu2cl_dynamic_shared", first ? "" : ", ");
    first = 0;
  }
  if (u->devrt)
    strbuf_printf(e->out, "%scu2cl_devrt", first ? "" : ", ");
}
