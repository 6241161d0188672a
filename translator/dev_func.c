/*
 * dev_func: one function (a kernel or a clone of a device function) printed
 * as OpenCL C: its prototype, then its definition: signature (implicit
 * parameters after the user's), a constructor's object, a kernel's local
 * memory (warp scratch, dynamic and hoisted shared memory), unpacked struct
 * parameters, and the body.
 *
 * Layer 21 of the device emitter (dev_state.h): calls dev_state,
 * dev_types, dev_kernarg, dev_uses, dev_sync, dev_space, dev_pred,
 * dev_check, dev_expr, dev_stmt.
 */
#include "dev_func.h"

#include "dev_kernarg.h"

#include "dev_check.h"
#include "dev_class.h"
#include "dev_expr.h"
#include "dev_object.h"
#include "dev_pred.h"
#include "dev_space.h"
#include "dev_stmt.h"
#include "dev_sync.h"
#include "dev_types.h"
#include "dev_uses.h"

static int is_hoisted_shared(CXCursor c, void *ctx) {
  (void)ctx;
  return clang_getCursorKind(c) == CXCursor_VarDecl &&
         (cx_cuda_attrs(c) & CX_SHARED) && !dev_is_extern_shared(c);
}

/* The __shared__ variables of a kernel's body, declared at its top (OpenCL
 * C allows __local variables only at kernel scope); a device function's
 * are symbols its kernels pass down (dev_uses), reported here. */
static void print_hoisted_shared(emitter *e, CXCursor body) {
  CXCursor *found;
  size_t n = dev_find(body, is_hoisted_shared, NULL, 0, &found);
  for (size_t i = 0; i < n; i++) {
    char *name = cx_spelling(found[i]);
    if (!e->cur->is_kernel) {
      char *fn = cx_spelling(e->cur->decl);
      dev_report_quiet(e, found[i], CU2CL_D_LOCAL_IN_DEVICE_FUNCTION, name, fn);
      free(fn);
    } else {
      char *sn = dev_safe_name(name);
      dev_emit(e, "  ");
      dev_print_type_decl(e, e->out, clang_getCursorType(found[i]), 'l', sn);
      dev_emit(e, ";\n");
      free(sn);
    }
    free(name);
  }
  free(found);
}

/* A pointer to a pointer (T **p; a __device__ T *p passed by its
 * address): OpenCL C forbids it as a kernel parameter, so the kernel takes
 * `__global void *p_pp` and its prologue casts it back. */
static int is_pointer_pointer(CXType t) {
  return dev_is_pointer_pointer(t);
}

static void print_param(emitter *e, fn_clone *f, CXCursor p) {
  char *n = cx_param_name(p);
  char *sn = *n ? dev_safe_name(n) : xstrdup("unnamed");
  CXType t = clang_getCursorType(p);
  var_entry *v = dev_var_find(e, p);
  if (dev_is_nonconst_ref(t)) {
    CXType pt = clang_getPointeeType(clang_getCanonicalType(t));
    char *d = dev_pointer_declarator(pt, v ? v->space : 'p', sn);
    /* T *&p: a T ** whose pointer points where the call's does */
    dev_print_type_decl(e, e->out, pt,
                        v && v->inner && dev_is_pointer_type(pt) ? v->inner
                        : v                                      ? v->space
                                                                 : 'p',
                        d);
    free(d);
  } else if (dev_is_const_ref(t)) {
    dev_print_type_decl(e, e->out,
                        clang_getPointeeType(clang_getCanonicalType(t)), 0, sn);
  } else if (dev_is_array_type(t)) {
    /* an array parameter (const uchar salt[16]) is a pointer, as in C and
     * C++: where the clone's call says it points (a kernel's: global) */
    CXType el = clang_getArrayElementType(clang_getCanonicalType(t));
    char *d = dev_pointer_declarator(el, v ? v->space : 'g', sn);
    dev_print_type_decl(e, e->out, el, v ? v->space : 'g', d);
    free(d);
  } else if (f->is_kernel && is_pointer_pointer(t)) {
    strbuf_printf(e->out, "__global void *%s_pp", sn);
  } else if (f->is_kernel && dev_record_has_pointers(t)) {
    char *kt = dev_kernarg_type(e, t);
    strbuf_printf(e->out, "%s %s_arg", kt, sn);
    dev_report_quiet(e, p, CU2CL_D_STRUCT_POINTER_ARG, n, kt);
    free(kt);
  } else if (f->is_kernel && clang_getCanonicalType(t).kind == CXType_Bool) {
    strbuf_printf(e->out, "uchar %s", sn); /* OpenCL forbids bool args */
    dev_report_quiet(e, p, CU2CL_D_BOOL_OR_SIZE_T_ARG, n, "bool", "uchar");
  } else {
    dev_print_type_decl_inner(e, e->out, t,
                              v && (v->flags & V_POINTER) ? v->space : 0,
                              v && (v->flags & V_POINTER) ? v->inner : 0, sn);
  }
  free(n);
  free(sn);
}

