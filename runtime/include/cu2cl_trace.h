/*
 * cu2cl_trace: the trace format of `cu2cl validate` and a header-only writer.
 *
 * A trace records what a program brought back from its GPU: every
 * device-to-host copy (call site, element type, size, contents), managed
 * memory read back after a synchronize, and, appended by `cu2cl validate`'s
 * runner, the program's stdout. The original CUDA program writes it through
 * cu2cl_trace_cuda.h, the translated program through cu2clrt; `cu2cl
 * validate` compares the two. docs/trace-format.md is the format's
 * specification, docs/validation.md the user guide.
 *
 * The writer is a handful of static inline functions over libc and POSIX
 * (open/write, pthread mutexes): include this header from C11 or C++ and
 * call them. Recording is off unless the environment variable CU2CL_TRACE
 * names a file ("%p" in it becomes the process id): the first call reads the
 * variable once; afterwards a disabled writer costs one atomic load per
 * call. The file is opened lazily, written under one mutex (records from
 * several threads never interleave), each record handed to write(2) before
 * the call returns (a crash loses nothing already recorded), and finished
 * by an END record at exit (atexit), so a trace without END was cut short. The
 * process's state lives in one weak global shared by every translation unit and
 * by C and C++ code of the program; a copy after a fork() writes nothing in the
 * child.
 *
 * CU2CL_TRACE_PRODUCER (define it before including) names who writes: the
 * original CUDA program, cu2clrt, or anything else (tests, tools).
 */
#ifndef CU2CL_TRACE_H
#define CU2CL_TRACE_H

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- The format (docs/trace-format.md) --------------------------------- */

/* 8 bytes: a non-ASCII byte first and a newline last catch text-mode and
 * 7-bit mangling, as PNG's signature does. */
#define CU2CL_TRACE_MAGIC                                                      \
  "\x89"                                                                       \
  "CU2CLT\n"
#define CU2CL_TRACE_MAGIC_SIZE 8
#define CU2CL_TRACE_VERSION_MAJOR 1 /* readers reject another major */
#define CU2CL_TRACE_VERSION_MINOR                                              \
  0 /* additions only: new tags, appended fields */
#define CU2CL_TRACE_HEADER_SIZE                                                \
  24 /* of version 1.0; readers honour the field */
#define CU2CL_TRACE_RECORD_HEAD_SIZE 12 /* u32 tag, u64 body size */
#define CU2CL_TRACE_COPY_FIXED_SIZE 40  /* COPY body without file and payload  \
                                         */
#define CU2CL_TRACE_END_BODY_SIZE 24
#define CU2CL_TRACE_FNV_OFFSET 0xcbf29ce484222325ULL /* FNV-1a 64 */
#define CU2CL_TRACE_FNV_PRIME 0x100000001b3ULL

/* Who wrote a trace: the low 8 bits of the header's flags. */
enum cu2cl_trace_producer {
  CU2CL_TRACE_PRODUCER_OTHER = 0,
  CU2CL_TRACE_PRODUCER_CUDA = 1,   /* an original program, cu2cl_trace_cuda.h */
  CU2CL_TRACE_PRODUCER_CU2CLRT = 2 /* a translated program, through cu2clrt */
};

/* Record tags: four ASCII characters read as a little-endian u32, so that a
 * hex dump shows them. Readers skip tags they do not know. */
enum cu2cl_trace_tag {
  CU2CL_TRACE_TAG_PROGRAM = 0x474f5250, /* "PROG" */
  CU2CL_TRACE_TAG_COPY = 0x59504f43,    /* "COPY" */
  CU2CL_TRACE_TAG_STDOUT = 0x4f445453,  /* "STDO" */
  CU2CL_TRACE_TAG_END = 0x20444e45      /* "END " */
};

/* How the data came back (COPY's kind: one of these, plus the flag). */
enum cu2cl_trace_copy_kind {
  CU2CL_TRACE_COPY_OTHER = 0,
  CU2CL_TRACE_COPY_MEMCPY = 1,         /* cudaMemcpy*(..., DeviceToHost) */
  CU2CL_TRACE_COPY_MEMCPY_DEFAULT = 2, /* cudaMemcpyDefault to host memory */
  CU2CL_TRACE_COPY_MEMCPY_2D = 3,      /* cudaMemcpy2D*: rows, packed */
  CU2CL_TRACE_COPY_SYMBOL = 4,         /* cudaMemcpyFromSymbol* */
  CU2CL_TRACE_COPY_MANAGED = 5,        /* managed memory at a synchronize */
  CU2CL_TRACE_COPY_KIND_MASK = 0xff,
  CU2CL_TRACE_COPY_ASYNC = 0x100 /* the *Async form (recorded on completion) */
};

