// atomics_shared.cu - every integer atomic on shared memory, plus a
// shared-memory histogram.
//
// Covers: atomicAdd, atomicSub, atomicExch, atomicMin, atomicMax, atomicInc,
// atomicDec, atomicCAS, atomicAnd, atomicOr and atomicXor on __shared__
// variables, initialised by one thread and published after __syncthreads;
// a per-block shared histogram merged into global memory with atomicAdd.
// Every block's results are checked against a CPU model of that block.

#include <cstdio>
#include <cstdlib>
#include <climits>
#include <vector>
#include <cuda_runtime.h>

static void check(cudaError_t err, const char *what, const char *file, int line)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "%s:%d: %s: %s (%s)\n", file, line, what,
                cudaGetErrorString(err), cudaGetErrorName(err));
        printf("FAIL\n");
        exit(EXIT_FAILURE);
    }
}
#define CHECK(call) check((call), #call, __FILE__, __LINE__)

#define THREADS 128
#define SLOTS 8
#define BINS 64
#define INC_LIMIT 9u
#define DEC_LIMIT 20u

// One record of results per block.
enum { R_ADD, R_SUB, R_MIN, R_MAX, R_EXCH_SUM, R_INC, R_DEC, R_AND, R_OR, R_XOR,
       R_WINNERS, R_COUNT };

__global__ void sharedAtomics(int *results)
{
    __shared__ int s_add, s_sub, s_min, s_max, s_winners;
    __shared__ unsigned int s_exch, s_exchSum, s_inc, s_dec, s_and, s_or, s_xor;
    __shared__ int s_slots[SLOTS];

    int t = threadIdx.x;
    int b = blockIdx.x;
    if (t == 0) {
        s_add = 0;
        s_sub = 100 * b;
        s_min = INT_MAX;
        s_max = INT_MIN;
        s_winners = 0;
        s_exch = 0;
        s_exchSum = 0;
        s_inc = 0;
        s_dec = (unsigned int)b % (DEC_LIMIT + 1);
        s_and = 0xFFFFFFFFu;
        s_or = 0;
        s_xor = 0;
    }
    if (t < SLOTS)
        s_slots[t] = -1;
    __syncthreads();

    int v = (t * 37 + b * 11) % 101 - 50;
    atomicAdd(&s_add, t + b);
    atomicSub(&s_sub, t % 3);
    atomicMin(&s_min, v);
    atomicMax(&s_max, v);
    unsigned int old = atomicExch(&s_exch, (unsigned int)(t + 1));
    atomicAdd(&s_exchSum, old);
    atomicInc(&s_inc, INC_LIMIT);
    atomicDec(&s_dec, DEC_LIMIT);
    atomicAnd(&s_and, ~(1u << ((t + b) % 32)) | (t % 2 ? 0xFFFFFFFFu : 0u));
    atomicOr(&s_or, 1u << ((t * 3 + b) % 32));
    atomicXor(&s_xor, (unsigned int)(t * t + b));
    if (atomicCAS(&s_slots[t % SLOTS], -1, t) == -1)
        atomicAdd(&s_winners, 1);
    __syncthreads();

    if (t == 0) {
        int *r = results + b * R_COUNT;
        r[R_ADD] = s_add;
        r[R_SUB] = s_sub;
        r[R_MIN] = s_min;
        r[R_MAX] = s_max;
        r[R_EXCH_SUM] = (int)(s_exchSum + s_exch);
        r[R_INC] = (int)s_inc;
        r[R_DEC] = (int)s_dec;
        r[R_AND] = (int)s_and;
        r[R_OR] = (int)s_or;
        r[R_XOR] = (int)s_xor;
        int owners = 0;  // each slot must be owned by a thread that maps to it
        for (int s = 0; s < SLOTS; ++s)
            owners += (s_slots[s] % SLOTS == s);
        r[R_WINNERS] = s_winners * 100 + owners;
    }
}

// Classic privatised histogram: count in shared memory, merge once per block.
__global__ void histogram(const unsigned char *data, int n, unsigned int *bins)
{
    __shared__ unsigned int local[BINS];
    for (int i = threadIdx.x; i < BINS; i += blockDim.x)
        local[i] = 0;
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % BINS], 1u);
    __syncthreads();

    for (int i = threadIdx.x; i < BINS; i += blockDim.x)
        atomicAdd(&bins[i], local[i]);
}

