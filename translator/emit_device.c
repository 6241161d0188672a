/*
 * emit_device: prints the kernels of a translation unit, and the device
 * functions and types they reach, as OpenCL C. See emit_device.h for the
 * model of address spaces and implicit parameters, dev_state.h for the
 * emitter's state and its layers, docs/design.md for the whole.
 *
 * This file owns the entry points: cu2cl_emit_device runs the work list
 * (kernels first, then every clone their calls queue; dev_func prints
 * each), assembles the .cl file and describes each kernel's parameters for
 * the host emitter.
 *
 * Layer 20, the top of the device emitter (dev_state.h): calls dev_state,
 * dev_types, dev_uses, dev_space, dev_pred_stmt, dev_func.
 */
#include "emit_device.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev_alloc.h"
#include "dev_func.h"
#include "dev_lambda.h"
#include "dev_object.h"
#include "dev_pred_stmt.h"
#include "dev_rulecall.h"
#include "dev_space.h"
#include "dev_state.h"
#include "dev_types.h"
#include "dev_uses.h"

/* Source text between the '<' after `template` and its matching '>'. */
static char *template_param_text(emitter *e, CXCursor tpl) {
  CXToken *toks;
  unsigned n;
  clang_tokenize(e->tu, clang_getCursorExtent(tpl), &toks, &n);
  unsigned begin = 0, end = 0, depth = 0, started = 0;
  for (unsigned i = 0; i < n && !end; i++) {
    char *t = cx_take(clang_getTokenSpelling(e->tu, toks[i]));
    CXSourceRange r = clang_getTokenExtent(e->tu, toks[i]);
    if (!strcmp(t, "<")) {
      if (!started++)
        clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &begin);
      depth++;
    } else if (!strcmp(t, ">") && started && --depth == 0) {
      clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &end);
    } else if (!strcmp(t, ">>") && started) {
      depth = depth >= 2 ? depth - 2 : 0;
      if (!depth)
        clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &end),
            end++;
    }
    free(t);
  }
  CXFile file;
  clang_getFileLocation(clang_getCursorLocation(tpl), &file, NULL, NULL, NULL);
  size_t len = 0;
  const char *src = file ? clang_getFileContents(e->tu, file, &len) : NULL;
  char *r = src && end > begin && end <= len
                ? xstrndup(src + begin, end - begin)
                : xstrdup("");
  clang_disposeTokens(e->tu, toks, n);
  return r;
}

/* The type of the specialization's i-th template parameter when it is an
 * enumeration (spelled as written), else NULL. */
static char *enum_parameter_type(CXCursor spec, unsigned i) {
  CXCursor tpl = clang_getSpecializedCursorTemplate(spec);
  CXCursor *kids;
  unsigned n = cx_children(tpl, &kids), seen = 0;
  char *r = NULL;
  for (unsigned k = 0; k < n; k++) {
    enum CXCursorKind kind = clang_getCursorKind(kids[k]);
    if (kind != CXCursor_TemplateTypeParameter &&
        kind != CXCursor_NonTypeTemplateParameter &&
        kind != CXCursor_TemplateTemplateParameter)
      continue;
    if (seen++ != i)
      continue;
    CXType t = clang_getCursorType(kids[k]);
    if (kind == CXCursor_NonTypeTemplateParameter &&
        clang_getCanonicalType(t).kind == CXType_Enum)
      r = cx_type_spelling(clang_getCanonicalType(t));
    break;
  }
  free(kids);
  return r;
}

static char *template_args_text(CXCursor spec) {
  strbuf b = {0};
  int n = clang_Cursor_getNumTemplateArguments(spec);
  for (int i = 0; i < n; i++) {
    if (i)
      strbuf_append(&b, ", ");
    switch (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i)) {
    case CXTemplateArgumentKind_Type: {
      char *t = cx_type_spelling(
          clang_Cursor_getTemplateArgumentType(spec, (unsigned)i));
      strbuf_append(&b, t);
      free(t);
      break;
    }
    case CXTemplateArgumentKind_Integral: {
      char *v = dev_template_value(spec, (unsigned)i);
      char *enum_type = enum_parameter_type(spec, (unsigned)i);
      if (enum_type) /* an enum's value: C++ does not convert the int */
        strbuf_printf(&b, "static_cast<%s>(%s)", enum_type, v);
      else
        strbuf_append(&b, v);
      free(enum_type);
      free(v);
      break;
    }
    default:
      strbuf_append(&b, "/* unsupported template argument */");
      break;
    }
  }
  return strbuf_take(&b);
}

static enum CXChildVisitResult pattern_param(CXCursor c, CXCursor p,
                                             CXClientData d) {
  if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
    char *t = cx_type_spelling(clang_getCursorType(c));
    char *n = cx_spelling(c);
    strvec_push_own(
        d, xasprintf("%s%s%s", t, str_ends_with(t, "*") ? "" : " ", n));
    free(t);
    free(n);
  }
  return CXChildVisit_Continue;
}

