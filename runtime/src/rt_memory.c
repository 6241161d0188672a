/*
 * rt_memory: the allocation table, allocation and free entry points,
 * managed-memory mapping, and the copy and fill engines (rt_memory.h).
 */
#include "rt_memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rt_devrt.h"
#include "rt_fault.h"
#include "rt_gnode.h"
#include "rt_graph.h"
#include "rt_guard.h"
#include "rt_pitch.h"
#include "rt_stream.h"

static struct {
  pthread_mutex_t lock;
  rt_alloc *items; /* sorted by base */
  size_t len, cap;
} g_mem = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

/* ---- the table ------------------------------------------------------------
 */

/* Index of the first entry whose base is above p. Caller holds the lock. */
static size_t rt_table_upper(const void *p) {
  size_t lo = 0, hi = g_mem.len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if ((const char *)p < g_mem.items[mid].base)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

/* Entry holding p, or NULL. Caller holds the lock. A zero-size entry holds
 * only its base address. */
static rt_alloc *rt_table_holding(const void *p) {
  size_t i = rt_table_upper(p);
  if (i == 0)
    return NULL;
  rt_alloc *a = &g_mem.items[i - 1];
  const char *c = p;
  return c == a->base || c < a->base + a->size ? a : NULL;
}

void rt_mem_find(const void *p, rt_alloc *out) {
  pthread_mutex_lock(&g_mem.lock);
  rt_alloc *a = rt_table_holding(p);
  if (a)
    *out = *a;
  else
    memset(out, 0, sizeof *out);
  pthread_mutex_unlock(&g_mem.lock);
}

static cu2clError_t rt_table_insert(const rt_alloc *entry) {
  pthread_mutex_lock(&g_mem.lock);
  if (g_mem.len == g_mem.cap) {
    size_t cap = g_mem.cap ? 2 * g_mem.cap : 64;
    rt_alloc *items = realloc(g_mem.items, cap * sizeof *items);
    if (!items) {
      pthread_mutex_unlock(&g_mem.lock);
      return cu2clErrorMemoryAllocation;
    }
    g_mem.items = items;
    g_mem.cap = cap;
  }
  size_t i = rt_table_upper(entry->base);
  memmove(&g_mem.items[i + 1], &g_mem.items[i],
          (g_mem.len - i) * sizeof *g_mem.items);
  g_mem.items[i] = *entry;
  g_mem.len++;
  pthread_mutex_unlock(&g_mem.lock);
  return cu2clSuccess;
}

/* Removes the entry based exactly at p if its kind is accepted (a bit mask
 * of 1 << kind); copies it to *out. Returns 0 when there is none. */
static int rt_table_take(const void *p, unsigned kinds, rt_alloc *out) {
  pthread_mutex_lock(&g_mem.lock);
  rt_alloc *a = rt_table_holding(p);
  int ok = a && a->base == p && (kinds & (1u << a->kind));
  if (ok) {
    *out = *a;
    size_t i = (size_t)(a - g_mem.items);
    memmove(a, a + 1, (g_mem.len - i - 1) * sizeof *a);
    g_mem.len--;
  }
  pthread_mutex_unlock(&g_mem.lock);
  return ok;
}

int rt_is_device_kind(rt_mem_kind k) {
  return k == RT_MEM_DEVICE || k == RT_MEM_MANAGED || k == RT_MEM_SYMBOL;
}

/* ---- allocation -----------------------------------------------------------
 */

static cu2clError_t rt_require_svm(rt_device *d) {
  if (d->svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER)
    return cu2clSuccess;
  rt_log_error("device %s has no shared virtual memory (OpenCL 2.0 SVM); "
               "cu2clrt needs coarse-grained SVM for device memory",
               d->name);
  return cu2clErrorNotSupported;
}

/* ---- the cache of freed device memory (rt_memory.h) ----------------------
 */

typedef struct rt_cached {
  rt_device *dev;
  char *base;
  size_t capacity;
} rt_cached;

static struct {
  pthread_mutex_t lock;
  rt_cached *items;
  size_t len, cap;
  int enabled; /* -1: CU2CL_MEM_CACHE not read yet */
} g_cache = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, -1};

/* Bytes of dev's memory in the cache. Caller holds g_cache.lock. */
static size_t rt_cache_bytes(const rt_device *d) {
  size_t sum = 0;
  for (size_t i = 0; i < g_cache.len; i++)
    if (g_cache.items[i].dev == d)
      sum += g_cache.items[i].capacity;
  return sum;
}

/* Off in the memory-checking mode: a freed block goes to its quarantine
 * instead (rt_guard.h). */
