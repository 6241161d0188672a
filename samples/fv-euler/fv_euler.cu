// fv_euler.cu - patch-wise and batched finite-volume kernels for 2D Euler.
//
// T Cartesian patches of p x p finite volumes, each with a halo of one
// volume, hold the N = 4 conserved quantities of the compressible Euler
// equations (density, x and y momentum, total energy) in AoS order. One time
// step of the generic Rusanov scheme, as in ExaHyPE's kernel benchmark:
//
//   copy       Qnew <- Q                                  on [0,p-1]^2
//   flux x     Fx <- F_x(Q), lambda_x <- lambda_max,x(Q)  on [-1,p] x [0,p-1]
//   flux y     Fy <- F_y(Q), lambda_y <- lambda_max,y(Q)  on [0,p-1] x [-1,p]
//   update     Qnew -= dt/h * (Rusanov face fluxes)       on [0,p-1]^2
//   max eig    lambda_patch <- max over the new solution  (per patch)
//
// Two realisations of the same step, which must give bit-identical results:
//
//   patch-wise  one kernel, one thread block per patch, one thread per volume
//               of the patch with its halo; the steps are loops separated by
//               __syncthreads(), each masked to its own index range; all
//               temporaries in shared memory; the per-patch maximum
//               eigenvalue is a tree reduction in shared memory.
//   batched     one kernel per step, each over all volumes of all patches
//               (the loops collapsed into one index); temporaries in global
//               memory; the reduction is a kernel with one block per patch.
//
// The patches tile a periodic rectangle; a halo-exchange kernel refills the
// halos before each step, and the time step follows from the largest
// eigenvalue over all patches (CFL condition). A CPU reference runs the same
// scheme with the same microkernels.
//
//   fv_euler [--p=P] [--patches=T] [--steps=S] [--paper]

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,    \
                    #call, cudaGetErrorString(err_));                        \
            printf("FAIL\n");                                                \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

constexpr int kN = 4;            // unknowns per volume: rho, rho*u, rho*v, E
constexpr double kGamma = 1.4;   // ratio of specific heats (air)
constexpr double kCfl = 0.4;     // dt = kCfl * h / max eigenvalue
constexpr int kBatchThreads = 128;
constexpr int kMaxP = 18;        // (p+2)^2 threads and 15 doubles each in 48 KiB

// The patch layout: px * py patches of p * p volumes on a periodic rectangle.
struct Grid {
    int p;       // volumes per patch and direction
    int px, py;  // patches in x and y
};

// ---------------------------------------------------------------------------
// Microkernels: the user functions of the PDE and the scheme. They work on
// pointers to the N unknowns of one volume, wherever those live (global,
// shared or host memory), and are shared by both GPU variants and the CPU.
// ---------------------------------------------------------------------------

__host__ __device__ inline double pressure(const double *Q)
{
    double kinetic = 0.5 * (Q[1] * Q[1] + Q[2] * Q[2]) / Q[0];
    return (kGamma - 1.0) * (Q[3] - kinetic);
}

__host__ __device__ inline void fluxX(const double *Q, double *F)
{
    double u = Q[1] / Q[0];
    double p = pressure(Q);
    F[0] = Q[1];
    F[1] = Q[1] * u + p;
    F[2] = Q[2] * u;
    F[3] = (Q[3] + p) * u;
}

__host__ __device__ inline void fluxY(const double *Q, double *F)
{
    double v = Q[2] / Q[0];
    double p = pressure(Q);
    F[0] = Q[2];
    F[1] = Q[1] * v;
    F[2] = Q[2] * v + p;
    F[3] = (Q[3] + p) * v;
}

__host__ __device__ inline double soundSpeed(const double *Q)
{
    return sqrt(kGamma * pressure(Q) / Q[0]);
}

__host__ __device__ inline double maxEigenvalueX(const double *Q)
{
    return fabs(Q[1] / Q[0]) + soundSpeed(Q);
}

__host__ __device__ inline double maxEigenvalueY(const double *Q)
{
    return fabs(Q[2] / Q[0]) + soundSpeed(Q);
}

__host__ __device__ inline double maxEigenvalue(const double *Q)
{
    return fmax(maxEigenvalueX(Q), maxEigenvalueY(Q));
}

