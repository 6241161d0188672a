/*
 * cu2cl prelude: OpenCL C helpers for translated CUDA device code.
 *
 * cu2cl pastes this file at the top of every .cl file it emits. The rows of
 * rules/device_functions.def call the helpers defined here where CUDA
 * semantics have no single OpenCL C 1.2 built-in. Everything here is plain
 * OpenCL C 1.2 (no overloadable attribute, no generic address space), so the
 * same text builds on OpenCL 1.2, 2.x and 3.0 devices, NVIDIA's included.
 *
 * Helpers are plain functions, not `inline`: OpenCL C follows C99, where an
 * inline definition emits no symbol, so a build that does not inline
 * (-cl-opt-disable) would fail to link.
 *
 * Naming: every helper starts with cu2cl_. OpenCL C 1.2 has no overloading
 * for user functions, so a helper that takes a pointer comes once per address
 * space, with the space as its last name part (cu2cl_atomic_inc_global,
 * cu2cl_atomic_inc_local); the translator picks one through $A0.
 *
 * Build options the runtime defines (never defined here):
 *   CU2CL_DEVICE_HAS_FP64           the device has cl_khr_fp64
 *   CU2CL_DEVICE_HAS_INT64_ATOMICS  it has cl_khr_int64_base_atomics and
 *                                   cl_khr_int64_extended_atomics
 *   CU2CL_NVIDIA                    the device is NVIDIA's OpenCL (inline PTX)
 * Double and 64-bit atomic helpers exist only under those macros, so a kernel
 * that needs one fails to build on a device without the feature, with the
 * helper's name in the build log, rather than computing something else.
 */

#ifdef CU2CL_DEVICE_HAS_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifdef CU2CL_DEVICE_HAS_INT64_ATOMICS
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#endif

/* ---- CUDA vector types with 1 and 3 components -------------------------
 * CUDA's float3 is 12 bytes with 4-byte alignment; OpenCL's float3 is a
 * 16-byte vector. Data shared with the host must keep CUDA's layout, so the
 * translator prints CUDA's 3- and 1-component types as these structs
 * (float3 -> cu2cl_float3, longlong3 -> cu2cl_long3, dim3 -> cu2cl_uint3)
 * and make_float3(...) as cu2cl_make_float3(...). 2- and 4-component types
 * are OpenCL's own vectors, whose layout matches CUDA's except for the
 * 32-byte ones (long4, ulong4, double4): CUDA aligns those to 16 bytes,
 * OpenCL to 32, which matters only inside structs shared with the host. */
#define CU2CL_DEFINE_VECTOR_STRUCTS(T)                                      \
  typedef struct { T x; } cu2cl_##T##1;                                     \
  typedef struct { T x, y, z; } cu2cl_##T##3;                               \
  cu2cl_##T##1 cu2cl_make_##T##1(T x) {                                     \
    cu2cl_##T##1 v = {x};                                                   \
    return v;                                                               \
  }                                                                         \
  cu2cl_##T##3 cu2cl_make_##T##3(T x, T y, T z) {                           \
    cu2cl_##T##3 v = {x, y, z};                                             \
    return v;                                                               \
  }

CU2CL_DEFINE_VECTOR_STRUCTS(char)
CU2CL_DEFINE_VECTOR_STRUCTS(uchar)
CU2CL_DEFINE_VECTOR_STRUCTS(short)
CU2CL_DEFINE_VECTOR_STRUCTS(ushort)
CU2CL_DEFINE_VECTOR_STRUCTS(int)
CU2CL_DEFINE_VECTOR_STRUCTS(uint)
CU2CL_DEFINE_VECTOR_STRUCTS(long)
CU2CL_DEFINE_VECTOR_STRUCTS(ulong)
CU2CL_DEFINE_VECTOR_STRUCTS(float)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_VECTOR_STRUCTS(double)
#endif
#undef CU2CL_DEFINE_VECTOR_STRUCTS

/* ---- Memory fences -------------------------------------------------------
 * OpenCL C 1.2's mem_fence only orders one work-item's accesses as seen
 * inside its work-group. CUDA's __threadfence orders them for the whole
 * device and __threadfence_system for the host too, which code such as the
 * "last block does the final reduction" pattern relies on. Use the real
 * device-scope fence where the language has one (inline PTX on NVIDIA,
 * atomic_work_item_fence in OpenCL C 2.0+), else the strongest 1.2 fence. */
void cu2cl_threadfence(void) {
#if defined(CU2CL_NVIDIA)
  __asm__ volatile("membar.gl;" ::: "memory");
#elif __OPENCL_C_VERSION__ >= 200 &&                                        \
    (__OPENCL_C_VERSION__ < 300 || defined(__opencl_c_atomic_scope_device))
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE,
                         memory_order_acq_rel, memory_scope_device);
#else
  mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
#endif
}

void cu2cl_threadfence_system(void) {
#if defined(CU2CL_NVIDIA)
  __asm__ volatile("membar.sys;" ::: "memory");
#elif __OPENCL_C_VERSION__ >= 200 &&                                        \
    (__OPENCL_C_VERSION__ < 300 || defined(__opencl_c_atomic_scope_all_devices))
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE,
                         memory_order_acq_rel, memory_scope_all_svm_devices);
#else
  mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
#endif
}

/* ---- Device runtime: assert and clock -----------------------------------
 * Kernels that assert or read the clock take cu2cl_devrt, a block of
 * device memory cu2clrt owns (runtime/src/rt_devrt.h; docs/runtime.md,
 * "Device runtime"): 32-bit words, then the device heap. A failed assert
 * prints CUDA's message and counts itself in CU2CL_DEVRT_ASSERTS, which the
 * runtime turns into cudaErrorAssert at the next synchronization; the
 * statement printer then returns from the kernel. The message's strings
 * are literals at the call (OpenCL C's printf takes %s of literals only). */
#define CU2CL_DEVRT_ASSERTS 0
#define CU2CL_DEVRT_CLOCK 1
#define CU2CL_ASSERT_FAIL(devrt, cond, file, line, fn)                         \
  (printf("%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` "   \
          "failed.\n",                                                         \
          file, (uint)(line), fn, (uint)get_group_id(0),                      \
          (uint)get_group_id(1), (uint)get_group_id(2),                       \
          (uint)get_local_id(0), (uint)get_local_id(1),                       \
          (uint)get_local_id(2), cond),                                       \
   cu2cl_assert_record(devrt))

void cu2cl_assert_record(__global uint *devrt) {
  atomic_inc(&devrt[CU2CL_DEVRT_ASSERTS]);
}

/* clock()/clock64(): the SM's cycle counters on NVIDIA (PTX %clock,
 * %clock64). Elsewhere OpenCL C has no clock: a device-wide count of clock
 * reads, which grows for every work-item between its reads (so timing code
 * runs and end - start > 0) but is not cycles (CU2CL2007 says so). */
int cu2cl_clock(__global uint *devrt) {
#if defined(CU2CL_NVIDIA)
  uint v;
  __asm__ volatile("mov.u32 %0, %%clock;" : "=r"(v));
  return (int)v;
#else
  return (int)atomic_inc(&devrt[CU2CL_DEVRT_CLOCK]);
#endif
}

long cu2cl_clock64(__global uint *devrt) {
#if defined(CU2CL_NVIDIA)
  ulong v;
  __asm__ volatile("mov.u64 %0, %%clock64;" : "=l"(v));
  return (long)v;
#else
  return (long)atomic_inc(&devrt[CU2CL_DEVRT_CLOCK]);
#endif
}

/* PTX %globaltimer: nanoseconds on NVIDIA. Elsewhere the clock's count,
 * shared with clock(), so it grows between two reads and a loop waiting
 * for it ends (CU2CL2008 says it is not time). */
ulong cu2cl_globaltimer(__global uint *devrt) {
#if defined(CU2CL_NVIDIA)
  ulong v;
  __asm__ volatile("mov.u64 %0, %%globaltimer;" : "=l"(v));
  return v;
#else
  return (ulong)atomic_inc(&devrt[CU2CL_DEVRT_CLOCK]);
#endif
}

/* PTX %smid and %nsmid: the SM on NVIDIA; elsewhere the device counts as
 * one SM (CU2CL2008). */
uint cu2cl_smid(void) {
#if defined(CU2CL_NVIDIA)
  uint v;
  __asm__ volatile("mov.u32 %0, %%smid;" : "=r"(v));
  return v;
#else
  return 0u;
#endif
}

uint cu2cl_nsmid(void) {
#if defined(CU2CL_NVIDIA)
  uint v;
  __asm__ volatile("mov.u32 %0, %%nsmid;" : "=r"(v));
  return v;
#else
  return 1u;
#endif
}

/* ---- Device heap: malloc and free -----------------------------------------
 * The heap is the device runtime block's tail, from byte 64 (word
 * CU2CL_DEVRT_HEAP), of CU2CL_DEVRT_HEAP_UNITS 16-byte units (the runtime
 * writes it from cudaLimitMallocHeapSize). Each allocation is a 16-byte
 * header holding its length in units, then the data, aligned to 16 bytes
 * as CUDA's. With 64-bit atomics the state is one word (top in the low 32
 * bits, live allocations in the high 32) changed by compare-and-swap, so
 * that a free that leaves nothing live empties the heap and a free of the
 * topmost allocation gives its room back; the room of other freed
 * allocations is reused once every allocation before it is freed too.
 * Without them allocation only bumps the top and free reclaims nothing
 * (CU2CL2107). A request that does not fit returns NULL, as CUDA's. */
#define CU2CL_DEVRT_HEAP_TOP 2
#define CU2CL_DEVRT_HEAP_UNITS 3
#define CU2CL_DEVRT_HEAP_STATE 4 /* words 4 and 5 */
#define CU2CL_DEVRT_HEAP 16
#if defined(CU2CL_DEVICE_HAS_INT64_ATOMICS) || defined(CU2CL_NVIDIA)
#define CU2CL_HEAP_CAS 1
/* 64-bit compare-and-swap: PTX on NVIDIA (whose OpenCL C lacks the
 * int64 atomics extension's declarations), atom_cmpxchg elsewhere. */
ulong cu2cl_heap_cas(__global ulong *p, ulong cmp, ulong val) {
#if defined(CU2CL_NVIDIA)
  ulong old;
  __asm__ volatile("atom.global.cas.b64 %0, [%1], %2, %3;"
                   : "=l"(old)
                   : "l"((ulong)p), "l"(cmp), "l"(val)
                   : "memory");
  return old;
#else
  return atom_cmpxchg(p, cmp, val);
#endif
}
#endif

