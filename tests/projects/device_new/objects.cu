// new and delete in device code: an object built by its constructor on the
// device heap and kept in a __device__ pointer variable across launches,
// a value kept through a pointer to a pointer the host allocated, arrays
// per thread, placement new into shared memory, a destructor run by delete
// (it gives the object's own array back), and a null pointer for a request
// the heap cannot hold.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int built; /* constructors run */

class bag {
    int n, cap;
    int *items;

public:
    __device__ bag(int capacity) : n(0), cap(capacity)
    {
        items = new int[capacity];
        atomicAdd(&built, 1);
    }
    __device__ ~bag() { delete[] items; }
    __device__ void put(int v)
    {
        int i = atomicAdd(&n, 1);
        if (i < cap)
            items[i] = v;
    }
    __device__ int sum() const
    {
        int s = 0;
        for (int i = 0; i < n && i < cap; i++)
            s += items[i];
        return s;
    }
    __device__ bool ok() const { return items != nullptr; }
};

struct tally {
    int hits;
    float weight;
    __device__ tally(float w) : hits(0), weight(w) {}
};

__device__ bag *g_bag;

__global__ void create(int capacity, int **slot, int *huge_null)
{
    g_bag = new bag(capacity);
    *slot = new int(41);
    int *huge = new int[1 << 24]; /* 64 MiB: more than the heap */
    *huge_null = huge == nullptr;
}

__global__ void fill(int **slot)
{
    g_bag->put(blockIdx.x * blockDim.x + threadIdx.x);
    if (blockIdx.x == 0 && threadIdx.x == 0)
        **slot += 1;
}

__global__ void finish(int **slot, int *out)
{
    out[0] = g_bag->ok() ? g_bag->sum() : -1;
    out[1] = **slot;
    delete g_bag;
    delete *slot;
}

__global__ void per_thread(int n, int *out)
{
    float *v = new float[n];
    if (!v) {
        out[threadIdx.x] = -1;
        return;
    }
    for (int i = 0; i < n; i++)
        v[i] = (float)(threadIdx.x + i);
    float s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    out[threadIdx.x] = (int)s;
    delete[] v;
}

__global__ void shared_object(float *out)
{
    __shared__ unsigned char buf[sizeof(tally)];
    __shared__ tally *t;
    if (threadIdx.x == 0)
        t = new (buf) tally(0.5f);
    __syncthreads();
    atomicAdd(&t->hits, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        out[0] = t->hits * t->weight;
}

int main()
{
    const int blocks = 4, threads = 64;
    int **slot, *out, *huge_null, h[threads], hn = 0, hb = 0, bad = 0;
    float *fout, hf = 0;
    cudaMalloc(&slot, sizeof(int *));
    cudaMalloc(&out, threads * sizeof(int));
    cudaMalloc(&huge_null, sizeof(int));
    cudaMalloc(&fout, sizeof(float));
    create<<<1, 1>>>(blocks * threads, slot, huge_null);
    fill<<<blocks, threads>>>(slot);
    finish<<<1, 1>>>(slot, out);
    cudaMemcpy(h, out, 2 * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&hn, huge_null, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(&hb, built, sizeof(int));
    int n = blocks * threads, want = n * (n - 1) / 2;
    if (h[0] != want || h[1] != 42 || hn != 1 || hb != 1) {
        printf("objects: sum %d (want %d), slot %d (want 42), null %d, "
               "built %d (want 1)\n", h[0], want, h[1], hn, hb);
        bad = 1;
    }
    for (int launch = 0; launch < 5; launch++)
        per_thread<<<1, threads>>>(16, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < threads; i++)
        if (h[i] != 16 * i + 120) {
            printf("per_thread: %d gives %d\n", i, h[i]);
            bad = 1;
            break;
        }
    shared_object<<<1, threads>>>(fout);
    cudaMemcpy(&hf, fout, sizeof(float), cudaMemcpyDeviceToHost);
    if (hf != threads * 0.5f) {
        printf("shared_object: %g\n", hf);
        bad = 1;
    }
    cudaError_t err = cudaDeviceSynchronize();
    printf("%s\n", !bad && err == cudaSuccess ? "PASS" : "FAIL");
    return bad;
}
