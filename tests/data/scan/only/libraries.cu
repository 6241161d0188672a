// CUDA libraries with no mapping in cu2cl: CU2CL1003 once per library and
// file, at its first include or call; every call is a construct that is
// not supported.
#include <cublas_v2.h> // EXPECT: CU2CL1003
#include <curand.h> // EXPECT: CU2CL1003
#include <cuda_runtime.h>

int main()
{
    cublasHandle_t handle;
    cublasCreate(&handle);
    curandGenerator_t gen;
    curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
    cufftHandle plan; // EXPECT: CU2CL1003
    cublasDestroy(handle);
    return 0;
}
