// Names: a cuda* name that no rules row knows is CU2CL1002 unless a scanned
// file defines it (a helper of the program's own); thrust:: names without a
// row are CU2CL1002; CUB is not mapped (CU2CL1001, once per name and file);
// identifiers in comments and strings are not read.
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#include <thrust/device_vector.h>

static void cudaCheck(cudaError_t e) { (void)e; }

int main()
{
    cudaError_t cudaStatus = cudaGetLastError();
    cudaCheck(cudaStatus);
    cudaFancyNewCall(); // EXPECT: CU2CL1002
    thrust::frobnicate(); // EXPECT: CU2CL1002
    size_t bytes = 0;
    cub::DeviceReduce::Sum(nullptr, bytes, (int *)0, (int *)0, 64); // EXPECT: CU2CL1001
    cub::DeviceReduce::Sum(nullptr, bytes, (int *)0, (int *)0, 64);
    const char *s = "cudaMallocArray in a string";
    // cudaMallocArray in a comment
    return s != 0;
}
