// Code that builds with and without CUDA takes, in the port, the branches
// nvcc took: the compiler's macros are renamed and defined by the unit, and
// the cu2clrt block goes before the conditional around the first include.
// CHECK-HOST: #define CU2CL_CUDACC 1
// CHECK-HOST: #define CU2CL_NVCC 1
// CHECK-HOST: #define CU2CL_CUDACC_VER_MAJOR 13
// CHECK-HOST-NOT: #define CU2CL_CUDACC_RDC
// CHECK-HOST: static cu2clProgram cu2cl_program
// CHECK-HOST: #ifdef _WIN32
#ifdef _WIN32
#include <windows.h>
#else
#include <cstdio>
#endif

// CHECK-HOST: #if defined(CU2CL_CUDACC) || defined(__HIPCC__)
#if defined(__CUDACC__) || defined(__HIPCC__)
#define HD __host__ __device__
#else
#define HD
#endif

// nvcc's __CUDACC__ is 1, so #if reads it (HeCBench ssim's gdt headers)
// CHECK-HOST: #if CU2CL_CUDACC
#if __CUDACC__
HD inline int twice(int x) { return 2 * x; }
#endif

__global__ void k(int *o) { o[threadIdx.x] = twice(threadIdx.x); }

int main() {
// CHECK-HOST: #ifdef CU2CL_CUDACC
#ifdef __CUDACC__
  k<<<1, 32>>>(nullptr);
// CHECK-HOST: #elif defined(CU2CL_NVCC)
#elif defined(__NVCC__)
  return 1;
#endif
// CHECK-HOST: #if CU2CL_CUDACC_VER_MAJOR >= 12
#if __CUDACC_VER_MAJOR__ >= 12
  return 0;
#endif
}
