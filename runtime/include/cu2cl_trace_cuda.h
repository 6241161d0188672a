/*
 * cu2cl_trace_cuda: records the trace of an ORIGINAL CUDA program for
 * `cu2cl validate` (docs/validation.md).
 *
 * Force it into every CUDA source of the program, before anything else:
 *
 *     nvcc -include /path/to/cu2cl_trace_cuda.h ...   (or -Xcompiler -include)
 *
 * and run the program with CU2CL_TRACE=FILE. It includes <cuda_runtime.h>,
 * then redefines the runtime calls that bring data back to the host as
 * function-like macros that call the real function and, when recording,
 * write what came back through cu2cl_trace.h:
 *
 *   cudaMemcpy, cudaMemcpyAsync, cudaMemcpy2D, cudaMemcpy2DAsync
 *       device-to-host copies, and cudaMemcpyDefault copies whose
 *       destination is host memory and whose source is device or managed
 *       memory (cudaPointerGetAttributes tells);
 *   cudaMemcpyFromSymbol, cudaMemcpyFromSymbolAsync   to host memory;
 *   cudaMallocManaged, cudaFree, cudaDeviceReset      track managed blocks;
 *   cudaDeviceSynchronize, cudaStreamSynchronize      record the managed
 *       blocks (after a device-wide synchronize, so that no kernel is still
 *       writing them; see cu2cl_trace_managed_sync).
 *
 * Asynchronous copies are recorded when they complete: the wrapper
 * synchronizes the copy's stream right after enqueueing it, then records.
 * That changes the program's timing (the host waits where it would have
 * overlapped), not its results, and it keeps the records in the order the
 * program issued the copies, which is the order `cu2cl validate` matches
 * them in; recording from a cudaLaunchHostFunc callback would keep the
 * overlap but order the records by completion, which differs between runs
 * and between CUDA and OpenCL. Copies into a stream being captured into a
 * graph are not recorded (synchronizing would break the capture).
 *
 * In C++ the element type is taken from the destination pointer's type
 * (float *, int2 *, a struct of 2-4 floats named x, y, z, w...): cast to
 * void * it is unknown and compared as bytes. Call sites are __FILE__ and
 * __LINE__ of the call. Not traced: calls through a function pointer or
 * written (cudaMemcpy)(...), copies the CUDA libraries make inside their
 * headers (Thrust, CUB, libcu++: the port's library makes other copies),
 * cudaMemcpy3D, peer and array copies, __managed__ variables. Device code
 * (__CUDA_ARCH__) sees the real functions.
 *
 * Recording off (CU2CL_TRACE unset), each wrapper costs one atomic load on
 * top of the real call. Define CU2CL_TRACE_CUDA_DISABLE to include the
 * runtime without any wrapping.
 */
#ifndef CU2CL_TRACE_CUDA_H
#define CU2CL_TRACE_CUDA_H

#include <cuda_runtime.h>

#if !defined(CU2CL_TRACE_CUDA_DISABLE)

#ifndef CU2CL_TRACE_PRODUCER
#define CU2CL_TRACE_PRODUCER CU2CL_TRACE_PRODUCER_CUDA
#endif
#include "cu2cl_trace.h"

/* ---- Helpers shared by the C and C++ wrappers --------------------------- */

/* Keeps an error that the tracer's own runtime calls caused out of the
 * program's view (cudaGetLastError), unless the program had one pending. */
static inline cudaError_t cu2cl_trace_cuda_quiet(cudaError_t before,
                                                 cudaError_t e) {
  if (e != cudaSuccess && before == cudaSuccess)
    (void)cudaGetLastError();
  return e;
}

/* 1 when p is host memory: pageable (unregistered) or pinned. */
static inline int cu2cl_trace_cuda_on_host(const void *p) {
  struct cudaPointerAttributes a;
  cudaError_t before = cudaPeekAtLastError();
  if (cu2cl_trace_cuda_quiet(before, cudaPointerGetAttributes(&a, p)))
    return 0;
  return a.type == cudaMemoryTypeUnregistered || a.type == cudaMemoryTypeHost;
}

