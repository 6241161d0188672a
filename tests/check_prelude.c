/*
 * check_prelude: rules/prelude.cl and rules/device_functions.def on PoCL.
 *
 * The prelude is built with the OpenCL platform found here (PoCL on the test
 * machines) with and without the feature macros the runtime defines, and
 * each helper runs against results computed on the host. The device
 * function table is checked three ways: every non-NULL row is expanded into
 * a small kernel and all of them are built as one program; a set of rows is
 * evaluated on edge cases (saturation, NaN, signedness); and every explicit
 * signature is looked up among the CUDA toolkit's declarations through
 * libclang, so rows cannot silently stop matching.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <check.h>
#include <clang-c/Index.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cl_fixture.h"
#include "util.h"

#define FEATURES "-DCU2CL_DEVICE_HAS_FP64=1 -DCU2CL_DEVICE_HAS_INT64_ATOMICS=1"
#define CUDA_HEADER "/usr/local/cuda/include/cuda_runtime.h"

typedef struct row {
  const char *name, *sig, *ocl, *notes;
} row;

static const row rows[] = {
#define CU2CL_DEVICE_FN(NAME, SIG, OCL, NOTES) {#NAME, SIG, OCL, NOTES},
#include "../rules/device_functions.def"
#undef CU2CL_DEVICE_FN
};
#define NROWS (sizeof rows / sizeof rows[0])

/* ---- OpenCL plumbing ---------------------------------------------------- */

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue queue;

static void cl_setup(void) {
  clfx_open(&dev, &ctx, &queue);
}

static void cl_teardown(void) {
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
}

/* The prelude as cu2cl embeds it: prelude.cl, prelude_math.cl, then
 * prelude_round.cl, prelude_half.cl, prelude_bf16.cl, prelude_fp8.cl,
 * prelude_complex.cl, prelude_simd.cl. */
static char *prelude_text(void) {
  char *a = read_file(CU2CL_SOURCE_DIR "/rules/prelude.cl", NULL);
  char *b = read_file(CU2CL_SOURCE_DIR "/rules/prelude_math.cl", NULL);
  char *c = read_file(CU2CL_SOURCE_DIR "/rules/prelude_round.cl", NULL);
  char *d = read_file(CU2CL_SOURCE_DIR "/rules/prelude_half.cl", NULL);
  char *e = read_file(CU2CL_SOURCE_DIR "/rules/prelude_bf16.cl", NULL);
  char *f = read_file(CU2CL_SOURCE_DIR "/rules/prelude_fp8.cl", NULL);
  char *g = read_file(CU2CL_SOURCE_DIR "/rules/prelude_complex.cl", NULL);
  char *h = read_file(CU2CL_SOURCE_DIR "/rules/prelude_simd.cl", NULL);
  ck_assert_msg(a && b && c && d && e && f && g && h,
                "cannot read rules/prelude*.cl");
  char *s = xasprintf("%s%s%s%s%s%s%s%s", a, b, c, d, e, f, g, h);
  free(a), free(b), free(c), free(d), free(e), free(f), free(g), free(h);
  return s;
}

/* Builds prelude + body. Returns the program, or NULL with the build log in
 * *log (caller frees *log either way when log is non-NULL). */
static cl_program build(const char *body, const char *opts, char **log) {
  char *pre = prelude_text();
  char *src = xasprintf("%s\n%s", pre, body);
  free(pre);
  cl_int err;
  const char *s = src;
  cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  err = clBuildProgram(p, 1, &dev, opts, NULL, NULL);
  size_t n = 0;
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
  char *text = xcalloc(n + 1, 1);
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, n, text, NULL);
  free(src);
  if (log)
    *log = text;
  else
    free(text);
  if (err != CL_SUCCESS) {
    clReleaseProgram(p);
    return NULL;
  }
  return p;
}

static cl_program build_ok(const char *body, const char *opts) {
  char *log = NULL;
  cl_program p = build(body, opts, &log);
  ck_assert_msg(p != NULL, "build failed:\n%.4000s", log);
  free(log);
  return p;
}

static cl_mem buffer(size_t size, const void *init) {
  cl_int err;
  cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size,
                            (void *)init, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  return m;
}

static void read_back(cl_mem m, size_t size, void *out) {
  ck_assert_int_eq(
      clEnqueueReadBuffer(queue, m, CL_TRUE, 0, size, out, 0, NULL, NULL),
      CL_SUCCESS);
}

/* Runs kernel `name` over `global` items in groups of `local`; the
 * arguments are cl_mem buffers (a NULL-terminated list). */
static void run(cl_program p, const char *name, size_t global, size_t local,
                cl_mem *bufs) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  ck_assert_msg(err == CL_SUCCESS, "no kernel %s", name);
  for (cl_uint i = 0; bufs[i]; i++)
    ck_assert_int_eq(clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]),
                     CL_SUCCESS);
  ck_assert_int_eq(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global,
                                          local ? &local : NULL, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(clFinish(queue), CL_SUCCESS);
  clReleaseKernel(k);
}

/* ---- The table ---------------------------------------------------------- */

static const row *find_row(const char *name, const char *sig) {
  for (size_t i = 0; i < NROWS; i++)
    if (!strcmp(rows[i].name, name) &&
        (!strcmp(rows[i].sig, sig) || !strcmp(rows[i].sig, "*")))
      return &rows[i];
  return NULL;
}

/* Substitutes a template the way the translator does: $i, $@, $Ai (every
 * pointer argument here lives in `space`). Caller frees. */
static char *expand_template(const char *tpl, const char *const *args,
                             int nargs, const char *space) {
  strbuf b = {0};
  for (const char *p = tpl; *p; p++) {
    if (p[0] == '$' && p[1] == '@') {
      for (int i = 0; i < nargs; i++)
        strbuf_printf(&b, "%s%s", i ? ", " : "", args[i]);
      p++;
    } else if (p[0] == '$' && p[1] == 'A' && p[2] >= '0' && p[2] <= '9') {
      strbuf_append(&b, space);
      p += 2;
    } else if (p[0] == '$' && p[1] >= '0' && p[1] <= '9') {
      int i = p[1] - '0';
      ck_assert_msg(i < nargs, "template %s uses $%d", tpl, i);
      strbuf_append(&b, args[i]);
      p++;
    } else {
      strbuf_appendc(&b, *p);
    }
  }
  return strbuf_take(&b);
}

/* The row's template with arguments substituted; the row must exist. */
static char *expand(const char *name, const char *sig, const char *const *args,
                    int nargs, const char *space) {
  const row *r = find_row(name, sig);
  ck_assert_msg(r && r->ocl, "no usable row %s(%s)", name, sig);
  return expand_template(r->ocl, args, nargs, space);
}

static int sig_arity(const char *sig) {
  if (!*sig)
    return 0;
  int n = 1;
  for (const char *p = sig; *p; p++)
    n += *p == ',';
  return n;
}

/* Highest $i a template uses, plus one. */
static int template_arity(const char *tpl) {
  int n = 0;
  for (const char *p = tpl; *p; p++)
    if (p[0] == '$' && p[1] >= '0' && p[1] <= '9' && p[1] - '0' + 1 > n)
      n = p[1] - '0' + 1;
  return n;
}

/* OpenCL spelling of a CUDA canonical type, top-level const dropped. */
static char *cl_type(const char *cuda) {
  static const char *const map[][2] = {
      {"unsigned long long", "ulong"}, {"long long", "long"},
      {"unsigned long", "ulong"},      {"unsigned int", "uint"},
      {"unsigned short", "ushort"},    {"unsigned char", "uchar"},
      {"signed char", "char"},
  };
  char *t = xstrdup(cuda);
  size_t tl = strlen(t);
  while (tl && (t[tl - 1] == '&' || t[tl - 1] == ' ')) /* a reference: */
    t[--tl] = '\0'; /* the argument is a local of the referenced type */
  if (str_starts_with(t, "const ") && !strchr(t, '*'))
    memmove(t, t + 6, strlen(t + 6) + 1);
  if (str_starts_with(t, "__nv_bfloat16")) { /* the pairs, _raw, pointers */
    char *r = xasprintf("cu2cl_bf16%s%s", strstr(t, "162") ? "2" : "",
                        strchr(t, '*') ? " *" : "");
    free(t);
    return r;
  }
  if (str_starts_with(t, "__nv_fp8_e") || str_starts_with(t, "__nv_fp8x")) {
    char *r = xasprintf("cu2cl_%s", t + 5); /* the fp8 structs */
    free(t);
    return r;
  }
  if (!strcmp(t, "__nv_saturation_t") ||
      !strcmp(t, "__nv_fp8_interpretation_t")) { /* enums: int */
    free(t);
    return xstrdup("int");
  }
  if (str_starts_with(t, "__half")) { /* __half, __half2, the _raw forms */
    char *r = xasprintf("cu2cl_half%s", strchr(t, '2') ? "2" : "");
    free(t);
    return r;
  }
  if (str_ends_with(t, " *const"))
    t[strlen(t) - 5] = '\0';
  int ptr = strchr(t, '*') != NULL;
  const char *base = t;
  if (!ptr && str_starts_with(base, "const "))
    base += 6;
  int is_const = ptr && str_starts_with(base, "const ");
  if (is_const)
    base += 6;
  size_t len = strcspn(base, " *");
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (str_starts_with(base, map[i][0])) {
      len = strlen(map[i][0]);
      break;
    }
  char *own = xstrndup(base, len);
  const char *name = own;
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (!strcmp(name, map[i][0]))
      name = map[i][1];
  char *r =
      xasprintf("%s%s%s", is_const ? "const " : "", name, ptr ? " *" : "");
  free(own);
  free(t);
  return r;
}

/* Signatures used to exercise "*" rows whose arguments are not floats. */
static const char *star_signature(const char *name) {
  static const char *const sigs[][2] = {
      {"frexp", "float, int *"},
      {"remquo", "float, float, int *"},
      {"modf", "float, float *"},
      {"sincos", "float, float *, float *"},
      {"sincospi", "float, float *, float *"},
      {"ldexp", "float, int"},
      {"scalbn", "float, int"},
      {"scalbln", "float, long"},
      {"printf", "const char *, int"},
      {"__ld", "const float *"},
      {"__st", "float *, float"},
      {"__pipeline_memcpy_async", "void *, const void *, unsigned long, "
                                  "unsigned long"},
      {"memcpy", "void *, const void *, unsigned long"},
      {"memset", "void *, int, unsigned long"},
  };
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    if (str_starts_with(name, sigs[i][0]))
      return sigs[i][1];
  return NULL;
}

/* Appends one kernel that evaluates row r with signature sig, pointers in
 * `space`. */
