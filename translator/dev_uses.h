/*
 * dev_uses: symbols and what each function uses. Symbols are the
 * namespace-scope __constant__ and __device__ variables and the static
 * __shared__ variables of device functions, which kernels pass down as
 * implicit parameters; a function's uses are those symbols, dynamic shared
 * memory, double precision, 64-bit atomics and collective calls, its
 * callees' included. Layer 8 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_USES_H
#define CU2CL_DEV_USES_H

#include "dev_state.h"

/* The symbol a declaration names (registered on first use), or NULL. */
symbol *dev_symbol_of(emitter *e, CXCursor decl);
/* `extern __shared__ T x[]`: the kernel's dynamic shared memory. */
int dev_is_extern_shared(CXCursor var);
/* A function, method or constructor outside the system headers. */
int dev_is_user_function(CXCursor fn);
/* What a function needs passed implicitly, with its callees'. NULL for a
 * recursive cycle (reported when printed). */
fn_uses *dev_uses_of(emitter *e, CXCursor fn);
/* fn's record if dev_uses_of has made one, complete or not; else NULL. */
fn_uses *dev_uses_find(emitter *e, CXCursor fn);
/* Prints the implicit arguments a call of def passes on (its symbols,
 * the warp scratch, dynamic shared memory, the device runtime block), by
 * the names the caller has for them; first: no ", " before the first. */
void dev_print_implicit_args(emitter *e, CXCursor def, int first);
/* 1 when the call (a built-in or a user function) is collective. */
int dev_call_is_collective(emitter *e, CXCursor call);

#endif
