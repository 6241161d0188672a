/*
 * rules: indexes the X-macro tables of rules/ (see rules.h). Tables are
 * small (hundreds of rows), so lookups are a binary search over a sorted
 * copy of the name column built once.
 */
#include "rules.h"

#include "rules_user.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define NULLSTR(x) (x)

static const cu2cl_host_rule host_rules[] = {
#if __has_include("../rules/runtime_api.def")
#define CU2CL_HOST_API(name, repl, kind, notes) {#name, repl, #kind, notes},
#include "../rules/runtime_api.def"
#undef CU2CL_HOST_API
#endif
    {NULL, NULL, NULL, NULL}};

static const cu2cl_device_rule device_rules[] = {
#if __has_include("../rules/device_functions.def")
#define CU2CL_DEVICE_FN(name, sig, ocl, notes) {#name, sig, ocl, notes},
#include "../rules/device_functions.def"
#undef CU2CL_DEVICE_FN
#endif
    {NULL, NULL, NULL, NULL}};

static const cu2cl_host_rule **host_sorted;
static size_t host_count;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int cmp_host(const void *a, const void *b) {
  const cu2cl_host_rule *x = *(const cu2cl_host_rule *const *)a;
  const cu2cl_host_rule *y = *(const cu2cl_host_rule *const *)b;
  return strcmp(x->cuda_name, y->cuda_name);
}

static void build_index(void) {
  while (host_rules[host_count].cuda_name)
    host_count++;
  host_sorted = malloc((host_count + 1) * sizeof *host_sorted);
  for (size_t i = 0; i < host_count; i++)
    host_sorted[i] = &host_rules[i];
  qsort(host_sorted, host_count, sizeof *host_sorted, cmp_host);
}

const cu2cl_host_rule *cu2cl_rules_host_find(const char *cuda_name) {
  const cu2cl_host_rule *user = cu2cl_rules_user_host(cuda_name);
  if (user)
    return user;
  pthread_once(&once, build_index);
  size_t lo = 0, hi = host_count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(cuda_name, host_sorted[mid]->cuda_name);
    if (c == 0)
      return host_sorted[mid];
    if (c < 0)
      hi = mid;
    else
      lo = mid + 1;
  }
  return NULL;
}

const cu2cl_device_rule *cu2cl_rules_device_find(const char *cuda_name,
                                                 const char *sig,
                                                 int *name_known) {
  *name_known = 0;
  const cu2cl_device_rule *user = cu2cl_rules_user_device(cuda_name, sig);
  if (user) {
    *name_known = 1;
    return user;
  }
  for (const cu2cl_device_rule *r = device_rules; r->cuda_name; r++) {
    if (strcmp(r->cuda_name, cuda_name))
      continue;
    *name_known = 1;
    if (!strcmp(r->signature, "*") || !strcmp(r->signature, sig))
      return r;
  }
  return NULL;
}

const cu2cl_device_rule *
cu2cl_rules_device_next(const char *cuda_name, const cu2cl_device_rule *after) {
  const cu2cl_device_rule *r = after ? after + 1 : device_rules;
  for (; r->cuda_name; r++)
    if (!strcmp(r->cuda_name, cuda_name))
      return r;
  return NULL;
}
