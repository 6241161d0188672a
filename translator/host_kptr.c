/*
 * host_kptr: kernels held in function pointers; see host_kptr.h.
 *
 * Slots are named by strings built from USRs, so that the redeclarations
 * of a variable or of a function's parameters share one slot: "v:USR" (a
 * variable), "f:USR" (a member), "p<i>:USR" (parameter i of a function),
 * "r:USR" (a function's result), "t:USR" (a typedef). Slot 0 stands for
 * the kernels themselves. Only slots whose type can hold a function
 * pointer (or a type not known yet: a template parameter, auto) are
 * recorded; the flows between them are edges, and the bound slots are
 * those connected to slot 0.
 */
#include "host_kptr.h"

#include <string.h>

#include "cx.h"

typedef struct slot {
  char *id;
  CXCursor decl; /* the declaration (a null cursor for slot 0) */
  int bound;
} slot;

struct cu2cl_kptr {
  slot *slots;
  size_t nslots, capslots;
  size_t *edges; /* pairs of slot indexes */
  size_t nedges, capedges;
  CXCursor fn; /* the function whose body is being walked (returns) */
};

typedef struct idxvec {
  long items[8];
  size_t len;
} idxvec;

static void idx_push(idxvec *v, long i) {
  if (i >= 0 && v->len < sizeof v->items / sizeof *v->items)
    v->items[v->len++] = i;
}

/* ---- types ---------------------------------------------------------- */

static CXType strip_arrays(CXType t) {
  for (;;) {
    switch (t.kind) {
    case CXType_ConstantArray:
    case CXType_IncompleteArray:
    case CXType_VariableArray:
    case CXType_DependentSizedArray:
      t = clang_getArrayElementType(t);
      break;
    case CXType_Elaborated:
      t = clang_Type_getNamedType(t);
      break;
    default:
      return t;
    }
  }
}

static int is_function_type(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto;
}

/* 1 when a value of type t may hold a kernel: a function pointer (or an
 * array of them, or a reference to one), or a type not known until
 * instantiation or deduction. */
static int may_hold_kernel(CXType t) {
  t = strip_arrays(clang_getCanonicalType(t));
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  if (t.kind == CXType_Pointer)
    return is_function_type(clang_getPointeeType(t));
  return is_function_type(t) || t.kind == CXType_Unexposed ||
         t.kind == CXType_Auto;
}

/* The type a slot's declaration gives it. */
static CXType decl_type(CXCursor d) {
  switch (clang_getCursorKind(d)) {
  case CXCursor_TypedefDecl:
  case CXCursor_TypeAliasDecl:
    return clang_getTypedefDeclUnderlyingType(d);
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_FunctionTemplate:
    return clang_getCursorResultType(d);
  default:
    return clang_getCursorType(d);
  }
}

/* ---- slots ---------------------------------------------------------- */

static int param_index(CXCursor parm, CXCursor fn) {
  CXCursor *kids;
  unsigned n = cx_children(fn, &kids);
  int i = -1, seen = 0;
  for (unsigned k = 0; k < n && i < 0; k++) {
    if (clang_getCursorKind(kids[k]) != CXCursor_ParmDecl)
      continue;
    if (clang_equalCursors(kids[k], parm))
      i = seen;
    seen++;
  }
  free(kids);
  return i;
}

/* The slot name of a declaration, or NULL when it is none. */
static char *slot_id(CXCursor d) {
  char *usr = NULL, *id = NULL;
  switch (clang_getCursorKind(d)) {
  case CXCursor_VarDecl:
    usr = cx_usr(clang_getCanonicalCursor(d));
    id = xasprintf("v:%s", usr);
    break;
  case CXCursor_FieldDecl:
    usr = cx_usr(d);
    id = xasprintf("f:%s", usr);
    break;
  case CXCursor_TypedefDecl:
  case CXCursor_TypeAliasDecl:
    usr = cx_usr(d);
    id = xasprintf("t:%s", usr);
    break;
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_FunctionTemplate:
    usr = cx_usr(d);
    id = xasprintf("r:%s", usr);
    break;
  case CXCursor_ParmDecl: {
    CXCursor fn = clang_getCursorSemanticParent(d);
    int i = param_index(d, fn);
    usr = cx_usr(fn);
    id = i >= 0 && *usr ? xasprintf("p%d:%s", i, usr) : NULL;
    break;
  }
  default:
    break;
  }
  if (usr && !*usr) { /* no identity to share between redeclarations */
    free(id);
    id = NULL;
  }
  free(usr);
  return id;
}

