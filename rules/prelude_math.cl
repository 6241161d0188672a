/*
 * cu2cl prelude, part 2: CUDA math functions that OpenCL C has no built-in
 * for (erfinv, erfcinv, normcdfinv, erfcx, the Bessel functions j0, j1, jn,
 * y0, y1, yn, cyl_bessel_i0/i1, and the array forms norm/rnorm).
 *
 * cu2cl pastes this file right after rules/prelude.cl. Each function is
 * written once as a macro over its floating type T and name suffix S (f for
 * float, nothing for double), with the constants that depend on the
 * precision as parameters; the double versions exist only under
 * CU2CL_DEVICE_HAS_FP64, like the rest of the prelude's double helpers.
 *
 * The methods are textbook ones, chosen so that every step is well
 * conditioned in the precision at hand (docs/device-functions.md states the
 * errors measured by tests/check_math.c against long double references):
 *   erfcx     exp(x*x) * erfc(x) with x*x split exactly (fma) for small x,
 *             Laplace's continued fraction for large x;
 *   erfcinv   a first guess (a rational fit in the centre, the asymptotic
 *             erfc(x) ~ exp(-x*x) / (x sqrt(pi)) in the tail) and Halley
 *             steps on erfc(x) = z written through erfcx, so the tail down
 *             to the smallest subnormal stays in range;
 *   erfinv    erfcinv(1 - y), except near 0 where Halley steps on erf;
 *   Bessel    power series for x < 1, Miller's backward recurrence
 *             normalized by J0 + 2 (J2 + J4 + ...) = 1 with Neumann's series
 *             for Y0 and Y1 up to BESSEL_ASYM, Hankel's asymptotic
 *             expansions above; Yn by forward recurrence (stable), Jn by
 *             forward recurrence only where n < x;
 *   I0, I1    power series, then the asymptotic expansion for large x.
 */

/* ---- erfcx, erfcinv, erfinv, normcdfinv ---------------------------------
 * exp(x*x) for x >= 0 without the error of rounding x*x first: with
 * x*x = hi + lo exactly, exp(hi) * (1 + lo). */
