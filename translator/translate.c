/*
 * translate: the pipeline for one translation unit; see translate.h.
 */
#include "translate.h"

#include <clang-c/Index.h>
#include <ctype.h>
#include <pthread.h>
#include <string.h>

#include "clcheck.h"
#include "cuda_arch.h"
#include "cx.h"
#include "emit_device.h"
#include "emit_host.h"
#include "instantiate.h"

char *cu2cl_output_stem(const cu2cl_options *o, const char *file) {
  const char *rel = file;
  size_t n = strlen(o->in_root);
  if (path_is_under(file, o->in_root))
    rel = file + n + (o->in_root[n - 1] == '/' ? 0 : 1);
  const char *base = path_basename(rel);
  const char *dot = strrchr(base, '.');
  return dot && dot != base ? xstrndup(rel, (size_t)(dot - rel)) : xstrdup(rel);
}

typedef struct var_at_ctx {
  CXSourceLocation at;
  CXCursor found;
} var_at_ctx;

static enum CXChildVisitResult var_at_visit(CXCursor c, CXCursor p,
                                            CXClientData d) {
  var_at_ctx *v = d;
  (void)p;
  if (clang_getCursorKind(c) == CXCursor_VarDecl &&
      clang_equalLocations(clang_getCursorLocation(c), v->at)) {
    v->found = c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* clang's error on a __shared__ variable whose constructor runs code
 * (__shared__ cuda::barrier<...> bar;): reported as what it means, with
 * the variable and its type. 0 when the error is another. */
static int report_shared_constructor(CXTranslationUnit tu, CXDiagnostic d,
                                     const char *msg, cu2cl_diag_engine *diags,
                                     const cx_loc *l) {
  if (strcmp(msg, "initialization is not supported for __shared__ variables"))
    return 0;
  CXSourceLocation at = clang_getDiagnosticLocation(d);
  CXCursor c = clang_getCursor(tu, at);
  if (clang_getCursorKind(c) != CXCursor_VarDecl) {
    /* in a template, libclang answers with the enclosing function */
    var_at_ctx v = {at, clang_getNullCursor()};
    clang_visitChildren(c, var_at_visit, &v);
    CXCursor tpl = clang_getSpecializedCursorTemplate(c);
    if (clang_Cursor_isNull(v.found) && !clang_Cursor_isNull(tpl))
      clang_visitChildren(tpl, var_at_visit, &v); /* an instantiation's */
    c = v.found;
  }
  if (clang_getCursorKind(c) != CXCursor_VarDecl)
    return 0;
  char *name = cx_spelling(c);
  char *type = cx_type_spelling(clang_getCursorType(c));
  cu2cl_diag_report(diags, CU2CL_D_SHARED_CONSTRUCTOR, l->file, l->line,
                    l->column, name, type);
  free(name);
  free(type);
  return 1;
}

/* Forwards clang's errors; returns how many there were. */
static int report_parse_errors(CXTranslationUnit tu, cu2cl_diag_engine *diags) {
  int errors = 0;
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      cx_loc l = cx_source_location(clang_getDiagnosticLocation(d));
      char *msg = cx_take(clang_getDiagnosticSpelling(d));
      if (errors < 20 && !report_shared_constructor(tu, d, msg, diags, &l))
        cu2cl_diag_report(diags, CU2CL_D_PARSE_ERROR, l.file, l.line, l.column,
                          msg);
      free(msg);
      cx_loc_free(&l);
      errors++;
    }
    clang_disposeDiagnostic(d);
  }
  return errors;
}

typedef struct kernel_list {
  CXCursor *items;
  size_t len, cap;
  strvec usrs;
  strvec visited;      /* host template specializations already searched */
  CXCursor *templates; /* kernel templates defined in the file */
  size_t ntemplates;
} kernel_list;

static void kernel_add(kernel_list *k, CXCursor c) {
  char *usr = cx_usr(c);
  if (strvec_contains(&k->usrs, usr)) {
    free(usr);
    return;
  }
  strvec_push_own(&k->usrs, usr);
  if (k->len == k->cap) {
    k->cap = k->cap ? 2 * k->cap : 16;
    k->items = xrealloc(k->items, k->cap * sizeof *k->items);
  }
  k->items[k->len++] = c;
}

/* 1 when the DeclRefExpr c names a kernel (a specialization, not the
 * template a dependent reference names). */
