/*
 * util: allocation that aborts on exhaustion, growable strings and string
 * vectors, and the file and path helpers the driver and emitters share.
 * Output files are written atomically (an unnamed file linked into place
 * when complete, else a temporary file + rename) so a failed or killed run
 * never leaves a partial file in the out-root.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void oom(void) {
  fputs("cu2cl: out of memory\n", stderr);
  abort();
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    oom();
  return p;
}

void *xcalloc(size_t count, size_t n) {
  void *p = calloc(count ? count : 1, n ? n : 1);
  if (!p)
    oom();
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    oom();
  return p;
}

char *xstrdup(const char *s) {
  return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *xasprintf(const char *fmt, ...) {
  strbuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  return strbuf_take(&b);
}

static void strbuf_reserve(strbuf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap * 2 : 64;
  while (cap < b->len + extra + 1)
    cap *= 2;
  b->data = xrealloc(b->data, cap);
  b->cap = cap;
}

void strbuf_appendn(strbuf *b, const char *s, size_t n) {
  strbuf_reserve(b, n);
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void strbuf_append(strbuf *b, const char *s) {
  strbuf_appendn(b, s, strlen(s));
}

void strbuf_appendc(strbuf *b, char c) {
  strbuf_appendn(b, &c, 1);
}

void strbuf_vprintf(strbuf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return;
  strbuf_reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void strbuf_printf(strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  strbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

const char *strbuf_cstr(strbuf *b) {
  if (!b->data)
    strbuf_reserve(b, 0), b->data[0] = 0;
  return b->data;
}

char *strbuf_take(strbuf *b) {
  strbuf_cstr(b);
  char *p = b->data;
  b->data = NULL;
  b->len = b->cap = 0;
  return p;
}

void strbuf_reset(strbuf *b) {
  b->len = 0;
  if (b->data)
    b->data[0] = 0;
}

void strbuf_free(strbuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

void strvec_push_own(strvec *v, char *s) {
  if (v->len + 1 >= v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    v->items = xrealloc(v->items, v->cap * sizeof *v->items);
  }
  v->items[v->len++] = s;
  v->items[v->len] = NULL; /* keep it usable as an argv */
}

void strvec_push(strvec *v, const char *s) {
  strvec_push_own(v, xstrdup(s));
}

int strvec_contains(const strvec *v, const char *s) {
  for (size_t i = 0; i < v->len; i++)
    if (!strcmp(v->items[i], s))
      return 1;
  return 0;
}

void strvec_free(strvec *v) {
  for (size_t i = 0; i < v->len; i++)
    free(v->items[i]);
  free(v->items);
  v->items = NULL;
  v->len = v->cap = 0;
}

char *read_file(const char *path, size_t *len_out) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  strbuf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    strbuf_appendn(&b, chunk, n);
  int err = ferror(f);
  fclose(f);
  if (err) {
    strbuf_free(&b);
    errno = EIO;
    return NULL;
  }
  if (len_out)
    *len_out = b.len;
  return strbuf_take(&b);
}

int mkdir_p(const char *dir) {
  char *p = xstrdup(dir);
  for (char *s = p + 1; *s; s++) {
    if (*s != '/')
      continue;
    *s = 0;
    if (mkdir(p, 0777) && errno != EEXIST) {
      free(p);
      return -1;
    }
    *s = '/';
  }
  int rc = mkdir(p, 0777);
  free(p);
  if (rc && errno != EEXIST)
    return -1;
  return path_is_dir(dir) ? 0 : -1;
}

/* Writes len bytes of data to fd; 0, or -1 with errno set. */
static int write_all(int fd, const char *data, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, data, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return -1;
    }
    data += n;
    len -= (size_t)n;
  }
  return 0;
}

/* The unnamed file fd (O_TMPFILE), complete, named path: in place of an
 * existing file by unlinking it first (a reader may find no file for a
 * moment, never a partial one). 0, or -1 with errno set; ENOENT, EXDEV or
 * EPERM: /proc or linking is missing, the caller writes another way. */
static int link_unnamed(int fd, const char *path) {
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  for (int tries = 0; tries < 8; tries++) {
    if (linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0)
      return 0;
    if (errno != EEXIST || (unlink(path) && errno != ENOENT))
      return -1;
  }
  errno = EEXIST;
  return -1;
}

/* Where the file system has unnamed files (O_TMPFILE: ext4, xfs, btrfs,
 * tmpfs), the data is written into one in path's directory, which gets its
 * name only when complete: a process killed while writing, or a full disk,
 * leaves nothing behind. 1: done that way (*rc: the result); 0: not
 * available here. */
