/*
 * dev_sync: implicit warp synchrony.
 *
 * CUDA code often exchanges values between the threads of a warp through
 * shared (or global) memory with no barrier between one thread's write and
 * another thread's read: the warp runs in lockstep on NVIDIA (the volatile
 * reduction tail, a transpose within a warp, thread 0 summing what the
 * first lanes stored). OpenCL orders nothing between work-items without a
 * barrier; PoCL runs a group's work-items one after another between
 * barriers. This module finds such exchanges and decides where a barrier
 * goes; the statement printers (dev_stmt, dev_pred_stmt) print it, and
 * predication (dev_pred) takes over where it is under a thread-dependent
 * condition, since the barrier is a collective.
 *
 * The analysis walks each function's statements in order with the set of
 * accesses made since the last barrier ("pending"). An access is a
 * subscript or dereference of a root: a __shared__ variable, a pointer
 * parameter or a __device__ array (local pointers resolve to the root they
 * are initialized from). Two accesses of one root conflict when one writes
 * and they may touch the same element from different threads. They do not
 * when: both are the thread's own element (the same index text over
 * variables that are not reassigned, depending on the thread); or their
 * index ranges are disjoint, computed from an affine form in threadIdx.x
 * (coef * threadIdx.x + constant + one uniform term) and the range of
 * threadIdx.x that enclosing conditions allow (if (tid < k) s[tid] +=
 * s[tid + k] is no conflict); or one thread makes both; or the root is
 * global memory and the indices are unrelated (an element the data picks:
 * writer and reader may be in different blocks, which no barrier orders,
 * so no warp idiom relies on it). A conflict with
 * pending puts a barrier before the outermost statement holding the later
 * access; a conflict between the reads of an assignment and its own store
 * splits it (read into a temporary, barrier, store). Loops are walked
 * twice, so accesses carried from one iteration to the next are seen;
 * ranges built on uniform terms do not carry across iterations.
 *
 * Layer 10 of the device emitter (dev_state.h): calls dev_state, dev_uses,
 * dev_index.
 */
#include "dev_sync.h"

#include <stdlib.h>
#include <string.h>

#include "dev_index.h"
#include "dev_table.h"
#include "dev_uses.h"

typedef struct access {
  CXCursor expr, stmt;
  cx_key root;
  const char *name, *text;
  const char *sig; /* text with the versions of its variables (own) */
  int write, own;
  const char *field; /* s[i].f: the field of a struct, NULL for all of s[i] */
  unsigned fence;
  lin idx;
  sform sf;      /* the index in a stride, when it is one */
  int lane;      /* lane + x * warpSize: its lane's residue alone */
  int per_block; /* its index depends on blockIdx (g[blockIdx.x * n + t]) */
  gform gf;      /* its index as a thread's own row or column of a table */
  guard g;
} access;

typedef struct pitem {
  size_t a;
  int stale; /* from an earlier iteration of an enclosing loop */
} pitem;

typedef struct pend {
  pitem *v;
  size_t n;
} pend;

/* ---- accesses ----------------------------------------------------------- */

/* p + u or u + p with u the same in every thread. */
static int uniform_offset(sync_walk *w, CXCursor add) {
  if (clang_getCursorBinaryOperatorKind(add) != CXBinaryOperator_Add)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(add, &kids);
  int r = 0;
  for (unsigned i = 0; n == 2 && i < 2; i++)
    if (clang_getCanonicalType(clang_getCursorType(kids[i])).kind !=
        CXType_Pointer)
      r = dev_index_uniform(w, kids[i], 3);
  free(kids);
  return r;
}

/* &s[u] with u the same in every thread: a part of s, as s + u is. */
static int uniform_element(sync_walk *w, CXCursor c) {
  if (clang_getCursorKind(c) != CXCursor_UnaryOperator ||
      clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf)
    return 0;
  CXCursor in = dev_index_strip(dev_first_child(c));
  if (clang_getCursorKind(in) != CXCursor_ArraySubscriptExpr)
    return 0;
  return dev_index_uniform(w, dev_last_child(in), 3);
}

/* The root an array or pointer expression reaches: a __shared__ variable,
 * a pointer parameter, a __device__ variable; local pointers through their
 * initializer. *direct: the expression is the root itself. */
