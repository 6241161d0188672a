/*
 * check_rt_trace: cu2clrt's side of CU2CL_TRACE (rt_trace, cu2cl_trace.h)
 * on the local OpenCL device (PoCL in CI).
 *
 * The writer reads CU2CL_TRACE once per process and finishes the trace at
 * exit, so each scenario runs in a child process of its own: the child sets
 * the environment, makes its cu2clrt calls and exits; the test then reads
 * the trace with a small reader of its own, written from
 * docs/trace-format.md (the translator's reader is not linked into
 * check_rt_* tests), and checks every record: kind (ASYNC flag included),
 * size, payload, order, and that nothing else was recorded.
 *
 * Core: device-to-host copies (sync, async, cu2clMemcpyDefault, 2D, from a
 * symbol), managed memory at synchronizes in each CU2CL_TRACE_MANAGED mode,
 * cu2clrtTraceQuiet. Off: no CU2CL_TRACE, no file; copies recorded into a
 * stream capture and graph replays are not traced.
 *
 * Each test runs in its own process (CK_FORK is forced) and makes no
 * cu2clrt call itself: only its children open the device.
 */
#include <check.h>
#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cu2clrt.h"

/* ---- the format, as docs/trace-format.md specifies it ----------------------
 */

#define MAGIC                                                                  \
  "\x89"                                                                       \
  "CU2CLT\n"
enum {
  HEADER_SIZE = 24,
  PRODUCER_CU2CLRT = 2,
  TAG_PROG = 0x474F5250,
  TAG_COPY = 0x59504F43,
  TAG_END = 0x20444E45,
  COPY_FIXED = 40,
  KIND_MEMCPY = 1,
  KIND_DEFAULT = 2,
  KIND_2D = 3,
  KIND_SYMBOL = 4,
  KIND_MANAGED = 5,
  ASYNC = 0x100
};

