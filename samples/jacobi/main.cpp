// main.cpp - host driver of the Jacobi solver for A x = b (N_ROWS = 512).
//
// Builds a diagonally dominant system whose exact solution is a vector of
// ones, solves it on the CPU (the reference) and on the GPU, and compares the
// iteration counts, the solutions and the final errors. The GPU runs on one
// non-blocking stream and checks convergence after every sweep; it does so in
// two ways:
//
//   plain  each sweep enqueues memset(sum), the JacobiMethod kernel and a
//          copy of sum to pinned host memory, then synchronizes the stream;
//   graph  two sweeps (x -> x_new -> x) with their two sums are captured
//          once from the stream into a CUDA graph, instantiated, and the
//          graph is launched until one of the sums is small enough.
//
// Usage: jacobi [--plain | --graph] [--paper]
//   --plain / --graph  run only that path (default: both)
//   --paper            the slow, weakly dominant system (thousands of
//                      sweeps) instead of the default (about a hundred)

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
#include "jacobi.h"

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

static const int kMaxIter = 100000;

// A linear system with its stopping rule: stop once sum |dx| <= tol.
struct System {
    std::vector<float> A;      // N_ROWS x N_ROWS, row-major
    std::vector<double> b;     // b = A * ones
    double tol;
};

// The GPU side: device buffers, the stream, pinned host slots for the sums.
struct Gpu {
    float *A;
    double *b, *x, *x_new, *sum, *err;
    double *h_sum;             // pinned, 2 doubles (the graph reads two)
    cudaStream_t stream;
};

// What a solver run produced.
struct Solution {
    int iters;
    std::vector<double> x;
    double error;              // sum |x_i - 1|
    double ms;                 // time of the iteration loop
};

// 32-bit LCG (Numerical Recipes constants); uniform floats in [0, 1).
struct Lcg {
    unsigned int state;
    float uniform()
    {
        state = state * 1664525u + 1013904223u;
        return (float)(state >> 8) / 16777216.0f;
    }
};

// Default: random off-diagonal entries in [0, 1), the diagonal 1.2 times the
// row's off-diagonal sum (spectral radius of the sweep about 1/1.2).
// --paper: all ones with N_ROWS + 1 on the diagonal (radius 511/513) and a
// loose tolerance, which takes thousands of sweeps.
static void createLinearSystem(System *s, bool paper)
{
    s->A.assign(N_ROWS * N_ROWS, 0.0f);
    s->b.assign(N_ROWS, 0.0);
    s->tol = paper ? 1.0e-2 : 1.0e-6;
    Lcg rng = {2022u};
    for (int i = 0; i < N_ROWS; i++) {
        float offDiagonal = 0.0f;
        for (int j = 0; j < N_ROWS; j++) {
            if (j == i)
                continue;
            float a = paper ? 1.0f : rng.uniform();
            s->A[i * N_ROWS + j] = a;
            offDiagonal += a;
        }
        s->A[i * N_ROWS + i] = paper ? (float)(N_ROWS + 1) : 1.2f * offDiagonal;
        for (int j = 0; j < N_ROWS; j++)
            s->b[i] += (double)s->A[i * N_ROWS + j];
    }
}

static double errorToOnes(const std::vector<double> &x)
{
    double e = 0.0;
    for (int i = 0; i < N_ROWS; i++)
        e += fabs(x[i] - 1.0);
    return e;
}

// The reference: the same sweep in the same precision (float A, double x).
static Solution jacobiCpu(const System &s)
{
    Solution sol;
    std::vector<double> x(N_ROWS, 0.0), x_new(N_ROWS);
    auto t0 = std::chrono::steady_clock::now();
    int k = 0;
    double sum = 0.0;
    do {
        sum = 0.0;
        for (int i = 0; i < N_ROWS; i++) {
            double r = s.b[i];
            for (int j = 0; j < N_ROWS; j++)
                r -= s.A[i * N_ROWS + j] * x[j];
            double dx = r / s.A[i * N_ROWS + i];
            x_new[i] = x[i] + dx;
            sum += fabs(dx);
        }
        x.swap(x_new);
        k++;
    } while (sum > s.tol && k < kMaxIter);
    auto t1 = std::chrono::steady_clock::now();
    sol.iters = k;
    sol.x = x;
    sol.error = errorToOnes(x);
    sol.ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    return sol;
}