/* The record kind of a copy into dst (CU2CL_TRACE_COPY_*), or 0 when it
 * does not bring device data to the host. src NULL: a symbol (always on the
 * device). */
static inline unsigned cu2cl_trace_cuda_kind(const void *dst, const void *src,
                                             enum cudaMemcpyKind kind,
                                             unsigned explicit_kind) {
  if (kind == cudaMemcpyDeviceToHost)
    return explicit_kind;
  if (kind != cudaMemcpyDefault || !cu2cl_trace_cuda_on_host(dst))
    return 0;
  if (src && cu2cl_trace_cuda_on_host(src))
    return 0; /* host to host */
  return explicit_kind == CU2CL_TRACE_COPY_MEMCPY
             ? (unsigned)CU2CL_TRACE_COPY_MEMCPY_DEFAULT
             : explicit_kind;
}

/* Copies the CUDA libraries make inside their own headers are not the
 * program's: a port makes different ones. */
static inline int cu2cl_trace_cuda_library_site(const char *file) {
  return file && (strstr(file, "/thrust/") || strstr(file, "/cub/") ||
                  strstr(file, "/cuda/std/") || strstr(file, "/cccl/") ||
                  strstr(file, "/libcudacxx/"));
}

/* Waits for an asynchronous copy on stream to complete. 0 when it cannot be
 * recorded: the stream is being captured, or waiting failed. */
static inline int cu2cl_trace_cuda_settle(cudaStream_t stream) {
  enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  cudaError_t before = cudaPeekAtLastError();
  if (cu2cl_trace_cuda_quiet(before, cudaStreamIsCapturing(stream, &capture)) ||
      capture != cudaStreamCaptureStatusNone)
    return 0;
  return cu2cl_trace_cuda_quiet(before, cudaStreamSynchronize(stream)) ==
         cudaSuccess;
}

/* Records a finished copy of count bytes now at dst. */
static inline void cu2cl_trace_cuda_record(const char *file, int line,
                                           unsigned kind, int async,
                                           cudaStream_t stream, unsigned type,
                                           size_t elem_size, const void *dst,
                                           size_t count) {
  if (!kind || cu2cl_trace_cuda_library_site(file))
    return;
  if (async && !cu2cl_trace_cuda_settle(stream))
    return;
  cu2cl_trace_copy(file, (unsigned)line,
                   kind | (async ? CU2CL_TRACE_COPY_ASYNC : 0), type, elem_size,
                   dst, count);
}

static inline void cu2cl_trace_cuda_record_2d(const char *file, int line,
                                              unsigned kind, int async,
                                              cudaStream_t stream,
                                              unsigned type, size_t elem_size,
                                              const void *dst, size_t dpitch,
                                              size_t width, size_t height) {
  if (!kind || cu2cl_trace_cuda_library_site(file))
    return;
  if (async && !cu2cl_trace_cuda_settle(stream))
    return;
  cu2cl_trace_copy_2d(file, (unsigned)line,
                      kind | (async ? CU2CL_TRACE_COPY_ASYNC : 0), type,
                      elem_size, dst, dpitch, width, height);
}

/* The wrappers, with the element type passed in. */

static inline cudaError_t
cu2cl_trace_cuda_memcpy(const char *file, int line, unsigned type,
                        size_t elem_size, void *dst, const void *src,
                        size_t count, enum cudaMemcpyKind kind, int async,
                        cudaStream_t stream) {
  cudaError_t e = async ? cudaMemcpyAsync(dst, src, count, kind, stream)
                        : cudaMemcpy(dst, src, count, kind);
  if (e == cudaSuccess && cu2cl_trace_enabled())
    cu2cl_trace_cuda_record(
        file, line,
        cu2cl_trace_cuda_kind(dst, src, kind, CU2CL_TRACE_COPY_MEMCPY), async,
        stream, type, elem_size, dst, count);
  return e;
}

