/*
 * host_launch: launches (k<<<...>>>(...) as a stub call, through kernel
 * pointers, in macros) and kernels used as values (a kernel's reference or
 * typed pointer; kern<T> in host templates), for emit_host.
 */
#include "host_launch.h"

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

#include "cx.h"
#include "host_state.h"
#include "host_stub.h"
#include "rules.h"

/* ---- launches ------------------------------------------------------- */

/* The kernel a launch names: by its spelling, since a launch inside a
 * host template refers to a dependent (unresolved) kernel. */
static const cu2cl_kernel_spec *spec_named(host *h, const char *name) {
  for (size_t i = 0; i < h->dev->nkernels; i++)
    if (!strcmp(h->dev->kernels[i].cuda_name, name))
      return &h->dev->kernels[i];
  return NULL;
}

/* Threads per block of a launch configuration when it is a constant
 * (an integer or a dim3 of constants); 0 when it is not. */
static unsigned long long constant_block_size(CXCursor arg) {
  long long v;
  arg = cx_strip_implicit(arg);
  if (cx_eval_int(arg, &v, NULL))
    return v > 0 ? (unsigned long long)v : 0;
  CXCursor *kids;
  unsigned n = cx_children(arg, &kids);
  unsigned long long size = n ? 1 : 0;
  int dims = 0;
  for (unsigned i = 0; i < n && size; i++) {
    CXCursor k = cx_strip_implicit(kids[i]);
    if (clang_getCursorKind(k) == CXCursor_TypeRef)
      continue;
    if (clang_getCursorKind(k) == CXCursor_CallExpr ||
        clang_getCursorKind(k) == CXCursor_CXXFunctionalCastExpr) {
      size *= constant_block_size(k); /* dim3(...) inside a cast */
      dims = 3;
    } else if (cx_eval_int(k, &v, NULL) && v > 0 && dims < 3) {
      size *= (unsigned long long)v;
      dims++;
    } else {
      size = 0;
    }
  }
  free(kids);
  return size;
}

static void check_block_size(host *h, CXCursor call,
                             const cu2cl_kernel_spec *k) {
  CXCursor cfg = cx_launch_config(call);
  unsigned long long size =
      clang_Cursor_getNumArguments(cfg) >= 2
          ? constant_block_size(clang_Cursor_getArgument(cfg, 1))
          : 0;
  if (size && size % 32) {
    host_report(h, call, CU2CL_D_BLOCK_NOT_WARP_MULTIPLE, k->cuda_name,
                (unsigned)size);
  }
}

/* k<<<cfg>>>(args) -> cu2cl_launch_k(cfg[, defaults], args), and
 * k<T, B><<<cfg>>>(args) -> cu2cl_launch_k<T, B>(cfg, args): the kernel's
 * name and the text from '<<<' to the '(' after '>>>' are replaced; the
 * template arguments, the configuration and the arguments keep their
 * source text. */
/* p<<<cfg>>>(args) through a kernel pointer (a variable, a table, a
 * member, a parameter) -> cu2clLaunchPtr(p, cfg, args). */
static void rewrite_pointer_launch(host *h, CXCursor call, unsigned b,
                                   unsigned e) {
  CXCursor *kids;
  unsigned n = cx_children(call, &kids), cb = b, ce = b;
  if (n)
    host_extent_in_target(h, kids[0], &cb, &ce);
  free(kids);
  const char *why = cu2cl_kptr_launch_check(h->kptr, call);
  if (why) {
    host_report(h, call, CU2CL_D_UNSUPPORTED_LAUNCH, why);
    return;
  }
  const char *s = h->src;
  const char *open = strstr(s + ce, "<<<");
  const char *close = open ? strstr(open, ">>>") : NULL;
  const char *paren = close ? strchr(close + 3, '(') : NULL;
  if (!paren || paren >= s + e) {
    host_report(h, call, CU2CL_D_UNSUPPORTED_LAUNCH, "an unrecognized form");
    return;
  }
  host_add_edit(h, b, b, xstrdup("cu2clLaunchPtr("));
  host_add_edit(h, (unsigned)(open - s), (unsigned)(paren + 1 - s),
                cu2cl_host_launch_config(open, close, paren, s + e, ", "));
}

