/*
 * check_math: the accuracy of rules/prelude_math.cl on PoCL.
 *
 * Each helper runs over a spread of inputs (tiny, near the ends of its
 * domain, across the switches between methods, huge) in float and in double,
 * and every result is compared with a reference computed on the host in
 * long double (glibc's j0l, y0l, erfcl, ...; series and Newton steps in long
 * double where glibc has no function). The bounds asserted here are the
 * ones docs/device-functions.md states; the special values CUDA documents
 * (NaN, infinities, signed zeros, n < 0) are checked exactly.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_fixture.h"
#include "util.h"

#define FEATURES "-DCU2CL_DEVICE_HAS_FP64=1"

/* ---- OpenCL plumbing ---------------------------------------------------- */

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue queue;
static cl_program prog;

/* One kernel per helper and type: y[i] = F(x[i]), or F(n[i], x[i]). */
static const char kernels[] =
    "#define K1(T, F) __kernel void k_##F(__global const int *n,\\\n"
    "  __global const T *x, __global T *y) {\\\n"
    "  size_t i = get_global_id(0); y[i] = cu2cl_##F(x[i]); }\n"
    "#define KN(T, F) __kernel void k_##F(__global const int *n,\\\n"
    "  __global const T *x, __global T *y) {\\\n"
    "  size_t i = get_global_id(0); y[i] = cu2cl_##F(n[i], x[i]); }\n"
    "#define KV(T, F) __kernel void k_##F(__global const int *n,\\\n"
    "  __global const T *x, __global T *y) {\\\n"
    "  size_t i = get_global_id(0); T v[8];\\\n"
    "  for (int k = 0; k < 8; k++) v[k] = x[8 * i + k];\\\n"
    "  y[2 * i] = cu2cl_##F##_global(n[i], x + 8 * i);\\\n"
    "  y[2 * i + 1] = cu2cl_##F##_private(n[i], v); }\n"
    "#define ALL(T, S) K1(T, erfinv##S) K1(T, erfcinv##S) K1(T, erfcx##S)\\\n"
    "  K1(T, normcdfinv##S) K1(T, j0##S) K1(T, j1##S) K1(T, y0##S)\\\n"
    "  K1(T, y1##S) KN(T, jn##S) KN(T, yn##S) K1(T, cyl_bessel_i0##S)\\\n"
    "  K1(T, cyl_bessel_i1##S) KV(T, norm##S) KV(T, rnorm##S)\n"
    "ALL(float, f)\n"
    "ALL(double, )\n";

static void cl_setup(void) {
  clfx_open(&dev, &ctx, &queue);
  char *a = read_file(CU2CL_SOURCE_DIR "/rules/prelude.cl", NULL);
  char *b = read_file(CU2CL_SOURCE_DIR "/rules/prelude_math.cl", NULL);
  ck_assert(a && b);
  char *src = xasprintf("%s\n%s\n%s", a, b, kernels);
  const char *s = src;
  prog = clfx_build(ctx, dev, s, FEATURES);
  free(a), free(b), free(src);
}

static void cl_teardown(void) {
  clReleaseProgram(prog);
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
}

/* Runs k_<name> over count items: n (count ints, may be NULL), x (xcount
 * elements of size esz), into y (ycount elements). */
static void run(const char *name, size_t count, const int *n, const void *x,
                size_t xcount, void *y, size_t ycount, size_t esz) {
  cl_int err;
  cl_kernel k = clCreateKernel(prog, name, &err);
  ck_assert_msg(err == CL_SUCCESS, "no kernel %s", name);
  int *nn = xcalloc(count, sizeof *nn);
  if (n)
    memcpy(nn, n, count * sizeof *nn);
  cl_mem b[3] = {
      clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, count * sizeof *nn, nn, &err),
      clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, xcount * esz, (void *)x, &err),
      clCreateBuffer(ctx, CL_MEM_READ_WRITE, ycount * esz, NULL, &err)};
  for (cl_uint i = 0; i < 3; i++)
    ck_assert_int_eq(clSetKernelArg(k, i, sizeof(cl_mem), &b[i]), CL_SUCCESS);
  ck_assert_int_eq(
      clEnqueueNDRangeKernel(queue, k, 1, NULL, &count, NULL, 0, NULL, NULL),
      CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(queue, b[2], CL_TRUE, 0, ycount * esz, y,
                                       0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < 3; i++)
    clReleaseMemObject(b[i]);
  clReleaseKernel(k);
  free(nn);
}

