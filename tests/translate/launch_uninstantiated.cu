// A kernel template launched only from members of a class template that
// the program never instantiates (HeCBench btree's unused operations): no
// OpenCL kernel exists for it, and the launches still become stub calls,
// to a declared stub template, so that the template still compiles.
#include <cuda_runtime.h>

template <typename T>
__global__ void fill(T *p, T v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v;
}

template <typename T, int B = 64>
__global__ void scale(T *p, T v, int n = 1) // EXPECT: CU2CL1102
{
    int i = blockIdx.x * B + threadIdx.x;
    if (i < n)
        p[i] *= v;
}
// CHECK-HOST: template <typename T, int B = 64>
// CHECK-HOST: cu2clError_t cu2cl_launch_scale(dim3 cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,
// CHECK-HOST:     cu2clStream_t cu2cl_stream, T *p, T v, int n = 1);

template <typename T>
struct Buf {
    T *d;
    int n;
    void set(T v) { fill<<<1, n>>>(d, v, n); }
    void mul(T v) { scale<T><<<1, 64>>>(d, v, n); }
    void mul_one(T v) { scale<<<1, 64>>>(d, v); }
};
// CHECK-HOST: void mul(T v) { cu2cl_launch_scale<T>(1, 64, 0, 0, d, v, n); }
// CHECK-HOST: void mul_one(T v) { cu2cl_launch_scale(1, 64, 0, 0, d, v); }
// CHECK-CL-NOT: void scale

int main()
{
    Buf<int> b{nullptr, 64};
    cudaMalloc(&b.d, 64 * sizeof(int));
    b.set(3);
    return 0;
}
