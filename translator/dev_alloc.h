/*
 * dev_alloc: new and delete in device code, on cu2clrt's device heap (the
 * heap malloc and free use). Layer 17 of the device emitter (dev_state.h);
 * the expression printer (dev_expr) reaches it through e->alloc_hook,
 * which the entry point sets, as the statement printer reaches
 * dev_pred_stmt through its hooks.
 */
#ifndef CU2CL_DEV_ALLOC_H
#define CU2CL_DEV_ALLOC_H

#include "dev_state.h"

/* Prints a new- or delete-expression (CXXNewExpr, CXXDeleteExpr). */
void dev_print_alloc(emitter *e, CXCursor c);

#endif
