/*
 * host_edits: the edit list of one host file; see host_edits.h.
 */
#include "host_edits.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void cu2cl_edits_add(cu2cl_edits *l, unsigned b, unsigned e, char *text) {
  if (l->len == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->items = xrealloc(l->items, l->cap * sizeof *l->items);
  }
  l->items[l->len] = (cu2cl_edit){b, e, text, (unsigned)l->len};
  l->len++;
}

void cu2cl_edits_free(cu2cl_edits *l) {
  for (size_t i = 0; i < l->len; i++)
    free(l->items[i].text);
  free(l->items);
  memset(l, 0, sizeof *l);
}

/* By position; at one position insertions come before replacements. */
static int cmp_edit(const void *a, const void *b) {
  const cu2cl_edit *x = a, *y = b;
  if (x->begin != y->begin)
    return x->begin < y->begin ? -1 : 1;
  int xi = x->end == x->begin, yi = y->end == y->begin;
  if (xi != yi)
    return xi ? -1 : 1;
  return x->order < y->order ? -1 : 1;
}

/* The output's line map: map[k] is the source line that output line k + 1
 * starts in (a line an edit inserted maps to the edit's line). */
typedef struct line_map {
  unsigned *map;
  size_t len, cap;
  unsigned src_line; /* the source line at the copy position */
} line_map;

static void map_lines(line_map *m, const char *text, size_t n, int copied) {
  for (size_t i = 0; i < n; i++) {
    if (text[i] != '\n')
      continue;
    if (m->len + 1 >= m->cap) {
      m->cap = m->cap ? 2 * m->cap : 256;
      m->map = xrealloc(m->map, m->cap * sizeof *m->map);
    }
    m->map[++m->len] = m->src_line + (unsigned)copied;
    m->src_line += (unsigned)copied;
  }
}

static unsigned count_lines(const char *s, size_t n) {
  unsigned k = 0;
  for (size_t i = 0; i < n; i++)
    k += s[i] == '\n';
  return k;
}

/* 1 when edit i lies inside (or is the same as) an earlier one. */
static int shadowed(const cu2cl_edits *l, size_t i, unsigned pos) {
  const cu2cl_edit *ed = &l->items[i], *prev = i ? &l->items[i - 1] : NULL;
  return ed->begin < pos ||
         (ed->begin == pos && ed->end > ed->begin && prev &&
          prev->end > prev->begin && prev->begin == ed->begin);
}

char *cu2cl_edits_apply(cu2cl_edits *l, const char *src, size_t len,
                        unsigned **lines) {
  if (l->len)
    qsort(l->items, l->len, sizeof *l->items, cmp_edit);
  strbuf out = {0};
  line_map m = {xcalloc(256, sizeof(unsigned)), 0, 256, 1};
  m.map[0] = 1;
  unsigned pos = 0;
  for (size_t i = 0; i < l->len; i++) {
    cu2cl_edit *ed = &l->items[i];
    if (shadowed(l, i, pos))
      continue;
    strbuf_appendn(&out, src + pos, ed->begin - pos);
    map_lines(&m, src + pos, ed->begin - pos, 1);
    strbuf_append(&out, ed->text);
    size_t tl = strlen(ed->text);
    map_lines(&m, ed->text, tl, 0);
    m.src_line += count_lines(src + ed->begin, ed->end - ed->begin);
    if (tl && ed->text[tl - 1] == '\n')
      m.map[m.len] = m.src_line; /* the next line starts at the edit's end */
    pos = ed->end;
  }
  strbuf_appendn(&out, src + pos, len - pos);
  map_lines(&m, src + pos, len - pos, 1);
  if (lines) {
    m.map = xrealloc(m.map, (m.len + 2) * sizeof *m.map);
    m.map[m.len + 1] = 0; /* ends the map */
    *lines = m.map;
  } else {
    free(m.map);
  }
  return strbuf_take(&out);
}

void cu2cl_edits_widen_to_lines(const char *src, size_t len, unsigned *b,
                                unsigned *e) {
  unsigned s = *b;
  while (s > 0 && (src[s - 1] == ' ' || src[s - 1] == '\t'))
    s--;
  if (s == 0 || src[s - 1] == '\n')
    *b = s;
  unsigned t = *e;
  while (t < len && (src[t] == ' ' || src[t] == '\t'))
    t++;
  if (t < len && src[t] == ';')
    t++;
  if (t < len && src[t] == '\n')
    *e = t + 1;
  else if (t <= len && t > 0 && src[t - 1] == ';')
    *e = t;
}
