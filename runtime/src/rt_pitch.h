/*
 * rt_pitch: copies and fills of rows, planes and boxes of linear memory
 * (cu2clMemcpy2D/3D, cu2clMemset/2D/3D, pitched allocations), the engine
 * graph memcpy and memset nodes replay through.
 *
 * Device memory is SVM without a cl_mem, so OpenCL's rectangular buffer
 * copies do not apply: a box is copied or filled row by row, merging rows
 * (and slices) that are contiguous on both sides into one command. A 1D
 * copy or fill is a box of one row.
 */
#ifndef CU2CL_RT_PITCH_H
#define CU2CL_RT_PITCH_H

#include "rt_memory.h"

/* depth slices of height rows of width bytes. */
typedef struct rt_copy3d {
  char *dst;
  const char *src;
  size_t dpitch, spitch; /* bytes between rows */
  size_t dslice, sslice; /* bytes between slices */
  size_t width, height, depth;
  cu2clMemcpyKind kind;
} rt_copy3d;

/* depth slices of height rows of width elements of elem (1, 2 or 4) bytes,
 * each set to value (its low elem bytes). */
typedef struct rt_fill3d {
  char *ptr;
  size_t pitch, slice;
  size_t width, height, depth;
  unsigned value, elem;
} rt_fill3d;

/* The box of a CUDA 3D copy (cu2clMemcpy3DParms): positions applied,
 * pitches and sizes checked (cu2clErrorNotSupported for CUDA arrays,
 * cu2clErrorInvalidPitchValue for a pitch below the width,
 * cu2clErrorInvalidMemcpyDirection for an unknown kind). */
cu2clError_t rt_copy3d_from(const cu2clMemcpy3DParms *p, rt_copy3d *c);
/* Checks c against the allocations and plans it (rt_mem_plan). */
cu2clError_t rt_copy3d_plan(const rt_copy3d *c, rt_copy_plan *plan);
/* Enqueues c's rows on q, not blocking. */
cl_int rt_copy3d_enqueue(cl_command_queue q, const rt_copy3d *c);
/* Runs c on stream (recorded instead on a capturing one when async);
 * trace_2d: record it for CU2CL_TRACE as a 2D copy (the original's tracing
 * header records cudaMemcpy2D, not 3D copies). Not recorded as the last
 * error. */
cu2clError_t rt_copy3d_run(const rt_copy3d *c, cu2clStream_t stream, int async,
                           int trace_2d);

/* Checks f (device or managed memory of one device, alignment of elem) and
 * returns its device. */
cu2clError_t rt_fill3d_plan(const rt_fill3d *f, rt_device **dev);
cl_int rt_fill3d_enqueue(cl_command_queue q, const rt_fill3d *f);
/* Enqueues f on stream, asynchronously (recorded on a capturing stream). */
cu2clError_t rt_fill3d_run(const rt_fill3d *f, cu2clStream_t stream);

#endif