static void referenceBlock(int b, int *r)
{
    int add = 0, sub = 100 * b, mn = INT_MAX, mx = INT_MIN;
    unsigned int written = 0, inc = 0, dec = (unsigned int)b % (DEC_LIMIT + 1);
    unsigned int andv = 0xFFFFFFFFu, orv = 0, xorv = 0;
    for (int t = 0; t < THREADS; ++t) {
        int v = (t * 37 + b * 11) % 101 - 50;
        add += t + b;
        sub -= t % 3;
        mn = v < mn ? v : mn;
        mx = v > mx ? v : mx;
        written += (unsigned int)(t + 1);
        inc = inc >= INC_LIMIT ? 0 : inc + 1;
        dec = (dec == 0 || dec > DEC_LIMIT) ? DEC_LIMIT : dec - 1;
        andv &= ~(1u << ((t + b) % 32)) | (t % 2 ? 0xFFFFFFFFu : 0u);
        orv |= 1u << ((t * 3 + b) % 32);
        xorv ^= (unsigned int)(t * t + b);
    }
    r[R_ADD] = add;
    r[R_SUB] = sub;
    r[R_MIN] = mn;
    r[R_MAX] = mx;
    r[R_EXCH_SUM] = (int)written;
    r[R_INC] = (int)inc;
    r[R_DEC] = (int)dec;
    r[R_AND] = (int)andv;
    r[R_OR] = (int)orv;
    r[R_XOR] = (int)xorv;
    r[R_WINNERS] = SLOTS * 100 + SLOTS;
}

int main()
{
    const int blocks = 24;
    const int n = 100000;
    static const char *names[R_COUNT] = {"add", "sub", "min", "max", "exch", "inc", "dec",
                                         "and", "or", "xor", "cas"};
    printf("atomics_shared: 11 integer atomics on __shared__ in %d blocks, histogram of %d bytes\n",
           blocks, n);

    int *d_results;
    CHECK(cudaMalloc(&d_results, blocks * R_COUNT * sizeof(int)));
    sharedAtomics<<<blocks, THREADS>>>(d_results);
    CHECK(cudaGetLastError());
    std::vector<int> h_results(blocks * R_COUNT);
    CHECK(cudaMemcpy(h_results.data(), d_results, h_results.size() * sizeof(int),
                     cudaMemcpyDeviceToHost));

    int errors = 0;
    for (int b = 0; b < blocks; ++b) {
        int want[R_COUNT];
        referenceBlock(b, want);
        for (int k = 0; k < R_COUNT; ++k)
            if (h_results[b * R_COUNT + k] != want[k]) {
                if (errors < 10)
                    fprintf(stderr, "block %d, %s: got %d, expected %d\n", b, names[k],
                            h_results[b * R_COUNT + k], want[k]);
                ++errors;
            }
    }

    std::vector<unsigned char> h_data(n);
    unsigned int s = 4242u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        h_data[i] = (unsigned char)(s >> 24);
    }
    unsigned char *d_data;
    unsigned int *d_bins;
    CHECK(cudaMalloc(&d_data, n));
    CHECK(cudaMalloc(&d_bins, BINS * sizeof(unsigned int)));
    CHECK(cudaMemcpy(d_data, h_data.data(), n, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_bins, 0, BINS * sizeof(unsigned int)));
    histogram<<<30, 256>>>(d_data, n, d_bins);
    CHECK(cudaGetLastError());
    unsigned int h_bins[BINS];
    CHECK(cudaMemcpy(h_bins, d_bins, sizeof(h_bins), cudaMemcpyDeviceToHost));
    unsigned int want_bins[BINS] = {0};
    for (int i = 0; i < n; ++i)
        want_bins[h_data[i] % BINS]++;
    for (int i = 0; i < BINS; ++i)
        if (h_bins[i] != want_bins[i]) {
            if (errors < 20)
                fprintf(stderr, "bin %d: %u, expected %u\n", i, h_bins[i], want_bins[i]);
            ++errors;
        }

    CHECK(cudaFree(d_results));
    CHECK(cudaFree(d_data));
    CHECK(cudaFree(d_bins));

    printf("%d failed checks\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
