// vector_add.cu - element-wise vector addition, the "hello world" of CUDA.
//
// Covers: a grid-stride __global__ kernel with __restrict__ pointers,
// cudaMalloc/cudaMemset/cudaMemcpy/cudaFree, host-side pointer arithmetic on
// device pointers (each half of the vectors is copied and processed through
// an offset pointer), cudaGetLastError after launches, cudaDeviceReset.

#include <cstdio>
#include <cstdlib>
#include <cmath>
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

// c[i] = a[i] + b[i] for i in [0, n), whatever the launch size.
__global__ void vectorAdd(const float *__restrict__ a,
                          const float *__restrict__ b,
                          float *__restrict__ c, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += blockDim.x * gridDim.x) {
        c[i] = a[i] + b[i];
    }
}

// Small linear congruential generator: the same inputs on every run.
static unsigned int lcg_state = 12345u;
static float nextRandom()
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return (float)(lcg_state >> 8) / 16777216.0f;  // [0, 1)
}

int main()
{
    const int n = 100003;  // deliberately not a multiple of the block size
    const int half = n / 2;
    const size_t bytes = n * sizeof(float);
    printf("vector_add: c = a + b on %d floats, in two halves via pointer offsets\n", n);

    std::vector<float> h_a(n), h_b(n), h_c(n);
    for (int i = 0; i < n; ++i) {
        h_a[i] = nextRandom() * 100.0f;
        h_b[i] = nextRandom() * 100.0f - 50.0f;
    }

    float *d_a, *d_b, *d_c;
    CHECK(cudaMalloc(&d_a, bytes));
    CHECK(cudaMalloc((void **)&d_b, bytes));
    CHECK(cudaMalloc(&d_c, bytes));
    CHECK(cudaMemset(d_c, 0, bytes));

    // Upload each half separately, through offset device pointers.
    CHECK(cudaMemcpy(d_a, h_a.data(), half * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_a + half, h_a.data() + half, (n - half) * sizeof(float),
                     cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b, &h_b[0], half * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_b + half, &h_b[half], (n - half) * sizeof(float),
                     cudaMemcpyHostToDevice));

    // First half with a grid that covers it, second half with a small grid so
    // that the grid-stride loop has to do several rounds.
    const int threads = 256;
    int blocks = (half + threads - 1) / threads;
    vectorAdd<<<blocks, threads>>>(d_a, d_b, d_c, half);
    CHECK(cudaGetLastError());
    vectorAdd<<<8, threads>>>(d_a + half, d_b + half, d_c + half, n - half);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    CHECK(cudaMemcpy(h_c.data(), d_c, bytes, cudaMemcpyDeviceToHost));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        float expected = h_a[i] + h_b[i];
        if (fabsf(h_c[i] - expected) > 1e-5f * fabsf(expected) + 1e-6f) {
            if (errors < 5)
                fprintf(stderr, "mismatch at %d: %f != %f\n", i, h_c[i], expected);
            ++errors;
        }
    }

    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_c));
    CHECK(cudaDeviceReset());

    printf("%d mismatches\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
