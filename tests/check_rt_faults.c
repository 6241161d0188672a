/*
 * check_rt_faults: cu2clrt under faults, on the local OpenCL device (PoCL
 * in CI): allocations the device cannot satisfy, the memory-checking mode
 * (CU2CL_CHECK=1: pointer arguments that are no live device memory, writes
 * past the end of a block, copies from freed memory), and host threads
 * launching at once, each on its own stream.
 *
 * Each test runs in its own process (CK_FORK is forced): the mode is read
 * once per process, so each test sets CU2CL_CHECK before its first call.
 */
#include <check.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cu2clrt.h"

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

static const char kernels_cl[] =
    "__kernel void fill(__global int *out, int base, int n) {\n"
    "  int i = get_global_id(0);\n"
    "  if (i < n) out[i] = base + i;\n"
    "}\n"
    "__kernel void fill_one_more(__global int *out, int n) {\n"
    "  int i = get_global_id(0);\n"
    "  if (i <= n) out[i] = i;\n"
    "}\n"
    "__kernel void copy_at(__global int *out, __global const int *in,\n"
    "                      long at) {\n"
    "  out[get_global_id(0)] = in[at + get_global_id(0)];\n"
    "}\n";

static cu2clProgram program = {"check_rt_faults.cl", kernels_cl, NULL, NULL};
static cu2clKernelRef k_fill = {&program, "fill", NULL, NULL};
static cu2clKernelRef k_fill_one_more = {&program, "fill_one_more", NULL, NULL};
static cu2clKernelRef k_copy_at = {&program, "copy_at", NULL, NULL};

static dim3 dims(unsigned x) {
  dim3 d = {x, 1, 1};
  return d;
}

/* Launches fill over n ints at p (on stream s). */
static cu2clError_t launch_fill(int *p, int base, int n, cu2clStream_t s) {
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof p, &p},
                     {CU2CL_ARG_VALUE, sizeof base, &base},
                     {CU2CL_ARG_VALUE, sizeof n, &n}};
  return cu2clLaunchKernel(&k_fill, dims(n > 0 ? (unsigned)(n + 63) / 64 : 1),
                           dims(64), 0, s, args, 3);
}

/* Launches copy_at: out[i] = in[at + i] for n ints, blocks of 64. */
static cu2clError_t launch_copy_at(int *out, const int *in, long at, int n) {
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof out, &out},
                     {CU2CL_ARG_DEVPTR, sizeof in, &in},
                     {CU2CL_ARG_VALUE, sizeof at, &at}};
  return cu2clLaunchKernel(&k_copy_at, dims((unsigned)(n + 63) / 64), dims(64),
                           0, NULL, args, 3);
}

/* ---- stderr, read back ---- */

static char err_path[64];
static int saved_stderr = -1;

static void capture_stderr(void) {
  snprintf(err_path, sizeof err_path, "/tmp/cu2clrt-faults-XXXXXX");
  int fd = mkstemp(err_path);
  ck_assert_int_ge(fd, 0);
  fflush(stderr);
  saved_stderr = dup(2);
  dup2(fd, 2);
  close(fd);
}

/* What went to stderr since capture_stderr (static buffer). */
static const char *captured(void) {
  static char text[8192];
  fflush(stderr);
  dup2(saved_stderr, 2);
  close(saved_stderr);
  FILE *f = fopen(err_path, "r");
  ck_assert_ptr_nonnull(f);
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose(f);
  unlink(err_path);
  return text;
}

#define ck_assert_has(text, part)                                              \
  ck_assert_msg(strstr((text), (part)) != NULL, "missing \"%s\" in:\n%s",      \
                (part), (text))

static void check_mode(int on) {
  if (on)
    setenv("CU2CL_CHECK", "1", 1);
  else
    unsetenv("CU2CL_CHECK");
}

/* ---- allocations the device cannot satisfy ---- */

/* cudaErrorMemoryAllocation, from the call and as the last error, and the
 * device still works. */
