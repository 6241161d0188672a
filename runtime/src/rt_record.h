/*
 * rt_record: the launch record, what a run's launches need built, for the
 * build ahead (cu2clPrebuild, docs/runtime.md "Building ahead").
 *
 * With CU2CL_RECORD_LAUNCHES=DIR each distinct launch shape of a program
 * (its kernel, block, whether the grid is narrow, its dynamic shared memory
 * in 16-byte units) is kept in memory and, at the process's exit, merged
 * into DIR/<program name>.launches (DIR is created if missing; the lines
 * already there stay), so that several runs add up. One line per shape:
 *
 *     kernel LX LY LZ small|large UNITS
 *
 * `small`: every dimension of the grid is under 65535 work-items (PoCL
 * builds a work-group function per block and per grid class). UNITS: the
 * dynamic shared memory of a kernel whose size can be built in, 0 else.
 */
#ifndef CU2CL_RT_RECORD_H
#define CU2CL_RT_RECORD_H

#include <stddef.h>

#include "cu2clrt.h"

typedef struct rt_launch_shape {
  char kernel[512]; /* longer names are not recorded */
  size_t local[3];
  int large; /* some dimension of the grid is 65535 work-items or more */
  size_t units;
} rt_launch_shape;

/* Whether CU2CL_RECORD_LAUNCHES names a directory (read once). */
int rt_record_on(void);
/* Notes a launch of ref (global and local sizes in work-items, units of
 * sized dynamic shared memory or 0) when recording is on. */
void rt_record_launch(const cu2clKernelRef *ref, const size_t global[3],
                      const size_t local[3], size_t units);
/* Reads a launch record; *out (malloc'd, the caller frees) gets its *n
 * shapes. A missing file is an empty record. Returns 0, -1 when the file
 * cannot be read or a line is not a shape. */
int rt_record_read(const char *path, rt_launch_shape **out, size_t *n);
/* POCL_BINARY_SPECIALIZE_WG for the n shapes of s of grid class grid
 * ("small" or "large"; NULL or empty: every shape), each once:
 * "LX-LY-LZ-goffs0[-smallgrid]", comma-separated (cu2clrt launches at
 * offset 0; PoCL's narrow-grid variant is for grids under 65535 work-items
 * in every dimension). malloc'd; NULL when empty or out of memory. */
char *rt_record_pocl_shapes(const rt_launch_shape *s, size_t n,
                            const char *grid);

#endif
