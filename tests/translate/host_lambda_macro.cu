// A lambda passed to a kernel template from host code and written in a
// macro: host code cannot wrap it to record which lambda made the closure
// (tests/translate/host_lambdas.cu), so its launches would fail at run
// time. It is reported instead.
#include <cuda_runtime.h>

template <typename F>
__global__ void each(int n, F f) // EXPECT: CU2CL2203
{
    int i = threadIdx.x;
    if (i < n)
        f(i);
}

#define FORALL(n, body) each<<<1, 32>>>(n, [=] __device__ (int i) body)

int main()
{
    float *p = nullptr;
    FORALL(10, { p[i] = 1.0f; }); // EXPECT: CU2CL2101
    return 0;
}
