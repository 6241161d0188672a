/*
 * check_round: rules/prelude_round.cl, CUDA's directed-rounding intrinsics,
 * on PoCL against the host's own arithmetic in the same rounding mode.
 *
 * Each helper (add, sub, mul, div, rcp, sqrt, fma; float and double; toward
 * zero, +infinity and -infinity) runs over inputs drawn to find the hard
 * cases: every bit pattern at random (NaN, infinities, subnormals), all
 * pairs of special values, operands of random sign and exponent in a
 * window, sums that cancel, products and quotients at the ends of the
 * range (overflow, the subnormals), fma whose addend cancels the product.
 * The reference is the host's IEEE 754 operation under fesetround (SSE
 * arithmetic, sqrt and glibc's fma honour the mode); results must be the
 * same bits (any NaN for a NaN).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <check.h>
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_fixture.h"
#include "util.h"

#define N 65536 /* inputs per kind and helper */

enum {
  OP_ADD,
  OP_SUB,
  OP_MUL,
  OP_DIV,
  OP_RCP,
  OP_SQRT,
  OP_FMA,
  OP_DIVOFF,
  NOPS
};
static const char *const op_names[NOPS] = {"add", "sub",  "mul", "div",
                                           "rcp", "sqrt", "fma", "divoff"};
static const int modes[3] = {1, 2, 3}; /* CU2CL_RZ, RU, RD */
static const int fe_modes[3] = {FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};

/* ---- OpenCL plumbing ---------------------------------------------------- */

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue queue;
static cl_program prog;

/* One kernel per helper and type: y[i] = helper(a[i], b[i], c[i], m). */
static const char kernels[] =
    "#define K(T, N, CALL) __kernel void k_##N(__global const T *a,\\\n"
    "  __global const T *b, __global const T *c, __global T *y, int m) {\\\n"
    "  size_t i = get_global_id(0); y[i] = CALL; }\n"
    "#define ALL(T, X, FMA)\\\n"
    "  K(T, X##add, cu2cl_##X##add_dir(a[i], b[i], m))\\\n"
    "  K(T, X##sub, cu2cl_##X##sub_dir(a[i], b[i], m))\\\n"
    "  K(T, X##mul, cu2cl_##X##mul_dir(a[i], b[i], m))\\\n"
    "  K(T, X##div, cu2cl_##X##div_dir(a[i], b[i], m))\\\n"
    "  K(T, X##rcp, cu2cl_##X##rcp_dir(a[i], m))\\\n"
    "  K(T, X##sqrt, cu2cl_##X##sqrt_dir(a[i], m))\\\n"
    "  K(T, X##fma, cu2cl_##FMA##_dir(a[i], b[i], c[i], m))\n"
    "ALL(float, f, fmaf)\n"
    "ALL(double, d, fma)\n"
    /* float division from a quotient up to 3 ulps off (OpenCL allows
     * 2.5 ulp): the search for the enclosing pair */
    "#define KOFF(T, X, MAXV) K(T, X##divoff, X##divoff(a[i], b[i], m, i))\n"
    "#define DIVOFF(T, X, MAXV) T X##divoff(T a, T b, int m, size_t i) {\\\n"
    "  T q = a / b; int ea, eb;\\\n"
    "  if (isnan(q) || isinf(a) || isinf(b) || a == 0 || b == 0) return q;\\\n"
    "  T ma = frexp(a, &ea), mb = frexp(b, &eb);\\\n"
    "  q = isinf(q) ? copysign((T)MAXV, q) : q;\\\n"
    "  for (int k = (int)(i % 7) - 3; k != 0; k += k > 0 ? -1 : 1)\\\n"
    "    q = nextafter(q, k > 0 ? (T)INFINITY : -(T)INFINITY);\\\n"
    "  return cu2cl_##X##res_round(q, ma, mb, eb - ea, 0, m); }\n"
    "DIVOFF(float, f, FLT_MAX) KOFF(float, f, FLT_MAX)\n"
    "DIVOFF(double, d, DBL_MAX)\n";

