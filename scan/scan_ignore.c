/*
 * scan_ignore: .gitignore patterns (see scan_ignore.h for the rules read).
 */
#include "scan_ignore.h"

#include <string.h>

#include "util.h"

typedef struct pattern {
  char *glob;   /* without its !, leading / and trailing / */
  int negate;   /* !pattern */
  int dir_only; /* pattern/ */
  int anchored; /* has a / before its end: matches the whole path */
} pattern;

struct scan_ignore {
  char *base; /* "" or "dir/sub" */
  pattern *v;
  size_t n;
};

/* [...] at *pp (just past the '['); advances *pp past the ']'. */
static int class_match(const char **pp, char c) {
  const char *p = *pp;
  int neg = *p == '!' || *p == '^', hit = 0;
  if (neg)
    p++;
  for (int first = 1; *p && (first || *p != ']'); first = 0, p++) {
    if (p[1] == '-' && p[2] && p[2] != ']') {
      hit |= c >= p[0] && c <= p[2];
      p += 2;
    } else {
      hit |= c == *p;
    }
  }
  if (*p != ']')
    return -1; /* not a class: the caller matches '[' literally */
  *pp = p + 1;
  return hit != neg;
}

static int star_match(const char *p, const char *s, int cross) {
  for (const char *t = s;; t++) {
    if (scan_glob_match(p, t))
      return 1;
    if (!*t || (!cross && *t == '/'))
      return 0;
  }
}

int scan_glob_match(const char *p, const char *s) {
  while (*p) {
    if (p[0] == '*' && p[1] == '*') {
      p += 2;
      if (*p == '/') { /* zero or more whole directories */
        for (const char *t = s;; t++) {
          if ((t == s || t[-1] == '/') && scan_glob_match(p + 1, t))
            return 1;
          if (!*t)
            return 0;
        }
      }
      return star_match(p, s, 1);
    }
    if (*p == '*')
      return star_match(p + 1, s, 0);
    if (!*s)
      return 0;
    if (*p == '[') {
      const char *q = p + 1;
      int m = *s == '/' ? 0 : class_match(&q, *s);
      if (m == 0)
        return 0;
      if (m == 1) {
        p = q;
        s++;
        continue;
      }
    }
    if (*p == '?' && *s != '/') {
      p++;
      s++;
      continue;
    }
    if (*p == '\\' && p[1])
      p++;
    if (*p != *s)
      return 0;
    p++;
    s++;
  }
  return *s == 0;
}

/* One line into a pattern; 0 when it is blank or a comment. */
static int parse_line(char *line, pattern *out) {
  size_t len = strlen(line);
  if (len && line[len - 1] == '\r')
    line[--len] = 0;
  while (len && line[len - 1] == ' ' && (len < 2 || line[len - 2] != '\\'))
    line[--len] = 0;
  if (!len || line[0] == '#')
    return 0;
  memset(out, 0, sizeof *out);
  if (line[0] == '!') {
    out->negate = 1;
    line++;
    len--;
  } else if (line[0] == '\\' && (line[1] == '#' || line[1] == '!')) {
    line++;
    len--;
  }
  if (len && line[len - 1] == '/') {
    out->dir_only = 1;
    line[--len] = 0;
  }
  if (!len)
    return 0;
  out->anchored = strchr(line, '/') != NULL;
  out->glob = xstrdup(line[0] == '/' ? line + 1 : line);
  return 1;
}

scan_ignore *scan_ignore_parse(const char *text, const char *base) {
  scan_ignore *ig = xcalloc(1, sizeof *ig);
  ig->base = xstrdup(base);
  char *copy = xstrdup(text), *save = NULL;
  for (char *line = strtok_r(copy, "\n", &save); line;
       line = strtok_r(NULL, "\n", &save)) {
    pattern p;
    if (!parse_line(line, &p))
      continue;
    ig->v = xrealloc(ig->v, (ig->n + 1) * sizeof *ig->v);
    ig->v[ig->n++] = p;
  }
  free(copy);
  return ig;
}

scan_ignore *scan_ignore_load(const char *path, const char *base) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text)
    return NULL;
  scan_ignore *ig = scan_ignore_parse(text, base);
  free(text);
  return ig;
}

void scan_ignore_delete(scan_ignore *self) {
  if (!self)
    return;
  for (size_t i = 0; i < self->n; i++)
    free(self->v[i].glob);
  free(self->v);
  free(self->base);
  free(self);
}

int scan_ignore_match(const scan_ignore *self, const char *rel, int is_dir) {
  size_t blen = strlen(self->base);
  if (blen) {
    if (strncmp(rel, self->base, blen) || rel[blen] != '/')
      return -1;
    rel += blen + 1;
  }
  const char *name = strrchr(rel, '/');
  name = name ? name + 1 : rel;
  for (size_t i = self->n; i-- > 0;) {
    const pattern *p = &self->v[i];
    if (p->dir_only && !is_dir)
      continue;
    if (scan_glob_match(p->glob, p->anchored ? rel : name))
      return !p->negate;
  }
  return -1;
}
