/*
 * validate: reading traces, comparing them, and `cu2cl validate`; see
 * validate.h. The sections follow the pipeline: reader, element values,
 * transfer comparison and report, stdout, the one-shot runner, the command
 * line.
 */
#include "validate.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

/* ==== Reader ============================================================= */

static uint16_t rd16(const unsigned char *p) {
  return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

static uint64_t rd64(const unsigned char *p) {
  return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

typedef struct reader {
  cu2cl_tracefile *t;
  const unsigned char *b;
  size_t size;
  char *error;
} reader;

static cu2cl_trace_status fail(reader *r, cu2cl_trace_status st,
                               const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static cu2cl_trace_status fail(reader *r, cu2cl_trace_status st,
                               const char *fmt, ...) {
  strbuf b = {0};
  va_list ap;
  strbuf_printf(&b, "%s: ", r->t->path);
  va_start(ap, fmt);
  strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  r->error = strbuf_take(&b);
  return st;
}

static const char *keep_string(cu2cl_tracefile *t, const unsigned char *s,
                               size_t n) {
  t->strings = xrealloc(t->strings, (t->n_strings + 1) * sizeof *t->strings);
  t->strings[t->n_strings] = xstrndup((const char *)s, n);
  return t->strings[t->n_strings++];
}

static cu2cl_trace_status truncated(reader *r, const char *why) {
  return fail(r, CU2CL_TRACE_ETRUNCATED,
              "truncated trace: ended after %zu cop%s (%s)", r->t->n_copies,
              r->t->n_copies == 1 ? "y" : "ies", why);
}

/* Whether the file ends with an intact-looking END record: then a record
 * that runs past the end was damaged, not cut short. */
static int ends_with_end(const reader *r, size_t after) {
  size_t n = CU2CL_TRACE_RECORD_HEAD_SIZE + CU2CL_TRACE_END_BODY_SIZE;
  if (r->size < after + n)
    return 0;
  const unsigned char *p = r->b + r->size - n;
  return rd32(p) == CU2CL_TRACE_TAG_END &&
         rd64(p + 4) == CU2CL_TRACE_END_BODY_SIZE;
}

static cu2cl_trace_status overrun(reader *r, size_t off, uint64_t need) {
  if (ends_with_end(r, off))
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: the record at offset %zu claims %" PRIu64
                " bytes but only %zu remain, and the file still ends with "
                "its END record",
                off, need, r->size - off);
  char *why = xasprintf("the record at offset %zu needs %" PRIu64
                        " bytes, only %zu remain",
                        off, need, r->size - off);
  cu2cl_trace_status st = truncated(r, why);
  free(why);
  return st;
}

static cu2cl_trace_status read_copy(reader *r, size_t off,
                                    const unsigned char *p, uint64_t size) {
  cu2cl_tracefile *t = r->t;
  if (size < CU2CL_TRACE_COPY_FIXED_SIZE)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: COPY record at offset %zu is %" PRIu64
                " bytes, shorter than its fixed fields",
                off, size);
  uint32_t flen = rd32(p + 28);
  if (flen > size - CU2CL_TRACE_COPY_FIXED_SIZE ||
      rd64(p + 32 + flen) > size - CU2CL_TRACE_COPY_FIXED_SIZE - flen)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: COPY record at offset %zu: its file name "
                "and payload do not fit its %" PRIu64 " bytes",
                off, size);
  if (rd64(p) != t->n_copies)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: COPY record at offset %zu has sequence "
                "number %" PRIu64 ", expected %zu",
                off, rd64(p), t->n_copies);
  cu2cl_trace_copy_rec c = {0};
  c.seq = rd64(p);
  c.kind = rd32(p + 8);
  c.elem_type = rd32(p + 12);
  if (c.elem_type >= CU2CL_TRACE_ELEM_TYPE_COUNT)
    c.elem_type = CU2CL_TRACE_UNKNOWN; /* a newer minor version's type */
  c.elem_size = rd64(p + 16);
  c.line = rd32(p + 24);
  c.file = keep_string(t, p + 32, flen);
  c.nbytes = rd64(p + 32 + flen);
  c.data = p + CU2CL_TRACE_COPY_FIXED_SIZE + flen;
  c.offset = off;
  t->copies = xrealloc(t->copies, (t->n_copies + 1) * sizeof *t->copies);
  t->copies[t->n_copies++] = c;
  t->copied_bytes += c.nbytes;
  return CU2CL_TRACE_OK;
}

/* PROGRAM and STDOUT: a u32/u64 length, then text. */
static cu2cl_trace_status read_text(reader *r, size_t off, uint32_t tag,
                                    const unsigned char *p, uint64_t size) {
  cu2cl_tracefile *t = r->t;
  uint64_t n = size < 8                         ? UINT64_MAX
               : tag == CU2CL_TRACE_TAG_PROGRAM ? rd32(p + 4)
                                                : rd64(p);
  if (n > size - 8 || size < 8)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: %s record at offset %zu: its text does not "
                "fit its %" PRIu64 " bytes",
                tag == CU2CL_TRACE_TAG_PROGRAM ? "PROGRAM" : "STDOUT", off,
                size);
  if (tag == CU2CL_TRACE_TAG_PROGRAM) {
    free(t->program);
    t->program = xstrndup((const char *)p + 8, n);
    return CU2CL_TRACE_OK;
  }
  t->out = xrealloc(t->out, t->out_len + n + 1);
  memcpy(t->out + t->out_len, p + 8, n);
  t->out_len += n;
  t->out[t->out_len] = 0;
  t->has_stdout = 1;
  return CU2CL_TRACE_OK;
}

static cu2cl_trace_status read_end(reader *r, size_t off,
                                   const unsigned char *p, uint64_t size) {
  cu2cl_tracefile *t = r->t;
  if (size < CU2CL_TRACE_END_BODY_SIZE)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: END record at offset %zu is too short", off);
  uint64_t sum = cu2cl_trace_fnv1a(CU2CL_TRACE_FNV_OFFSET, r->b, off);
  if (rd64(p + 16) != sum)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: checksum mismatch (END says %016" PRIx64
                ", the contents give %016" PRIx64 ")",
                rd64(p + 16), sum);
  if (rd64(p) != t->n_records || rd64(p + 8) != t->n_copies)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: END counts %" PRIu64 " records and %" PRIu64
                " copies, the file holds %" PRIu64 " and %zu",
                rd64(p), rd64(p + 8), t->n_records, t->n_copies);
  size_t end = off + CU2CL_TRACE_RECORD_HEAD_SIZE + (size_t)size;
  if (end != r->size)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: %zu bytes follow the END record",
                r->size - end);
  t->checksum = sum;
  t->end_offset = off;
  t->complete = 1;
  return CU2CL_TRACE_OK;
}

static cu2cl_trace_status read_header(reader *r, size_t *body) {
  const unsigned char *b = r->b;
  size_t n =
      r->size < CU2CL_TRACE_MAGIC_SIZE ? r->size : CU2CL_TRACE_MAGIC_SIZE;
  if (r->size == 0)
    return fail(r, CU2CL_TRACE_EFORMAT,
                "empty file, not a cu2cl trace (was the program built with "
                "tracing and run with CU2CL_TRACE set?)");
  if (memcmp(b, CU2CL_TRACE_MAGIC, n))
    return fail(r, CU2CL_TRACE_EFORMAT, "not a cu2cl trace (bad magic)");
  if (r->size < 16)
    return truncated(r, "the file ends inside its header");
  r->t->version_major = rd16(b + 8);
  r->t->version_minor = rd16(b + 10);
  if (r->t->version_major != CU2CL_TRACE_VERSION_MAJOR)
    return fail(r, CU2CL_TRACE_EFORMAT,
                "unsupported trace format version %u.%u (this cu2cl reads "
                "version %d.x)",
                r->t->version_major, r->t->version_minor,
                CU2CL_TRACE_VERSION_MAJOR);
  uint32_t hsize = rd32(b + 12);
  if (hsize < CU2CL_TRACE_HEADER_SIZE)
    return fail(r, CU2CL_TRACE_ECORRUPT,
                "corrupted trace: header size %u is below version 1's %d",
                hsize, CU2CL_TRACE_HEADER_SIZE);
  if (r->size < hsize)
    return truncated(r, "the file ends inside its header");
  r->t->producer = rd32(b + 16) & 0xff;
  *body = hsize;
  return CU2CL_TRACE_OK;
}

