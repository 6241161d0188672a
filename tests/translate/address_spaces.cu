// A device function called with pointers into different address spaces is
// emitted once per combination.
#include <cuda_runtime.h>

__device__ float sum3(const float *p) { return p[0] + p[1] + p[2]; }

__global__ void mixed(const float *in, float *out)
{
    __shared__ float tile[64];
    float local[3] = {1.0f, 2.0f, 3.0f};
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    const float *p = tile + threadIdx.x;
    out[threadIdx.x] = sum3(in) + sum3(p) + sum3(local);
}
// CHECK-CL: float sum3(__global const float *p);
// CHECK-CL: float sum3_l(__local const float *p);
// CHECK-CL: float sum3_p(const float *p);
// CHECK-CL: __local const float *p = tile + (uint)get_local_id(0);
// CHECK-CL: out[(uint)get_local_id(0)] = sum3(in) + sum3_l(p) + sum3_p(local_);

int main() { mixed<<<1, 64>>>(nullptr, nullptr); return 0; }