static uint64_t rd(const unsigned char *p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

static uint64_t fnv1a(const unsigned char *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ULL;
  return h;
}

enum { MAX_COPIES = 32 };

typedef struct copy_rec {
  unsigned kind, line;
  size_t nbytes;
  const unsigned char *data; /* into the trace's bytes */
} copy_rec;

typedef struct trace {
  unsigned char *bytes;
  size_t size, ncopies;
  copy_rec copies[MAX_COPIES];
} trace;

/* Reads and checks the whole trace at path, written by process pid:
 * header, PROGRAM first, COPY records numbered 0, 1, ... without element
 * types (the runtime knows none) and either without a call site or with one
 * in this file (cu2clrt.h's call-site macros), END last with the right
 * counts and checksum, and no other record. */
static void trace_read(const char *path, pid_t pid, trace *t) {
  memset(t, 0, sizeof *t);
  FILE *f = fopen(path, "rb");
  ck_assert_msg(f != NULL, "no trace at %s", path);
  t->bytes = malloc(1 << 20);
  ck_assert_ptr_nonnull(t->bytes);
  t->size = fread(t->bytes, 1, 1 << 20, f);
  ck_assert(feof(f));
  fclose(f);
  const unsigned char *b = t->bytes;
  ck_assert_uint_ge(t->size, HEADER_SIZE);
  ck_assert_mem_eq(b, MAGIC, 8);
  ck_assert_uint_eq(rd(b + 8, 2), 1);
  ck_assert_uint_eq(rd(b + 10, 2), 0);
  ck_assert_uint_eq(rd(b + 12, 4), HEADER_SIZE);
  ck_assert_uint_eq(rd(b + 16, 4), PRODUCER_CU2CLRT);
  ck_assert_uint_eq(rd(b + 20, 4), 0);
  size_t off = HEADER_SIZE, records = 0;
  for (;;) {
    ck_assert_msg(off + 12 <= t->size, "no END record (offset %zu)", off);
    unsigned tag = (unsigned)rd(b + off, 4);
    uint64_t body_size = rd(b + off + 4, 8);
    const unsigned char *body = b + off + 12;
    ck_assert_uint_le(body_size, t->size - off - 12);
    if (records == 0) {
      ck_assert_uint_eq(tag, TAG_PROG);
      ck_assert_uint_ge(body_size, 8);
      ck_assert_uint_eq(rd(body, 4), (uint64_t)pid);
      ck_assert_uint_eq(8 + rd(body + 4, 4), body_size);
    } else if (tag == TAG_COPY) {
      ck_assert_uint_lt(t->ncopies, MAX_COPIES);
      ck_assert_uint_ge(body_size, COPY_FIXED);
      ck_assert_uint_eq(rd(body, 8), t->ncopies); /* sequence number */
      ck_assert_uint_eq(rd(body + 12, 4), 0);     /* element type unknown */
      ck_assert_uint_eq(rd(body + 16, 8), 1);     /* element size */
      copy_rec *c = &t->copies[t->ncopies++];
      c->line = (unsigned)rd(body + 24, 4);
      size_t flen = rd(body + 28, 4), self = strlen("check_rt_trace.c");
      ck_assert_uint_le(flen, body_size - COPY_FIXED);
      if (flen) {
        ck_assert_msg(flen >= self && !memcmp(body + 32 + flen - self,
                                              "check_rt_trace.c", self),
                      "copy %zu: call site in another file: %.*s",
                      t->ncopies - 1, (int)flen, (const char *)body + 32);
        ck_assert_uint_gt(c->line, 0);
      } else {
        ck_assert_uint_eq(c->line, 0);
      }
      c->kind = (unsigned)rd(body + 8, 4);
      c->nbytes = rd(body + 32 + flen, 8);
      c->data = body + COPY_FIXED + flen;
      ck_assert_uint_eq(body_size, COPY_FIXED + flen + c->nbytes);
    } else {
      ck_assert_msg(tag == TAG_END, "unexpected record tag 0x%08x at %zu", tag,
                    off);
      ck_assert_uint_eq(body_size, 24);
      ck_assert_uint_eq(rd(body, 8), records);
      ck_assert_uint_eq(rd(body + 8, 8), t->ncopies);
      ck_assert_uint_eq(rd(body + 16, 8), fnv1a(b, off));
      ck_assert_uint_eq(off + 12 + 24, t->size); /* nothing follows END */
      return;
    }
    records++;
    off += 12 + body_size;
  }
}

/* Record i is a copy of kind with exactly n bytes equal to data. */
static void expect_copy(const trace *t, size_t i, unsigned kind,
                        const void *data, size_t n) {
  ck_assert_msg(i < t->ncopies, "copy %zu missing: %zu recorded", i,
                t->ncopies);
  const copy_rec *c = &t->copies[i];
  ck_assert_msg(c->kind == kind, "copy %zu: kind 0x%x, expected 0x%x", i,
                c->kind, kind);
  ck_assert_msg(c->nbytes == n, "copy %zu: %zu bytes, expected %zu", i,
                c->nbytes, n);
  ck_assert_msg(!memcmp(c->data, data, n), "copy %zu: payload differs", i);
}

/* ---- scenarios in child processes -------------------------------------------
 */

/* One directory for the whole run, made and removed by the runner's process
 * (unchecked fixture), so that a failed test leaves nothing behind; each
 * test starts with it empty. */
static char tmp[] = "/tmp/cu2cl-check-rt-trace-XXXXXX";
static char trace_path[sizeof tmp + 16];

/* Entries of tmp (plain files only), removed when remove is set. */
static size_t tmp_entries(int remove) {
  size_t n = 0;
  DIR *d = opendir(tmp);
  if (!d)
    return (size_t)-1;
  for (struct dirent *e; (e = readdir(d));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
      continue;
    n++;
    if (remove) {
      char p[sizeof tmp + 300];
      snprintf(p, sizeof p, "%s/%s", tmp, e->d_name);
      unlink(p);
    }
  }
  closedir(d);
  return n;
}

static void make_tmp(void) {
  strcpy(tmp + strlen(tmp) - 6, "XXXXXX"); /* once per TCase */
  if (!mkdtemp(tmp)) {
    perror("check_rt_trace: mkdtemp");
    exit(1);
  }
  snprintf(trace_path, sizeof trace_path, "%s/t.trace", tmp);
}

static void remove_tmp(void) {
  tmp_entries(1);
  rmdir(tmp);
}

static void empty_tmp(void) {
  tmp_entries(1);
  ck_assert_uint_eq(tmp_entries(0), 0);
}

/* In a child: a failed call or check ends it with status 2 (exit() still
 * finishes the trace; the test sees the status). */
#define CCK(call) child_check((call) == cu2clSuccess, #call, __LINE__)
#define CASSERT(cond) child_check((cond), #cond, __LINE__)
static void child_check(int ok, const char *what, int line) {
  if (!ok) {
    fprintf(stderr, "check_rt_trace.c:%d: child: %s failed (%s)\n", line, what,
            cu2clGetErrorName(cu2clGetLastError()));
    exit(2);
  }
}

/* Runs body in a child with CU2CL_TRACE=path (unset when NULL) and
 * CU2CL_TRACE_MANAGED=managed (unset when NULL); checks it exited with 0 and
 * returns its pid. */
static pid_t run_child(const char *path, const char *managed,
                       void (*body)(void)) {
  fflush(NULL);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    if (path)
      setenv("CU2CL_TRACE", path, 1);
    else
      unsetenv("CU2CL_TRACE");
    if (managed)
      setenv("CU2CL_TRACE_MANAGED", managed, 1);
    else
      unsetenv("CU2CL_TRACE_MANAGED");
    body();
    exit(0);
  }
  int status = 0;
  ck_assert_int_eq(waitpid(pid, &status, 0), pid);
  ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                "scenario child failed (status 0x%x)", status);
  return pid;
}

