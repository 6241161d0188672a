/*
 * dev_check: portability checks of warp-level code (CU2CL3004-3011).
 * Layer 8 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_CHECK_H
#define CU2CL_DEV_CHECK_H

#include "dev_state.h"

/* Checks fn once, whatever number of clones it is printed as; reports
 * without leaving comments in the output. */
void dev_check_warp_code(emitter *e, CXCursor fn);

#endif
