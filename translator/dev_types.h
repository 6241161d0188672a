/*
 * dev_types: names and types of the device emitter: identifiers made safe
 * for OpenCL C, mangled names of specializations and records, CUDA types
 * printed as OpenCL C declarations with their address spaces, user records
 * defined once in the .cl file, and the mirrors of struct kernel
 * parameters that hold pointers. Layer 6 of the device emitter
 * (dev_state.h).
 *
 * Strings returned by these, except the space words, are the caller's to
 * free.
 */
#ifndef CU2CL_DEV_TYPES_H
#define CU2CL_DEV_TYPES_H

#include "dev_state.h"

/* ---- names ---------------------------------------------------------- */

char *dev_safe_name(const char *name);
char *dev_function_base_name(CXCursor fn);
char *dev_record_name(CXType t);
/* The OpenCL name for a function or kernel specialization: the CUDA name,
 * followed by the template arguments for specializations
 * ("reduce_float_256"). */
char *dev_specialization_name(CXCursor fn);
CXType dev_template_param_type(CXCursor fn, unsigned i);
char *dev_template_value(CXCursor fn, unsigned i);

/* For a specialization of a variable template (mask<float>, which libclang
 * shows as an UnexposedDecl): its name in the .cl file ("mask_float") and
 * in host code ("mask<float>"), from its USR. 0 (nothing set) for other
 * declarations and for arguments other than builtin types, integers and
 * (namespace-scope) classes. The caller frees both. */
int dev_var_template_names(CXCursor decl, char **cl_name, char **host_name);

/* ---- types ---------------------------------------------------------- */

const char *dev_space_word(char s); /* "__global", ...; "" for private */
const char *dev_space_name(char s); /* "global", ..., "private" */
/* 1 for a pointer, and for thrust::device_ptr<T>, which device code
 * holds as the __global T * it wraps (dev_thrust_class, dev_class.h). */
int dev_is_pointer_type(CXType t);
int dev_is_array_type(CXType t);
/* 1 for a pointer type, and an array of them (T *a[2][3]). */
int dev_holds_pointers(CXType t);
int dev_is_nonconst_ref(CXType t);
int dev_is_const_ref(CXType t);
/* 1 for a user function (or method) returning a reference that is no
 * const one (T &at(int i)): it returns a pointer, and its calls are
 * printed as (*f(args)). */
int dev_returns_reference(CXCursor fn);
char *dev_type_name(emitter *e, CXType t);
/* 1 for the name of an OpenCL built-in vector type (float4, uchar2). */
int dev_is_cl_vector_name(const char *tn);
void dev_print_type_decl(emitter *e, strbuf *b, CXType t, char space,
                         const char *name);
/* As dev_print_type_decl; for a pointer to pointers with inner set (T **p,
 * T *(*p)[4]), those point into inner (T *INNER *SPACE name) instead of
 * space. */
void dev_print_type_decl_inner(emitter *e, strbuf *b, CXType t, char space,
                               char inner, const char *name);
/* A declaration of a pointer named name to pointee in space (0: global),
 * inner as above: float *name, __local float (*name)[4], __global float
 * *__constant (*name)[4] (pointee holds pointers, inner global). */
void dev_print_pointer_decl(emitter *e, strbuf *b, CXType pointee, char space,
                            char inner, const char *name);
char *dev_type_string(emitter *e, CXType t, char space);
/* The declarator of a pointer named name to an object of type pointee in
 * space (0: private): "*name", "(*name)" when pointee is an array (float
 * (*row)[128]), "__global *name" when it is a pointer that lives in
 * __global memory (T *__global *name). The caller frees it. */
char *dev_pointer_declarator(CXType pointee, char space, const char *name);

/* ---- reference members (see dev_types.c) --------------------------- */

/* 1 for a member (a field) of reference type. */
int dev_is_ref_member(CXCursor field);
/* 1 for a field of an anonymous struct or union type (a C11 anonymous
 * member): printed in place, never named in an access. */
int dev_is_anonymous_member(CXCursor field);
/* A field's name in the struct: its own, or a closure's capture's. Caller
 * frees. */
char *dev_field_name(emitter *e, CXCursor field);
/* 1 when the type of USR usr was emitted already. */
int dev_type_registered(emitter *e, const char *usr);
/* The macro naming the address space of reference member field; the
 * caller frees it. */
char *dev_ref_member_macro(emitter *e, CXCursor field);
/* A constructor binds field to memory in space ('p' private); two
 * different spaces are reported at at. */
void dev_ref_member_bind(emitter *e, CXCursor field, char space, CXCursor at);
/* The space field points into ('g' while no constructor has bound it). */
char dev_ref_member_space(emitter *e, CXCursor field);
/* A closure's member holding a pointer captured by reference (T *&):
 * where that pointer points, bound by the lambda expression like the
 * member's own space (dev_ref_member_bind), printed as a second macro.
 * The space is 0 for any other member. */
void dev_closure_pointee_bind(emitter *e, CXCursor field, char space,
                              CXCursor at);
char dev_closure_pointee_space(emitter *e, CXCursor field);
/* #define lines for every reference member's macro. */
void dev_print_ref_spaces(emitter *e, strbuf *out);

#endif
