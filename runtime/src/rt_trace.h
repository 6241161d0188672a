/*
 * cu2clrt's side of CU2CL_TRACE (docs/validation.md): the translated program
 * records what it brings back from the device in the same format as the
 * original CUDA program built with cu2cl_trace_cuda.h, so that `cu2cl
 * validate` can compare the two. Every function does nothing (one atomic
 * load) when tracing is off.
 *
 * The runtime is not told the call sites of the translated code, so its
 * records carry none; the comparer matches transfers by order.
 */
#ifndef CU2CLRT_RT_TRACE_H
#define CU2CLRT_RT_TRACE_H

#include <stddef.h>

/* Nonzero when CU2CL_TRACE names a file and the calling thread is not
 * inside cu2clrt's own library code (cu2clrtTraceQuiet). */
int rt_trace_on(void);

/* Which call brought the data back (the original's cudaMemcpy,
 * cudaMemcpyFromSymbol, ...: the trace's copy kinds). */
typedef enum rt_trace_kind {
  RT_TRACE_MEMCPY,         /* a device-to-host copy */
  RT_TRACE_MEMCPY_DEFAULT, /* a cu2clMemcpyDefault copy into host memory */
  RT_TRACE_MEMCPY_2D,      /* cu2clMemcpy2D*: rows recorded packed */
  RT_TRACE_SYMBOL          /* cu2clMemcpyFromSymbol* */
} rt_trace_kind;

/* A copy whose nbytes bytes now lie at data; async: the *Async form. */
void rt_trace_copy(rt_trace_kind kind, int async, const void *data,
                   size_t nbytes);

/* The same for height rows of width bytes, pitch bytes apart, from base. */
void rt_trace_copy_2d(int async, const void *base, size_t pitch, size_t width,
                      size_t height);

/* Managed allocations: tracked from cu2clMallocManaged to cu2clFree (or a
 * device reset), recorded at each device or stream synchronize. */
void rt_trace_managed_add(const void *ptr, size_t nbytes);
void rt_trace_managed_remove(const void *ptr);
void rt_trace_managed_clear(void);
size_t rt_trace_managed_count(void);
void rt_trace_managed_sync(void);

#endif
