/*
 * emit_device: prints the kernels of a translation unit, and the device
 * functions and types they reach, as OpenCL C. See emit_device.h for the
 * model of address spaces and implicit parameters, dev_state.h for the
 * emitter's state and its layers, docs/design.md for the whole.
 *
 * This file owns the entry points: cu2cl_emit_device runs the work list
 * (kernels first, then every clone their calls queue; dev_func prints
 * each), assembles the .cl file and describes each kernel's parameters for
 * the host emitter, with what host code needs for the kernel templates
 * that take closures of lambdas written in host code (cu2cl_host_lambda).
 *
 * Layer 22, the top of the device emitter (dev_state.h): calls dev_state,
 * dev_lambda, dev_types, dev_uses, dev_space, dev_pred_stmt, dev_func.
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
    if (!cx_is_template_param(kids[k]))
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

/* A type pack's elements, from the parameters it expands; 0 when
 * libclang does not show them. */
static int append_pack(strbuf *b, CXCursor spec, unsigned i) {
  CXType *types;
  int n = cx_template_pack_types(spec, i, &types);
  for (int k = 0; k < n; k++) {
    char *t = cx_type_spelling(clang_getCanonicalType(types[k]));
    strbuf_printf(b, "%s%s", k ? ", " : "", t);
    free(t);
  }
  free(types);
  return n >= 0;
}

/* A pack that cannot be spelt ends the list: C++ deduces it, and what
 * follows it, from the stub's parameters. */
static char *template_args_text(CXCursor spec) {
  strbuf b = {0};
  strbuf_append(&b, "");
  int n = clang_Cursor_getNumTemplateArguments(spec);
  for (int i = 0; i < n; i++) {
    enum CXTemplateArgumentKind k =
        clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i);
    size_t mark = b.len;
    if (mark)
      strbuf_append(&b, ", ");
    if (k == CXTemplateArgumentKind_Pack) {
      size_t start = b.len;
      int known = append_pack(&b, spec, (unsigned)i);
      if (!known || b.len == start) { /* unknown, or empty */
        b.len = mark;
        b.data[mark] = 0;
      }
      if (!known)
        break;
      continue;
    }
    switch (k) {
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

/* ---- closures of lambdas written in host code ---------------------------
 * nvcc's extended lambdas: `launch<<<g, b>>>(n, [=] __device__ (int i) {...})`
 * instantiates a kernel template with the closure type, which host code
 * cannot name. Its launch stub is then the primary template's generic
 * definition, which tells the specializations apart by a condition on its
 * parameters: for a closure, the lambda that made it (the id its wrapper
 * recorded at run time) and its size (one lambda of a function template
 * has a closure per instantiation). */

/* The id of a lambda, the same in every unit: a hash of where it is
 * written (file name, line, column). */
static unsigned long lambda_id(CXCursor lambda) {
  cx_loc l = cx_location(lambda);
  const char *base = l.file ? strrchr(l.file, '/') : NULL;
  base = base ? base + 1 : l.file ? l.file : "";
  char *key = xasprintf("%s:%u:%u", base, l.line, l.column);
  unsigned long h = 2166136261ul;
  for (const char *p = key; *p; p++)
    h = ((h ^ (unsigned char)*p) * 16777619ul) & 0xfffffffful;
  free(key);
  cx_loc_free(&l);
  return h;
}

/* 1 when the tokens between a lambda's introducer and its body say
 * __device__ and not __host__: its body is device code only. */
static int device_only_lambda(emitter *e, CXCursor lambda, CXCursor body) {
  CXToken *toks;
  unsigned n;
  clang_tokenize(e->tu, clang_getCursorExtent(lambda), &toks, &n);
  unsigned body_at;
  clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(body)), NULL,
                        NULL, NULL, &body_at);
  int dev = 0, host = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned off;
    clang_getFileLocation(clang_getTokenLocation(e->tu, toks[i]), NULL, NULL,
                          NULL, &off);
    if (off >= body_at)
      break;
    char *t = cx_take(clang_getTokenSpelling(e->tu, toks[i]));
    dev |= !strcmp(t, "__device__");
    host |= !strcmp(t, "__host__");
    free(t);
  }
  clang_disposeTokens(e->tu, toks, n);
  return dev && !host;
}

