/* cu2cl's own CUDA headers: cuda_pipeline_primitives.h
 *
 * Declares the pipeline primitives (CUDA C++ Programming Guide,
 * "Asynchronous Data Copies", "Pipeline Primitives Interface"): a thread
 * starts asynchronous copies of 4, 8 or 16 bytes from global into shared
 * memory (__pipeline_memcpy_async, the last zfill bytes of the destination
 * zero-filled), closes a batch of them (__pipeline_commit) and waits until
 * at most `prior` batches are still in flight (__pipeline_wait_prior).
 * Written for cu2cl from the documented API; declarations only. */
#ifndef CU2CL_CUDA_PIPELINE_PRIMITIVES_H
#define CU2CL_CUDA_PIPELINE_PRIMITIVES_H

#include "host_defines.h"

__device__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                        const void *__restrict__ src_global,
                                        unsigned long size_and_align,
                                        unsigned long zfill = 0);
__device__ void __pipeline_commit();
__device__ void __pipeline_wait_prior(unsigned long prior);

#endif /* CU2CL_CUDA_PIPELINE_PRIMITIVES_H */