__global void *cu2cl_malloc(__global uint *devrt, ulong size) {
  __global uint4 *heap = (__global uint4 *)(devrt + CU2CL_DEVRT_HEAP);
  uint limit = devrt[CU2CL_DEVRT_HEAP_UNITS];
  if (size == 0 || size / 16 >= limit)
    return 0;
  uint units = (uint)((size + 15) / 16) + 1; /* and the header */
#ifdef CU2CL_HEAP_CAS
  __global ulong *state = (__global ulong *)(devrt + CU2CL_DEVRT_HEAP_STATE);
  ulong old = *state; /* a stale value costs one more round */
  for (;;) {
    uint top = (uint)old;
    if (units > limit - top)
      return 0;
    ulong next = (ulong)(top + units) | (((old >> 32) + 1) << 32);
    ulong seen = cu2cl_heap_cas(state, old, next);
    if (seen == old) {
      heap[top].x = units;
      return (__global void *)(heap + top + 1);
    }
    old = seen;
  }
#else
  uint top = atomic_add(&devrt[CU2CL_DEVRT_HEAP_TOP], units);
  if (top > limit || units > limit - top)
    return 0;
  heap[top].x = units;
  return (__global void *)(heap + top + 1);
#endif
}

void cu2cl_free(__global uint *devrt, __global void *p) {
#ifdef CU2CL_HEAP_CAS
  if (!p)
    return;
  __global uint4 *heap = (__global uint4 *)(devrt + CU2CL_DEVRT_HEAP);
  __global uint4 *block = (__global uint4 *)p - 1;
  uint start = (uint)(block - heap), end = start + block->x;
  __global ulong *state = (__global ulong *)(devrt + CU2CL_DEVRT_HEAP_STATE);
  ulong old = *state; /* a stale value costs one more round */
  for (;;) {
    uint top = (uint)old, live = (uint)(old >> 32) - 1;
    uint next_top = live == 0 ? 0 : end == top ? start : top;
    ulong seen =
        cu2cl_heap_cas(state, old, (ulong)next_top | ((ulong)live << 32));
    if (seen == old)
      return;
    old = seen;
  }
#else
  (void)devrt;
  (void)p;
#endif
}

/* ---- Atomics -------------------------------------------------------------
 * 32-bit integer atomics map straight to OpenCL 1.2's atomic_* built-ins.
 * What OpenCL lacks is built here from compare-and-swap loops on the bit
 * pattern: CUDA's wrap-around atomicInc/atomicDec and floating-point
 * atomicAdd. Each returns the old value, like CUDA. The macro stamps out the
 * global and local versions of one body. */
/* atomicInc/atomicDec. NVIDIA's OpenCL takes inline PTX: atom.inc and
 * atom.dec are CUDA's instructions, with CUDA's wrap-around (PTX ISA,
 * "atom"). Elsewhere a compare-and-swap loop, exact for any mixture of
 * limits and of other accesses to the word, but serializing under
 * contention: 2^20 work-items on one word took 45 s on an H100 through
 * NVIDIA's OpenCL where atom.inc takes 0.78 ms. An atomic_add with a
 * fix-up (the thread that sees old == limit subtracts limit + 1, the
 * others return old modulo limit + 1) does not collapse, but it is exact
 * only when every concurrent access of the word is an atomicInc with the
 * same limit from a value at most the limit, and concurrent readers see
 * values above the limit; CUDA promises more, so it is not used. With the
 * limit 0xffffffff both wrap-arounds are the 32-bit one of OpenCL's
 * atomic_inc and atomic_dec: those are exact and do not serialize. */
#define CU2CL_DEFINE_PTX_ATOMIC_INC_DEC(AS, SPACE)                          \
  uint cu2cl_atomic_inc_##AS(volatile AS uint *p, uint limit) {             \
    uint old;                                                               \
    __asm__ volatile("atom." SPACE ".inc.u32 %0, [%1], %2;"                 \
                     : "=r"(old)                                            \
                     : "l"((ulong)p), "r"(limit)                            \
                     : "memory");                                           \
    return old;                                                             \
  }                                                                         \
  uint cu2cl_atomic_dec_##AS(volatile AS uint *p, uint limit) {             \
    uint old;                                                               \
    __asm__ volatile("atom." SPACE ".dec.u32 %0, [%1], %2;"                 \
                     : "=r"(old)                                            \
                     : "l"((ulong)p), "r"(limit)                            \
                     : "memory");                                           \
    return old;                                                             \
  }
#define CU2CL_DEFINE_ATOMIC_INC_DEC(AS)                                     \
  /* CUDA: old = *p; *p = (old >= limit) ? 0 : old + 1; return old; */      \
  uint cu2cl_atomic_inc_##AS(volatile AS uint *p, uint limit) {             \
    if (limit == 0xffffffffu)                                               \
      return atomic_inc(p);                                                 \
    uint old = *p, seen;                                                    \
    while ((seen = atomic_cmpxchg(p, old,                                   \
                                  old >= limit ? 0u : old + 1u)) != old)    \
      old = seen;                                                           \
    return old;                                                             \
  }                                                                         \
  /* CUDA: *p = (old == 0 || old > limit) ? limit : old - 1; */             \
  uint cu2cl_atomic_dec_##AS(volatile AS uint *p, uint limit) {             \
    if (limit == 0xffffffffu)                                               \
      return atomic_dec(p);                                                 \
    uint old = *p, seen;                                                    \
    while ((seen = atomic_cmpxchg(                                          \
                p, old, (old == 0u || old > limit) ? limit : old - 1u)) !=  \
           old)                                                             \
      old = seen;                                                           \
    return old;                                                             \
  }

#ifdef CU2CL_NVIDIA
CU2CL_DEFINE_PTX_ATOMIC_INC_DEC(global, "global")
CU2CL_DEFINE_PTX_ATOMIC_INC_DEC(local, "shared")
#else
CU2CL_DEFINE_ATOMIC_INC_DEC(global)
CU2CL_DEFINE_ATOMIC_INC_DEC(local)
#endif
#undef CU2CL_DEFINE_ATOMIC_INC_DEC
#undef CU2CL_DEFINE_PTX_ATOMIC_INC_DEC

/* Floating-point atomicAdd. NVIDIA's OpenCL takes inline PTX: there it is
 * the hardware's atom.add, as in CUDA (a compare-and-swap loop under
 * contention cost the histogram and Jacobi samples up to a third of their
 * speed on an H200); elsewhere a loop on the bit pattern. The pointer goes
 * in as an integer: NVIDIA's __global and __local pointers are addresses
 * in the .global and .shared spaces. */
#define CU2CL_DEFINE_PTX_ATOMIC_ADD(T, AS, SPACE, PTXT, C)                   \
  T cu2cl_atomic_add_##T##_##AS(volatile AS T *p, T v) {                    \
    T old;                                                                  \
    __asm__ volatile("atom." SPACE ".add." PTXT " %0, [%1], %2;"            \
                     : "=" C(old)                                           \
                     : "l"((ulong)p), C(v)                                  \
                     : "memory");                                           \
    return old;                                                             \
  }
#define CU2CL_DEFINE_CAS_ATOMIC_ADD_FLOAT(AS)                               \
  float cu2cl_atomic_add_float_##AS(volatile AS float *p, float v) {        \
    volatile AS uint *bits = (volatile AS uint *)p;                         \
    uint old = *bits, seen;                                                 \
    while ((seen = atomic_cmpxchg(bits, old,                                \
                                  as_uint(as_float(old) + v))) != old)      \
      old = seen;                                                           \
    return as_float(old);                                                   \
  }
#ifdef CU2CL_NVIDIA
CU2CL_DEFINE_PTX_ATOMIC_ADD(float, global, "global", "f32", "f")
CU2CL_DEFINE_PTX_ATOMIC_ADD(float, local, "shared", "f32", "f")
#else
CU2CL_DEFINE_CAS_ATOMIC_ADD_FLOAT(global)
CU2CL_DEFINE_CAS_ATOMIC_ADD_FLOAT(local)
#endif
#undef CU2CL_DEFINE_CAS_ATOMIC_ADD_FLOAT

/* 64-bit integer atomics use atom_* from cl_khr_int64_*_atomics directly;
 * double atomicAdd needs a 64-bit compare-and-swap. */
#if defined(CU2CL_DEVICE_HAS_FP64) && defined(CU2CL_NVIDIA) &&             \
    defined(CU2CL_NVIDIA_SM) && CU2CL_NVIDIA_SM >= 60
CU2CL_DEFINE_PTX_ATOMIC_ADD(double, global, "global", "f64", "d")
CU2CL_DEFINE_PTX_ATOMIC_ADD(double, local, "shared", "f64", "d")
#define CU2CL_HAS_ATOMIC_ADD_DOUBLE 1
#elif defined(CU2CL_DEVICE_HAS_FP64) && defined(CU2CL_DEVICE_HAS_INT64_ATOMICS)
#define CU2CL_DEFINE_ATOMIC_ADD_DOUBLE(AS)                                  \
  double cu2cl_atomic_add_double_##AS(volatile AS double *p,                \
                                             double v) {                    \
    volatile AS ulong *bits = (volatile AS ulong *)p;                       \
    ulong old = *bits, seen;                                                \
    while ((seen = atom_cmpxchg(bits, old,                                  \
                                as_ulong(as_double(old) + v))) != old)      \
      old = seen;                                                           \
    return as_double(old);                                                  \
  }
CU2CL_DEFINE_ATOMIC_ADD_DOUBLE(global)
CU2CL_DEFINE_ATOMIC_ADD_DOUBLE(local)
#define CU2CL_HAS_ATOMIC_ADD_DOUBLE 1
#undef CU2CL_DEFINE_ATOMIC_ADD_DOUBLE
#endif
#undef CU2CL_DEFINE_PTX_ATOMIC_ADD

/* CUDA 12.8's built-in atomics with a memory order and a scope
 * (__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED), ...): the operation as
 * atomicAdd and its kin do it, with fences where the order asks for more
 * than relaxed (work-group fences for __NV_THREAD_SCOPE_BLOCK and below,
 * device fences above). A load or store of an aligned word is atomic; the
 * orders are CUDA's enumerators: 0 relaxed, 1 consume, 2 acquire,
 * 3 release, 4 acq_rel, 5 seq_cst. One set per type and address space;
 * the rows pick them by the value's type ($R) and the pointer's space. */
void cu2cl_nv_fence(int scope) {
  if (scope <= 1)
    mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  else
    cu2cl_threadfence();
}
#define CU2CL_NV_BEFORE(order, scope)                                       \
  if ((order) >= 3)                                                         \
  cu2cl_nv_fence(scope)
#define CU2CL_NV_AFTER(order, scope)                                        \
  if ((order) == 1 || (order) == 2 || (order) >= 4)                         \
  cu2cl_nv_fence(scope)
#define CU2CL_DEFINE_NV_ACCESS(T, AS)                                       \
  T cu2cl_nv_load_##T##_##AS(volatile AS T *p, int order, int scope) {      \
    CU2CL_NV_BEFORE(order == 5 ? 5 : 0, scope);                             \
    T v = *p;                                                               \
    CU2CL_NV_AFTER(order, scope);                                           \
    return v;                                                               \
  }                                                                         \
  void cu2cl_nv_store_##T##_##AS(volatile AS T *p, T v, int order,          \
                                 int scope) {                               \
    CU2CL_NV_BEFORE(order, scope);                                          \
    *p = v;                                                                 \
    if (order == 5)                                                         \
      cu2cl_nv_fence(scope);                                                \
  }
/* OP(p, v) is the relaxed read-modify-write; BITS reinterprets T as the
 * integer the compare-and-swap works on. */