// What the update of one volume reads: Q, directional fluxes and eigenvalues
// of the volume and its four face neighbours.
struct Neighbourhood {
    double q[5][kN];      // centre, west, east, south, north
    double fx[3][kN];     // F_x of west, centre, east
    double fy[3][kN];     // F_y of south, centre, north
    double lx[3], ly[3];  // lambda_max,x of W, C, E; lambda_max,y of S, C, N
};

// Collects the neighbourhood of volume t of one patch stored with its halo,
// w = p + 2 volumes per row. Q, Fx, Fy hold kN values per volume.
__host__ __device__ inline void gatherNeighbourhood(const double *Q, const double *Fx,
                                                    const double *Fy, const double *Lx,
                                                    const double *Ly, int t, int w,
                                                    Neighbourhood &nb)
{
    const int qIdx[5] = {t, t - 1, t + 1, t - w, t + w};
    const int xIdx[3] = {t - 1, t, t + 1};
    const int yIdx[3] = {t - w, t, t + w};
    for (int j = 0; j < 5; ++j)
        for (int k = 0; k < kN; ++k)
            nb.q[j][k] = Q[qIdx[j] * kN + k];
    for (int j = 0; j < 3; ++j) {
        for (int k = 0; k < kN; ++k) {
            nb.fx[j][k] = Fx[xIdx[j] * kN + k];
            nb.fy[j][k] = Fy[yIdx[j] * kN + k];
        }
        nb.lx[j] = Lx[xIdx[j]];
        nb.ly[j] = Ly[yIdx[j]];
    }
}

// Rusanov flux through one face: the mean of the two directional fluxes
// minus the jump in Q scaled by the larger of the two wave speeds.
__host__ __device__ inline void rusanovFlux(const double *qL, const double *qR,
                                            const double *fL, const double *fR, double lamL,
                                            double lamR, double *flux)
{
    double lam = fmax(lamL, lamR);
    for (int k = 0; k < kN; ++k)
        flux[k] = 0.5 * (fL[k] + fR[k]) - 0.5 * lam * (qR[k] - qL[k]);
}

// The update microkernel: qNew holds Q of the volume on entry and gets the
// fluxes through its four faces, in the order west, east, south, north.
__host__ __device__ inline void updateVolume(const Neighbourhood &nb, double dtOverH,
                                             double *qNew)
{
    double flux[kN];
    rusanovFlux(nb.q[1], nb.q[0], nb.fx[0], nb.fx[1], nb.lx[0], nb.lx[1], flux);
    for (int k = 0; k < kN; ++k)
        qNew[k] += dtOverH * flux[k];
    rusanovFlux(nb.q[0], nb.q[2], nb.fx[1], nb.fx[2], nb.lx[1], nb.lx[2], flux);
    for (int k = 0; k < kN; ++k)
        qNew[k] -= dtOverH * flux[k];
    rusanovFlux(nb.q[3], nb.q[0], nb.fy[0], nb.fy[1], nb.ly[0], nb.ly[1], flux);
    for (int k = 0; k < kN; ++k)
        qNew[k] += dtOverH * flux[k];
    rusanovFlux(nb.q[0], nb.q[4], nb.fy[1], nb.fy[2], nb.ly[1], nb.ly[2], flux);
    for (int k = 0; k < kN; ++k)
        qNew[k] -= dtOverH * flux[k];
}

// Volume index, in the array of interior volumes, that halo volume (cx, cy)
// of patch `patch` mirrors: its neighbour across the periodic rectangle.
__host__ __device__ inline int haloSource(const Grid &g, int patch, int cx, int cy)
{
    int nx = g.px * g.p, ny = g.py * g.p;
    int gx = (patch % g.px) * g.p + cx;
    int gy = (patch / g.px) * g.p + cy;
    gx = (gx + nx) % nx;
    gy = (gy + ny) % ny;
    int src = (gy / g.p) * g.px + gx / g.p;
    return src * g.p * g.p + (gy % g.p) * g.p + gx % g.p;
}

// ---------------------------------------------------------------------------
// Halo exchange (both variants): copies the interior volumes Qint (T * p^2
// volumes) into the patches with halo Qin (T * (p+2)^2 volumes), halo
// volumes taken from the neighbouring patches.
// ---------------------------------------------------------------------------
__global__ void fillPatches(const double *Qint, double *Qin, Grid g, int patches)
{
    const int w = g.p + 2, cells = w * w;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= patches * cells)
        return;
    int patch = idx / cells, t = idx % cells;
    int src = haloSource(g, patch, t % w - 1, t / w - 1);
    for (int k = 0; k < kN; ++k)
        Qin[(size_t)idx * kN + k] = Qint[(size_t)src * kN + k];
}