static void append_row_kernel(strbuf *b, int id, const row *r, const char *sig,
                              const char *space) {
  int n = sig_arity(sig);
  char **args = xcalloc((size_t)n + 1, sizeof *args);
  strbuf params = {0}, locals = {0};
  strbuf_append(&params, "global const float *in");
  const char *s = sig;
  for (int i = 0; i < n; i++) {
    size_t len = strcspn(s, ",");
    char *cuda = xstrndup(s, len);
    char *t = cl_type(cuda);
    s += len + (s[len] == ',' ? 2 : 0);
    if (!strcmp(t, "const char *")) {
      args[i] = xstrdup("\"%d\\n\"");
    } else if (strchr(t, '*')) {
      char *elem = xstrndup(t, strlen(t) - 2);
      if (!strcmp(space, "global"))
        strbuf_printf(&params, ", global %s *p%d", elem, i);
      else
        strbuf_printf(&locals, "  %s%s a%d[4];\n",
                      !strcmp(space, "local") ? "local " : "",
                      str_starts_with(elem, "const ") ? elem + 6 : elem, i);
      args[i] =
          !strcmp(space, "global") ? xasprintf("p%d", i) : xasprintf("a%d", i);
      free(elem);
    } else if (!strcmp(t, "cu2cl_half")) {
      strbuf_printf(&locals, "  %s v%d = cu2cl_float2half_rn(in[%d]);\n", t, i,
                    i);
      args[i] = xasprintf("v%d", i);
    } else if (!strcmp(t, "cu2cl_half2")) {
      strbuf_printf(&locals, "  %s v%d = cu2cl_float2half2_rn(in[%d]);\n", t, i,
                    i);
      args[i] = xasprintf("v%d", i);
    } else if (str_starts_with(t, "cu2cl_fp8")) { /* the storage's bits */
      strbuf_printf(&locals, "  %s v%d = cu2cl_make_%s(in[%d]);\n", t, i, t, i);
      args[i] = xasprintf("v%d", i);
    } else if (!strcmp(t, "cu2cl_bf16") || !strcmp(t, "cu2cl_bf162")) {
      strbuf_printf(&locals, "  %s v%d = cu2cl_float2%s_rn(in[%d]);\n", t, i,
                    t + 6, i);
      args[i] = xasprintf("v%d", i);
    } else {
      strbuf_printf(&locals, "  %s v%d = (%s)in[%d];\n", t, i, t, i);
      args[i] = xasprintf("v%d", i);
    }
    free(t);
    free(cuda);
  }
  if (strstr(r->ocl, "cu2cl_devrt")) /* the runtime's block (rt_devrt.h) */
    strbuf_append(&params, ", global uint *cu2cl_devrt");
  if (strstr(r->ocl, "cu2cl_warp_scratch")) /* warp rows take the scratch */
    strbuf_append(&locals, "  local ulong cu2cl_warp_scratch"
                           "[CU2CL_WARP_SCRATCH_SIZE];\n");
  char *expr = expand_template(r->ocl, (const char *const *)args, n, space);
  strbuf_printf(
      b, "/* %s(%s) %s */\nkernel void row%d(%s) {\n%s  (void)(%s);\n}\n",
      r->name, sig, space, id, strbuf_cstr(&params), strbuf_cstr(&locals),
      expr);
  free(expr);
  for (int i = 0; i < n; i++)
    free(args[i]);
  free(args);
  strbuf_free(&params);
  strbuf_free(&locals);
}

/* 1 for a row of a method (CLASS::NAME, not a constructor): its template
 * has the object as $0 besides the parameters. */
static int is_method_row(const char *name) {
  const char *sep = strstr(name, "::");
  if (!sep)
    return 0;
  size_t n = (size_t)(sep - name);
  return strlen(sep + 2) != n || strncmp(sep + 2, name, n) != 0;
}

/* The argument types a row's template takes: a method's object first. */
static char *template_signature(const row *r, const char *sig) {
  if (!is_method_row(r->name))
    return xstrdup(sig);
  char *cls = xstrndup(r->name, (size_t)(strstr(r->name, "::") - r->name));
  char *s = xasprintf("%s &%s%s", cls, *sig ? ", " : "", sig);
  free(cls);
  return s;
}

/* "t, t, ..., t" (n times). Caller frees. */
static char *repeat_type(const char *t, int n) {
  strbuf b = {0};
  for (int i = 0; i < n; i++)
    strbuf_printf(&b, "%s%s", i ? ", " : "", t);
  return n ? strbuf_take(&b) : xstrdup("");
}

typedef struct row_use {
  const row *r;
  char *sig;
  const char *space;
} row_use;

static void add_use(row_use **uses, size_t *n, const row *r, const char *sig,
                    const char *space) {
  *uses = xrealloc(*uses, (*n + 1) * sizeof **uses);
  (*uses)[(*n)++] = (row_use){r, xstrdup(sig), space};
}

/* Every way a row is exercised: its signature (or a stand-in for "*"),
 * once per address space its pointers may live in. */
static row_use *row_uses(size_t *count) {
  row_use *uses = NULL;
  size_t n = 0;
  for (size_t i = 0; i < NROWS; i++) {
    const row *r = &rows[i];
    if (!r->ocl)
      continue;
    /* rows that pick a helper by the call's types ($R, $Tn: CUDA 12.8's
     * __nv_atomic_*, generic in CUDA): tests/projects/nv_atomics builds and
     * runs them for every type they take */
    if (strstr(r->ocl, "$R") || strstr(r->ocl, "$T"))
      continue;
    const char *sig = r->sig;
    char *own = NULL;
    if (!strcmp(sig, "*")) {
      sig = star_signature(r->name);
      if (!sig) { /* a math function: try it on doubles and on floats */
        char *dbl = repeat_type("double", template_arity(r->ocl));
        add_use(&uses, &n, r, dbl, "global");
        free(dbl);
        sig = own = repeat_type("float", template_arity(r->ocl));
      }
    }
    char *tsig = template_signature(r, sig);
    /* a non-const reference's helper is chosen by where the lvalue lives:
     * the kernel's locals are private */
    int ref = strstr(r->ocl, "$A0") && strstr(tsig, " &") &&
              !str_starts_with(tsig, "const ");
    add_use(&uses, &n, r, tsig, ref ? "private" : "global");
    free(tsig);
    /* void * rows (free) take heap pointers, which are __global */
    if (strchr(sig, '*') && !strstr(sig, "char *") && !strstr(sig, "void *")) {
      add_use(&uses, &n, r, sig, "local");
      if (!str_starts_with(r->name, "atomic"))
        add_use(&uses, &n, r, sig, "private");
    }
    free(own);
  }
  *count = n;
  return uses;
}

/* ---- Core: the prelude builds, and the table compiles ------------------- */

START_TEST(test_prelude_builds_clean) {
  const char *opts[] = {"-cl-std=CL1.2", "-cl-std=CL1.2 " FEATURES,
                        "-cl-std=CL1.2 -DCU2CL_DEVICE_HAS_FP64=1"};
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
    char *log = NULL;
    cl_program p = build("", opts[i], &log);
    ck_assert_msg(p != NULL, "prelude fails with %s:\n%s", opts[i], log);
    ck_assert_msg(!strstr(log, "warning"), "warnings with %s:\n%s", opts[i],
                  log);
    free(log);
    clReleaseProgram(p);
  }
}
END_TEST

/* One kernel per use of every non-NULL row, built as one program; on
 * failure each use is rebuilt alone to name the rows that break. */
START_TEST(test_every_row_compiles) {
  size_t n;
  row_use *uses = row_uses(&n);
  ck_assert_uint_gt(n, 500);
  strbuf all = {0};
  for (size_t i = 0; i < n; i++)
    append_row_kernel(&all, (int)i, uses[i].r, uses[i].sig, uses[i].space);
  char *log = NULL;
  cl_program p = build(strbuf_cstr(&all), "-cl-std=CL1.2 " FEATURES, &log);
  strbuf bad = {0};
  if (!p) {
    for (size_t i = 0; i < n; i++) {
      strbuf one = {0};
      append_row_kernel(&one, 0, uses[i].r, uses[i].sig, uses[i].space);
      char *l1 = NULL;
      cl_program q = build(strbuf_cstr(&one), "-cl-std=CL1.2 " FEATURES, &l1);
      if (!q)
        strbuf_printf(&bad, "%s(%s) in %s:\n%.600s\n", uses[i].r->name,
                      uses[i].sig, uses[i].space, l1);
      else
        clReleaseProgram(q);
      free(l1);
      strbuf_free(&one);
    }
  }
  ck_assert_msg(p != NULL, "rows that do not compile:\n%s\n%.2000s",
                strbuf_cstr(&bad), log);
  clReleaseProgram(p);
  free(log);
  strbuf_free(&bad);
  strbuf_free(&all);
  for (size_t i = 0; i < n; i++)
    free(uses[i].sig);
  free(uses);
}
END_TEST

/* ---- Core: atomics ------------------------------------------------------- */

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Kernels adding 0.5 per work-item to one global and one local location,
 * keeping the old values: they must be exactly 0, 0.5, 1, ... in some
 * order, which a lost update would break. */
static char *atomic_add_source(const char *t, const char *sig) {
  const char *ga[] = {"sum", "0.5"};
  const char *la[] = {"(&acc)", "0.5"};
  char *g = expand("atomicAdd", sig, ga, 2, "global");
  char *l = expand("atomicAdd", sig, la, 2, "local");
  char *s = xasprintf(
      "kernel void add_global(global %1$s *sum, global %1$s *olds) {\n"
      "  olds[get_global_id(0)] = %2$s;\n}\n"
      "kernel void add_local(global %1$s *sums, global %1$s *olds) {\n"
      "  local %1$s acc;\n"
      "  if (get_local_id(0) == 0) acc = 0;\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  olds[get_global_id(0)] = %3$s;\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  if (get_local_id(0) == 0) sums[get_group_id(0)] = acc;\n}\n",
      t, g, l);
  free(g);
  free(l);
  return s;
}

START_TEST(test_atomic_add_float) {
  enum { N = 1024, L = 128 };
  char *src = atomic_add_source("float", "float *, float");
  cl_program p = build_ok(src, "-cl-std=CL1.2");
  free(src);
  static float olds[N], sums[N / L];
  float zero = 0;
  cl_mem sum = buffer(sizeof zero, &zero), o = buffer(sizeof olds, olds);
  run(p, "add_global", N, L, (cl_mem[]){sum, o, NULL});
  read_back(sum, sizeof zero, &zero);
  read_back(o, sizeof olds, olds);
  ck_assert_float_eq(zero, N * 0.5f);
  qsort(olds, N, sizeof *olds, cmp_float);
  for (int i = 0; i < N; i++)
    ck_assert_float_eq(olds[i], i * 0.5f);
  cl_mem s = buffer(sizeof sums, sums);
  run(p, "add_local", N, L, (cl_mem[]){s, o, NULL});
  read_back(s, sizeof sums, sums);
  read_back(o, sizeof olds, olds);
  for (int g = 0; g < N / L; g++) {
    ck_assert_float_eq(sums[g], L * 0.5f);
    qsort(olds + g * L, L, sizeof *olds, cmp_float);
    for (int i = 0; i < L; i++)
      ck_assert_float_eq(olds[g * L + i], i * 0.5f);
  }
  clReleaseMemObject(sum);
  clReleaseMemObject(o);
  clReleaseMemObject(s);
  clReleaseProgram(p);
}
END_TEST

START_TEST(test_atomic_add_double) {
  enum { N = 1024, L = 128 };
  char *src = atomic_add_source("double", "double *, double");
  cl_program p = build_ok(src, "-cl-std=CL1.2 " FEATURES);
  free(src);
  static double olds[N], sums[N / L];
  double zero = 0;
  cl_mem sum = buffer(sizeof zero, &zero), o = buffer(sizeof olds, olds);
  run(p, "add_global", N, L, (cl_mem[]){sum, o, NULL});
  read_back(sum, sizeof zero, &zero);
  read_back(o, sizeof olds, olds);
  ck_assert_double_eq(zero, N * 0.5);
  qsort(olds, N, sizeof *olds, cmp_double);
  for (int i = 0; i < N; i++)
    ck_assert_double_eq(olds[i], i * 0.5);
  cl_mem s = buffer(sizeof sums, sums);
  run(p, "add_local", N, L, (cl_mem[]){s, o, NULL});
  read_back(s, sizeof sums, sums);
  for (int g = 0; g < N / L; g++)
    ck_assert_double_eq(sums[g], L * 0.5);
  clReleaseMemObject(sum);
  clReleaseMemObject(o);
  clReleaseMemObject(s);
  clReleaseProgram(p);
}
END_TEST

