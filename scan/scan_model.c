/*
 * scan_model: the per-file record of `cu2cl scan` and its classification
 * by the rules tables (see scan_model.h). The bottom of the scanner: it
 * calls only the translator's rules, diag and util modules.
 */
#include "scan_model.h"

#include <string.h>

#include "rules.h"

const char *scan_class_name(scan_class c) {
  static const char *const names[] = {"translated", "remark", "diagnosed",
                                      "unsupported"};
  return c < SCAN_NCLASS ? names[c] : "?";
}

void scan_file_free(scan_file *f) {
  if (!f)
    return;
  for (size_t i = 0; i < f->nfuncs; i++)
    free(f->funcs[i].name);
  for (size_t i = 0; i < f->nuses; i++)
    free(f->uses[i].name);
  for (size_t i = 0; i < f->nfinds; i++) {
    free(f->finds[i].s1);
    free(f->finds[i].s2);
  }
  free(f->funcs);
  free(f->uses);
  free(f->finds);
  strvec_free(&f->defined);
  free(f->path);
  memset(f, 0, sizeof *f);
}

scan_func *scan_add_func(scan_file *f, const char *name, size_t len,
                         unsigned line) {
  f->funcs = xrealloc(f->funcs, (f->nfuncs + 1) * sizeof *f->funcs);
  scan_func *x = &f->funcs[f->nfuncs++];
  memset(x, 0, sizeof *x);
  x->name = xstrndup(name, len);
  x->line = line;
  return x;
}

scan_use *scan_add_use(scan_file *f, const char *name, scan_side side,
                       unsigned line, unsigned col) {
  f->uses = xrealloc(f->uses, (f->nuses + 1) * sizeof *f->uses);
  scan_use *u = &f->uses[f->nuses++];
  memset(u, 0, sizeof *u);
  u->name = xstrdup(name);
  u->side = side;
  u->category = scan_category(side, name);
  u->line = line;
  u->col = col;
  return u;
}

scan_finding *scan_add_finding(scan_file *f, cu2cl_diag_id id, unsigned line,
                               unsigned col, const char *s1, const char *s2) {
  f->finds = xrealloc(f->finds, (f->nfinds + 1) * sizeof *f->finds);
  scan_finding *x = &f->finds[f->nfinds++];
  memset(x, 0, sizeof *x);
  x->id = id;
  x->line = line;
  x->col = col;
  x->s1 = s1 ? xstrdup(s1) : NULL;
  x->s2 = s2 ? xstrdup(s2) : NULL;
  return x;
}

int scan_has_finding(const scan_file *f, cu2cl_diag_id id, const char *s1) {
  for (size_t i = 0; i < f->nfinds; i++)
    if (f->finds[i].id == id &&
        (!s1 || (f->finds[i].s1 && !strcmp(f->finds[i].s1, s1))))
      return 1;
  return 0;
}

int scan_has_library(const scan_file *f, const char *library) {
  for (size_t i = 0; i < f->nfinds; i++)
    if (f->finds[i].id == CU2CL_D_UNMAPPED_LIBRARY && f->finds[i].s2 &&
        !strcmp(f->finds[i].s2, library))
      return 1;
  return 0;
}

/* The arguments each message of the catalog takes (rules/diagnostics.def):
 * none, one string, two strings, a string and a number, or a string, a
 * number and a string. */