static cu2cl_trace_status read_records(reader *r, size_t off) {
  for (;;) {
    if (off == r->size)
      return truncated(r, "no END record: the program crashed, was killed "
                          "or left through _exit before finishing it");
    if (r->size - off < CU2CL_TRACE_RECORD_HEAD_SIZE)
      return overrun(r, off, CU2CL_TRACE_RECORD_HEAD_SIZE);
    uint32_t tag = rd32(r->b + off);
    uint64_t size = rd64(r->b + off + 4);
    if (size > r->size - off - CU2CL_TRACE_RECORD_HEAD_SIZE)
      return overrun(r, off, CU2CL_TRACE_RECORD_HEAD_SIZE + size);
    const unsigned char *p = r->b + off + CU2CL_TRACE_RECORD_HEAD_SIZE;
    cu2cl_trace_status st = CU2CL_TRACE_OK;
    if (tag == CU2CL_TRACE_TAG_END)
      return read_end(r, off, p, size);
    if (tag == CU2CL_TRACE_TAG_COPY)
      st = read_copy(r, off, p, size);
    else if (tag == CU2CL_TRACE_TAG_PROGRAM || tag == CU2CL_TRACE_TAG_STDOUT)
      st = read_text(r, off, tag, p, size);
    if (st != CU2CL_TRACE_OK)
      return st;
    r->t->n_records++; /* unknown tags count, and are skipped */
    off += CU2CL_TRACE_RECORD_HEAD_SIZE + (size_t)size;
  }
}

cu2cl_trace_status cu2cl_tracefile_read(const char *path, cu2cl_tracefile **out,
                                        char **error) {
  cu2cl_tracefile *t = xcalloc(1, sizeof *t);
  reader r = {t, NULL, 0, NULL};
  t->path = xstrdup(path);
  t->program = xstrdup("");
  *out = NULL;
  *error = NULL;
  t->bytes = (unsigned char *)read_file(path, &t->size);
  r.b = t->bytes;
  r.size = t->size;
  size_t body = 0;
  cu2cl_trace_status st =
      !t->bytes ? fail(&r, CU2CL_TRACE_EIO, "cannot read: %s", strerror(errno))
                : read_header(&r, &body);
  if (st == CU2CL_TRACE_OK)
    st = read_records(&r, body);
  *error = r.error;
  if (st == CU2CL_TRACE_OK || (st == CU2CL_TRACE_ETRUNCATED && body))
    *out = t;
  else
    cu2cl_tracefile_delete(t);
  return st;
}

void cu2cl_tracefile_delete(cu2cl_tracefile *self) {
  if (!self)
    return;
  for (size_t i = 0; i < self->n_strings; i++)
    free(self->strings[i]);
  free(self->strings);
  free(self->copies);
  free(self->out);
  free(self->program);
  free(self->bytes);
  free(self->path);
  free(self);
}

int cu2cl_tracefile_append_stdout(cu2cl_tracefile *self, const char *text,
                                  size_t n) {
  if (!self->complete) {
    errno = EINVAL;
    return -1;
  }
  size_t head = CU2CL_TRACE_RECORD_HEAD_SIZE + 8;
  size_t total =
      head + n + CU2CL_TRACE_RECORD_HEAD_SIZE + CU2CL_TRACE_END_BODY_SIZE;
  unsigned char *rec = xmalloc(total);
  cu2cl_trace_le32(rec, CU2CL_TRACE_TAG_STDOUT);
  cu2cl_trace_le64(rec + 4, 8 + (uint64_t)n);
  cu2cl_trace_le64(rec + 12, n);
  memcpy(rec + head, text, n);
  uint64_t sum = cu2cl_trace_fnv1a(self->checksum, rec, head + n);
  unsigned char *end = rec + head + n;
  cu2cl_trace_le32(end, CU2CL_TRACE_TAG_END);
  cu2cl_trace_le64(end + 4, CU2CL_TRACE_END_BODY_SIZE);
  cu2cl_trace_le64(end + 12, self->n_records + 1);
  cu2cl_trace_le64(end + 20, self->n_copies);
  cu2cl_trace_le64(end + 28, sum);
  int fd = open(self->path, O_WRONLY | O_CLOEXEC);
  ssize_t w = fd < 0 ? -1 : pwrite(fd, rec, total, (off_t)self->end_offset);
  int saved = errno;
  if (fd >= 0 && close(fd) && w == (ssize_t)total)
    w = -1;
  free(rec);
  if (w != (ssize_t)total) {
    errno = w < 0 ? saved : EIO;
    return -1;
  }
  self->out = xrealloc(self->out, self->out_len + n + 1);
  memcpy(self->out + self->out_len, text, n);
  self->out_len += n;
  self->out[self->out_len] = 0;
  self->has_stdout = 1;
  self->n_records++;
  self->checksum = sum;
  self->end_offset += head + n;
  return 0;
}

/* ==== Element values ===================================================== */

static int is_float_type(unsigned t) {
  return t == CU2CL_TRACE_F16 || t == CU2CL_TRACE_BF16 ||
         t == CU2CL_TRACE_F32 || t == CU2CL_TRACE_F64;
}

static int is_signed_type(unsigned t) {
  return t == CU2CL_TRACE_I8 || t == CU2CL_TRACE_I16 || t == CU2CL_TRACE_I32 ||
         t == CU2CL_TRACE_I64;
}

/* One scalar, decoded: raw bits (little-endian) and its value. */
typedef struct value {
  uint64_t bits;
  double f;   /* floating-point types */
  int64_t i;  /* signed integers */
  uint64_t u; /* unsigned integers */
} value;

static double half_to_double(uint16_t h) {
  int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v = exp == 0    ? ldexp(mant, -24)
             : exp == 31 ? (mant ? NAN : INFINITY)
                         : ldexp(mant + 1024, exp - 25);
  return h & 0x8000 ? -v : v;
}

static value load(unsigned type, const unsigned char *p) {
  size_t n = cu2cl_trace_elem_type_size(type);
  value v = {0, 0, 0, 0};
  for (size_t k = 0; k < n; k++)
    v.bits |= (uint64_t)p[k] << (8 * k);
  uint64_t sign = n < 8 ? (uint64_t)1 << (8 * n - 1) : 0;
  v.u = v.bits;
  v.i = sign && (v.bits & sign) ? (int64_t)(v.bits | ~(2 * sign - 1))
                                : (int64_t)v.bits;
  if (type == CU2CL_TRACE_F16) {
    v.f = half_to_double((uint16_t)v.bits);
  } else if (type == CU2CL_TRACE_BF16 || type == CU2CL_TRACE_F32) {
    uint32_t b32 =
        type == CU2CL_TRACE_BF16 ? (uint32_t)v.bits << 16 : (uint32_t)v.bits;
    float f;
    memcpy(&f, &b32, 4);
    v.f = f;
  } else if (type == CU2CL_TRACE_F64) {
    memcpy(&v.f, &v.bits, 8);
  }
  return v;
}

/* Units in the last place between two finite values of one float type:
 * the distance between their bit patterns on a line where the negative
 * numbers are mirrored (-0 and +0 are the same point). */