/* The instantiation a closure belongs to as a cu2cl_closure_tag type: of
 * the template's parameters where the lambda is written (args 0), of the
 * specialization's arguments in the launch stub (args 1); "void" outside
 * templates, NULL when an argument has no spelling here. */
static char *closure_tag(CXType closure, int args) {
  CXCursor inst = dev_closure_instance(closure);
  if (clang_Cursor_isNull(inst))
    return xstrdup("void");
  CXCursor tpl = clang_getSpecializedCursorTemplate(inst);
  CXCursor *kids;
  unsigned n = cx_children(tpl, &kids), seen = 0;
  strbuf b = {0};
  int ok = 1;
  strbuf_append(&b, "cu2cl_closure_tag<");
  for (unsigned i = 0; i < n && ok; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids[i]);
    if (!cx_is_template_param(kids[i]))
      continue;
    unsigned at = seen++;
    strbuf_append(&b, at ? ", " : "");
    enum CXTemplateArgumentKind ak =
        clang_Cursor_getTemplateArgumentKind(inst, at);
    char *text = NULL;
    if (!args) {
      text = cx_spelling(kids[i]);
    } else if (ak == CXTemplateArgumentKind_Type &&
               !dev_is_closure_type(
                   clang_Cursor_getTemplateArgumentType(inst, at))) {
      text = cx_type_spelling(clang_Cursor_getTemplateArgumentType(inst, at));
    } else if (ak == CXTemplateArgumentKind_Integral) {
      text = dev_template_value(inst, at);
    }
    ok = text && *text && k != CXCursor_TemplateTemplateParameter &&
         (ak == CXTemplateArgumentKind_Type ||
          ak == CXTemplateArgumentKind_Integral);
    if (ok && k == CXCursor_NonTypeTemplateParameter)
      strbuf_printf(&b, "cu2cl_closure_value<(long long)(%s)>", text);
    else if (ok)
      strbuf_append(&b, text);
    free(text);
  }
  free(kids);
  ok = ok && seen == (unsigned)clang_Cursor_getNumTemplateArguments(inst);
  strbuf_append(&b, ">");
  if (!ok) {
    strbuf_free(&b);
    return NULL;
  }
  return strbuf_take(&b);
}

/* Records the host lambda of closure cl for host code (once). */
static void note_host_lambda(emitter *e, const dev_closure *cl,
                             cu2cl_device_unit *out) {
  cx_loc l = cx_location(cl->lambda);
  unsigned b, end;
  cx_extent_offsets(cl->lambda, &b, &end);
  for (size_t i = 0; i < out->nlambdas; i++)
    if (out->lambdas[i].begin == b && l.file &&
        !strcmp(out->lambdas[i].file, l.file)) {
      cx_loc_free(&l);
      return;
    }
  CXCursor body = dev_last_child(cl->lambda);
  if (!l.file || clang_getCursorKind(body) != CXCursor_CompoundStmt ||
      cx_in_macro_expansion(cl->lambda)) {
    /* no wrapper can be written around it: its launches would fail */
    dev_report(e, cl->lambda, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT,
               "a lambda passed to a kernel from host code and written in a "
               "macro");
    cx_loc_free(&l);
    return;
  }
  out->lambdas =
      xrealloc(out->lambdas, (out->nlambdas + 1) * sizeof *out->lambdas);
  cu2cl_host_lambda *h = &out->lambdas[out->nlambdas++];
  memset(h, 0, sizeof *h);
  h->file = xstrdup(l.file);
  h->begin = b;
  h->end = end;
  cx_extent_offsets(body, &h->body_begin, &h->body_end);
  h->id = lambda_id(cl->lambda);
  h->tag = closure_tag(cl->type, 0);
  if (!h->tag)
    h->tag = xstrdup("void");
  if (device_only_lambda(e, cl->lambda, body)) {
    /* the captures named in field order: clang captures them in that
     * order, by the lambda's own defaults, so the closure is the same */
    strbuf t = {0};
    strbuf_append(&t, "{ /* cu2cl: a __device__ lambda; its body is in the "
                      ".cl file */");
    for (unsigned i = 0; i < cl->ncaps; i++) {
      char *n = clang_Cursor_isNull(cl->caps[i].var)
                    ? xstrdup("this")
                    : cx_spelling(cl->caps[i].var);
      strbuf_printf(&t, " (void)%s%s;",
                    clang_Cursor_isNull(cl->caps[i].var) ? "" : "&", n);
      free(n);
    }
    strbuf_append(&t, " }");
    h->body = strbuf_take(&t);
  }
  cx_loc_free(&l);
}

