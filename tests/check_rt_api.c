/*
 * check_rt_api: the cu2clrt runtime API on the local OpenCL device (PoCL in
 * CI): device selection, memory and copies, streams, events, errors.
 *
 * Every test runs in its own process (CK_FORK is forced) because device
 * selection happens once per process, on the first call.
 */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cu2clrt.h"

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

/* ---- header ---------------------------------------------------------------
 */

START_TEST(test_vector_types_layout) {
  ck_assert_uint_eq(sizeof(float3), 12);
  ck_assert_uint_eq(_Alignof(float3), 4);
  ck_assert_uint_eq(_Alignof(float2), 8);
  ck_assert_uint_eq(_Alignof(float4), 16);
  ck_assert_uint_eq(sizeof(char3), 3);
  ck_assert_uint_eq(_Alignof(short4), 8);
  ck_assert_uint_eq(_Alignof(int2), 8);
  ck_assert_uint_eq(sizeof(double3), 24);
  ck_assert_uint_eq(_Alignof(double2), 16);
  ck_assert_uint_eq(_Alignof(longlong4), 16);
  uint4 u = make_uint4(1, 2, 3, 4);
  ck_assert_uint_eq(u.x + u.y + u.z + u.w, 10);
  dim3 d = {4, 1, 1};
  ck_assert_uint_eq(d.x * d.y * d.z, 4);
}
END_TEST

/* ---- devices --------------------------------------------------------------
 */

START_TEST(test_device_default) {
  unsetenv("CU2CL_DEVICE");
  int count = -1, dev = -1;
  CK(cu2clGetDeviceCount(&count));
  ck_assert_int_ge(count, 1);
  CK(cu2clGetDevice(&dev));
  ck_assert_int_eq(dev, 0);
  CK(cu2clSetDevice(0));
  cu2clDeviceProp p;
  CK(cu2clGetDeviceProperties(&p, 0));
  ck_assert_str_ne(p.name, "");
  ck_assert_int_eq(p.warpSize, 32);
  ck_assert_int_gt(p.maxThreadsPerBlock, 0);
  ck_assert_uint_gt(p.totalGlobalMem, 0);
  ck_assert_int_eq(p.unifiedAddressing, 1);
  int v = 0;
  CK(cu2clDeviceGetAttribute(&v, cu2clDevAttrMaxThreadsPerBlock, 0));
  ck_assert_int_eq(v, p.maxThreadsPerBlock);
  CK(cu2clDeviceGetAttribute(&v, cu2clDevAttrComputeCapabilityMajor, 0));
  ck_assert_int_eq(v, p.major);
  CK(cu2clDeviceGetAttribute(&v, cu2clDevAttrMultiProcessorCount, 0));
  ck_assert_int_ge(v, 1);
  CK(cu2clDeviceGetAttribute(&v, cu2clDevAttrMaxSharedMemoryPerBlock, 0));
  ck_assert_int_eq(v, (int)p.sharedMemPerBlock); /* a size_t field */
  CK(cu2clDeviceGetAttribute(&v, cu2clDevAttrMaxBlockDimY, 0));
  ck_assert_int_eq(v, p.maxThreadsDim[1]);
}
END_TEST

START_TEST(test_device_select_index) {
  setenv("CU2CL_DEVICE", "0", 1);
  int count = -1;
  CK(cu2clGetDeviceCount(&count));
  ck_assert_int_eq(count, 1);
}
END_TEST

/* PoCL's platform is "Portable Computing Language" with version "OpenCL 3.0
 * PoCL ...": "pocl" must match through the version, "cpu" through the type,
 * and matching ignores case. */
static const char *const selectors[] = {"pocl", "cpu", "PORTABLE computing"};

START_TEST(test_device_select_substring) {
  setenv("CU2CL_DEVICE", selectors[_i], 1);
  int count = -1;
  CK(cu2clGetDeviceCount(&count));
  ck_assert_int_ge(count, 1);
  void *p = NULL;
  CK(cu2clMalloc(&p, 64));
  CK(cu2clFree(p));
}
END_TEST

