/*
 * scan_model: what `cu2cl scan` learns about one file, and the tables it
 * classifies names with (rules/runtime_api.def, device_functions.def and
 * scan.def, the translator's own rows).
 *
 * A scan_file holds the functions that are device code (kernels and
 * __device__ functions, with lines), the launches, every use of a CUDA
 * name (API calls, types and constants, device built-ins) with its class,
 * and the findings: the catalogued diagnostics the translator would raise
 * that can be seen without types or macro expansion. Everything is owned
 * by the scan_file; scan_file_free releases it.
 */
#ifndef CU2CL_SCAN_MODEL_H
#define CU2CL_SCAN_MODEL_H

#include <stddef.h>

#include "diag.h"
#include "util.h"

/* How a construct fares in translation: translated as it is, translated
 * with a remark (its rule row notes a difference, or the translator
 * raises a remark), translated with a warning to review (diagnosed), or
 * not translated (an error: a human must port it). */
typedef enum scan_class {
  SCAN_TRANSLATED,
  SCAN_REMARK,
  SCAN_DIAGNOSED,
  SCAN_UNSUPPORTED,
  SCAN_NCLASS
} scan_class;

const char *scan_class_name(scan_class c); /* "translated", ... */

typedef enum scan_side { SCAN_HOST, SCAN_DEVICE } scan_side;

typedef struct scan_use {
  char *name;           /* cudaMalloc, __shfl_down_sync, threadIdx */
  const char *category; /* static: "memory", "warp", ... */
  scan_side side;
  scan_class cls;
  int call;     /* a call (else a type, constant or variable) */
  int in_macro; /* in a #define body, not expanded */
  unsigned line, col;
} scan_use;

typedef struct scan_func {
  char *name;
  unsigned line;
  int kernel;   /* __global__ */
  int warp;     /* uses warp operations, directly or through callees */
  int template; /* a template */
} scan_func;

/* A finding; the catalog message is formatted from the arguments its ID
 * takes (s1, s2, u: see scan_finding_report). */
typedef struct scan_finding {
  cu2cl_diag_id id;
  unsigned line, col;
  char *s1, *s2;
  unsigned u;
  size_t fn; /* 1 + the index of the device function it is in; 0: none */
} scan_finding;

typedef struct scan_file {
  char *path; /* as found: relative to the directory named, or as given */
  unsigned lines;
  int unreadable;        /* could not be read: nothing else is valid */
  unsigned parse_errors; /* syntax errors tree-sitter recovered from */
  unsigned error_line;   /* the first one's line */
  unsigned launches;     /* <<<...>>> launches */
  unsigned macro_uses;   /* CUDA uses inside #define bodies */
  scan_func *funcs;
  size_t nfuncs;
  scan_use *uses;
  size_t nuses;
  scan_finding *finds;
  size_t nfinds;
  strvec defined; /* names the file defines (functions, macros, types) */
} scan_file;

void scan_file_free(scan_file *f);
scan_func *scan_add_func(scan_file *f, const char *name, size_t len,
                         unsigned line);
scan_use *scan_add_use(scan_file *f, const char *name, scan_side side,
                       unsigned line, unsigned col);
scan_finding *scan_add_finding(scan_file *f, cu2cl_diag_id id, unsigned line,
                               unsigned col, const char *s1, const char *s2);
/* Whether the file already has a finding with this ID (for the findings
 * raised once per file, such as CU2CL1001 per cub:: name). */
int scan_has_finding(const scan_file *f, cu2cl_diag_id id, const char *s1);
/* Whether the file has CU2CL1003 for this library already. */
int scan_has_library(const scan_file *f, const char *library);

/* Reports a finding through a diagnostics engine, the catalog message
 * formatted from its arguments (for the JSON and SARIF writers). */
void scan_finding_report(cu2cl_diag_engine *d, const char *file,
                         const scan_finding *x);

/* ---- classification by the rules tables ---- */

/* The category of a name (rules/scan.def); never NULL. */
const char *scan_category(scan_side side, const char *name);
/* The library a name or a header belongs to, when it is one cu2cl does not
 * map (rules/scan.def); NULL otherwise. */
const char *scan_library_of_call(const char *name);
const char *scan_library_of_header(const char *header);

/* A host name (runtime/driver API, types, constants, thrust::X): whether
 * the tables know it (*known) and how it fares. A name the tables do not
 * know is CU2CL1002 where the translator would see it as CUDA's. */
scan_class scan_classify_host(const char *name, int *known);
/* A device built-in function by name (every overload's row): known, and
 * *warp when it is a warp operation (its template takes the warp
 * scratch and it is not one of the block-wide __syncthreads_*). */
scan_class scan_classify_device(const char *name, int *known, int *warp);
int scan_is_builtin_variable(const char *name);

#endif