/* atomicInc/atomicDec by N work-items with limit 6 walk the cycle
 * 0..6: the old values are that cycle's first N steps in some order. */
static char *inc_dec_source(void) {
  const char *ga[] = {"v", "6u"}, *la[] = {"(&acc)", "6u"};
  char *gi =
      expand("atomicInc", "unsigned int *, unsigned int", ga, 2, "global");
  char *gd =
      expand("atomicDec", "unsigned int *, unsigned int", ga, 2, "global");
  char *li =
      expand("atomicInc", "unsigned int *, unsigned int", la, 2, "local");
  const char *c[][2] = {{"(v + 0)", "3u"},
                        {"(v + 1)", "3u"},
                        {"(v + 2)", "3u"},
                        {"(v + 3)", "3u"},
                        {"(v + 4)", "3u"}};
  char *c0 =
      expand("atomicInc", "unsigned int *, unsigned int", c[0], 2, "global");
  char *c1 =
      expand("atomicDec", "unsigned int *, unsigned int", c[1], 2, "global");
  char *c2 =
      expand("atomicDec", "unsigned int *, unsigned int", c[2], 2, "global");
  char *c3 =
      expand("atomicInc", "unsigned int *, unsigned int", c[3], 2, "global");
  char *c4 =
      expand("atomicInc", "unsigned int *, unsigned int", c[4], 2, "global");
  char *s =
      xasprintf("kernel void inc_g(global uint *v, global uint *o) {\n"
                "  o[get_global_id(0)] = %s;\n}\n"
                "kernel void dec_g(global uint *v, global uint *o) {\n"
                "  o[get_global_id(0)] = %s;\n}\n"
                "kernel void inc_l(global uint *v, global uint *o) {\n"
                "  local uint acc;\n"
                "  if (get_local_id(0) == 0) acc = 0;\n"
                "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                "  o[get_global_id(0)] = %s;\n"
                "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                "  if (get_local_id(0) == 0) v[get_group_id(0)] = acc;\n}\n"
                "kernel void cases(global uint *v, global uint *o) {\n"
                "  o[0] = %s; o[1] = %s; o[2] = %s; o[3] = %s; o[4] = %s;\n}\n",
                gi, gd, li, c0, c1, c2, c3, c4);
  char *all[] = {gi, gd, li, c0, c1, c2, c3, c4};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    free(all[i]);
  return s;
}

static void check_cycle(const cl_uint *olds, int n, int down) {
  int count[7] = {0}, want[7] = {0};
  for (int i = 0; i < n; i++) {
    ck_assert_uint_le(olds[i], 6);
    count[olds[i]]++;
    want[down ? (7 - i % 7) % 7 : i % 7]++;
  }
  for (int v = 0; v < 7; v++)
    ck_assert_int_eq(count[v], want[v]);
}

START_TEST(test_atomic_inc_dec_wrap) {
  enum { N = 1000, L = 250 };
  char *src = inc_dec_source();
  cl_program p = build_ok(src, "-cl-std=CL1.2");
  free(src);
  static cl_uint olds[N];
  cl_uint v[5] = {0};
  cl_mem vb = buffer(sizeof v, v), o = buffer(sizeof olds, olds);
  run(p, "inc_g", N, L, (cl_mem[]){vb, o, NULL});
  read_back(vb, sizeof v, v);
  read_back(o, sizeof olds, olds);
  ck_assert_uint_eq(v[0], N % 7);
  check_cycle(olds, N, 0);
  cl_uint zero[5] = {0};
  clReleaseMemObject(vb);
  vb = buffer(sizeof zero, zero);
  run(p, "dec_g", N, L, (cl_mem[]){vb, o, NULL});
  read_back(vb, sizeof v, v);
  read_back(o, sizeof olds, olds);
  ck_assert_uint_eq(v[0], (7 - N % 7) % 7);
  check_cycle(olds, N, 1);
  run(p, "inc_l", N, L, (cl_mem[]){vb, o, NULL});
  read_back(vb, sizeof v, v);
  read_back(o, sizeof olds, olds);
  for (int g = 0; g < N / L; g++) {
    ck_assert_uint_eq(v[g], L % 7);
    check_cycle(olds + g * L, L, 0);
  }
  /* Single steps: inc past the limit wraps to 0; dec of 0 or of a value
   * above the limit gives the limit. */
  cl_uint init[5] = {5, 0, 9, 2, 3}, want[5] = {0, 3, 3, 3, 0};
  clReleaseMemObject(vb);
  vb = buffer(sizeof init, init);
  run(p, "cases", 1, 1, (cl_mem[]){vb, o, NULL});
  read_back(vb, sizeof v, v);
  read_back(o, sizeof olds, olds);
  for (int i = 0; i < 5; i++) {
    ck_assert_uint_eq(v[i], want[i]);
    ck_assert_uint_eq(olds[i], init[i]);
  }
  clReleaseMemObject(vb);
  clReleaseMemObject(o);
  clReleaseProgram(p);
}
END_TEST

/* Many work-items on one word, as CUDA programs contend (2^16 here):
 * the multiset of old values and the final value are CUDA's, for a limit
 * that wraps often (999: the compare-and-swap loop) and for the limit
 * 0xffffffff, whose wrap-around is the 32-bit one (OpenCL's atomic_inc and
 * atomic_dec), started near it. */
static int cmp_uint(const void *a, const void *b) {
  cl_uint x = *(const cl_uint *)a, y = *(const cl_uint *)b;
  return (x > y) - (x < y);
}

static char *inc_dec_many_source(void) {
  const char *a[] = {"v", "limit"};
  char *i = expand("atomicInc", "unsigned int *, unsigned int", a, 2, "global");
  char *d = expand("atomicDec", "unsigned int *, unsigned int", a, 2, "global");
  char *s = xasprintf(
      "kernel void inc(global uint *v, global uint *o, uint limit) {\n"
      "  o[get_global_id(0)] = %s;\n}\n"
      "kernel void dec(global uint *v, global uint *o, uint limit) {\n"
      "  o[get_global_id(0)] = %s;\n}\n",
      i, d);
  free(i);
  free(d);
  return s;
}

/* Runs kernel name of p with N work-items from *v = start; checks that the
 * olds, sorted, are the first N values of CUDA's sequence (each step
 * applied to the last) sorted, and the final value its N-th step. */
static void check_inc_dec_many(cl_program p, const char *name, cl_uint start,
                               cl_uint limit) {
  enum { N = 1 << 16 };
  static cl_uint olds[N], want[N];
  int down = name[0] == 'd';
  cl_uint x = start;
  for (int i = 0; i < N; i++) {
    want[i] = x;
    x = down ? (x == 0 || x > limit ? limit : x - 1) : (x >= limit ? 0 : x + 1);
  }
  cl_mem vb = buffer(sizeof start, &start), o = buffer(sizeof olds, olds);
  cl_kernel k = clCreateKernel(p, name, NULL);
  clSetKernelArg(k, 0, sizeof vb, &vb);
  clSetKernelArg(k, 1, sizeof o, &o);
  clSetKernelArg(k, 2, sizeof limit, &limit);
  size_t global = N, local = 256;
  ck_assert_int_eq(
      clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
      CL_SUCCESS);
  cl_uint final;
  read_back(vb, sizeof final, &final);
  read_back(o, sizeof olds, olds);
  ck_assert_uint_eq(final, x);
  qsort(olds, N, sizeof olds[0], cmp_uint);
  qsort(want, N, sizeof want[0], cmp_uint);
  ck_assert_int_eq(memcmp(olds, want, sizeof olds), 0);
  clReleaseKernel(k);
  clReleaseMemObject(vb);
  clReleaseMemObject(o);
}

START_TEST(test_atomic_inc_dec_many) {
  char *src = inc_dec_many_source();
  cl_program p = build_ok(src, "-cl-std=CL1.2");
  free(src);
  check_inc_dec_many(p, "inc", 0, 999);
  check_inc_dec_many(p, "dec", 0, 999);
  check_inc_dec_many(p, "inc", 0xfffffff0u, 0xffffffffu);
  check_inc_dec_many(p, "dec", 5, 0xffffffffu);
  check_inc_dec_many(p, "inc", 1234, 999); /* above the limit: wraps first */
  clReleaseProgram(p);
}
END_TEST

/* Exchange and the 64-bit forms through the table: every work-item swaps
 * its id into one slot, so old values plus the final one are a
 * permutation of {initial} + ids; 64-bit add/max/min/or reach exact
 * totals beyond 32 bits. */
static char *exch64_source(void) {
  const char *xa[] = {"(x + 0)", "(float)id"};
  const char *aa[] = {"(u + 0)", "(((ulong)1 << 33) + 1)"};
  const char *ma[] = {"(s + 0)", "((long)id - 2000000000000L)"};
  const char *na[] = {"(u + 1)", "(ulong)id"};
  const char *oa[] = {"(u + 2)", "((ulong)1 << (id % 64))"};
  const char *ca[] = {"(u + 3)", "(ulong)id", "((ulong)id + 1000)"};
  char *x = expand("atomicExch", "float *, float", xa, 2, "global");
  char *a = expand("atomicAdd", "unsigned long long *, unsigned long long", aa,
                   2, "global");
  char *m = expand("atomicMax", "long long *, long long", ma, 2, "global");
  char *n = expand("atomicMin", "unsigned long long *, unsigned long long", na,
                   2, "global");
  char *o = expand("atomicOr", "unsigned long long *, unsigned long long", oa,
                   2, "global");
  char *c = expand("atomicCAS",
                   "unsigned long long *, unsigned long long, "
                   "unsigned long long",
                   ca, 3, "global");
  char *s =
      xasprintf("kernel void exch(global float *x, global float *olds) {\n"
                "  int id = get_global_id(0);\n  olds[id] = %s;\n}\n"
                "kernel void wide(global ulong *u, global long *s) {\n"
                "  int id = get_global_id(0);\n"
                "  %s; %s; %s; %s; %s;\n}\n",
                x, a, m, n, o, c);
  char *all[] = {x, a, m, n, o, c};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    free(all[i]);
  return s;
}

START_TEST(test_atomic_exchange_and_64bit) {
  enum { N = 512 };
  char *src = exch64_source();
  cl_program p = build_ok(src, "-cl-std=CL1.2 " FEATURES);
  free(src);
  static float olds[N + 1];
  float x = -1;
  cl_mem xb = buffer(sizeof x, &x), o = buffer(sizeof olds, olds);
  run(p, "exch", N, 64, (cl_mem[]){xb, o, NULL});
  read_back(xb, sizeof x, &x);
  read_back(o, sizeof olds, olds);
  olds[N] = x;
  qsort(olds, N + 1, sizeof *olds, cmp_float);
  for (int i = 0; i <= N; i++)
    ck_assert_float_eq(olds[i], (float)(i - 1));
  cl_ulong u[4] = {0, UINT64_MAX, 0, 0};
  cl_long s = INT64_MIN;
  cl_mem ub = buffer(sizeof u, u), sb = buffer(sizeof s, &s);
  run(p, "wide", 64, 64, (cl_mem[]){ub, sb, NULL});
  read_back(ub, sizeof u, u);
  read_back(sb, sizeof s, &s);
  ck_assert_uint_eq(u[0], 64 * ((1ull << 33) + 1));
  ck_assert_int_eq(s, 63 - 2000000000000LL);
  ck_assert_uint_eq(u[1], 0);
  ck_assert_uint_eq(u[2], UINT64_MAX);
  ck_assert_uint_eq(u[3], 1000); /* only id 0 finds its id there */
  clReleaseMemObject(xb);
  clReleaseMemObject(o);
  clReleaseMemObject(ub);
  clReleaseMemObject(sb);
  clReleaseProgram(p);
}
END_TEST

