/*
 * cu2cl prelude, part 4: CUDA's half precision (cuda_fp16.h) on any OpenCL
 * C 1.2 device, cl_khr_fp16 or not.
 *
 * __half is cu2cl_half, a struct holding the IEEE 754 binary16 bits, so
 * that C arithmetic on it does not compile (a bare ushort would silently
 * add bit patterns); __half2 is cu2cl_half2, two of them (.x, .y) aligned
 * to 4 as CUDA's. Both have CUDA's size and layout, so buffers of them
 * match the host's bit for bit. Values go through float: vload_half and
 * vstore_half_rte, which OpenCL C 1.2 has without the extension (only
 * arithmetic on `half` needs it), convert exactly and round to nearest
 * even, with CUDA's NaN, infinity and subnormal behaviour.
 *
 * Arithmetic is done in float and rounded once to half. For + - * that is
 * IEEE half arithmetic (float's 24 bits are at least twice half's 11 plus
 * 2, so rounding twice equals rounding once). Division, square root and
 * fma go through round-to-odd (cu2cl_hrto: the two directed float results
 * of prelude_round.cl, the odd one when they differ), which makes the
 * second rounding exact too whatever OpenCL's float division and sqrt
 * accuracy. hexp, hlog, hsin, ... round the float function's result: as
 * accurate as the device's float function, like CUDA's approximations.
 *
 * cu2cl pastes this file after rules/prelude_round.cl.
 */

typedef struct {
  ushort x;
} cu2cl_half;

typedef struct __attribute__((aligned(4))) {
  cu2cl_half x, y;
} cu2cl_half2;

/* ---- conversions ---------------------------------------------------- */

float cu2cl_half2float(cu2cl_half h) { return vload_half(0, (half *)&h.x); }

cu2cl_half cu2cl_float2half_rn(float f) {
  cu2cl_half h;
  vstore_half_rte(f, 0, (half *)&h.x);
  return h;
}

cu2cl_half cu2cl_float2half_rz(float f) {
  cu2cl_half h;
  vstore_half_rtz(f, 0, (half *)&h.x);
  return h;
}

cu2cl_half cu2cl_float2half_rd(float f) {
  cu2cl_half h;
  vstore_half_rtn(f, 0, (half *)&h.x);
  return h;
}

cu2cl_half cu2cl_float2half_ru(float f) {
  cu2cl_half h;
  vstore_half_rtp(f, 0, (half *)&h.x);
  return h;
}

#ifdef CU2CL_DEVICE_HAS_FP64
cu2cl_half cu2cl_double2half(double d) {
  cu2cl_half h;
  vstore_half_rte(d, 0, (half *)&h.x);
  return h;
}
#endif

cu2cl_half cu2cl_ushort_as_half(ushort u) {
  cu2cl_half h = {u};
  return h;
}

ushort cu2cl_half_as_ushort(cu2cl_half h) { return h.x; }

cu2cl_half2 cu2cl_halves2half2(cu2cl_half a, cu2cl_half b) {
  cu2cl_half2 r = {a, b};
  return r;
}

cu2cl_half2 cu2cl_floats2half2_rn(float a, float b) {
  return cu2cl_halves2half2(cu2cl_float2half_rn(a), cu2cl_float2half_rn(b));
}

cu2cl_half2 cu2cl_float2half2_rn(float a) {
  cu2cl_half h = cu2cl_float2half_rn(a);
  return cu2cl_halves2half2(h, h);
}

cu2cl_half2 cu2cl_float22half2_rn(float2 f) {
  return cu2cl_floats2half2_rn(f.x, f.y);
}

cu2cl_half2 cu2cl_half2half2(cu2cl_half h) {
  return cu2cl_halves2half2(h, h);
}

cu2cl_half2 cu2cl_swap_half2(cu2cl_half2 h) {
  return cu2cl_halves2half2(h.y, h.x);
}

float2 cu2cl_half22float2(cu2cl_half2 h) {
  return (float2)(cu2cl_half2float(h.x), cu2cl_half2float(h.y));
}

