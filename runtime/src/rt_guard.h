/*
 * rt_guard: the memory-checking mode, CU2CL_CHECK=1 (docs/runtime.md,
 * "Checking memory"), below rt_memory: what it keeps of device memory.
 *
 * With the mode on, every cu2clMalloc block has a guard zone of
 * RT_GUARD_BYTES after its end, filled with RT_GUARD_BYTE; a kernel that
 * writes past the end of a buffer changes it, which the launch finds when
 * the kernel has ended. Freed blocks wait in a quarantine (at most
 * RT_QUARANTINE_BYTES, oldest given back first) so that their addresses
 * are not handed out again at once and a pointer into one can be named as
 * freed. A failed allocation returns, instead of NULL, an address of a
 * reserved range that nothing can read or write (a "poisoned" pointer), so
 * that its use is named instead of crashing. Without the mode every
 * function here is a no-op answering "no".
 */
#ifndef CU2CL_RT_GUARD_H
#define CU2CL_RT_GUARD_H

#include "rt_device.h"

enum { RT_GUARD_BYTES = 256, RT_GUARD_BYTE = 0xcb };

/* Nonzero when CU2CL_CHECK is set, not empty and not "0" (read once). */
int rt_guard_on(void);
/* The bytes of guard zone to allocate after a block: RT_GUARD_BYTES with
 * the mode on, else 0. */
size_t rt_guard_size(void);
/* Fills the guard zone after base+size on d (blocking). */
cu2clError_t rt_guard_fill(rt_device *d, char *base, size_t size);
/* Checks the guard zone after base+size on d (the device idle): the offset
 * past the end of the first changed byte in *first and the count of
 * changed bytes returned (0: intact); the zone is filled again. */
size_t rt_guard_verify(rt_device *d, char *base, size_t size, size_t *first);

/* Keeps a freed block (capacity bytes at base on d, size used) in the
 * quarantine, giving back the oldest ones beyond its bound; 0 when the
 * mode is off (the caller frees it). */
int rt_guard_quarantine(rt_device *d, char *base, size_t size, size_t capacity);
/* Gives back d's quarantined blocks (a device reset). */
void rt_guard_release_device(rt_device *d);
/* A poisoned pointer standing for a failed allocation of size bytes; NULL
 * when the mode is off or the range cannot be reserved. */
void *rt_guard_poison(size_t size);
/* Forgets the poisoned pointer p (cu2clFree); 0 when p is none. */
int rt_guard_unpoison(const void *p);
/* When p is no live allocation but the mode knows of it (inside a
 * quarantined block or a poisoned pointer), writes why into buf and
 * returns 1; else 0. */
int rt_guard_explain(const void *p, char *buf, size_t len);

#endif