/* Scalar element types. A vector or struct element made of 2-4 scalars of
 * one type (float4) is recorded as that scalar type with elem_size the
 * element's size; anything else is UNKNOWN (compared as bytes). */
enum cu2cl_trace_elem_type {
  CU2CL_TRACE_UNKNOWN = 0,
  CU2CL_TRACE_I8 = 1,
  CU2CL_TRACE_U8 = 2,
  CU2CL_TRACE_I16 = 3,
  CU2CL_TRACE_U16 = 4,
  CU2CL_TRACE_I32 = 5,
  CU2CL_TRACE_U32 = 6,
  CU2CL_TRACE_I64 = 7,
  CU2CL_TRACE_U64 = 8,
  CU2CL_TRACE_F16 = 9,   /* IEEE binary16 (__half) */
  CU2CL_TRACE_BF16 = 10, /* bfloat16 (__nv_bfloat16) */
  CU2CL_TRACE_F32 = 11,
  CU2CL_TRACE_F64 = 12,
  CU2CL_TRACE_ELEM_TYPE_COUNT
};

/* Bytes of one scalar of type t; 1 for UNKNOWN and out-of-range values. */
static inline size_t cu2cl_trace_elem_type_size(unsigned t) {
  static const unsigned char sizes[CU2CL_TRACE_ELEM_TYPE_COUNT] = {
      1, 1, 1, 2, 2, 4, 4, 8, 8, 2, 2, 4, 8};
  return t < CU2CL_TRACE_ELEM_TYPE_COUNT ? sizes[t] : 1;
}

/* "f32", "u8", ..., "bytes" for UNKNOWN, "?" out of range. */
static inline const char *cu2cl_trace_elem_type_name(unsigned t) {
  static const char *const names[CU2CL_TRACE_ELEM_TYPE_COUNT] = {
      "bytes", "i8",  "u8",  "i16",  "u16", "i32", "u32",
      "i64",   "u64", "f16", "bf16", "f32", "f64"};
  return t < CU2CL_TRACE_ELEM_TYPE_COUNT ? names[t] : "?";
}

/* FNV-1a 64 over n bytes, continuing from h (start: CU2CL_TRACE_FNV_OFFSET).
 * The END record holds it over every byte of the file before END. */
static inline uint64_t cu2cl_trace_fnv1a(uint64_t h, const void *data,
                                         size_t n) {
  const unsigned char *p = (const unsigned char *)data;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * CU2CL_TRACE_FNV_PRIME;
  return h;
}

static inline void cu2cl_trace_le32(unsigned char *out, uint32_t v) {
  for (int i = 0; i < 4; i++)
    out[i] = (unsigned char)(v >> (8 * i));
}

static inline void cu2cl_trace_le64(unsigned char *out, uint64_t v) {
  for (int i = 0; i < 8; i++)
    out[i] = (unsigned char)(v >> (8 * i));
}

/* ---- The writer's process-wide state ----------------------------------- */

#ifndef CU2CL_TRACE_PRODUCER
#define CU2CL_TRACE_PRODUCER CU2CL_TRACE_PRODUCER_OTHER
#endif

#define CU2CL_TRACE_BUFFER_SIZE 65536

/* Strict ISO C modes (-std=c11) hide O_CLOEXEC; the descriptor then gets
 * FD_CLOEXEC through fcntl right after open. */
#ifdef O_CLOEXEC
#define CU2CL_TRACE_O_CLOEXEC O_CLOEXEC
#else
#define CU2CL_TRACE_O_CLOEXEC 0
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A cudaMallocManaged allocation whose contents are recorded at each
 * synchronize (cu2cl_trace_managed_sync). */
struct cu2cl_trace_managed_block {
  const void *ptr;
  size_t nbytes;
  unsigned elem_type;
  size_t elem_size;
  uint64_t hash; /* of the contents last recorded */
  int recorded;
};

