/*
 * dev_table: indices read as tables for dev_sync. An index X * W + C is
 * row X, column C of a table of width W, C within [0, W) - what
 * row * W + col means to the one who wrote it. A thread's own row (X a
 * thread term, dev_index_thread_shift) or own column (C one that a
 * condition keeps within [0, W)) is nobody else's, so accesses there are
 * no exchange between threads (a counting sort's per-thread counters, a
 * private histogram per thread).
 *
 * Layer 9 of the device emitter (dev_state.h), above dev_index: calls
 * dev_state and dev_index.
 */
#include "dev_table.h"

#include <stdlib.h>
#include <string.h>

static int is_load(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  return k == CXCursor_ArraySubscriptExpr ||
         (k == CXCursor_UnaryOperator &&
          clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref);
}

typedef struct assigns_of {
  cx_key key;
  int bad;
} assigns_of;

/* Each assignment to the variable ctx names stores a load (v = p[i]);
 * any other (v += 1, ++v, v = i) marks it bad. */
static int check_assign(CXCursor c, void *ctx) {
  assigns_of *a = ctx;
  enum CXCursorKind k = clang_getCursorKind(c);
  int assign =
      k == CXCursor_CompoundAssignOperator ||
      (k == CXCursor_BinaryOperator &&
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign);
  int step = k == CXCursor_UnaryOperator &&
             clang_getCursorUnaryOperatorKind(c) >= CXUnaryOperator_PostInc &&
             clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec;
  if (!assign && !step)
    return 0;
  CXCursor lhs = dev_index_strip(dev_first_child(c));
  if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
    return 0;
  cx_key key = cx_key_of(clang_getCursorReferenced(lhs));
  if (!cx_key_eq(&key, &a->key))
    return 0;
  if (step || k == CXCursor_CompoundAssignOperator ||
      !is_load(dev_index_strip(dev_last_child(c))))
    a->bad = 1;
  return 0;
}

/* c is a value the data picks: a load, or a local variable that holds
 * only loads (int e = ids[i]; e = map[e];). */
static int data_picked(sync_walk *w, CXCursor c) {
  c = dev_index_strip(c);
  if (is_load(c))
    return 1;
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return 0;
  CXCursor d = clang_getCursorReferenced(c);
  CXCursor init = clang_getCursorKind(d) == CXCursor_VarDecl
                      ? dev_var_init(d)
                      : clang_getNullCursor();
  if (clang_Cursor_isNull(init) || cx_in_system_header(d) ||
      !is_load(dev_index_strip(init)))
    return 0;
  if (!dev_index_var(w, d))
    return 1;
  assigns_of a = {cx_key_of(d), 0};
  dev_find(w->fn, check_assign, &a, 0, NULL);
  return !a.bad;
}

/* The for statement whose header declares the variable ctx names. */
static int declares_counter(CXCursor c, void *ctx) {
  if (clang_getCursorKind(c) != CXCursor_ForStmt)
    return 0;
  CXCursor init = dev_first_child(c);
  if (clang_getCursorKind(init) != CXCursor_DeclStmt)
    return 0;
  CXCursor v = dev_first_child(init);
  cx_key k = cx_key_of(v);
  return cx_key_eq(&k, (cx_key *)ctx);
}

/* c is the counter of for (int i = k; i < W; ++i) (k >= 0 constant, i
 * assigned only there; i++, += a positive constant): in [0, W). */
