// The address of a CUDA vector's component (HeCBench quantAQLM walks
// &sizes.x with ++): an OpenCL vector's components have no address, so it
// is the vector's address as a pointer to its components, plus the
// component's place; CUDA's vectors are structs of consecutive components.
// Before, the .cl did not compile (CU2CL2901). float3, a struct in the
// port too, keeps &v.x.
#include <cuda_runtime.h>

__global__ void buckets(const int4 sizes, const float4 *in, float3 *p,
                        float *out)
{
    int t = threadIdx.x;
    const int *sz = &sizes.x;
    int bucket = 0;
    while (bucket < 3 && t >= *sz) {
        sz++;
        bucket++;
    }
    float4 v = in[t];
    float *c = &v.y;
    const float *g = &in[t].z;
    float *f3 = &p[t].x;
    out[t] = bucket + c[0] + c[1] + g[0] + *f3;
}
// CHECK-CL: const int *sz = ((const int *)&sizes + 0);
// CHECK-CL: float *c = ((float *)&v + 1);
// CHECK-CL: __global const float *g = ((__global const float *)&in[t] + 2);
// CHECK-CL: __global float *f3 = &p[t].x;

int main()
{
    float4 *in;
    float3 *p;
    float *out;
    cudaMalloc(&in, 64 * sizeof(float4));
    cudaMalloc(&p, 64 * sizeof(float3));
    cudaMalloc(&out, 64 * sizeof(float));
    buckets<<<1, 64>>>(make_int4(10, 20, 40, 1000), in, p, out);
    return 0;
}
