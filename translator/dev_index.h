/*
 * dev_index: what dev_sync knows of an index: values the same in every
 * thread of the block ("uniform"), affine forms in threadIdx.x, and the
 * range of threadIdx.x that enclosing conditions allow. Layer 9 of the
 * device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_INDEX_H
#define CU2CL_DEV_INDEX_H

#include "dev_state.h"

typedef struct bound {
  int inf;
  long long k;
  const char *sym; /* a uniform term's text, or NULL */
} bound;

/* A thread term: threadIdx.x + k + u (or - u when neg), u a uniform
 * term's text or NULL; one value per thread, another in each. */
typedef struct tshift {
  int ok;
  long long k;
  const char *u;
  int neg;
} tshift;

/* The range [lo, hi) of threadIdx.x that the enclosing conditions allow;
 * col_t < col_w where a condition held a thread term never negative below
 * a uniform width (its text); at_least a uniform term threadIdx.x is known
 * to reach (after if (threadIdx.x < u) return;). */
typedef struct guard {
  bound lo, hi;
  tshift col_t;
  const char *col_w;
  const char *at_least;
} guard;

/* coef * threadIdx.x + k + sym, when known; else, where it is atom + k
 * (a thread-dependent value whose form is not known), the atom's text. */
typedef struct lin {
  int known;
  long long coef, k;
  const char *sym;
  const char *atom;
} lin;

typedef struct var_info {
  cx_key key;
  CXCursor decl;
  int outside;      /* assigned after its declaration, outside for headers */
  int header;       /* assigned in a for header (a loop counter) */
  unsigned version; /* assignments the walk has passed (dev_index_bump) */
  int stride_bad;   /* an assignment that is no stride step */
  int stride;       /* a positive stride, the same in every thread */
} var_info;

/* An index in a stride S (a variable of dev_index_strides, text and
 * version in s): t * S * threadIdx.x + u * threadIdx.x + ss * S +
 * h * (S >> 1) + k. */
typedef struct sform {
  int known;
  const char *s;
  long long t, u, ss, h, k;
} sform;

struct access; /* dev_sync.c */

/* One walk of dev_sync over a function. */
typedef struct sync_walk {
  emitter *e;
  CXCursor fn;
  int is_kernel;
  var_info *vars;
  size_t nvars;
  struct access *pool;
  size_t npool;
  strvec strs;           /* texts the accesses point into */
  int stopped;           /* collect_stmt met a barrier */
  int bumping;           /* dev_index_assignments counts versions instead */
  int stride;            /* the assignment being counted is a uniform step */
  unsigned stride_epoch; /* assignments to strides the walk has passed */
  struct declared {
    cx_key key;
    unsigned epoch; /* stride_epoch at the declaration */
  } * declared;
  size_t ndeclared;
  int nested;      /* a caller's walk (dev_index_uniform's calls) */
  int parms_known; /* parms_uniform holds the calls' verdict */
  unsigned long long parms_uniform; /* bit i: every call passes a uniform
                                       value as parameter i */
} sync_walk;

/* Keeps s (heap) for the walk's lifetime; returns it. */
const char *dev_index_keep(sync_walk *w, char *s);
/* c without implicit nodes, parentheses and casts. */
CXCursor dev_index_strip(CXCursor c);
/* The record of a variable assigned after its declaration, or NULL. */
var_info *dev_index_var(sync_walk *w, CXCursor decl);
/* Records the variables assigned below c (header: in a for header). */
void dev_index_assignments(sync_walk *w, CXCursor c, int header);
/* Counts, in each variable's version, the assignments in c (the walk has
 * passed them). */
void dev_index_bump(sync_walk *w, CXCursor c);
/* 1 when c names the CUDA built-in variable (blockIdx, threadIdx, ...). */
int dev_index_builtin_var(CXCursor c, const char *name);
/* 1 when c has the same value in every thread of the block. */
int dev_index_uniform(sync_walk *w, CXCursor c, int depth);
/* A dev_find match: break, continue, goto or return. */
int dev_index_is_jump(CXCursor c, void *ctx);
/* c as coef * threadIdx.x + k + sym, or atom + k, or unknown. */
lin dev_index_lin(sync_walk *w, CXCursor c, int depth);
/* Finds the strides among the variables dev_index_assignments recorded:
 * a local variable starting at a positive constant whose every later
 * assignment is <<=, >>=, *= or /= by a positive constant, made in every
 * thread (under conditions the same in every thread, in no loop that a
 * jump leaves early). Such a variable is uniform. */
void dev_index_strides(sync_walk *w, CXCursor body);
/* The walk passes the declaration s: its variables' initializers hold
 * the strides' values of now. */
void dev_index_declared(sync_walk *w, CXCursor s);
/* c in a stride (dev_index_strides), else unknown. */
sform dev_index_sform(sync_walk *w, CXCursor c, int depth);
/* 1 when c is lane + x * warpSize (lane: threadIdx.x % warpSize or & 31,
 * x anything): every element it picks is the thread's own lane's residue,
 * so two threads of one warp never meet there. */
int dev_index_lane_residue(sync_walk *w, CXCursor c, int depth);
/* g narrowed by the condition cond, or by its negation (a branch every
 * thread that leaves the other way returns from). */
guard dev_index_refine(sync_walk *w, CXCursor cond, guard g);
guard dev_index_refine_not(sync_walk *w, CXCursor cond, guard g);

/* c as a thread term (ok 0 when it is none). */
tshift dev_index_thread_shift(sync_walk *w, CXCursor c, int depth);
/* a and b are one thread term. */
int dev_index_shift_eq(tshift a, tshift b);
/* A uniform term's text, with the versions of the strides it names. */
const char *dev_index_sym(sync_walk *w, CXCursor c);
/* Whether d's initializer init still has its value (no stride it names
 * changed since the walk passed d's declaration). */
int dev_index_init_current(sync_walk *w, CXCursor d, CXCursor init);
/* Bounds with the same uniform term; a <= b, provably. */
int dev_index_same_sym(bound a, bound b);
int dev_index_le(bound a, bound b);

#endif