// ---------------------------------------------------------------------------
// Patch-wise realisation: block = patch, thread (x, y) = volume (x-1, y-1) of
// the patch with halo. Every logical loop of the scheme runs over the union
// of all index ranges, (p+2)^2, and masks out what it does not need.
// ---------------------------------------------------------------------------
__global__ void patchwiseUpdate(const double *Qin, double *Qout, double *maxEig, int p,
                                double dtOverH)
{
    extern __shared__ double smem[];
    const int w = p + 2, cells = w * w;
    double *sQ = smem;                // cells * kN: the patch with its halo
    double *sFx = sQ + cells * kN;    // cells * kN: F_x(Q)
    double *sFy = sFx + cells * kN;   // cells * kN: F_y(Q)
    double *sLx = sFy + cells * kN;   // cells: lambda_max,x(Q)
    double *sLy = sLx + cells;        // cells: lambda_max,y(Q)
    double *sMax = sLy + cells;       // cells: reduction buffer

    const int patch = blockIdx.x;
    const int cx = (int)threadIdx.x - 1, cy = (int)threadIdx.y - 1;  // in [-1, p]
    const int t = threadIdx.y * w + threadIdx.x;
    const bool rowInside = cy >= 0 && cy < p;
    const bool colInside = cx >= 0 && cx < p;

    // Step 1: copy the patch with its halo into shared memory.
    const double *q = Qin + ((size_t)patch * cells + t) * kN;
    for (int k = 0; k < kN; ++k)
        sQ[t * kN + k] = q[k];
    __syncthreads();

    // Step 2: fluxes and eigenvalues along x on [-1,p] x [0,p-1].
    if (rowInside) {
        fluxX(&sQ[t * kN], &sFx[t * kN]);
        sLx[t] = maxEigenvalueX(&sQ[t * kN]);
    }
    __syncthreads();

    // Step 3: fluxes and eigenvalues along y on [0,p-1] x [-1,p].
    if (colInside) {
        fluxY(&sQ[t * kN], &sFy[t * kN]);
        sLy[t] = maxEigenvalueY(&sQ[t * kN]);
    }
    __syncthreads();

    // Step 4: copy and update the interior volumes; each one contributes the
    // eigenvalue of its new state, masked volumes the neutral element 0.
    double lambda = 0.0;
    if (rowInside && colInside) {
        Neighbourhood nb;
        gatherNeighbourhood(sQ, sFx, sFy, sLx, sLy, t, w, nb);
        double qNew[kN];
        for (int k = 0; k < kN; ++k)
            qNew[k] = nb.q[0][k];
        updateVolume(nb, dtOverH, qNew);
        double *out = Qout + ((size_t)patch * p * p + cy * p + cx) * kN;
        for (int k = 0; k < kN; ++k)
            out[k] = qNew[k];
        lambda = maxEigenvalue(qNew);
    }
    sMax[t] = lambda;
    __syncthreads();

    // Step 5: maximum over the patch, a tree over the next power of two.
    int span = 1;
    while (span < cells)
        span <<= 1;
    for (int s = span / 2; s > 0; s >>= 1) {
        if (t < s && t + s < cells)
            sMax[t] = fmax(sMax[t], sMax[t + s]);
        __syncthreads();
    }
    if (t == 0)
        maxEig[patch] = sMax[0];
}

// ---------------------------------------------------------------------------
// Batched realisation: one kernel per step, each over all patches at once.
// The temporaries Fx, Fy, Lx, Ly have the layout of Qin (with halo).
// ---------------------------------------------------------------------------

// Copy: Qout <- interior of Qin, over patches * p * p volumes.
__global__ void batchedCopy(const double *Qin, double *Qout, int p, int patches)
{
    const int w = p + 2;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= patches * p * p)
        return;
    int patch = idx / (p * p), v = idx % (p * p);
    int t = (v / p + 1) * w + v % p + 1;
    const double *q = Qin + ((size_t)patch * w * w + t) * kN;
    for (int k = 0; k < kN; ++k)
        Qout[(size_t)idx * kN + k] = q[k];
}

