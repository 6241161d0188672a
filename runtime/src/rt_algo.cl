#define ALGO_K 4
#if ALGO_TYPE == 0
typedef int T; typedef uint KEY;
#define T_LOWEST INT_MIN
#define T_HIGHEST INT_MAX
#define TO_KEY(x) (as_uint(x) ^ 0x80000000u)
#elif ALGO_TYPE == 1
typedef uint T; typedef uint KEY;
#define T_LOWEST 0u
#define T_HIGHEST UINT_MAX
#define TO_KEY(x) (x)
#elif ALGO_TYPE == 2
typedef long T; typedef ulong KEY;
#define T_LOWEST LONG_MIN
#define T_HIGHEST LONG_MAX
#define TO_KEY(x) (as_ulong(x) ^ 0x8000000000000000ul)
#elif ALGO_TYPE == 3
typedef ulong T; typedef ulong KEY;
#define T_LOWEST 0ul
#define T_HIGHEST ULONG_MAX
#define TO_KEY(x) (x)
#elif ALGO_TYPE == 4
typedef float T; typedef uint KEY;
#define T_LOWEST (-INFINITY)
#define T_HIGHEST INFINITY
#define TO_KEY(x) float_key(as_uint(x))
#elif ALGO_TYPE == 5
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double T; typedef ulong KEY;
#define T_LOWEST (-(double)INFINITY)
#define T_HIGHEST ((double)INFINITY)
#define TO_KEY(x) float_key(as_ulong(x))
#endif

#define SIGN_BIT ((KEY)1 << (sizeof(KEY) * 8 - 1))
KEY float_key(KEY u) { return (u & SIGN_BIT) ? ~u : (u | SIGN_BIT); }

T op_apply(int op, T a, T b) {
  if (op == 0) return a + b;
  if (op == 1) return a < b ? a : b;
  return a < b ? b : a;
}
T op_identity(int op) {
  return op == 0 ? (T)0 : op == 1 ? T_HIGHEST : T_LOWEST;
}
ulong count_apply(int op, ulong a, ulong b) { return a + b; }
ulong count_identity(int op) { return 0; }

#define GROUP_SCAN(NAME, TY, APPLY, IDENTITY)                        \
TY NAME(__local TY *s, int op) {                                     \
  uint lid = get_local_id(0), wg = get_local_size(0);                \
  for (uint d = 1; d < wg; d <<= 1) {                                \
    barrier(CLK_LOCAL_MEM_FENCE);                                    \
    uint i = (lid + 1) * 2 * d - 1;                                  \
    if (i < wg) s[i] = APPLY(op, s[i - d], s[i]);                    \
  }                                                                  \
  barrier(CLK_LOCAL_MEM_FENCE);                                      \
  TY total = s[wg - 1];                                              \
  barrier(CLK_LOCAL_MEM_FENCE);                                      \
  if (lid == 0) s[wg - 1] = IDENTITY(op);                            \
  for (uint d = wg >> 1; d > 0; d >>= 1) {                           \
    barrier(CLK_LOCAL_MEM_FENCE);                                    \
    uint i = (lid + 1) * 2 * d - 1;                                  \
    if (i < wg) {                                                    \
      TY left = s[i - d];                                            \
      s[i - d] = s[i];                                               \
      s[i] = APPLY(op, s[i], left);                                  \
    }                                                                \
  }                                                                  \
  barrier(CLK_LOCAL_MEM_FENCE);                                      \
  return total;                                                      \
}
GROUP_SCAN(group_scan, T, op_apply, op_identity)
GROUP_SCAN(group_scan_count, ulong, count_apply, count_identity)