/* ---- Core: bit intrinsics against host references ---------------------- */

static int host_ffs64(uint64_t x) {
  for (int i = 0; i < 64; i++)
    if (x >> i & 1)
      return i + 1;
  return 0;
}

static uint64_t host_brev64(uint64_t x, int bits) {
  uint64_t r = 0;
  for (int i = 0; i < bits; i++)
    r |= (x >> i & 1) << (bits - 1 - i);
  return r;
}

static uint32_t host_byte_perm(uint32_t x, uint32_t y, uint32_t s) {
  uint64_t bytes = (uint64_t)y << 32 | x;
  uint32_t r = 0;
  for (int n = 0; n < 4; n++)
    r |= (uint32_t)(bytes >> (8 * ((s >> (4 * n)) & 7)) & 0xFF) << (8 * n);
  return r;
}

static uint32_t host_funnel(uint32_t lo, uint32_t hi, uint32_t sh, int left,
                            int clamp) {
  uint64_t v = (uint64_t)hi << 32 | lo;
  uint32_t k = clamp ? (sh < 32 ? sh : 32) : (sh & 31);
  return left ? (uint32_t)((v << k) >> 32) : (uint32_t)(v >> k);
}

enum { BIT_OUTS = 12 };

/* One kernel computing BIT_OUTS results per input triple (x, y, s). */
static char *bits_source(void) {
  static const char *const calls[BIT_OUTS][2] = {
      {"__ffs", "int"},
      {"__ffsll", "long long"},
      {"__brev", "unsigned int"},
      {"__brevll", "unsigned long long"},
      {"__byte_perm", "unsigned int, unsigned int, unsigned int"},
      {"__funnelshift_l", "unsigned int, unsigned int, unsigned int"},
      {"__funnelshift_lc", "unsigned int, unsigned int, unsigned int"},
      {"__funnelshift_r", "unsigned int, unsigned int, unsigned int"},
      {"__funnelshift_rc", "unsigned int, unsigned int, unsigned int"},
      {"__popc", "unsigned int"},
      {"__clz", "int"},
      {"__popcll", "unsigned long long"}};
  static const char *const wide_args[] = {"w"};
  static const char *const args[] = {"x", "y", "s"};
  strbuf b = {0};
  strbuf_append(&b, "kernel void bits(global const uint *in, global ulong "
                    "*out) {\n  int i = get_global_id(0);\n"
                    "  uint x = in[3 * i], y = in[3 * i + 1], s = in[3 * i + "
                    "2];\n  ulong w = ((ulong)y << 32) | x;\n");
  for (int k = 0; k < BIT_OUTS; k++) {
    int wide = strstr(calls[k][1], "long") != NULL;
    char *e = expand(calls[k][0], calls[k][1], wide ? wide_args : args,
                     sig_arity(calls[k][1]), "global");
    strbuf_printf(&b, "  out[%d * i + %d] = (ulong)(%s);\n", BIT_OUTS, k, e);
    free(e);
  }
  strbuf_append(&b, "}\n");
  return strbuf_take(&b);
}

static uint64_t bit_expect(int k, uint32_t x, uint32_t y, uint32_t s) {
  uint64_t w = (uint64_t)y << 32 | x;
  switch (k) {
  case 0:
    return (uint64_t)(int64_t)host_ffs64(x);
  case 1:
    return (uint64_t)host_ffs64(w);
  case 2:
    return host_brev64(x, 32);
  case 3:
    return host_brev64(w, 64);
  case 4:
    return host_byte_perm(x, y, s);
  case 5:
    return host_funnel(x, y, s, 1, 0);
  case 6:
    return host_funnel(x, y, s, 1, 1);
  case 7:
    return host_funnel(x, y, s, 0, 0);
  case 8:
    return host_funnel(x, y, s, 0, 1);
  case 9:
    return (uint64_t)__builtin_popcount(x);
  case 10:
    return x ? (uint64_t)__builtin_clz(x) : 32;
  default:
    return (uint64_t)__builtin_popcountll(w);
  }
}

START_TEST(test_bit_intrinsics) {
  enum { N = 256 };
  static cl_uint in[3 * N];
  static cl_ulong out[BIT_OUTS * N];
  uint32_t seed = 12345;
  for (int i = 0; i < 3 * N; i++) {
    seed = seed * 1664525u + 1013904223u;
    in[i] = seed;
  }
  /* edge cases: zero, single bits, all ones; shifts 0, 31, 32, 33, 40 */
  const uint32_t edge[][3] = {{0, 0, 0},
                              {1, 0, 31},
                              {0, 1, 32},
                              {0x80000000u, 0, 33},
                              {~0u, ~0u, 40},
                              {0x10, 0x80000000u, 0x7654},
                              {0x12345678u, 0x9abcdef0u, 0x3210}};
  memcpy(in, edge, sizeof edge);
  char *src = bits_source();
  cl_program p = build_ok(src, "-cl-std=CL1.2");
  free(src);
  cl_mem ib = buffer(sizeof in, in), ob = buffer(sizeof out, out);
  run(p, "bits", N, 0, (cl_mem[]){ib, ob, NULL});
  read_back(ob, sizeof out, out);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < BIT_OUTS; k++) {
      uint64_t want = bit_expect(k, in[3 * i], in[3 * i + 1], in[3 * i + 2]);
      ck_assert_msg(out[BIT_OUTS * i + k] == want,
                    "bit op %d on (%#x, %#x, %#x): got %#llx, want %#llx", k,
                    in[3 * i], in[3 * i + 1], in[3 * i + 2],
                    (unsigned long long)out[BIT_OUTS * i + k],
                    (unsigned long long)want);
    }
  clReleaseMemObject(ib);
  clReleaseMemObject(ob);
  clReleaseProgram(p);
}
END_TEST

/* ---- Core: vector structs keep CUDA's layout ----------------------------- */

START_TEST(test_vector_struct_layout) {
  static const char *const types[] = {"char",  "uchar", "short", "ushort",
                                      "int",   "uint",  "long",  "ulong",
                                      "float", "double"};
  static const int elem[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};
  enum { T = sizeof types / sizeof types[0] };
  strbuf b = {0};
  strbuf_append(&b, "kernel void layout(global int *o) {\n");
  for (int i = 0; i < T; i++)
    strbuf_printf(&b,
                  "  o[%d] = sizeof(cu2cl_%s1); o[%d] = sizeof(cu2cl_%s3);\n"
                  "  o[%d] = __alignof__(cu2cl_%s3);\n"
                  "  o[%d] = (int)cu2cl_make_%s3(1, 2, 3).z;\n"
                  "  o[%d] = (int)cu2cl_make_%s1(7).x;\n",
                  5 * i, types[i], 5 * i + 1, types[i], 5 * i + 2, types[i],
                  5 * i + 3, types[i], 5 * i + 4, types[i]);
  strbuf_append(&b, "}\n");
  cl_program p = build_ok(strbuf_cstr(&b), "-cl-std=CL1.2 " FEATURES);
  strbuf_free(&b);
  static cl_int o[5 * T];
  cl_mem ob = buffer(sizeof o, o);
  run(p, "layout", 1, 1, (cl_mem[]){ob, NULL});
  read_back(ob, sizeof o, o);
  for (int i = 0; i < T; i++) {
    ck_assert_msg(o[5 * i] == elem[i], "sizeof(cu2cl_%s1)", types[i]);
    ck_assert_msg(o[5 * i + 1] == 3 * elem[i], "sizeof(cu2cl_%s3)", types[i]);
    ck_assert_msg(o[5 * i + 2] == elem[i], "alignof(cu2cl_%s3)", types[i]);
    ck_assert_int_eq(o[5 * i + 3], 3);
    ck_assert_int_eq(o[5 * i + 4], 7);
  }
  clReleaseMemObject(ob);
  clReleaseProgram(p);
}
END_TEST

/* ---- Core: rows evaluated on edge cases ---------------------------------- */

/* One row applied to arguments; F(), I(), U(), L(), UL(), D() wrap literals
 * in run-time values (adding a zero read from memory) so the device, not
 * the compiler's constant folder, computes the result. */
typedef struct value_check {
  const char *name, *sig;
  const char *args[4];
  const char *suffix; /* appended to the call, e.g. ".y" */
  char kind;          /* 'i': integer result, 'f': floating */
  long long want_i;
  double want_f, tol;
} value_check;