static long slot_find(const cu2cl_kptr *k, const char *id) {
  for (size_t i = 0; i < k->nslots; i++)
    if (!strcmp(k->slots[i].id, id))
      return (long)i;
  return -1;
}

static long slot_add(cu2cl_kptr *k, char *id, CXCursor decl) {
  if (k->nslots == k->capslots) {
    k->capslots = k->capslots ? 2 * k->capslots : 32;
    k->slots = xrealloc(k->slots, k->capslots * sizeof *k->slots);
  }
  k->slots[k->nslots] = (slot){id, decl, 0};
  return (long)k->nslots++;
}

/* The slot of a declaration that may hold a kernel (added on first use),
 * or -1. System headers' declarations are no slots: nothing of theirs is
 * rewritten. */
static long slot_of_decl(cu2cl_kptr *k, CXCursor d) {
  if (clang_Cursor_isNull(d) || cx_in_system_header(d) ||
      !may_hold_kernel(decl_type(d)))
    return -1;
  char *id = slot_id(d);
  if (!id)
    return -1;
  long i = slot_find(k, id);
  if (i >= 0) {
    free(id);
    return i;
  }
  return slot_add(k, id, d);
}

static void connect(cu2cl_kptr *k, long a, long b) {
  if (a < 0 || b < 0 || a == b)
    return;
  if (k->nedges == k->capedges) {
    k->capedges = k->capedges ? 2 * k->capedges : 64;
    k->edges = xrealloc(k->edges, 2 * k->capedges * sizeof *k->edges);
  }
  k->edges[2 * k->nedges] = (size_t)a;
  k->edges[2 * k->nedges++ + 1] = (size_t)b;
}

static void connect_all(cu2cl_kptr *k, long a, const idxvec *v) {
  for (size_t i = 0; i < v->len; i++)
    connect(k, a, v->items[i]);
}

/* ---- expressions ---------------------------------------------------- */

static CXCursor only_child(CXCursor c) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  CXCursor r = n == 1 ? kids[0] : clang_getNullCursor();
  free(kids);
  return r;
}

/* Through implicit conversions, parentheses, `&` and `*`. */
static CXCursor strip_value(CXCursor e) {
  for (;;) {
    enum CXCursorKind kind = clang_getCursorKind(e);
    int wrapper = kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr;
    if (kind == CXCursor_UnaryOperator) {
      enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
      wrapper = op == CXUnaryOperator_AddrOf || op == CXUnaryOperator_Deref;
    }
    CXCursor inner = wrapper ? only_child(e) : clang_getNullCursor();
    if (clang_Cursor_isNull(inner))
      return e;
    e = inner;
  }
}

CXCursor cu2cl_kptr_kernel_named(CXCursor expr) {
  CXCursor e = strip_value(expr);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  CXCursor r = clang_getCursorReferenced(e);
  if (clang_getCursorKind(r) == CXCursor_FunctionDecl &&
      (cx_cuda_attrs(r) & CX_GLOBAL))
    return r;
  return clang_getNullCursor();
}

/* The slots an expression's value comes from or goes to. */
static void expr_slots(cu2cl_kptr *k, CXCursor e, idxvec *out) {
  if (!clang_Cursor_isNull(cu2cl_kptr_kernel_named(e))) {
    idx_push(out, 0);
    return;
  }
  e = strip_value(e);
  CXCursor *kids;
  unsigned n;
  switch (clang_getCursorKind(e)) {
  case CXCursor_DeclRefExpr:
  case CXCursor_MemberRefExpr: {
    CXCursor r = clang_getCursorReferenced(e);
    enum CXCursorKind rk = clang_getCursorKind(r);
    if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl ||
        rk == CXCursor_FieldDecl)
      idx_push(out, slot_of_decl(k, r));
    break;
  }
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_ConditionalOperator:
    n = cx_children(e, &kids);
    if (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr && n)
      expr_slots(k, kids[0], out);
    else if (n == 3)
      expr_slots(k, kids[1], out), expr_slots(k, kids[2], out);
    free(kids);
    break;
  case CXCursor_CallExpr:
    if (!cx_is_launch(e))
      idx_push(out, slot_of_decl(k, clang_getCursorReferenced(e)));
    break;
  default:
    break;
  }
}

