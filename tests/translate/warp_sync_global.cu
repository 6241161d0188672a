// Implicit warp synchrony in global memory: an exchange at elements the
// data picks (a graph's edges) is no warp idiom - the writer and the reader
// may be in different blocks, which no barrier orders - so it gets no
// barrier and no error (the diagnostics must be exactly those expected),
// while an exchange at related elements of global
// memory (tid and tid + 1) is still found.
#include <cuda_runtime.h>

__global__ void relax(const int *edges, const int *first, const int *count,
                      int *cost, bool *next, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n && next[tid]) {
        next[tid] = false;
        for (int i = first[tid]; i < first[tid] + count[tid]; i++) {
            int id = edges[i];
            if (cost[id] < 0)
                cost[id] = cost[tid] + 1;
        }
    }
}
// CHECK-CL: cost[id] = cost[tid] + 1;

__global__ void neighbour(int *v, int *out)
{
    int t = threadIdx.x;
    v[t] = t;
    if (t < 31) // EXPECT: CU2CL3012
        out[t] = v[t + 1];
}

// A thread's own elements of its block's part of global memory, at several
// values of a counter that threads may hold in different iterations (k is
// set inside a loop whose trip count differs between threads; HeCBench
// wsm5's physics columns): where two threads of one block could meet at
// g[P3(t, k, ...)], threads of two blocks could too, so the code relies on
// no warp order, and no barrier goes in (one did, inside the divergent
// loop, which is exit 2).
#define P3(i, k, j) ((i) + blockIdx.x * blockDim.x + (k) * m + (j) * m * n)
__global__ void columns(float *q, const int *steps, int n, int m)
{
    int k;
    int mstep = steps[threadIdx.x];
    for (k = 0; k < n; k++)
        if (q[P3(threadIdx.x, k, threadIdx.y)] < 0.f)
            q[P3(threadIdx.x, k, threadIdx.y)] = 0.f;
    for (int s = 0; s < mstep; s++) {
        k = n - 1;
        q[P3(threadIdx.x, k, threadIdx.y)] *= 0.5f;
        for (k = n - 2; k >= 0; k--)
            q[P3(threadIdx.x, k, threadIdx.y)] += q[P3(threadIdx.x, k, threadIdx.y)];
    }
}
// CHECK-CL-NOT: barrier(CLK_GLOBAL_MEM_FENCE)

// A block's part at the next thread's element: an exchange, found.
__global__ void shifted(float *q, int n)
{
    int base = blockIdx.x * blockDim.x;
    for (int k = 0; k < n; k++) {
        q[base + threadIdx.x] = (float)k; // EXPECT: CU2CL3012
        if (threadIdx.x < 31) // EXPECT: CU2CL3012
            q[base + threadIdx.x + 1] += 1.0f;
    }
}
