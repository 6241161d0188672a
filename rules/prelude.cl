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

/* ---- Atomics -------------------------------------------------------------
 * 32-bit integer atomics map straight to OpenCL 1.2's atomic_* built-ins.
 * What OpenCL lacks is built here from compare-and-swap loops on the bit
 * pattern: CUDA's wrap-around atomicInc/atomicDec and floating-point
 * atomicAdd. Each returns the old value, like CUDA. The macro stamps out the
 * global and local versions of one body. */
#define CU2CL_DEFINE_ATOMIC_INC_DEC(AS)                                     \
  /* CUDA: old = *p; *p = (old >= limit) ? 0 : old + 1; return old; */      \
  uint cu2cl_atomic_inc_##AS(volatile AS uint *p, uint limit) {             \
    uint old = *p, seen;                                                    \
    while ((seen = atomic_cmpxchg(p, old,                                   \
                                  old >= limit ? 0u : old + 1u)) != old)    \
      old = seen;                                                           \
    return old;                                                             \
  }                                                                         \
  /* CUDA: *p = (old == 0 || old > limit) ? limit : old - 1; */             \
  uint cu2cl_atomic_dec_##AS(volatile AS uint *p, uint limit) {             \
    uint old = *p, seen;                                                    \
    while ((seen = atomic_cmpxchg(                                          \
                p, old, (old == 0u || old > limit) ? limit : old - 1u)) !=  \
           old)                                                             \
      old = seen;                                                           \
    return old;                                                             \
  }                                                                         \
  float cu2cl_atomic_add_float_##AS(volatile AS float *p, float v) {        \
    volatile AS uint *bits = (volatile AS uint *)p;                         \
    uint old = *bits, seen;                                                 \
    while ((seen = atomic_cmpxchg(bits, old,                                \
                                  as_uint(as_float(old) + v))) != old)      \
      old = seen;                                                           \
    return as_float(old);                                                   \
  }

CU2CL_DEFINE_ATOMIC_INC_DEC(global)
CU2CL_DEFINE_ATOMIC_INC_DEC(local)
#undef CU2CL_DEFINE_ATOMIC_INC_DEC

/* 64-bit integer atomics use atom_* from cl_khr_int64_*_atomics directly;
 * double atomicAdd needs a 64-bit compare-and-swap. */
#if defined(CU2CL_DEVICE_HAS_FP64) && defined(CU2CL_DEVICE_HAS_INT64_ATOMICS)
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
#undef CU2CL_DEFINE_ATOMIC_ADD_DOUBLE
#endif

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
