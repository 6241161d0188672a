/*
 * rt_algo: the device algorithms that CUDA programs get from Thrust and CUB
 * (scan, reduce, fill, sequence, count, stream compaction, radix sort), as
 * built-in OpenCL kernels behind the cu2clAlgo* entry points of cu2clrt.h.
 *
 * The kernels are one embedded OpenCL C source, built as one program per
 * element type (the type is a build option), through the same cu2clProgram,
 * cu2clKernelRef and cu2clLaunchKernel path that translated code uses: the
 * program cache, device choice, stream ordering and managed-memory handling
 * are shared, and a program is only built for the types a process uses.
 *
 * Scans and reductions are reduce-then-scan over a bounded number of
 * work-groups: each group owns one contiguous chunk of the input; pass 1
 * reduces every chunk, pass 2 (one group) scans the chunk totals, pass 3
 * scans each chunk again in tiles held in local memory, starting from its
 * chunk's offset. The work is O(n), the scratch O(groups), any n works and
 * nothing recurses. Compaction and counting reuse passes 1 and 2 on counts;
 * the sort is a stable LSD radix sort (4-bit digits) whose digit histograms
 * are scanned by the same scan.
 *
 * Scratch memory is SVM allocated per call and released through the stream's
 * queue (clEnqueueSVMFree), so calls stay asynchronous; it never enters the
 * allocation table. Entry points check that user pointers are device or
 * managed memory of the current device, that n elements fit inside the
 * allocation, and that they are aligned for the type.
 */
#ifndef CU2CL_RT_ALGO_H
#define CU2CL_RT_ALGO_H

#include "rt_device.h"

/* Size in bytes of one element of type, or 0 when type is not one. */
size_t rt_algo_type_size(cu2clAlgoType type);
/* The program of the i-th element type (the build ahead), NULL past the
 * last. */
cu2clProgram *rt_algo_program(int i);

#endif
