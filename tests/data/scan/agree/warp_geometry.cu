// Literal warp geometry applied to thread indices, in code with warp
// operations, is CU2CL3007; the same arithmetic on other values, or in code
// without warp operations, is not.
#include <cuda_runtime.h>

#define WARP 32

__global__ void lanes(int *out, int n) // EXPECT: CU2CL3011
{
    int tid = threadIdx.x;
    int lane = tid & 31; // EXPECT: CU2CL3007
    int warp = tid >> 5; // EXPECT: CU2CL3007
    int slot = threadIdx.x % WARP; // EXPECT: CU2CL3007
    int other = n & 31;
    int blocks = (n + 31) / 32;
    int v = __shfl_down_sync(0xffffffff, lane + warp + slot, 1);
    out[tid] = v + other + blocks;
}

__global__ void plain(int *out)
{
    int lane = threadIdx.x % 32;
    out[threadIdx.x] = lane;
}

int main()
{
    lanes<<<1, 64>>>(nullptr, 0);
    plain<<<1, 64>>>(nullptr);
    return 0;
}
