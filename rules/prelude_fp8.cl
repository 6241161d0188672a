/*
 * cu2cl prelude, part 6: CUDA's 8-bit floating point (cuda_fp8.h) on any
 * OpenCL C 1.2 device. No device has an fp8 type in OpenCL C.
 *
 * The storage types are integers (__nv_fp8_storage_t uchar,
 * __nv_fp8x2_storage_t ushort, __nv_fp8x4_storage_t uint); the classes are
 * structs holding them in __x as CUDA's (cu2cl_fp8_e4m3, cu2cl_fp8_e5m2,
 * cu2cl_fp8x2_e4m3, ... of 1, 2 and 4 bytes, aligned as CUDA's), so that
 * buffers match the host's (runtime/include/cu2clrt_fp8.h) bit for bit.
 * The lane of lowest address (.x) is the low byte, as on the GPU.
 *
 * Formats (OCP 8-bit floating point, as CUDA's): E4M3 has bias 7, no
 * infinities, NaN S.1111.111 and the largest finite 448 (0x7e); E5M2 has
 * bias 15, infinities S.11111.00, NaNs S.11111.xx, largest finite 57344
 * (0x7b).
 *
 * To fp8 (__nv_cvt_*_to_fp8, the constructors): one rounding to nearest
 * even of the exact input (a double is rounded once, not through float),
 * done in integer arithmetic on the bits. A result above the largest
 * finite (after rounding) or an infinite input is, with __NV_SATFINITE,
 * that largest finite of the input's sign; with __NV_NOSAT infinity
 * (E5M2) or NaN 0x7f|sign (E4M3). A NaN input gives 0x7f from float, half
 * and bfloat16 (sign dropped); from double 0x7f|sign (E4M3) and
 * 0x7e|sign|the double's second fraction bit (E5M2). These are the
 * results of CUDA 13 on an H200 for every half and bfloat16 and a million
 * floats and doubles, device and host alike. Integers go through float,
 * as CUDA documents (exact below 2^24; above, every result saturates).
 *
 * From fp8: exact. To half, the bits (a NaN is 0x7fff); to float, its
 * bits (a NaN is 0x7fffffff); to integers toward zero, saturating, a NaN
 * 0 (0x8000000000000000 for 64-bit ones), as CUDA's operators through
 * __half2int_rz and its kin. cu2cl pastes this file after
 * rules/prelude_bf16.cl.
 */

typedef struct {
  uchar __x;
} cu2cl_fp8_e4m3;

typedef struct {
  uchar __x;
} cu2cl_fp8_e5m2;

typedef struct __attribute__((aligned(2))) {
  ushort __x;
} cu2cl_fp8x2_e4m3;

typedef struct __attribute__((aligned(2))) {
  ushort __x;
} cu2cl_fp8x2_e5m2;

typedef struct __attribute__((aligned(4))) {
  uint __x;
} cu2cl_fp8x4_e4m3;

typedef struct __attribute__((aligned(4))) {
  uint __x;
} cu2cl_fp8x4_e5m2;

/* __nv_saturation_t and __nv_fp8_interpretation_t, as CUDA numbers them */
#define CU2CL_NV_NOSAT 0
#define CU2CL_NV_SATFINITE 1
#define CU2CL_NV_E4M3 0
#define CU2CL_NV_E5M2 1

/* ---- to fp8 --------------------------------------------------------- */

/* The fp8 bits (fmt: CU2CL_NV_E4M3 or _E5M2) of (-1)^neg * s * 2^e, or of
 * an infinity (inf), rounded once to nearest even; sat as __nv_saturation_t.
 * The quantum is 2^(max(floor(log2 |v|), 1 - bias) - fraction bits): at
 * or above the smallest normal the encoding is ((exponent + bias - 1) <<
 * fraction bits) + the rounded significand, below it the significand, so
 * a carry out of either moves to the next binade by itself. */
