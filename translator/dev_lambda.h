/*
 * dev_lambda: lambdas in device code. A lambda's closure class is printed
 * as a struct with one member per field of the closure as clang lays it
 * out (so a closure the host builds and passes to a kernel keeps its
 * layout), each named after what it captures; the lambda expression is
 * printed as a compound literal of that struct, and its operator() as a
 * method whose body reads the captures through self (dev_expr). This
 * module finds, for a closure type, its lambda expression and what each
 * field of the closure holds. Layer 5 of the device emitter
 * (dev_state.h): calls dev_state. It prints nothing.
 *
 * Fields: the explicit captures in the order written, then the implicit
 * ones in the order the body first names them, as clang adds them; a
 * constant the body only reads (const int n = 4) is no capture (it is not
 * odr-used) and has no field. Each capture is checked against its field's
 * type; when they cannot be matched, the closure's `problem` says so and
 * the lambda is reported rather than printed with members swapped.
 */
#ifndef CU2CL_DEV_LAMBDA_H
#define CU2CL_DEV_LAMBDA_H

#include "dev_state.h"

typedef struct dev_capture {
  CXCursor var;   /* the variable captured (an init-capture's own); null for
                     this */
  CXCursor value; /* what the creating function prints as the capture's
                     value: an explicit capture's initializer, or where the
                     body first names the variable; null for this */
  CXCursor field; /* the closure's field */
  char kind;      /* 'v' by copy, 'r' by reference, 't' this, 'T' *this */
  char *name;     /* the struct member: cap_ and the variable's name,
                     cap_this for this */
} dev_capture;

typedef struct dev_closure {
  CXType type;       /* canonical */
  CXCursor lambda;   /* the LambdaExpr */
  dev_capture *caps; /* one per field, in order */
  unsigned ncaps;
  char *problem; /* NULL, or why the captures could not be matched */
  int reported;  /* the problem was reported */
} dev_closure;

/* 1 when t is the closure type of a lambda. */
int dev_is_closure_type(CXType t);
/* The function template specialization (or member of a class template
 * specialization) a closure type belongs to, however deep; a null cursor
 * for a lambda outside templates. Each instantiation has its own closure
 * type of the same spelling. */
CXCursor dev_closure_instance(CXType t);
/* The closure of type t; NULL when t is no lambda's closure type (or its
 * lambda expression cannot be found). */
dev_closure *dev_closure_of(emitter *e, CXType t);
/* The closure whose operator() (or operator() template specialization)
 * method is; NULL for other functions. */
const dev_closure *dev_closure_of_method(emitter *e, CXCursor method);
/* The capture of variable var (a declaration) in cl; NULL when var is not
 * captured. */
const dev_capture *dev_closure_capture(const dev_closure *cl, CXCursor var);
/* The capture of this ('t' or 'T') in cl; NULL when none. */
const dev_capture *dev_closure_this(const dev_closure *cl);
/* The member name of a closure's field; NULL when field belongs to no
 * closure. */
const char *dev_closure_field_name(emitter *e, CXCursor field);
/* 1 for a field of a closure that points (a reference or a pointer): its
 * address space is the one of what the lambda expression captures. */
int dev_closure_field_points(emitter *e, CXCursor field);
/* Releases the closures the emitter has looked at. */
void dev_closures_free(emitter *e);

#endif
