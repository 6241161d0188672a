// Implicit warp synchrony in tables: an index X * W + C is read as row X,
// column C of a table of width W (C within [0, W), which is what
// row * W + col means). A thread's own row - X is threadIdx.x plus a
// uniform term, C a constant, a counter below W or a value the data picks
// - and a thread's own column - C is such a thread term that a condition
// keeps within [0, W) - are never another thread's, so they need no
// barrier (a counting sort's per-thread rows, vLLM's moe_align); rows of
// other threads, columns that may be negative and columns computed from
// the thread index are still exchanges. The diagnostics must be exactly
// those expected.
#include <cuda_runtime.h>

__global__ void count_rows(const int *ids, int *out, int n, int ne, int fill)
{
    if (threadIdx.x < fill) { // EXPECT: CU2CL3003
        out[threadIdx.x] = 0;
        __syncthreads();
        return;
    }
    const int tid = threadIdx.x - fill;
    const int stride = blockDim.x - fill;
    extern __shared__ int sh[];
    int *cnt = (int *)(sh + ne + 1);
    for (int i = 0; i < ne; ++i)
        cnt[(tid + 1) * ne + i] = 0;
    for (int i = tid; i < n; i += stride) {
        int e = ids[i];
        cnt[(tid + 1) * ne + e] += 1;
    }
    __syncthreads();
    if (tid < ne) {
        cnt[tid] = 0;
        for (int i = 1; i <= stride; ++i)
            cnt[i * ne + tid] += cnt[(i - 1) * ne + tid];
    }
    __syncthreads();
    for (int i = tid; i < n; i += stride) {
        int e = ids[i];
        int r = cnt[tid * ne + e];
        out[r] = i;
        ++cnt[tid * ne + e];
    }
}

// The same in a device function whose width is a parameter: every call
// passes a value the same in every thread, so it is a table's width.
__device__ void private_hist(const unsigned char *data, int n, int bins)
{
    extern __shared__ int h[];
    for (int i = 0; i < bins; i++)
        h[threadIdx.x * bins + i] = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        int b = data[i];
        h[threadIdx.x * bins + b]++;
    }
}

__global__ void hist(const unsigned char *data, int *out, int n, int bins)
{
    extern __shared__ int h[];
    private_hist(data, n, bins);
    __syncthreads();
    if (threadIdx.x < bins) {
        int s = 0;
        for (int t = 0; t < blockDim.x; t++)
            s += h[t * bins + threadIdx.x];
        out[threadIdx.x] = s;
    }
}

// The same in a function template called from a kernel template (the
// call in the template's body names an overload set).
template <int fill>
__device__ void rows_t(const int *ids, int n, int ne)
{
    extern __shared__ int sh[];
    for (int i = 0; i < ne; ++i)
        sh[(threadIdx.x + fill) * ne + i] = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        int e = ids[i];
        sh[(threadIdx.x + fill) * ne + e] += 1;
    }
}

template <int fill>
__global__ void rows_kernel(const int *ids, int n, int ne)
{
    rows_t<fill>(ids, n, ne);
}
template __global__ void rows_kernel<1>(const int *, int, int);

// A width that a call makes differ between threads is no table's.
__device__ void varying_width(const int *data, int *out, int w)
{
    extern __shared__ int sh[];
    sh[threadIdx.x * w] = 1;
    int b = data[threadIdx.x];
    out[threadIdx.x] = sh[threadIdx.x * w + b]; // EXPECT: CU2CL3012
}

__global__ void widths(const int *data, int *out)
{
    varying_width(data, out, threadIdx.x + 1);
}

// The next thread's row: an exchange.
__global__ void next_row(int *out, int ne)
{
    extern __shared__ int sh[];
    for (int i = 0; i < ne; ++i)
        sh[(threadIdx.x + 1) * ne + i] = i;
    if (threadIdx.x > 0) // EXPECT: CU2CL3012
        out[threadIdx.x] = sh[threadIdx.x * ne];
}

// A column that may be negative (threads below fill do not return): the
// column tid of row i + 1 is the column tid + ne of row i.
__global__ void negative_column(int *out, int ne, int fill)
{
    extern __shared__ int sh[];
    int tid = threadIdx.x - fill;
    if (tid < ne) { // EXPECT: CU2CL3003
        sh[ne + tid] = tid;
        out[threadIdx.x] = sh[2 * ne + tid]; // EXPECT: CU2CL3012
    }
}

// A column computed from the thread index is no value the data picks.
__global__ void computed_column(int *out, int ne)
{
    extern __shared__ int sh[];
    int c = threadIdx.x % 4;
    sh[threadIdx.x * ne + c] = 1;
    out[threadIdx.x] = sh[threadIdx.x * ne + 2 * c + ne]; // EXPECT: CU2CL3012
}