static const value_check value_checks[] = {
    {"__float2int_rn", "float", {"F(2.5f)"}, "", 'i', 2, 0, 0},
    {"__float2int_rn", "float", {"F(3.5f)"}, "", 'i', 4, 0, 0},
    /* NaN -> 0 is checked on the directed forms only: PoCL 3.1 crashes on
     * rint(NaN) and convert_*_rte(NaN), a bug of that PoCL version. */
    {"__float2int_rz", "float", {"F(NAN)"}, "", 'i', 0, 0, 0},
    {"__float2uint_ru", "float", {"F(NAN)"}, "", 'i', 0, 0, 0},
    {"__double2ll_rd", "double", {"D(NAN)"}, "", 'i', 0, 0, 0},
    {"__float2int_rn", "float", {"F(3e9f)"}, "", 'i', INT32_MAX, 0, 0},
    {"__float2int_rn", "float", {"F(-3e9f)"}, "", 'i', INT32_MIN, 0, 0},
    {"__float2int_rz", "float", {"F(-2.7f)"}, "", 'i', -2, 0, 0},
    {"__float2int_ru", "float", {"F(2.1f)"}, "", 'i', 3, 0, 0},
    {"__float2int_rd", "float", {"F(-2.1f)"}, "", 'i', -3, 0, 0},
    {"__float2uint_rn", "float", {"F(-5.0f)"}, "", 'i', 0, 0, 0},
    {"__float2uint_rn", "float", {"F(5e9f)"}, "", 'i', UINT32_MAX, 0, 0},
    {"__float2ll_rn", "float", {"F(1e19f)"}, "", 'i', INT64_MAX, 0, 0},
    {"__double2int_rn", "double", {"D(2.5)"}, "", 'i', 2, 0, 0},
    {"__double2uint_rz", "double", {"D(3.9)"}, "", 'i', 3, 0, 0},
    {"__double2ll_rd", "double", {"D(-0.5)"}, "", 'i', -1, 0, 0},
    {"__int2float_rz", "int", {"I(16777217)"}, "", 'f', 0, 16777216.0, 0},
    {"__int2float_ru", "int", {"I(16777217)"}, "", 'f', 0, 16777218.0, 0},
    {"__uint2float_rn",
     "unsigned int",
     {"U(4294967295u)"},
     "",
     'f',
     0,
     4294967296.0,
     0},
    {"__double2float_rz", "double", {"D(1.0000001)"}, "", 'f', 0, 1.0, 0},
    {"__double2float_ru",
     "double",
     {"D(1.00000001)"},
     "",
     'f',
     0,
     1.00000011920928955,
     0},
    {"__saturatef", "float", {"F(NAN)"}, "", 'f', 0, 0.0, 0},
    {"__saturatef", "float", {"F(2.0f)"}, "", 'f', 0, 1.0, 0},
    {"__saturatef", "float", {"F(-1.0f)"}, "", 'f', 0, 0.0, 0},
    {"__saturatef", "float", {"F(0.25f)"}, "", 'f', 0, 0.25, 0},
    {"max", "int, unsigned int", {"I(-1)", "U(1)"}, "", 'i', UINT32_MAX, 0, 0},
    {"min", "int, unsigned int", {"I(-1)", "U(1)"}, "", 'i', 1, 0, 0},
    {"max", "int, int", {"I(-1)", "I(1)"}, "", 'i', 1, 0, 0},
    {"min",
     "long long, unsigned long long",
     {"L(-1)", "UL(5)"},
     "",
     'i',
     5,
     0,
     0},
    {"min", "float, float", {"F(NAN)", "F(1.0f)"}, "", 'f', 0, 1.0, 0},
    {"max",
     "float, double",
     {"F(0.1f)", "D(0.1)"},
     "",
     'f',
     0,
     (double)0.1f,
     0},
    {"abs", "int", {"I(-5)"}, "", 'i', 5, 0, 0},
    {"llabs", "long long", {"L(-5)"}, "", 'i', 5, 0, 0},
    {"abs", "float", {"F(-2.5f)"}, "", 'f', 0, 2.5, 0},
    {"umin", "unsigned int, unsigned int", {"U(3)", "U(7)"}, "", 'i', 3, 0, 0},
    {"llmax", "long long, long long", {"L(-3)", "L(2)"}, "", 'i', 2, 0, 0},
    {"__popc", "unsigned int", {"U(0xF0F0F0F0u)"}, "", 'i', 16, 0, 0},
    {"__clz", "int", {"I(0)"}, "", 'i', 32, 0, 0},
    {"__clzll", "long long", {"L(1)"}, "", 'i', 63, 0, 0},
    {"__popcll", "unsigned long long", {"UL(~0ul)"}, "", 'i', 64, 0, 0},
    {"__float_as_int", "float", {"F(1.0f)"}, "", 'i', 0x3f800000, 0, 0},
    {"__float_as_uint", "float", {"F(-0.0f)"}, "", 'i', 0x80000000u, 0, 0},
    {"__int_as_float", "int", {"I(0x40000000)"}, "", 'f', 0, 2.0, 0},
    {"__double_as_longlong",
     "double",
     {"D(1.0)"},
     "",
     'i',
     0x3ff0000000000000LL,
     0,
     0},
    {"__longlong_as_double",
     "long long",
     {"L(0x4000000000000000L)"},
     "",
     'f',
     0,
     2.0,
     0},
    {"__double2hiint", "double", {"D(1.0)"}, "", 'i', 0x3ff00000, 0, 0},
    {"__double2loint", "double", {"D(1.0)"}, "", 'i', 0, 0, 0},
    {"__hiloint2double",
     "int, int",
     {"I(0x3ff00000)", "I(0)"},
     "",
     'f',
     0,
     1.0,
     0},
    {"rcbrtf", "float", {"F(8.0f)"}, "", 'f', 0, 0.5, 1e-6},
    {"rcbrtf", "float", {"F(-8.0f)"}, "", 'f', 0, -0.5, 1e-6},
    {"normcdff", "float", {"F(0.0f)"}, "", 'f', 0, 0.5, 1e-6},
    {"normcdf", "double", {"D(1.0)"}, "", 'f', 0, 0.841344746068543, 1e-12},
    {"rhypotf", "float, float", {"F(3.0f)", "F(4.0f)"}, "", 'f', 0, 0.2, 1e-6},
    {"norm3df",
     "float, float, float",
     {"F(1.0f)", "F(2.0f)", "F(2.0f)"},
     "",
     'f',
     0,
     3.0,
     1e-6},
    {"rnorm4d",
     "double, double, double, double",
     {"D(1.0)", "D(1.0)", "D(1.0)", "D(1.0)"},
     "",
     'f',
     0,
     0.5,
     1e-15},
    {"lrintf", "float", {"F(2.5f)"}, "", 'i', 2, 0, 0},
    {"llroundf", "float", {"F(2.5f)"}, "", 'i', 3, 0, 0},
    {"lroundf", "float", {"F(-2.5f)"}, "", 'i', -3, 0, 0},
    {"llrint", "double", {"D(-3.5)"}, "", 'i', -4, 0, 0},
    {"__isnanf", "float", {"nan(0u)"}, "", 'i', 1, 0, 0},
    {"isinf", "float", {"F(INFINITY)"}, "", 'i', 1, 0, 0},
    {"signbit", "float", {"F(-0.0f)"}, "", 'i', 1, 0, 0},
    {"scalbnf", "float, int", {"F(1.0f)", "I(3)"}, "", 'f', 0, 8.0, 0},
    {"scalblnf",
     "float, long",
     {"F(1.0f)", "L(100000)"},
     "",
     'f',
     0,
     INFINITY,
     0},
    {"__fdividef",
     "float, float",
     {"F(1.0f)", "F(4.0f)"},
     "",
     'f',
     0,
     0.25,
     1e-6},
    {"__expf", "float", {"F(1.0f)"}, "", 'f', 0, 2.718281828, 1e-4},
    {"__powf",
     "float, float",
     {"F(2.0f)", "F(10.0f)"},
     "",
     'f',
     0,
     1024.0,
     0.1},
    {"exp10f", "float", {"F(2.0f)"}, "", 'f', 0, 100.0, 1e-4},
    {"sinpif", "float", {"F(0.5f)"}, "", 'f', 0, 1.0, 0},
    {"__mul24", "int, int", {"I(-1000)", "I(1000)"}, "", 'i', -1000000, 0, 0},
    {"__sad",
     "int, int, unsigned int",
     {"I(1)", "I(-5)", "U(10)"},
     "",
     'i',
     16,
     0,
     0},
    {"__hadd",
     "int, int",
     {"I(INT_MAX)", "I(INT_MAX)"},
     "",
     'i',
     INT32_MAX,
     0,
     0},
    {"__rhadd", "int, int", {"I(1)", "I(2)"}, "", 'i', 2, 0, 0},
    {"__uhadd",
     "unsigned int, unsigned int",
     {"U(UINT_MAX)", "U(UINT_MAX)"},
     "",
     'i',
     UINT32_MAX,
     0,
     0},
    {"__mulhi", "int, int", {"I(0x40000000)", "I(-8)"}, "", 'i', -2, 0, 0},
    {"__umulhi",
     "unsigned int, unsigned int",
     {"U(~0u)", "U(~0u)"},
     "",
     'i',
     0xFFFFFFFEu,
     0,
     0},
    {"__umul64hi",
     "unsigned long long, unsigned long long",
     {"UL(~0ul)", "UL(2)"},
     "",
     'i',
     1,
     0,
     0},
    {"__mul64hi", "long long, long long", {"L(-1)", "L(1)"}, "", 'i', -1, 0, 0},
    {"make_float2",
     "float, float",
     {"F(1.0f)", "F(2.0f)"},
     ".y",
     'f',
     0,
     2.0,
     0},
    {"make_float3",
     "float, float, float",
     {"F(1.0f)", "F(2.0f)", "F(3.0f)"},
     ".z",
     'f',
     0,
     3.0,
     0},
    {"make_uchar4",
     "unsigned char, unsigned char, unsigned char, unsigned char",
     {"U(1)", "U(2)", "U(3)", "U(250)"},
     ".w",
     'i',
     250,
     0,
     0},
    {"make_longlong2",
     "long long, long long",
     {"L(1)", "L(-1L << 40)"},
     ".y",
     'i',
     -(1LL << 40),
     0,
     0},
    {"make_int1", "int", {"I(7)"}, ".x", 'i', 7, 0, 0},
};
#define NCHECKS (sizeof value_checks / sizeof value_checks[0])

static char *value_source(void) {
  strbuf b = {0};
  strbuf_append(&b,
                "kernel void values(global const float *in, global long *oi,"
                " global double *of) {\n"
                "  float fz = in[0]; /* -0.0f: x + -0.0f == x for every x */\n"
                "#define F(x) ((float)(x) + fz)\n"
                "#define D(x) ((double)(x) + (double)fz)\n"
                "#define I(x) ((int)(x) + (int)fz)\n"
                "#define U(x) ((uint)(x) + (uint)fz)\n"
                "#define L(x) ((long)(x) + (long)fz)\n"
                "#define UL(x) ((ulong)(x) + (ulong)fz)\n");
  for (size_t i = 0; i < NCHECKS; i++) {
    const value_check *c = &value_checks[i];
    char *e = expand(c->name, c->sig, c->args, sig_arity(c->sig), "global");
    strbuf_printf(&b, "  %s[%zu] = (%s)((%s)%s);\n",
                  c->kind == 'i' ? "oi" : "of", i,
                  c->kind == 'i' ? "long" : "double", e, c->suffix);
    free(e);
  }
  strbuf_append(&b, "}\n");
  return strbuf_take(&b);
}

START_TEST(test_row_values) {
  char *src = value_source();
  cl_program p = build_ok(src, "-cl-std=CL1.2 " FEATURES);
  free(src);
  float in = -0.0f;
  static cl_long oi[NCHECKS];
  static double of[NCHECKS];
  cl_mem ib = buffer(sizeof in, &in), ob = buffer(sizeof oi, oi),
         fb = buffer(sizeof of, of);
  run(p, "values", 1, 1, (cl_mem[]){ib, ob, fb, NULL});
  read_back(ob, sizeof oi, oi);
  read_back(fb, sizeof of, of);
  for (size_t i = 0; i < NCHECKS; i++) {
    const value_check *c = &value_checks[i];
    if (c->kind == 'i')
      ck_assert_msg(oi[i] == c->want_i, "%s(%s) on %s: got %lld, want %lld",
                    c->name, c->sig, c->args[0], (long long)oi[i], c->want_i);
    else
      ck_assert_msg(of[i] == c->want_f || fabs(of[i] - c->want_f) <= c->tol,
                    "%s(%s) on %s: got %.17g, want %.17g", c->name, c->sig,
                    c->args[0], of[i], c->want_f);
  }
  clReleaseMemObject(ib);
  clReleaseMemObject(ob);
  clReleaseMemObject(fb);
  clReleaseProgram(p);
}
END_TEST

/* ---- Core: bfloat16 rounding (prelude_bf16.cl) --------------------------- */

static float float_of_bits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

/* bfloat16 bits of f in mode m (0 nearest even, 1 toward zero, 2 up, 3
 * down), chosen between the two neighbours by their distance in double */
static unsigned ref_bf16(float f, int m) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  if (isnan(f))
    return 0x7fff;
  unsigned r = u >> 16; /* the neighbour toward zero; r + 1 away from it */
  double x = f, t = float_of_bits(r << 16);
  double a = (r & 0x7fff) == 0x7f7f ? copysign(ldexp(1.0, 128), x)
                                    : (double)float_of_bits((r + 1) << 16);
  if (t == x)
    return r;
  if (m == 1)
    return r;
  if (m == 2 || m == 3)
    return (m == 2) == (x > 0) ? r + 1 : r;
  double dt = fabs(x - t), da = fabs(a - x);
  return dt < da ? r : da < dt ? r + 1 : (r & 1) ? r + 1 : r;
}

