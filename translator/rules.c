/*
 * rules: indexes the X-macro tables of rules/ (see rules.h). Tables are
 * small (hundreds of rows), so lookups are a binary search over a sorted
 * copy of the name column built once.
 */
#include "rules.h"

#include "rules_user.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
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

/* ---- the functions the device rows call -------------------------------
 * Every identifier a row's OpenCL C calls (`round` in lroundf's
 * convert_long_sat(round($0))), but cu2cl's own (cu2cl_ prefixed), sorted
 * and unique: a program's own name that equals one is renamed, or a
 * parameter called round would hide the function the translation calls
 * (HeCBench resize). */

static char **called_names;
static size_t called_count;
static pthread_once_t called_once = PTHREAD_ONCE_INIT;

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void build_called(void) {
  size_t cap = 0;
  for (const cu2cl_device_rule *r = device_rules; r->cuda_name; r++) {
    for (const char *p = r->opencl ? r->opencl : ""; *p;) {
      if (*p == '$') { /* $0, $T, $A: a template's placeholders */
        p += p[1] ? 2 : 1;
        continue;
      }
      if (!isalpha((unsigned char)*p) && *p != '_') {
        p++;
        continue;
      }
      const char *b = p;
      while (isalnum((unsigned char)*p) || *p == '_')
        p++;
      size_t n = (size_t)(p - b);
      const char *q = p;
      while (*q == ' ')
        q++;
      if (*q != '(' || (n >= 6 && !strncmp(b, "cu2cl_", 6)))
        continue;
      if (called_count == cap) {
        cap = cap ? 2 * cap : 256;
        char **grown = realloc(called_names, cap * sizeof *grown);
        if (!grown)
          return;
        called_names = grown;
      }
      char *name = malloc(n + 1);
      if (!name)
        return;
      memcpy(name, b, n);
      name[n] = 0;
      called_names[called_count++] = name;
    }
  }
  if (!called_count)
    return;
  qsort(called_names, called_count, sizeof *called_names, cmp_str);
  size_t u = 1;
  for (size_t i = 1; i < called_count; i++) {
    if (strcmp(called_names[i], called_names[u - 1]))
      called_names[u++] = called_names[i];
    else
      free(called_names[i]);
  }
  called_count = u;
}

int cu2cl_rules_device_calls(const char *name) {
  pthread_once(&called_once, build_called);
  return called_count && bsearch(&name, called_names, called_count,
                                 sizeof *called_names, cmp_str) != NULL;
}

/* ---- PTX special registers ------------------------------------------ */