static int root_of(sync_walk *w, CXCursor c, CXCursor *root, unsigned *fence,
                   int *direct, int depth) {
  c = dev_index_strip(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (depth <= 0)
    return 0;
  if (k == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
    CXCursor in = dev_index_strip(dev_first_child(c));
    if (clang_getCursorKind(in) != CXCursor_ArraySubscriptExpr)
      return 0;
    *direct = 0;
    return root_of(w, dev_first_child(in), root, fence, direct, depth - 1);
  }
  if (k == CXCursor_BinaryOperator) {
    CXCursor *kids;
    unsigned n = cx_children(c, &kids);
    int r = 0;
    for (unsigned i = 0; i < n && !r; i++) {
      CXType t = clang_getCanonicalType(clang_getCursorType(kids[i]));
      if (t.kind == CXType_Pointer || t.kind == CXType_ConstantArray ||
          t.kind == CXType_IncompleteArray ||
          (i == 0 && t.kind == CXType_Unexposed)) /* a template's */
        r = root_of(w, kids[i], root, fence, direct, depth - 1);
    }
    free(kids);
    *direct = 0;
    return r;
  }
  if (k != CXCursor_DeclRefExpr)
    return 0;
  CXCursor d = clang_getCursorReferenced(c);
  enum CXCursorKind dk = clang_getCursorKind(d);
  CXType t = clang_getCanonicalType(clang_getCursorType(d));
  unsigned attrs = cx_cuda_attrs(d);
  if (dk == CXCursor_VarDecl && (attrs & CX_SHARED)) {
    *root = d;
    *fence = 1;
    return 1;
  }
  /* a device function's pointer may point to private memory (the caller's
   * array): only a volatile one, the lockstep idiom, counts */
  if (dk == CXCursor_ParmDecl && t.kind == CXType_Pointer &&
      (w->is_kernel ||
       clang_isVolatileQualifiedType(clang_getPointeeType(t)))) {
    *root = d;
    *fence = w->is_kernel ? 2 : 3;
    return 1;
  }
  if (dk != CXCursor_VarDecl || cx_in_system_header(d))
    return 0;
  CXCursor parent = clang_getCursorSemanticParent(d);
  enum CXCursorKind pk = clang_getCursorKind(parent);
  if ((pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace) &&
      (attrs & CX_DEVICE)) {
    *root = d;
    *fence = 2;
    return 1;
  }
  if (t.kind != CXType_Pointer)
    return 0; /* a private array */
  CXCursor init = dev_var_init(d);
  if (clang_Cursor_isNull(init))
    return 0;
  /* p = s, never reassigned, indexes like s; p = s + u (u the same in
   * every thread) is a root of its own (a block's part of a buffer) */
  int alias =
      !dev_index_var(w, d) &&
      clang_getCursorKind(dev_index_strip(init)) == CXCursor_DeclRefExpr;
  int part =
      !dev_index_var(w, d) &&
      ((clang_getCursorKind(dev_index_strip(init)) == CXCursor_BinaryOperator &&
        uniform_offset(w, dev_index_strip(init))) ||
       uniform_element(w, dev_index_strip(init)));
  if (!alias)
    *direct = 0;
  if (!root_of(w, init, root, fence, direct, depth - 1))
    return 0;
  if (part) {
    *root = d;
    *direct = 1;
  }
  return 1;
}

/* Appends the version of each variable c names that is assigned after its
 * declaration: the same text with the same versions is the same element in
 * one thread. */
static int add_version(CXCursor c, void *ctx) {
  void **a = ctx;
  sync_walk *w = a[0];
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    var_info *v = dev_index_var(w, clang_getCursorReferenced(c));
    if (v)
      strbuf_printf(a[1], ":%u", v->version);
  }
  return 0;
}

static const char *own_signature(sync_walk *w, CXCursor c, const char *text) {
  strbuf b = {0};
  strbuf_append(&b, text);
  void *ctx[2] = {w, &b};
  dev_find(c, add_version, ctx, 1, NULL);
  return dev_index_keep(w, strbuf_take(&b));
}

/* m, a member of an access (s[i].f, (*p).f): the field's name when it is a
 * field of a struct, whose fields are disjoint bytes (not of a union, not
 * a bit-field, which shares its word). */
static const char *access_field(sync_walk *w, CXCursor m) {
  CXCursor f = clang_getCursorReferenced(m);
  if (clang_getCursorKind(f) != CXCursor_FieldDecl ||
      clang_Cursor_isBitField(f) ||
      clang_getCursorKind(clang_getCursorSemanticParent(f)) ==
          CXCursor_UnionDecl)
    return NULL;
  return dev_index_keep(w, cx_spelling(f));
}

/* c names blockIdx, or a local whose initializer does (depth levels). */
static int names_block(CXCursor c, void *ctx) {
  int depth = *(int *)ctx;
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return 0;
  if (dev_index_builtin_var(c, "blockIdx"))
    return 1;
  CXCursor d = clang_getCursorReferenced(c);
  CXCursor init = clang_getCursorKind(d) == CXCursor_VarDecl
                      ? dev_var_init(d)
                      : clang_getNullCursor();
  if (depth <= 0 || clang_Cursor_isNull(init) || cx_in_system_header(d))
    return 0;
  int deeper = depth - 1;
  return names_block(init, &deeper) ||
         dev_find(init, names_block, &deeper, 1, NULL) > 0;
}

