/*
 * cu2cl prelude, part 3: CUDA's directed-rounding intrinsics (__fadd_ru,
 * __fmul_rd, __fdiv_rz, __fsqrt_ru, __fmaf_rd, ... and the double forms
 * __dadd_ru ... __fma_rz). OpenCL C has no rounding modes for arithmetic;
 * these compute the exact result rounded toward +infinity (ru), toward
 * -infinity (rd) or toward zero (rz) all the same.
 *
 * cu2cl pastes this file after rules/prelude_math.cl. Each helper is written
 * once as a macro over the floating type T, with X the CUDA prefix letter
 * (f, d), FMA the name of CUDA's fma (fmaf, fma), P the precision in bits,
 * MAXV the largest finite value, STEPS how far division and sqrt may be
 * from the nearest (4 for float, 0 for double, which OpenCL C rounds
 * correctly) and EXACT the least product whose fma residual cannot
 * underflow (2^(2P) times the smallest subnormal); the double versions
 * exist only under CU2CL_DEVICE_HAS_FP64.
 *
 * The method: q, the result rounded to nearest (the device's own operation),
 * and s, the sign of the exact result x minus q, obtained exactly with
 * error-free transformations: TwoSum for add and sub; for mul, div, rcp and
 * sqrt an fma residual computed on the operands' mantissas (frexp), where
 * nothing under- or overflows; for fma, Boldo and Muller's ErrFma on the
 * mantissas, with the cases where one term lies wholly below the other's
 * last bit decided by comparisons. Then q steps one ulp (nextafter) when
 * the sign says x lies beyond it in the direction asked for. A finite sum
 * or product that rounds to infinity gives the largest finite value where
 * the direction turns back from infinity; exact zeros follow IEEE 754's
 * signs (x - x is -0 rounding down). Division and square root need not be
 * correctly rounded in OpenCL C (2.5 and 3 ulp for float): their q is moved
 * until it and its neighbour enclose x, at most four steps.
 *
 * Exact on devices with IEEE 754 subnormals (CL_FP_DENORM; PoCL, NVIDIA and
 * AMD have them for float and double). A device that flushes float
 * subnormals, or a program built with -cl-denorms-are-zero or
 * -cl-fast-relaxed-math (nvcc's --use_fast_math), may be wrong where an
 * operand or the result is subnormal (docs/device-functions.md).
 */

#define CU2CL_RZ 1 /* toward zero */
#define CU2CL_RU 2 /* toward +infinity */
#define CU2CL_RD 3 /* toward -infinity */