/* ---- flows ---------------------------------------------------------- */

typedef struct field_list {
  CXCursor *items;
  size_t len;
} field_list;

static enum CXVisitorResult add_field(CXCursor c, CXClientData d) {
  field_list *f = d;
  f->items = xrealloc(f->items, (f->len + 1) * sizeof *f->items);
  f->items[f->len++] = c;
  return CXVisit_Continue;
}

/* An initializer of something of type t (slot target, or -1): braces
 * hold elements of an array or members of a struct, in order. */
static void init_flow(cu2cl_kptr *k, CXType t, long target, CXCursor init) {
  CXCursor e = init;
  while (clang_getCursorKind(e) == CXCursor_UnexposedExpr &&
         !clang_Cursor_isNull(only_child(e)))
    e = only_child(e);
  if (clang_getCursorKind(e) != CXCursor_InitListExpr) {
    idxvec v = {{0}, 0};
    expr_slots(k, init, &v);
    connect_all(k, target, &v);
    return;
  }
  CXCursor *kids;
  unsigned n = cx_children(e, &kids);
  CXType c = clang_getCanonicalType(t);
  field_list fields = {NULL, 0};
  if (c.kind == CXType_Record)
    clang_Type_visitFields(c, add_field, &fields);
  for (unsigned i = 0; i < n; i++) {
    if (c.kind == CXType_Record && i < fields.len)
      init_flow(k, clang_getCursorType(fields.items[i]),
                slot_of_decl(k, fields.items[i]), kids[i]);
    else if (c.kind != CXType_Record)
      init_flow(k,
                clang_getArrayElementType(c).kind == CXType_Invalid
                    ? t
                    : clang_getArrayElementType(c),
                target, kids[i]);
  }
  free(fields.items);
  free(kids);
}

/* Arguments flow into the parameters of a user function. */
static void call_flow(cu2cl_kptr *k, CXCursor call) {
  CXCursor fn = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(fn) || cx_in_system_header(fn))
    return;
  int n = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < n; i++) {
    CXCursor parm = clang_Cursor_getArgument(fn, (unsigned)i);
    idxvec v = {{0}, 0};
    expr_slots(k, clang_Cursor_getArgument(call, (unsigned)i), &v);
    connect_all(k, slot_of_decl(k, parm), &v);
  }
}

/* A launch through a pointer binds the pointer. */
static void launch_flow(cu2cl_kptr *k, CXCursor call) {
  if (!cu2cl_kptr_launch_through_pointer(call))
    return;
  CXCursor *kids;
  unsigned n = cx_children(call, &kids);
  idxvec v = {{0}, 0};
  if (n)
    expr_slots(k, kids[0], &v);
  connect_all(k, 0, &v);
  free(kids);
}

static void binary_flow(cu2cl_kptr *k, CXCursor c) {
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
  if (op != CXBinaryOperator_Assign && op != CXBinaryOperator_EQ &&
      op != CXBinaryOperator_NE)
    return;
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  if (n == 2) {
    idxvec l = {{0}, 0}, r = {{0}, 0};
    expr_slots(k, kids[0], &l);
    expr_slots(k, kids[1], &r);
    for (size_t i = 0; i < l.len; i++)
      connect_all(k, l.items[i], &r);
  }
  free(kids);
}

static enum CXChildVisitResult flow_visit(CXCursor c, CXCursor p,
                                          CXClientData d) {
  cu2cl_kptr *k = d;
  (void)p;
  if (cx_in_system_header(c))
    return CXChildVisit_Continue;
  switch (clang_getCursorKind(c)) {
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_FunctionTemplate:
  case CXCursor_Constructor: {
    if (cx_cuda_attrs(c) & (CX_GLOBAL | CX_DEVICE) &&
        !(cx_cuda_attrs(c) & CX_HOST))
      return CXChildVisit_Continue;
    CXCursor outer = k->fn;
    k->fn = c;
    clang_visitChildren(c, flow_visit, k);
    k->fn = outer;
    return CXChildVisit_Continue;
  }
  case CXCursor_VarDecl: {
    CXCursor init = clang_Cursor_getVarDeclInitializer(c);
    if (!clang_Cursor_isNull(init))
      init_flow(k, clang_getCursorType(c), slot_of_decl(k, c), init);
    break;
  }
  case CXCursor_BinaryOperator:
    binary_flow(k, c);
    break;
  case CXCursor_CallExpr:
    if (cx_is_launch(c))
      launch_flow(k, c);
    else
      call_flow(k, c);
    break;
  case CXCursor_ReturnStmt: {
    CXCursor e = only_child(c);
    idxvec v = {{0}, 0};
    if (!clang_Cursor_isNull(e) && !clang_Cursor_isNull(k->fn))
      expr_slots(k, e, &v);
    connect_all(k, slot_of_decl(k, k->fn), &v);
    break;
  }
  default:
    break;
  }
  return CXChildVisit_Recurse;
}

