// The program's own names that start with "cuda" (HeCBench
// blas-gemmStridedBatched's cudaStat) are not CUDA's, also inside a
// macro's arguments (assert), where the cursor at the name is the macro's.
#include <cassert>
#include <cuda_runtime.h>

#define CHECKED(x) ((x) == cudaSuccess)

int main()
{
    float *d;
    cudaError_t cudaStat = cudaMalloc((void **)&d, 16 * sizeof(float));
    assert(!cudaStat);
    cudaStat = cudaMemset(d, 0, 16 * sizeof(float));
    assert(cudaStat == 0 && CHECKED(cudaStat));
    cudaFree(d);
    return 0;
}
// CHECK-HOST: assert(cudaStat == 0 && CHECKED(cudaStat));
// CHECK-HOST: cu2clFree(d);
