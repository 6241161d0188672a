// A kernel parameter whose type has a non-type template argument
// (HeCBench warpsort's DeviceTensor<float, 1>) has no default argument:
// the 1 is its type's. Before, the launch stub declared `Span<float, 1> s
// = 1`, which does not compile. A real default argument is kept. A device
// function's default argument that is no constant (FlashInfer's tx =
// threadIdx.x) is printed at each call that leaves it out; it was
// CU2CL2101, "an expression that is not a constant", with no location.
#include <cuda_runtime.h>

template <typename T, int Dim>
struct Span {
    T *p;
    int n;
    __host__ __device__ Span(T *p_, int n_) : p(p_), n(n_) {}
};

__device__ int lane(unsigned tx = threadIdx.x, unsigned ty = threadIdx.y + 1,
                    int base = 3)
{
    return (int)(tx * ty) + base;
}

__global__ void scale(Span<float, 1> s, float by = 2.0f) // EXPECT: CU2CL2203
{
    int i = threadIdx.x;
    if (i < s.n)
        s.p[i] = by * i + lane() + lane(2);
}
// CHECK-CL: lane((uint)get_local_id(0), (uint)get_local_id(1) + 1, 3) + lane(2, (uint)get_local_id(1) + 1, 3);
// CHECK-HOST: cu2clError_t cu2cl_launch_scale(dim3 cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,
// CHECK-HOST:     cu2clStream_t cu2cl_stream, Span<float, 1> s, float by = 2.0f) {

int main()
{
    float *d;
    cudaMalloc(&d, 32 * sizeof(float));
    scale<<<1, 32>>>(Span<float, 1>(d, 32));
    return 0;
}