#define CU2CL_DEFINE_NV_RMW(T, AS, NAME, OP)                                \
  T cu2cl_nv_##NAME##_##T##_##AS(volatile AS T *p, T v, int order,          \
                                 int scope) {                               \
    CU2CL_NV_BEFORE(order, scope);                                          \
    T old = OP(p, v);                                                       \
    CU2CL_NV_AFTER(order, scope);                                           \
    return old;                                                             \
  }
#define CU2CL_DEFINE_NV_CAS(T, AS, U, CAS)                                  \
  bool cu2cl_nv_cas_##T##_##AS##_private(volatile AS T *p, T *expected,     \
                                         T desired, int success,            \
                                         int failure, int scope) {          \
    CU2CL_NV_BEFORE(success, scope);                                        \
    U want = as_##U(*expected);                                             \
    U old = CAS((volatile AS U *)p, want, as_##U(desired));                 \
    int ok = old == want;                                                   \
    CU2CL_NV_AFTER(ok ? success : failure, scope);                          \
    if (!ok)                                                                \
      *expected = as_##T(old);                                              \
    return ok;                                                              \
  }
#define CU2CL_DEFINE_NV_INT(T, AS, X, U)                                    \
  CU2CL_DEFINE_NV_ACCESS(T, AS)                                             \
  CU2CL_DEFINE_NV_RMW(T, AS, exchange, X##_xchg)                            \
  CU2CL_DEFINE_NV_RMW(T, AS, fetch_add, X##_add)                            \
  CU2CL_DEFINE_NV_RMW(T, AS, fetch_sub, X##_sub)                            \
  CU2CL_DEFINE_NV_RMW(T, AS, fetch_and, X##_and)                            \
  CU2CL_DEFINE_NV_RMW(T, AS, fetch_or, X##_or)                              \
  CU2CL_DEFINE_NV_RMW(T, AS, fetch_xor, X##_xor)                            \
  CU2CL_DEFINE_NV_RMW(T, AS, fetch_min, X##_min)                            \
  CU2CL_DEFINE_NV_RMW(T, AS, fetch_max, X##_max)                            \
  CU2CL_DEFINE_NV_CAS(T, AS, U, X##_cmpxchg)
CU2CL_DEFINE_NV_INT(int, global, atomic, int)
CU2CL_DEFINE_NV_INT(int, local, atomic, int)
CU2CL_DEFINE_NV_INT(uint, global, atomic, uint)
CU2CL_DEFINE_NV_INT(uint, local, atomic, uint)
CU2CL_DEFINE_NV_ACCESS(float, global)
CU2CL_DEFINE_NV_ACCESS(float, local)
CU2CL_DEFINE_NV_RMW(float, global, exchange, atomic_xchg)
CU2CL_DEFINE_NV_RMW(float, local, exchange, atomic_xchg)
CU2CL_DEFINE_NV_RMW(float, global, fetch_add, cu2cl_atomic_add_float_global)
CU2CL_DEFINE_NV_RMW(float, local, fetch_add, cu2cl_atomic_add_float_local)
CU2CL_DEFINE_NV_CAS(float, global, uint, atomic_cmpxchg)
CU2CL_DEFINE_NV_CAS(float, local, uint, atomic_cmpxchg)
/* 64-bit: inline PTX on NVIDIA, whose OpenCL C has the int64 atomics'
 * operations but not as the declarations clang checks against; atom_*
 * elsewhere. cu2cl_nv64_<T>_<AS>_<op>(p, v) is the relaxed operation. */
#if defined(CU2CL_NVIDIA)
#define CU2CL_NV64_OP(T, AS, SPACE, NAME, OP)                               \
  T cu2cl_nv64_##T##_##AS##_##NAME(volatile AS T *p, T v) {                 \
    T old;                                                                  \
    __asm__ volatile("atom." SPACE "." OP " %0, [%1], %2;"                  \
                     : "=l"(old)                                            \
                     : "l"((ulong)p), "l"(v)                                \
                     : "memory");                                           \
    return old;                                                             \
  }
#define CU2CL_NV64_OPS(T, AS, SPACE, S)                                     \
  CU2CL_NV64_OP(T, AS, SPACE, xchg, "exch.b64")                             \
  CU2CL_NV64_OP(T, AS, SPACE, add, "add.u64")                               \
  CU2CL_NV64_OP(T, AS, SPACE, and, "and.b64")                               \
  CU2CL_NV64_OP(T, AS, SPACE, or, "or.b64")                                 \
  CU2CL_NV64_OP(T, AS, SPACE, xor, "xor.b64")                               \
  CU2CL_NV64_OP(T, AS, SPACE, min, "min." S "64")                           \
  CU2CL_NV64_OP(T, AS, SPACE, max, "max." S "64")                           \
  T cu2cl_nv64_##T##_##AS##_sub(volatile AS T *p, T v) {                    \
    return cu2cl_nv64_##T##_##AS##_add(p, (T)(0 - (ulong)v));               \
  }                                                                         \
  T cu2cl_nv64_##T##_##AS##_cmpxchg(volatile AS T *p, T cmp, T v) {         \
    T old;                                                                  \
    __asm__ volatile("atom." SPACE ".cas.b64 %0, [%1], %2, %3;"             \
                     : "=l"(old)                                            \
                     : "l"((ulong)p), "l"(cmp), "l"(v)                      \
                     : "memory");                                           \
    return old;                                                             \
  }
CU2CL_NV64_OPS(long, global, "global", "s")
CU2CL_NV64_OPS(long, local, "shared", "s")
CU2CL_NV64_OPS(ulong, global, "global", "u")
CU2CL_NV64_OPS(ulong, local, "shared", "u")
#undef CU2CL_NV64_OPS
#undef CU2CL_NV64_OP
#define CU2CL_NV64(T, AS) cu2cl_nv64_##T##_##AS
#elif defined(CU2CL_DEVICE_HAS_INT64_ATOMICS)
#define CU2CL_NV64(T, AS) atom
#endif
#ifdef CU2CL_NV64
/* the helpers' prefixes, expanded before CU2CL_DEFINE_NV_INT pastes */
#define CU2CL_DEFINE_NV_INT64(T, AS, P) CU2CL_DEFINE_NV_INT(T, AS, P, T)
#define CU2CL_DEFINE_NV_INT64_(T, AS) CU2CL_DEFINE_NV_INT64(T, AS, CU2CL_NV64(T, AS))
CU2CL_DEFINE_NV_INT64_(long, global)
CU2CL_DEFINE_NV_INT64_(long, local)
CU2CL_DEFINE_NV_INT64_(ulong, global)
CU2CL_DEFINE_NV_INT64_(ulong, local)
#undef CU2CL_DEFINE_NV_INT64_
#undef CU2CL_DEFINE_NV_INT64
#ifdef CU2CL_HAS_ATOMIC_ADD_DOUBLE /* fp64 and a double atomicAdd */
#define CU2CL_NV64_FN_(P, OP) P##_##OP
#define CU2CL_NV64_FN(P, OP) CU2CL_NV64_FN_(P, OP)
#define CU2CL_DEFINE_NV_DOUBLE(AS)                                          \
  double cu2cl_nv_xchg_double_##AS(volatile AS double *p, double v) {       \
    return as_double(CU2CL_NV64_FN(CU2CL_NV64(ulong, AS), xchg)(            \
        (volatile AS ulong *)p, as_ulong(v)));                              \
  }                                                                         \
  CU2CL_DEFINE_NV_ACCESS(double, AS)                                        \
  CU2CL_DEFINE_NV_RMW(double, AS, exchange, cu2cl_nv_xchg_double_##AS)      \
  CU2CL_DEFINE_NV_RMW(double, AS, fetch_add, cu2cl_atomic_add_double_##AS)  \
  CU2CL_DEFINE_NV_CAS(double, AS, ulong,                                    \
                      CU2CL_NV64_FN(CU2CL_NV64(ulong, AS), cmpxchg))
CU2CL_DEFINE_NV_DOUBLE(global)
CU2CL_DEFINE_NV_DOUBLE(local)
#undef CU2CL_DEFINE_NV_DOUBLE
#undef CU2CL_NV64_FN
#undef CU2CL_NV64_FN_
#endif
#undef CU2CL_NV64
#endif
#undef CU2CL_DEFINE_NV_INT
#undef CU2CL_DEFINE_NV_CAS
#undef CU2CL_DEFINE_NV_RMW
#undef CU2CL_DEFINE_NV_ACCESS
void cu2cl_nv_thread_fence(int order, int scope) {
  if (order != 0)
    cu2cl_nv_fence(scope);
}

/* ---- Integer intrinsics --------------------------------------------------
 * OpenCL C 1.2 has clz and popcount but no ctz, bit reversal, byte permute
 * or funnel shift. */

/* __ffs: 1-based position of the least significant set bit, 0 for 0.
 * x & -x isolates that bit; clz(0) == 32 makes the zero case fall out. */
int cu2cl_ffs(int x) {
  uint u = (uint)x;
  return 32 - (int)clz(u & (0u - u));
}

int cu2cl_ffsll(long x) {
  ulong u = (ulong)x;
  return 64 - (int)clz(u & (0ul - u));
}

/* __dp4a: c plus the products of the four bytes of a and b; __dp2a_lo/hi:
 * c plus the two 16-bit halves of a times bytes 0 and 1 (hi: 2 and 3) of
 * b. Summed in uint, which wraps as CUDA's 32-bit result does. */
int cu2cl_dp4a(int a, int b, int c) {
  char4 x = as_char4(a), y = as_char4(b);
  return (int)((uint)c + (uint)(x.s0 * y.s0 + x.s1 * y.s1 + x.s2 * y.s2 +
                                x.s3 * y.s3));
}

uint cu2cl_dp4a_u(uint a, uint b, uint c) {
  uchar4 x = as_uchar4(a), y = as_uchar4(b);
  return c + (uint)(x.s0 * y.s0) + (uint)(x.s1 * y.s1) +
         (uint)(x.s2 * y.s2) + (uint)(x.s3 * y.s3);
}

int cu2cl_dp2a(int a, int b, int c, int hi) {
  short2 x = as_short2(a);
  char4 y = as_char4(b);
  char lo_b = hi ? y.s2 : y.s0, hi_b = hi ? y.s3 : y.s1;
  return (int)((uint)c + (uint)(x.s0 * lo_b + x.s1 * hi_b));
}

uint cu2cl_dp2a_u(uint a, uint b, uint c, int hi) {
  ushort2 x = as_ushort2(a);
  uchar4 y = as_uchar4(b);
  uchar lo_b = hi ? y.s2 : y.s0, hi_b = hi ? y.s3 : y.s1;
  return c + (uint)x.s0 * lo_b + (uint)x.s1 * hi_b;
}

/* __brev: reverse the bit order by swapping ever larger halves. */
uint cu2cl_brev(uint x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
  return (x >> 16) | (x << 16);
}

ulong cu2cl_brevll(ulong x) {
  return ((ulong)cu2cl_brev((uint)x) << 32) | cu2cl_brev((uint)(x >> 32));
}

/* __byte_perm(x, y, s): byte n of the result is byte ((s >> 4n) & 7) of the
 * eight bytes y:x (x supplies bytes 0-3, y bytes 4-7). */
uint cu2cl_byte_perm(uint x, uint y, uint s) {
  ulong bytes = ((ulong)y << 32) | x;
  uint r = 0;
  for (int n = 0; n < 4; n++) {
    uint pick = (s >> (4 * n)) & 7u;
    r |= (uint)((bytes >> (8 * pick)) & 0xFFu) << (8 * n);
  }
  return r;
}

/* Funnel shifts of the 64-bit value hi:lo. The _l/_r forms use the shift
 * modulo 32; the c forms clamp it to 32. */
uint cu2cl_funnelshift_l(uint lo, uint hi, uint shift) {
  return (uint)(((((ulong)hi << 32) | lo) << (shift & 31u)) >> 32);
}

uint cu2cl_funnelshift_lc(uint lo, uint hi, uint shift) {
  return (uint)(((((ulong)hi << 32) | lo) << min(shift, 32u)) >> 32);
}

uint cu2cl_funnelshift_r(uint lo, uint hi, uint shift) {
  return (uint)((((ulong)hi << 32) | lo) >> (shift & 31u));
}

uint cu2cl_funnelshift_rc(uint lo, uint hi, uint shift) {
  return (uint)((((ulong)hi << 32) | lo) >> min(shift, 32u));
}

/* ---- Arithmetic that must not be contracted ------------------------------
 * CUDA promises that __fadd_rn/__fmul_rn (and the double forms) are never
 * fused into an FMA. OpenCL C contracts a * b + c by default, so these are
 * functions with contraction off rather than plain operators. */
float cu2cl_fadd_rn(float a, float b) {
#pragma OPENCL FP_CONTRACT OFF
  return a + b;
}

float cu2cl_fsub_rn(float a, float b) {
#pragma OPENCL FP_CONTRACT OFF
  return a - b;
}

float cu2cl_fmul_rn(float a, float b) {
#pragma OPENCL FP_CONTRACT OFF
  return a * b;
}

#ifdef CU2CL_DEVICE_HAS_FP64
double cu2cl_dadd_rn(double a, double b) {
#pragma OPENCL FP_CONTRACT OFF
  return a + b;
}

double cu2cl_dsub_rn(double a, double b) {
#pragma OPENCL FP_CONTRACT OFF
  return a - b;
}

double cu2cl_dmul_rn(double a, double b) {
#pragma OPENCL FP_CONTRACT OFF
  return a * b;
}
#endif

/* ---- Math without a single OpenCL built-in ------------------------------- */

/* sincospif(x, s, c): OpenCL has sinpi and cospi but no combined form. The
 * helper stores sinpi through s and returns cospi, so the template
 * "*(c) = cu2cl_sincospif_$A1(x, s)" evaluates x once. */
#define CU2CL_DEFINE_SINCOSPI(AS, T, SUFFIX)                                \
  T cu2cl_sincospi##SUFFIX##_##AS(T x, AS T *s) {                           \
    *s = sinpi(x);                                                          \
    return cospi(x);                                                        \
  }
CU2CL_DEFINE_SINCOSPI(global, float, f)
CU2CL_DEFINE_SINCOSPI(local, float, f)
CU2CL_DEFINE_SINCOSPI(private, float, f)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_SINCOSPI(global, double, )
CU2CL_DEFINE_SINCOSPI(local, double, )
CU2CL_DEFINE_SINCOSPI(private, double, )
#endif
#undef CU2CL_DEFINE_SINCOSPI

/* ==== Warp-level operations ===============================================
 * (This section belongs to the warp work: docs/runtime.md, "Warp-level
 * operations", describes the paths and the runtime's choice.)
 *
 * CUDA's warp primitives (shuffles, votes, matches, warp reductions,
 * __syncwarp, __syncthreads_count/and/or) become the helpers below. One
 * emitted .cl serves every device; the runtime defines exactly one of
 *   CU2CL_WARP_SUBGROUP  cl_khr_subgroups + cl_khr_subgroup_shuffle +
 *                        cl_khr_subgroup_ballot, sub-group size pinned to
 *                        32 with intel_reqd_sub_group_size;
 *   CU2CL_WARP_PTX       NVIDIA's OpenCL: inline PTX (shfl.sync, vote.sync,
 *                        match.sync, redux.sync), CUDA's own instructions;
 *   CU2CL_WARP_EMULATE   everything else: local memory and work-group
 *                        barriers, so EVERY work-item of the group must
 *                        reach each call (the translator predicates calls
 *                        under varying conditions instead of skipping them);
 * and, where none is defined (cu2cl's own syntax check), the emulation.
 *
 * Warps are formed from the linear local id, x fastest, as in CUDA; a block
 * whose size is not a multiple of 32 ends in a partial warp whose missing
 * lanes take part in nothing. Kernels that use these helpers are emitted as
 * "CU2CL_WARP_KERNEL __kernel void name(...)" and declare
 *   __local ulong cu2cl_warp_scratch[CU2CL_WARP_SCRATCH_SIZE];
 * which reaches every helper as its first parameter `ws`. The emulation
 * keeps one slot per work-item there (the runtime sizes it with
 * -D CU2CL_WARP_SCRATCH_SIZE=N and refuses larger blocks); the other paths
 * use only slot 0 (__syncthreads_count's counter).
 *
 * Helpers that take a mask compute with every lane of the warp on the
 * sub-group and emulation paths and mask the result; on the PTX path the
 * lanes outside the mask leave at once, because CUDA's .sync instructions
 * must only be executed by lanes named in the mask. Results a lane outside
 * the mask receives are unspecified, as in CUDA.
 */

#if defined(CU2CL_WARP_SUBGROUP) + defined(CU2CL_WARP_PTX) +                \
        defined(CU2CL_WARP_EMULATE) > 1
#error "cu2cl: define at most one of CU2CL_WARP_SUBGROUP, CU2CL_WARP_PTX and CU2CL_WARP_EMULATE"
#endif
#if !defined(CU2CL_WARP_SUBGROUP) && !defined(CU2CL_WARP_PTX) &&            \
    !defined(CU2CL_WARP_EMULATE)
#define CU2CL_WARP_EMULATE 1
#endif
#if defined(CU2CL_WARP_PTX) && !defined(CU2CL_NVIDIA)
#error "cu2cl: CU2CL_WARP_PTX needs NVIDIA's OpenCL (CU2CL_NVIDIA)"
#endif

#ifdef CU2CL_WARP_SUBGROUP
#define CU2CL_WARP_KERNEL __attribute__((intel_reqd_sub_group_size(32)))
#else
#define CU2CL_WARP_KERNEL
#endif
/* Kernels read their scratch once, right after declaring it (a volatile
 * load whose value is unused): on the sub-group and PTX paths the helpers
 * may never touch it, and PoCL 5's kernel compiler aborts (an assertion in
 * its handling of automatic locals) on a kernel-scope __local array whose
 * only uses were calls that inlining removed. */
#define CU2CL_WARP_SCRATCH_USE(ws) ((void)*(volatile __local ulong *)(ws))
#ifndef CU2CL_WARP_SCRATCH_SIZE
#ifdef CU2CL_WARP_EMULATE
#define CU2CL_WARP_SCRATCH_SIZE 1056 /* 1024 work-items + 32 */
#else
#define CU2CL_WARP_SCRATCH_SIZE 1
#endif
#endif

/* A barrier cu2cl adds where CUDA code exchanged values between threads
 * relying on a warp's lockstep (CU2CL3012). NVIDIA's warps run CUDA's
 * control flow as written (the statement may be under a condition only
 * part of the block takes), so there it only orders memory. */
#ifdef CU2CL_WARP_PTX
#define CU2CL_LOCKSTEP_BARRIER(flags) mem_fence(flags)
#else
#define CU2CL_LOCKSTEP_BARRIER(flags) barrier(flags)
#endif

/* Shuffle modes, as PTX names them. */
#define CU2CL_SHFL_IDX 0
#define CU2CL_SHFL_UP 1
#define CU2CL_SHFL_DOWN 2
#define CU2CL_SHFL_XOR 3

/* ---- Geometry ------------------------------------------------------------ */

/* CUDA's linear thread index in the block: x fastest, then y, then z. */
uint cu2cl_local_linear_id(void) {
  return (uint)((get_local_id(2) * get_local_size(1) + get_local_id(1)) *
                    get_local_size(0) +
                get_local_id(0));
}

uint cu2cl_local_group_size(void) {
  return (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
}

/* ---- The grid: cooperative groups' grid_group ------------------------------
 * CUDA's linear block index (x fastest), the grid's sizes, and grid.sync().
 * The grid barrier keeps two words of the device runtime block
 * (cu2cl_devrt): an arrival count and a generation. One work-item per
 * work-group reads the generation, makes the group's writes visible
 * (device-scope fence), and arrives; the last to arrive resets the count
 * and opens the next generation, the others spin on it with atomic reads,
 * then fence again so every group's writes before the sync are seen after
 * it. The count is back at 0 after each sync, so the words need no reset
 * between launches; cu2clrt runs the launches of grid-syncing kernels of a
 * device one after another, and refuses any whose work-groups it cannot
 * keep resident at once (docs/runtime.md, "Grid synchronization"): a
 * group that spins waits for the others, so they must all be running. */
#define CU2CL_DEVRT_GRID_COUNT 6
#define CU2CL_DEVRT_GRID_GEN 7
/* Marks a kernel that syncs the grid: "CU2CL_GRID_KERNEL __kernel void f(",
 * read by cu2clrt (rt_source.c). */
#define CU2CL_GRID_KERNEL

ulong cu2cl_grid_block_rank(void) {
  return ((ulong)get_group_id(2) * get_num_groups(1) + get_group_id(1)) *
             get_num_groups(0) +
         get_group_id(0);
}

ulong cu2cl_grid_num_blocks(void) {
  return (ulong)get_num_groups(0) * get_num_groups(1) * get_num_groups(2);
}

ulong cu2cl_grid_thread_rank(void) {
  return cu2cl_grid_block_rank() * cu2cl_local_group_size() +
         cu2cl_local_linear_id();
}

ulong cu2cl_grid_num_threads(void) {
  return cu2cl_grid_num_blocks() * cu2cl_local_group_size();
}

void cu2cl_grid_sync(__global uint *devrt) {
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (cu2cl_local_linear_id() == 0) {
    volatile __global uint *count = devrt + CU2CL_DEVRT_GRID_COUNT;
    volatile __global uint *gen = devrt + CU2CL_DEVRT_GRID_GEN;
    uint blocks = (uint)cu2cl_grid_num_blocks();
    uint g = atomic_or(gen, 0u);
    cu2cl_threadfence(); /* this group's writes, before it arrives */
    if (atomic_inc(count) == blocks - 1u) {
      atomic_xchg(count, 0u);
      cu2cl_threadfence(); /* the reset, before the next generation */
      atomic_inc(gen);
    } else {
      while (atomic_or(gen, 0u) == g)
        ;
    }
    cu2cl_threadfence(); /* the other groups' writes, after */
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

uint cu2cl_lane_id(void) {
#ifdef CU2CL_WARP_SUBGROUP
  return get_sub_group_local_id();
#elif defined(CU2CL_WARP_PTX)
  /* the lane register: one instruction where the linear id takes six (the
   * warps are formed from the linear id, as CUDA's) */
  uint l;
  __asm__("mov.u32 %0, %%laneid;" : "=r"(l));
  return l;
#else
  return cu2cl_local_linear_id() & 31u;
#endif
}

uint cu2cl_warp_id(void) {
#ifdef CU2CL_WARP_SUBGROUP
  return get_sub_group_id();
#else
  return cu2cl_local_linear_id() >> 5;
#endif
}

/* Lanes of the caller's warp that exist: 32 except in the partial last warp
 * of a block whose size is not a multiple of 32. Computed, not asked of
 * get_sub_group_size(): PoCL before 7.2 answers 32 in a partial sub-group
 * (the runtime's probe has checked that sub-groups are warps, lane order
 * included, so the two agree wherever the answer is right). */
uint cu2cl_warp_lanes(void) {
  return min(cu2cl_local_group_size() - (cu2cl_local_linear_id() & ~31u), 32u);
}

/* __activemask: cu2cl treats every existing lane as active (OpenCL has no
 * notion of lanes that diverged; the translator makes calls converge). */
uint cu2cl_activemask(__local ulong *ws) {
  uint n = cu2cl_warp_lanes();
  return n >= 32u ? 0xffffffffu : (1u << n) - 1u;
}

/* The lane a shuffle reads, computed as PTX's shfl.sync does from CUDA's
 * operands (c = ((32 - width) << 8) | clamp): width splits the warp into
 * segments, b counts modulo 32, and a source past the caller's segment
 * (before it, for "up") yields the caller's own lane. Note that an xor
 * source may lie in an earlier segment, as CUDA documents. */
uint cu2cl_warp_source_lane(int mode, uint lane, uint b, int width) {
  uint seg = (uint)(32 - width) & 31u; /* lane bits that pick the segment */
  uint first = lane & seg, last = first | (31u & ~seg);
  b &= 31u;
  switch (mode) {
  case CU2CL_SHFL_IDX:
    return first | (b & ~seg);
  case CU2CL_SHFL_UP:
    return b <= lane - first ? lane - b : lane;
  case CU2CL_SHFL_DOWN:
    return lane + b <= last ? lane + b : lane;
  default:
    return (lane ^ b) <= last ? lane ^ b : lane;
  }
}

/* ---- Path primitives ----------------------------------------------------- */

#if defined(CU2CL_WARP_EMULATE)
/* Every work-item publishes bits in its slot and reads the slot of lane src
 * of its warp; a lane that does not exist yields the caller's own bits. The
 * second barrier frees the slots for the next call. */
ulong cu2cl_warp_exchange(__local ulong *ws, ulong bits, uint src) {
  uint l = cu2cl_local_linear_id(), s = (l & ~31u) + src;
  ws[l] = bits;
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong r = s < cu2cl_local_group_size() ? ws[s] : bits;
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}

/* Bit i: lane i of the caller's warp published nonzero bits (votes) or the
 * caller's bits (matches); lanes that do not exist give 0. */
uint cu2cl_warp_gather(__local ulong *ws, ulong bits, int match) {
  uint l = cu2cl_local_linear_id(), base = l & ~31u, n = cu2cl_warp_lanes();
  ws[l] = bits;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint r = 0;
  for (uint i = 0; i < n; i++)
    r |= (uint)(match ? ws[base + i] == bits : ws[base + i] != 0) << i;
  barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}

uint cu2cl_ballot(__local ulong *ws, uint mask, int pred) {
  return cu2cl_warp_gather(ws, pred != 0, 0) & mask;
}

uint cu2cl_warp_match32(__local ulong *ws, uint mask, uint v) {
  return cu2cl_warp_gather(ws, v, 1) & mask;
}

uint cu2cl_warp_match64(__local ulong *ws, uint mask, ulong v) {
  return cu2cl_warp_gather(ws, v, 1) & mask;
}

void cu2cl_syncwarp(__local ulong *ws, uint mask) {
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

#elif defined(CU2CL_WARP_SUBGROUP)
/* Lanes past a partial warp's end are masked off: an implementation may
 * fill their bits with whatever (PoCL before 7.2 reads past the group). */
uint cu2cl_ballot(__local ulong *ws, uint mask, int pred) {
  return sub_group_ballot(pred != 0).x & mask & cu2cl_activemask(ws);
}

/* Matches compare with every lane in turn. Every warp makes all 32 calls:
 * where sub-group operations are work-group barriers (PoCL), a partial
 * warp making fewer would hang the group. sub_group_broadcast needs an id
 * below the sub-group's size, so a partial warp asks lane 0 for the rest. */
#define CU2CL_DEFINE_SG_MATCH(BITS, T)                                      \
  uint cu2cl_warp_match##BITS(__local ulong *ws, uint mask, T v) {          \
    uint r = 0, n = cu2cl_warp_lanes();                                     \
    for (uint i = 0; i < 32u; i++) {                                        \
      T o = sub_group_broadcast(v, i < n ? i : 0u);                         \
      if (i < n && o == v)                                                  \
        r |= 1u << i;                                                       \
    }                                                                       \
    return r & mask;                                                        \
  }
CU2CL_DEFINE_SG_MATCH(32, uint)
CU2CL_DEFINE_SG_MATCH(64, ulong)
#undef CU2CL_DEFINE_SG_MATCH

void cu2cl_syncwarp(__local ulong *ws, uint mask) {
  sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

#elif defined(CU2CL_WARP_PTX)
/* Nonzero when the calling lane is named in mask; the others must not
 * execute a .sync instruction with it. */
int cu2cl_ptx_in(uint mask) {
  /* a full mask names every lane: no lane test (masks are constants in
   * most code, so the test folds away) */
  return mask == 0xffffffffu || ((mask >> cu2cl_lane_id()) & 1u);
}

/* One 32-bit shuffle; the mode is a constant at every call, so the switch
 * folds away. c packs the segment mask and the clamp lane as CUDA does. */
uint cu2cl_ptx_shfl(int mode, uint mask, uint v, uint b, int width) {
  uint r = v;
  uint c = ((uint)(32 - width) << 8) | (mode == CU2CL_SHFL_UP ? 0u : 31u);
  switch (mode) {
  case CU2CL_SHFL_IDX:
    __asm__ volatile("shfl.sync.idx.b32 %0, %1, %2, %3, %4;"
                     : "=r"(r) : "r"(v), "r"(b), "r"(c), "r"(mask));
    break;
  case CU2CL_SHFL_UP:
    __asm__ volatile("shfl.sync.up.b32 %0, %1, %2, %3, %4;"
                     : "=r"(r) : "r"(v), "r"(b), "r"(c), "r"(mask));
    break;
  case CU2CL_SHFL_DOWN:
    __asm__ volatile("shfl.sync.down.b32 %0, %1, %2, %3, %4;"
                     : "=r"(r) : "r"(v), "r"(b), "r"(c), "r"(mask));
    break;
  default:
    __asm__ volatile("shfl.sync.bfly.b32 %0, %1, %2, %3, %4;"
                     : "=r"(r) : "r"(v), "r"(b), "r"(c), "r"(mask));
    break;
  }
  return r;
}

uint cu2cl_ballot(__local ulong *ws, uint mask, int pred) {
  uint r = 0;
  if (cu2cl_ptx_in(mask))
    __asm__ volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\t"
                     "vote.sync.ballot.b32 %0, p, %2;\n\t}"
                     : "=r"(r) : "r"(pred), "r"(mask));
  return r & mask;
}

/* match.sync needs sm_70; older GPUs compare with each lane of the mask. */
uint cu2cl_warp_match32(__local ulong *ws, uint mask, uint v) {
  uint r = 0;
  if (!cu2cl_ptx_in(mask))
    return 0;
#if defined(CU2CL_NVIDIA_SM) && CU2CL_NVIDIA_SM >= 70
  __asm__ volatile("match.any.sync.b32 %0, %1, %2;"
                   : "=r"(r) : "r"(v), "r"(mask));
#else
  /* Only lanes that exist: a shuffle from past a partial warp's end reads
   * junk on the hardware (measured). */
  for (uint m = mask & cu2cl_activemask(ws); m; m &= m - 1u) {
    uint i = 31u - clz(m & (0u - m));
    r |= (uint)(cu2cl_ptx_shfl(CU2CL_SHFL_IDX, mask, v, i, 32) == v) << i;
  }
#endif
  return r & mask;
}

uint cu2cl_warp_match64(__local ulong *ws, uint mask, ulong v) {
  uint r = 0;
  if (!cu2cl_ptx_in(mask))
    return 0;
#if defined(CU2CL_NVIDIA_SM) && CU2CL_NVIDIA_SM >= 70
  __asm__ volatile("match.any.sync.b64 %0, %1, %2;"
                   : "=r"(r) : "l"(v), "r"(mask));
#else
  uint2 w = as_uint2(v);
  for (uint m = mask & cu2cl_activemask(ws); m; m &= m - 1u) {
    uint i = 31u - clz(m & (0u - m));
    uint lo = cu2cl_ptx_shfl(CU2CL_SHFL_IDX, mask, w.x, i, 32);
    uint hi = cu2cl_ptx_shfl(CU2CL_SHFL_IDX, mask, w.y, i, 32);
    r |= (uint)(lo == w.x && hi == w.y) << i;
  }
#endif
  return r & mask;
}

void cu2cl_syncwarp(__local ulong *ws, uint mask) {
  if (cu2cl_ptx_in(mask))
    __asm__ volatile("bar.warp.sync %0;" : : "r"(mask) : "memory");
}
#endif

/* ---- Votes --------------------------------------------------------------- */

int cu2cl_any(__local ulong *ws, uint mask, int pred) {
  return cu2cl_ballot(ws, mask, pred) != 0u;
}

/* All (uni: all or none) of the existing lanes in mask. */
int cu2cl_all(__local ulong *ws, uint mask, int pred) {
  return cu2cl_ballot(ws, mask, pred) == (mask & cu2cl_activemask(ws));
}

int cu2cl_uni(__local ulong *ws, uint mask, int pred) {
  uint b = cu2cl_ballot(ws, mask, pred);
  return b == 0u || b == (mask & cu2cl_activemask(ws));
}

/* ---- Shuffles ---------------------------------------------------------------
 * cu2cl_warp_shuffle32/64(ws, mode, mask, bits, b, width) move the bits of
 * a 32- or 64-bit value on the path's terms; the typed CUDA forms
 * reinterpret their value as those bits, so floats and doubles travel
 * unchanged and no path needs fp64 for its own sake. */
#if defined(CU2CL_WARP_EMULATE)
uint cu2cl_warp_shuffle32(__local ulong *ws, int mode, uint mask, uint v,
                          uint b, int width) {
  uint src = cu2cl_warp_source_lane(mode, cu2cl_lane_id(), b, width);
  return (uint)cu2cl_warp_exchange(ws, v, src);
}

ulong cu2cl_warp_shuffle64(__local ulong *ws, int mode, uint mask, ulong v,
                           uint b, int width) {
  uint src = cu2cl_warp_source_lane(mode, cu2cl_lane_id(), b, width);
  return cu2cl_warp_exchange(ws, v, src);
}
#elif defined(CU2CL_WARP_SUBGROUP)
/* sub_group_shuffle needs an index below the sub-group's size. */
uint cu2cl_warp_shuffle32(__local ulong *ws, int mode, uint mask, uint v,
                          uint b, int width) {
  uint lane = get_sub_group_local_id();
  uint src = cu2cl_warp_source_lane(mode, lane, b, width);
  return sub_group_shuffle(v, src < cu2cl_warp_lanes() ? src : lane);
}

ulong cu2cl_warp_shuffle64(__local ulong *ws, int mode, uint mask, ulong v,
                           uint b, int width) {
  uint lane = get_sub_group_local_id();
  uint src = cu2cl_warp_source_lane(mode, lane, b, width);
  return sub_group_shuffle(v, src < cu2cl_warp_lanes() ? src : lane);
}
#else
uint cu2cl_warp_shuffle32(__local ulong *ws, int mode, uint mask, uint v,
                          uint b, int width) {
  return cu2cl_ptx_in(mask) ? cu2cl_ptx_shfl(mode, mask, v, b, width) : v;
}

/* As CUDA does: two 32-bit shuffles. */
ulong cu2cl_warp_shuffle64(__local ulong *ws, int mode, uint mask, ulong v,
                           uint b, int width) {
  if (!cu2cl_ptx_in(mask))
    return v;
  uint2 w = as_uint2(v);
  w.x = cu2cl_ptx_shfl(mode, mask, w.x, b, width);
  w.y = cu2cl_ptx_shfl(mode, mask, w.y, b, width);
  return as_ulong(w);
}
#endif

#define CU2CL_DEFINE_SHUFFLES(T, U, W)                                      \
  T cu2cl_shfl_##T(__local ulong *ws, uint mask, T v, int src_lane,         \
                   int width) {                                             \
    return as_##T(cu2cl_warp_shuffle##W(ws, CU2CL_SHFL_IDX, mask,           \
                                        as_##U(v), (uint)src_lane, width)); \
  }                                                                         \
  T cu2cl_shfl_up_##T(__local ulong *ws, uint mask, T v, uint delta,        \
                      int width) {                                          \
    return as_##T(cu2cl_warp_shuffle##W(ws, CU2CL_SHFL_UP, mask,            \
                                        as_##U(v), delta, width));          \
  }                                                                         \
  T cu2cl_shfl_down_##T(__local ulong *ws, uint mask, T v, uint delta,      \
                        int width) {                                        \
    return as_##T(cu2cl_warp_shuffle##W(ws, CU2CL_SHFL_DOWN, mask,          \
                                        as_##U(v), delta, width));          \
  }                                                                         \
  T cu2cl_shfl_xor_##T(__local ulong *ws, uint mask, T v, int lane_mask,    \
                       int width) {                                         \
    return as_##T(cu2cl_warp_shuffle##W(ws, CU2CL_SHFL_XOR, mask,           \
                                        as_##U(v), (uint)lane_mask,         \
                                        width));                            \
  }

CU2CL_DEFINE_SHUFFLES(int, uint, 32)
CU2CL_DEFINE_SHUFFLES(uint, uint, 32)
CU2CL_DEFINE_SHUFFLES(float, uint, 32)
CU2CL_DEFINE_SHUFFLES(long, ulong, 64)
CU2CL_DEFINE_SHUFFLES(ulong, ulong, 64)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_SHUFFLES(double, ulong, 64)
#endif
#undef CU2CL_DEFINE_SHUFFLES

/* ---- Matches ---------------------------------------------------------------
 * __match_any_sync: the lanes of mask whose value has the caller's bits
 * (CUDA compares floats bit for bit too: -0.0 and 0.0 differ, a NaN matches
 * itself). __match_all_sync: when all existing lanes of mask agree, mask
 * without the lanes past a partial warp's end (what the H100 returns;
 * CUDA's documentation says "mask"), else 0; *pred says which. One version
 * per address space of pred. */
#if defined(CU2CL_WARP_PTX) && defined(CU2CL_NVIDIA_SM) && CU2CL_NVIDIA_SM >= 70
uint cu2cl_warp_match_all32(__local ulong *ws, uint mask, uint v) {
  uint r = 0;
  if (cu2cl_ptx_in(mask))
    __asm__ volatile("match.all.sync.b32 %0, %1, %2;"
                     : "=r"(r) : "r"(v), "r"(mask));
  return r;
}

uint cu2cl_warp_match_all64(__local ulong *ws, uint mask, ulong v) {
  uint r = 0;
  if (cu2cl_ptx_in(mask))
    __asm__ volatile("match.all.sync.b64 %0, %1, %2;"
                     : "=r"(r) : "l"(v), "r"(mask));
  return r;
}
#else
uint cu2cl_warp_match_all32(__local ulong *ws, uint mask, uint v) {
  uint want = mask & cu2cl_activemask(ws);
  return (cu2cl_warp_match32(ws, mask, v) & want) == want ? want : 0u;
}

uint cu2cl_warp_match_all64(__local ulong *ws, uint mask, ulong v) {
  uint want = mask & cu2cl_activemask(ws);
  return (cu2cl_warp_match64(ws, mask, v) & want) == want ? want : 0u;
}
#endif

#define CU2CL_DEFINE_MATCH_ALL(T, U, W, AS)                                 \
  uint cu2cl_match_all_##T##_##AS(__local ulong *ws, uint mask, T v,        \
                                  AS int *pred) {                           \
    uint r = cu2cl_warp_match_all##W(ws, mask, as_##U(v));                  \
    *pred = r != 0u;                                                        \
    return r;                                                               \
  }
#define CU2CL_DEFINE_MATCHES(T, U, W)                                       \
  uint cu2cl_match_any_##T(__local ulong *ws, uint mask, T v) {             \
    return cu2cl_warp_match##W(ws, mask, as_##U(v));                        \
  }                                                                         \
  CU2CL_DEFINE_MATCH_ALL(T, U, W, global)                                   \
  CU2CL_DEFINE_MATCH_ALL(T, U, W, local)                                    \
  CU2CL_DEFINE_MATCH_ALL(T, U, W, private)

CU2CL_DEFINE_MATCHES(int, uint, 32)
CU2CL_DEFINE_MATCHES(uint, uint, 32)
CU2CL_DEFINE_MATCHES(float, uint, 32)
CU2CL_DEFINE_MATCHES(long, ulong, 64)
CU2CL_DEFINE_MATCHES(ulong, ulong, 64)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_MATCHES(double, ulong, 64)
#endif
#undef CU2CL_DEFINE_MATCHES
#undef CU2CL_DEFINE_MATCH_ALL

/* ---- Warp reductions (__reduce_*_sync) -------------------------------------
 * The result of op over the existing lanes of mask. The emulation reads the
 * lanes' slots; sub-groups replace lanes outside mask by the identity and
 * reduce the whole sub-group (built-in for add/min/max, a shuffle tree for
 * the bitwise ops, which cl_khr_subgroups lacks); PTX uses redux.sync from
 * sm_80 on and, before, a broadcast of each lane of mask in turn. */
#define CU2CL_OP_ADD(a, b) ((a) + (b))
#define CU2CL_OP_MIN(a, b) min(a, b)
#define CU2CL_OP_MAX(a, b) max(a, b)
#define CU2CL_OP_AND(a, b) ((a) & (b))
#define CU2CL_OP_OR(a, b) ((a) | (b))
#define CU2CL_OP_XOR(a, b) ((a) ^ (b))

#if defined(CU2CL_WARP_EMULATE)
#define CU2CL_DEFINE_REDUCE(NAME, T, ID, OP, SGFN, PTXOP)                   \
  T cu2cl_reduce_##NAME##_##T(__local ulong *ws, uint mask, T v) {          \
    uint l = cu2cl_local_linear_id(), base = l & ~31u;                      \
    uint n = cu2cl_warp_lanes();                                            \
    ws[l] = as_uint(v);                                                     \
    barrier(CLK_LOCAL_MEM_FENCE);                                           \
    T acc = ID;                                                             \
    for (uint i = 0; i < n; i++)                                            \
      if ((mask >> i) & 1u)                                                 \
        acc = OP(acc, as_##T((uint)ws[base + i]));                          \
    barrier(CLK_LOCAL_MEM_FENCE);                                           \
    return acc;                                                             \
  }
#elif defined(CU2CL_WARP_SUBGROUP)
/* The shuffle tree: lane 0 ends with op over lanes 0, k, 2k, ... after each
 * step k, so over all lanes after k = 1; lanes past a partial warp's end
 * count as the identity (the caller substituted it for lanes outside
 * mask). */
#define CU2CL_DEFINE_SG_TREE(FN, T, OP)                                     \
  T FN(T v) {                                                               \
    uint lane = get_sub_group_local_id(), n = cu2cl_warp_lanes();           \
    for (uint k = 16; k > 0; k >>= 1) {                                     \
      uint src = lane + k < n ? lane + k : lane;                            \
      T o = sub_group_shuffle(v, src);                                      \
      if (lane + k < n)                                                     \
        v = OP(v, o);                                                       \
    }                                                                       \
    return sub_group_broadcast(v, 0u);                                      \
  }
/* (The tree's name is pasted here, not in CU2CL_DEFINE_SG_TREE: PoCL's
 * headers define min and max as macros, which an argument passed on
 * unpasted would expand.)
 * sub_group_reduce_* where every warp of the block is whole; otherwise the
 * tree, because PoCL before 7.2 folds lanes past a partial sub-group's end
 * into its reductions. The choice is the same in the whole work-group, as
 * sub-group operations that are work-group barriers (PoCL) need. The
 * bitwise reductions, which OpenCL C lacks, always take the tree. */
#define CU2CL_DEFINE_REDUCE(NAME, T, ID, OP, SGFN, PTXOP)                   \
  CU2CL_DEFINE_SG_TREE(cu2cl_sg_tree_##NAME##_##T, T, OP)                   \
  T cu2cl_reduce_##NAME##_##T(__local ulong *ws, uint mask, T v) {          \
    T x = ((mask >> get_sub_group_local_id()) & 1u) ? v : (T)(ID);          \
    return cu2cl_local_group_size() % 32u == 0u                             \
               ? SGFN(x)                                                    \
               : cu2cl_sg_tree_##NAME##_##T(x);                             \
  }
#elif defined(CU2CL_NVIDIA_SM) && CU2CL_NVIDIA_SM >= 80
#define CU2CL_DEFINE_REDUCE(NAME, T, ID, OP, SGFN, PTXOP)                   \
  T cu2cl_reduce_##NAME##_##T(__local ulong *ws, uint mask, T v) {          \
    T r = v;                                                                \
    if (cu2cl_ptx_in(mask))                                                 \
      __asm__ volatile("redux.sync." PTXOP " %0, %1, %2;"                   \
                       : "=r"(r) : "r"(v), "r"(mask));                      \
    return r;                                                               \
  }
#else
#define CU2CL_DEFINE_REDUCE(NAME, T, ID, OP, SGFN, PTXOP)                   \
  T cu2cl_reduce_##NAME##_##T(__local ulong *ws, uint mask, T v) {          \
    T acc = ID;                                                             \
    if (!cu2cl_ptx_in(mask))                                                \
      return v;                                                             \
    for (uint m = mask & cu2cl_activemask(ws); m; m &= m - 1u) {            \
      uint i = 31u - clz(m & (0u - m));                                     \
      acc = OP(acc, as_##T(cu2cl_ptx_shfl(CU2CL_SHFL_IDX, mask,             \
                                          as_uint(v), i, 32)));             \
    }                                                                       \
    return acc;                                                             \
  }