#define CU2CL_DEFINE_DIRECTED(T, X, FMA, P, MAXV, STEPS, EXACT)               \
  int cu2cl_##X##dir_sgn(T v) { return (v > 0) - (v < 0); }                   \
  /* x rounded in direction m, from q (one of the two T values around x, or  \
   * x itself) and s, the sign of x - q */                                    \
  T cu2cl_##X##dir_pick(T q, int s, int m) {                                  \
    int up = m == CU2CL_RU || (m == CU2CL_RZ && q < 0);                       \
    int down = m == CU2CL_RD || (m == CU2CL_RZ && q > 0);                     \
    if (s > 0 && up)                                                          \
      return nextafter(q, (T)INFINITY);                                       \
    if (s < 0 && down)                                                        \
      return nextafter(q, -(T)INFINITY);                                      \
    return q;                                                                 \
  }                                                                           \
  /* a finite operation that rounded to infinity: x lies beyond MAXV */       \
  T cu2cl_##X##dir_over(T q, int m) {                                         \
    return cu2cl_##X##dir_pick(copysign((T)MAXV, q), q > 0 ? 1 : -1, m);      \
  }                                                                           \
  T cu2cl_##X##add_dir(T a, T b, int m) {                                     \
    _Pragma("OPENCL FP_CONTRACT OFF");                                        \
    T q = a + b;                                                              \
    if (isnan(q))                                                             \
      return q;                                                               \
    if (isinf(q))                                                             \
      return isinf(a) || isinf(b) ? q : cu2cl_##X##dir_over(q, m);            \
    if (q == 0) /* exact: x - x is -0 rounding down, else +0 */              \
      return m == CU2CL_RD && (a != 0 || signbit(a) || signbit(b)) ? -(T)0   \
                                                                   : q;       \
    T z = q - a; /* TwoSum */                                                 \
    T err = (a - (q - z)) + (b - z);                                          \
    return cu2cl_##X##dir_pick(q, cu2cl_##X##dir_sgn(err), m);                \
  }                                                                           \
  T cu2cl_##X##sub_dir(T a, T b, int m) {                                     \
    return cu2cl_##X##add_dir(a, -b, m);                                      \
  }                                                                           \
  T cu2cl_##X##mul_dir(T a, T b, int m) {                                     \
    _Pragma("OPENCL FP_CONTRACT OFF");                                        \
    T q = a * b;                                                              \
    if (isnan(q) || a == 0 || b == 0)                                         \
      return q;                                                               \
    if (isinf(q))                                                             \
      return isinf(a) || isinf(b) ? q : cu2cl_##X##dir_over(q, m);            \
    if (fabs(q) >= EXACT) /* a*b - q is a multiple of a subnormal */         \
      return cu2cl_##X##dir_pick(q, cu2cl_##X##dir_sgn(fma(a, b, -q)), m);    \
    int ea, eb; /* the error might underflow: on the mantissas */            \
    T ma = frexp(a, &ea), mb = frexp(b, &eb);                                 \
    T r = fma(ma, mb, -ldexp(q, -ea - eb)); /* exact: all near 1 */          \
    return cu2cl_##X##dir_pick(q, cu2cl_##X##dir_sgn(r), m);                  \
  }                                                                           \
  /* The sign of x - c where x = ma / mb * 2^-k (sq = 0) or x = sqrt(ma) *   \
   * 2^-k (sq = 1): c scaled by 2^k is near 1, the residual exact. */         \
  int cu2cl_##X##res_sgn(T ma, T mb, int k, int sq, T c) {                    \
    T cs = ldexp(c, k);                                                       \
    T r = fma(-cs, sq ? cs : mb, ma);                                         \
    return cu2cl_##X##dir_sgn(r) * (sq || mb > 0 ? 1 : -1);                   \
  }                                                                           \
  /* q moved until it and its neighbour toward x enclose x (at most STEPS   \
   * steps: none where division and sqrt are correctly rounded), then       \
   * rounded */                                                             \
  T cu2cl_##X##res_round(T q, T ma, T mb, int k, int sq, int m) {             \
    int s = cu2cl_##X##res_sgn(ma, mb, k, sq, q);                             \
    for (int i = 0; i < STEPS && s != 0; i++) {                               \
      T n = nextafter(q, s > 0 ? (T)INFINITY : -(T)INFINITY);                 \
      int sn = cu2cl_##X##res_sgn(ma, mb, k, sq, n);                          \
      if (sn != s) {                                                          \
        if (sn == 0)                                                          \
          q = n, s = 0;                                                       \
        break;                                                                \
      }                                                                       \
      q = n;                                                                  \
    }                                                                         \
    T r = cu2cl_##X##dir_pick(q, s, m); /* a zero takes the sign of x */     \
    return r == 0 ? copysign((T)0, sq ? (T)1 : ma * mb) : r;                  \
  }                                                                           \
  T cu2cl_##X##div_dir(T a, T b, int m) {                                     \
    T q = a / b;                                                              \
    if (isnan(q) || isinf(a) || isinf(b) || a == 0 || b == 0)                 \
      return q; /* exact */                                                   \
    int ea, eb;                                                               \
    T ma = frexp(a, &ea), mb = frexp(b, &eb);                                 \
    if (isinf(q))                                                             \
      q = copysign((T)MAXV, q);                                               \
    return cu2cl_##X##res_round(q, ma, mb, eb - ea, 0, m);                    \
  }                                                                           \
  T cu2cl_##X##rcp_dir(T a, int m) { return cu2cl_##X##div_dir(1, a, m); }    \
  T cu2cl_##X##sqrt_dir(T a, int m) {                                         \
    T q = sqrt(a);                                                            \
    if (isnan(q) || isinf(a) || a == 0)                                       \
      return q;                                                               \
    int ea;                                                                   \
    T ma = frexp(a, &ea);                                                     \
    if (ea & 1) /* an even exponent: sqrt(ma * 2^ea) = sqrt(ma) 2^(ea/2) */   \
      ma *= 2, ea -= 1;                                                       \
    return cu2cl_##X##res_round(q, ma, 0, -ea / 2, 1, m);                     \
  }                                                                           \
  /* ErrFma (Boldo, Muller 2011): the sign of a*b + c - r, r = fma(a, b, c), \
   * exact where nothing underflows. */                                       \
  int cu2cl_##X##errfma_sgn(T a, T b, T c, T r) {                             \
    _Pragma("OPENCL FP_CONTRACT OFF");                                        \
    T u1 = a * b, u2 = fma(a, b, -u1);                                        \
    T al1 = c + u2, z = al1 - c;                                              \
    T al2 = (c - (al1 - z)) + (u2 - z);                                       \
    T be1 = u1 + al1;                                                         \
    z = be1 - u1;                                                             \
    T be2 = (u1 - (be1 - z)) + (al1 - z);                                     \
    T g = (be1 - r) + be2;                                                    \
    return cu2cl_##X##dir_sgn(g + al2); /* r2; r3 is below its ulp */        \
  }                                                                           \
  /* The sign of a*b + c - q for a, b, c finite and not zero. */              \
  int cu2cl_##X##fma_sgn(T a, T b, T c, T q) {                                \
    _Pragma("OPENCL FP_CONTRACT OFF");                                        \
    int ea, eb, ec;                                                           \
    T ma = frexp(a, &ea), mb = frexp(b, &eb);                                 \
    (void)frexp(c, &ec);                                                      \
    int e = ea + eb; /* |a*b| < 2^e */                                        \
    if (e < ec - (P + 4)) /* a*b below a quarter ulp of c: q is c */          \
      return signbit(a) != signbit(b) ? -1 : 1;                               \
    if (ec < e - 2 * P - 2) { /* c below the last bit of a*b */               \
      T u1 = a * b, u2 = fma(a, b, -u1), d = u1 - q;                          \
      return d > -u2 ? 1 : d < -u2 ? -1 : cu2cl_##X##dir_sgn(c);              \
    }                                                                         \
    T cs = ldexp(c, -e), qs = ldexp(q, -e); /* exact */                      \
    T r = fma(ma, mb, cs);                                                    \
    int s = cu2cl_##X##errfma_sgn(ma, mb, cs, r);                             \
    return qs == r ? s : qs < r ? 1 : -1;                                     \
  }                                                                           \
  T cu2cl_##FMA##_dir(T a, T b, T c, int m) {                                 \
    T q = fma(a, b, c);                                                       \
    if (isnan(q))                                                             \
      return q;                                                               \
    if (isinf(q))                                                             \
      return isinf(a) || isinf(b) || isinf(c) ? q                             \
                                              : cu2cl_##X##dir_over(q, m);    \
    if (a == 0 || b == 0) /* an exact zero product: the sum decides */        \
      return cu2cl_##X##add_dir(a * b, c, m);                                 \
    if (c == 0)                                                               \
      return cu2cl_##X##mul_dir(a, b, m);                                     \
    if (q == 0 && m == CU2CL_RD && cu2cl_##X##fma_sgn(a, b, c, q) == 0)       \
      return -(T)0; /* exact cancellation */                                  \
    return cu2cl_##X##dir_pick(q, cu2cl_##X##fma_sgn(a, b, c, q), m);         \
  }

CU2CL_DEFINE_DIRECTED(float, f, fmaf, 24, FLT_MAX, 4, 0x1p-100f)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_DIRECTED(double, d, fma, 53, DBL_MAX, 0, 0x1p-966)
#endif
