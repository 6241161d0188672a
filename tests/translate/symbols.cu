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

// A __constant__ variable template (HeCBench convolution1D): one symbol
// per specialization, a variable template of symbols on the host.
template <typename T> __constant__ T mask[4];

template <typename T> __global__ void conv(const T *in, T *out)
{
    out[threadIdx.x] = in[threadIdx.x] * mask<T>[threadIdx.x % 4];
}
// CHECK-CL: __kernel void conv_float(__global const float *in, __global float *out, __constant float *mask_float)
// CHECK-CL: out[(uint)get_local_id(0)] = in[(uint)get_local_id(0)] * mask_float[(uint)get_local_id(0) % 4];
// CHECK-CL: __constant int *mask_int)
// CHECK-HOST: template <typename T> static cu2clSymbol mask = {"mask", sizeof(T[4]), NULL, NULL};
// CHECK-HOST: {CU2CL_ARG_SYMBOL, 0, &mask<float>},
// CHECK-HOST: cu2clMemcpyToSymbol(mask<T>, h, sizeof h);

template <typename T> void run_conv(const T *h)
{
    cudaMemcpyToSymbol(mask<T>, h, sizeof h);
    conv<T><<<1, 32>>>(nullptr, nullptr);
}
template void run_conv<float>(const float *);
template void run_conv<int>(const int *);
