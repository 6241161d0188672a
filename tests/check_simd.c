/*
 * check_simd: CUDA's SIMD intrinsics (rules/device_simd.def and their
 * helpers in rules/prelude_simd.cl) on PoCL against a C reference written
 * from CUDA's documented semantics.
 *
 * Every row of device_simd.def is expanded as the translator expands it
 * (the arguments: uint or int variables, the address of private bools)
 * into one kernel, and each kernel runs over 2^20 inputs: every pair of
 * byte values in each of the four byte lanes; every halfword value against
 * the edges 0, 1, 0x7f, 0x80, 0xff, 0x100, 0x7ffe, 0x7fff, 0x8000,
 * 0x8001, 0xff7f, 0xff80, 0xfffe, 0xffff in both halfword lanes; random
 * words. The results and the predicates of __vibmax/__vibmin must be the
 * reference's, bit for bit. The reference computes lane by lane in 64-bit
 * integers, nothing clever; it gave an H200's results (CUDA 13) for all
 * 118 functions on the same kinds of inputs. The examples of CUDA's
 * documentation and hand-worked edge cases pin the reference itself, the
 * predicates run with their pointers in global and local memory too, and
 * the table here and device_simd.def must name the same functions.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_fixture.h"
#include "util.h"

#define N (1u << 20) /* inputs per function */

typedef struct row {
  const char *name, *sig, *ocl, *notes;
} row;

/* The whole table (a SIMD row must not be shadowed by an earlier one). */
static const row rows[] = {
#define CU2CL_DEVICE_FN(NAME, SIG, OCL, NOTES) {#NAME, SIG, OCL, NOTES},
#include "../rules/device_functions.def"
#undef CU2CL_DEVICE_FN
};
#define NROWS (sizeof rows / sizeof rows[0])

/* The family's own rows. */
static const row simd_rows[] = {
#define CU2CL_DEVICE_FN(NAME, SIG, OCL, NOTES) {#NAME, SIG, OCL, NOTES},
#include "../rules/device_simd.def"
#undef CU2CL_DEVICE_FN
};
#define NSIMD (sizeof simd_rows / sizeof simd_rows[0])

/* ---- The reference -------------------------------------------------------
 * One entry per function: the operation on each lane, the lane width (8,
 * 16, or 32 for the whole word), whether the lanes are signed and, for
 * comparisons, the relation. */

typedef enum {
  OP_ABS,        /* |a|, wrapping */
  OP_ABSSS,      /* |a|, signed saturation */
  OP_ADD,        /* a + b, wrapping */
  OP_ADDSS,      /* a + b, signed saturation */
  OP_ADDUS,      /* a + b, unsigned saturation */
  OP_AVGS,       /* (a + b) / 2, halves away from zero */
  OP_AVGU,       /* (a + b + 1) / 2 */
  OP_HADDU,      /* (a + b) / 2, truncated */
  OP_CMP,        /* all ones where the relation holds */
  OP_SET,        /* 1 where the relation holds */
  OP_ABSDIFF,    /* |a - b| */
  OP_MAX,        /* max(a, b) */
  OP_MIN,        /* min(a, b) */
  OP_SAD,        /* the sum over the lanes of |a - b| */
  OP_SUB,        /* a - b, wrapping */
  OP_SUBSS,      /* a - b, signed saturation */
  OP_SUBUS,      /* a - b, unsigned saturation */
  OP_NEG,        /* -a, wrapping */
  OP_NEGSS,      /* -a, signed saturation */
  OP_MAXRELU,    /* max(a, b, 0) */
  OP_MINRELU,    /* max(min(a, b), 0) */
  OP_MAX3,       /* max(a, b, c) */
  OP_MIN3,       /* min(a, b, c) */
  OP_MAX3RELU,   /* max(a, b, c, 0) */
  OP_MIN3RELU,   /* max(min(a, b, c), 0) */
  OP_ADDMAX,     /* max(a + b, c), the sum wrapping in the lane */
  OP_ADDMIN,     /* min(a + b, c) */
  OP_ADDMAXRELU, /* max(a + b, c, 0) */
  OP_ADDMINRELU, /* max(min(a + b, c), 0) */
  OP_BMAX,       /* max(a, b); predicate a >= b */
  OP_BMIN        /* min(a, b); predicate a <= b */
} simd_op;

typedef enum { R_NO, R_EQ, R_NE, R_GE, R_GT, R_LE, R_LT } simd_rel;

typedef struct simd_fn {
  const char *name;
  simd_op op;
  int w, sgn;
  simd_rel rel;
} simd_fn;

