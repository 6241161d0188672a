/*
 * dev_stmt: statements printed as OpenCL C into e->out, as CUDA wrote
 * them, with the hooks through which predicated printing (dev_pred_stmt)
 * takes over. Layer 19 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_STMT_H
#define CU2CL_DEV_STMT_H

#include "dev_state.h"

/* Where a layer above takes over statement printing (e->stmt_hooks). */
typedef struct dev_stmt_hooks {
  /* s is to be printed, its indentation written: returns 1 when the hook
   * printed it. */
  int (*stmt)(emitter *e, CXCursor s);
  /* Item i of a block kids[0..n) is to be printed, the source before it
   * carried over: returns 1 when the hook printed items i..n-1, with *prev
   * the offset after what it printed. */
  int (*items)(emitter *e, CXCursor *kids, unsigned i, unsigned n,
               unsigned *prev);
} dev_stmt_hooks;

void dev_indent(emitter *e);
/* Removes the indentation written for a statement that prints nothing. */
void dev_drop_line(emitter *e);
/* The byte offset of a location in its file. */
unsigned dev_offset_of(CXSourceLocation l);

/* A statement on its own line(s): sets e->site, writes the indentation,
 * and prints it (or lets a hook print it). */
void dev_print_stmt(emitter *e, CXCursor s);
/* A statement, indentation already written, without the hooks. */
void dev_print_stmt_body(emitter *e, CXCursor s);
/* Prints kids[from..n) of a block with the source between them; prev is
 * the offset after what was printed last. Returns the new one. */
unsigned dev_print_items(emitter *e, CXCursor *kids, unsigned from, unsigned n,
                         unsigned prev);
/* The statements of a block, with the source up to its closing brace. */
void dev_print_block_items(emitter *e, CXCursor block);
/* 1 when a kernel with this body needs a barrier at its end: it returns
 * early and then reaches a barrier (dev_stmt.c says why). */
int dev_needs_kernel_tail_barrier(CXCursor body);
/* { items } of a block, without a newline after the brace. */
void dev_print_compound(emitter *e, CXCursor s);
void dev_print_var_decl(emitter *e, CXCursor v);
/* An assignment that dev_sync splits with a barrier between its reads and
 * its store (guarded by e->pred when set), indentation already written. */
void dev_print_split(emitter *e, CXCursor s);
/* The initialization, condition and increment of a for header (null
 * cursors where absent). */
void dev_for_parts(emitter *e, CXCursor s, CXCursor part[3]);
void dev_print_for(emitter *e, CXCursor s);
/* while (cond) body and do body while (cond); */
void dev_print_loop(emitter *e, CXCursor s);

#endif