START_TEST(test_versions_and_config) {
  int v = 0;
  CK(cu2clDriverGetVersion(&v));
  ck_assert_int_eq(v, CU2CL_CUDART_VERSION);
  CK(cu2clRuntimeGetVersion(&v));
  ck_assert_int_eq(v, CU2CL_CUDART_VERSION);
  CK(cu2clDeviceSetCacheConfig(cu2clFuncCachePreferShared));
  CK(cu2clFuncSetCacheConfig(NULL, cu2clFuncCachePreferL1));
  CK(cu2clDeviceSetSharedMemConfig(cu2clSharedMemBankSizeEightByte));
  CK(cu2clSetDeviceFlags(cu2clDeviceMapHost));
  unsigned flags = 0;
  CK(cu2clGetDeviceFlags(&flags));
  ck_assert(flags & cu2clDeviceMapHost);
}
END_TEST

/* ---- memory ---------------------------------------------------------------
 */

START_TEST(test_memcpy_directions) {
  enum { N = 256 };
  int host[N], back[N], *a = NULL, *b = NULL;
  for (int i = 0; i < N; i++)
    host[i] = i * 3 + 1;
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  CK(cu2clMalloc((void **)&b, N * sizeof(int)));
  ck_assert_ptr_nonnull(a);
  /* Host arithmetic on device pointers: copy the upper half at an offset. */
  CK(cu2clMemcpy(a, host, N * sizeof(int), cu2clMemcpyHostToDevice));
  CK(cu2clMemset(b, 0, N * sizeof(int)));
  CK(cu2clMemcpy(b + 16, a + 128, 64 * sizeof(int), cu2clMemcpyDeviceToDevice));
  CK(cu2clMemcpy(back, b, N * sizeof(int), cu2clMemcpyDeviceToHost));
  for (int i = 0; i < N; i++)
    ck_assert_int_eq(back[i], (i >= 16 && i < 80) ? host[i - 16 + 128] : 0);
  int h2h[N];
  CK(cu2clMemcpy(h2h, host, sizeof h2h, cu2clMemcpyHostToHost));
  ck_assert_mem_eq(h2h, host, sizeof h2h);
  /* Default infers each direction from the pointers. */
  memset(back, 0, sizeof back);
  CK(cu2clMemcpy(b, host, N * sizeof(int), cu2clMemcpyDefault));
  CK(cu2clMemcpy(back + 1, b + 1, 10 * sizeof(int), cu2clMemcpyDefault));
  ck_assert_mem_eq(back + 1, host + 1, 10 * sizeof(int));
  ck_assert_int_eq(back[0], 0);
  CK(cu2clFree(a));
  CK(cu2clFree(b));
}
END_TEST

START_TEST(test_memset_and_2d) {
  unsigned char *d = NULL, out[64];
  CK(cu2clMalloc((void **)&d, 64));
  CK(cu2clMemset(d, 0x11, 64));
  CK(cu2clMemset(d + 3, 0xab, 5)); /* unaligned: the byte-pattern path */
  CK(cu2clMemcpy(out, d, 64, cu2clMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++)
    ck_assert_uint_eq(out[i], (i >= 3 && i < 8) ? 0xab : 0x11);
  /* 4 rows of 6 bytes from a host pitch of 10 to a device pitch of 16. */
  unsigned char src[40];
  for (int i = 0; i < 40; i++)
    src[i] = (unsigned char)i;
  CK(cu2clMemset(d, 0, 64));
  CK(cu2clMemcpy2D(d, 16, src, 10, 6, 4, cu2clMemcpyHostToDevice));
  CK(cu2clMemcpy(out, d, 64, cu2clMemcpyDeviceToHost));
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 16; c++)
      ck_assert_uint_eq(out[r * 16 + c], c < 6 ? src[r * 10 + c] : 0);
  CK(cu2clFree(d));
}
END_TEST

START_TEST(test_mem_info_and_zero_size) {
  size_t free0, total, free1;
  CK(cu2clMemGetInfo(&free0, &total));
  ck_assert_uint_le(free0, total);
  void *p = (void *)1;
  CK(cu2clMalloc(&p, 0));
  ck_assert_ptr_null(p);
  CK(cu2clMalloc(&p, 1 << 20));
  CK(cu2clMemGetInfo(&free1, &total));
  ck_assert_uint_eq(free0 - free1, 1 << 20);
  CK(cu2clFree(p));
  CK(cu2clFree(NULL));
}
END_TEST