/* A symbol that holds device pointers: `__device__ float *p;`, or an array
 * of them, `__constant__ double *totals[4];` (HeCBench egs), set from the
 * host's cudaMalloc'd pointers. */
static int symbol_holds_pointers(const symbol *s) {
  return dev_holds_pointers(clang_getCursorType(s->decl));
}

/* A pointer to it (to an array's first element), living where the symbol
 * lives, its pointers into global memory: __global double *__constant
 * *name, __global float *__constant (*name)[4]. */
static void print_pointer_array_symbol(emitter *e, strbuf *b, const symbol *s,
                                       const char *name) {
  CXType t = clang_getCanonicalType(clang_getCursorType(s->decl));
  if (s->is_array)
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  strbuf dims = {0};
  while (dev_is_array_type(t)) {
    strbuf_printf(&dims, "[%lld]", clang_getArraySize(t));
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  }
  /* the pointers' declarator: they live in the symbol's space */
  const char *w = dev_space_word(s->space);
  char *d = dims.len ? xasprintf("%s (*%s)%s", w, name, strbuf_cstr(&dims))
                     : xasprintf("%s *%s", w, name);
  dev_print_type_decl(e, b, t, 'g', d);
  free(d);
  strbuf_free(&dims);
}

/* The symbols a function uses, passed as pointers to their storage. */
static void print_symbol_params(emitter *e, fn_clone *f, fn_uses *u,
                                int *first) {
  for (size_t i = 0; u && i < u->nsyms; i++) {
    if (!u->syms[i] || (f->is_kernel && e->syms[i].space == 'l'))
      continue; /* kernels declare hoisted __shared__ variables */
    symbol *s = &e->syms[i];
    CXType t = clang_getCursorType(s->decl);
    CXType et =
        s->is_array ? clang_getArrayElementType(clang_getCanonicalType(t)) : t;
    dev_emit(e, *first ? "" : ", ");
    *first = 0;
    if (symbol_holds_pointers(s)) { /* OpenCL forbids T ** in kernels */
      if (f->is_kernel)
        strbuf_printf(e->out, "%s void *%s_pp", dev_space_word(s->space),
                      s->name);
      else
        print_pointer_array_symbol(e, e->out, s, s->name);
      continue;
    }
    char *d2 = dev_pointer_declarator(et, s->space, s->name);
    dev_print_type_decl(e, e->out, et, s->space, d2);
    free(d2);
  }
}

