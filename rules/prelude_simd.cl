/*
 * cu2cl prelude: CUDA's SIMD intrinsics (CUDA Math API, "SIMD Intrinsics":
 * __vadd2, __vcmpgeu4, __vsads2, ... and CUDA 12's __vimax3_s32,
 * __viaddmax_u16x2, __vibmin_s16x2 and their kin) on any OpenCL C 1.2
 * device, bit for bit (rules/device_simd.def maps them).
 *
 * A 32-bit word holds two 16-bit lanes (the CUDA names ending in 2 or
 * 16x2) or four 8-bit lanes (ending in 4). Each helper reinterprets the
 * word as an OpenCL vector (short2/ushort2, char4/uchar4) and uses the
 * vector built-ins, which work lane by lane: add_sat and sub_sat saturate,
 * hadd and rhadd average without overflow, abs and abs_diff return the
 * unsigned type (so |-32768| is 0x8000, as CUDA's __vabs2 gives), and a
 * vector comparison gives all ones per true lane (CUDA's __vcmp* masks
 * 0xffff and 0xff; the __vset* forms give 1 per lane). Wrapping addition,
 * subtraction and negation are done on the unsigned vector, where overflow
 * is defined. Every lane goes back to the bits it came from, so no helper
 * depends on the device's byte order.
 *
 * Semantics, checked against an H200 under CUDA 13 on 1.2 million inputs
 * (every byte pair in every lane, every halfword against the edges 0, 1,
 * 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff and their neighbours) and
 * kept by tests/check_simd.c against a C reference:
 *   __vavgs: the signed average rounded half away from zero
 *            (avg(-1, 0) = -1, avg(1, 0) = 1); __vavgu: (a + b + 1) >> 1;
 *            __vhaddu: (a + b) >> 1;
 *   __vabsss, __vnegss: saturate -32768 (-128) to 32767 (127);
 *   __vabsdiffs: |a - b| of the signed lanes, unsigned, so
 *            __vabsdiffs2(0x7fff, 0x8000) is 0xffff;
 *   __vsads, __vsadu: the sum of the lanes' absolute differences;
 *   __vset*: 1 per lane where the comparison holds, not a single 0 or 1;
 *   __viaddmax/min: the sum wraps in the lane before the comparison;
 *   _relu: the result is at least 0, lane by lane.
 * cu2cl pastes this file after rules/prelude_complex.cl.
 */

/* ---- Per-halfword (two 16-bit lanes) ------------------------------------ */

