/*
 * dev_special: statements the device emitter lowers by their meaning, not
 * their form: a device assert (message, failure count for the runtime,
 * return) and inline PTX (a special-register read as OpenCL C, other
 * assembly kept for NVIDIA's OpenCL). Layer 18 of the device emitter
 * (dev_state.h).
 */
#ifndef CU2CL_DEV_SPECIAL_H
#define CU2CL_DEV_SPECIAL_H

#include "dev_state.h"

/* Prints statement s when it is one of these (an assert's expression, a
 * GCCAsmStmt) and returns 1; returns 0, printing nothing, otherwise. */
int dev_print_special(emitter *e, CXCursor s);

#endif