#endif

CU2CL_DEFINE_REDUCE(add, int, 0, CU2CL_OP_ADD, sub_group_reduce_add, "add.s32")
CU2CL_DEFINE_REDUCE(add, uint, 0u, CU2CL_OP_ADD, sub_group_reduce_add, "add.u32")
CU2CL_DEFINE_REDUCE(min, int, INT_MAX, CU2CL_OP_MIN, sub_group_reduce_min, "min.s32")
CU2CL_DEFINE_REDUCE(min, uint, UINT_MAX, CU2CL_OP_MIN, sub_group_reduce_min, "min.u32")
CU2CL_DEFINE_REDUCE(max, int, INT_MIN, CU2CL_OP_MAX, sub_group_reduce_max, "max.s32")
CU2CL_DEFINE_REDUCE(max, uint, 0u, CU2CL_OP_MAX, sub_group_reduce_max, "max.u32")
CU2CL_DEFINE_REDUCE(and, uint, UINT_MAX, CU2CL_OP_AND, cu2cl_sg_tree_and_uint, "and.b32")
CU2CL_DEFINE_REDUCE(or, uint, 0u, CU2CL_OP_OR, cu2cl_sg_tree_or_uint, "or.b32")
CU2CL_DEFINE_REDUCE(xor, uint, 0u, CU2CL_OP_XOR, cu2cl_sg_tree_xor_uint, "xor.b32")
#undef CU2CL_DEFINE_REDUCE

