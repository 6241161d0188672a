// Implicit warp synchrony in loops. A thread's own element stays its own
// while the loop only steps the index by a uniform stride (block-stride
// loops, an inner loop that leaves the index alone): no barrier (it was put
// inside the outer loop, whose trip count differs between threads).
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
