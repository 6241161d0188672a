/*
 * dev_check: portability checks of warp-level code (CU2CL3004-3011, 3014).
 * Layer 13 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_CHECK_H
#define CU2CL_DEV_CHECK_H

#include "dev_state.h"

/* Checks fn once, whatever number of clones it is printed as; reports
 * without leaving comments in the output. */
void dev_check_warp_code(emitter *e, CXCursor fn);

/* Warns (CU2CL3014) at each warp collective with the full or a computed
 * mask in region[0..n) when cond, under which the region runs, differs
 * between the lanes of a warp. */
void dev_check_divergent(emitter *e, CXCursor cond, CXCursor *region,
                         unsigned n);

#endif