uint cu2cl_half2_as_uint(cu2cl_half2 h) {
  return (uint)h.x.x | (uint)h.y.x << 16;
}

cu2cl_half2 cu2cl_uint_as_half2(uint u) {
  return cu2cl_halves2half2(cu2cl_ushort_as_half((ushort)u),
                            cu2cl_ushort_as_half((ushort)(u >> 16)));
}

/* ---- arithmetic ----------------------------------------------------- */

/* The round-to-odd float of an exact value lying in [lo, hi] (its two
 * directed roundings): rounding it to half is rounding the exact value. */
float cu2cl_hrto(float lo, float hi) {
  return lo == hi || (as_uint(lo) & 1) ? lo : hi;
}

#define CU2CL_HALF_BINARY(NAME, EXPR)                                         \
  cu2cl_half NAME(cu2cl_half ha, cu2cl_half hb) {                             \
    float a = cu2cl_half2float(ha), b = cu2cl_half2float(hb);                 \
    return cu2cl_float2half_rn(EXPR);                                         \
  }                                                                           \
  cu2cl_half2 NAME##_h2(cu2cl_half2 a, cu2cl_half2 b) {                         \
    return cu2cl_halves2half2(NAME(a.x, b.x), NAME(a.y, b.y));                \
  }
CU2CL_HALF_BINARY(cu2cl_hadd, cu2cl_fadd_rn(a, b))
CU2CL_HALF_BINARY(cu2cl_hsub, cu2cl_fsub_rn(a, b))
CU2CL_HALF_BINARY(cu2cl_hmul, cu2cl_fmul_rn(a, b))
CU2CL_HALF_BINARY(cu2cl_hdiv, cu2cl_hrto(cu2cl_fdiv_dir(a, b, CU2CL_RD),
                                         cu2cl_fdiv_dir(a, b, CU2CL_RU)))
CU2CL_HALF_BINARY(cu2cl_hadd_sat, clamp(cu2cl_fadd_rn(a, b), 0.0f, 1.0f))
CU2CL_HALF_BINARY(cu2cl_hsub_sat, clamp(cu2cl_fsub_rn(a, b), 0.0f, 1.0f))
CU2CL_HALF_BINARY(cu2cl_hmul_sat, clamp(cu2cl_fmul_rn(a, b), 0.0f, 1.0f))
CU2CL_HALF_BINARY(cu2cl_hmax, fmax(a, b))
CU2CL_HALF_BINARY(cu2cl_hmin, fmin(a, b))

cu2cl_half cu2cl_hfma(cu2cl_half ha, cu2cl_half hb, cu2cl_half hc) {
  float a = cu2cl_half2float(ha), b = cu2cl_half2float(hb);
  float c = cu2cl_half2float(hc);
  return cu2cl_float2half_rn(cu2cl_hrto(cu2cl_fmaf_dir(a, b, c, CU2CL_RD),
                                        cu2cl_fmaf_dir(a, b, c, CU2CL_RU)));
}

cu2cl_half2 cu2cl_hfma_h2(cu2cl_half2 a, cu2cl_half2 b, cu2cl_half2 c) {
  return cu2cl_halves2half2(cu2cl_hfma(a.x, b.x, c.x),
                            cu2cl_hfma(a.y, b.y, c.y));
}

/* sign and magnitude are bits: exact, NaNs included, as CUDA's */
cu2cl_half cu2cl_hneg(cu2cl_half h) { return cu2cl_ushort_as_half(h.x ^ 0x8000); }
cu2cl_half cu2cl_habs(cu2cl_half h) { return cu2cl_ushort_as_half(h.x & 0x7fff); }

cu2cl_half2 cu2cl_hneg_h2(cu2cl_half2 h) {
  return cu2cl_halves2half2(cu2cl_hneg(h.x), cu2cl_hneg(h.y));
}

cu2cl_half2 cu2cl_habs_h2(cu2cl_half2 h) {
  return cu2cl_halves2half2(cu2cl_habs(h.x), cu2cl_habs(h.y));
}

/* x op= y and ++/-- on an lvalue in each address space (OpenCL C 1.2 has
 * no generic pointers): the lvalue is evaluated once, as in CUDA. */
