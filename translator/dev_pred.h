/*
 * dev_pred: which values differ between the work-items of a group
 * ("varying"), and which code holds collective calls: what the predicated
 * printer (dev_pred_stmt) decides by. Layer 12 of the device emitter
 * (dev_state.h).
 */
#ifndef CU2CL_DEV_PRED_H
#define CU2CL_DEV_PRED_H

#include "dev_state.h"

/* 1 when the expression may differ between work-items. */
int dev_is_varying(emitter *e, CXCursor expr);
/* Marks the varying variables of fn (after dev_analyze_function); its
 * parameters vary but where uniform (fn_clone.uniform) says otherwise. */
void dev_mark_varying(emitter *e, CXCursor fn, int is_kernel,
                      const char *uniform);
/* The outermost collective calls below s (at most max; 0: all), as
 * dev_find gives them. */
size_t dev_find_collectives(emitter *e, CXCursor s, size_t max,
                            CXCursor **found);
/* 1 when the statement or expression contains a collective call. */
int dev_has_collective(emitter *e, CXCursor s);

/* 1 when s holds a collective that needs the warp scratch (warp and tile
 * operations, or a call of a function that does): not __syncthreads. */
int dev_has_lane_collective(emitter *e, CXCursor s);

/* What leaves a loop's body, as DEV_JUMP_* flags: break and continue of
 * that loop, return or goto; VARYING when one of them is under a condition
 * that differs between work-items (inside the body). */
enum {
  DEV_JUMP_BREAK = 1,
  DEV_JUMP_CONTINUE = 2,
  DEV_JUMP_LEAVES = 4,
  DEV_JUMP_VARYING = 8
};
unsigned dev_loop_jumps(emitter *e, CXCursor body);

#endif