START_TEST(test_alloc_too_large) {
  check_mode(0);
  int *p = NULL, *q = NULL;
  ck_assert_int_eq(cu2clMalloc((void **)&p, (size_t)1 << 52),
                   cu2clErrorMemoryAllocation);
  ck_assert_ptr_null(p);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorMemoryAllocation);
  ck_assert_int_eq(cu2clGetLastError(), cu2clSuccess);
  CK(cu2clMalloc((void **)&q, 64 * sizeof(int)));
  CK(launch_fill(q, 5, 64, NULL));
  int host[64];
  CK(cu2clMemcpy(host, q, sizeof host, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(host[63], 68);
  CK(cu2clFree(q));
}
END_TEST

/* A program that ignores the failed allocation and launches with its
 * result gets cudaErrorIllegalAddress and a message naming the kernel and
 * the argument, instead of a crash inside the kernel. */
START_TEST(test_check_failed_alloc_launch) {
  check_mode(1);
  int *p = NULL;
  capture_stderr();
  cu2clError_t alloc = cu2clMalloc((void **)&p, (size_t)1 << 52);
  cu2clError_t launch = launch_fill(p, 0, 64, NULL);
  int host[4];
  cu2clError_t copy = cu2clMemcpy(host, p, sizeof host, cu2clMemcpyDefault);
  const char *text = captured();
  ck_assert_int_eq(alloc, cu2clErrorMemoryAllocation);
  ck_assert_ptr_nonnull(p);
  ck_assert_int_eq(launch, cu2clErrorIllegalAddress);
  ck_assert_int_eq(copy, cu2clErrorIllegalAddress);
  ck_assert_has(text, "out of device memory: an allocation of "
                      "4503599627370496 bytes");
  ck_assert_has(text, "kernel fill, argument 0: the pointer");
  ck_assert_has(text, "is the result of a failed allocation of "
                      "4503599627370496 bytes");
  CK(cu2clFree(p)); /* the program's cleanup works too */
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorIllegalAddress);
}
END_TEST

START_TEST(test_check_freed_pointer) {
  check_mode(1);
  int *p = NULL, host[64];
  CK(cu2clMalloc((void **)&p, 64 * sizeof(int)));
  CK(launch_fill(p, 1, 64, NULL));
  CK(cu2clFree(p));
  capture_stderr();
  cu2clError_t launch = launch_fill(p + 8, 1, 8, NULL);
  cu2clError_t copy =
      cu2clMemcpy(host, p, sizeof host, cu2clMemcpyDeviceToHost);
  cu2clError_t copy_default =
      cu2clMemcpy(host, p, sizeof host, cu2clMemcpyDefault);
  const char *text = captured();
  ck_assert_int_eq(launch, cu2clErrorIllegalAddress);
  ck_assert_int_ne(copy, cu2clSuccess);
  ck_assert_int_eq(copy_default, cu2clErrorIllegalAddress);
  ck_assert_has(text, "kernel fill, argument 0: the pointer");
  ck_assert_has(text, "points into a block of 256 bytes that was freed (at "
                      "byte 32)");
}
END_TEST

/* Pointers the allocator never returned: host memory of the program's
 * own, pinned host memory the device cannot reach (with fine-grained SVM
 * page-locked memory is mapped, as under unified addressing, and a kernel
 * may use it), and an address made up. */
START_TEST(test_check_foreign_pointers) {
  check_mode(1);
  static int host[64];
  int *pinned = NULL;
  void *mapped = NULL;
  CK(cu2clMallocHost((void **)&pinned, sizeof host));
  int reachable = cu2clHostGetDevicePointer(&mapped, pinned, 0) == cu2clSuccess;
  cu2clGetLastError();
  capture_stderr();
  cu2clError_t a = launch_fill(host, 0, 64, NULL);
  cu2clError_t b = launch_fill(pinned, 0, 64, NULL);
  cu2clError_t c = launch_fill((int *)(uintptr_t)0x1000, 0, 64, NULL);
  const char *text = captured();
  ck_assert_int_eq(a, cu2clErrorIllegalAddress);
  ck_assert_int_eq(b, reachable ? cu2clSuccess : cu2clErrorIllegalAddress);
  ck_assert_int_eq(c, cu2clErrorIllegalAddress);
  ck_assert_has(text, "was never returned by the allocator");
  if (!reachable)
    ck_assert_has(text, "is host memory (cu2clMallocHost) the device cannot "
                        "reach");
  CK(cu2clDeviceSynchronize());
  CK(cu2clFreeHost(pinned));
}
END_TEST