static int is_kernel_decl(CXCursor c) {
  CXCursor r = clang_getCursorReferenced(c);
  return clang_getCursorKind(r) == CXCursor_FunctionDecl &&
         (cx_cuda_attrs(r) & CX_GLOBAL);
}

static enum CXChildVisitResult find_kernels(CXCursor c, CXCursor p,
                                            CXClientData d) {
  kernel_list *k = d;
  enum CXCursorKind kind = clang_getCursorKind(c);
  if (kind == CXCursor_InclusionDirective || kind == CXCursor_MacroDefinition ||
      kind == CXCursor_MacroExpansion)
    return CXChildVisit_Continue;
  if (cx_in_system_header(c) && kind != CXCursor_CallExpr)
    return CXChildVisit_Continue;
  if (kind == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      (cx_cuda_attrs(c) & CX_GLOBAL) && cx_in_main_file(c)) {
    kernel_add(k, c);
    return CXChildVisit_Continue;
  }
  if (kind == CXCursor_FunctionTemplate && clang_isCursorDefinition(c) &&
      (cx_cuda_attrs(c) & CX_GLOBAL) && cx_in_main_file(c)) {
    k->templates =
        xrealloc(k->templates, (k->ntemplates + 1) * sizeof *k->templates);
    k->templates[k->ntemplates++] = c;
    return CXChildVisit_Continue;
  }
  if ((kind == CXCursor_CallExpr && cx_is_launch(c)) ||
      (kind == CXCursor_DeclRefExpr && is_kernel_decl(c))) {
    /* launched, or used as a value (cudaLaunchKernel((void *)k<int>, ...));
     * a launch through a kernel pointer names a variable, found as the
     * kernels stored in it are */
    CXCursor callee = clang_getCursorReferenced(c);
    CXCursor def = clang_getCursorDefinition(callee);
    if (!clang_Cursor_isNull(def) && is_kernel_decl(c))
      kernel_add(k, def);
  } else if (kind == CXCursor_CallExpr || kind == CXCursor_DeclRefExpr) {
    /* Launches inside host function templates are found in the
     * instantiations this file uses, called, referenced, or instantiated
     * explicitly (instantiate.h); the template's own body only names
     * dependent kernels. */
    CXCursor callee = clang_getCursorReferenced(c);
    CXCursor def = clang_getCursorDefinition(callee);
    if (!clang_Cursor_isNull(def) &&
        !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(def)) &&
        !(cx_cuda_attrs(def) & CX_GLOBAL) && !cx_in_system_header(def)) {
      char *usr = cx_usr(def);
      if (!strvec_contains(&k->visited, usr)) {
        strvec_push_own(&k->visited, usr);
        clang_visitChildren(def, find_kernels, k);
      } else {
        free(usr);
      }
    }
  }
  return CXChildVisit_Recurse;
}

/* The project headers a unit includes: every header that is not a system
 * header (-isystem, the compiler's own directories) and not one of CUDA's
 * (the toolkit's or cu2cl's own), wherever it lives. With an explicit
 * --in-root, one outside it is an error naming its includer. */
typedef struct inc_ctx {
  const cu2cl_options *o;
  CXTranslationUnit tu;
  const char *const *cuda_dirs;
  cu2cl_diag_engine *diags;
  strvec *out;
  size_t outside; /* headers outside an explicit in-root */
} inc_ctx;

static int is_project_header(inc_ctx *ic, CXFile f, const char *abs) {
  if (clang_Location_isInSystemHeader(clang_getLocationForOffset(ic->tu, f, 0)))
    return 0;
  return !path_is_under_any(abs, ic->cuda_dirs);
}

static void inclusion_visitor(CXFile f, CXSourceLocation *stack, unsigned n,
                              CXClientData d) {
  inc_ctx *ic = d;
  if (n == 0)
    return; /* the main file */
  char *path = cx_take(clang_getFileName(f));
  char *abs = path_absolute(path, NULL);
  free(path);
  if (strvec_contains(ic->out, abs) || !is_project_header(ic, f, abs)) {
    free(abs);
    return;
  }
  if (!ic->o->in_root_default && !path_is_under(abs, ic->o->in_root)) {
    cx_loc l = cx_source_location(stack[0]);
    cu2cl_diag_report(ic->diags, CU2CL_D_HEADER_OUTSIDE_IN_ROOT, l.file, l.line,
                      l.column, abs, l.file ? l.file : "?", ic->o->in_root);
    cx_loc_free(&l);
    ic->outside++;
    free(abs);
    return;
  }
  strvec_push_own(ic->out, abs);
}

