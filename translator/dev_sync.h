/*
 * dev_sync: implicit warp synchrony. Finds where CUDA code exchanges
 * values between threads through memory with no barrier between the write
 * and the other thread's access (relying on a warp's lockstep), and
 * decides where a barrier goes. Layer 10 of the device emitter
 * (dev_state.h).
 */
#ifndef CU2CL_DEV_SYNC_H
#define CU2CL_DEV_SYNC_H

#include "dev_state.h"

/* Analyses fn and the user functions it calls, each once: records the
 * barriers to add in e->syncs, reports them, and marks a function that
 * gets one (or calls one that does) as collective in its fn_uses, so that
 * its callers under thread-dependent conditions are predicated. */
void dev_sync_analyze(emitter *e, CXCursor fn);
/* The fence bits (1 local, 2 global) of a barrier to print before s; 0
 * when none. */
unsigned dev_sync_before(emitter *e, CXCursor s);
/* The fence bits of a barrier between the reads of the assignment s and
 * its store; 0 when s is not split. */
unsigned dev_sync_split(emitter *e, CXCursor s);
/* 1 when a barrier is added inside s (before one of its statements, or
 * splitting s or one of them). */
int dev_sync_within(emitter *e, CXCursor s);
/* The OpenCL C flags of fence bits, e.g. "CLK_LOCAL_MEM_FENCE". */
const char *dev_sync_flags(unsigned fence);

#endif