static uint64_t ulp_distance(unsigned type, uint64_t a, uint64_t b) {
  int bits = 8 * (int)cu2cl_trace_elem_type_size(type);
  uint64_t sign = (uint64_t)1 << (bits - 1);
  uint64_t ma = a & (sign - 1), mb = b & (sign - 1);
  if ((a & sign) != (b & sign))
    return ma + mb;
  return ma > mb ? ma - mb : mb - ma;
}

/* How one ported element compares with the original one. */
typedef struct elem_err {
  int ok;
  double abs, rel; /* NAN when meaningless (bytes) */
  uint64_t ulp;    /* UINT64_MAX when meaningless */
} elem_err;

static elem_err compare_float(const cu2cl_validate_options *opt, unsigned type,
                              value o, value p) {
  elem_err e = {0, 0, 0, UINT64_MAX};
  if (isnan(o.f) || isnan(p.f)) {
    e.ok = isnan(o.f) && isnan(p.f);
    e.abs = e.rel = e.ok ? 0 : INFINITY;
    e.ulp = e.ok ? 0 : UINT64_MAX;
    return e;
  }
  if (isinf(o.f) || isinf(p.f)) {
    e.ok = o.f == p.f;
    e.abs = e.rel = e.ok ? 0 : INFINITY;
    e.ulp = e.ok ? 0 : UINT64_MAX;
    return e;
  }
  e.abs = fabs(p.f - o.f);
  e.rel = o.f != 0 ? e.abs / fabs(o.f) : (e.abs == 0 ? 0 : INFINITY);
  e.ulp = ulp_distance(type, o.bits, p.bits);
  e.ok = e.abs <= opt->atol[type] + opt->rtol[type] * fabs(o.f) ||
         e.ulp <= opt->ulp[type];
  return e;
}

static elem_err compare_int(unsigned type, value o, value p) {
  elem_err e = {o.bits == p.bits, 0, 0, UINT64_MAX};
  if (is_signed_type(type)) {
    e.abs = fabs((double)p.i - (double)o.i);
    e.rel = o.i ? e.abs / fabs((double)o.i) : (e.abs ? INFINITY : 0);
  } else {
    e.abs = p.u > o.u ? (double)(p.u - o.u) : (double)(o.u - p.u);
    e.rel = o.u ? e.abs / (double)o.u : (e.abs ? INFINITY : 0);
  }
  return e;
}

/* The value as the report prints it, into buf. */
static const char *format_value(unsigned type, value v, char *buf,
                                size_t size) {
  switch (type) {
  case CU2CL_TRACE_F16:
  case CU2CL_TRACE_BF16:
    snprintf(buf, size, "%.6g (0x%04" PRIx64 ")", v.f, v.bits);
    break;
  case CU2CL_TRACE_F32:
    snprintf(buf, size, "%.9g (0x%08" PRIx64 ")", v.f, v.bits);
    break;
  case CU2CL_TRACE_F64:
    snprintf(buf, size, "%.17g (0x%016" PRIx64 ")", v.f, v.bits);
    break;
  default:
    if (is_signed_type(type))
      snprintf(buf, size, "%" PRId64, v.i);
    else
      snprintf(buf, size, "%" PRIu64, v.u);
  }
  return buf;
}

/* Up to 16 bytes in hex, for untyped elements. */
static const char *format_bytes(const unsigned char *p, uint64_t n, char *buf,
                                size_t size) {
  size_t k = 0;
  for (uint64_t i = 0; i < n && i < 16 && k + 4 < size; i++)
    k += (size_t)snprintf(buf + k, size - k, "%s%02x", i ? " " : "", p[i]);
  if (n > 16 && k + 5 < size)
    snprintf(buf + k, size - k, " ...");
  return buf;
}

/* ==== Transfers ========================================================== */

typedef enum xfer_status {
  XFER_OK,
  XFER_DIFF,
  XFER_SIZE,
  XFER_MISSING,
  XFER_EXTRA,
  XFER_SKIPPED, /* --skip: present on both sides, not compared */
  XFER_ALLOWED  /* differs, but within --allow-diff */
} xfer_status;

/* Whether a transfer's status fails the comparison. */
#define XFER_BAD(st)                                                           \
  ((st) != XFER_OK && (st) != XFER_SKIPPED && (st) != XFER_ALLOWED)

/* The comparison of the transfer pair at one index. */
typedef struct xfer {
  size_t index;
  const cu2cl_trace_copy_rec *o, *p; /* either NULL past the other's end */
  xfer_status status;
  unsigned type;  /* compared as */
  uint64_t esize; /* bytes per compared element */
  size_t lanes;   /* scalars per element of the program's type */
  uint64_t count; /* compared elements */
  uint64_t n_bad;
  double max_abs, max_rel;
  uint64_t max_ulp;
  uint64_t first_bad;
} xfer;

typedef struct cmp {
  const cu2cl_validate_options *opt;
  FILE *out;
  size_t budget; /* element lines still to print */
  size_t n_diverged;
  const xfer *first; /* the first divergence */
} cmp;

static const char *kind_name(unsigned kind) {
  static const char *const names[] = {"copy",
                                      "copy, device to host",
                                      "copy, default direction",
                                      "2D copy",
                                      "copy from symbol",
                                      "managed memory read after synchronize"};
  unsigned k = kind & CU2CL_TRACE_COPY_KIND_MASK;
  return k < sizeof names / sizeof *names ? names[k] : "copy";
}

static void print_site(FILE *out, const char *label,
                       const cu2cl_trace_copy_rec *c) {
  fprintf(out, "  %-9s ", label);
  if (c->file[0])
    fprintf(out, "%s:%u", c->file, c->line);
  else
    fprintf(out, "<no call site>");
  fprintf(out, " (%s%s), %" PRIu64 " bytes, %s", kind_name(c->kind),
          c->kind & CU2CL_TRACE_COPY_ASYNC ? ", async" : "", c->nbytes,
          cu2cl_trace_elem_type_name(c->elem_type));
  if (c->elem_size > 1 &&
      c->elem_size != cu2cl_trace_elem_type_size(c->elem_type))
    fprintf(out, " in %" PRIu64 "-byte elements", c->elem_size);
  fputc('\n', out);
}

static int is_listed(const size_t *list, size_t n, size_t index) {
  for (size_t i = 0; i < n; i++)
    if (list[i] == index)
      return 1;
  return 0;
}

/* Picks the type to compare as: the original's, else the ported's, else
 * --unknown-as, else bytes; a size that is no multiple of it gives bytes. */
static void choose_type(cmp *c, xfer *x) {
  unsigned to = x->o->elem_type, tp = x->p->elem_type;
  x->type = to ? to : tp ? tp : c->opt->unknown_as;
  const cu2cl_trace_copy_rec *from = to ? x->o : tp ? x->p : x->o;
  x->esize = cu2cl_trace_elem_type_size(x->type);
  if (x->type == CU2CL_TRACE_UNKNOWN && from->elem_size > 0 &&
      x->o->nbytes % from->elem_size == 0)
    x->esize = from->elem_size;
  if (x->o->nbytes % x->esize) {
    x->type = CU2CL_TRACE_UNKNOWN;
    x->esize = 1;
  }
  x->lanes = 1;
  if (x->type && from->elem_type == x->type && from->elem_size > x->esize &&
      from->elem_size % x->esize == 0 && from->elem_size / x->esize <= 4)
    x->lanes = (size_t)(from->elem_size / x->esize);
  x->count = x->o->nbytes / x->esize;
  if (to && tp && to != tp)
    fprintf(c->out,
            "note: transfer #%zu: the element types differ: original %s, "
            "ported %s; compared as %s (the original's)\n",
            x->index, cu2cl_trace_elem_type_name(to),
            cu2cl_trace_elem_type_name(tp), cu2cl_trace_elem_type_name(to));
  if ((x->o->kind & CU2CL_TRACE_COPY_KIND_MASK) !=
          (x->p->kind & CU2CL_TRACE_COPY_KIND_MASK) &&
      (x->p->kind & CU2CL_TRACE_COPY_KIND_MASK) != CU2CL_TRACE_COPY_OTHER)
    fprintf(c->out,
            "note: transfer #%zu: the original made it as a %s, the port as "
            "a %s\n",
            x->index, kind_name(x->o->kind), kind_name(x->p->kind));
}

