// Names: a cuda* name that no rules row knows is CU2CL1002 unless a scanned
// file defines it (a helper of the program's own); thrust:: and cub:: names
// without a row are CU2CL1002, those whose row maps them to nothing
// CU2CL1001; identifiers in comments and strings are not read.
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
    cub::DeviceSpmv::CsrMV(nullptr, bytes); // EXPECT: CU2CL1001
    cub::DeviceReduce::Sum(nullptr, bytes, (int *)0, (int *)0, 64);
    cub::DeviceFrobnicate::Run(); // EXPECT: CU2CL1002
    const char *s = "cudaMallocArray in a string";
    // cudaMallocArray in a comment
    return s != 0;
}
