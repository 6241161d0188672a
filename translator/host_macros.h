/*
 * host_macros: the CUDA header macros a port keeps.
 *
 * User code tests CUDA's include guards (helper headers define their error
 * checks under #ifdef __DRIVER_TYPES_H__) and version macros (#if
 * CUDART_VERSION >= 11000). The translated file no longer includes CUDA's
 * headers, so it defines those of a documented list (host_macros.c,
 * docs/usage.md) that the host parse had from a CUDA header, with the
 * value the parse saw. The compiler's own macros (__CUDACC__, __NVCC__)
 * are renamed in the project's files and defined, renamed, by each
 * translated unit.
 */
#ifndef CU2CL_HOST_MACROS_H
#define CU2CL_HOST_MACROS_H

#include <clang-c/Index.h>

/* "#define NAME VALUE\n" for each listed macro the parse of tu had from a
 * header under cuda_dirs (NULL-terminated); "" when none. Caller frees. */
char *cu2cl_cuda_header_macros(CXTranslationUnit tu,
                               const char *const *cuda_dirs);

/* The port's name of one of the CUDA compiler's own macros (__CUDACC__ ->
 * CU2CL_CUDACC; host_macros.c lists them), or NULL for another name. */
const char *cu2cl_compiler_macro_port_name(const char *name);

/* "#define PORT_NAME VALUE\n" for each of the compiler's macros the parse
 * of tu had (predefined, from the command line or from a CUDA or system
 * header); "" when none. cuda 0: tu is a host C/C++ unit, which the parse
 * read as CUDA but its compiler did not (nvcc compiles a .cpp file as
 * C++): only __NVCC__. Caller frees. */
char *cu2cl_compiler_macros(CXTranslationUnit tu, const char *const *cuda_dirs,
                            int cuda);

#endif
