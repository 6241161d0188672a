// A shift by warpSize - x or 32 - x is CU2CL3008 unless x is a constant or
// the shift sits where x is known not to be 0.
#include <cuda_runtime.h>

__global__ void shifts(unsigned *p)
{
    int lane = threadIdx.x % warpSize;
    unsigned below = 0xffffffffu >> (warpSize - lane); // EXPECT: CU2CL3008
    unsigned above = 0xffffffffu << (32 - lane); // EXPECT: CU2CL3008
    unsigned safe = lane == 0 ? 0u : 0xffffffffu >> (32 - lane);
    unsigned fixed = 0xffffffffu >> (32 - 4);
    p[threadIdx.x] = below + above + safe + fixed;
}

int main()
{
    shifts<<<1, 32>>>(nullptr);
    return 0;
}