/* The names of a template's parameters, in order; 0 when one is a pack. */
static int template_param_names(CXCursor tpl, strvec *names) {
  CXCursor *kids;
  unsigned n = cx_children(tpl, &kids);
  int ok = 1;
  for (unsigned i = 0; i < n; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids[i]);
    if (!cx_is_template_param(kids[i]))
      continue;
    char *name = cx_spelling(kids[i]);
    if (!*name || k == CXCursor_TemplateTemplateParameter)
      ok = 0;
    strvec_push_own(names, name);
  }
  free(kids);
  return ok;
}

/* The condition selecting specialization spec of template tpl when one of
 * its arguments is a host lambda's closure (recording the lambda); NULL
 * when none is. */
static char *closure_condition(emitter *e, CXCursor spec, CXCursor tpl,
                               cu2cl_device_unit *out) {
  int n = clang_Cursor_getNumTemplateArguments(spec);
  int closures = 0;
  for (int i = 0; i < n; i++)
    closures += clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) ==
                    CXTemplateArgumentKind_Type &&
                dev_is_closure_type(
                    clang_Cursor_getTemplateArgumentType(spec, (unsigned)i));
  if (!closures)
    return NULL;
  strvec names = {0};
  int ok = template_param_names(tpl, &names) && names.len == (size_t)n;
  strbuf c = {0};
  for (int i = 0; i < n && ok; i++) {
    const char *p = names.items[i];
    strbuf_append(&c, i ? " &&\n      " : "");
    enum CXTemplateArgumentKind k =
        clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i);
    CXType t = clang_getCanonicalType(
        clang_Cursor_getTemplateArgumentType(spec, (unsigned)i));
    dev_closure *cl = k == CXTemplateArgumentKind_Type && dev_is_closure_type(t)
                          ? dev_closure_of(e, t)
                          : NULL;
    if (cl && !cl->problem) {
      note_host_lambda(e, cl, out);
      char *tag = closure_tag(t, 1);
      strbuf_printf(&c, "cu2cl_closure_id<%s>::get() == %luul && ", p,
                    lambda_id(cl->lambda));
      if (tag)
        strbuf_printf(&c,
                      "cu2cl_closure_id<%s>::tag() == "
                      "cu2cl_closure_tag_of<%s>()",
                      p, tag);
      else /* an instantiation with no spelling: told apart by size */
        strbuf_printf(&c, "sizeof(%s) == %lld", p, clang_Type_getSizeOf(t));
      free(tag);
    } else if (k == CXTemplateArgumentKind_Type && !dev_is_closure_type(t)) {
      char *ts = cx_type_spelling(
          clang_Cursor_getTemplateArgumentType(spec, (unsigned)i));
      strbuf_printf(&c, "std::is_same<%s, %s>::value", p, ts);
      free(ts);
    } else if (k == CXTemplateArgumentKind_Integral) {
      char *v = dev_template_value(spec, (unsigned)i);
      strbuf_printf(&c, "%s == %s", p, v);
      free(v);
    } else {
      ok = 0;
    }
  }
  strvec_free(&names);
  if (!ok) {
    strbuf_free(&c);
    return xstrdup("false");
  }
  return strbuf_take(&c);
}