static void kernel_spec(emitter *e, fn_clone *f, cu2cl_kernel_spec *k) {
  memset(k, 0, sizeof *k);
  k->usr = xstrdup(f->usr);
  CXCursor tpl = clang_getSpecializedCursorTemplate(f->decl);
  k->template_usr = clang_Cursor_isNull(tpl) ? xstrdup(f->usr) : cx_usr(tpl);
  k->cuda_name = cx_spelling(f->decl);
  k->cl_name = xstrdup(f->name);
  if (!clang_Cursor_isNull(tpl)) {
    k->tpl_params = template_param_text(e, tpl);
    k->tpl_args = template_args_text(f->decl);
    k->display = xasprintf("%s<%s>", k->cuda_name, k->tpl_args);
    clang_visitChildren(tpl, pattern_param, &k->pattern_params);
  } else {
    k->display = cx_take(clang_getCursorDisplayName(f->decl));
  }
  k->external = cu2cl_kernel_is_external(f->decl);
  k->ref_name = k->external ? cu2cl_kernel_ref_name(f->decl)
                            : xasprintf("cu2cl_kernel_%s", k->cl_name);
  int n = clang_Cursor_getNumArguments(f->decl);
  fn_uses *u = dev_uses_of(e, f->decl);
  k->uses_warp = u && u->warp;
  k->syncs_grid = u && u->grid;
  size_t cap = (size_t)(n > 0 ? n : 0) + e->nsyms + 2;
  k->params = xcalloc(cap, sizeof *k->params);
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(f->decl, (unsigned)i);
    CXType t = clang_getCursorType(p);
    cu2cl_kernel_param *kp = &k->params[k->nparams++];
    kp->kind = dev_is_pointer_type(t) ? CU2CL_KARG_DEVPTR : CU2CL_KARG_VALUE;
    kp->host_type = cx_type_spelling(t);
    char *pn = cx_spelling(p);
    kp->name = *pn ? pn : xasprintf("arg%d", i);
    if (!*pn)
      free(pn);
  }
  for (size_t i = 0; u && i < u->nsyms; i++) {
    if (!u->syms[i] || e->syms[i].space == 'l')
      continue;
    cu2cl_kernel_param *kp = &k->params[k->nparams++];
    kp->kind = CU2CL_KARG_SYMBOL;
    kp->host_type = xstrdup("cu2clSymbol");
    kp->name = xstrdup(e->syms[i].host_name);
  }
  if (u && u->dynshm) {
    cu2cl_kernel_param *kp = &k->params[k->nparams++];
    kp->kind = CU2CL_KARG_LOCAL;
    kp->host_type = xstrdup("size_t");
    kp->name = xstrdup("cu2cl_dynamic_shared");
  }
  if (u && u->devrt) {
    cu2cl_kernel_param *kp = &k->params[k->nparams++];
    kp->kind = CU2CL_KARG_DEVRT;
    kp->host_type = xstrdup("void *");
    kp->name = xstrdup("cu2cl_devrt");
  }
}

/* The .cl file: a header naming the kernels, the definitions every
 * translation needs, the prelude, then types, prototypes and bodies. */
