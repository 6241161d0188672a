// Texture objects: the host API is not supported (CU2CL1001 at every use
// of its names), and the fetch functions have no device rules row
// (CU2CL2002), as the translator reports them.
#include <cuda_runtime.h>

__global__ void fetch(cudaTextureObject_t t, float *out) // EXPECT: CU2CL1001
{
    out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); // EXPECT: CU2CL2002
    out[threadIdx.x] += tex2D<float>(t, 0.5f, 0.5f); // EXPECT: CU2CL2002
}

int main()
{
    cudaTextureObject_t t = 0; // EXPECT: CU2CL1001
    fetch<<<1, 32>>>(t, nullptr);
    cudaDestroyTextureObject(t); // EXPECT: CU2CL1001
    return 0;
}
