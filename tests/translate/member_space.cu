// A pointer member of a struct points into global memory (OpenCL C 1.2
// has no generic address space): pointing one into shared memory, from a
// constructor's initializer or an assignment, is reported where it
// happens.
#include <cuda_runtime.h>

struct span {
    int *data;
    int n;
    __device__ span(int *d, int n_)
        : data(d), // EXPECT: CU2CL2202
          n(n_) {}
    __device__ void rebind(int *d)
    {
        data = d; // EXPECT: CU2CL2202
    }
};

__global__ void k(int *g, int *out)
{
    __shared__ int s[32];
    span a(g, 32);
    a.rebind(g);
    span b(s, 32);
    b.rebind(s);
    out[0] = a.data[0] + b.n;
}

int main()
{
    k<<<1, 32>>>(nullptr, nullptr);
    return 0;
}
// CHECK-CL: span span_make(__global int *d, int n_) {
// CHECK-CL: self.data = d;