static inline cudaError_t cu2cl_trace_cuda_memcpy_2d(
    const char *file, int line, unsigned type, size_t elem_size, void *dst,
    size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
    enum cudaMemcpyKind kind, int async, cudaStream_t stream) {
  cudaError_t e =
      async ? cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind,
                                stream)
            : cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
  if (e == cudaSuccess && cu2cl_trace_enabled())
    cu2cl_trace_cuda_record_2d(
        file, line,
        cu2cl_trace_cuda_kind(dst, src, kind, CU2CL_TRACE_COPY_MEMCPY_2D),
        async, stream, type, elem_size, dst, dpitch, width, height);
  return e;
}

static inline void cu2cl_trace_cuda_managed(const char *file, void *ptr,
                                            size_t size, unsigned type,
                                            size_t elem_size) {
  if (!cu2cl_trace_cuda_library_site(file))
    cu2cl_trace_managed_add(ptr, size, type, elem_size);
}

static inline cudaError_t cu2cl_trace_cuda_free(const char *file, int line,
                                                void *ptr) {
  (void)file, (void)line;
  cu2cl_trace_managed_remove(ptr); /* before: the address may be reused */
  return cudaFree(ptr);
}

static inline cudaError_t cu2cl_trace_cuda_device_reset(const char *file,
                                                        int line) {
  (void)file, (void)line;
  cu2cl_trace_managed_clear();
  return cudaDeviceReset();
}

/* Records the managed blocks once the device is idle. */
static inline void cu2cl_trace_cuda_managed_sync(const char *file, int line,
                                                 int device_idle) {
  if (!cu2cl_trace_managed_count() || cu2cl_trace_cuda_library_site(file))
    return;
  cudaError_t before = cudaPeekAtLastError();
  if (device_idle ||
      cu2cl_trace_cuda_quiet(before, cudaDeviceSynchronize()) == cudaSuccess)
    cu2cl_trace_managed_sync(file, (unsigned)line);
}

static inline cudaError_t cu2cl_trace_cuda_device_sync(const char *file,
                                                       int line) {
  cudaError_t e = cudaDeviceSynchronize();
  if (e == cudaSuccess)
    cu2cl_trace_cuda_managed_sync(file, line, 1);
  return e;
}

static inline cudaError_t
cu2cl_trace_cuda_stream_sync(const char *file, int line, cudaStream_t stream) {
  cudaError_t e = cudaStreamSynchronize(stream);
  if (e == cudaSuccess)
    cu2cl_trace_cuda_managed_sync(file, line, 0);
  return e;
}

#ifdef __cplusplus
/* ---- C++: the element type from the pointer type ------------------------ */
#include <type_traits>

static constexpr unsigned cu2cl_trace_int_code(size_t size, bool is_signed) {
  return size == 1   ? CU2CL_TRACE_I8 + !is_signed
         : size == 2 ? CU2CL_TRACE_I16 + !is_signed
         : size == 4 ? CU2CL_TRACE_I32 + !is_signed
         : size == 8 ? CU2CL_TRACE_I64 + !is_signed
                     : CU2CL_TRACE_UNKNOWN;
}

/* The trace's code of an arithmetic type T (cv-unqualified); 0: another
 * type. */
template <class T> struct cu2cl_trace_scalar {
  static constexpr unsigned value =
      std::is_same<T, float>::value    ? CU2CL_TRACE_F32
      : std::is_same<T, double>::value ? CU2CL_TRACE_F64
      : std::is_same<T, bool>::value   ? CU2CL_TRACE_U8
      : std::is_integral<T>::value
          ? cu2cl_trace_int_code(sizeof(T), std::is_signed<T>::value)
          : CU2CL_TRACE_UNKNOWN;
};

