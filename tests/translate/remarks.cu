// Remarks: translated, worth a look. Warnings: a human must check.
#include <cstdio>
#include <cuda_runtime.h>

struct Buffers { float *in; float *out; };

__device__ float stage(float v)
{
    __shared__ float scratch[32]; // EXPECT: CU2CL2205
    scratch[threadIdx.x % 32] = v;
    __syncthreads();
    return scratch[(threadIdx.x + 1) % 32];
}

__global__ void work(Buffers b, bool flag, double *acc, unsigned long long *n) // EXPECT: CU2CL2203 CU2CL2204 CU2CL2004 CU2CL2005
{
    int i = threadIdx.x;
    b.out[i] = flag ? stage(b.in[i]) : 0.0f;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600 // EXPECT: CU2CL2110
    b.out[i] = 0.0f;
#endif
    atomicAdd(acc, (double)b.in[i]);
    atomicAdd(n, 1ull);
    printf("thread %d of %zu: %lld\n", i, sizeof(float), (long long)*n);
}
// CHECK-CL: __kernel void work(Buffers_kernarg b_arg, uchar flag, __global double *acc, __global ulong *n);
// CHECK-CL: float stage(float v, __local float *stage_scratch);
// CHECK-CL: __local float stage_scratch[32]; /* __shared__ of a device function */
// CHECK-CL: b.out[i] = flag ? stage(b.in[i], stage_scratch) : 0.0f;
// CHECK-CL: printf("thread %d of %lu: %ld\n", i
// CHECK-CL: stage_scratch[(uint)get_local_id(0) % 32] = v;

template <typename T>
__global__ void never(T *p) { p[0] = T(); } // EXPECT: CU2CL1102

int main()
{
    Buffers b = {nullptr, nullptr};
    work<<<1, 32>>>(b, true, nullptr, nullptr);
    return 0;
}
