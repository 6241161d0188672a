// transpose_shared.cu - matrix transpose through a padded shared-memory tile.
//
// Covers: 2D indexing with a non-square block (32 x 8, each thread moving
// several rows), a static 2D __shared__ array padded by one column to avoid
// bank conflicts, __syncthreads between the load and store phases, a naive
// kernel for comparison, and a matrix whose sides are not tile multiples.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err = call;                                              \
        if (err != cudaSuccess) {                                            \
            fprintf(stderr, "CUDA error in %s at line %d: %s\n", __FILE__,   \
                    __LINE__, cudaGetErrorString(err));                      \
            printf("FAIL\n");                                                \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

#define TILE_DIM 32
#define BLOCK_ROWS 8

// out (cols x rows) = transpose of in (rows x cols)
__global__ void transposeNaive(int *out, const int *in, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < cols && y + j < rows)
            out[x * rows + (y + j)] = in[(y + j) * cols + x];
    }
}

__global__ void transposeShared(int *out, const int *in, int rows, int cols)
{
    __shared__ int tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    }

    __syncthreads();

    // Swap the block coordinates: this block writes the mirrored tile.
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

int main()
{
    const int rows = 200, cols = 136;
    const size_t bytes = (size_t)rows * cols * sizeof(int);
    printf("transpose_shared: %d x %d int matrix, naive and shared-tile transpose\n",
           rows, cols);

    std::vector<int> h_in(rows * cols), h_out(rows * cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            h_in[r * cols + c] = r * 1000 + c;

    int *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, bytes));
    CHECK(cudaMalloc(&d_out, bytes));
    CHECK(cudaMemcpy(d_in, h_in.data(), bytes, cudaMemcpyHostToDevice));

    dim3 block(TILE_DIM, BLOCK_ROWS);
    dim3 grid((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);

    int errors = 0;
    for (int variant = 0; variant < 2; ++variant) {
        CHECK(cudaMemset(d_out, 0xFF, bytes));
        if (variant == 0)
            transposeNaive<<<grid, block>>>(d_out, d_in, rows, cols);
        else
            transposeShared<<<grid, block>>>(d_out, d_in, rows, cols);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(h_out.data(), d_out, bytes, cudaMemcpyDeviceToHost));

        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                int got = h_out[c * rows + r];
                if (got != h_in[r * cols + c]) {
                    if (errors < 5)
                        fprintf(stderr, "%s: out[%d][%d] = %d, expected %d\n",
                                variant ? "shared" : "naive", c, r, got,
                                h_in[r * cols + c]);
                    ++errors;
                }
            }
    }

    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaDeviceReset());

    printf("%d mismatches\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