/* Whether T has a data member y (z, w) of type C. */
template <class T, class C, class = void>
struct cu2cl_trace_has_y : std::false_type {};
template <class T, class C>
struct cu2cl_trace_has_y<
    T, C,
    typename std::enable_if<std::is_same<
        typename std::remove_cv<decltype(T::y)>::type, C>::value>::type>
    : std::true_type {};
template <class T, class C, class = void>
struct cu2cl_trace_has_z : std::false_type {};
template <class T, class C>
struct cu2cl_trace_has_z<
    T, C,
    typename std::enable_if<std::is_same<
        typename std::remove_cv<decltype(T::z)>::type, C>::value>::type>
    : std::true_type {};
template <class T, class C, class = void>
struct cu2cl_trace_has_w : std::false_type {};
template <class T, class C>
struct cu2cl_trace_has_w<
    T, C,
    typename std::enable_if<std::is_same<
        typename std::remove_cv<decltype(T::w)>::type, C>::value>::type>
    : std::true_type {};

/* A vector: CUDA's float4, int2... or any struct that is exactly members x
 * [, y [, z [, w]]] of one arithmetic type. Its scalar type, else 0. */
template <class T, class = void> struct cu2cl_trace_vector {
  static constexpr unsigned value = CU2CL_TRACE_UNKNOWN;
};
template <class T>
struct cu2cl_trace_vector<
    T, typename std::enable_if<cu2cl_trace_scalar<typename std::remove_cv<
                                   decltype(T::x)>::type>::value != 0>::type> {
  typedef typename std::remove_cv<decltype(T::x)>::type C;
  static constexpr size_t lanes =
      1 + (cu2cl_trace_has_y<T, C>::value
               ? 1 + (cu2cl_trace_has_z<T, C>::value
                          ? 1 + cu2cl_trace_has_w<T, C>::value
                          : 0)
               : 0);
  static constexpr unsigned value = sizeof(T) == lanes * sizeof(C)
                                        ? cu2cl_trace_scalar<C>::value
                                        : CU2CL_TRACE_UNKNOWN;
};

/* type: the scalar type of a T element (0: compared as bytes); size: the
 * element's bytes. Arrays give their element's; void is bytes. */
template <class T> struct cu2cl_trace_elem {
  typedef typename std::remove_cv<T>::type U;
  static constexpr unsigned type = cu2cl_trace_scalar<U>::value
                                       ? cu2cl_trace_scalar<U>::value
                                       : cu2cl_trace_vector<U>::value;
  static constexpr size_t size = sizeof(U);
};
template <class T, size_t N>
struct cu2cl_trace_elem<T[N]> : cu2cl_trace_elem<T> {};
template <> struct cu2cl_trace_elem<void> {
  static constexpr unsigned type = CU2CL_TRACE_UNKNOWN;
  static constexpr size_t size = 1;
};
template <> struct cu2cl_trace_elem<const void> : cu2cl_trace_elem<void> {};
template <> struct cu2cl_trace_elem<volatile void> : cu2cl_trace_elem<void> {};
template <>
struct cu2cl_trace_elem<const volatile void> : cu2cl_trace_elem<void> {};

/* A symbol copy's element: the destination's, else the symbol's (a symbol
 * passed as a pointer, old style, says nothing). */
template <class D, class S> struct cu2cl_trace_symbol_elem {
  typedef typename std::conditional<
      !std::is_void<typename std::remove_cv<D>::type>::value, D,
      typename std::conditional<std::is_pointer<S>::value, void, S>::type>::type
      E;
  static constexpr unsigned type = cu2cl_trace_elem<E>::type;
  static constexpr size_t size = cu2cl_trace_elem<E>::size;
};

/* Each wrapper is a template that reads T from dst, plus a void * overload
 * for arguments that only convert to a pointer (0, NULL, classes). */