/* Runs body traced into trace_path and reads the trace into *t. */
static void run_traced(const char *managed, void (*body)(void), trace *t) {
  pid_t pid = run_child(trace_path, managed, body);
  trace_read(trace_path, pid, t);
}

/* Known bytes: seed tells sequences apart. */
static void fill(void *p, size_t n, unsigned seed) {
  unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    b[i] = (unsigned char)(seed * 37u + i * 7u + (i >> 8) + 1);
}

static unsigned char *filled(size_t n, unsigned seed) {
  unsigned char *b = malloc(n);
  ck_assert_ptr_nonnull(b);
  fill(b, n, seed);
  return b;
}

/* Device memory holding fill(n, seed). */
static void *device_filled(size_t n, unsigned seed) {
  void *d = NULL;
  unsigned char *h = filled(n, seed);
  CCK(cu2clMalloc(&d, n));
  CCK(cu2clMemcpy(d, h, n, cu2clMemcpyHostToDevice));
  free(h);
  return d;
}

static int is_filled(const void *p, size_t n, unsigned seed) {
  unsigned char *h = filled(n, seed);
  int same = !memcmp(p, h, n);
  free(h);
  return same;
}

/* ---- copies -----------------------------------------------------------------
 */

enum { N1 = 1000 }; /* not a multiple of 4 or 8 */

static void body_memcpy(void) {
  unsigned char src[N1], back[N1], h2h[N1];
  void *a = NULL, *b = NULL;
  fill(src, N1, 1);
  CCK(cu2clMalloc(&a, N1));
  CCK(cu2clMalloc(&b, N1));
  CCK(cu2clMemcpy(a, src, N1, cu2clMemcpyHostToDevice));
  CCK(cu2clMemcpy(b, a, N1, cu2clMemcpyDeviceToDevice));
  CCK(cu2clMemcpy(h2h, src, N1, cu2clMemcpyHostToHost));
  CCK(cu2clMemset(a, 0, N1));
  CCK(cu2clMemcpy(back, b, N1, cu2clMemcpyDeviceToHost));
  CASSERT(!memcmp(back, src, N1));
  CCK(cu2clFree(a));
  CCK(cu2clFree(b));
}

START_TEST(test_memcpy_d2h_only) {
  trace t;
  run_traced(NULL, body_memcpy, &t);
  ck_assert_uint_eq(t.ncopies, 1);
  unsigned char *want = filled(N1, 1);
  expect_copy(&t, 0, KIND_MEMCPY, want, N1);
  free(want);
  free(t.bytes);
}
END_TEST

/* An async copy into pinned memory on a created stream, a synchronous copy,
 * an async copy into pageable memory on the legacy stream: recorded complete
 * and in issue order, the async ones flagged. */
enum { BIG = 32 << 20 };

