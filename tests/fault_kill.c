/*
 * fault_kill: an LD_PRELOAD library for tests/faults.sh that kills the
 * process with SIGKILL at a chosen point of its output writes, so that
 * a kill lands in the middle of writing for certain (a kill by time lands
 * before or after the few milliseconds a run spends writing).
 *
 *   CU2CL_FAULT_KILL_WRITE=N  the Nth write(2) into an unnamed file
 *                             (O_TMPFILE, how cu2cl writes every output)
 *                             writes half its bytes, then the process dies
 *   CU2CL_FAULT_KILL_LINK=N   the process dies at the Nth linkat(2) or
 *                             rename(2), before it (an output complete but
 *                             not yet named)
 *
 * Counts are over the whole process (all threads); unset: no kill.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

enum { MAX_FD = 4096 };
static char unnamed[MAX_FD]; /* fds opened with O_TMPFILE */
static long writes, links;

static long limit(const char *name) {
  const char *v = getenv(name);
  return v && *v ? atol(v) : 0;
}

static void die(void) {
  kill(getpid(), SIGKILL);
  for (;;)
    pause();
}

/* The Nth event of counter (N from the variable name): whether it is now. */
static int due(long *counter, const char *name) {
  long n = limit(name);
  return n > 0 && __atomic_add_fetch(counter, 1, __ATOMIC_SEQ_CST) == n;
}

int open(const char *path, int flags, ...) {
  static int (*real)(const char *, int, ...);
  if (!real)
    real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
  mode_t mode = 0;
  if (flags & (O_CREAT | __O_TMPFILE)) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  int fd = real(path, flags, mode);
  if (fd >= 0 && fd < MAX_FD)
    unnamed[fd] = (flags & O_TMPFILE) == O_TMPFILE;
  return fd;
}

int close(int fd) {
  static int (*real)(int);
  if (!real)
    real = (int (*)(int))dlsym(RTLD_NEXT, "close");
  if (fd >= 0 && fd < MAX_FD)
    unnamed[fd] = 0;
  return real(fd);
}

ssize_t write(int fd, const void *buf, size_t len) {
  static ssize_t (*real)(int, const void *, size_t);
  if (!real)
    real = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
  if (fd >= 0 && fd < MAX_FD && unnamed[fd] &&
      due(&writes, "CU2CL_FAULT_KILL_WRITE")) {
    real(fd, buf, len / 2);
    die();
  }
  return real(fd, buf, len);
}

int linkat(int olddir, const char *old, int newdir, const char *new,
           int flags) {
  static int (*real)(int, const char *, int, const char *, int);
  if (!real)
    real = (int (*)(int, const char *, int, const char *, int))dlsym(RTLD_NEXT,
                                                                     "linkat");
  if (due(&links, "CU2CL_FAULT_KILL_LINK"))
    die();
  return real(olddir, old, newdir, new, flags);
}

int rename(const char *old, const char *new) {
  static int (*real)(const char *, const char *);
  if (!real)
    real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
  if (due(&links, "CU2CL_FAULT_KILL_LINK"))
    die();
  return real(old, new);
}