/* 1 when a launch names an external kernel (cu2cl_kernel_is_external) that
 * this unit only declares: it calls the stub the defining unit exports. */
static int launches_external(CXCursor call) {
  CXCursor *kids;
  unsigned n = cx_children(call, &kids);
  CXCursor r = n ? cu2cl_kptr_kernel_named(kids[0]) : clang_getNullCursor();
  free(kids);
  return !clang_Cursor_isNull(r) && cu2cl_kernel_is_external(r);
}

static void rewrite_launch(host *h, CXCursor call) {
  unsigned b, e;
  if (cx_in_macro_expansion(call)) {
    if (!h->macro_launches)
      host_report(h, call, CU2CL_D_UNSUPPORTED_LAUNCH,
                  "a launch written inside a macro");
    return; /* the macro's definition was rewritten */
  }
  if (!host_extent_in_target(h, call, &b, &e)) {
    host_report(h, call, CU2CL_D_UNSUPPORTED_LAUNCH,
                "a launch written inside a macro");
    return;
  }
  if (h->stats)
    h->stats->launches++;
  if (cu2cl_kptr_launch_through_pointer(call)) {
    rewrite_pointer_launch(h, call, b, e);
    return;
  }
  const char *s = h->src;
  const char *name_end = s + b;
  while (name_end < s + e && (isalnum((unsigned char)*name_end) ||
                              *name_end == '_' || *name_end == ':'))
    name_end++;
  const char *name = s + b;
  for (const char *p = s + b; p < name_end; p++)
    if (*p == ':')
      name = p + 1; /* ns::kernel */
  char *kname = xstrndup(name, (size_t)(name_end - name));
  const cu2cl_kernel_spec *k = spec_named(h, kname);
  int external = !k && (launches_external(call) || /* in dead templates */
                        cu2cl_host_launches_unlaunched(h->dev, call));
  if (k && k->uses_warp)
    check_block_size(h, call, k);
  if (k && k->syncs_grid) /* cu2clrt checks the launch (rt_func.c) */
    host_report(h, call, CU2CL_D_GRID_SYNC_LAUNCH, k->cuda_name);
  const char *open = strstr(s + b, "<<<");
  const char *close = open ? strstr(open, ">>>") : NULL;
  if ((!open || open >= s + e) && h->macro_launches) {
    free(kname);
    return; /* written in a macro body, rewritten there */
  }
  if ((!k && !external) || !open || !close || close >= s + e) {
    host_report(h, call, CU2CL_D_UNSUPPORTED_LAUNCH,
                !k && !external ? "the kernel was not translated"
                                : "an unrecognized form");
    free(kname);
    return;
  }
  const char *paren = close + 3;
  while (paren < s + e && *paren != '(')
    paren++;
  host_add_edit(h, (unsigned)(name - s), (unsigned)(name_end - s),
                xasprintf("cu2cl_launch_%s", kname));
  host_add_edit(h, (unsigned)(open - s), (unsigned)(paren + 1 - s),
                cu2cl_host_launch_config(open, close, paren, s + e, "("));
  free(kname);
}

/* The emitted specialization a kernel reference names, or NULL. */
static const cu2cl_kernel_spec *spec_of_ref(host *h, CXCursor ref) {
  char *usr = cx_usr(ref);
  const cu2cl_kernel_spec *found = NULL;
  for (size_t i = 0; i < h->dev->nkernels && !found; i++)
    if (!strcmp(h->dev->kernels[i].usr, usr))
      found = &h->dev->kernels[i];
  free(usr);
  return found;
}

/* The kernel a DeclRefExpr names outside a launch, or a null cursor. */
static CXCursor kernel_value(CXCursor c) {
  CXCursor r = clang_getCursorReferenced(c);
  enum CXCursorKind k = clang_getCursorKind(r);
  if ((k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) &&
      (cx_cuda_attrs(r) & CX_GLOBAL))
    return r;
  return clang_getNullCursor();
}

/* Records a kernel used as a value, before the stubs are placed, so that
 * its stub gets a launch from void **args. */
static void note_kernel_value(host *h, CXCursor r) {
  const cu2cl_kernel_spec *s =
      clang_Cursor_isNull(r) ? NULL : spec_of_ref(h, r);
  if (s && !strvec_contains(&h->valued, s->usr))
    strvec_push(&h->valued, s->usr);
}

