/*
 * trace_reader: reads and checks a trace; see trace_reader.h. The reader
 * walks the records once, front to back, and stops at the first thing that
 * is wrong with a message that says what and where.
 */
#include "trace_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

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