void scan_finding_report(cu2cl_diag_engine *d, const char *file,
                         const scan_finding *x) {
  const char *s1 = x->s1 ? x->s1 : "", *s2 = x->s2 ? x->s2 : "";
  switch (x->id) {
  case CU2CL_D_CUDA_ARCH_HOST_BRANCH:
    cu2cl_diag_report(d, x->id, file, x->line, x->col);
    break;
  case CU2CL_D_CUDA_ARCH_DEVICE_READ: /* CU2CL_DEFAULT_ARCH, sm_80 (flags.h) */
    cu2cl_diag_report(d, x->id, file, x->line, x->col, "800");
    break;
  case CU2CL_D_UNSUPPORTED_API:
  case CU2CL_D_UNMAPPED_LIBRARY:
  case CU2CL_D_UNSUPPORTED_DEVICE_FUNCTION:
  case CU2CL_D_UNKNOWN_DEVICE_FUNCTION:
  case CU2CL_D_MASK_NOT_FULL:
    cu2cl_diag_report(d, x->id, file, x->line, x->col, s1, s2);
    break;
  case CU2CL_D_BLOCK_NOT_WARP_MULTIPLE:
    cu2cl_diag_report(d, x->id, file, x->line, x->col, s1, x->u);
    break;
  case CU2CL_D_IMPLICIT_WARP_SYNC:
    cu2cl_diag_report(d, x->id, file, x->line, x->col, s1, x->u, s2);
    break;
  default:
    cu2cl_diag_report(d, x->id, file, x->line, x->col, s1);
    break;
  }
}

/* ---- rules/scan.def ---- */

typedef struct category_row {
  scan_side side;
  const char *prefix, *category;
} category_row;

static const category_row categories[] = {
#define HOST SCAN_HOST
#define DEVICE SCAN_DEVICE
#define CU2CL_SCAN_CATEGORY(side, prefix, category) {side, prefix, category},
#include "../rules/scan.def"
#undef HOST
#undef DEVICE
    {SCAN_HOST, NULL, NULL}};

typedef struct library_row {
  const char *prefix, *header, *library;
} library_row;

static const library_row libraries[] = {
#define CU2CL_SCAN_LIBRARY(prefix, header, library) {prefix, header, library},
#include "../rules/scan.def"
    {NULL, NULL, NULL}};

const char *scan_category(scan_side side, const char *name) {
  for (const category_row *r = categories; r->prefix; r++)
    if (r->side == side && str_starts_with(name, r->prefix))
      return r->category;
  return side == SCAN_HOST ? "other" : "math";
}

const char *scan_library_of_call(const char *name) {
  for (const library_row *r = libraries; r->prefix; r++)
    if (str_starts_with(name, r->prefix))
      return r->library;
  return NULL;
}

const char *scan_library_of_header(const char *header) {
  const char *base = header;
  for (const library_row *r = libraries; r->prefix; r++)
    if (str_starts_with(base, r->header))
      return r->library;
  return NULL;
}

/* ---- the translator's tables ---- */

scan_class scan_classify_host(const char *name, int *known) {
  const cu2cl_host_rule *r = cu2cl_rules_host_find(name);
  *known = r != NULL;
  if (!r)
    return SCAN_UNSUPPORTED;
  if (!r->replacement)
    return SCAN_UNSUPPORTED;
  return r->notes && *r->notes ? SCAN_REMARK : SCAN_TRANSLATED;
}

scan_class scan_classify_device(const char *name, int *known, int *warp) {
  const cu2cl_device_rule *supported = NULL;
  *known = 0;
  *warp = 0;
  for (const cu2cl_device_rule *r = cu2cl_rules_device_next(name, NULL); r;
       r = cu2cl_rules_device_next(name, r)) {
    *known = 1;
    if (r->opencl && !supported)
      supported = r;
    if (r->opencl && strstr(r->opencl, "cu2cl_warp_scratch") &&
        !str_starts_with(name, "__syncthreads"))
      *warp = 1;
  }
  if (!*known || !supported)
    return SCAN_UNSUPPORTED;
  if (*warp)
    return SCAN_REMARK; /* CU2CL3011 on the kernel */
  return supported->notes && *supported->notes ? SCAN_REMARK : SCAN_TRANSLATED;
}

int scan_is_builtin_variable(const char *name) {
  static const char *const vars[] = {"threadIdx", "blockIdx", "blockDim",
                                     "gridDim",   "warpSize", NULL};
  for (const char *const *v = vars; *v; v++)
    if (!strcmp(name, *v))
      return 1;
  return 0;
}
