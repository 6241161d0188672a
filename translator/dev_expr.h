/*
 * dev_expr: CUDA expressions printed as OpenCL C into e->out: literals,
 * built-in variables, calls of built-ins through the rules, of user
 * functions through their clones, methods and constructors, operators and
 * casts. Layer 14 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_EXPR_H
#define CU2CL_DEV_EXPR_H

#include "dev_literal.h"
#include "dev_state.h"

void dev_print_expr(emitter *e, CXCursor c);
/* A variable's initializer: a brace list stays braces (as an expression
 * it is a compound literal). */
void dev_print_initializer(emitter *e, CXCursor init);
/* Argument text for a rule template: parenthesized unless trivially
 * atomic. Caller frees. */
char *dev_arg_text(emitter *e, CXCursor a);
/* The arguments of a call of user function def (after `first` others
 * when 0), then its implicit ones. */
void dev_print_user_args(emitter *e, CXCursor def, CXCursor *args,
                         unsigned nargs, int first);

#endif
