/*
 * util: the translator's small toolbox (libc only; validator/ links it too).
 *
 * Allocation in the translator aborts on exhaustion (xmalloc and friends):
 * the translator is a command-line tool and has nothing sensible to do when
 * memory runs out. The runtime library (runtime/) never uses these.
 * strbuf is a growable NUL-terminated byte buffer; strvec a growable array of
 * owned strings. Both start zeroed ({0}) and are released with *_free.
 */
#ifndef CU2CL_UTIL_H
#define CU2CL_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* printf into a fresh heap string; the caller frees it. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

typedef struct strbuf {
  char *data; /* NUL-terminated when len > 0 or after any append */
  size_t len;
  size_t cap;
} strbuf;

void strbuf_append(strbuf *b, const char *s);
void strbuf_appendn(strbuf *b, const char *s, size_t n);
void strbuf_appendc(strbuf *b, char c);
void strbuf_printf(strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(strbuf *b, const char *fmt, va_list ap);
/* Always returns a NUL-terminated string (never NULL); owned by b. */
const char *strbuf_cstr(strbuf *b);
/* Hands the buffer to the caller (who frees it) and resets b. */
char *strbuf_take(strbuf *b);
void strbuf_reset(strbuf *b);
void strbuf_free(strbuf *b);

typedef struct strvec {
  char **items;
  size_t len;
  size_t cap;
} strvec;

void strvec_push(strvec *v, const char *s); /* copies s */
void strvec_push_own(strvec *v, char *s);   /* takes ownership of s */
int strvec_contains(const strvec *v, const char *s);
void strvec_free(strvec *v);

/* Files. read_file returns a heap buffer (NUL-terminated) or NULL with errno
 * set. */
char *read_file(const char *path, size_t *len_out);
/* Writes atomically: to an unnamed file in path's directory linked into
 * place when complete (O_TMPFILE), else to a temporary file beside path
 * renamed into place, so no partial output is ever left behind, even by a
 * process killed while writing or a full disk. Creates missing parent
 * directories.
 * Returns 0 on success, -1 with errno set. */
int write_file_atomic(const char *path, const char *data, size_t len);
/* write_file_atomic, unless the file already holds exactly data (it is then
 * left alone, mtime included). *written: 1 when it was written. */
int write_file_if_changed(const char *path, const char *data, size_t len,
                          int *written);
int mkdir_p(const char *dir);
int path_is_dir(const char *path);
int path_exists(const char *path);
/* Absolute, normalized (no "." or ".." components, no double slashes)
 * version of path, interpreted relative to base when relative (base NULL:
 * the current directory). Does not resolve symbolic links. Caller frees. */
char *path_absolute(const char *path, const char *base);
/* Directory part / last component / last component without extension. */
char *path_dirname(const char *path);
const char *path_basename(const char *path);
char *path_stem(const char *path);
/* 1 when path lies inside (or equals) dir; both absolute and normalized. */
int path_is_under(const char *path, const char *dir);
/* 1 when path is under one of dirs (NULL-terminated; dirs may be NULL). */
int path_is_under_any(const char *path, const char *const *dirs);
/* Longest common directory of two absolute directories. Caller frees. */
char *path_common_dir(const char *a, const char *b);
char *path_join(const char *a, const char *b);

int str_starts_with(const char *s, const char *prefix);
int str_ends_with(const char *s, const char *suffix);

#endif
