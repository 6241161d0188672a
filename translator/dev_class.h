/*
 * dev_class: C++ classes in device code as OpenCL C structs: where a base
 * class lives in its derived class's struct, which classes are polymorphic
 * and the type tag that stands for their vtable pointer, the final
 * overrider of a virtual function, and what default initialization of a
 * class does (in-class member initializers, bases, members). Layer 4 of
 * the device emitter (dev_state.h); it prints nothing.
 *
 * Layout: a derived class's struct holds each non-empty base as a member
 * named cu2cl_base<i> (i: the base's position in the class's base list),
 * in order before its own fields; a polymorphic class without a
 * polymorphic base starts with `ulong cu2cl_vtag`, where C++ keeps the
 * vtable pointer (same size), holding the tag (dev_class_tag) of the
 * object's dynamic type. Empty bases take no room, as in C++.
 *
 * Strings returned are the caller's to free.
 */
#ifndef CU2CL_DEV_CLASS_H
#define CU2CL_DEV_CLASS_H

#include "dev_state.h"

/* The direct bases of record type t, in declaration order: *out (the
 * caller frees it) receives their canonical types; returns their count. */
unsigned dev_class_bases(CXType t, CXType **out);
/* The fields of record type t (not its bases'), in order: *out (the
 * caller frees it); returns their count. */
unsigned dev_class_fields(CXType t, CXCursor **out);
/* 1 for a class with virtual functions, declared or inherited. */
int dev_class_is_polymorphic(CXType t);
/* 1 for a class whose struct holds nothing: no fields, no non-empty base,
 * no virtual functions (C++ gives it no room as a base). */
int dev_class_takes_no_room(CXType t);
/* 1 when polymorphic t holds the tag itself (no polymorphic base). */
int dev_class_holds_tag(CXType t);
/* The member path from an object of class `from` to its base subobject of
 * class `to` (".cu2cl_base0.cu2cl_base1"; "" when the classes are the
 * same); NULL when `to` is no base of `from`, or the path crosses an empty
 * base (which has no member). *primary (may be NULL) is set to 1 when the
 * base lies at offset 0 (every step is the first base). */
char *dev_class_base_path(CXType from, CXType to, int *primary);
/* 1 when `to` is `from` or one of its bases, however far up. */
int dev_class_derives(CXType from, CXType to);
/* The member path from an object of polymorphic class t to its tag
 * (".cu2cl_vtag", ".cu2cl_base0.cu2cl_vtag"); NULL when the tag is not
 * reached through first bases (a polymorphic base that is not the
 * first). */
char *dev_class_tag_path(CXType t);
/* The tag of class t: a hash of its USR, the same in every translation
 * unit, printed as an OpenCL C ulong literal ("0x...ul"). */
char *dev_class_tag(CXType t);
/* The final overrider in class t of virtual method m (the method itself
 * when t does not override it); a null cursor when none is found. */
CXCursor dev_class_overrider(CXType t, CXCursor m);
/* The in-class initializer of a field (int a = 3; float b{1.5f};), or a
 * null cursor. */
CXCursor dev_field_initializer(CXCursor field);
/* The class's default constructor when the user wrote its body (a user-
 * provided one, declared in the class); a null cursor otherwise. */
CXCursor dev_class_user_default_ctor(CXType t);
/* 1 when default initialization of class t does nothing: no in-class
 * member initializers, no tag, no user-written default constructor, in
 * the class, its bases and its members. */
int dev_class_default_is_trivial(CXType t);

/* The polymorphic classes whose objects device code may create (their
 * tags are a dispatcher's cases): dev_class_scan registers those the
 * translation unit constructs (once; not inside implicit instantiations
 * of templates), dev_class_register one whose constructor is printed.
 * Abstract classes are left out. */
void dev_class_register(emitter *e, CXType t);
void dev_class_scan(emitter *e);

/* Thrust's pointer and reference to device memory (a class of Thrust's
 * headers, cu2cl's own or the toolkit's): 'p' for device_ptr<T>, 'r' for
 * device_reference<T>, with *elem = T; else 0. */
char dev_thrust_class(CXType t, CXType *elem);

#endif
