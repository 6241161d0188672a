/*
 * dev_cg: CUDA cooperative groups in device code: which types are groups,
 * which of their calls every work-item must reach, and how a call reads in
 * OpenCL C. Layer 2 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_CG_H
#define CU2CL_DEV_CG_H

#include "dev_state.h"

/* 1 for a cooperative-groups class type (or a pointer or reference to
 * one): a group handle, printed as cu2cl_cg_group (0: the block, N: a
 * tile of N threads). */
int dev_cg_is_type(CXType t);
/* The OpenCL C type of a group (NULL for other types): cu2cl_cg_coalesced
 * (its lanes, prelude) for a coalesced group, else cu2cl_cg_group. */
const char *dev_cg_type_name(CXType t);
/* The handle of a block ("0u") or a tile of N threads ("Nu") from its
 * type, for conversions between group types (the caller frees it); NULL
 * for groups whose handle is computed (thread_group, coalesced_group). */
char *dev_cg_static_handle(CXType t);
/* 1 for a block, a tile, a thread_group or the grid: a handle computed
 * from sizes alone (no lanes), the same wherever its value is. */
int dev_cg_is_block_handle(CXType t);
/* 1 where a thread_group (to) is made from a coalesced group (from): not
 * translated (a thread_group's handle says block or tile). */
int dev_cg_is_group_from_coalesced(CXType to, CXType from);
/* 1 for a cooperative-groups call whose value may differ between the
 * work-items of a block with the same arguments (thread_rank, a partition,
 * any query of a coalesced group). */
int dev_cg_is_varying(CXCursor callee);
/* 1 for a cooperative-groups call that every work-item must reach;
 * *scratch: it takes the warp scratch. */
int dev_cg_is_collective(CXCursor callee, int *scratch);
/* 1 for thread_block's or grid_group's thread_rank(): its value is at
 * least threadIdx.x, and 0 only where threadIdx is (0, 0, 0). */
int dev_cg_rank_bounds_tid(CXCursor callee);
/* N for a collective call of a thread_block_tile<N> (a method, or a free
 * function such as cg::reduce on one), else 0. */
unsigned dev_cg_tile_width(CXCursor call);
/* 1 for coalesced_threads(): its group is the lanes that reach the call. */
int dev_cg_reads_active_lanes(CXCursor callee);
/* 1 for grid_group's sync (the method, or cg::sync of a grid): its template
 * takes cu2clrt's device runtime block, and cu2clrt must keep the kernel's
 * whole grid resident. */
int dev_cg_syncs_grid(CXCursor callee);
/* For cg::reduce(group, value, op) with the program's own operator (a
 * function, a lambda, a function object that is not one of the
 * namespace's) over a tile ('t', *n its size) or a coalesced group ('c');
 * else 0. */
char dev_cg_custom_reduce(CXCursor callee, CXCursor *args, unsigned nargs,
                          unsigned *n);
/* A cooperative-groups call (obj: the object of a method call, or a null
 * cursor) as OpenCL C: returns 0 when the call is not one. Else 1, with
 * *tpl (the caller frees it) the call's text, in which $0..$9 stand for
 * the arguments (dev_arg_text; "0" where the call has fewer), $A0..$A9
 * for the address space of argument i, and $g for the group a method is
 * called on (obj), or NULL when
 * the call has no translation (reported here). */
int dev_cg_call_template(emitter *e, CXCursor call, CXCursor callee,
                         CXCursor obj, CXCursor *args, unsigned nargs,
                         char **tpl);

#endif