static void body_async(void) {
  cu2clStream_t s;
  unsigned char *pinned = NULL, pageable[N1], mid[64];
  CCK(cu2clStreamCreate(&s));
  CCK(cu2clMallocHost((void **)&pinned, N1));
  memset(pinned, 0, N1);
  unsigned char *src = filled(N1, 2);
  void *d = NULL, *e = device_filled(64, 3);
  CCK(cu2clMalloc(&d, N1));
  CCK(cu2clMemcpyAsync(d, src, N1, cu2clMemcpyHostToDevice, s));
  /* Work ahead of the copy on its stream: recorded at once, the copy would
   * not have arrived yet. */
  void *big = NULL;
  CCK(cu2clMalloc(&big, BIG));
  for (int i = 0; i < 4; i++)
    CCK(cu2clMemsetAsync(big, i, BIG, s));
  CCK(cu2clMemcpyAsync(pinned, d, N1, cu2clMemcpyDeviceToHost, s));
  CCK(cu2clMemsetAsync(d, 0x77, N1, s)); /* after: not in the record */
  CCK(cu2clMemcpy(mid, e, 64, cu2clMemcpyDeviceToHost));
  CCK(cu2clMemcpyAsync(pageable, d, 100, cu2clMemcpyDeviceToHost, NULL));
  CCK(cu2clStreamSynchronize(s));
  CASSERT(!memcmp(pinned, src, N1));
  CCK(cu2clStreamDestroy(s));
  CCK(cu2clFreeHost(pinned));
  CCK(cu2clFree(d));
  CCK(cu2clFree(e));
  CCK(cu2clFree(big));
  free(src);
}

START_TEST(test_memcpy_async) {
  trace t;
  run_traced(NULL, body_async, &t);
  ck_assert_uint_eq(t.ncopies, 3);
  unsigned char *src = filled(N1, 2), *mid = filled(64, 3), fill77[100];
  memset(fill77, 0x77, sizeof fill77);
  expect_copy(&t, 0, KIND_MEMCPY | ASYNC, src, N1);
  expect_copy(&t, 1, KIND_MEMCPY, mid, 64);
  expect_copy(&t, 2, KIND_MEMCPY | ASYNC, fill77, 100);
  free(src);
  free(mid);
  free(t.bytes);
}
END_TEST

/* cu2clMemcpyDefault: recorded when it brings device data into host memory,
 * not host to device, device to device or host to host. */
static void body_default(void) {
  enum { N = 200 };
  unsigned char h[N], h2[N], back[N];
  cu2clStream_t s;
  CCK(cu2clStreamCreate(&s));
  void *d = device_filled(N, 4), *d2 = NULL;
  CCK(cu2clMalloc(&d2, N));
  CCK(cu2clMemcpy(h, d, N, cu2clMemcpyDefault));
  CASSERT(is_filled(h, N, 4));
  fill(h2, N, 5);
  CCK(cu2clMemcpy(d, h2, N, cu2clMemcpyDefault));
  CCK(cu2clMemcpy(d2, d, N, cu2clMemcpyDefault));
  CCK(cu2clMemcpy(back, h2, N, cu2clMemcpyDefault));
  CCK(cu2clMemcpyAsync(back, (char *)d2 + 10, 50, cu2clMemcpyDefault, s));
  CCK(cu2clStreamSynchronize(s));
  CCK(cu2clStreamDestroy(s));
  CCK(cu2clFree(d));
  CCK(cu2clFree(d2));
}

START_TEST(test_memcpy_default) {
  trace t;
  run_traced(NULL, body_default, &t);
  ck_assert_uint_eq(t.ncopies, 2);
  unsigned char *first = filled(200, 4), *second = filled(200, 5);
  expect_copy(&t, 0, KIND_DEFAULT, first, 200);
  expect_copy(&t, 1, KIND_DEFAULT | ASYNC, second + 10, 50);
  free(first);
  free(second);
  free(t.bytes);
}
END_TEST

/* Cases the CUDA side sees its own way: an empty device-to-host copy is a
 * record (or the transfers after it would not line up); mapped host memory
 * is host memory (a default-direction copy into it is recorded, one out of
 * it is not); under cu2clrtTraceQuiet no synchronize records managed
 * memory. */
static void body_edges(void) {
  enum { N = 64 };
  unsigned char h[N];
  void *d = device_filled(N, 7), *mapped = NULL, *managed = NULL;
  CCK(cu2clMemcpy(h, d, 0, cu2clMemcpyDeviceToHost));
  CCK(cu2clHostAlloc(&mapped, N, cu2clHostAllocMapped));
  CCK(cu2clMemcpy(mapped, d, N, cu2clMemcpyDefault));
  CCK(cu2clMemcpy(h, mapped, N, cu2clMemcpyDefault));
  CASSERT(is_filled(h, N, 7));
  CCK(cu2clMallocManaged(&managed, N, cu2clMemAttachGlobal));
  memset(managed, 3, N);
  cu2clrtTraceQuiet(1);
  CCK(cu2clDeviceSynchronize());
  CCK(cu2clStreamSynchronize(NULL));
  cu2clrtTraceQuiet(0);
  CCK(cu2clFree(managed));
  CCK(cu2clFreeHost(mapped));
  CCK(cu2clFree(d));
}

