/*
 * rt_symbol: symbol storage and the symbol copy entry points (rt_symbol.h).
 */
#include "rt_symbol.h"

#include <stdlib.h>

#include "rt_memory.h"

typedef struct rt_symbol_state {
  struct rt_symbol_state *next; /* g_sym.symbols */
  void *storage[];              /* per device ordinal; NULL until made */
} rt_symbol_state;

static struct {
  pthread_mutex_t lock;
  rt_symbol_state *symbols;
} g_sym = {PTHREAD_MUTEX_INITIALIZER, NULL};

/* Makes and initializes the storage. Caller holds g_sym.lock. */
static cu2clError_t rt_symbol_create(cu2clSymbol *sym, rt_device *d,
                                     void **out) {
  rt_symbol_state *s = sym->state;
  if (!s) {
    s = calloc(1, sizeof *s + (size_t)rt_device_count() * sizeof(void *));
    if (!s)
      return cu2clErrorMemoryAllocation;
    s->next = g_sym.symbols;
    g_sym.symbols = s;
    __atomic_store_n(&sym->state, s, __ATOMIC_RELEASE);
  }
  void *p;
  size_t size = sym->size ? sym->size : 1;
  RT_TRY(rt_mem_alloc(d, size, RT_MEM_SYMBOL, &p));
  static const unsigned char zero = 0;
  cl_int st = sym->init ? clEnqueueSVMMemcpy(d->queue, CL_TRUE, p, sym->init,
                                             sym->size, 0, NULL, NULL)
                        : clEnqueueSVMMemFill(d->queue, p, &zero, 1, size, 0,
                                              NULL, NULL);
  if (st == CL_SUCCESS)
    st = clFinish(d->queue);
  if (st != CL_SUCCESS)
    return rt_cl_error(st, cu2clErrorInvalidSymbol); /* table keeps p */
  __atomic_store_n(&s->storage[d->ordinal], p, __ATOMIC_RELEASE);
  *out = p;
  rt_log_debug("symbol %s: %zu bytes at %p on device %d", sym->name, sym->size,
               p, d->ordinal);
  return cu2clSuccess;
}

cu2clError_t rt_symbol_storage(const cu2clSymbol *csym, rt_device *d,
                               void **out) {
  /* Generated symbols are mutable objects; the API takes them as const
   * because CUDA takes the variable's address as const void *. */
  cu2clSymbol *sym = (cu2clSymbol *)csym;
  rt_symbol_state *s = __atomic_load_n(&sym->state, __ATOMIC_ACQUIRE);
  void *p =
      s ? __atomic_load_n(&s->storage[d->ordinal], __ATOMIC_ACQUIRE) : NULL;
  if (p) {
    *out = p;
    return cu2clSuccess;
  }
  pthread_mutex_lock(&g_sym.lock);
  s = sym->state;
  p = s ? s->storage[d->ordinal] : NULL;
  cu2clError_t err = p ? cu2clSuccess : rt_symbol_create(sym, d, &p);
  pthread_mutex_unlock(&g_sym.lock);
  *out = p;
  return err;
}

void rt_symbol_release_device(rt_device *d) {
  pthread_mutex_lock(&g_sym.lock);
  for (rt_symbol_state *s = g_sym.symbols; s; s = s->next)
    s->storage[d->ordinal] = NULL;
  pthread_mutex_unlock(&g_sym.lock);
}

/* ---- entry points ---------------------------------------------------------
 */

/* Storage address of [offset, offset + count) of sym on the current device. */
static cu2clError_t rt_symbol_range(const cu2clSymbol *sym, size_t count,
                                    size_t offset, char **out) {
  if (!sym)
    return cu2clErrorInvalidSymbol;
  if (offset > sym->size || count > sym->size - offset)
    return cu2clErrorInvalidValue;
  rt_device *d;
  void *p;
  RT_TRY(rt_device_current(&d));
  RT_TRY(rt_symbol_storage(sym, d, &p));
  *out = (char *)p + offset;
  return cu2clSuccess;
}

/* Stream capture: symbol copies are copies to or from the symbol's storage
 * on the current device, resolved here; rt_mem_copy records an
 * asynchronous one on a capturing stream (that address, replayed as a
 * plain copy) and refuses a synchronous one during a capture (rt_graph.h). */
static cu2clError_t rt_to_symbol(const cu2clSymbol *sym, const void *src,
                                 size_t count, size_t offset,
                                 cu2clMemcpyKind kind, cu2clStream_t stream,
                                 int async) {
  char *p = NULL;
  if (kind != cu2clMemcpyHostToDevice && kind != cu2clMemcpyDeviceToDevice &&
      kind != cu2clMemcpyDefault)
    return cu2clErrorInvalidMemcpyDirection;
  RT_TRY(rt_symbol_range(sym, count, offset, &p));
  return rt_mem_copy(p, src, count, kind, stream, async);
}

static cu2clError_t rt_from_symbol(void *dst, const cu2clSymbol *sym,
                                   size_t count, size_t offset,
                                   cu2clMemcpyKind kind, cu2clStream_t stream,
                                   int async) {
  char *p = NULL;
  if (kind != cu2clMemcpyDeviceToHost && kind != cu2clMemcpyDeviceToDevice &&
      kind != cu2clMemcpyDefault)
    return cu2clErrorInvalidMemcpyDirection;
  RT_TRY(rt_symbol_range(sym, count, offset, &p));
  return rt_mem_copy_as(dst, p, count, kind, stream, async, RT_TRACE_SYMBOL);
}

cu2clError_t cu2clMemcpyToSymbol(const cu2clSymbol *symbol, const void *src,
                                 size_t count, size_t offset,
                                 cu2clMemcpyKind kind) {
  return rt_fail(rt_to_symbol(symbol, src, count, offset, kind, NULL, 0));
}

cu2clError_t cu2clMemcpyFromSymbol(void *dst, const cu2clSymbol *symbol,
                                   size_t count, size_t offset,
                                   cu2clMemcpyKind kind) {
  return rt_fail(rt_from_symbol(dst, symbol, count, offset, kind, NULL, 0));
}

cu2clError_t cu2clMemcpyToSymbolAsync(const cu2clSymbol *symbol,
                                      const void *src, size_t count,
                                      size_t offset, cu2clMemcpyKind kind,
                                      cu2clStream_t stream) {
  return rt_fail(rt_to_symbol(symbol, src, count, offset, kind, stream, 1));
}

cu2clError_t cu2clMemcpyFromSymbolAsync(void *dst, const cu2clSymbol *symbol,
                                        size_t count, size_t offset,
                                        cu2clMemcpyKind kind,
                                        cu2clStream_t stream) {
  return rt_fail(rt_from_symbol(dst, symbol, count, offset, kind, stream, 1));
}

cu2clError_t cu2clGetSymbolAddress(void **dev_ptr, const cu2clSymbol *symbol) {
  RT_CHECK(dev_ptr != NULL, cu2clErrorInvalidValue);
  char *p = NULL;
  RT_TRY(rt_symbol_range(symbol, 0, 0, &p));
  *dev_ptr = p;
  return cu2clSuccess;
}

cu2clError_t cu2clGetSymbolSize(size_t *size, const cu2clSymbol *symbol) {
  RT_CHECK(size != NULL, cu2clErrorInvalidValue);
  RT_CHECK(symbol != NULL, cu2clErrorInvalidSymbol);
  *size = symbol->size;
  return cu2clSuccess;
}
