// Vectors read and written through reinterpreted pointers (HeCBench
// radixsort, sobel): the cast is parenthesized as a whole before [i] or
// ->, and the pointer it makes keeps its operand's address space.
#include <cuda_runtime.h>

// A union of a vector and an array stays a union; assigning its vector
// member is a plain assignment, not a call of float4's operator=.
__global__ void overlay(const float4 *in, float *out)
{
    union {
        float4 v;
        float a[4];
    } un;
    un.v = in[threadIdx.x];
    out[threadIdx.x] = un.a[0] + un.a[3];
}
// CHECK-CL: typedef union
// CHECK-CL: float4 v;
// CHECK-CL: float a[4];
// CHECK-CL: un.v = in[(uint)get_local_id(0)];
// CHECK-CL-NOT: operator=

// Likewise a member of a plain struct typedef assigned a whole struct
// (HeCBench black-scholes: CU2CL2101 in the implicit operator=).
typedef struct {
    float rate, freq;
} termStruct;
typedef struct {
    float x0;
    termStruct riskFree;
} processStruct;

__global__ void terms(const termStruct *in, float *out)
{
    processStruct p;
    p.riskFree = in[threadIdx.x];
    out[threadIdx.x] = p.riskFree.rate;
}
// CHECK-CL: p.riskFree = in[(uint)get_local_id(0)];
// CHECK-CL-NOT: operator_assign

__global__ void keys4(unsigned *keys, const float *a, const double *d, // EXPECT: CU2CL2004
                      float *out)
{
    int i = threadIdx.x;
    uint4 v = reinterpret_cast<uint4 *>(keys)[i];
    reinterpret_cast<uint4 *>(keys)[i + 1] = v;
    float4 f = *(float4 *)&a[4 * i];
    float2 w = *(const float2 *)&d[i];
    float y = reinterpret_cast<const float4 *>(a + 8)->y;
    out[i] = f.x + w.y + y + static_cast<float>(v.x);
}
// CHECK-CL: uint4 v = ((__global uint4 *)(keys))[i];
// CHECK-CL: ((__global uint4 *)(keys))[i + 1] = v;
// CHECK-CL: float4 f = *(__global float4 *)&a[4 * i];
// CHECK-CL: float2 w = *(__global const float2 *)&d[i];
// CHECK-CL: float y = ((__global const float4 *)(a + 8))->y;
// CHECK-CL: out[i] = f.x + w.y + y + (float)(v.x);

__global__ void spaces(const float *a, float *out)
{
    __shared__ float s[128];
    s[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    float priv[8] = {0};
    float4 v = reinterpret_cast<float4 *>(s)[threadIdx.x / 4];
    float4 u = reinterpret_cast<float4 *>(priv)[1];
    out[threadIdx.x] = v.x + u.y;
}
// CHECK-CL: float4 v = ((__local float4 *)(s))[(uint)get_local_id(0) / 4];
// CHECK-CL: float4 u = ((float4 *)(priv))[1];

int main() { return 0; }