// Fluxes along x on [-1,p] x [0,p-1]: patches * p rows of p + 2 volumes.
__global__ void batchedFluxX(const double *Qin, double *Fx, double *Lx, int p, int patches)
{
    const int w = p + 2;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= patches * p * w)
        return;
    int patch = idx / (p * w), r = idx % (p * w);
    size_t t = (size_t)patch * w * w + (r / w + 1) * w + r % w;
    fluxX(&Qin[t * kN], &Fx[t * kN]);
    Lx[t] = maxEigenvalueX(&Qin[t * kN]);
}

// Fluxes along y on [0,p-1] x [-1,p]: patches * (p + 2) rows of p volumes.
__global__ void batchedFluxY(const double *Qin, double *Fy, double *Ly, int p, int patches)
{
    const int w = p + 2;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= patches * w * p)
        return;
    int patch = idx / (w * p), r = idx % (w * p);
    size_t t = (size_t)patch * w * w + (r / p) * w + r % p + 1;
    fluxY(&Qin[t * kN], &Fy[t * kN]);
    Ly[t] = maxEigenvalueY(&Qin[t * kN]);
}

// Update: Qout (holding the copy of Q) gets the face fluxes.
__global__ void batchedUpdate(const double *Qin, const double *Fx, const double *Fy,
                              const double *Lx, const double *Ly, double *Qout, int p,
                              int patches, double dtOverH)
{
    const int w = p + 2;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= patches * p * p)
        return;
    int patch = idx / (p * p), v = idx % (p * p);
    int t = (v / p + 1) * w + v % p + 1;
    size_t base = (size_t)patch * w * w;
    Neighbourhood nb;
    gatherNeighbourhood(Qin + base * kN, Fx + base * kN, Fy + base * kN, Lx + base,
                        Ly + base, t, w, nb);
    double qNew[kN];
    for (int k = 0; k < kN; ++k)
        qNew[k] = Qout[(size_t)idx * kN + k];
    updateVolume(nb, dtOverH, qNew);
    for (int k = 0; k < kN; ++k)
        Qout[(size_t)idx * kN + k] = qNew[k];
}

// Maximum eigenvalue of the new solution: one block per patch, each thread
// strides over the patch's volumes, then a tree in shared memory.
__global__ void batchedMaxEigenvalue(const double *Qout, double *maxEig, int p)
{
    __shared__ double sMax[kBatchThreads];
    const int patch = blockIdx.x, tid = threadIdx.x;
    const double *q = Qout + (size_t)patch * p * p * kN;
    double lambda = 0.0;
    for (int v = tid; v < p * p; v += kBatchThreads)
        lambda = fmax(lambda, maxEigenvalue(&q[v * kN]));
    sMax[tid] = lambda;
    __syncthreads();
    for (int s = kBatchThreads / 2; s > 0; s >>= 1) {
        if (tid < s)
            sMax[tid] = fmax(sMax[tid], sMax[tid + s]);
        __syncthreads();
    }
    if (tid == 0)
        maxEig[patch] = sMax[0];
}

// ===========================================================================
// Host side
// ===========================================================================

struct Problem {
    Grid g;
    int patches;
    int steps;
};

static int blocksFor(long long threads) { return (int)((threads + kBatchThreads - 1) / kBatchThreads); }

// Smooth periodic initial state: a density and pressure perturbation carried
// by a uniform flow, in the interior layout (patch, volume, unknown).
static std::vector<double> initialState(const Problem &pr)
{
    const Grid &g = pr.g;
    const int p = g.p;
    const double h = 1.0 / (g.px * p), lx = 1.0, ly = (double)g.py / g.px;
    const double twoPi = 6.283185307179586;
    std::vector<double> Q((size_t)pr.patches * p * p * kN);
    for (int patch = 0; patch < pr.patches; ++patch)
        for (int v = 0; v < p * p; ++v) {
            double x = ((patch % g.px) * p + v % p + 0.5) * h;
            double y = ((patch / g.px) * p + v / p + 0.5) * h;
            double rho = 1.0 + 0.3 * sin(twoPi * x / lx) * sin(twoPi * y / ly);
            double u = 0.5, vel = -0.25;
            double pres = 1.0 + 0.2 * cos(twoPi * (x / lx + y / ly));
            double *q = &Q[((size_t)patch * p * p + v) * kN];
            q[0] = rho;
            q[1] = rho * u;
            q[2] = rho * vel;
            q[3] = pres / (kGamma - 1.0) + 0.5 * rho * (u * u + vel * vel);
        }
    return Q;
}