static const cu2cl_ptx_reg ptx_regs[] = {
#define CU2CL_PTX_REG(name, bits, value, opencl, notes)                        \
  {#name, bits, opencl, CU2CL_PTX_##value, notes},
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

/* The output a move writes, at *t: $N (llvm), %N or %[name]; advances *t.
 * -1 for anything else. */
static int ptx_operand(const char **t, int llvm, unsigned nout,
                       const char *const *names) {
  const char *p = *t;
  if (*p++ != (llvm ? '$' : '%'))
    return -1;
  if (isdigit((unsigned char)*p)) {
    char *end;
    unsigned long i = strtoul(p, &end, 10);
    *t = end;
    return i < nout ? (int)i : -1;
  }
  const char *close = !llvm && *p == '[' ? strchr(p, ']') : NULL;
  for (unsigned i = 0; close && names && i < nout; i++)
    if (names[i] && strlen(names[i]) == (size_t)(close - p - 1) &&
        !strncmp(names[i], p + 1, close - p - 1)) {
      *t = close + 1;
      return (int)i;
    }
  return -1;
}

/* The register of width bits named at *t (%%reg, or %reg as LLVM's form
 * and nvcc have it); advances *t. */
static const cu2cl_ptx_reg *ptx_register(const char **t, int llvm, int bits) {
  const char *p = *t;
  if (*p++ != '%')
    return NULL;
  if (!llvm && *p == '%')
    p++;
  size_t n = 0;
  while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '.')
    n++;
  *t = p + n;
  for (size_t i = 0; i < sizeof ptx_regs / sizeof ptx_regs[0]; i++)
    if (strlen(ptx_regs[i].name) == n && !strncmp(ptx_regs[i].name, p, n) &&
        ptx_regs[i].bits == bits)
      return &ptx_regs[i];
  return NULL;
}

int cu2cl_rules_ptx_moves(const char *t, int llvm, unsigned nout,
                          const char *const *names,
                          const cu2cl_ptx_reg **regs) {
  unsigned moved = 0;
  for (unsigned i = 0; i < nout; i++)
    regs[i] = NULL;
  for (t = skip_space(t); *t; t = skip_space(t)) {
    int bits = mov_bits(t);
    if (!bits)
      return 0;
    t = skip_space(t + 8);
    int out = ptx_operand(&t, llvm, nout, names);
    if (out < 0 || regs[out])
      return 0;
    t = skip_space(t);
    if (*t != ',')
      return 0;
    t = skip_space(t + 1);
    if (!(regs[out] = ptx_register(&t, llvm, bits)))
      return 0;
    moved++;
    t = skip_space(t);
    if (*t == ';')
      t++;
    else if (*t)
      return 0;
  }
  return nout > 0 && moved == nout;
}

/* The string literals at *t, concatenated, with C's escapes undone, into
 * out (size n); advances *t past them. 0 when they do not fit. */
static int asm_literals(const char **t, char *out, size_t n) {
  size_t len = 0;
  const char *p = skip_space(*t);
  for (; *p == '"'; p = skip_space(p + 1)) {
    for (p++; *p && *p != '"'; p++) {
      char c = *p;
      if (c == '\\' && p[1]) {
        c = *++p;
        c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
      }
      if (len + 1 >= n)
        return 0;
      out[len++] = c;
    }
    if (!*p)
      return 0;
  }
  out[len] = 0;
  *t = p;
  return len > 0;
}

/* The outputs after the template's ':' at *t, up to the next ':' or the
 * closing ')': their count (at most max), each one's [name] in names (an
 * empty string when unnamed); advances *t. -1 when they do not fit. */
static int asm_outputs(const char **t, char (*names)[32], unsigned max) {
  const char *p = *t;
  int n = 0, depth = 0, any = 0;
  for (; *p && (depth || (*p != ':' && *p != ')')); p++) {
    if (*p == '"' && (p = strchr(p + 1, '"')) == NULL)
      return -1;
    if ((unsigned)n >= max)
      return -1;
    if (!any && !isspace((unsigned char)*p))
      names[n][0] = 0, any = 1;
    if (*p == '(')
      depth++;
    else if (*p == ')')
      depth--;
    else if (*p == ',' && !depth)
      n++, any = 0;
    else if (*p == '[' && !depth &&
             sscanf(p, "[ %31[A-Za-z0-9_] ]", names[n]) != 1)
      return -1;
  }
  *t = p;
  return n + any;
}

unsigned cu2cl_rules_ptx_asm(const char *text, const cu2cl_ptx_reg **regs,
                             unsigned max) {
  char tmpl[512], names[CU2CL_PTX_MAX_OUTPUTS][32];
  const char *p = strchr(text, '(');
  if (max > CU2CL_PTX_MAX_OUTPUTS)
    max = CU2CL_PTX_MAX_OUTPUTS;
  if (!p)
    return 0;
  p++;
  if (!asm_literals(&p, tmpl, sizeof tmpl) || *p != ':')
    return 0;
  p++;
  int n = asm_outputs(&p, names, max);
  if (n <= 0)
    return 0;
  if (*p == ':') { /* inputs: none */
    p = skip_space(p + 1);
    if (*p != ':' && *p != ')')
      return 0;
  }
  const char *np[CU2CL_PTX_MAX_OUTPUTS];
  for (int i = 0; i < n; i++)
    np[i] = names[i][0] ? names[i] : NULL;
  return cu2cl_rules_ptx_moves(tmpl, 0, (unsigned)n, np, regs) ? (unsigned)n
                                                               : 0;
}
