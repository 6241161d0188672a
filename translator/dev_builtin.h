/*
 * dev_builtin: what the device emitter knows about CUDA's built-in device
 * functions: their rows in rules/device_functions.def, which of them
 * every work-item must reach on the warp emulation path, the built-in
 * index variables and printf formats. Layer 3 of the device emitter
 * (dev_state.h).
 */
#ifndef CU2CL_DEV_BUILTIN_H
#define CU2CL_DEV_BUILTIN_H

#include "dev_state.h"
#include "rules.h"

/* The canonical parameter types of fn as the rule tables spell them
 * ("float, int"); caller frees. */
char *dev_builtin_signature(CXCursor fn);
/* The device-function rule for a call of a CUDA built-in, or NULL. */
const cu2cl_device_rule *dev_builtin_rule(CXCursor callee);
/* The rule of a member (constructor, method, conversion) of a CUDA class
 * in a system header, by its qualified name ("__half::__half",
 * "__half::operator float"), or NULL; *known: the table has rows of that
 * name. */
const cu2cl_device_rule *dev_builtin_member_rule(CXCursor member, int *known);
/* 1 for a record type of cuda_fp16.h (__half, __half2 and their _raw
 * forms), cuda_bf16.h (__nv_bfloat16, __nv_bfloat162, _raw) or cuda_fp8.h
 * (__nv_fp8_e4m3, __nv_fp8x2_e5m2, ...): what the table does not map about
 * it is reported, never printed as a plain struct. */
int dev_builtin_is_half_type(CXType t);
/* 1 for a built-in every work-item must reach on the warp emulation path
 * (warp primitives, __syncthreads*, cooperative-groups collectives);
 * *scratch: it takes the warp scratch. */
int dev_builtin_is_collective(CXCursor callee, int *scratch);
/* 1 when the row of callee takes cu2clrt's device runtime block (its
 * template names cu2cl_devrt): device assert, clock, heap. */
int dev_builtin_uses_devrt(CXCursor callee);
/* For an inline assembly statement that only moves special registers into
 * its outputs (`asm("mov.u32 %0, %%laneid;" : "=r"(l))`, rules.h): the
 * number of outputs, with regs[i] the register output i receives and
 * outs[i] its expression (arrays of CU2CL_PTX_MAX_OUTPUTS); else 0. */
unsigned dev_builtin_ptx_reads(CXCursor stmt, const cu2cl_ptx_reg **regs,
                               CXCursor *outs);
/* 1 for the name of a warp primitive (__shfl*, __ballot*, ...). */
int dev_builtin_is_warp_primitive(const char *name);
/* For a member of a built-in index variable (threadIdx.y, blockDim.x):
 * its dimension (0-2), with the OpenCL work-item function in *fn
 * (get_local_id, ...); -1 for anything else. */
int dev_builtin_var_dim(emitter *e, CXCursor member, const char **fn);
/* A printf format (its source text, quotes included) as OpenCL C takes
 * it: its long is 64-bit, so %lld/%llu/%zu/%zd become %ld/%lu. *bad names
 * a conversion OpenCL C has no equivalent for ("long double", "%n"), else
 * NULL. Caller frees. */
char *dev_builtin_printf_format(const char *fmt, const char **bad);

#endif