/* ---- References in long double ------------------------------------------ */

static long double erfcx_ref(long double x) {
  if (x < 0)
    return 2 * expl(x * x) - erfcx_ref(-x);
  if (x < 5)
    return expl(x * x) * erfcl(x);
  long double f = x; /* Laplace's continued fraction */
  for (int k = 400; k >= 1; k--)
    f = x + (k * 0.5L) / f;
  return 1 / (sqrtl(M_PIl) * f);
}

/* Newton steps from x on erf(x) = y (tail = 0) or erfc(x) = y (tail = 1). */
static long double erf_root(long double x, long double y, int tail) {
  if (!isfinite(x))
    x = 1;
  for (int i = 0; i < 8; i++) {
    long double d = -2 / sqrtl(M_PIl) * expl(-x * x);
    long double f = tail ? erfcl(x) - y : -(erfl(x) - y);
    x -= f / d;
  }
  return x;
}

/* The exact inverse of the double (or float) argument; start: the helper's
 * own result, which Newton's method corrects (or leaves far off). */
static long double erfcinv_ref(long double z, long double start) {
  if (z < 0.5L)
    return erf_root(start, z, 1);
  if (z > 1.5L)
    return -erf_root(-start, 2 - z, 1);
  return erf_root(start, 1 - z, 0);
}

static long double erfinv_ref(long double y, long double start) {
  long double a = fabsl(y);
  long double r = a < 0.5L ? erf_root(fabsl(start), a, 0)
                           : erf_root(fabsl(start), 1 - a, 1);
  return copysignl(r, y);
}

/* I_nu(x) by its series, all terms positive. */
static long double bessel_i_ref(int nu, long double x) {
  long double a = fabsl(x), q = a * a / 4, t = nu ? a / 2 : 1, s = t;
  for (int k = 1; k < 5000 && t > 1e-24L * s; k++) {
    t *= q / ((long double)k * (k + nu));
    s += t;
  }
  return nu && x < 0 ? -s : s;
}

/* ---- Measuring ---------------------------------------------------------- */

typedef enum {
  ERFINV,
  ERFCINV,
  ERFCX,
  NORMCDFINV,
  J0,
  J1,
  JN,
  Y0,
  Y1,
  YN,
  I0,
  I1
} fn_id;

static long double reference(fn_id f, int n, long double x, long double got) {
  switch (f) {
  case ERFINV:
    return fabsl(x) == 1 ? copysignl(INFINITY, x) : erfinv_ref(x, got);
  case ERFCINV:
    return x == 0 || x == 2 ? (1 - x) * INFINITY : erfcinv_ref(x, got);
  case ERFCX:
    return erfcx_ref(x);
  case NORMCDFINV:
    if (x == 0 || x == 1)
      return (2 * x - 1) * INFINITY;
    return -sqrtl(2) * erfcinv_ref(2 * x, -got / sqrtl(2));
  case J0:
    return j0l(x);
  case J1:
    return j1l(x);
  case JN:
    return jnl(n, x);
  case Y0:
    return y0l(x);
  case Y1:
    return y1l(x);
  case YN:
    return ynl(n, x);
  case I0:
    return bessel_i_ref(0, x);
  case I1:
    return bessel_i_ref(1, x);
  }
  return NAN;
}

/* The worst errors over a set of inputs: in ulps of the reference, and,
 * for the points beyond max_ulp, absolutely where |reference| <= 1 and
 * relatively above (the Bessel functions are bounded so near their
 * zeros, as CUDA's are beyond |x| = 8). */
typedef struct err {
  double ulp, abs, ulp_at, abs_at;
} err;

static long double ulp_of(long double r, int dbl) {
  int e = r == 0 ? -2000 : ilogbl(r);
  return dbl ? ldexpl(1, (e < -1022 ? -1022 : e) - 52)
             : ldexpl(1, (e < -126 ? -126 : e) - 23);
}

/* Runs helper f (kernel k_NAME) on inputs x[i] with orders n[i] (or NULL)
 * in float (dbl = 0) or double and returns its worst errors. Points whose
 * reference overflows the type are skipped. */