template <class T>
static inline cudaError_t cu2cl_trace_memcpy(const char *file, int line, T *dst,
                                             const void *src, size_t count,
                                             cudaMemcpyKind kind) {
  return cu2cl_trace_cuda_memcpy(file, line, cu2cl_trace_elem<T>::type,
                                 cu2cl_trace_elem<T>::size, dst, src, count,
                                 kind, 0, 0);
}
static inline cudaError_t cu2cl_trace_memcpy(const char *file, int line,
                                             void *dst, const void *src,
                                             size_t count,
                                             cudaMemcpyKind kind) {
  return cu2cl_trace_cuda_memcpy(file, line, CU2CL_TRACE_UNKNOWN, 1, dst, src,
                                 count, kind, 0, 0);
}

template <class T>
static inline cudaError_t
cu2cl_trace_memcpy_async(const char *file, int line, T *dst, const void *src,
                         size_t count, cudaMemcpyKind kind,
                         cudaStream_t stream = 0) {
  return cu2cl_trace_cuda_memcpy(file, line, cu2cl_trace_elem<T>::type,
                                 cu2cl_trace_elem<T>::size, dst, src, count,
                                 kind, 1, stream);
}
static inline cudaError_t cu2cl_trace_memcpy_async(const char *file, int line,
                                                   void *dst, const void *src,
                                                   size_t count,
                                                   cudaMemcpyKind kind,
                                                   cudaStream_t stream = 0) {
  return cu2cl_trace_cuda_memcpy(file, line, CU2CL_TRACE_UNKNOWN, 1, dst, src,
                                 count, kind, 1, stream);
}

template <class T>
static inline cudaError_t
cu2cl_trace_memcpy_2d(const char *file, int line, T *dst, size_t dpitch,
                      const void *src, size_t spitch, size_t width,
                      size_t height, cudaMemcpyKind kind) {
  return cu2cl_trace_cuda_memcpy_2d(file, line, cu2cl_trace_elem<T>::type,
                                    cu2cl_trace_elem<T>::size, dst, dpitch, src,
                                    spitch, width, height, kind, 0, 0);
}
static inline cudaError_t cu2cl_trace_memcpy_2d(const char *file, int line,
                                                void *dst, size_t dpitch,
                                                const void *src, size_t spitch,
                                                size_t width, size_t height,
                                                cudaMemcpyKind kind) {
  return cu2cl_trace_cuda_memcpy_2d(file, line, CU2CL_TRACE_UNKNOWN, 1, dst,
                                    dpitch, src, spitch, width, height, kind, 0,
                                    0);
}

template <class T>
static inline cudaError_t
cu2cl_trace_memcpy_2d_async(const char *file, int line, T *dst, size_t dpitch,
                            const void *src, size_t spitch, size_t width,
                            size_t height, cudaMemcpyKind kind,
                            cudaStream_t stream = 0) {
  return cu2cl_trace_cuda_memcpy_2d(file, line, cu2cl_trace_elem<T>::type,
                                    cu2cl_trace_elem<T>::size, dst, dpitch, src,
                                    spitch, width, height, kind, 1, stream);
}
static inline cudaError_t
cu2cl_trace_memcpy_2d_async(const char *file, int line, void *dst,
                            size_t dpitch, const void *src, size_t spitch,
                            size_t width, size_t height, cudaMemcpyKind kind,
                            cudaStream_t stream = 0) {
  return cu2cl_trace_cuda_memcpy_2d(file, line, CU2CL_TRACE_UNKNOWN, 1, dst,
                                    dpitch, src, spitch, width, height, kind, 1,
                                    stream);
}

/* The symbol is forwarded as the same expression, so the runtime's own
 * overload (the variable by reference, or an address) is the one the
 * program would have called. */
