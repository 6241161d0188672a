// math_functions.cu - CUDA single and double precision math in kernels.
//
// Covers: sqrtf, expf, logf, powf, fminf, fmaxf, fmaf, rsqrtf, sincosf, the
// fast intrinsics __expf, __fdividef and __saturatef, double sqrt, exp and
// fabs, and a __device__ __forceinline__ helper. The host computes the same
// functions with <cmath>; tolerances follow the accuracy the CUDA
// Programming Guide documents (a few ulp for the standard functions, looser
// for the fast intrinsics).

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

enum { F_SQRT, F_EXP, F_LOG, F_POW, F_MIN, F_MAX, F_FMA, F_RSQRT, F_SIN, F_COS,
       F_FAST_EXP, F_FAST_DIV, F_SAT, F_SMOOTH, NUM_FLOAT };
enum { D_SQRT, D_EXP, D_FABS, NUM_DOUBLE };

static const char *floatNames[NUM_FLOAT] = {
    "sqrtf", "expf", "logf", "powf", "fminf", "fmaxf", "fmaf", "rsqrtf", "sincosf.sin",
    "sincosf.cos", "__expf", "__fdividef", "__saturatef", "smoothstep"};
static const char *doubleNames[NUM_DOUBLE] = {"sqrt", "exp", "fabs"};

// Hermite smoothstep on [0, 1]; written inline so it costs no call.
__device__ __forceinline__ float smoothstep(float t)
{
    t = __saturatef(t);
    return t * t * (3.0f - 2.0f * t);
}

// x is in [0.1, 10), y in [-3, 3). Results are laid out function-major.
__global__ void floatMath(const float *x, const float *y, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float a = x[i], b = y[i];
    float s, c;
    sincosf(b, &s, &c);
    out[F_SQRT * n + i] = sqrtf(a);
    out[F_EXP * n + i] = expf(b);
    out[F_LOG * n + i] = logf(a);
    out[F_POW * n + i] = powf(a, 1.5f);
    out[F_MIN * n + i] = fminf(a, b);
    out[F_MAX * n + i] = fmaxf(a - 5.0f, b);
    out[F_FMA * n + i] = fmaf(a, b, 1.0f);
    out[F_RSQRT * n + i] = rsqrtf(a);
    out[F_SIN * n + i] = s;
    out[F_COS * n + i] = c;
    out[F_FAST_EXP * n + i] = __expf(b);
    out[F_FAST_DIV * n + i] = __fdividef(b, a);
    out[F_SAT * n + i] = __saturatef(b);
    out[F_SMOOTH * n + i] = smoothstep(b * 0.5f);
}

__global__ void doubleMath(const float *x, const float *y, double *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double a = x[i], b = y[i];
        out[D_SQRT * n + i] = sqrt(a);
        out[D_EXP * n + i] = exp(b);
        out[D_FABS * n + i] = fabs(b);
    }
}

static bool nearlyEqual(double got, double want, double rel, double abs_tol)
{
    return fabs(got - want) <= rel * fabs(want) + abs_tol;
}

int main()
{
    const int n = 8192;
    printf("math_functions: %d float and %d double functions on %d inputs\n", NUM_FLOAT,
           NUM_DOUBLE, n);

    std::vector<float> h_x(n), h_y(n);
    for (int i = 0; i < n; ++i) {
        h_x[i] = 0.1f + 9.9f * (float)i / n;
        h_y[i] = -3.0f + 6.0f * (float)((i * 37) % n) / n;
    }

    float *d_x, *d_y, *d_f;
    double *d_d;
    CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CHECK(cudaMalloc(&d_y, n * sizeof(float)));
    CHECK(cudaMalloc(&d_f, NUM_FLOAT * n * sizeof(float)));
    CHECK(cudaMalloc(&d_d, NUM_DOUBLE * n * sizeof(double)));
    CHECK(cudaMemcpy(d_x, h_x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_y, h_y.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    floatMath<<<(n + 127) / 128, 128>>>(d_x, d_y, d_f, n);
    CHECK(cudaGetLastError());
    doubleMath<<<(n + 127) / 128, 128>>>(d_x, d_y, d_d, n);
    CHECK(cudaGetLastError());

    std::vector<float> h_f(NUM_FLOAT * n);
    std::vector<double> h_d(NUM_DOUBLE * n);
    CHECK(cudaMemcpy(h_f.data(), d_f, h_f.size() * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_d.data(), d_d, h_d.size() * sizeof(double), cudaMemcpyDeviceToHost));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        float a = h_x[i], b = h_y[i];
        float t = fminf(fmaxf(b * 0.5f, 0.0f), 1.0f);
        // {expected, relative tolerance, absolute tolerance}
        const double want[NUM_FLOAT][3] = {
            {sqrtf(a), 1e-6, 0}, {expf(b), 1e-5, 0}, {logf(a), 1e-5, 1e-6},
            {powf(a, 1.5f), 1e-5, 0}, {fminf(a, b), 0, 0}, {fmaxf(a - 5.0f, b), 0, 0},
            {fmaf(a, b, 1.0f), 1e-6, 1e-6}, {1.0f / sqrtf(a), 1e-5, 0},
            {sinf(b), 1e-5, 1e-6}, {cosf(b), 1e-5, 1e-6},
            {expf(b), 1e-3, 1e-6}, {b / a, 1e-4, 1e-6},
            {fminf(fmaxf(b, 0.0f), 1.0f), 0, 0}, {t * t * (3.0f - 2.0f * t), 1e-5, 1e-6}};
        for (int f = 0; f < NUM_FLOAT; ++f)
            if (!nearlyEqual(h_f[f * n + i], want[f][0], want[f][1], want[f][2])) {
                if (errors < 10)
                    fprintf(stderr, "%s(%g, %g): %.8g, expected %.8g\n", floatNames[f], a, b,
                            h_f[f * n + i], want[f][0]);
                ++errors;
            }
        const double wantD[NUM_DOUBLE] = {sqrt((double)a), exp((double)b), fabs((double)b)};
        for (int f = 0; f < NUM_DOUBLE; ++f)
            if (!nearlyEqual(h_d[f * n + i], wantD[f], 1e-13, 0)) {
                if (errors < 10)
                    fprintf(stderr, "%s(%g): %.17g, expected %.17g\n", doubleNames[f],
                            f == D_SQRT ? a : b, h_d[f * n + i], wantD[f]);
                ++errors;
            }
    }

    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_d));
    CHECK(cudaDeviceReset());

    printf("%d mismatches\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