static const simd_fn fns[] = {
    {"__vabs2", OP_ABS, 16, 1, R_NO},
    {"__vabsss2", OP_ABSSS, 16, 1, R_NO},
    {"__vadd2", OP_ADD, 16, 0, R_NO},
    {"__vaddss2", OP_ADDSS, 16, 1, R_NO},
    {"__vaddus2", OP_ADDUS, 16, 0, R_NO},
    {"__vavgs2", OP_AVGS, 16, 1, R_NO},
    {"__vavgu2", OP_AVGU, 16, 0, R_NO},
    {"__vhaddu2", OP_HADDU, 16, 0, R_NO},
    {"__vcmpeq2", OP_CMP, 16, 0, R_EQ},
    {"__vcmpne2", OP_CMP, 16, 0, R_NE},
    {"__vcmpges2", OP_CMP, 16, 1, R_GE},
    {"__vcmpgeu2", OP_CMP, 16, 0, R_GE},
    {"__vcmpgts2", OP_CMP, 16, 1, R_GT},
    {"__vcmpgtu2", OP_CMP, 16, 0, R_GT},
    {"__vcmples2", OP_CMP, 16, 1, R_LE},
    {"__vcmpleu2", OP_CMP, 16, 0, R_LE},
    {"__vcmplts2", OP_CMP, 16, 1, R_LT},
    {"__vcmpltu2", OP_CMP, 16, 0, R_LT},
    {"__vabsdiffs2", OP_ABSDIFF, 16, 1, R_NO},
    {"__vabsdiffu2", OP_ABSDIFF, 16, 0, R_NO},
    {"__vmaxs2", OP_MAX, 16, 1, R_NO},
    {"__vmaxu2", OP_MAX, 16, 0, R_NO},
    {"__vmins2", OP_MIN, 16, 1, R_NO},
    {"__vminu2", OP_MIN, 16, 0, R_NO},
    {"__vseteq2", OP_SET, 16, 0, R_EQ},
    {"__vsetne2", OP_SET, 16, 0, R_NE},
    {"__vsetges2", OP_SET, 16, 1, R_GE},
    {"__vsetgeu2", OP_SET, 16, 0, R_GE},
    {"__vsetgts2", OP_SET, 16, 1, R_GT},
    {"__vsetgtu2", OP_SET, 16, 0, R_GT},
    {"__vsetles2", OP_SET, 16, 1, R_LE},
    {"__vsetleu2", OP_SET, 16, 0, R_LE},
    {"__vsetlts2", OP_SET, 16, 1, R_LT},
    {"__vsetltu2", OP_SET, 16, 0, R_LT},
    {"__vsads2", OP_SAD, 16, 1, R_NO},
    {"__vsadu2", OP_SAD, 16, 0, R_NO},
    {"__vsub2", OP_SUB, 16, 0, R_NO},
    {"__vsubss2", OP_SUBSS, 16, 1, R_NO},
    {"__vsubus2", OP_SUBUS, 16, 0, R_NO},
    {"__vneg2", OP_NEG, 16, 0, R_NO},
    {"__vnegss2", OP_NEGSS, 16, 1, R_NO},
    {"__vabs4", OP_ABS, 8, 1, R_NO},
    {"__vabsss4", OP_ABSSS, 8, 1, R_NO},
    {"__vadd4", OP_ADD, 8, 0, R_NO},
    {"__vaddss4", OP_ADDSS, 8, 1, R_NO},
    {"__vaddus4", OP_ADDUS, 8, 0, R_NO},
    {"__vavgs4", OP_AVGS, 8, 1, R_NO},
    {"__vavgu4", OP_AVGU, 8, 0, R_NO},
    {"__vhaddu4", OP_HADDU, 8, 0, R_NO},
    {"__vcmpeq4", OP_CMP, 8, 0, R_EQ},
    {"__vcmpne4", OP_CMP, 8, 0, R_NE},
    {"__vcmpges4", OP_CMP, 8, 1, R_GE},
    {"__vcmpgeu4", OP_CMP, 8, 0, R_GE},
    {"__vcmpgts4", OP_CMP, 8, 1, R_GT},
    {"__vcmpgtu4", OP_CMP, 8, 0, R_GT},
    {"__vcmples4", OP_CMP, 8, 1, R_LE},
    {"__vcmpleu4", OP_CMP, 8, 0, R_LE},
    {"__vcmplts4", OP_CMP, 8, 1, R_LT},
    {"__vcmpltu4", OP_CMP, 8, 0, R_LT},
    {"__vabsdiffs4", OP_ABSDIFF, 8, 1, R_NO},
    {"__vabsdiffu4", OP_ABSDIFF, 8, 0, R_NO},
    {"__vmaxs4", OP_MAX, 8, 1, R_NO},
    {"__vmaxu4", OP_MAX, 8, 0, R_NO},
    {"__vmins4", OP_MIN, 8, 1, R_NO},
    {"__vminu4", OP_MIN, 8, 0, R_NO},
    {"__vseteq4", OP_SET, 8, 0, R_EQ},
    {"__vsetne4", OP_SET, 8, 0, R_NE},
    {"__vsetges4", OP_SET, 8, 1, R_GE},
    {"__vsetgeu4", OP_SET, 8, 0, R_GE},
    {"__vsetgts4", OP_SET, 8, 1, R_GT},
    {"__vsetgtu4", OP_SET, 8, 0, R_GT},
    {"__vsetles4", OP_SET, 8, 1, R_LE},
    {"__vsetleu4", OP_SET, 8, 0, R_LE},
    {"__vsetlts4", OP_SET, 8, 1, R_LT},
    {"__vsetltu4", OP_SET, 8, 0, R_LT},
    {"__vsads4", OP_SAD, 8, 1, R_NO},
    {"__vsadu4", OP_SAD, 8, 0, R_NO},
    {"__vsub4", OP_SUB, 8, 0, R_NO},
    {"__vsubss4", OP_SUBSS, 8, 1, R_NO},
    {"__vsubus4", OP_SUBUS, 8, 0, R_NO},
    {"__vneg4", OP_NEG, 8, 0, R_NO},
    {"__vnegss4", OP_NEGSS, 8, 1, R_NO},
    {"__vimax_s32_relu", OP_MAXRELU, 32, 1, R_NO},
    {"__vimin_s32_relu", OP_MINRELU, 32, 1, R_NO},
    {"__vimax3_s32", OP_MAX3, 32, 1, R_NO},
    {"__vimin3_s32", OP_MIN3, 32, 1, R_NO},
    {"__vimax3_s32_relu", OP_MAX3RELU, 32, 1, R_NO},
    {"__vimin3_s32_relu", OP_MIN3RELU, 32, 1, R_NO},
    {"__viaddmax_s32", OP_ADDMAX, 32, 1, R_NO},
    {"__viaddmin_s32", OP_ADDMIN, 32, 1, R_NO},
    {"__viaddmax_s32_relu", OP_ADDMAXRELU, 32, 1, R_NO},
    {"__viaddmin_s32_relu", OP_ADDMINRELU, 32, 1, R_NO},
    {"__vibmax_s32", OP_BMAX, 32, 1, R_NO},
    {"__vibmin_s32", OP_BMIN, 32, 1, R_NO},
    {"__vimax_s16x2_relu", OP_MAXRELU, 16, 1, R_NO},
    {"__vimin_s16x2_relu", OP_MINRELU, 16, 1, R_NO},
    {"__vimax3_s16x2", OP_MAX3, 16, 1, R_NO},
    {"__vimin3_s16x2", OP_MIN3, 16, 1, R_NO},
    {"__vimax3_s16x2_relu", OP_MAX3RELU, 16, 1, R_NO},
    {"__vimin3_s16x2_relu", OP_MIN3RELU, 16, 1, R_NO},
    {"__viaddmax_s16x2", OP_ADDMAX, 16, 1, R_NO},
    {"__viaddmin_s16x2", OP_ADDMIN, 16, 1, R_NO},
    {"__viaddmax_s16x2_relu", OP_ADDMAXRELU, 16, 1, R_NO},
    {"__viaddmin_s16x2_relu", OP_ADDMINRELU, 16, 1, R_NO},
    {"__vibmax_s16x2", OP_BMAX, 16, 1, R_NO},
    {"__vibmin_s16x2", OP_BMIN, 16, 1, R_NO},
    {"__vimax3_u32", OP_MAX3, 32, 0, R_NO},
    {"__vimin3_u32", OP_MIN3, 32, 0, R_NO},
    {"__viaddmax_u32", OP_ADDMAX, 32, 0, R_NO},
    {"__viaddmin_u32", OP_ADDMIN, 32, 0, R_NO},
    {"__vibmax_u32", OP_BMAX, 32, 0, R_NO},
    {"__vibmin_u32", OP_BMIN, 32, 0, R_NO},
    {"__vimax3_u16x2", OP_MAX3, 16, 0, R_NO},
    {"__vimin3_u16x2", OP_MIN3, 16, 0, R_NO},
    {"__viaddmax_u16x2", OP_ADDMAX, 16, 0, R_NO},
    {"__viaddmin_u16x2", OP_ADDMIN, 16, 0, R_NO},
    {"__vibmax_u16x2", OP_BMAX, 16, 0, R_NO},
    {"__vibmin_u16x2", OP_BMIN, 16, 0, R_NO},
};
#define NFNS (sizeof fns / sizeof fns[0])