template <class D, class S>
static inline cudaError_t
cu2cl_trace_memcpy_from_symbol(const char *file, int line, D *dst,
                               const S &symbol, size_t count, size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  cudaError_t e = cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
  if (e == cudaSuccess && cu2cl_trace_enabled())
    cu2cl_trace_cuda_record(
        file, line,
        cu2cl_trace_cuda_kind(dst, NULL, kind, CU2CL_TRACE_COPY_SYMBOL), 0, 0,
        cu2cl_trace_symbol_elem<D, S>::type,
        cu2cl_trace_symbol_elem<D, S>::size, dst, count);
  return e;
}

template <class D, class S>
static inline cudaError_t cu2cl_trace_memcpy_from_symbol_async(
    const char *file, int line, D *dst, const S &symbol, size_t count,
    size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
    cudaStream_t stream = 0) {
  cudaError_t e =
      cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, stream);
  if (e == cudaSuccess && cu2cl_trace_enabled())
    cu2cl_trace_cuda_record(
        file, line,
        cu2cl_trace_cuda_kind(dst, NULL, kind, CU2CL_TRACE_COPY_SYMBOL), 1,
        stream, cu2cl_trace_symbol_elem<D, S>::type,
        cu2cl_trace_symbol_elem<D, S>::size, dst, count);
  return e;
}

template <class T>
static inline cudaError_t
cu2cl_trace_malloc_managed(const char *file, int line, T **ptr, size_t size,
                           unsigned int flags = cudaMemAttachGlobal) {
  (void)line;
  cudaError_t e = cudaMallocManaged(ptr, size, flags);
  if (e == cudaSuccess && cu2cl_trace_enabled())
    cu2cl_trace_cuda_managed(file, (void *)*ptr, size,
                             cu2cl_trace_elem<T>::type,
                             cu2cl_trace_elem<T>::size);
  return e;
}

#if !defined(__CUDA_ARCH__)
#define cudaMemcpy(...) cu2cl_trace_memcpy(__FILE__, __LINE__, __VA_ARGS__)
#define cudaMemcpyAsync(...)                                                   \
  cu2cl_trace_memcpy_async(__FILE__, __LINE__, __VA_ARGS__)
#define cudaMemcpy2D(...) cu2cl_trace_memcpy_2d(__FILE__, __LINE__, __VA_ARGS__)
#define cudaMemcpy2DAsync(...)                                                 \
  cu2cl_trace_memcpy_2d_async(__FILE__, __LINE__, __VA_ARGS__)
#define cudaMemcpyFromSymbol(...)                                              \
  cu2cl_trace_memcpy_from_symbol(__FILE__, __LINE__, __VA_ARGS__)
#define cudaMemcpyFromSymbolAsync(...)                                         \
  cu2cl_trace_memcpy_from_symbol_async(__FILE__, __LINE__, __VA_ARGS__)
#define cudaMallocManaged(...)                                                 \
  cu2cl_trace_malloc_managed(__FILE__, __LINE__, __VA_ARGS__)
#endif

#else /* C: the element type through _Generic; no default arguments */

#define CU2CL_TRACE_C_ELEM(p)                                                  \
  _Generic((p),                                                               \
      float *: CU2CL_TRACE_F32,                                               \
      double *: CU2CL_TRACE_F64,                                              \
      signed char *: CU2CL_TRACE_I8,                                          \
      unsigned char *: CU2CL_TRACE_U8,                                        \
      char *: ((char)-1 < 0 ? CU2CL_TRACE_I8 : CU2CL_TRACE_U8),               \
      short *: CU2CL_TRACE_I16,                                               \
      unsigned short *: CU2CL_TRACE_U16,                                      \
      int *: CU2CL_TRACE_I32,                                                 \
      unsigned *: CU2CL_TRACE_U32,                                            \
      long *: (sizeof(long) == 8 ? CU2CL_TRACE_I64 : CU2CL_TRACE_I32),        \
      unsigned long *: (sizeof(long) == 8 ? CU2CL_TRACE_U64 : CU2CL_TRACE_U32), \
      long long *: CU2CL_TRACE_I64,                                           \
      unsigned long long *: CU2CL_TRACE_U64,                                  \
      default: CU2CL_TRACE_UNKNOWN)