/* ---- Cooperative-groups tiles ------------------------------------------------
 * thread_block_tile<n> (n a power of two <= 32) is a width-n segment of the
 * warp. Its ballot numbers the tile's lanes from 0; cg::reduce combines
 * the tile's existing lanes with a shuffle-down tree (lane 0 of the tile
 * collects, then broadcasts), so missing lanes of a partial warp count as
 * absent, not as copies of a neighbour. */
/* The existing lanes of the caller's tile, numbered from 0 in the tile. */
uint cu2cl_tile_lanes(uint n) {
  uint first = cu2cl_lane_id() & ~(n - 1u);
  uint have = min(cu2cl_warp_lanes() - first, n);
  return have >= 32u ? 0xffffffffu : (1u << have) - 1u;
}

/* The existing lanes of the caller's tile of n lanes, as warp lanes: the
 * mask of the tile's collectives (on the PTX path a tile may run a branch
 * the rest of its warp does not take, as CUDA allows). */
uint cu2cl_tile_mask(uint n) {
  return cu2cl_tile_lanes(n) << (cu2cl_lane_id() & ~(n - 1u) & 31u);
}

uint cu2cl_tile_ballot(__local ulong *ws, int pred, uint n) {
  uint b = cu2cl_ballot(ws, cu2cl_tile_mask(n), pred);
  uint first = cu2cl_lane_id() & ~(n - 1u);
  return n >= 32u ? b : (b >> first) & ((1u << n) - 1u);
}