static elem_err compare_elem(cmp *c, const xfer *x, uint64_t i) {
  const unsigned char *po = x->o->data + i * x->esize;
  const unsigned char *pp = x->p->data + i * x->esize;
  if (x->type == CU2CL_TRACE_UNKNOWN) {
    elem_err e = {!memcmp(po, pp, x->esize), NAN, NAN, UINT64_MAX};
    return e;
  }
  value o = load(x->type, po), p = load(x->type, pp);
  return is_float_type(x->type) ? compare_float(c->opt, x->type, o, p)
                                : compare_int(x->type, o, p);
}

static void print_header(cmp *c, const xfer *x) {
  fprintf(c->out, "\ntransfer #%zu diverges%s: ", x->index,
          is_listed(c->opt->unordered, c->opt->n_unordered, x->index)
              ? " (compared as sorted multisets, --unordered)"
              : "");
  if (x->status == XFER_SIZE)
    fprintf(c->out,
            "the sizes differ (original %" PRIu64 " bytes, ported %" PRIu64
            " bytes)\n",
            x->o->nbytes, x->p->nbytes);
  else if (x->type)
    fprintf(c->out, "%" PRIu64 " of %" PRIu64 " %s elements differ%s\n",
            x->n_bad, x->count, cu2cl_trace_elem_type_name(x->type),
            is_float_type(x->type) ? " beyond the tolerance" : "");
  else
    fprintf(c->out,
            "%" PRIu64 " of %" PRIu64 " untyped %" PRIu64
            "-byte elements differ (compared bytewise)\n",
            x->n_bad, x->count, x->esize);
  print_site(c->out, "original:", x->o);
  print_site(c->out, "ported:", x->p);
}

static void print_tolerance(cmp *c, unsigned t) {
  const cu2cl_validate_options *o = c->opt;
  fprintf(c->out, "tolerance: rtol %g, atol %g, %" PRIu64 " ulp", o->rtol[t],
          o->atol[t], o->ulp[t]);
}

static void print_element(cmp *c, const xfer *x, uint64_t i, elem_err e) {
  char a[64], b[64];
  FILE *out = c->out;
  fprintf(out, "  element %" PRIu64, i);
  if (x->lanes > 1)
    fprintf(out, " ([%" PRIu64 "].%c)", i / x->lanes, "xyzw"[i % x->lanes]);
  else if (!x->type && x->esize > 1)
    fprintf(out, " (bytes %" PRIu64 "..%" PRIu64 ")", i * x->esize,
            (i + 1) * x->esize - 1);
  const unsigned char *po = x->o->data + i * x->esize;
  const unsigned char *pp = x->p->data + i * x->esize;
  if (!x->type) {
    fprintf(out, ": original %s, ported %s\n",
            format_bytes(po, x->esize, a, sizeof a),
            format_bytes(pp, x->esize, b, sizeof b));
    return;
  }
  fprintf(out, ": original %s, ported %s\n",
          format_value(x->type, load(x->type, po), a, sizeof a),
          format_value(x->type, load(x->type, pp), b, sizeof b));
  fprintf(out, "    error: abs %.3g, rel %.3g", e.abs, e.rel);
  if (is_float_type(x->type)) {
    if (e.ulp != UINT64_MAX)
      fprintf(out, ", %" PRIu64 " ulp", e.ulp);
    fputs("; ", out);
    print_tolerance(c, x->type);
  } else {
    fputs(" (integers must match exactly)", out);
  }
  fputc('\n', out);
}

static void note_stat(xfer *x, elem_err e) {
  if (!isnan(e.abs) && e.abs > x->max_abs)
    x->max_abs = e.abs;
  if (!isnan(e.rel) && e.rel > x->max_rel)
    x->max_rel = e.rel;
  if (e.ulp != UINT64_MAX && e.ulp > x->max_ulp)
    x->max_ulp = e.ulp;
}

/* ---- --unordered: elements sorted by value before comparing ---- */

typedef struct sort_ctx {
  unsigned type;
  size_t esize, lanes;
} sort_ctx;

static int cmp_scalar(unsigned type, const unsigned char *a,
                      const unsigned char *b) {
  value va = load(type, a), vb = load(type, b);
  if (is_float_type(type)) {
    if (isnan(va.f) || isnan(vb.f)) /* NaNs last */
      return isnan(va.f) - isnan(vb.f);
    return (va.f > vb.f) - (va.f < vb.f);
  }
  if (is_signed_type(type))
    return (va.i > vb.i) - (va.i < vb.i);
  return (va.u > vb.u) - (va.u < vb.u);
}

static int cmp_element(const void *a, const void *b, void *arg) {
  const sort_ctx *s = arg;
  if (s->type == CU2CL_TRACE_UNKNOWN)
    return memcmp(a, b, s->esize * s->lanes);
  for (size_t l = 0; l < s->lanes; l++) {
    int r = cmp_scalar(s->type, (const unsigned char *)a + l * s->esize,
                       (const unsigned char *)b + l * s->esize);
    if (r)
      return r;
  }
  return 0;
}

static void compare_contents(cmp *c, xfer *x);

/* Compares sorted copies of both sides' elements; the report's element
 * numbers are then positions in sorted order. */
static void compare_sorted(cmp *c, xfer *x) {
  sort_ctx s = {x->type, x->esize, x->lanes};
  size_t unit = x->esize * x->lanes, n = x->o->nbytes / unit;
  cu2cl_trace_copy_rec o = *x->o, p = *x->p;
  unsigned char *od = xmalloc(o.nbytes ? o.nbytes : 1),
                *pd = xmalloc(p.nbytes ? p.nbytes : 1);
  memcpy(od, o.data, o.nbytes);
  memcpy(pd, p.data, p.nbytes);
  qsort_r(od, n, unit, cmp_element, &s);
  qsort_r(pd, n, unit, cmp_element, &s);
  o.data = od;
  p.data = pd;
  const cu2cl_trace_copy_rec *keep_o = x->o, *keep_p = x->p;
  x->o = &o;
  x->p = &p;
  compare_contents(c, x);
  x->o = keep_o;
  x->p = keep_p;
  free(od);
  free(pd);
}

static void compare_contents(cmp *c, xfer *x) {
  uint64_t listed = 0;
  for (uint64_t i = 0; i < x->count; i++) {
    elem_err e = compare_elem(c, x, i);
    note_stat(x, e);
    if (e.ok)
      continue;
    if (!x->n_bad++)
      x->first_bad = i;
  }
  if (!x->n_bad)
    return;
  if ((double)x->n_bad <= c->opt->allow_diff * (double)x->count) {
    x->status = XFER_ALLOWED;
    return;
  }
  x->status = XFER_DIFF;
  if (!c->budget)
    return;
  print_header(c, x);
  for (uint64_t i = x->first_bad; i < x->count && c->budget; i++) {
    elem_err e = compare_elem(c, x, i);
    if (e.ok)
      continue;
    print_element(c, x, i, e);
    c->budget--;
    listed++;
  }
  if (listed < x->n_bad)
    fprintf(c->out, "  ... %" PRIu64 " more (--max-report N lists more)\n",
            x->n_bad - listed);
}

static void compare_pair(cmp *c, xfer *x) {
  x->max_ulp = 0;
  if (!x->o || !x->p) {
    x->status = x->o ? XFER_MISSING : XFER_EXTRA;
    return;
  }
  choose_type(c, x);
  if (x->o->nbytes != x->p->nbytes) {
    x->status = XFER_SIZE;
    if (c->budget) {
      print_header(c, x);
      c->budget--;
    }
    return;
  }
  if (is_listed(c->opt->skip, c->opt->n_skip, x->index)) {
    x->status = XFER_SKIPPED;
    return;
  }
  if (is_listed(c->opt->unordered, c->opt->n_unordered, x->index) &&
      x->o->nbytes % (x->esize * x->lanes) == 0)
    compare_sorted(c, x);
  else
    compare_contents(c, x);
}