/* Freed device memory is kept for reuse (CU2CL_MEM_CACHE): a block comes
 * back for a request it fits without wasting more than the request, copies
 * are still bounded by the size asked for, cu2clMemGetInfo counts the
 * cache as free, and a reset gives it back. _i == 1 turns the cache off. */
START_TEST(test_device_memory_reuse) {
  if (_i == 1)
    setenv("CU2CL_MEM_CACHE", "0", 1);
  enum { MB = 1 << 20 };
  size_t free0, free1, total;
  char *a = NULL, *b = NULL, *c = NULL, *big = NULL;
  CK(cu2clMemGetInfo(&free0, &total));
  CK(cu2clMalloc((void **)&a, MB));
  CK(cu2clMemset(a, 0x11, MB));
  CK(cu2clFree(a));
  CK(cu2clMemGetInfo(&free1, &total));
  ck_assert_uint_eq(free1, free0);
  CK(cu2clMalloc((void **)&b, MB - 100));
  if (_i == 0)
    ck_assert_ptr_eq(b, a); /* the cached block */
  static char host[MB];
  memset(host, 0x22, sizeof host);
  /* the block has room for MB bytes, the allocation only for MB - 100 */
  ck_assert_int_eq(cu2clMemcpy(b, host, MB, cu2clMemcpyHostToDevice),
                   cu2clErrorInvalidValue);
  cu2clGetLastError();
  CK(cu2clMemcpy(b, host, MB - 100, cu2clMemcpyHostToDevice));
  CK(cu2clMalloc((void **)&c, MB)); /* the cache is empty again */
  ck_assert_ptr_ne(c, b);
  CK(cu2clMemset(c, 0x33, MB));
  memset(host, 0, sizeof host);
  CK(cu2clMemcpy(host, b, MB - 100, cu2clMemcpyDeviceToHost));
  for (size_t i = 0; i < MB - 100; i += 4093)
    ck_assert_int_eq(host[i], 0x22);
  CK(cu2clFree(b));
  CK(cu2clFree(c));
  /* a block more than twice the request is not taken for it */
  CK(cu2clMalloc((void **)&big, 4 * MB));
  CK(cu2clFree(big));
  CK(cu2clMalloc((void **)&a, MB));
  ck_assert_ptr_ne(a, big);
  CK(cu2clFree(a));
  CK(cu2clMemGetInfo(&free1, &total));
  ck_assert_uint_eq(free1, free0);
  CK(cu2clDeviceReset()); /* gives the cache back; the device reopens */
  CK(cu2clMalloc((void **)&a, MB));
  CK(cu2clMemset(a, 0, MB));
  CK(cu2clFree(a));
}
END_TEST

START_TEST(test_pinned_async_copies) {
  enum { N = 1 << 16 };
  int *pinned = NULL, *d = NULL;
  cu2clStream_t s;
  CK(cu2clMallocHost((void **)&pinned, N * sizeof(int)));
  CK(cu2clMalloc((void **)&d, N * sizeof(int)));
  CK(cu2clStreamCreate(&s));
  for (int i = 0; i < N; i++)
    pinned[i] = i ^ 0x5a5a;
  CK(cu2clMemcpyAsync(d, pinned, N * sizeof(int), cu2clMemcpyHostToDevice, s));
  CK(cu2clMemsetAsync(d, 0, 16 * sizeof(int), s));
  CK(cu2clMemcpyAsync(pinned, d, N * sizeof(int), cu2clMemcpyDeviceToHost, s));
  CK(cu2clStreamSynchronize(s));
  CK(cu2clStreamQuery(s));
  for (int i = 0; i < N; i++)
    ck_assert_int_eq(pinned[i], i < 16 ? 0 : (i ^ 0x5a5a));
  unsigned int flags = 99;
  CK(cu2clStreamGetFlags(s, &flags));
  ck_assert_uint_eq(flags, cu2clStreamDefault);
  CK(cu2clStreamGetFlags(NULL, &flags));
  ck_assert_uint_eq(flags, cu2clStreamDefault);
  cu2clStream_t nb;
  CK(cu2clStreamCreateWithFlags(&nb, cu2clStreamNonBlocking));
  CK(cu2clStreamGetFlags(nb, &flags));
  ck_assert_uint_eq(flags, cu2clStreamNonBlocking);
  ck_assert_int_eq(cu2clStreamGetFlags(nb, NULL), cu2clErrorInvalidValue);
  cu2clGetLastError();
  CK(cu2clStreamDestroy(nb));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
  CK(cu2clFreeHost(pinned));
}
END_TEST

