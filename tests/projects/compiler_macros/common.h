// A header shared by a CUDA unit and a plain C++ unit: each must see the
// compiler's macros as its own compiler defined them.
#ifndef COMMON_H
#define COMMON_H

#if defined(__CUDACC__) || defined(__HIPCC__)
#define HD __host__ __device__
#define BUILD_KIND 1
#else
#define HD
#define BUILD_KIND 0
#endif

#if defined(__NVCC__)
#define NVCC_SEEN 1
#else
#define NVCC_SEEN 0
#endif

HD inline int scaled(int x) { return 3 * x + 1; }

int cpu_kind(void);     // cpu.cpp, compiled by the host compiler
int cpu_nvcc_seen(void);

#endif
