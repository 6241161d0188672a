/*
 * fuzz_report: the report writers' escaping. The input, cut at NUL bytes,
 * gives a file name, messages' arguments and a note; diagnostics carrying
 * them are written as JSON and as SARIF, and each document must be valid
 * JSON (RFC 8259: strings of valid UTF-8, no raw control characters, only
 * the escapes it defines), else the target aborts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fuzz.h"
#include "report.h"

/* ---- a strict JSON checker: each returns the end of what it read, or
 * NULL ---- */

static const char *value(const char *p, const char *end, int depth);

static const char *ws(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;
  return p;
}

/* One UTF-8 sequence at p (its first byte >= 0x80). */
static const char *utf8(const char *p, const char *end) {
  unsigned char c = (unsigned char)*p;
  int n = c >= 0xf0 && c <= 0xf4 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 ? 1 : -1;
  if (n < 0 || c > 0xf4 || end - p <= n)
    return NULL;
  unsigned cp = c & (0x3f >> n);
  for (int i = 1; i <= n; i++) {
    if (((unsigned char)p[i] & 0xc0) != 0x80)
      return NULL;
    cp = cp << 6 | ((unsigned char)p[i] & 0x3f);
  }
  int shortest = n == 1 || (n == 2 && cp >= 0x800) || (n == 3 && cp >= 0x10000);
  if (!shortest || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
    return NULL;
  return p + n + 1;
}

static const char *string(const char *p, const char *end) {
  if (p >= end || *p++ != '"')
    return NULL;
  while (p && p < end && *p != '"') {
    unsigned char c = (unsigned char)*p;
    if (c < 0x20)
      return NULL;
    if (c >= 0x80) {
      p = utf8(p, end);
    } else if (c == '\\') {
      if (++p >= end)
        return NULL;
      if (*p == 'u') {
        for (int i = 1; i <= 4; i++)
          if (p + i >= end || !strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
            return NULL;
        p += 5;
      } else if (*p && strchr("\"\\/bfnrt", *p)) {
        p++;
      } else {
        return NULL;
      }
    } else {
      p++;
    }
  }
  return p && p < end ? p + 1 : NULL;
}

static const char *number(const char *p, const char *end) {
  const char *s = p;
  while (p < end && *p && strchr("-+.eE0123456789", *p))
    p++;
  return p > s ? p : NULL;
}

static const char *items(const char *p, const char *end, int depth, char close,
                         int keyed) {
  p = ws(p + 1, end);
  if (p < end && *p == close)
    return p + 1;
  for (;;) {
    if (keyed) {
      p = string(ws(p, end), end);
      p = p ? ws(p, end) : NULL;
      if (!p || p >= end || *p++ != ':')
        return NULL;
    }
    p = value(p, end, depth + 1);
    p = p ? ws(p, end) : NULL;
    if (!p || p >= end)
      return NULL;
    if (*p == close)
      return p + 1;
    if (*p++ != ',')
      return NULL;
  }
}

static const char *value(const char *p, const char *end, int depth) {
  p = ws(p, end);
  if (p >= end || depth > 64)
    return NULL;
  switch (*p) {
  case '{':
    return items(p, end, depth, '}', 1);
  case '[':
    return items(p, end, depth, ']', 0);
  case '"':
    return string(p, end);
  case 't':
    return end - p >= 4 && !memcmp(p, "true", 4) ? p + 4 : NULL;
  case 'f':
    return end - p >= 5 && !memcmp(p, "false", 5) ? p + 5 : NULL;
  case 'n':
    return end - p >= 4 && !memcmp(p, "null", 4) ? p + 4 : NULL;
  default:
    return number(p, end);
  }
}

static void check_json(const char *what, const char *doc, size_t len) {
  const char *end = doc + len, *p = value(doc, end, 0);
  if (!p || ws(p, end) != end) {
    fprintf(stderr, "fuzz_report: the %s report is not valid JSON:\n%.*s\n",
            what, (int)len, doc);
    abort();
  }
}

/* ---- the target ---- */

static void write_both(const cu2cl_diag_engine *d) {
  for (int sarif = 0; sarif < 2; sarif++) {
    char *doc = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&doc, &len);
    if (!mem)
      abort();
    int rc = sarif ? cu2cl_report_write_sarif(d, mem, "0.0-fuzz")
                   : cu2cl_report_write_json(d, mem, "0.0-fuzz");
    fclose(mem);
    if (rc == 0)
      check_json(sarif ? "SARIF" : "JSON", doc, len);
    free(doc);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 4);
  memcpy(text, data, size);
  memset(text + size, 0, 4);
  /* Up to four NUL-separated parts: file, two arguments, a note. */
  const char *part[4];
  const char *p = text;
  for (int i = 0; i < 4; i++) {
    part[i] = p;
    p += strlen(p) + (p < text + size);
  }
  /* Under a directory that does not exist: the engine reads a reported
   * file for its source line, and the name must not reach a real one. */
  char *file = malloc(strlen(part[0]) + 32);
  sprintf(file, "/nonexistent-cu2cl-fuzz/%s", part[0]);
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  cu2cl_diag_report(d, CU2CL_D_CANNOT_WRITE, file, 3, 7, part[1], part[2]);
  cu2cl_diag_note(d, part[3]);
  cu2cl_diag_report(d, CU2CL_D_PARSE_ERROR, *part[0] ? file : NULL, 0, 0,
                    part[1]);
  write_both(d);
  cu2cl_diag_engine_delete(d);
  free(file);
  free(text);
  return 0;
}