/* The default stream waits for a blocking stream's earlier work, and a
 * blocking stream for the default stream's: a chain across the two must
 * come out in order. Pageable copies are synchronous, so pinned memory
 * keeps every step asynchronous. */
START_TEST(test_legacy_default_stream_order) {
  enum { N = 1 << 18 };
  int *pinned = NULL, *a = NULL, *b = NULL;
  cu2clStream_t s, nb;
  CK(cu2clMallocHost((void **)&pinned, N * sizeof(int)));
  CK(cu2clMalloc((void **)&a, N * sizeof(int)));
  CK(cu2clMalloc((void **)&b, N * sizeof(int)));
  CK(cu2clStreamCreate(&s));
  CK(cu2clStreamCreateWithFlags(&nb, cu2clStreamNonBlocking));
  for (int round = 0; round < 4; round++) {
    for (int i = 0; i < N; i++)
      pinned[i] = round * 7 + i;
    CK(cu2clMemcpyAsync(a, pinned, N * sizeof(int), cu2clMemcpyHostToDevice,
                        s));
    CK(cu2clMemcpyAsync(b, a, N * sizeof(int), cu2clMemcpyDeviceToDevice, 0));
    CK(cu2clMemsetAsync(a, 0, N * sizeof(int), s));
    CK(cu2clMemcpyAsync(pinned, b, N * sizeof(int), cu2clMemcpyDeviceToHost,
                        cu2clStreamLegacy));
    CK(cu2clDeviceSynchronize());
    for (int i = 0; i < N; i += 997)
      ck_assert_int_eq(pinned[i], round * 7 + i);
  }
  CK(cu2clStreamSynchronize(nb));
  CK(cu2clStreamDestroy(nb));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFreeHost(pinned));
  CK(cu2clFree(a));
  CK(cu2clFree(b));
}
END_TEST

START_TEST(test_events) {
  cu2clEvent_t start, stop, untimed;
  cu2clStream_t s;
  int *d = NULL;
  float ms = -1;
  CK(cu2clEventCreate(&start));
  CK(cu2clEventCreateWithFlags(&stop, cu2clEventBlockingSync));
  CK(cu2clEventCreateWithFlags(&untimed, cu2clEventDisableTiming));
  CK(cu2clEventQuery(start)); /* never recorded: complete */
  CK(cu2clStreamCreate(&s));
  CK(cu2clMalloc((void **)&d, 1 << 22));
  CK(cu2clEventRecord(start, s));
  CK(cu2clMemsetAsync(d, 1, 1 << 22, s));
  CK(cu2clEventRecord(stop, s));
  CK(cu2clEventRecord(untimed, s));
  CK(cu2clStreamWaitEvent(0, stop, 0));
  CK(cu2clEventSynchronize(stop));
  CK(cu2clEventQuery(stop));
  CK(cu2clEventElapsedTime(&ms, start, stop));
  ck_assert(ms >= 0.0f && ms < 60000.0f);
  CK(cu2clEventSynchronize(untimed));
  ck_assert_int_eq(cu2clEventElapsedTime(&ms, start, untimed),
                   cu2clErrorInvalidResourceHandle);
  CK(cu2clEventDestroy(start));
  CK(cu2clEventDestroy(stop));
  CK(cu2clEventDestroy(untimed));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
  cu2clGetLastError();
}
END_TEST