/* own_cub 0: without cu2cl's own CUB (the -I of its translated/
 * directory), so that a toolkit's CUB is found. */
static void build_args(const cu2cl_options *o, const cu2cl_compile_cmd *cmd,
                       int own_cub, strvec *args) {
  strvec all = {0};
  cu2cl_flags_for_parse(&o->cuda, o->own_headers, o->host_compat, cmd->arch,
                        &cmd->flags, &all);
  if (cmd->intent.nvcc) { /* nvcc's own macros; clang defines __CUDACC__ */
    strvec_push(&all, "-D__NVCC__");
    if (cmd->intent.rdc)
      strvec_push(&all, "-D__CUDACC_RDC__");
  }
  char *cub =
      o->own_headers ? xasprintf("-I%s/translated", o->own_headers) : NULL;
  for (size_t i = 0; i < all.len; i++)
    if (own_cub || !cub || strcmp(all.items[i], cub))
      strvec_push(args, all.items[i]);
  free(cub);
  strvec_free(&all);
}

/* 1 when the unit has an error inside cu2cl's own CUB: with a toolkit,
 * its Thrust includes the toolkit's CUB, which cu2cl's cannot join. */
static int error_in_own_cub(CXTranslationUnit tu, const char *own_headers) {
  char *dir = xasprintf("%s/translated", own_headers ? own_headers : "");
  int found = 0;
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n && !found && own_headers; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    CXFile f = NULL;
    clang_getFileLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, NULL);
    char *name = f ? cx_take(clang_getFileName(f)) : NULL;
    found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && name &&
            path_is_under(name, dir);
    free(name);
    clang_disposeDiagnostic(d);
  }
  free(dir);
  return found;
}

/* 1 when an error lies past the main file's first `len` bytes (in the
 * references instantiate.c appended). */
static int error_in_appended(CXTranslationUnit tu, size_t len) {
  int found = 0;
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n && !found; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    unsigned off = 0;
    CXSourceLocation l = clang_getDiagnosticLocation(d);
    clang_getFileLocation(l, NULL, NULL, NULL, &off);
    found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
            clang_Location_isFromMainFile(l) && off >= len;
    clang_disposeDiagnostic(d);
  }
  return found;
}

/* When the main file has __CUDA_ARCH__ directives inside device-only
 * functions, parses it again as their device pass reads them
 * (cuda_arch.h); *tu is replaced only where that parse succeeds. */
static enum CXErrorCode parse_device_view(CXIndex idx,
                                          const cu2cl_compile_cmd *cmd,
                                          const strvec *args, const char *text,
                                          CXTranslationUnit *tu) {
  unsigned n = 0;
  char *view = cu2cl_cuda_arch_device_view(
      *tu, text, strlen(text), cu2cl_cuda_arch_value(cmd->arch), &n);
  if (!view)
    return CXError_Success;
  struct CXUnsavedFile file = {cmd->file, view, strlen(view)};
  CXTranslationUnit dev = NULL;
  enum CXErrorCode rc = clang_parseTranslationUnit2(
      idx, cmd->file, (const char *const *)args->items, (int)args->len, &file,
      1, CXTranslationUnit_DetailedPreprocessingRecord |
             CXTranslationUnit_KeepGoing,
      &dev);
  if (rc == CXError_Success && dev) {
    clang_disposeTranslationUnit(*tu);
    *tu = dev;
  }
  free(view);
  return CXError_Success;
}

/* Parses the unit host-side, with references to its explicit
 * instantiations appended to the main file (instantiate.h) when it has
 * any; when those do not compile, the file is parsed as it is. *main_len:
 * the main file's own length (0: all of it). */
