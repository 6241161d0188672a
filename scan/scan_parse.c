/*
 * scan_parse: the walk over one file's tree (see scan_parse.h).
 *
 * One recursive descent; a handler per node type that matters:
 *
 *   function_definition   __global__ / __device__ functions: recorded,
 *                         their bodies walked as device code
 *   call_expression       launches (kernel_call_syntax), API calls,
 *                         device built-ins (scan_check.c checks them)
 *   identifier            CUDA names that are not calls: types, constants,
 *                         built-in variables, __CUDA_ARCH__
 *   qualified_identifier  thrust::NAME, cub::NAME
 *   preproc_def           macros: bodies read as text (scan_macro.c)
 *   preproc_include       headers of CUDA libraries with no mapping
 *   ERROR, MISSING        counted as parse errors; the walk goes on
 *
 * Device code's operators, assignments and declarations go to
 * scan_check.c.
 */
#include "scan_parse.h"

#include <ctype.h>
#include <string.h>

#include "rules.h"
#include "scan_ts.h"

const TSLanguage *tree_sitter_cuda(void);

struct scan_parser {
  TSParser *ts;
};

scan_parser *scan_parser_new(void) {
  scan_parser *p = xcalloc(1, sizeof *p);
  p->ts = ts_parser_new();
  ts_parser_set_language(p->ts, tree_sitter_cuda());
  return p;
}

void scan_parser_delete(scan_parser *self) {
  if (!self)
    return;
  ts_parser_delete(self->ts);
  free(self);
}

/* ---- node helpers ---- */

