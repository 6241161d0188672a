// Host API calls by the runtime table: unsupported rows are CU2CL1001 at
// every use (texture objects, CUDA arrays, CUB), Thrust names with no row
// CU2CL1002; supported calls are no finding.
#include <cuda_runtime.h>
#include <cub/cub.cuh>

__global__ void scale(float *p)
{
    p[threadIdx.x] *= 2.0f;
}

int main()
{
    float *d;
    cudaMalloc(&d, 64 * sizeof(float));
    cudaArray_t array; // EXPECT: CU2CL1001
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>(); // EXPECT: CU2CL1001 CU2CL1001
    cudaMallocArray(&array, &desc, 64, 1); // EXPECT: CU2CL1001
    size_t bytes = 0;
    cub::DeviceReduce::Sum(nullptr, bytes, d, d, 64); // EXPECT: CU2CL1001
    scale<<<1, 64>>>(d);
    cudaDeviceSynchronize();
    cudaFree(d);
    return 0;
}
