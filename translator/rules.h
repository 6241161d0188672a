/*
 * rules: the translation tables of rules/ compiled into the binary.
 *
 * runtime_api.def maps CUDA runtime names used by host code to cu2clrt
 * names; device_functions.def maps CUDA device functions (by name and
 * canonical parameter signature) to OpenCL C templates. Rows are X-macro
 * data; this module only indexes them. A NULL replacement marks a name
 * that is known and unsupported (the row's notes say why).
 */
#ifndef CU2CL_RULES_H
#define CU2CL_RULES_H

#include "rules_user.h"

/* The row for a name: a user's row (cu2cl_rules_load) before a built-in
 * one. */
const cu2cl_host_rule *cu2cl_rules_host_find(const char *cuda_name);
/* First row with this name whose signature equals sig or is "*". Returns
 * NULL when no row has the name; *name_known tells whether the name had
 * rows (with other signatures). */
const cu2cl_device_rule *cu2cl_rules_device_find(const char *cuda_name,
                                                 const char *sig,
                                                 int *name_known);
/* The rows named cuda_name in table order: the first with after NULL, then
 * the one after `after`; NULL when there are no more (cu2cl scan, which
 * sees names but not signatures). */
const cu2cl_device_rule *
cu2cl_rules_device_next(const char *cuda_name, const cu2cl_device_rule *after);

/* A PTX special register (a row of rules/ptx_registers.def). */
typedef struct cu2cl_ptx_reg {
  const char *name; /* "tid.x" */
  int bits;
  const char *opencl; /* the expression that gives its value */
} cu2cl_ptx_reg;
/* The register an inline-assembly template reads when it is only
 * `mov.TYPE %0, %%reg;` with TYPE of the register's width; else NULL.
 * llvm: the template is in LLVM's form, as libclang gives it ($0 for %0,
 * % for %%); else as the source writes it. */
const cu2cl_ptx_reg *cu2cl_rules_ptx_read(const char *tmpl, int llvm);

#endif
