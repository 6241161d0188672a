/*
 * cu2cl prelude, part 5: CUDA's bfloat16 (cuda_bf16.h) on any OpenCL C
 * 1.2 device. No device has a bfloat16 type in OpenCL C.
 *
 * __nv_bfloat16 is cu2cl_bf16, a struct holding the 16 bits (the upper
 * half of a float: sign, 8 exponent bits, 7 fraction bits), so that C
 * arithmetic on it does not compile; __nv_bfloat162 is cu2cl_bf162, two of
 * them (.x, .y) aligned to 4 as CUDA's. Both have CUDA's size and layout,
 * so buffers of them match the host's (cu2clrt_bf16.h) bit for bit.
 *
 * A bfloat16 converts to float exactly by shifting its bits up 16. A
 * float rounds to bfloat16 in integer arithmetic on its bits (the 16
 * dropped bits decide), to nearest even, toward zero, down or up; a NaN
 * becomes the canonical quiet NaN 0x7fff, as CUDA's cvt.rn.bf16.f32.
 *
 * Arithmetic is done in float and rounded once to bfloat16, as CUDA does
 * (its sm_80+ instructions round the exact result once; older GPUs go
 * through float). For + - * that is exact bfloat16 arithmetic: float's 24
 * bits are more than twice bfloat16's 8 plus 2, and both formats share the
 * exponent range, so rounding to float first never changes the final
 * rounding. Division, square root, reciprocal and fma go through
 * round-to-odd (cu2cl_hrto of prelude_half.cl), which makes them correctly
 * rounded whatever OpenCL's float accuracy. hexp, hlog, hsin, ... round
 * the device's float function: CUDA documents its own as approximations.
 *
 * Exact on devices with float subnormals (PoCL, NVIDIA, AMD), as
 * prelude_round.cl. cu2cl pastes this file after rules/prelude_half.cl.
 */

typedef struct {
  ushort x;
} cu2cl_bf16;

typedef struct __attribute__((aligned(4))) {
  cu2cl_bf16 x, y;
} cu2cl_bf162;

/* ---- conversions ---------------------------------------------------- */

float cu2cl_bf162float(cu2cl_bf16 h) { return as_float((uint)h.x << 16); }

cu2cl_bf16 cu2cl_ushort_as_bf16(ushort u) {
  cu2cl_bf16 h = {u};
  return h;
}

/* f rounded to bfloat16 in direction m (0: nearest even, or CU2CL_RZ,
 * CU2CL_RU, CU2CL_RD of prelude_round.cl); a NaN is 0x7fff. Overflow
 * carries into the exponent: infinity where the direction allows it. */
ushort cu2cl_float2bf16_bits(float f, int m) {
  uint u = as_uint(f);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return 0x7fff;
  uint r = u >> 16, rem = u & 0xffffu, neg = u >> 31;
  if (m == 0 && (rem > 0x8000u || (rem == 0x8000u && (r & 1u))))
    r++;
  else if (rem && ((m == CU2CL_RU && !neg) || (m == CU2CL_RD && neg)))
    r++; /* away from zero: the magnitude's bits go up */
  return (ushort)r;
}

cu2cl_bf16 cu2cl_float2bf16_rn(float f) {
  return cu2cl_ushort_as_bf16(cu2cl_float2bf16_bits(f, 0));
}

cu2cl_bf16 cu2cl_float2bf16_rz(float f) {
  return cu2cl_ushort_as_bf16(cu2cl_float2bf16_bits(f, CU2CL_RZ));
}

cu2cl_bf16 cu2cl_float2bf16_rd(float f) {
  return cu2cl_ushort_as_bf16(cu2cl_float2bf16_bits(f, CU2CL_RD));
}

cu2cl_bf16 cu2cl_float2bf16_ru(float f) {
  return cu2cl_ushort_as_bf16(cu2cl_float2bf16_bits(f, CU2CL_RU));
}

#ifdef CU2CL_DEVICE_HAS_FP64
/* one rounding from double: the round-to-odd float of d, then to
 * nearest even (float keeps 16 more bits than bfloat16) */