static void cl_setup(void) {
  clfx_open(&dev, &ctx, &queue);
  const char *files[] = {CU2CL_SOURCE_DIR "/rules/prelude.cl",
                         CU2CL_SOURCE_DIR "/rules/prelude_math.cl",
                         CU2CL_SOURCE_DIR "/rules/prelude_round.cl"};
  strbuf src = {0};
  for (int i = 0; i < 3; i++) {
    char *t = read_file(files[i], NULL);
    ck_assert_msg(t != NULL, "cannot read %s", files[i]);
    strbuf_printf(&src, "%s\n", t);
    free(t);
  }
  strbuf_printf(&src, "%s", kernels);
  char *text = strbuf_take(&src);
  const char *s = text;
  prog = clfx_build(ctx, dev, s, "-DCU2CL_DEVICE_HAS_FP64=1");
  free(text);
}

static void cl_teardown(void) {
  clReleaseProgram(prog);
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
}

/* Runs k_<name> over n items of esz bytes each. */
static void run(const char *name, size_t n, size_t esz, const void *a,
                const void *b, const void *c, void *y, int m) {
  cl_int err;
  cl_kernel k = clCreateKernel(prog, name, &err);
  ck_assert_msg(err == CL_SUCCESS, "no kernel %s", name);
  const void *in[3] = {a, b, c};
  cl_mem buf[4];
  for (int i = 0; i < 3; i++)
    buf[i] =
        clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, n * esz, (void *)in[i], &err);
  buf[3] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * esz, NULL, &err);
  for (cl_uint i = 0; i < 4; i++)
    ck_assert_int_eq(clSetKernelArg(k, i, sizeof(cl_mem), &buf[i]), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 4, sizeof m, &m), CL_SUCCESS);
  ck_assert_int_eq(
      clEnqueueNDRangeKernel(queue, k, 1, NULL, &n, NULL, 0, NULL, NULL),
      CL_SUCCESS);
  ck_assert_int_eq(
      clEnqueueReadBuffer(queue, buf[3], CL_TRUE, 0, n * esz, y, 0, NULL, NULL),
      CL_SUCCESS);
  for (int i = 0; i < 4; i++)
    clReleaseMemObject(buf[i]);
  clReleaseKernel(k);
}

/* ---- References: the host's arithmetic in the rounding mode ------------ */

static float ref_f(int op, float a, float b, float c) {
  volatile float va = a, vb = b, vc = c, r;
  switch (op) {
  case OP_ADD:
    r = va + vb;
    break;
  case OP_SUB:
    r = va - vb;
    break;
  case OP_MUL:
    r = va * vb;
    break;
  case OP_DIV:
  case OP_DIVOFF:
    r = va / vb;
    break;
  case OP_RCP:
    r = 1.0f / va;
    break;
  case OP_SQRT:
    r = sqrtf(va);
    break;
  default:
    r = fmaf(va, vb, vc);
    break;
  }
  return r;
}

static double ref_d(int op, double a, double b, double c) {
  volatile double va = a, vb = b, vc = c, r;
  switch (op) {
  case OP_ADD:
    r = va + vb;
    break;
  case OP_SUB:
    r = va - vb;
    break;
  case OP_MUL:
    r = va * vb;
    break;
  case OP_DIV:
  case OP_DIVOFF:
    r = va / vb;
    break;
  case OP_RCP:
    r = 1.0 / va;
    break;
  case OP_SQRT:
    r = sqrt(va);
    break;
  default:
    r = fma(va, vb, vc);
    break;
  }
  return r;
}