START_TEST(test_managed_and_mapped_host) {
  setenv("CU2CL_MANAGED", _i ? "coarse" : "auto", 1);
  enum { N = 1000 };
  float *m = NULL, *d = NULL, back[N];
  CK(cu2clMallocManaged((void **)&m, N * sizeof(float), cu2clMemAttachGlobal));
  for (int i = 0; i < N; i++)
    m[i] = (float)i;
  CK(cu2clMalloc((void **)&d, N * sizeof(float)));
  CK(cu2clMemcpy(d, m, N * sizeof(float), cu2clMemcpyDefault));
  CK(cu2clMemcpy(back, d, N * sizeof(float), cu2clMemcpyDeviceToHost));
  ck_assert_mem_eq(back, m, sizeof back);
  CK(cu2clMemset(m, 0, N * sizeof(float)));
  CK(cu2clDeviceSynchronize()); /* managed memory back on the host */
  for (int i = 0; i < N; i++)
    ck_assert_float_eq(m[i], 0.0f);
  CK(cu2clFree(m));
  void *h = NULL, *hd = NULL;
  CK(cu2clHostAlloc(&h, 4096, cu2clHostAllocMapped));
  CK(cu2clHostGetDevicePointer(&hd, h, 0));
  ck_assert_ptr_eq(h, hd);
  CK(cu2clFreeHost(h));
  /* with fine-grained SVM (PoCL) every page-locked allocation is mapped,
   * as under CUDA's unified addressing; with coarse SVM it is a pinned
   * buffer the device cannot reach */
  CK(cu2clMallocHost(&h, 4096));
  hd = NULL;
  ck_assert_int_eq(cu2clHostGetDevicePointer(&hd, h, 0),
                   _i ? cu2clErrorInvalidValue : cu2clSuccess);
  ck_assert_ptr_eq(hd, _i ? NULL : h);
  if (!_i) {
    CK(cu2clMemset(hd, 7, 4096)); /* the device writes it */
    CK(cu2clDeviceSynchronize());
    ck_assert_int_eq(((unsigned char *)h)[4095], 7);
  }
  CK(cu2clFreeHost(h));
  cu2clGetLastError();
  CK(cu2clFree(d));
}
END_TEST

START_TEST(test_host_register) {
  static char buf[8192];
  CK(cu2clHostRegister(buf, sizeof buf, cu2clHostRegisterDefault));
  ck_assert_int_eq(cu2clHostRegister(buf + 10, 10, 0),
                   cu2clErrorHostMemoryAlreadyRegistered);
  CK(cu2clHostUnregister(buf));
  ck_assert_int_eq(cu2clHostUnregister(buf), cu2clErrorHostMemoryNotRegistered);
  /* mapped: registered, but the device cannot reach the range */
  void *dp = NULL;
  CK(cu2clHostRegister(buf, sizeof buf, cu2clHostRegisterMapped));
  ck_assert_int_eq(cu2clHostGetDevicePointer(&dp, buf, 0),
                   cu2clErrorNotSupported);
  CK(cu2clHostUnregister(buf));
  cu2clGetLastError();
}
END_TEST

START_TEST(test_device_reset) {
  void *p = NULL;
  CK(cu2clMalloc(&p, 1024));
  cu2clStream_t s;
  CK(cu2clStreamCreate(&s));
  CK(cu2clDeviceReset());
  /* The allocation died with the reset; the device works again. */
  ck_assert_int_eq(cu2clFree(p), cu2clErrorInvalidValue);
  CK(cu2clMalloc(&p, 1024));
  CK(cu2clMemset(p, 0, 1024));
  CK(cu2clDeviceSynchronize());
  CK(cu2clFree(p));
  cu2clGetLastError();
}
END_TEST

/* ---- errors ---------------------------------------------------------------
 */

START_TEST(test_last_error_semantics) {
  ck_assert_int_eq(cu2clGetLastError(), cu2clSuccess);
  ck_assert_int_eq(cu2clMalloc(NULL, 16), cu2clErrorInvalidValue);
  void *p = NULL;
  CK(cu2clMalloc(&p, 16)); /* success does not clear it */
  ck_assert_int_eq(cu2clPeekAtLastError(), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clPeekAtLastError(), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGetLastError(), cu2clSuccess);
  ck_assert_int_eq(cu2clSetDevice(99), cu2clErrorInvalidDevice);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorInvalidDevice);
  CK(cu2clFree(p));
}
END_TEST