/* Adds the access c (a subscript or dereference) when it reaches a root;
 * field: the struct field of it that is accessed, or NULL for all of it. */
static void add_access(sync_walk *w, CXCursor c, CXCursor stmt, guard g,
                       int write, const char *field, pend *out) {
  CXCursor base, index = clang_getNullCursor();
  if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr) {
    base = dev_first_child(c);
    index = dev_last_child(c);
  } else {
    base = dev_first_child(c);
  }
  CXCursor root;
  unsigned fence = 0;
  int direct = 1;
  if (!root_of(w, base, &root, &fence, &direct, 4))
    return;
  w->pool = xrealloc(w->pool, (w->npool + 1) * sizeof *w->pool);
  access *a = &w->pool[w->npool];
  memset(a, 0, sizeof *a);
  a->expr = c;
  a->stmt = stmt;
  a->root = cx_key_of(root);
  a->name = dev_index_keep(w, cx_spelling(root));
  a->text = dev_index_keep(w, cx_tokens_text(w->e->tu, c));
  a->write = write;
  a->field = field;
  a->fence = fence;
  a->g = g;
  if (direct && !clang_Cursor_isNull(index)) {
    a->sf = dev_index_sform(w, index, 3);
    a->lane = dev_index_lane_residue(w, index, 3);
    a->gf = dev_table_grid(w, index, g);
  }
  if (direct)
    a->idx = clang_Cursor_isNull(index) ? (lin){1, 0, 0, NULL, NULL}
                                        : dev_index_lin(w, index, 3);
  int varying =
      clang_Cursor_isNull(index) ? !direct : !dev_index_uniform(w, index, 3);
  a->own = varying;
  a->sig = own_signature(w, c, a->text);
  int depth = 3;
  a->per_block = !clang_Cursor_isNull(index) &&
                 (names_block(index, &depth) ||
                  dev_find(index, names_block, &depth, 1, NULL) > 0);
  out->v = xrealloc(out->v, (out->n + 1) * sizeof *out->v);
  out->v[out->n++] = (pitem){w->npool++, 0};
}

static int is_access(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  return k == CXCursor_ArraySubscriptExpr ||
         (k == CXCursor_UnaryOperator &&
          clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref);
}

static void collect_expr(sync_walk *w, CXCursor c, CXCursor stmt, guard g,
                         pend *out);

static void collect_kids(sync_walk *w, CXCursor c, CXCursor stmt, guard g,
                         pend *out) {
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  for (unsigned i = 0; i < n; i++)
    collect_expr(w, kids[i], stmt, g, out);
  free(kids);
}

/* The target of an assignment: its reads (the index), then the store. */
static void collect_store(sync_walk *w, CXCursor c, CXCursor stmt, guard g,
                          int reads_too, pend *out) {
  c = dev_index_strip(c);
  const char *field = NULL;
  if (clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
    CXCursor base = dev_index_strip(dev_first_child(c));
    field = is_access(base) ? access_field(w, c) : NULL;
    c = base; /* s[i].x = v stores into s[i], at x */
  }
  if (!is_access(c)) {
    collect_expr(w, c, stmt, g, out);
    return;
  }
  collect_kids(w, c, stmt, g, out);
  if (reads_too)
    add_access(w, c, stmt, g, 0, field, out);
  add_access(w, c, stmt, g, 1, field, out);
}

/* Accesses of an expression in the order a warp makes them: the operands'
 * reads before the store. */
static void collect_expr(sync_walk *w, CXCursor c, CXCursor stmt, guard g,
                         pend *out) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor *kids;
  unsigned n = cx_children(c, &kids);
  if (k == CXCursor_BinaryOperator && n == 2 &&
      clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
    collect_expr(w, kids[1], stmt, g, out);
    collect_store(w, kids[0], stmt, g, 0, out);
  } else if (k == CXCursor_CompoundAssignOperator && n == 2) {
    collect_expr(w, kids[1], stmt, g, out);
    collect_store(w, kids[0], stmt, g, 1, out);
  } else if (k == CXCursor_UnaryOperator && n == 1) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    if (op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PostInc ||
        op == CXUnaryOperator_PreDec || op == CXUnaryOperator_PostDec)
      collect_store(w, kids[0], stmt, g, 1, out);
    else if (op == CXUnaryOperator_AddrOf &&
             is_access(dev_index_strip(kids[0])))
      collect_kids(w, dev_index_strip(kids[0]), stmt, g,
                   out); /* only its index */
    else if (op == CXUnaryOperator_Deref) {
      collect_kids(w, c, stmt, g, out);
      add_access(w, c, stmt, g, 0, NULL, out);
    } else
      collect_kids(w, c, stmt, g, out);
  } else if (k == CXCursor_ArraySubscriptExpr) {
    collect_kids(w, c, stmt, g, out);
    add_access(w, c, stmt, g, 0, NULL, out);
  } else if (k == CXCursor_MemberRefExpr && n == 1 &&
             is_access(dev_index_strip(kids[0])) &&
             access_field(w, c)) { /* s[i].f: a read of f alone */
    CXCursor a = dev_index_strip(kids[0]);
    collect_kids(w, a, stmt, g, out);
    add_access(w, a, stmt, g, 0, access_field(w, c), out);
  } else if (k != CXCursor_LambdaExpr) {
    collect_kids(w, c, stmt, g, out);
  }
  free(kids);
}

