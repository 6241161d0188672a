/*
 * diag: the diagnostics catalog (rules/diagnostics.def compiled into a
 * table) and the engine that prints, records and counts reports.
 *
 * Printing follows clang's text format: a header line
 * "file:line:col: severity: message [CU2CLnnnn]", then the source line with
 * tabs expanded to 8 columns and a caret under the reported column (columns
 * are 1-based byte offsets, as libclang gives them; the caret position counts
 * display columns, so tabs and UTF-8 sequences line up). Reports without a
 * file print "cu2cl: severity: ..." as clang prints driver errors.
 *
 * Thread safety: one mutex guards the records, the counters and the output
 * stream, so each report (header, source line, caret) is printed in one piece
 * even with -j N. The source line is read before the lock is taken.
 * cu2cl_diag_note attaches to the last report made by the calling thread, so
 * in the records a worker's build log never lands under another worker's
 * report. On the terminal another worker's report may be printed between a
 * report and its notes (they are separate calls); each piece stays whole.
 * Readers (records, counts, summary) are meant for after the workers finish.
 *
 * Suppression: a report whose ID was suppressed (cu2cl_diag_suppress), or
 * whose line or the comment line before it says "cu2cl: ignore(ID)", is
 * recorded with its kind of suppression and neither printed nor counted per
 * severity; errors are never suppressed (a note says so).
 */
#include "diag.h"

#include "util.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- catalog ------------------------------------------------------------ */

