/*
 * dev_func: one function printed as OpenCL C (prototype and definition).
 * Layer 21 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_FUNC_H
#define CU2CL_DEV_FUNC_H

#include "dev_state.h"

/* Analyses and prints e->fns[idx]: its prototype goes to e->protos, its
 * definition to e->bodies. Printing may queue more clones. */
void dev_emit_function(emitter *e, size_t idx);

#endif