uint cu2cl_vabs2(uint a) {
  return as_uint(abs(as_short2(a)));
}
uint cu2cl_vabsss2(uint a) {
  return as_uint(convert_short2_sat(abs(as_short2(a))));
}
uint cu2cl_vadd2(uint a, uint b) {
  return as_uint(as_ushort2(a) + as_ushort2(b));
}
uint cu2cl_vaddss2(uint a, uint b) {
  return as_uint(add_sat(as_short2(a), as_short2(b)));
}
uint cu2cl_vaddus2(uint a, uint b) {
  return as_uint(add_sat(as_ushort2(a), as_ushort2(b)));
}
/* floor((a + b) / 2) for a negative sum, else ceil: halves away from 0 */
uint cu2cl_vavgs2(uint a, uint b) {
  short2 x = as_short2(a), y = as_short2(b), down = hadd(x, y);
  return as_uint(select(down, rhadd(x, y), down >= (short2)0));
}
uint cu2cl_vavgu2(uint a, uint b) {
  return as_uint(rhadd(as_ushort2(a), as_ushort2(b)));
}
uint cu2cl_vhaddu2(uint a, uint b) {
  return as_uint(hadd(as_ushort2(a), as_ushort2(b)));
}
uint cu2cl_vcmpeq2(uint a, uint b) {
  return as_uint(as_ushort2(a) == as_ushort2(b));
}
uint cu2cl_vcmpne2(uint a, uint b) {
  return as_uint(as_ushort2(a) != as_ushort2(b));
}
uint cu2cl_vcmpges2(uint a, uint b) {
  return as_uint(as_short2(a) >= as_short2(b));
}
uint cu2cl_vcmpgeu2(uint a, uint b) {
  return as_uint(as_ushort2(a) >= as_ushort2(b));
}
uint cu2cl_vcmpgts2(uint a, uint b) {
  return as_uint(as_short2(a) > as_short2(b));
}
uint cu2cl_vcmpgtu2(uint a, uint b) {
  return as_uint(as_ushort2(a) > as_ushort2(b));
}
uint cu2cl_vcmples2(uint a, uint b) {
  return as_uint(as_short2(a) <= as_short2(b));
}
uint cu2cl_vcmpleu2(uint a, uint b) {
  return as_uint(as_ushort2(a) <= as_ushort2(b));
}
uint cu2cl_vcmplts2(uint a, uint b) {
  return as_uint(as_short2(a) < as_short2(b));
}
uint cu2cl_vcmpltu2(uint a, uint b) {
  return as_uint(as_ushort2(a) < as_ushort2(b));
}
/* The __vset* forms: the mask's lowest bit of each lane. */
uint cu2cl_vseteq2(uint a, uint b) {
  return cu2cl_vcmpeq2(a, b) & 0x10001u;
}
uint cu2cl_vsetne2(uint a, uint b) {
  return cu2cl_vcmpne2(a, b) & 0x10001u;
}
uint cu2cl_vsetges2(uint a, uint b) {
  return cu2cl_vcmpges2(a, b) & 0x10001u;
}
uint cu2cl_vsetgeu2(uint a, uint b) {
  return cu2cl_vcmpgeu2(a, b) & 0x10001u;
}
uint cu2cl_vsetgts2(uint a, uint b) {
  return cu2cl_vcmpgts2(a, b) & 0x10001u;
}
uint cu2cl_vsetgtu2(uint a, uint b) {
  return cu2cl_vcmpgtu2(a, b) & 0x10001u;
}
uint cu2cl_vsetles2(uint a, uint b) {
  return cu2cl_vcmples2(a, b) & 0x10001u;
}
uint cu2cl_vsetleu2(uint a, uint b) {
  return cu2cl_vcmpleu2(a, b) & 0x10001u;
}
uint cu2cl_vsetlts2(uint a, uint b) {
  return cu2cl_vcmplts2(a, b) & 0x10001u;
}
uint cu2cl_vsetltu2(uint a, uint b) {
  return cu2cl_vcmpltu2(a, b) & 0x10001u;
}
uint cu2cl_vabsdiffs2(uint a, uint b) {
  return as_uint(abs_diff(as_short2(a), as_short2(b)));
}
uint cu2cl_vabsdiffu2(uint a, uint b) {
  return as_uint(abs_diff(as_ushort2(a), as_ushort2(b)));
}
uint cu2cl_vmaxs2(uint a, uint b) {
  return as_uint(max(as_short2(a), as_short2(b)));
}
uint cu2cl_vmaxu2(uint a, uint b) {
  return as_uint(max(as_ushort2(a), as_ushort2(b)));
}
uint cu2cl_vmins2(uint a, uint b) {
  return as_uint(min(as_short2(a), as_short2(b)));
}
uint cu2cl_vminu2(uint a, uint b) {
  return as_uint(min(as_ushort2(a), as_ushort2(b)));
}
uint cu2cl_vsads2(uint a, uint b) {
  uint2 d = convert_uint2(abs_diff(as_short2(a), as_short2(b)));
  return d.s0 + d.s1;
}
uint cu2cl_vsadu2(uint a, uint b) {
  uint2 d = convert_uint2(abs_diff(as_ushort2(a), as_ushort2(b)));
  return d.s0 + d.s1;
}
uint cu2cl_vsub2(uint a, uint b) {
  return as_uint(as_ushort2(a) - as_ushort2(b));
}
uint cu2cl_vsubss2(uint a, uint b) {
  return as_uint(sub_sat(as_short2(a), as_short2(b)));
}
uint cu2cl_vsubus2(uint a, uint b) {
  return as_uint(sub_sat(as_ushort2(a), as_ushort2(b)));
}
uint cu2cl_vneg2(uint a) {
  return as_uint((ushort2)0 - as_ushort2(a));
}
uint cu2cl_vnegss2(uint a) {
  return as_uint(sub_sat((short2)0, as_short2(a)));
}

/* ---- Per-byte (four 8-bit lanes) ---------------------------------------- */