/* ---- where a specialization's stub goes --------------------------------
 * A kernel template's stubs follow its first declaration, unless the
 * specialization names a type declared later in the unit: a functor
 * defined in the .cu file after the #include of the kernel's header
 * (HeCBench axpby). Its explicit specialization then goes after the
 * top-level declaration of the last such type, in the main file (after
 * it there, else before the main file's next declaration): code that is
 * no template and launches the kernel names the type, so it comes later,
 * and C++ instantiates the launch after it. */

typedef struct top_decl {
  CXFile file;
  unsigned begin, end; /* expansion offsets of its extent */
} top_decl;

typedef struct top_list {
  top_decl *items;
  size_t n, cap;
} top_list;

static enum CXChildVisitResult collect_top(CXCursor c, CXCursor p,
                                           CXClientData d) {
  (void)p;
  top_list *l = d;
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 256;
    l->items = xrealloc(l->items, l->cap * sizeof *l->items);
  }
  CXSourceRange r = clang_getCursorExtent(c);
  top_decl *t = &l->items[l->n++];
  clang_getExpansionLocation(clang_getRangeStart(r), &t->file, NULL, NULL,
                             &t->begin);
  clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &t->end);
  return CXChildVisit_Continue;
}

/* The index of the top-level declaration that holds decl, or -1. */
static int top_index(const top_list *l, CXCursor decl) {
  CXFile f;
  unsigned at;
  clang_getExpansionLocation(clang_getCursorLocation(decl), &f, NULL, NULL,
                             &at);
  for (size_t i = 0; f && i < l->n; i++)
    if (l->items[i].file && clang_File_isEqual(l->items[i].file, f) &&
        l->items[i].begin <= at && at <= l->items[i].end)
      return (int)i;
  return -1;
}

typedef struct late_types {
  const top_list *tops;
  int latest;   /* the index of the latest top-level declaration */
  int unplaced; /* a type no namespace-scope code can name */
} late_types;

/* Notes where the classes and enums t names (through pointers, arrays
 * and template arguments) are declared. */
static void note_type(late_types *l, CXType t, int depth) {
  for (t = clang_getCanonicalType(t);; t = clang_getCanonicalType(t)) {
    if (dev_is_array_type(t))
      t = clang_getArrayElementType(t);
    else if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference ||
             t.kind == CXType_RValueReference)
      t = clang_getPointeeType(t);
    else
      break;
  }
  if (depth > 8 || (t.kind != CXType_Record && t.kind != CXType_Enum))
    return;
  int n = clang_Type_getNumTemplateArguments(t);
  for (int i = 0; i < n; i++) {
    CXType a = clang_Type_getTemplateArgumentAsType(t, (unsigned)i);
    if (a.kind != CXType_Invalid)
      note_type(l, a, depth + 1);
  }
  CXCursor d = clang_getTypeDeclaration(t);
  if (cx_in_system_header(d))
    return;
  for (CXCursor p = clang_getCursorSemanticParent(d);
       !clang_Cursor_isNull(p) &&
       clang_getCursorKind(p) != CXCursor_TranslationUnit;
       p = clang_getCursorSemanticParent(p)) {
    enum CXCursorKind k = clang_getCursorKind(p);
    if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
        k == CXCursor_FunctionTemplate || k == CXCursor_Constructor ||
        k == CXCursor_Destructor || k == CXCursor_ConversionFunction)
      l->unplaced = 1; /* a local class */
  }
  int i = top_index(l->tops, d);
  if (i > l->latest)
    l->latest = i;
}

/* The offset of the line after offset at in file f of tu. */
static unsigned next_line(CXTranslationUnit tu, CXFile f, unsigned at) {
  size_t len = 0;
  const char *src = clang_getFileContents(tu, f, &len);
  while (src && at < len && src[at] != '\n')
    at++;
  return src && at < len ? at + 1 : (unsigned)len;
}

