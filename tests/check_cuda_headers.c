/*
 * check_cuda_headers: cu2cl's own CUDA declaration headers
 * (translator/cuda-include/), parsed through libclang as cu2cl parses user
 * code: host-side CUDA C++ with -nocudainc and the headers force-included.
 *
 * Core: every input in tests/data/headers parses without errors with the
 * own headers, also as on a machine without any CUDA toolkit, and (to prove
 * the inputs are valid CUDA) with NVIDIA's headers when /usr/local/cuda is
 * there; each header parses on its own; a launch has the same cursor tree
 * with both header sets; built-in variables have the shape the model
 * expects; names shared with the C library resolve by side (device code to
 * the own headers, host code to the C library); code for CUDA 12 and older
 * still parses.
 * Errors: wrong calls (too many arguments, an int for an enum, a device-only
 * function in host code, assigning a built-in variable) are errors.
 */
#include <check.h>
#include <clang-c/Index.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OWN_HEADERS CU2CL_SOURCE_DIR "/translator/cuda-include"
#define REAL_CUDA "/usr/local/cuda"
/* A --cuda-path that holds no toolkit: clang then behaves as on a machine
 * without CUDA (it finds none and cannot tell the CUDA version). */
#define NO_TOOLKIT "--cuda-path=/nonexistent/cu2cl-no-cuda"

/* Inputs that must parse with both header sets. */
static const char *const valid_inputs[] = {
    "qualifiers.cu",    "launch.cu",  "runtime_api.cu",
    "device_math.cu",   "warp.cu",    "coop_groups.cu",
    "other_headers.cu", "resolve.cu", "std_headers.cu"};
#define N_VALID (sizeof valid_inputs / sizeof valid_inputs[0])

/* Inputs that must fail, with the error text they must produce. */
static const char *const invalid_inputs[] = {
    "neg_malloc_args.cu", "neg_memcpy_kind.cu", "neg_host_calls_device.cu",
    "neg_assign_builtin.cu"};
#define N_INVALID (sizeof invalid_inputs / sizeof invalid_inputs[0])

/* Every header a user may include. */
static const char *const headers[] = {"cuda_runtime.h",
                                      "cuda_runtime_api.h",
                                      "cuda.h",
                                      "device_launch_parameters.h",
                                      "device_functions.h",
                                      "device_double_functions.h",
                                      "device_atomic_functions.h",
                                      "sm_30_intrinsics.h",
                                      "sm_32_intrinsics.h",
                                      "math_functions.h",
                                      "vector_types.h",
                                      "vector_functions.h",
                                      "driver_types.h",
                                      "builtin_types.h",
                                      "host_defines.h",
                                      "math_constants.h",
                                      "cooperative_groups.h",
                                      "cooperative_groups/reduce.h",
                                      "cooperative_groups/scan.h",
                                      "cu2cl_host_compat.h"};
#define N_HEADERS (sizeof headers / sizeof headers[0])

/* ---- parsing ------------------------------------------------------------ */

typedef enum {
  MODE_OWN,        /* the flags cu2cl uses without a toolkit */
  MODE_OWN_BARE,   /* the same, without the forced includes */
  MODE_NO_TOOLKIT, /* MODE_OWN as on a machine with no CUDA at all */
  MODE_PINNED,     /* MODE_NO_TOOLKIT with the CUDA version given */
  MODE_REAL        /* NVIDIA's headers through clang's wrapper */
} header_mode;

static const char *const mode_names[] = {"own", "own-bare", "no-toolkit",
                                         "pinned", "real"};

static CXIndex index_;

static void setup(void) {
  index_ = clang_createIndex(0, 0);
}
static void teardown(void) {
  clang_disposeIndex(index_);
}

static int have_real_cuda(void) {
  return access(REAL_CUDA "/include/cuda_runtime.h", R_OK) == 0;
}

