/* cu2cl's own CUDA headers: cu2cl_host_compat.h
 *
 * What nvcc gives host code beyond the documented headers: the global
 * min/max overloads of CUDA's math functions are __host__ __device__ under
 * nvcc, so `int m = min(a, b);` in main() compiles there, while clang's CUDA
 * headers declare them for device code only. cu2cl force-includes this file
 * after cuda_runtime.h (its own or NVIDIA's) so host code parses as with
 * nvcc. The overloads are __host__ only: clang keeps them apart from the
 * __device__ ones of the same signature, and as non-templates they never
 * compete with std::min/std::max. Spelled with the attribute itself, not
 * __host__, so that it does not depend on which host_defines.h is in use. */
#ifndef CU2CL_HOST_COMPAT_H
#define CU2CL_HOST_COMPAT_H

/* nvcc's device pass includes <new> with CUDA's headers
 * (crt/common_functions.h), so CUB and user code use placement new
 * without including it; clang's host-side parse would not have it. */
#include <new>
/* ... and, for device code, placement new itself (clang keeps __device__
 * functions apart from host ones of the same signature). */
__attribute__((device)) inline void *operator new(__SIZE_TYPE__,
                                                  void *p) noexcept {
  return p;
}
__attribute__((device)) inline void *operator new[](__SIZE_TYPE__,
                                                    void *p) noexcept {
  return p;
}

__attribute__((host)) int min(int a, int b);
__attribute__((host)) unsigned int min(unsigned int a, unsigned int b);
__attribute__((host)) unsigned int min(int a, unsigned int b);
__attribute__((host)) unsigned int min(unsigned int a, int b);
__attribute__((host)) long int min(long int a, long int b);
__attribute__((host)) unsigned long int min(unsigned long int a,
                                            unsigned long int b);
__attribute__((host)) unsigned long int min(long int a, unsigned long int b);
__attribute__((host)) unsigned long int min(unsigned long int a, long int b);
__attribute__((host)) long long int min(long long int a, long long int b);
__attribute__((host)) unsigned long long int min(unsigned long long int a,
                                                 unsigned long long int b);
__attribute__((host)) unsigned long long int min(long long int a,
                                                 unsigned long long int b);
__attribute__((host)) unsigned long long int min(unsigned long long int a,
                                                 long long int b);
__attribute__((host)) float min(float a, float b);
__attribute__((host)) double min(double a, double b);
__attribute__((host)) double min(float a, double b);
__attribute__((host)) double min(double a, float b);

__attribute__((host)) int max(int a, int b);
__attribute__((host)) unsigned int max(unsigned int a, unsigned int b);
__attribute__((host)) unsigned int max(int a, unsigned int b);
__attribute__((host)) unsigned int max(unsigned int a, int b);
__attribute__((host)) long int max(long int a, long int b);
__attribute__((host)) unsigned long int max(unsigned long int a,
                                            unsigned long int b);
__attribute__((host)) unsigned long int max(long int a, unsigned long int b);
__attribute__((host)) unsigned long int max(unsigned long int a, long int b);
__attribute__((host)) long long int max(long long int a, long long int b);
__attribute__((host)) unsigned long long int max(unsigned long long int a,
                                                 unsigned long long int b);
__attribute__((host)) unsigned long long int max(long long int a,
                                                 unsigned long long int b);
__attribute__((host)) unsigned long long int max(unsigned long long int a,
                                                 long long int b);
__attribute__((host)) float max(float a, float b);
__attribute__((host)) double max(double a, double b);
__attribute__((host)) double max(float a, double b);
__attribute__((host)) double max(double a, float b);

/* The cache-hinted loads and stores clang's CUDA headers leave out (they
 * define __ldg, __ldcg, __ldcs and __ldcv over inline PTX; CUDA's
 * sm_32_intrinsics.h, which they replace, has the rest): declared for any
 * type, the value's type taken from the pointer as CUDA's overloads do.
 * cu2cl's own sm_32_intrinsics.h declares them all. */