START_TEST(test_cuda_view_edges) {
  trace t;
  run_traced(NULL, body_edges, &t);
  ck_assert_uint_eq(t.ncopies, 2);
  unsigned char *want = filled(64, 7);
  expect_copy(&t, 0, KIND_MEMCPY, want, 0);
  expect_copy(&t, 1, KIND_DEFAULT, want, 64);
  free(want);
  free(t.bytes);
}
END_TEST

/* 2D copies: width x height bytes from a device pitch of 32 into a host
 * pitch of 24 (the gaps between rows are not recorded). */
enum { DPITCH = 32, HPITCH = 24, WIDTH = 20, HEIGHT = 5 };

static void body_2d(void) {
  unsigned char host[HPITCH * HEIGHT], up[HPITCH * HEIGHT];
  cu2clStream_t s;
  CCK(cu2clStreamCreate(&s));
  void *d = device_filled(DPITCH * HEIGHT, 6);
  memset(host, 0xee, sizeof host);
  CCK(cu2clMemcpy2D(host, HPITCH, d, DPITCH, WIDTH, HEIGHT,
                    cu2clMemcpyDeviceToHost));
  for (int r = 0; r < HEIGHT; r++)
    CASSERT(host[r * HPITCH + WIDTH] == 0xee);
  fill(up, sizeof up, 7);
  CCK(cu2clMemcpy2D(d, DPITCH, up, HPITCH, WIDTH, HEIGHT,
                    cu2clMemcpyHostToDevice));
  CCK(cu2clMemcpy2DAsync(host, HPITCH, (char *)d + DPITCH, DPITCH, WIDTH,
                         HEIGHT - 1, cu2clMemcpyDeviceToHost, s));
  CCK(cu2clStreamSynchronize(s));
  CCK(cu2clStreamDestroy(s));
  CCK(cu2clFree(d));
}

START_TEST(test_memcpy_2d) {
  trace t;
  run_traced(NULL, body_2d, &t);
  ck_assert_uint_eq(t.ncopies, 2);
  unsigned char *dev = filled(DPITCH * HEIGHT, 6),
                *up = filled(HPITCH * HEIGHT, 7);
  unsigned char want[WIDTH * HEIGHT];
  for (int r = 0; r < HEIGHT; r++)
    memcpy(want + r * WIDTH, dev + r * DPITCH, WIDTH);
  expect_copy(&t, 0, KIND_2D, want, WIDTH * HEIGHT);
  for (int r = 1; r < HEIGHT; r++)
    memcpy(want + (r - 1) * WIDTH, up + r * HPITCH, WIDTH);
  expect_copy(&t, 1, KIND_2D | ASYNC, want, WIDTH * (HEIGHT - 1));
  free(dev);
  free(up);
  free(t.bytes);
}
END_TEST

/* Symbol copies: from a symbol into host memory (also with
 * cu2clMemcpyDefault), not to a symbol or from it into device memory. */
enum { SYM = 40 };
static unsigned char sym_init[SYM];
static cu2clSymbol sym = {"table", SYM, sym_init, NULL};

static void body_symbol(void) {
  unsigned char back[SYM], src[SYM];
  cu2clStream_t s;
  void *d = NULL;
  CCK(cu2clStreamCreate(&s));
  CCK(cu2clMalloc(&d, SYM));
  CCK(cu2clMemcpyFromSymbol(back, &sym, SYM, 0, cu2clMemcpyDeviceToHost));
  fill(src, SYM, 9);
  CCK(cu2clMemcpyToSymbol(&sym, src, SYM, 0, cu2clMemcpyHostToDevice));
  CCK(cu2clMemcpyFromSymbol(back, &sym, 16, 8, cu2clMemcpyDeviceToHost));
  CCK(cu2clMemcpyFromSymbol(d, &sym, SYM, 0, cu2clMemcpyDeviceToDevice));
  CCK(cu2clMemcpyFromSymbolAsync(d, &sym, SYM, 0, cu2clMemcpyDefault, s));
  CCK(cu2clMemcpyFromSymbolAsync(back, &sym, 4, 36, cu2clMemcpyDeviceToHost,
                                 s));
  CCK(cu2clMemcpyFromSymbol(back, &sym, 8, 0, cu2clMemcpyDefault));
  CCK(cu2clStreamSynchronize(s));
  CCK(cu2clStreamDestroy(s));
  CCK(cu2clFree(d));
}

