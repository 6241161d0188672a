/*
 * warp_model.h: CUDA's warp semantics on the host, OpenCL test kernels that
 * call every warp helper of rules/prelude.cl, and a runner that launches
 * the kernels through a backend and compares each result with the model.
 *
 * Shared by tests/check_warp.c (OpenCL directly, emulation path on PoCL),
 * tests/check_rt_warp.c (through cu2clLaunchKernel) and the GPU driver in
 * .device/warp/. Header-only (static functions), C11, no dependencies.
 *
 * The model follows the CUDA Programming Guide's wording, not the prelude's
 * formulas: a shuffle reads srcLane modulo width inside the caller's
 * width-wide segment; up/down/xor give the caller's own value when the
 * source lies outside the segment (xor: only past it — the Guide lets a
 * lane reach earlier segments); shift counts and lane masks count modulo 32
 * (PTX's shfl.sync uses b[4:0]). Lanes past the end of a block that is not
 * a multiple of 32 do not exist: sub-groups and the emulation give the
 * caller's own value when such a lane is the source; on NVIDIA hardware the
 * value is undefined and not compared (backend->ptx).
 *
 * Kernel layout: every test kernel takes (in, params, out). in holds three
 * ulongs per work-item (the value to shuffle/reduce, the shuffle operand or
 * predicate, the value to match); params = {mask, width, only_mask, 0};
 * out holds WM_TYPE_OUTS or WM_MISC_OUTS ulongs per work-item. Work-items
 * are numbered block * block_size + linear local id.
 */
#ifndef CU2CL_WARP_MODEL_H
#define CU2CL_WARP_MODEL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WM_TYPE_OUTS 11
#define WM_MISC_OUTS 24
#define WM_MAX_BLOCK 96 /* largest block a case uses (sbuf in the kernel) */
#define WM_SENTINEL 0xDEADBEEFDEADBEEFull

typedef struct warp_backend {
  void *ctx;
  /* Runs kernel `name` over nblocks blocks of bx*by work-items with the
   * arrays described above; returns 0 on success, else prints why. */
  int (*run)(void *ctx, const char *name, unsigned bx, unsigned by,
             unsigned nblocks, const uint64_t *in, size_t nin,
             const int32_t *params, uint64_t *out, size_t nout);
  int has_fp64;
  int ptx; /* NVIDIA: missing lanes undefined; also try mask-only calls */
  FILE *log;
} warp_backend;

typedef struct warp_config {
  unsigned bx, by;
} warp_config;

/* Blocks: whole warps, a partial last warp (48 = 32 + 16), and 2-D blocks
 * whose warps span rows (x fastest, as in CUDA). */
static const warp_config wm_configs[] = {{32, 1}, {64, 1}, {96, 1},
                                         {48, 1}, {16, 4}, {8, 6}};
#define WM_NCONFIGS (sizeof wm_configs / sizeof wm_configs[0])

static const uint32_t wm_masks[] = {0xffffffffu, 0x0000ffffu, 0xaaaaaaaau,
                                    0x80000001u, 0x7ffffffeu};
static const int wm_widths[] = {32, 16, 8, 4, 2};

typedef enum wm_type { WM_INT, WM_UINT, WM_LONG, WM_ULONG, WM_FLOAT,
                       WM_DOUBLE, WM_NTYPES } wm_type;
static const char *const wm_type_names[] = {"int",   "uint",  "long",
                                            "ulong", "float", "double"};

/* ---- the test kernels (OpenCL C, appended to the prelude) -------------- */

typedef struct wm_buf {
  char *s;
  size_t len, cap;
} wm_buf;

