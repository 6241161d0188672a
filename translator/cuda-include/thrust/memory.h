/* cu2cl's own CUDA headers: thrust/memory.h
 *
 * Thrust's memory management entry header (Thrust API documentation,
 * "Memory Management"): device_ptr, device_reference, raw_pointer_cast,
 * device_malloc and device_free. Declarations only. */
#ifndef CU2CL_THRUST_MEMORY_H
#define CU2CL_THRUST_MEMORY_H

#include "device_free.h"
#include "device_malloc.h"
#include "device_ptr.h"
#include "device_reference.h"

#endif