/* The offset of the line that holds offset at in file f of tu. */
static unsigned line_start(CXTranslationUnit tu, CXFile f, unsigned at) {
  size_t len = 0;
  const char *src = clang_getFileContents(tu, f, &len);
  while (src && at > 0 && at <= len && src[at - 1] != '\n')
    at--;
  return at;
}

/* Sets k's stub_file and stub_at when specialization spec names a type
 * declared after its kernel template (at namespace scope). */
static void place_stub(CXTranslationUnit tu, const top_list *tops,
                       CXCursor spec, cu2cl_kernel_spec *k) {
  CXCursor tpl = clang_getSpecializedCursorTemplate(spec);
  if (k->closure_cond || clang_Cursor_isNull(tpl) ||
      clang_getCursorKind(clang_getCursorSemanticParent(tpl)) !=
          CXCursor_TranslationUnit) /* a namespace's stub stays in it */
    return;
  int kernel_at = top_index(tops, clang_getCanonicalCursor(tpl));
  late_types l = {tops, kernel_at, 0};
  int n = clang_Cursor_getNumTemplateArguments(spec);
  for (int i = 0; i < n; i++) {
    if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) ==
        CXTemplateArgumentKind_Type)
      note_type(&l, clang_Cursor_getTemplateArgumentType(spec, (unsigned)i), 0);
  }
  int np = clang_Cursor_getNumArguments(spec); /* and the packs' types */
  for (int i = 0; i < np; i++)
    note_type(&l,
              clang_getCursorType(clang_Cursor_getArgument(spec, (unsigned)i)),
              0);
  if (kernel_at < 0 || l.unplaced || l.latest <= kernel_at)
    return;
  char *mn = cx_take(clang_getTranslationUnitSpelling(tu));
  CXFile main = clang_getFile(tu, mn);
  free(mn);
  const top_decl *t = &tops->items[l.latest];
  size_t i = (size_t)l.latest + 1, len = 0;
  while (i < tops->n && !clang_File_isEqual(tops->items[i].file, main))
    i++;
  unsigned at;
  if (clang_File_isEqual(t->file, main))
    at = next_line(tu, main, t->end);
  else if (i < tops->n)
    at = line_start(tu, main, tops->items[i].begin);
  else if (clang_getFileContents(tu, main, &len))
    at = (unsigned)len; /* the end of the main file */
  else
    return;
  k->stub_file = cx_take(clang_getFileName(main));
  k->stub_at = at;
}

/* Two specializations of one kernel template with the same condition
 * (one lambda, closures of one size from two instantiations of its
 * function) cannot be told apart at run time. */
