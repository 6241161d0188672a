/*
 * rt_cache: the on-disk cache of OpenCL program binaries.
 *
 * An entry is one file, <dir>/<key>.clbin, where key is the hex SHA-256 of
 * everything that decides the binary (rt_program.c composes it). The file
 * holds a magic string, the payload length and the payload's SHA-256 before
 * the payload, so a truncated or corrupt file is detected and ignored. Files
 * are written to a temporary name and renamed into place, so readers never
 * see a partial entry and concurrent writers do not collide.
 *
 * Directory: $CU2CL_CACHE_DIR, else $XDG_CACHE_HOME/cu2cl, else
 * $HOME/.cache/cu2cl. CU2CL_CACHE=0 disables the cache.
 */
#ifndef CU2CL_RT_CACHE_H
#define CU2CL_RT_CACHE_H

#include <stddef.h>

/* The cache directory (created if missing), or NULL when the cache is
 * disabled or no directory can be made. The caller frees it. */
char *rt_cache_dir(void);
/* Reads the entry for key; returns a heap payload the caller frees, or NULL
 * when the entry is missing or unusable. */
unsigned char *rt_cache_load(const char *dir, const char *key, size_t *len);
/* Whether an entry for key exists (not whether it is usable). */
int rt_cache_has(const char *dir, const char *key);
/* Writes the entry for key atomically; returns 0 on success. */
int rt_cache_store(const char *dir, const char *key, const unsigned char *data,
                   size_t len);

#endif
