// The warp-synchronous tail of a reduction over volatile shared memory
// (s[tid] += s[tid + 16] with no barrier) relies on lockstep: CU2CL3012.
#include <cuda_runtime.h>

__device__ void warpReduce(volatile int *s, int tid)
{
    s[tid] += s[tid + 32]; // EXPECT: CU2CL3012
    s[tid] += s[tid + 16]; // EXPECT: CU2CL3012
    s[tid] = s[tid];
}

__global__ void sum(int *out)
{
    __shared__ int s[64];
    int tid = threadIdx.x;
    s[tid] = tid;
    __syncthreads();
    if (tid < 32)
        warpReduce(s, tid);
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

int main()
{
    sum<<<1, 64>>>(nullptr);
    return 0;
}