/* Lane k of x (w bits), sign-extended when sgn. */
static int64_t lane(uint32_t x, int k, int w, int sgn) {
  uint64_t mask = w == 32 ? 0xffffffffull : (1ull << w) - 1;
  int64_t v = (int64_t)((x >> (k * w)) & mask);
  if (sgn && v >= (int64_t)1 << (w - 1))
    v -= (int64_t)1 << w;
  return v;
}

static int64_t max64(int64_t a, int64_t b) {
  return a > b ? a : b;
}
static int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}
static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return min64(max64(v, lo), hi);
}

static int holds(simd_rel rel, int64_t a, int64_t b) {
  switch (rel) {
  case R_EQ:
    return a == b;
  case R_NE:
    return a != b;
  case R_GE:
    return a >= b;
  case R_GT:
    return a > b;
  case R_LE:
    return a <= b;
  default:
    return a < b;
  }
}

/* a + b as the lane holds it: wrapped to w bits. */
static int64_t lane_sum(int64_t a, int64_t b, int w, int sgn) {
  return lane((uint32_t)(a + b), 0, w, sgn);
}

/* The exact value of one lane (before it is cut to w bits); *pred for the
 * __vib* forms. */
static int64_t ref_lane(const simd_fn *f, int64_t a, int64_t b, int64_t c,
                        int *pred) {
  int w = f->w;
  int64_t smax = ((int64_t)1 << (w - 1)) - 1, smin = -smax - 1;
  int64_t umax = ((int64_t)1 << w) - 1, s = a + b;
  switch (f->op) {
  case OP_ABS:
    return a < 0 ? -a : a;
  case OP_ABSSS:
    return min64(a < 0 ? -a : a, smax);
  case OP_ADD:
    return s;
  case OP_ADDSS:
    return clamp64(s, smin, smax);
  case OP_ADDUS:
    return min64(s, umax);
  case OP_AVGS:
    return s >= 0 ? (s + 1) / 2 : -((1 - s) / 2);
  case OP_AVGU:
    return (s + 1) / 2;
  case OP_HADDU:
    return s / 2;
  case OP_CMP:
    return holds(f->rel, a, b) ? umax : 0;
  case OP_SET:
    return holds(f->rel, a, b);
  case OP_ABSDIFF:
  case OP_SAD:
    return a > b ? a - b : b - a;
  case OP_MAX:
    return max64(a, b);
  case OP_MIN:
    return min64(a, b);
  case OP_SUB:
    return a - b;
  case OP_SUBSS:
    return clamp64(a - b, smin, smax);
  case OP_SUBUS:
    return max64(a - b, 0);
  case OP_NEG:
    return -a;
  case OP_NEGSS:
    return clamp64(-a, smin, smax);
  case OP_MAXRELU:
    return max64(max64(a, b), 0);
  case OP_MINRELU:
    return max64(min64(a, b), 0);
  case OP_MAX3:
    return max64(max64(a, b), c);
  case OP_MIN3:
    return min64(min64(a, b), c);
  case OP_MAX3RELU:
    return max64(max64(max64(a, b), c), 0);
  case OP_MIN3RELU:
    return max64(min64(min64(a, b), c), 0);
  case OP_ADDMAX:
    return max64(lane_sum(a, b, w, f->sgn), c);
  case OP_ADDMIN:
    return min64(lane_sum(a, b, w, f->sgn), c);
  case OP_ADDMAXRELU:
    return max64(max64(lane_sum(a, b, w, f->sgn), c), 0);
  case OP_ADDMINRELU:
    return max64(min64(lane_sum(a, b, w, f->sgn), c), 0);
  case OP_BMAX:
    *pred = a >= b;
    return max64(a, b);
  default: /* OP_BMIN */
    *pred = a <= b;
    return min64(a, b);
  }
}

