// atomics_global.cu - every integer atomic on global memory.
//
// Covers: atomicAdd, atomicSub, atomicExch, atomicMin, atomicMax, atomicInc,
// atomicDec, atomicCAS (slot claiming and a compare-and-swap retry loop),
// atomicAnd, atomicOr and atomicXor on int and unsigned int in global
// memory. Each check uses a quantity whose final value does not depend on
// the order in which threads ran (for atomicExch: the sum of all returned
// values plus the final value equals the sum of all written values).

#include <cstdio>
#include <cstdlib>
#include <climits>
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

#define NUM_SLOTS 64
#define INC_LIMIT 99u
#define DEC_LIMIT 99u
#define DEC_START 50u

// Indices into the int and unsigned counter arrays.
enum { I_ADD, I_SUB, I_MIN, I_MAX, I_WINNERS, I_COUNT };
enum { U_EXCH, U_EXCH_OLD_SUM, U_INC, U_DEC, U_AND, U_OR, U_XOR, U_CASLOOP, U_COUNT };

// atomicAdd built from atomicCAS, the way custom atomics are usually written.
__device__ unsigned int casAdd(unsigned int *address, unsigned int val)
{
    unsigned int old = *address, assumed;
    do {
        assumed = old;
        old = atomicCAS(address, assumed, assumed + val);
    } while (assumed != old);
    return old;
}

__device__ int valueFor(int tid)
{
    return (tid * 7919) % 10007 - 5000;
}

__global__ void allAtomics(int *ic, unsigned int *uc, int *slots, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n)
        return;

    atomicAdd(&ic[I_ADD], tid % 10);
    atomicSub(&ic[I_SUB], tid % 7);
    atomicMin(&ic[I_MIN], valueFor(tid));
    atomicMax(&ic[I_MAX], valueFor(tid));

    unsigned int old = atomicExch(&uc[U_EXCH], (unsigned int)tid + 1u);
    atomicAdd(&uc[U_EXCH_OLD_SUM], old);

    atomicInc(&uc[U_INC], INC_LIMIT);
    atomicDec(&uc[U_DEC], DEC_LIMIT);

    if (tid % 5 == 0)
        atomicAnd(&uc[U_AND], ~(1u << (tid % 29)));
    if (tid % 7 == 0)
        atomicOr(&uc[U_OR], 1u << (tid % 31));
    atomicXor(&uc[U_XOR], (unsigned int)tid * 2654435761u);
    casAdd(&uc[U_CASLOOP], (unsigned int)(tid % 13));

    // Many threads race for each slot; exactly one wins it.
    if (atomicCAS(&slots[tid % NUM_SLOTS], 0, tid + 1) == 0)
        atomicAdd(&ic[I_WINNERS], 1);
}

int main()
{
    const int n = 4096;
    const int threads = 256;
    printf("atomics_global: 11 integer atomics on global memory, %d threads\n", n);

    int h_ic[I_COUNT] = {0, 1000000, INT_MAX, INT_MIN, 0};
    unsigned int h_uc[U_COUNT] = {0, 0, 0, DEC_START, 0xFFFFFFFFu, 0, 0, 0};

    int *d_ic, *d_slots;
    unsigned int *d_uc;
    CHECK(cudaMalloc(&d_ic, sizeof(h_ic)));
    CHECK(cudaMalloc(&d_uc, sizeof(h_uc)));
    CHECK(cudaMalloc(&d_slots, NUM_SLOTS * sizeof(int)));
    CHECK(cudaMemcpy(d_ic, h_ic, sizeof(h_ic), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_uc, h_uc, sizeof(h_uc), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_slots, 0, NUM_SLOTS * sizeof(int)));

    allAtomics<<<(n + threads - 1) / threads, threads>>>(d_ic, d_uc, d_slots, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    int g_ic[I_COUNT];
    unsigned int g_uc[U_COUNT];
    std::vector<int> g_slots(NUM_SLOTS);
    CHECK(cudaMemcpy(g_ic, d_ic, sizeof(g_ic), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(g_uc, d_uc, sizeof(g_uc), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(g_slots.data(), d_slots, NUM_SLOTS * sizeof(int), cudaMemcpyDeviceToHost));

    // CPU reference.
    int add = 0, sub = 1000000, mn = INT_MAX, mx = INT_MIN;
    unsigned int written = 0, andv = 0xFFFFFFFFu, orv = 0, xorv = 0, casSum = 0;
    for (int t = 0; t < n; ++t) {
        int v = (t * 7919) % 10007 - 5000;
        add += t % 10;
        sub -= t % 7;
        mn = v < mn ? v : mn;
        mx = v > mx ? v : mx;
        written += (unsigned int)t + 1u;
        if (t % 5 == 0)
            andv &= ~(1u << (t % 29));
        if (t % 7 == 0)
            orv |= 1u << (t % 31);
        xorv ^= (unsigned int)t * 2654435761u;
        casSum += (unsigned int)(t % 13);
    }
    unsigned int inc = (unsigned int)n % (INC_LIMIT + 1u);
    unsigned int dec = (unsigned int)((((int)DEC_START - n) % (int)(DEC_LIMIT + 1u) +
                                       (int)(DEC_LIMIT + 1u)) % (int)(DEC_LIMIT + 1u));

    int errors = 0;
#define EXPECT(name, got, want)                                                  \
    do {                                                                         \
        if ((got) != (want)) {                                                   \
            fprintf(stderr, "%s: got %lld, expected %lld\n", name,              \
                    (long long)(got), (long long)(want));                        \
            ++errors;                                                            \
        }                                                                        \
    } while (0)
    EXPECT("atomicAdd", g_ic[I_ADD], add);
    EXPECT("atomicSub", g_ic[I_SUB], sub);
    EXPECT("atomicMin", g_ic[I_MIN], mn);
    EXPECT("atomicMax", g_ic[I_MAX], mx);
    EXPECT("atomicExch", g_uc[U_EXCH_OLD_SUM] + g_uc[U_EXCH], written);
    EXPECT("atomicInc", g_uc[U_INC], inc);
    EXPECT("atomicDec", g_uc[U_DEC], dec);
    EXPECT("atomicAnd", g_uc[U_AND], andv);
    EXPECT("atomicOr", g_uc[U_OR], orv);
    EXPECT("atomicXor", g_uc[U_XOR], xorv);
    EXPECT("atomicCAS loop", g_uc[U_CASLOOP], casSum);
    EXPECT("atomicCAS winners", g_ic[I_WINNERS], NUM_SLOTS);
    for (int s = 0; s < NUM_SLOTS; ++s)
        EXPECT("atomicCAS slot owner", (g_slots[s] - 1) % NUM_SLOTS, s);
    if (g_uc[U_EXCH] < 1u || g_uc[U_EXCH] > (unsigned int)n) {
        fprintf(stderr, "atomicExch final value %u out of range\n", g_uc[U_EXCH]);
        ++errors;
    }

    CHECK(cudaFree(d_ic));
    CHECK(cudaFree(d_uc));
    CHECK(cudaFree(d_slots));

    printf("%d failed checks\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