/* ---- barriers ----------------------------------------------------------- */

typedef struct barrier_find {
  emitter *e;
  int depth; /* user functions followed (call cycles end) */
} barrier_find;

static int is_barrier_call(CXCursor c, void *ctx);

/* A user function that synchronizes the block: a barrier in its body, or
 * one that dev_sync adds there. */
static int function_syncs(barrier_find *f, CXCursor def) {
  CXCursor body = dev_function_body(def);
  fn_uses *u = dev_uses_find(f->e, def);
  if (clang_Cursor_isNull(body) || !u || !u->collective || f->depth > 3)
    return 0;
  if (dev_sync_within(f->e, body))
    return 1;
  barrier_find inner = {f->e, f->depth + 1};
  return dev_find(body, is_barrier_call, &inner, 1, NULL) > 0;
}

static int is_barrier_call(CXCursor c, void *ctx) {
  barrier_find *f = ctx;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return 0;
  CXCursor callee = clang_getCursorReferenced(c);
  CXCursor def = dev_definition(f->e, callee);
  if (!clang_Cursor_isNull(def) && !cx_in_system_header(callee))
    return dev_is_user_function(def) && function_syncs(f, def);
  char *n = cx_spelling(callee);
  int r = str_starts_with(n, "__syncthreads") || !strcmp(n, "__syncwarp") ||
          !strcmp(n, "sync") || !strcmp(n, "barrier");
  free(n);
  return r;
}

static int has_barrier(sync_walk *w, CXCursor s) {
  barrier_find f = {w->e, 0};
  return is_barrier_call(s, &f) || dev_find(s, is_barrier_call, &f, 1, NULL);
}

/* ---- conflicts ---------------------------------------------------------- */

typedef struct range {
  bound lo, hi;
} range;

/* b + k + sym, or unbounded when both have a uniform term. */
static bound bound_add(bound b, long long k, const char *sym) {
  if (b.inf || (b.sym && sym))
    return (bound){1, 0, NULL};
  return (bound){0, b.k + k, b.sym ? b.sym : sym};
}

/* The elements a's index may take over the threads of its guard, [lo, hi);
 * either end unbounded (inf) when it cannot be told. A stale access (an
 * earlier iteration) keeps only ends free of uniform terms, which may have
 * changed since. */
static range range_of(const access *a, int stale) {
  range r = {{1, 0, NULL}, {1, 0, NULL}};
  lin x = a->idx;
  if (!x.known || x.coef < 0)
    return r;
  if (x.coef == 0)
    r = (range){{0, x.k, x.sym}, {0, x.k + 1, x.sym}};
  else if (x.coef == 1)
    r = (range){bound_add(a->g.lo, x.k, x.sym), bound_add(a->g.hi, x.k, x.sym)};
  else if (!a->g.lo.inf && !a->g.hi.inf && !a->g.lo.sym && !a->g.hi.sym)
    r = (range){{0, x.coef * a->g.lo.k + x.k, x.sym},
                {0, x.coef * (a->g.hi.k - 1) + x.k + 1, x.sym}};
  if (stale && r.lo.sym)
    r.lo.inf = 1;
  if (stale && r.hi.sym)
    r.hi.inf = 1;
  return r;
}

/* The guard allows one thread: threadIdx.x == k, or == u + k with u a
 * uniform term (threadIdx.x == best[blockIdx.x]), the same in both
 * bounds; *t and *sym name it. */
static int single_thread(const guard *g, long long *t, const char **sym) {
  *t = g->lo.k;
  *sym = g->lo.sym;
  if (g->lo.inf || g->hi.inf || g->hi.k != g->lo.k + 1)
    return 0;
  if (!g->lo.sym || !g->hi.sym)
    return !g->lo.sym && !g->hi.sym;
  return !strcmp(g->lo.sym, g->hi.sym);
}