struct cu2cl_trace_state {
  int mode; /* -1: CU2CL_TRACE not read yet; 0 off; 1 on (atomic access) */
  pthread_mutex_t lock; /* guards everything below */
  int fd;               /* -1 when no trace is open */
  pid_t pid;            /* the process that opened it; a fork()ed child
                           must not write */
  int failed;           /* a write failed: stop, leave the trace without END */
  int exit_hooked;      /* atexit(cu2cl_tracei_at_exit) done */
  unsigned char *buf;   /* CU2CL_TRACE_BUFFER_SIZE bytes of output buffer */
  size_t buf_len;
  uint64_t hash;    /* FNV-1a of every byte written */
  uint64_t records; /* records written, END excluded */
  uint64_t copies;  /* COPY records written = the next sequence number */
  int managed_mode; /* CU2CL_TRACE_MANAGED: 0 off, 1 changed, 2 all */
  struct cu2cl_trace_managed_block *managed;
  size_t n_managed, cap_managed;
};

/* One definition per program: every translation unit defines it weakly and
 * the linker keeps one, so all of them share the open trace. */
__attribute__((weak)) struct cu2cl_trace_state cu2cl_trace_state_ = {
    -1, PTHREAD_MUTEX_INITIALIZER, -1, 0, 0, 0, NULL, 0, 0, 0, 0, 1, NULL, 0,
    0};

#ifdef __cplusplus
}
#endif

/* ---- Low-level output (callers hold the lock) -------------------------- */

