/*
 * dev_kernarg: structs holding pointers as kernel parameters. Layer 7 of
 * the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_KERNARG_H
#define CU2CL_DEV_KERNARG_H

#include "dev_state.h"

/* 1 for a struct holding pointers: in its fields, in their arrays of any
 * rank, in member structs, in bases (a reference member or a Thrust
 * device_ptr is a pointer). */
int dev_record_has_pointers(CXType t);
/* The name of t's kernel-parameter mirror ("Name_kernarg", the struct's
 * layout with every pointer a ulong), emitted once with its
 * cu2cl_unpack_Name function. Caller frees. */
char *dev_kernarg_type(emitter *e, CXType t);

#endif
