// Implicit warp synchrony, field by field: a thread that reads one field
// of an element while another thread writes a different field of it
// exchanges nothing (HeCBench linearprobing's key/value slots, probed at a
// slot the data picks). Before, the two were taken for one location: a
// barrier went into the probing loop, which threads leave early, and the
// port ran wrong. The same field, or a union's, is still an exchange.
#include <cuda_runtime.h>

struct KV {
    unsigned key, value;
};

__global__ void erase(KV *t, const unsigned *q, unsigned n, unsigned cap)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned k = q[i], s = (k * 2654435761u) & (cap - 1);
        while (true) {
            if (t[s].key == k) {
                t[s].value = 0xffffffffu;
                return;
            }
            if (t[s].key == 0xffffffffu)
                return;
            s = (s + 1) & (cap - 1);
        }
    }
}
// CHECK-CL: t[s].value = 0xffffffffu;
// (no barrier, no predication: no diagnostic is expected in this kernel)

struct Pair {
    int a, b;
};
union Bits {
    int i;
    float f;
};

__global__ void neighbours(int *out)
{
    __shared__ Pair p[64];
    int tid = threadIdx.x;
    p[tid].b = 2 * tid;
    __syncthreads();
    p[tid].a = tid;
    out[tid] = p[(tid + 1) % 64].b; // another field: no exchange
    out[tid + 64] = p[(tid + 1) % 64].a; // EXPECT: CU2CL3012
}

__global__ void overlay(int *out)
{
    __shared__ Bits u[64];
    int tid = threadIdx.x;
    u[tid].i = tid;
    out[tid] = (int)u[(tid + 1) % 64].f; // EXPECT: CU2CL3012
}

int main()
{
    KV *t;
    unsigned *q;
    int *out;
    cudaMalloc(&t, 1024 * sizeof(KV));
    cudaMalloc(&q, 256 * sizeof(unsigned));
    cudaMalloc(&out, 128 * sizeof(int));
    erase<<<2, 128>>>(t, q, 256, 1024);
    neighbours<<<1, 64>>>(out);
    overlay<<<1, 64>>>(out);
    return 0;
}
