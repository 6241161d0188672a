/*
 * Unit tests of flags: the mapping of nvcc, clang and gcc command lines,
 * finding a CUDA toolkit, and the argument lists for libclang, which must
 * really parse CUDA both with the installed toolkit and with cu2cl's own
 * headers.
 */
#include "flags.h"

#include <check.h>
#include <clang-c/Index.h>
#include <ftw.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DIR "/work/proj"

static char tmp[PATH_MAX];
static strvec out;
static char *arch;

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

static void setup(void) {
  strcpy(tmp, "/tmp/cu2cl-check-flags-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(tmp));
  memset(&out, 0, sizeof out);
  arch = NULL;
}

static void teardown(void) {
  strvec_free(&out);
  free(arch);
  nftw(tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static char *put(const char *rel, const char *text) {
  char *path = path_join(tmp, rel);
  ck_assert_int_eq(write_file_atomic(path, text, strlen(text)), 0);
  return path;
}

static size_t count(const char *const *v) {
  size_t n = 0;
  while (v[n])
    n++;
  return n;
}

/* Translates the NULL-terminated argv (run in directory dir) into out. */
static void translate_in(const char *dir, const char *const *argv) {
  cu2cl_flags_translate(argv, count(argv), "k.cu", dir, &out, &arch);
}

static void translate(const char *const *argv) {
  translate_in(DIR, argv);
}

/* Asserts out is exactly want; prints out when it is not. */
static void assert_out(const char *const *want) {
  size_t n = count(want);
  int same = out.len == n;
  for (size_t i = 0; same && i < n; i++)
    same = strcmp(out.items[i], want[i]) == 0;
  for (size_t i = 0; !same && i < out.len; i++)
    fprintf(stderr, "  out %zu: [%s]%s\n", i, out.items[i],
            i < n && strcmp(out.items[i], want[i]) == 0 ? "" : "  <--");
  ck_assert_uint_eq(out.len, n);
  for (size_t i = 0; i < n; i++)
    ck_assert_str_eq(out.items[i], want[i]);
}

static int has(const strvec *v, const char *s) {
  return strvec_contains(v, s);
}

/* ---- Core: the mapping ---- */

START_TEST(test_cmake_nvcc) {
  const char *argv[] = {"/usr/local/cuda/bin/nvcc",
                        "-forward-unknown-to-host-compiler",
                        "-DUSE_X",
                        "-I/abs/inc",
                        "-isystem",
                        "/abs/sys",
                        "-O3",
                        "-DNDEBUG",
                        "--generate-code=arch=compute_80,code=[compute_80,"
                        "sm_80]",
                        "-Xcompiler=-fPIC",
                        "-std=c++17",
                        "-x",
                        "cu",
                        "-rdc=true",
                        "-c",
                        "/abs/src/k.cu",
                        "-o",
                        "CMakeFiles/k.dir/k.cu.o",
                        NULL};
  translate(argv);
  const char *want[] = {"-DUSE_X",  "-I/abs/inc", "-isystem",   "/abs/sys",
                        "-DNDEBUG", "-fgpu-rdc",  "-std=c++17", NULL};
  assert_out(want);
  ck_assert_str_eq(arch, "sm_80");
}
END_TEST

START_TEST(test_bear_nvcc) {
  const char *argv[] = {"nvcc",        "-std=c++14", "-Xcompiler", "-Wall",
                        "-arch=sm_80", "-O3",        "-c",         "main.cu",
                        "-o",          "main.o",     NULL};
  translate(argv);
  const char *want[] = {"-std=c++14", NULL};
  assert_out(want);
  ck_assert_str_eq(arch, "sm_80");
}
END_TEST

START_TEST(test_clang_cuda) {
  const char *argv[] = {"clang++",
                        "--driver-mode=g++",
                        "-x",
                        "cuda",
                        "--cuda-gpu-arch=sm_75",
                        "--cuda-path=/opt/cuda",
                        "-Iinc",
                        "-fgpu-rdc",
                        "-nocudalib",
                        "-c",
                        "k.cu",
                        NULL};
  translate(argv);
  /* clang's relocatable device code is nvcc's -rdc: kept, recorded */
  const char *want[] = {"-I" DIR "/inc", "-fgpu-rdc", NULL};
  assert_out(want);
  ck_assert_str_eq(arch, "sm_75");
  size_t argc = sizeof argv / sizeof *argv - 1;
  ck_assert_int_eq(cu2cl_flags_intent(argv, argc, DIR).rdc, 1);
}
END_TEST

START_TEST(test_gcc_host) {
  const char *argv[] = {
      "g++",     "-DHOST", "-I", "inc",          "-fPIC", "-pthread", "-Wall",
      "-Wextra", "-O2",    "-g", "-std=gnu++17", "-MD",   "-MT",      "a.o",
      "-MF",     "a.d",    "-c", "a.cpp",        "-o",    "a.o",      NULL};
  arch = xstrdup("sm_70");
  translate(argv);
  const char *want[] = {"-DHOST", "-I" DIR "/inc", "-std=gnu++17", NULL};
  assert_out(want);
  ck_assert_str_eq(arch, "sm_70"); /* untouched without an arch flag */
}
END_TEST

START_TEST(test_launchers) {
  const char *argv[] = {
      "ccache", "/usr/local/cuda/bin/nvcc", "-DA", "-c", "k.cu", NULL};
  translate(argv);
  const char *argv2[] = {"sccache", "g++", "-DB", "-c", "k.cpp", NULL};
  translate(argv2);
  const char *want[] = {"-DA", "-DB", NULL};
  assert_out(want);
}
END_TEST

START_TEST(test_xcompiler_forms) {
  const char *argv[] = {
      "nvcc", "-Xcompiler", "-fopenmp,-Wall", "-Xcompiler=-fPIC",
      "--compiler-options=-DA=1,-DB", "--compiler-options", "-fno-exceptions",
      /* CMake spells an option with a value this way: */
      "-Xcompiler", "-isystem", "-Xcompiler", "sys",
      "-Xcompiler=-include,pre.h", "-Xarch_host", "-DHOST", "-Xarch_device",
      "-DDEV", "-Xpreprocessor", "-DPP", "-Wp,-DWP=1,-MD,dep.d", "k.cu", NULL};
  translate(argv);
  const char *want[] = {"-fopenmp", "-DA=1",    "-DB",      "-fno-exceptions",
                        "-isystem", DIR "/sys", "-include", "pre.h",
                        "-DHOST",   "-DPP",     "-DWP=1",   NULL};
  assert_out(want);
}
END_TEST

START_TEST(test_std_forms) {
  const char *argv[] = {"nvcc", "--std", "c++14", NULL};
  translate(argv);
  const char *want[] = {"-std=c++14", NULL};
  assert_out(want);
  strvec_free(&out);
  /* only the last one counts, as with the compilers */
  const char *argv2[] = {"nvcc",  "-std=c++11",     "--std=c++20", "-std",
                         "c++17", "-stdlib=libc++", NULL};
  translate(argv2);
  const char *want2[] = {"-std=c++17", NULL};
  assert_out(want2);
}
END_TEST

START_TEST(test_arch_forms) {
  static const struct {
    const char *a, *b, *want;
  } cases[] = {
      {"-gencode", "arch=compute_70,code=sm_70", "sm_86"},
      {"-arch", "sm_61", "sm_86"},
      {"--gpu-architecture=compute_90", "", "sm_90"},
      {"-arch=sm_90a", "", "sm_90"},
      {"--offload-arch=sm_89", "", "sm_89"},
      {"-code=sm_100,compute_100", "", "sm_100"},
      {"--generate-code", "arch=compute_52,code=[compute_52,lto_52]", "sm_86"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    free(arch);
    arch = NULL;
    const char *argv[] = {"nvcc",
                          cases[i].a,
                          cases[i].b,
                          "-gencode",
                          "arch=compute_86,code=sm_86",
                          NULL};
    /* the cases reaching above 86 replace the second gencode */
    if (strcmp(cases[i].want, "sm_86") != 0)
      argv[3] = NULL;
    translate(argv);
    ck_assert_msg(arch && strcmp(arch, cases[i].want) == 0,
                  "case %zu: %s %s gave %s", i, cases[i].a, cases[i].b,
                  arch ? arch : "(none)");
  }
  ck_assert_uint_eq(out.len, 0);
}
END_TEST

START_TEST(test_gencode_highest) {
  const char *argv[] = {"nvcc",
                        "-gencode",
                        "arch=compute_70,code=sm_70",
                        "-gencode",
                        "arch=compute_86,code=sm_86",
                        NULL};
  translate(argv);
  ck_assert_str_eq(arch, "sm_86");
  ck_assert_uint_eq(out.len, 0);
}
END_TEST

START_TEST(test_arch_without_number) {
  const char *argv[] = {"nvcc",      "-arch=native",          "-arch",
                        "all-major", "--offload-arch=gfx90a", NULL};
  translate(argv);
  ck_assert_ptr_null(arch);
}
END_TEST

/* Every nvcc-only option is dropped, with its value where it takes one,
 * even when that value looks like a flag cu2cl would keep; relocatable
 * device code is the one kept, once, as clang's -fgpu-rdc. */
START_TEST(test_nvcc_dropped) {
  const char *argv[] = {"nvcc",
                        "-rdc=true",
                        "--relocatable-device-code",
                        "true",
                        "-dc",
                        "-dw",
                        "--expt-relaxed-constexpr",
                        "--expt-extended-lambda",
                        "--extended-lambda",
                        "-lineinfo",
                        "-G",
                        "-g",
                        "-O3",
                        "-use_fast_math",
                        "--use_fast_math",
                        "-ccbin",
                        "/usr/bin/g++-12",
                        "--compiler-bindir=/opt/gcc",
                        "-m64",
                        "-Werror",
                        "all-warnings",
                        "-Werror=cross-execution-space-call",
                        "-forward-unknown-to-host-compiler",
                        "--forward-unknown-to-host-compiler",
                        "-Wno-deprecated-gpu-targets",
                        "-maxrregcount",
                        "32",
                        "--maxrregcount=64",
                        "--ptxas-options=-v",
                        "-Xptxas",
                        "-I/not/an/include",
                        "-Xptxas=-O3,-v",
                        "-res-usage",
                        "--keep",
                        "-t",
                        "4",
                        "--threads=8",
                        "-MD",
                        "-MF",
                        "-I/dep/file",
                        "-MT",
                        "x.o",
                        "-MMD",
                        "-MP",
                        "-o",
                        "-D_OUTPUT",
                        "-c",
                        "-Xlinker",
                        "-I/linker",
                        "-Xnvlink",
                        "-DNVLINK",
                        "-Xarchive",
                        "-DARCHIVE",
                        "-Xfatbin",
                        "-compress-all",
                        "--default-stream",
                        "per-thread",
                        "-cudart",
                        "shared",
                        "--some-unknown-option",
                        "--unknown-with=value",
                        "-x",
                        "cu",
                        "-Xclang",
                        "-DCLANG",
                        "-target",
                        "x86_64-linux-gnu",
                        "k.cu",
                        NULL};
  translate(argv);
  const char *want[] = {"-fgpu-rdc", NULL};
  assert_out(want);
  ck_assert_ptr_null(arch);
}
END_TEST

/* The build intent: optimization level, fast math, relocatable device
 * code (-rdc=false is none), host OpenMP. */
START_TEST(test_build_intent) {
  const char *a[] = {"nvcc", "-O3", "--use_fast_math", "-rdc=true", NULL};
  cu2cl_build_intent i = cu2cl_flags_intent(a, count(a), DIR);
  ck_assert_int_eq(i.opt_level, 3);
  ck_assert_int_eq(i.fast_math, 1);
  ck_assert_int_eq(i.rdc, 1);
  const char *b[] = {"nvcc", "-Xcompiler", "-Os", "-rdc=false", NULL};
  i = cu2cl_flags_intent(b, count(b), DIR);
  ck_assert_int_eq(i.opt_level, 2);
  ck_assert_int_eq(i.fast_math, 0);
  ck_assert_int_eq(i.rdc, 0);
  const char *c[] = {"nvcc", "--optimize", "1", "-dc", NULL};
  i = cu2cl_flags_intent(c, count(c), DIR);
  ck_assert_int_eq(i.opt_level, 1);
  ck_assert_int_eq(i.rdc, 1);
  const char *d[] = {"nvcc", "-c", "k.cu", NULL};
  i = cu2cl_flags_intent(d, count(d), DIR);
  ck_assert_int_eq(i.opt_level, -1);
  ck_assert_int_eq(i.openmp, 0);
  /* host OpenMP, through nvcc's wrapper or not; the last one wins */
  const char *e[] = {"nvcc", "-Xcompiler", "-Wall,-fopenmp", "--device-c",
                     NULL};
  i = cu2cl_flags_intent(e, count(e), DIR);
  ck_assert_int_eq(i.openmp, 1);
  ck_assert_int_eq(i.rdc, 1);
  const char *f[] = {"nvcc", "-fopenmp", "-Xcompiler", "-fno-openmp", NULL};
  ck_assert_int_eq(cu2cl_flags_intent(f, count(f), DIR).openmp, 0);
  /* the compiler is nvcc (__NVCC__), behind a wrapper too; "cu2cl" stands
   * for it in "cu2cl SOURCES -- FLAGS" */
  ck_assert_int_eq(i.nvcc, 1);
  const char *g[][3] = {{"/usr/local/cuda/bin/nvcc", "-c", NULL},
                        {"ccache", "nvcc", NULL},
                        {"cu2cl", "-O2", NULL},
                        {"/usr/bin/c++", "-c", NULL},
                        {"clang++", "-xcuda", NULL},
                        {"ccache", "g++", NULL}};
  for (size_t k = 0; k < 6; k++)
    ck_assert_int_eq(cu2cl_flags_intent(g[k], 2, DIR).nvcc, k < 3);
  translate(c);
  const char *want[] = {"-fgpu-rdc", NULL};
  assert_out(want);
}
END_TEST

START_TEST(test_paths_made_absolute) {
  free(put("proj/pre.h", "#define PRE 1\n"));
  char *dir = path_join(tmp, "proj");
  const char *argv[] = {"nvcc",      "-Iinc",    "-I",
                        "../up",     "-I/abs",   "--include-path=inc2",
                        "-isystem",  "sys",      "-isystemsys2",
                        "-iquote",   "q",        "-idirafter",
                        "after",     "-include", "pre.h",
                        "-include",  "cfg.h",    "--pre-include=./pre.h",
                        "--sysroot", "root",     "-I=/usr/inc",
                        NULL};
  translate_in(dir, argv);
  char *e[] = {xasprintf("-I%s/inc", dir),         xasprintf("-I%s/up", tmp),
               xasprintf("-I%s/inc2", dir),        xasprintf("%s/sys", dir),
               xasprintf("%s/sys2", dir),          xasprintf("%s/q", dir),
               xasprintf("%s/after", dir),         xasprintf("%s/pre.h", dir),
               xasprintf("--sysroot=%s/root", dir)};
  const char *want[] = {e[0], e[1], "-I/abs", e[2], "-isystem", e[3],
                        "-isystem", e[4], "-iquote", e[5], "-idirafter", e[6],
                        /* found beside the command: made absolute */
                        "-include", e[7],
                        /* not there: left to the include path */
                        "-include", "cfg.h", "-include", e[7], e[8],
                        "-I=/usr/inc", NULL};
  assert_out(want);
  for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
    free(e[i]);
  free(dir);
}
END_TEST

START_TEST(test_defines) {
  const char *argv[] = {"nvcc",
                        "-DX=1",
                        "-D",
                        "Y=2",
                        "-UZ",
                        "-U",
                        "W",
                        "--define-macro=V",
                        "--undefine-macro",
                        "T",
                        "-DNAME=\"a b\"",
                        "-DEMPTY=",
                        NULL};
  translate(argv);
  const char *want[] = {"-DX=1", "-DY=2",          "-UZ",      "-UW", "-DV",
                        "-UT",   "-DNAME=\"a b\"", "-DEMPTY=", NULL};
  assert_out(want);
}
END_TEST

START_TEST(test_host_f_and_m_flags) {
  const char *argv[] = {"g++",
                        "-fopenmp",
                        "-fPIC",
                        "-fpic",
                        "-fno-exceptions",
                        "-fvisibility=hidden",
                        "-ftemplate-depth=2048",
                        "-fno-strict-aliasing",
                        "-fdiagnostics-color=always",
                        "-march=native",
                        "-m64",
                        "-mavx2",
                        "-mfma",
                        "-mtune=generic",
                        "-fopenmp=libomp",
                        "-fno-rtti",
                        NULL};
  translate(argv);
  const char *want[] = {
      "-fopenmp",        "-fno-exceptions", "-ftemplate-depth=2048",
      "-march=native",   "-mavx2",          "-mfma",
      "-fopenmp=libomp", "-fno-rtti",       NULL};
  assert_out(want);
}
END_TEST

START_TEST(test_response_files) {
  free(put("proj/args.rsp", "-DFROM_RSP \"-DQ=a b\" -I inc\n@more.rsp\n"));
  free(put("proj/more.rsp", "-DNESTED '-DS=x y'"));
  free(put("proj/opts.txt", "-DOPTF -std=c++20"));
  char *dir = path_join(tmp, "proj");
  const char *argv[] = {"nvcc",     "@args.rsp",    "--options-file",
                        "opts.txt", "@missing.rsp", NULL};
  translate_in(dir, argv);
  char *inc = xasprintf("-I%s/inc", dir);
  const char *want[] = {"-DFROM_RSP", "-DQ=a b", inc,          "-DNESTED",
                        "-DS=x y",    "-DOPTF",  "-std=c++20", NULL};
  assert_out(want);
  free(inc);
  free(dir);
}
END_TEST

START_TEST(test_language) {
  static const struct {
    const char *argv[6];
    const char *file;
    cu2cl_lang want;
  } cases[] = {
      {{"nvcc", "-c", NULL}, "k.cu", CU2CL_LANG_CUDA},
      {{"nvcc", "-c", NULL}, "k.cpp", CU2CL_LANG_CXX},
      {{"nvcc", "-x", "cu", "-c", NULL}, "k.cpp", CU2CL_LANG_CUDA},
      {{"clang++", "-xcuda", NULL}, "k.cc", CU2CL_LANG_CUDA},
      {{"nvcc", "-Xcompiler", "-Wall", "--x=cu", NULL},
       "k.cxx",
       CU2CL_LANG_CUDA},
      {{"clang++", "-x", "c++", NULL}, "k.cu", CU2CL_LANG_CXX},
      {{"cc", "-c", NULL}, "k.c", CU2CL_LANG_C},
      {{"gcc", "-x", "c", NULL}, "k.h", CU2CL_LANG_C},
      {{"nvcc", "-x", "none", NULL}, "k.cuh", CU2CL_LANG_CUDA},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cu2cl_lang got = cu2cl_flags_language(cases[i].argv, count(cases[i].argv),
                                          cases[i].file, DIR);
    ck_assert_msg(got == cases[i].want, "case %zu: %d, want %d", i, got,
                  cases[i].want);
  }
}
END_TEST

/* docs/flags.md documents every row of the mapping table. */
START_TEST(test_docs_cover_table) {
  char *text = read_file(CU2CL_SOURCE_DIR "/docs/flags.md", NULL);
  ck_assert_msg(text != NULL, "docs/flags.md is missing");
  size_t n = 0;
  for (const char *name; (name = cu2cl_flags_option_name(n)); n++) {
    char *quoted = xasprintf("`%s", name);
    ck_assert_msg(strstr(text, quoted), "docs/flags.md lacks %s", name);
    free(quoted);
  }
  ck_assert_uint_gt(n, 50);
  free(text);
}
END_TEST

/* ---- Core: the toolkit and the parse arguments ---- */

/* A fake toolkit at tmp/rel, identified by a header or version.json. */
static char *fake_toolkit(const char *rel, const char *api_h,
                          const char *version_json) {
  char *root = path_join(tmp, rel);
  char *p = xasprintf("%s/include/cuda_runtime.h", rel);
  free(put(p, "/* fake */\n"));
  free(p);
  if (api_h) {
    p = xasprintf("%s/include/cuda_runtime_api.h", rel);
    free(put(p, api_h));
    free(p);
  }
  if (version_json) {
    p = xasprintf("%s/version.json", rel);
    free(put(p, version_json));
    free(p);
  }
  return root;
}

START_TEST(test_cuda_find_requested) {
  char *a = fake_toolkit("cuda-12.4", "#define CUDART_VERSION  12040\n", NULL);
  char *b = fake_toolkit("cuda-11.8", NULL,
                         "{\n \"cuda\" : {\n  \"name\" : \"CUDA SDK\",\n"
                         "  \"version\" : \"11.8.20220929\"\n }\n}\n");
  cu2cl_cuda_install c;
  char err[512];
  ck_assert_int_eq(cu2cl_cuda_find(a, &c, err, sizeof err), 0);
  ck_assert_str_eq(c.path, a);
  ck_assert_int_eq(c.version_major, 12);
  ck_assert_int_eq(c.version_minor, 4);
  cu2cl_cuda_install_free(&c);
  ck_assert_int_eq(cu2cl_cuda_find(b, &c, err, sizeof err), 0);
  ck_assert_int_eq(c.version_major, 11);
  ck_assert_int_eq(c.version_minor, 8);
  cu2cl_cuda_install_free(&c);
  ck_assert_int_eq(cu2cl_cuda_find("none", &c, err, sizeof err), 0);
  ck_assert_ptr_null(c.path);
  free(a), free(b);
}
END_TEST

START_TEST(test_cuda_find_searched) {
  char *a = fake_toolkit("env-cuda", "#define CUDART_VERSION 12080\n", NULL);
  cu2cl_cuda_install c;
  char err[512];
  setenv("CUDA_PATH", "/nonexistent/cuda", 1); /* skipped: not a toolkit */
  setenv("CUDA_HOME", a, 1);
  ck_assert_int_eq(cu2cl_cuda_find(NULL, &c, err, sizeof err), 0);
  ck_assert_str_eq(c.path, a);
  ck_assert_int_eq(c.version_minor, 8);
  cu2cl_cuda_install_free(&c);
  unsetenv("CUDA_PATH");
  unsetenv("CUDA_HOME");
  free(a);
}
END_TEST

/* This machine's toolkit, when it has one (CUDA 13.0 on the dev machines). */
START_TEST(test_cuda_find_installed) {
  if (!path_exists("/usr/local/cuda/include/cuda_runtime.h"))
    return;
  cu2cl_cuda_install c;
  char err[512];
  ck_assert_int_eq(cu2cl_cuda_find("/usr/local/cuda", &c, err, sizeof err), 0);
  ck_assert_str_eq(c.path, "/usr/local/cuda");
  ck_assert_int_ge(c.version_major, 11);
  cu2cl_cuda_install_free(&c);
}
END_TEST

/* A user -I into a toolkit's include directory (as a .cpp file's build line
 * has it) must not shadow the CUDA headers cu2cl parses with. */
START_TEST(test_for_parse_drops_toolkit_includes) {
  char *root = fake_toolkit("cuda", "#define CUDART_VERSION 13000\n", NULL);
  char *inc = path_join(root, "include");
  strvec user = {0};
  strvec_push_own(&user, xasprintf("-I%s", inc));
  strvec_push(&user, "-isystem");
  strvec_push(&user, inc);
  strvec_push(&user, "-I/keep/me");
  cu2cl_flags_for_parse(NULL, "/own", NULL, NULL, &user, &out);
  ck_assert(has(&out, "-I/keep/me"));
  for (size_t i = 0; i < out.len; i++)
    ck_assert_msg(!strstr(out.items[i], inc), "kept %s", out.items[i]);
  strvec_free(&user);
  free(inc);
  free(root);
}
END_TEST

START_TEST(test_for_parse_lists) {
  char *root = fake_toolkit("cuda", "#define CUDART_VERSION 12040\n", NULL);
  char *cccl = path_join(root, "include/cccl");
  ck_assert_int_eq(mkdir_p(cccl), 0);
  cu2cl_cuda_install c = {root, 12, 4};
  strvec user = {0};
  strvec_push(&user, "-DUSER");
  cu2cl_flags_for_parse(&c, "/own", "/own/compat.h", "sm_86", &user, &out);
  char *cuda_path = xasprintf("--cuda-path=%s", root);
  const char *want[] = {"-x",
                        "cuda",
                        "--cuda-host-only",
                        "--cuda-gpu-arch=sm_86",
                        "-std=c++17",
                        "-Wno-unknown-cuda-version",
                        "-Wno-register",
                        "-I/own/translated",
                        cuda_path,
                        "-isystem",
                        cccl,
                        "-D__CUDACC_VER_MAJOR__=12",
                        "-D__CUDACC_VER_MINOR__=4",
                        "-include",
                        "/own/compat.h",
                        "-DUSER",
                        NULL};
  assert_out(want);
  strvec_free(&out);
  strvec_push(&user, "-std=c++14");
  cu2cl_flags_for_parse(NULL, "/own", NULL, NULL, &user, &out);
  const char *want2[] = {"-x",
                         "cuda",
                         "--cuda-host-only",
                         "--cuda-gpu-arch=" CU2CL_DEFAULT_ARCH,
                         "-Wno-unknown-cuda-version",
                         "-Wno-register",
                         "-I/own/translated",
                         "-nocudainc",
                         "-nocudalib",
                         "--cuda-path=/nonexistent-cu2cl-no-cuda",
                         "-Xclang",
                         "-target-sdk-version=13.0",
                         "-isystem",
                         "/own",
                         "-D__CUDACC_VER_MAJOR__=13",
                         "-D__CUDACC_VER_MINOR__=0",
                         "-include",
                         "cuda_runtime.h",
                         "-DUSER",
                         "-std=c++14",
                         NULL};
  assert_out(want2);
  strvec_free(&user);
  free(cuda_path), free(cccl), free(root);
}
END_TEST

START_TEST(test_for_parse_arch_clamped) {
  static const char *const cases[][2] = {
      {"sm_130", "--cuda-gpu-arch=sm_121"},
      {"sm_91", "--cuda-gpu-arch=sm_90"},
      {"sm_20", "--cuda-gpu-arch=" CU2CL_DEFAULT_ARCH},
      {"bogus", "--cuda-gpu-arch=" CU2CL_DEFAULT_ARCH},
      {"sm_70", "--cuda-gpu-arch=sm_70"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    strvec_free(&out);
    cu2cl_flags_for_parse(NULL, NULL, NULL, cases[i][0], NULL, &out);
    ck_assert_msg(has(&out, cases[i][1]), "%s: no %s", cases[i][0],
                  cases[i][1]);
  }
}
END_TEST

/* ---- Core: libclang parses with these lists ---- */

static const char probe_cu[] =
    "#if !defined(__CUDACC_VER_MAJOR__) || !defined(__CUDA__)\n"
    "#error not parsed as CUDA with a version\n"
    "#endif\n"
    "#if __cplusplus != WANT_CPLUSPLUS\n"
    "#error wrong language standard\n"
    "#endif\n"
    "#ifdef COMPAT_WANTED\n"
    "#ifndef HOST_COMPAT_SEEN\n"
    "#error the host compatibility header was not included\n"
    "#endif\n"
    "#endif\n"
    "__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }\n"
    "int main() {\n"
    "  float *d = 0;\n"
    "  cudaMalloc((void **)&d, 64 * sizeof(float));\n"
    "  scale<<<1, 64>>>(d, 2.0f);\n"
    "  cudaDeviceSynchronize();\n"
    "  return 0;\n"
    "}\n";

/* Parses probe_cu with args; returns the number of errors (printed). */
static unsigned parse_errors(const strvec *args) {
  char *file = put("probe.cu", probe_cu);
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode rc = clang_parseTranslationUnit2(
      index, file, (const char *const *)args->items, (int)args->len, NULL, 0,
      CXTranslationUnit_None, &tu);
  ck_assert_int_eq(rc, CXError_Success);
  unsigned errors = 0;
  for (unsigned i = 0; i < clang_getNumDiagnostics(tu); i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      CXString s =
          clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation);
      fprintf(stderr, "%s\n", clang_getCString(s));
      clang_disposeString(s);
      errors++;
    }
    clang_disposeDiagnostic(d);
  }
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  free(file);
  return errors;
}

/* Parses with user_flags (NULL-terminated) on top of for_parse's list. */
static unsigned parse_with(const cu2cl_cuda_install *cuda, const char *own,
                           const char *compat, const char *arch_name,
                           const char *const *user_flags) {
  strvec user = {0}, args = {0};
  for (size_t i = 0; user_flags[i]; i++)
    strvec_push(&user, user_flags[i]);
  cu2cl_flags_for_parse(cuda, own, compat, arch_name, &user, &args);
  unsigned errors = parse_errors(&args);
  strvec_free(&user);
  strvec_free(&args);
  return errors;
}

START_TEST(test_parse_with_toolkit) {
  cu2cl_cuda_install c;
  char err[512];
  if (cu2cl_cuda_find("/usr/local/cuda", &c, err, sizeof err) != 0) {
    fprintf(stderr, "no CUDA toolkit here, parse test skipped: %s\n", err);
    return;
  }
  char *compat = put("compat.h", "#define HOST_COMPAT_SEEN 1\n");
  const char *dflt[] = {"-DWANT_CPLUSPLUS=201703L", "-DCOMPAT_WANTED", NULL};
  ck_assert_uint_eq(parse_with(&c, NULL, compat, NULL, dflt), 0);
  /* the user's -std wins over the default; an arch clang lacks still
   * parses; -fopenmp is kept and accepted */
  const char *user[] = {"-DWANT_CPLUSPLUS=202002L", "-std=c++20", "-fopenmp",
                        NULL};
  ck_assert_uint_eq(parse_with(&c, NULL, NULL, "sm_130", user), 0);
  /* and the test can fail: a wrong expectation is an error */
  const char *wrong[] = {"-DWANT_CPLUSPLUS=201402L", NULL};
  ck_assert_uint_gt(parse_with(&c, NULL, NULL, NULL, wrong), 0);
  cu2cl_cuda_install_free(&c);
  free(compat);
}
END_TEST

/* Without a toolkit: a minimal cuda_runtime.h written here, so this test
 * does not depend on the state of cu2cl's own headers. */
START_TEST(test_parse_with_minimal_own_headers) {
  free(put("own/cuda_runtime.h",
           "#pragma once\n"
           "#define __global__ __attribute__((global))\n"
           "#define __device__ __attribute__((device))\n"
           "#define __host__ __attribute__((host))\n"
           "typedef unsigned long size_t;\n"
           "struct dim3 { unsigned x, y, z;\n"
           "  __host__ __device__ dim3(unsigned a = 1, unsigned b = 1,\n"
           "    unsigned c = 1) : x(a), y(b), z(c) {} };\n"
           "struct uint3 { unsigned x, y, z; };\n"
           "extern const __device__ uint3 threadIdx;\n"
           "typedef struct CUstream_st *cudaStream_t;\n"
           "typedef int cudaError_t;\n"
           "extern \"C\" unsigned __cudaPushCallConfiguration(dim3, dim3,\n"
           "  size_t = 0, cudaStream_t = 0);\n"
           "extern \"C\" cudaError_t cudaMalloc(void **, size_t);\n"
           "extern \"C\" cudaError_t cudaDeviceSynchronize(void);\n"));
  char *own = path_join(tmp, "own");
  const char *dflt[] = {"-DWANT_CPLUSPLUS=201703L", NULL};
  ck_assert_uint_eq(parse_with(NULL, own, NULL, NULL, dflt), 0);
  const char *user[] = {"-DWANT_CPLUSPLUS=201402L", "-std=c++14", NULL};
  ck_assert_uint_eq(parse_with(NULL, own, NULL, "sm_70", user), 0);
  free(own);
}
END_TEST

/* cu2cl's own headers (translator/cuda-include), when they are there. */
START_TEST(test_parse_with_cu2cl_headers) {
  const char *own = CU2CL_SOURCE_DIR "/translator/cuda-include";
  if (!path_exists(CU2CL_SOURCE_DIR "/translator/cuda-include/cuda_runtime.h"))
    return;
  const char *compat =
      CU2CL_SOURCE_DIR "/translator/cuda-include/cu2cl_host_compat.h";
  if (!path_exists(compat))
    compat = NULL;
  const char *dflt[] = {"-DWANT_CPLUSPLUS=201703L", NULL};
  ck_assert_uint_eq(parse_with(NULL, own, compat, NULL, dflt), 0);
}
END_TEST

/* ---- Errors ---- */

START_TEST(test_cuda_find_not_a_toolkit) {
  cu2cl_cuda_install c;
  char err[512];
  char *empty = path_join(tmp, "empty");
  ck_assert_int_eq(mkdir_p(empty), 0);
  ck_assert_int_eq(cu2cl_cuda_find(empty, &c, err, sizeof err), -1);
  ck_assert_ptr_null(c.path);
  char *want = xasprintf("'%s' is not a CUDA toolkit: it has no "
                         "include/cuda_runtime.h",
                         empty);
  ck_assert_str_eq(err, want);
  free(want);
  ck_assert_int_eq(cu2cl_cuda_find("/nonexistent/cuda", &c, err, sizeof err),
                   -1);
  ck_assert_str_eq(err, "'/nonexistent/cuda' is not a CUDA toolkit: No such "
                        "file or directory");
  char *noversion = fake_toolkit("nover", "/* no version */\n", NULL);
  ck_assert_int_eq(cu2cl_cuda_find(noversion, &c, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "cannot tell the CUDA version of") &&
                    strstr(err, noversion),
                "got: %s", err);
  free(empty), free(noversion);
}
END_TEST

/* Options at the end of the line without their value, empty lists and
 * odd spellings are dropped, never a crash. */
START_TEST(test_truncated_and_odd) {
  const char *ends[] = {"-I",      "-isystem", "-D",         "-include",
                        "-std",    "--std",    "-Xcompiler", "-o",
                        "-x",      "-arch",    "-gencode",   "--options-file",
                        "-Xptxas", "-MF",      "@",          "-"};
  for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
    const char *argv[] = {"nvcc", ends[i], NULL};
    translate(argv);
  }
  const char *odd[] = {"nvcc",  "-Xcompiler", ",,,", "-I-",
                       "-std=", "",           "-",   NULL};
  translate(odd);
  ck_assert_uint_eq(out.len, 0);
  ck_assert_ptr_null(arch);
  cu2cl_flags_translate(NULL, 0, "k.cu", DIR, &out, &arch);
  ck_assert_uint_eq(out.len, 0);
}
END_TEST

/* A response file that names itself ends, and does not hang. */
START_TEST(test_recursive_response_file) {
  free(put("proj/loop.rsp", "-DLOOP @loop.rsp"));
  char *dir = path_join(tmp, "proj");
  const char *argv[] = {"nvcc", "@loop.rsp", NULL};
  translate_in(dir, argv);
  ck_assert_uint_gt(out.len, 0);
  ck_assert_uint_le(out.len, 16);
  for (size_t i = 0; i < out.len; i++)
    ck_assert_str_eq(out.items[i], "-DLOOP");
  free(dir);
}
END_TEST

static Suite *flags_suite(void) {
  Suite *s = suite_create("flags");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, setup, teardown);
  tcase_set_timeout(core, 60);
  tcase_add_test(core, test_cmake_nvcc);
  tcase_add_test(core, test_bear_nvcc);
  tcase_add_test(core, test_clang_cuda);
  tcase_add_test(core, test_gcc_host);
  tcase_add_test(core, test_launchers);
  tcase_add_test(core, test_xcompiler_forms);
  tcase_add_test(core, test_std_forms);
  tcase_add_test(core, test_arch_forms);
  tcase_add_test(core, test_gencode_highest);
  tcase_add_test(core, test_arch_without_number);
  tcase_add_test(core, test_nvcc_dropped);
  tcase_add_test(core, test_build_intent);
  tcase_add_test(core, test_paths_made_absolute);
  tcase_add_test(core, test_defines);
  tcase_add_test(core, test_host_f_and_m_flags);
  tcase_add_test(core, test_response_files);
  tcase_add_test(core, test_language);
  tcase_add_test(core, test_docs_cover_table);
  tcase_add_test(core, test_cuda_find_requested);
  tcase_add_test(core, test_cuda_find_searched);
  tcase_add_test(core, test_cuda_find_installed);
  tcase_add_test(core, test_for_parse_lists);
  tcase_add_test(core, test_for_parse_drops_toolkit_includes);
  tcase_add_test(core, test_for_parse_arch_clamped);
  tcase_add_test(core, test_parse_with_toolkit);
  tcase_add_test(core, test_parse_with_minimal_own_headers);
  tcase_add_test(core, test_parse_with_cu2cl_headers);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, setup, teardown);
  tcase_add_test(errors, test_cuda_find_not_a_toolkit);
  tcase_add_test(errors, test_truncated_and_odd);
  tcase_add_test(errors, test_recursive_response_file);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(flags_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
