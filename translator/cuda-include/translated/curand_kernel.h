/*
 * curand_kernel.h (cu2cl's own): cuRAND's device API as cuRAND documents
 * it, for the generators XORWOW (curandState), Philox4_32_10 and MRG32k3a
 * and their uniform, normal and log-normal distributions, defined in CUDA
 * C++ in cu2cl_curand/, which the device emitter translates with the
 * kernels that call it: a port draws cuRAND's numbers. Host code sees the
 * same state structs (cu2clrt_curand.h) to allocate and pass them.
 *
 * This directory comes before a toolkit's (flags.c), and this header is
 * used with a toolkit too: the toolkit's device code cannot be translated,
 * and nothing else of the toolkit includes it, so there is nothing for an
 * include_next to join (unlike CUB under a toolkit's Thrust). What cu2cl
 * does not implement (Poisson and discrete distributions, Sobol, MTGP32)
 * is declared in cu2cl_curand/unsupported.cuh, and every use is reported.
 */
#ifndef CU2CL_OWN_CURAND_KERNEL_H
#define CU2CL_OWN_CURAND_KERNEL_H
/* the toolkit header's guard, which some programs test */
#define CURAND_KERNEL_H_

#include "cuda_runtime.h"

#include "cu2cl_curand/distributions.cuh"
#include "cu2cl_curand/mrg32k3a.cuh"
#include "cu2cl_curand/philox.cuh"
#include "cu2cl_curand/unsupported.cuh"
#include "cu2cl_curand/xorwow.cuh"

#endif