/* a (made earlier) and b may touch one element from different threads,
 * one writing and the other reading. Two writes are no exchange: no thread
 * sees the other's value in the interval, and a later read of it conflicts
 * with the write itself. (Which of two lanes' stores to one element lands
 * last is ordered by nothing in CUDA either since independent thread
 * scheduling; no warp-synchronous idiom relies on it, while stores to
 * several rows of one array - out[0 * n + i], out[1 * n + i] - are in every
 * kernel.) */
static int related(const access *a, const access *b);

/* Two indices in one stride S with the same multiple c * S of the thread
 * index, differing by D(S) = ds * S + dh * (S >> 1) + dk: threads t and
 * t' meet only where c * S * (t' - t) = D(S), so never for t != t' when
 * |D(S)| < |c| * S at every S >= 1 (cyclic reduction's i = S * t + S - 1
 * against i - (S >> 1) and i + (S >> 1)). A stride starts positive and
 * only shifts, multiplies or divides by positive constants; at S = 0
 * every thread would write one element, a race in CUDA as well. Past
 * |dh| + 2 * |dk| the slope decides (|D(S)| <= |2 ds + dh| S / 2 + |dh| / 2
 * + |dk| < c S there); below it each S is tried. */
static int strided_apart(const sform *x, const sform *y) {
  if (!x->known || !y->known || !x->s || !y->s || strcmp(x->s, y->s) || !x->t ||
      x->t != y->t || x->u || y->u)
    return 0;
  long long ds = x->ss - y->ss, dh = x->h - y->h, dk = x->k - y->k;
  long long c = x->t < 0 ? -x->t : x->t;
  if (c > 1000000 || llabs(ds) > 1000000 || llabs(dh) > 1000000 ||
      llabs(dk) > 1000000 || llabs(2 * ds + dh) >= 2 * c)
    return 0;
  for (long long S = 1; S <= 64 + llabs(dh) + 2 * llabs(dk); S++) {
    long long d = ds * S + dh * (S >> 1) + dk;
    if (d != 0 && llabs(d) >= c * S)
      return 0;
  }
  return 1;
}

static int conflict(const access *a, int a_stale, const access *b) {
  if (!cx_key_eq(&a->root, &b->root) || a->write == b->write)
    return 0;
  if (a->field && b->field && strcmp(a->field, b->field))
    return 0; /* s[i].key and s[j].value: other bytes */
  if (a->fence == 2 && b->fence == 2 && !related(a, b))
    return 0; /* global memory at an element the data picks (d[d_edges[i]]
                 and d[tid]): the two threads may as well be in different
                 blocks, which no barrier orders, so no warp idiom */
  if (a->fence == 2 && b->fence == 2 && a->per_block && b->per_block &&
      a->own && b->own && !strcmp(a->text, b->text))
    return 0; /* g[P(blockIdx, threadIdx, k)] at two values of k: the
                 thread's own element of its block's part; where two threads
                 of a block could meet there, so could threads of two
                 blocks, which no barrier orders (HeCBench wsm5) */
  long long ta, tb;
  const char *sa, *sb;
  if (single_thread(&a->g, &ta, &sa) && single_thread(&b->g, &tb, &sb) &&
      ta == tb && (sa ? sb && !strcmp(sa, sb) : !sb))
    return 0;
  if (a->own && b->own && !strcmp(a->sig, b->sig))
    return 0;
  if (strided_apart(&a->sf, &b->sf))
    return 0;
  if (a->gf.kind && a->gf.kind == b->gf.kind && !strcmp(a->gf.w, b->gf.w) &&
      dev_index_shift_eq(a->gf.t, b->gf.t))
    return 0; /* cnt[(tid + 1) * n + e] and cnt[(tid + 1) * n + i]: one
                 thread's row (the row * W + col reading); t[i * n + tid]
                 and t[tid] under tid < n: one thread's column */
  if (a->lane && b->lane)
    return 0; /* s[lane + i * warpSize] and s[lane + j * warpSize]: the
                 threads of one warp keep to their own lanes' elements
                 (HeCBench bm3d's per-lane stacks) */
  lin x = a->idx, y = b->idx;
  if (x.known && y.known && x.coef && x.coef == y.coef &&
      (!x.sym || !a_stale) &&
      dev_index_same_sym((bound){0, 0, x.sym}, (bound){0, 0, y.sym}) &&
      (x.k - y.k) % x.coef != 0)
    return 0; /* 2 * tid and 2 * tid + 1: never one element */
  range ra = range_of(a, a_stale), rb = range_of(b, 0);
  if (dev_index_le(ra.hi, rb.lo) || dev_index_le(rb.hi, ra.lo))
    return 0;
  return 1;
}

