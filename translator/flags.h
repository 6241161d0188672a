/*
 * flags: compiler command lines to the flags cu2cl parses with.
 *
 * Compile commands come from nvcc as often as from clang or g++. This module
 * maps each argument of a recorded command to the equivalent clang flag or
 * drops it (never fails on one): -I/-isystem/-D/-U/-include/-std/-x cu/
 * -Xcompiler/--compiler-options (unwrapped), --std=, -arch/-gencode/
 * --gpu-architecture/--cuda-gpu-arch (recorded as the architecture),
 * -rdc/-dc/--expt-relaxed-constexpr/--expt-extended-lambda/-ccbin/-lineinfo/
 * -G/-O<n>/-o/-c/-M<x> and other output/codegen-only flags (dropped).
 * It also finds the CUDA toolkit and builds the final argument list for
 * libclang (parse as nvcc would; see DESIGN.md, Pipeline 1).
 */
#ifndef CU2CL_FLAGS_H
#define CU2CL_FLAGS_H

#include "util.h"

/* The language a compile command compiles its source as. */
typedef enum cu2cl_lang {
  CU2CL_LANG_CUDA = 0, /* .cu/.cuh, or -x cu / -x cuda */
  CU2CL_LANG_CXX = 1,  /* host C++ (.cpp, .cc, ...; nvcc compiles it as C++) */
  CU2CL_LANG_C = 2     /* host C (.c, or -x c) */
} cu2cl_lang;

/* Translates argv (argv[0] is the compiler; the source file and -o/-c are
 * dropped). source: the file being compiled (dropped from the list when met),
 * directory: the command's working directory (relative -I paths become
 * absolute). Appends the kept flags to out; *arch_out receives a heap string
 * like "sm_80" when an architecture flag was seen (else left untouched). */
void cu2cl_flags_translate(const char *const *argv, size_t argc,
                           const char *source, const char *directory,
                           strvec *out, char **arch_out);

/* What argv compiles source as: the last -x (cu/cuda, c++, c) wins, else the
 * extension (.cu/.cuh CUDA, .c C, anything else C++). nvcc compiles .cpp
 * files as host C++ unless given -x cu, and so does this. directory: where
 * relative response files (@file) are read from. */
/* What a compile command says of the build it wants, which the port's
 * build keeps (docs/flags.md): the optimization level (-1: none given),
 * --use_fast_math, relocatable device code (-rdc=true, -dc). */
typedef struct cu2cl_build_intent {
  int opt_level;
  int fast_math;
  int rdc;
  int openmp; /* -fopenmp (nvcc's -Xcompiler -fopenmp): host OpenMP */
  int nvcc;   /* the compiler is nvcc: it defines __NVCC__ (and, with
                 -rdc, __CUDACC_RDC__), which the parse and the port keep */
} cu2cl_build_intent;
cu2cl_build_intent cu2cl_flags_intent(const char *const *argv, size_t argc,
                                      const char *directory);

cu2cl_lang cu2cl_flags_language(const char *const *argv, size_t argc,
                                const char *source, const char *directory);

/* The i-th option of the mapping table (spellings such as "-Xcompiler" or
 * "--generate-code"), NULL past the end; docs/flags.md documents each. */
const char *cu2cl_flags_option_name(size_t i);

typedef struct cu2cl_cuda_install {
  char *path;        /* toolkit root (has include/cuda_runtime.h), or NULL */
  int version_major; /* from include/cuda_runtime_api.h CUDART_VERSION */
  int version_minor;
} cu2cl_cuda_install;

/* Finds a toolkit: requested (a directory; "none" means use cu2cl's own
 * headers) else $CUDA_PATH, $CUDA_HOME, /usr/local/cuda, /opt/cuda. Returns 0
 * and fills out (path NULL when none is to be used); -1 when a requested
 * directory is not a toolkit (err says why). */
int cu2cl_cuda_find(const char *requested, cu2cl_cuda_install *out, char *err,
                    size_t errlen);
void cu2cl_cuda_install_free(cu2cl_cuda_install *c);

/* The full clang argument list for parsing one file host-side:
 *   -x cuda --cuda-host-only --cuda-gpu-arch=ARCH (arch or the default
 *   sm_80) -std=c++17 (unless user flags give -std) -Wno-unknown-cuda-version
 *   and, with a toolkit: --cuda-path=P -isystem P/include/cccl
 *   -D__CUDACC_VER_MAJOR__=M -D__CUDACC_VER_MINOR__=m
 *   without one: -nocudainc -nocudalib -isystem OWN_HEADERS
 *   -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=0 -include cuda_runtime.h
 *   then -include HOST_COMPAT (nvcc's host min/max), then user_flags.
 * own_headers: directory of cu2cl's CUDA declaration headers; host_compat:
 * path of the header giving host code nvcc's integer min/max. */
void cu2cl_flags_for_parse(const cu2cl_cuda_install *cuda,
                           const char *own_headers, const char *host_compat,
                           const char *arch, const strvec *user_flags,
                           strvec *out);

#define CU2CL_DEFAULT_ARCH "sm_80"

#endif
