// Implicit warp synchrony, stores only: two threads' stores with no read of
// the other's value between are no exchange (CU2CL3012 is for a write read
// by another thread), so rows of one array written in turn and a halo
// stored beside every thread's element get no barrier.
#include <cuda_runtime.h>

// stores only: rows of one array and a halo written by some threads next to
// what every thread stores; no thread reads another's value, no barrier
__global__ void stores_only(const float *in, float *out, int n)
{
    __shared__ float tile[64 + 2];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out[0 * n + i] = in[i];
    out[1 * n + i] = 2.0f * in[i];
    out[2 * n + i] = 3.0f * in[i];
    tile[threadIdx.x + 1] = in[i];
    if (threadIdx.x == 0) {
        tile[0] = 0.0f;
        tile[65] = 0.0f;
    }
    for (int k = 0; k < 4; ++k)
        out[(3 + k) * n + i] = (float)k;
}
// CHECK-CL: out[2 * n + i] = 3.0f * in[i];
// CHECK-CL-NOT: CU2CL_LOCKSTEP_BARRIER(CLK