static int counter_below(sync_walk *w, CXCursor c, const char *wt) {
  c = dev_index_strip(c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return 0;
  CXCursor d = clang_getCursorReferenced(c);
  var_info *v = dev_index_var(w, d);
  long long k;
  if (!v || v->outside || clang_Cursor_isNull(dev_var_init(d)) ||
      !cx_eval_int(dev_index_strip(dev_var_init(d)), &k, NULL) || k < 0)
    return 0;
  cx_key key = cx_key_of(d);
  CXCursor *found = NULL;
  int r = 0;
  if (dev_find(w->fn, declares_counter, &key, 1, &found) == 1) {
    CXCursor *kids;
    unsigned n = cx_children(found[0], &kids);
    CXCursor cond = n == 4 ? dev_index_strip(kids[1]) : clang_getNullCursor();
    CXCursor step = n == 4 ? dev_index_strip(kids[2]) : clang_getNullCursor();
    if (!clang_Cursor_isNull(cond) &&
        clang_getCursorKind(cond) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(cond) == CXBinaryOperator_LT) {
      CXCursor lhs = dev_index_strip(dev_first_child(cond));
      CXCursor rhs = dev_index_strip(dev_last_child(cond));
      cx_key lk = cx_key_of(clang_getCursorReferenced(lhs));
      r = clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
          cx_key_eq(&lk, &key) && dev_index_uniform(w, rhs, 3) &&
          !strcmp(dev_index_sym(w, rhs), wt);
    }
    enum CXCursorKind sk = clang_getCursorKind(step);
    long long s;
    r = r &&
        ((sk == CXCursor_UnaryOperator &&
          (clang_getCursorUnaryOperatorKind(step) == CXUnaryOperator_PostInc ||
           clang_getCursorUnaryOperatorKind(step) == CXUnaryOperator_PreInc)) ||
         (sk == CXCursor_CompoundAssignOperator &&
          clang_getCursorBinaryOperatorKind(step) ==
              CXBinaryOperator_AddAssign &&
          cx_eval_int(dev_index_strip(dev_last_child(step)), &s, NULL) &&
          s > 0));
    free(kids);
  }
  free(found);
  return r;
}

/* C within [0, W) (W's text wt, cursor wc). */
static int column_within(sync_walk *w, CXCursor c, CXCursor wc,
                         const char *wt) {
  long long v, wv;
  if (cx_eval_int(dev_index_strip(c), &v, NULL))
    return v == 0 ||
           (v > 0 && cx_eval_int(dev_index_strip(wc), &wv, NULL) && v < wv);
  return counter_below(w, c, wt) || data_picked(w, c);
}

gform dev_table_grid(sync_walk *w, CXCursor index, guard g) {
  gform r = {0};
  CXCursor terms[2];
  unsigned nt = 0;
  index = dev_index_strip(index);
  if (clang_getCursorKind(index) == CXCursor_BinaryOperator &&
      clang_getCursorBinaryOperatorKind(index) == CXBinaryOperator_Add) {
    CXCursor *kids;
    if (cx_children(index, &kids) == 2) {
      terms[0] = dev_index_strip(kids[0]);
      terms[1] = dev_index_strip(kids[1]);
      nt = 2;
    }
    free(kids);
  } else {
    terms[0] = index;
    nt = 1;
  }
  for (unsigned m = 0; m < nt && !r.kind; m++) {
    CXCursor mul = terms[m];
    CXCursor col = nt == 2 ? terms[!m] : clang_getNullCursor();
    /* the column form: the guard's thread term, and W its width */
    tshift ct = clang_Cursor_isNull(col) ? (tshift){0}
                                         : dev_index_thread_shift(w, col, 3);
    if (nt == 1 &&
        dev_index_shift_eq(dev_index_thread_shift(w, mul, 3), g.col_t))
      return (gform){'c', g.col_w, g.col_t}; /* T alone: X = 0 */
    if (clang_getCursorKind(mul) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(mul) != CXBinaryOperator_Mul)
      continue;
    CXCursor *f;
    if (cx_children(mul, &f) != 2) {
      free(f);
      continue;
    }
    for (int i = 0; i < 2 && !r.kind; i++) {
      CXCursor x = dev_index_strip(f[i]), wc = dev_index_strip(f[!i]);
      if (!dev_index_uniform(w, wc, 3))
        continue;
      const char *wt = dev_index_sym(w, wc);
      tshift rt = dev_index_thread_shift(w, x, 3);
      if (rt.ok && (clang_Cursor_isNull(col) || column_within(w, col, wc, wt)))
        r = (gform){'r', wt, rt};
      else if (dev_index_shift_eq(ct, g.col_t) && !strcmp(wt, g.col_w))
        r = (gform){'c', wt, ct};
    }
    free(f);
  }
  return r;
}
