/*
 * rt_guard: guard zones, the quarantine of freed blocks and poisoned
 * pointers of the memory-checking mode (rt_guard.h). Each has its own
 * mutex; none calls out of this module while holding it except
 * clSVMFree.
 */
#include "rt_guard.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int rt_guard_on(void) {
  static int value = -2;
  return rt_env_tristate("CU2CL_CHECK", &value) > 0;
}

size_t rt_guard_size(void) {
  return rt_guard_on() ? RT_GUARD_BYTES : 0;
}

/* ---- guard zones ---- */

cu2clError_t rt_guard_fill(rt_device *d, char *base, size_t size) {
  unsigned char byte = RT_GUARD_BYTE;
  cl_int st = clEnqueueSVMMemFill(d->queue, base + size, &byte, 1,
                                  RT_GUARD_BYTES, 0, NULL, NULL);
  if (st == CL_SUCCESS)
    st = clFinish(d->queue);
  return st == CL_SUCCESS ? cu2clSuccess : rt_cl_error(st, cu2clErrorUnknown);
}

size_t rt_guard_verify(rt_device *d, char *base, size_t size, size_t *first) {
  unsigned char zone[RT_GUARD_BYTES];
  cl_int st = clEnqueueSVMMemcpy(d->queue, CL_TRUE, zone, base + size,
                                 sizeof zone, 0, NULL, NULL);
  if (st != CL_SUCCESS)
    return 0;
  size_t changed = 0;
  for (size_t i = sizeof zone; i-- > 0;)
    if (zone[i] != RT_GUARD_BYTE) {
      *first = i;
      changed++;
    }
  if (changed)
    rt_guard_fill(d, base, size);
  return changed;
}

/* ---- the quarantine ---- */

enum { RT_QUARANTINE_MAX = 1024 };
#define RT_QUARANTINE_BYTES ((size_t)256 << 20)

typedef struct rt_freed {
  rt_device *dev;
  char *base;
  size_t size, capacity;
} rt_freed;

static struct {
  pthread_mutex_t lock;
  rt_freed items[RT_QUARANTINE_MAX]; /* oldest first */
  size_t len, bytes;
} g_quarantine = {PTHREAD_MUTEX_INITIALIZER, {{0}}, 0, 0};

/* Gives back the oldest block. Caller holds the lock. */
static void rt_quarantine_pop(void) {
  rt_freed f = g_quarantine.items[0];
  memmove(&g_quarantine.items[0], &g_quarantine.items[1],
          --g_quarantine.len * sizeof f);
  g_quarantine.bytes -= f.capacity;
  clSVMFree(f.dev->ctx, f.base);
}

int rt_guard_quarantine(rt_device *d, char *base, size_t size,
                        size_t capacity) {
  if (!rt_guard_on())
    return 0;
  pthread_mutex_lock(&g_quarantine.lock);
  while (g_quarantine.len > 0 &&
         (g_quarantine.len == RT_QUARANTINE_MAX ||
          g_quarantine.bytes + capacity > RT_QUARANTINE_BYTES))
    rt_quarantine_pop();
  g_quarantine.items[g_quarantine.len++] = (rt_freed){d, base, size, capacity};
  g_quarantine.bytes += capacity;
  pthread_mutex_unlock(&g_quarantine.lock);
  return 1;
}

void rt_guard_release_device(rt_device *d) {
  pthread_mutex_lock(&g_quarantine.lock);
  size_t kept = 0;
  for (size_t i = 0; i < g_quarantine.len; i++) {
    rt_freed f = g_quarantine.items[i];
    if (f.dev == d) {
      g_quarantine.bytes -= f.capacity;
      clSVMFree(d->ctx, f.base);
    } else {
      g_quarantine.items[kept++] = f;
    }
  }
  g_quarantine.len = kept;
  pthread_mutex_unlock(&g_quarantine.lock);
}

/* ---- poisoned pointers ---- */

enum { RT_POISON_SLOT = 64, RT_POISON_SLOTS = 16384 };

static struct {
  pthread_mutex_t lock;
  char *range; /* RT_POISON_SLOTS slots, PROT_NONE; NULL until needed */
  size_t next; /* the next slot handed out (round robin) */
  size_t sizes[RT_POISON_SLOTS]; /* each slot's request; 0: none */
} g_poison = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, {0}};

void *rt_guard_poison(size_t size) {
  if (!rt_guard_on())
    return NULL;
  pthread_mutex_lock(&g_poison.lock);
  if (!g_poison.range) {
    void *r = mmap(NULL, (size_t)RT_POISON_SLOTS * RT_POISON_SLOT, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    g_poison.range = r == MAP_FAILED ? NULL : r;
  }
  char *p = NULL;
  if (g_poison.range) {
    size_t slot = g_poison.next++ % RT_POISON_SLOTS;
    g_poison.sizes[slot] = size ? size : 1;
    p = g_poison.range + slot * RT_POISON_SLOT;
  }
  pthread_mutex_unlock(&g_poison.lock);
  return p;
}

/* The slot of p in the poisoned range, or -1. Caller holds the lock. */
static long rt_poison_slot(const void *p) {
  uintptr_t a = (uintptr_t)p, r = (uintptr_t)g_poison.range;
  if (!g_poison.range || a < r ||
      a >= r + (uintptr_t)RT_POISON_SLOTS * RT_POISON_SLOT)
    return -1;
  return (long)((a - r) / RT_POISON_SLOT);
}

int rt_guard_unpoison(const void *p) {
  pthread_mutex_lock(&g_poison.lock);
  long slot = rt_poison_slot(p);
  int ok = slot >= 0 && g_poison.sizes[slot] != 0;
  if (ok)
    g_poison.sizes[slot] = 0;
  pthread_mutex_unlock(&g_poison.lock);
  return ok;
}

int rt_guard_explain(const void *p, char *buf, size_t len) {
  if (!rt_guard_on())
    return 0;
  int found = 0;
  pthread_mutex_lock(&g_poison.lock);
  long slot = rt_poison_slot(p);
  if (slot >= 0) {
    found = 1;
    snprintf(buf, len,
             "is the result of a failed allocation of %zu bytes (the "
             "allocation returned cu2clErrorMemoryAllocation)",
             g_poison.sizes[slot]);
  }
  pthread_mutex_unlock(&g_poison.lock);
  pthread_mutex_lock(&g_quarantine.lock);
  for (size_t i = g_quarantine.len; !found && i-- > 0;) {
    const rt_freed *f = &g_quarantine.items[i];
    if ((const char *)p >= f->base && (const char *)p < f->base + f->capacity) {
      found = 1;
      snprintf(buf, len,
               "points into a block of %zu bytes that was freed (at byte %zu)",
               f->size, (size_t)((const char *)p - f->base));
    }
  }
  pthread_mutex_unlock(&g_quarantine.lock);
  return found;
}