START_TEST(test_memcpy_from_symbol) {
  fill(sym_init, SYM, 8); /* before the fork: the child inherits it */
  trace t;
  run_traced(NULL, body_symbol, &t);
  ck_assert_uint_eq(t.ncopies, 4);
  unsigned char *now = filled(SYM, 9);
  expect_copy(&t, 0, KIND_SYMBOL, sym_init, SYM);
  expect_copy(&t, 1, KIND_SYMBOL, now + 8, 16);
  expect_copy(&t, 2, KIND_SYMBOL | ASYNC, now + 36, 4);
  expect_copy(&t, 3, KIND_SYMBOL, now, 8);
  free(now);
  free(t.bytes);
}
END_TEST

/* ---- managed memory ---------------------------------------------------------
 */

static const char *const managed_modes[] = {NULL, "changed", "all", "off",
                                            "bogus"};
enum { M1 = 48, M2 = 40, M4 = 24 };

/* Two blocks written on the host, synchronized twice; a copy between; the
 * device writes one; the other freed; a reset forgets a block; a block made
 * after the reset is tracked again. */
static void body_managed(void) {
  unsigned char *m1 = NULL, *m2 = NULL, *m3 = NULL, *m4 = NULL, mid[16];
  cu2clStream_t s;
  CCK(cu2clMallocManaged((void **)&m1, M1, cu2clMemAttachGlobal));
  CCK(cu2clMallocManaged((void **)&m2, M2, cu2clMemAttachGlobal));
  fill(m1, M1, 10);
  fill(m2, M2, 11);
  CCK(cu2clDeviceSynchronize()); /* sync 1 */
  void *d = device_filled(16, 12);
  CCK(cu2clMemcpy(mid, d, 16, cu2clMemcpyDeviceToHost));
  CCK(cu2clFree(d));
  CCK(cu2clDeviceSynchronize()); /* sync 2: unchanged */
  CCK(cu2clStreamCreate(&s));
  CCK(cu2clMemsetAsync(m2, 0x5a, M2, s));
  CCK(cu2clStreamSynchronize(s)); /* sync 3: the device wrote m2 */
  CASSERT(m2[0] == 0x5a && m2[M2 - 1] == 0x5a);
  CCK(cu2clFree(m1));
  CCK(cu2clDeviceSynchronize()); /* sync 4 */
  CCK(cu2clFree(m2));
  CCK(cu2clStreamSynchronize(NULL)); /* sync 5: nothing tracked */
  CCK(cu2clMallocManaged((void **)&m3, 32, cu2clMemAttachGlobal));
  fill(m3, 32, 13);
  CCK(cu2clDeviceReset());
  CCK(cu2clDeviceSynchronize()); /* sync 6: the reset freed m3 */
  CCK(cu2clMallocManaged((void **)&m4, M4, cu2clMemAttachGlobal));
  fill(m4, M4, 14);
  CCK(cu2clDeviceSynchronize()); /* sync 7 */
  CCK(cu2clFree(m4));
}

START_TEST(test_managed_modes) {
  const char *mode = managed_modes[_i];
  int all = mode && !strcmp(mode, "all"), off = mode && !strcmp(mode, "off");
  trace t;
  run_traced(mode, body_managed, &t);
  unsigned char *p1 = filled(M1, 10), *p2 = filled(M2, 11),
                *mid = filled(16, 12), *p4 = filled(M4, 14), x5a[M2];
  memset(x5a, 0x5a, M2);
  size_t i = 0;
  if (!off) {
    expect_copy(&t, i++, KIND_MANAGED, p1, M1); /* allocation order */
    expect_copy(&t, i++, KIND_MANAGED, p2, M2);
  }
  expect_copy(&t, i++, KIND_MEMCPY, mid, 16);
  if (all) {
    expect_copy(&t, i++, KIND_MANAGED, p1, M1);
    expect_copy(&t, i++, KIND_MANAGED, p2, M2);
    expect_copy(&t, i++, KIND_MANAGED, p1, M1);
  }
  if (!off)
    expect_copy(&t, i++, KIND_MANAGED, x5a, M2);
  if (all)
    expect_copy(&t, i++, KIND_MANAGED, x5a, M2);
  if (!off)
    expect_copy(&t, i++, KIND_MANAGED, p4, M4);
  ck_assert_uint_eq(t.ncopies, i);
  free(p1);
  free(p2);
  free(mid);
  free(p4);
  free(t.bytes);
}
END_TEST

