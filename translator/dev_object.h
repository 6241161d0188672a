/*
 * dev_object: what C++ does to an object around the code the user wrote:
 * a constructor's clone builds `self` as C++ initializes it before the
 * body runs (bases, the type tag, members from the written initializers
 * or their in-class ones), a virtual call goes through a dispatcher that
 * switches over the object's type tag, and delete runs the destructors of
 * the object's dynamic type. Layer 16 of the device emitter (dev_state.h);
 * the expression printer reaches it through e->virtual_hook.
 */
#ifndef CU2CL_DEV_OBJECT_H
#define CU2CL_DEV_OBJECT_H

#include "dev_state.h"

/* Declares and initializes `self` in the clone of constructor ctor: its
 * bases, its tag and its members, in C++'s order. */
void dev_print_ctor_prologue(emitter *e, CXCursor ctor);
/* obj->f(args), obj.f(args) through a reference, f(args) on this: a call
 * of virtual method def through its dispatcher (queued). */
void dev_print_virtual_call(emitter *e, CXCursor call, CXCursor def,
                            CXCursor obj, CXCursor *args, unsigned nargs);
/* The body of dispatcher f (fn_clone.dispatch). */
void dev_print_dispatcher(emitter *e, fn_clone *f);
/* Prints the destruction of the object ptr points to (space sp, static
 * class cls): the destructors of its dynamic type, derived first, as one
 * expression; returns 0 (nothing printed) when none does anything. */
int dev_print_destroy(emitter *e, CXType cls, char sp, const char *ptr);
/* The local objects declared among a block's items kids[0..n) whose
 * destruction runs a destructor of the user's, in declaration order
 * (arrays of them included); returns how many (*objs: caller frees). */
size_t dev_scope_objects(emitter *e, CXCursor *kids, unsigned n,
                         CXCursor **objs);
/* The destruction of one of them as an expression; an array of them is
 * reported instead (returns 0). */
int dev_print_object_destroy(emitter *e, CXCursor obj);

#endif