/* A bound slot declared with a typedef binds the typedef (and a typedef
 * of a typedef the one below it): that declaration is rewritten. */
static void bind_typedefs(cu2cl_kptr *k) {
  for (size_t i = 1; i < k->nslots; i++) {
    if (!k->slots[i].bound)
      continue;
    CXType t = strip_arrays(decl_type(k->slots[i].decl));
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
      t = strip_arrays(clang_getPointeeType(t));
    if (t.kind != CXType_Typedef)
      continue;
    long td = slot_of_decl(k, clang_getTypeDeclaration(t));
    if (td >= 0)
      k->slots[td].bound = 1;
  }
}

cu2cl_kptr *cu2cl_kptr_analyze(CXTranslationUnit tu) {
  cu2cl_kptr *k = xcalloc(1, sizeof *k);
  k->fn = clang_getNullCursor();
  slot_add(k, xstrdup("kernels"), clang_getNullCursor());
  k->slots[0].bound = 1;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), flow_visit, k);
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t e = 0; e < k->nedges; e++) {
      slot *a = &k->slots[k->edges[2 * e]], *b = &k->slots[k->edges[2 * e + 1]];
      if (a->bound != b->bound)
        a->bound = b->bound = changed = 1;
    }
  }
  bind_typedefs(k);
  return k;
}

void cu2cl_kptr_free(cu2cl_kptr *k) {
  if (!k)
    return;
  for (size_t i = 0; i < k->nslots; i++)
    free(k->slots[i].id);
  free(k->slots);
  free(k->edges);
  free(k);
}

int cu2cl_kptr_bound(const cu2cl_kptr *k, CXCursor decl) {
  char *id = slot_id(decl);
  long i = id ? slot_find(k, id) : -1;
  free(id);
  return i > 0 && k->slots[i].bound;
}

int cu2cl_kptr_untyped_context(CXCursor parent) {
  switch (clang_getCursorKind(parent)) {
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr:
  case CXCursor_CXXFunctionalCastExpr:
    return 1;
  default:
    return 0;
  }
}

/* A kernel passed to a library function: the CUDA API takes it as the
 * const void * of its kernel reference; another library's function
 * (std::vector's push_back) as the typed pointer its parameter holds. */
int cu2cl_kptr_untyped_argument(CXCursor call, CXCursor arg) {
  CXCursor fn = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(fn) || !cx_in_system_header(fn))
    return 0;
  char *name = cx_spelling(fn);
  int cuda = str_starts_with(name, "cuda");
  free(name);
  int n = clang_Cursor_getNumArguments(call), i = 0;
  while (i < n &&
         !clang_equalCursors(clang_Cursor_getArgument(call, (unsigned)i), arg))
    i++;
  CXType fnt = clang_getCursorType(fn);
  if (cuda || i >= clang_getNumArgTypes(fnt))
    return 1; /* the CUDA API, or a variadic argument */
  return !may_hold_kernel(clang_getArgType(fnt, (unsigned)i));
}

const char *cu2cl_kptr_launch_check(cu2cl_kptr *k, CXCursor call) {
  CXCursor *kids;
  unsigned n = cx_children(call, &kids);
  CXCursor callee = n ? kids[0] : clang_getNullCursor();
  free(kids);
  CXType t = clang_getCanonicalType(clang_getCursorType(callee));
  if (clang_Cursor_isNull(callee) || t.kind == CXType_Unexposed ||
      t.kind == CXType_Dependent)
    return NULL; /* in a template: the value's own type launches it */
  idxvec v = {{0}, 0};
  expr_slots(k, callee, &v);
  return v.len ? NULL
               : "the launch goes through a pointer that cu2cl cannot trace "
                 "to a declaration it rewrites (an element of a library "
                 "container, a library function's result)";
}