int ts_is(TSNode n, const char *type) {
  return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

char *ts_text(const scan_walk *w, TSNode n) {
  if (ts_node_is_null(n))
    return xstrdup("");
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (e > w->len)
    e = (uint32_t)w->len;
  return xstrndup(w->src + b, e > b ? e - b : 0);
}

int ts_text_is(const scan_walk *w, TSNode n, const char *s) {
  if (ts_node_is_null(n))
    return 0;
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  size_t len = strlen(s);
  return e - b == len && e <= w->len && !memcmp(w->src + b, s, len);
}

unsigned ts_line(TSNode n) {
  return ts_node_is_null(n) ? 0 : ts_node_start_point(n).row + 1;
}

unsigned ts_col(TSNode n) {
  return ts_node_is_null(n) ? 0 : ts_node_start_point(n).column + 1;
}

/* The runtime's accessors do not accept null nodes; these do. */
TSNode ts_field(TSNode n, const char *field) {
  if (ts_node_is_null(n))
    return n;
  return ts_node_child_by_field_name(n, field, (uint32_t)strlen(field));
}

const char *ts_type(TSNode n) {
  return ts_node_is_null(n) ? "" : ts_node_type(n);
}

uint32_t ts_count(TSNode n) {
  return ts_node_is_null(n) ? 0 : ts_node_named_child_count(n);
}

TSNode ts_child(TSNode n, uint32_t i) {
  return ts_node_is_null(n) ? n : ts_node_named_child(n, i);
}

TSNode ts_strip(TSNode n) {
  while (ts_is(n, "parenthesized_expression") || ts_is(n, "cast_expression")) {
    TSNode in =
        ts_is(n, "cast_expression") ? ts_field(n, "value") : ts_child(n, 0);
    if (ts_node_is_null(in))
      break;
    n = in;
  }
  return n;
}

/* ---- the walk ---- */

static void walk(scan_walk *w, TSNode n);

static void walk_children(scan_walk *w, TSNode n) {
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do
      walk(w, ts_tree_cursor_current_node(&c));
    while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

static void note_error(scan_walk *w, TSNode n) {
  if (ts_node_is_missing(n) && !ts_node_is_null(w->benign) &&
      ts_node_eq(n, w->benign))
    return;
  if (!w->f->parse_errors++)
    w->f->error_line = ts_line(n);
}

static void define_name(scan_walk *w, const char *name) {
  if (!strvec_contains(&w->f->defined, name))
    strvec_push(&w->f->defined, name);
  scan_xref_define(w->x, name);
}

/* The name a declarator declares: the innermost identifier (of a
 * qualified name, the last part). */
static TSNode declarator_name(TSNode d) {
  for (int i = 0; i < 32 && !ts_node_is_null(d); i++) {
    const char *t = ts_node_type(d);
    if (!strcmp(t, "identifier") || !strcmp(t, "field_identifier") ||
        !strcmp(t, "type_identifier") || !strcmp(t, "operator_name") ||
        !strcmp(t, "destructor_name"))
      return d;
    TSNode next = ts_field(d, "declarator");
    if (ts_node_is_null(next))
      next = ts_field(d, "name");
    if (ts_node_is_null(next))
      next = ts_child(d, 0);
    d = next;
  }
  TSNode none = {{0}, NULL, NULL};
  return none;
}

/* __global__, __device__ and __host__ among a definition's specifiers. */
static void function_space(scan_walk *w, TSNode def, int *global, int *device,
                           int *host) {
  *global = *device = *host = 0;
  uint32_t n = ts_node_child_count(def);
  for (uint32_t i = 0; i < n; i++) {
    TSNode c = ts_node_child(def, i);
    const char *t = ts_node_type(c);
    if (!strcmp(t, "type_qualifier") || !strcmp(t, "storage_class_specifier"))
      t = ts_text_is(w, c, "__global__")   ? "__global__"
          : ts_text_is(w, c, "__device__") ? "__device__"
          : ts_text_is(w, c, "__host__")   ? "__host__"
                                           : t;
    if (!strcmp(t, "__global__"))
      *global = 1;
    else if (!strcmp(t, "__device__"))
      *device = 1;
    else if (!strcmp(t, "__host__"))
      *host = 1;
  }
}

/* __CUDA_ARCH__ findings stand whether a kernel reaches their function
 * or not: the translator raises them while it parses and rewrites the
 * host side, not while it emits device code. */
static int is_cuda_arch(cu2cl_diag_id id) {
  return id == CU2CL_D_CUDA_ARCH_HOST_BRANCH ||
         id == CU2CL_D_CUDA_ARCH_DEVICE_READ;
}

/* The findings from first on were raised in the function being walked
 * (scan_xref_finish keeps them where a kernel reaches it). */
static void tag_findings(scan_walk *w, size_t first) {
  for (size_t i = first; i < w->f->nfinds; i++)
    if (!w->f->finds[i].fn && !is_cuda_arch(w->f->finds[i].id))
      w->f->finds[i].fn = w->fn_index + 1;
}

static void walk_function(scan_walk *w, TSNode def) {
  int global, device, host, saved_host = w->fn_host;
  function_space(w, def, &global, &device, &host);
  w->fn_host = host || !(global || device);
  TSNode name = declarator_name(ts_field(def, "declarator"));
  char *text = ts_node_is_null(name) ? xstrdup("?") : ts_text(w, name);
  define_name(w, text);
  strvec_push(&w->definitions, text);
  scan_func *saved = w->fn;
  size_t saved_index = w->fn_index, saved_nvars = w->nvars;
  size_t first_finding = w->f->nfinds;
  if (global || device) {
    scan_func *fn = scan_add_func(w->f, text, strlen(text),
                                  ts_line(ts_node_is_null(name) ? def : name));
    fn->kernel = global;
    fn->template = ts_is(ts_node_parent(def), "template_declaration");
    w->fn = fn;
    w->fn_index = w->f->nfuncs - 1;
    scan_note_parameters(w, ts_field(def, "declarator"));
  } else {
    w->fn = NULL;
  }
  walk_children(w, def);
  if (w->fn)
    tag_findings(w, first_finding);
  w->fn = saved;
  w->fn_index = saved_index;
  w->fn_host = saved_host;
  w->nvars = saved_nvars;
  free(text);
}

/* The function's re-fetched record: funcs may have moved since. */
static scan_func *cur_fn(scan_walk *w) {
  return w->fn ? &w->f->funcs[w->fn_index] : NULL;
}

/* The name a call calls, when it is a plain, qualified or template name;
 * *name_node is the node whose text it is (not walked again). */
static char *callee_name(scan_walk *w, TSNode fn, TSNode *skip) {
  *skip = fn;
  if (ts_is(fn, "identifier"))
    return ts_text(w, fn);
  if (ts_is(fn, "template_function")) {
    TSNode n = ts_field(fn, "name");
    if (ts_is(n, "identifier")) {
      *skip = n;
      return ts_text(w, n);
    }
  }
  TSNode none = {{0}, NULL, NULL};
  *skip = none;
  return NULL;
}

/* A launch: counted, its kernel and constant block size noted for
 * CU2CL3009; in device code it is dynamic parallelism (CU2CL2101). */
static void walk_launch(scan_walk *w, TSNode call, TSNode config,
                        const char *kernel) {
  w->f->launches++;
  unsigned long long block = 0, v;
  TSNode b = ts_child(config, 1);
  if (!ts_node_is_null(b) && scan_eval(w, b, &v))
    block = v;
  else if (ts_is(b, "call_expression") &&
           ts_text_is(w, ts_field(b, "function"), "dim3")) {
    TSNode args = ts_field(b, "arguments");
    block = 1;
    for (uint32_t i = 0; i < ts_count(args) && block; i++)
      block = scan_eval(w, ts_child(args, i), &v) ? block * v : 0;
  }
  if (kernel)
    scan_xref_launch(w->x, w->index, kernel, block, ts_line(call),
                     ts_col(call));
  if (w->fn)
    scan_add_finding(w->f, CU2CL_D_UNSUPPORTED_DEVICE_CONSTRUCT, ts_line(call),
                     ts_col(call), "a kernel launch (dynamic parallelism)",
                     NULL);
}

/* tex1Dfetch, tex2D<T>, surf2Dwrite, ...: the texture and surface
 * functions, which device_functions.def has no rows for (CU2CL2002). */
static int is_texture_fetch(const char *name) {
  return (str_starts_with(name, "tex") &&
          (isdigit((unsigned char)name[3]) || name[3] == 'C')) ||
         (str_starts_with(name, "surf") &&
          (isdigit((unsigned char)name[4]) || name[4] == 'C'));
}

static void texture_fetch(scan_walk *w, TSNode call, const char *name) {
  scan_use *u =
      scan_add_use(w->f, name, SCAN_DEVICE, ts_line(call), ts_col(call));
  u->cls = SCAN_UNSUPPORTED;
  u->call = 1;
  char *sig = xasprintf("%s(...)", name);
  scan_add_finding(w->f, CU2CL_D_UNKNOWN_DEVICE_FUNCTION, ts_line(call),
                   ts_col(call), name, sig);
  free(sig);
}

/* A built-in of device code, by the device rules table. */
static void device_call(scan_walk *w, TSNode call, const char *name) {
  int known, warp;
  scan_func *fn = cur_fn(w);
  if (!strcmp(name, "assert"))
    name = "__assert_fail"; /* what <assert.h>'s macro calls on a GPU */
  if (strvec_contains(&w->f->defined, name)) {
    scan_xref_call(w->x, fn->name, name);
    if (!strcmp(name, fn->name))
      scan_add_finding(w->f, CU2CL_D_RECURSION, ts_line(call), ts_col(call),
                       name, NULL);
    return;
  }
  scan_class cls = scan_classify_device(name, &known, &warp);
  if (!known && is_texture_fetch(name)) {
    texture_fetch(w, call, name);
    return;
  }
  if (!known) {
    scan_xref_call(w->x, fn->name, name); /* maybe another file's */
    return;
  }
  scan_use *u =
      scan_add_use(w->f, name, SCAN_DEVICE, ts_line(call), ts_col(call));
  u->cls = cls;
  u->call = 1;
  if (!strcmp(name, "clock") || !strcmp(name, "clock64"))
    scan_add_finding(w->f, CU2CL_D_CLOCK_NOT_CYCLES, ts_line(call),
                     ts_col(call), name, NULL);
  else if (!strcmp(name, "free"))
    scan_add_finding(w->f, CU2CL_D_HEAP_FREE_PARTIAL, ts_line(call),
                     ts_col(call), name, NULL);
  if (warp)
    scan_xref_warp(w->x, fn->name);
  if (cls == SCAN_UNSUPPORTED) {
    const cu2cl_device_rule *r = cu2cl_rules_device_next(name, NULL);
    if (str_starts_with(u->category, "warp"))
      scan_add_finding(w->f, CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED, ts_line(call),
                       ts_col(call), name, NULL);
    else
      scan_add_finding(w->f, CU2CL_D_UNSUPPORTED_DEVICE_FUNCTION, ts_line(call),
                       ts_col(call), name, r->notes);
  }
  size_t before = w->f->nfinds;
  scan_check_call(w, call, name);
  for (size_t i = before; i < w->f->nfinds; i++)
    if (cu2cl_diag_info_get(w->f->finds[i].id)->severity == CU2CL_WARNING)
      u->cls = SCAN_DIAGNOSED; /* translated, with a warning to review */
}

/* obj.method(...), Class::function(...) in device code: an edge of the
 * call graph, by the last name (scan_xref reaches methods through it). */
static void method_call(scan_walk *w, TSNode fnode) {
  for (int i = 0; i < 8 && !ts_node_is_null(fnode); i++) {
    if (ts_is(fnode, "field_expression"))
      fnode = ts_field(fnode, "field");
    else if (ts_is(fnode, "qualified_identifier") ||
             ts_is(fnode, "template_function") ||
             ts_is(fnode, "template_method"))
      fnode = ts_field(fnode, "name");
    else
      break;
  }
  if (!ts_is(fnode, "identifier") && !ts_is(fnode, "field_identifier"))
    return;
  char *callee = ts_text(w, fnode);
  scan_xref_call(w->x, cur_fn(w)->name, callee);
  free(callee);
}

static void walk_call(scan_walk *w, TSNode call) {
  TSNode fnode = ts_field(call, "function"), skip, config = {{0}, NULL, NULL};
  for (uint32_t i = 0; i < ts_count(call); i++)
    if (ts_is(ts_child(call, i), "kernel_call_syntax"))
      config = ts_child(call, i);
  char *name = callee_name(w, fnode, &skip);
  if (ts_node_is_null(config) && scan_cg_call(w, call, fnode)) {
    /* a cooperative group's operation */
  } else if (!ts_node_is_null(config))
    walk_launch(w, call, config, name);
  else if (name && w->fn && !cu2cl_rules_host_find(name))
    device_call(w, call, name);
  else if (name)
    scan_host_name(w, name, 1, 0, ts_line(fnode), ts_col(fnode));
  else if (w->fn)
    method_call(w, fnode);
  free(name);
  TSTreeCursor c = ts_tree_cursor_new(call);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode k = ts_tree_cursor_current_node(&c);
      if (ts_node_is_null(skip) || !ts_node_eq(k, fnode))
        walk(w, k);
      else if (!ts_node_eq(skip, fnode))
        walk(w, ts_field(fnode, "arguments")); /* a template's arguments */
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

/* The identifier is the name a declaration declares (a variable, a
 * parameter, an enumerator, a type). */
static int is_declared_here(TSNode n) {
  TSNode p = ts_node_parent(n);
  TSNode d = ts_field(p, "declarator");
  if (!ts_node_is_null(d) && ts_node_eq(d, n))
    return 1;
  d = ts_field(p, "name");
  return !ts_node_is_null(d) && ts_node_eq(d, n) &&
         (ts_is(p, "enumerator") || ts_is(p, "struct_specifier") ||
          ts_is(p, "class_specifier") || ts_is(p, "enum_specifier") ||
          ts_is(p, "union_specifier"));
}

/* Whether n lies in the condition of #if/#elif or is the name of
 * #ifdef/#ifndef. */
static int in_directive_condition(TSNode n) {
  TSNode c = n;
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p);
       c = p, p = ts_node_parent(p)) {
    if (!ts_is(p, "preproc_if") && !ts_is(p, "preproc_elif") &&
        !ts_is(p, "preproc_ifdef") && !ts_is(p, "preproc_elifdef"))
      continue;
    TSNode cond = ts_field(p, "condition");
    if (ts_node_is_null(cond))
      cond = ts_field(p, "name");
    return !ts_node_is_null(cond) && ts_node_eq(cond, c);
  }
  return 0;
}

/* __CUDA_ARCH__ as the translator takes it: read for the device in a
 * directive of a device-only function (CU2CL2110, once a line), right as
 * it is in a host-only one, else its device branch lost (CU2CL2105). */
static void cuda_arch_finding(scan_walk *w, TSNode n) {
  unsigned line = ts_line(n);
  cu2cl_diag_id id = CU2CL_D_CUDA_ARCH_HOST_BRANCH;
  if (w->fn && !w->fn_host && in_directive_condition(n))
    id = CU2CL_D_CUDA_ARCH_DEVICE_READ;
  else if (!w->fn && w->fn_host)
    return;
  scan_finding *last = w->f->nfinds ? &w->f->finds[w->f->nfinds - 1] : NULL;
  if (last && last->id == id && last->line == line)
    return; /* once a line, as the translator says it */
  scan_add_finding(w->f, id, line,
                   id == CU2CL_D_CUDA_ARCH_DEVICE_READ ? 1 : ts_col(n), NULL,
                   NULL);
}

static void walk_identifier(scan_walk *w, TSNode n) {
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (e - b < 4 || e > w->len)
    return;
  const char *s = w->src + b;
  if (e - b == 13 && !memcmp(s, "__CUDA_ARCH__", 13)) {
    cuda_arch_finding(w, n);
    return;
  }
  char *name = xstrndup(s, e - b);
  if (str_starts_with(name, "cu") && is_declared_here(n)) {
    define_name(w, name); /* the user's own cudaStatus, cuComplex, ... */
  } else if (w->fn && scan_is_builtin_variable(name)) {
    scan_use *u = scan_add_use(w->f, name, SCAN_DEVICE, ts_line(n), ts_col(n));
    u->category = "built-in variables";
  } else if (cu2cl_rules_host_find(name) || str_starts_with(name, "cuda") ||
             scan_library_of_call(name)) {
    scan_host_name(w, name, 0, 0, ts_line(n), ts_col(n));
  }
  free(name);
}

/* thrust::NAME and cub::NAME, as the translator reads them: the namespace
 * token and the next name. */
static int walk_qualified(scan_walk *w, TSNode n) {
  TSNode scope = ts_field(n, "scope");
  if (!ts_text_is(w, scope, "thrust") && !ts_text_is(w, scope, "cub"))
    return 0;
  TSNode name = ts_field(n, "name");
  while (!ts_node_is_null(name) && !ts_is(name, "identifier") &&
         !ts_is(name, "type_identifier") &&
         !ts_is(name, "namespace_identifier")) {
    TSNode next = ts_field(name, "scope"); /* cub::A::b: A, as the */
    if (ts_node_is_null(next))              /* translator reads it */
      next = ts_field(name, "name");
    name = next;
  }
  if (ts_node_is_null(name))
    return 0;
  char *ns = ts_text(w, scope), *member = ts_text(w, name);
  char *full = xasprintf("%s::%s", ns, member);
  scan_host_name(w, full, ts_is(ts_node_parent(n), "call_expression"), 0,
                 ts_line(n), ts_col(n));
  free(full);
  free(ns);
  free(member);
  walk_children(w, ts_field(n, "name")); /* template arguments */
  return 1;
}

static void walk_include(scan_walk *w, TSNode n) {
  TSNode path = ts_field(n, "path");
  if (ts_node_is_null(path))
    return;
  char *p = ts_text(w, path);
  size_t len = strlen(p);
  if (len >= 2)
    p[len - 1] = 0;
  const char *header = len >= 2 ? p + 1 : p;
  const char *lib = scan_library_of_header(header);
  if (lib && !scan_has_library(w->f, lib))
    scan_add_finding(w->f, CU2CL_D_UNMAPPED_LIBRARY, ts_line(n), ts_col(n),
                     header, lib);
  free(p);
}

/* A definition tree-sitter could not close (a truncated file, an
 * unbalanced brace) ends up as an ERROR node holding its specifiers, its
 * declarator and the statements of its body as siblings: a __global__ or
 * __device__ declarator there starts device code that runs to the end of
 * the node. */
static void walk_error(scan_walk *w, TSNode err) {
  note_error(w, err);
  scan_func *saved = w->fn;
  size_t saved_index = w->fn_index, saved_nvars = w->nvars;
  int global = 0, device = 0;
  size_t first_finding = w->f->nfinds;
  TSTreeCursor c = ts_tree_cursor_new(err);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode k = ts_tree_cursor_current_node(&c);
      const char *t = ts_node_type(k);
      global |= !strcmp(t, "__global__") || ts_text_is(w, k, "__global__");
      device |= !strcmp(t, "__device__") || ts_text_is(w, k, "__device__");
      if (!strcmp(t, "function_declarator") && (global || device)) {
        if (w->fn != saved)
          tag_findings(w, first_finding);
        first_finding = w->f->nfinds;
        TSNode name = declarator_name(k);
        char *text = ts_node_is_null(name) ? xstrdup("?") : ts_text(w, name);
        define_name(w, text);
        scan_func *fn = scan_add_func(w->f, text, strlen(text), ts_line(k));
        fn->kernel = global;
        w->fn = fn;
        w->fn_index = w->f->nfuncs - 1;
        scan_note_parameters(w, k);
        global = device = 0;
        free(text);
      }
      walk(w, k);
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  if (w->fn != saved)
    tag_findings(w, first_finding);
  w->fn = saved;
  w->fn_index = saved_index;
  w->nvars = saved_nvars;
}

/* Inline assembly, as the translator sees it (dev_special.c): moves from
 * special registers are translated (the clock's with CU2CL2007, the timer
 * and SM ids with CU2CL2008); any other assembly is kept for NVIDIA's
 * OpenCL only (CU2CL2106). The statement is read as written. */
static void scan_asm(scan_walk *w, TSNode n) {
  char *text = ts_text(w, n);
  const cu2cl_ptx_reg *regs[CU2CL_PTX_MAX_OUTPUTS];
  unsigned k = cu2cl_rules_ptx_asm(text, regs, CU2CL_PTX_MAX_OUTPUTS);
  if (!k)
    scan_add_finding(w->f, CU2CL_D_INLINE_PTX, ts_line(n), ts_col(n), NULL,
                     NULL);
  for (unsigned i = 0; i < k; i++) {
    char *name = xasprintf("%%%s", regs[i]->name);
    if (regs[i]->value == CU2CL_PTX_CLOCK)
      scan_add_finding(w->f, CU2CL_D_CLOCK_NOT_CYCLES, ts_line(n), ts_col(n),
                       name, NULL);
    else if (regs[i]->value == CU2CL_PTX_APPROX)
      scan_add_finding(w->f, CU2CL_D_PTX_REGISTER_APPROXIMATE, ts_line(n),
                       ts_col(n), name, regs[i]->notes);
    free(name);
  }
  free(text);
}

/* new and delete use the device heap as the translator lowers them: a
 * delete gives room back only in part (CU2CL2107, as free); what it does
 * not translate and the syntax shows is new T[n] with an initializer and
 * placement new with several arguments (CU2CL2104). */
static void scan_new_delete(scan_walk *w, TSNode n) {
  if (ts_is(n, "delete_expression")) {
    int array = ts_node_child_count(n) > 1 && ts_is(ts_child(n, 1), "[");
    scan_add_finding(w->f, CU2CL_D_HEAP_FREE_PARTIAL, ts_line(n), ts_col(n),
                     array ? "delete[]" : "delete", NULL);
    return;
  }
  TSNode place = ts_field(n, "placement");
  if (!ts_node_is_null(place) && ts_node_named_child_count(place) > 1)
    scan_add_finding(w->f, CU2CL_D_DYNAMIC_ALLOCATION, ts_line(n), ts_col(n),
                     "new with several placement arguments", NULL);
  else if (!ts_node_is_null(ts_field(n, "declarator")) &&
           !ts_node_is_null(ts_field(n, "arguments")))
    scan_add_finding(w->f, CU2CL_D_DYNAMIC_ALLOCATION, ts_line(n), ts_col(n),
                     "new[] with constructors or an initializer", NULL);
}

/* Device code only: the nodes scan_check.c looks at. */
static void walk_device_node(scan_walk *w, TSNode n, const char *t) {
  if (!strcmp(t, "binary_expression"))
    scan_check_binary(w, n);
  else if (!strcmp(t, "assignment_expression"))
    scan_check_assignment(w, n);
  else if (!strcmp(t, "declaration"))
    scan_note_declaration(w, n);
  else if (!strcmp(t, "gnu_asm_expression") || !strcmp(t, "asm_statement"))
    scan_asm(w, n);
  else if (!strcmp(t, "new_expression") || !strcmp(t, "delete_expression"))
    scan_new_delete(w, n);
}

/* tree-sitter-cpp reads "a.b < c" as the start of a template method call
 * a.b<c ...> and closes it with a missing ">": the grammar's ambiguity,
 * not an error of the code (the tree around it is sound), so that missing
 * ">" is not counted. */
static void note_member_less_than(scan_walk *w, TSNode m) {
  TSNode args = ts_field(m, "arguments");
  uint32_t n = ts_node_is_null(args) ? 0 : ts_node_child_count(args);
  TSNode last = n ? ts_node_child(args, n - 1) : args;
  if (n && ts_node_is_missing(last) && !strcmp(ts_node_type(last), ">"))
    w->benign = last;
}

static void walk(scan_walk *w, TSNode n) {
  if (ts_node_is_null(n))
    return;
  if (ts_node_is_missing(n))
    note_error(w, n);
  if (!ts_node_is_named(n) || w->depth > 2000)
    return;
  const char *t = ts_node_type(n);
  w->depth++;
  if (!strcmp(t, "identifier") || !strcmp(t, "type_identifier")) {
    walk_identifier(w, n);
  } else if (!strcmp(t, "call_expression")) {
    walk_call(w, n);
  } else if (!strcmp(t, "function_definition")) {
    walk_function(w, n);
  } else if (!strcmp(t, "preproc_def") || !strcmp(t, "preproc_function_def")) {
    scan_macro(w, n);
  } else if (!strcmp(t, "preproc_include")) {
    walk_include(w, n);
  } else if (!strcmp(t, "qualified_identifier") && walk_qualified(w, n)) {
    /* walked */
  } else if (!strcmp(t, "namespace_alias_definition")) {
    scan_cg_note_alias(w, n);
  } else if (!strcmp(t, "template_method")) {
    note_member_less_than(w, n);
    walk_children(w, n);
  } else {
    if (!strcmp(t, "ERROR")) {
      walk_error(w, n);
    } else {
      if (w->fn)
        walk_device_node(w, n, t);
      walk_children(w, n);
    }
  }
  w->depth--;
}

/* A call of a function by its own name is recursion only where the name
 * has one definition: overloads (fminf(float3) calling fminf(float)) need
 * types to tell apart. */
static void drop_overloaded_recursion(scan_walk *w) {
  size_t k = 0;
  for (size_t i = 0; i < w->f->nfinds; i++) {
    scan_finding *x = &w->f->finds[i];
    size_t defs = 0;
    for (size_t j = 0; x->id == CU2CL_D_RECURSION && j < w->definitions.len;
         j++)
      defs += !strcmp(w->definitions.items[j], x->s1);
    if (defs > 1) {
      free(x->s1);
      free(x->s2);
    } else {
      w->f->finds[k++] = *x;
    }
  }
  w->f->nfinds = k;
}

static unsigned count_lines(const char *s, size_t len) {
  unsigned n = len && s[len - 1] != '\n';
  for (size_t i = 0; i < len; i++)
    n += s[i] == '\n';
  return n;
}

void scan_parse_text(scan_parser *self, const char *text, size_t len,
                     size_t index, scan_xref *x, scan_file *out) {
  scan_walk w = {0};
  w.src = text;
  w.len = len;
  w.f = out;
  w.index = index;
  w.x = x;
  out->lines = count_lines(text, len);
  TSTree *tree = ts_parser_parse_string(self->ts, NULL, text, (uint32_t)len);
  if (tree) {
    walk(&w, ts_tree_root_node(tree));
    drop_overloaded_recursion(&w);
    ts_tree_delete(tree);
  }
  ts_parser_reset(self->ts);
  strvec_free(&w.macros);
  strvec_free(&w.constants);
  strvec_free(&w.cg_aliases);
  strvec_free(&w.definitions);
  free(w.const_init);
  free(w.vars);
}

int scan_parse_file(scan_parser *self, const char *path, const char *display,
                    size_t index, scan_xref *x, scan_file *out) {
  memset(out, 0, sizeof *out);
  out->path = xstrdup(display);
  size_t len;
  char *text = read_file(path, &len);
  if (!text || len > UINT32_MAX) {
    free(text);
    out->unreadable = 1;
    return -1;
  }
  scan_parse_text(self, text, len, index, x, out);
  free(text);
  return 0;
}
