// Device code written in macros (HeCBench bincount): a grid-stride for
// header in a #define keeps its three parts, and the built-in index
// members in it are read by name, with either header set.
#include <cuda_runtime.h>

#define FOR_KERNEL_LOOP(i, lim)                                      \
    for (long i = blockIdx.x * blockDim.x + threadIdx.x; i < lim; \
         i += gridDim.x * blockDim.x)
#define LINEAR (blockIdx.y * gridDim.x + threadIdx.z)

__global__ void fill(int *out, long n)
{
    FOR_KERNEL_LOOP(j, n)
        out[j] = (int)j + LINEAR;
}
// CHECK-CL: for (long j = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0); j < n; j += (uint)get_num_groups(0) * (uint)get_local_size(0))
// CHECK-CL: out[j] = (int)j + ((uint)get_group_id(1) * (uint)get_num_groups(0) + (uint)get_local_id(2));

// A pointer first null takes its address space from what it is given
// later (no CU2CL2202 between global and local).
__global__ void maybe_shared(const int *in, int *out, int use)
{
    extern __shared__ unsigned char raw[];
    int *acc = nullptr;
    if (use) {
        acc = reinterpret_cast<int *>(raw);
        acc[threadIdx.x] = in[threadIdx.x];
    }
    out[threadIdx.x] = acc ? acc[0] : 0;
}
// CHECK-CL: __local int *acc = 0;

int main() { return 0; }