START_TEST(test_bf16_rounding) {
  enum { N = 1024 };
  static const uint32_t edges[] = {
      0x3f800000, 0x3f808000, 0x3f818000, 0x3f808001, 0xbf808000, 0xbf818001,
      0x7f7fffff, 0xff7fffff, 0x7f7f8000, 0x7f7effff, 0x7f800000, 0xff800000,
      0x7fc00000, 0xffc00001, 0x7f800001, 0x00000001, 0x00008000, 0x00018000,
      0x80008001, 0x80000000, 0x00000000, 0x007fffff, 0x00800000, 0x3f7fffff};
  static float in[N];
  static cl_ushort out[4 * N];
  size_t ne = sizeof edges / sizeof edges[0];
  uint32_t s = 7;
  for (size_t i = 0; i < N; i++) {
    s = s * 1664525u + 1013904223u;
    in[i] = float_of_bits(i < ne ? edges[i] : s);
  }
  cl_program p =
      build_ok("kernel void r(global const float *in, global ushort *out) {\n"
               "  size_t i = get_global_id(0), n = get_global_size(0);\n"
               "  out[i] = cu2cl_float2bf16_rn(in[i]).x;\n"
               "  out[n + i] = cu2cl_float2bf16_rz(in[i]).x;\n"
               "  out[2 * n + i] = cu2cl_float2bf16_ru(in[i]).x;\n"
               "  out[3 * n + i] = cu2cl_float2bf16_rd(in[i]).x;\n"
               "}\n",
               "-cl-std=CL1.2");
  cl_mem ib = buffer(sizeof in, in), ob = buffer(sizeof out, out);
  run(p, "r", N, 0, (cl_mem[]){ib, ob, NULL});
  read_back(ob, sizeof out, out);
  for (int m = 0; m < 4; m++)
    for (size_t i = 0; i < N; i++)
      ck_assert_msg(out[m * N + i] == ref_bf16(in[i], m),
                    "mode %d, %a (0x%08x): got 0x%04x, want 0x%04x", m,
                    (double)in[i], edges[i < ne ? i : 0], out[m * N + i],
                    ref_bf16(in[i], m));
  clReleaseMemObject(ib);
  clReleaseMemObject(ob);
  clReleaseProgram(p);
}
END_TEST

/* Integers round once: 2^24 + 2^16 + 1 lies above a bfloat16 tie that
 * float (24 bits) would round it onto. */
START_TEST(test_bf16_int_rounding) {
  cl_program p =
      build_ok("kernel void r(global ushort *out) {\n"
               "  int v = 0x01010001; long l = 0x10100000001l;\n"
               "  out[0] = cu2cl_int2bf16(v, 0).x;\n"
               "  out[1] = cu2cl_int2bf16(-v, 0).x;\n"
               "  out[2] = cu2cl_int2bf16(v, CU2CL_RZ).x;\n"
               "  out[3] = cu2cl_int2bf16(-v, CU2CL_RD).x;\n"
               "  out[4] = cu2cl_int2bf16(-v, CU2CL_RU).x;\n"
               "  out[5] = cu2cl_long2bf16(l, 0).x;\n"
               "  out[6] = cu2cl_ulong2bf16(0xffffffffffffffffUL, 0).x;\n"
               "  out[7] = cu2cl_uint2bf16(0u, 0).x;\n"
               "}\n",
               "-cl-std=CL1.2");
  static const cl_ushort want[8] = {0x4b81, 0xcb81, 0x4b80, 0xcb81,
                                    0xcb80, 0x5381, 0x5f80, 0x0000};
  cl_ushort out[8] = {0};
  cl_mem ob = buffer(sizeof out, out);
  run(p, "r", 1, 1, (cl_mem[]){ob, NULL});
  read_back(ob, sizeof out, out);
  for (int i = 0; i < 8; i++)
    ck_assert_msg(out[i] == want[i], "case %d: got 0x%04x, want 0x%04x", i,
                  out[i], want[i]);
  clReleaseMemObject(ob);
  clReleaseProgram(p);
}
END_TEST

/* sincosf / sincospif / __sincosf store through pointers in any space. */
START_TEST(test_sincos_pointers) {
  const char *pa[] = {"x", "(&s)", "(&c)"};
  const char *ga[] = {"x", "(out + 2)", "(out + 3)"};
  char *a = expand("sincosf", "float, float *, float *", pa, 3, "private");
  char *b = expand("sincospif", "float, float *, float *", ga, 3, "global");
  char *c = expand("__sincosf", "float, float *, float *", pa, 3, "private");
  char *src =
      xasprintf("kernel void sc(global const float *in, global float *out) {\n"
                "  float x = in[0], s, c;\n"
                "  %s;\n  out[0] = s; out[1] = c;\n  %s;\n"
                "  x = in[1];\n  %s;\n  out[4] = s; out[5] = c;\n}\n",
                a, b, c);
  free(a);
  free(b);
  free(c);
  cl_program p = build_ok(src, "-cl-std=CL1.2");
  free(src);
  float in[2] = {0.3f, 1.2f}, out[6] = {0};
  cl_mem ib = buffer(sizeof in, in), ob = buffer(sizeof out, out);
  run(p, "sc", 1, 1, (cl_mem[]){ib, ob, NULL});
  read_back(ob, sizeof out, out);
  const double pi = 3.14159265358979323846;
  ck_assert_double_eq_tol(out[0], sin(0.3f), 1e-6);
  ck_assert_double_eq_tol(out[1], cos(0.3f), 1e-6);
  ck_assert_double_eq_tol(out[2], sin(pi * 0.3f), 1e-6);
  ck_assert_double_eq_tol(out[3], cos(pi * 0.3f), 1e-6);
  ck_assert_double_eq_tol(out[4], sin(1.2f), 1e-5);
  ck_assert_double_eq_tol(out[5], cos(1.2f), 1e-5);
  clReleaseMemObject(ib);
  clReleaseMemObject(ob);
  clReleaseProgram(p);
}
END_TEST

/* ---- Core: fp8 conversions (prelude_fp8.cl) ----------------------------- */

/* the float of half bits h, from the definition */
static float half_bits_to_float(uint16_t h) {
  int e = (h >> 10) & 31, f = h & 0x3ff;
  float v = e == 31 ? (f ? NAN : INFINITY)
            : e     ? ldexpf(1.0f + ldexpf((float)f, -10), e - 15)
                    : ldexpf((float)f, -24);
  return h & 0x8000 ? -v : v;
}

/* The value of fp8 bits x (fmt 0: E4M3, 1: E5M2) as a double; NaN for
 * the NaNs, HUGE_VAL for E5M2's infinities. Decoded from the definition:
 * (-1)^s * 2^(E - bias) * 1.M, or 2^(1 - bias) * 0.M when E is 0. */
static double fp8_value(unsigned x, int fmt) {
  int m = fmt ? 2 : 3, b = fmt ? 15 : 7;
  unsigned e = (x & 0x7f) >> m, f = x & ((1u << m) - 1);
  double sign = x & 0x80 ? -1 : 1;
  if (fmt ? e == 31 && f : (x & 0x7f) == 0x7f)
    return NAN;
  if (fmt && e == 31)
    return sign * HUGE_VAL;
  return e ? sign * ldexp(1.0 + ldexp(f, -m), (int)e - b)
           : sign * ldexp(f, 1 - b - m);
}

/* fp8 bits of finite or infinite x by brute force: the nearest of the
 * finite values and of the next one above the largest (480 or 65536,
 * which stands for overflow), a tie to the even bits; overflow is the
 * largest finite (sat) or NaN 0x7f (E4M3), infinity (E5M2); NaN 0x7f. */
static unsigned ref_fp8(double x, int sat, int fmt) {
  unsigned maxfin = fmt ? 0x7b : 0x7e, best = 0;
  if (isnan(x))
    return 0x7f;
  double ax = fabs(x), bd = INFINITY;
  int over = ax >= (fmt ? 65536.0 : 480.0); /* beyond the stand-in */
  for (unsigned c = 0; c <= maxfin + 1 && !over; c++) {
    double v = c <= maxfin ? fp8_value(c, fmt) : (fmt ? 65536.0 : 480.0);
    double d = fabs(ax - v);
    if (d < bd || (d == bd && !(c & 1)))
      best = c, bd = d;
  }
  if (over || best > maxfin)
    best = sat ? maxfin : fmt ? 0x7c : 0x7f;
  return best | (signbit(x) ? 0x80u : 0u);
}

/* Every float pattern near the fp8 ranges (the ties, the subnormals of
 * both formats, the largest finite and overflow, infinities, NaN, -0),
 * every half and bfloat16, both formats, both saturation modes; and back:
 * every fp8 byte to float and half, exactly (NaN: 0x7fffffff, 0x7fff). */
START_TEST(test_fp8_conversions) {
  enum { NF = 2 * 64 * 256, N16 = 65536 };
  static float in[NF];
  static cl_uchar out[4 * NF], o16[8 * N16];
  static cl_uint back[2 * 256];
  static cl_ushort hback[2 * 256];
  for (uint32_t i = 0; i < NF; i++) { /* exponents 2^-26 .. 2^17, specials */
    uint32_t s = i >> 14, e = (i >> 8) & 63, m = i & 255;
    uint32_t ex = e == 0 ? 0 : e == 63 ? 255 : 100 + e;
    in[i] =
        float_of_bits(s << 31 | ex << 23 | m << 15 | (m & 7) << 12 | (m & 1));
  }
  cl_program p =
      build_ok("kernel void f(global const float *in, global uchar *out) {\n"
               "  size_t i = get_global_id(0), n = get_global_size(0);\n"
               "  for (int k = 0; k < 4; k++)\n"
               "    out[k * n + i] = cu2cl_float2fp8(in[i], k & 1, k >> 1);\n"
               "}\n"
               "kernel void h(global uchar *out) {\n"
               "  ushort u = (ushort)get_global_id(0);\n"
               "  cu2cl_half h = cu2cl_ushort_as_half(u);\n"
               "  cu2cl_bf16 b = cu2cl_ushort_as_bf16(u);\n"
               "  for (int k = 0; k < 4; k++) {\n"
               "    out[8 * u + k] = cu2cl_half2fp8(h, k & 1, k >> 1);\n"
               "    out[8 * u + 4 + k] = cu2cl_bf162fp8(b, k & 1, k >> 1);\n"
               "  }\n"
               "}\n"
               "kernel void b(global uint *out, global ushort *hout) {\n"
               "  uint x = get_global_id(0);\n"
               "  for (int k = 0; k < 2; k++) {\n"
               "    out[k * 256 + x] = cu2cl_fp82float_bits((uchar)x, k);\n"
               "    hout[k * 256 + x] = cu2cl_fp82half((uchar)x, k).x;\n"
               "  }\n"
               "}\n",
               "-cl-std=CL1.2");
  cl_mem ib = buffer(sizeof in, in), ob = buffer(sizeof out, out);
  cl_mem hb = buffer(sizeof o16, o16), bb = buffer(sizeof back, back);
  cl_mem hbb = buffer(sizeof hback, hback);
  run(p, "f", NF, 0, (cl_mem[]){ib, ob, NULL});
  run(p, "h", N16, 0, (cl_mem[]){hb, NULL});
  run(p, "b", 256, 0, (cl_mem[]){bb, hbb, NULL});
  read_back(ob, sizeof out, out);
  read_back(hb, sizeof o16, o16);
  read_back(bb, sizeof back, back);
  read_back(hbb, sizeof hback, hback);
  for (int k = 0; k < 4; k++)
    for (size_t i = 0; i < NF; i++)
      ck_assert_msg(out[k * NF + i] == ref_fp8(in[i], k & 1, k >> 1),
                    "float %a sat %d fmt %d: got 0x%02x, want 0x%02x",
                    (double)in[i], k & 1, k >> 1, out[k * NF + i],
                    ref_fp8(in[i], k & 1, k >> 1));
  for (uint32_t u = 0; u < N16; u++)
    for (int k = 0; k < 8; k++) {
      double x = k < 4 ? (double)half_bits_to_float((uint16_t)u)
                       : (double)float_of_bits(u << 16);
      unsigned want = ref_fp8(x, k & 1, (k >> 1) & 1);
      ck_assert_msg(o16[8 * u + k] == want,
                    "%s 0x%04x sat %d fmt %d: got 0x%02x, want 0x%02x",
                    k < 4 ? "half" : "bf16", u, k & 1, (k >> 1) & 1,
                    o16[8 * u + k], want);
    }
  for (int k = 0; k < 2; k++)
    for (unsigned x = 0; x < 256; x++) {
      double v = fp8_value(x, k);
      float got = float_of_bits(back[k * 256 + x]);
      if (isnan(v))
        ck_assert_uint_eq(back[k * 256 + x], 0x7fffffff);
      else
        ck_assert_msg((double)got == v && !signbit(got) == !signbit(v),
                      "fp8 0x%02x fmt %d: got %a, want %a", x, k, (double)got,
                      v);
      ck_assert_msg(
          isnan(v) ? hback[k * 256 + x] == 0x7fff
                   : half_bits_to_float(hback[k * 256 + x]) == got &&
                         !signbit(got) == !(hback[k * 256 + x] & 0x8000),
          "fp8 0x%02x fmt %d to half: 0x%04x", x, k, hback[k * 256 + x]);
    }
  clReleaseMemObject(ib);
  clReleaseMemObject(ob);
  clReleaseMemObject(hb);
  clReleaseMemObject(bb);
  clReleaseMemObject(hbb);
  clReleaseProgram(p);
}
END_TEST

