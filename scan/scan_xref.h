/*
 * scan_xref: what one file cannot decide alone. A kernel in main.cu that
 * calls warpReduce from reduce.cuh uses warp operations (CU2CL3011, and
 * the literal warp geometry of both is CU2CL3007); a launch's kernel may
 * be defined in another file (CU2CL3009); a cuda* name with no rules row
 * is CUDA's (CU2CL1002) only when no scanned file defines it (a helper
 * such as cudaCheck). The walks note these here, and scan_xref_finish
 * decides them over all files once every file is walked, as the
 * translator decides them over a translation unit and its headers.
 *
 * Safe to fill from several threads.
 */
#ifndef CU2CL_SCAN_XREF_H
#define CU2CL_SCAN_XREF_H

#include <stddef.h>

#include "scan_model.h"

typedef struct scan_xref scan_xref;

scan_xref *scan_xref_new(void);
void scan_xref_delete(scan_xref *self);

/* A device function (by name) calls another one. */
void scan_xref_call(scan_xref *self, const char *caller, const char *callee);
/* A device function uses a warp operation itself. */
void scan_xref_warp(scan_xref *self, const char *fn);
/* text (tid % 32) in device function fn of file[file], at line:col:
 * CU2CL3007 when fn uses warp operations. */
void scan_xref_geometry(scan_xref *self, size_t file, const char *fn,
                        const char *text, unsigned line, unsigned col);
/* A launch of kernel with a constant block size (0: not constant). */
void scan_xref_launch(scan_xref *self, size_t file, const char *kernel,
                      unsigned long long block, unsigned line, unsigned col);
/* A cuda* name (or a driver API call) no rules row knows; call: it is
 * called; in_macro: in a #define body, where the translator raises
 * nothing. */
void scan_xref_unknown(scan_xref *self, size_t file, const char *name, int call,
                       int in_macro, unsigned line, unsigned col);
/* A name some scanned file defines. */
void scan_xref_define(scan_xref *self, const char *name);

/* Decides the notes: sets each device function's warp flag and adds
 * CU2CL3007, 3009, 3011 and 1002 findings to files[0..n), and the uses
 * of unknown names that no file defines. */
void scan_xref_finish(scan_xref *self, scan_file *files, size_t n);

#endif