uint cu2cl_vabs4(uint a) {
  return as_uint(abs(as_char4(a)));
}
uint cu2cl_vabsss4(uint a) {
  return as_uint(convert_char4_sat(abs(as_char4(a))));
}
uint cu2cl_vadd4(uint a, uint b) {
  return as_uint(as_uchar4(a) + as_uchar4(b));
}
uint cu2cl_vaddss4(uint a, uint b) {
  return as_uint(add_sat(as_char4(a), as_char4(b)));
}
uint cu2cl_vaddus4(uint a, uint b) {
  return as_uint(add_sat(as_uchar4(a), as_uchar4(b)));
}
uint cu2cl_vavgs4(uint a, uint b) {
  char4 x = as_char4(a), y = as_char4(b), down = hadd(x, y);
  return as_uint(select(down, rhadd(x, y), down >= (char4)0));
}
uint cu2cl_vavgu4(uint a, uint b) {
  return as_uint(rhadd(as_uchar4(a), as_uchar4(b)));
}
uint cu2cl_vhaddu4(uint a, uint b) {
  return as_uint(hadd(as_uchar4(a), as_uchar4(b)));
}
uint cu2cl_vcmpeq4(uint a, uint b) {
  return as_uint(as_uchar4(a) == as_uchar4(b));
}
uint cu2cl_vcmpne4(uint a, uint b) {
  return as_uint(as_uchar4(a) != as_uchar4(b));
}
uint cu2cl_vcmpges4(uint a, uint b) {
  return as_uint(as_char4(a) >= as_char4(b));
}
uint cu2cl_vcmpgeu4(uint a, uint b) {
  return as_uint(as_uchar4(a) >= as_uchar4(b));
}
uint cu2cl_vcmpgts4(uint a, uint b) {
  return as_uint(as_char4(a) > as_char4(b));
}
uint cu2cl_vcmpgtu4(uint a, uint b) {
  return as_uint(as_uchar4(a) > as_uchar4(b));
}
uint cu2cl_vcmples4(uint a, uint b) {
  return as_uint(as_char4(a) <= as_char4(b));
}
uint cu2cl_vcmpleu4(uint a, uint b) {
  return as_uint(as_uchar4(a) <= as_uchar4(b));
}
uint cu2cl_vcmplts4(uint a, uint b) {
  return as_uint(as_char4(a) < as_char4(b));
}
uint cu2cl_vcmpltu4(uint a, uint b) {
  return as_uint(as_uchar4(a) < as_uchar4(b));
}
uint cu2cl_vseteq4(uint a, uint b) {
  return cu2cl_vcmpeq4(a, b) & 0x01010101u;
}
uint cu2cl_vsetne4(uint a, uint b) {
  return cu2cl_vcmpne4(a, b) & 0x01010101u;
}
uint cu2cl_vsetges4(uint a, uint b) {
  return cu2cl_vcmpges4(a, b) & 0x01010101u;
}
uint cu2cl_vsetgeu4(uint a, uint b) {
  return cu2cl_vcmpgeu4(a, b) & 0x01010101u;
}
uint cu2cl_vsetgts4(uint a, uint b) {
  return cu2cl_vcmpgts4(a, b) & 0x01010101u;
}
uint cu2cl_vsetgtu4(uint a, uint b) {
  return cu2cl_vcmpgtu4(a, b) & 0x01010101u;
}
uint cu2cl_vsetles4(uint a, uint b) {
  return cu2cl_vcmples4(a, b) & 0x01010101u;
}
uint cu2cl_vsetleu4(uint a, uint b) {
  return cu2cl_vcmpleu4(a, b) & 0x01010101u;
}
uint cu2cl_vsetlts4(uint a, uint b) {
  return cu2cl_vcmplts4(a, b) & 0x01010101u;
}
uint cu2cl_vsetltu4(uint a, uint b) {
  return cu2cl_vcmpltu4(a, b) & 0x01010101u;
}
uint cu2cl_vabsdiffs4(uint a, uint b) {
  return as_uint(abs_diff(as_char4(a), as_char4(b)));
}
uint cu2cl_vabsdiffu4(uint a, uint b) {
  return as_uint(abs_diff(as_uchar4(a), as_uchar4(b)));
}
uint cu2cl_vmaxs4(uint a, uint b) {
  return as_uint(max(as_char4(a), as_char4(b)));
}
uint cu2cl_vmaxu4(uint a, uint b) {
  return as_uint(max(as_uchar4(a), as_uchar4(b)));
}
uint cu2cl_vmins4(uint a, uint b) {
  return as_uint(min(as_char4(a), as_char4(b)));
}
uint cu2cl_vminu4(uint a, uint b) {
  return as_uint(min(as_uchar4(a), as_uchar4(b)));
}
uint cu2cl_vsads4(uint a, uint b) {
  uint4 d = convert_uint4(abs_diff(as_char4(a), as_char4(b)));
  return d.s0 + d.s1 + d.s2 + d.s3;
}
uint cu2cl_vsadu4(uint a, uint b) {
  uint4 d = convert_uint4(abs_diff(as_uchar4(a), as_uchar4(b)));
  return d.s0 + d.s1 + d.s2 + d.s3;
}
uint cu2cl_vsub4(uint a, uint b) {
  return as_uint(as_uchar4(a) - as_uchar4(b));
}
uint cu2cl_vsubss4(uint a, uint b) {
  return as_uint(sub_sat(as_char4(a), as_char4(b)));
}
uint cu2cl_vsubus4(uint a, uint b) {
  return as_uint(sub_sat(as_uchar4(a), as_uchar4(b)));
}
uint cu2cl_vneg4(uint a) {
  return as_uint((uchar4)0 - as_uchar4(a));
}
uint cu2cl_vnegss4(uint a) {
  return as_uint(sub_sat((char4)0, as_char4(a)));
}