cu2cl_bf16 cu2cl_double2bf16(double d) {
  float lo = convert_float_rtn(d), hi = convert_float_rtp(d);
  return cu2cl_float2bf16_rn(isnan(d) ? (float)d : cu2cl_hrto(lo, hi));
}
#endif

/* an integer to bfloat16 in direction m: the two floats around it, then
 * the one rounding (exact below 2^24, round-to-odd above) */
#define CU2CL_INT2BF16(NAME, T)                                               \
  cu2cl_bf16 NAME(T v, int m) {                                               \
    float lo = convert_float_rtn(v), hi = convert_float_rtp(v);               \
    return cu2cl_ushort_as_bf16(                                              \
        cu2cl_float2bf16_bits(cu2cl_hrto(lo, hi), m));                        \
  }
CU2CL_INT2BF16(cu2cl_int2bf16, int)
CU2CL_INT2BF16(cu2cl_uint2bf16, uint)
CU2CL_INT2BF16(cu2cl_long2bf16, long)
CU2CL_INT2BF16(cu2cl_ulong2bf16, ulong)

ushort cu2cl_bf16_as_ushort(cu2cl_bf16 h) { return h.x; }

cu2cl_bf162 cu2cl_halves2bf162(cu2cl_bf16 a, cu2cl_bf16 b) {
  cu2cl_bf162 r = {a, b};
  return r;
}

cu2cl_bf162 cu2cl_floats2bf162_rn(float a, float b) {
  return cu2cl_halves2bf162(cu2cl_float2bf16_rn(a), cu2cl_float2bf16_rn(b));
}

cu2cl_bf162 cu2cl_float2bf162_rn(float a) {
  cu2cl_bf16 h = cu2cl_float2bf16_rn(a);
  return cu2cl_halves2bf162(h, h);
}

cu2cl_bf162 cu2cl_float22bf162_rn(float2 f) {
  return cu2cl_floats2bf162_rn(f.x, f.y);
}

cu2cl_bf162 cu2cl_bf162bf162(cu2cl_bf16 h) {
  return cu2cl_halves2bf162(h, h);
}

cu2cl_bf162 cu2cl_swap_bf162(cu2cl_bf162 h) {
  return cu2cl_halves2bf162(h.y, h.x);
}

float2 cu2cl_bf1622float2(cu2cl_bf162 h) {
  return (float2)(cu2cl_bf162float(h.x), cu2cl_bf162float(h.y));
}

uint cu2cl_bf162_as_uint(cu2cl_bf162 h) {
  return (uint)h.x.x | (uint)h.y.x << 16;
}

cu2cl_bf162 cu2cl_uint_as_bf162(uint u) {
  return cu2cl_halves2bf162(cu2cl_ushort_as_bf16((ushort)u),
                            cu2cl_ushort_as_bf16((ushort)(u >> 16)));
}

/* half <-> bfloat16: exact through float, then one rounding */
cu2cl_half cu2cl_bf162half(cu2cl_bf16 h) {
  return cu2cl_float2half_rn(cu2cl_bf162float(h));
}

cu2cl_bf16 cu2cl_half2bf16(cu2cl_half h) {
  return cu2cl_float2bf16_rn(cu2cl_half2float(h));
}

/* ---- arithmetic ----------------------------------------------------- */

#define CU2CL_BF16_BINARY(NAME, EXPR)                                         \
  cu2cl_bf16 NAME(cu2cl_bf16 ha, cu2cl_bf16 hb) {                             \
    float a = cu2cl_bf162float(ha), b = cu2cl_bf162float(hb);                 \
    return cu2cl_float2bf16_rn(EXPR);                                         \
  }                                                                           \
  cu2cl_bf162 NAME##2(cu2cl_bf162 a, cu2cl_bf162 b) {                         \
    return cu2cl_halves2bf162(NAME(a.x, b.x), NAME(a.y, b.y));                \
  }