START_TEST(test_error_names) {
  ck_assert_str_eq(cu2clGetErrorName(cu2clSuccess), "cudaSuccess");
  ck_assert_str_eq(cu2clGetErrorName(cu2clErrorInvalidValue),
                   "cudaErrorInvalidValue");
  ck_assert_str_eq(cu2clGetErrorName(cu2clErrorInvalidKernelImage),
                   "cudaErrorInvalidKernelImage");
  ck_assert_str_eq(cu2clGetErrorName(cu2clErrorNotReady), "cudaErrorNotReady");
  ck_assert_str_eq(cu2clGetErrorString(cu2clErrorMemoryAllocation),
                   "out of memory");
  ck_assert_str_eq(cu2clGetErrorName((cu2clError_t)12345),
                   "cudaErrorUnrecognized");
  ck_assert_int_eq(cu2clErrorLaunchFailure, 719);
  ck_assert_int_eq(cu2clErrorNoDevice, 100);
  ck_assert_int_eq(cu2clErrorInvalidMemcpyDirection, 21);
  ck_assert_int_eq(cu2clDevAttrComputeCapabilityMajor, 75);
}
END_TEST

START_TEST(test_bad_selection) {
  setenv("CU2CL_DEVICE", _i ? "99" : "no-such-device-anywhere", 1);
  int count = -1;
  ck_assert_int_eq(cu2clGetDeviceCount(&count), cu2clErrorNoDevice);
  ck_assert_int_eq(count, 0);
  void *p;
  ck_assert_int_eq(cu2clMalloc(&p, 16), cu2clErrorNoDevice);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorNoDevice);
}
END_TEST

START_TEST(test_memory_errors) {
  int host[16] = {0}, *d = NULL;
  CK(cu2clMalloc((void **)&d, sizeof host));
  ck_assert_int_eq(cu2clFree(host), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clFree(d + 1), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clFreeHost(d), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clMemcpy(d, host, sizeof host, (cu2clMemcpyKind)7),
                   cu2clErrorInvalidMemcpyDirection);
  ck_assert_int_eq(cu2clMemcpy(NULL, host, 4, cu2clMemcpyHostToDevice),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clMemcpy(host, host + 8, 4, cu2clMemcpyHostToDevice),
                   cu2clErrorInvalidValue); /* "device" side is host memory */
  ck_assert_int_eq(cu2clMemcpy(host, d + 8, 4, cu2clMemcpyHostToHost + 0),
                   cu2clSuccess); /* SVM copies work whatever the kind says */
  ck_assert_int_eq(
      cu2clMemcpy(d + 8, host, sizeof host, cu2clMemcpyHostToDevice),
      cu2clErrorInvalidValue); /* overruns the allocation */
  ck_assert_int_eq(cu2clMemset(host, 0, 4), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clMemcpy2D(d, 4, host, 8, 6, 2, cu2clMemcpyHostToDevice),
                   cu2clErrorInvalidPitchValue);
  void *dp;
  ck_assert_int_eq(cu2clHostGetDevicePointer(&dp, host, 0),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clMallocManaged(&dp, 16, 0x40), cu2clErrorInvalidValue);
  CK(cu2clFree(d));
}
END_TEST

START_TEST(test_handle_errors) {
  cu2clStream_t s;
  cu2clEvent_t a, b;
  float ms;
  ck_assert_int_eq(cu2clStreamCreateWithFlags(&s, 0x8), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clStreamCreate(NULL), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clStreamDestroy(NULL), cu2clErrorInvalidResourceHandle);
  CK(cu2clEventCreate(&a));
  CK(cu2clEventCreate(&b));
  ck_assert_int_eq(cu2clEventElapsedTime(&ms, a, b),
                   cu2clErrorInvalidResourceHandle); /* never recorded */
  ck_assert_int_eq(cu2clEventRecord(NULL, 0), cu2clErrorInvalidResourceHandle);
  CK(cu2clEventDestroy(a));
  CK(cu2clEventDestroy(b));
  int v;
  ck_assert_int_eq(cu2clDeviceGetAttribute(&v, (cu2clDeviceAttr)9999, 0),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clGetDeviceProperties(NULL, 0), cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clSetDevice(-1), cu2clErrorInvalidDevice);
  ck_assert_int_eq(cu2clDeviceSetCacheConfig((cu2clFuncCache)9),
                   cu2clErrorInvalidValue);
}
END_TEST

/* A host function runs after the stream's earlier work (it sees what an
 * earlier copy brought back) and before its later work (a later copy
 * takes what it wrote); a stream callback gets its stream and success. */
typedef struct host_call_state {
  int *back; /* written by the copy before the call */
  int *out;  /* read by the copy after it */
  int seen;  /* back[0] when the call ran */
  int calls;
  cu2clStream_t stream_seen;
  cu2clError_t status_seen;
} host_call_state;

