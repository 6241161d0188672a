// int_intrinsics.cu - integer and bit-manipulation intrinsics.
//
// Covers: __popc, __clz, __ffs, __brev, __mul24, __umulhi, __float_as_int,
// __int_as_float, __float2int_rn (round half to even), and the integer
// min/max functions in device code. The CPU reference implements each
// intrinsic with plain loops; all comparisons are exact.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <algorithm>
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

enum { R_POPC, R_CLZ, R_FFS, R_BREV, R_MUL24, R_UMULHI, R_F2I_BITS, R_I2F, R_RN,
       R_MIN, R_MAX, R_COUNT };
static const char *names[R_COUNT] = {"__popc", "__clz", "__ffs", "__brev", "__mul24",
                                     "__umulhi", "__float_as_int", "__int_as_float",
                                     "__float2int_rn", "min", "max"};

__global__ void intrinsics(const unsigned int *u, const unsigned int *v, const float *f,
                           unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int a = u[i], b = v[i];
    // Signed values in [-32768, 32767]: valid 24-bit operands with a product
    // that fits in 32 bits.
    int sa = (int)(a & 0xFFFF) - 32768;
    int sb = (int)(b & 0xFFFF) - 32768;

    out[R_POPC * n + i] = __popc(a);
    out[R_CLZ * n + i] = __clz((int)a);
    out[R_FFS * n + i] = __ffs((int)a);
    out[R_BREV * n + i] = __brev(a);
    out[R_MUL24 * n + i] = (unsigned int)__mul24(sa, sb);
    out[R_UMULHI * n + i] = __umulhi(a, b);
    out[R_F2I_BITS * n + i] = (unsigned int)__float_as_int(f[i] * 2.0f);
    float g = __int_as_float((int)(0x3F800000u | (a & 0x007FFFFFu)));  // in [1, 2)
    out[R_I2F * n + i] = (unsigned int)(int)(g * 1000000.0f);
    out[R_RN * n + i] = (unsigned int)__float2int_rn(f[i]);
    out[R_MIN * n + i] = (unsigned int)min(sa, sb);
    out[R_MAX * n + i] = (unsigned int)max(sa, sb);
}

static unsigned int refPopc(unsigned int x)
{
    unsigned int c = 0;
    for (; x; x >>= 1)
        c += x & 1u;
    return c;
}

static unsigned int refClz(unsigned int x)
{
    unsigned int c = 0;
    for (unsigned int bit = 0x80000000u; bit && !(x & bit); bit >>= 1)
        ++c;
    return c;
}

static unsigned int refFfs(unsigned int x)
{
    if (x == 0)
        return 0;
    unsigned int pos = 1;
    while (!(x & 1u)) {
        x >>= 1;
        ++pos;
    }
    return pos;
}

static unsigned int refBrev(unsigned int x)
{
    unsigned int r = 0;
    for (int k = 0; k < 32; ++k)
        if (x & (1u << k))
            r |= 1u << (31 - k);
    return r;
}

static void reference(unsigned int a, unsigned int b, float f, unsigned int *r)
{
    int sa = (int)(a & 0xFFFF) - 32768;
    int sb = (int)(b & 0xFFFF) - 32768;
    float twice = f * 2.0f;
    unsigned int bits = 0x3F800000u | (a & 0x007FFFFFu);
    float g;
    memcpy(&g, &bits, sizeof g);
    r[R_POPC] = refPopc(a);
    r[R_CLZ] = refClz(a);
    r[R_FFS] = refFfs(a);
    r[R_BREV] = refBrev(a);
    r[R_MUL24] = (unsigned int)(sa * sb);
    r[R_UMULHI] = (unsigned int)(((unsigned long long)a * b) >> 32);
    memcpy(&r[R_F2I_BITS], &twice, sizeof twice);
    r[R_I2F] = (unsigned int)(int)(g * 1000000.0f);
    r[R_RN] = (unsigned int)(int)nearbyintf(f);  // default mode: nearest, ties to even
    r[R_MIN] = (unsigned int)std::min(sa, sb);
    r[R_MAX] = (unsigned int)std::max(sa, sb);
}

int main()
{
    const int n = 4096;
    printf("int_intrinsics: %d intrinsics on %d inputs, exact comparison\n", R_COUNT, n);

    std::vector<unsigned int> h_u(n), h_v(n);
    std::vector<float> h_f(n);
    unsigned int s = 31337u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        h_u[i] = s;
        s = s * 1664525u + 1013904223u;
        h_v[i] = s;
        // Quarter steps in [-50, 50): hits the .5 ties that round to even.
        h_f[i] = (float)(i % 400 - 200) * 0.25f;
    }
    // Edge cases for the bit intrinsics.
    const unsigned int edges[] = {0u, 1u, 0x80000000u, 0xFFFFFFFFu, 0x00010000u, 0x7FFFFFFFu};
    for (size_t k = 0; k < sizeof(edges) / sizeof(edges[0]); ++k)
        h_u[k] = edges[k];

    unsigned int *d_u, *d_v, *d_out;
    float *d_f;
    CHECK(cudaMalloc(&d_u, n * sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_v, n * sizeof(unsigned int)));
    CHECK(cudaMalloc(&d_f, n * sizeof(float)));
    CHECK(cudaMalloc(&d_out, R_COUNT * n * sizeof(unsigned int)));
    CHECK(cudaMemcpy(d_u, h_u.data(), n * sizeof(unsigned int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_v, h_v.data(), n * sizeof(unsigned int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_f, h_f.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    intrinsics<<<n / 256, 256>>>(d_u, d_v, d_f, d_out, n);
    CHECK(cudaGetLastError());

    std::vector<unsigned int> h_out(R_COUNT * n);
    CHECK(cudaMemcpy(h_out.data(), d_out, h_out.size() * sizeof(unsigned int),
                     cudaMemcpyDeviceToHost));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        unsigned int want[R_COUNT];
        reference(h_u[i], h_v[i], h_f[i], want);
        for (int k = 0; k < R_COUNT; ++k)
            if (h_out[k * n + i] != want[k]) {
                if (errors < 10)
                    fprintf(stderr, "%s on input %d (0x%08x, 0x%08x, %g): 0x%08x, expected 0x%08x\n",
                            names[k], i, h_u[i], h_v[i], h_f[i], h_out[k * n + i], want[k]);
                ++errors;
            }
    }

    CHECK(cudaFree(d_u));
    CHECK(cudaFree(d_v));
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_out));

    printf("%d mismatches\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