static char *cl_file(emitter *e, const cu2cl_device_opts *opts,
                     const cu2cl_device_unit *out) {
  strbuf cl = {0};
  strbuf_printf(&cl,
                "/*\n * OpenCL C translation of %s, generated by cu2cl %s.\n"
                " * Kernels: ",
                opts && opts->source_name ? opts->source_name : "?",
                CU2CL_VERSION);
  for (size_t i = 0; i < out->nkernels; i++)
    strbuf_printf(&cl, "%s%s", i ? ", " : "", out->kernels[i].cl_name);
  strbuf_append(&cl, "\n */\n\n");
  strbuf_printf(&cl,
                "#ifndef CU2CL_WARP_SIZE\n#define CU2CL_WARP_SIZE %d\n"
                "#endif\n",
                opts && opts->warp_size ? opts->warp_size : 32);
  /* CUDA aligns dynamic shared memory to at least 16 bytes; OpenCL drivers
   * align a __local argument for its element type only (NVIDIA's to 1 for
   * uchar), so the buffer is declared in 16-byte units. */
  strbuf_append(&cl, "/* Unit of dynamic __local memory (extern __shared__): "
                     "16-byte aligned as in CUDA. */\n"
                     "typedef ulong2 cu2cl_shared_unit;\n"
                     "/* A cooperative group: 0 the block, N a tile of N "
                     "threads. */\n"
                     "typedef uint cu2cl_cg_group;\n");
  strbuf_append(&cl, "#ifdef cl_khr_fp64\n"
                     "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                     "#endif\n\n");
  if (opts && opts->prelude) {
    strbuf_append(&cl, "/* ---- cu2cl prelude ---- */\n");
    strbuf_append(&cl, opts->prelude);
    strbuf_append(&cl, "/* ---- end of cu2cl prelude ---- */\n\n");
  }
  dev_print_ref_spaces(e, &cl);
  strbuf_append(&cl, strbuf_cstr(&e->types));
  strbuf_append(&cl, strbuf_cstr(&e->protos));
  strbuf_append(&cl, "\n");
  strbuf_append(&cl, strbuf_cstr(&e->bodies));
  return strbuf_take(&cl);
}

/* The next clone to print: functions first, virtual dispatchers once
 * nothing else is left, so that every class whose constructor is printed
 * has its case (printing a dispatcher may queue more); -1 when done. */
static long next_clone(emitter *e) {
  for (size_t i = 0; i < e->nfns; i++)
    if (!e->fns[i].emitted && !e->fns[i].dispatch)
      return (long)i;
  for (size_t i = 0; i < e->nfns; i++)
    if (!e->fns[i].emitted)
      return (long)i;
  return -1;
}

static void emit_work_list(emitter *e) {
  long i;
  while ((i = next_clone(e)) >= 0) { /* e->nfns grows as calls queue */
    e->fns[i].emitted = 1;
    dev_emit_function(e, (size_t)i);
  }
}

int cu2cl_emit_device(CXTranslationUnit tu, const CXCursor *kernels,
                      size_t nkernels, const cu2cl_device_opts *opts,
                      cu2cl_diag_engine *diags, cu2cl_device_unit *out) {
  emitter e = {0};
  e.tu = tu;
  e.diags = diags;
  e.opts = opts;
  e.stmt_hooks = &dev_pred_stmt_hooks;
  e.alloc_hook = dev_print_alloc;
  e.call_hooks = &dev_rulecall_hooks;
  e.virtual_hook = dev_print_virtual_call;
  memset(out, 0, sizeof *out);
  for (size_t i = 0; i < nkernels; i++) {
    int n = clang_Cursor_getNumArguments(kernels[i]);
    char *sp = xmalloc((size_t)(n > 0 ? n : 0) + 1);
    memset(sp, 'g', (size_t)(n > 0 ? n : 0));
    sp[n > 0 ? n : 0] = 0;
    dev_queue_function(&e, kernels[i], sp, 0, 1);
    free(sp);
  }
  emit_work_list(&e);
  out->nkernels = 0;
  out->kernels = xcalloc(nkernels + 1, sizeof *out->kernels);
  for (size_t i = 0; i < e.nfns; i++)
    if (e.fns[i].is_kernel)
      kernel_spec(&e, &e.fns[i], &out->kernels[out->nkernels++]);
  out->cl_source = cl_file(&e, opts, out);
  out->errors = e.errors;
  dev_closures_free(&e);
  dev_state_free(&e);
  return (int)out->errors;
}

void cu2cl_device_unit_free(cu2cl_device_unit *u) {
  for (size_t i = 0; i < u->nkernels; i++) {
    cu2cl_kernel_spec *k = &u->kernels[i];
    for (size_t j = 0; j < k->nparams; j++) {
      free(k->params[j].host_type);
      free(k->params[j].name);
    }
    free(k->params);
    free(k->usr);
    free(k->template_usr);
    free(k->cuda_name);
    free(k->tpl_params);
    free(k->tpl_args);
    strvec_free(&k->pattern_params);
    free(k->cl_name);
    free(k->display);
    free(k->ref_name);
  }
  free(u->kernels);
  free(u->cl_source);
  memset(u, 0, sizeof *u);
}

char *cu2cl_specialization_name(CXCursor fn) {
  return dev_specialization_name(fn);
}

int cu2cl_kernel_is_external(CXCursor decl) {
  return clang_getCursorKind(decl) == CXCursor_FunctionDecl &&
         clang_Cursor_isNull(clang_getSpecializedCursorTemplate(decl)) &&
         clang_getCursorLinkage(decl) == CXLinkage_External;
}

char *cu2cl_kernel_ref_name(CXCursor decl) {
  char *m = cx_take(clang_Cursor_getMangling(decl));
  /* clang names the host side <len>__device_stub__<name>: the kernel's
   * own mangling has <len - 15><name> */
  char *stub = strstr(m, "__device_stub__"), *digits = stub;
  while (digits && digits > m && isdigit((unsigned char)digits[-1]))
    digits--;
  if (stub && digits < stub) {
    int len = atoi(digits) - 15;
    char *rest = xstrdup(stub + 15);
    sprintf(digits, "%d%s", len, rest);
    free(rest);
  }
  for (char *p = m; *p; p++)
    if (!isalnum((unsigned char)*p) && *p != '_')
      *p = '_';
  char *r = xasprintf("cu2cl_kernel_%s", m);
  free(m);
  return r;
}