static void gpuSetup(Gpu *g, const System &s)
{
    CHECK(cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking));
    CHECK(cudaMalloc(&g->A, sizeof(float) * N_ROWS * N_ROWS));
    CHECK(cudaMalloc(&g->b, sizeof(double) * N_ROWS));
    CHECK(cudaMalloc(&g->x, sizeof(double) * N_ROWS));
    CHECK(cudaMalloc(&g->x_new, sizeof(double) * N_ROWS));
    CHECK(cudaMalloc(&g->sum, sizeof(double) * 2));
    CHECK(cudaMalloc(&g->err, sizeof(double)));
    CHECK(cudaMallocHost(&g->h_sum, sizeof(double) * 2));
    CHECK(cudaMemcpyAsync(g->A, s.A.data(), sizeof(float) * N_ROWS * N_ROWS,
                          cudaMemcpyHostToDevice, g->stream));
    CHECK(cudaMemcpyAsync(g->b, s.b.data(), sizeof(double) * N_ROWS,
                          cudaMemcpyHostToDevice, g->stream));
    CHECK(cudaStreamSynchronize(g->stream));
}

static void gpuTeardown(Gpu *g)
{
    CHECK(cudaFree(g->A));
    CHECK(cudaFree(g->b));
    CHECK(cudaFree(g->x));
    CHECK(cudaFree(g->x_new));
    CHECK(cudaFree(g->sum));
    CHECK(cudaFree(g->err));
    CHECK(cudaFreeHost(g->h_sum));
    CHECK(cudaStreamDestroy(g->stream));
}

// Both paths start from x = 0.
static void resetX(Gpu *g)
{
    CHECK(cudaMemsetAsync(g->x, 0, sizeof(double) * N_ROWS, g->stream));
    CHECK(cudaMemsetAsync(g->x_new, 0, sizeof(double) * N_ROWS, g->stream));
}

// Copies the solution back and measures its error with the finalError kernel.
static void finish(Gpu *g, const double *d_result, Solution *sol)
{
    sol->x.assign(N_ROWS, 0.0);
    CHECK(cudaMemsetAsync(g->err, 0, sizeof(double), g->stream));
    CHECK(launchFinalError(d_result, g->err, g->stream));
    CHECK(cudaMemcpyAsync(&sol->error, g->err, sizeof(double),
                          cudaMemcpyDeviceToHost, g->stream));
    CHECK(cudaMemcpyAsync(sol->x.data(), d_result, sizeof(double) * N_ROWS,
                          cudaMemcpyDeviceToHost, g->stream));
    CHECK(cudaStreamSynchronize(g->stream));
}

// One sweep per iteration; sweep k reads x and writes x_new when k is even,
// the other way round when k is odd.
static Solution jacobiGpuPlain(Gpu *g, double tol)
{
    Solution sol;
    resetX(g);
    CHECK(cudaStreamSynchronize(g->stream));
    auto t0 = std::chrono::steady_clock::now();
    const double *result = g->x;
    int k = 0;
    double sum = 0.0;
    do {
        const double *in = (k % 2 == 0) ? g->x : g->x_new;
        double *out = (k % 2 == 0) ? g->x_new : g->x;
        CHECK(cudaMemsetAsync(g->sum, 0, sizeof(double), g->stream));
        CHECK(launchJacobiMethod(g->A, g->b, in, out, g->sum, g->stream));
        CHECK(cudaMemcpyAsync(g->h_sum, g->sum, sizeof(double),
                              cudaMemcpyDeviceToHost, g->stream));
        CHECK(cudaStreamSynchronize(g->stream));
        sum = g->h_sum[0];
        result = out;
        k++;
    } while (sum > tol && k < kMaxIter);
    auto t1 = std::chrono::steady_clock::now();
    sol.iters = k;
    sol.ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    finish(g, result, &sol);
    return sol;
}