/* A kernel writing one int past the end of its buffer: found in the guard
 * zone after the kernel; the buffer itself holds what it wrote. */
START_TEST(test_check_write_past_end) {
  check_mode(1);
  int *p = NULL, n = 100, host[100];
  CK(cu2clMalloc((void **)&p, n * sizeof(int)));
  cu2clArg args[] = {{CU2CL_ARG_DEVPTR, sizeof p, &p},
                     {CU2CL_ARG_VALUE, sizeof n, &n}};
  capture_stderr();
  cu2clError_t launch =
      cu2clLaunchKernel(&k_fill_one_more, dims(2), dims(64), 0, NULL, args, 2);
  const char *text = captured();
  ck_assert_int_eq(launch, cu2clErrorIllegalAddress);
  ck_assert_has(text, "kernel fill_one_more wrote past the end of argument 0 "
                      "(a block of 400 bytes");
  ck_assert_has(text, "4 of the 256 bytes after it changed, the first at "
                      "byte 0 past the end");
  CK(cu2clMemcpy(host, p, sizeof host, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(host[99], 99);
  n = 99; /* in bounds now: the zone was restored */
  CK(cu2clLaunchKernel(&k_fill_one_more, dims(2), dims(64), 0, NULL, args, 2));
  CK(cu2clFree(p));
}
END_TEST

/* Correct programs run as without the mode: pointers inside a block, one
 * past its end (an end marker), NULL, managed memory. */
START_TEST(test_check_good_launches) {
  check_mode(1);
  int *p = NULL, *m = NULL, host[64];
  CK(cu2clMalloc((void **)&p, 64 * sizeof(int)));
  CK(cu2clMallocManaged((void **)&m, 64 * sizeof(int), cu2clMemAttachGlobal));
  CK(launch_fill(p, 3, 64, NULL));
  CK(launch_fill(p + 32, 100, 32, NULL));
  CK(launch_fill(p + 64, 0, 0, NULL));
  CK(launch_fill(NULL, 0, 0, NULL));
  CK(launch_fill(m, 7, 64, NULL));
  CK(cu2clDeviceSynchronize());
  CK(cu2clMemcpy(host, p, sizeof host, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(host[31], 34);
  ck_assert_int_eq(host[40], 108);
  ck_assert_int_eq(m[63], 70);
  CK(cu2clFree(p));
  CK(cu2clFree(m));
  ck_assert_int_eq(cu2clGetLastError(), cu2clSuccess);
}
END_TEST

/* ---- faults inside kernels (rt_fault.h) ---- */

/* Nonzero when the current device runs kernels in this process (a CPU
 * device, PoCL, which reports itself integrated; the tests run on PoCL or
 * NVIDIA): only there is a kernel's fault a signal the mode catches. */
static int kernels_in_process(void) {
  int cpu = 0;
  CK(cu2clDeviceGetAttribute(&cpu, cu2clDevAttrIntegrated, 0));
  return cpu;
}

/* A kernel that writes through a NULL argument: on CUDA
 * cudaErrorIllegalAddress, sticky; here the same, with the kernel and the
 * argument named, instead of a SIGSEGV that ends the process. The
 * program's later calls fail the same way, and it ends normally. */
START_TEST(test_check_kernel_faults_on_null) {
  check_mode(1);
  if (!kernels_in_process())
    return;
  int *p = NULL, *q = NULL;
  CK(cu2clMalloc((void **)&q, 256 * sizeof(int)));
  CK(launch_fill(q, 1, 256, NULL)); /* a good launch first */
  capture_stderr();
  cu2clError_t launch = launch_fill(p, 0, 4096, NULL);
  int host[4];
  cu2clError_t copy = cu2clMemcpy(host, q, sizeof host, cu2clMemcpyDefault);
  cu2clError_t sync = cu2clDeviceSynchronize();
  cu2clError_t again = launch_fill(q, 1, 256, NULL);
  cu2clError_t freed = cu2clFree(q);
  const char *text = captured();
  ck_assert_int_eq(launch, cu2clErrorIllegalAddress);
  ck_assert_int_eq(copy, cu2clErrorIllegalAddress);
  ck_assert_int_eq(sync, cu2clErrorIllegalAddress);
  ck_assert_int_eq(again, cu2clErrorIllegalAddress);
  ck_assert_int_eq(freed, cu2clErrorIllegalAddress);
  ck_assert_int_eq(cu2clGetLastError(), cu2clErrorIllegalAddress);
  ck_assert_has(text, "CU2CL_CHECK: kernel fill faulted (SIGSEGV) at address");
  ck_assert_has(text, "argument 0 is NULL");
  ck_assert_has(text, "cudaErrorIllegalAddress");
}
END_TEST

/* A read far outside every block: the kernel is named, the launch fails. */
START_TEST(test_check_kernel_faults_far_away) {
  check_mode(1);
  if (!kernels_in_process())
    return;
  int *in = NULL, *out = NULL;
  CK(cu2clMalloc((void **)&in, 64 * sizeof(int)));
  CK(cu2clMalloc((void **)&out, 64 * sizeof(int)));
  capture_stderr();
  /* 2^44 ints past the block: no user-space mapping is there */
  cu2clError_t launch = launch_copy_at(out, in, (long)1 << 44, 64);
  const char *text = captured();
  ck_assert_int_eq(launch, cu2clErrorIllegalAddress);
  ck_assert_has(text, "CU2CL_CHECK: kernel copy_at faulted");
}
END_TEST

/* Correct launches with a NULL argument the kernel never touches, and
 * reads up to a block's last element, are no faults. */
START_TEST(test_check_kernel_no_fault) {
  check_mode(1);
  int *in = NULL, *out = NULL, host[64];
  CK(cu2clMalloc((void **)&in, 128 * sizeof(int)));
  CK(cu2clMalloc((void **)&out, 64 * sizeof(int)));
  CK(launch_fill(in, 3, 128, NULL));
  CK(launch_copy_at(out, in, 64, 64));
  CK(launch_fill(NULL, 0, 0, NULL));
  CK(cu2clMemcpy(host, out, sizeof host, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(host[0], 67);
  ck_assert_int_eq(host[63], 130);
  CK(cu2clFree(in));
  CK(cu2clFree(out));
}
END_TEST

/* A fault in the program's own host code, right after a watched launch,
 * is not a kernel's: the handler that was there before gets it, and the
 * process ends with SIGSEGV as before (under AddressSanitizer, whose
 * handler reports it and exits with 1). A write to a page that allows no
 * access, as a null store would be caught by UBSan first. */
START_TEST(test_check_host_fault_not_caught) {
  check_mode(1);
  int *q = NULL;
  CK(cu2clMalloc((void **)&q, 64 * sizeof(int)));
  CK(launch_fill(q, 1, 64, NULL));
  volatile int *page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
                            -1, 0);
  ck_assert_ptr_ne((void *)page, MAP_FAILED);
  *page = 1;
}
END_TEST

/* ---- host threads ---- */

enum { THREADS = 8, ROUNDS = 40, N = 256 };

typedef struct worker {
  int id;
  cu2clError_t err; /* the first failure */
  int wrong;        /* elements that came back wrong */
} worker;

#define TRY(w, call)                                                           \
  do {                                                                         \
    cu2clError_t e_ = (call);                                                  \
    if (e_ != cu2clSuccess && (w)->err == cu2clSuccess)                        \
      (w)->err = e_;                                                           \
  } while (0)

/* Each thread: its own stream and buffers, launches and copies on it,
 * every result checked. */
static void *work(void *arg) {
  worker *w = arg;
  cu2clStream_t s = NULL;
  int *d = NULL, *host = NULL;
  TRY(w, cu2clStreamCreate(&s));
  TRY(w, cu2clMalloc((void **)&d, N * sizeof(int)));
  TRY(w, cu2clMallocHost((void **)&host, N * sizeof(int)));
  for (int r = 0; r < ROUNDS && w->err == cu2clSuccess; r++) {
    int base = w->id * 100000 + r * 1000;
    TRY(w, launch_fill(d, base, N, s));
    TRY(w,
        cu2clMemcpyAsync(host, d, N * sizeof(int), cu2clMemcpyDeviceToHost, s));
    TRY(w, cu2clStreamSynchronize(s));
    for (int i = 0; i < N && w->err == cu2clSuccess; i++)
      w->wrong += host[i] != base + i;
    if (r % 10 == 9) { /* allocations and frees beside other threads' work */
      TRY(w, cu2clFree(d));
      TRY(w, cu2clMalloc((void **)&d, N * sizeof(int)));
    }
  }
  TRY(w, cu2clGetLastError());
  TRY(w, cu2clFree(d));
  TRY(w, cu2clFreeHost(host));
  TRY(w, cu2clStreamDestroy(s));
  return NULL;
}

static void run_threads(void) {
  pthread_t t[THREADS];
  worker w[THREADS];
  for (int i = 0; i < THREADS; i++) {
    w[i] = (worker){i, cu2clSuccess, 0};
    ck_assert_int_eq(pthread_create(&t[i], NULL, work, &w[i]), 0);
  }
  for (int i = 0; i < THREADS; i++) {
    ck_assert_int_eq(pthread_join(t[i], NULL), 0);
    ck_assert_msg(w[i].err == cu2clSuccess, "thread %d: %s", i,
                  cu2clGetErrorName(w[i].err));
    ck_assert_int_eq(w[i].wrong, 0);
  }
}

/* The first calls of all (device selection, program build) are made by
 * eight threads at once, then launches, copies and allocations go on. */
START_TEST(test_threads_own_streams) {
  check_mode(0);
  run_threads();
  run_threads(); /* the program built: launches only */
}
END_TEST

START_TEST(test_threads_checked) {
  check_mode(1);
  run_threads();
}
END_TEST

static Suite *rt_faults_suite(void) {
  Suite *s = suite_create("rt_faults");
  TCase *alloc = tcase_create("Allocation");
  tcase_set_timeout(alloc, 120);
  tcase_add_test(alloc, test_alloc_too_large);
  suite_add_tcase(s, alloc);
  TCase *check = tcase_create("Check");
  tcase_set_timeout(check, 120);
  tcase_add_test(check, test_check_failed_alloc_launch);
  tcase_add_test(check, test_check_freed_pointer);
  tcase_add_test(check, test_check_foreign_pointers);
  tcase_add_test(check, test_check_write_past_end);
  tcase_add_test(check, test_check_good_launches);
  tcase_add_test(check, test_check_kernel_faults_on_null);
  tcase_add_test(check, test_check_kernel_faults_far_away);
  tcase_add_test(check, test_check_kernel_no_fault);
#ifdef __SANITIZE_ADDRESS__
  tcase_add_exit_test(check, test_check_host_fault_not_caught, 1);
#else
  tcase_add_test_raise_signal(check, test_check_host_fault_not_caught,
                              SIGSEGV);
#endif
  suite_add_tcase(s, check);
  TCase *threads = tcase_create("Threads");
  tcase_set_timeout(threads, 240);
  tcase_add_test(threads, test_threads_own_streams);
  tcase_add_test(threads, test_threads_checked);
  suite_add_tcase(s, threads);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_faults_suite());
  srunner_set_fork_status(sr, CK_FORK); /* the mode is read per process */
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
