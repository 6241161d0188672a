/*
 * scan_macro: #define bodies and host names.
 *
 * Macros are not expanded (there is no preprocessor in a scan): a body is
 * read as text, token by token, and its CUDA uses are counted apart
 * (scan_file.macro_uses, scan_use.in_macro) and classified like the rest.
 * Diagnostics the translator raises on the tokens of a body, where they
 * stand (CU2CL1001 for an unsupported name, CU2CL2105 for __CUDA_ARCH__),
 * are raised here too; what it raises where a macro is expanded cannot be
 * seen. Object-like macros are kept for scan_eval (FULL_MASK, WARP_SIZE).
 *
 * scan_host_name classifies a host name by rules/runtime_api.def and
 * rules/scan.def, as translator/emit_host.c's rename_tokens does.
 */
#include <ctype.h>
#include <string.h>

#include "rules.h"
#include "scan_ts.h"

static void unsupported_api(scan_walk *w, const char *name, const char *why,
                            unsigned line, unsigned col) {
  scan_add_finding(w->f, CU2CL_D_UNSUPPORTED_API, line, col, name, why);
}

/* Known to the rules: translated, or CU2CL1001. cub:: names are reported
 * once per file, as the translator does. */
static void known_host_name(scan_walk *w, const char *name, scan_use *u) {
  int known;
  u->cls = scan_classify_host(name, &known);
  if (u->cls != SCAN_UNSUPPORTED)
    return;
  const cu2cl_host_rule *r = cu2cl_rules_host_find(name);
  unsupported_api(w, name, r->notes, u->line, u->col);
}

static scan_use *host_use(scan_walk *w, const char *name, int call,
                          int in_macro, unsigned line, unsigned col) {
  scan_use *u = scan_add_use(w->f, name, SCAN_HOST, line, col);
  u->call = call;
  u->in_macro = in_macro;
  u->cls = SCAN_UNSUPPORTED;
  return u;
}

int scan_host_name(scan_walk *w, const char *name, int call, int in_macro,
                   unsigned line, unsigned col) {
  const char *lib;
  if (cu2cl_rules_host_find(name)) {
    known_host_name(w, name, host_use(w, name, call, in_macro, line, col));
  } else if (str_starts_with(name, "thrust::") ||
             str_starts_with(name, "cub::")) {
    host_use(w, name, call, in_macro, line, col);
    scan_add_finding(w->f, CU2CL_D_UNKNOWN_CUDA_API, line, col, name, NULL);
  } else if ((lib = scan_library_of_call(name))) {
    host_use(w, name, call, in_macro, line, col)->category = lib;
    if (!scan_has_library(w->f, lib))
      scan_add_finding(w->f, CU2CL_D_UNMAPPED_LIBRARY, line, col, name, lib);
  } else if (str_starts_with(name, "cuda") ||
             (call && !strcmp(scan_category(SCAN_HOST, name), "driver API"))) {
    scan_xref_unknown(w->x, w->index, name, call, in_macro, line, col);
  } else {
    return 0;
  }
  return 1;
}

/* ---- macro bodies ---- */

typedef struct body {
  const char *s;
  size_t len, i;
  unsigned line, col; /* of s[i] */
} body;

static void advance(body *b, size_t n) {
  for (; n && b->i < b->len; n--, b->i++) {
    if (b->s[b->i] == '\n') {
      b->line++;
      b->col = 1;
    } else {
      b->col++;
    }
  }
}

/* Skips a comment or a string or character literal at b->i; 0 when there
 * is none. */
static int skip_non_code(body *b) {
  const char *p = b->s + b->i;
  size_t left = b->len - b->i;
  if (left >= 2 && p[0] == '/' && (p[1] == '/' || p[1] == '*')) {
    const char *end = p[1] == '/' ? memchr(p, '\n', left) : NULL;
    if (p[1] == '*')
      for (size_t k = 2; k + 1 < left && !end; k++)
        if (p[k] == '*' && p[k + 1] == '/')
          end = p + k + 2;
    advance(b, end ? (size_t)(end - p) : left);
    return 1;
  }
  if (p[0] != '"' && p[0] != '\'')
    return 0;
  size_t k = 1;
  while (k < left && p[k] != p[0])
    k += p[k] == '\\' ? 2 : 1;
  advance(b, k < left ? k + 1 : left);
  return 1;
}

/* One identifier of a body (with a following ::NAME, for thrust::X). */
static void body_name(scan_walk *w, body *b, const char *name) {
  const char *next = b->s + b->i;
  while (next < b->s + b->len && (*next == ' ' || *next == '\t'))
    next++;
  int call = next < b->s + b->len && *next == '(';
  int known, warp;
  if (!strcmp(name, "__CUDA_ARCH__")) {
    scan_add_finding(w->f, CU2CL_D_CUDA_ARCH_HOST_BRANCH, b->line, b->col, NULL,
                     NULL);
    w->f->macro_uses++;
  } else if (scan_is_builtin_variable(name)) {
    scan_use *u = scan_add_use(w->f, name, SCAN_DEVICE, b->line, b->col);
    u->category = "built-in variables";
    u->in_macro = 1;
    w->f->macro_uses++;
  } else if (call && !cu2cl_rules_host_find(name) &&
             (str_starts_with(name, "__") || str_starts_with(name, "atomic")) &&
             (scan_classify_device(name, &known, &warp), known)) {
    /* CUDA's own device built-ins; sqrt or printf may be the host's */
    scan_use *u = scan_add_use(w->f, name, SCAN_DEVICE, b->line, b->col);
    u->cls = scan_classify_device(name, &known, &warp);
    u->call = u->in_macro = 1;
    w->f->macro_uses++;
  } else if (scan_host_name(w, name, call, 1, b->line, b->col)) {
    w->f->macro_uses++;
  }
}

static void scan_body(scan_walk *w, body *b) {
  while (b->i < b->len) {
    const char *p = b->s + b->i;
    if (skip_non_code(b))
      continue;
    if (b->len - b->i >= 3 && !memcmp(p, "<<<", 3)) {
      w->f->macro_uses++; /* a launch written in a macro */
      advance(b, 3);
      continue;
    }
    if (!isalpha((unsigned char)*p) && *p != '_') {
      advance(b, 1);
      continue;
    }
    size_t k = 0;
    while (b->i + k < b->len &&
           (isalnum((unsigned char)p[k]) || p[k] == '_' || p[k] == ':'))
      k++;
    while (k && p[k - 1] == ':')
      k--;
    char *name = xstrndup(p, k);
    unsigned line = b->line, col = b->col;
    advance(b, k);
    unsigned l2 = b->line, c2 = b->col;
    b->line = line;
    b->col = col;
    size_t i2 = b->i;
    body_name(w, b, name); /* reports at the name's start */
    b->i = i2;
    b->line = l2;
    b->col = c2;
    free(name);
  }
}

void scan_macro(scan_walk *w, TSNode def) {
  TSNode name = ts_field(def, "name"), value = ts_field(def, "value");
  if (ts_node_is_null(name))
    return;
  char *n = ts_text(w, name);
  if (!strvec_contains(&w->f->defined, n))
    strvec_push(&w->f->defined, n);
  scan_xref_define(w->x, n);
  if (!ts_node_is_null(value)) {
    char *v = ts_text(w, value);
    if (ts_is(def, "preproc_def")) {
      char *kv = xasprintf("%s=%s", n, v);
      strvec_push_own(&w->macros, kv);
    }
    body b = {v, strlen(v), 0, ts_line(value), ts_col(value)};
    scan_body(w, &b);
    free(v);
  }
  free(n);
}