#ifndef CU2CL_SM_32_INTRINSICS_H
template <class T> struct cu2cl_hint_value { typedef T type; };
template <class T> __attribute__((device)) T __ldca(const T *ptr);
template <class T> __attribute__((device)) T __ldlu(const T *ptr);
template <class T>
__attribute__((device)) void __stcg(T *ptr,
                                    typename cu2cl_hint_value<T>::type value);
template <class T>
__attribute__((device)) void __stcs(T *ptr,
                                    typename cu2cl_hint_value<T>::type value);
template <class T>
__attribute__((device)) void __stwb(T *ptr,
                                    typename cu2cl_hint_value<T>::type value);
template <class T>
__attribute__((device)) void __stwt(T *ptr,
                                    typename cu2cl_hint_value<T>::type value);
#endif

/* CUDA 12.8's built-in atomics with a memory order and a scope: nvcc's
 * built-ins, which no header declares, and their orders and scopes, which
 * CUDA's device_functions.h declares only for nvcc. The value's type is
 * the pointer's. */
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};
template <class T> struct cu2cl_nv_atomic_value { typedef T type; };
#define CU2CL_NV_VALUE(T) typename cu2cl_nv_atomic_value<T>::type
template <class T>
__attribute__((device)) T __nv_atomic_load_n(T *ptr, int order,
                                             int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__attribute__((device)) void __nv_atomic_load(T *ptr, T *ret, int order,
                                              int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__attribute__((device)) void
__nv_atomic_store_n(T *ptr, CU2CL_NV_VALUE(T) val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__attribute__((device)) void __nv_atomic_store(T *ptr, T *val, int order,
                                               int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__attribute__((device)) T __nv_atomic_exchange_n(T *ptr, CU2CL_NV_VALUE(T) val,
                                                 int order, int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__attribute__((device)) void __nv_atomic_exchange(T *ptr, T *val, T *ret,
                                                  int order, int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__attribute__((device)) bool
__nv_atomic_compare_exchange_n(T *ptr, T *expected, CU2CL_NV_VALUE(T) desired,
                               bool weak, int success_order, int failure_order,
                               int scope = __NV_THREAD_SCOPE_SYSTEM);
template <class T>
__attribute__((device)) bool
__nv_atomic_compare_exchange(T *ptr, T *expected, T *desired, bool weak,
                             int success_order, int failure_order,
                             int scope = __NV_THREAD_SCOPE_SYSTEM);
#define CU2CL_NV_FETCH(NAME)                                                   \
  template <class T>                                                           \
  __attribute__((device)) T __nv_atomic_fetch_##NAME(                          \
      T *ptr, CU2CL_NV_VALUE(T) val, int order, int scope = __NV_THREAD_SCOPE_SYSTEM);
CU2CL_NV_FETCH(add)
CU2CL_NV_FETCH(sub)
CU2CL_NV_FETCH(and)
CU2CL_NV_FETCH(or)
CU2CL_NV_FETCH(xor)
CU2CL_NV_FETCH(min)
CU2CL_NV_FETCH(max)
#undef CU2CL_NV_FETCH
#undef CU2CL_NV_VALUE
__attribute__((device)) void __nv_atomic_thread_fence(int order,
                                                      int scope = __NV_THREAD_SCOPE_SYSTEM);

/* nvcc's front end does not know clang's ext_vector_type attribute and
 * ignores it (a warning): `typedef float f4 __attribute__((ext_vector_type
 * (4)));` is a float there, in host and device code alike, and so are
 * sizeof(f4) and what `if constexpr` picks on it (HeCBench topk's fp32x4,
 * code shared with HIP). The parse follows nvcc. Clang's own CUDA headers,
 * which use the attribute, are read before this file. */
#define ext_vector_type(n)
#define __ext_vector_type__(n)

/* nvcc defines __CUDACC__ as 1, so `#if __CUDACC__` reads it (HeCBench
 * ssim's gdt headers); clang's CUDA wrapper header leaves it empty. */
#ifdef __CUDACC__
#undef __CUDACC__
#define __CUDACC__ 1
#endif

#endif /* CU2CL_HOST_COMPAT_H */
