/*
 * scan_check: the warp findings of device code that show in its syntax,
 * with the IDs translator/dev_check.c raises for the same code:
 *
 *   CU2CL3004/3005  a collective's mask is a constant other than the full
 *                   warp / is computed at run time
 *   CU2CL3006       __activemask()
 *   CU2CL3007       tid % 32, tid / 32, tid & 31, tid >> 5 on a thread
 *                   index, in a function that uses warp operations
 *                   (decided over all files: scan_xref)
 *   CU2CL3008       a shift by 32 - x or warpSize - x, x not constant
 *   CU2CL3010       a ballot's result kept in a 64-bit value
 *   CU2CL3012       the volatile warp-synchronous idiom: s[tid] +=
 *                   s[tid + 16] on volatile (shared) memory
 *
 * Without types, "a thread index" is threadIdx or a variable of the
 * function initialized from it (two levels deep, as dev_check looks), and
 * "64-bit" is the declared type's spelling. Literals are read through the
 * file's object-like macros (the translator sees them expanded).
 */
#include <stdlib.h>
#include <string.h>

#include "scan_ts.h"

/* ---- constants ---- */

static int parse_number(const char *s, unsigned long long *v) {
  char *end;
  *v = strtoull(s, &end, 0);
  if (end == s)
    return 0;
  while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
    end++;
  return *end == 0;
}

/* The value text of object-like macro name; NULL when it is none. */
static const char *macro_value(const scan_walk *w, const char *name,
                               size_t len) {
  for (size_t i = w->macros.len; i-- > 0;) {
    const char *kv = w->macros.items[i];
    if (!strncmp(kv, name, len) && kv[len] == '=')
      return kv + len + 1;
  }
  return NULL;
}

/* A macro whose body is a literal, perhaps parenthesized. */
static int macro_literal(const char *text, unsigned long long *v) {
  char buf[64];
  size_t n = 0;
  for (const char *p = text; *p && n + 1 < sizeof buf; p++)
    if (*p != '(' && *p != ')' && *p != ' ' && *p != '\t')
      buf[n++] = *p;
  buf[n] = 0;
  return n && parse_number(buf, v);
}

static int eval_depth(const scan_walk *w, TSNode n, unsigned long long *v,
                      int depth);

static int eval_identifier(const scan_walk *w, TSNode n, unsigned long long *v,
                           int depth) {
  uint32_t b = ts_node_start_byte(n), len = ts_node_end_byte(n) - b;
  const char *m = macro_value(w, w->src + b, len);
  if (m)
    return macro_literal(m, v);
  for (size_t i = w->constants.len; i-- > 0;)
    if (strlen(w->constants.items[i]) == len &&
        !memcmp(w->constants.items[i], w->src + b, len))
      return eval_depth(w, w->const_init[i], v, depth - 1);
  return 0;
}

static int eval_binary(const scan_walk *w, TSNode n, unsigned long long *v,
                       int depth) {
  unsigned long long a, b;
  if (!eval_depth(w, ts_field(n, "left"), &a, depth) ||
      !eval_depth(w, ts_field(n, "right"), &b, depth))
    return 0;
  const char *op = ts_type(ts_field(n, "operator"));
  switch (op[0]) {
  case '+':
    *v = a + b;
    return 1;
  case '-':
    *v = a - b;
    return 1;
  case '*':
    *v = a * b;
    return 1;
  case '|':
    *v = a | b;
    return op[1] == 0;
  case '&':
    *v = a & b;
    return op[1] == 0;
  case '^':
    *v = a ^ b;
    return 1;
  case '/':
    *v = b ? a / b : 0;
    return b != 0;
  case '%':
    *v = b ? a % b : 0;
    return b != 0;
  case '<':
    *v = b < 64 ? a << b : 0;
    return op[1] == '<';
  case '>':
    *v = b < 64 ? a >> b : 0;
    return op[1] == '>';
  default:
    return 0;
  }
}