/* ---- cu2clrtTraceQuiet ------------------------------------------------------
 */

static void *quiet_d;

static void copy_back(unsigned seed_check, size_t n) {
  unsigned char h[64];
  CCK(cu2clMemcpy(h, quiet_d, n, cu2clMemcpyDeviceToHost));
  CASSERT(is_filled(h, n, seed_check));
}

static void *quiet_other_thread(void *arg) {
  (void)arg;
  copy_back(20, 6); /* this thread is not quiet */
  return NULL;
}

static void body_quiet(void) {
  unsigned char h[64];
  cu2clStream_t s;
  CCK(cu2clStreamCreate(&s));
  quiet_d = device_filled(64, 20);
  cu2clrtTraceQuiet(0); /* unbalanced: no effect */
  copy_back(20, 1);     /* recorded */
  cu2clrtTraceQuiet(1);
  copy_back(20, 2);
  CCK(cu2clMemcpyAsync(h, quiet_d, 64, cu2clMemcpyDeviceToHost, s));
  CCK(cu2clMemcpy(h, quiet_d, 64, cu2clMemcpyDefault));
  CCK(cu2clMemcpy2D(h, 8, quiet_d, 16, 8, 4, cu2clMemcpyDeviceToHost));
  CCK(cu2clMemcpyFromSymbol(h, &sym, 8, 0, cu2clMemcpyDeviceToHost));
  CCK(cu2clStreamSynchronize(s));
  cu2clrtTraceQuiet(1);
  copy_back(20, 3);
  cu2clrtTraceQuiet(0);
  copy_back(20, 4); /* still quiet: one level left */
  pthread_t th;
  CASSERT(pthread_create(&th, NULL, quiet_other_thread, NULL) == 0);
  CASSERT(pthread_join(th, NULL) == 0);
  cu2clrtTraceQuiet(0);
  copy_back(20, 5); /* recorded */
  cu2clrtTraceQuiet(0);
  cu2clrtTraceQuiet(1);
  copy_back(20, 7); /* quiet again: the extra 0 did not go below zero */
  cu2clrtTraceQuiet(0);
  CCK(cu2clStreamDestroy(s));
  CCK(cu2clFree(quiet_d));
}

START_TEST(test_quiet) {
  trace t;
  run_traced(NULL, body_quiet, &t);
  unsigned char *p = filled(64, 20);
  ck_assert_uint_eq(t.ncopies, 3);
  expect_copy(&t, 0, KIND_MEMCPY, p, 1);
  expect_copy(&t, 1, KIND_MEMCPY, p, 6); /* the other thread's */
  expect_copy(&t, 2, KIND_MEMCPY, p, 5);
  free(p);
  free(t.bytes);
}
END_TEST

/* ---- off
 * ----------------------------------------------------------------------
 */

/* In tmp: copies of every traced form and managed memory, with
 * CU2CL_TRACE unset (0), empty (1), or set only after the first traced call
 * read it (2). */
static int off_variant;

static void body_untraced(void) {
  CASSERT(chdir(tmp) == 0);
  if (off_variant == 1)
    setenv("CU2CL_TRACE", "", 1);
  setenv("CU2CL_TRACE_MANAGED", "all", 1);
  unsigned char h[64], *m = NULL;
  void *d = device_filled(64, 30);
  CCK(cu2clMemcpy(h, d, 64, cu2clMemcpyDeviceToHost));
  if (off_variant == 2)
    setenv("CU2CL_TRACE", trace_path, 1); /* too late: read once */
  CCK(cu2clMemcpy(h, d, 64, cu2clMemcpyDefault));
  CCK(cu2clMemcpy2D(h, 8, d, 16, 8, 4, cu2clMemcpyDeviceToHost));
  CCK(cu2clMemcpyFromSymbol(h, &sym, 8, 0, cu2clMemcpyDeviceToHost));
  CCK(cu2clMallocManaged((void **)&m, 64, cu2clMemAttachGlobal));
  fill(m, 64, 31);
  CCK(cu2clDeviceSynchronize());
  CCK(cu2clStreamSynchronize(NULL));
  CCK(cu2clFree(m));
  CCK(cu2clFree(d));
}