static void check_closure_conditions(emitter *e, const cu2cl_device_unit *out,
                                     CXCursor *decls) {
  for (size_t i = 0; i < out->nkernels; i++) {
    const cu2cl_kernel_spec *a = &out->kernels[i];
    int bad = a->closure_cond && !strcmp(a->closure_cond, "false");
    for (size_t j = 0; j < i && a->closure_cond && !bad; j++) {
      const cu2cl_kernel_spec *b = &out->kernels[j];
      bad = b->closure_cond && !strcmp(a->template_usr, b->template_usr) &&
            !strcmp(a->closure_cond, b->closure_cond);
    }
    if (bad) {
      char *what = xasprintf("launching '%s' with the closure of a host "
                             "lambda cu2cl cannot tell apart from another "
                             "(its parameters, or two instantiations of "
                             "the lambda's function that cu2cl cannot "
                             "spell)",
                             a->display);
      dev_report(e, decls[i], CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, what);
      free(what);
    }
  }
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

static void kernel_spec(emitter *e, fn_clone *f, cu2cl_kernel_spec *k,
                        cu2cl_device_unit *out) {
  memset(k, 0, sizeof *k);
  k->usr = xstrdup(f->usr);
  CXCursor tpl = clang_getSpecializedCursorTemplate(f->decl);
  k->template_usr = clang_Cursor_isNull(tpl) ? xstrdup(f->usr) : cx_usr(tpl);
  k->cuda_name = cx_spelling(f->decl);
  k->cl_name = xstrdup(f->name);
  if (!clang_Cursor_isNull(tpl)) {
    k->tpl_params = template_param_text(e, tpl);
    k->tpl_args = template_args_text(f->decl);
    k->closure_cond = closure_condition(e, f->decl, tpl, out);
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
    /* a parameter declared as an array (const uchar salt[16]) is a
     * pointer, which the stub takes as such */
    CXType el = clang_getArrayElementType(t);
    if (el.kind == CXType_Invalid)
      el = clang_getArrayElementType(clang_getCanonicalType(t));
    int array = el.kind != CXType_Invalid;
    kp->kind =
        dev_is_pointer_type(t) || array ? CU2CL_KARG_DEVPTR : CU2CL_KARG_VALUE;
    if (array) {
      /* double phi[][Y][Z] is double (*phi)[Y][Z]: spelled as a type
       * name in __typeof__, so "TYPE NAME" still declares it */
      char *es = cx_type_spelling(el), *dims = strchr(es, '[');
      if (dev_is_array_type(el) && dims)
        kp->host_type = xasprintf(
            "__typeof__(%.*s (*)%s)",
            (int)(dims - es - (dims > es && dims[-1] == ' ')), es, dims);
      else
        kp->host_type = xasprintf("%s *", es);
      free(es);
    } else {
      kp->host_type = cx_type_spelling(t);
    }
    char *pn = cx_param_name(p);
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

/* The next clone to print: constructors first, which bind where their
 * reference members point (dev_ref_member_bind) before the methods that
 * pass those members on are printed and pick their callees' clones; then
 * the other functions; virtual dispatchers once nothing else is left, so
 * that every class whose constructor is printed has its case (printing a
 * dispatcher may queue more); -1 when done. */
static long next_clone(emitter *e) {
  for (size_t i = 0; i < e->nfns; i++)
    if (!e->fns[i].emitted && !e->fns[i].dispatch &&
        clang_getCursorKind(e->fns[i].decl) == CXCursor_Constructor)
      return (long)i;
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
  e.find_definition = opts ? opts->find_definition : NULL;
  e.find_ctx = opts ? opts->find_ctx : NULL;
  e.stmt_hooks = &dev_pred_stmt_hooks;
  e.alloc_hook = dev_print_alloc;
  e.block_hook = dev_print_compound;
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
  CXCursor *decls = xcalloc(nkernels + 1, sizeof *decls);
  e.out = NULL; /* what is reported now has no place in the output */
  top_list tops = {0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_top, &tops);
  for (size_t i = 0; i < e.nfns; i++)
    if (e.fns[i].is_kernel) {
      decls[out->nkernels] = e.fns[i].decl;
      kernel_spec(&e, &e.fns[i], &out->kernels[out->nkernels], out);
      place_stub(tu, &tops, e.fns[i].decl, &out->kernels[out->nkernels++]);
    }
  free(tops.items);
  check_closure_conditions(&e, out, decls);
  for (size_t i = 0; i < e.nsyms; i++)
    if (e.syms[i].elsewhere && e.syms[i].space != 'l')
      strvec_push(&out->extern_syms,
                  e.syms[i].host_name +
                      (e.syms[i].host_name[0] == ':' ? 2 : 0));
  free(decls);
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
    free(k->closure_cond);
    free(k->stub_file);
    strvec_free(&k->pattern_params);
    free(k->cl_name);
    free(k->display);
    free(k->ref_name);
  }
  free(u->kernels);
  for (size_t i = 0; i < u->nlambdas; i++) {
    free(u->lambdas[i].file);
    free(u->lambdas[i].tag);
    free(u->lambdas[i].body);
  }
  free(u->lambdas);
  strvec_free(&u->extern_syms);
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