int cu2cl_tile_any(__local ulong *ws, int pred, uint n) {
  return cu2cl_tile_ballot(ws, pred, n) != 0u;
}

int cu2cl_tile_all(__local ulong *ws, int pred, uint n) {
  return cu2cl_tile_ballot(ws, pred, n) == cu2cl_tile_lanes(n);
}

#define CU2CL_DEFINE_TILE_REDUCE(NAME, T, OP)                               \
  T cu2cl_tile_reduce_##NAME##_##T(__local ulong *ws, T v, uint n) {        \
    uint lane = cu2cl_lane_id(), lanes = cu2cl_warp_lanes();                \
    uint rank = lane & (n - 1u), mask = cu2cl_tile_mask(n);                 \
    for (uint k = n >> 1; k > 0; k >>= 1) {                                 \
      T o = cu2cl_shfl_down_##T(ws, mask, v, k, (int)n);                    \
      if (rank + k < n && lane + k < lanes)                                 \
        v = OP(v, o);                                                       \
    }                                                                       \
    return cu2cl_shfl_##T(ws, mask, v, 0, (int)n);                          \
  }
#define CU2CL_DEFINE_TILE_REDUCES(T)                                        \
  CU2CL_DEFINE_TILE_REDUCE(add, T, CU2CL_OP_ADD)                            \
  CU2CL_DEFINE_TILE_REDUCE(min, T, CU2CL_OP_MIN)                            \
  CU2CL_DEFINE_TILE_REDUCE(max, T, CU2CL_OP_MAX)
