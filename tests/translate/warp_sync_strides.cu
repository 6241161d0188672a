// Implicit warp synchrony with strided indices: cyclic reduction's sweep
// updates element stride*t + stride - 1 at each level from the elements
// half a stride away, which no thread writes at that level, in sub-arrays
// carved from one __shared__ array (&a[n]). No exchange, so no barrier;
// the same shape reading a whole stride away, a stride that some threads
// change, and an index computed before the stride changed keep theirs.
#include <cuda_runtime.h>

__global__ void forward(const float *in, float *out, int n, int levels)
{
    extern __shared__ float shared[];
    int thid = threadIdx.x;
    float *a = shared;
    float *b = &a[n];
    a[thid] = in[thid];
    a[thid + n / 2] = in[thid + n / 2];
    b[thid] = in[n + thid];
    b[thid + n / 2] = in[n + thid + n / 2];
    int stride = 1;
    int active = n / 2;
    for (int j = 0; j < levels; j++) {
        __syncthreads();
        stride <<= 1;
        int delta = stride >> 1;
        if (thid < active) {
            int i = stride * thid + stride - 1;
            float tmp = a[i] / b[i - delta];
            b[i] = b[i] - a[i - delta] * tmp - a[i + delta];
            a[i] = -a[i - delta] * tmp;
        }
        active >>= 1;
    }
    for (int j = 0; j < levels; j++) {
        int delta = stride >> 1;
        __syncthreads();
        if (thid < (n >> (levels - j))) {
            int i = stride * thid + (stride >> 1) - 1;
            b[i] = b[i] - a[i] * b[i + delta];
        }
        stride >>= 1;
    }
    __syncthreads();
    out[thid] = a[thid] + b[thid];
}
// CHECK-CL: __kernel void forward(
// CHECK-CL: float tmp = a[i] / b[i - delta];
// CHECK-CL: __kernel void whole_stride(
// CHECK-CL: CU2CL_LOCKSTEP_BARRIER(CLK_LOCAL_MEM_FENCE);

// a whole stride away: thread t reads what thread t - 1 wrote
__global__ void whole_stride(const float *in, float *out, int n, int levels)
{
    extern __shared__ float s[];
    int thid = threadIdx.x;
    s[thid] = in[thid];
    int stride = 1;
    for (int j = 0; j < levels; j++) {
        __syncthreads();
        stride <<= 1;
        if (thid < n / stride) { // EXPECT: CU2CL3003
            int i = stride * thid + stride - 1;
            s[i] += 1.0f;
            out[thid] = s[i - stride]; // EXPECT: CU2CL3012
        }
    }
}

// a stride that only some threads double is no stride: the same in every
// thread is not known
__global__ void divergent_stride(const float *in, float *out, int n)
{
    extern __shared__ float s[];
    int thid = threadIdx.x;
    s[thid] = in[thid];
    __syncthreads();
    int stride = 2;
    if (thid < n / 4)
        stride <<= 1;
    int i = stride * thid + stride - 1;
    s[i] = 1.0f;
    out[thid] = s[i - (stride >> 1)]; // EXPECT: CU2CL3012
}

// i was computed with the stride before it doubled
__global__ void stale_index(const float *in, float *out, int n)
{
    extern __shared__ float s[];
    int thid = threadIdx.x;
    s[thid] = in[thid];
    __syncthreads();
    int stride = 2;
    int i = stride * thid + stride - 1;
    stride <<= 1;
    s[i] = 1.0f;
    out[thid] = s[stride * thid + stride - 1 - (stride >> 1)]; // EXPECT: CU2CL3012
}
