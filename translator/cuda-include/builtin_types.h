/* cu2cl's own CUDA headers: builtin_types.h
 *
 * Collects the types CUDA makes available everywhere: the runtime's data
 * types (driver_types.h) and the built-in vector types (vector_types.h). */
#ifndef CU2CL_BUILTIN_TYPES_H
#define CU2CL_BUILTIN_TYPES_H

#include "driver_types.h"
#include "vector_types.h"

#endif /* CU2CL_BUILTIN_TYPES_H */