static unsigned line_of(CXCursor c) {
  cx_loc l = cx_location(c);
  unsigned line = l.line;
  cx_loc_free(&l);
  return line;
}

static int same_extent(CXCursor a, CXCursor b) {
  return clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

/* Records a barrier (split: 0 before s, 1 splitting s, 2 an exchange that
 * cannot be synchronized) and reports it the first time. */
static void add_point(sync_walk *w, CXCursor s, int split, const access *a,
                      const access *b) {
  emitter *e = w->e;
  for (size_t i = 0; i < e->nsyncs; i++)
    if (e->syncs[i].split == split && same_extent(e->syncs[i].stmt, s)) {
      e->syncs[i].fence |= a->fence | b->fence;
      return;
    }
  e->syncs = xrealloc(e->syncs, (e->nsyncs + 1) * sizeof *e->syncs);
  e->syncs[e->nsyncs++] = (sync_point){s, split, a->fence | b->fence};
  if (split == 2) {
    dev_report_quiet(e, b->expr, CU2CL_D_UNSYNCHRONIZABLE_EXCHANGE, b->name,
                     line_of(a->expr));
    dev_report_quiet(e, a->expr, CU2CL_D_UNSYNCHRONIZABLE_EXCHANGE, a->name,
                     line_of(b->expr));
    return;
  }
  dev_report_quiet(e, s, CU2CL_D_IMPLICIT_WARP_SYNC, b->name, line_of(a->expr),
                   split ? "between the statement's reads and its store"
                         : "before this statement");
}

static void pend_add(pend *p, pitem it) {
  for (size_t i = 0; i < p->n; i++)
    if (p->v[i].a == it.a) {
      p->v[i].stale &= it.stale;
      return;
    }
  p->v = xrealloc(p->v, (p->n + 1) * sizeof *p->v);
  p->v[p->n++] = it;
}

static void pend_merge(pend *p, const pend *q) {
  for (size_t i = 0; i < q->n; i++)
    pend_add(p, q->v[i]);
}

static pend pend_copy(const pend *p) {
  pend q = {NULL, 0};
  pend_merge(&q, p);
  return q;
}

/* The first access of acc that conflicts with one of p: 1 and both. */
static int find_conflict(sync_walk *w, const pend *p, const pend *acc,
                         size_t *earlier, size_t *later) {
  for (size_t j = 0; j < acc->n; j++)
    for (size_t i = 0; i < p->n; i++)
      if (conflict(&w->pool[p->v[i].a], p->v[i].stale, &w->pool[acc->v[j].a])) {
        *earlier = p->v[i].a;
        *later = acc->v[j].a;
        return 1;
      }
  return 0;
}

/* ---- the walk ----------------------------------------------------------- */

static int is_loop(enum CXCursorKind k) {
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
         k == CXCursor_DoStmt;
}

/* The accesses of s (statements included), up to the first barrier. */
static void collect_stmt(sync_walk *w, CXCursor s, guard g, pend *out) {
  if (w->stopped)
    return;
  enum CXCursorKind k = clang_getCursorKind(s);
  if (clang_isExpression(k) || k == CXCursor_DeclStmt ||
      k == CXCursor_ReturnStmt) {
    if (has_barrier(w, s)) {
      w->stopped = 1;
      return;
    }
    collect_expr(w, s, s, g, out);
    return;
  }
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  for (unsigned i = 0; i < n && !w->stopped; i++) {
    guard gi = g;
    if (k == CXCursor_IfStmt && i == 1)
      gi = dev_index_refine(w, kids[0], g);
    collect_stmt(w, kids[i], gi, out); /* expressions: barriers end it */
  }
  free(kids);
}

static void walk_stmt(sync_walk *w, CXCursor s, guard g, pend *p);

/* if (C) return; or if (C) { ...; return; } with no other jump: the
 * threads past it are those where C is false. */
static int leaves(CXCursor s, CXCursor *cond) {
  if (clang_getCursorKind(s) != CXCursor_IfStmt)
    return 0;
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  int r = 0;
  if (n == 2) {
    *cond = kids[0];
    CXCursor b = kids[1];
    if (clang_getCursorKind(b) == CXCursor_CompoundStmt) {
      CXCursor *items;
      unsigned m = cx_children(b, &items);
      r = m > 0 && clang_getCursorKind(items[m - 1]) == CXCursor_ReturnStmt;
      for (unsigned i = 0; r && i + 1 < m; i++)
        r = !dev_index_is_jump(items[i], NULL) &&
            !dev_find(items[i], dev_index_is_jump, NULL, 1, NULL);
      free(items);
    } else {
      r = clang_getCursorKind(b) == CXCursor_ReturnStmt;
    }
  }
  free(kids);
  return r;
}

/* A branch or loop body: a block's items are statements of their own. */
static void walk_body(sync_walk *w, CXCursor s, guard g, pend *p) {
  if (clang_getCursorKind(s) != CXCursor_CompoundStmt) {
    walk_stmt(w, s, g, p);
    return;
  }
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  for (unsigned i = 0; i < n; i++) {
    walk_stmt(w, kids[i], g, p);
    CXCursor cond;
    if (leaves(kids[i], &cond))
      g = dev_index_refine_not(w, cond, g); /* those that stay */
  }
  free(kids);
}

/* The indices are known in relation to each other (affine in threadIdx.x,
 * or one unknown value plus constants: s[idx] and s[idx - 1]). Within a
 * statement only such accesses count: an algorithm stepping through two
 * independent indices (s[bi] += s[ai]) is taken to be correct. */
static int related(const access *a, const access *b) {
  return (a->idx.known && b->idx.known) ||
         (a->idx.atom && b->idx.atom && !strcmp(a->idx.atom, b->idx.atom));
}

/* s = v or s op= v whose store is the access a. */

static int splittable(CXCursor s, const access *a) {
  s = cx_strip_implicit(s);
  enum CXCursorKind k = clang_getCursorKind(s);
  if (k != CXCursor_CompoundAssignOperator &&
      !(k == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign))
    return 0;
  CXCursor lhs = dev_index_strip(dev_first_child(s));
  return same_extent(lhs, a->expr);
}

/* An expression or declaration: its reads against its own stores (a warp
 * makes every read before any store), then into pending. */
static void walk_accesses(sync_walk *w, CXCursor s, guard g, pend *p) {
  if (has_barrier(w, s)) {
    p->n = 0;
    return;
  }
  pend acc = {NULL, 0};
  collect_expr(w, s, s, g, &acc);
  for (size_t i = 0; i < acc.n; i++) {
    access *r = &w->pool[acc.v[i].a];
    for (size_t j = 0; j < acc.n && !r->write; j++) {
      access *x = &w->pool[acc.v[j].a];
      if (!x->write || !conflict(x, 0, r) || !related(x, r))
        continue;
      int ok = splittable(s, x) && clang_isExpression(clang_getCursorKind(s));
      for (size_t m = 0; m < acc.n && ok; m++)
        ok = !w->pool[acc.v[m].a].write || m == j;
      add_point(w, s, ok ? 1 : 2, r, x);
      if (ok) { /* after the split only the store is pending */
        p->n = 0;
        pend_add(p, (pitem){acc.v[j].a, 0});
        free(acc.v);
        return;
      }
    }
  }
  pend_merge(p, &acc);
  free(acc.v);
}

/* walk_accesses, then the assignments s makes count (own_signature). */
static void walk_simple(sync_walk *w, CXCursor s, guard g, pend *p) {
  if (clang_getCursorKind(s) == CXCursor_DeclStmt)
    dev_index_declared(w, s);
  walk_accesses(w, s, g, p);
  dev_index_bump(w, s);
}

static void walk_compound(sync_walk *w, CXCursor s, enum CXCursorKind k,
                          guard g, pend *p) {
  CXCursor *kids;
  unsigned n = cx_children(s, &kids);
  if (k == CXCursor_IfStmt && n >= 2) {
    pend acc = {NULL, 0};
    collect_expr(w, kids[0], s, g, &acc);
    pend_merge(p, &acc);
    free(acc.v);
    dev_index_bump(w, kids[0]);
    pend q = pend_copy(p);
    walk_body(w, kids[1], dev_index_refine(w, kids[0], g), p);
    if (n > 2)
      walk_body(w, kids[2], g, &q);
    pend_merge(p, &q);
    free(q.v);
  } else if (is_loop(k) && n) {
    unsigned body = k == CXCursor_DoStmt ? 0 : n - 1;
    for (unsigned i = 0; i < n; i++)
      if (i != body && clang_isExpression(clang_getCursorKind(kids[i])))
        walk_simple(w, kids[i], g, p);
      else if (i != body)
        walk_stmt(w, kids[i], g, p);
    walk_body(w, kids[body], g, p);
    for (size_t i = 0; i < p->n; i++)
      p->v[i].stale = 1;  /* the next iteration */
    dev_index_bump(w, s); /* what the header's step assigns, at least */
    walk_body(w, kids[body], g, p);
  } else if (n) { /* switch, case, default, attributed statements */
    walk_body(w, kids[n - 1], g, p);
  }
  free(kids);
}

static void walk_stmt(sync_walk *w, CXCursor s, guard g, pend *p) {
  enum CXCursorKind k = clang_getCursorKind(s);
  pend acc = {NULL, 0};
  w->stopped = 0;
  collect_stmt(w, s, g, &acc);
  size_t a, b;
  if (find_conflict(w, p, &acc, &a, &b)) {
    add_point(w, s, 0, &w->pool[a], &w->pool[b]);
    p->n = 0;
  }
  free(acc.v);
  if (k == CXCursor_CompoundStmt)
    walk_body(w, s, g, p);
  else if (clang_isExpression(k) || k == CXCursor_DeclStmt ||
           k == CXCursor_ReturnStmt)
    walk_simple(w, s, g, p);
  else
    walk_compound(w, s, k, g, p);
}

/* ---- entry points ------------------------------------------------------- */

static int is_user_call(CXCursor c, void *ctx) {
  emitter *e = ctx;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return 0;
  CXCursor callee = clang_getCursorReferenced(c);
  CXCursor def = dev_definition(e, callee);
  return !clang_Cursor_isNull(def) && !cx_in_system_header(callee) &&
         dev_is_user_function(def);
}

static void analyze_body(emitter *e, CXCursor fn, CXCursor body) {
  sync_walk w = {0};
  w.e = e;
  w.fn = fn;
  w.is_kernel = (cx_cuda_attrs(fn) & CX_GLOBAL) != 0;
  dev_index_assignments(&w, body, 0);
  dev_index_strides(&w, body);
  guard g = {{0, 0, NULL}, {1, 0, NULL}, {0}, NULL, NULL};
  pend p = {NULL, 0};
  walk_body(&w, body, g, &p);
  free(p.v);
  free(w.pool);
  free(w.vars);
  free(w.declared);
  strvec_free(&w.strs);
}

void dev_sync_analyze(emitter *e, CXCursor fn) {
  char *usr = cx_usr(fn);
  if (strvec_contains(&e->synced, usr)) {
    free(usr);
    return;
  }
  strvec_push_own(&e->synced, usr);
  CXCursor body = dev_function_body(fn);
  if (clang_Cursor_isNull(body))
    return;
  CXCursor *calls;
  size_t n = dev_find(body, is_user_call, e, 0, &calls);
  int callee_collective = 0;
  for (size_t i = 0; i < n; i++) {
    CXCursor def = dev_definition(e, clang_getCursorReferenced(calls[i]));
    dev_sync_analyze(e, def);
    fn_uses *cu = dev_uses_find(e, def);
    callee_collective |= cu && cu->collective;
  }
  free(calls);
  strbuf *saved = e->out;
  e->out = NULL;
  size_t before = e->nsyncs;
  analyze_body(e, fn, body);
  e->out = saved;
  fn_uses *u = dev_uses_of(e, fn);
  if (u && (callee_collective || e->nsyncs > before))
    u->collective = 1;
}

static int point_at(emitter *e, CXCursor s, int split, unsigned *fence) {
  for (size_t i = 0; i < e->nsyncs; i++)
    if (e->syncs[i].split == split && same_extent(e->syncs[i].stmt, s)) {
      *fence = e->syncs[i].fence;
      return 1;
    }
  return 0;
}

unsigned dev_sync_before(emitter *e, CXCursor s) {
  unsigned f = 0;
  return point_at(e, s, 0, &f) ? (f ? f : 3) : 0;
}

unsigned dev_sync_split(emitter *e, CXCursor s) {
  unsigned f = 0;
  return point_at(e, s, 1, &f) ? (f ? f : 3) : 0;
}

static int offsets(CXCursor c, CXFile *file, unsigned *b, unsigned *end) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXFile f2;
  clang_getExpansionLocation(clang_getRangeStart(r), file, NULL, NULL, b);
  clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, end);
  return *file && *file == f2;
}

int dev_sync_within(emitter *e, CXCursor s) {
  CXFile fs, fp;
  unsigned sb, se, pb, pe;
  if (!e->nsyncs || !offsets(s, &fs, &sb, &se))
    return 0;
  for (size_t i = 0; i < e->nsyncs; i++) {
    sync_point *p = &e->syncs[i];
    if (p->split == 2 || !offsets(p->stmt, &fp, &pb, &pe) ||
        !clang_File_isEqual(fs, fp) || pb < sb || pe > se)
      continue;
    if (p->split || pb != sb || pe != se)
      return 1;
  }
  return 0;
}

const char *dev_sync_flags(unsigned fence) {
  switch (fence) {
  case 1:
    return "CLK_LOCAL_MEM_FENCE";
  case 2:
    return "CLK_GLOBAL_MEM_FENCE";
  default:
    return "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE";
  }
}