CU2CL_BF16_BINARY(cu2cl_bhadd, cu2cl_fadd_rn(a, b))
CU2CL_BF16_BINARY(cu2cl_bhsub, cu2cl_fsub_rn(a, b))
CU2CL_BF16_BINARY(cu2cl_bhmul, cu2cl_fmul_rn(a, b))
CU2CL_BF16_BINARY(cu2cl_bhdiv, cu2cl_hrto(cu2cl_fdiv_dir(a, b, CU2CL_RD),
                                          cu2cl_fdiv_dir(a, b, CU2CL_RU)))
CU2CL_BF16_BINARY(cu2cl_bhadd_sat, clamp(cu2cl_fadd_rn(a, b), 0.0f, 1.0f))
CU2CL_BF16_BINARY(cu2cl_bhsub_sat, clamp(cu2cl_fsub_rn(a, b), 0.0f, 1.0f))
CU2CL_BF16_BINARY(cu2cl_bhmul_sat, clamp(cu2cl_fmul_rn(a, b), 0.0f, 1.0f))

/* max and min: a NaN operand yields the other (two NaNs the canonical
 * one), +0 is above -0; the _nan forms give the canonical NaN when either
 * operand is one. Decided on the bits, so exact. */
bool cu2cl_bhisnan(cu2cl_bf16 h) { return (h.x & 0x7fff) > 0x7f80; }

cu2cl_bf16 cu2cl_bhmax_nan(cu2cl_bf16 a, cu2cl_bf16 b) {
  if (cu2cl_bhisnan(a) || cu2cl_bhisnan(b))
    return cu2cl_ushort_as_bf16(0x7fff);
  float fa = cu2cl_bf162float(a), fb = cu2cl_bf162float(b);
  if (fa == fb) /* equal, or zeros of either sign: +0 wins */
    return cu2cl_ushort_as_bf16(a.x & b.x);
  return fa > fb ? a : b;
}

cu2cl_bf16 cu2cl_bhmin_nan(cu2cl_bf16 a, cu2cl_bf16 b) {
  if (cu2cl_bhisnan(a) || cu2cl_bhisnan(b))
    return cu2cl_ushort_as_bf16(0x7fff);
  float fa = cu2cl_bf162float(a), fb = cu2cl_bf162float(b);
  if (fa == fb) /* equal, or zeros of either sign: -0 wins */
    return cu2cl_ushort_as_bf16(a.x | b.x);
  return fa < fb ? a : b;
}

cu2cl_bf16 cu2cl_bhmax(cu2cl_bf16 a, cu2cl_bf16 b) {
  return cu2cl_bhisnan(a) ? (cu2cl_bhisnan(b) ? cu2cl_ushort_as_bf16(0x7fff)
                                              : b)
         : cu2cl_bhisnan(b) ? a
                            : cu2cl_bhmax_nan(a, b);
}

cu2cl_bf16 cu2cl_bhmin(cu2cl_bf16 a, cu2cl_bf16 b) {
  return cu2cl_bhisnan(a) ? (cu2cl_bhisnan(b) ? cu2cl_ushort_as_bf16(0x7fff)
                                              : b)
         : cu2cl_bhisnan(b) ? a
                            : cu2cl_bhmin_nan(a, b);
}

#define CU2CL_BF16_PAIRWISE(NAME)                                             \
  cu2cl_bf162 NAME##2(cu2cl_bf162 a, cu2cl_bf162 b) {                         \
    return cu2cl_halves2bf162(NAME(a.x, b.x), NAME(a.y, b.y));                \
  }
CU2CL_BF16_PAIRWISE(cu2cl_bhmax)
CU2CL_BF16_PAIRWISE(cu2cl_bhmin)
CU2CL_BF16_PAIRWISE(cu2cl_bhmax_nan)
CU2CL_BF16_PAIRWISE(cu2cl_bhmin_nan)

cu2cl_bf16 cu2cl_bhfma(cu2cl_bf16 ha, cu2cl_bf16 hb, cu2cl_bf16 hc) {
  float a = cu2cl_bf162float(ha), b = cu2cl_bf162float(hb);
  float c = cu2cl_bf162float(hc);
  return cu2cl_float2bf16_rn(cu2cl_hrto(cu2cl_fmaf_dir(a, b, c, CU2CL_RD),
                                        cu2cl_fmaf_dir(a, b, c, CU2CL_RU)));
}

