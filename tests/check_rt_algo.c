/*
 * check_rt_algo: the device algorithms (cu2clAlgo*) on the local OpenCL
 * device (PoCL in CI), every algorithm for every element type at sizes 0, 1,
 * 2, 1000 and 2^20 + 3 against results computed here on the host, plus
 * streams, managed memory, interior pointers and argument errors.
 *
 * The data are small integers (also for floats), so every sum is exact and
 * results compare bit for bit whatever order the device adds in.
 */
#include <check.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cu2clrt.h"

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

/* 3000: a scan of several tiles by one work-group (rt_algo.c) */
static const size_t sizes[] = {0, 1, 2, 1000, 3000, (1u << 20) + 3};
enum { NSIZES = sizeof sizes / sizeof sizes[0], BIG = (1u << 20) + 3 };

static uint32_t hash(size_t i) {
  uint32_t x = (uint32_t)i * 2654435761u;
  x ^= x >> 15;
  x *= 2246822519u;
  return x ^ (x >> 13);
}

/* ---- host references, one set per element type ---------------------------
 *
 * small(i): a value in -8..8 (0..16 unsigned); wide(i): spread over the
 * type's range with duplicates, signed zeros and infinities, for sorting.
 * KEYLESS(a, b) orders as the device's radix sort does (-0 before +0).
 */
typedef struct ref_ops {
  size_t size;
  void (*gen)(void *buf, size_t n, int wide);
  void (*scan)(const void *in, void *out, size_t n, int op, int exclusive,
               const void *init);
  void (*reduce)(const void *in, size_t n, int op, const void *init, void *out);
  int (*cmp)(const void *a, const void *b); /* qsort order, ascending */
  void (*set)(void *buf, size_t i, int v);  /* buf[i] = (T)v */
} ref_ops;

#define REF_OPS(T, NAME, LOWEST, HIGHEST, SIGNED, WIDE)                        \
  static T NAME##_apply(int op, T a, T b) {                                    \
    return op == 0 ? (T)(a + b) : op == 1 ? (a < b ? a : b) : (a < b ? b : a); \
  }                                                                            \
  static T NAME##_identity(int op) {                                           \
    return op == 0 ? (T)0 : op == 1 ? HIGHEST : LOWEST;                        \
  }                                                                            \
  static void NAME##_gen(void *buf, size_t n, int wide) {                      \
    T *p = buf;                                                                \
    for (size_t i = 0; i < n; i++)                                             \
      p[i] = wide ? WIDE(i) : (T)((int)(hash(i) % 17) - (SIGNED ? 8 : 0));     \
  }                                                                            \
  static void NAME##_scan(const void *in, void *out, size_t n, int op,         \
                          int exclusive, const void *init) {                   \
    const T *a = in;                                                           \
    T *b = out, v = init ? *(const T *)init : NAME##_identity(op);             \
    for (size_t i = 0; i < n; i++) {                                           \
      T e = a[i];                                                              \
      T next = i == 0 && !exclusive ? e : NAME##_apply(op, v, e);              \
      b[i] = exclusive ? v : next;                                             \
      v = next;                                                                \
    }                                                                          \
  }                                                                            \
  static void NAME##_reduce(const void *in, size_t n, int op,                  \
                            const void *init, void *out) {                     \
    const T *a = in;                                                           \
    T v = init ? *(const T *)init : NAME##_identity(op);                       \
    for (size_t i = 0; i < n; i++)                                             \
      v = NAME##_apply(op, v, a[i]);                                           \
    *(T *)out = v;                                                             \
  }                                                                            \
  static int NAME##_cmp(const void *pa, const void *pb) {                      \
    T a = *(const T *)pa, b = *(const T *)pb;                                  \
    if (a < b)                                                                 \
      return -1;                                                               \
    if (b < a)                                                                 \
      return 1;                                                                \
    return (int)signbit((double)b) - (int)signbit((double)a);                  \
  }                                                                            \
  static void NAME##_set(void *buf, size_t i, int v) {                         \
    ((T *)buf)[i] = (T)v;                                                      \
  }                                                                            \
  static const ref_ops NAME##_ops = {sizeof(T),     NAME##_gen, NAME##_scan,   \
                                     NAME##_reduce, NAME##_cmp, NAME##_set};

