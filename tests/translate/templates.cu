// Each launched specialization is emitted with a readable name; the host
// stub is a function template with one explicit specialization each.
#include <cuda_runtime.h>

template <typename T>
__device__ T square(T v) { return v * v; }

template <typename T, unsigned int BLOCK>
__global__ void sumSquares(const T *in, T *out, int n) // EXPECT: CU2CL2004
{
    __shared__ T buf[BLOCK];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    buf[threadIdx.x] = i < n ? square(in[i]) : T(0);
    __syncthreads();
    if (threadIdx.x == 0) {
        T s = 0;
        for (unsigned int k = 0; k < BLOCK; ++k)
            s += buf[k];
        out[blockIdx.x] = s;
    }
}
// CHECK-CL: __kernel void sumSquares_float_128(__global const float *in, __global float *out, int n);
// CHECK-CL: __kernel void sumSquares_double_64(__global const double *in, __global double *out, int n);
// CHECK-CL: __local float buf[128];
// CHECK-CL: int i = (uint)get_group_id(0) * 128u + (uint)get_local_id(0);
// CHECK-CL: buf[(uint)get_local_id(0)] = i < n ? square_float(in[i]) : (float)(0);
// CHECK-CL: float square_float(float v) {
// CHECK-HOST: template <typename T, unsigned int BLOCK>
// CHECK-HOST: cu2clError_t cu2cl_launch_sumSquares(dim3 cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,
// CHECK-HOST: template <>
// CHECK-HOST: inline cu2clError_t cu2cl_launch_sumSquares<float, 128u>(
// CHECK-HOST: inline cu2clError_t cu2cl_launch_sumSquares<double, 64u>(

template <typename T, unsigned int BLOCK>
void run(const T *in, T *out, int n)
{
    sumSquares<T, BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, n);
}
// CHECK-HOST: cu2cl_launch_sumSquares<T, BLOCK>((n + BLOCK - 1) / BLOCK, BLOCK, 0, 0, in, out, n);

int main()
{
    run<float, 128>(nullptr, nullptr, 1000);
    run<double, 64>(nullptr, nullptr, 1000);
    return 0;
}
// An enumeration as a non-type template argument: the stub's explicit
// specialization spells the value with its enum type (C++ does not convert
// an int to an enum class).
enum class Combine { Add = 0, Mul = 1 };
template <typename T, Combine C> __global__ void combine(T *p, T v) {
    p[threadIdx.x] = C == Combine::Add ? p[threadIdx.x] + v : p[threadIdx.x] * v;
}
void run_combine(float *p) {
    combine<float, Combine::Mul><<<1, 32>>>(p, 2.0f);
}
// CHECK-HOST: cu2cl_launch_combine<float, static_cast<Combine>(1)>(dim3 cu2cl_grid
// A kernel template's reference for kern<T> as a value is declared only
// where host templates name it so (projects kernel_pointers/dependent.cu).
// CHECK-HOST-NOT: cu2cl_kref_