// ---------------------------------------------------------------------------
// CPU reference: the same step, patch by patch, with the same microkernels.
// Returns the maximum eigenvalue over all patches of the new solution.
// ---------------------------------------------------------------------------
static double cpuStep(const Problem &pr, std::vector<double> &Qint, double dtOverH,
                      std::vector<double> &maxEig)
{
    const Grid &g = pr.g;
    const int p = g.p, w = p + 2, cells = w * w;
    std::vector<double> Q(cells * kN), Fx(cells * kN), Fy(cells * kN), Lx(cells), Ly(cells);
    std::vector<double> Qold(Qint);
    double globalMax = 0.0;
    for (int patch = 0; patch < pr.patches; ++patch) {
        for (int t = 0; t < cells; ++t) {
            int src = haloSource(g, patch, t % w - 1, t / w - 1);
            for (int k = 0; k < kN; ++k)
                Q[t * kN + k] = Qold[(size_t)src * kN + k];
        }
        for (int cy = -1; cy <= p; ++cy)
            for (int cx = -1; cx <= p; ++cx) {
                int t = (cy + 1) * w + cx + 1;
                if (cy >= 0 && cy < p) {
                    fluxX(&Q[t * kN], &Fx[t * kN]);
                    Lx[t] = maxEigenvalueX(&Q[t * kN]);
                }
                if (cx >= 0 && cx < p) {
                    fluxY(&Q[t * kN], &Fy[t * kN]);
                    Ly[t] = maxEigenvalueY(&Q[t * kN]);
                }
            }
        double patchMax = 0.0;
        for (int v = 0; v < p * p; ++v) {
            int t = (v / p + 1) * w + v % p + 1;
            Neighbourhood nb;
            gatherNeighbourhood(Q.data(), Fx.data(), Fy.data(), Lx.data(), Ly.data(), t, w, nb);
            double *qNew = &Qint[((size_t)patch * p * p + v) * kN];
            updateVolume(nb, dtOverH, qNew);  // qNew holds the old state on entry
            patchMax = fmax(patchMax, maxEigenvalue(qNew));
        }
        maxEig[patch] = patchMax;
        globalMax = fmax(globalMax, patchMax);
    }
    return globalMax;
}

// ---------------------------------------------------------------------------
// GPU runs
// ---------------------------------------------------------------------------

struct DeviceState {
    double *Qint;             // interior volumes, the solution between steps
    double *Qin;              // patches with halo, input of a step
    double *Fx, *Fy, *Lx, *Ly;  // batched temporaries (Qin layout)
    double *maxEig;           // per patch
};

static void allocDevice(DeviceState &d, const Problem &pr)
{
    const int p = pr.g.p;
    size_t withHalo = (size_t)pr.patches * (p + 2) * (p + 2);
    size_t interior = (size_t)pr.patches * p * p;
    CHECK(cudaMalloc(&d.Qint, interior * kN * sizeof(double)));
    CHECK(cudaMalloc(&d.Qin, withHalo * kN * sizeof(double)));
    CHECK(cudaMalloc(&d.Fx, withHalo * kN * sizeof(double)));
    CHECK(cudaMalloc(&d.Fy, withHalo * kN * sizeof(double)));
    CHECK(cudaMalloc(&d.Lx, withHalo * sizeof(double)));
    CHECK(cudaMalloc(&d.Ly, withHalo * sizeof(double)));
    CHECK(cudaMalloc(&d.maxEig, pr.patches * sizeof(double)));
}

static void freeDevice(DeviceState &d)
{
    double *all[] = {d.Qint, d.Qin, d.Fx, d.Fy, d.Lx, d.Ly, d.maxEig};
    for (double *ptr : all)
        CHECK(cudaFree(ptr));
}

static size_t patchwiseSharedBytes(int p)
{
    size_t cells = (size_t)(p + 2) * (p + 2);
    return cells * (3 * kN + 3) * sizeof(double);
}