#define CU2CL_DEFINE_TILE_BITWISE(T)                                        \
  CU2CL_DEFINE_TILE_REDUCE(and, T, CU2CL_OP_AND)                            \
  CU2CL_DEFINE_TILE_REDUCE(or, T, CU2CL_OP_OR)                              \
  CU2CL_DEFINE_TILE_REDUCE(xor, T, CU2CL_OP_XOR)

CU2CL_DEFINE_TILE_REDUCES(int)
CU2CL_DEFINE_TILE_REDUCES(uint)
CU2CL_DEFINE_TILE_REDUCES(long)
CU2CL_DEFINE_TILE_REDUCES(ulong)
CU2CL_DEFINE_TILE_REDUCES(float)
CU2CL_DEFINE_TILE_BITWISE(int)
CU2CL_DEFINE_TILE_BITWISE(uint)
CU2CL_DEFINE_TILE_BITWISE(long)
CU2CL_DEFINE_TILE_BITWISE(ulong)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_TILE_REDUCES(double)
#endif
#undef CU2CL_DEFINE_TILE_REDUCES
#undef CU2CL_DEFINE_TILE_BITWISE
#undef CU2CL_DEFINE_TILE_REDUCE

/* ---- Cooperative-groups thread_group ------------------------------------------
 * A thread_group whose kind is known only at run time: the handle is 0 for
 * the block and n for a tile of n threads (a power of two up to 32, as
 * CUDA's tiled_partition(parent, n) allows; a tile of a tile is an aligned
 * segment of the linear id too). A block's sync is a work-group barrier,
 * a tile's the sync of its lanes (a work-group barrier where warps are
 * emulated); the kind is the same in every work-item that calls it, as
 * CUDA's groups are made in converged code. */
uint cu2cl_tg_tile(uint parent, uint n) { return n; }

uint cu2cl_tg_thread_rank(uint g) {
  return g ? cu2cl_local_linear_id() % g : cu2cl_local_linear_id();
}

uint cu2cl_tg_size(uint g) { return g ? g : cu2cl_local_group_size(); }

void cu2cl_tg_sync(__local ulong *ws, uint g) {
  if (g)
    cu2cl_syncwarp(ws, cu2cl_tile_mask(g));
  else
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

/* ---- Cooperative-groups coalesced groups ------------------------------------
 * The groups binary_partition and labeled_partition make: a set of lanes of
 * one warp. The handle (cu2cl_cg_coalesced, a ulong) holds the lanes as a
 * mask (bits 0-31, bit i: lane i), the group's meta rank (bits 32-39) and
 * meta size (bits 40-47), set as CUDA's partitions set them. A tile's lanes
 * are those of its segment that exist (a partial warp's missing lanes
 * belong to no group). Ranks count the group's lanes from the lowest.
 * Every call takes the warp scratch: on the emulation and sub-group paths
 * every lane of the warp makes it (the translator predicates), each with
 * its own group; on the PTX path only the group's lanes do. */
typedef ulong cu2cl_cg_coalesced;

ulong cu2cl_cg_make(uint mask, uint rank, uint size) {
  return (ulong)mask | (ulong)rank << 32 | (ulong)size << 40;
}

uint cu2cl_cg_lanes_below(void) {
  return (1u << cu2cl_lane_id()) - 1u;
}

uint cu2cl_cg_thread_rank(cu2cl_cg_coalesced g) {
  return popcount((uint)g & cu2cl_cg_lanes_below());
}

uint cu2cl_cg_size(cu2cl_cg_coalesced g) { return popcount((uint)g); }

uint cu2cl_cg_meta_group_rank(cu2cl_cg_coalesced g) {
  return (uint)(g >> 32) & 0xffu;
}

uint cu2cl_cg_meta_group_size(cu2cl_cg_coalesced g) {
  return (uint)(g >> 40) & 0xffu;
}

/* coalesced_threads(): the lanes of the caller's warp that reach the call.
 * On the emulation and sub-group paths every lane of the warp makes it
 * (the branch around it is predicated) and active is the caller's
 * predicate: the group is the warp's lanes whose predicate holds, a binary
 * partition of the warp by it. NVIDIA's warps run CUDA's control flow, so
 * the PTX path asks for the active lanes. */
cu2cl_cg_coalesced cu2cl_cg_coalesced_threads(__local ulong *ws, int active) {
#if defined(CU2CL_WARP_PTX)
  uint m;
#if defined(CU2CL_NVIDIA_SM) && CU2CL_NVIDIA_SM >= 70
  __asm__ volatile("activemask.b32 %0;" : "=r"(m));
#else
  __asm__ volatile("vote.ballot.b32 %0, 1;" : "=r"(m));
#endif
  return cu2cl_cg_make(m, 0u, 1u);
#else
  return cu2cl_cg_make(cu2cl_ballot(ws, 0xffffffffu, active), 0u, 1u);
#endif
}

/* binary_partition: the lanes of parent whose pred equals the caller's;
 * meta rank pred and size 2, or 0 and 1 when all of parent agree. */
cu2cl_cg_coalesced cu2cl_cg_binary_partition(__local ulong *ws, uint parent,
                                             int pred) {
  uint set = cu2cl_ballot(ws, parent, pred);
  if (set == parent || set == 0u)
    return cu2cl_cg_make(parent, 0u, 1u);
  return cu2cl_cg_make(pred ? set : parent & ~set, pred != 0, 2u);
}

/* labeled_partition: the lanes of parent with the caller's label (sub);
 * the meta rank counts the groups whose lowest lane is below this one's. */
cu2cl_cg_coalesced cu2cl_cg_labeled_group(__local ulong *ws, uint parent,
                                          uint sub) {
  uint leader = 31u - clz(sub & (0u - sub));
  uint leaders = cu2cl_ballot(ws, parent, cu2cl_lane_id() == leader);
  uint below = leader ? (1u << leader) - 1u : 0u;
  return cu2cl_cg_make(sub, popcount(leaders & below), popcount(leaders));
}

cu2cl_cg_coalesced cu2cl_cg_labeled_partition32(__local ulong *ws,
                                                uint parent, uint label) {
  return cu2cl_cg_labeled_group(ws, parent,
                                cu2cl_warp_match32(ws, parent, label));
}

cu2cl_cg_coalesced cu2cl_cg_labeled_partition64(__local ulong *ws,
                                                uint parent, ulong label) {
  return cu2cl_cg_labeled_group(ws, parent,
                                cu2cl_warp_match64(ws, parent, label));
}

/* The lane of rank r in mask; as CUDA, lane 31 when there is none. */
uint cu2cl_cg_lane_of_rank(uint mask, uint r) {
  for (uint m = mask; m; m &= m - 1u) {
    uint lane = 31u - clz(m & (0u - m));
    if (r-- == 0u)
      return lane;
  }
  return 31u;
}

/* The lane a coalesced group's shuffle reads: srcRank's (mode IDX), or the
 * rank delta above (DOWN) or below (UP) the caller's, else the caller's. */
uint cu2cl_cg_source(cu2cl_cg_coalesced g, int mode, uint b) {
  uint mask = (uint)g, r = cu2cl_cg_thread_rank(g), n = popcount(mask);
  if (mode == CU2CL_SHFL_IDX)
    return cu2cl_cg_lane_of_rank(mask, b);
  if (mode == CU2CL_SHFL_DOWN)
    return r + b < n ? cu2cl_cg_lane_of_rank(mask, r + b) : cu2cl_lane_id();
  return b <= r ? cu2cl_cg_lane_of_rank(mask, r - b) : cu2cl_lane_id();
}

/* ballot numbers the group's lanes by rank, as CUDA packs them. */
uint cu2cl_cg_ballot(__local ulong *ws, cu2cl_cg_coalesced g, int pred) {
  uint mask = (uint)g, b = cu2cl_ballot(ws, mask, pred), r = 0, k = 0;
  for (uint m = mask; m; m &= m - 1u, k++)
    r |= ((b >> (31u - clz(m & (0u - m)))) & 1u) << k;
  return r;
}

int cu2cl_cg_any(__local ulong *ws, cu2cl_cg_coalesced g, int pred) {
  return cu2cl_ballot(ws, (uint)g, pred) != 0u;
}

int cu2cl_cg_all(__local ulong *ws, cu2cl_cg_coalesced g, int pred) {
  return cu2cl_ballot(ws, (uint)g, pred) == (uint)g;
}

void cu2cl_cg_sync(__local ulong *ws, cu2cl_cg_coalesced g) {
  cu2cl_syncwarp(ws, (uint)g);
}

/* Shuffles and reductions over a coalesced group. On the PTX path the
 * group's lanes take part (their masks agree); elsewhere every lane of the
 * warp reads every lane in turn and keeps its own group's values, so the
 * number of warp operations is the same in every work-item. The reduction
 * folds the group's values in rank order. */
#ifdef CU2CL_WARP_PTX
#define CU2CL_CG_FOLD(T, OP)                                                \
  for (uint m = mask; m; m &= m - 1u) {                                     \
    uint i = 31u - clz(m & (0u - m));                                       \
    T o = cu2cl_shfl_##T(ws, mask, v, (int)i, 32);                          \
    acc = m == mask ? o : OP(acc, o);                                       \
  }
#else
#define CU2CL_CG_FOLD(T, OP)                                                \
  for (uint i = 0, first = 1; i < 32u; i++) {                               \
    T o = cu2cl_shfl_##T(ws, 0xffffffffu, v, (int)i, 32);                   \
    if ((mask >> i) & 1u) {                                                 \
      acc = first ? o : OP(acc, o);                                         \
      first = 0;                                                            \
    }                                                                       \
  }
#endif
#define CU2CL_DEFINE_CG_REDUCE(NAME, T, OP)                                 \
  T cu2cl_cg_reduce_##NAME##_##T(__local ulong *ws, cu2cl_cg_coalesced g,   \
                                 T v) {                                     \
    uint mask = (uint)g;                                                    \
    T acc = v;                                                              \
    CU2CL_CG_FOLD(T, OP)                                                    \
    return acc;                                                             \
  }
