/* cu2clrt's trace writer: see rt_trace.h and runtime/include/cu2cl_trace.h. */
#define CU2CL_TRACE_PRODUCER CU2CL_TRACE_PRODUCER_CU2CLRT
#include "cu2cl_trace.h"

#include "rt_trace.h"

#include "cu2clrt.h"

/* Depth of cu2clrtTraceQuiet(1) calls on this thread. */
static _Thread_local int tl_quiet;
/* The call site of the traced call in progress (cu2clrtTraceSite). */
static _Thread_local const char *tl_file;
static _Thread_local int tl_line;

void cu2clrtTraceSite(const char *file, int line) {
  tl_file = file;
  tl_line = line;
}

/* Takes the call site: it belongs to one call. */
static const char *take_site(unsigned *line) {
  const char *file = tl_file;
  *line = tl_line > 0 ? (unsigned)tl_line : 0;
  tl_file = NULL;
  tl_line = 0;
  return file;
}

void cu2clrtTraceQuiet(int quiet) {
  tl_quiet += quiet ? 1 : (tl_quiet > 0 ? -1 : 0);
}

int rt_trace_on(void) {
  return !tl_quiet && cu2cl_trace_enabled();
}

static const unsigned rt_trace_kinds[] = {
    [RT_TRACE_MEMCPY] = CU2CL_TRACE_COPY_MEMCPY,
    [RT_TRACE_MEMCPY_DEFAULT] = CU2CL_TRACE_COPY_MEMCPY_DEFAULT,
    [RT_TRACE_MEMCPY_2D] = CU2CL_TRACE_COPY_MEMCPY_2D,
    [RT_TRACE_SYMBOL] = CU2CL_TRACE_COPY_SYMBOL};

/* The runtime does not know element types: the original's types decide how
 * the comparer reads both sides. */
void rt_trace_copy(rt_trace_kind kind, int async, const void *data,
                   size_t nbytes) {
  if (!rt_trace_on())
    return;
  unsigned k = rt_trace_kinds[kind] | (async ? CU2CL_TRACE_COPY_ASYNC : 0),
           line;
  const char *file = take_site(&line);
  cu2cl_trace_copy(file, line, k, CU2CL_TRACE_UNKNOWN, 1, data, nbytes);
}

void rt_trace_copy_2d(int async, const void *base, size_t pitch, size_t width,
                      size_t height) {
  if (!rt_trace_on())
    return;
  unsigned k = CU2CL_TRACE_COPY_MEMCPY_2D |
               (async ? CU2CL_TRACE_COPY_ASYNC : 0),
           line;
  const char *file = take_site(&line);
  cu2cl_trace_copy_2d(file, line, k, CU2CL_TRACE_UNKNOWN, 1, base, pitch, width,
                      height);
}

void rt_trace_managed_add(const void *ptr, size_t nbytes) {
  if (rt_trace_on())
    cu2cl_trace_managed_add(ptr, nbytes, CU2CL_TRACE_UNKNOWN, 1);
}

void rt_trace_managed_remove(const void *ptr) {
  cu2cl_trace_managed_remove(ptr);
}

void rt_trace_managed_clear(void) {
  cu2cl_trace_managed_clear();
}

size_t rt_trace_managed_count(void) {
  return rt_trace_on() ? cu2cl_trace_managed_count() : 0;
}

void rt_trace_managed_sync(void) {
  if (!rt_trace_on())
    return;
  unsigned line;
  const char *file = take_site(&line);
  cu2cl_trace_managed_sync(file, line);
}