static void host_fn(void *p) {
  host_call_state *st = p;
  st->seen = st->back[0];
  st->out[0] = 42;
  st->calls++;
}

static void CU2CLRT_CB stream_callback(cu2clStream_t s, cu2clError_t status,
                                       void *p) {
  host_call_state *st = p;
  st->stream_seen = s;
  st->status_seen = status;
  st->calls++;
}

START_TEST(test_host_functions_in_stream_order) {
  cu2clStream_t s;
  CK(cu2clStreamCreate(&s));
  int *d, back[4] = {0}, out[4] = {0}, again[4] = {0};
  CK(cu2clMalloc((void **)&d, sizeof back));
  host_call_state st = {back, out, -1, 0, NULL, cu2clErrorUnknown};
  CK(cu2clMemsetAsync(d, 7, sizeof back, s));
  CK(cu2clMemcpyAsync(back, d, sizeof back, cu2clMemcpyDeviceToHost, s));
  CK(cu2clLaunchHostFunc(s, host_fn, &st));
  CK(cu2clMemcpyAsync(d, out, sizeof out, cu2clMemcpyHostToDevice, s));
  CK(cu2clMemcpyAsync(again, d, sizeof again, cu2clMemcpyDeviceToHost, s));
  CK(cu2clStreamAddCallback(s, stream_callback, &st, 0));
  CK(cu2clStreamSynchronize(s));
  ck_assert_int_eq(st.seen, 0x07070707);
  ck_assert_int_eq(again[0], 42);
  ck_assert_int_eq(st.calls, 2);
  ck_assert_ptr_eq(st.stream_seen, s);
  ck_assert_int_eq(st.status_seen, cu2clSuccess);
  ck_assert_int_eq(cu2clStreamAddCallback(s, stream_callback, &st, 1),
                   cu2clErrorInvalidValue);
  int least = 1, greatest = 1, prio = 1;
  cu2clStream_t p;
  CK(cu2clDeviceGetStreamPriorityRange(&least, &greatest));
  ck_assert_int_eq(least, 0);
  ck_assert_int_eq(greatest, 0);
  CK(cu2clStreamCreateWithPriority(&p, cu2clStreamNonBlocking, -5));
  CK(cu2clStreamGetPriority(p, &prio));
  ck_assert_int_eq(prio, 0);
  CK(cu2clStreamDestroy(p));
  CK(cu2clFree(d));
  CK(cu2clStreamDestroy(s));
}
END_TEST

/* Stream-ordered allocation works with the stream's copies, and the
 * device's pool keeps its attributes and reports allocated bytes. */
/* A host function runs on a thread of the runtime, never inside the call
 * that enqueues it, so it may wait for what its caller does next (PoCL
 * runs a completed marker's callback in the registering thread: this
 * function never returned). Twenty times on an idle stream, where that
 * happened. */
typedef struct waiter {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  int go, ran;
  pthread_t caller, runner;
} waiter;

static void CU2CLRT_CB wait_for_caller(void *p) {
  waiter *w = p;
  pthread_mutex_lock(&w->lock);
  w->runner = pthread_self();
  while (!w->go)
    pthread_cond_wait(&w->cond, &w->lock);
  w->ran++;
  pthread_mutex_unlock(&w->lock);
}

START_TEST(test_host_function_on_its_own_thread) {
  cu2clStream_t s;
  CK(cu2clStreamCreate(&s));
  for (int i = 0; i < 20; i++) {
    waiter w = {PTHREAD_MUTEX_INITIALIZER,
                PTHREAD_COND_INITIALIZER,
                0,
                0,
                pthread_self(),
                pthread_self()};
    CK(cu2clStreamSynchronize(s)); /* idle */
    CK(cu2clLaunchHostFunc(s, wait_for_caller, &w));
    pthread_mutex_lock(&w.lock);
    w.go = 1;
    pthread_cond_signal(&w.cond);
    pthread_mutex_unlock(&w.lock);
    CK(cu2clStreamSynchronize(s));
    ck_assert_int_eq(w.ran, 1);
    ck_assert(!pthread_equal(w.runner, w.caller));
  }
  CK(cu2clStreamDestroy(s));
}
END_TEST