int cu2cl_kptr_launch_through_pointer(CXCursor call) {
  CXCursor *kids;
  unsigned n = cx_children(call, &kids);
  CXCursor callee = n ? cx_strip_implicit(kids[0]) : clang_getNullCursor();
  free(kids);
  switch (clang_getCursorKind(callee)) {
  case CXCursor_DeclRefExpr: {
    enum CXCursorKind r =
        clang_getCursorKind(clang_getCursorReferenced(callee));
    return r == CXCursor_VarDecl || r == CXCursor_ParmDecl ||
           r == CXCursor_FieldDecl;
  }
  case CXCursor_MemberRefExpr:
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_ParenExpr:
  case CXCursor_UnaryOperator:
  case CXCursor_CallExpr:
  case CXCursor_ConditionalOperator:
    return 1;
  default:
    return 0;
  }
}

/* ---- declarators ---------------------------------------------------- */

typedef struct toks {
  CXTranslationUnit tu;
  CXToken *t;
  unsigned n;     /* up to the declarator's end */
  unsigned total; /* all the tokenized ones (toks_free) */
  char **s;       /* spellings */
} toks;

static unsigned tok_begin(const toks *t, unsigned i) {
  unsigned off;
  clang_getFileLocation(
      clang_getRangeStart(clang_getTokenExtent(t->tu, t->t[i])), NULL, NULL,
      NULL, &off);
  return off;
}

static unsigned tok_end(const toks *t, unsigned i) {
  unsigned off;
  clang_getFileLocation(clang_getRangeEnd(clang_getTokenExtent(t->tu, t->t[i])),
                        NULL, NULL, NULL, &off);
  return off;
}

static int tok_is(const toks *t, unsigned i, const char *s) {
  return i < t->n && !strcmp(t->s[i], s);
}

/* The closing token matching the opening one at i, or t->n. */
static unsigned matching(const toks *t, unsigned i) {
  const char *open = t->s[i], *close = !strcmp(open, "(") ? ")" : "]";
  int depth = 0;
  for (unsigned j = i; j < t->n; j++) {
    depth += tok_is(t, j, open) - tok_is(t, j, close);
    if (!depth)
      return j;
  }
  return t->n;
}

static int is_specifier(const char *s) {
  static const char *const specs[] = {
      "static",   "extern",  "inline",  "constexpr", "thread_local",
      "register", "mutable", "typedef", "__host__",  NULL};
  for (size_t i = 0; specs[i]; i++)
    if (!strcmp(s, specs[i]))
      return 1;
  return 0;
}

static int is_qualifier(const char *s) {
  return !strcmp(s, "const") || !strcmp(s, "volatile") ||
         !strcmp(s, "__restrict") || !strcmp(s, "__restrict__") ||
         !strcmp(s, "restrict");
}

/* Tokens of the declaration up to its initializer (or default argument);
 * *start: where its type begins. */
static void decl_tokens(CXTranslationUnit tu, CXCursor decl, toks *t,
                        unsigned *start) {
  t->tu = tu;
  clang_tokenize(tu, clang_getCursorExtent(decl), &t->t, &t->n);
  t->total = t->n;
  t->s = xcalloc(t->n + 1, sizeof *t->s);
  for (unsigned i = 0; i < t->n; i++)
    t->s[i] = cx_take(clang_getTokenSpelling(tu, t->t[i]));
  int alias = clang_getCursorKind(decl) == CXCursor_TypeAliasDecl;
  unsigned s = 0;
  if (alias)
    while (s < t->n && !tok_is(t, s++, "="))
      ;
  while (s < t->n && is_specifier(t->s[s]))
    s++;
  *start = s;
  int depth = 0;
  for (unsigned i = s; i < t->n; i++) { /* the declarator ends here */
    depth += tok_is(t, i, "(") + tok_is(t, i, "[") - tok_is(t, i, ")") -
             tok_is(t, i, "]");
    if (!depth && (tok_is(t, i, "=") || tok_is(t, i, "{") || tok_is(t, i, ";")))
      t->n = i;
  }
}

static void toks_free(toks *t) {
  for (unsigned i = 0; i < t->total; i++)
    free(t->s[i]);
  free(t->s);
  clang_disposeTokens(t->tu, t->t, t->total);
}