static err measure(fn_id f, const char *name, int dbl, const int *n,
                   const double *x, size_t count, double max_ulp) {
  size_t esz = dbl ? sizeof(double) : sizeof(float);
  void *in = xcalloc(count, esz), *out = xcalloc(count, esz);
  for (size_t i = 0; i < count; i++)
    if (dbl)
      ((double *)in)[i] = x[i];
    else
      ((float *)in)[i] = (float)x[i];
  char *k = xasprintf("k_%s%s", name, dbl ? "" : "f");
  run(k, count, n, in, count, out, count, esz);
  err e = {0, 0, 0, 0};
  for (size_t i = 0; i < count; i++) {
    long double xi = dbl ? ((double *)in)[i] : ((float *)in)[i];
    long double got = dbl ? ((double *)out)[i] : ((float *)out)[i];
    long double r = reference(f, n ? n[i] : 0, xi, got);
    if (fabsl(r) > (dbl ? DBL_MAX : FLT_MAX) || isnan(r))
      continue;
    long double d = fabsl(got - r);
    if (isnan(got))
      d = INFINITY;
    double u = (double)(d / ulp_of(r, dbl));
    if (u > e.ulp)
      e.ulp = u, e.ulp_at = (double)xi;
    long double rel = d / (fabsl(r) > 1 ? fabsl(r) : 1);
    if (u > max_ulp && rel > e.abs)
      e.abs = (double)rel, e.abs_at = (double)xi;
  }
  if (getenv("CU2CL_MATH_REPORT"))
    fprintf(stderr, "%-22s max %10.3g ulp at %-12.6g abs %.3g at %.6g\n", k,
            e.ulp, e.ulp_at, e.abs, e.abs_at);
  free(k), free(in), free(out);
  return e;
}

/* ---- Inputs ------------------------------------------------------------- */

typedef struct inputs {
  double *x;
  int *n;
  size_t len, cap;
} inputs;

static void add(inputs *in, int n, double x) {
  if (in->len == in->cap) {
    in->cap = in->cap ? 2 * in->cap : 256;
    in->x = xrealloc(in->x, in->cap * sizeof *in->x);
    in->n = xrealloc(in->n, in->cap * sizeof *in->n);
  }
  in->n[in->len] = n;
  in->x[in->len++] = x;
}

/* from, from + step, ... < to */
static void add_grid(inputs *in, int n, double from, double to, double step) {
  for (double x = from; x < to; x += step)
    add(in, n, x);
}

/* from, from * factor, ... < to */
static void add_log(inputs *in, int n, double from, double to, double factor) {
  for (double x = from; x < to; x *= factor)
    add(in, n, x);
}

static void add_mirrored(inputs *in) {
  size_t len = in->len;
  for (size_t i = 0; i < len; i++)
    add(in, in->n[i], -in->x[i]);
}

static void done(inputs *in) {
  free(in->x), free(in->n);
}

/* Asserts helper f's errors in float and double: within ulp[d] ulps, or
 * where not, within abs[d] absolutely. */
static void check(fn_id f, const char *name, inputs *in, const double ulp[2],
                  const double abs[2]) {
  for (int d = 0; d < 2; d++) {
    err e = measure(f, name, d, in->n, in->x, in->len, ulp[d]);
    if (getenv("CU2CL_MATH_REPORT"))
      continue;
    ck_assert_msg(e.abs <= abs[d],
                  "%s (%s): %g ulp at %g; beyond %g ulp, absolute error "
                  "%g at %g (bound %g)",
                  name, d ? "double" : "float", e.ulp, e.ulp_at, ulp[d], e.abs,
                  e.abs_at, abs[d]);
  }
}

/* ---- Core: accuracy ----------------------------------------------------- */

START_TEST(test_erfinv) {
  inputs in = {0};
  add_log(&in, 0, 1e-300, 0.1, 1.7);
  add_grid(&in, 0, 0, 1, 1.0 / 512 + 1e-9);
  for (int k = 2; k <= 52; k++)
    add(&in, 0, 1 - ldexp(1, -k));
  add_mirrored(&in);
  static const double ulp[2] = {2, 3}, abs[2] = {0, 0};
  check(ERFINV, "erfinv", &in, ulp, abs);
  done(&in);
}
END_TEST