static int rt_cache_enabled(void) {
  if (rt_guard_on())
    return 0;
  int on = __atomic_load_n(&g_cache.enabled, __ATOMIC_RELAXED);
  if (on < 0) {
    const char *env = getenv("CU2CL_MEM_CACHE");
    on = !(env && strcmp(env, "0") == 0);
    __atomic_store_n(&g_cache.enabled, on, __ATOMIC_RELAXED);
  }
  return on;
}

/* The smallest cached block of d that holds size bytes and is at most
 * twice as large (at most 128 KiB for requests up to 64 KiB), taken out of
 * the cache; NULL when none fits. */
static void *rt_cache_take(rt_device *d, size_t size, size_t *capacity) {
  pthread_mutex_lock(&g_cache.lock);
  size_t best = g_cache.len;
  size_t limit = size > ((size_t)64 << 10) ? size * 2 : (size_t)128 << 10;
  if (size > SIZE_MAX / 2)
    limit = SIZE_MAX;
  for (size_t i = 0; i < g_cache.len; i++) {
    const rt_cached *c = &g_cache.items[i];
    if (c->dev == d && c->capacity >= size && c->capacity <= limit &&
        (best == g_cache.len || c->capacity < g_cache.items[best].capacity))
      best = i;
  }
  void *p = NULL;
  if (best < g_cache.len) {
    p = g_cache.items[best].base;
    *capacity = g_cache.items[best].capacity;
    g_cache.items[best] = g_cache.items[--g_cache.len];
  }
  pthread_mutex_unlock(&g_cache.lock);
  return p;
}

/* Keeps a freed block for reuse; returns 0 when it must be freed instead
 * (cache off, full, or out of host memory for the list). */
static int rt_cache_put(rt_device *d, char *base, size_t capacity) {
  if (!rt_cache_enabled())
    return 0;
  pthread_mutex_lock(&g_cache.lock);
  /* NVIDIA's driver backs SVM with host memory of the same size (the
   * process's resident set grows by it), so the cache is bounded by a
   * quarter of the host's memory as well as by the device's. */
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  size_t limit = d->global_mem_size;
  if (pages > 0 && page > 0 && (size_t)pages / 4 * (size_t)page < limit)
    limit = (size_t)pages / 4 * (size_t)page;
  int ok = rt_cache_bytes(d) + capacity <= limit;
  if (ok && g_cache.len == g_cache.cap) {
    size_t cap = g_cache.cap ? 2 * g_cache.cap : 32;
    rt_cached *items = realloc(g_cache.items, cap * sizeof *items);
    ok = items != NULL;
    if (ok) {
      g_cache.items = items;
      g_cache.cap = cap;
    }
  }
  if (ok)
    g_cache.items[g_cache.len++] = (rt_cached){d, base, capacity};
  pthread_mutex_unlock(&g_cache.lock);
  return ok;
}

/* Gives every cached block of d back to the driver; returns how many. */
static size_t rt_cache_trim(rt_device *d) {
  size_t n = 0;
  for (;;) {
    char *base = NULL;
    pthread_mutex_lock(&g_cache.lock);
    for (size_t i = 0; i < g_cache.len && !base; i++)
      if (g_cache.items[i].dev == d) {
        base = g_cache.items[i].base;
        g_cache.items[i] = g_cache.items[--g_cache.len];
      }
    pthread_mutex_unlock(&g_cache.lock);
    if (!base)
      return n;
    clSVMFree(d->ctx, base);
    n++;
  }
}

/* An allocation the device cannot satisfy: cudaErrorMemoryAllocation, with
 * in the memory-checking mode also a message, as the program may well
 * ignore the code, and *out is a poisoned pointer (rt_guard.h) whose use is
 * reported; otherwise *out stays as it was. */
static cu2clError_t rt_alloc_failed(rt_device *d, size_t size,
                                    rt_mem_kind kind, void **out) {
  void *poison = kind == RT_MEM_DEVICE ? rt_guard_poison(size) : NULL;
  if (poison) {
    rt_log_error("out of device memory: an allocation of %zu bytes on %s "
                 "failed (%zu of its %llu bytes allocated)",
                 size, d->name,
                 __atomic_load_n(&d->allocated, __ATOMIC_RELAXED),
                 (unsigned long long)d->global_mem_size);
    *out = poison;
  } else {
    rt_log_debug("an allocation of %zu bytes on %s failed", size, d->name);
  }
  return cu2clErrorMemoryAllocation;
}

