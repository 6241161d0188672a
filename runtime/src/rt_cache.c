/*
 * rt_cache: program binaries on disk (rt_cache.h).
 */
#include "rt_cache.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rt_error.h"
#include "rt_sha256.h"

static const char rt_cache_magic[8] = {'C', 'U', '2', 'C', 'L', 'B', 'N', '1'};
enum { RT_CACHE_HEADER = 8 + 8 + 32 };

static char *rt_strcat3(const char *a, const char *b, const char *c) {
  size_t n = strlen(a) + strlen(b) + strlen(c) + 1;
  char *s = malloc(n);
  if (s)
    snprintf(s, n, "%s%s%s", a, b, c);
  return s;
}

/* mkdir -p */
static int rt_make_dirs(char *path) {
  for (char *p = path + 1; *p; p++) {
    if (*p != '/')
      continue;
    *p = '\0';
    int ok = mkdir(path, 0777) == 0 || errno == EEXIST;
    *p = '/';
    if (!ok)
      return -1;
  }
  return mkdir(path, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

char *rt_cache_dir(void) {
  const char *off = getenv("CU2CL_CACHE");
  if (off && strcmp(off, "0") == 0)
    return NULL;
  const char *dir = getenv("CU2CL_CACHE_DIR");
  const char *xdg = getenv("XDG_CACHE_HOME");
  const char *home = getenv("HOME");
  char *path = dir && *dir   ? rt_strcat3(dir, "", "")
               : xdg && *xdg ? rt_strcat3(xdg, "/cu2cl", "")
               : home        ? rt_strcat3(home, "/.cache/cu2cl", "")
                             : NULL;
  if (path && rt_make_dirs(path) != 0) {
    rt_log_debug("cache directory %s cannot be created: %s", path,
                 strerror(errno));
    free(path);
    return NULL;
  }
  return path;
}

static void rt_digest(const unsigned char *data, size_t len,
                      unsigned char out[32]) {
  rt_sha256 h;
  rt_sha256_init(&h);
  rt_sha256_update(&h, data, len);
  rt_sha256_final(&h, out);
}

static unsigned char *rt_read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  unsigned char *buf = NULL;
  long size = -1;
  if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0 && (buf = malloc(size ? (size_t)size : 1)) &&
      fread(buf, 1, (size_t)size, f) != (size_t)size) {
    free(buf);
    buf = NULL;
  }
  fclose(f);
  *len = buf ? (size_t)size : 0;
  return buf;
}

int rt_cache_has(const char *dir, const char *key) {
  char *path = rt_strcat3(dir, "/", key);
  char *file = path ? rt_strcat3(path, ".clbin", "") : NULL;
  int has = file && access(file, R_OK) == 0;
  free(path);
  free(file);
  return has;
}

unsigned char *rt_cache_load(const char *dir, const char *key, size_t *len) {
  char *path = rt_strcat3(dir, "/", key);
  char *file = path ? rt_strcat3(path, ".clbin", "") : NULL;
  free(path);
  size_t size = 0;
  unsigned char *buf = file ? rt_read_all(file, &size) : NULL;
  uint64_t payload = 0;
  unsigned char sum[32];
  int ok =
      buf && size >= RT_CACHE_HEADER && memcmp(buf, rt_cache_magic, 8) == 0;
  if (ok) {
    for (int i = 0; i < 8; i++)
      payload |= (uint64_t)buf[8 + i] << (8 * i);
    ok = payload == size - RT_CACHE_HEADER;
  }
  if (ok) {
    rt_digest(buf + RT_CACHE_HEADER, payload, sum);
    ok = memcmp(sum, buf + 16, 32) == 0;
  }
  if (buf && !ok)
    rt_log_debug("cache entry %s is corrupt; ignoring it", file);
  free(file);
  if (!ok) {
    free(buf);
    return NULL;
  }
  memmove(buf, buf + RT_CACHE_HEADER, payload);
  *len = payload;
  return buf;
}

static int rt_write_entry(FILE *f, const unsigned char *data, size_t len) {
  unsigned char header[RT_CACHE_HEADER];
  memcpy(header, rt_cache_magic, 8);
  for (int i = 0; i < 8; i++)
    header[8 + i] = (unsigned char)((uint64_t)len >> (8 * i));
  rt_digest(data, len, header + 16);
  return fwrite(header, 1, sizeof header, f) == sizeof header &&
                 fwrite(data, 1, len, f) == len
             ? 0
             : -1;
}

int rt_cache_store(const char *dir, const char *key, const unsigned char *data,
                   size_t len) {
  char *base = rt_strcat3(dir, "/", key);
  char *final = base ? rt_strcat3(base, ".clbin", "") : NULL;
  char *tmp = base ? rt_strcat3(base, ".tmp.", "XXXXXX") : NULL;
  int rc = -1, fd = tmp ? mkstemp(tmp) : -1;
  if (fd >= 0) {
    FILE *f = fdopen(fd, "wb");
    if (!f)
      close(fd);
    rc = f ? rt_write_entry(f, data, len) : -1;
    if (f && fclose(f) != 0)
      rc = -1;
    if (rc == 0)
      rc = rename(tmp, final);
    if (rc != 0)
      unlink(tmp);
  }
  free(base);
  free(final);
  free(tmp);
  return rc;
}