#define WIDE_I32(i) ((int32_t)hash(i) >> (hash(i) % 24))
#define WIDE_U32(i) (hash(i) >> (hash(i + 7) % 24))
#define WIDE_I64(i)                                                            \
  ((int64_t)((uint64_t)hash(i) << 32 | hash(i + 1)) >> (i % 50))
#define WIDE_U64(i) (((uint64_t)hash(i) << 32 | hash(i + 1)) >> (i % 50))
#define WIDE_F32(i) wide_float(i)
#define WIDE_F64(i) (double)wide_float(i) * 1e-3

static float wide_float(size_t i) {
  uint32_t h = hash(i);
  switch (h % 64) {
  case 0:
    return -0.0f;
  case 1:
    return 0.0f;
  case 2:
    return INFINITY;
  case 3:
    return -INFINITY;
  default:
    return ((float)(int32_t)h / 64.0f) / (float)(1u << (h % 20));
  }
}

REF_OPS(int32_t, i32, INT32_MIN, INT32_MAX, 1, WIDE_I32)
REF_OPS(uint32_t, u32, 0, UINT32_MAX, 0, WIDE_U32)
REF_OPS(int64_t, i64, INT64_MIN, INT64_MAX, 1, WIDE_I64)
REF_OPS(uint64_t, u64, 0, UINT64_MAX, 0, WIDE_U64)
REF_OPS(float, f32, -INFINITY, INFINITY, 1, WIDE_F32)
REF_OPS(double, f64, -INFINITY, INFINITY, 1, WIDE_F64)

static const ref_ops *const refs[6] = {&i32_ops, &u32_ops, &i64_ops,
                                       &u64_ops, &f32_ops, &f64_ops};
static const char *const type_names[6] = {"int",   "uint",  "long",
                                          "ulong", "float", "double"};

/* ---- helpers ---------------------------------------------------------------
 */

/* Device copy of host data (NULL for n == 0, as cudaMalloc gives). */
static void *to_device(const void *host, size_t bytes) {
  void *d = NULL;
  CK(cu2clMalloc(&d, bytes));
  if (bytes)
    CK(cu2clMemcpy(d, host, bytes, cu2clMemcpyHostToDevice));
  return d;
}

static void from_device(void *host, const void *d, size_t bytes) {
  CK(cu2clDeviceSynchronize());
  if (bytes)
    CK(cu2clMemcpy(host, d, bytes, cu2clMemcpyDeviceToHost));
}

/* Index of the first differing element, or -1. */
static long first_diff(const void *a, const void *b, size_t n, size_t size) {
  for (size_t i = 0; i < n; i++)
    if (memcmp((const char *)a + i * size, (const char *)b + i * size, size))
      return (long)i;
  return -1;
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  ck_assert_ptr_nonnull(p);
  return p;
}

/* ---- Core ------------------------------------------------------------------
 */

/* Inclusive and exclusive scans, each op, each size; in place at 1000. */
START_TEST(test_scan) {
  cu2clAlgoType t = (cu2clAlgoType)_i;
  const ref_ops *r = refs[t];
  void *in = xcalloc(BIG, r->size), *want = xcalloc(BIG, r->size),
       *got = xcalloc(BIG, r->size), *init = xcalloc(1, 8);
  r->gen(in, BIG, 0);
  r->set(init, 0, 7);
  for (size_t s = 0; s < NSIZES; s++) {
    size_t n = sizes[s], bytes = n * r->size;
    for (int op = 0; op < 3; op++)
      for (int exclusive = 0; exclusive < 2; exclusive++) {
        void *d_in = to_device(in, bytes), *d_out = d_in;
        if (n != 1000)
          CK(cu2clMalloc(&d_out, bytes));
        CK(exclusive ? cu2clAlgoExclusiveScan(NULL, t, op, d_in, d_out, n, init)
                     : cu2clAlgoInclusiveScan(NULL, t, op, d_in, d_out, n));
        from_device(got, d_out, bytes);
        r->scan(in, want, n, op, exclusive, init);
        long at = first_diff(want, got, n, r->size);
        ck_assert_msg(at < 0, "%s %s scan op %d n %zu: element %ld differs",
                      type_names[t], exclusive ? "exclusive" : "inclusive", op,
                      n, at);
        if (d_out != d_in)
          CK(cu2clFree(d_out));
        CK(cu2clFree(d_in));
      }
  }
  free(in), free(want), free(got), free(init);
}
END_TEST