// The compute kernels of one step of the chosen variant.
static void launchStep(bool patchwise, const DeviceState &d, const Problem &pr, double dtOverH)
{
    const int p = pr.g.p, w = p + 2, T = pr.patches;
    if (patchwise) {
        dim3 block(w, w);
        patchwiseUpdate<<<T, block, patchwiseSharedBytes(p)>>>(d.Qin, d.Qint, d.maxEig, p,
                                                               dtOverH);
        CHECK(cudaGetLastError());
        return;
    }
    batchedCopy<<<blocksFor((long long)T * p * p), kBatchThreads>>>(d.Qin, d.Qint, p, T);
    CHECK(cudaGetLastError());
    batchedFluxX<<<blocksFor((long long)T * p * w), kBatchThreads>>>(d.Qin, d.Fx, d.Lx, p, T);
    CHECK(cudaGetLastError());
    batchedFluxY<<<blocksFor((long long)T * w * p), kBatchThreads>>>(d.Qin, d.Fy, d.Ly, p, T);
    CHECK(cudaGetLastError());
    batchedUpdate<<<blocksFor((long long)T * p * p), kBatchThreads>>>(d.Qin, d.Fx, d.Fy, d.Lx,
                                                                      d.Ly, d.Qint, p, T,
                                                                      dtOverH);
    CHECK(cudaGetLastError());
    batchedMaxEigenvalue<<<T, kBatchThreads>>>(d.Qint, d.maxEig, p);
    CHECK(cudaGetLastError());
}

struct RunResult {
    std::vector<double> Q;       // final interior state
    std::vector<double> maxEig;  // per patch, after the last step
    double kernelMs = 0.0;       // compute kernels only, all steps
};