cu2cl_bf162 cu2cl_bhfma2(cu2cl_bf162 a, cu2cl_bf162 b, cu2cl_bf162 c) {
  return cu2cl_halves2bf162(cu2cl_bhfma(a.x, b.x, c.x),
                            cu2cl_bhfma(a.y, b.y, c.y));
}

/* sign and magnitude are bits: exact, NaNs included, as CUDA's */
cu2cl_bf16 cu2cl_bhneg(cu2cl_bf16 h) {
  return cu2cl_ushort_as_bf16(h.x ^ 0x8000);
}

cu2cl_bf16 cu2cl_bhabs(cu2cl_bf16 h) {
  return cu2cl_ushort_as_bf16(h.x & 0x7fff);
}

cu2cl_bf162 cu2cl_bhneg2(cu2cl_bf162 h) {
  return cu2cl_halves2bf162(cu2cl_bhneg(h.x), cu2cl_bhneg(h.y));
}

cu2cl_bf162 cu2cl_bhabs2(cu2cl_bf162 h) {
  return cu2cl_halves2bf162(cu2cl_bhabs(h.x), cu2cl_bhabs(h.y));
}

/* x op= y and ++/-- on an lvalue in each address space (OpenCL C 1.2 has
 * no generic pointers): the lvalue is evaluated once, as in CUDA. */
#define CU2CL_BF16_ASSIGN(S)                                                  \
  cu2cl_bf16 cu2cl_bhadd_assign_##S(S cu2cl_bf16 *p, cu2cl_bf16 v) {          \
    return *p = cu2cl_bhadd(*p, v);                                           \
  }                                                                           \
  cu2cl_bf16 cu2cl_bhsub_assign_##S(S cu2cl_bf16 *p, cu2cl_bf16 v) {          \
    return *p = cu2cl_bhsub(*p, v);                                           \
  }                                                                           \
  cu2cl_bf16 cu2cl_bhmul_assign_##S(S cu2cl_bf16 *p, cu2cl_bf16 v) {          \
    return *p = cu2cl_bhmul(*p, v);                                           \
  }                                                                           \
  cu2cl_bf16 cu2cl_bhdiv_assign_##S(S cu2cl_bf16 *p, cu2cl_bf16 v) {          \
    return *p = cu2cl_bhdiv(*p, v);                                           \
  }                                                                           \
  cu2cl_bf16 cu2cl_bhpostadd_##S(S cu2cl_bf16 *p, float d) {                  \
    cu2cl_bf16 old = *p;                                                      \
    *p = cu2cl_bhadd(old, cu2cl_float2bf16_rn(d));                            \
    return old;                                                               \
  }                                                                           \
  cu2cl_bf162 cu2cl_bhadd2_assign_##S(S cu2cl_bf162 *p, cu2cl_bf162 v) {      \
    return *p = cu2cl_bhadd2(*p, v);                                          \
  }                                                                           \
  cu2cl_bf162 cu2cl_bhsub2_assign_##S(S cu2cl_bf162 *p, cu2cl_bf162 v) {      \
    return *p = cu2cl_bhsub2(*p, v);                                          \
  }                                                                           \
  cu2cl_bf162 cu2cl_bhmul2_assign_##S(S cu2cl_bf162 *p, cu2cl_bf162 v) {      \
    return *p = cu2cl_bhmul2(*p, v);                                          \
  }                                                                           \
  cu2cl_bf162 cu2cl_bhdiv2_assign_##S(S cu2cl_bf162 *p, cu2cl_bf162 v) {      \
    return *p = cu2cl_bhdiv2(*p, v);                                          \
  }
CU2CL_BF16_ASSIGN(global)
CU2CL_BF16_ASSIGN(local)
CU2CL_BF16_ASSIGN(private)

