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
