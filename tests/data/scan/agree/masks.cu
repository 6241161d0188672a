// Masks of warp collectives: the full warp is nothing to report, another
// constant is CU2CL3004, a value computed at run time CU2CL3005,
// __activemask() CU2CL3006; a ballot kept in 64 bits is CU2CL3010.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffff
#define HALF_MASK 0x0000ffffu

__global__ void masks(int *p, unsigned m) // EXPECT: CU2CL3011
{
    const unsigned all = ~0u;
    int v = p[threadIdx.x];
    v += __shfl_xor_sync(FULL_MASK, v, 1);
    v += __shfl_xor_sync(all, v, 1);
    v += __shfl_xor_sync(HALF_MASK, v, 1); // EXPECT: CU2CL3004
    v += __shfl_xor_sync(m, v, 2); // EXPECT: CU2CL3005
    v += __shfl_sync(__activemask(), v, 0); // EXPECT: CU2CL3006
    unsigned long long b = __ballot_sync(FULL_MASK, v > 0); // EXPECT: CU2CL3010
    unsigned c = __ballot_sync(FULL_MASK, v > 1);
    p[threadIdx.x] = v + (int)b + (int)c;
}

int main()
{
    masks<<<1, 32>>>(nullptr, 0xffffffffu);
    return 0;
}