#define CU2CL_HALF_ASSIGN(S)                                                  \
  cu2cl_half cu2cl_hadd_assign_##S(S cu2cl_half *p, cu2cl_half v) {           \
    return *p = cu2cl_hadd(*p, v);                                            \
  }                                                                           \
  cu2cl_half cu2cl_hsub_assign_##S(S cu2cl_half *p, cu2cl_half v) {           \
    return *p = cu2cl_hsub(*p, v);                                            \
  }                                                                           \
  cu2cl_half cu2cl_hmul_assign_##S(S cu2cl_half *p, cu2cl_half v) {           \
    return *p = cu2cl_hmul(*p, v);                                            \
  }                                                                           \
  cu2cl_half cu2cl_hdiv_assign_##S(S cu2cl_half *p, cu2cl_half v) {           \
    return *p = cu2cl_hdiv(*p, v);                                            \
  }                                                                           \
  cu2cl_half cu2cl_hpostadd_##S(S cu2cl_half *p, float d) {                   \
    cu2cl_half old = *p;                                                      \
    *p = cu2cl_hadd(old, cu2cl_float2half_rn(d));                             \
    return old;                                                               \
  }                                                                           \
  cu2cl_half2 cu2cl_hadd2_assign_##S(S cu2cl_half2 *p, cu2cl_half2 v) {       \
    return *p = cu2cl_hadd_h2(*p, v);                                           \
  }                                                                           \
  cu2cl_half2 cu2cl_hsub2_assign_##S(S cu2cl_half2 *p, cu2cl_half2 v) {       \
    return *p = cu2cl_hsub_h2(*p, v);                                           \
  }                                                                           \
  cu2cl_half2 cu2cl_hmul2_assign_##S(S cu2cl_half2 *p, cu2cl_half2 v) {       \
    return *p = cu2cl_hmul_h2(*p, v);                                           \
  }                                                                           \
  cu2cl_half2 cu2cl_hdiv2_assign_##S(S cu2cl_half2 *p, cu2cl_half2 v) {       \
    return *p = cu2cl_hdiv_h2(*p, v);                                           \
  }
CU2CL_HALF_ASSIGN(global)
CU2CL_HALF_ASSIGN(local)
CU2CL_HALF_ASSIGN(private)

/* ---- comparisons ----------------------------------------------------- */

/* ordered (false with a NaN) and unordered (true with a NaN) forms */
#define CU2CL_HALF_COMPARE(OP, EXPR)                                          \
  bool cu2cl_h##OP(cu2cl_half ha, cu2cl_half hb) {                            \
    float a = cu2cl_half2float(ha), b = cu2cl_half2float(hb);                 \
    return EXPR;                                                              \
  }                                                                           \
  bool cu2cl_hb##OP##_h2(cu2cl_half2 a, cu2cl_half2 b) {                        \
    return cu2cl_h##OP(a.x, b.x) && cu2cl_h##OP(a.y, b.y);                    \
  }                                                                           \
  cu2cl_half2 cu2cl_h##OP##_h2(cu2cl_half2 a, cu2cl_half2 b) {                  \
    return cu2cl_floats2half2_rn(cu2cl_h##OP(a.x, b.x),                       \
                                 cu2cl_h##OP(a.y, b.y));                      \
  }
CU2CL_HALF_COMPARE(eq, a == b)
CU2CL_HALF_COMPARE(ne, a < b || a > b)
CU2CL_HALF_COMPARE(lt, a < b)
CU2CL_HALF_COMPARE(le, a <= b)
CU2CL_HALF_COMPARE(gt, a > b)
CU2CL_HALF_COMPARE(ge, a >= b)
CU2CL_HALF_COMPARE(equ, !(a < b || a > b))
CU2CL_HALF_COMPARE(neu, !(a == b))
CU2CL_HALF_COMPARE(ltu, !(a >= b))
CU2CL_HALF_COMPARE(leu, !(a > b))
CU2CL_HALF_COMPARE(gtu, !(a <= b))
CU2CL_HALF_COMPARE(geu, !(a < b))