static inline int cu2cl_tracei_write_all(int fd, const void *data, size_t n) {
  const char *p = (const char *)data;
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

static inline void cu2cl_tracei_fail(struct cu2cl_trace_state *s) {
  if (!s->failed)
    fprintf(stderr,
            "cu2cl trace: cannot write the trace (%s); it will end "
            "without its END record\n",
            strerror(errno));
  s->failed = 1;
}

static inline void cu2cl_tracei_flush(struct cu2cl_trace_state *s) {
  if (s->buf_len && !s->failed &&
      cu2cl_tracei_write_all(s->fd, s->buf, s->buf_len))
    cu2cl_tracei_fail(s);
  s->buf_len = 0;
}

/* Appends n bytes to the trace and to the running checksum. Large blocks
 * bypass the buffer. */
static inline void cu2cl_tracei_put(struct cu2cl_trace_state *s,
                                    const void *data, size_t n) {
  if (s->failed || !n)
    return;
  s->hash = cu2cl_trace_fnv1a(s->hash, data, n);
  if (s->buf_len + n <= CU2CL_TRACE_BUFFER_SIZE) {
    memcpy(s->buf + s->buf_len, data, n);
    s->buf_len += n;
    return;
  }
  cu2cl_tracei_flush(s);
  if (n < CU2CL_TRACE_BUFFER_SIZE) {
    memcpy(s->buf, data, n);
    s->buf_len = n;
  } else if (!s->failed && cu2cl_tracei_write_all(s->fd, data, n)) {
    cu2cl_tracei_fail(s);
  }
}

static inline void cu2cl_tracei_put32(struct cu2cl_trace_state *s, uint32_t v) {
  unsigned char b[4];
  cu2cl_trace_le32(b, v);
  cu2cl_tracei_put(s, b, 4);
}

static inline void cu2cl_tracei_put64(struct cu2cl_trace_state *s, uint64_t v) {
  unsigned char b[8];
  cu2cl_trace_le64(b, v);
  cu2cl_tracei_put(s, b, 8);
}

/* Tag and body size; the caller then puts exactly body_size bytes. */
static inline void cu2cl_tracei_record(struct cu2cl_trace_state *s,
                                       uint32_t tag, uint64_t body_size) {
  cu2cl_tracei_put32(s, tag);
  cu2cl_tracei_put64(s, body_size);
  s->records++;
}

/* Whether this process may write now: a trace is open and it was opened by
 * this process, not inherited through fork(). */
static inline int cu2cl_tracei_writable(const struct cu2cl_trace_state *s) {
  return s->fd >= 0 && !s->failed && s->pid == getpid();
}

/* ---- Opening and closing ------------------------------------------------ */

/* The command line from /proc/self/cmdline, arguments joined by spaces;
 * empty where /proc is missing. Writes at most size-1 bytes. */
static inline size_t cu2cl_tracei_cmdline(char *out, size_t size) {
  size_t n = 0;
  int fd = open("/proc/self/cmdline", O_RDONLY | CU2CL_TRACE_O_CLOEXEC);
  if (fd >= 0) {
    ssize_t r = read(fd, out, size - 1);
    n = r > 0 ? (size_t)r : 0;
    close(fd);
  }
  while (n && out[n - 1] == 0)
    n--;
  for (size_t i = 0; i < n; i++)
    if (out[i] == 0)
      out[i] = ' ';
  out[n] = 0;
  return n;
}

static inline void cu2cl_tracei_header(struct cu2cl_trace_state *s,
                                       unsigned producer) {
  cu2cl_tracei_put(s, CU2CL_TRACE_MAGIC, CU2CL_TRACE_MAGIC_SIZE);
  unsigned char v[4] = {CU2CL_TRACE_VERSION_MAJOR, 0, CU2CL_TRACE_VERSION_MINOR,
                        0};
  cu2cl_tracei_put(s, v, 4);
  cu2cl_tracei_put32(s, CU2CL_TRACE_HEADER_SIZE);
  cu2cl_tracei_put32(s, producer & 0xff);
  cu2cl_tracei_put32(s, 0);
  char name[4096];
  size_t n = cu2cl_tracei_cmdline(name, sizeof name);
  cu2cl_tracei_record(s, CU2CL_TRACE_TAG_PROGRAM, 8 + n);
  cu2cl_tracei_put32(s, (uint32_t)getpid());
  cu2cl_tracei_put32(s, (uint32_t)n);
  cu2cl_tracei_put(s, name, n);
}

/* Writes END (unless a write failed) and closes the trace. */
static inline void cu2cl_tracei_close_locked(struct cu2cl_trace_state *s) {
  if (!cu2cl_tracei_writable(s))
    return;
  uint64_t records = s->records, copies = s->copies, hash = s->hash;
  cu2cl_tracei_put32(s, CU2CL_TRACE_TAG_END);
  cu2cl_tracei_put64(s, CU2CL_TRACE_END_BODY_SIZE);
  cu2cl_tracei_put64(s, records);
  cu2cl_tracei_put64(s, copies);
  cu2cl_tracei_put64(s, hash);
  cu2cl_tracei_flush(s);
  if (close(s->fd) && !s->failed)
    cu2cl_tracei_fail(s);
  s->fd = -1;
  free(s->buf);
  s->buf = NULL;
}

static inline void cu2cl_tracei_at_exit(void) {
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  cu2cl_tracei_close_locked(s);
  pthread_mutex_unlock(&s->lock);
}

/* The path with "%p" replaced by the process id and "%%" by "%". */
static inline void cu2cl_tracei_expand(const char *path, char *out,
                                       size_t size) {
  size_t n = 0;
  for (const char *p = path; *p && n + 24 < size; p++) {
    if (p[0] == '%' && p[1] == 'p') {
      n += (size_t)snprintf(out + n, size - n, "%ld", (long)getpid());
      p++;
    } else {
      out[n++] = (p[0] == '%' && p[1] == '%') ? *p++ : *p;
    }
  }
  out[n] = 0;
}

static inline int cu2cl_tracei_open_locked(struct cu2cl_trace_state *s,
                                           const char *path,
                                           unsigned producer) {
  cu2cl_tracei_close_locked(s);
  char real[4096];
  cu2cl_tracei_expand(path, real, sizeof real);
  s->buf = (unsigned char *)malloc(CU2CL_TRACE_BUFFER_SIZE);
  s->fd = s->buf
              ? open(real, O_WRONLY | O_CREAT | O_TRUNC | CU2CL_TRACE_O_CLOEXEC,
                     0666)
              : -1;
  if (s->fd < 0) {
    fprintf(stderr, "cu2cl trace: cannot open '%s': %s; not tracing\n", real,
            strerror(s->buf ? errno : ENOMEM));
    free(s->buf);
    s->buf = NULL;
    return -1;
  }
  fcntl(s->fd, F_SETFD, FD_CLOEXEC); /* programs it starts must not write */
  const char *managed = getenv("CU2CL_TRACE_MANAGED");
  s->managed_mode = !managed                  ? 1
                    : !strcmp(managed, "off") ? 0
                    : !strcmp(managed, "all") ? 2
                                              : 1;
  s->pid = getpid();
  s->failed = 0;
  s->buf_len = 0;
  s->hash = CU2CL_TRACE_FNV_OFFSET;
  s->records = s->copies = 0;
  for (size_t i = 0; i < s->n_managed; i++)
    s->managed[i].recorded = 0;
  cu2cl_tracei_header(s, producer);
  cu2cl_tracei_flush(s);
  if (!s->exit_hooked)
    s->exit_hooked = atexit(cu2cl_tracei_at_exit) == 0;
  return 0;
}

static inline int cu2cl_tracei_init(void) {
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  if (s->mode < 0) {
    const char *path = getenv("CU2CL_TRACE");
    int on = path && *path &&
             !cu2cl_tracei_open_locked(s, path, CU2CL_TRACE_PRODUCER);
    __atomic_store_n(&s->mode, on, __ATOMIC_RELEASE);
  }
  int mode = s->mode;
  pthread_mutex_unlock(&s->lock);
  return mode;
}

/* ---- The writer's API --------------------------------------------------- */

/* 1 when recording (CU2CL_TRACE set and its file opened), else 0. The first
 * call reads the environment and opens the trace; later calls are one
 * atomic load. */
static inline int cu2cl_trace_enabled(void) {
  int mode = __atomic_load_n(&cu2cl_trace_state_.mode, __ATOMIC_ACQUIRE);
  return mode >= 0 ? mode : cu2cl_tracei_init();
}

/* Starts a trace at path regardless of CU2CL_TRACE (finishing one already
 * open), for tools and tests. Returns 0, or -1 (and prints why) when the
 * file cannot be created; recording is then off. */
static inline int cu2cl_trace_open(const char *path, unsigned producer) {
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  int rc = cu2cl_tracei_open_locked(s, path, producer);
  __atomic_store_n(&s->mode, rc == 0, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&s->lock);
  return rc;
}

/* Writes END and closes the trace now (atexit does it otherwise); later
 * records are dropped. For programs that leave through _exit() and tests. */
static inline void cu2cl_trace_close(void) {
  cu2cl_tracei_at_exit();
}

static inline void cu2cl_tracei_copy_head(struct cu2cl_trace_state *s,
                                          const char *file, unsigned line,
                                          unsigned kind, unsigned elem_type,
                                          size_t elem_size, size_t nbytes) {
  size_t flen = file ? strlen(file) : 0;
  cu2cl_tracei_record(s, CU2CL_TRACE_TAG_COPY,
                      CU2CL_TRACE_COPY_FIXED_SIZE + flen + nbytes);
  cu2cl_tracei_put64(s, s->copies++);
  cu2cl_tracei_put32(s, kind);
  cu2cl_tracei_put32(s, elem_type);
  cu2cl_tracei_put64(s, elem_size);
  cu2cl_tracei_put32(s, line);
  cu2cl_tracei_put32(s, (uint32_t)flen);
  cu2cl_tracei_put(s, file, flen);
  cu2cl_tracei_put64(s, nbytes);
}

/* Records one device-to-host copy whose nbytes bytes now lie at data (on the
 * host). file/line: the call site in the user's source (NULL/0 when
 * unknown). kind: a cu2cl_trace_copy_kind. elem_type: a
 * cu2cl_trace_elem_type; elem_size: bytes of one element as the program
 * sees it (16 for a float4 of elem_type F32; sizeof the struct for
 * UNKNOWN; 1 for untyped memory). Thread-safe; does nothing when disabled. */
static inline void cu2cl_trace_copy(const char *file, unsigned line,
                                    unsigned kind, unsigned elem_type,
                                    size_t elem_size, const void *data,
                                    size_t nbytes) {
  if (!cu2cl_trace_enabled())
    return;
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  if (cu2cl_tracei_writable(s)) {
    cu2cl_tracei_copy_head(s, file, line, kind, elem_type, elem_size, nbytes);
    cu2cl_tracei_put(s, data, nbytes);
    cu2cl_tracei_flush(s);
  }
  pthread_mutex_unlock(&s->lock);
}

/* The same for a 2D copy: height rows of width bytes, pitch bytes apart from
 * base, recorded packed (width * height bytes). */
static inline void cu2cl_trace_copy_2d(const char *file, unsigned line,
                                       unsigned kind, unsigned elem_type,
                                       size_t elem_size, const void *base,
                                       size_t pitch, size_t width,
                                       size_t height) {
  if (!cu2cl_trace_enabled())
    return;
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  if (cu2cl_tracei_writable(s)) {
    cu2cl_tracei_copy_head(s, file, line, kind, elem_type, elem_size,
                           width * height);
    for (size_t r = 0; r < height; r++)
      cu2cl_tracei_put(s, (const char *)base + r * pitch, width);
    cu2cl_tracei_flush(s);
  }
  pthread_mutex_unlock(&s->lock);
}

/* Appends n bytes of the program's standard output as a STDOUT record.
 * `cu2cl validate` adds the stdout it captured itself; a program may also
 * record what it prints this way. */
static inline void cu2cl_trace_stdout(const char *text, size_t n) {
  if (!cu2cl_trace_enabled())
    return;
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  if (cu2cl_tracei_writable(s)) {
    cu2cl_tracei_record(s, CU2CL_TRACE_TAG_STDOUT, 8 + (uint64_t)n);
    cu2cl_tracei_put64(s, n);
    cu2cl_tracei_put(s, text, n);
    cu2cl_tracei_flush(s);
  }
  pthread_mutex_unlock(&s->lock);
}

/* ---- Managed memory ------------------------------------------------------
 * Managed allocations are read back by the host without any copy call, so
 * their contents are recorded at each synchronize instead: every tracked
 * block, in allocation order, as a COPY of kind MANAGED at the synchronize's
 * call site -- by default only when its contents changed since it was last
 * recorded (CU2CL_TRACE_MANAGED=changed), every time with =all, never with
 * =off. Both programs of a comparison must run with the same setting. */

/* Starts tracking an allocation (after a successful cudaMallocManaged). */
static inline void cu2cl_trace_managed_add(const void *ptr, size_t nbytes,
                                           unsigned elem_type,
                                           size_t elem_size) {
  if (!ptr || !cu2cl_trace_enabled())
    return;
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  if (s->managed_mode && s->n_managed == s->cap_managed) {
    size_t cap = s->cap_managed ? 2 * s->cap_managed : 16;
    void *p = realloc(s->managed, cap * sizeof *s->managed);
    if (p) {
      s->managed = (struct cu2cl_trace_managed_block *)p;
      s->cap_managed = cap;
    } else if (!s->failed) {
      errno = ENOMEM;
      cu2cl_tracei_fail(s); /* an untracked block would go unnoticed */
    }
  }
  if (s->managed_mode && s->n_managed < s->cap_managed) {
    struct cu2cl_trace_managed_block b = {ptr,       nbytes, elem_type,
                                          elem_size, 0,      0};
    s->managed[s->n_managed++] = b;
  }
  pthread_mutex_unlock(&s->lock);
}

/* Stops tracking the block at ptr (before it is freed); others: no-op. */
static inline void cu2cl_trace_managed_remove(const void *ptr) {
  if (!ptr || !cu2cl_trace_enabled())
    return;
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  for (size_t i = 0; i < s->n_managed; i++) {
    if (s->managed[i].ptr == ptr) {
      memmove(s->managed + i, s->managed + i + 1,
              (s->n_managed - i - 1) * sizeof *s->managed);
      s->n_managed--;
      break;
    }
  }
  pthread_mutex_unlock(&s->lock);
}

/* Forgets every block (cudaDeviceReset frees them all). */
static inline void cu2cl_trace_managed_clear(void) {
  if (!cu2cl_trace_enabled())
    return;
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  s->n_managed = 0;
  pthread_mutex_unlock(&s->lock);
}

/* Number of blocks tracked: callers skip the synchronize that makes managed
 * memory safe to read when there is nothing to read. */
static inline size_t cu2cl_trace_managed_count(void) {
  if (!cu2cl_trace_enabled())
    return 0;
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  size_t n = s->n_managed;
  pthread_mutex_unlock(&s->lock);
  return n;
}

/* Records the tracked blocks (see above). Call it when the device is idle:
 * after a device-wide synchronize. */
static inline void cu2cl_trace_managed_sync(const char *file, unsigned line) {
  if (!cu2cl_trace_enabled())
    return;
  struct cu2cl_trace_state *s = &cu2cl_trace_state_;
  pthread_mutex_lock(&s->lock);
  for (size_t i = 0; i < s->n_managed && cu2cl_tracei_writable(s); i++) {
    struct cu2cl_trace_managed_block *b = &s->managed[i];
    uint64_t h = cu2cl_trace_fnv1a(CU2CL_TRACE_FNV_OFFSET, b->ptr, b->nbytes);
    if (s->managed_mode == 1 && b->recorded && h == b->hash)
      continue;
    cu2cl_tracei_copy_head(s, file, line, CU2CL_TRACE_COPY_MANAGED,
                           b->elem_type, b->elem_size, b->nbytes);
    cu2cl_tracei_put(s, b->ptr, b->nbytes);
    b->hash = h;
    b->recorded = 1;
  }
  if (cu2cl_tracei_writable(s))
    cu2cl_tracei_flush(s);
  pthread_mutex_unlock(&s->lock);
}

#endif /* CU2CL_TRACE_H */
