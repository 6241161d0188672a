// Warp code that assumes more of CUDA than OpenCL gives: each finding has
// its ID; the correct variants next to them raise nothing.
#include <cuda_runtime.h>

__global__ void findings(unsigned *out, const int *in) // EXPECT: CU2CL3011
{
    int lane = threadIdx.x % 32; // EXPECT: CU2CL3007
    int wid = threadIdx.x >> 5; // EXPECT: CU2CL3007
    int lane_ok = threadIdx.x % warpSize;
    unsigned half = __ballot_sync(0x0000ffff, in[threadIdx.x] > 0); // EXPECT: CU2CL3004
    unsigned m = __ballot_sync(0xffffffff, in[threadIdx.x] > 0);
    int first = __shfl_sync(m, in[threadIdx.x], 0); // EXPECT: CU2CL3005
    unsigned act = __activemask(); // EXPECT: CU2CL3006
    unsigned below = 0xffffffffu >> (warpSize - lane_ok); // EXPECT: CU2CL3008
    unsigned below_ok = lane_ok == 0 ? 0u : 0xffffffffu >> (warpSize - lane_ok);
    unsigned long long wide = __ballot_sync(0xffffffff, 1); // EXPECT: CU2CL3010
    out[threadIdx.x] = lane + wid + half + first + act + below + below_ok +
                       (unsigned)wide;
}

__global__ void shuffle(int *p) // EXPECT: CU2CL3011
{
    p[threadIdx.x] = __shfl_down_sync(0xffffffff, p[threadIdx.x], 16);
}

int main()
{
    findings<<<1, 64>>>(nullptr, nullptr);
    shuffle<<<1, 48>>>(nullptr); // EXPECT: CU2CL3009
    shuffle<<<2, 96>>>(nullptr);
    return 0;
}