/* ---- CUDA 12: three-way min/max, add-then-min/max, ReLU ------------------
 * _s32/_u32 on the whole word, _s16x2/_u16x2 per halfword. */

int cu2cl_vimax_s32_relu(int a, int b) {
  return max(max(a, b), 0);
}
int cu2cl_vimin_s32_relu(int a, int b) {
  return max(min(a, b), 0);
}
uint cu2cl_vimax_s16x2_relu(uint a, uint b) {
  return as_uint(max(max(as_short2(a), as_short2(b)), (short2)0));
}
uint cu2cl_vimin_s16x2_relu(uint a, uint b) {
  return as_uint(max(min(as_short2(a), as_short2(b)), (short2)0));
}

int cu2cl_vimax3_s32(int a, int b, int c) {
  return max(max(a, b), c);
}
uint cu2cl_vimax3_u32(uint a, uint b, uint c) {
  return max(max(a, b), c);
}
int cu2cl_vimin3_s32(int a, int b, int c) {
  return min(min(a, b), c);
}
uint cu2cl_vimin3_u32(uint a, uint b, uint c) {
  return min(min(a, b), c);
}
int cu2cl_vimax3_s32_relu(int a, int b, int c) {
  return max(max(max(a, b), c), 0);
}
int cu2cl_vimin3_s32_relu(int a, int b, int c) {
  return max(min(min(a, b), c), 0);
}
uint cu2cl_vimax3_s16x2(uint a, uint b, uint c) {
  return as_uint(max(max(as_short2(a), as_short2(b)), as_short2(c)));
}
uint cu2cl_vimax3_u16x2(uint a, uint b, uint c) {
  return as_uint(max(max(as_ushort2(a), as_ushort2(b)), as_ushort2(c)));
}
uint cu2cl_vimin3_s16x2(uint a, uint b, uint c) {
  return as_uint(min(min(as_short2(a), as_short2(b)), as_short2(c)));
}
uint cu2cl_vimin3_u16x2(uint a, uint b, uint c) {
  return as_uint(min(min(as_ushort2(a), as_ushort2(b)), as_ushort2(c)));
}
uint cu2cl_vimax3_s16x2_relu(uint a, uint b, uint c) {
  return cu2cl_vimax_s16x2_relu(cu2cl_vmaxs2(a, b), c);
}
uint cu2cl_vimin3_s16x2_relu(uint a, uint b, uint c) {
  return cu2cl_vimin_s16x2_relu(cu2cl_vmins2(a, b), c);
}

