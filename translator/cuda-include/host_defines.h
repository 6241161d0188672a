/* cu2cl's own CUDA headers: host_defines.h
 *
 * Declares CUDA's execution-space, memory-space and function qualifiers
 * (CUDA C++ Programming Guide, "C++ Language Extensions": function execution
 * space specifiers, variable memory space specifiers, __launch_bounds__,
 * __grid_constant__, __restrict__) as the clang attributes that clang's CUDA
 * front end understands, so that kernels and device code parse host-side
 * exactly as with NVIDIA's headers. Written for cu2cl from the documented
 * API; only declarations, never compiled into code. */
#ifndef CU2CL_HOST_DEFINES_H
#define CU2CL_HOST_DEFINES_H

/* clang itself defines only __CUDA__; NVIDIA's wrapper path defines
 * __CUDACC__, which user code tests to find CUDA compilation. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif

/* Execution spaces. */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))

/* Memory spaces. */
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))

/* Inlining and function attributes. */
#define __forceinline__ __inline__ __attribute__((always_inline))
/* __noinline__ is not defined: clang knows it as a keyword in CUDA mode,
 * and a macro would break libstdc++'s __attribute__((__noinline__)). */
#define __no_return__ __attribute__((noreturn))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
/* clang has no register-limit attribute (it warns about NVIDIA's spelling
 * and ignores it), so __maxnreg__ is dropped. */
#define __maxnreg__(n)
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))

/* Alignment and aliasing. */
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __restrict__ __restrict

/* Markers NVIDIA's headers put on built-in types and runtime functions;
 * they carry no meaning for a host-side parse. */
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define CUDARTAPI
#define CUDARTAPI_CDECL

#endif /* CU2CL_HOST_DEFINES_H */