/* ---- Inputs ------------------------------------------------------------- */

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) { /* xorshift64 */
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* A value of random sign and mantissa with its exponent in [lo, hi]. */
static double rnd_exp(int lo, int hi, int p) {
  double m = 1 + (double)(rnd() >> (64 - (p - 1))) / (double)(1ull << (p - 1));
  int e = lo + (int)(rnd() % (uint64_t)(hi - lo + 1));
  return ldexp(rnd() & 1 ? -m : m, e);
}

static const double specials[] = {0.0,   -0.0,  INFINITY, -INFINITY, NAN,
                                  1.0,   -1.0,  2.0,      3.0,       0.5,
                                  -0.75, 1e-30, 1e30};

/* Input set `kind` for operation op in precision p (24, 53), into a, b, c
 * as doubles. emax/emin: the format's exponent range. */
static void make_inputs(int kind, int op, int p, double *a, double *b,
                        double *c) {
  int emax = p == 24 ? 127 : 1023, emin = p == 24 ? -149 : -1074;
  double big = p == 24 ? FLT_MAX : DBL_MAX;
  double tiny = p == 24 ? 0x1p-149 : 0x1p-1074;
  double norm = p == 24 ? FLT_MIN : DBL_MIN;
  size_t ns = sizeof specials / sizeof *specials;
  for (size_t i = 0; i < N; i++) {
    uint64_t r1 = rnd(), r2 = rnd(), r3 = rnd();
    switch (kind) {
    case 0: /* any bit pattern */
      if (p == 24) {
        uint32_t u[3] = {(uint32_t)r1, (uint32_t)r2, (uint32_t)r3};
        float f[3];
        memcpy(f, u, sizeof f);
        a[i] = f[0], b[i] = f[1], c[i] = f[2];
      } else {
        memcpy(&a[i], &r1, 8), memcpy(&b[i], &r2, 8), memcpy(&c[i], &r3, 8);
      }
      break;
    case 1: { /* special values and the ends of the range, all pairs */
      double extra[] = {big, -big, tiny, -tiny, norm, -norm, big / 2};
      size_t ne = 7, nt = ns + ne;
      size_t x = i % nt, y = (i / nt) % nt, z = (i / nt / nt) % nt;
      a[i] = x < ns ? specials[x] : extra[x - ns];
      b[i] = y < ns ? specials[y] : extra[y - ns];
      c[i] = z < ns ? specials[z] : extra[z - ns];
      break;
    }
    case 2: /* random values in a moderate window */
      a[i] = rnd_exp(-20, 20, p), b[i] = rnd_exp(-20, 20, p);
      c[i] = rnd_exp(-45, 45, p);
      break;
    case 3: /* cancellation: b near -a (add), a - b; c near -a*b (fma) */
      a[i] = rnd_exp(-30, 30, p);
      b[i] = -a[i] * (1 + ldexp((double)(r1 % 64) - 32, -p + (int)(r2 % 4)));
      if (op == OP_SUB)
        b[i] = -b[i];
      if (op == OP_FMA) {
        b[i] = rnd_exp(-30, 30, p);
        double ab = a[i] * b[i]; /* rounded to double */
        c[i] = -ab * (1 + ldexp((double)(r3 % 16) - 8, -p - (int)(r1 % 30)));
      }
      break;
    case 4: /* near overflow and the subnormals */
      if (r3 & 1) {
        a[i] = rnd_exp(emax / 2 - 2, emax / 2 + 2, p);
        b[i] = rnd_exp(emax / 2 - 2, emax / 2 + 2, p);
        if (op == OP_ADD || op == OP_SUB || op == OP_FMA)
          a[i] = rnd_exp(emax - 1, emax, p),
          b[i] = copysign(1.0, a[i]) * rnd_exp(emax - 2, emax, p);
        if (op == OP_DIV || op == OP_DIVOFF)
          b[i] = rnd_exp(-4, 4, p), a[i] = rnd_exp(emax - 3, emax, p);
      } else {
        a[i] = rnd_exp(emin / 2 - 2, emin / 2 + 12, p);
        b[i] = rnd_exp(emin / 2 - 2, emin / 2 + 12, p);
        if (op == OP_ADD || op == OP_SUB || op == OP_SQRT || op == OP_RCP)
          a[i] = ldexp((double)(r1 % 4096) - 2048, emin),
          b[i] = ldexp((double)(r2 % 4096) - 2048, emin + (int)(r3 % 20));
        if (op == OP_RCP)
          a[i] = rnd_exp(emax - 4, emax, p);
        if (op == OP_DIV || op == OP_DIVOFF)
          a[i] = rnd_exp(emin + p, emin + p + 20, p), b[i] = rnd_exp(0, 30, p);
      }
      c[i] = r1 & 2 ? rnd_exp(emin + p - 8, emin + p + 8, p) * 0
                    : ldexp((double)(r2 % 64) - 32, emin);
      if (op == OP_FMA && (r1 & 4))
        c[i] = -a[i] * b[i];
      break;
    }
    if (op == OP_SQRT && kind >= 2)
      a[i] = fabs(a[i]);
  }
}

/* ---- Comparing ---------------------------------------------------------- */

static int same_bits(double x, double y, int p) {
  if (isnan(x) && isnan(y))
    return 1;
  if (p == 24) {
    float fx = (float)x, fy = (float)y;
    return memcmp(&fx, &fy, 4) == 0;
  }
  return memcmp(&x, &y, 8) == 0;
}

/* Runs one helper in one precision and mode over one input kind; returns
 * the number of differing results (the first few printed). */
static int check_one(int op, int p, int mi, int kind) {
  double *a = xcalloc(N, 8), *b = xcalloc(N, 8), *c = xcalloc(N, 8);
  make_inputs(kind, op, p, a, b, c);
  size_t esz = p == 24 ? 4 : 8;
  void *ia = xcalloc(N, esz), *ib = xcalloc(N, esz), *ic = xcalloc(N, esz);
  void *y = xcalloc(N, esz);
  for (size_t i = 0; i < N; i++) {
    if (p == 24) {
      ((float *)ia)[i] = (float)a[i], ((float *)ib)[i] = (float)b[i];
      ((float *)ic)[i] = (float)c[i];
    } else {
      ((double *)ia)[i] = a[i], ((double *)ib)[i] = b[i];
      ((double *)ic)[i] = c[i];
    }
  }
  char name[32];
  snprintf(name, sizeof name, "k_%c%s", p == 24 ? 'f' : 'd', op_names[op]);
  run(name, N, esz, ia, ib, ic, y, modes[mi]);
  int bad = 0;
  fesetround(fe_modes[mi]);
  for (size_t i = 0; i < N; i++) {
    double want, got;
    if (p == 24) {
      float *fa = ia, *fb = ib, *fc = ic;
      want = ref_f(op, fa[i], fb[i], fc[i]), got = ((float *)y)[i];
    } else {
      double *da = ia, *db = ib, *dc = ic;
      want = ref_d(op, da[i], db[i], dc[i]), got = ((double *)y)[i];
    }
    if (!same_bits(want, got, p) && bad++ < 5)
      fprintf(stderr, "%s mode %d kind %d: (%a, %a, %a) gives %a, want %a\n",
              name, modes[mi], kind,
              p == 24 ? ((float *)ia)[i] : ((double *)ia)[i],
              p == 24 ? ((float *)ib)[i] : ((double *)ib)[i],
              p == 24 ? ((float *)ic)[i] : ((double *)ic)[i], got, want);
  }
  fesetround(FE_TONEAREST);
  free(a), free(b), free(c), free(ia), free(ib), free(ic), free(y);
  return bad;
}

static void check_op(int op) {
  int bad = 0;
  /* double division is correctly rounded in OpenCL C: no search */
  for (int p = 24; p <= (op == OP_DIVOFF ? 24 : 53); p += 29)
    for (int mi = 0; mi < 3; mi++)
      for (int kind = 0; kind < 5; kind++)
        bad += check_one(op, p, mi, kind);
  ck_assert_msg(bad == 0, "%s: %d results differ", op_names[op], bad);
}

START_TEST(test_add) {
  check_op(OP_ADD);
}
END_TEST

START_TEST(test_sub) {
  check_op(OP_SUB);
}
END_TEST

START_TEST(test_mul) {
  check_op(OP_MUL);
}
END_TEST

START_TEST(test_div) {
  check_op(OP_DIV);
}
END_TEST

START_TEST(test_div_search) {
  check_op(OP_DIVOFF);
}
END_TEST

START_TEST(test_rcp) {
  check_op(OP_RCP);
}
END_TEST

START_TEST(test_sqrt) {
  check_op(OP_SQRT);
}
END_TEST

START_TEST(test_fma) {
  check_op(OP_FMA);
}
END_TEST

/* The reference itself: the host rounds as asked (so a broken fesetround
 * cannot make every comparison pass). */
START_TEST(test_reference_rounds) {
  fesetround(FE_UPWARD);
  float up = ref_f(OP_ADD, 1.0f, 0x1p-30f, 0);
  fesetround(FE_DOWNWARD);
  float down = ref_f(OP_ADD, -1.0f, -0x1p-30f, 0);
  fesetround(FE_TONEAREST);
  ck_assert(up == nextafterf(1.0f, 2.0f));
  ck_assert(down == -nextafterf(1.0f, 2.0f));
}
END_TEST

static Suite *round_suite(void) {
  Suite *s = suite_create("round");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, cl_setup, cl_teardown);
  tcase_set_timeout(core, 300);
  tcase_add_test(core, test_reference_rounds);
  tcase_add_test(core, test_add);
  tcase_add_test(core, test_sub);
  tcase_add_test(core, test_mul);
  tcase_add_test(core, test_div);
  tcase_add_test(core, test_div_search);
  tcase_add_test(core, test_rcp);
  tcase_add_test(core, test_sqrt);
  tcase_add_test(core, test_fma);
  suite_add_tcase(s, core);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(round_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
