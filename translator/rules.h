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

/* Whether the OpenCL C of a device row calls a function of this name (an
 * OpenCL C built-in such as round or rsqrt; cu2cl's own cu2cl_ helpers
 * aside): a program's name that equals one must not hide it. */
int cu2cl_rules_device_calls(const char *name);

/* How a special register's OpenCL C value compares with CUDA's. */
typedef enum cu2cl_ptx_value {
  CU2CL_PTX_EXACT,  /* the same value on every device */
  CU2CL_PTX_CLOCK,  /* cycles on NVIDIA only, as clock() (CU2CL2007) */
  CU2CL_PTX_APPROX, /* CUDA's value on NVIDIA only (CU2CL2008) */
} cu2cl_ptx_value;

/* A PTX special register (a row of rules/ptx_registers.def). */
typedef struct cu2cl_ptx_reg {
  const char *name; /* "tid.x" */
  int bits;
  const char *opencl; /* the expression that gives its value */
  cu2cl_ptx_value value;
  const char *notes; /* for CU2CL_PTX_APPROX: its value off NVIDIA */
} cu2cl_ptx_reg;

/* The most outputs a register-reading assembly statement may have. */
#define CU2CL_PTX_MAX_OUTPUTS 8

/* Whether an inline-assembly template with nout outputs (and no inputs)
 * only moves special registers into them: `mov.TYPE OUT, %%reg;`
 * statements with TYPE of the register's width, each output written once.
 * 1 with regs[i] the register output i receives, else 0. llvm: the
 * template is in LLVM's form, as libclang gives it ($0 for %0 and for a
 * named operand, % for %%); else as the source writes it, where OUT is %N
 * or %[name] (names[i], the outputs' names, entries NULL where unnamed;
 * names may be NULL) and the register may also be written with one %, as
 * nvcc passes it through to ptxas. */
int cu2cl_rules_ptx_moves(const char *tmpl, int llvm, unsigned nout,
                          const char *const *names, const cu2cl_ptx_reg **regs);
/* The same for an assembly statement's source text (`asm volatile("..."
 * : "=r"(x));`, from `asm` on; string literals concatenated, operand names
 * read): the number of outputs, with regs[i] for each, when the statement
 * only moves special registers into at most max outputs; else 0. */
unsigned cu2cl_rules_ptx_asm(const char *text, const cu2cl_ptx_reg **regs,
                             unsigned max);

#endif
