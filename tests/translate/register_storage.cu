// `register` (removed in C++17) is what older CUDA code puts on hot
// variables (HeCBench ntt); nvcc's host compiler only warns of it, so cu2cl
// parses it too, in host and device code, and the kernel keeps the
// variable without the storage class.
#include <cuda_runtime.h>

__global__ void butterfly(unsigned *a, unsigned n)
{
    register unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * 3u + 1u;
}
// CHECK-CL: uint i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);

int main()
{
    register unsigned n = 64;
    unsigned *a;
    cudaMalloc(&a, n * sizeof(unsigned));
    butterfly<<<1, n>>>(a, n);
    cudaFree(a);
    return 0;
}