/* The sum wraps (as the GPU's add): computed unsigned. */
int cu2cl_viaddmax_s32(int a, int b, int c) {
  return max(as_int(as_uint(a) + as_uint(b)), c);
}
uint cu2cl_viaddmax_u32(uint a, uint b, uint c) {
  return max(a + b, c);
}
int cu2cl_viaddmin_s32(int a, int b, int c) {
  return min(as_int(as_uint(a) + as_uint(b)), c);
}
uint cu2cl_viaddmin_u32(uint a, uint b, uint c) {
  return min(a + b, c);
}
int cu2cl_viaddmax_s32_relu(int a, int b, int c) {
  return max(cu2cl_viaddmax_s32(a, b, c), 0);
}
int cu2cl_viaddmin_s32_relu(int a, int b, int c) {
  return max(cu2cl_viaddmin_s32(a, b, c), 0);
}
uint cu2cl_viaddmax_s16x2(uint a, uint b, uint c) {
  return cu2cl_vmaxs2(cu2cl_vadd2(a, b), c);
}
uint cu2cl_viaddmax_u16x2(uint a, uint b, uint c) {
  return cu2cl_vmaxu2(cu2cl_vadd2(a, b), c);
}
uint cu2cl_viaddmin_s16x2(uint a, uint b, uint c) {
  return cu2cl_vmins2(cu2cl_vadd2(a, b), c);
}
uint cu2cl_viaddmin_u16x2(uint a, uint b, uint c) {
  return cu2cl_vminu2(cu2cl_vadd2(a, b), c);
}
uint cu2cl_viaddmax_s16x2_relu(uint a, uint b, uint c) {
  return cu2cl_vimax_s16x2_relu(cu2cl_vadd2(a, b), c);
}
uint cu2cl_viaddmin_s16x2_relu(uint a, uint b, uint c) {
  return cu2cl_vimin_s16x2_relu(cu2cl_vadd2(a, b), c);
}

/* __vibmax/__vibmin: the max (min) and, through the bool pointers, whether
 * a >= b (a <= b), per lane for the 16x2 forms (pred_hi: bits 16-31, read
 * off the comparison's mask). One helper per address space of the
 * pointers (the row picks it with $A2; pred_hi and pred_lo share it). */
#define CU2CL_DEFINE_VIB(AS)                                                   \
  int cu2cl_vibmax_s32_##AS(int a, int b, AS bool *p) {                        \
    *p = a >= b;                                                               \
    return max(a, b);                                                          \
  }                                                                            \
  uint cu2cl_vibmax_u32_##AS(uint a, uint b, AS bool *p) {                     \
    *p = a >= b;                                                               \
    return max(a, b);                                                          \
  }                                                                            \
  int cu2cl_vibmin_s32_##AS(int a, int b, AS bool *p) {                        \
    *p = a <= b;                                                               \
    return min(a, b);                                                          \
  }                                                                            \
  uint cu2cl_vibmin_u32_##AS(uint a, uint b, AS bool *p) {                     \
    *p = a <= b;                                                               \
    return min(a, b);                                                          \
  }                                                                            \
  uint cu2cl_vibmax_s16x2_##AS(uint a, uint b, AS bool *hi, AS bool *lo) {     \
    uint m = cu2cl_vcmpges2(a, b);                                             \
    *hi = (m >> 16) & 1u;                                                      \
    *lo = m & 1u;                                                              \
    return cu2cl_vmaxs2(a, b);                                                 \
  }                                                                            \
  uint cu2cl_vibmax_u16x2_##AS(uint a, uint b, AS bool *hi, AS bool *lo) {     \
    uint m = cu2cl_vcmpgeu2(a, b);                                             \
    *hi = (m >> 16) & 1u;                                                      \
    *lo = m & 1u;                                                              \
    return cu2cl_vmaxu2(a, b);                                                 \
  }                                                                            \
  uint cu2cl_vibmin_s16x2_##AS(uint a, uint b, AS bool *hi, AS bool *lo) {     \
    uint m = cu2cl_vcmples2(a, b);                                             \
    *hi = (m >> 16) & 1u;                                                      \
    *lo = m & 1u;                                                              \
    return cu2cl_vmins2(a, b);                                                 \
  }                                                                            \
  uint cu2cl_vibmin_u16x2_##AS(uint a, uint b, AS bool *hi, AS bool *lo) {     \
    uint m = cu2cl_vcmpleu2(a, b);                                             \
    *hi = (m >> 16) & 1u;                                                      \
    *lo = m & 1u;                                                              \
    return cu2cl_vminu2(a, b);                                                 \
  }
CU2CL_DEFINE_VIB(global)
CU2CL_DEFINE_VIB(local)
CU2CL_DEFINE_VIB(private)
#undef CU2CL_DEFINE_VIB