static enum CXErrorCode parse_unit(const cu2cl_options *o,
                                   const cu2cl_compile_cmd *cmd, CXIndex idx,
                                   CXTranslationUnit *tu, size_t *main_len,
                                   int own_cub) {
  strvec args = {0};
  build_args(o, cmd, own_cub, &args);
  size_t len = 0;
  char *src = read_file(cmd->file, &len);
  char *refs = src ? cu2cl_instantiation_refs(src, len) : NULL;
  char *text = refs ? xasprintf("%s%s", src, refs) : NULL;
  struct CXUnsavedFile file = {cmd->file, text, text ? strlen(text) : 0};
  unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord |
                   CXTranslationUnit_KeepGoing;
  enum CXErrorCode rc = clang_parseTranslationUnit2(
      idx, cmd->file, (const char *const *)args.items, (int)args.len, &file,
      text ? 1 : 0, flags, tu);
  if (text && rc == CXError_Success && error_in_appended(*tu, len)) {
    clang_disposeTranslationUnit(*tu);
    *tu = NULL;
    free(text);
    text = NULL;
    rc = clang_parseTranslationUnit2(idx, cmd->file,
                                     (const char *const *)args.items,
                                     (int)args.len, NULL, 0, flags, tu);
  }
  *main_len = text ? len : 0;
  if (rc == CXError_Success && src)
    rc = parse_device_view(idx, cmd, &args, text ? text : src, tu);
  free(text);
  free(refs);
  free(src);
  strvec_free(&args);
  return rc;
}

/* ---- definitions in the project's other units -----------------------------
 * Separate compilation (nvcc -rdc / -dc): a unit may call a device function
 * that only another unit defines. Each .cl is an OpenCL program of its own,
 * so the definition is printed into every program that calls it
 * (dev_definition). The run keeps an index of the device functions each
 * unit defines, by USR (the same in every unit), built at the first
 * request: every CUDA unit parsed once for the whole run (one with errors
 * is left out: it is reported when it is translated itself). A unit that
 * needs a definition then parses the units that hold what it calls, each
 * once. */
struct cu2cl_unit_index {
  pthread_mutex_t lock;
  int built;
  strvec usrs, files; /* a definition's USR, the unit that has it */
};

cu2cl_unit_index *cu2cl_unit_index_new(void) {
  cu2cl_unit_index *x = xcalloc(1, sizeof *x);
  pthread_mutex_init(&x->lock, NULL);
  return x;
}

void cu2cl_unit_index_free(cu2cl_unit_index *x) {
  if (!x)
    return;
  strvec_free(&x->usrs);
  strvec_free(&x->files);
  pthread_mutex_destroy(&x->lock);
  free(x);
}

/* A device function's definition of the program's own. */
static int is_device_definition(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  return (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod) &&
         clang_isCursorDefinition(c) && !cx_in_system_header(c) &&
         (cx_cuda_attrs(c) & CX_DEVICE);
}