#define GROUP_REDUCE(NAME, TY, APPLY)                                \
TY NAME(__local TY *s, TY v, int op) {                               \
  uint lid = get_local_id(0);                                        \
  s[lid] = v;                                                        \
  for (uint d = get_local_size(0) >> 1; d > 0; d >>= 1) {            \
    barrier(CLK_LOCAL_MEM_FENCE);                                    \
    if (lid < d) s[lid] = APPLY(op, s[lid], s[lid + d]);             \
  }                                                                  \
  barrier(CLK_LOCAL_MEM_FENCE);                                      \
  TY r = s[0];                                                       \
  barrier(CLK_LOCAL_MEM_FENCE);                                      \
  return r;                                                          \
}
GROUP_REDUCE(group_reduce, T, op_apply)
GROUP_REDUCE(group_reduce_count, ulong, count_apply)

T scan_tiles(__global const T *in, __global T *out, ulong lo, ulong hi,
             int op, int exclusive, T carry, __local T *tile,
             __local T *s) {
  uint lid = get_local_id(0), wg = get_local_size(0);
  for (ulong base = lo; base < hi; base += (ulong)wg * ALGO_K) {
    for (uint j = 0; j < ALGO_K; j++) {
      ulong i = base + j * wg + lid;
      tile[j * wg + lid] = i < hi ? in[i] : op_identity(op);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    T sum = tile[lid * ALGO_K];
    for (uint j = 1; j < ALGO_K; j++)
      sum = op_apply(op, sum, tile[lid * ALGO_K + j]);
    s[lid] = sum;
    T total = group_scan(s, op);
    T v = op_apply(op, carry, s[lid]);
    for (uint j = 0; j < ALGO_K; j++) {
      T next = op_apply(op, v, tile[lid * ALGO_K + j]);
      tile[lid * ALGO_K + j] = exclusive ? v : next;
      v = next;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint j = 0; j < ALGO_K; j++) {
      ulong i = base + j * wg + lid;
      if (i < hi) out[i] = tile[j * wg + lid];
    }
    carry = op_apply(op, carry, total);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  return carry;
}

__kernel void algo_reduce_partials(__global const T *in, ulong n,
    ulong chunk, int op, __global T *partials, __local T *s) {
  ulong lo = get_group_id(0) * chunk, hi = min(n, lo + chunk);
  T acc = op_identity(op);
  for (ulong i = lo + get_local_id(0); i < hi; i += get_local_size(0))
    acc = op_apply(op, acc, in[i]);
  T r = group_reduce(s, acc, op);
  if (get_local_id(0) == 0) partials[get_group_id(0)] = r;
}
__kernel void algo_scan_partials(__global T *partials, ulong g, int op,
    T seed, __local T *tile, __local T *s) {
  T total = scan_tiles(partials, partials, 0, g, op, 1, seed, tile, s);
  if (get_local_id(0) == 0) partials[g] = total;
}
__kernel void algo_scan_chunks(__global const T *in, __global T *out,
    ulong n, ulong chunk, int op, int exclusive,
    __global const T *offsets, __local T *tile, __local T *s) {
  ulong lo = get_group_id(0) * chunk, hi = min(n, lo + chunk);
  scan_tiles(in, out, lo, hi, op, exclusive, offsets[get_group_id(0)],
             tile, s);
}

__kernel void algo_scan_whole(__global const T *in, __global T *out,
    ulong n, int op, int exclusive, T seed, __local T *tile,
    __local T *s) {
  scan_tiles(in, out, 0, n, op, exclusive, seed, tile, s);
}

__kernel void algo_fill(__global T *out, ulong n, T value) {
  for (ulong i = get_global_id(0); i < n; i += get_global_size(0))
    out[i] = value;
}
__kernel void algo_sequence(__global T *out, ulong n, T init, T step) {
  for (ulong i = get_global_id(0); i < n; i += get_global_size(0))
    out[i] = init + (T)i * step;
}

__kernel void algo_count_eq(__global const T *in, ulong n, ulong chunk,
    T value, __global ulong *partials, __local ulong *s) {
  ulong lo = get_group_id(0) * chunk, hi = min(n, lo + chunk), c = 0;
  for (ulong i = lo + get_local_id(0); i < hi; i += get_local_size(0))
    c += in[i] == value;
  ulong r = group_reduce_count(s, c, 0);
  if (get_local_id(0) == 0) partials[get_group_id(0)] = r;
}
__kernel void algo_count_flags(__global const int *flags, ulong n,
    ulong chunk, __global ulong *partials, __local ulong *s) {
  ulong lo = get_group_id(0) * chunk, hi = min(n, lo + chunk), c = 0;
  for (ulong i = lo + get_local_id(0); i < hi; i += get_local_size(0))
    c += flags[i] != 0;
  ulong r = group_reduce_count(s, c, 0);
  if (get_local_id(0) == 0) partials[get_group_id(0)] = r;
}
__kernel void algo_compact(__global const T *in,
    __global const int *flags, __global T *out, ulong n, ulong chunk,
    __global const ulong *offsets, __local int *ftile,
    __local ulong *s) {
  uint lid = get_local_id(0), wg = get_local_size(0);
  ulong lo = get_group_id(0) * chunk, hi = min(n, lo + chunk);
  ulong carry = offsets[get_group_id(0)];
  for (ulong base = lo; base < hi; base += (ulong)wg * ALGO_K) {
    for (uint j = 0; j < ALGO_K; j++) {
      ulong i = base + j * wg + lid;
      ftile[j * wg + lid] = i < hi && flags[i] != 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    ulong c = 0;
    for (uint j = 0; j < ALGO_K; j++) c += ftile[lid * ALGO_K + j];
    s[lid] = c;
    ulong total = group_scan_count(s, 0);
    ulong pos = carry + s[lid];
    for (uint j = 0; j < ALGO_K; j++)
      if (ftile[lid * ALGO_K + j])
        out[pos++] = in[base + lid * ALGO_K + j];
    carry += total;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

uint digit(T x, uint shift, uint descending) {
  KEY k = TO_KEY(x);
  return (uint)(((descending ? ~k : k) >> shift) & 15);
}
__kernel void algo_radix_count(__global const T *keys, ulong n,
    ulong per, uint shift, uint descending, __global ulong *hist) {
  ulong t = get_global_id(0), items = get_global_size(0);
  ulong lo = min(n, t * per), hi = min(n, lo + per);
  uint c[16];
  for (uint d = 0; d < 16; d++) c[d] = 0;
  for (ulong i = lo; i < hi; i++)
    c[digit(keys[i], shift, descending)]++;
  for (uint d = 0; d < 16; d++) hist[d * items + t] = c[d];
}
#define RADIX_SCATTER(NAME, VPARAMS, VMOVE)                          \
__kernel void NAME(__global const T *keys, __global T *out VPARAMS,   \
    ulong n, ulong per, uint shift, uint descending,                 \
    __global const ulong *offsets) {                                 \
  ulong t = get_global_id(0), items = get_global_size(0);            \
  ulong lo = min(n, t * per), hi = min(n, lo + per), o[16];          \
  for (uint d = 0; d < 16; d++) o[d] = offsets[d * items + t];       \
  for (ulong i = lo; i < hi; i++) {                                  \
    T k = keys[i];                                                   \
    ulong dst = o[digit(k, shift, descending)]++;                    \
    out[dst] = k;                                                    \
    VMOVE                                                            \
  }                                                                  \
}
#define NO_VALUES
#define VALUES4 , __global const uint *vin, __global uint *vout
#define VALUES8 , __global const ulong *vin, __global ulong *vout
#define MOVE_VALUE vout[dst] = vin[i];
RADIX_SCATTER(algo_radix_scatter, NO_VALUES, NO_VALUES)
RADIX_SCATTER(algo_radix_scatter_kv4, VALUES4, MOVE_VALUE)
RADIX_SCATTER(algo_radix_scatter_kv8, VALUES8, MOVE_VALUE)
