/*
 * dev_space: variables and address spaces of the function being printed,
 * how methods take their object, the per-function pre-pass and the work
 * list of clones (one per function and combination of pointer-argument
 * spaces). Layer 11 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_SPACE_H
#define CU2CL_DEV_SPACE_H

#include "dev_state.h"

/* ---- variables of the current function ------------------------------ */

var_entry *dev_var_find(emitter *e, CXCursor decl);
void dev_vars_reset(emitter *e);

/* ---- address spaces ------------------------------------------------- */

/* Spaces of the pointer arguments of a call, as the callee's clone key.
 * Caller frees. */
char *dev_call_spaces(emitter *e, CXCursor call, CXCursor callee,
                      CXCursor *args, unsigned nargs);
/* Where a pointer value points. */
char dev_expr_space(emitter *e, CXCursor c);
/* 1 for T ** (a pointer to a pointer). */
int dev_is_pointer_pointer(CXType t);
/* For a pointer to a pointer value: where the pointer it points to points;
 * 'g' when not known. */
char dev_inner_space(emitter *e, CXCursor c);
/* Where an object lives. */
char dev_lvalue_space(emitter *e, CXCursor c);

/* 1 when idx, an index or offset into the memory base points into, is
 * one CUDA computes in 32 bits on __local memory and may wrap (an unsigned
 * 32-bit value): the emitter prints it as a signed 32-bit value. */
int dev_local_index_wraps(emitter *e, CXCursor base, CXCursor idx);

/* ---- methods -------------------------------------------------------- */

int dev_is_const_method(CXCursor m);
int dev_class_is_empty(CXCursor cls);
/* How a method's clone takes its object (fn_clone.self). */
char dev_method_self(emitter *e, CXCursor def, CXCursor obj);
/* 1 for obj.method as a call's callee (not a member operator's operand
 * that is itself a member, s.v = w). */
int dev_is_method_access(CXCursor c);
/* 1 when obj is an object C++ creates for the expression (a constructor
 * call, a functional cast, a call returning a class by value): C gives it
 * no address until it is stored in a variable. */
int dev_is_temporary(CXCursor obj);
/* Declares a fresh local of type t at the top of the function being
 * printed (e->temps) and returns its name; the caller frees it. */
char *dev_temporary_local(emitter *e, CXType t);
/* The object of a method call: obj.m(...) or a member operator's first
 * operand; a null cursor for implicit this. */
CXCursor dev_call_object(CXCursor call);

/* ---- classes --------------------------------------------------------- */

/* 1 for an object whose dynamic type is its static type (a variable or a
 * member that is no reference, a temporary): its virtual calls need no
 * dispatch. */
int dev_is_exact_object(CXCursor obj);
/* text, a pointer to (or an object of) class `from`, converted to a
 * pointer to (an object of) its base class `to`; space: where the pointer
 * points. NULL when the conversion is no derived-to-base one. Caller
 * frees. */
char *dev_base_conversion(emitter *e, CXType from, CXType to, char space,
                          const char *text);

/* Reports lhs = value (at: where) when lhs is a pointer member of a
 * struct, which points into global memory, and value points elsewhere. */
void dev_check_member_space(emitter *e, CXCursor lhs, CXCursor value,
                            CXCursor at);

/* ---- per-function analysis and the work list ------------------------ */

/* Loads the parameters' spaces and runs the pre-pass over the body. */
void dev_analyze_function(emitter *e, fn_clone *f);
/* The space a pointer-returning function's result points into. */
char dev_function_return_space(emitter *e, fn_clone *f);
/* The clone of def for these parameter spaces and self, queued when new. */
fn_clone *dev_queue_function(emitter *e, CXCursor def, const char *spaces,
                             char self, int is_kernel);

#endif