/* "the ported program made 2 more transfers than the original; the first
 * extra one is #5 ..." */
static void print_count_mismatch(cmp *c, const cu2cl_tracefile *o,
                                 const cu2cl_tracefile *p) {
  int more = p->n_copies > o->n_copies;
  size_t n = more ? p->n_copies - o->n_copies : o->n_copies - p->n_copies;
  size_t first = more ? o->n_copies : p->n_copies;
  const cu2cl_trace_copy_rec *r = more ? &p->copies[first] : &o->copies[first];
  fprintf(c->out,
          "\nthe ported program made %zu %s transfer%s than the original; "
          "the first %s is #%zu:\n",
          n, more ? "more" : "fewer", n == 1 ? "" : "s",
          more ? "extra one" : "missing one", first);
  print_site(c->out, more ? "ported:" : "original:", r);
}

/* ==== Summary ============================================================ */

static const char *short_site(const cu2cl_trace_copy_rec *r, char *buf,
                              size_t size) {
  if (!r)
    return "-";
  if (!r->file[0])
    return "?";
  snprintf(buf, size, "%s:%u", path_basename(r->file), r->line);
  return buf;
}

static const char *status_text(const xfer *x, char *buf, size_t size) {
  switch (x->status) {
  case XFER_OK:
    return "ok";
  case XFER_DIFF:
    snprintf(buf, size, "DIFF %" PRIu64, x->n_bad);
    return buf;
  case XFER_SIZE:
    return "SIZE";
  case XFER_MISSING:
    return "MISSING";
  case XFER_EXTRA:
    return "EXTRA";
  case XFER_SKIPPED:
    return "skipped";
  case XFER_ALLOWED:
    snprintf(buf, size, "ok, %" PRIu64 " differ", x->n_bad);
    return buf;
  }
  return "?";
}

static void print_row(cmp *c, const xfer *x) {
  char so[64], sp[64], ty[32], st[32], ea[16] = "-", er[16] = "-", eu[24] = "-";
  const cu2cl_trace_copy_rec *r = x->o ? x->o : x->p;
  int compared = x->status == XFER_OK || x->status == XFER_DIFF ||
                 x->status == XFER_ALLOWED;
  if (x->lanes > 1)
    snprintf(ty, sizeof ty, "%sx%zu", cu2cl_trace_elem_type_name(x->type),
             x->lanes);
  else
    snprintf(ty, sizeof ty, "%s",
             cu2cl_trace_elem_type_name(compared ? x->type : r->elem_type));
  if (compared && x->type) {
    snprintf(ea, sizeof ea, "%.3g", x->max_abs);
    snprintf(er, sizeof er, "%.3g", x->max_rel);
    if (is_float_type(x->type))
      snprintf(eu, sizeof eu, "%" PRIu64, x->max_ulp);
  }
  fprintf(c->out,
          "%5zu  %-22.22s %-22.22s %-7s %10" PRIu64 " %11" PRIu64
          " %11s %11s %8s  %s\n",
          x->index, short_site(x->o, so, sizeof so),
          short_site(x->p, sp, sizeof sp), ty, compared ? x->count : 0,
          r->nbytes, ea, er, eu, status_text(x, st, sizeof st));
}

/* Shows every diverging row and the first matching ones up to
 * opt->table_rows rows. */
static void print_table(cmp *c, const xfer *xs, size_t n) {
  fprintf(c->out, "\n%5s  %-22s %-22s %-7s %10s %11s %11s %11s %8s  %s\n", "#",
          "original site", "ported site", "type", "elements", "bytes",
          "max abs err", "max rel err", "max ulp", "result");
  size_t shown = 0, hidden = 0;
  for (size_t i = 0; i < n; i++) {
    int bad = xs[i].status != XFER_OK; /* skipped and allowed rows too */
    if (bad || shown < c->opt->table_rows) {
      print_row(c, &xs[i]);
      shown++;
    } else {
      hidden++;
    }
  }
  if (hidden)
    fprintf(c->out,
            "  ... %zu more matching transfers (--table-rows N "
            "shows more)\n",
            hidden);
}

/* ==== Stdout ============================================================= */

static int number_start(const char *s) {
  return (s[0] >= '0' && s[0] <= '9') ||
         ((s[0] == '-' || s[0] == '+' || s[0] == '.') &&
          ((s[1] >= '0' && s[1] <= '9') ||
           (s[1] == '.' && s[2] >= '0' && s[2] <= '9')));
}

/* Whether two lines are equal, numbers compared within the f32
 * tolerance (printed numbers rarely carry more precision). */
static int lines_match(const cu2cl_validate_options *opt, const char *a,
                       size_t na, const char *b, size_t nb) {
  char *sa = xstrndup(a, na), *sb = xstrndup(b, nb), *pa = sa, *pb = sb;
  int ok = 1;
  while (ok && (*pa || *pb)) {
    if (number_start(pa) && number_start(pb)) {
      char *ea, *eb;
      double x = strtod(pa, &ea), y = strtod(pb, &eb);
      double tol =
          opt->atol[CU2CL_TRACE_F32] + opt->rtol[CU2CL_TRACE_F32] * fabs(x);
      ok = ea > pa && eb > pb &&
           (x == y || fabs(x - y) <= tol || (isnan(x) && isnan(y)));
      pa = ea;
      pb = eb;
    } else {
      ok = *pa++ == *pb++;
    }
  }
  free(sa);
  free(sb);
  return ok;
}

/* Next line of s[*pos..n): start and length (without '\n'); 0 at the end. */
static int next_line(const char *s, size_t n, size_t *pos, const char **line,
                     size_t *len) {
  if (*pos >= n)
    return 0;
  const char *nl = memchr(s + *pos, '\n', n - *pos);
  *line = s + *pos;
  *len = nl ? (size_t)(nl - *line) : n - *pos;
  *pos += *len + 1;
  return 1;
}

/* Returns the number of differing lines (notes printed up to budget). */
static size_t compare_stdout(cmp *c, const cu2cl_tracefile *o,
                             const cu2cl_tracefile *p) {
  size_t io = 0, ip = 0, lo, lp, lineno = 0, ndiff = 0, shown = 0;
  const char *so, *sp;
  for (;;) {
    int ho = next_line(o->out, o->out_len, &io, &so, &lo);
    int hp = next_line(p->out, p->out_len, &ip, &sp, &lp);
    if (!ho && !hp)
      break;
    lineno++;
    if (ho && hp && lines_match(c->opt, so, lo, sp, lp))
      continue;
    if (ndiff++ == 0)
      fputc('\n', c->out);
    if (shown++ >= c->opt->max_report)
      continue;
    fprintf(c->out, "note: stdout line %zu differs:\n", lineno);
    fprintf(c->out, "  original: %s%.*s%s\n", ho ? "\"" : "", ho ? (int)lo : 12,
            ho ? so : "(no line)", ho ? "\"" : "");
    fprintf(c->out, "  ported:   %s%.*s%s\n", hp ? "\"" : "", hp ? (int)lp : 12,
            hp ? sp : "(no line)", hp ? "\"" : "");
  }
  if (ndiff)
    fprintf(c->out, "stdout: %zu of %zu lines differ%s\n", ndiff, lineno,
            c->opt->strict_stdout
                ? ""
                : " (notes only; --strict-stdout makes them failures)");
  else
    fprintf(c->out, "\nstdout: %zu line%s, %s\n", lineno,
            lineno == 1 ? "" : "s",
            o->out_len == p->out_len && !memcmp(o->out, p->out, o->out_len)
                ? "identical"
                : "equal up to numbers within the f32 tolerance");
  return ndiff;
}