/* Fills argv (room for 32) for mode; returns the count. */
static int mode_args(header_mode mode, const char **argv) {
  int n = 0;
  const char *common[] = {"-x",
                          "cuda",
                          "--cuda-host-only",
                          "--cuda-gpu-arch=sm_80",
                          "-std=c++17",
                          "-Wno-unknown-cuda-version",
                          "-D__CUDACC_VER_MAJOR__=13",
                          "-D__CUDACC_VER_MINOR__=0"};
  for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
    argv[n++] = common[i];
  if (mode == MODE_REAL) {
    argv[n++] = "--cuda-path=" REAL_CUDA;
    argv[n++] = "-isystem";
    argv[n++] = REAL_CUDA "/include/cccl";
    argv[n++] = "-include";
    argv[n++] = OWN_HEADERS "/cu2cl_host_compat.h";
    return n;
  }
  argv[n++] = "-nocudainc";
  argv[n++] = "-nocudalib";
  argv[n++] = "-isystem";
  argv[n++] = OWN_HEADERS;
  if (mode == MODE_NO_TOOLKIT || mode == MODE_PINNED)
    argv[n++] = NO_TOOLKIT;
  if (mode == MODE_PINNED) {
    argv[n++] = "-Xclang";
    argv[n++] = "-target-sdk-version=13.0";
  }
  if (mode != MODE_OWN_BARE) {
    argv[n++] = "-include";
    argv[n++] = "cuda_runtime.h";
    argv[n++] = "-include";
    argv[n++] = "cu2cl_host_compat.h";
  }
  return n;
}

/* Parses path, or the text src under the name path when src is given,
 * with extra (if not NULL) as the last argument. The caller disposes the
 * result. */
static CXTranslationUnit parse_with(header_mode mode, const char *path,
                                    const char *src, const char *extra) {
  const char *argv[32];
  int argc = mode_args(mode, argv);
  if (extra)
    argv[argc++] = extra;
  struct CXUnsavedFile unsaved = {path, src, src ? strlen(src) : 0};
  CXTranslationUnit tu = NULL;
  enum CXErrorCode rc = clang_parseTranslationUnit2(
      index_, path, argv, argc, src ? &unsaved : NULL, src ? 1 : 0,
      CXTranslationUnit_None, &tu);
  ck_assert_msg(rc == CXError_Success && tu, "%s: libclang failed (%d)", path,
                (int)rc);
  return tu;
}

static CXTranslationUnit parse(header_mode mode, const char *path,
                               const char *src) {
  return parse_with(mode, path, src, NULL);
}

static char *data_path(const char *name) {
  const char *dir = getenv("CU2CL_TEST_DATA");
  ck_assert_msg(dir != NULL, "CU2CL_TEST_DATA is not set");
  size_t len = strlen(dir) + strlen(name) + 16;
  char *p = malloc(len);
  snprintf(p, len, "%s/headers/%s", dir, name);
  return p;
}

/* Counts errors; prints each with its location so a failure says why. */
static unsigned count_errors(CXTranslationUnit tu, const char *label) {
  unsigned errors = 0, n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      CXString s =
          clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
      fprintf(stderr, "[%s] %s\n", label, clang_getCString(s));
      clang_disposeString(s);
      errors++;
    }
    clang_disposeDiagnostic(d);
  }
  return errors;
}

/* Whether some error's text contains needle. */
static int has_error_containing(CXTranslationUnit tu, const char *needle) {
  int found = 0;
  for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !found; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      CXString s = clang_getDiagnosticSpelling(d);
      found = strstr(clang_getCString(s), needle) != NULL;
      clang_disposeString(s);
    }
    clang_disposeDiagnostic(d);
  }
  return found;
}

static void expect_clean(header_mode mode, const char *name) {
  char *path = data_path(name);
  CXTranslationUnit tu = parse(mode, path, NULL);
  char label[128];
  snprintf(label, sizeof label, "%s, %s headers", name, mode_names[mode]);
  unsigned errors = count_errors(tu, label);
  ck_assert_msg(errors == 0, "%s: %u errors", label, errors);
  clang_disposeTranslationUnit(tu);
  free(path);
}

/* ---- cursor helpers ----------------------------------------------------- */

