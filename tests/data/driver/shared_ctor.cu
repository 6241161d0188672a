// A __shared__ variable whose constructor runs code (libcu++'s
// cuda::barrier as clang sees it on the host side, cuda-samples'
// globalToShmemAsyncCopy): clang rejects the parse, and the error is
// reported as what it means, with the variable and its type.
#include <cuda_runtime.h>

struct Counter {
    __device__ Counter() { count = 0; }
    int count;
};

__global__ void tally(int *out)
{
    __shared__ Counter hits;
    out[threadIdx.x] = hits.count;
}

// In a kernel template, clang reports it in the instantiation.
template <int N> struct Stage {
    __device__ Stage() { depth = N; }
    int depth;
};

template <int N> __global__ void staged(int *out)
{
    __shared__ Stage<N> stage;
    out[threadIdx.x] = stage.depth;
}

int main()
{
    staged<2><<<1, 32>>>(nullptr);
    return 0;
}