static int eval_depth(const scan_walk *w, TSNode n, unsigned long long *v,
                      int depth) {
  if (depth <= 0 || ts_node_is_null(n))
    return 0;
  n = ts_strip(n);
  if (ts_is(n, "number_literal")) {
    char *t = ts_text(w, n);
    int ok = parse_number(t, v);
    free(t);
    return ok;
  }
  if (ts_is(n, "identifier"))
    return eval_identifier(w, n, v, depth);
  if (ts_is(n, "binary_expression"))
    return eval_binary(w, n, v, depth - 1);
  if (ts_is(n, "unary_expression")) {
    unsigned long long a;
    if (!eval_depth(w, ts_field(n, "argument"), &a, depth - 1))
      return 0;
    const char *op = ts_type(ts_field(n, "operator"));
    *v = op[0] == '~' ? ~a : op[0] == '-' ? -a : op[0] == '!' ? !a : a;
    return 1;
  }
  return 0;
}

int scan_eval(const scan_walk *w, TSNode n, unsigned long long *v) {
  return eval_depth(w, n, v, 8);
}

/* A literal as the translator sees it after preprocessing: a number, or a
 * macro whose body is one (not a const variable). */
static int is_literal(const scan_walk *w, TSNode n, unsigned long long want) {
  unsigned long long v;
  n = ts_strip(n);
  if (ts_is(n, "number_literal")) {
    char *t = ts_text(w, n);
    int ok = parse_number(t, &v);
    free(t);
    return ok && v == want;
  }
  if (!ts_is(n, "identifier"))
    return 0;
  uint32_t b = ts_node_start_byte(n);
  const char *m = macro_value(w, w->src + b, ts_node_end_byte(n) - b);
  return m && macro_literal(m, &v) && v == want;
}

/* ---- variables of the function ---- */

scan_var *scan_find_var(const scan_walk *w, TSNode id) {
  uint32_t b = ts_node_start_byte(id), len = ts_node_end_byte(id) - b;
  for (size_t i = w->nvars; i-- > 0;)
    if (w->vars[i].len == len && !memcmp(w->vars[i].name, w->src + b, len))
      return &w->vars[i];
  return NULL;
}

static void add_var(scan_walk *w, TSNode name, TSNode init, int is_volatile,
                    int cg) {
  w->vars = xrealloc(w->vars, (w->nvars + 1) * sizeof *w->vars);
  uint32_t b = ts_node_start_byte(name);
  w->vars[w->nvars++] =
      (scan_var){w->src + b, ts_node_end_byte(name) - b, init, is_volatile, cg};
}

static TSNode innermost_name(TSNode d) {
  while (!ts_node_is_null(d) && !ts_is(d, "identifier")) {
    TSNode next = ts_field(d, "declarator");
    d = ts_node_is_null(next) ? ts_child(d, 0) : next;
  }
  return d;
}

/* Which of volatile, const, constexpr a declaration carries. */
static void qualifiers(const scan_walk *w, TSNode decl, int *vol, int *cst) {
  *vol = *cst = 0;
  for (uint32_t i = 0; i < ts_count(decl); i++) {
    TSNode q = ts_child(decl, i);
    if (!ts_is(q, "type_qualifier"))
      continue;
    *vol |= ts_text_is(w, q, "volatile");
    *cst |= ts_text_is(w, q, "const") || ts_text_is(w, q, "constexpr");
  }
}

