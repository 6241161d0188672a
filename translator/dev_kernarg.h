/*
 * dev_kernarg: structs holding pointers as kernel parameters. Layer 7 of
 * the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_KERNARG_H
#define CU2CL_DEV_KERNARG_H

#include "dev_state.h"

/* 1 for a struct with (possibly nested) pointer fields. */
int dev_record_has_pointers(CXType t);
/* The name of t's kernel-parameter mirror, emitted once with its
 * cu2cl_unpack_ function. Caller frees. */
char *dev_kernarg_type(emitter *e, CXType t);

#endif
