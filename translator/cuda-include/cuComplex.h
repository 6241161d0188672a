/* cu2cl's own CUDA headers: cuComplex.h
 *
 * Single- and double-precision complex numbers, the types of cuBLAS's and
 * cuFFT's documentation: cuFloatComplex is float2 and cuDoubleComplex
 * double2 (real part x, imaginary part y), cuComplex is cuFloatComplex,
 * and every function is __host__ __device__. Written for cu2cl;
 * declarations only, their names and signatures checked against a
 * toolkit. The rows of rules/device_complex.def translate them in device
 * code; in the port, host code gets runtime/include/cu2clrt_complex.h. */
#ifndef CU2CL_CU_COMPLEX_H
#define CU2CL_CU_COMPLEX_H
/* CUDA's own include guard, which user code tests */
#define CU_COMPLEX_H_

#include "host_defines.h"
#include "vector_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef float2 cuFloatComplex;

__host__ __device__ float cuCrealf(cuFloatComplex x);
__host__ __device__ float cuCimagf(cuFloatComplex x);
__host__ __device__ cuFloatComplex make_cuFloatComplex(float r, float i);
__host__ __device__ cuFloatComplex cuConjf(cuFloatComplex x);
__host__ __device__ cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y);
__host__ __device__ float cuCabsf(cuFloatComplex x);

typedef double2 cuDoubleComplex;

__host__ __device__ double cuCreal(cuDoubleComplex x);
__host__ __device__ double cuCimag(cuDoubleComplex x);
__host__ __device__ cuDoubleComplex make_cuDoubleComplex(double r, double i);
__host__ __device__ cuDoubleComplex cuConj(cuDoubleComplex x);
__host__ __device__ cuDoubleComplex cuCadd(cuDoubleComplex x,
                                           cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCsub(cuDoubleComplex x,
                                           cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCmul(cuDoubleComplex x,
                                           cuDoubleComplex y);
__host__ __device__ cuDoubleComplex cuCdiv(cuDoubleComplex x,
                                           cuDoubleComplex y);
__host__ __device__ double cuCabs(cuDoubleComplex x);

#ifdef __cplusplus
}
#endif

typedef cuFloatComplex cuComplex;

__host__ __device__ cuComplex make_cuComplex(float x, float y);
__host__ __device__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c);
__host__ __device__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c);
__host__ __device__ cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d);
__host__ __device__ cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                           cuDoubleComplex d);

#endif