/* ---- Core: complex numbers (prelude_complex.cl) -------------------------- */

/* cuComplex.h's arithmetic as nvcc 13 compiles it for the GPU (the
 * multiply-adds it fuses are fma, nothing else is fused): from v = x, y, d
 * (re, im each), o = x * y, x / y, cuCfma(x, y, d) (re, im each), |x|. */
static void ref_complexf(const float *v, float *o) {
  float oos = 1.0f / (fabsf(v[2]) + fabsf(v[3]));
  float ars = v[0] * oos, ais = v[1] * oos, brs = v[2] * oos, bis = v[3] * oos;
  oos = 1.0f / fmaf(brs, brs, bis * bis);
  float a = fabsf(v[0]), b = fabsf(v[1]), m = a > b ? a : b, w = a > b ? b : a;
  float t = w / m;
  o[0] = fmaf(v[0], v[2], -(v[1] * v[3]));
  o[1] = fmaf(v[0], v[3], v[1] * v[2]);
  o[2] = fmaf(ars, brs, ais * bis) * oos;
  o[3] = fmaf(ais, brs, -(ars * bis)) * oos;
  o[4] = fmaf(-v[1], v[3], fmaf(v[0], v[2], v[4]));
  o[5] = fmaf(v[1], v[2], fmaf(v[0], v[3], v[5]));
  o[6] = m == 0.0f || m > FLT_MAX || w > FLT_MAX ? m + w
                                                 : m * sqrtf(fmaf(t, t, 1.0f));
}

static void ref_complex(const double *v, double *o) {
  double oos = 1.0 / (fabs(v[2]) + fabs(v[3]));
  double ars = v[0] * oos, ais = v[1] * oos, brs = v[2] * oos, bis = v[3] * oos;
  oos = 1.0 / fma(brs, brs, bis * bis);
  double a = fabs(v[0]), b = fabs(v[1]), m = a > b ? a : b, w = a > b ? b : a;
  double t = w / m;
  o[0] = fma(v[0], v[2], -(v[1] * v[3]));
  o[1] = fma(v[0], v[3], v[1] * v[2]);
  o[2] = fma(ars, brs, ais * bis) * oos;
  o[3] = fma(ais, brs, -(ars * bis)) * oos;
  o[4] = fma(-v[1], v[3], fma(v[0], v[2], v[4]));
  o[5] = fma(v[1], v[2], fma(v[0], v[3], v[5]));
  o[6] =
      m == 0.0 || m > DBL_MAX || w > DBL_MAX ? m + w : m * sqrt(fma(t, t, 1.0));
}

/* Results of CUDA 13 on an H200 (nvcc -O3, sm_90) that an unfused
 * computation misses: x, y, d; the first output compared; its values. */
typedef struct complex_case {
  double in[6];
  int out, n;
  double want[2];
} complex_case;

static const complex_case complex_h200_float[] = {
    {{0x1.9c5708p-7, -0x1.5808c8p-10, -0x1.efe888p-5, 0x1.881284p-6},
     0,
     2,
     {-0x1.7eea36p-11, 0x1.8f0fbap-12}},
    {{-0x1.7b4622p+1, -0x1.ef88c4p+4, 0x1.58adbcp+3, 0x1.08f3bcp-9},
     2,
     2,
     {-0x1.1a3f4ap-2, -0x1.700976p+1}},
    {{0x1.f5d63ep-9, -0x1.0ad564p+2, 0x1.31a67cp-1, -0x1.29f524p+1,
      0x1.f06f8ep-8, 0x1.7b19c4p-111},
     4,
     2,
     {-0x1.36404ep+3, -0x1.3fb9cep+1}},
    {{-0x1.1f985p+3, 0x1.d845ccp+2}, 6, 1, {0x1.741e04p+3}},
};

static const complex_case complex_h200_double[] = {
    {{-0x1.3738206551828p+7, -0x1.919239701e978p+0, 0x1.3b847c1ae87d3p+2,
      0x1.6b3d6f958e359p+7},
     0,
     2,
     {-0x1.e240e431358afp+8, -0x1.b9b634e2754b5p+14}},
    {{0x1.27bff461e61e1p-1, 0x1.0fb780c19cecdp+2, 0x1.33c36c1bd240bp-4,
      -0x1.1024db5e8307p-10},
     2,
     2,
     {0x1.b9f71930888f1p+2, 0x1.c4cbb1cdc5aedp+5}},
    {{0x1.604a9d4cc34fcp+4, -0x1.6b6a0442878bep+1, -0x1.a4e811634fc6ep+3,
      -0x1.4c3a2a3908eb8p+8, 0x1.0ba5bed2e4fcep-3, 0x1.6d31e2369fb06p-1018},
     4,
     2,
     {-0x1.342ee3439a755p+10, -0x1.c6db4ba22b598p+12}},
    {{-0x1.7d2a7dd3ba5a8p+5, 0x1.8f114e17cc7e5p+4},
     6,
     1,
     {0x1.ae3be37d79571p+5}},
};
#define NCOMPLEX_H200 4
#define NCOMPLEX 4096

/* Operands for the complex helpers: any bits, special values, magnitudes
 * up to the ends of the range (where the quotient and the absolute value
 * rescale) and ordinary ones. */
static double complex_operand(uint64_t *s, int dbl) {
  static const double special[] = {0.0, -0.0, INFINITY,       -INFINITY,
                                   NAN, 1.0,  0x1.fffffep127, 0x1p-149};
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  uint64_t r = *s;
  if (r % 8 == 0) { /* any bits */
    uint32_t u = (uint32_t)(r >> 16);
    float f;
    double d;
    memcpy(&f, &u, sizeof f);
    memcpy(&d, &r, sizeof d);
    return dbl ? d : f;
  }
  if (r % 8 == 1)
    return special[(r >> 8) % 8];
  int e = dbl ? (int)((r >> 8) % 2100) - 1075 : (int)((r >> 8) % 290) - 150;
  if (r % 8 > 3)
    e = (int)((r >> 8) % 24) - 12;
  double v = ldexp(1.0 + (double)(r >> 40) * 0x1p-24, e);
  v = (r >> 32) & 1 ? -v : v;
  return dbl ? v : (float)v;
}

/* Element i of a float or double buffer, as a double. */
static double complex_elem(const void *buf, size_t i, int dbl) {
  return dbl ? ((const double *)buf)[i] : ((const float *)buf)[i];
}

/* The rows of device_complex.def as the translator prints them, over
 * NCOMPLEX operand sets (the H200's first): the H200's results, and
 * ref_complex*'s for all (the same bits; any NaN for a NaN). Without
 * correctly rounded float division and sqrt (exact 0) the float quotient
 * and absolute value are not compared. */
static void check_complex_rows(int dbl, int exact) {
  const complex_case *h200 = dbl ? complex_h200_double : complex_h200_float;
  const char *t = dbl ? "double" : "float", *f = dbl ? "" : "f";
  const char *xy[] = {"x", "y", "d"};
  char *s1 = xasprintf("%s2", t), *s2 = xasprintf("%s2, %s2", t, t),
       *s3 = xasprintf("%s2, %s2, %s2", t, t, t);
  char *n[4] = {xasprintf("cuCmul%s", f), xasprintf("cuCdiv%s", f),
                xasprintf("cuCfma%s", f), xasprintf("cuCabs%s", f)};
  char *e[4] = {
      expand(n[0], s2, xy, 2, "global"), expand(n[1], s2, xy, 2, "global"),
      expand(n[2], s3, xy, 3, "global"), expand(n[3], s1, xy, 1, "global")};
  char *src =
      xasprintf("kernel void cplx(global const %s2 *in, global %s *out) {\n"
                "  size_t i = get_global_id(0);\n"
                "  %s2 x = in[3 * i], y = in[3 * i + 1], d = in[3 * i + 2];\n"
                "  %s2 m = %s, q = %s, f = %s;\n  global %s *o = out + 7 * i;\n"
                "  o[0] = m.x, o[1] = m.y, o[2] = q.x, o[3] = q.y;\n"
                "  o[4] = f.x, o[5] = f.y, o[6] = %s;\n}\n",
                t, t, t, t, e[0], e[1], e[2], t, e[3]);
  cl_program p = build_ok(src, exact ? "-cl-std=CL1.2 " FEATURES
                                       " -cl-fp32-correctly-rounded-divide-sqrt"
                                     : "-cl-std=CL1.2 " FEATURES);
  size_t es = dbl ? sizeof(double) : sizeof(float);
  void *in = xcalloc(NCOMPLEX * 6, es), *out = xcalloc(NCOMPLEX * 7, es);
  uint64_t seed = 0x9e3779b97f4a7c15u;
  for (size_t i = 0; i < NCOMPLEX * 6; i++) {
    double v = i < NCOMPLEX_H200 * 6 ? h200[i / 6].in[i % 6]
                                     : complex_operand(&seed, dbl);
    if (dbl)
      ((double *)in)[i] = v;
    else
      ((float *)in)[i] = (float)v;
  }
  cl_mem ib = buffer(NCOMPLEX * 6 * es, in),
         ob = buffer(NCOMPLEX * 7 * es, out);
  run(p, "cplx", NCOMPLEX, 1, (cl_mem[]){ib, ob, NULL});
  read_back(ob, NCOMPLEX * 7 * es, out);
  static const char *const what[] = {"x*y re", "x*y im", "x/y re", "x/y im",
                                     "fma re", "fma im", "|x|"};
  for (size_t i = 0; i < NCOMPLEX; i++) {
    double v[6], want[7];
    float vf[6], wf[7];
    for (int k = 0; k < 6; k++)
      vf[k] = (float)(v[k] = complex_elem(in, 6 * i + k, dbl));
    if (dbl) {
      ref_complex(v, want);
    } else {
      ref_complexf(vf, wf);
      for (int k = 0; k < 7; k++)
        want[k] = wf[k];
    }
    for (int k = 0; i < NCOMPLEX_H200 && k < h200[i].n; k++)
      want[h200[i].out + k] = h200[i].want[k]; /* CUDA's own results */
    for (int k = 0; k < 7; k++) {
      double got = complex_elem(out, 7 * i + k, dbl);
      if (!dbl && !exact && (k == 2 || k == 3 || k == 6))
        continue;
      ck_assert_msg(got == want[k] ? signbit(got) == signbit(want[k])
                                   : isnan(got) && isnan(want[k]),
                    "%s %s of (%a, %a), (%a, %a), (%a, %a): got %a, want %a", t,
                    what[k], v[0], v[1], v[2], v[3], v[4], v[5], got, want[k]);
    }
  }
  clReleaseMemObject(ib);
  clReleaseMemObject(ob);
  clReleaseProgram(p);
  for (int k = 0; k < 4; k++)
    free(n[k]), free(e[k]);
  free(in), free(out), free(src), free(s1), free(s2), free(s3);
}