static void wm_printf(wm_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (b->len + (size_t)n + 1 > b->cap) {
    b->cap = (b->len + (size_t)n + 1) * 2;
    b->s = realloc(b->s, b->cap);
  }
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

static const char wm_kernel_prologue[] =
    "  __local ulong cu2cl_warp_scratch[CU2CL_WARP_SCRATCH_SIZE];\n"
    "  __local ulong *ws = cu2cl_warp_scratch;\n"
    "  uint lid = cu2cl_local_linear_id(), G = cu2cl_local_group_size();\n"
    "  size_t gid = get_group_id(0) * G + lid;\n"
    "  uint mask = (uint)params[0], lane = lid % 32u;\n"
    "  int width = params[1], only_mask = params[2];\n"
    "  (void)width; (void)only_mask; (void)lane;\n";

/* On NVIDIA, params[2] makes only the lanes named in the mask call (CUDA's
 * own rule); the other paths need every work-item to arrive. */
static const char wm_masked_call[] =
    "#ifdef CU2CL_WARP_PTX\n"
    "  if (!only_mask || ((mask >> lane) & 1u))\n"
    "#endif\n";

static void wm_type_kernel(wm_buf *b, wm_type t) {
  const char *T = wm_type_names[t];
  const char *U = t == WM_LONG || t == WM_ULONG || t == WM_DOUBLE ? "ulong"
                                                                  : "uint";
  int integer = t != WM_FLOAT && t != WM_DOUBLE;
  if (t == WM_DOUBLE)
    wm_printf(b, "#ifdef CU2CL_DEVICE_HAS_FP64\n");
  wm_printf(b,
            "CU2CL_WARP_KERNEL __kernel void warp_%s(__global const ulong "
            "*in, __global const int *params, __global ulong *out) {\n%s",
            T, wm_kernel_prologue);
  wm_printf(b,
            "  %s v = as_%s((%s)in[3 * gid]), m = as_%s((%s)in[3 * gid + 2]);\n"
            "  int bv = (int)in[3 * gid + 1];\n"
            "  __global ulong *o = out + %d * gid;\n"
            "  o[0] = as_%s(cu2cl_shfl_%s(ws, 0xffffffffu, v, bv, width));\n"
            "  o[1] = as_%s(cu2cl_shfl_up_%s(ws, 0xffffffffu, v, (uint)bv, "
            "width));\n"
            "  o[2] = as_%s(cu2cl_shfl_down_%s(ws, 0xffffffffu, v, (uint)bv, "
            "width));\n"
            "  o[3] = as_%s(cu2cl_shfl_xor_%s(ws, 0xffffffffu, v, bv, "
            "width));\n",
            T, T, U, T, U, WM_TYPE_OUTS, U, T, U, T, U, T, U, T);
  wm_printf(b,
            "  %s s = v;\n"
            "  for (int k = 1; k < width; k <<= 1)\n"
            "    s += cu2cl_shfl_xor_%s(ws, 0xffffffffu, s, k, width);\n"
            "  o[4] = as_%s(s);\n"
            "  o[5] = as_%s(cu2cl_tile_reduce_add_%s(ws, v, (uint)width));\n"
            "  o[6] = as_%s(cu2cl_tile_reduce_max_%s(ws, v, (uint)width));\n"
            "  o[7] = as_%s(cu2cl_tile_reduce_%s_%s(ws, v, (uint)width));\n"
            "  int pred = -1;\n  uint any = 0, all = 0;\n%s"
            "  {\n"
            "    any = cu2cl_match_any_%s(ws, mask, m);\n"
            "    all = cu2cl_match_all_%s_private(ws, mask, m, &pred);\n"
            "  }\n"
            "  o[8] = any; o[9] = all; o[10] = (uint)pred;\n}\n",
            T, T, U, U, T, U, T, U, integer ? "xor" : "min", T, wm_masked_call,
            T, T);
  if (t == WM_DOUBLE)
    wm_printf(b, "#endif\n");
}

static void wm_misc_kernel(wm_buf *b) {
  wm_printf(b,
            "CU2CL_WARP_KERNEL __kernel void warp_misc(__global const ulong "
            "*in, __global const int *params, __global ulong *out) {\n%s"
            "  __local uint sbuf[%d];\n"
            "  uint v = (uint)in[3 * gid];\n"
            "  int pred = (int)in[3 * gid + 1];\n"
            "  __global ulong *o = out + %d * gid;\n%s",
            wm_kernel_prologue, WM_MAX_BLOCK, WM_MISC_OUTS, wm_masked_call);
  wm_printf(b,
            "  {\n"
            "    o[0] = cu2cl_ballot(ws, mask, pred);\n"
            "    o[1] = (uint)cu2cl_any(ws, mask, pred);\n"
            "    o[2] = (uint)cu2cl_all(ws, mask, pred);\n"
            "    o[3] = (uint)cu2cl_uni(ws, mask, pred);\n"
            "    o[4] = cu2cl_reduce_add_uint(ws, mask, v);\n"
            "    o[5] = cu2cl_reduce_min_uint(ws, mask, v);\n"
            "    o[6] = cu2cl_reduce_max_uint(ws, mask, v);\n"
            "    o[7] = (uint)cu2cl_reduce_add_int(ws, mask, (int)v);\n"
            "    o[8] = (uint)cu2cl_reduce_min_int(ws, mask, (int)v);\n"
            "    o[9] = (uint)cu2cl_reduce_max_int(ws, mask, (int)v);\n"
            "    o[10] = cu2cl_reduce_and_uint(ws, mask, v);\n"
            "    o[11] = cu2cl_reduce_or_uint(ws, mask, v);\n"
            "    o[12] = cu2cl_reduce_xor_uint(ws, mask, v);\n"
            "  }\n");
  wm_printf(b,
            "  o[13] = cu2cl_activemask(ws);\n"
            "  o[14] = (uint)cu2cl_syncthreads_count(ws, pred);\n"
            "  o[15] = (uint)cu2cl_syncthreads_and(ws, pred);\n"
            "  o[16] = (uint)cu2cl_syncthreads_or(ws, pred);\n"
            "  o[17] = cu2cl_lane_id();\n"
            "  o[18] = cu2cl_warp_id();\n"
            "  sbuf[lid] = v;\n"
            "  cu2cl_syncwarp(ws, 0xffffffffu);\n"
            "  o[19] = (lid ^ 1u) < G ? sbuf[lid ^ 1u] : v;\n"
            "  o[20] = cu2cl_tile_ballot(ws, pred, 8u);\n"
            "  o[21] = (uint)cu2cl_tile_any(ws, pred, 4u);\n"
            "  o[22] = (uint)cu2cl_tile_all(ws, pred, 16u);\n"
            "  o[23] = cu2cl_tile_ballot(ws, pred, 32u);\n}\n");
}

/* The test kernels; caller frees. */
static char *warp_test_source(void) {
  wm_buf b = {0};
  wm_printf(&b, "\n/* ---- warp test kernels (tests/warp_model.h) ---- */\n");
  for (int t = 0; t < WM_NTYPES; t++)
    wm_type_kernel(&b, (wm_type)t);
  wm_misc_kernel(&b);
  return b.s;
}

/* ---- the model ----------------------------------------------------------- */

typedef struct wm_block {
  unsigned size;          /* work-items in the block */
  const uint64_t *in;     /* 3 per work-item, this block's */
  uint32_t mask;
  int width;
} wm_block;

/* Lanes of warp w that exist. */
static unsigned wm_lanes(const wm_block *b, unsigned w) {
  unsigned n = b->size - 32 * w;
  return n < 32 ? n : 32;
}

static uint32_t wm_exist_mask(const wm_block *b, unsigned w) {
  unsigned n = wm_lanes(b, w);
  return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}

/* The lane a shuffle of `mode` (0 idx, 1 up, 2 down, 3 xor) reads, from the
 * Programming Guide's description; -1: the caller's own value. */
static int wm_shfl_source(int mode, unsigned lane, int32_t operand, int width) {
  unsigned start = lane / (unsigned)width * (unsigned)width;
  unsigned end = start + (unsigned)width; /* one past the segment */
  unsigned b = (uint32_t)operand % 32u;
  long src;
  switch (mode) {
  case 0:
    return (int)(start + (uint32_t)operand % (uint32_t)width);
  case 1:
    src = (long)lane - b;
    return src < (long)start ? -1 : (int)src;
  case 2:
    src = (long)lane + b;
    return src >= (long)end ? -1 : (int)src;
  default:
    src = (long)(lane ^ b);
    return src >= (long)end ? -1 : (int)src;
  }
}

/* Bits as the kernel writes them: 32-bit types zero-extended. */
static int wm_is64(wm_type t) {
  return t == WM_LONG || t == WM_ULONG || t == WM_DOUBLE;
}

static uint64_t wm_add(wm_type t, uint64_t a, uint64_t b) {
  if (t == WM_FLOAT) {
    float x, y;
    uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
    memcpy(&x, &ua, 4), memcpy(&y, &ub, 4);
    x += y;
    memcpy(&ua, &x, 4);
    return ua;
  }
  if (t == WM_DOUBLE) {
    double x, y;
    memcpy(&x, &a, 8), memcpy(&y, &b, 8);
    x += y;
    memcpy(&a, &x, 8);
    return a;
  }
  return wm_is64(t) ? a + b : (uint32_t)(a + b);
}

/* a < b in type t. */
static int wm_less(wm_type t, uint64_t a, uint64_t b) {
  float fa, fb;
  double da, db;
  uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
  switch (t) {
  case WM_INT:
    return (int32_t)ua < (int32_t)ub;
  case WM_UINT:
    return ua < ub;
  case WM_LONG:
    return (int64_t)a < (int64_t)b;
  case WM_ULONG:
    return a < b;
  case WM_FLOAT:
    memcpy(&fa, &ua, 4), memcpy(&fb, &ub, 4);
    return fa < fb;
  default:
    memcpy(&da, &a, 8), memcpy(&db, &b, 8);
    return da < db;
  }
}

/* Tile reduction of cg::reduce: op 0 add, 1 max, 2 xor (integers) / min. */
static uint64_t wm_op(wm_type t, int op, uint64_t a, uint64_t b) {
  int integer = t != WM_FLOAT && t != WM_DOUBLE;
  if (op == 0)
    return wm_add(t, a, b);
  if (op == 1)
    return wm_less(t, a, b) ? b : a;
  if (integer)
    return a ^ b;
  return wm_less(t, b, a) ? b : a;
}


static uint64_t wm_bits(wm_type t, uint64_t x) {
  return wm_is64(t) ? x : (uint32_t)x;
}

/* ---- model: the type kernels (warp_<T>) ---------------------------------- */

/* Outputs 0-3: the four shuffles of v with each lane's own operand. */
static void wm_model_shuffles(const wm_block *b, wm_type t, int ptx,
                              uint64_t *exp, unsigned char *def) {
  for (unsigned l = 0; l < b->size; l++)
    for (int mode = 0; mode < 4; mode++) {
      uint64_t own = wm_bits(t, b->in[3 * l]);
      int src = wm_shfl_source(mode, l % 32, (int32_t)b->in[3 * l + 1],
                               b->width);
      unsigned from = l / 32 * 32 + (unsigned)src;
      size_t k = (size_t)l * WM_TYPE_OUTS + mode;
      def[k] = 1;
      if (src < 0)
        exp[k] = own;
      else if (from < b->size)
        exp[k] = wm_bits(t, b->in[3 * from]);
      else
        exp[k] = own, def[k] = !ptx; /* the source lane does not exist */
    }
}

/* Output 4: s += shfl_xor(s, k, width) for k = 1, 2, ... < width. */
static void wm_model_butterfly(const wm_block *b, wm_type t, int ptx,
                               uint64_t *exp, unsigned char *def) {
  uint64_t s[WM_MAX_BLOCK], next[WM_MAX_BLOCK];
  unsigned char ok[WM_MAX_BLOCK], next_ok[WM_MAX_BLOCK];
  for (unsigned l = 0; l < b->size; l++)
    s[l] = wm_bits(t, b->in[3 * l]), ok[l] = 1;
  for (int k = 1; k < b->width; k <<= 1) {
    for (unsigned l = 0; l < b->size; l++) {
      int src = wm_shfl_source(3, l % 32, k, b->width);
      unsigned from = src < 0 ? l : l / 32 * 32 + (unsigned)src;
      int missing = from >= b->size;
      next[l] = wm_add(t, s[l], missing ? s[l] : s[from]);
      next_ok[l] = ok[l] && (missing ? !ptx : ok[from]);
    }
    memcpy(s, next, sizeof s), memcpy(ok, next_ok, sizeof ok);
  }
  for (unsigned l = 0; l < b->size; l++)
    exp[l * WM_TYPE_OUTS + 4] = s[l], def[l * WM_TYPE_OUTS + 4] = ok[l];
}

/* Outputs 5-7: cg::reduce over the existing lanes of each width-wide tile,
 * as a shuffle-down tree collecting at the tile's first lane. */
static void wm_model_tiles(const wm_block *b, wm_type t, uint64_t *exp,
                           unsigned char *def) {
  unsigned n = (unsigned)b->width;
  for (unsigned first = 0; first < b->size; first += n) {
    unsigned lanes = wm_lanes(b, first / 32), lane0 = first % 32;
    for (int op = 0; op < 3; op++) {
      uint64_t v[32], nv[32];
      for (unsigned r = 0; r < n; r++)
        v[r] = first + r < b->size ? wm_bits(t, b->in[3 * (first + r)]) : 0;
      for (unsigned k = n / 2; k > 0; k /= 2) {
        memcpy(nv, v, sizeof v);
        for (unsigned r = 0; r + k < n; r++)
          if (lane0 + r + k < lanes)
            nv[r] = wm_op(t, op, v[r], v[r + k]);
        memcpy(v, nv, sizeof v);
      }
      for (unsigned r = 0; r < n && first + r < b->size; r++) {
        exp[(first + r) * WM_TYPE_OUTS + 5 + op] = wm_bits(t, v[0]);
        def[(first + r) * WM_TYPE_OUTS + 5 + op] = 1;
      }
    }
  }
}

/* Outputs 8-10 (lanes in mask only): match_any, match_all and its pred. */
static void wm_model_matches(const wm_block *b, wm_type t, uint64_t *exp,
                             unsigned char *def) {
  for (unsigned l = 0; l < b->size; l++) {
    unsigned w = l / 32, lane = l % 32;
    if (!((b->mask >> lane) & 1u))
      continue;
    uint32_t want = b->mask & wm_exist_mask(b, w), any = 0;
    uint64_t mine = wm_bits(t, b->in[3 * l + 2]);
    for (unsigned j = 0; j < 32; j++)
      if (((want >> j) & 1u) &&
          wm_bits(t, b->in[3 * (w * 32 + j) + 2]) == mine)
        any |= 1u << j;
    size_t k = (size_t)l * WM_TYPE_OUTS;
    exp[k + 8] = any;
    exp[k + 9] = any == want ? want : 0; /* the H100's answer (measured) */
    exp[k + 10] = any == want;
    def[k + 8] = def[k + 9] = def[k + 10] = 1;
  }
}

static const char *const wm_type_out_names[WM_TYPE_OUTS] = {
    "shfl",           "shfl_up",         "shfl_down",
    "shfl_xor",       "xor-butterfly sum", "tile_reduce_add",
    "tile_reduce_max", "tile_reduce_xor (min for floats)", "match_any",
    "match_all",      "match_all pred"};

/* ---- model: the misc kernel (votes, reductions, block votes, ids) ------- */

static uint32_t wm_ballot(const wm_block *b, unsigned w, uint32_t mask) {
  uint32_t r = 0, have = mask & wm_exist_mask(b, w);
  for (unsigned j = 0; j < 32; j++)
    if (((have >> j) & 1u) && (int32_t)b->in[3 * (w * 32 + j) + 1] != 0)
      r |= 1u << j;
  return r;
}

/* Outputs 4-12: the nine __reduce_*_sync over the existing lanes of mask. */
static void wm_model_reduce(const wm_block *b, unsigned w, uint64_t *o) {
  uint32_t have = b->mask & wm_exist_mask(b, w);
  uint32_t add = 0, umin = UINT32_MAX, umax = 0, band = UINT32_MAX, bor = 0,
           bxor = 0;
  int32_t imin = INT32_MAX, imax = INT32_MIN;
  for (unsigned j = 0; j < 32; j++) {
    if (!((have >> j) & 1u))
      continue;
    uint32_t v = (uint32_t)b->in[3 * (w * 32 + j)];
    add += v, band &= v, bor |= v, bxor ^= v;
    umin = v < umin ? v : umin, umax = v > umax ? v : umax;
    imin = (int32_t)v < imin ? (int32_t)v : imin;
    imax = (int32_t)v > imax ? (int32_t)v : imax;
  }
  uint64_t r[9] = {add, umin, umax, add, (uint32_t)imin, (uint32_t)imax,
                   band, bor, bxor};
  memcpy(o + 4, r, sizeof r);
}

static uint32_t wm_tile_bits(uint32_t ballot, unsigned lane, unsigned n) {
  unsigned first = lane / n * n;
  return n >= 32 ? ballot : (ballot >> first) & ((1u << n) - 1u);
}

static void wm_model_misc(const wm_block *b, uint64_t *exp,
                          unsigned char *def) {
  unsigned count = 0;
  for (unsigned l = 0; l < b->size; l++)
    count += (int32_t)b->in[3 * l + 1] != 0;
  for (unsigned l = 0; l < b->size; l++) {
    unsigned w = l / 32, lane = l % 32;
    uint64_t *o = exp + (size_t)l * WM_MISC_OUTS;
    unsigned char *d = def + (size_t)l * WM_MISC_OUTS;
    uint32_t exist = wm_exist_mask(b, w), want = b->mask & exist;
    uint32_t ballot = wm_ballot(b, w, b->mask);
    uint32_t full = wm_ballot(b, w, 0xffffffffu);
    int in_mask = (b->mask >> lane) & 1u;
    o[0] = ballot, o[1] = ballot != 0, o[2] = ballot == want;
    o[3] = ballot == 0 || ballot == want;
    wm_model_reduce(b, w, o);
    for (int k = 0; k <= 12; k++)
      d[k] = (unsigned char)in_mask;
    o[13] = exist;
    o[14] = count, o[15] = count == b->size, o[16] = count != 0;
    o[17] = lane, o[18] = w;
    o[19] = (uint32_t)b->in[3 * ((l ^ 1u) < b->size ? (l ^ 1u) : l)];
    o[20] = wm_tile_bits(full, lane, 8);
    o[21] = wm_tile_bits(full, lane, 4) != 0;
    unsigned first16 = lane / 16 * 16, have16 = wm_lanes(b, w) - first16;
    uint32_t tile16 = have16 >= 16 ? 0xffffu : (1u << have16) - 1u;
    o[22] = wm_tile_bits(full, lane, 16) == tile16;
    o[23] = full;
    for (int k = 13; k < WM_MISC_OUTS; k++)
      d[k] = 1;
  }
}

static const char *const wm_misc_out_names[WM_MISC_OUTS] = {
    "ballot",           "any",          "all",
    "uni",              "reduce_add_uint", "reduce_min_uint",
    "reduce_max_uint",  "reduce_add_int", "reduce_min_int",
    "reduce_max_int",   "reduce_and",   "reduce_or",
    "reduce_xor",       "activemask",   "syncthreads_count",
    "syncthreads_and",  "syncthreads_or", "lane_id",
    "warp_id",          "syncwarp (neighbour's store)", "tile_ballot(8)",
    "tile_any(4)",      "tile_all(16)", "tile_ballot(32)"};

/* ---- inputs ---------------------------------------------------------------- */

static uint64_t wm_rand(uint64_t *state) { /* splitmix64 */
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Values whose sums over a warp are exact in every order (so the check
 * does not depend on the order a path adds in), with random low words for
 * the 64-bit types so that both halves of a shuffle are checked. */
static uint64_t wm_value(wm_type t, uint64_t r) {
  int32_t small = (int32_t)(r % 2001) - 1000;
  float f;
  double d;
  uint32_t u;
  switch (t) {
  case WM_INT:
    return (uint32_t)((int32_t)(r % (1u << 26)) - (1 << 25));
  case WM_UINT:
  case WM_ULONG:
    return t == WM_UINT ? (uint32_t)r : r;
  case WM_LONG:
    return (uint64_t)((int64_t)(r >> 6) - (int64_t)(1ull << 57));
  case WM_FLOAT:
    f = (float)small / 8.0f;
    memcpy(&u, &f, 4);
    return u;
  default:
    d = (double)small + (double)((r >> 20) % (1u << 20)) / 1073741824.0;
    memcpy(&r, &d, 8);
    return r;
  }
}

/* Values to match, from a small pool: equal low words with different high
 * words for 64-bit types, -0.0 and 0.0 for floating types (bitwise). */
static uint64_t wm_match_value(wm_type t, uint64_t r) {
  static const uint64_t ints[] = {0, 1, 2, 0x80000000u};
  static const uint64_t longs[] = {0, 1, 1ull << 32, 0x100000001ull};
  static const uint64_t floats[] = {0, 0x80000000u, 0x3f800000u, 0x40200000u};
  static const uint64_t doubles[] = {0, 1ull << 63, 0x3ff0000000000000ull,
                                     0x3ff0000000000001ull};
  const uint64_t *pool = t == WM_FLOAT    ? floats
                         : t == WM_DOUBLE ? doubles
                         : wm_is64(t)     ? longs
                                          : ints;
  return pool[r % 4];
}

static void wm_inputs(wm_type t, uint64_t seed, size_t n, uint64_t *in) {
  uint64_t st = seed;
  int uniform = seed % 3 == 0; /* every lane matches: match_all is true */
  for (size_t i = 0; i < n; i++) {
    in[3 * i] = wm_value(t, wm_rand(&st));
    in[3 * i + 1] = (uint32_t)((int32_t)(wm_rand(&st) % 44) - 3);
    in[3 * i + 2] = wm_match_value(t, uniform ? 2 : wm_rand(&st));
  }
}

/* Misc inputs: predicates dense, sparse, all true or all false by seed. */
static void wm_misc_inputs(uint64_t seed, size_t n, uint64_t *in) {
  uint64_t st = seed;
  for (size_t i = 0; i < n; i++) {
    uint64_t r = wm_rand(&st);
    int pred = seed % 4 == 0   ? 1
               : seed % 4 == 1 ? 0
               : seed % 4 == 2 ? (int)(r % 5) - 2
                               : r % 7 == 0;
    in[3 * i] = wm_value(WM_INT, wm_rand(&st));
    in[3 * i + 1] = (uint32_t)pred;
    in[3 * i + 2] = 0;
  }
}

/* ---- runner ---------------------------------------------------------------- */

typedef struct wm_case {
  const char *kernel;
  const char *const *out_names;
  int nouts;
  warp_config cfg;
  uint32_t mask;
  int width, only_mask;
} wm_case;

/* Compares one block; returns the number of mismatches (printing 3). */
static int wm_compare(const warp_backend *be, const wm_case *c, unsigned blk,
                      const uint64_t *got, const uint64_t *exp,
                      const unsigned char *def, unsigned size, int shown) {
  int bad = 0;
  for (unsigned l = 0; l < size; l++)
    for (int k = 0; k < c->nouts; k++) {
      size_t i = (size_t)l * c->nouts + k;
      if (!def[i] || got[i] == exp[i])
        continue;
      if (shown + bad < 3 && be->log)
        fprintf(be->log,
                "%s, block %ux%u #%u, width %d, mask 0x%08x%s: work-item "
                "%u, %s: got 0x%llx, want 0x%llx\n",
                c->kernel, c->cfg.bx, c->cfg.by, blk, c->width, c->mask,
                c->only_mask ? " (mask lanes only)" : "", l, c->out_names[k],
                (unsigned long long)got[i], (unsigned long long)exp[i]);
      bad++;
    }
  return bad;
}

/* Runs one case; 0 when every defined result matches. */
static int wm_run_case(const warp_backend *be, const wm_case *c, int type,
                       const uint64_t *in, unsigned nblocks) {
  unsigned size = c->cfg.bx * c->cfg.by;
  size_t n = (size_t)size * nblocks, nout = n * (size_t)c->nouts;
  uint64_t *out = malloc(nout * sizeof *out);
  uint64_t *exp = calloc(nout, sizeof *exp);
  unsigned char *def = calloc(nout, 1);
  int32_t params[4] = {(int32_t)c->mask, c->width, c->only_mask, 0};
  for (size_t i = 0; i < nout; i++)
    out[i] = WM_SENTINEL;
  int bad = be->run(be->ctx, c->kernel, c->cfg.bx, c->cfg.by, nblocks, in,
                    3 * n, params, out, nout) != 0;
  for (unsigned blk = 0; !bad && blk < nblocks; blk++) {
    wm_block b = {size, in + 3 * (size_t)blk * size, c->mask, c->width};
    size_t off = (size_t)blk * size * c->nouts;
    memset(def, 0, nout);
    if (type < 0) {
      wm_model_misc(&b, exp, def);
    } else {
      wm_model_shuffles(&b, (wm_type)type, be->ptx, exp, def);
      wm_model_butterfly(&b, (wm_type)type, be->ptx, exp, def);
      wm_model_tiles(&b, (wm_type)type, exp, def);
      wm_model_matches(&b, (wm_type)type, exp, def);
    }
    bad += wm_compare(be, c, blk, out + off, exp, def, size, bad);
  }
  free(out), free(exp), free(def);
  return bad != 0;
}

/* Every type kernel in `types` (bit per wm_type) on every configuration and
 * width; returns the number of failing cases. */
static int warp_check_types(const warp_backend *be, const warp_config *cfgs,
                            size_t ncfg, unsigned types) {
  int fails = 0;
  char name[32];
  for (int t = 0; t < WM_NTYPES; t++) {
    if (!((types >> t) & 1u) || (t == WM_DOUBLE && !be->has_fp64))
      continue;
    snprintf(name, sizeof name, "warp_%s", wm_type_names[t]);
    for (size_t ci = 0; ci < ncfg; ci++)
      for (size_t wi = 0; wi < sizeof wm_widths / sizeof wm_widths[0]; wi++) {
        wm_case c = {name, wm_type_out_names, WM_TYPE_OUTS, cfgs[ci],
                     wm_masks[(wi + ci) % 5], wm_widths[wi],
                     be->ptx && (wi & 1)};
        unsigned size = cfgs[ci].bx * cfgs[ci].by;
        uint64_t *in = malloc(3 * 2 * size * sizeof *in);
        wm_inputs((wm_type)t, 1000 * t + 10 * ci + wi, 2 * size, in);
        fails += wm_run_case(be, &c, t, in, 2);
        free(in);
      }
  }
  return fails;
}

/* The misc kernel on every configuration and mask (on NVIDIA also with only
 * the mask's lanes calling); returns the number of failing cases. */
static int warp_check_misc(const warp_backend *be, const warp_config *cfgs,
                           size_t ncfg) {
  int fails = 0;
  for (size_t ci = 0; ci < ncfg; ci++)
    for (size_t mi = 0; mi < sizeof wm_masks / sizeof wm_masks[0]; mi++)
      for (int only = 0; only <= be->ptx; only++) {
        wm_case c = {"warp_misc", wm_misc_out_names, WM_MISC_OUTS, cfgs[ci],
                     wm_masks[mi], 32, only};
        unsigned size = cfgs[ci].bx * cfgs[ci].by;
        uint64_t *in = malloc(3 * 2 * size * sizeof *in);
        wm_misc_inputs(7 * ci + mi, 2 * size, in);
        fails += wm_run_case(be, &c, -1, in, 2);
        free(in);
      }
  return fails;
}

#endif /* CU2CL_WARP_MODEL_H */