static int write_unnamed(const char *dir, const char *path, const char *data,
                         size_t len, int *rc) {
  int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return 0;
  if (write_all(fd, data, len)) { /* the mode as open(2) makes it */
    int e = errno;
    close(fd);
    errno = e;
    *rc = -1;
    return 1;
  }
  *rc = link_unnamed(fd, path);
  int e = errno;
  close(fd);
  errno = e;
  return *rc == 0 || (e != ENOENT && e != EXDEV && e != EPERM);
}

int write_file_atomic(const char *path, const char *data, size_t len) {
  char *dir = path_dirname(path);
  int rc = mkdir_p(dir);
  if (rc == 0 && write_unnamed(dir, path, data, len, &rc)) {
    free(dir);
    return rc;
  }
  free(dir);
  if (rc)
    return -1;
  /* Elsewhere: a temporary file beside path, renamed into place. */
  char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  if (!f) {
    free(tmp);
    return -1;
  }
  size_t w = fwrite(data, 1, len, f);
  int bad = (w != len) | (fflush(f) != 0);
  bad |= fclose(f) != 0;
  if (bad || rename(tmp, path)) {
    int e = errno;
    unlink(tmp);
    free(tmp);
    errno = e ? e : EIO;
    return -1;
  }
  free(tmp);
  return 0;
}

int write_file_if_changed(const char *path, const char *data, size_t len,
                          int *written) {
  size_t old_len;
  char *old = read_file(path, &old_len);
  int same = old && old_len == len && !memcmp(old, data, len);
  free(old);
  *written = !same;
  return same ? 0 : write_file_atomic(path, data, len);
}

int path_is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int path_exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* Collapses "//", "/./" and "dir/.." in an absolute path, in place. */
static void path_normalize(char *p) {
  char *out = p, *in = p;
  while (*in) {
    if (in[0] == '/' && (in[1] == '/' || in[1] == 0) && out != p) {
      in++;
      continue;
    }
    if (in[0] == '/' && in[1] == '.' && (in[2] == '/' || in[2] == 0)) {
      in += 2;
      continue;
    }
    if (in[0] == '/' && in[1] == '.' && in[2] == '.' &&
        (in[3] == '/' || in[3] == 0)) {
      while (out > p && *--out != '/')
        ;
      in += 3;
      continue;
    }
    *out++ = *in++;
  }
  if (out == p)
    *out++ = '/';
  *out = 0;
  size_t n = strlen(p);
  if (n > 1 && p[n - 1] == '/')
    p[n - 1] = 0;
}

char *path_absolute(const char *path, const char *base) {
  char *abs;
  if (path[0] == '/') {
    abs = xstrdup(path);
  } else if (base) {
    abs = xasprintf("%s/%s", base, path);
  } else {
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd))
      cwd[0] = '/', cwd[1] = 0;
    abs = xasprintf("%s/%s", cwd, path);
  }
  if (abs[0] != '/') { /* relative base */
    char *again = path_absolute(abs, NULL);
    free(abs);
    return again;
  }
  path_normalize(abs);
  return abs;
}

char *path_dirname(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return xstrdup(".");
  if (slash == path)
    return xstrdup("/");
  return xstrndup(path, (size_t)(slash - path));
}

const char *path_basename(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

char *path_stem(const char *path) {
  const char *base = path_basename(path);
  const char *dot = strrchr(base, '.');
  return dot && dot != base ? xstrndup(base, (size_t)(dot - base))
                            : xstrdup(base);
}

int path_is_under(const char *path, const char *dir) {
  size_t n = strlen(dir);
  if (n == 1 && dir[0] == '/')
    return path[0] == '/';
  return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == 0);
}

int path_is_under_any(const char *path, const char *const *dirs) {
  for (const char *const *d = dirs; d && *d; d++)
    if (path_is_under(path, *d))
      return 1;
  return 0;
}

char *path_common_dir(const char *a, const char *b) {
  size_t i = 0, last = 0;
  while (a[i] && a[i] == b[i]) {
    if (a[i] == '/')
      last = i;
    i++;
  }
  if ((a[i] == 0 && (b[i] == '/' || b[i] == 0)) || (b[i] == 0 && a[i] == '/'))
    last = i;
  return last == 0 ? xstrdup("/") : xstrndup(a, last);
}

char *path_join(const char *a, const char *b) {
  if (b[0] == '/')
    return xstrdup(b);
  size_t n = strlen(a);
  return xasprintf("%s%s%s", a, n && a[n - 1] == '/' ? "" : "/", b);
}

int str_starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

int str_ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}