/* ==== The comparison ===================================================== */

void cu2cl_validate_options_init(cu2cl_validate_options *opt) {
  memset(opt, 0, sizeof *opt);
  /* Relative: f32 1e-5 is ~84 ulp, room for FMA contraction and the math
   * libraries' few-ulp differences over a chain of operations, far below
   * the error a wrong index or a lost update makes. f64 1e-12 likewise.
   * Absolute: the smallest normal number, so that flushing denormals to
   * zero (fast math on GPUs) is no divergence. */
  opt->rtol[CU2CL_TRACE_F16] = 5e-3;
  opt->rtol[CU2CL_TRACE_BF16] = 4e-2;
  opt->rtol[CU2CL_TRACE_F32] = 1e-5;
  opt->rtol[CU2CL_TRACE_F64] = 1e-12;
  opt->atol[CU2CL_TRACE_F16] = 6.103515625e-05;
  opt->atol[CU2CL_TRACE_BF16] = FLT_MIN;
  opt->atol[CU2CL_TRACE_F32] = FLT_MIN;
  opt->atol[CU2CL_TRACE_F64] = DBL_MIN;
  opt->ulp[CU2CL_TRACE_F16] = 2;
  opt->ulp[CU2CL_TRACE_BF16] = 2;
  opt->ulp[CU2CL_TRACE_F32] = 4;
  opt->ulp[CU2CL_TRACE_F64] = 16;
  opt->max_report = 1;
  opt->table_rows = 50;
}

static const char *producer_name(unsigned p) {
  return p == CU2CL_TRACE_PRODUCER_CUDA      ? "CUDA"
         : p == CU2CL_TRACE_PRODUCER_CU2CLRT ? "cu2clrt"
                                             : "other";
}

static void print_trace_line(FILE *out, const char *label,
                             const cu2cl_tracefile *t) {
  fprintf(out, "%-9s %s [%s trace %s: %zu transfers, %" PRIu64 " bytes%s]\n",
          label, t->program[0] ? t->program : "(unnamed program)",
          producer_name(t->producer), t->path, t->n_copies, t->copied_bytes,
          t->complete ? "" : ", TRUNCATED");
}

static void print_verdict(cmp *c, const cu2cl_tracefile *o,
                          const cu2cl_tracefile *p, const xfer *xs, size_t n,
                          int stdout_fail) {
  uint64_t bytes = 0;
  for (size_t i = 0; i < n; i++)
    if (xs[i].o && xs[i].p && xs[i].o->nbytes == xs[i].p->nbytes)
      bytes += xs[i].o->nbytes;
  fprintf(c->out,
          "\ntransfers compared: %zu (original %zu, ported %zu), %" PRIu64
          " bytes\n",
          o->n_copies < p->n_copies ? o->n_copies : p->n_copies, o->n_copies,
          p->n_copies, bytes);
  size_t skipped = 0, allowed = 0;
  for (size_t i = 0; i < n; i++) {
    skipped += xs[i].status == XFER_SKIPPED;
    allowed += xs[i].status == XFER_ALLOWED;
  }
  if (!c->n_diverged && !stdout_fail) {
    if (!skipped && !allowed) {
      fprintf(c->out, "PASS: every transfer matches\n");
      return;
    }
    fprintf(c->out, "PASS: every compared transfer matches");
    if (allowed)
      fprintf(c->out, "; %zu within --allow-diff %g", allowed,
              c->opt->allow_diff);
    if (skipped)
      fprintf(c->out, "; %zu skipped (--skip)", skipped);
    fputc('\n', c->out);
    return;
  }
  fprintf(c->out, "FAIL:");
  if (c->n_diverged)
    fprintf(c->out, " %zu of %zu transfers diverge", c->n_diverged, n);
  if (c->first && c->first->status == XFER_DIFF)
    fprintf(c->out, "; first: transfer #%zu, element %" PRIu64, c->first->index,
            c->first->first_bad);
  else if (c->first)
    fprintf(c->out, "; first: transfer #%zu (%s)", c->first->index,
            c->first->status == XFER_SIZE ? "size" : "count");
  if (stdout_fail)
    fprintf(c->out, "%s stdout differs", c->n_diverged ? ";" : "");
  fputc('\n', c->out);
}

int cu2cl_validate_compare(const cu2cl_tracefile *original,
                           const cu2cl_tracefile *ported,
                           const cu2cl_validate_options *opt, FILE *out) {
  cmp c = {opt, out, opt->max_report ? opt->max_report : 1, 0, NULL};
  size_t n = original->n_copies > ported->n_copies ? original->n_copies
                                                   : ported->n_copies;
  xfer *xs = xcalloc(n ? n : 1, sizeof *xs);
  print_trace_line(out, "original:", original);
  print_trace_line(out, "ported:", ported);
  for (size_t i = 0; i < n; i++) {
    xfer *x = &xs[i];
    x->index = i;
    x->o = i < original->n_copies ? &original->copies[i] : NULL;
    x->p = i < ported->n_copies ? &ported->copies[i] : NULL;
    compare_pair(&c, x);
    if (XFER_BAD(x->status) && !c.n_diverged++)
      c.first = x;
  }
  if (original->n_copies != ported->n_copies)
    print_count_mismatch(&c, original, ported);
  int stdout_fail = 0;
  if (original->has_stdout && ported->has_stdout)
    stdout_fail = compare_stdout(&c, original, ported) && opt->strict_stdout;
  else if (original->has_stdout || ported->has_stdout)
    fprintf(out, "\nnote: stdout not compared: only the %s trace holds it\n",
            original->has_stdout ? "original" : "ported");
  if (n)
    print_table(&c, xs, n);
  else
    fprintf(out, "\nnote: neither trace holds a transfer: nothing was "
                 "compared\n");
  print_verdict(&c, original, ported, xs, n, stdout_fail);
  free(xs);
  return c.n_diverged || stdout_fail ? 1 : 0;
}

/* ==== The one-shot runner ================================================ */

/* One side of a comparison: a trace file, or a command to record one. */
typedef struct side {
  const char *label; /* "original" / "ported" */
  const char *cmd;   /* NULL: trace names a file to read */
  const char *trace;
  const char *save; /* --save-*: record into this file and keep it */
  char *tmp;        /* the temporary trace, removed at the end */
  int status;       /* wait status of the command */
  strbuf out;       /* its stdout */
  cu2cl_tracefile *t;
  cu2cl_trace_status st;
  char *error;
} side;

/* Reads the command's stdout from fd into s->out, echoing it line by line
 * with a prefix. */
static void pump(side *s, int fd, int echo) {
  char buf[8192];
  int at_start = 1;
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    strbuf_appendn(&s->out, buf, (size_t)n);
    for (ssize_t i = 0; echo && i < n; i++) {
      if (at_start)
        printf("%s| ", s->label);
      putchar(buf[i]);
      at_start = buf[i] == '\n';
    }
  }
  if (echo && !at_start)
    putchar('\n');
  fflush(stdout);
}

static char *temp_trace(void) {
  const char *dir = getenv("TMPDIR");
  char *path =
      xasprintf("%s/cu2cl-validate-XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0) {
    free(path);
    return NULL;
  }
  close(fd);
  return path;
}

/* Runs s->cmd through /bin/sh -c with CU2CL_TRACE set. Returns 0 when the
 * command ran (whatever its status), -1 when it could not be started. */
