/* Device code as nvcc's device pass reads it: cu2cl parses a unit once,
 * host-side, where __CUDA_ARCH__ is undefined, so `#if __CUDA_ARCH__ ...`
 * inside a kernel or a __device__ function would keep its host branch and
 * the device branch would be lost. The unit's main file is read again with
 * the conditions of those directives (and only those: directives inside
 * functions that exist on the device alone) evaluated for the unit's
 * architecture, so the device emitter sees the device branch. */
#ifndef CU2CL_CUDA_ARCH_H
#define CU2CL_CUDA_ARCH_H

#include <clang-c/Index.h>
#include <stddef.h>

/* The value nvcc gives __CUDA_ARCH__ for "sm_80" (800); NULL or a name it
 * cannot read: the default architecture's. */
int cu2cl_cuda_arch_value(const char *arch);

/* A copy of the main file's text (len bytes, as tu was parsed from) with
 * every #if/#elif/#ifdef/#ifndef that reads __CUDA_ARCH__ inside the body
 * of a device-only function of the main file rewritten for __CUDA_ARCH__ =
 * value, each directive keeping its length (offsets, lines and columns do
 * not move); NULL when there is none. *count: directives rewritten. */
char *cu2cl_cuda_arch_device_view(CXTranslationUnit tu, const char *text,
                                  size_t len, int value, unsigned *count);

#endif
