// Implicit warp synchrony in loops. A thread's own element stays its own
// while the loop only steps the index by a uniform stride (block-stride
// loops, an inner loop that leaves the index alone): no barrier. A barrier
// can never go inside a loop whose trip count differs between threads (not
// every thread would reach it): an exchange there is CU2CL3013.
#include <cuda_runtime.h>

#define PER_BOX 100
#define THREADS 128

__global__ void own_in_loops(const float *q, float *f)
{
    __shared__ float qs[PER_BOX];
    int tx = threadIdx.x;
    int w = tx;
    while (w < PER_BOX) {
        qs[w] = q[w];
        w = w + THREADS;
    }
    w = tx;
    __syncthreads();
    while (w < PER_BOX) {
        for (int j = 0; j < PER_BOX; j++) {
            f[w] += qs[j];
            f[w] *= 0.5f;
        }
        w = w + THREADS;
    }
}
// CHECK-CL-NOT: CU2CL_LOCKSTEP_BARRIER(CLK

__global__ void exchange_in_divergent_loop(int *out, int n)
{
    __shared__ int s[256];
    int i = threadIdx.x;
    while (i < n) {
        s[i % 256] = i; // EXPECT: CU2CL3013
        out[i] = s[(i + 1) % 256]; // EXPECT: CU2CL3013
        i += 256;
    }
}