uchar cu2cl_fp8_round(int neg, ulong s, int e, int inf, int sat, int fmt) {
  const int m = fmt ? 2 : 3, b = fmt ? 15 : 7;
  const uint maxfin = fmt ? 0x7bu : 0x7eu;
  uint r = 0;
  if (inf)
    r = 0xffu;
  else if (s) {
    int ev = e + 63 - (int)clz(s); /* floor(log2 |v|) */
    int q = max(ev, 1 - b) - m, drop = q - e;
    ulong n = 0;
    if (ev > 17) /* far above 57344 */
      n = 0xffu;
    else if (drop <= 0)
      n = s << -drop;
    else if (drop < 64) {
      ulong rem = s & ((1ul << drop) - 1), tie = 1ul << (drop - 1);
      n = (s >> drop) + (rem > tie || (rem == tie && ((s >> drop) & 1)));
    }
    r = ev > 17       ? 0xffu
        : ev < 1 - b ? (uint)n
                     : (uint)(((ev + b - 1) << m) + (int)n);
  }
  if (r > maxfin) /* overflow: saturate, or E5M2 infinity, E4M3 NaN */
    r = sat ? maxfin : fmt ? 0x7cu : 0x7fu;
  return (uchar)(r | (uint)neg << 7);
}

/* a binary format's bits u (fb fraction bits, eb exponent bits, both
 * well under 64) to fp8; a NaN gives nan */
uchar cu2cl_bits2fp8(ulong u, int fb, int eb, uchar nan, int sat, int fmt) {
  int neg = (int)(u >> (fb + eb)) & 1, bias = (1 << (eb - 1)) - 1;
  ulong a = u & ((1ul << (fb + eb)) - 1), inf = ((1ul << eb) - 1) << fb;
  if (a > inf)
    return nan;
  int ex = (int)(a >> fb);
  ulong sig = a & ((1ul << fb) - 1);
  if (ex)
    sig |= 1ul << fb;
  else
    ex = 1; /* subnormal */
  return cu2cl_fp8_round(neg, sig, ex - bias - fb, a == inf, sat, fmt);
}

uchar cu2cl_float2fp8(float f, int sat, int fmt) {
  return cu2cl_bits2fp8(as_uint(f), 23, 8, 0x7f, sat, fmt);
}

uchar cu2cl_half2fp8(cu2cl_half h, int sat, int fmt) {
  return cu2cl_bits2fp8(h.x, 10, 5, 0x7f, sat, fmt);
}

uchar cu2cl_bf162fp8(cu2cl_bf16 h, int sat, int fmt) {
  return cu2cl_bits2fp8(h.x, 7, 8, 0x7f, sat, fmt);
}

ushort cu2cl_float22fp8x2(float2 f, int sat, int fmt) {
  return (ushort)(cu2cl_float2fp8(f.x, sat, fmt) |
                  cu2cl_float2fp8(f.y, sat, fmt) << 8);
}

ushort cu2cl_half22fp8x2(cu2cl_half2 h, int sat, int fmt) {
  return (ushort)(cu2cl_half2fp8(h.x, sat, fmt) |
                  cu2cl_half2fp8(h.y, sat, fmt) << 8);
}

ushort cu2cl_bf1622fp8x2(cu2cl_bf162 h, int sat, int fmt) {
  return (ushort)(cu2cl_bf162fp8(h.x, sat, fmt) |
                  cu2cl_bf162fp8(h.y, sat, fmt) << 8);
}

uint cu2cl_float42fp8x4(float4 f, int sat, int fmt) {
  return (uint)cu2cl_float22fp8x2(f.xy, sat, fmt) |
         (uint)cu2cl_float22fp8x2(f.zw, sat, fmt) << 16;
}

#ifdef CU2CL_DEVICE_HAS_FP64
uchar cu2cl_double2fp8(double d, int sat, int fmt) {
  ulong u = as_ulong(d);
  if ((u & 0x7ffffffffffffffful) > 0x7ff0000000000000ul) /* NaN */
    return (uchar)((fmt ? 0x7eu | (uint)(u >> 50 & 1) : 0x7fu) |
                   (uint)(u >> 63) << 7);
  return cu2cl_bits2fp8(u, 52, 11, 0, sat, fmt);
}

ushort cu2cl_double22fp8x2(double2 f, int sat, int fmt) {
  return (ushort)(cu2cl_double2fp8(f.x, sat, fmt) |
                  cu2cl_double2fp8(f.y, sat, fmt) << 8);
}

uint cu2cl_double42fp8x4(double4 f, int sat, int fmt) {
  return (uint)cu2cl_double22fp8x2(f.xy, sat, fmt) |
         (uint)cu2cl_double22fp8x2(f.zw, sat, fmt) << 16;
}
#endif

/* integers through float, as CUDA's constructors */
uchar cu2cl_long2fp8(long v, int fmt) {
  return cu2cl_float2fp8((float)v, CU2CL_NV_SATFINITE, fmt);
}

