/*
 * rt_source: what the translator's OpenCL C source says about a kernel,
 * and the build options of a program of one kernel (rt_program.c).
 */
#ifndef CU2CL_RT_SOURCE_H
#define CU2CL_RT_SOURCE_H

#include <stddef.h>

/* Whether source declares kernel name with warp operations
 * ("CU2CL_WARP_KERNEL __kernel void name("). */
int rt_is_warp_kernel(const char *source, const char *name);
/* Whether source declares kernel name as syncing the grid
 * ("CU2CL_GRID_KERNEL [CU2CL_WARP_KERNEL] __kernel void name("). */
int rt_is_grid_kernel(const char *source, const char *name);
/* Whether kernel name's parameters end with cu2cl_dynamic_shared_param. */
int rt_has_sized_shared(const char *source, const char *name);
/* Whether the source declares kernel name ("__kernel void name("). */
int rt_has_kernel(const char *source, const char *name);
/* Whether source guards kernel name with CU2CL_ONLY_KERNELS (dev_func.c). */
int rt_has_kernel_guard(const char *source, const char *name);
/* The build options of kernel name alone (NULL: every kernel) with its
 * dynamic shared memory sized for units (0: not sized); malloc'd, NULL
 * when out of memory. */
char *rt_kernel_options(const char *name, size_t units);

#endif