#define CU2CL_DEFINE_CG_SHUFFLES(T)                                         \
  T cu2cl_cg_shfl_##T(__local ulong *ws, cu2cl_cg_coalesced g, T v,         \
                      int src) {                                            \
    uint s = cu2cl_cg_source(g, CU2CL_SHFL_IDX, (uint)src);                 \
    return cu2cl_shfl_##T(ws, (uint)g, v, (int)s, 32);                      \
  }                                                                         \
  T cu2cl_cg_shfl_up_##T(__local ulong *ws, cu2cl_cg_coalesced g, T v,      \
                         uint delta) {                                      \
    uint s = cu2cl_cg_source(g, CU2CL_SHFL_UP, delta);                      \
    return cu2cl_shfl_##T(ws, (uint)g, v, (int)s, 32);                      \
  }                                                                         \
  T cu2cl_cg_shfl_down_##T(__local ulong *ws, cu2cl_cg_coalesced g, T v,    \
                           uint delta) {                                    \
    uint s = cu2cl_cg_source(g, CU2CL_SHFL_DOWN, delta);                    \
    return cu2cl_shfl_##T(ws, (uint)g, v, (int)s, 32);                      \
  }                                                                         \
  CU2CL_DEFINE_CG_REDUCE(add, T, CU2CL_OP_ADD)                              \
  CU2CL_DEFINE_CG_REDUCE(min, T, CU2CL_OP_MIN)                              \
  CU2CL_DEFINE_CG_REDUCE(max, T, CU2CL_OP_MAX)
#define CU2CL_DEFINE_CG_BITWISE(T)                                          \
  CU2CL_DEFINE_CG_REDUCE(and, T, CU2CL_OP_AND)                              \
  CU2CL_DEFINE_CG_REDUCE(or, T, CU2CL_OP_OR)                                \
  CU2CL_DEFINE_CG_REDUCE(xor, T, CU2CL_OP_XOR)

CU2CL_DEFINE_CG_SHUFFLES(int)
CU2CL_DEFINE_CG_SHUFFLES(uint)
CU2CL_DEFINE_CG_SHUFFLES(long)
CU2CL_DEFINE_CG_SHUFFLES(ulong)
CU2CL_DEFINE_CG_SHUFFLES(float)
CU2CL_DEFINE_CG_BITWISE(int)
CU2CL_DEFINE_CG_BITWISE(uint)
CU2CL_DEFINE_CG_BITWISE(long)
CU2CL_DEFINE_CG_BITWISE(ulong)
#ifdef CU2CL_DEVICE_HAS_FP64
CU2CL_DEFINE_CG_SHUFFLES(double)
#endif
#undef CU2CL_DEFINE_CG_SHUFFLES
#undef CU2CL_DEFINE_CG_BITWISE
#undef CU2CL_DEFINE_CG_REDUCE
#undef CU2CL_CG_FOLD

/* ---- Asynchronous copies ------------------------------------------------------
 * CUDA's asynchronous copies into shared memory (__pipeline_memcpy_async,
 * cooperative_groups::memcpy_async) are made synchronous: the calling
 * work-item copies its part at once, and the wait that CUDA requires before
 * the data is read is a barrier of the group (cooperative groups) or
 * nothing (a thread's own pipeline: it reads what it copied itself). CUDA
 * lets a copy land any time before the wait, so landing at once is one of
 * its behaviours. One helper per address space of the destination (D) and
 * the source (S). cu2cl_group_copy: the rank-th of size threads copies
 * every size-th byte. cu2cl_pipeline_copy: n bytes, the last zfill of them
 * zeros (__pipeline_memcpy_async's zero fill). Device code's memcpy and
 * memset are here too: the calling work-item copies or fills n bytes, as
 * uchar (which may alias any object: a copy by uint into a struct with a
 * float was lost on PoCL, its compiler keeping the float it knew), and
 * returns dst. */
#define CU2CL_DEFINE_COPY(D, S)                                             \
  void cu2cl_group_copy_##D##_##S(D void *dst, const S void *src, ulong n,  \
                                  uint rank, uint size) {                   \
    D uchar *d = (D uchar *)dst;                                            \
    const S uchar *s = (const S uchar *)src;                                \
    for (ulong i = rank; i < n; i += size)                                  \
      d[i] = s[i];                                                          \
  }                                                                         \
  void cu2cl_pipeline_copy_##D##_##S(D void *dst, const S void *src,        \
                                     ulong n, ulong zfill) {                \
    D uchar *d = (D uchar *)dst;                                            \
    const S uchar *s = (const S uchar *)src;                                \
    for (ulong i = 0; i < n; i++)                                           \
      d[i] = i + zfill < n ? s[i] : (uchar)0;                               \
  }                                                                         \
  D void *cu2cl_memcpy_##D##_##S(D void *dst, const S void *src, ulong n) { \
    D uchar *d = (D uchar *)dst;                                            \
    const S uchar *s = (const S uchar *)src;                                \
    for (ulong i = 0; i < n; i++)                                           \
      d[i] = s[i];                                                          \
    return dst;                                                             \
  }
#define CU2CL_DEFINE_COPIES(D)                                              \
  CU2CL_DEFINE_COPY(D, global)                                              \
  CU2CL_DEFINE_COPY(D, local)                                               \
  CU2CL_DEFINE_COPY(D, constant)                                            \
  CU2CL_DEFINE_COPY(D, private)                                             \
  D void *cu2cl_memset_##D(D void *dst, int value, ulong n) {               \
    D uchar *d = (D uchar *)dst;                                            \
    for (ulong i = 0; i < n; i++)                                           \
      d[i] = (uchar)value;                                                  \
    return dst;                                                             \
  }
CU2CL_DEFINE_COPIES(local)
CU2CL_DEFINE_COPIES(global)
CU2CL_DEFINE_COPIES(private)
#undef CU2CL_DEFINE_COPIES
#undef CU2CL_DEFINE_COPY

/* ---- Block-wide votes (__syncthreads_count/and/or) -------------------------
 * A __syncthreads that also counts the work-items with a nonzero predicate,
 * on every path: a counter in slot 0 of the scratch, zeroed by item 0,
 * incremented between two barriers, read, and freed by a third barrier. */
int cu2cl_syncthreads_count(__local ulong *ws, int pred) {
  volatile __local uint *count = (volatile __local uint *)ws;
  if (cu2cl_local_linear_id() == 0)
    *count = 0;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (pred)
    atomic_inc(count);
  barrier(CLK_LOCAL_MEM_FENCE);
  int n = (int)*count;
  barrier(CLK_LOCAL_MEM_FENCE);
  return n;
}

int cu2cl_syncthreads_and(__local ulong *ws, int pred) {
  return cu2cl_syncthreads_count(ws, pred) == (int)cu2cl_local_group_size();
}

int cu2cl_syncthreads_or(__local ulong *ws, int pred) {
  return cu2cl_syncthreads_count(ws, pred) != 0;
}

#undef CU2CL_OP_ADD
#undef CU2CL_OP_MIN
#undef CU2CL_OP_MAX
#undef CU2CL_OP_AND
#undef CU2CL_OP_OR
#undef CU2CL_OP_XOR
/* ==== end of warp-level operations ======================================== */
