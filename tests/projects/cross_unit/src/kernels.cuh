// Kernels defined in kernels.cu and launched from other files, the way
// projects built with nvcc -rdc (or with one kernel file) are laid out.
#ifndef KERNELS_CUH
#define KERNELS_CUH

__global__ void scale(float *p, float f, int n);
__global__ void add_offset(float *p, int n);             // uses a __constant__
__global__ void block_sums(const float *in, float *out,   // dynamic shared
                           int n, int stride = 1);
__global__ void fill(float *p, float v, int n);           // overloaded
__global__ void fill(int *p, int v, int n);
extern "C" __global__ void tag(int *p, int v);

namespace ops {
__global__ void square(float *p, int n);
}

void set_offset(float v);

#endif