static int run_side(side *s, int echo) {
  if (!s->save && !(s->tmp = temp_trace()))
    return -1;
  s->trace = s->save ? s->save : s->tmp;
  if (s->save)
    unlink(s->save); /* a stale trace must not pass for this run's */
  int fds[2];
  if (pipe(fds))
    return -1;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], STDOUT_FILENO);
    close(fds[1]);
    setenv("CU2CL_TRACE", s->trace, 1);
    execl("/bin/sh", "sh", "-c", s->cmd, (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  pump(s, fds[0], echo);
  close(fds[0]);
  while (waitpid(pid, &s->status, 0) < 0 && errno == EINTR) {
  }
  return 0;
}

/* The shell reports a program killed by signal N as status 128 + N. */
static char *describe_status(int status) {
  if (WIFSIGNALED(status))
    return xasprintf("was killed by signal %d (%s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
  int code = WEXITSTATUS(status);
  if (code > 128 && code < 128 + 65)
    return xasprintf("exited with status %d (the shell's report of signal "
                     "%d, %s)",
                     code, code - 128, strsignal(code - 128));
  return xasprintf("exited with status %d", code);
}

/* Keeps the captured stdout with the trace: in its file when the trace is
 * complete, else (a truncated trace cannot take a record) in memory. */
static void attach_stdout(side *s) {
  const char *text = s->out.data ? s->out.data : "";
  cu2cl_tracefile *t = s->t;
  if (t->complete && !cu2cl_tracefile_append_stdout(t, text, s->out.len))
    return;
  if (t->complete)
    fprintf(stderr, "cu2cl validate: warning: cannot add stdout to %s: %s\n",
            s->trace, strerror(errno));
  free(t->out);
  t->out = xstrndup(text, s->out.len);
  t->out_len = s->out.len;
  t->has_stdout = 1;
}

/* Reads the side's trace; for a command, attaches its stdout. */
static void load_side(side *s) {
  struct stat sb;
  if (s->cmd && (stat(s->trace, &sb) || sb.st_size == 0)) {
    s->st = CU2CL_TRACE_EFORMAT;
    s->error = xasprintf(
        "the %s command wrote no trace (is the program built with tracing, "
        "cu2cl_trace_cuda.h or cu2clrt, and does it reach a traced call?)",
        s->label);
    return;
  }
  s->st = cu2cl_tracefile_read(s->trace, &s->t, &s->error);
  if (!s->cmd || !s->t)
    return;
  attach_stdout(s);
  if (s->tmp) { /* name it for the report: the file will be gone */
    free(s->t->path);
    s->t->path = xasprintf("(temporary) %s", s->tmp);
  }
}

static void side_free(side *s) {
  if (s->tmp) {
    unlink(s->tmp);
    free(s->tmp);
  }
  strbuf_free(&s->out);
  cu2cl_tracefile_delete(s->t);
  free(s->error);
}

/* The exit status when a side is unusable, -1 when it can be compared. A
 * failing port is a divergence; a failing original makes validation
 * impossible. */
static int judge_side(side *s, int is_ported) {
  char *how = s->cmd ? describe_status(s->status) : NULL;
  int failed = s->cmd && s->status != 0;
  int rc = -1;
  if (s->st != CU2CL_TRACE_OK) {
    fprintf(stderr, "cu2cl validate: error: %s\n", s->error);
    if (how)
      fprintf(stderr, "cu2cl validate: note: the %s command %s\n", s->label,
              how);
    rc = is_ported && failed ? 1 : 2;
    if (rc == 1 && s->st == CU2CL_TRACE_ETRUNCATED && s->t)
      rc = -1; /* a crashed port: compare what it wrote before it stopped */
  }
  free(how);
  return rc;
}

/* Compares statuses of two commands; prints and returns 1 on a mismatch. A
 * trace file stands for an original that ran to its end (its trace is
 * complete, or it would have been refused): a port that fails then
 * diverges. */
static int compare_status(const side *o, const side *p) {
  if (!p->cmd || (o->cmd ? o->status == p->status : p->status == 0))
    return 0;
  if (!o->cmd) {
    char *sp = describe_status(p->status);
    printf("FAIL: the ported command %s\n", sp);
    free(sp);
    return 1;
  }
  char *so = describe_status(o->status), *sp = describe_status(p->status);
  printf("FAIL: the original command %s, the ported command %s\n", so, sp);
  free(so);
  free(sp);
  return 1;
}

static int run_and_compare(side *o, side *p, const cu2cl_validate_options *opt,
                           int echo) {
  side *sides[2] = {o, p};
  for (int i = 0; i < 2; i++) {
    if (sides[i]->cmd && run_side(sides[i], echo)) {
      fprintf(stderr, "cu2cl validate: error: cannot run the %s command: %s\n",
              sides[i]->label, strerror(errno));
      return 2;
    }
    load_side(sides[i]);
  }
  int rc = judge_side(o, 0);
  if (rc < 0)
    rc = judge_side(p, 1);
  if (rc >= 0)
    return rc;
  if (p->st == CU2CL_TRACE_ETRUNCATED)
    printf("note: the ported trace is truncated; comparing the %zu "
           "transfers it holds\n",
           p->t->n_copies);
  rc = cu2cl_validate_compare(o->t, p->t, opt, stdout);
  if (compare_status(o, p) || p->st != CU2CL_TRACE_OK)
    rc = 1;
  return rc;
}

/* --record TRACE CMD */
static int record_only(const char *trace, const char *cmd) {
  side s = {"program", cmd, NULL, trace, NULL, 0, {0}, NULL, 0, NULL};
  int rc = 2;
  if (run_side(&s, 1)) {
    fprintf(stderr, "cu2cl validate: error: cannot run the command: %s\n",
            strerror(errno));
  } else {
    load_side(&s);
    if (s.st != CU2CL_TRACE_OK) {
      fprintf(stderr, "cu2cl validate: error: %s\n", s.error);
    } else {
      char *how = describe_status(s.status);
      printf("recorded %s: %zu transfers, %" PRIu64
             " bytes, %zu bytes of stdout; the command %s\n",
             trace, s.t->n_copies, s.t->copied_bytes, s.t->out_len, how);
      free(how);
      rc = s.status == 0 ? 0 : 1;
    }
  }
  side_free(&s);
  return rc;
}

/* ==== Command line ======================================================= */

static const char usage[] =
    "usage: cu2cl validate [options] ORIGINAL_TRACE PORTED_TRACE\n"
    "       cu2cl validate [options] --original 'CMD ARGS' --ported 'CMD "
    "ARGS'\n"
    "       cu2cl validate --record TRACE 'CMD ARGS'\n"
    "\n"
    "Compares what a CUDA program and its port copied back from the device\n"
    "(traces written with CU2CL_TRACE=FILE; docs/validation.md). The first\n"
    "form compares two traces; the second runs both commands through\n"
    "/bin/sh -c with CU2CL_TRACE set to temporary files, captures their "
    "stdout\n"
    "and compares (a trace file argument may stand for either command); the\n"
    "third records a trace with the command's stdout.\n"
    "\n"
    "Options:\n"
    "  --original CMD, --ported CMD   the commands to run\n"
    "  --save-original FILE, --save-ported FILE\n"
    "                     keep the recorded traces (with stdout) in FILE\n"
    "  --rtol [TYPE=]X    relative tolerance (TYPE: f16, bf16, f32, f64;\n"
    "                     default all of them; defaults f32 1e-5, f64 "
    "1e-12)\n"
    "  --atol [TYPE=]X    absolute tolerance (default: the type's smallest\n"
    "                     normal number)\n"
    "  --ulp [TYPE=]N     units in the last place (defaults f32 4, f64 16)\n"
    "  --exact            floating point must match bitwise (NaN = NaN)\n"
    "  --unknown-as TYPE  compare untyped transfers as TYPE (f32, i32, ...)\n"
    "  --skip N[,N...]    do not compare transfers N (data that depends on\n"
    "                     the order threads ran in); they must still exist\n"
    "  --unordered N[,N...]  compare transfers N as multisets (sorted):\n"
    "                     results whose order depends on scheduling\n"
    "  --allow-diff F     a transfer passes when at most the fraction F of "
    "its\n"
    "                     elements differ (chaotic computations; default 0)\n"
    "  --max-report N     list up to N differing elements (default 1)\n"
    "  --table-rows N     summary rows before matching rows are elided "
    "(50)\n"
    "  --strict-stdout    differing stdout fails (default: notes)\n"
    "  --no-echo          do not show the commands' stdout\n"
    "  -h, --help         show this help\n"
    "\n"
    "Exit status: 0 the programs match, 1 they diverge, 2 unusable input.\n";

typedef struct vargs {
  cu2cl_validate_options opt;
  side o, p;
  const char *record;
  const char *pos[3];
  int npos;
  int echo;
} vargs;

static int usage_error(const char *fmt, const char *arg) {
  fputs("cu2cl validate: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\nTry 'cu2cl validate --help'.\n", stderr);
  return 2;
}

static unsigned type_by_name(const char *name, size_t n) {
  for (unsigned t = 1; t < CU2CL_TRACE_ELEM_TYPE_COUNT; t++) {
    const char *tn = cu2cl_trace_elem_type_name(t);
    if (strlen(tn) == n && !strncmp(tn, name, n))
      return t;
  }
  return 0;
}

/* "[TYPE=]X" for --rtol (which 0), --atol (1), --ulp (2). */
static int set_tolerance(cu2cl_validate_options *opt, int which,
                         const char *v) {
  const char *eq = strchr(v, '=');
  unsigned only = eq ? type_by_name(v, (size_t)(eq - v)) : 0;
  if (eq && !is_float_type(only))
    return -1;
  const char *num = eq ? eq + 1 : v;
  char *end;
  double x = strtod(num, &end);
  if (end == num || *end || !(x >= 0) || isinf(x))
    return -1;
  for (unsigned t = 0; t < CU2CL_TRACE_ELEM_TYPE_COUNT; t++) {
    if (!is_float_type(t) || (only && t != only))
      continue;
    if (which == 0)
      opt->rtol[t] = x;
    else if (which == 1)
      opt->atol[t] = x;
    else
      opt->ulp[t] = x >= 1.8e19 ? UINT64_MAX : (uint64_t)x;
  }
  return 0;
}

static const char *value_of(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n))
    return NULL;
  if (a[n] == '=')
    return a + n + 1;
  if (a[n] == 0 && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

static int parse_count(const char *v, size_t *out) {
  char *end;
  long long n = v ? strtoll(v, &end, 10) : -1;
  if (!v || *end || n < 1)
    return -1;
  *out = (size_t)n;
  return 0;
}

/* "3,7": transfer numbers as the report shows them, appended to list. */
static int parse_indices(size_t *list, size_t *n, const char *v) {
  if (!*v)
    return -1;
  while (*v) {
    char *end;
    if (*v < '0' || *v > '9')
      return -1;
    unsigned long long k = strtoull(v, &end, 10);
    if ((*end && *end != ',') || *n == CU2CL_VALIDATE_MAX_SKIP)
      return -1;
    list[(*n)++] = (size_t)k;
    v = *end ? end + 1 : end;
  }
  return 0;
}

/* One option at argv[*i]; returns -1 to go on, else an exit status. */
static int parse_option(vargs *a, int argc, char **argv, int *i) {
  const char *s = argv[*i], *v;
  static const char *const tols[] = {"--rtol", "--atol", "--ulp"};
  for (int k = 0; k < 3; k++)
    if (!strncmp(s, tols[k], strlen(tols[k])) &&
        (s[strlen(tols[k])] == 0 || s[strlen(tols[k])] == '='))
      return (v = value_of(argc, argv, i, tols[k])) &&
                     !set_tolerance(&a->opt, k, v)
                 ? -1
                 : usage_error("invalid value for %s", tols[k]);
  if ((v = value_of(argc, argv, i, "--original")))
    a->o.cmd = v;
  else if ((v = value_of(argc, argv, i, "--ported")))
    a->p.cmd = v;
  else if ((v = value_of(argc, argv, i, "--save-original")))
    a->o.save = v;
  else if ((v = value_of(argc, argv, i, "--save-ported")))
    a->p.save = v;
  else if ((v = value_of(argc, argv, i, "--record")))
    a->record = v;
  else if ((v = value_of(argc, argv, i, "--unknown-as"))) {
    if (!(a->opt.unknown_as = type_by_name(v, strlen(v))))
      return usage_error("unknown element type '%s' (f32, f64, i32, ...)", v);
  } else if ((v = value_of(argc, argv, i, "--max-report"))) {
    if (parse_count(v, &a->opt.max_report))
      return usage_error("invalid value '%s' for --max-report", v);
  } else if ((v = value_of(argc, argv, i, "--skip"))) {
    if (parse_indices(a->opt.skip, &a->opt.n_skip, v))
      return usage_error("invalid value '%s' for --skip (transfer numbers, "
                         "comma-separated)",
                         v);
  } else if ((v = value_of(argc, argv, i, "--unordered"))) {
    if (parse_indices(a->opt.unordered, &a->opt.n_unordered, v))
      return usage_error("invalid value '%s' for --unordered (transfer "
                         "numbers, comma-separated)",
                         v);
  } else if ((v = value_of(argc, argv, i, "--allow-diff"))) {
    char *end;
    double f = strtod(v, &end);
    if (*end || !(f >= 0 && f <= 1))
      return usage_error("invalid value '%s' for --allow-diff (a fraction "
                         "from 0 to 1)",
                         v);
    a->opt.allow_diff = f;
  } else if ((v = value_of(argc, argv, i, "--table-rows"))) {
    if (parse_count(v, &a->opt.table_rows))
      return usage_error("invalid value '%s' for --table-rows", v);
  } else if (!strcmp(s, "--exact")) {
    memset(a->opt.rtol, 0, sizeof a->opt.rtol);
    memset(a->opt.atol, 0, sizeof a->opt.atol);
    memset(a->opt.ulp, 0, sizeof a->opt.ulp);
  } else if (!strcmp(s, "--strict-stdout")) {
    a->opt.strict_stdout = 1;
  } else if (!strcmp(s, "--no-echo")) {
    a->echo = 0;
  } else if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
    fputs(usage, stdout);
    return 0;
  } else {
    return usage_error("unknown option or missing value: '%s'", s);
  }
  return -1;
}

static int parse_vargs(vargs *a, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-' && argv[i][1]) {
      int rc = parse_option(a, argc, argv, &i);
      if (rc >= 0)
        return rc;
    } else if (a->npos < 3) {
      a->pos[a->npos++] = argv[i];
    } else {
      return usage_error("too many arguments ('%s')", argv[i]);
    }
  }
  if (a->record)
    return a->npos == 1 && !a->o.cmd && !a->p.cmd
               ? -1
               : usage_error("%s", "--record takes one command and no other "
                                   "trace or command");
  side *need[2] = {&a->o, &a->p};
  int k = 0;
  for (int s = 0; s < 2; s++)
    if (!need[s]->cmd && k < a->npos)
      need[s]->trace = a->pos[k++];
  if (k != a->npos || !(a->o.cmd || a->o.trace) || !(a->p.cmd || a->p.trace))
    return usage_error("%s", "give two traces, or --original and --ported "
                             "commands (a trace may stand for either)");
  if ((a->o.save && !a->o.cmd) || (a->p.save && !a->p.cmd))
    return usage_error("%s", "--save-original/--save-ported need the "
                             "matching command");
  return -1;
}

int cu2cl_validate_main(int argc, char **argv) {
  vargs a;
  memset(&a, 0, sizeof a);
  cu2cl_validate_options_init(&a.opt);
  a.o.label = "original";
  a.p.label = "ported";
  a.echo = 1;
  int rc = parse_vargs(&a, argc, argv);
  if (rc >= 0)
    return rc;
  if (a.record)
    return record_only(a.record, a.pos[0]);
  rc = run_and_compare(&a.o, &a.p, &a.opt, a.echo);
  side_free(&a.o);
  side_free(&a.p);
  return rc;
}
