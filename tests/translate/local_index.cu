// CUDA computes __shared__ addresses in 32 bits: an unsigned 32-bit index
// or offset that may reach 2^31 wraps to a negative offset (s[~u] reads
// s[-u - 1]). Into __local memory such an index is printed as a signed
// 32-bit value; built-in indices, constants and values bounded by a
// constant (x % 32, x & 31, x >> 1) stay as written.
#include <cuda_runtime.h>

__device__ float around(const float *mid, unsigned u)
{
    return mid[~u] + *(mid + (u - 1u));
}

__global__ void wrap(const float *in, float *out)
{
    __shared__ float buf[64];
    float *mid = buf + 32;
    unsigned t = threadIdx.x;
    buf[t] = in[t];
    __syncthreads();
    unsigned u = t % 8u;
    out[t] = mid[~u] + around(mid, u) + buf[threadIdx.x] + buf[t % 32u] +
             buf[(t + 1) & 31u] + in[~u + 8u];
}

int main() { return 0; }

// The kernel comes first in the .cl, then the device function.
// CHECK-CL: float around_l(__local const float *mid, uint u);
// CHECK-CL: buf[(int)(t)] = in[t];
// CHECK-CL: out[t] = mid[(int)(~u)] + around_l(mid, u) + buf[(uint)get_local_id(0)] + buf[t % 32u] + buf[(t + 1) & 31u] + in[~u + 8u];
// CHECK-CL: return mid[(int)(~u)] + *(mid + (int)(u - 1u));