// Captures two sweeps and their sums into a graph: memset(sum[0..1]),
// x -> x_new (sum[0]), x_new -> x (sum[1]), copy both sums to the host.
static cudaGraphExec_t captureTwoSweeps(Gpu *g)
{
    cudaGraph_t graph;
    cudaGraphExec_t graphExec;
    CHECK(cudaStreamBeginCapture(g->stream, cudaStreamCaptureModeGlobal));
    CHECK(cudaMemsetAsync(g->sum, 0, sizeof(double) * 2, g->stream));
    CHECK(launchJacobiMethod(g->A, g->b, g->x, g->x_new, g->sum, g->stream));
    CHECK(launchJacobiMethod(g->A, g->b, g->x_new, g->x, g->sum + 1,
                             g->stream));
    CHECK(cudaMemcpyAsync(g->h_sum, g->sum, sizeof(double) * 2,
                          cudaMemcpyDeviceToHost, g->stream));
    CHECK(cudaStreamEndCapture(g->stream, &graph));
    CHECK(cudaGraphInstantiate(&graphExec, graph, 0));
    CHECK(cudaGraphDestroy(graph));
    return graphExec;
}

// Each graph launch makes two sweeps. If the first one already converged
// its result (x_new) is kept; the extra sweep only overwrote x.
static Solution jacobiGpuGraph(Gpu *g, double tol)
{
    Solution sol;
    resetX(g);
    cudaGraphExec_t graphExec = captureTwoSweeps(g);
    CHECK(cudaStreamSynchronize(g->stream));
    auto t0 = std::chrono::steady_clock::now();
    const double *result = g->x;
    int k = 0;
    for (;;) {
        CHECK(cudaGraphLaunch(graphExec, g->stream));
        CHECK(cudaStreamSynchronize(g->stream));
        if (g->h_sum[0] <= tol) {
            result = g->x_new;
            k += 1;
            break;
        }
        result = g->x;
        k += 2;
        if (g->h_sum[1] <= tol || k >= kMaxIter)
            break;
    }
    auto t1 = std::chrono::steady_clock::now();
    sol.iters = k;
    sol.ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    CHECK(cudaGraphExecDestroy(graphExec));
    finish(g, result, &sol);
    return sol;
}

// The GPU must take as many sweeps as the CPU and agree with it closely;
// only the summation order differs.
static int check(const char *label, const Solution &gpu, const Solution &cpu)
{
    double maxDiff = 0.0;
    for (int i = 0; i < N_ROWS; i++)
        maxDiff = fmax(maxDiff, fabs(gpu.x[i] - cpu.x[i]));
    int ok = gpu.iters == cpu.iters && gpu.iters < kMaxIter &&
             maxDiff <= 1.0e-9 && fabs(gpu.error - cpu.error) <= 1.0e-7;
    printf("%-6s %6d sweeps  %9.3f ms  %8.2f us/sweep  error %.6e  "
           "max |x - x_cpu| %.2e  %s\n", label, gpu.iters, gpu.ms,
           1000.0 * gpu.ms / gpu.iters, gpu.error, maxDiff,
           ok ? "ok" : "WRONG");
    return ok;
}

int main(int argc, char **argv)
{
    bool plain = true, graph = true, paper = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--plain") == 0) {
            graph = false;
        } else if (strcmp(argv[i], "--graph") == 0) {
            plain = false;
        } else if (strcmp(argv[i], "--paper") == 0) {
            paper = true;
        } else {
            fprintf(stderr, "usage: %s [--plain | --graph] [--paper]\n",
                    argv[0]);
            printf("FAIL\n");
            return 1;
        }
    }
    if (!plain && !graph) {
        fprintf(stderr, "--plain and --graph exclude each other\n");
        printf("FAIL\n");
        return 1;
    }

    System s;
    createLinearSystem(&s, paper);
    printf("jacobi: %d x %d %s system, stop when sum |dx| <= %g\n", N_ROWS,
           N_ROWS, paper ? "weakly dominant (--paper)" : "random dominant",
           s.tol);

    Solution cpu = jacobiCpu(s);
    printf("%-6s %6d sweeps  %9.3f ms  %8.2f us/sweep  error %.6e\n", "cpu",
           cpu.iters, cpu.ms, 1000.0 * cpu.ms / cpu.iters, cpu.error);

    Gpu g;
    gpuSetup(&g, s);
    int ok = cpu.iters < kMaxIter;
    if (plain)
        ok &= check("plain", jacobiGpuPlain(&g, s.tol), cpu);
    if (graph)
        ok &= check("graph", jacobiGpuGraph(&g, s.tol), cpu);
    gpuTeardown(&g);

    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