/* atomicAdd: a compare-and-swap loop on the aligned 32-bit word holding
 * the value (a bfloat162 is that whole word), the sum rounded once */
#define CU2CL_BF16_ATOMIC(AS)                                                 \
  cu2cl_bf16 cu2cl_atomic_add_bf16_##AS(volatile AS cu2cl_bf16 *p,            \
                                        cu2cl_bf16 v) {                       \
    volatile AS uint *w = (volatile AS uint *)((size_t)p & ~(size_t)3);       \
    uint shift = ((size_t)p & 2) * 8, old = *w, seen;                         \
    for (;;) {                                                                \
      cu2cl_bf16 cur = cu2cl_ushort_as_bf16((ushort)(old >> shift));          \
      uint bits = cu2cl_bhadd(cur, v).x;                                      \
      uint next = (old & ~(0xffffu << shift)) | bits << shift;                \
      if ((seen = atomic_cmpxchg(w, old, next)) == old)                       \
        return cur;                                                           \
      old = seen;                                                             \
    }                                                                         \
  }                                                                           \
  cu2cl_bf162 cu2cl_atomic_add_bf162_##AS(volatile AS cu2cl_bf162 *p,         \
                                          cu2cl_bf162 v) {                    \
    volatile AS uint *w = (volatile AS uint *)p;                              \
    uint old = *w, seen;                                                      \
    while ((seen = atomic_cmpxchg(                                            \
                w, old,                                                       \
                cu2cl_bf162_as_uint(cu2cl_bhadd2(cu2cl_uint_as_bf162(old),    \
                                                 v)))) != old)                \
      old = seen;                                                             \
    return cu2cl_uint_as_bf162(old);                                          \
  }
CU2CL_BF16_ATOMIC(global)
CU2CL_BF16_ATOMIC(local)

/* ---- comparisons ----------------------------------------------------- */

