/* cu2cl's own CUDA headers: cuda_profiler_api.h
 *
 * Profiler control (CUDA Runtime API reference, "Profiler Control").
 * Written for cu2cl from the documented API; parsed, never compiled. */
#ifndef CU2CL_CUDA_PROFILER_API_H
#define CU2CL_CUDA_PROFILER_API_H
/* CUDA's own include guard, which user code tests */
#define __CUDA_PROFILER_API_H__

#include "cuda_runtime_api.h"

__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);

#endif