START_TEST(test_erfcinv) {
  inputs in = {0};
  add_log(&in, 0, 4.9e-324, 0.5, 3.1);
  add_grid(&in, 0, 1.0 / 1024, 2, 1.0 / 1024 + 1e-9);
  for (int k = 2; k <= 52; k++)
    add(&in, 0, 2 - ldexp(1, -k));
  static const double ulp[2] = {3, 4}, abs[2] = {0, 0};
  check(ERFCINV, "erfcinv", &in, ulp, abs);
  done(&in);
}
END_TEST

START_TEST(test_normcdfinv) {
  inputs in = {0};
  add_log(&in, 0, 2.5e-324, 0.5, 3.1);
  add_grid(&in, 0, 1.0 / 2048, 1, 1.0 / 2048 + 1e-9);
  static const double ulp[2] = {4, 4}, abs[2] = {0, 0};
  check(NORMCDFINV, "normcdfinv", &in, ulp, abs);
  done(&in);
}
END_TEST

START_TEST(test_erfcx) {
  inputs in = {0};
  add_grid(&in, 0, -26, 40, 0.0173);
  add_log(&in, 0, 1e-30, 1, 1.9);
  add_log(&in, 0, 40, 1e300, 1.9);
  static const double ulp[2] = {3, 2}, abs[2] = {0, 0};
  check(ERFCX, "erfcx", &in, ulp, abs);
  done(&in);
}
END_TEST

static void bessel_inputs(inputs *in, int n) {
  add_log(in, n, 1e-30, 0.01, 3.7);
  add_grid(in, n, 0.01, 80, 0.0371);
  add_log(in, n, 80, 1e6, 1.13);
}

START_TEST(test_bessel_j) {
  static const double ulp[2] = {4, 4}, abs[2] = {2.5e-7, 5e-16};
  inputs in = {0};
  bessel_inputs(&in, 0);
  add_mirrored(&in);
  check(J0, "j0", &in, ulp, abs);
  check(J1, "j1", &in, ulp, abs);
  done(&in);
  static const int orders[] = {2, 3, 5, 10, 31, 100};
  for (size_t k = 0; k < sizeof orders / sizeof *orders; k++) {
    inputs jn = {0};
    bessel_inputs(&jn, orders[k]);
    check(JN, "jn", &jn, ulp, abs);
    done(&jn);
  }
}
END_TEST

START_TEST(test_bessel_y) {
  static const double ulp[2] = {4, 4}, abs[2] = {2.5e-7, 5e-16};
  static const double abs_n[2] = {3e-6, 1e-14};
  inputs in = {0};
  bessel_inputs(&in, 0);
  check(Y0, "y0", &in, ulp, abs);
  check(Y1, "y1", &in, ulp, abs);
  done(&in);
  static const int orders[] = {2, 3, 5, 10, 31, 100};
  for (size_t k = 0; k < sizeof orders / sizeof *orders; k++) {
    inputs yn = {0};
    bessel_inputs(&yn, orders[k]);
    check(YN, "yn", &yn, ulp, abs_n);
    done(&yn);
  }
}
END_TEST

START_TEST(test_bessel_i) {
  inputs in = {0};
  add_log(&in, 0, 1e-30, 0.01, 3.7);
  add_grid(&in, 0, 0.01, 100, 0.0371);
  add_grid(&in, 0, 100, 714, 1.37);
  add_mirrored(&in);
  static const double ulp[2] = {6, 10}, abs[2] = {0, 0};
  check(I0, "cyl_bessel_i0", &in, ulp, abs);
  check(I1, "cyl_bessel_i1", &in, ulp, abs);
  done(&in);
}
END_TEST

/* ---- Core: special values and norm -------------------------------------- */

/* Runs k_NAME (float and double) on one input and returns the double
 * result and, through *fres, the float one. */
static double one(const char *name, int n, double x, float *fres) {
  float xf = (float)x;
  double y = 0;
  char *k = xasprintf("k_%sf", name);
  run(k, 1, &n, &xf, 1, fres, 1, sizeof(float));
  free(k);
  k = xasprintf("k_%s", name);
  run(k, 1, &n, &x, 1, &y, 1, sizeof(double));
  free(k);
  return y;
}