static void print_signature(emitter *e, fn_clone *f) {
  CXCursor d = f->decl;
  int ctor = clang_getCursorKind(d) == CXCursor_Constructor;
  if (f->is_kernel) {
    fn_uses *ku = dev_uses_of(e, d);
    /* Kernels with warp operations: pinned sub-group size where the device
     * has one (the prelude defines the attribute per path). A grid sync's
     * mark is empty: it tells cu2clrt to keep the grid resident. */
    strbuf_printf(e->out, "%s%s__kernel void %s(",
                  ku && ku->grid ? "CU2CL_GRID_KERNEL " : "",
                  ku && ku->warp ? "CU2CL_WARP_KERNEL " : "", f->name);
  } else {
    CXType rt = ctor ? clang_getCursorType(clang_getCursorSemanticParent(d))
                     : clang_getCursorResultType(d);
    if (dev_is_const_ref(rt)) /* T const &f(): the value, as const T &
                                 parameters and locals are */
      rt = clang_getUnqualifiedType(
          clang_getPointeeType(clang_getCanonicalType(rt)));
    char *r = dev_type_string(
        e, rt,
        dev_is_pointer_type(rt) || dev_returns_reference(d) ? f->ret_space
                                                            : 0);
    strbuf_printf(e->out, "%s %s(", r, f->name);
    free(r);
  }
  int first = 1;
  if (f->predicated) {
    dev_emit(e, "bool cu2cl_active");
    first = 0;
  }
  if (f->self && f->self != 'N' && !ctor) {
    if (!first)
      dev_emit(e, ", ");
    CXType ct = clang_getCursorType(clang_getCursorSemanticParent(d));
    char *cn = dev_type_name(e, ct);
    if (f->self == 'S')
      strbuf_printf(e->out, "%s self", cn);
    else
      strbuf_printf(e->out, "%s%s%s *self", dev_space_word(f->self),
                    *dev_space_word(f->self) ? " " : "", cn);
    free(cn);
    first = 0;
  }
  int n = clang_Cursor_getNumArguments(d);
  for (int i = 0; i < n; i++) {
    if (!first)
      dev_emit(e, ", ");
    first = 0;
    print_param(e, f, clang_Cursor_getArgument(d, (unsigned)i));
  }
  fn_uses *u = dev_uses_of(e, d);
  print_symbol_params(e, f, u, &first);
  if (u && u->warp && !f->is_kernel) {
    strbuf_printf(e->out, "%s__local ulong *cu2cl_warp_scratch",
                  first ? "" : ", ");
    first = 0;
  }
  if (u && u->dynshm && f->is_kernel && !u->devrt) {
    /* Last: a program cu2clrt builds for one size has the array instead
     * (below) and takes one argument fewer. NVIDIA's driver refuses a
     * block's whole local memory through a parameter, not as an array. */
    strbuf_printf(e->out,
                  "\n#ifndef CU2CL_DYNAMIC_SHARED_UNITS\n"
                  "%s__local cu2cl_shared_unit *cu2cl_dynamic_shared_param\n"
                  "%s#endif\n",
                  first ? "" : ", ", first ? "#else\nvoid\n" : "");
    first = 0;
  } else if (u && u->dynshm) {
    strbuf_printf(e->out, "%s__local cu2cl_shared_unit *cu2cl_dynamic_shared%s",
                  first ? "" : ", ", f->is_kernel ? "_param" : "");
    first = 0;
  }
  if (u && u->devrt) /* cu2clrt's device runtime block (rt_devrt.h) */
    strbuf_printf(e->out, "%s__global uint *cu2cl_devrt", first ? "" : ", ");
  else if (first)
    dev_emit(e, "void");
  dev_emit(e, ")");
}

/* The pre-pass: address spaces and varying variables, and the warp
 * checks. A function returning a pointer is analysed again once the space
 * of its result is known. */
static void analyse(emitter *e, size_t idx) {
  /* first: barriers added in a callee make calls of it collective */
  dev_sync_analyze(e, e->fns[idx].decl);
  fn_clone *f = &e->fns[idx];
  dev_analyze_function(e, f);
  dev_mark_varying(e, e->fns[idx].decl, e->fns[idx].is_kernel,
                   e->fns[idx].uniform);
  dev_check_warp_code(e, e->fns[idx].decl);
  f = &e->fns[idx];
  if (!f->is_kernel &&
      (dev_is_pointer_type(clang_getCursorResultType(f->decl)) ||
       dev_returns_reference(f->decl))) {
    dev_function_return_space(e, f);
    e->quiet = 1; /* the first analysis reported */
    dev_analyze_function(e, &e->fns[idx]);
    dev_mark_varying(e, e->fns[idx].decl, e->fns[idx].is_kernel,
                     e->fns[idx].uniform);
    e->quiet = 0;
  }
}

/* A kernel's own local memory: the warp scratch, dynamic shared memory and
 * the __shared__ variables of the device functions it reaches; and what
 * the kernel needs of the device, reported. */