static const cu2cl_diag_info catalog[CU2CL_D_COUNT] = {
#define CU2CL_DIAG(num, name, sev, cat, msg, expl, example, fix)               \
  {num, #name, sev, cat, msg, expl, example, fix},
#include "../rules/diagnostics.def"
#undef CU2CL_DIAG
};

/* Maps a number to its ID. Written as a switch so that two rows with the same
 * number are a compile error ("duplicate case value"), which keeps the IDs
 * unique without a test having to catch it. */
static int id_of_number(unsigned long number) {
  switch (number) {
#define CU2CL_DIAG(num, name, sev, cat, msg, expl, example, fix)               \
  case num:                                                                    \
    return CU2CL_D_##name;
#include "../rules/diagnostics.def"
#undef CU2CL_DIAG
  default:
    return -1;
  }
}

const cu2cl_diag_info *cu2cl_diag_info_get(cu2cl_diag_id id) {
  if ((unsigned)id >= CU2CL_D_COUNT)
    return NULL;
  return &catalog[id];
}

/* Accepts "CU2CL2001", "cu2cl2001", "2001", "CU2CL0012" and the row name
 * ("UNSUPPORTED_API", any case). */
const cu2cl_diag_info *cu2cl_diag_info_find(const char *text) {
  if (!text)
    return NULL;
  for (size_t i = 0; i < CU2CL_D_COUNT; i++)
    if (strcasecmp(text, catalog[i].name) == 0)
      return &catalog[i];
  const char *digits = strncasecmp(text, "CU2CL", 5) == 0 ? text + 5 : text;
  size_t n = strlen(digits);
  if (n == 0 || n > 4 || strspn(digits, "0123456789") != n)
    return NULL;
  int id = id_of_number(strtoul(digits, NULL, 10));
  return id < 0 ? NULL : &catalog[id];
}

const char *cu2cl_severity_name(cu2cl_severity s) {
  switch (s) {
  case CU2CL_NOTE:
    return "note";
  case CU2CL_REMARK:
    return "remark";
  case CU2CL_WARNING:
    return "warning";
  case CU2CL_ERROR:
    return "error";
  }
  return "unknown";
}

/* ---- engine ------------------------------------------------------------- */

struct cu2cl_diag_engine {
  FILE *out; /* NULL: record and count only */
  int use_color;
  unsigned long serial; /* tells engines apart for the thread-local `last` */
  pthread_mutex_t lock;
  cu2cl_diag_record *records;
  strbuf *notes; /* notes[i]: the notes of records[i], one per line */
  size_t nrecords, cap;
  size_t by_severity[4];
  size_t by_id[CU2CL_D_COUNT];
  void (*print_hook)(void *); /* called before printing */
  void *hook_ctx;
  unsigned char suppress[CU2CL_D_COUNT]; /* suppressed by the run */
  size_t nsuppressed;
  size_t suppressed_by_id[CU2CL_D_COUNT];
};

/* The last report of this thread, for cu2cl_diag_note. */
static _Thread_local struct {
  unsigned long serial;
  size_t index;
} last;

static atomic_ulong next_serial = 1;

cu2cl_diag_engine *cu2cl_diag_engine_new(FILE *out, int use_color) {
  cu2cl_diag_engine *self = xcalloc(1, sizeof *self);
  self->out = out;
  self->use_color = use_color;
  self->serial = atomic_fetch_add(&next_serial, 1);
  pthread_mutex_init(&self->lock, NULL);
  return self;
}

void cu2cl_diag_engine_delete(cu2cl_diag_engine *self) {
  if (!self)
    return;
  for (size_t i = 0; i < self->nrecords; i++) {
    free(self->records[i].file);
    free(self->records[i].message);
    strbuf_free(&self->notes[i]);
  }
  free(self->records);
  free(self->notes);
  pthread_mutex_destroy(&self->lock);
  free(self);
}

/* ---- printing ----------------------------------------------------------- */

#define ANSI_RESET "\033[0m"
#define ANSI_BOLD "\033[1m"

/* clang's colours: error red, warning magenta, remark blue, note black, all
 * bold; the caret green. */
static const char *severity_color(cu2cl_severity s) {
  switch (s) {
  case CU2CL_ERROR:
    return "\033[1;31m";
  case CU2CL_WARNING:
    return "\033[1;35m";
  case CU2CL_REMARK:
    return "\033[1;34m";
  case CU2CL_NOTE:
    return "\033[1;30m";
  }
  return ANSI_BOLD;
}

/* Strips the line terminator of a line getline read. */
static void chomp(char *s, ssize_t len) {
  while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
    s[--len] = 0;
}

/* Line `line` (1-based) of file without its line terminator, or NULL when the
 * file cannot be read or is shorter; *prev receives the line before it (NULL
 * for the first line). Caller frees both. */
static char *read_source_line(const char *file, unsigned line, char **prev) {
  *prev = NULL;
  FILE *f = fopen(file, "rb");
  if (!f)
    return NULL;
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len = -1;
  for (unsigned i = 0; i < line; i++) {
    if (i + 1 == line && buf) {
      *prev = buf;
      buf = NULL;
      cap = 0;
    }
    if ((len = getline(&buf, &cap, f)) < 0)
      break;
    if (i + 2 == line)
      chomp(buf, len);
  }
  fclose(f);
  if (len < 0) {
    free(buf);
    free(*prev);
    *prev = NULL;
    return NULL;
  }
  chomp(buf, len);
  return buf;
}

/* Appends the source line with tabs expanded and, under it, a caret at byte
 * column col (1-based; clamped to just past the end of the line), with
 * tildes under the rest of the range up to byte column end_col (exclusive;
 * 0: no range). UTF-8 continuation bytes take no display column. */
static void append_source_and_caret(strbuf *b, const char *src, unsigned col,
                                    unsigned end_col, int use_color) {
  size_t display = 0, caret = (size_t)-1, end = (size_t)-1;
  size_t n = strlen(src);
  for (size_t i = 0; i < n; i++) {
    if (i + 1 == col)
      caret = display;
    if (i + 1 == end_col)
      end = display;
    unsigned char c = (unsigned char)src[i];
    if (c == '\t') {
      size_t next = (display / 8 + 1) * 8;
      for (; display < next; display++)
        strbuf_appendc(b, ' ');
      continue;
    }
    strbuf_appendc(b, (char)c);
    if ((c & 0xC0) != 0x80)
      display++;
  }
  strbuf_appendc(b, '\n');
  if (caret == (size_t)-1)
    caret = display;
  if (end == (size_t)-1)
    end = end_col > col ? display : 0;
  for (size_t i = 0; i < caret; i++)
    strbuf_appendc(b, ' ');
  strbuf_append(b, use_color ? "\033[1;32m^" : "^");
  for (size_t i = caret + 1; i < end; i++)
    strbuf_appendc(b, '~');
  strbuf_append(b, use_color ? ANSI_RESET "\n" : "\n");
}

/* The header line: location, severity, message and [ID]. */
static void append_header(strbuf *b, const cu2cl_diag_info *info,
                          const char *file, unsigned line, unsigned col,
                          const char *message, int use_color) {
  if (use_color)
    strbuf_append(b, ANSI_BOLD);
  if (!file)
    strbuf_append(b, "cu2cl: ");
  else if (line && col)
    strbuf_printf(b, "%s:%u:%u: ", file, line, col);
  else if (line)
    strbuf_printf(b, "%s:%u: ", file, line);
  else
    strbuf_printf(b, "%s: ", file);
  if (use_color)
    strbuf_printf(b, ANSI_RESET "%s%s: " ANSI_RESET ANSI_BOLD,
                  severity_color(info->severity),
                  cu2cl_severity_name(info->severity));
  else
    strbuf_printf(b, "%s: ", cu2cl_severity_name(info->severity));
  strbuf_printf(b, "%s [CU2CL%04u]", message, info->number);
  strbuf_append(b, use_color ? ANSI_RESET "\n" : "\n");
}

/* ---- reporting ---------------------------------------------------------- */

/* ---- suppression ------------------------------------------------------- */

/* Whether the comment text c[0..n) holds "cu2cl: ignore(...)" naming id. */
static int comment_names(const char *c, size_t n, cu2cl_diag_id id) {
  char *text = xstrndup(c, n);
  int found = 0;
  for (char *p = strstr(text, "cu2cl:"); p && !found;
       p = strstr(p + 1, "cu2cl:")) {
    char *q = p + 6;
    q += strspn(q, " \t");
    if (strncmp(q, "ignore", 6))
      continue;
    q += 6;
    q += strspn(q, " \t");
    if (*q != '(' || !strchr(q, ')'))
      continue;
    char *close = strchr(q, ')');
    for (char *t = q + 1; t < close && !found;) {
      t += strspn(t, " \t,");
      size_t len = strcspn(t, " \t,)");
      char *tok = xstrndup(t, len);
      const cu2cl_diag_info *info = cu2cl_diag_info_find(tok);
      found = info && info == &catalog[id];
      free(tok);
      t += len ? len : 1;
    }
  }
  free(text);
  return found;
}

/* Scans a line as C does (string and character literals, comments; a quote
 * after a digit is C++14's digit separator) for comments naming id. */
int cu2cl_diag_inline_ignores(const char *text, cu2cl_diag_id id,
                              int own_line_only) {
  int code = 0, named = 0;
  char quote = 0;
  if (!text || (unsigned)id >= CU2CL_D_COUNT)
    return 0;
  for (const char *p = text; *p; p++) {
    if (quote) {
      if (*p == '\\' && p[1])
        p++;
      else if (*p == quote)
        quote = 0;
    } else if (*p == '"' ||
               (*p == '\'' && (p == text || !isalnum((unsigned char)p[-1])))) {
      quote = *p;
      code = 1;
    } else if (p[0] == '/' && (p[1] == '/' || p[1] == '*')) {
      const char *end = p[1] == '*' ? strstr(p + 2, "*/") : NULL;
      size_t n = end ? (size_t)(end - p - 2) : strlen(p + 2);
      named |= comment_names(p + 2, n, id);
      if (!end)
        break;
      p = end + 1;
    } else if (!isspace((unsigned char)*p)) {
      code = 1;
    }
  }
  return named && !(own_line_only && code);
}

void cu2cl_diag_suppress(cu2cl_diag_engine *self, cu2cl_diag_id id) {
  if (self && (unsigned)id < CU2CL_D_COUNT)
    self->suppress[id] = 1;
}

int cu2cl_diag_suppresses(const cu2cl_diag_engine *self, cu2cl_diag_id id) {
  return self && (unsigned)id < CU2CL_D_COUNT && self->suppress[id] &&
         cu2cl_diag_info_get(id)->severity != CU2CL_ERROR;
}

void cu2cl_diag_set_print_hook(cu2cl_diag_engine *self, void (*hook)(void *),
                               void *ctx) {
  if (!self)
    return;
  self->print_hook = hook;
  self->hook_ctx = ctx;
}

void cu2cl_diag_set_color(cu2cl_diag_engine *self, int use_color) {
  if (self)
    self->use_color = use_color;
}

/* How a report of id on line src (prev: the line before) is suppressed if
 * it may be, in *asked whether a suppression names it at all. */
static cu2cl_suppression suppression_of(const cu2cl_diag_engine *self,
                                        cu2cl_diag_id id, const char *src,
                                        const char *prev, int *asked) {
  cu2cl_suppression how = CU2CL_NOT_SUPPRESSED;
  if (self->suppress[id])
    how = CU2CL_SUPPRESSED_EXTERNAL;
  else if (cu2cl_diag_inline_ignores(src, id, 0) ||
           cu2cl_diag_inline_ignores(prev, id, 1))
    how = CU2CL_SUPPRESSED_INLINE;
  *asked = how != CU2CL_NOT_SUPPRESSED;
  return catalog[id].severity == CU2CL_ERROR ? CU2CL_NOT_SUPPRESSED : how;
}

/* ---- reporting ---------------------------------------------------------- */

/* Stores a report; called with the lock held. Returns its index. */
static size_t add_record(cu2cl_diag_engine *self, const cu2cl_diag_record *in,
                         const char *file) {
  if (self->nrecords == self->cap) {
    self->cap = self->cap ? self->cap * 2 : 16;
    self->records = xrealloc(self->records, self->cap * sizeof *self->records);
    self->notes = xrealloc(self->notes, self->cap * sizeof *self->notes);
  }
  size_t i = self->nrecords++;
  cu2cl_diag_record *r = &self->records[i];
  *r = *in;
  r->file = file ? path_absolute(file, NULL) : NULL;
  r->line = file ? in->line : 0;
  r->column = file && in->line ? in->column : 0;
  r->end_column = r->column && in->end_column > r->column ? in->end_column : 0;
  self->notes[i] = (strbuf){0};
  if (r->suppressed) {
    self->nsuppressed++;
    self->suppressed_by_id[r->id]++;
  } else {
    self->by_severity[catalog[r->id].severity]++;
    self->by_id[r->id]++;
  }
  return i;
}

/* The index of an equal earlier report, or -1. The same finding at the
 * same place (one template reported for each of its specializations, one
 * header for each file including it) is reported once. Lock held. */
static long find_duplicate(const cu2cl_diag_engine *self, cu2cl_diag_id id,
                           const char *file, unsigned line, unsigned col,
                           const char *message) {
  if (!file || !line)
    return -1;
  char *abs = path_absolute(file, NULL);
  long found = -1;
  for (size_t i = 0; i < self->nrecords && found < 0; i++) {
    const cu2cl_diag_record *r = &self->records[i];
    if (r->id == id && r->line == line && r->column == col && r->file &&
        !strcmp(r->file, abs) && !strcmp(r->message, message))
      found = (long)i;
  }
  free(abs);
  return found;
}

/* Prints a report: header, source line with the caret, and the note an
 * error that a suppression names gets. Lock held. */
static void print_report(cu2cl_diag_engine *self, const cu2cl_diag_record *r,
                         const char *file, const char *src, int refused) {
  const cu2cl_diag_info *info = &catalog[r->id];
  strbuf text = {0};
  append_header(&text, info, file, r->line, r->column, r->message,
                self->use_color);
  if (src && r->column)
    append_source_and_caret(&text, src, r->column, r->end_column,
                            self->use_color);
  else if (src)
    strbuf_printf(&text, "%s\n", src); /* no column: no caret */
  if (refused)
    strbuf_printf(&text,
                  "%snote: %sCU2CL%04u is an error and cannot be suppressed: "
                  "the port is incomplete until the code is changed\n",
                  self->use_color ? "\033[1;30m" : "",
                  self->use_color ? ANSI_RESET : "", info->number);
  if (self->print_hook)
    self->print_hook(self->hook_ctx);
  fputs(strbuf_cstr(&text), self->out);
  fflush(self->out);
  strbuf_free(&text);
}

const char *cu2cl_diag_vreport_range(cu2cl_diag_engine *self, cu2cl_diag_id id,
                                     const char *file, unsigned line,
                                     unsigned col, unsigned end_col,
                                     va_list ap) {
  if (!self || (unsigned)id >= CU2CL_D_COUNT)
    return NULL;
  strbuf msg = {0};
  strbuf_vprintf(&msg, catalog[id].message, ap);
  char *message = strbuf_take(&msg), *prev = NULL;
  char *src = file && line ? read_source_line(file, line, &prev) : NULL;
  int asked;
  cu2cl_diag_record rec = {id, NULL, line, col, message, end_col, 0};
  rec.suppressed = suppression_of(self, id, src, prev, &asked);
  pthread_mutex_lock(&self->lock);
  long dup = find_duplicate(self, id, file, line, col, message);
  if (dup >= 0) {
    free(message);
    message = self->records[dup].message;
    rec.suppressed = self->records[dup].suppressed;
  } else {
    last.serial = self->serial;
    last.index = add_record(self, &rec, file);
    if (self->out && !rec.suppressed)
      print_report(self, &self->records[last.index], file, src, asked);
  }
  pthread_mutex_unlock(&self->lock);
  free(src);
  free(prev);
  return rec.suppressed ? NULL : message; /* (suppressed: no comment) */
}

const char *cu2cl_diag_vreport(cu2cl_diag_engine *self, cu2cl_diag_id id,
                               const char *file, unsigned line, unsigned col,
                               va_list ap) {
  return cu2cl_diag_vreport_range(self, id, file, line, col, 0, ap);
}

const char *cu2cl_diag_report(cu2cl_diag_engine *self, cu2cl_diag_id id,
                              const char *file, unsigned line, unsigned col,
                              ...) {
  va_list ap;
  va_start(ap, col);
  const char *message = cu2cl_diag_vreport(self, id, file, line, col, ap);
  va_end(ap);
  return message;
}

/* Prints text as "note: first line", further lines indented under it. */
static void append_note(strbuf *b, const char *text, int use_color) {
  strbuf_append(b, use_color ? "\033[1;30mnote: " ANSI_RESET : "note: ");
  for (const char *p = text; *p;) {
    size_t n = strcspn(p, "\n");
    if (p != text)
      strbuf_append(b, "      ");
    strbuf_appendn(b, p, n);
    strbuf_appendc(b, '\n');
    p += n;
    if (*p == '\n')
      p++;
  }
}

void cu2cl_diag_note(cu2cl_diag_engine *self, const char *text) {
  if (!self || !text || last.serial != self->serial)
    return;
  strbuf printed = {0};
  if (self->out)
    append_note(&printed, text, self->use_color);
  pthread_mutex_lock(&self->lock);
  strbuf *notes = &self->notes[last.index];
  if (notes->len)
    strbuf_appendc(notes, '\n');
  strbuf_append(notes, text);
  if (self->out && !self->records[last.index].suppressed) {
    if (self->print_hook)
      self->print_hook(self->hook_ctx);
    fputs(strbuf_cstr(&printed), self->out);
    fflush(self->out);
  }
  pthread_mutex_unlock(&self->lock);
  strbuf_free(&printed);
}

/* ---- queries ------------------------------------------------------------ */

size_t cu2cl_diag_count(const cu2cl_diag_engine *self, cu2cl_severity sev) {
  if (!self || (unsigned)sev > CU2CL_ERROR)
    return 0;
  return self->by_severity[sev];
}

size_t cu2cl_diag_count_id(const cu2cl_diag_engine *self, cu2cl_diag_id id) {
  if (!self || (unsigned)id >= CU2CL_D_COUNT)
    return 0;
  return self->by_id[id];
}

size_t cu2cl_diag_count_suppressed(const cu2cl_diag_engine *self) {
  return self ? self->nsuppressed : 0;
}

size_t cu2cl_diag_count_suppressed_id(const cu2cl_diag_engine *self,
                                      cu2cl_diag_id id) {
  if (!self || (unsigned)id >= CU2CL_D_COUNT)
    return 0;
  return self->suppressed_by_id[id];
}

const cu2cl_diag_record *cu2cl_diag_records(const cu2cl_diag_engine *self,
                                            size_t *n) {
  *n = self ? self->nrecords : 0;
  return self ? self->records : NULL;
}

const char *cu2cl_diag_record_notes(const cu2cl_diag_engine *self,
                                    size_t index) {
  if (!self || index >= self->nrecords || self->notes[index].len == 0)
    return NULL;
  return self->notes[index].data;
}

static const char *plural(size_t n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

void cu2cl_diag_print_summary(const cu2cl_diag_engine *self, FILE *out) {
  size_t e = cu2cl_diag_count(self, CU2CL_ERROR);
  size_t w = cu2cl_diag_count(self, CU2CL_WARNING);
  size_t r = cu2cl_diag_count(self, CU2CL_REMARK);
  size_t n = cu2cl_diag_count(self, CU2CL_NOTE);
  fprintf(out, "%zu %s, %zu %s, %zu %s, %zu %s", e,
          plural(e, "error", "errors"), w, plural(w, "warning", "warnings"), r,
          plural(r, "remark", "remarks"), n, plural(n, "note", "notes"));
  if (self && self->nsuppressed)
    fprintf(out, ", %zu suppressed", self->nsuppressed);
  fputc('\n', out);
  for (size_t i = 0; i < CU2CL_D_COUNT; i++) {
    size_t count = cu2cl_diag_count_id(self, (cu2cl_diag_id)i);
    size_t quiet = cu2cl_diag_count_suppressed_id(self, (cu2cl_diag_id)i);
    if (count)
      fprintf(out, "  CU2CL%04u  %5zu  %-7s  %s\n", catalog[i].number, count,
              cu2cl_severity_name(catalog[i].severity), catalog[i].name);
    if (quiet)
      fprintf(out, "  CU2CL%04u  %5zu  %-7s  %s (suppressed)\n",
              catalog[i].number, quiet,
              cu2cl_severity_name(catalog[i].severity), catalog[i].name);
  }
}

/* The message goes inside a comment of the emitter's choice, so it must not
 * end a block comment early or break a line comment: the result holds no
 * newline and no star-slash. */
char *cu2cl_diag_comment(cu2cl_diag_id id, const char *message) {
  const cu2cl_diag_info *info = cu2cl_diag_info_get(id);
  strbuf b = {0};
  strbuf_printf(&b, "CU2CL%04u: ", info ? info->number : 0);
  for (const char *p = message ? message : ""; *p; p++) {
    if (*p == '\n' || *p == '\r')
      strbuf_appendc(&b, ' ');
    else if (p[0] == '*' && p[1] == '/')
      strbuf_append(&b, "* ");
    else
      strbuf_appendc(&b, *p);
  }
  return strbuf_take(&b);
}

/* ---- catalog printing (--explain, --list-diagnostics) ------------------- */

/* Prints text word-wrapped to `width` columns, each line indented. */
static void print_wrapped(FILE *out, const char *text, const char *indent,
                          size_t width) {
  size_t col = 0;
  for (const char *p = text; *p;) {
    while (*p == ' ')
      p++;
    size_t n = strcspn(p, " ");
    if (n == 0)
      break;
    if (col > 0 && col + 1 + n > width) {
      fputc('\n', out);
      col = 0;
    }
    if (col == 0)
      col = (size_t)fprintf(out, "%s", indent);
    else
      col += (size_t)fprintf(out, " ");
    col += fwrite(p, 1, n, out);
    p += n;
  }
  fputc('\n', out);
}

/* Prints each line of text with the indent in front. */
static void print_indented(FILE *out, const char *text, const char *indent) {
  for (const char *p = text; *p;) {
    size_t n = strcspn(p, "\n");
    fprintf(out, "%s%.*s\n", indent, (int)n, p);
    p += n;
    if (*p == '\n')
      p++;
  }
}

void cu2cl_diag_explain(const cu2cl_diag_info *info, FILE *out) {
  if (!info)
    return;
  fprintf(out, "CU2CL%04u %s (%s, %s)\n\n", info->number, info->name,
          cu2cl_severity_name(info->severity), info->category);
  fprintf(out, "Message:\n    %s\n\n", info->message);
  print_wrapped(out, info->explanation, "", 76);
  fputs("\nExample:\n", out);
  print_indented(out, info->example, "    ");
  fputs("\nFix:\n", out);
  print_wrapped(out, info->fix, "    ", 76);
}

void cu2cl_diag_list(FILE *out) {
  for (size_t i = 0; i < CU2CL_D_COUNT; i++)
    fprintf(out, "CU2CL%04u  %-7s  %-10s  %-28s  %s\n", catalog[i].number,
            cu2cl_severity_name(catalog[i].severity), catalog[i].category,
            catalog[i].name, catalog[i].message);
}
