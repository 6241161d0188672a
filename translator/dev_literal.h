/*
 * dev_literal: literals as OpenCL C. Layer 1 of the device emitter
 * (dev_state.h).
 */
#ifndef CU2CL_DEV_LITERAL_H
#define CU2CL_DEV_LITERAL_H

#include "dev_state.h"

/* A literal (integer, floating, character, string, bool, nullptr). */
void dev_print_literal(emitter *e, CXCursor c);
/* An integral (or floating) constant expression by its value. */
void dev_print_int_value(emitter *e, CXCursor c);
/* 1 for a cast written to a reference type: reinterpret_cast<T &>(x),
 * (T &)x. */
int dev_cast_written_as_reference(emitter *e, CXCursor c);

#endif