START_TEST(test_no_trace_no_file) {
  off_variant = _i;
  run_child(NULL, NULL, body_untraced);
  ck_assert_int_ne(access(trace_path, F_OK), 0);
  ck_assert_uint_eq(tmp_entries(0), 0);
}
END_TEST

/* A D2H copy (plain, 2D, from a symbol) recorded into a capture is not
 * traced, at capture or at replay; a copy after it is, as the first. */
static void body_capture(void) {
  enum { N = 128 };
  cu2clStream_t s;
  cu2clGraph_t g = NULL;
  cu2clGraphExec_t x = NULL;
  unsigned char *h = NULL, *h2 = NULL, *h3 = NULL, last[16];
  CCK(cu2clStreamCreate(&s));
  CCK(cu2clMallocHost((void **)&h, N));
  CCK(cu2clMallocHost((void **)&h2, N));
  CCK(cu2clMallocHost((void **)&h3, 8));
  memset(h, 0, N);
  void *d = device_filled(N, 40);
  CCK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  CCK(cu2clMemcpyAsync(h, d, N, cu2clMemcpyDeviceToHost, s));
  CCK(cu2clMemcpy2DAsync(h2, 8, d, 16, 8, 4, cu2clMemcpyDeviceToHost, s));
  CCK(cu2clMemcpyFromSymbolAsync(h3, &sym, 8, 0, cu2clMemcpyDeviceToHost, s));
  CCK(cu2clStreamEndCapture(s, &g));
  CASSERT(g != NULL);
  CCK(cu2clStreamSynchronize(s));
  CASSERT(h[0] == 0 && h[N - 1] == 0); /* recorded, not run */
  CCK(cu2clGraphInstantiate(&x, g, 0));
  for (int r = 0; r < 2; r++) {
    CCK(cu2clGraphLaunch(x, s));
    CCK(cu2clStreamSynchronize(s));
    CASSERT(is_filled(h, N, 40));
    memset(h, 0, N);
  }
  CCK(cu2clGraphExecDestroy(x));
  CCK(cu2clGraphDestroy(g));
  void *e = device_filled(16, 41);
  CCK(cu2clMemcpy(last, e, 16, cu2clMemcpyDeviceToHost));
  CCK(cu2clStreamDestroy(s));
  CCK(cu2clFreeHost(h));
  CCK(cu2clFreeHost(h2));
  CCK(cu2clFreeHost(h3));
  CCK(cu2clFree(d));
  CCK(cu2clFree(e));
}

START_TEST(test_capture_not_traced) {
  trace t;
  run_traced(NULL, body_capture, &t);
  ck_assert_uint_eq(t.ncopies, 1);
  unsigned char *want = filled(16, 41);
  expect_copy(&t, 0, KIND_MEMCPY, want, 16);
  free(want);
  free(t.bytes);
}
END_TEST

static Suite *rt_trace_suite(void) {
  Suite *s = suite_create("rt_trace");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 60);
  tcase_add_unchecked_fixture(core, make_tmp, remove_tmp);
  tcase_add_checked_fixture(core, empty_tmp, NULL);
  tcase_add_test(core, test_memcpy_d2h_only);
  tcase_add_test(core, test_memcpy_async);
  tcase_add_test(core, test_memcpy_default);
  tcase_add_test(core, test_memcpy_2d);
  tcase_add_test(core, test_memcpy_from_symbol);
  tcase_add_loop_test(core, test_managed_modes, 0,
                      sizeof managed_modes / sizeof *managed_modes);
  tcase_add_test(core, test_quiet);
  tcase_add_test(core, test_cuda_view_edges);
  suite_add_tcase(s, core);
  TCase *off = tcase_create("Off");
  tcase_set_timeout(off, 60);
  tcase_add_unchecked_fixture(off, make_tmp, remove_tmp);
  tcase_add_checked_fixture(off, empty_tmp, NULL);
  tcase_add_loop_test(off, test_no_trace_no_file, 0, 3);
  tcase_add_test(off, test_capture_not_traced);
  suite_add_tcase(s, off);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_trace_suite());
  srunner_set_fork_status(sr, CK_FORK); /* device selection is per process */
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