static void print_kernel_locals(emitter *e, CXCursor kernel, fn_uses *fu,
                                strbuf *body) {
  char *kn = cx_spelling(kernel);
  if (fu->lanes) { /* the comment opens the kernel's body */
    strbuf *saved = e->out;
    e->out = body;
    strbuf_append(body, "  ");
    dev_report(e, kernel, CU2CL_D_WARP_EMULATION, kn);
    body->data[body->len -= 2] = 0; /* the indentation it left after */
    e->out = saved;
  }
  if (fu->warp)
    strbuf_append(body, "  __local ulong cu2cl_warp_scratch"
                        "[CU2CL_WARP_SCRATCH_SIZE]; /* warp operations */\n"
                        "  CU2CL_WARP_SCRATCH_USE(cu2cl_warp_scratch);\n");
  /* Dynamic shared memory comes as a __local pointer parameter, which
   * NVIDIA's compiler addresses with 64-bit arithmetic; cu2clrt may build
   * the program for one launch size instead (docs/runtime.md), and then the
   * kernel declares it as an array: 32-bit shared addresses, as nvcc's. */
  if (fu->dynshm)
    strbuf_append(body,
                  "#ifdef CU2CL_DYNAMIC_SHARED_UNITS /* built for one size */\n"
                  "  __local cu2cl_shared_unit cu2cl_dynamic_shared"
                  "[CU2CL_DYNAMIC_SHARED_UNITS];\n"
                  "#else\n"
                  "  __local cu2cl_shared_unit *cu2cl_dynamic_shared = "
                  "cu2cl_dynamic_shared_param;\n"
                  "#endif\n");
  for (size_t i = 0; i < fu->nsyms; i++) {
    if (!fu->syms[i] || e->syms[i].space != 'l')
      continue;
    CXType t = clang_getCursorType(e->syms[i].decl);
    char *d = e->syms[i].is_array ? xstrdup(e->syms[i].name)
                                  : xasprintf("%s[1]", e->syms[i].name);
    strbuf_append(body, "  ");
    dev_print_type_decl(e, body, t, 'l', d);
    strbuf_printf(body, "; /* __shared__ of %s */\n",
                  clang_getCursorKind(clang_getCursorSemanticParent(
                      e->syms[i].decl)) == CXCursor_TranslationUnit ||
                          clang_getCursorKind(clang_getCursorSemanticParent(
                              e->syms[i].decl)) == CXCursor_Namespace
                      ? "the file, each block's own"
                      : "a device function");
    free(d);
  }
  if (fu->fp64)
    dev_report(e, kernel, CU2CL_D_DOUBLE_PRECISION, kn);
  if (fu->int64_atomics)
    dev_report(e, kernel, CU2CL_D_INT64_ATOMICS, kn);
  free(kn);
}

/* A pointer to a pointer (to an object of type pointee, in global
 * memory), arrived as NAME_pp, under its own name. */
static void print_pointer_pointer(emitter *e, strbuf *body, CXType pointee,
                                  const char *name) {
  char *d = dev_pointer_declarator(pointee, 'g', name);
  char *cd = dev_pointer_declarator(pointee, 'g', "");
  strbuf_append(body, "  ");
  dev_print_type_decl(e, body, pointee, 'g', d);
  strbuf_append(body, " = (");
  dev_print_type_decl(e, body, pointee, 'g', cd);
  strbuf_printf(body, ")%s_pp;\n", name);
  free(d);
  free(cd);
}

/* Struct kernel parameters holding pointers arrive as their kernarg
 * mirror (dev_kernarg) and are unpacked into the names the body uses;
 * pointers to pointers (parameters, and symbols holding pointers) as
 * `void *` into where they live, cast back. */
static void print_unpacked_params(emitter *e, CXCursor kernel, strbuf *body) {
  fn_uses *u = dev_uses_of(e, kernel);
  for (size_t i = 0; u && i < u->nsyms; i++) {
    symbol *s = &e->syms[i];
    if (u->syms[i] && s->space != 'l' && symbol_holds_pointers(s)) {
      strbuf_append(body, "  ");
      print_pointer_array_symbol(e, body, s, s->name);
      strbuf_append(body, " = (");
      print_pointer_array_symbol(e, body, s, "");
      strbuf_printf(body, ")%s_pp;\n", s->name);
    }
  }
  int nparams = clang_Cursor_getNumArguments(kernel);
  for (int i = 0; i < nparams; i++) {
    CXCursor p = clang_Cursor_getArgument(kernel, (unsigned)i);
    CXType t = clang_getCursorType(p);
    if (is_pointer_pointer(t)) {
      char *pn = cx_param_name(p), *sn = dev_safe_name(pn);
      print_pointer_pointer(
          e, body, clang_getPointeeType(clang_getCanonicalType(t)), sn);
      free(pn);
      free(sn);
    }
    if (!dev_record_has_pointers(t))
      continue;
    char *tn = dev_type_name(e, t);
    char *pn = cx_param_name(p);
    char *sn = dev_safe_name(pn);
    strbuf_printf(body, "  %s %s = cu2cl_unpack_%s(%s_arg);\n", tn, sn, tn, sn);
    free(tn);
    free(pn);
    free(sn);
  }
}

/* A kernel parameter of a class with virtual functions is a copy of an
 * object made on the host, whose vtable pointer CUDA's device code cannot
 * use: it gets the tag of its class (dev_class), its dynamic type. */