START_TEST(test_stream_ordered_allocation) {
  cu2clStream_t s;
  CK(cu2clStreamCreate(&s));
  int *d, h[8] = {1, 2, 3, 4, 5, 6, 7, 8}, back[8] = {0};
  CK(cu2clMallocAsync((void **)&d, sizeof h, s));
  CK(cu2clMemcpyAsync(d, h, sizeof h, cu2clMemcpyHostToDevice, s));
  CK(cu2clMemcpyAsync(back, d, sizeof h, cu2clMemcpyDeviceToHost, s));
  CK(cu2clFreeAsync(d, s));
  CK(cu2clStreamSynchronize(s));
  ck_assert_int_eq(back[7], 8);
  cu2clMemPool_t pool, same;
  CK(cu2clDeviceGetDefaultMemPool(&pool, 0));
  CK(cu2clDeviceGetMemPool(&same, 0));
  ck_assert_ptr_eq(pool, same);
  unsigned long long threshold = 1ull << 30, got = 0, used = 0;
  CK(cu2clMemPoolSetAttribute(pool, cu2clMemPoolAttrReleaseThreshold,
                              &threshold));
  CK(cu2clMemPoolGetAttribute(pool, cu2clMemPoolAttrReleaseThreshold, &got));
  ck_assert_uint_eq(got, threshold);
  CK(cu2clMallocFromPoolAsync((void **)&d, 4096, pool, s));
  CK(cu2clMemPoolGetAttribute(pool, cu2clMemPoolAttrUsedMemCurrent, &used));
  ck_assert_uint_ge(used, 4096);
  CK(cu2clFreeAsync(d, s));
  CK(cu2clMemPoolTrimTo(pool, 0));
  ck_assert_int_eq(cu2clDeviceGetDefaultMemPool(&pool, 99),
                   cu2clErrorInvalidDevice);
  int pools = 0;
  CK(cu2clDeviceGetAttribute(&pools, cu2clDevAttrMemoryPoolsSupported, 0));
  ck_assert_int_eq(pools, 1);
  /* device limits: kept and reported back */
  size_t limit = 0;
  CK(cu2clDeviceGetLimit(&limit, cu2clLimitPrintfFifoSize));
  ck_assert_uint_eq(limit, 1u << 20);
  CK(cu2clDeviceSetLimit(cu2clLimitStackSize, 4096));
  CK(cu2clDeviceGetLimit(&limit, cu2clLimitStackSize));
  ck_assert_uint_eq(limit, 4096);
  ck_assert_int_eq(cu2clDeviceSetLimit((cu2clLimit)42, 1),
                   cu2clErrorUnsupportedLimit);
  CK(cu2clStreamDestroy(s));
}
END_TEST

static Suite *rt_api_suite(void) {
  Suite *s = suite_create("rt_api");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 60);
  tcase_add_test(core, test_vector_types_layout);
  tcase_add_test(core, test_device_default);
  tcase_add_test(core, test_device_select_index);
  tcase_add_loop_test(core, test_device_select_substring, 0, 3);
  tcase_add_test(core, test_versions_and_config);
  tcase_add_test(core, test_memcpy_directions);
  tcase_add_test(core, test_memset_and_2d);
  tcase_add_test(core, test_mem_info_and_zero_size);
  tcase_add_loop_test(core, test_device_memory_reuse, 0, 2);
  tcase_add_test(core, test_pinned_async_copies);
  tcase_add_test(core, test_legacy_default_stream_order);
  tcase_add_test(core, test_events);
  tcase_add_test(core, test_host_functions_in_stream_order);
  tcase_add_test(core, test_host_function_on_its_own_thread);
  tcase_add_test(core, test_stream_ordered_allocation);
  tcase_add_loop_test(core, test_managed_and_mapped_host, 0, 2);
  tcase_add_test(core, test_host_register);
  tcase_add_test(core, test_device_reset);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 60);
  tcase_add_test(errors, test_last_error_semantics);
  tcase_add_test(errors, test_error_names);
  tcase_add_loop_test(errors, test_bad_selection, 0, 2);
  tcase_add_test(errors, test_memory_errors);
  tcase_add_test(errors, test_handle_errors);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_api_suite());
  srunner_set_fork_status(sr, CK_FORK); /* device selection is per process */
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
