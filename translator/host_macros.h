/*
 * host_macros: the CUDA header macros a port keeps.
 *
 * User code tests CUDA's include guards (helper headers define their error
 * checks under #ifdef __DRIVER_TYPES_H__) and version macros (#if
 * CUDART_VERSION >= 11000). The translated file no longer includes CUDA's
 * headers, so it defines those of a documented list (host_macros.c,
 * docs/usage.md) that the host parse had from a CUDA header, with the
 * value the parse saw.
 */
#ifndef CU2CL_HOST_MACROS_H
#define CU2CL_HOST_MACROS_H

#include <clang-c/Index.h>

/* "#define NAME VALUE\n" for each listed macro the parse of tu had from a
 * header under cuda_dirs (NULL-terminated); "" when none. Caller frees. */
char *cu2cl_cuda_header_macros(CXTranslationUnit tu,
                               const char *const *cuda_dirs);

#endif
