/*
 * rt_source: what the translator's OpenCL C tells the runtime about a
 * kernel (rt_source.h), read off the source text as dev_func.c and
 * emit_device.c print it, and the options that build one kernel alone.
 */
#include "rt_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *rt_skip_space(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
    p++;
  return p;
}

/* p after `word` and at least one blank, else NULL. */
static const char *rt_skip_word(const char *p, const char *word) {
  size_t n = strlen(word);
  if (strncmp(p, word, n) != 0)
    return NULL;
  const char *q = rt_skip_space(p + n);
  return q > p + n ? q : NULL;
}

/* Whether the source declares kernel `name` as the translator prints a
 * kernel with warp operations: "CU2CL_WARP_KERNEL __kernel void name(". The
 * attribute macro is empty except on the sub-group path, so the source text
 * is where the runtime learns which kernels need the launch checks. */
int rt_is_warp_kernel(const char *source, const char *name) {
  static const char tag[] = "CU2CL_WARP_KERNEL";
  size_t n = strlen(name);
  for (const char *p = source; (p = strstr(p, tag)) != NULL;
       p += sizeof tag - 1) {
    const char *q = rt_skip_space(p + sizeof tag - 1);
    if (q == p + sizeof tag - 1)
      continue;
    const char *k = rt_skip_word(q, "__kernel");
    q = k ? k : rt_skip_word(q, "kernel");
    q = q ? rt_skip_word(q, "void") : NULL;
    if (q && strncmp(q, name, n) == 0 && *rt_skip_space(q + n) == '(')
      return 1;
  }
  return 0;
}

/* Whether the source declares kernel `name` as the translator prints a
 * kernel that syncs the grid: "CU2CL_GRID_KERNEL [CU2CL_WARP_KERNEL]
 * __kernel void name(" (dev_func.c). */
int rt_is_grid_kernel(const char *source, const char *name) {
  static const char tag[] = "CU2CL_GRID_KERNEL";
  size_t n = strlen(name);
  for (const char *p = source; (p = strstr(p, tag)) != NULL;
       p += sizeof tag - 1) {
    const char *q = rt_skip_space(p + sizeof tag - 1);
    if (q == p + sizeof tag - 1)
      continue;
    const char *w = rt_skip_word(q, "CU2CL_WARP_KERNEL");
    q = w ? w : q;
    q = rt_skip_word(q, "__kernel");
    q = q ? rt_skip_word(q, "void") : NULL;
    if (q && strncmp(q, name, n) == 0 && *rt_skip_space(q + n) == '(')
      return 1;
  }
  return 0;
}

/* Whether the source declares kernel `name` ("__kernel void name("). */
int rt_has_kernel(const char *source, const char *name) {
  size_t n = strlen(name);
  for (const char *p = source; (p = strstr(p, "__kernel")) != NULL; p += 8) {
    const char *q = rt_skip_word(p, "__kernel");
    q = q ? rt_skip_word(q, "void") : NULL;
    if (q && strncmp(q, name, n) == 0 && *rt_skip_space(q + n) == '(')
      return 1;
  }
  return 0;
}

/* Whether kernel `name`'s parameters end with the translator's
 * cu2cl_dynamic_shared_param: its dynamic shared memory can then be a
 * static array in a program built for one size (emit_device.c). */
int rt_has_sized_shared(const char *source, const char *name) {
  size_t n = strlen(name);
  for (const char *p = source; (p = strstr(p, "__kernel")) != NULL; p += 8) {
    const char *q = rt_skip_word(p, "__kernel");
    q = q ? rt_skip_word(q, "void") : NULL;
    if (!q || strncmp(q, name, n) != 0 || *rt_skip_space(q + n) != '(')
      continue;
    const char *end = strchr(q, ')');
    const char *param = strstr(q, "cu2cl_dynamic_shared_param");
    return end && param && param < end;
  }
  return 0;
}

/* Whether the source guards kernel name as dev_func.c prints it. */
int rt_has_kernel_guard(const char *source, const char *name) {
  char *tag = malloc(strlen(name) + 32);
  if (!tag)
    return 0;
  sprintf(tag, "defined(CU2CL_KERNEL_%s)", name);
  int found = strstr(source, tag) != NULL;
  free(tag);
  return found;
}

/* The build options of kernel `name` alone (NULL: of every kernel), with
 * the dynamic shared memory sized for units (0: not sized); malloc'd, NULL
 * when out of memory. */
char *rt_kernel_options(const char *name, size_t units) {
  size_t n = (name ? strlen(name) : 0) + 128;
  char *extra = malloc(n);
  if (!extra)
    return NULL;
  int len = 0;
  extra[0] = '\0';
  if (units)
    len = snprintf(extra, n, "-D CU2CL_DYNAMIC_SHARED_UNITS=%zu", units);
  if (name)
    snprintf(extra + len, n - (size_t)len,
             "%s-D CU2CL_ONLY_KERNELS=1 -D CU2CL_KERNEL_%s=1", len ? " " : "",
             name);
  return extra;
}