static void print_param_tags(emitter *e, CXCursor kernel, strbuf *body) {
  int nparams = clang_Cursor_getNumArguments(kernel);
  for (int i = 0; i < nparams; i++) {
    CXCursor p = clang_Cursor_getArgument(kernel, (unsigned)i);
    CXType t = clang_getCanonicalType(clang_getCursorType(p));
    char *path = t.kind == CXType_Record ? dev_class_tag_path(t) : NULL;
    if (!path)
      continue;
    char *pn = cx_param_name(p), *sn = dev_safe_name(pn);
    char *tag = dev_class_tag(t), *cn = cx_type_spelling(t);
    strbuf_printf(body, "  %s%s = %s; /* its class */\n", sn, path, tag);
    dev_report_quiet(e, p, CU2CL_D_HOST_POLYMORPHIC_OBJECT, pn, cn, cn);
    dev_class_register(e, t);
    free(pn);
    free(sn);
    free(tag);
    free(cn);
    free(path);
  }
}

/* A kernel's prototype and definition are built only when the program is
 * built for every kernel or for this one: cu2clrt builds a program per
 * kernel a run launches (-D CU2CL_ONLY_KERNELS=1 -D CU2CL_KERNEL_<name>=1),
 * so that a run pays for compiling what it launches, not for every
 * specialization of the file (docs/runtime.md). */
static void print_kernel_guard(strbuf *out, const char *name) {
  strbuf_printf(
      out, "#if !defined(CU2CL_ONLY_KERNELS) || defined(CU2CL_KERNEL_%s)\n",
      name);
}

/* The opening of a function's definition: its origin, the signature (also
 * its prototype) and, for a constructor, the object it builds. */
static void print_head(emitter *e, fn_clone *f, strbuf *body) {
  strbuf sig = {0};
  e->out = &sig;
  e->indent = 0;
  print_signature(e, f);
  if (f->is_kernel) {
    print_kernel_guard(&e->protos, f->name);
    print_kernel_guard(body, f->name);
  }
  strbuf_printf(&e->protos, "%s;\n%s", strbuf_cstr(&sig),
                f->is_kernel ? "#endif\n" : "");
  e->out = body;
  char *name = cx_spelling(f->decl);
  cx_loc l = cx_location(f->decl);
  strbuf_printf(body, "/* %s, from %s:%u */\n%s {\n", name,
                path_basename(l.file ? l.file : "?"), l.line,
                strbuf_cstr(&sig));
  cx_loc_free(&l);
  free(name);
  strbuf_free(&sig);
}

void dev_emit_function(emitter *e, size_t idx) {
  analyse(e, idx);
  e->cur = &e->fns[idx];
  e->fresh = 0; /* predicate and temporary names restart per function */
  strbuf body = {0};
  print_head(e, e->cur, &body);
  CXCursor decl = e->cur->decl;
  int is_kernel = e->cur->is_kernel;
  int ctor = clang_getCursorKind(decl) == CXCursor_Constructor;
  if (ctor)
    dev_print_ctor_prologue(e, decl);
  fn_uses *fu = is_kernel ? dev_uses_of(e, decl) : NULL;
  if (fu)
    print_kernel_locals(e, decl, fu, &body);
  if (is_kernel) {
    print_unpacked_params(e, decl, &body);
    print_param_tags(e, decl, &body);
  }
  CXCursor b =
      e->cur->dispatch ? clang_getNullCursor() : dev_function_body(decl);
  size_t top = body.len; /* where e->temps go */
  strbuf_reset(&e->temps);
  if (e->cur->dispatch)
    dev_print_dispatcher(e, e->cur);
  if (!clang_Cursor_isNull(b)) {
    print_hoisted_shared(e, b);
    e->indent = 1;
    e->cur = &e->fns[idx];
    /* a predicated clone runs in every work-item; its effects are guarded
     * by its predicate parameter */
    e->pred = e->cur->predicated ? "cu2cl_active" : NULL;
    dev_print_block_items(e, b);
    e->pred = NULL;
    if (is_kernel && dev_needs_kernel_tail_barrier(b))
      dev_emit(e, "  barrier(CLK_LOCAL_MEM_FENCE);  /* cu2cl: closes the "
                  "kernel's last barrier region after an early return */\n");
  }
  if (ctor)
    dev_emit(e, "  return self;\n");
  dev_emit(e, is_kernel ? "}\n#endif\n\n" : "}\n\n");
  strbuf_appendn(&e->bodies, body.data, top);
  strbuf_append(&e->bodies, strbuf_cstr(&e->temps));
  strbuf_append(&e->bodies, body.data + top);
  strbuf_free(&body);
  e->out = NULL;
  e->cur = NULL;
}
