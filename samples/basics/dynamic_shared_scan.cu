// dynamic_shared_scan.cu - inclusive prefix sum with dynamic shared memory.
//
// Covers: extern __shared__ arrays whose size comes from the third launch
// argument (two kernels with differently typed dynamic buffers, launched with
// different sizes), launches with all four <<<grid, block, shmem, stream>>>
// arguments on a user stream, a three-kernel scan (per-block scan, scan of
// the block sums reusing the same kernel, offset add), and a block reversal.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__,   \
                    cudaGetErrorString(err_));                               \
            printf("FAIL\n");                                                \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

// Hillis-Steele inclusive scan of each block's slice, double-buffered in
// 2 * blockDim.x ints of dynamic shared memory. If blockSums is not null,
// the block's total is stored there for the second level.
__global__ void blockScan(const int *in, int *out, int *blockSums, int n)
{
    extern __shared__ int buf[];

    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    int pout = 0, pin = 1;

    buf[tid] = gid < n ? in[gid] : 0;
    __syncthreads();

    for (int offset = 1; offset < (int)blockDim.x; offset <<= 1) {
        pout = 1 - pout;
        pin = 1 - pout;
        int v = buf[pin * blockDim.x + tid];
        if (tid >= offset)
            v += buf[pin * blockDim.x + tid - offset];
        buf[pout * blockDim.x + tid] = v;
        __syncthreads();
    }

    if (gid < n)
        out[gid] = buf[pout * blockDim.x + tid];
    if (blockSums != nullptr && tid == (int)blockDim.x - 1)
        blockSums[blockIdx.x] = buf[pout * blockDim.x + tid];
}

// Adds the scanned total of all previous blocks to each element.
__global__ void addBlockOffsets(int *data, const int *scannedSums, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && gid < n)
        data[gid] += scannedSums[blockIdx.x - 1];
}

// Reverses each block-sized slice in place through dynamic shared memory.
__global__ void reverseBlocks(float *data)
{
    extern __shared__ float stage[];
    int t = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    stage[t] = data[base + t];
    __syncthreads();
    data[base + t] = stage[blockDim.x - 1 - t];
}

int main()
{
    const int n = 60000;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;  // 235, fits one block below
    printf("dynamic_shared_scan: inclusive scan of %d ints in %d blocks, block reversal\n",
           n, blocks);

    std::vector<int> h_in(n), h_out(n);
    for (int i = 0; i < n; ++i)
        h_in[i] = (i * 7) % 13 - 6;

    cudaStream_t stream;
    CHECK(cudaStreamCreate(&stream));

    int *d_in, *d_out, *d_sums, *d_sumsScanned;
    CHECK(cudaMalloc(&d_in, n * sizeof(int)));
    CHECK(cudaMalloc(&d_out, n * sizeof(int)));
    CHECK(cudaMalloc(&d_sums, blocks * sizeof(int)));
    CHECK(cudaMalloc(&d_sumsScanned, blocks * sizeof(int)));
    CHECK(cudaMemcpyAsync(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice, stream));

    size_t shmem = 2 * threads * sizeof(int);
    blockScan<<<blocks, threads, shmem, stream>>>(d_in, d_out, d_sums, n);
    CHECK(cudaGetLastError());
    blockScan<<<1, threads, shmem, stream>>>(d_sums, d_sumsScanned, nullptr, blocks);
    CHECK(cudaGetLastError());
    addBlockOffsets<<<blocks, threads, 0, stream>>>(d_out, d_sumsScanned, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(h_out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(stream));

    int errors = 0;
    int running = 0;
    for (int i = 0; i < n; ++i) {
        running += h_in[i];
        if (h_out[i] != running) {
            if (errors < 5)
                fprintf(stderr, "scan mismatch at %d: %d != %d\n", i, h_out[i], running);
            ++errors;
        }
    }

    // Reversal with a smaller block and a correspondingly smaller buffer.
    const int rthreads = 128;
    const int rblocks = 40;
    const int rn = rthreads * rblocks;
    std::vector<float> h_f(rn), h_r(rn);
    for (int i = 0; i < rn; ++i)
        h_f[i] = 0.5f * i;
    float *d_f;
    CHECK(cudaMalloc(&d_f, rn * sizeof(float)));
    CHECK(cudaMemcpyAsync(d_f, h_f.data(), rn * sizeof(float), cudaMemcpyHostToDevice, stream));
    reverseBlocks<<<rblocks, rthreads, rthreads * sizeof(float), stream>>>(d_f);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(h_r.data(), d_f, rn * sizeof(float), cudaMemcpyDeviceToHost, stream));
    CHECK(cudaStreamSynchronize(stream));
    for (int b = 0; b < rblocks; ++b)
        for (int t = 0; t < rthreads; ++t) {
            float want = h_f[b * rthreads + (rthreads - 1 - t)];
            if (h_r[b * rthreads + t] != want) {
                if (errors < 10)
                    fprintf(stderr, "reverse mismatch at block %d, thread %d\n", b, t);
                ++errors;
            }
        }

    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_sums));
    CHECK(cudaFree(d_sumsScanned));
    CHECK(cudaFree(d_f));

    printf("%d mismatches\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