/* both precisions give exactly `want` (NaN matches NaN, zeros by sign) */
static void expect(const char *name, int n, double x, double want) {
  float f;
  double d = one(name, n, x, &f);
  int ok_d =
      isnan(want) ? isnan(d) : d == want && !signbit(d) == !signbit(want);
  int ok_f = isnan(want) ? isnan(f)
                         : f == (float)want && !signbit(f) == !signbit(want);
  ck_assert_msg(ok_d && ok_f, "%s(%d, %g): %g / %g, want %g", name, n, x, d,
                (double)f, want);
}

START_TEST(test_special_values) {
  expect("erfinv", 0, 1, INFINITY);
  expect("erfinv", 0, -1, -INFINITY);
  expect("erfinv", 0, -0.0, -0.0);
  expect("erfinv", 0, 1.5, NAN);
  expect("erfcinv", 0, 0, INFINITY);
  expect("erfcinv", 0, 2, -INFINITY);
  expect("erfcinv", 0, -1, NAN);
  expect("normcdfinv", 0, 0, -INFINITY);
  expect("normcdfinv", 0, 1, INFINITY);
  expect("normcdfinv", 0, 0.5, 0);
  expect("erfcx", 0, INFINITY, 0);
  expect("erfcx", 0, -INFINITY, INFINITY);
  expect("erfcx", 0, NAN, NAN);
  expect("j0", 0, 0, 1);
  expect("j0", 0, INFINITY, 0);
  expect("j1", 0, -0.0, -0.0);
  expect("jn", -1, 1, NAN);
  expect("jn", 3, 0, 0);
  expect("y0", 0, 0, -INFINITY);
  expect("y1", 0, -1, NAN);
  expect("yn", 2, INFINITY, 0);
  expect("yn", -2, 1, NAN);
  expect("cyl_bessel_i0", 0, -INFINITY, INFINITY);
  expect("cyl_bessel_i1", 0, -INFINITY, -INFINITY);
  expect("cyl_bessel_i1", 0, -0.0, -0.0);
}
END_TEST

/* norm and rnorm over global and private arrays: no overflow or underflow
 * of the squares, an infinity wins over NaN, dim 0 is 0. */
START_TEST(test_norm) {
  static const double v[4][8] = {{3, 4, 12, 0, 0, 0, 0, 0},
                                 {3e300, 4e300, 0, 0, 0, 0, 0, 0},
                                 {3e-310, -4e-310, 0, 0, 0, 0, 0, 0},
                                 {NAN, INFINITY, 1, 0, 0, 0, 0, 0}};
  static const int dims[4] = {3, 2, 2, 2};
  static const double want[4] = {13, 5e300, 5e-310, INFINITY};
  double out[8];
  run("k_norm", 4, dims, v, 32, out, 8, sizeof(double));
  for (int i = 0; i < 4; i++)
    for (int a = 0; a < 2; a++)
      ck_assert_msg(fabs(out[2 * i + a] - want[i]) <= 1e-15 * want[i] ||
                        out[2 * i + a] == want[i],
                    "norm %d/%d: %g", i, a, out[2 * i + a]);
  run("k_rnorm", 4, dims, v, 32, out, 8, sizeof(double));
  ck_assert(fabs(out[0] * 13 - 1) < 1e-15 && out[7] == 0);
  float vf[8] = {3, 4, 12, 84}, of[2];
  int dim = 4;
  run("k_normf", 1, &dim, vf, 8, of, 2, sizeof(float));
  ck_assert(fabsf(of[0] - 85) <= 2e-5f && fabsf(of[1] - 85) <= 2e-5f);
  dim = 0;
  run("k_normf", 1, &dim, vf, 8, of, 2, sizeof(float));
  ck_assert(of[0] == 0 && of[1] == 0);
}
END_TEST

static Suite *math_suite(void) {
  Suite *s = suite_create("math");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, cl_setup, cl_teardown);
  tcase_set_timeout(core, 120);
  tcase_add_test(core, test_erfinv);
  tcase_add_test(core, test_erfcinv);
  tcase_add_test(core, test_normcdfinv);
  tcase_add_test(core, test_erfcx);
  tcase_add_test(core, test_bessel_j);
  tcase_add_test(core, test_bessel_y);
  tcase_add_test(core, test_bessel_i);
  tcase_add_test(core, test_special_values);
  tcase_add_test(core, test_norm);
  suite_add_tcase(s, core);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(math_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed != 0;
}
