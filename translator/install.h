/*
 * install: where cu2cl finds what it ships beside itself.
 *
 * Everything is found relative to the running executable
 * (/proc/self/exe): PREFIX is the directory above the one holding it, and
 *
 *   PREFIX/share/cu2cl/cuda-include    cu2cl's own CUDA headers
 *   PREFIX/include/cu2clrt             cu2clrt's headers
 *   PREFIX/LIBDIR/libcu2clrt.so        cu2clrt (LIBDIR as installed, or lib)
 *   PREFIX/LIBDIR/cmake/cu2clrt        its CMake package
 *   PREFIX/DOCDIR                      the docs (share/doc/cu2cl)
 *
 * The build tree is laid out the same way (cmake/install.cmake), so the
 * build-tree binary and an installed one find their own files, with no
 * source or build path compiled in. The environment overrides each path:
 * CU2CL_CUDA_INCLUDE, CU2CL_RUNTIME_INCLUDE_DIR, CU2CL_RUNTIME_LIBRARY.
 * The strings live as long as the process; the first call computes them
 * (thread-safe).
 */
#ifndef CU2CL_INSTALL_H
#define CU2CL_INSTALL_H

#include <stdio.h>

/* PREFIX (absolute, no trailing slash). */
const char *cu2cl_install_prefix(void);

/* cu2cl's own CUDA headers (the directory holding cuda_runtime.h). */
const char *cu2cl_own_cuda_include(void);

/* Where cu2clrt's header directory and library are. */
const char *cu2cl_runtime_include_dir(void);
const char *cu2cl_runtime_library(void);

/* 1 when CU2CL_RUNTIME_LIBRARY names the library (the written project then
 * links it directly rather than finding the cu2clrt package). */
int cu2cl_runtime_overridden(void);

/* The directory holding cu2clrtConfig.cmake. */
const char *cu2cl_runtime_package_dir(void);

/* cu2cl's docs (usage.md, diagnostics.md), which SARIF reports point at. */
const char *cu2cl_docs_dir(void);

/* Prints where each path above comes from (for --version), marking the
 * ones that do not exist. */
void cu2cl_install_describe(FILE *out);

#endif
