// jacobi.h - what main.cpp (host driver) and jacobi.cu (kernels) share.
//
// The system has a fixed size: the kernels keep all of x in shared memory.
// The launch wrappers enqueue one kernel on a stream and return the launch
// status (cudaGetLastError); they may be called while the stream is being
// captured into a graph.

#ifndef JACOBI_H
#define JACOBI_H

#include <cuda_runtime.h>

#define N_ROWS 512

// One Jacobi sweep: x_new = x + (b - A x) / diag(A), and atomically adds
// sum |x_new - x| to *d_sum (which the caller zeroes first).
cudaError_t launchJacobiMethod(const float *d_A, const double *d_b,
                               const double *d_x, double *d_x_new,
                               double *d_sum, cudaStream_t stream);

// Atomically adds sum |x_i - 1| to *d_err (which the caller zeroes first):
// the distance to the exact solution, a vector of ones.
cudaError_t launchFinalError(const double *d_x, double *d_err,
                             cudaStream_t stream);

#endif