/* A kernel used as a value: c names kernel r (through `&` and
 * parentheses) under parent. Passed to the CUDA API (cudaLaunchKernel((void
 * *)k, ...), cudaFuncGetAttributes(&a, k), a graph node's func) it is the
 * address of its cu2clKernelRef, which launches it from CUDA's void **args;
 * elsewhere (a kernel pointer's value, a comparison, an argument of the
 * user's functions) it is a typed cu2clKernelPtr (host_kptr.h). */
static void rewrite_kernel_value(host *h, CXCursor c, CXCursor r,
                                 CXCursor parent) {
  if (h->collecting_values) {
    note_kernel_value(h, r);
    return;
  }
  const cu2cl_kernel_spec *k = spec_of_ref(h, r);
  unsigned b, e;
  int external = !k && cu2cl_kernel_is_external(r);
  if ((k || external) && host_extent_in_target(h, c, &b, &e)) {
    char *ref = k ? xstrdup(k->ref_name) : cu2cl_kernel_ref_name(r);
    char *name = k ? xstrdup(k->cuda_name) : cx_spelling(r);
    char *targs = k && k->tpl_params ? cu2cl_host_tpl_args(k) : NULL;
    char *launch = xasprintf("cu2cl_launch_%s%s%s%s", name, targs ? "<" : "",
                             targs ? targs : "", targs ? ">" : "");
    free(targs);
    free(name);
    if (cu2cl_kptr_untyped_context(parent) ||
        (clang_getCursorKind(parent) == CXCursor_CallExpr &&
         cu2cl_kptr_untyped_argument(parent, c)))
      host_add_edit(h, b, e, xasprintf("((const void *)&%s)", ref));
    else
      host_add_edit(h, b, e, xasprintf("cu2clKernelOf(&%s, %s)", ref, launch));
    free(ref);
    free(launch);
    return;
  }
  char *n = cx_spelling(r);
  char *what = xasprintf(k ? "kernel '%s' used as a value inside a macro"
                           : "kernel '%s' used as a value, but no "
                             "specialization of it was emitted",
                         n);
  host_report(h, c, CU2CL_D_UNSUPPORTED_HOST_CONSTRUCT, what);
  free(what);
  free(n);
}

/* The kernel template an unresolved name (kern<T> in a host template,
 * whose arguments are the template's parameters) names, or a null
 * cursor. */
static CXCursor dependent_kernel(CXCursor c) {
  unsigned n = clang_getNumOverloadedDecls(c);
  for (unsigned i = 0; i < n; i++) {
    CXCursor d = clang_getOverloadedDecl(c, i);
    if (clang_getCursorKind(d) == CXCursor_FunctionTemplate &&
        (cx_cuda_attrs(d) & CX_GLOBAL))
      return d;
  }
  return clang_getNullCursor();
}

/* kern<T> as a value in a host template: which specialization it names is
 * known when the template is instantiated, so it is
 * ((const void *)cu2cl_kref_kern<T>()), the reference each emitted
 * specialization's stub returns (host_stub.c), as the CUDA API takes a
 * kernel (cudaFuncSetAttribute, cudaLaunchKernel, occupancy queries). Every
 * specialization gets a launch from void **args. `&kern<T>` loses its `&`. */