/* Copies a CXString into buf and disposes it. */
static const char *take(CXString s, char *buf, size_t len) {
  snprintf(buf, len, "%s", clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
  return buf;
}

typedef struct {
  const char *name;
  CXCursor found;
  int ok;
} find_ctx;

static enum CXChildVisitResult find_definition(CXCursor c, CXCursor parent,
                                               CXClientData data) {
  find_ctx *ctx = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  char buf[256];
  if ((k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) &&
      clang_isCursorDefinition(c) &&
      clang_Location_isFromMainFile(clang_getCursorLocation(c)) &&
      !strcmp(take(clang_getCursorSpelling(c), buf, sizeof buf), ctx->name)) {
    ctx->found = c;
    ctx->ok = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* The definition of the main-file function called name. */
static CXCursor function_named(CXTranslationUnit tu, const char *name) {
  find_ctx ctx = {name, clang_getNullCursor(), 0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_definition,
                      &ctx);
  ck_assert_msg(ctx.ok, "function %s not found", name);
  return ctx.found;
}

/* ---- launch shape ------------------------------------------------------- */

typedef struct {
  char *text; /* the subtree, one "depth kind spelling" line per cursor */
  size_t len, cap;
  unsigned depth;
} shape_buf;

static void shape_append(shape_buf *b, const char *line) {
  size_t n = strlen(line);
  if (b->len + n + 1 > b->cap) {
    b->cap = (b->len + n + 1) * 2;
    b->text = realloc(b->text, b->cap);
  }
  memcpy(b->text + b->len, line, n + 1);
  b->len += n;
}

static enum CXChildVisitResult shape_visit(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  shape_buf *b = data;
  char kind[64], spelling[128], line[256];
  take(clang_getCursorKindSpelling(clang_getCursorKind(c)), kind, sizeof kind);
  take(clang_getCursorSpelling(c), spelling, sizeof spelling);
  snprintf(line, sizeof line, "%u %s %s\n", b->depth, kind, spelling);
  shape_append(b, line);
  b->depth++;
  clang_visitChildren(c, shape_visit, b);
  b->depth--;
  return CXChildVisit_Continue;
}

/* Whether c is a call with a direct child call named config. */
typedef struct {
  const char *config;
  int seen;
} config_ctx;

static enum CXChildVisitResult config_child(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  config_ctx *ctx = data;
  char buf[128];
  if (clang_getCursorKind(c) == CXCursor_CallExpr) {
    take(clang_getCursorSpelling(c), buf, sizeof buf);
    if (!strcmp(buf, "__cudaPushCallConfiguration") ||
        !strcmp(buf, "cudaConfigureCall")) {
      ctx->config = !strcmp(buf, "cudaConfigureCall")
                        ? "cudaConfigureCall"
                        : "__cudaPushCallConfiguration";
      ctx->seen = 1;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Continue;
}

typedef struct {
  shape_buf shape;
  unsigned launches;
  const char *config; /* the configuration function of the last launch */
} launch_ctx;

static enum CXChildVisitResult find_launches(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  launch_ctx *ctx = data;
  if (clang_getCursorKind(c) == CXCursor_CallExpr) {
    config_ctx cfg = {NULL, 0};
    clang_visitChildren(c, config_child, &cfg);
    if (cfg.seen) {
      ctx->launches++;
      ctx->config = cfg.config;
      shape_append(&ctx->shape, "launch\n");
      shape_visit(c, parent, &ctx->shape);
      return CXChildVisit_Continue;
    }
  }
  return CXChildVisit_Recurse;
}

/* The cursor trees of all launches in main() of launch.cu. */
static launch_ctx launch_shapes(header_mode mode) {
  char *path = data_path("launch.cu");
  CXTranslationUnit tu = parse(mode, path, NULL);
  ck_assert_uint_eq(count_errors(tu, mode_names[mode]), 0);
  launch_ctx ctx = {{NULL, 0, 0, 0}, 0, NULL};
  clang_visitChildren(function_named(tu, "main"), find_launches, &ctx);
  clang_disposeTranslationUnit(tu);
  free(path);
  if (getenv("CU2CL_DUMP_SHAPES"))
    fprintf(stderr, "---- %s\n%s", mode_names[mode],
            ctx.shape.text ? ctx.shape.text : "");
  return ctx;
}

/* ---- Core --------------------------------------------------------------- */

START_TEST(test_own_headers_parse_inputs) {
  expect_clean(MODE_OWN, valid_inputs[_i]);
}
END_TEST

START_TEST(test_own_headers_without_toolkit) {
  expect_clean(MODE_NO_TOOLKIT, valid_inputs[_i]);
}
END_TEST

START_TEST(test_inputs_are_valid_cuda) {
  if (!have_real_cuda())
    return; /* no toolkit here: nothing to compare with */
  expect_clean(MODE_REAL, valid_inputs[_i]);
}
END_TEST

/* cu2cl keeps the user's -std; the headers must not depend on C++17.
 * (std_headers.cu calls std::max in device code, which needs C++14's
 * constexpr std::max, so C++11 is tried on device_math.cu.) */
static const char *const standards[][2] = {{"device_math.cu", "-std=c++11"},
                                           {"std_headers.cu", "-std=c++14"},
                                           {"std_headers.cu", "-std=c++20"}};

START_TEST(test_other_language_standards) {
  char *path = data_path(standards[_i][0]);
  CXTranslationUnit tu = parse_with(MODE_OWN, path, NULL, standards[_i][1]);
  unsigned errors = count_errors(tu, standards[_i][1]);
  ck_assert_msg(errors == 0, "%s, %s: %u errors", standards[_i][0],
                standards[_i][1], errors);
  clang_disposeTranslationUnit(tu);
  free(path);
}
END_TEST

START_TEST(test_legacy_code_parses) {
  expect_clean(MODE_OWN, "legacy.cu");
}
END_TEST

/* Each header on its own, without the forced cuda_runtime.h. */
START_TEST(test_header_standalone) {
  char src[256];
  snprintf(src, sizeof src, "#include <%s>\n#include <%s>\n", headers[_i],
           headers[_i]);
  CXTranslationUnit tu = parse(MODE_OWN_BARE, "/tmp/standalone.cu", src);
  unsigned errors = count_errors(tu, headers[_i]);
  ck_assert_msg(errors == 0, "%s alone: %u errors", headers[_i], errors);
  clang_disposeTranslationUnit(tu);
}
END_TEST

/* A launch lowers to the same cursor tree with both header sets. */
START_TEST(test_launch_shape_matches_toolkit) {
  launch_ctx own = launch_shapes(MODE_OWN);
  launch_ctx pinned = launch_shapes(MODE_PINNED);
  ck_assert_uint_eq(own.launches, 5);
  ck_assert_uint_eq(pinned.launches, 5);
  ck_assert_str_eq(pinned.config, "__cudaPushCallConfiguration");
  ck_assert_ptr_nonnull(
      strstr(pinned.shape.text, "1 CallExpr __cudaPushCallConfiguration\n"));
  ck_assert_ptr_nonnull(strstr(pinned.shape.text, "launch\n0 CallExpr fill\n"));
  if (have_real_cuda()) {
    launch_ctx real = launch_shapes(MODE_REAL);
    ck_assert_uint_eq(real.launches, 5);
    ck_assert_str_eq(own.shape.text, real.shape.text);
    ck_assert_str_eq(pinned.shape.text, real.shape.text);
    free(real.shape.text);
  }
  free(own.shape.text);
  free(pinned.shape.text);
}
END_TEST

/* Without a toolkit clang cannot tell the CUDA version and lowers launches
 * through cudaConfigureCall, which the headers declare for that reason. */
START_TEST(test_launch_without_toolkit) {
  launch_ctx bare = launch_shapes(MODE_NO_TOOLKIT);
  ck_assert_uint_eq(bare.launches, 5);
  ck_assert_str_eq(bare.config, "cudaConfigureCall");
  free(bare.shape.text);
}
END_TEST

/* ---- built-in variables ------------------------------------------------- */

typedef struct {
  unsigned member_refs; /* component reads: threadIdx.x, gridDim.z, ... */
  unsigned named;       /* of those, spelled x, y or z */
  unsigned warp_size;   /* DeclRefExprs naming the variable warpSize */
} builtin_ctx;

static enum CXChildVisitResult base_is_builtin(CXCursor c, CXCursor parent,
                                               CXClientData data) {
  int *ok = data;
  char buf[64];
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    take(clang_getCursorSpelling(c), buf, sizeof buf);
    *ok = !strcmp(buf, "threadIdx") || !strcmp(buf, "blockIdx") ||
          !strcmp(buf, "blockDim") || !strcmp(buf, "gridDim");
  }
  return CXChildVisit_Break;
}

static enum CXChildVisitResult find_builtins(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  builtin_ctx *ctx = data;
  char buf[64];
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_MemberRefExpr) {
    int ok = 0;
    clang_visitChildren(c, base_is_builtin, &ok);
    take(clang_getCursorSpelling(c), buf, sizeof buf);
    /* NVIDIA's path also shows `uint3 t = threadIdx` as a call of the
     * member `operator uint3`; that is not a component read. */
    ctx->member_refs += ok && strncmp(buf, "operator", 8) != 0;
    if (ok && (!strcmp(buf, "x") || !strcmp(buf, "y") || !strcmp(buf, "z")))
      ctx->named++;
  } else if (k == CXCursor_DeclRefExpr) {
    CXCursor ref = clang_getCursorReferenced(c);
    if (clang_getCursorKind(ref) == CXCursor_VarDecl &&
        !strcmp(take(clang_getCursorSpelling(ref), buf, sizeof buf),
                "warpSize"))
      ctx->warp_size++;
  }
  return CXChildVisit_Recurse;
}

static builtin_ctx builtin_uses(header_mode mode) {
  char *path = data_path("qualifiers.cu");
  CXTranslationUnit tu = parse(mode, path, NULL);
  ck_assert_uint_eq(count_errors(tu, mode_names[mode]), 0);
  builtin_ctx ctx = {0, 0, 0};
  clang_visitChildren(function_named(tu, "indices"), find_builtins, &ctx);
  clang_disposeTranslationUnit(tu);
  free(path);
  return ctx;
}

/* indices() reads all twelve components and warpSize twice. With the own
 * headers the member reference is spelled x, y or z; with NVIDIA's headers
 * through clang's wrapper the components are MS properties, which libclang
 * shows as member references with an empty spelling. */
START_TEST(test_builtin_variable_shape) {
  builtin_ctx own = builtin_uses(MODE_OWN);
  ck_assert_uint_eq(own.member_refs, 12);
  ck_assert_uint_eq(own.named, 12);
  ck_assert_uint_eq(own.warp_size, 2);
  if (have_real_cuda()) {
    builtin_ctx real = builtin_uses(MODE_REAL);
    ck_assert_uint_eq(real.member_refs, own.member_refs);
    ck_assert_uint_eq(real.named, 0);
    ck_assert_uint_eq(real.warp_size, own.warp_size);
  }
}
END_TEST

/* ---- resolution by side ------------------------------------------------- */

typedef struct {
  const char *callee;
  const char *file; /* where the chosen declaration is, base name or "libc" */
} resolution;

/* "own:<header>" for a declaration in cu2cl's headers, else "libc". */
static void where_declared(CXCursor decl, char *buf, size_t len) {
  CXFile file;
  clang_getSpellingLocation(clang_getCursorLocation(decl), &file, NULL, NULL,
                            NULL);
  char path[1024];
  take(clang_getFileName(file), path, sizeof path);
  size_t own_len = strlen(OWN_HEADERS);
  if (!strncmp(path, OWN_HEADERS, own_len) && path[own_len] == '/')
    snprintf(buf, len, "own:%s", path + own_len + 1);
  else
    snprintf(buf, len, "libc");
}

typedef struct {
  const resolution *expect;
  size_t n_expect;
  unsigned checked;
  const char *side;
} resolve_ctx;

static enum CXChildVisitResult check_calls(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  resolve_ctx *ctx = data;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return CXChildVisit_Recurse;
  char name[128], where[1100];
  take(clang_getCursorSpelling(c), name, sizeof name);
  for (size_t i = 0; i < ctx->n_expect; i++) {
    if (strcmp(ctx->expect[i].callee, name))
      continue;
    where_declared(clang_getCursorReferenced(c), where, sizeof where);
    ck_assert_msg(!strcmp(where, ctx->expect[i].file),
                  "%s: %s resolves to %s, expected %s", ctx->side, name, where,
                  ctx->expect[i].file);
    ctx->checked++;
  }
  return CXChildVisit_Recurse;
}

static const resolution device_expect[] = {
    {"sqrtf", "own:math_functions.h"},    {"sqrt", "own:math_functions.h"},
    {"fabsf", "own:math_functions.h"},    {"powf", "own:math_functions.h"},
    {"expf", "own:math_functions.h"},     {"sin", "own:math_functions.h"},
    {"min", "own:math_functions.h"},      {"max", "own:math_functions.h"},
    {"abs", "own:math_functions.h"},      {"malloc", "own:device_functions.h"},
    {"memcpy", "own:device_functions.h"}, {"free", "own:device_functions.h"},
    {"printf", "own:device_functions.h"}};

static const resolution host_expect[] = {{"sqrtf", "libc"},
                                         {"sqrt", "libc"},
                                         {"fabsf", "libc"},
                                         {"powf", "libc"},
                                         {"expf", "libc"},
                                         {"sin", "libc"},
                                         {"min", "own:cu2cl_host_compat.h"},
                                         {"max", "own:cu2cl_host_compat.h"},
                                         {"abs", "libc"},
                                         {"malloc", "libc"},
                                         {"memcpy", "libc"},
                                         {"free", "libc"},
                                         {"printf", "libc"}};

/* resolve.cu makes the same 15 calls in a kernel and in a host function
 * (sqrt three times: float, std:: and double). */
START_TEST(test_resolution_by_side) {
  char *path = data_path("resolve.cu");
  CXTranslationUnit tu = parse(MODE_OWN, path, NULL);
  ck_assert_uint_eq(count_errors(tu, "resolve.cu"), 0);
  resolve_ctx dev = {device_expect,
                     sizeof device_expect / sizeof device_expect[0], 0,
                     "device"};
  clang_visitChildren(function_named(tu, "device_side"), check_calls, &dev);
  resolve_ctx host = {host_expect, sizeof host_expect / sizeof host_expect[0],
                      0, "host"};
  clang_visitChildren(function_named(tu, "host_side"), check_calls, &host);
  ck_assert_uint_eq(dev.checked, 15);
  ck_assert_uint_eq(host.checked, 15);
  clang_disposeTranslationUnit(tu);
  free(path);
}
END_TEST

/* ---- Errors ------------------------------------------------------------- */

/* The text after marker on a line of the file, or NULL. */
static char *marker_text(const char *path, const char *marker) {
  FILE *f = fopen(path, "r");
  ck_assert_ptr_nonnull(f);
  char line[512], *found = NULL;
  while (!found && fgets(line, sizeof line, f)) {
    char *m = strstr(line, marker);
    if (m) {
      m += strlen(marker);
      m[strcspn(m, "\r\n")] = '\0';
      found = strdup(m);
    }
  }
  fclose(f);
  return found;
}

START_TEST(test_wrong_calls_are_errors) {
  char *path = data_path(invalid_inputs[_i]);
  char *expected = marker_text(path, "// EXPECT-ERROR: ");
  ck_assert_msg(expected != NULL, "%s has no EXPECT-ERROR line", path);
  CXTranslationUnit tu = parse(MODE_OWN, path, NULL);
  ck_assert_msg(has_error_containing(tu, expected),
                "%s: no error containing \"%s\" with the own headers",
                invalid_inputs[_i], expected);
  clang_disposeTranslationUnit(tu);
  char *real_too = marker_text(path, "// EXPECT-ERROR-REAL");
  if (real_too && have_real_cuda()) {
    tu = parse(MODE_REAL, path, NULL);
    ck_assert_msg(count_errors(tu, "real, expected") > 0,
                  "%s: NVIDIA's headers accept it", invalid_inputs[_i]);
    clang_disposeTranslationUnit(tu);
  }
  free(real_too);
  free(expected);
  free(path);
}
END_TEST

/* A misspelt header or API name must not slip through either. */
START_TEST(test_unknown_names_are_errors) {
  CXTranslationUnit tu =
      parse(MODE_OWN, "/tmp/unknown.cu",
            "int main() { cudaMallocc(0, 4); return cudaErrorNoSuchCode; }\n");
  ck_assert(has_error_containing(tu, "cudaMallocc"));
  ck_assert(has_error_containing(tu, "cudaErrorNoSuchCode"));
  clang_disposeTranslationUnit(tu);
  tu = parse(MODE_OWN_BARE, "/tmp/missing.cu", "#include <cuda_runtime.hh>\n");
  ck_assert(has_error_containing(tu, "cuda_runtime.hh"));
  clang_disposeTranslationUnit(tu);
}
END_TEST

/* ---- suite -------------------------------------------------------------- */

static Suite *cuda_headers_suite(void) {
  Suite *s = suite_create("cuda_headers");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, setup, teardown);
  tcase_set_timeout(core, 120);
  tcase_add_loop_test(core, test_own_headers_parse_inputs, 0, N_VALID);
  tcase_add_loop_test(core, test_own_headers_without_toolkit, 0, N_VALID);
  tcase_add_loop_test(core, test_inputs_are_valid_cuda, 0, N_VALID);
  tcase_add_loop_test(core, test_other_language_standards, 0,
                      sizeof standards / sizeof standards[0]);
  tcase_add_test(core, test_legacy_code_parses);
  tcase_add_loop_test(core, test_header_standalone, 0, N_HEADERS);
  tcase_add_test(core, test_launch_shape_matches_toolkit);
  tcase_add_test(core, test_launch_without_toolkit);
  tcase_add_test(core, test_builtin_variable_shape);
  tcase_add_test(core, test_resolution_by_side);
  suite_add_tcase(s, core);

  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, setup, teardown);
  tcase_set_timeout(errors, 120);
  tcase_add_loop_test(errors, test_wrong_calls_are_errors, 0, N_INVALID);
  tcase_add_test(errors, test_unknown_names_are_errors);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(cuda_headers_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed;
}