#define CU2CL_TRACE_C_ARGS(p)                                                  \
  __FILE__, __LINE__, (unsigned)CU2CL_TRACE_C_ELEM(p),                         \
      cu2cl_trace_elem_type_size(CU2CL_TRACE_C_ELEM(p))

static inline cudaError_t
cu2cl_trace_c_from_symbol(const char *file, int line, unsigned type,
                          size_t elem_size, void *dst, const void *symbol,
                          size_t count, size_t offset, enum cudaMemcpyKind kind,
                          int async, cudaStream_t stream) {
  cudaError_t e =
      async
          ? cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, stream)
          : cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
  if (e == cudaSuccess && cu2cl_trace_enabled())
    cu2cl_trace_cuda_record(
        file, line,
        cu2cl_trace_cuda_kind(dst, NULL, kind, CU2CL_TRACE_COPY_SYMBOL), async,
        stream, type, elem_size, dst, count);
  return e;
}

static inline cudaError_t cu2cl_trace_c_malloc_managed(const char *file,
                                                       void **ptr, size_t size,
                                                       unsigned flags) {
  cudaError_t e = cudaMallocManaged(ptr, size, flags);
  if (e == cudaSuccess && cu2cl_trace_enabled())
    cu2cl_trace_cuda_managed(file, *ptr, size, CU2CL_TRACE_UNKNOWN, 1);
  return e;
}

#if !defined(__CUDA_ARCH__)
#define cudaMemcpy(d, s, n, k)                                                 \
  cu2cl_trace_cuda_memcpy(CU2CL_TRACE_C_ARGS(d), d, s, n, k, 0, 0)
#define cudaMemcpyAsync(d, s, n, k, st)                                        \
  cu2cl_trace_cuda_memcpy(CU2CL_TRACE_C_ARGS(d), d, s, n, k, 1, st)
#define cudaMemcpy2D(d, dp, s, sp, w, h, k)                                    \
  cu2cl_trace_cuda_memcpy_2d(CU2CL_TRACE_C_ARGS(d), d, dp, s, sp, w, h, k, 0, 0)
#define cudaMemcpy2DAsync(d, dp, s, sp, w, h, k, st)                           \
  cu2cl_trace_cuda_memcpy_2d(CU2CL_TRACE_C_ARGS(d), d, dp, s, sp, w, h, k, 1,  \
                             st)
#define cudaMemcpyFromSymbol(d, sym, n, off, k)                                \
  cu2cl_trace_c_from_symbol(CU2CL_TRACE_C_ARGS(d), d, sym, n, off, k, 0, 0)
#define cudaMemcpyFromSymbolAsync(d, sym, n, off, k, st)                       \
  cu2cl_trace_c_from_symbol(CU2CL_TRACE_C_ARGS(d), d, sym, n, off, k, 1, st)
#define cudaMallocManaged(p, n, f)                                             \
  cu2cl_trace_c_malloc_managed(__FILE__, (void **)(p), n, f)
#endif

#endif /* __cplusplus */

#if !defined(__CUDA_ARCH__)
#define cudaFree(p) cu2cl_trace_cuda_free(__FILE__, __LINE__, p)
#define cudaDeviceReset() cu2cl_trace_cuda_device_reset(__FILE__, __LINE__)
#define cudaDeviceSynchronize() cu2cl_trace_cuda_device_sync(__FILE__, __LINE__)
#define cudaStreamSynchronize(s)                                               \
  cu2cl_trace_cuda_stream_sync(__FILE__, __LINE__, s)
#endif

#endif /* CU2CL_TRACE_CUDA_DISABLE */
#endif /* CU2CL_TRACE_CUDA_H */