bool cu2cl_hisnan(cu2cl_half h) { return (h.x & 0x7fff) > 0x7c00; }

int cu2cl_hisinf(cu2cl_half h) {
  return h.x == 0x7c00 ? 1 : h.x == 0xfc00 ? -1 : 0;
}

cu2cl_half2 cu2cl_hisnan_h2(cu2cl_half2 h) {
  return cu2cl_floats2half2_rn(cu2cl_hisnan(h.x), cu2cl_hisnan(h.y));
}

/* ---- math ------------------------------------------------------------ */

cu2cl_half cu2cl_hsqrt(cu2cl_half h) {
  float a = cu2cl_half2float(h);
  return cu2cl_float2half_rn(cu2cl_hrto(cu2cl_fsqrt_dir(a, CU2CL_RD),
                                        cu2cl_fsqrt_dir(a, CU2CL_RU)));
}

cu2cl_half cu2cl_hrcp(cu2cl_half h) {
  float a = cu2cl_half2float(h);
  return cu2cl_float2half_rn(cu2cl_hrto(cu2cl_fdiv_dir(1.0f, a, CU2CL_RD),
                                        cu2cl_fdiv_dir(1.0f, a, CU2CL_RU)));
}

/* a float function applied to a half, result rounded to nearest */
#define CU2CL_HALF_UNARY(NAME, FN)                                            \
  cu2cl_half NAME(cu2cl_half h) {                                             \
    return cu2cl_float2half_rn(FN(cu2cl_half2float(h)));                      \
  }
CU2CL_HALF_UNARY(cu2cl_hrsqrt, rsqrt)
CU2CL_HALF_UNARY(cu2cl_hexp, exp)
CU2CL_HALF_UNARY(cu2cl_hexp2, exp2)
CU2CL_HALF_UNARY(cu2cl_hexp10, exp10)
CU2CL_HALF_UNARY(cu2cl_hlog, log)
CU2CL_HALF_UNARY(cu2cl_hlog2, log2)
CU2CL_HALF_UNARY(cu2cl_hlog10, log10)
CU2CL_HALF_UNARY(cu2cl_hsin, sin)
CU2CL_HALF_UNARY(cu2cl_hcos, cos)
CU2CL_HALF_UNARY(cu2cl_htanh, tanh)
CU2CL_HALF_UNARY(cu2cl_hceil, ceil)
CU2CL_HALF_UNARY(cu2cl_hfloor, floor)
CU2CL_HALF_UNARY(cu2cl_htrunc, trunc)
CU2CL_HALF_UNARY(cu2cl_hrint, rint)

/* the half2 form of a half function, lane by lane (NAME_h2: hexp2 is
 * exp2, not the half2 form of hexp) */
#define CU2CL_HALF2_UNARY(NAME)                                               \
  cu2cl_half2 NAME##_h2(cu2cl_half2 h) {                                        \
    return cu2cl_halves2half2(NAME(h.x), NAME(h.y));                          \
  }
CU2CL_HALF2_UNARY(cu2cl_hsqrt)
CU2CL_HALF2_UNARY(cu2cl_hrsqrt)
CU2CL_HALF2_UNARY(cu2cl_hrcp)
CU2CL_HALF2_UNARY(cu2cl_hexp)
CU2CL_HALF2_UNARY(cu2cl_hexp2)
CU2CL_HALF2_UNARY(cu2cl_hexp10)
CU2CL_HALF2_UNARY(cu2cl_hlog)
CU2CL_HALF2_UNARY(cu2cl_hlog10)
CU2CL_HALF2_UNARY(cu2cl_hlog2)
CU2CL_HALF2_UNARY(cu2cl_hsin)
CU2CL_HALF2_UNARY(cu2cl_hcos)
CU2CL_HALF2_UNARY(cu2cl_htanh)
CU2CL_HALF2_UNARY(cu2cl_hceil)
CU2CL_HALF2_UNARY(cu2cl_hfloor)
CU2CL_HALF2_UNARY(cu2cl_htrunc)
CU2CL_HALF2_UNARY(cu2cl_hrint)