#define CU2CL_DEFINE_ERF_FAMILY(T, S, CF_FROM, CF_TERMS, HALLEY_STEPS)        \
  T cu2cl_expsq##S(T x) {                                                     \
    T hi = x * x;                                                             \
    T lo = fma(x, x, -hi);                                                    \
    return isinf(hi) ? hi : exp(hi) * (1 + lo);                               \
  }                                                                           \
  /* Laplace: erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + ...))) */ \
  T cu2cl_erfcx_cf##S(T x) {                                                  \
    T f = x;                                                                  \
    for (int k = CF_TERMS; k >= 1; k--)                                       \
      f = x + ((T)k * (T)0.5) / f;                                            \
    return (T)0.564189583547756287 / f; /* 1/sqrt(pi) */                     \
  }                                                                           \
  T cu2cl_erfcx_pos##S(T x) {                                                 \
    return x >= (T)CF_FROM ? cu2cl_erfcx_cf##S(x) : cu2cl_expsq##S(x) * erfc(x); \
  }                                                                           \
  /* erfcx(-x) = 2 exp(x^2) - erfcx(x); no recursion in OpenCL C */           \
  T cu2cl_erfcx##S(T x) {                                                     \
    if (!(x < 0)) /* NaN too */                                               \
      return cu2cl_erfcx_pos##S(x);                                           \
    T e = cu2cl_expsq##S(-x);                                                 \
    return isinf(e) ? e : 2 * e - cu2cl_erfcx_pos##S(-x);                     \
  }                                                                           \
  /* A first guess of erfcinv(z) for 0 < z <= 1. */                           \
  T cu2cl_erfcinv_guess##S(T z) {                                             \
    if (z > (T)0.0625) {                                                      \
      /* centre: a rational fit of erfinv(1 - z) around 0 */                  \
      T y = 1 - z, w = y * y;                                                 \
      return y * (T)0.886226925 * (1 + w * ((T)0.2617994 - (T)0.1 * w)) /    \
             (1 - (T)0.1 * w - (T)0.25 * w * w);                              \
    }                                                                         \
    T l = -log(z), x = sqrt(l);                                               \
    for (int i = 0; i < 3; i++)                                               \
      x = sqrt(fmax(l - log(x * (T)1.7724538509), (T)0.25));                  \
    return x;                                                                 \
  }                                                                           \
  /* Halley steps on f(x) = erfc(x) - z: f/f' = -sqrt(pi)/2 exp(x^2)          \
   * (erfc(x) - z) = -sqrt(pi)/2 (erfcx(x) - exp(x^2 + log z)), f''/f' = -2x, \
   * no term of which over- or underflows for subnormal z. */                 \
  T cu2cl_erfcinv_pos##S(T z) {                                               \
    T x = cu2cl_erfcinv_guess##S(z), lz = log(z);                             \
    for (int i = 0; i < HALLEY_STEPS; i++) {                                  \
      T hi = x * x, lo = fma(x, x, -hi);                                      \
      T ez = exp(hi + lz) * (1 + lo);                                         \
      T t = (T)-0.886226925452758 * (cu2cl_erfcx_pos##S(x) - ez);                 \
      x -= t / (1 + x * t);                                                   \
    }                                                                         \
    return x;                                                                 \
  }                                                                           \
  /* Near 0, Halley steps on erf(x) = a, 0 <= a <= 1/2, where 1 - a would   \
   * lose a's low bits. */                                                   \
  T cu2cl_erfinv_small##S(T a) {                                              \
    T x = cu2cl_erfcinv_guess##S(1 - a);                                      \
    for (int i = 0; i < HALLEY_STEPS; i++) {                                  \
      T t = (T)0.886226925452758 * cu2cl_expsq##S(x) * (erf(x) - a);          \
      x -= t / (1 + x * t);                                                   \
    }                                                                         \
    return x;                                                                 \
  }                                                                           \
  /* 1 - z and 2 - z are exact where they are used (Sterbenz). */             \
  T cu2cl_erfcinv##S(T z) {                                                   \
    if (!(z > 0 && z < 2)) /* NaN, and out of range */                        \
      return z == 0 ? (T)INFINITY : z == 2 ? -(T)INFINITY : (T)NAN;           \
    if (z < (T)0.5)                                                           \
      return cu2cl_erfcinv_pos##S(z);                                         \
    if (z > (T)1.5)                                                           \
      return -cu2cl_erfcinv_pos##S(2 - z);                                    \
    return copysign(cu2cl_erfinv_small##S(fabs(1 - z)), 1 - z);               \
  }                                                                           \
  T cu2cl_erfinv##S(T y) {                                                    \
    T a = fabs(y);                                                            \
    if (a <= (T)0.5)                                                          \
      return copysign(cu2cl_erfinv_small##S(a), y);                           \
    if (!(a < 1)) /* NaN, +-1, and out of range */                            \
      return a == 1 ? copysign((T)INFINITY, y) : (T)NAN;                      \
    return copysign(cu2cl_erfcinv_pos##S(1 - a), y);                          \
  }                                                                           \
  T cu2cl_normcdfinv##S(T p) {                                                \
    return 0 - (T)M_SQRT2 * cu2cl_erfcinv##S(2 * p); /* +0 at 1/2 */         \
  }

CU2CL_DEFINE_ERF_FAMILY(float, f, 3.0f, 24, 2)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_ERF_FAMILY(double, , 3.0, 50, 3)
#endif
#undef CU2CL_DEFINE_ERF_FAMILY

/* ---- Bessel functions of the first and second kind ----------------------
 * cu2cl_bessel_*(x) take x > 0 and finite; the public functions below sort
 * out signs and special values as CUDA documents them. */
