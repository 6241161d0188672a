/* cu2cl's own CUDA headers: device_double_functions.h
 *
 * NVIDIA's header of this name declares the double precision intrinsics;
 * here they are in device_functions.h, which this includes so that code
 * including either name parses. */
#ifndef CU2CL_DEVICE_DOUBLE_FUNCTIONS_H
#define CU2CL_DEVICE_DOUBLE_FUNCTIONS_H

#include "device_functions.h"

#endif /* CU2CL_DEVICE_DOUBLE_FUNCTIONS_H */
