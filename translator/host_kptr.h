/*
 * host_kptr: kernels held in function pointers in host code.
 *
 * CUDA host code may keep a kernel in a variable, a table, a struct member
 * or a parameter of function-pointer type and launch it through it
 * (`kernel = &transposeNaive; kernel<<<g, b>>>(...)`). The port has no
 * host function for a kernel, so each such declaration becomes a
 * cu2clKernelPtr<void(P...)> (cu2clrt.h): a kernel's reference typed by
 * its parameters. This module finds those declarations and rewrites their
 * declarators; emit_host writes the values and the launches.
 *
 * Which declarations hold kernels is a flow analysis over the whole
 * translation unit: a slot (a variable, a parameter of a function, a
 * member, a function's result, a typedef) is bound when a kernel value or
 * another bound slot reaches it by initialization, assignment, comparison,
 * argument passing or return, or when a launch goes through it. A bound
 * slot declared with a typedef binds the typedef instead: its declaration
 * is the one rewritten.
 */
#ifndef CU2CL_HOST_KPTR_H
#define CU2CL_HOST_KPTR_H

#include <clang-c/Index.h>

/* The bound slots of one translation unit. */
typedef struct cu2cl_kptr cu2cl_kptr;

/* Analyses the user code of tu (system headers are skipped). Free the
 * result with cu2cl_kptr_free. */
cu2cl_kptr *cu2cl_kptr_analyze(CXTranslationUnit tu);
void cu2cl_kptr_free(cu2cl_kptr *k);

/* 1 when decl (a VarDecl, ParmDecl, FieldDecl, TypedefDecl, TypeAliasDecl
 * or a function, for its result) holds kernels. */
int cu2cl_kptr_bound(const cu2cl_kptr *k, CXCursor decl);

/* An edit of the file being rewritten: [begin, end) becomes text, which
 * the callee takes. */
typedef void (*cu2cl_kptr_edit_fn)(void *ctx, unsigned begin, unsigned end,
                                   char *text);

/* Rewrites a bound declaration's declarator, `void (*k[2])(float *, int)`
 * to `cu2clKernelPtr<void(float *, int)> k[2]` and `kfn_t *k` (a typedef
 * of a function type) to `cu2clKernelPtr<kfn_t> k`, through edit.
 * Declarations typed by a typedef, auto or a template parameter need no
 * edit. Returns NULL, or why the declaration cannot be rewritten. */
const char *cu2cl_kptr_rewrite_decl(CXTranslationUnit tu, CXCursor decl,
                                    cu2cl_kptr_edit_fn edit, void *ctx);

/* 1 when a kernel named as a value directly under parent (through
 * parentheses, implicit conversions and `&`) is passed on as CUDA's
 * untyped const void * rather than as a typed kernel pointer: under an
 * explicit cast. */
int cu2cl_kptr_untyped_context(CXCursor parent);

/* The same for a kernel passed as argument arg of call: 1 for the CUDA
 * runtime API (cudaFuncGetAttributes(&a, k)) and for another library's
 * parameter that cannot hold a function pointer (printf's varargs). */
int cu2cl_kptr_untyped_argument(CXCursor call, CXCursor arg);

/* NULL when a launch through a pointer is one cu2cl rewrites (its pointer
 * is a declaration made a cu2clKernelPtr, or has a template's type);
 * otherwise why not. */
const char *cu2cl_kptr_launch_check(cu2cl_kptr *k, CXCursor call);

/* The kernel a value expression names through parentheses, implicit
 * conversions, `&` and `*` (a FunctionDecl), or a null cursor. */
CXCursor cu2cl_kptr_kernel_named(CXCursor expr);

/* 1 when a launch (a CallExpr with a launch configuration) goes through a
 * pointer: its callee is a variable, parameter, member, array element,
 * dereference or any expression other than a kernel's name. */
int cu2cl_kptr_launch_through_pointer(CXCursor call);

#endif