#define CU2CL_DEFINE_BESSEL(T, S, ASYM, EPS, BIG)                              \
  /* J_n(x) = (x/2)^n / n! * sum (-x^2/4)^k / (k! (n+1)...(n+k)), x < 1 */    \
  T cu2cl_bessel_jseries##S(int n, T x) {                                      \
    T h = x / 2, t = 1;                                                        \
    for (int i = 1; i <= n && t != 0; i++)                                     \
      t *= h / (T)i;                                                           \
    T q = -h * h, sum = t;                                                     \
    for (int k = 1; k < 20; k++) {                                             \
      t *= q / ((T)k * (T)(n + k));                                            \
      sum += t;                                                                \
    }                                                                          \
    return sum;                                                                \
  }                                                                            \
  /* Y0 by its series: 2/pi ((log(x/2) + gamma) J0 + sum (-1)^(k+1) H_k        \
   * (x^2/4)^k / (k!)^2), H_k the harmonic numbers; x < 1. */                  \
  T cu2cl_bessel_y0series##S(T x, T l) {                                       \
    T q = -x * x / 4, t = 1, h = 0, j0 = 1, s = 0;                             \
    for (int k = 1; k < 20; k++) {                                             \
      t *= q / ((T)k * (T)k);                                                  \
      h += 1 / (T)k;                                                           \
      j0 += t;                                                                 \
      s -= h * t;                                                              \
    }                                                                          \
    return (T)M_2_PI * (l * j0 + s);                                           \
  }                                                                            \
  /* Hankel's expansion, order nu = 0 or 1 (DLMF 10.17.3-4): J (second = 0)   \
   * or Y (second = 1) = sqrt(2/(pi x)) (P cos w -+ Q sin w), w = x - (2 nu +  \
   * 1) pi/4, summed up to the smallest term; cos w and sin w come from        \
   * cos x and sin x, whose argument reduction is the library's. */           \
  T cu2cl_bessel_hankel##S(int nu, int second, T x) {                          \
    T mu = (T)(4 * nu * nu), y = 1 / (8 * x), term = 1, p = 1, q = 0;          \
    for (int k = 1; k < 40; k++) {                                             \
      T a = (T)(2 * k - 1);                                                    \
      T next = term * (mu - a * a) * y / (T)k;                                 \
      if (fabs(next) >= fabs(term) || fabs(next) < (T)EPS)                     \
        break;                                                                 \
      term = next;                                                             \
      int r = k & 3; /* P: 1 - a2 + a4 ..., Q: a1 - a3 + ... */                \
      if (r == 1)                                                              \
        q += term;                                                             \
      else if (r == 3)                                                         \
        q -= term;                                                             \
      else                                                                     \
        p += r == 2 ? -term : term;                                            \
    }                                                                          \
    T c = cos(x), s = sin(x);                                                  \
    T cw = nu ? s - c : c + s, sw = nu ? -(s + c) : s - c; /* * sqrt(2) */     \
    T r = sqrt((T)M_2_PI / x) * (T)M_SQRT1_2;                                  \
    return r * (second ? sw * p + cw * q : cw * p - sw * q);                   \
  }                                                                            \
  /* Miller's backward recurrence J_(k-1) = 2k/x J_k - J_(k+1) from far above \
   * max(n, x), normalized by J0 + 2 (J2 + J4 + ...) = 1. out: J_n, J0, J1,    \
   * sum (-1)^k J_2k / k and sum (-1)^k (J_(2k-1) - J_(2k+1)) / k (Neumann's   \
   * series of Y0 and Y1). */                                                  \
  void cu2cl_bessel_miller##S(int n, T x, T *out) {                            \
    int top = max(n, (int)x);                                                  \
    int m = top + 20 + (int)sqrt((T)(60 * top));                               \
    m += m & 1;                                                                \
    T jp = 0, j = 1, norm = 0, s0 = 0, s1 = 0, jn = 0;                         \
    for (int k = m; k >= 1; k--) {                                             \
      if (k == n)                                                              \
        jn = j;                                                                \
      int i = k >> 1;                                                          \
      if (!(k & 1)) {                                                          \
        norm += 2 * j;                                                         \
        s0 += (i & 1 ? -j : j) / (T)i;                                         \
      } else {                                                                 \
        s1 += ((i + 1) & 1 ? -j : j) / (T)(i + 1);                             \
        if (i >= 1)                                                            \
          s1 -= (i & 1 ? -j : j) / (T)i;                                       \
      }                                                                        \
      T jm = (T)(2 * k) / x * j - jp;                                          \
      jp = j;                                                                  \
      j = jm;                                                                  \
      if (fabs(j) > (T)BIG) {                                                  \
        T r = 1 / (T)BIG;                                                      \
        j *= r, jp *= r, norm *= r, s0 *= r, s1 *= r, jn *= r;                 \
      }                                                                        \
    }                                                                          \
    norm += j;                                                                 \
    out[0] = (n == 0 ? j : jn) / norm;                                         \
    out[1] = j / norm;                                                         \
    out[2] = jp / norm;                                                        \
    out[3] = s0 / norm;                                                        \
    out[4] = s1 / norm;                                                        \
  }                                                                            \
  /* J_n(x), n >= 0 */                                                         \
  T cu2cl_bessel_j##S(int n, T x) {                                            \
    if (x < 1)                                                                 \
      return cu2cl_bessel_jseries##S(n, x);                                    \
    if (x >= (T)ASYM && (T)n < x) { /* forward recurrence is stable here */   \
      T a = cu2cl_bessel_hankel##S(0, 0, x), b = cu2cl_bessel_hankel##S(1, 0, x); \
      for (int k = 1; k <= n; k++) {                                           \
        T c = (T)(2 * k) / x * b - a;                                          \
        a = b, b = c;                                                          \
      }                                                                        \
      return a;                                                                \
    }                                                                          \
    T o[5];                                                                    \
    cu2cl_bessel_miller##S(n, x, o);                                           \
    return o[0];                                                               \
  }                                                                            \
  /* Y0(x) and Y1(x) into y[0], y[1] */                                        \
  void cu2cl_bessel_y01##S(T x, T *y) {                                        \
    if (x >= (T)ASYM) {                                                        \
      y[0] = cu2cl_bessel_hankel##S(0, 1, x);                                  \
      y[1] = cu2cl_bessel_hankel##S(1, 1, x);                                  \
      return;                                                                  \
    }                                                                          \
    T l = log(x / 2) + (T)0.57721566490153286; /* Euler's gamma */             \
    if (x < 1) { /* Y1 from the Wronskian: J0 has no zero below 2.4 */         \
      T j0 = cu2cl_bessel_jseries##S(0, x), j1 = cu2cl_bessel_jseries##S(1, x); \
      y[0] = cu2cl_bessel_y0series##S(x, l);                                   \
      y[1] = (j1 * y[0] - (T)M_2_PI / x) / j0;                                 \
      return;                                                                  \
    }                                                                          \
    T o[5];                                                                    \
    cu2cl_bessel_miller##S(1, x, o);                                           \
    y[0] = (T)M_2_PI * (l * o[1] - 2 * o[3]);                                  \
    y[1] = (T)M_2_PI * (l * o[2] - o[1] / x + o[4]);                           \
  }                                                                            \
  T cu2cl_jn##S(int n, T x) {                                                  \
    if (n < 0 || isnan(x))                                                     \
      return n < 0 ? (T)NAN : x;                                               \
    T a = fabs(x);                                                             \
    if (isinf(a) || (a == 0 && n > 0))                                         \
      return 0;                                                                \
    T r = a == 0 ? 1 : cu2cl_bessel_j##S(n, a);                                \
    return (n & 1) && x < 0 ? -r : r;                                          \
  }                                                                            \
  T cu2cl_j0##S(T x) { return cu2cl_jn##S(0, x); }                             \
  T cu2cl_j1##S(T x) { return x == 0 ? x : cu2cl_jn##S(1, x); }                \
  T cu2cl_yn##S(int n, T x) {                                                  \
    if (n < 0 || !(x >= 0)) /* NaN, and x < 0 */                               \
      return isnan(x) ? x : (T)NAN;                                            \
    if (x == 0 || isinf(x))                                                    \
      return x == 0 ? -(T)INFINITY : 0;                                        \
    T y[2];                                                                    \
    cu2cl_bessel_y01##S(x, y);                                                 \
    T a = y[0], b = y[1];                                                      \
    if (n == 0)                                                                \
      return a;                                                                \
    for (int k = 1; k < n && !isinf(b); k++) {                                 \
      T c = (T)(2 * k) / x * b - a;                                            \
      a = b, b = c;                                                            \
    }                                                                          \
    return b;                                                                  \
  }                                                                            \
  T cu2cl_y0##S(T x) { return cu2cl_yn##S(0, x); }                             \
  T cu2cl_y1##S(T x) { return cu2cl_yn##S(1, x); }

