/* cu2cl's own CUDA headers: device_launch_parameters.h
 *
 * Declares the built-in variables of device code (CUDA C++ Programming
 * Guide, "Built-in Variables"): threadIdx and blockIdx (uint3), blockDim and
 * gridDim (dim3), and warpSize (int). They are ordinary __device__ variables
 * here, so `threadIdx.x` parses as a member reference whose base is a
 * reference to the variable `threadIdx`, the shape cu2cl's model looks for.
 * Being const, they cannot be assigned, as in CUDA. warpSize is 32 on every
 * NVIDIA GPU; it is a constant here as in clang's own CUDA headers. */
#ifndef CU2CL_DEVICE_LAUNCH_PARAMETERS_H
#define CU2CL_DEVICE_LAUNCH_PARAMETERS_H
/* CUDA's own include guard, which user code tests */
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "vector_types.h"

extern __device__ const uint3 threadIdx;
extern __device__ const uint3 blockIdx;
extern __device__ const dim3 blockDim;
extern __device__ const dim3 gridDim;
__device__ const int warpSize = 32;

#endif /* CU2CL_DEVICE_LAUNCH_PARAMETERS_H */