/* Reductions with and without init (NULL: the op's identity). */
START_TEST(test_reduce) {
  cu2clAlgoType t = (cu2clAlgoType)_i;
  const ref_ops *r = refs[t];
  void *in = xcalloc(BIG, r->size), *init = xcalloc(1, 8);
  r->gen(in, BIG, 0);
  r->set(init, 0, -3);
  for (size_t s = 0; s < NSIZES; s++) {
    size_t n = sizes[s];
    void *d_in = to_device(in, n * r->size);
    for (int op = 0; op < 3; op++)
      for (int with_init = 0; with_init < 2; with_init++) {
        uint64_t want = 0, got = 0;
        const void *i = with_init ? init : NULL;
        CK(cu2clAlgoReduce(NULL, t, op, d_in, n, i, &got));
        r->reduce(in, n, op, i, &want);
        ck_assert_msg(!memcmp(&want, &got, r->size),
                      "%s reduce op %d n %zu init %d", type_names[t], op, n,
                      with_init);
      }
    CK(cu2clFree(d_in));
  }
  free(in), free(init);
}
END_TEST

START_TEST(test_fill_sequence) {
  cu2clAlgoType t = (cu2clAlgoType)_i;
  const ref_ops *r = refs[t];
  void *want = xcalloc(BIG, r->size), *got = xcalloc(BIG, r->size);
  uint64_t value = 0, init = 0, step = 0;
  r->set(&value, 0, 42);
  r->set(&init, 0, 5);
  r->set(&step, 0, 3);
  for (size_t s = 0; s < NSIZES; s++) {
    size_t n = sizes[s], bytes = n * r->size;
    void *d = NULL;
    CK(cu2clMalloc(&d, bytes));
    CK(cu2clAlgoFill(NULL, t, d, n, &value));
    from_device(got, d, bytes);
    for (size_t i = 0; i < n; i++)
      memcpy((char *)want + i * r->size, &value, r->size);
    ck_assert_int_eq(first_diff(want, got, n, r->size), -1);
    CK(cu2clAlgoSequence(NULL, t, d, n, &init, &step));
    from_device(got, d, bytes);
    for (size_t i = 0; i < n; i++)
      r->set(want, i, (int)(5 + 3 * (long)i)); /* exact below 2^24 */
    ck_assert_msg(first_diff(want, got, n, r->size) < 0,
                  "%s sequence n %zu: element %ld", type_names[t], n,
                  first_diff(want, got, n, r->size));
    CK(cu2clFree(d));
  }
  free(want), free(got);
}
END_TEST

START_TEST(test_count) {
  cu2clAlgoType t = (cu2clAlgoType)_i;
  const ref_ops *r = refs[t];
  void *in = xcalloc(BIG, r->size);
  r->gen(in, BIG, 0);
  for (size_t s = 0; s < NSIZES; s++) {
    size_t n = sizes[s];
    void *d = to_device(in, n * r->size);
    for (int v = 3; v <= 100; v += 97) { /* 3 occurs, 100 never does */
      uint64_t value = 0;
      r->set(&value, 0, v);
      size_t want = 0, got = 99;
      for (size_t i = 0; i < n; i++)
        want += !memcmp((char *)in + i * r->size, &value, r->size);
      CK(cu2clAlgoCount(NULL, t, d, n, &value, &got));
      ck_assert_msg(got == want, "%s count %d n %zu: %zu, want %zu",
                    type_names[t], v, n, got, want);
    }
    CK(cu2clFree(d));
  }
  free(in);
}
END_TEST

/* Flags: every third element, none, all. */
static int flag_of(int pattern, size_t i) {
  return pattern == 0 ? hash(i) % 3 == 0 : pattern == 1 ? 0 : (int)(i % 5) + 1;
}

