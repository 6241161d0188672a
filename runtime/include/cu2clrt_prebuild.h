/*
 * cu2clrt_prebuild.h: building a port's OpenCL programs ahead of its first
 * run (the cu2cl-prebuild tool, docs/runtime.md "Building ahead"). Not
 * included by cu2clrt.h: a port's code does not need it.
 */
#ifndef CU2CLRT_PREBUILD_H
#define CU2CLRT_PREBUILD_H

#include "cu2clrt.h"

CU2CL_EXTERN_C_BEGIN

/* Builds program for every device a run would use (CU2CL_DEVICE's
 * selection) the way a run's launches build it, so that the first run
 * finds it built: the whole program, then for each shape of the launch
 * record at `launches` (written by a run with CU2CL_RECORD_LAUNCHES; NULL
 * or a missing file: no shapes) what its first launch would build: the
 * kernel (its own program where per-kernel builds are on), its program for
 * its dynamic shared memory size where sized programs are on, and on PoCL
 * the work-group functions for its block and grid class. Where cu2clrt's
 * binary store serves the device the programs are stored there; on PoCL
 * they go into PoCL's own kernel cache. PoCL reads the list of work-group
 * shapes once per process: a later call in the same process builds those
 * of its shapes the first call listed only (cu2cl-prebuild builds one
 * program per process). cu2clErrorInvalidValue when the record cannot be
 * read; a build's error otherwise. */
CU2CL_API cu2clError_t cu2clPrebuild(cu2clProgram *program,
                                     const char *launches);

/* cu2clrt's own programs (the device algorithms, one per element type), for
 * a build ahead of those a run's launch record names (their records are
 * DIR/<name>.launches too): the i-th, NULL past the last. */
CU2CL_API cu2clProgram *cu2clRuntimeProgram(int i);

CU2CL_EXTERN_C_END

#endif