void scan_note_declaration(scan_walk *w, TSNode decl) {
  int vol, cst;
  qualifiers(w, decl, &vol, &cst);
  TSTreeCursor c = ts_tree_cursor_new(decl);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      const char *field = ts_tree_cursor_current_field_name(&c);
      TSNode d = ts_tree_cursor_current_node(&c);
      if (!field || strcmp(field, "declarator"))
        continue;
      TSNode init = ts_is(d, "init_declarator") ? ts_field(d, "value")
                                                : (TSNode){{0}, NULL, NULL};
      TSNode name = innermost_name(d);
      if (ts_node_is_null(name))
        continue;
      add_var(w, name, init, vol,
              scan_cg_is_group(w, ts_field(decl, "type"), init));
      if (cst && !ts_node_is_null(init)) {
        strvec_push_own(&w->constants, ts_text(w, name));
        w->const_init =
            xrealloc(w->const_init, w->constants.len * sizeof *w->const_init);
        w->const_init[w->constants.len - 1] = init;
      }
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

void scan_note_parameters(scan_walk *w, TSNode d) {
  while (!ts_node_is_null(d) && !ts_is(d, "function_declarator"))
    d = ts_field(d, "declarator");
  TSNode params = ts_field(d, "parameters");
  for (uint32_t i = 0; i < ts_count(params); i++) {
    TSNode p = ts_child(params, i);
    int vol, cst;
    qualifiers(w, p, &vol, &cst);
    TSNode name = innermost_name(ts_field(p, "declarator"));
    if (!ts_node_is_null(name))
      add_var(w, name, (TSNode){{0}, NULL, NULL}, vol,
              scan_cg_is_group(w, ts_field(p, "type"), ts_field(p, "type")));
  }
}

/* ---- thread indices ---- */

static int mentions(const scan_walk *w, TSNode n, int depth, int budget) {
  if (ts_node_is_null(n) || budget <= 0)
    return 0;
  if (ts_is(n, "field_expression") &&
      ts_text_is(w, ts_field(n, "argument"), "threadIdx"))
    return 1;
  if (ts_is(n, "identifier")) {
    scan_var *v = depth > 0 ? scan_find_var(w, n) : NULL;
    return v && !ts_node_is_null(v->init) &&
           mentions(w, v->init, depth - 1, budget - 1);
  }
  for (uint32_t i = 0; i < ts_count(n); i++)
    if (mentions(w, ts_child(n, i), depth, budget - 1))
      return 1;
  return 0;
}

int scan_mentions_thread(const scan_walk *w, TSNode n, int depth) {
  return mentions(w, n, depth, 64);
}

/* ---- calls ---- */

static int is_masked(const char *name) {
  size_t len = strlen(name);
  return ((len > 5 && !strcmp(name + len - 5, "_sync")) ||
          !strcmp(name, "__syncwarp")) &&
         !str_starts_with(name, "__syncthreads");
}

static void check_mask(scan_walk *w, TSNode call, const char *name) {
  TSNode m = ts_child(ts_field(call, "arguments"), 0);
  if (ts_node_is_null(m))
    return;
  unsigned long long v;
  m = ts_strip(m);
  if (scan_eval(w, m, &v)) {
    if ((v & 0xffffffffULL) != 0xffffffffULL) {
      char *txt = xasprintf("0x%llx", v & 0xffffffffULL);
      scan_add_finding(w->f, CU2CL_D_MASK_NOT_FULL, ts_line(call), ts_col(call),
                       name, txt);
      free(txt);
    }
  } else if (!(ts_is(m, "call_expression") &&
               ts_text_is(w, ts_field(m, "function"), "__activemask"))) {
    scan_add_finding(w->f, CU2CL_D_MASK_RUNTIME, ts_line(call), ts_col(call),
                     name, NULL);
  }
}

/* A 64-bit type as spelled: long, long long, [u]int64_t, size_t. */
static int is_64bit_type(const scan_walk *w, TSNode type) {
  char *t = ts_text(w, type);
  int r = strstr(t, "long") || strstr(t, "int64") || strstr(t, "size_t");
  free(t);
  return r;
}

/* The ballot's value converted to 64 bits: a 64-bit variable's
 * initializer, or the argument of a 64-bit bit count (__popcll). */
static int ballot_as_64bit(const scan_walk *w, TSNode call) {
  TSNode p = ts_node_parent(call);
  while (ts_is(p, "parenthesized_expression"))
    p = ts_node_parent(p);
  if (ts_is(p, "init_declarator")) {
    TSNode decl = ts_node_parent(p);
    return ts_is(decl, "declaration") &&
           is_64bit_type(w, ts_field(decl, "type"));
  }
  if (ts_is(p, "argument_list")) {
    TSNode callee = ts_field(ts_node_parent(p), "function");
    char *n = ts_text(w, callee);
    int r = str_ends_with(n, "ll") && str_starts_with(n, "__");
    free(n);
    return r;
  }
  return 0;
}

void scan_check_call(scan_walk *w, TSNode call, const char *name) {
  if (!strcmp(name, "__activemask")) {
    scan_add_finding(w->f, CU2CL_D_ACTIVEMASK, ts_line(call), ts_col(call),
                     name, NULL);
    return;
  }
  if (is_masked(name))
    check_mask(w, call, name);
  if (str_starts_with(name, "__ballot") && ballot_as_64bit(w, call))
    scan_add_finding(w->f, CU2CL_D_BALLOT_64BIT, ts_line(call), ts_col(call),
                     name, NULL);
}

/* ---- operators ---- */

/* The text of an expression for a message, on one line. */
static char *one_line(const scan_walk *w, TSNode n) {
  char *t = ts_text(w, n), *o = t;
  for (char *r = t; *r; r++)
    if (!(*r == ' ' || *r == '\t' || *r == '\n' || *r == '\r') ||
        (o > t && o[-1] != ' '))
      *o++ = *r == '\t' || *r == '\n' || *r == '\r' ? ' ' : *r;
  *o = 0;
  return t;
}

/* A zero test "x == 0", "x != 0", "x > 0" on the identifier spelled x;
 * *nonzero: the test holds when x is not 0. */
static int zero_test(const scan_walk *w, TSNode cond, TSNode x, int *nonzero) {
  cond = ts_strip(cond);
  if (ts_is(cond, "condition_clause"))
    cond = ts_strip(ts_field(cond, "value"));
  if (!ts_is(cond, "binary_expression"))
    return 0;
  TSNode l = ts_strip(ts_field(cond, "left")),
         r = ts_strip(ts_field(cond, "right"));
  int lit_r = is_literal(w, r, 0), lit_l = is_literal(w, l, 0);
  TSNode other = lit_r ? l : r;
  char *xs = ts_text(w, x);
  int same = (lit_l || lit_r) && ts_text_is(w, other, xs);
  free(xs);
  if (!same)
    return 0;
  const char *op = ts_type(ts_field(cond, "operator"));
  if (!strcmp(op, "=="))
    *nonzero = 0;
  else if (!strcmp(op, "!=") || (!strcmp(op, ">") && lit_r) ||
           (!strcmp(op, "<") && lit_l))
    *nonzero = 1;
  else
    return 0;
  return 1;
}

static int inside(TSNode n, TSNode in) {
  return !ts_node_is_null(in) &&
         ts_node_start_byte(n) >= ts_node_start_byte(in) &&
         ts_node_end_byte(n) <= ts_node_end_byte(in);
}

/* x == 0 ? a : b, if (x != 0) a: a shift by warpSize - x where x is not 0
 * is safe (as dev_check's note_guards). */
static int guarded(const scan_walk *w, TSNode shift, TSNode x) {
  for (TSNode p = ts_node_parent(shift); !ts_node_is_null(p);
       p = ts_node_parent(p)) {
    int cond_expr = ts_is(p, "conditional_expression");
    if (!cond_expr && !ts_is(p, "if_statement"))
      continue;
    int nonzero;
    if (!zero_test(w, ts_field(p, "condition"), x, &nonzero))
      continue;
    TSNode branch =
        nonzero ? ts_field(p, "consequence") : ts_field(p, "alternative");
    if (inside(shift, branch))
      return 1;
  }
  return 0;
}

static void check_shift(scan_walk *w, TSNode n) {
  TSNode r = ts_strip(ts_field(n, "right"));
  if (!ts_is(r, "binary_expression") || !ts_is(ts_field(r, "operator"), "-"))
    return;
  TSNode ws = ts_strip(ts_field(r, "left")), x = ts_field(r, "right");
  unsigned long long v;
  if (!(is_literal(w, ws, 32) ||
        (ts_is(ws, "identifier") && ts_text_is(w, ws, "warpSize"))) ||
      scan_eval(w, x, &v) || guarded(w, n, ts_strip(x)))
    return;
  char *t = one_line(w, r);
  scan_add_finding(w->f, CU2CL_D_SHIFT_BY_WARP_SIZE, ts_line(n), ts_col(n), t,
                   NULL);
  free(t);
}

void scan_check_binary(scan_walk *w, TSNode n) {
  TSNode op = ts_field(n, "operator"), right = ts_field(n, "right");
  const char *o = ts_type(op);
  int geometry =
      ((!strcmp(o, "%") || !strcmp(o, "/")) && is_literal(w, right, 32)) ||
      (!strcmp(o, "&") && is_literal(w, right, 31)) ||
      (!strcmp(o, ">>") && is_literal(w, right, 5));
  if (geometry && scan_mentions_thread(w, ts_field(n, "left"), 2)) {
    char *t = one_line(w, n);
    scan_xref_geometry(w->x, w->index, w->f->funcs[w->fn_index].name, t,
                       ts_line(n), ts_col(n));
    free(t);
  }
  if (!strcmp(o, "<<") || !strcmp(o, ">>"))
    check_shift(w, n);
}

/* ---- the volatile warp-synchronous idiom ---- */

typedef struct exchange {
  const scan_walk *w;
  char *base;  /* the volatile array or pointer written */
  char *index; /* the index written */
  int found;
} exchange;

/* The index of a[i] as text: i. */
static char *index_text(const scan_walk *w, TSNode sub) {
  TSNode idx = ts_field(sub, "indices");
  if (ts_is(idx, "subscript_argument_list"))
    idx = ts_child(idx, 0);
  if (ts_node_is_null(idx))
    idx = ts_field(sub, "index");
  return ts_node_is_null(idx) ? xstrdup("") : one_line(w, idx);
}

/* Another thread's element of the same volatile memory read in n:
 * s[tid + 16] where s[tid] is written. */
static void find_other_element(exchange *x, TSNode n) {
  if (x->found || ts_node_is_null(n))
    return;
  if (ts_is(n, "subscript_expression") &&
      ts_text_is(x->w, ts_field(n, "argument"), x->base)) {
    char *ni = index_text(x->w, n);
    x->found = strcmp(ni, x->index) && strstr(ni, x->index) && strchr(ni, '+');
    free(ni);
  }
  for (uint32_t k = 0; k < ts_count(n); k++)
    find_other_element(x, ts_child(n, k));
}

void scan_check_assignment(scan_walk *w, TSNode n) {
  TSNode left = ts_strip(ts_field(n, "left"));
  if (!ts_is(left, "subscript_expression"))
    return;
  TSNode base = ts_field(left, "argument");
  scan_var *v = ts_is(base, "identifier") ? scan_find_var(w, base) : NULL;
  if (!v || !v->is_volatile)
    return;
  exchange x = {w, ts_text(w, base), index_text(w, left), 0};
  find_other_element(&x, ts_field(n, "right"));
  if (x.found) {
    scan_finding *f =
        scan_add_finding(w->f, CU2CL_D_IMPLICIT_WARP_SYNC, ts_line(n),
                         ts_col(n), x.base, "before this statement");
    f->u = ts_line(n);
  }
  free(x.base);
  free(x.index);
}