/* ordered (false with a NaN) and unordered (true with a NaN) forms */
#define CU2CL_BF16_COMPARE(OP, EXPR)                                          \
  bool cu2cl_bh##OP(cu2cl_bf16 ha, cu2cl_bf16 hb) {                           \
    float a = cu2cl_bf162float(ha), b = cu2cl_bf162float(hb);                 \
    return EXPR;                                                              \
  }                                                                           \
  bool cu2cl_bhb##OP##2(cu2cl_bf162 a, cu2cl_bf162 b) {                       \
    return cu2cl_bh##OP(a.x, b.x) && cu2cl_bh##OP(a.y, b.y);                  \
  }                                                                           \
  cu2cl_bf162 cu2cl_bh##OP##2(cu2cl_bf162 a, cu2cl_bf162 b) {                 \
    return cu2cl_floats2bf162_rn(cu2cl_bh##OP(a.x, b.x),                      \
                                 cu2cl_bh##OP(a.y, b.y));                     \
  }                                                                           \
  uint cu2cl_bh##OP##2_mask(cu2cl_bf162 a, cu2cl_bf162 b) {                   \
    return (cu2cl_bh##OP(a.x, b.x) ? 0xffffu : 0u) |                          \
           (cu2cl_bh##OP(a.y, b.y) ? 0xffff0000u : 0u);                       \
  }
CU2CL_BF16_COMPARE(eq, a == b)
CU2CL_BF16_COMPARE(ne, a < b || a > b)
CU2CL_BF16_COMPARE(lt, a < b)
CU2CL_BF16_COMPARE(le, a <= b)
CU2CL_BF16_COMPARE(gt, a > b)
CU2CL_BF16_COMPARE(ge, a >= b)
CU2CL_BF16_COMPARE(equ, !(a < b || a > b))
CU2CL_BF16_COMPARE(neu, !(a == b))
CU2CL_BF16_COMPARE(ltu, !(a >= b))
CU2CL_BF16_COMPARE(leu, !(a > b))
CU2CL_BF16_COMPARE(gtu, !(a <= b))
CU2CL_BF16_COMPARE(geu, !(a < b))

int cu2cl_bhisinf(cu2cl_bf16 h) {
  return h.x == 0x7f80 ? 1 : h.x == 0xff80 ? -1 : 0;
}

cu2cl_bf162 cu2cl_bhisnan2(cu2cl_bf162 h) {
  return cu2cl_floats2bf162_rn(cu2cl_bhisnan(h.x), cu2cl_bhisnan(h.y));
}

/* ---- math ------------------------------------------------------------ */

cu2cl_bf16 cu2cl_bhsqrt(cu2cl_bf16 h) {
  float a = cu2cl_bf162float(h);
  return cu2cl_float2bf16_rn(cu2cl_hrto(cu2cl_fsqrt_dir(a, CU2CL_RD),
                                        cu2cl_fsqrt_dir(a, CU2CL_RU)));
}

cu2cl_bf16 cu2cl_bhrcp(cu2cl_bf16 h) {
  float a = cu2cl_bf162float(h);
  return cu2cl_float2bf16_rn(cu2cl_hrto(cu2cl_fdiv_dir(1.0f, a, CU2CL_RD),
                                        cu2cl_fdiv_dir(1.0f, a, CU2CL_RU)));
}

/* a float function applied to a bfloat16, result rounded to nearest */
#define CU2CL_BF16_UNARY(NAME, FN)                                            \
  cu2cl_bf16 NAME(cu2cl_bf16 h) {                                             \
    return cu2cl_float2bf16_rn(FN(cu2cl_bf162float(h)));                      \
  }
CU2CL_BF16_UNARY(cu2cl_bhrsqrt, rsqrt)
CU2CL_BF16_UNARY(cu2cl_bhexp, exp)
CU2CL_BF16_UNARY(cu2cl_bhexp2, exp2)
CU2CL_BF16_UNARY(cu2cl_bhexp10, exp10)
CU2CL_BF16_UNARY(cu2cl_bhlog, log)
CU2CL_BF16_UNARY(cu2cl_bhlog2, log2)
CU2CL_BF16_UNARY(cu2cl_bhlog10, log10)
CU2CL_BF16_UNARY(cu2cl_bhsin, sin)
CU2CL_BF16_UNARY(cu2cl_bhcos, cos)
CU2CL_BF16_UNARY(cu2cl_bhtanh, tanh)
CU2CL_BF16_UNARY(cu2cl_bhceil, ceil)
CU2CL_BF16_UNARY(cu2cl_bhfloor, floor)
CU2CL_BF16_UNARY(cu2cl_bhtrunc, trunc)
CU2CL_BF16_UNARY(cu2cl_bhrint, rint)

/* the bfloat162 form of a bfloat16 function, lane by lane (NAME_2:
 * cu2cl_bhexp2 is exp2, not the pair form of hexp) */
#define CU2CL_BF162_UNARY(NAME)                                               \
  cu2cl_bf162 NAME##_2(cu2cl_bf162 h) {                                       \
    return cu2cl_halves2bf162(NAME(h.x), NAME(h.y));                          \
  }
CU2CL_BF162_UNARY(cu2cl_bhsqrt)
CU2CL_BF162_UNARY(cu2cl_bhrsqrt)
CU2CL_BF162_UNARY(cu2cl_bhrcp)
CU2CL_BF162_UNARY(cu2cl_bhexp)
CU2CL_BF162_UNARY(cu2cl_bhexp2)
CU2CL_BF162_UNARY(cu2cl_bhexp10)
CU2CL_BF162_UNARY(cu2cl_bhlog)
CU2CL_BF162_UNARY(cu2cl_bhlog2)
CU2CL_BF162_UNARY(cu2cl_bhlog10)
CU2CL_BF162_UNARY(cu2cl_bhsin)
CU2CL_BF162_UNARY(cu2cl_bhcos)
CU2CL_BF162_UNARY(cu2cl_bhtanh)
CU2CL_BF162_UNARY(cu2cl_bhceil)
CU2CL_BF162_UNARY(cu2cl_bhfloor)
CU2CL_BF162_UNARY(cu2cl_bhtrunc)
CU2CL_BF162_UNARY(cu2cl_bhrint)