START_TEST(test_compact) {
  cu2clAlgoType t = (cu2clAlgoType)_i;
  const ref_ops *r = refs[t];
  void *in = xcalloc(BIG, r->size), *want = xcalloc(BIG, r->size),
       *got = xcalloc(BIG, r->size);
  int *flags = xcalloc(BIG, sizeof(int));
  r->gen(in, BIG, 1);
  for (size_t s = 0; s < NSIZES; s++)
    for (int pattern = 0; pattern < 3; pattern++) {
      size_t n = sizes[s], bytes = n * r->size, kept = 0, count = 7;
      for (size_t i = 0; i < n; i++)
        if ((flags[i] = flag_of(pattern, i)) != 0)
          memcpy((char *)want + kept++ * r->size, (char *)in + i * r->size,
                 r->size);
      void *d_in = to_device(in, bytes), *d_out = NULL;
      int *d_flags = to_device(flags, n * sizeof(int));
      CK(cu2clMalloc(&d_out, bytes));
      CK(cu2clAlgoCompactFlagged(NULL, t, d_in, d_flags, d_out, n, &count));
      ck_assert_uint_eq(count, kept);
      from_device(got, d_out, kept * r->size);
      ck_assert_msg(first_diff(want, got, kept, r->size) < 0,
                    "%s compact n %zu pattern %d", type_names[t], n, pattern);
      CK(cu2clFree(d_in));
      CK(cu2clFree(d_out));
      CK(cu2clFree(d_flags));
    }
  free(in), free(want), free(got), free(flags);
}
END_TEST

START_TEST(test_sort) {
  cu2clAlgoType t = (cu2clAlgoType)_i;
  const ref_ops *r = refs[t];
  void *in = xcalloc(BIG, r->size), *want = xcalloc(BIG, r->size),
       *got = xcalloc(BIG, r->size);
  r->gen(in, BIG, 1);
  for (size_t s = 0; s < NSIZES; s++)
    for (int descending = 0; descending < 2; descending++) {
      size_t n = sizes[s], bytes = n * r->size;
      void *d = to_device(in, bytes);
      CK(cu2clAlgoSort(NULL, t, d, n, descending));
      from_device(got, d, bytes);
      memcpy(want, in, bytes);
      qsort(want, n, r->size, r->cmp);
      if (descending) /* equal keys are bitwise equal: reversing is exact */
        for (size_t i = 0; i < n / 2; i++) {
          char tmp[8], *a = (char *)want + i * r->size,
                       *b = (char *)want + (n - 1 - i) * r->size;
          memcpy(tmp, a, r->size), memcpy(a, b, r->size),
              memcpy(b, tmp, r->size);
        }
      ck_assert_msg(first_diff(want, got, n, r->size) < 0,
                    "%s sort n %zu descending %d: element %ld", type_names[t],
                    n, descending, first_diff(want, got, n, r->size));
      CK(cu2clFree(d));
    }
  free(in), free(want), free(got);
}
END_TEST

/* Sort by key with many equal keys: the values (original indices) show
 * that equal keys keep their order, ascending and descending. */
typedef struct keyed {
  int64_t key;
  uint64_t index;
} keyed;

static int keyed_cmp(const void *pa, const void *pb) {
  const keyed *a = pa, *b = pb;
  if (a->key != b->key)
    return a->key < b->key ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

START_TEST(test_sort_by_key_stable) {
  int descending = _i & 1;
  size_t vsize = _i & 2 ? 8 : 4, n = 100003;
  int32_t *keys = xcalloc(n, 4), *got_keys = xcalloc(n, 4);
  unsigned char *vals = xcalloc(n, vsize), *got_vals = xcalloc(n, vsize);
  keyed *want = xcalloc(n, sizeof *want);
  for (size_t i = 0; i < n; i++) {
    keys[i] = (int32_t)(hash(i) % 61) - 30;
    uint64_t v = i;
    memcpy(vals + i * vsize, &v, vsize); /* little-endian: low bytes */
    want[i].key = descending ? -(int64_t)keys[i] : keys[i];
    want[i].index = i;
  }
  qsort(want, n, sizeof *want, keyed_cmp);
  void *d_keys = to_device(keys, n * 4), *d_vals = to_device(vals, n * vsize);
  CK(cu2clAlgoSortByKey(NULL, cu2clAlgoInt, d_keys, d_vals, vsize, n,
                        descending));
  from_device(got_keys, d_keys, n * 4);
  from_device(got_vals, d_vals, n * vsize);
  for (size_t i = 0; i < n; i++) {
    uint64_t v = 0;
    memcpy(&v, got_vals + i * vsize, vsize);
    ck_assert_uint_eq(v, want[i].index);
    ck_assert_int_eq(got_keys[i], keys[want[i].index]);
  }
  CK(cu2clFree(d_keys));
  CK(cu2clFree(d_vals));
  free(keys), free(got_keys), free(vals), free(got_vals), free(want);
}
END_TEST

/* A chain on a created stream: the reduce waits for what came before. */
START_TEST(test_streams) {
  enum { N = 5000 };
  cu2clStream_t s;
  unsigned flags = _i ? cu2clStreamNonBlocking : cu2clStreamDefault;
  CK(cu2clStreamCreateWithFlags(&s, flags));
  long long *d = NULL, init = 1, step = 2, total = 0;
  CK(cu2clMalloc((void **)&d, N * sizeof *d));
  CK(cu2clAlgoSequence(s, cu2clAlgoLong, d, N, &init, &step));
  CK(cu2clAlgoInclusiveScan(s, cu2clAlgoLong, cu2clAlgoSum, d, d, N));
  CK(cu2clAlgoReduce(s, cu2clAlgoLong, cu2clAlgoMax, d, N, NULL, &total));
  ck_assert_int_eq(total, (long long)N * N); /* 1 + 3 + ... + (2N - 1) */
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(d));
}
END_TEST