static void rewrite_dependent_kernel(host *h, CXCursor c, CXCursor tpl,
                                     CXCursor parent) {
  char *usr = cx_usr(tpl);
  if (h->collecting_values) {
    if (!strvec_contains(&h->krefs, usr))
      strvec_push(&h->krefs, usr);
    for (size_t i = 0; i < h->dev->nkernels; i++) {
      const cu2cl_kernel_spec *s = &h->dev->kernels[i];
      if (!strcmp(s->template_usr, usr) && !strvec_contains(&h->valued, s->usr))
        strvec_push(&h->valued, s->usr);
    }
    free(usr);
    return;
  }
  free(usr);
  unsigned b, e, nb, ne;
  CXToken *toks;
  unsigned nt;
  clang_tokenize(h->tu, clang_getCursorExtent(c), &toks, &nt);
  if (!nt || !host_extent_in_target(h, c, &b, &e)) {
    clang_disposeTokens(h->tu, toks, nt);
    char *n = cx_spelling(tpl);
    char *what = xasprintf("kernel '%s' used as a value inside a macro", n);
    host_report(h, c, CU2CL_D_UNSUPPORTED_HOST_CONSTRUCT, what);
    free(what);
    free(n);
    return;
  }
  host_token_offsets(h, toks[0], &nb, &ne);
  clang_disposeTokens(h->tu, toks, nt);
  if (clang_getCursorKind(parent) == CXCursor_UnaryOperator) {
    unsigned pb, pe;
    clang_tokenize(h->tu, clang_getCursorExtent(parent), &toks, &nt);
    if (nt && host_extent_in_target(h, parent, &pb, &pe)) {
      char *op = cx_take(clang_getTokenSpelling(h->tu, toks[0]));
      unsigned ob, oe;
      host_token_offsets(h, toks[0], &ob, &oe);
      if (!strcmp(op, "&") && oe <= nb)
        host_add_edit(h, ob, oe, xstrdup(""));
      free(op);
    }
    clang_disposeTokens(h->tu, toks, nt);
  }
  char *n = cx_spelling(tpl);
  host_add_edit(h, nb, ne, xasprintf("((const void *)cu2cl_kref_%s", n));
  host_add_edit(h, e, e, xstrdup("())"));
  free(n);
}

static void kptr_edit(void *ctx, unsigned begin, unsigned end, char *text) {
  host_add_edit(ctx, begin, end, text);
}

/* A declaration that holds kernels becomes a cu2clKernelPtr. */
static void rewrite_kptr_decl(host *h, CXCursor c) {
  const char *why =
      cx_in_macro_expansion(c) ? "it is written inside a macro" : NULL;
  if (!why)
    why = cu2cl_kptr_rewrite_decl(h->tu, c, kptr_edit, h);
  if (why) {
    char *n = cx_spelling(c);
    host_report(h, c, CU2CL_D_KERNEL_POINTER, *n ? n : "(unnamed)", why);
    free(n);
  }
}

/* Rewrites the launches among tokens t[0..n) (toks: their positions) as
 * text: name<<<g, b, s, q>>>(args) becomes cu2cl_launch_name(g, b, s, q,
 * args), a missing shared-memory size or stream 0; a name among params (a
 * macro's parameter) is pasted onto the stub prefix. For launches the AST
 * does not show: in macro bodies, and in OpenMP regions, whose statements
 * libclang does not visit. 1 when one was rewritten. */
static int rewrite_launch_tokens(host *h, CXToken *toks, char **t, unsigned n,
                                 const strvec *params) {
  int any = 0;
  for (unsigned i = 1; i < n; i++) {
    if (strcmp(t[i], "<<<"))
      continue;
    unsigned j = i - 1; /* back over template arguments to the name */
    if (!strcmp(t[j], ">")) {
      int depth = 0;
      while (j > 0) {
        depth += !strcmp(t[j], ">") - !strcmp(t[j], "<");
        if (!depth)
          break;
        j--;
      }
      j--;
    }
    unsigned close = i, paren;
    while (close < n && strcmp(t[close], ">>>"))
      close++;
    paren = close + 1;
    if (paren >= n || strcmp(t[paren], "("))
      continue;
    int commas = 0, depth = 0;
    for (unsigned k = i + 1; k < close; k++) {
      depth += !strcmp(t[k], "(") - !strcmp(t[k], ")");
      commas += depth == 0 && !strcmp(t[k], ",");
    }
    unsigned nb, ne, ob, oe;
    CXSourceRange r = clang_getTokenExtent(h->tu, toks[j]);
    clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &nb);
    clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &ne);
    r = clang_getTokenExtent(h->tu, toks[i]);
    clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &ob);
    r = clang_getTokenExtent(h->tu, toks[paren]);
    clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &oe);
    host_add_edit(h, nb, ne,
                  xasprintf(params && strvec_contains(params, t[j])
                                ? "cu2cl_launch_##%s"
                                : "cu2cl_launch_%s",
                            t[j]));
    strbuf cfg = {0};
    strbuf_append(&cfg, "(");
    for (unsigned k = i + 1; k < close; k++)
      strbuf_printf(&cfg, "%s%s", t[k], !strcmp(t[k], ",") ? " " : "");
    for (int k = commas; k < 3; k++)
      strbuf_append(&cfg, ", 0");
    if (paren + 1 < n && strcmp(t[paren + 1], ")"))
      strbuf_append(&cfg, ", ");
    host_add_edit(h, ob, oe, strbuf_take(&cfg));
    any = 1;
  }
  return any;
}

