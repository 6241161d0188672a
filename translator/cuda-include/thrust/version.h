/* cu2cl's own CUDA headers: thrust/version.h
 *
 * Thrust's version macros (Thrust API documentation, "Version"), at the
 * level of the Thrust that CUDA 13.0 ships (CCCL 3.0). Declarations only:
 * these headers let cu2cl parse Thrust code without a CUDA toolkit. */
#ifndef CU2CL_THRUST_VERSION_H
#define CU2CL_THRUST_VERSION_H

#define THRUST_VERSION 300001
#define THRUST_MAJOR_VERSION (THRUST_VERSION / 100000)
#define THRUST_MINOR_VERSION (THRUST_VERSION / 100 % 1000)
#define THRUST_SUBMINOR_VERSION (THRUST_VERSION % 100)
#define THRUST_PATCH_NUMBER 0

#endif