/* Managed memory written by the host, and interior pointers. */
START_TEST(test_managed_and_offsets) {
  enum { N = 3000 };
  float *m = NULL;
  CK(cu2clMallocManaged((void **)&m, N * sizeof *m, cu2clMemAttachGlobal));
  for (int i = 0; i < N; i++)
    m[i] = (float)(i % 4);
  CK(cu2clAlgoExclusiveScan(NULL, cu2clAlgoFloat, cu2clAlgoSum, m + 100,
                            m + 100, 1000, NULL));
  CK(cu2clDeviceSynchronize());
  float acc = 0;
  for (int i = 0; i < 1000; i++) {
    ck_assert_float_eq(m[100 + i], acc);
    acc += (float)((100 + i) % 4);
  }
  ck_assert_float_eq(m[99], 3.0f);
  ck_assert_float_eq(m[1100], 0.0f);
  CK(cu2clFree(m));
}
END_TEST

/* Threads with their own streams share the runtime's scratch pool: each
 * checks every result of a chain of scans and reductions. */
static void *scan_worker(void *arg) {
  enum { N = 70000, ROUNDS = 25 };
  long seed = (long)(intptr_t)arg, *bad = calloc(1, sizeof *bad);
  int *h = malloc(N * sizeof *h), *got = malloc(N * sizeof *got), *d = NULL;
  cu2clStream_t s = NULL;
  if (!bad || !h || !got || cu2clStreamCreate(&s) ||
      cu2clMalloc((void **)&d, N * sizeof *d))
    return bad ? (*bad = 1, bad) : NULL;
  for (int r = 0; r < ROUNDS; r++) {
    int init = (int)seed + r, total = 0, want = init;
    for (int i = 0; i < N; i++)
      h[i] = (int)(hash((size_t)(i + r * 7 + seed * 1000)) % 5);
    cu2clMemcpyAsync(d, h, N * sizeof *d, cu2clMemcpyHostToDevice, s);
    cu2clAlgoExclusiveScan(s, cu2clAlgoInt, cu2clAlgoSum, d, d, N, &init);
    cu2clAlgoReduce(s, cu2clAlgoInt, cu2clAlgoMax, d, N, NULL, &total);
    cu2clMemcpyAsync(got, d, N * sizeof *d, cu2clMemcpyDeviceToHost, s);
    cu2clStreamSynchronize(s);
    for (int i = 0; i < N; i++) {
      *bad += got[i] != want;
      want += h[i];
    }
    *bad += total != want - h[N - 1];
  }
  cu2clFree(d);
  cu2clStreamDestroy(s);
  free(h), free(got);
  return bad;
}

START_TEST(test_threads) {
  pthread_t t[3];
  for (long i = 0; i < 3; i++)
    ck_assert_int_eq(pthread_create(&t[i], NULL, scan_worker, (void *)i), 0);
  for (int i = 0; i < 3; i++) {
    long *bad = NULL;
    pthread_join(t[i], (void **)&bad);
    ck_assert_ptr_nonnull(bad);
    ck_assert_int_eq(*bad, 0);
    free(bad);
  }
}
END_TEST

