// Host API calls by the runtime table: unsupported rows are CU2CL1001 at
// every use of the name (a call, a type); supported calls are no finding.
#include <cuda_runtime.h>

__global__ void scale(float *p)
{
    p[threadIdx.x] *= 2.0f;
}

int main()
{
    float *d;
    cudaMalloc(&d, 64 * sizeof(float));
    int can = 0;
    cudaDeviceCanAccessPeer(&can, 0, 1); // EXPECT: CU2CL1001
    cudaPointerAttributes attr; // EXPECT: CU2CL1001
    cudaPointerGetAttributes(&attr, d); // EXPECT: CU2CL1001
    cudaArray_t array = nullptr; // EXPECT: CU2CL1001
    scale<<<1, 64>>>(d);
    cudaDeviceSynchronize();
    cudaFree(d);
    return can + (array != nullptr);
}