uchar cu2cl_ulong2fp8(ulong v, int fmt) {
  return cu2cl_float2fp8((float)v, CU2CL_NV_SATFINITE, fmt);
}

/* ---- from fp8 ------------------------------------------------------- */

bool cu2cl_fp8_isnan(uchar x, int fmt) {
  return fmt ? (x & 0x7f) > 0x7c : (x & 0x7f) == 0x7f;
}

/* The float bits of fp8 x (exact; NaN 0x7fffffff). */
uint cu2cl_fp82float_bits(uchar x, int fmt) {
  const int m = fmt ? 2 : 3, b = fmt ? 15 : 7;
  uint sign = (uint)(x & 0x80) << 24, ex = (x & 0x7f) >> m,
       sig = x & ((1u << m) - 1);
  if (cu2cl_fp8_isnan(x, fmt))
    return 0x7fffffffu;
  if (fmt && ex == 31)
    return sign | 0x7f800000u; /* E5M2 infinity */
  if (!ex) {                   /* subnormal: sig * 2^(1 - b - m) */
    if (!sig)
      return sign;
    int p = 31 - (int)clz(sig); /* sig = 1.f * 2^p */
    return sign | (uint)(127 + 1 - b - m + p) << 23 |
           (sig << (23 - p)) & 0x7fffffu;
  }
  return sign | (ex + 127 - b) << 23 | sig << (23 - m);
}

float cu2cl_fp82float(uchar x, int fmt) {
  return as_float(cu2cl_fp82float_bits(x, fmt));
}

/* The half bits of fp8 x (exact; NaN 0x7fff): E5M2 is half's upper byte;
 * every E4M3 value is a normal half or zero, so its float narrows by
 * rebiasing the exponent */
cu2cl_half cu2cl_fp82half(uchar x, int fmt) {
  uint f = cu2cl_fp82float_bits(x, fmt), a = f & 0x7fffffffu;
  ushort h = cu2cl_fp8_isnan(x, fmt) ? 0x7fff
             : fmt                   ? (ushort)(x << 8)
             : a == 0                ? (ushort)(f >> 16)
                     : (ushort)(f >> 16 & 0x8000 | ((a >> 13) - (112u << 10)));
  return cu2cl_ushort_as_half(h);
}

cu2cl_half2 cu2cl_fp8x22half2(ushort x, int fmt) {
  return cu2cl_halves2half2(cu2cl_fp82half((uchar)x, fmt),
                            cu2cl_fp82half((uchar)(x >> 8), fmt));
}

float2 cu2cl_fp8x22float2(ushort x, int fmt) {
  return (float2)(cu2cl_fp82float((uchar)x, fmt),
                  cu2cl_fp82float((uchar)(x >> 8), fmt));
}

float4 cu2cl_fp8x42float4(uint x, int fmt) {
  return (float4)(cu2cl_fp8x22float2((ushort)x, fmt),
                  cu2cl_fp8x22float2((ushort)(x >> 16), fmt));
}

/* 64-bit integers: a NaN is 0x8000000000000000, as CUDA's __half2ll_rz */
long cu2cl_fp82long(uchar x, int fmt) {
  return cu2cl_fp8_isnan(x, fmt)
             ? (long)0x8000000000000000ul
             : convert_long_sat_rtz(cu2cl_fp82float(x, fmt));
}

ulong cu2cl_fp82ulong(uchar x, int fmt) {
  return cu2cl_fp8_isnan(x, fmt)
             ? 0x8000000000000000ul
             : convert_ulong_sat_rtz(cu2cl_fp82float(x, fmt));
}

/* ---- the classes: constructors ------------------------------------- */

#define CU2CL_FP8_MAKE(T, S)                                                  \
  T cu2cl_make_##T(S x) {                                                     \
    T r = {x};                                                                \
    return r;                                                                 \
  }
CU2CL_FP8_MAKE(cu2cl_fp8_e4m3, uchar)
CU2CL_FP8_MAKE(cu2cl_fp8_e5m2, uchar)
CU2CL_FP8_MAKE(cu2cl_fp8x2_e4m3, ushort)
CU2CL_FP8_MAKE(cu2cl_fp8x2_e5m2, ushort)
CU2CL_FP8_MAKE(cu2cl_fp8x4_e4m3, uint)
CU2CL_FP8_MAKE(cu2cl_fp8x4_e5m2, uint)
