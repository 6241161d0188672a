// __constant__ and __device__ variables become implicit kernel parameters
// on the device and cu2clSymbol objects on the host.
#include <cuda_runtime.h>

__constant__ float coeffs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__device__ unsigned int counter;

__device__ float poly(float x)
{
    return coeffs[0] + x * (coeffs[1] + x * (coeffs[2] + x * coeffs[3]));
}

__global__ void evaluate(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = poly(x[i]);
        atomicAdd(&counter, 1u);
    }
}
// CHECK-CL: float poly(float x, __constant float *coeffs);
// CHECK-CL: __kernel void evaluate(__global const float *x, __global float *y, int n, __constant float *coeffs, __global uint *counter)
// CHECK-CL: y[i] = poly(x[i], coeffs);
// CHECK-CL: atomic_add(counter, 1u);
// CHECK-HOST: static const float cu2cl_init_coeffs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
// CHECK-HOST: static cu2clSymbol coeffs = {"coeffs", sizeof(float[4]), &cu2cl_init_coeffs, NULL};
// CHECK-HOST: static cu2clSymbol counter = {"counter", sizeof(unsigned int), NULL, NULL};
// CHECK-HOST: {CU2CL_ARG_SYMBOL, 0, &coeffs},
// CHECK-HOST: {CU2CL_ARG_SYMBOL, 0, &counter},

int main()
{
    float h[4] = {0, 0, 0, 1};
    cudaMemcpyToSymbol(coeffs, h, sizeof h);
    unsigned int c = 0;
    evaluate<<<1, 32>>>(nullptr, nullptr, 0);
    cudaMemcpyFromSymbol(&c, counter, sizeof c);
    return (int)c;
}
// CHECK-HOST: cu2clMemcpyToSymbol(coeffs, h, sizeof h);
// CHECK-HOST: cu2clMemcpyFromSymbol(&c, counter, sizeof c);
