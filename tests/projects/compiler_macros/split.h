// A function that is device code in the CUDA unit, which defines ON_GPU
// before including this header, and host code in the C++ unit, with
// parameters of its own there (HeCBench sc's partitioner.h, Chai's
// _GPU_COMPILER_): the CUDA unit's port drops it, the C++ unit keeps it,
// and the conditionals around it stay balanced for both.
#ifndef SPLIT_H
#define SPLIT_H

#ifdef ON_GPU
__device__
#endif
inline int weight(int x
#ifndef ON_GPU
                  , int factor
#endif
) {
#ifdef ON_GPU
  return x * (int)threadIdx.x;
#else
  return x * factor;
#endif
}

int cpu_weight(int x); // cpu.cpp

#endif
