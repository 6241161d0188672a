/*
 * host_symbols: CUDA's __constant__ and __device__ variables as the host
 * side of a port sees them. Each becomes a runtime symbol (cu2clSymbol,
 * runtime/include/cu2clrt.h): its name, its size and its initial bytes;
 * the runtime owns its device storage, and launch stubs pass it to the
 * kernels that use it. A variable template of such variables becomes a
 * variable template of symbols, so that mask<float> names one symbol per
 * specialization in host code as it named one variable before.
 */
#ifndef CU2CL_HOST_SYMBOLS_H
#define CU2CL_HOST_SYMBOLS_H

#include <clang-c/Index.h>

/* The declaration replacing the variable var: "static cu2clSymbol x =
 * {...};", after a constant holding its initial value when init (the
 * initializer's source text) is not NULL. A const variable that host code
 * may read (cx_keeps_host_value) stays a host constant under its name, and
 * the symbol is cu2cl_symbol_x. shared (separate compilation,
 * a variable with external linkage): the units share one symbol, so it
 * is "cu2clSymbol x = {...};" where var is a definition and "extern
 * cu2clSymbol x;" where it is only declared. Caller frees. */
char *cu2cl_host_symbol(CXCursor var, const char *init, int shared);

/* For a __constant__ or __device__ variable template without initializer
 * (template <typename T> __constant__ T mask[N];): its replacement,
 * "template <typename T> static cu2clSymbol mask = {...};". NULL for any
 * other declaration. Caller frees. */
char *cu2cl_host_symbol_template(CXTranslationUnit tu, CXCursor c);

#endif
