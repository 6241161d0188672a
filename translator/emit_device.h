/*
 * emit_device: CUDA device code printed as OpenCL C 1.2.
 *
 * Input: the kernels of one translation unit to emit (definitions, template
 * specializations included: visiting a specialization walks its
 * instantiated body with concrete types). The emitter walks each kernel's
 * body, and the device functions it reaches, and prints them from the AST:
 * statements and expressions one by one, CUDA built-ins and device
 * functions through rules/device_functions.def, types through the type map
 * below, comments and `#pragma unroll` carried over from the source.
 *
 * Address spaces: kernel pointer parameters are __global; __shared__ is
 * __local; __constant__ variables become __constant kernel parameters and
 * __device__ variables __global ones ("implicit parameters", passed down to
 * the device functions that use them); a pointer variable takes the space of
 * what initializes it; a device function that receives pointers into
 * different spaces is emitted once per combination (names suffixed with
 * one letter per pointer parameter: g, l, p, c).
 */
#ifndef CU2CL_EMIT_DEVICE_H
#define CU2CL_EMIT_DEVICE_H

#include <clang-c/Index.h>

#include "diag.h"
#include "util.h"

typedef enum cu2cl_arg_kind {
  CU2CL_KARG_VALUE,  /* passed by value (scalars, structs) */
  CU2CL_KARG_DEVPTR, /* a device pointer */
  CU2CL_KARG_LOCAL,  /* dynamic shared memory (size from the launch) */
  CU2CL_KARG_SYMBOL, /* a __constant__ / __device__ variable */
  CU2CL_KARG_DEVRT   /* cu2clrt's device runtime block (assert, clock, heap) */
} cu2cl_arg_kind;

typedef struct cu2cl_kernel_param {
  cu2cl_arg_kind kind;
  char *host_type; /* C++ type for the host stub ("const float *") */
  char *name;      /* parameter or symbol name */
} cu2cl_kernel_param;

typedef struct cu2cl_kernel_spec {
  char *usr;          /* USR of the emitted FunctionDecl */
  char *template_usr; /* USR of its primary template (= usr if none) */
  char *cl_name;      /* OpenCL kernel name */
  char *display;      /* CUDA spelling, e.g. "reduce<float, 256>" */
  char *cuda_name;    /* the kernel's name, e.g. "reduce" */
  /* For specializations of a kernel template: the template's parameter
   * list as written ("typename T, unsigned int B"), this specialization's
   * arguments ("float, 256u") and the template's function parameters as
   * written ("const T *in"). NULL/empty for plain kernels. */
  char *tpl_params;
  char *tpl_args;
  strvec pattern_params;
  /* For a specialization taking the closure of a lambda written in host
   * code: the C++ condition on the template's parameters that selects it
   * in the stub's generic definition (a closure type has no name to
   * specialize for); NULL otherwise. */
  char *closure_cond;
  /* Where the stub of a specialization goes when a type it names is
   * declared after the kernel (a functor defined in the .cu file that
   * includes the kernel's header): the file and the offset of the line
   * after that type's top-level declaration; NULL: with the kernel. */
  char *stub_file;
  unsigned stub_at;
  int uses_warp;  /* warp operations (itself or in callees) */
  int syncs_grid; /* a grid-wide sync (itself or in callees) */
  /* The C++ name of its cu2clKernelRef in host code. An ordinary kernel
   * with external linkage can be launched from other translation units:
   * its ref and launch stub are then external symbols, named from the
   * kernel's linkage name (external set), which every unit can compute
   * from a mere declaration (cu2cl_kernel_ref_name). */
  char *ref_name;
  int external;
  cu2cl_kernel_param *params;
  size_t nparams;
} cu2cl_kernel_spec;

/* A __constant__ / __device__ variable the kernels use. */
typedef struct cu2cl_symbol_use {
  char *usr;
  char *name;
} cu2cl_symbol_use;

/* A lambda written in host code whose closure a kernel template takes
 * (nvcc's extended __device__ lambda). Host code wraps it as
 * cu2cl_closure_at<id, tag>(...), which records which lambda made the closure
 * type for the launch stub (cu2clrt.h); a __device__-only lambda's body,
 * which host code cannot compile, becomes one naming the same captures in
 * the same order, so the closure keeps its layout. */
typedef struct cu2cl_host_lambda {
  char *file;                    /* where it is written */
  unsigned begin, end;           /* the lambda expression (file offsets) */
  unsigned body_begin, body_end; /* its body */
  unsigned long id;
  char *tag;  /* the instantiation of its function as a type, in terms of
                 the template's parameters ("cu2cl_closure_tag<T>", "void") */
  char *body; /* the body host code gets; NULL: its own */
} cu2cl_host_lambda;

typedef struct cu2cl_device_unit {
  char *cl_source; /* the whole .cl file */
  cu2cl_kernel_spec *kernels;
  size_t nkernels;
  cu2cl_host_lambda *lambdas;
  size_t nlambdas;
  size_t errors; /* constructs that could not be translated */
  /* symbols that functions of other units use and this unit does not
   * declare (separate compilation): "a::b::name", for host code to
   * declare extern */
  strvec extern_syms;
} cu2cl_device_unit;

typedef struct cu2cl_device_opts {
  const char *prelude;     /* text pasted after the header, may be NULL */
  const char *source_name; /* the CUDA file, for the header comment */
  int warp_size;
  /* The definition of a function this unit declares but does not define
   * (decl, external linkage), from another unit of the project (separate
   * compilation: nvcc -rdc / -dc), or a null cursor; NULL: none looked for.
   * Its cursors must stay valid until the emitter returns. */
  CXCursor (*find_definition)(void *ctx, CXCursor decl);
  void *find_ctx;
} cu2cl_device_opts;

/* Emits the given kernels (definitions; specializations allowed). Returns 0
 * when everything was translated, else the number of errors reported. The
 * caller releases out with cu2cl_device_unit_free. */
int cu2cl_emit_device(CXTranslationUnit tu, const CXCursor *kernels,
                      size_t nkernels, const cu2cl_device_opts *opts,
                      cu2cl_diag_engine *diags, cu2cl_device_unit *out);
void cu2cl_device_unit_free(cu2cl_device_unit *u);

/* The OpenCL name for a function or kernel specialization: the CUDA name,
 * followed by the template arguments for specializations
 * ("reduce_float_256"). Caller frees. */
char *cu2cl_specialization_name(CXCursor fn);

/* 1 when decl (any declaration of a kernel) is an ordinary kernel with
 * external linkage: not a template specialization, not static, not in an
 * anonymous namespace. */
int cu2cl_kernel_is_external(CXCursor decl);

/* The host name of the cu2clKernelRef of an external kernel, from any of
 * its declarations ("cu2cl_kernel_" and its linkage name). Caller frees. */
char *cu2cl_kernel_ref_name(CXCursor decl);

#endif