CU2CL_DEFINE_BESSEL(float, f, 8.0f, 1e-8f, 1e10f)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_BESSEL(double, , 25.0, 1e-17, 1e100)
#endif
#undef CU2CL_DEFINE_BESSEL

/* ---- Modified Bessel functions of the first kind, orders 0 and 1 --------
 * The power series below ASYM (no cancellation: every term is positive),
 * the asymptotic expansion (DLMF 10.40.1) above it, with exp(x) taken in
 * two halves where it alone would overflow. */
#define CU2CL_DEFINE_BESSEL_I(T, S, ASYM, EPS, EXP_MAX)                        \
  T cu2cl_bessel_i##S(int nu, T x) {                                           \
    if (x < (T)ASYM) {                                                         \
      T q = x * x / 4, t = nu ? x / 2 : 1, sum = t;                            \
      for (int k = 1; k < 200 && t > (T)EPS * sum; k++) {                      \
        t *= q / ((T)k * (T)(k + nu));                                         \
        sum += t;                                                              \
      }                                                                        \
      return sum;                                                              \
    }                                                                          \
    T mu = (T)(4 * nu * nu), y = 1 / (8 * x), t = 1, sum = 1;                  \
    for (int k = 1; k < 40 && fabs(t) > (T)EPS; k++) {                         \
      T a = (T)(2 * k - 1);                                                    \
      t *= (a * a - mu) * y / (T)k;                                            \
      sum += t;                                                                \
    }                                                                          \
    sum /= sqrt(2 * (T)M_PI * x);                                              \
    if (x < (T)EXP_MAX)                                                        \
      return exp(x) * sum;                                                     \
    T h = exp(x / 2);                                                          \
    return h * (h * sum);                                                      \
  }                                                                            \
  T cu2cl_cyl_bessel_i0##S(T x) {                                              \
    return isinf(x) ? fabs(x) : cu2cl_bessel_i##S(0, fabs(x));                 \
  }                                                                            \
  T cu2cl_cyl_bessel_i1##S(T x) {                                              \
    if (isinf(x) || x == 0)                                                    \
      return x;                                                                \
    T r = cu2cl_bessel_i##S(1, fabs(x));                                       \
    return x < 0 ? -r : r;                                                     \
  }