cu2clError_t rt_mem_alloc(rt_device *d, size_t size, rt_mem_kind kind,
                          void **out) {
  RT_TRY(rt_require_svm(d));
  int fine = kind == RT_MEM_MANAGED && d->managed_fine;
  cl_svm_mem_flags flags =
      CL_MEM_READ_WRITE | (fine ? CL_MEM_SVM_FINE_GRAIN_BUFFER : 0);
  size_t guard = kind == RT_MEM_DEVICE ? rt_guard_size() : 0;
  size_t capacity = size + guard;
  if (capacity < size)
    return rt_alloc_failed(d, size, kind, out);
  void *p = kind == RT_MEM_DEVICE ? rt_cache_take(d, size, &capacity) : NULL;
  if (!p)
    p = clSVMAlloc(d->ctx, flags, capacity, 0);
  if (!p && rt_cache_trim(d) > 0) /* the cache may hold what is missing */
    p = clSVMAlloc(d->ctx, flags, capacity, 0);
  if (!p)
    return rt_alloc_failed(d, size, kind, out);
  if (guard && rt_guard_fill(d, p, size) != cu2clSuccess) {
    clSVMFree(d->ctx, p);
    return rt_alloc_failed(d, size, kind, out);
  }
  rt_alloc entry = {p, size, d, kind, 0, 0, capacity, NULL};
  if (kind == RT_MEM_MANAGED && !fine) {
    cl_int st = clEnqueueSVMMap(d->queue, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                                p, size, 0, NULL, NULL);
    if (st != CL_SUCCESS) {
      clSVMFree(d->ctx, p);
      return rt_cl_error(st, cu2clErrorMapBufferObjectFailed);
    }
    entry.mapped = 1;
  }
  /* Managed memory is host-visible here (fine-grained or just mapped). It
   * starts zeroed, as CUDA's does in practice (fresh pages): programs read
   * a managed struct before writing all of it, and a trace would otherwise
   * record whatever the allocator left. */
  if (kind == RT_MEM_MANAGED)
    memset(p, 0, size);
  if (rt_table_insert(&entry) != cu2clSuccess) {
    clSVMFree(d->ctx, p);
    return cu2clErrorMemoryAllocation;
  }
  if (kind == RT_MEM_MANAGED && !fine)
    __atomic_add_fetch(&d->managed_mapped, 1, __ATOMIC_ACQ_REL);
  __atomic_add_fetch(&d->allocated, size, __ATOMIC_RELAXED);
  *out = p;
  return cu2clSuccess;
}

/* Frees an allocation already removed from the table: device-side memory
 * (into the cache when it takes it) or a pinned host buffer. clSVMFree does
 * not wait for commands that use the memory, nor would a reused block: the
 * device is drained first, which is also what cudaFree does. */
static void rt_mem_free_entry(const rt_alloc *a) {
  rt_stream_sync_device(a->dev);
  if (a->kind == RT_MEM_PINNED) {
    clEnqueueUnmapMemObject(a->dev->queue, a->pinned, a->base, 0, NULL, NULL);
    clFinish(a->dev->queue);
    clReleaseMemObject(a->pinned);
    return;
  }
  if (a->kind == RT_MEM_MANAGED && !a->dev->managed_fine)
    __atomic_sub_fetch(a->mapped ? &a->dev->managed_mapped
                                 : &a->dev->managed_unmapped,
                       1, __ATOMIC_ACQ_REL);
  __atomic_sub_fetch(&a->dev->allocated, a->size, __ATOMIC_RELAXED);
  if (a->kind == RT_MEM_DEVICE &&
      rt_guard_quarantine(a->dev, a->base, a->size, a->capacity))
    return;
  if (a->kind != RT_MEM_DEVICE || !rt_cache_put(a->dev, a->base, a->capacity))
    clSVMFree(a->dev->ctx, a->base);
}

cu2clError_t cu2clMalloc(void **dev_ptr, size_t size) {
  RT_CHECK(dev_ptr != NULL, cu2clErrorInvalidValue);
  RT_TRY(rt_graph_unsafe_call()); /* refused during most captures */
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  *dev_ptr = NULL;
  if (size == 0)
    return cu2clSuccess; /* CUDA returns NULL for empty allocations */
  RT_TRY(rt_mem_alloc(d, size, RT_MEM_DEVICE, dev_ptr));
  return cu2clSuccess;
}