/* `RET (*cv NAME[N])(PARAMS)` -> `cu2clKernelPtr<RET (PARAMS)> cv NAME[N]` */
static const char *rewrite_group(const toks *t, unsigned s, const char *name,
                                 const char *src, cu2cl_kptr_edit_fn edit,
                                 void *ctx) {
  unsigned g = s;
  while (g + 1 < t->n && !(tok_is(t, g, "(") && tok_is(t, g + 1, "*")))
    g++;
  unsigned c = g + 1 < t->n ? matching(t, g) : t->n;
  unsigned m =
      c + 1 < t->n && tok_is(t, c + 1, "(") ? matching(t, c + 1) : t->n;
  if (g <= s || m >= t->n)
    return "its declarator has an unrecognized form";
  for (unsigned i = g + 2; i < c; i++) {
    if (tok_is(t, i, "["))
      i = matching(t, i);
    else if (is_qualifier(t->s[i]))
      continue;
    else if (*name && !strcmp(t->s[i], name))
      continue;
    else
      return *name ? "it shares its declaration with other declarators, or "
                     "points to a pointer"
                   : "its declarator has an unrecognized form";
  }
  unsigned rest = tok_end(t, g + 1), rest_end = tok_begin(t, c);
  while (rest < rest_end && (src[rest] == ' ' || src[rest] == '\t'))
    rest++;
  edit(ctx, tok_begin(t, s), tok_begin(t, s), xstrdup("cu2clKernelPtr<"));
  edit(ctx, tok_begin(t, g), tok_end(t, c), xstrdup(""));
  edit(ctx, tok_end(t, m), tok_end(t, m),
       rest < rest_end ? xasprintf("> %.*s", (int)(rest_end - rest), src + rest)
                       : xstrdup(">"));
  return NULL;
}

/* `FT *cv NAME` (FT a typedef of a function type) ->
 * `cu2clKernelPtr<FT> cv NAME` */
static const char *rewrite_star(const toks *t, unsigned s, const char *name,
                                cu2cl_kptr_edit_fn edit, void *ctx) {
  unsigned q = s;
  while (q < t->n && !tok_is(t, q, "*"))
    q++;
  unsigned after = q + 1;
  while (after < t->n && is_qualifier(t->s[after]))
    after++;
  if (q >= t->n || q == s || (*name && !tok_is(t, after, name)))
    return "it shares its declaration with other declarators, or has an "
           "unrecognized form";
  edit(ctx, tok_begin(t, s), tok_begin(t, s), xstrdup("cu2clKernelPtr<"));
  edit(ctx, tok_end(t, q - 1), tok_end(t, q),
       xstrdup(q + 1 < t->n && tok_begin(t, q + 1) == tok_end(t, q) ? "> "
                                                                    : ">"));
  return NULL;
}

const char *cu2cl_kptr_rewrite_decl(CXTranslationUnit tu, CXCursor decl,
                                    cu2cl_kptr_edit_fn edit, void *ctx) {
  CXType t = strip_arrays(decl_type(decl));
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    return strip_arrays(clang_getPointeeType(t)).kind == CXType_Typedef
               ? NULL
               : "it is a reference to a kernel (use a pointer)";
  if (t.kind != CXType_Pointer)
    return NULL; /* a typedef, auto or a template parameter */
  CXType pointee = clang_getPointeeType(t);
  while (pointee.kind == CXType_Elaborated)
    pointee = clang_Type_getNamedType(pointee);
  int via_typedef = pointee.kind == CXType_Typedef;
  if (!via_typedef && !is_function_type(pointee))
    return "it points to a pointer to a kernel";
  enum CXCursorKind kind = clang_getCursorKind(decl);
  if (kind == CXCursor_FunctionDecl || kind == CXCursor_CXXMethod ||
      kind == CXCursor_FunctionTemplate)
    return "a function's result (declare it with a typedef of the pointer "
           "type)";
  toks tk;
  unsigned s;
  decl_tokens(tu, decl, &tk, &s);
  const char *why = "its declarator has an unrecognized form";
  CXFile file = NULL;
  size_t len = 0;
  if (tk.n)
    clang_getFileLocation(clang_getTokenLocation(tu, tk.t[0]), &file, NULL,
                          NULL, NULL);
  const char *src = file ? clang_getFileContents(tu, file, &len) : NULL;
  char *name = cx_spelling(decl);
  if (src && s < tk.n)
    why = via_typedef ? rewrite_star(&tk, s, name, edit, ctx)
                      : rewrite_group(&tk, s, name, src, edit, ctx);
  free(name);
  toks_free(&tk);
  return why;
}
