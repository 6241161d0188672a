/*
 * dev_table: indices read as a thread's own row or column of a table
 * (dev_table.c). Layer 9 of the device emitter, above dev_index.
 */
#ifndef CU2CL_DEV_TABLE_H
#define CU2CL_DEV_TABLE_H

#include "dev_index.h"

/* An index read as a table of width W, X * W + C with C in [0, W) (the
 * reading a programmer means by row * W + col): the thread's own row
 * (kind 'r': X is threadIdx.x plus a uniform term; C is absent, a
 * constant below W, the counter of an enclosing for from a constant >= 0
 * up to W, or a value the data picks, read from memory) or its own column
 * (kind 'c': C is threadIdx.x plus a uniform term that the guard keeps
 * within [0, W); X anything, or absent). Accesses of one kind, width and
 * thread term (t) meet only in one thread. */
typedef struct gform {
  int kind;
  const char *w;
  tshift t;
} gform;
gform dev_table_grid(sync_walk *w, CXCursor index, guard g);

#endif