CU2CL_DEFINE_BESSEL_I(float, f, 12.0f, 3e-8f, 80.0f)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_BESSEL_I(double, , 20.0, 5e-17, 700.0)
#endif
#undef CU2CL_DEFINE_BESSEL_I

/* ---- norm, rnorm: the length of a vector of dim elements -----------------
 * Scaled by the largest magnitude so that no square over- or underflows;
 * an infinite element gives +inf (rnorm: +0) even with NaNs elsewhere, as
 * hypot does. One helper per address space of p. */
#define CU2CL_DEFINE_NORM(T, S, AS)                                            \
  T cu2cl_norm##S##_##AS(int dim, __##AS const T *p) {                         \
    T m = 0, s = 0;                                                            \
    int nan_seen = 0;                                                          \
    for (int i = 0; i < dim; i++) {                                            \
      T a = fabs(p[i]);                                                        \
      if (isinf(a))                                                            \
        return a;                                                              \
      nan_seen |= isnan(a);                                                    \
      m = fmax(m, a);                                                          \
    }                                                                          \
    if (nan_seen || m == 0)                                                    \
      return nan_seen ? (T)NAN : m;                                            \
    for (int i = 0; i < dim; i++) {                                            \
      T q = p[i] / m;                                                          \
      s = fma(q, q, s);                                                        \
    }                                                                          \
    return m * sqrt(s);                                                        \
  }                                                                            \
  T cu2cl_rnorm##S##_##AS(int dim, __##AS const T *p) {                        \
    return 1 / cu2cl_norm##S##_##AS(dim, p);                                   \
  }

CU2CL_DEFINE_NORM(float, f, global)
CU2CL_DEFINE_NORM(float, f, local)
CU2CL_DEFINE_NORM(float, f, private)
CU2CL_DEFINE_NORM(float, f, constant)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_NORM(double, , global)
CU2CL_DEFINE_NORM(double, , local)
CU2CL_DEFINE_NORM(double, , private)
CU2CL_DEFINE_NORM(double, , constant)
#endif
#undef CU2CL_DEFINE_NORM

/* std::min and std::max of floating-point values (device code calls them
 * as constexpr functions): C++'s definitions, which return the first
 * argument when neither is less (equal values, a NaN), where fmin and
 * fmax prefer the number. */
float cu2cl_std_minf(float a, float b) { return b < a ? b : a; }
float cu2cl_std_maxf(float a, float b) { return a < b ? b : a; }
#ifdef CU2CL_DEVICE_HAS_FP64
double cu2cl_std_min(double a, double b) { return b < a ? b : a; }
double cu2cl_std_max(double a, double b) { return a < b ? b : a; }
#endif