cu2clError_t cu2clMallocManaged(void **dev_ptr, size_t size,
                                unsigned int flags) {
  RT_CHECK(dev_ptr != NULL, cu2clErrorInvalidValue);
  RT_CHECK(size > 0, cu2clErrorInvalidValue);
  RT_CHECK(flags == cu2clMemAttachGlobal || flags == cu2clMemAttachHost,
           cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  RT_TRY(rt_mem_alloc(d, size, RT_MEM_MANAGED, dev_ptr));
  rt_trace_managed_add(*dev_ptr, size);
  return cu2clSuccess;
}

cu2clError_t rt_mem_free_ptr(void *dev_ptr) {
  rt_alloc a;
  unsigned kinds = 1u << RT_MEM_DEVICE | 1u << RT_MEM_MANAGED;
  if (!rt_table_take(dev_ptr, kinds, &a))
    return cu2clErrorInvalidValue;
  if (a.dev && rt_fault_wedged(a.dev)) /* a faulted kernel may still run */
    return cu2clErrorIllegalAddress;
  rt_trace_managed_remove(dev_ptr); /* before: the address may be reused */
  rt_mem_free_entry(&a);
  return cu2clSuccess;
}

cu2clError_t cu2clFree(void *dev_ptr) {
  if (!dev_ptr)
    return cu2clSuccess;
  RT_TRY(rt_graph_unsafe_call()); /* it synchronizes the device */
  if (rt_resv_mark_freed(dev_ptr)) /* a graph allocation (rt_gnode.h) */
    return cu2clSuccess;
  if (rt_guard_unpoison(dev_ptr)) /* a failed allocation's (rt_guard.h) */
    return cu2clSuccess;
  RT_TRY(rt_mem_free_ptr(dev_ptr));
  return cu2clSuccess;
}

/* ---- stream-ordered allocation and memory pools ---------------------- */

enum { RT_MAX_POOLS = 64 }; /* devices with a pool object */

struct cu2clMemPool {
  int ordinal;
  unsigned long long release_threshold;
  int reuse[3]; /* the three reuse policy flags, as set */
};

static struct cu2clMemPool rt_pools[RT_MAX_POOLS];

/* Made at once: sooner than stream order asks. On a capturing stream the
 * allocation is a graph's (an allocation node, rt_gnode.h). */
cu2clError_t cu2clMallocAsync(void **dev_ptr, size_t size,
                              cu2clStream_t stream) {
  RT_CHECK(dev_ptr != NULL, cu2clErrorInvalidValue);
  if (!rt_graph_capturing(stream))
    return cu2clMalloc(dev_ptr, size);
  RT_CHECK(size > 0, cu2clErrorInvalidValue);
  return rt_fail(rt_graph_record_alloc(stream, size, dev_ptr));
}

/* cu2clFree waits for the device's earlier work; on a capturing stream the
 * free is a node of the graph. */
cu2clError_t cu2clFreeAsync(void *dev_ptr, cu2clStream_t stream) {
  if (!rt_graph_capturing(stream))
    return cu2clFree(dev_ptr);
  RT_CHECK(dev_ptr != NULL, cu2clErrorInvalidValue);
  return rt_fail(rt_graph_record_free(stream, dev_ptr));
}

cu2clError_t cu2clMallocFromPoolAsync(void **dev_ptr, size_t size,
                                      cu2clMemPool_t pool,
                                      cu2clStream_t stream) {
  RT_CHECK(pool != NULL, cu2clErrorInvalidValue);
  return cu2clMallocAsync(dev_ptr, size, stream);
}

cu2clError_t cu2clDeviceGetDefaultMemPool(cu2clMemPool_t *pool, int device) {
  RT_CHECK(pool != NULL, cu2clErrorInvalidValue);
  RT_CHECK(device >= 0 && device < rt_device_count() &&
               device < RT_MAX_POOLS,
           cu2clErrorInvalidDevice);
  rt_pools[device].ordinal = device;
  *pool = &rt_pools[device];
  return cu2clSuccess;
}

cu2clError_t cu2clDeviceGetMemPool(cu2clMemPool_t *pool, int device) {
  return cu2clDeviceGetDefaultMemPool(pool, device);
}

/* Attributes are 64-bit for the threshold and the memory figures, int for
 * the reuse flags (CUDA's types). The memory figures are the device's
 * allocated bytes. */
cu2clError_t cu2clMemPoolSetAttribute(cu2clMemPool_t pool,
                                      cu2clMemPoolAttr attr, void *value) {
  RT_CHECK(pool != NULL && value != NULL, cu2clErrorInvalidValue);
  if (attr >= cu2clMemPoolReuseFollowEventDependencies &&
      attr <= cu2clMemPoolReuseAllowInternalDependencies) {
    pool->reuse[attr - 1] = *(int *)value;
    return cu2clSuccess;
  }
  if (attr == cu2clMemPoolAttrReleaseThreshold) {
    pool->release_threshold = *(unsigned long long *)value;
    return cu2clSuccess;
  }
  if (attr == cu2clMemPoolAttrReservedMemHigh ||
      attr == cu2clMemPoolAttrUsedMemHigh) {
    RT_CHECK(*(unsigned long long *)value == 0, cu2clErrorInvalidValue);
    return cu2clSuccess; /* resetting a high-water mark */
  }
  return rt_fail(cu2clErrorInvalidValue);
}

cu2clError_t cu2clMemPoolGetAttribute(cu2clMemPool_t pool,
                                      cu2clMemPoolAttr attr, void *value) {
  RT_CHECK(pool != NULL && value != NULL, cu2clErrorInvalidValue);
  if (attr >= cu2clMemPoolReuseFollowEventDependencies &&
      attr <= cu2clMemPoolReuseAllowInternalDependencies) {
    *(int *)value = pool->reuse[attr - 1];
    return cu2clSuccess;
  }
  if (attr == cu2clMemPoolAttrReleaseThreshold) {
    *(unsigned long long *)value = pool->release_threshold;
    return cu2clSuccess;
  }
  RT_CHECK(attr >= cu2clMemPoolAttrReservedMemCurrent &&
               attr <= cu2clMemPoolAttrUsedMemHigh,
           cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_get(pool->ordinal, &d));
  *(unsigned long long *)value =
      __atomic_load_n(&d->allocated, __ATOMIC_RELAXED);
  return cu2clSuccess;
}

cu2clError_t cu2clMemPoolTrimTo(cu2clMemPool_t pool, size_t min_bytes_to_keep) {
  (void)min_bytes_to_keep; /* freed memory is the runtime cache's to keep */
  RT_CHECK(pool != NULL, cu2clErrorInvalidValue);
  return cu2clSuccess;
}

void rt_mem_release_device(rt_device *d) {
  for (;;) {
    rt_alloc a = {0};
    pthread_mutex_lock(&g_mem.lock);
    for (size_t i = 0; i < g_mem.len; i++)
      if (g_mem.items[i].dev == d)
        a = g_mem.items[i];
    pthread_mutex_unlock(&g_mem.lock);
    if (!a.base || !rt_table_take(a.base, ~0u, &a))
      break;
    rt_mem_free_entry(&a);
  }
  rt_cache_trim(d);
  rt_guard_release_device(d);
}

cu2clError_t cu2clMemGetInfo(size_t *free_bytes, size_t *total_bytes) {
  RT_CHECK(free_bytes != NULL && total_bytes != NULL, cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  size_t used = __atomic_load_n(&d->allocated, __ATOMIC_RELAXED);
  *total_bytes = d->global_mem_size;
  *free_bytes = used < d->global_mem_size ? d->global_mem_size - used : 0;
  return cu2clSuccess;
}

/* ---- host memory ----------------------------------------------------------
 */

cu2clError_t cu2clHostAlloc(void **ptr, size_t size, unsigned int flags) {
  RT_CHECK(ptr != NULL, cu2clErrorInvalidValue);
  RT_CHECK((flags & ~0x7u) == 0, cu2clErrorInvalidValue);
  *ptr = NULL;
  if (size == 0)
    return cu2clSuccess;
  rt_device *d = NULL;
  cu2clError_t have = rt_device_current(&d);
  /* Mapped memory must be reachable by kernels: it is managed memory. With
   * unified addressing CUDA maps every page-locked allocation, so kernels
   * may use any of them; where the device shares fine-grained SVM with the
   * host that costs nothing, and every host allocation is mapped. */
  if ((flags & cu2clHostAllocMapped) ||
      (have == cu2clSuccess && d->managed_fine)) {
    RT_TRY(have);
    RT_TRY(rt_mem_alloc(d, size, RT_MEM_MANAGED, ptr));
    pthread_mutex_lock(&g_mem.lock);
    rt_table_holding(*ptr)->host_alloc = 1;
    pthread_mutex_unlock(&g_mem.lock);
    return cu2clSuccess;
  }
  rt_alloc entry = {NULL, size, NULL, RT_MEM_PINNED, 1, 0, size, NULL};
  if (have == cu2clSuccess) {
    /* the driver's page-locked memory: a host-allocated buffer, mapped for
     * good */
    cl_int st;
    entry.pinned =
        clCreateBuffer(d->ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                       size, NULL, &st);
    if (entry.pinned) {
      entry.base = clEnqueueMapBuffer(d->queue, entry.pinned, CL_TRUE,
                                      CL_MAP_READ | CL_MAP_WRITE, 0, size, 0,
                                      NULL, NULL, &st);
      if (entry.base) {
        entry.dev = d;
      } else {
        clReleaseMemObject(entry.pinned);
        entry.pinned = NULL;
      }
    }
  }
  if (!entry.base) { /* no device, or it would not: page-aligned memory */
    long page = sysconf(_SC_PAGESIZE);
    RT_CHECK(posix_memalign((void **)&entry.base,
                            page > 0 ? (size_t)page : 4096, size) == 0,
             cu2clErrorMemoryAllocation);
  }
  if (rt_table_insert(&entry) != cu2clSuccess) {
    if (entry.pinned)
      rt_mem_free_entry(&entry);
    else
      free(entry.base);
    return rt_fail(cu2clErrorMemoryAllocation);
  }
  *ptr = entry.base;
  return cu2clSuccess;
}

cu2clError_t cu2clMallocHost(void **ptr, size_t size) {
  return cu2clHostAlloc(ptr, size, cu2clHostAllocDefault);
}

cu2clError_t cu2clFreeHost(void *ptr) {
  if (!ptr)
    return cu2clSuccess;
  rt_alloc a;
  unsigned kinds = 1u << RT_MEM_PINNED | 1u << RT_MEM_MANAGED;
  RT_CHECK(rt_table_take(ptr, kinds, &a), cu2clErrorInvalidValue);
  if (a.kind == RT_MEM_MANAGED && !a.host_alloc) {
    rt_table_insert(&a); /* not ours to free here: put it back */
    return rt_fail(cu2clErrorInvalidValue);
  }
  if (a.kind == RT_MEM_PINNED && !a.pinned)
    free(a.base);
  else
    rt_mem_free_entry(&a);
  return cu2clSuccess;
}

cu2clError_t cu2clHostGetDevicePointer(void **dev_ptr, void *host_ptr,
                                       unsigned int flags) {
  RT_CHECK(dev_ptr != NULL && host_ptr != NULL, cu2clErrorInvalidValue);
  RT_CHECK(flags == 0, cu2clErrorInvalidValue);
  rt_alloc a;
  rt_mem_find(host_ptr, &a);
  /* registered with cudaHostRegisterMapped: the device cannot reach it */
  RT_CHECK(a.kind != RT_MEM_REGISTERED || !a.mapped, cu2clErrorNotSupported);
  RT_CHECK(a.kind == RT_MEM_MANAGED, cu2clErrorInvalidValue);
  *dev_ptr = host_ptr; /* SVM: the same address on both sides */
  return cu2clSuccess;
}

/* Registration only makes async copies from the range asynchronous. Mapping
 * ordinary memory into the device needs fine-grained system SVM, which
 * cu2clrt does not use: cudaHostRegisterMapped registers all the same (most
 * programs only copy from the range), and asking for the range's device
 * address fails (cu2clHostGetDevicePointer: cudaErrorNotSupported). */
cu2clError_t cu2clHostRegister(void *ptr, size_t size, unsigned int flags) {
  RT_CHECK(ptr != NULL && size > 0, cu2clErrorInvalidValue);
  RT_CHECK((flags & ~0xfu) == 0, cu2clErrorInvalidValue);
  rt_alloc a, b;
  rt_mem_find(ptr, &a);
  rt_mem_find((char *)ptr + size - 1, &b);
  RT_CHECK(!a.base && !b.base, cu2clErrorHostMemoryAlreadyRegistered);
  int mapped = (flags & cu2clHostRegisterMapped) != 0;
  rt_alloc entry = {ptr, size, NULL, RT_MEM_REGISTERED, 0, mapped, size, NULL};
  RT_TRY(rt_table_insert(&entry));
  return cu2clSuccess;
}

cu2clError_t cu2clHostUnregister(void *ptr) {
  rt_alloc a;
  RT_CHECK(ptr != NULL, cu2clErrorInvalidValue);
  RT_CHECK(rt_table_take(ptr, 1u << RT_MEM_REGISTERED, &a),
           cu2clErrorHostMemoryNotRegistered);
  return cu2clSuccess;
}

/* ---- managed memory on coarse-grained SVM ---------------------------------
 */

/* Maps (to_host) or unmaps every coarse managed buffer of d that is in the
 * other state, on the default queue, and waits: the other queues must see
 * the new state before their next command. */
static cu2clError_t rt_managed_switch(rt_device *d, int to_host) {
  cl_int st = CL_SUCCESS;
  pthread_mutex_lock(&g_mem.lock);
  for (size_t i = 0; i < g_mem.len && st == CL_SUCCESS; i++) {
    rt_alloc *a = &g_mem.items[i];
    if (a->dev != d || a->kind != RT_MEM_MANAGED || a->mapped == to_host)
      continue;
    if (to_host)
      st = clEnqueueSVMMap(d->queue, CL_FALSE, CL_MAP_READ | CL_MAP_WRITE,
                           a->base, a->size, 0, NULL, NULL);
    else
      st = clEnqueueSVMUnmap(d->queue, a->base, 0, NULL, NULL);
    if (st != CL_SUCCESS)
      break;
    a->mapped = to_host;
    __atomic_sub_fetch(to_host ? &d->managed_unmapped : &d->managed_mapped, 1,
                       __ATOMIC_ACQ_REL);
    __atomic_add_fetch(to_host ? &d->managed_mapped : &d->managed_unmapped, 1,
                       __ATOMIC_ACQ_REL);
  }
  if (st == CL_SUCCESS)
    st = clFinish(d->queue);
  pthread_mutex_unlock(&g_mem.lock);
  if (st != CL_SUCCESS)
    rt_log_debug("%s managed memory failed: %s",
                 to_host ? "mapping" : "unmapping", rt_cl_status_name(st));
  return st == CL_SUCCESS ? cu2clSuccess
         : to_host        ? cu2clErrorMapBufferObjectFailed
                          : cu2clErrorUnmapBufferObjectFailed;
}

cu2clError_t rt_managed_to_device(rt_device *d) {
  if (__atomic_load_n(&d->managed_mapped, __ATOMIC_ACQUIRE) == 0)
    return cu2clSuccess;
  return rt_managed_switch(d, 0);
}

cu2clError_t rt_managed_to_host(rt_device *d) {
  if (__atomic_load_n(&d->managed_unmapped, __ATOMIC_ACQUIRE) == 0)
    return cu2clSuccess;
  return rt_managed_switch(d, 1);
}

/* ---- copies and fills -----------------------------------------------------
 */

cu2clError_t rt_mem_span(const void *p, size_t extent, rt_alloc *a) {
  rt_mem_find(p, a);
  char why[160];
  if (!a->base && rt_guard_explain(p, why, sizeof why)) {
    rt_log_error("copy: address %p %s", p, why); /* CU2CL_CHECK=1 */
    return cu2clErrorIllegalAddress;
  }
  if (a->base && (const char *)p + extent > a->base + a->size) {
    rt_log_debug("copy range %p+%zu overruns allocation %p+%zu", p, extent,
                 (void *)a->base, a->size);
    return cu2clErrorInvalidValue;
  }
  return cu2clSuccess;
}

cu2clError_t rt_mem_plan(void *dst, size_t dext, const void *src, size_t sext,
                         cu2clMemcpyKind kind, rt_copy_plan *plan) {
  if ((unsigned)kind > cu2clMemcpyDefault)
    return cu2clErrorInvalidMemcpyDirection;
  if (!dst || !src)
    return cu2clErrorInvalidValue;
  rt_alloc da, sa;
  RT_TRY(rt_mem_span(dst, dext, &da));
  RT_TRY(rt_mem_span(src, sext, &sa));
  int ddev = rt_is_device_kind(da.kind), sdev = rt_is_device_kind(sa.kind);
  /* The kind may say "device" only of device memory; a device pointer on the
   * "host" side is fine: SVM copies work either way, as with UVA. */
  if (((kind == cu2clMemcpyHostToDevice || kind == cu2clMemcpyDeviceToDevice) &&
       !ddev) ||
      ((kind == cu2clMemcpyDeviceToHost || kind == cu2clMemcpyDeviceToDevice) &&
       !sdev)) {
    rt_log_debug("memcpy kind %d does not match the pointers %p <- %p",
                 (int)kind, dst, src);
    return cu2clErrorInvalidValue;
  }
  if (ddev && sdev && da.dev != sa.dev)
    return cu2clErrorNotSupported; /* no peer copies between contexts */
  plan->dev = ddev ? da.dev : sdev ? sa.dev : NULL;
  plan->pageable = (!ddev && da.kind == RT_MEM_PAGEABLE) ||
                   (!sdev && sa.kind == RT_MEM_PAGEABLE);
  plan->to_host = !ddev;
  plan->cuda_dst_host = !ddev || da.host_alloc;
  plan->cuda_src_device = sdev && !sa.host_alloc;
  return cu2clSuccess;
}

int rt_mem_traced(cu2clMemcpyKind kind, const rt_copy_plan *plan) {
  return plan->dev &&
         (kind == cu2clMemcpyDeviceToHost ||
          (kind == cu2clMemcpyDefault && plan->cuda_dst_host &&
           plan->cuda_src_device)) &&
         rt_trace_on();
}

cu2clError_t rt_mem_copy(void *dst, const void *src, size_t count,
                         cu2clMemcpyKind kind, cu2clStream_t stream,
                         int async) {
  return rt_mem_copy_as(dst, src, count, kind, stream, async,
                        kind == cu2clMemcpyDefault ? RT_TRACE_MEMCPY_DEFAULT
                                                   : RT_TRACE_MEMCPY);
}

cu2clError_t rt_mem_copy_as(void *dst, const void *src, size_t count,
                            cu2clMemcpyKind kind, cu2clStream_t stream,
                            int async, rt_trace_kind as) {
  rt_copy_plan plan = {0};
  if (!async) /* a synchronous copy: refused during most captures */
    RT_TRY(rt_graph_unsafe_call());
  if (count == 0) {
    if ((unsigned)kind > cu2clMemcpyDefault)
      return cu2clErrorInvalidMemcpyDirection;
    /* the original's tracing header records empty device-to-host copies:
     * so must the port, or the transfers after it would not line up */
    if (kind == cu2clMemcpyDeviceToHost && rt_trace_on() &&
        !(async && rt_graph_capturing(stream)))
      rt_trace_copy(as, async, dst, 0);
    return cu2clSuccess;
  }
  RT_TRY(rt_mem_plan(dst, count, src, count, kind, &plan));
  if (async && rt_graph_capturing(stream)) { /* recorded (rt_graph.h) */
    rt_copy3d c = {dst, src, count, count, count, count, count, 1, 1, kind};
    return rt_graph_record_copy(stream, plan.dev, &c);
  }
  if (!plan.dev) {
    memmove(dst, src, count);
    return cu2clSuccess;
  }
  cl_command_queue q;
  RT_TRY(rt_stream_acquire(stream, plan.dev, &q));
  RT_TRY(rt_managed_to_device(plan.dev));
  /* A traced copy is recorded when it has arrived: an asynchronous one is
   * waited for, in the order the program issued it, as the original's
   * tracing header does. */
  int traced = rt_mem_traced(kind, &plan);
  cl_bool blocking = !async || plan.pageable || traced;
  cl_int st = clEnqueueSVMMemcpy(q, blocking, dst, src, count, 0, NULL, NULL);
  if (st != CL_SUCCESS) {
    rt_log_debug("clEnqueueSVMMemcpy: %s", rt_cl_status_name(st));
    return rt_cl_error(st, cu2clErrorInvalidValue);
  }
  /* An asynchronous copy is not flushed here, as a launch is not: the
   * driver submits it with the next command that flushes or waits, and a
   * flush per call costs a submission (bench_launch's round trip). */
  if (traced)
    rt_trace_copy(as, async, dst, count);
  return cu2clSuccess;
}

cu2clError_t cu2clMemcpy(void *dst, const void *src, size_t count,
                         cu2clMemcpyKind kind) {
  RT_TRY(rt_mem_copy(dst, src, count, kind, NULL, 0));
  rt_device *d; /* the copy waited: a failed device assert shows now */
  RT_TRY(rt_device_current(&d));
  return rt_fail(rt_devrt_check(d));
}

cu2clError_t cu2clMemcpyAsync(void *dst, const void *src, size_t count,
                              cu2clMemcpyKind kind, cu2clStream_t stream) {
  return rt_fail(rt_mem_copy(dst, src, count, kind, stream, 1));
}

cl_int rt_mem_enqueue_fill(cl_command_queue q, void *ptr, int value,
                           size_t count) {
  unsigned char byte = (unsigned char)value;
  cl_uint word = byte * 0x01010101u;
  int wide = ((uintptr_t)ptr % 4 == 0) && count % 4 == 0;
  return wide ? clEnqueueSVMMemFill(q, ptr, &word, 4, count, 0, NULL, NULL)
              : clEnqueueSVMMemFill(q, ptr, &byte, 1, count, 0, NULL, NULL);
}

/* ---- host access for library layers --------------------------------------
 */

/* Device memory is coarse-grained SVM: the host may touch it only while it
 * is mapped. cu2clrtHostAccess(1) maps every device allocation of the
 * current device for the host (after the device is idle) and
 * cu2clrtHostAccess(0) unmaps them; calls nest, the outermost pair maps and
 * unmaps. The Thrust layer brackets a user functor's host calls with it. */
static int g_host_access;

static cu2clError_t rt_host_access_switch(rt_device *d, int to_host) {
  cl_int st = clFinish(d->queue);
  pthread_mutex_lock(&g_mem.lock);
  for (size_t i = 0; i < g_mem.len && st == CL_SUCCESS; i++) {
    rt_alloc *a = &g_mem.items[i];
    if (a->dev != d || a->kind != RT_MEM_DEVICE)
      continue;
    st = to_host ? clEnqueueSVMMap(d->queue, CL_FALSE,
                                   CL_MAP_READ | CL_MAP_WRITE, a->base,
                                   a->size, 0, NULL, NULL)
                 : clEnqueueSVMUnmap(d->queue, a->base, 0, NULL, NULL);
  }
  if (st == CL_SUCCESS)
    st = clFinish(d->queue);
  pthread_mutex_unlock(&g_mem.lock);
  if (st != CL_SUCCESS)
    rt_log_debug("host access: %s", rt_cl_status_name(st));
  return st == CL_SUCCESS ? cu2clSuccess
         : to_host        ? cu2clErrorMapBufferObjectFailed
                          : cu2clErrorUnmapBufferObjectFailed;
}

cu2clError_t cu2clrtHostAccess(int begin) {
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  int depth = begin ? __atomic_add_fetch(&g_host_access, 1, __ATOMIC_ACQ_REL)
                    : __atomic_sub_fetch(&g_host_access, 1, __ATOMIC_ACQ_REL);
  if ((begin && depth != 1) || (!begin && depth != 0))
    return cu2clSuccess;
  return rt_host_access_switch(d, begin);
}