/* The function's result; *pred gets lane k's predicate in bit k (pred_lo
 * bit 0, pred_hi bit 1). */
static uint32_t ref_fn(const simd_fn *f, uint32_t a, uint32_t b, uint32_t c,
                       unsigned *pred) {
  uint64_t mask = f->w == 32 ? 0xffffffffull : (1ull << f->w) - 1;
  uint32_t r = 0;
  uint64_t sum = 0;
  *pred = 0;
  for (int k = 0; k < 32 / f->w; k++) {
    int p = 0;
    int64_t v = ref_lane(f, lane(a, k, f->w, f->sgn), lane(b, k, f->w, f->sgn),
                         lane(c, k, f->w, f->sgn), &p);
    *pred |= (unsigned)p << k;
    sum += (uint64_t)v;
    r |= (uint32_t)(((uint64_t)v & mask) << (k * f->w));
  }
  return f->op == OP_SAD ? (uint32_t)sum : r;
}

/* ---- Inputs ---------------------------------------------------------------
 */

static uint64_t mix64(uint64_t z) { /* splitmix64's finalizer */
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static const uint32_t edges16[14] = {0,      1,      0x7f,   0x80,   0xff,
                                     0x100,  0x7ffe, 0x7fff, 0x8000, 0x8001,
                                     0xff7f, 0xff80, 0xfffe, 0xffff};

/* Input i: [0, 2^16) every byte pair (x, y) in each byte lane, in both
 * orders; [2^16, 15 * 2^16) an edge halfword against every halfword; the
 * rest random (b mostly a's neighbour in some lanes). c: random, edges or
 * a mix of a and b. */
static void make_input(uint32_t i, uint32_t *a, uint32_t *b, uint32_t *c) {
  uint64_t r = mix64(i);
  uint32_t t = (uint32_t)(r >> 32);
  if (i < 65536) {
    uint32_t x = i & 0xff, y = i >> 8;
    *a = x | y << 8 | (x ^ 0x80) << 16 | (y ^ 0x7f) << 24;
    *b = y | x << 8 | ((y + 0x80) & 0xff) << 16 | (x ^ 0xff) << 24;
    *c = i & 1 ? *a ^ *b : (uint32_t)r;
  } else if (i < 15 * 65536) {
    uint32_t j = i - 65536, e = edges16[j >> 16], v = j & 0xffff;
    *a = e | v << 16;
    *b = v | e << 16;
    switch (i & 3) {
    case 0:
      *c = t;
      break;
    case 1:
      *c = edges16[t % 14] | edges16[(t >> 8) % 14] << 16;
      break;
    case 2:
      *c = *b;
      break;
    default:
      *c = *a ^ *b;
    }
  } else {
    uint64_t s = mix64(r);
    *a = (uint32_t)r;
    *b = t;
    *c = (uint32_t)s;
    if (i & 1) /* a with some lanes changed by one */
      *b = *a ^ (0x01010101u & (uint32_t)(s >> 32));
  }
}

/* ---- The rows as the translator expands them ---------------------------- */

static const row *find_row(const char *name) {
  for (size_t i = 0; i < NROWS; i++)
    if (!strcmp(rows[i].name, name))
      return &rows[i];
  return NULL;
}

/* The template with $i replaced by args[i] and $Ai by space. */
static char *expand(const char *tpl, const char *const *args,
                    const char *space) {
  strbuf b = {0};
  for (const char *p = tpl; *p; p++) {
    if (p[0] == '$' && p[1] == 'A' && p[2] >= '0' && p[2] <= '9') {
      strbuf_append(&b, space);
      p += 2;
    } else if (p[0] == '$' && p[1] >= '0' && p[1] <= '3') {
      strbuf_append(&b, args[p[1] - '0']);
      p++;
    } else {
      strbuf_appendc(&b, *p);
    }
  }
  return strbuf_take(&b);
}

/* The call of f's row on a[i], b[i], c[i] (int parameters get ints) with
 * its predicates written through pointers to p or to ph and pl, which
 * live in `space` (their declarations are the kernel's business). */
static char *call_of(const simd_fn *f, const char *p, const char *ph,
                     const char *pl, const char *space) {
  const row *r = find_row(f->name);
  ck_assert_msg(r && r->ocl, "no usable row for %s", f->name);
  const char *in[3] = {"a[i]", "b[i]", "c[i]"};
  char *args[4] = {NULL, NULL, NULL, NULL};
  const char *s = r->sig;
  int n = 0, bools = (int)(strstr(s, "bool *, bool *") != NULL) + 1;
  while (*s && n < 4) {
    size_t len = strcspn(s, ",");
    if (!strncmp(s, "bool *", len))
      args[n] = xstrdup(bools == 2 ? (n == 2 ? ph : pl) : p);
    else if (!strncmp(s, "int", len))
      args[n] = xasprintf("as_int(%s)", in[n]);
    else
      args[n] = xstrdup(in[n]);
    n++;
    s += len + (s[len] == ',' ? 2 : 0);
  }
  for (int k = n; k < 4; k++)
    args[k] = xstrdup("?");
  char *call = expand(r->ocl, (const char *const *)args, space);
  for (int k = 0; k < 4; k++)
    free(args[k]);
  return call;
}

/* ---- OpenCL plumbing ---------------------------------------------------- */

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue queue;
static cl_program prog;

/* Kernel f<k> evaluates function k: r[i] its result, pr[i] its predicates
 * (bit 0 pred or pred_lo, bit 1 pred_hi). Kernel spaces<k> does the same
 * for a __vib* function with the predicates in global memory (r[2i],
 * pr[2i]) and in local memory (r[2i + 1], pr[2i + 1]). */
static char *kernels_source(void) {
  char *pre = read_file(CU2CL_SOURCE_DIR "/rules/prelude_simd.cl", NULL);
  ck_assert_msg(pre != NULL, "cannot read rules/prelude_simd.cl");
  strbuf b = {0};
  strbuf_printf(&b,
                "%s\n#define ARGS global const uint *a, global const "
                "uint *b, global const uint *c, global uint *r, "
                "global uint *pr\n",
                pre);
  free(pre);
  for (size_t k = 0; k < NFNS; k++) {
    char *call = call_of(&fns[k], "&p", "&ph", "&pl", "private");
    strbuf_printf(&b,
                  "kernel void f%zu(ARGS) {\n"
                  "  size_t i = get_global_id(0);\n"
                  "  bool p = false, ph = false, pl = false;\n"
                  "  r[i] = (uint)(%s);\n"
                  "  pr[i] = (uint)(p | pl) | (uint)ph << 1;\n}\n",
                  k, call);
    free(call);
    if (fns[k].op != OP_BMAX && fns[k].op != OP_BMIN)
      continue;
    char *g = call_of(&fns[k], "gp + 2 * i", "gp + 2 * i + 1", "gp + 2 * i",
                      "global");
    char *l =
        call_of(&fns[k], "lp + 2 * l", "lp + 2 * l + 1", "lp + 2 * l", "local");
    strbuf_printf(&b,
                  "kernel void spaces%zu(ARGS, global bool *gp) {\n"
                  "  local bool lp[2 * 64];\n"
                  "  size_t i = get_global_id(0), l = get_local_id(0);\n"
                  "  gp[2 * i] = gp[2 * i + 1] = lp[2 * l] = lp[2 * l + 1] "
                  "= false;\n"
                  "  r[2 * i] = (uint)(%s);\n"
                  "  pr[2 * i] = (uint)gp[2 * i] | (uint)gp[2 * i + 1] << "
                  "1;\n"
                  "  r[2 * i + 1] = (uint)(%s);\n"
                  "  pr[2 * i + 1] = (uint)lp[2 * l] | (uint)lp[2 * l + 1] "
                  "<< 1;\n}\n",
                  k, g, l);
    free(g);
    free(l);
  }
  return strbuf_take(&b);
}

static void cl_setup(void) {
  clfx_open(&dev, &ctx, &queue);
  char *text = kernels_source();
  const char *s = text;
  prog = clfx_build(ctx, dev, s, "-cl-std=CL1.2");
  free(text);
}

static void cl_teardown(void) {
  clReleaseProgram(prog);
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
}

static cl_mem buffer(size_t size, const void *init) {
  cl_int err;
  cl_mem m =
      clCreateBuffer(ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0),
                     size, (void *)init, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  return m;
}

/* Runs kernel `name` over n items (groups of 64; n a multiple of 64 or
 * below it) on a, b, c; results into r and pr (n_out items each). */
static void run(const char *name, size_t n, const uint32_t *a,
                const uint32_t *b, const uint32_t *c, uint32_t *r, uint32_t *pr,
                size_t n_out) {
  cl_int err;
  cl_kernel k = clCreateKernel(prog, name, &err);
  ck_assert_msg(err == CL_SUCCESS, "no kernel %s", name);
  cl_mem buf[6] = {
      buffer(n * 4, a),        buffer(n * 4, b),
      buffer(n * 4, c),        buffer(n_out * 4, NULL),
      buffer(n_out * 4, NULL), buffer(n * 16, NULL)}; /* the global bools */
  cl_uint nargs = str_starts_with(name, "spaces") ? 6 : 5;
  for (cl_uint i = 0; i < nargs; i++)
    ck_assert_int_eq(clSetKernelArg(k, i, sizeof(cl_mem), &buf[i]), CL_SUCCESS);
  size_t local = n < 64 ? n : 64;
  ck_assert_int_eq(
      clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, &local, 0, NULL, NULL),
      CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(queue, buf[3], CL_TRUE, 0, n_out * 4, r,
                                       0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(queue, buf[4], CL_TRUE, 0, n_out * 4, pr,
                                       0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < 6; i++)
    clReleaseMemObject(buf[i]);
  clReleaseKernel(k);
}

static size_t fn_index(const char *name) {
  for (size_t k = 0; k < NFNS; k++)
    if (!strcmp(fns[k].name, name))
      return k;
  ck_abort_msg("no reference for %s", name);
  return 0;
}

/* Whether f reports predicates (the others leave pr 0). */
static int has_pred(const simd_fn *f) {
  return f->op == OP_BMAX || f->op == OP_BMIN;
}

/* ---- Core ------------------------------------------------------------------
 */

/* device_simd.def and the reference name the same functions, each once,
 * and the first row of each name in the whole table is the family's. */
START_TEST(test_table_matches_reference) {
  ck_assert_uint_eq(NSIMD, NFNS);
  for (size_t i = 0; i < NSIMD; i++) {
    (void)fn_index(simd_rows[i].name);
    ck_assert_msg(simd_rows[i].ocl != NULL, "%s unsupported",
                  simd_rows[i].name);
    ck_assert_msg(find_row(simd_rows[i].name)->ocl == simd_rows[i].ocl,
                  "%s is shadowed by an earlier row", simd_rows[i].name);
    for (size_t j = 0; j < i; j++)
      ck_assert_str_ne(simd_rows[i].name, simd_rows[j].name);
  }
}
END_TEST

/* CUDA's documented examples and worked edge cases (saturation, rounding
 * of averages, wrapping sums, the 1-per-lane __vset forms): first the
 * reference, then the device. */
typedef struct example {
  const char *name;
  uint32_t a, b, c, want;
  unsigned pred;
} example;

static const example examples[] = {
    /* the documentation's */
    {"__vcmpeq2", 0x1234aba5u, 0x1234aba6u, 0, 0xffff0000u, 0},
    {"__vcmpges2", 0x1234aba5u, 0x1234aba6u, 0, 0xffff0000u, 0},
    {"__vcmpgts2", 0x1234aba5u, 0x1234aba6u, 0, 0x00000000u, 0},
    {"__vcmples2", 0x1234aba5u, 0x1234aba6u, 0, 0xffffffffu, 0},
    {"__vcmplts2", 0x1234aba5u, 0x1234aba6u, 0, 0x0000ffffu, 0},
    {"__vcmpeq4", 0x1234aba5u, 0x1234aba6u, 0, 0xffffff00u, 0},
    {"__vcmplts4", 0x1234aba5u, 0x1234aba6u, 0, 0x000000ffu, 0},
    /* worked by hand */
    {"__vseteq2", 0x1234aba5u, 0x1234aba6u, 0, 0x00010000u, 0},
    {"__vsetltu4", 0x1234aba5u, 0x1234aba6u, 0, 0x00000001u, 0},
    {"__vabs2", 0x80008001u, 0, 0, 0x80007fffu, 0},
    {"__vabsss2", 0x80008001u, 0, 0, 0x7fff7fffu, 0},
    {"__vabs4", 0x80817f00u, 0, 0, 0x807f7f00u, 0},
    {"__vabsss4", 0x80817f00u, 0, 0, 0x7f7f7f00u, 0},
    {"__vneg4", 0x80017f00u, 0, 0, 0x80ff8100u, 0},
    {"__vnegss2", 0x80000001u, 0, 0, 0x7fffffffu, 0},
    {"__vavgs2", 0xffff0001u, 0, 0, 0xffff0001u, 0},
    {"__vavgs4", 0xff01fd03u, 0, 0, 0xff01fe02u, 0},
    {"__vavgu4", 0xff01fd03u, 0, 0, 0x80017f02u, 0},
    {"__vhaddu2", 0xffffffffu, 0x00010001u, 0, 0x80008000u, 0},
    {"__vaddss2", 0x7fff8000u, 0x00018000u, 0, 0x7fff8000u, 0},
    {"__vaddus4", 0xff7f0180u, 0x01810280u, 0, 0xffff03ffu, 0},
    {"__vsubss4", 0x807f0000u, 0x01ff0080u, 0, 0x807f007fu, 0},
    {"__vsubus4", 0x00ff1080u, 0x01012080u, 0, 0x00fe0000u, 0},
    {"__vabsdiffs2", 0x7fff8000u, 0x80007fffu, 0, 0xffffffffu, 0},
    {"__vsads2", 0x7fff8000u, 0x80007fffu, 0, 0x0001fffeu, 0},
    {"__vsadu4", 0xff00ff00u, 0x00ff00ffu, 0, 0x000003fcu, 0},
    {"__viaddmax_s32", 0x7fffffffu, 1, 0, 0, 0},
    {"__viaddmax_u16x2", 0xffff0001u, 0x00010001u, 0x00010000u, 0x00010002u, 0},
    {"__vimin3_s16x2_relu", 0x8000ffffu, 0x00050003u, 0x00040002u, 0, 0},
    {"__vimax3_s16x2_relu", 0x8000ffffu, 0x80010003u, 0x8002fffeu, 0x00000003u,
     0},
    {"__vibmax_s16x2", 0x00018000u, 0x00017fffu, 0, 0x00017fffu, 2},
    {"__vibmin_u32", 5, 5, 0, 5, 1},
};
#define NEXAMPLES (sizeof examples / sizeof examples[0])

START_TEST(test_reference_examples) {
  for (size_t i = 0; i < NEXAMPLES; i++) {
    const example *e = &examples[i];
    unsigned pred;
    uint32_t got = ref_fn(&fns[fn_index(e->name)], e->a, e->b, e->c, &pred);
    ck_assert_msg(got == e->want && pred == e->pred,
                  "reference %s(0x%08x, 0x%08x, 0x%08x) = 0x%08x/%u, "
                  "want 0x%08x/%u",
                  e->name, e->a, e->b, e->c, got, pred, e->want, e->pred);
  }
}
END_TEST

START_TEST(test_device_examples) {
  for (size_t i = 0; i < NEXAMPLES; i++) {
    const example *e = &examples[i];
    uint32_t r, pr;
    char *name = xasprintf("f%zu", fn_index(e->name));
    run(name, 1, &e->a, &e->b, &e->c, &r, &pr, 1);
    free(name);
    ck_assert_msg(r == e->want && pr == e->pred,
                  "%s(0x%08x, 0x%08x, 0x%08x) = 0x%08x/%u, want 0x%08x/%u",
                  e->name, e->a, e->b, e->c, r, pr, e->want, e->pred);
  }
}
END_TEST

/* Compares the device's results of function k on a[j], b[j], c[j] (j < n),
 * at r[j * stride + offset] and pr[...], with the reference; fails naming
 * the first few differences. */
static void compare(size_t k, const uint32_t *a, const uint32_t *b,
                    const uint32_t *c, const uint32_t *r, const uint32_t *pr,
                    size_t n, size_t stride, size_t offset) {
  const simd_fn *f = &fns[k];
  int bad = 0;
  strbuf msg = {0};
  for (size_t j = 0; j < n; j++) {
    unsigned pred;
    uint32_t want = ref_fn(f, a[j], b[j], c[j], &pred);
    if (!has_pred(f))
      pred = 0;
    size_t o = j * stride + offset;
    if (r[o] != want || pr[o] != pred) {
      if (bad < 5)
        strbuf_printf(&msg,
                      "\n  %s(0x%08x, 0x%08x, 0x%08x) = 0x%08x/%u, want "
                      "0x%08x/%u",
                      f->name, a[j], b[j], c[j], r[o], pr[o], want, pred);
      bad++;
    }
  }
  ck_assert_msg(bad == 0, "%d wrong results:%s", bad, strbuf_cstr(&msg));
  strbuf_free(&msg);
}

/* Every function on all 2^20 inputs, bit for bit. */
START_TEST(test_all_functions) {
  uint32_t *a = xmalloc(N * 4), *b = xmalloc(N * 4), *c = xmalloc(N * 4);
  uint32_t *r = xmalloc(N * 4), *pr = xmalloc(N * 4);
  for (uint32_t i = 0; i < N; i++)
    make_input(i, &a[i], &b[i], &c[i]);
  for (size_t k = 0; k < NFNS; k++) {
    char *name = xasprintf("f%zu", k);
    run(name, N, a, b, c, r, pr, N);
    free(name);
    compare(k, a, b, c, r, pr, N, 1, 0);
  }
  free(a), free(b), free(c), free(r), free(pr);
}
END_TEST

/* The __vib* predicates through pointers to global and local memory (the
 * helpers the rows pick with $A2). */
START_TEST(test_predicates_in_every_space) {
  enum { M = 4096 };
  static uint32_t a[M], b[M], c[M], r[2 * M], pr[2 * M];
  for (uint32_t i = 0; i < M; i++) /* byte pairs and edge halfwords */
    make_input(i < M / 2 ? i * 13 : 65536 + (i - M / 2) * 419, &a[i], &b[i],
               &c[i]);
  int ran = 0;
  for (size_t k = 0; k < NFNS; k++) {
    if (!has_pred(&fns[k]))
      continue;
    char *name = xasprintf("spaces%zu", k);
    run(name, M, a, b, c, r, pr, 2 * M);
    free(name);
    compare(k, a, b, c, r, pr, M, 2, 0); /* global */
    compare(k, a, b, c, r, pr, M, 2, 1); /* local */
    ran++;
  }
  ck_assert_int_eq(ran, 8);
}
END_TEST

static Suite *simd_suite(void) {
  Suite *s = suite_create("simd");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, cl_setup, cl_teardown);
  tcase_set_timeout(core, 300);
  tcase_add_test(core, test_table_matches_reference);
  tcase_add_test(core, test_reference_examples);
  tcase_add_test(core, test_device_examples);
  tcase_add_test(core, test_all_functions);
  tcase_add_test(core, test_predicates_in_every_space);
  suite_add_tcase(s, core);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(simd_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