/* The scratch pool hands a block over between streams: a scan on stream B
 * that takes the block stream A's pending scan used waits for it. A is held
 * behind a host function that waits for this test (through an event, as the
 * runtime runs host functions on one thread); B's scan must not finish in
 * the half second before A is let go (a pass never depends on that time;
 * a missing wait would let B finish in milliseconds), then both results
 * are checked. Also a scan of one work-group, which takes no scratch. */
typedef struct gate {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  int go;
} gate;

static void CU2CLRT_CB wait_for_gate(void *p) {
  gate *g = p;
  pthread_mutex_lock(&g->lock);
  while (!g->go)
    pthread_cond_wait(&g->cond, &g->lock);
  pthread_mutex_unlock(&g->lock);
}

START_TEST(test_scratch_across_streams) {
  enum { N = 70000 }; /* more than four tiles: the scan takes scratch */
  gate g = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
  cu2clStream_t a, b, c;
  CK(cu2clStreamCreateWithFlags(&a, cu2clStreamNonBlocking));
  CK(cu2clStreamCreateWithFlags(&b, cu2clStreamNonBlocking));
  CK(cu2clStreamCreateWithFlags(&c, cu2clStreamNonBlocking));
  int *da = NULL, *db = NULL, *h = malloc(N * sizeof *h), one = 1, step = 0;
  ck_assert_ptr_nonnull(h);
  CK(cu2clMalloc((void **)&da, N * sizeof *da));
  CK(cu2clMalloc((void **)&db, N * sizeof *db));
  CK(cu2clAlgoSequence(NULL, cu2clAlgoInt, da, N, &one, &step));
  CK(cu2clAlgoSequence(NULL, cu2clAlgoInt, db, N, &one, &step));
  CK(cu2clDeviceSynchronize());
  cu2clEvent_t held, done_b;
  CK(cu2clEventCreate(&held));
  CK(cu2clEventCreate(&done_b));
  CK(cu2clLaunchHostFunc(c, wait_for_gate, &g));
  CK(cu2clEventRecord(held, c));
  CK(cu2clStreamWaitEvent(a, held, 0));
  CK(cu2clAlgoInclusiveScan(a, cu2clAlgoInt, cu2clAlgoSum, da, da, N));
  CK(cu2clAlgoInclusiveScan(b, cu2clAlgoInt, cu2clAlgoSum, db, db, N));
  CK(cu2clEventRecord(done_b, b));
  for (int ms = 0; ms < 500; ms++) {
    ck_assert_int_eq(cu2clEventQuery(done_b), cu2clErrorNotReady);
    struct timespec t = {0, 1000000};
    nanosleep(&t, NULL);
  }
  pthread_mutex_lock(&g.lock);
  g.go = 1;
  pthread_cond_signal(&g.cond);
  pthread_mutex_unlock(&g.lock);
  CK(cu2clStreamSynchronize(b));
  CK(cu2clStreamSynchronize(a));
  int *got[2] = {da, db};
  for (int k = 0; k < 2; k++) {
    CK(cu2clMemcpy(h, got[k], N * sizeof *h, cu2clMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
      ck_assert_int_eq(h[i], i + 1);
  }
  /* one work-group (3000 elements): no scratch, no wait on a */
  CK(cu2clAlgoExclusiveScan(b, cu2clAlgoInt, cu2clAlgoSum, db, db, 3000,
                            NULL));
  CK(cu2clStreamSynchronize(b)); /* a non-blocking stream: the copy does not
                                    wait for it */
  CK(cu2clMemcpy(h, db, 3000 * sizeof *h, cu2clMemcpyDeviceToHost));
  for (int i = 0; i < 3000; i++)
    ck_assert_int_eq(h[i], i * (i + 1) / 2);
  CK(cu2clEventDestroy(held));
  CK(cu2clEventDestroy(done_b));
  CK(cu2clStreamDestroy(a));
  CK(cu2clStreamDestroy(b));
  CK(cu2clStreamDestroy(c));
  CK(cu2clFree(da));
  CK(cu2clFree(db));
  free(h);
}
END_TEST

/* ---- Errors ----------------------------------------------------------------
 */

static void expect_error(cu2clError_t got, cu2clError_t want) {
  ck_assert_int_eq(got, want);
  ck_assert_int_eq(cu2clGetLastError(), want);
}

START_TEST(test_argument_errors) {
  enum { N = 100 };
  int *d = NULL, host[N] = {0}, init = 0, result;
  size_t count;
  CK(cu2clMalloc((void **)&d, N * sizeof *d));
  const cu2clError_t bad = cu2clErrorInvalidValue;
  expect_error(
      cu2clAlgoInclusiveScan(NULL, (cu2clAlgoType)6, cu2clAlgoSum, d, d, N),
      bad);
  expect_error(cu2clAlgoFill(NULL, (cu2clAlgoType)-1, d, N, &init), bad);
  expect_error(
      cu2clAlgoReduce(NULL, cu2clAlgoInt, (cu2clAlgoOp)3, d, N, NULL, &result),
      bad);
  expect_error(
      cu2clAlgoReduce(NULL, cu2clAlgoInt, cu2clAlgoSum, NULL, N, NULL, &result),
      bad);
  expect_error(
      cu2clAlgoReduce(NULL, cu2clAlgoInt, cu2clAlgoSum, d, N, NULL, NULL), bad);
  /* not device memory, past the allocation, misaligned */
  expect_error(
      cu2clAlgoInclusiveScan(NULL, cu2clAlgoInt, cu2clAlgoSum, host, d, N),
      bad);
  expect_error(cu2clAlgoFill(NULL, cu2clAlgoInt, d, N + 1, &init), bad);
  expect_error(cu2clAlgoFill(NULL, cu2clAlgoInt, d + 1, N, &init), bad);
  expect_error(cu2clAlgoFill(NULL, cu2clAlgoInt, (char *)d + 2, 4, &init), bad);
  expect_error(cu2clAlgoFill(NULL, cu2clAlgoLong, d, N, &init), bad);
  expect_error(cu2clAlgoFill(NULL, cu2clAlgoInt, d, N, NULL), bad);
  expect_error(cu2clAlgoSequence(NULL, cu2clAlgoInt, d, N, &init, NULL), bad);
  /* overlaps: partial for a scan, any for a compaction or keys/values */
  expect_error(cu2clAlgoExclusiveScan(NULL, cu2clAlgoInt, cu2clAlgoSum, d,
                                      d + 1, N - 1, NULL),
               bad);
  expect_error(cu2clAlgoCompactFlagged(NULL, cu2clAlgoInt, d, d, d, N, &count),
               bad);
  expect_error(cu2clAlgoSortByKey(NULL, cu2clAlgoInt, d, d + 10, 4, 20, 0),
               bad);
  expect_error(cu2clAlgoSortByKey(NULL, cu2clAlgoInt, d, d + 50, 3, 20, 0),
               bad);
  expect_error(cu2clAlgoSortByKey(NULL, cu2clAlgoInt, d, NULL, 4, 20, 0), bad);
  expect_error(cu2clAlgoCount(NULL, cu2clAlgoInt, d, N, &init, NULL), bad);
  /* n == 0 does nothing and checks no pointer */
  CK(cu2clAlgoInclusiveScan(NULL, cu2clAlgoInt, cu2clAlgoSum, NULL, NULL, 0));
  CK(cu2clAlgoSort(NULL, cu2clAlgoInt, NULL, 0, 0));
  init = 9;
  CK(cu2clAlgoReduce(NULL, cu2clAlgoInt, cu2clAlgoSum, NULL, 0, &init,
                     &result));
  ck_assert_int_eq(result, 9);
  CK(cu2clGetLastError());
  CK(cu2clFree(d));
}
END_TEST

static Suite *rt_algo_suite(void) {
  Suite *s = suite_create("rt_algo");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 120);
  tcase_add_loop_test(core, test_scan, 0, 6);
  tcase_add_loop_test(core, test_reduce, 0, 6);
  tcase_add_loop_test(core, test_fill_sequence, 0, 6);
  tcase_add_loop_test(core, test_count, 0, 6);
  tcase_add_loop_test(core, test_compact, 0, 6);
  tcase_add_loop_test(core, test_sort, 0, 6);
  tcase_add_loop_test(core, test_sort_by_key_stable, 0, 4);
  tcase_add_loop_test(core, test_streams, 0, 2);
  tcase_add_test(core, test_managed_and_offsets);
  tcase_add_test(core, test_threads);
  tcase_add_test(core, test_scratch_across_streams);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 120);
  tcase_add_test(errors, test_argument_errors);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(rt_algo_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
