/*
 * rt_memory: every allocation cu2clrt hands out, and the copies between
 * them.
 *
 * Device memory is coarse-grained SVM (clSVMAlloc), so a device pointer is
 * an address valid in host code too. A table of allocations (sorted by base
 * address, one mutex) resolves any pointer inside an allocation: copies with
 * offsets, cu2clFree validation and cu2clMemcpyDefault all use it.
 *
 * Freed device memory is kept for reuse (CU2CL_MEM_CACHE): NVIDIA's driver
 * takes about 0.35 ms per MB to allocate SVM and 0.1 ms per MB to free it,
 * where cudaMalloc and cudaFree take microseconds, so a program that
 * allocates and frees per step or per case paid for it at every call. An
 * allocation takes the smallest cached block of its device that fits
 * without wasting more than its own size; the cache is given back to the
 * driver when an allocation fails and at cu2clDeviceReset, and holds at
 * most the device's memory size and a quarter of the host's (the driver
 * keeps a host copy of every SVM block). Blocks live at exit are not freed
 * one by one (the process's end releases them).
 *
 * Pinned host memory (cu2clMallocHost, cu2clHostAlloc without Mapped) is a
 * mapped CL_MEM_ALLOC_HOST_PTR buffer of the current device, the driver's
 * page-locked memory: copies from and to it run at DMA speed (7x the
 * pageable rate on an H200) and small device-to-host copies return in half
 * the time. Async copies from it stay asynchronous (copies from
 * unrecorded, "pageable" memory are synchronous, as CUDA makes them).
 *
 * Managed memory is fine-grained SVM where the device has it; otherwise
 * coarse-grained SVM kept mapped for the host while the device is idle:
 * rt_managed_to_device unmaps it before a launch or copy, and
 * rt_managed_to_host maps it back at the next synchronization (CUDA's model
 * before Pascal). CU2CL_MANAGED=coarse forces the coarse scheme.
 */
#ifndef CU2CL_RT_MEMORY_H
#define CU2CL_RT_MEMORY_H

#include "rt_device.h"
#include "rt_trace.h"

typedef enum rt_mem_kind {
  RT_MEM_PAGEABLE = 0, /* not cu2clrt's: ordinary host memory */
  RT_MEM_DEVICE,       /* cu2clMalloc */
  RT_MEM_MANAGED,      /* cu2clMallocManaged, cu2clHostAlloc(Mapped) */
  RT_MEM_SYMBOL,       /* storage of a __constant__/__device__ variable */
  RT_MEM_PINNED,       /* cu2clMallocHost, cu2clHostAlloc */
  RT_MEM_REGISTERED    /* cu2clHostRegister */
} rt_mem_kind;

typedef struct rt_alloc {
  char *base;
  size_t size;
  rt_device *dev; /* NULL for host kinds */
  rt_mem_kind kind;
  int host_alloc; /* managed memory that came from cu2clHostAlloc */
  int mapped;     /* coarse managed memory currently mapped for the host;
                     registered memory: registered as mapped */
  size_t capacity; /* device memory: bytes allocated (>= size when reused) */
  cl_mem pinned;   /* pinned host memory: its buffer (dev: its device) */
} rt_alloc;

/* Device-side memory: device, managed or symbol storage. */
int rt_is_device_kind(rt_mem_kind k);
/* Copies the allocation holding p into *out (kind RT_MEM_PAGEABLE with base
 * NULL when p is in none). */
void rt_mem_find(const void *p, rt_alloc *out);
/* Device-side storage: SVM of size bytes on dev, recorded as kind. */
cu2clError_t rt_mem_alloc(rt_device *dev, size_t size, rt_mem_kind kind,
                          void **out);
/* Copies count bytes between any two pointers; the engine of every memcpy
 * entry point. async: may return before the copy ends (pinned memory). */
cu2clError_t rt_mem_copy(void *dst, const void *src, size_t count,
                         cu2clMemcpyKind kind, cu2clStream_t stream, int async);
/* Enqueues a fill of count bytes at ptr with the byte value on q, with a
 * 4-byte pattern when alignment allows (byte fills are slow on some
 * drivers). */
cl_int rt_mem_enqueue_fill(cl_command_queue q, void *ptr, int value,
                           size_t count);
/* The same, recorded for CU2CL_TRACE as a copy of the given kind. */
cu2clError_t rt_mem_copy_as(void *dst, const void *src, size_t count,
                            cu2clMemcpyKind kind, cu2clStream_t stream,
                            int async, rt_trace_kind as);
/* Finds p's allocation into *a and checks that [p, p + extent) stays inside
 * it (cu2clErrorInvalidValue when it overruns). */
cu2clError_t rt_mem_span(const void *p, size_t extent, rt_alloc *a);

/* A copy's plan: which device does it, and may it stay asynchronous. */
typedef struct rt_copy_plan {
  rt_device *dev; /* NULL: a host-to-host copy */
  int pageable;   /* a host side is unrecorded memory */
  int to_host;    /* the destination is host memory */
  /* As CUDA's pointer attributes see the two sides (mapped host memory is
   * host memory there, managed memory here): for CU2CL_TRACE. */
  int cuda_dst_host, cuda_src_device;
} rt_copy_plan;
/* Checks a copy whose two sides span dext and sext bytes from dst and src
 * against kind and the allocations, and plans it. */
cu2clError_t rt_mem_plan(void *dst, size_t dext, const void *src, size_t sext,
                         cu2clMemcpyKind kind, rt_copy_plan *plan);
/* Nonzero when a completed copy is to be recorded for CU2CL_TRACE
 * (rt_trace.h), as the original program's tracing header would: every
 * device-to-host copy, and cu2clMemcpyDefault copies from device or
 * managed memory into host memory. */
int rt_mem_traced(cu2clMemcpyKind kind, const rt_copy_plan *plan);
/* Frees device or managed memory at dev_ptr (the start of an allocation)
 * after waiting for its device; cu2clErrorInvalidValue when it is none. */
cu2clError_t rt_mem_free_ptr(void *dev_ptr);

/* Frees every allocation of dev (cu2clDeviceReset). */
void rt_mem_release_device(rt_device *dev);

cu2clError_t rt_managed_to_device(rt_device *dev);
cu2clError_t rt_managed_to_host(rt_device *dev);

#endif
