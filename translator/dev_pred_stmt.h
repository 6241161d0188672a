/*
 * dev_pred_stmt: statements under a predicate, for the warp emulation and
 * sub-group paths, printed twice with CUDA's own control flow for
 * NVIDIA's. Layer 20 of the device emitter (dev_state.h).
 */
#ifndef CU2CL_DEV_PRED_STMT_H
#define CU2CL_DEV_PRED_STMT_H

#include "dev_stmt.h"

/* The hooks to install as e->stmt_hooks. */
extern const dev_stmt_hooks dev_pred_stmt_hooks;

#endif
