// index_3d.cu - thread indexing in one, two and three dimensions.
//
// Covers: threadIdx/blockIdx/blockDim/gridDim .x/.y/.z with a 3D grid of 3D
// blocks, a 2D grid of 2D blocks and a 1D launch given as plain integers;
// dim3 with one, two and three arguments; warpSize read as a value in device
// code (lane and warp numbers), checked against the value the kernel reports
// rather than a hard-coded 32; a 3D volume kernel with bounds checks.

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

// Per thread of a 3D launch: its coordinates, linear block, lane and warp.
struct ThreadInfo {
    int gx, gy, gz;
    int block;
    int lane, warp;
    int dims;  // packed blockDim and gridDim, checked on the host
};

__global__ void whoAmI3d(ThreadInfo *info, int *warpSizeOut)
{
    int tInBlock = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    int block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    int threadsPerBlock = blockDim.x * blockDim.y * blockDim.z;
    int idx = block * threadsPerBlock + tInBlock;

    ThreadInfo t;
    t.gx = blockIdx.x * blockDim.x + threadIdx.x;
    t.gy = blockIdx.y * blockDim.y + threadIdx.y;
    t.gz = blockIdx.z * blockDim.z + threadIdx.z;
    t.block = block;
    t.lane = tInBlock % warpSize;
    t.warp = tInBlock / warpSize;
    t.dims = blockDim.x + 100 * blockDim.y + 10000 * blockDim.z +
             1000000 * (gridDim.x + 10 * gridDim.y + 100 * gridDim.z);
    info[idx] = t;
    if (idx == 0)
        *warpSizeOut = warpSize;
}

// vol[z][y][x] = x + 2y + 3z over a volume that the grid over-covers.
__global__ void fillVolume(float *vol, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < nx && y < ny && z < nz)
        vol[(z * ny + y) * nx + x] = (float)(x + 2 * y + 3 * z);
}

// 2D: each thread writes its row-major position in the global 2D index space.
__global__ void index2d(int *out, int width, int height)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < width && row < height)
        out[row * width + col] = row * 1000 + col;
}

// 1D: total thread count derived from gridDim and blockDim.
__global__ void index1d(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = gridDim.x * blockDim.x - i;
}

int main()
{
    printf("index_3d: 3D/2D/1D grid and block indexing, warpSize as a value\n");
    int errors = 0;

    const dim3 block3(8, 4, 4);  // 128 threads
    const dim3 grid3(3, 2, 5);
    const int blocks = grid3.x * grid3.y * grid3.z;
    const int tpb = block3.x * block3.y * block3.z;
    const int total = blocks * tpb;
    ThreadInfo *d_info;
    int *d_ws;
    CHECK(cudaMalloc(&d_info, total * sizeof(ThreadInfo)));
    CHECK(cudaMalloc(&d_ws, sizeof(int)));
    whoAmI3d<<<grid3, block3>>>(d_info, d_ws);
    CHECK(cudaGetLastError());
    std::vector<ThreadInfo> info(total);
    int ws = 0;
    CHECK(cudaMemcpy(info.data(), d_info, total * sizeof(ThreadInfo), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&ws, d_ws, sizeof(int), cudaMemcpyDeviceToHost));

    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("warpSize: %d in device code, %d in device properties\n", ws, prop.warpSize);
    if (ws < 1 || ws > 1024) {
        fprintf(stderr, "implausible warpSize %d\n", ws);
        ++errors;
        ws = 32;  // keep going so the other checks still report
    }

    const int dims = 8 + 100 * 4 + 10000 * 4 + 1000000 * (3 + 10 * 2 + 100 * 5);
    for (int bz = 0; bz < (int)grid3.z; ++bz)
        for (int by = 0; by < (int)grid3.y; ++by)
            for (int bx = 0; bx < (int)grid3.x; ++bx)
                for (int tz = 0; tz < (int)block3.z; ++tz)
                    for (int ty = 0; ty < (int)block3.y; ++ty)
                        for (int tx = 0; tx < (int)block3.x; ++tx) {
                            int b = bx + grid3.x * (by + grid3.y * bz);
                            int t = tx + block3.x * (ty + block3.y * tz);
                            const ThreadInfo &r = info[b * tpb + t];
                            bool ok = r.gx == bx * 8 + tx && r.gy == by * 4 + ty &&
                                      r.gz == bz * 4 + tz && r.block == b &&
                                      r.lane == t % ws && r.warp == t / ws && r.dims == dims;
                            if (!ok) {
                                if (errors < 5)
                                    fprintf(stderr, "3D thread (%d,%d,%d) of block (%d,%d,%d) wrong\n",
                                            tx, ty, tz, bx, by, bz);
                                ++errors;
                            }
                        }

    // 3D volume whose sides are not multiples of the block.
    const int nx = 37, ny = 19, nz = 11;
    float *d_vol;
    CHECK(cudaMalloc(&d_vol, nx * ny * nz * sizeof(float)));
    dim3 vblock(16, 4, 2);
    dim3 vgrid((nx + vblock.x - 1) / vblock.x, (ny + vblock.y - 1) / vblock.y,
               (nz + vblock.z - 1) / vblock.z);
    fillVolume<<<vgrid, vblock>>>(d_vol, nx, ny, nz);
    CHECK(cudaGetLastError());
    std::vector<float> vol(nx * ny * nz);
    CHECK(cudaMemcpy(vol.data(), d_vol, vol.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int z = 0; z < nz; ++z)
        for (int y = 0; y < ny; ++y)
            for (int x = 0; x < nx; ++x)
                if (vol[(z * ny + y) * nx + x] != (float)(x + 2 * y + 3 * z))
                    ++errors;

    // 2D
    const int width = 70, height = 45;
    int *d_2d;
    CHECK(cudaMalloc(&d_2d, width * height * sizeof(int)));
    dim3 block2(32, 4);
    dim3 grid2((width + 31) / 32, (height + 3) / 4);
    index2d<<<grid2, block2>>>(d_2d, width, height);
    CHECK(cudaGetLastError());
    std::vector<int> out2(width * height);
    CHECK(cudaMemcpy(out2.data(), d_2d, out2.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (int r = 0; r < height; ++r)
        for (int c = 0; c < width; ++c)
            if (out2[r * width + c] != r * 1000 + c)
                ++errors;

    // 1D with dim3 built from a single value.
    const int n = 1000;
    int *d_1d;
    CHECK(cudaMalloc(&d_1d, n * sizeof(int)));
    dim3 grid1((n + 127) / 128);
    index1d<<<grid1, dim3(128)>>>(d_1d, n);
    CHECK(cudaGetLastError());
    std::vector<int> out1(n);
    CHECK(cudaMemcpy(out1.data(), d_1d, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        if (out1[i] != (int)grid1.x * 128 - i)
            ++errors;

    CHECK(cudaFree(d_info));
    CHECK(cudaFree(d_ws));
    CHECK(cudaFree(d_vol));
    CHECK(cudaFree(d_2d));
    CHECK(cudaFree(d_1d));
    CHECK(cudaDeviceReset());

    printf("%d errors\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
