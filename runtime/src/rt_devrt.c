/*
 * rt_devrt: the device runtime block and the sticky assert error; see
 * rt_devrt.h.
 */
#include "rt_devrt.h"

#include <string.h>

#include "rt_memory.h"

static pthread_mutex_t g_devrt_lock = PTHREAD_MUTEX_INITIALIZER;
/* Orders the launches of grid-syncing kernels (d->grid_last). */
static pthread_mutex_t g_grid_lock = PTHREAD_MUTEX_INITIALIZER;

/* Caller holds g_devrt_lock. */
static cu2clError_t rt_devrt_create(rt_device *d, void **out) {
  size_t heap = 0;
  RT_TRY(cu2clDeviceGetLimit(&heap, cu2clLimitMallocHeapSize));
  heap = (heap + 15) / 16 * 16;
  /* the heap's offsets are 32-bit counts of 16-byte units (prelude.cl) */
  if (heap > (size_t)0xffffffffu * 16)
    heap = (size_t)0xffffffffu * 16;
  size_t size = RT_DEVRT_HEADER + heap;
  void *p;
  RT_TRY(rt_mem_alloc(d, size, RT_MEM_SYMBOL, &p));
  cl_uint header[RT_DEVRT_HEADER / 4];
  memset(header, 0, sizeof header);
  header[3] = (cl_uint)(heap / 16); /* CU2CL_DEVRT_HEAP_UNITS */
  cl_int st = clEnqueueSVMMemcpy(d->queue, CL_TRUE, p, header, sizeof header, 0,
                                 NULL, NULL);
  if (st != CL_SUCCESS)
    return rt_cl_error(st, cu2clErrorMemoryAllocation); /* table keeps p */
  rt_log_debug("device runtime block: %zu bytes of heap at %p on device %d",
               heap, p, d->ordinal);
  __atomic_store_n(&d->devrt, p, __ATOMIC_RELEASE);
  *out = p;
  return cu2clSuccess;
}

cu2clError_t rt_devrt_block(rt_device *d, void **out) {
  void *p = __atomic_load_n(&d->devrt, __ATOMIC_ACQUIRE);
  if (p) {
    *out = p;
    return cu2clSuccess;
  }
  pthread_mutex_lock(&g_devrt_lock);
  p = d->devrt;
  cu2clError_t err = p ? cu2clSuccess : rt_devrt_create(d, &p);
  pthread_mutex_unlock(&g_devrt_lock);
  *out = p;
  return err;
}

cu2clError_t rt_devrt_sticky(const rt_device *d) {
  return (cu2clError_t)__atomic_load_n(&d->sticky, __ATOMIC_ACQUIRE);
}

cu2clError_t rt_devrt_check(rt_device *d) {
  cu2clError_t sticky = rt_devrt_sticky(d);
  void *p = __atomic_load_n(&d->devrt, __ATOMIC_ACQUIRE);
  if (sticky || !p)
    return sticky;
  cl_uint failed = 0; /* CU2CL_DEVRT_ASSERTS, word 0 */
  cl_int st = clEnqueueSVMMemcpy(d->queue, CL_TRUE, &failed, p, sizeof failed,
                                 0, NULL, NULL);
  if (st != CL_SUCCESS)
    return rt_cl_error(st, cu2clErrorLaunchFailure);
  if (!failed)
    return cu2clSuccess;
  rt_log_debug("device %d: %u device-side assert(s) failed", d->ordinal,
               failed);
  __atomic_store_n(&d->sticky, (int)cu2clErrorAssert, __ATOMIC_RELEASE);
  return cu2clErrorAssert;
}

cl_event rt_devrt_grid_lock(rt_device *d) {
  pthread_mutex_lock(&g_grid_lock);
  return d->grid_last;
}

void rt_devrt_grid_unlock(rt_device *d, cl_event ev) {
  if (ev) {
    clRetainEvent(ev);
    if (d->grid_last)
      clReleaseEvent(d->grid_last);
    d->grid_last = ev;
  }
  pthread_mutex_unlock(&g_grid_lock);
}

void rt_devrt_release_device(rt_device *d) {
  pthread_mutex_lock(&g_devrt_lock);
  d->devrt = NULL;
  __atomic_store_n(&d->sticky, 0, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&g_devrt_lock);
  pthread_mutex_lock(&g_grid_lock);
  if (d->grid_last)
    clReleaseEvent(d->grid_last);
  d->grid_last = NULL;
  pthread_mutex_unlock(&g_grid_lock);
}