// Runs all steps of one variant from Q0; dt from the previous step's maximum
// eigenvalue (the first from lambda0).
static RunResult runGpu(bool patchwise, const Problem &pr, const std::vector<double> &Q0,
                        double lambda0)
{
    const int p = pr.g.p, cellsWithHalo = (p + 2) * (p + 2);
    DeviceState d;
    allocDevice(d, pr);
    CHECK(cudaMemcpy(d.Qint, Q0.data(), Q0.size() * sizeof(double), cudaMemcpyHostToDevice));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));

    RunResult r;
    r.maxEig.resize(pr.patches);
    double lambda = lambda0;
    for (int step = 0; step < pr.steps; ++step) {
        fillPatches<<<blocksFor((long long)pr.patches * cellsWithHalo), kBatchThreads>>>(
            d.Qint, d.Qin, pr.g, pr.patches);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(start, 0));
        launchStep(patchwise, d, pr, kCfl / lambda);
        CHECK(cudaEventRecord(stop, 0));
        CHECK(cudaMemcpy(r.maxEig.data(), d.maxEig, pr.patches * sizeof(double),
                         cudaMemcpyDeviceToHost));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        r.kernelMs += ms;
        lambda = 0.0;
        for (double l : r.maxEig)
            lambda = fmax(lambda, l);
    }
    r.Q.resize(Q0.size());
    CHECK(cudaMemcpy(r.Q.data(), d.Qint, r.Q.size() * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    freeDevice(d);
    return r;
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

// Largest relative difference |a - b| / max(1, |b|).
static double maxRelDiff(const std::vector<double> &a, const std::vector<double> &b)
{
    double worst = 0.0;
    for (size_t i = 0; i < a.size(); ++i)
        worst = fmax(worst, fabs(a[i] - b[i]) / fmax(1.0, fabs(b[i])));
    return worst;
}

// Total of unknown k over all volumes (times h^2 it is the conserved amount).
static double total(const std::vector<double> &Q, int k)
{
    double s = 0.0;
    for (size_t i = k; i < Q.size(); i += kN)
        s += Q[i];
    return s;
}

static bool bitIdentical(const std::vector<double> &a, const std::vector<double> &b)
{
    return a.size() == b.size() && memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

static void factorPatches(int patches, Grid &g)
{
    g.px = 1;
    for (int d = 1; d * d <= patches; ++d)
        if (patches % d == 0)
            g.px = d;
    g.py = patches / g.px;
}

// Runs one configuration: CPU reference, both GPU variants, all checks.
// Returns the number of failed checks.
static int runProblem(const Problem &pr, bool verbose)
{
    const int p = pr.g.p;
    std::vector<double> Q0 = initialState(pr);
    double lambda0 = 0.0;
    for (size_t v = 0; v < Q0.size(); v += kN)
        lambda0 = fmax(lambda0, maxEigenvalue(&Q0[v]));

    std::vector<double> Qref(Q0), eigRef(pr.patches);
    double lambda = lambda0;
    for (int step = 0; step < pr.steps; ++step)
        lambda = cpuStep(pr, Qref, kCfl / lambda, eigRef);

    RunResult pw = runGpu(true, pr, Q0, lambda0);
    RunResult bt = runGpu(false, pr, Q0, lambda0);

    const double tol = 1e-12;       // GPU vs CPU, per value (FMA vs none)
    const double driftTol = 1e-11;  // summation round-off over up to 2^20 volumes
    bool identical = bitIdentical(pw.Q, bt.Q) && bitIdentical(pw.maxEig, bt.maxEig);
    double diffQ = maxRelDiff(pw.Q, Qref), diffEig = maxRelDiff(pw.maxEig, eigRef);
    double drift = 0.0;  // conservation of mass and energy on the periodic domain
    for (int k : {0, 3})
        drift = fmax(drift, fabs(total(pw.Q, k) - total(Q0, k)) / fabs(total(Q0, k)));
    bool ok = identical && diffQ <= tol && diffEig <= tol && drift <= driftTol;

    double dofUpdates = (double)pr.patches * p * p * kN * pr.steps;
    if (verbose)
        printf("  max rel. diff to CPU: state %.3g, eigenvalues %.3g (tol %.0e); "
               "mass/energy drift %.3g; patch-wise vs batched %s\n",
               diffQ, diffEig, tol, drift, identical ? "bit-identical" : "DIFFERENT");
    printf("  p=%2d T=%5d steps=%d  patch-wise %9.4f ms %8.3f ns/DoF  batched %9.4f ms"
           " %8.3f ns/DoF  %s\n",
           p, pr.patches, pr.steps, pw.kernelMs, pw.kernelMs * 1e6 / dofUpdates, bt.kernelMs,
           bt.kernelMs * 1e6 / dofUpdates, ok ? "ok" : "MISMATCH");
    return ok ? 0 : 1;
}

static bool parseArgs(int argc, char **argv, Problem &pr, bool &paper)
{
    for (int a = 1; a < argc; ++a) {
        const char *arg = argv[a];
        if (strncmp(arg, "--p=", 4) == 0)
            pr.g.p = atoi(arg + 4);
        else if (strncmp(arg, "--patches=", 10) == 0)
            pr.patches = atoi(arg + 10);
        else if (strncmp(arg, "--steps=", 8) == 0)
            pr.steps = atoi(arg + 8);
        else if (strcmp(arg, "--paper") == 0)
            paper = true;
        else
            return false;
    }
    return pr.g.p >= 1 && pr.g.p <= kMaxP && pr.patches >= 1 && pr.patches <= (1 << 20) &&
           pr.steps >= 1;
}

int main(int argc, char **argv)
{
    Problem pr;
    pr.g.p = 10;
    pr.patches = 16;
    pr.steps = 5;
    bool paper = false;
    if (!parseArgs(argc, argv, pr, paper)) {
        fprintf(stderr, "usage: %s [--p=1..%d] [--patches=T] [--steps=S] [--paper]\n", argv[0],
                kMaxP);
        printf("FAIL\n");
        return 1;
    }

    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    int errors = 0;
    if (!paper) {
        factorPatches(pr.patches, pr.g);
        printf("fv_euler: 2D Euler, Rusanov FV, %d patches (%d x %d) of %d x %d volumes + halo,"
               " %d steps, on %s\n",
               pr.patches, pr.g.px, pr.g.py, pr.g.p, pr.g.p, pr.steps, prop.name);
        errors += runProblem(pr, true);
    } else {
        // The seed's patch sizes p in {4, 6, 8} for d = 2; it does not list
        // its patch counts, so T runs over powers of four up to 4096.
        printf("fv_euler --paper: p in {4, 6, 8}, T in {1, 4, ..., 4096}, %d steps, on %s\n",
               pr.steps, prop.name);
        for (int p : {4, 6, 8})
            for (int T = 1; T <= 4096; T *= 4) {
                pr.g.p = p;
                pr.patches = T;
                factorPatches(T, pr.g);
                errors += runProblem(pr, false);
            }
    }
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
