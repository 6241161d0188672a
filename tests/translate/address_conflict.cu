// A pointer variable that points into two address spaces cannot be typed
// in OpenCL C 1.2.
#include <cuda_runtime.h>

__global__ void pick(const float *in, float *out, int flag)
{
    __shared__ float tile[32];
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    const float *src = in;
    if (flag)
        src = tile; // EXPECT: CU2CL2202
    out[threadIdx.x] = src[threadIdx.x];
}

int main() { pick<<<1, 32>>>(nullptr, nullptr, 1); return 0; }