/* The tokens of c's extent, spelled; the caller frees both. */
static char **spell_tokens(host *h, CXCursor c, CXToken **toks, unsigned *n) {
  clang_tokenize(h->tu, clang_getCursorExtent(c), toks, n);
  char **t = xcalloc(*n + 1, sizeof *t);
  for (unsigned i = 0; i < *n; i++)
    t[i] = cx_take(clang_getTokenSpelling(h->tu, (*toks)[i]));
  return t;
}

static void free_tokens(host *h, CXToken *toks, char **t, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    free(t[i]);
  free(t);
  clang_disposeTokens(h->tu, toks, n);
}

int host_launch_tokens(host *h, CXCursor c, int macro) {
  CXToken *toks;
  unsigned n;
  char **t = spell_tokens(h, c, &toks, &n);
  strvec params = {0};
  if (macro && n > 1 && !strcmp(t[1], "("))
    for (unsigned i = 2; i < n && strcmp(t[i], ")"); i++)
      if (strcmp(t[i], ","))
        strvec_push(&params, t[i]);
  int any = rewrite_launch_tokens(h, toks, t, n, macro ? &params : NULL);
  strvec_free(&params);
  free_tokens(h, toks, t, n);
  return any;
}

/* #pragma omp ... over a statement */
static int is_omp_directive(CXCursor c) {
  CXString k = clang_getCursorKindSpelling(clang_getCursorKind(c));
  int r = !strncmp(clang_getCString(k), "OMP", 3);
  clang_disposeString(k);
  return r;
}

/* Host code's expressions: launches and kernels used as values (a first
 * walk with collecting_values set only notes the values), and the
 * declarations that hold kernels. */
enum CXChildVisitResult host_launch_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  host *h = d;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) {
    unsigned a = cx_cuda_attrs(c);
    if ((a & CX_GLOBAL) || ((a & CX_DEVICE) && !(a & CX_HOST)))
      return CXChildVisit_Continue;
  }
  if (k == CXCursor_CallExpr && cx_is_launch(c)) {
    if (!h->collecting_values)
      rewrite_launch(h, c);
    return CXChildVisit_Continue;
  }
  if (k == CXCursor_UnexposedStmt && is_omp_directive(p)) {
    /* an OpenMP region: libclang shows the variables it captures, not its
     * statements, so its launches are rewritten from its tokens */
    if (!h->collecting_values && host_in_target(h, c))
      host_launch_tokens(h, c, 0);
    return CXChildVisit_Continue;
  }
  int here = host_in_target(h, c);
  CXCursor r = here && clang_isExpression(k) ? cu2cl_kptr_kernel_named(c)
                                             : clang_getNullCursor();
  if (!clang_Cursor_isNull(r)) {
    rewrite_kernel_value(h, c, r, p);
    return CXChildVisit_Continue;
  }
  if (k == CXCursor_DeclRefExpr && here) { /* a dependent kernel template */
    r = kernel_value(c);
    if (!clang_Cursor_isNull(r))
      rewrite_kernel_value(h, c, r, p);
    CXCursor o = clang_getCursorReferenced(c);
    r = clang_getCursorKind(o) == CXCursor_OverloadedDeclRef
            ? dependent_kernel(o)
            : clang_getNullCursor();
    if (!clang_Cursor_isNull(r)) {
      rewrite_dependent_kernel(h, c, r, p);
      return CXChildVisit_Continue;
    }
  }
  if (here && !h->collecting_values && cu2cl_kptr_bound(h->kptr, c))
    rewrite_kptr_decl(h, c);
  if (!here && k != CXCursor_UnexposedExpr && !clang_isExpression(k) &&
      !clang_isStatement(k))
    return CXChildVisit_Continue;
  return CXChildVisit_Recurse;
}