static int has_errors(CXTranslationUnit tu) {
  unsigned n = clang_getNumDiagnostics(tu);
  int errors = 0;
  for (unsigned i = 0; i < n && !errors; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    errors = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  return errors;
}

/* Unit c parsed for its definitions; NULL when it cannot be, or has
 * errors. */
static CXTranslationUnit parse_for_definitions(const cu2cl_options *o,
                                               const cu2cl_compile_cmd *c,
                                               CXIndex idx) {
  CXTranslationUnit tu = NULL;
  size_t main_len;
  if (parse_unit(o, c, idx, &tu, &main_len, 1) != CXError_Success || !tu)
    return NULL;
  if (has_errors(tu)) {
    clang_disposeTranslationUnit(tu);
    return NULL;
  }
  return tu;
}

typedef struct index_walk {
  cu2cl_unit_index *x;
  const char *file;
} index_walk;

static int index_definition(CXCursor c, void *d) {
  index_walk *w = d;
  if (!is_device_definition(c))
    return 0;
  char *usr = cx_usr(c);
  if (strvec_contains(&w->x->usrs, usr)) {
    free(usr);
  } else {
    strvec_push_own(&w->x->usrs, usr);
    strvec_push(&w->x->files, w->file);
  }
  return 0;
}

/* The unit that defines usr (NULL: none), the index built at the first
 * call. */
static const cu2cl_compile_cmd *unit_defining(const cu2cl_options *o,
                                              const char *usr) {
  cu2cl_unit_index *x = o->index;
  pthread_mutex_lock(&x->lock);
  if (!x->built) {
    x->built = 1;
    CXIndex idx = clang_createIndex(0, 0);
    for (size_t i = 0; i < o->nunits; i++) {
      if (o->units[i].lang != CU2CL_LANG_CUDA)
        continue;
      CXTranslationUnit tu = parse_for_definitions(o, &o->units[i], idx);
      if (!tu)
        continue;
      index_walk w = {x, o->units[i].file};
      cx_visit_namespace_scope(tu, index_definition, &w);
      clang_disposeTranslationUnit(tu);
    }
    clang_disposeIndex(idx);
  }
  const char *file = NULL;
  for (size_t i = 0; i < x->usrs.len && !file; i++)
    if (!strcmp(x->usrs.items[i], usr))
      file = x->files.items[i];
  pthread_mutex_unlock(&x->lock); /* the index does not change again */
  for (size_t i = 0; file && i < o->nunits; i++)
    if (!strcmp(o->units[i].file, file))
      return &o->units[i];
  return NULL;
}

/* What one unit's translation parsed of the others. */
typedef struct other_units {
  const cu2cl_options *o;
  const cu2cl_compile_cmd *self;
  CXIndex idx;
  CXTranslationUnit *tus;
  const cu2cl_compile_cmd **cmds; /* the unit each of tus is */
  size_t ntus;
} other_units;

static CXCursor find_in_other_units(void *ctx, CXCursor decl) {
  other_units *x = ctx;
  char *usr = cx_usr(decl);
  const cu2cl_compile_cmd *c = unit_defining(x->o, usr);
  CXCursor found = clang_getNullCursor();
  if (c && strcmp(c->file, x->self->file)) {
    size_t i = 0;
    while (i < x->ntus && x->cmds[i] != c)
      i++;
    if (i == x->ntus) { /* parsed once per unit translated */
      if (!x->idx)
        x->idx = clang_createIndex(0, 0);
      x->tus = xrealloc(x->tus, (x->ntus + 1) * sizeof *x->tus);
      x->cmds = xrealloc(x->cmds, (x->ntus + 1) * sizeof *x->cmds);
      x->tus[x->ntus] = parse_for_definitions(x->o, c, x->idx);
      x->cmds[x->ntus++] = c;
    }
    if (x->tus[i])
      found = cx_find_usr(x->tus[i], usr, is_device_definition);
  }
  free(usr);
  return found;
}

static void other_units_free(other_units *x) {
  for (size_t i = 0; i < x->ntus; i++)
    if (x->tus[i])
      clang_disposeTranslationUnit(x->tus[i]);
  free(x->tus);
  free(x->cmds);
  if (x->idx)
    clang_disposeIndex(x->idx);
}

/* Parses the unit; NULL (reported) when it cannot be parsed or has
 * errors. *idx is the index to dispose with it. */
/* CU2CL2110 at each directive the unit was parsed with rewritten
 * (parse_device_view): the lines where the parsed main file differs from
 * the file on disk. */
static void report_arch_reads(CXTranslationUnit tu,
                              const cu2cl_compile_cmd *cmd,
                              cu2cl_diag_engine *diags) {
  size_t len = 0, parsed = 0;
  CXFile f = clang_getFile(tu, cmd->file);
  const char *view = f ? clang_getFileContents(tu, f, &parsed) : NULL;
  char *disk = view ? read_file(cmd->file, &len) : NULL;
  char value[16];
  snprintf(value, sizeof value, "%d", cu2cl_cuda_arch_value(cmd->arch));
  unsigned line = 1;
  for (size_t i = 0, start = 0; disk && i < len && i < parsed; i++) {
    if (disk[i] != view[i]) {
      size_t h = start;
      while (disk[h] == ' ' || disk[h] == '\t')
        h++;
      cu2cl_diag_report(diags, CU2CL_D_CUDA_ARCH_DEVICE_READ, cmd->file, line,
                        (unsigned)(h - start + 1), value);
      while (i < len && disk[i] != '\n')
        i++; /* one report per line */
    }
    if (i < len && disk[i] == '\n') {
      line++;
      start = i + 1;
    }
  }
  free(disk);
}

static CXTranslationUnit parse_checked(const cu2cl_options *o,
                                       const cu2cl_compile_cmd *cmd,
                                       cu2cl_diag_engine *diags, CXIndex *idx,
                                       size_t *main_len) {
  *idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode rc = parse_unit(o, cmd, *idx, &tu, main_len, 1);
  if (rc == CXError_Success && tu && o->cuda.path &&
      error_in_own_cub(tu, o->own_headers)) {
    /* the toolkit's CUB then (its block primitives are reported) */
    clang_disposeTranslationUnit(tu);
    tu = NULL;
    rc = parse_unit(o, cmd, *idx, &tu, main_len, 0);
  }
  if (rc != CXError_Success || !tu) {
    /* A crash inside libclang's parse is caught by its crash recovery
     * (CXError_Crashed): this file fails, the others go on. */
    cu2cl_diag_report(diags, CU2CL_D_PARSE_ERROR, cmd->file, 0, 0,
                      rc == CXError_Crashed
                          ? "libclang crashed while parsing the file"
                          : "libclang could not parse the file");
    clang_disposeIndex(*idx);
    return NULL;
  }
  int perr = report_parse_errors(tu, diags);
  if (!perr)
    report_arch_reads(tu, cmd, diags);
  if (perr) {
    cu2cl_diag_report(diags, CU2CL_D_TU_FAILED, cmd->file, 0, 0, cmd->file,
                      (unsigned)perr);
    clang_disposeTranslationUnit(tu);
    clang_disposeIndex(*idx);
    return NULL;
  }
  return tu;
}

/* Kernel templates of the file that no emitted specialization came from. */
static void report_unlaunched(const kernel_list *kl,
                              const cu2cl_device_unit *dev,
                              cu2cl_diag_engine *diags) {
  for (size_t i = 0; i < kl->ntemplates; i++) {
    char *usr = cx_usr(kl->templates[i]);
    int used = 0;
    for (size_t j = 0; j < dev->nkernels && !used; j++)
      used = !strcmp(dev->kernels[j].template_usr, usr);
    if (!used) {
      cx_loc l = cx_location(kl->templates[i]);
      char *n = cx_spelling(kl->templates[i]);
      cu2cl_diag_report(diags, CU2CL_D_KERNEL_NOT_LAUNCHED, l.file, l.line,
                        l.column, n);
      free(n);
      cx_loc_free(&l);
    }
    free(usr);
  }
}

static void kernel_list_free(kernel_list *kl) {
  free(kl->items);
  free(kl->templates);
  strvec_free(&kl->usrs);
  strvec_free(&kl->visited);
}

/* Rewrites the project headers the unit includes and claims. */
static void emit_headers(const cu2cl_options *o, CXTranslationUnit tu,
                         const cu2cl_device_unit *dev,
                         const cu2cl_host_opts *hopts, cu2cl_diag_engine *diags,
                         cu2cl_tu_result *out) {
  strvec headers = {0};
  inc_ctx ic = {o, tu, hopts->cuda_include_dirs, diags, &headers, 0};
  clang_getInclusions(tu, inclusion_visitor, &ic);
  out->errors += ic.outside;
  for (size_t i = 0; i < headers.len; i++) {
    const char *h = headers.items[i];
    if (o->claim_header && !o->claim_header(o->claim_ctx, h))
      continue;
    unsigned *lines;
    strvec_push_own(&out->header_text, cu2cl_emit_host(tu, h, dev, hopts, diags,
                                                       &out->errors, &lines));
    strvec_push(&out->header_abs, h);
    out->header_lines = xrealloc(
        out->header_lines, out->header_abs.len * sizeof *out->header_lines);
    out->header_lines[out->header_abs.len - 1] = lines;
  }
  strvec_free(&out->deps);
  out->deps = headers;
}

/* "vector-add" -> "cu2cl_source_vector_add": the name of a unit's embedded
 * OpenCL C source. Caller frees. */
static char *cu2cl_source_symbol(const char *base) {
  strbuf sym = {0};
  strbuf_append(&sym, "cu2cl_source_");
  for (const char *p = base; *p; p++)
    strbuf_appendc(&sym, (char)(isalnum((unsigned char)*p) ? *p : '_'));
  return strbuf_take(&sym);
}

/* The names of a unit's outputs and embedded program. */
typedef struct unit_names {
  char *stem, *base, *sym, *cl_name, *cl_header;
} unit_names;

static unit_names unit_names_of(const cu2cl_options *o, const char *file) {
  unit_names n;
  n.stem = cu2cl_output_stem(o, file);
  n.base = path_stem(file);
  n.sym = cu2cl_source_symbol(n.base);
  n.cl_name = xasprintf("%s.cl", n.base);
  n.cl_header = xasprintf("%s.cl.h", n.base);
  return n;
}

static void unit_names_free(unit_names *n) {
  free(n->stem);
  free(n->base);
  free(n->sym);
  free(n->cl_name);
  free(n->cl_header);
}

/* The .cl output, and its compile check started beside the host
 * rewriting (NULL when there is nothing to check). */
static cu2cl_clcheck_job *emit_cl(const cu2cl_options *o,
                                  const cu2cl_device_unit *dev,
                                  const unit_names *n, cu2cl_tu_result *out) {
  if (!dev->nkernels)
    return NULL;
  out->cl_rel = xasprintf("%s.cl", n->stem);
  out->cl_header = xstrdup(n->cl_header);
  out->cl_text = xstrdup(dev->cl_source);
  /* With constructs already reported as not translated, the .cl is known
   * to be incomplete; the compile check would only repeat them. */
  if (!o->check_cl || dev->errors)
    return NULL;
  char *cl_abs = path_join(o->out_root, out->cl_rel);
  cu2cl_clcheck_job *check = cu2cl_clcheck_start(dev->cl_source, cl_abs);
  free(cl_abs);
  return check;
}

int cu2cl_translate_tu(const cu2cl_options *o, const cu2cl_compile_cmd *cmd,
                       cu2cl_diag_engine *diags, cu2cl_tu_result *out) {
  memset(out, 0, sizeof *out);
  if (!path_exists(cmd->file)) {
    cu2cl_diag_report(diags, CU2CL_D_CANNOT_READ_FILE, NULL, 0, 0, cmd->file,
                      "No such file or directory");
    return -1;
  }
  CXIndex idx;
  size_t main_len = 0;
  CXTranslationUnit tu = parse_checked(o, cmd, diags, &idx, &main_len);
  if (!tu)
    return -1;
  kernel_list kl = {0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_kernels, &kl);
  unit_names names = unit_names_of(o, cmd->file);
  other_units others = {o, cmd, NULL, NULL, NULL, 0};
  cu2cl_device_opts dopts = {
      o->prelude, path_basename(cmd->file), o->warp_size,
      o->nunits > 1 && o->index ? find_in_other_units : NULL, &others};
  cu2cl_device_unit dev = {0};
  cu2cl_emit_device(tu, kl.items, kl.len, &dopts, diags, &dev);
  other_units_free(&others);
  out->errors += dev.errors;
  report_unlaunched(&kl, &dev, diags);
  cu2cl_clcheck_job *check = emit_cl(o, &dev, &names, out);
  char *cuda_inc = o->cuda.path ? path_join(o->cuda.path, "include") : NULL;
  const char *cuda_dirs[3] = {cuda_inc ? cuda_inc : o->own_headers,
                              cuda_inc ? o->own_headers : NULL, NULL};
  const char *cl_options = NULL;
  if (cmd->intent.fast_math && dev.nkernels) {
    cl_options = "-cl-fast-relaxed-math";
    cu2cl_diag_report(diags, CU2CL_D_FAST_MATH, cmd->file, 0, 0);
  }
  cu2cl_host_opts hopts = {names.cl_name,   names.cl_header,
                           names.sym,       cuda_dirs,
                           o->own_headers,  cl_options,
                           main_len,        &out->stats,
                           cmd->intent.rdc, cmd->lang == CU2CL_LANG_CUDA};
  out->stats.kernels = dev.nkernels;
  out->host_text = cu2cl_emit_host(tu, NULL, &dev, &hopts, diags, &out->errors,
                                   &out->host_lines);
  out->host_rel = xasprintf("%s.cpp", names.stem);
  out->cl_symbol = xstrdup(names.sym);
  out->has_main = cu2cl_defines_main(tu);
  out->cl_fast_math = cl_options != NULL;
  emit_headers(o, tu, &dev, &hopts, diags, out);
  out->translated = 1;
  free(cuda_inc);
  cu2cl_device_unit_free(&dev);
  kernel_list_free(&kl);
  unit_names_free(&names);
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  if (check)
    out->errors += (size_t)cu2cl_clcheck_finish(check, cmd->file, diags);
  return 0;
}

void cu2cl_tu_result_free(cu2cl_tu_result *r) {
  free(r->host_rel);
  free(r->host_text);
  free(r->cl_rel);
  free(r->cl_text);
  free(r->cl_header);
  free(r->cl_symbol);
  for (size_t i = 0; i < r->header_abs.len; i++)
    free(r->header_lines[i]);
  free(r->header_lines);
  free(r->host_lines);
  strvec_free(&r->header_abs);
  strvec_free(&r->header_text);
  strvec_free(&r->deps);
  memset(r, 0, sizeof *r);
}