START_TEST(test_complex_matches_cuda) {
  cl_device_fp_config fp = 0;
  clGetDeviceInfo(dev, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL);
  int exact = (fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
  if (!exact)
    fprintf(stderr, "check_prelude: float division is not correctly rounded "
                    "here; cuCdivf and cuCabsf are not compared\n");
  check_complex_rows(0, exact);
  check_complex_rows(1, exact);
}
END_TEST

/* __fmul_rn(a, b) + c and __fadd_rn(a * b, c) must round the product:
 * with a = 1 + 2^-12, a * a rounds to 1 + 2^-11, so the sum with
 * -(1 + 2^-11) is 0 exactly, while a fused multiply-add gives 2^-24. */
START_TEST(test_rn_arithmetic_not_contracted) {
  const float a = 1.0f + 0x1p-12f, c = -(1.0f + 0x1p-11f);
  ck_assert_float_eq(fmaf(a, a, c), 0x1p-24f); /* the test can fail */
  const char *ma[] = {"a", "a"}, *aa[] = {"a * a", "c"};
  char *m = expand("__fmul_rn", "float, float", ma, 2, "global");
  char *s = expand("__fadd_rn", "float, float", aa, 2, "global");
  char *src =
      xasprintf("kernel void rn(global const float *in, global float *out) {\n"
                "  float a = in[0], c = in[1];\n"
                "  out[0] = %s + c;\n  out[1] = %s;\n}\n",
                m, s);
  free(m);
  free(s);
  cl_program p = build_ok(src, "-cl-std=CL1.2");
  free(src);
  float in[2] = {a, c}, out[2] = {1, 1};
  cl_mem ib = buffer(sizeof in, in), ob = buffer(sizeof out, out);
  run(p, "rn", 1, 1, (cl_mem[]){ib, ob, NULL});
  read_back(ob, sizeof out, out);
  ck_assert_float_eq(out[0], 0.0f);
  ck_assert_float_eq(out[1], 0.0f);
  clReleaseMemObject(ib);
  clReleaseMemObject(ob);
  clReleaseProgram(p);
}
END_TEST

/* ---- Core: explicit signatures exist in the CUDA toolkit ----------------- */

/* "name(sig)" of every function the toolkit's headers declare, as the
 * translator's matcher sees it (top-level const dropped). */
static char *decl_key(CXCursor c) {
  strbuf b = {0};
  CXString n = clang_getCursorSpelling(c);
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl) { /* a member */
    CXString cls = clang_getCursorSpelling(clang_getCursorSemanticParent(c));
    strbuf_printf(&b, "%s::", clang_getCString(cls));
    clang_disposeString(cls);
  }
  strbuf_printf(&b, "%s(", clang_getCString(n));
  clang_disposeString(n);
  int na = clang_Cursor_getNumArguments(c);
  for (int i = 0; i < na; i++) {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(c, (unsigned)i)));
    CXString s = clang_getTypeSpelling(t);
    const char *p = clang_getCString(s);
    size_t len = strlen(p);
    if (!strchr(p, '*') && !strchr(p, '&') && str_starts_with(p, "const "))
      p += 6, len -= 6;
    else if (str_ends_with(p, " *const"))
      len -= 5;
    strbuf_printf(&b, "%s%.*s", i ? ", " : "", (int)len, p);
    clang_disposeString(s);
  }
  strbuf_append(&b, ")");
  return strbuf_take(&b);
}

static enum CXChildVisitResult collect_decl(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_Namespace:
  case CXCursor_LinkageSpec:
  case CXCursor_UnexposedDecl:
    return CXChildVisit_Recurse;
  case CXCursor_StructDecl: /* the members of cuda_fp16.h's, bf16.h's */
    return CXChildVisit_Recurse;
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_Constructor:
  case CXCursor_ConversionFunction:
    strvec_push_own(data, decl_key(c));
    return CXChildVisit_Continue;
  default:
    return CXChildVisit_Continue;
  }
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(test_signatures_match_toolkit) {
  if (!path_exists(CUDA_HEADER)) {
    fprintf(stderr, "check_prelude: no CUDA toolkit, signatures not checked\n");
    return;
  }
  const char *args[] = {"-x",
                        "cuda",
                        "--cuda-host-only",
                        "--cuda-path=/usr/local/cuda",
                        "--cuda-gpu-arch=sm_80",
                        "-Wno-unknown-cuda-version"};
  const char *probe = "#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n"
                      "#include <cuda_fp8.h>\n#include <cuComplex.h>\n";
  struct CXUnsavedFile f = {"probe.cu", probe, (unsigned long)strlen(probe)};
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = clang_parseTranslationUnit(
      idx, "probe.cu", args, 6, &f, 1, CXTranslationUnit_SkipFunctionBodies);
  ck_assert_msg(tu != NULL, "libclang cannot parse the CUDA headers");
  strvec decls = {0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_decl, &decls);
  qsort(decls.items, decls.len, sizeof *decls.items, cmp_str);
  ck_assert_uint_gt(decls.len, 1000);
  strbuf missing = {0};
  for (size_t i = 0; i < NROWS; i++) {
    /* __syncthreads is a clang builtin: declared implicitly, in no header */
    if (!strcmp(rows[i].sig, "*") || !strcmp(rows[i].name, "__syncthreads"))
      continue;
    char *key = xasprintf("%s(%s)", rows[i].name, rows[i].sig);
    if (!bsearch(&key, decls.items, decls.len, sizeof *decls.items, cmp_str))
      strbuf_printf(&missing, "  %s\n", key);
    free(key);
  }
  ck_assert_msg(missing.len == 0, "rows matching no toolkit declaration:\n%s",
                strbuf_cstr(&missing));
  strbuf_free(&missing);
  strvec_free(&decls);
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
}
END_TEST

/* ---- Errors ----------------------------------------------------------------
 */

/* Without the 64-bit atomics macro the double helper does not exist: the
 * build fails and names it, rather than computing something else. */
START_TEST(test_double_atomic_needs_feature_macros) {
  const char *a[] = {"p", "1.0"};
  char *e = expand("atomicAdd", "double *, double", a, 2, "global");
  char *src = xasprintf("kernel void k(global double *p) { %s; }\n", e);
  char *log = NULL;
  cl_program p = build(src, "-cl-std=CL1.2 -DCU2CL_DEVICE_HAS_FP64=1", &log);
  ck_assert_msg(p == NULL, "built without CU2CL_DEVICE_HAS_INT64_ATOMICS");
  ck_assert_msg(strstr(log, "cu2cl_atomic_add_double_global") != NULL,
                "log does not name the helper:\n%s", log);
  free(log);
  free(src);
  free(e);
}
END_TEST

/* Placeholders a template may use given its row's signature. */
static void check_placeholders(const row *r, strbuf *bad) {
  int explicit_sig = strcmp(r->sig, "*") != 0;
  int n = sig_arity(r->sig) + is_method_row(r->name);
  for (const char *p = r->ocl; (p = strchr(p, '$')); p++) {
    char k = p[1];
    int has_kind = k == 'A' || k == 'T';
    char d = p[1 + has_kind];
    if (k == '@' || k == 'R')
      continue;
    if (d < '0' || d > '9') {
      strbuf_printf(bad, "  %s(%s): stray '$'\n", r->name, r->sig);
      continue;
    }
    if (explicit_sig && d - '0' >= n)
      strbuf_printf(bad, "  %s(%s): $%d beyond the parameters\n", r->name,
                    r->sig, d - '0');
  }
}

/* A parameter "const T" (not a pointer, not a reference): the matcher
 * drops such a const, so a row spelling it would never match. */
static int has_top_level_const(const char *sig) {
  for (const char *p = sig; *p;) {
    size_t len = strcspn(p, ",");
    char *param = xstrndup(p, len);
    int bad = str_starts_with(param, "const ") && !strchr(param, '*') &&
              !strchr(param, '&');
    free(param);
    if (bad)
      return 1;
    p += len + (p[len] == ',' ? 2 : 0);
  }
  return 0;
}

START_TEST(test_table_is_consistent) {
  strbuf bad = {0};
  for (size_t i = 0; i < NROWS; i++) {
    const row *r = &rows[i];
    if (!r->ocl && !*r->notes)
      strbuf_printf(&bad, "  %s(%s): NULL row without a reason\n", r->name,
                    r->sig);
    for (size_t j = 0; j < i; j++)
      if (!strcmp(rows[j].name, r->name) &&
          (!strcmp(rows[j].sig, r->sig) || !strcmp(rows[j].sig, "*")))
        strbuf_printf(&bad, "  %s(%s): unreachable, shadowed by row %zu\n",
                      r->name, r->sig, j);
    if (r->ocl)
      check_placeholders(r, &bad);
    if (r->ocl && has_top_level_const(r->sig))
      strbuf_printf(&bad, "  %s(%s): top-level const in a signature\n", r->name,
                    r->sig);
  }
  ck_assert_msg(bad.len == 0, "table problems:\n%s", strbuf_cstr(&bad));
  strbuf_free(&bad);
}
END_TEST

START_TEST(test_lookup_rules) {
  ck_assert_ptr_null(find_row("no_such_function", "int"));
  const row *r = find_row("sqrtf", "float");
  ck_assert_ptr_nonnull(r);
  ck_assert_str_eq(r->sig, "*");
  r = find_row("max", "int, unsigned int");
  ck_assert_ptr_nonnull(r);
  ck_assert_str_eq(r->ocl, "max((uint)$0, (uint)$1)");
  r = find_row("__shfl_down_sync", "unsigned int, int, unsigned int, int");
  ck_assert_ptr_nonnull(r);
  ck_assert_str_eq(r->ocl,
                   "cu2cl_shfl_down_int(cu2cl_warp_scratch, $0, $1, $2, $3)");
  const char *a[] = {"(&s[i])", "v"};
  char *e = expand_template("f_$A0($0, $1, $@)", a, 2, "local");
  ck_assert_str_eq(e, "f_local((&s[i]), v, (&s[i]), v)");
  free(e);
}
END_TEST

static Suite *prelude_suite(void) {
  Suite *s = suite_create("prelude");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, cl_setup, cl_teardown);
  tcase_set_timeout(core, 120);
  tcase_add_test(core, test_prelude_builds_clean);
  tcase_add_test(core, test_every_row_compiles);
  tcase_add_test(core, test_atomic_add_float);
  tcase_add_test(core, test_atomic_add_double);
  tcase_add_test(core, test_atomic_inc_dec_wrap);
  tcase_add_test(core, test_atomic_inc_dec_many);
  tcase_add_test(core, test_atomic_exchange_and_64bit);
  tcase_add_test(core, test_bit_intrinsics);
  tcase_add_test(core, test_vector_struct_layout);
  tcase_add_test(core, test_row_values);
  tcase_add_test(core, test_sincos_pointers);
  tcase_add_test(core, test_bf16_rounding);
  tcase_add_test(core, test_bf16_int_rounding);
  tcase_add_test(core, test_fp8_conversions);
  tcase_add_test(core, test_complex_matches_cuda);
  tcase_add_test(core, test_rn_arithmetic_not_contracted);
  tcase_add_test(core, test_signatures_match_toolkit);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, cl_setup, cl_teardown);
  tcase_set_timeout(errors, 60);
  tcase_add_test(errors, test_double_atomic_needs_feature_macros);
  tcase_add_test(errors, test_table_is_consistent);
  tcase_add_test(errors, test_lookup_rules);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(prelude_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
