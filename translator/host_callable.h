/*
 * host_callable: whether a __device__-only member function can stay in
 * host code.
 *
 * Host code drops __device__ functions. A function object's __device__
 * operator() is the exception worth keeping: CUB and Thrust calls that
 * cu2clrt computes on the host (a user's operator) call it there. It stays
 * when its body could have been __host__ __device__: it refers to nothing
 * that is device-only (CUDA's built-in variables, __device__/__shared__/
 * __constant__ variables, __device__ functions other than members kept by
 * the same rule) and holds no inline assembly. Called by emit_host.
 */
#ifndef CU2CL_HOST_CALLABLE_H
#define CU2CL_HOST_CALLABLE_H

#include <clang-c/Index.h>

/* 1 when fn (a __device__-only method or method template of a class) may
 * be kept in host code, as above. */
int cu2cl_host_callable_method(CXCursor fn);

#endif
