/*
 * dev_rulecall: calls of CUDA's built-ins printed through the rules (rule
 * rows, members of CUDA classes by qualified name, cooperative groups,
 * printf, constant calls). Layer 15 of the device emitter (dev_state.h);
 * the expression printer reaches it through e->call_hooks.
 */
#ifndef CU2CL_DEV_RULECALL_H
#define CU2CL_DEV_RULECALL_H

#include "dev_state.h"

/* A call of built-in callee (no user definition, or in a system header):
 * its row's template, printf, a constant's value, or the call as written
 * after a report. */
void dev_print_builtin_call(emitter *e, CXCursor call, CXCursor callee,
                            CXCursor *args, unsigned nargs);
/* A cooperative-groups call (obj: the group a method is called on, or a
 * null cursor): 1 when printed, 0 when it is not one. */
int dev_print_cg_call(emitter *e, CXCursor call, CXCursor callee, CXCursor obj,
                      CXCursor *args, unsigned nargs);
/* A member of a CUDA class that the table maps by qualified name (args:
 * the object first for methods): 1 when printed or reported, 0 when the
 * class is none of those. */
int dev_print_member_rule(emitter *e, CXCursor call, CXCursor member,
                          CXCursor *args, unsigned nargs);
/* obj.def(args), def a method of such a class: as dev_print_member_rule. */
int dev_print_method_rule(emitter *e, CXCursor call, CXCursor def, CXCursor obj,
                          CXCursor *args, unsigned nargs);

/* The hooks dev_expr calls them through (set by the entry point). */
extern const struct dev_call_hooks dev_rulecall_hooks;

#endif
