/*
 * rules: indexes the X-macro tables of rules/ (see rules.h). Tables are
 * small (hundreds of rows), so lookups are a binary search over a sorted
 * copy of the name column built once.
 */
#include "rules.h"

#include "rules_user.h"

#include <ctype.h>
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

/* ---- PTX special registers ------------------------------------------ */

static const cu2cl_ptx_reg ptx_regs[] = {
#define CU2CL_PTX_REG(name, bits, opencl, notes) {#name, bits, opencl},
#include "../rules/ptx_registers.def"
#undef CU2CL_PTX_REG
};

static const char *skip_space(const char *p) {
  while (isspace((unsigned char)*p))
    p++;
  return p;
}

/* The width of `mov.TYPE ` at t (32 or 64), else 0. */
static int mov_bits(const char *t) {
  static const char *const types[] = {"u32", "s32", "b32", "u64", "s64", "b64"};
  if (strncmp(t, "mov.", 4))
    return 0;
  for (int i = 0; i < 6; i++)
    if (!strncmp(t + 4, types[i], 3) && isspace((unsigned char)t[7]))
      return i < 3 ? 32 : 64;
  return 0;
}

const cu2cl_ptx_reg *cu2cl_rules_ptx_read(const char *t, int llvm) {
  t = skip_space(t);
  int bits = mov_bits(t);
  if (!bits)
    return NULL;
  t = skip_space(t + 8);
  if (strncmp(t, llvm ? "$0" : "%0", 2))
    return NULL;
  t = skip_space(t + 2);
  if (*t != ',')
    return NULL;
  t = skip_space(t + 1);
  if (strncmp(t, llvm ? "%" : "%%", llvm ? 1 : 2))
    return NULL;
  t += llvm ? 1 : 2;
  size_t n = strcspn(t, "; \t\n");
  const char *end = skip_space(t + n);
  if (*end == ';')
    end = skip_space(end + 1);
  for (size_t i = 0; !*end && i < sizeof ptx_regs / sizeof ptx_regs[0]; i++)
    if (strlen(ptx_regs[i].name) == n && !strncmp(ptx_regs[i].name, t, n) &&
        ptx_regs[i].bits == bits)
      return &ptx_regs[i];
  return NULL;
}
