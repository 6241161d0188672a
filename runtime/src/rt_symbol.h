/*
 * rt_symbol: device storage of __constant__ and __device__ variables.
 *
 * A cu2clSymbol's storage is an SVM allocation per device, made and
 * initialized (from sym->init, else zeros) on first use, and recorded in the
 * allocation table as RT_MEM_SYMBOL so that its address works with every
 * memcpy but cu2clFree refuses it. Kernels receive it as an SVM pointer.
 */
#ifndef CU2CL_RT_SYMBOL_H
#define CU2CL_RT_SYMBOL_H

#include "rt_device.h"

/* The storage of sym on dev, created on first use. */
cu2clError_t rt_symbol_storage(const cu2clSymbol *sym, rt_device *dev,
                               void **out);
/* Forgets every symbol's storage on dev; rt_mem_release_device frees it. */
void rt_symbol_release_device(rt_device *dev);

#endif
