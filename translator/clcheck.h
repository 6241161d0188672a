/*
 * clcheck: proves an emitted .cl file compiles as OpenCL C, with libclang,
 * at translation time (OpenCL C 1.2, the device features cu2clrt may
 * enable defined, the built-in declarations of OpenCL C loaded); a second
 * time as for NVIDIA's warp path when the source has statements printed
 * for it alone.
 */
#ifndef CU2CL_CLCHECK_H
#define CU2CL_CLCHECK_H

#include "diag.h"

/* Compiles source (named cl_path in messages). Reports each compiler error
 * as an OPENCL_COMPILE_ERROR against the CUDA file `cuda_file` (the
 * compiler's message names the .cl line). Returns the number of errors. */
int cu2cl_clcheck(const char *source, const char *cl_path,
                  const char *cuda_file, cu2cl_diag_engine *diags);

/* The same in two steps: start parses the source on threads of their own
 * (in the calling thread where none can be had) and returns at once;
 * finish waits for them, reports as cu2cl_clcheck does, frees the job and
 * returns the number of errors. */
typedef struct cu2cl_clcheck_job cu2cl_clcheck_job;
cu2cl_clcheck_job *cu2cl_clcheck_start(const char *source,
                                       const char *cl_path);
int cu2cl_clcheck_finish(cu2cl_clcheck_job *job, const char *cuda_file,
                         cu2cl_diag_engine *diags);

#endif
