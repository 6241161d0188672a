// Arrays by reference, pointers to rows of 2D __shared__ arrays (HeCBench
// histogram, expdist), arrays of vectors (aes) and brace-initialized
// struct arguments (mandelbrot).
#include <cuda_runtime.h>

__device__ void load(float (&tile)[32][33], const float *a)
{
    tile[threadIdx.y][threadIdx.x] = a[threadIdx.x];
}

__device__ float row_sum(float (*rows)[128], int r)
{
    float t = 0;
    for (int j = 0; j < 128; j++)
        t += rows[r][j];
    return t;
}

__device__ void fill_row(float (&row)[32], const float *a)
{
    row[threadIdx.x % 32] = a[threadIdx.x];
}

// Hoisted __shared__ arrays are pointers in the device function: a whole
// one passed by reference is that pointer cast (HeCBench expdist).
__device__ float staged(const float *a)
{
    __shared__ float stage[2][32]; // EXPECT: CU2CL2205
    __shared__ float flat[32]; // EXPECT: CU2CL2205
    stage[threadIdx.x % 2][threadIdx.x] = a[threadIdx.x];
    fill_row(flat, a);
    fill_row(stage[1], a);
    __syncthreads();
    return stage[0][threadIdx.x] + flat[0];
}

__device__ void decode(uchar4 p, unsigned (&bins)[3])
{
    bins[0] = p.x;
    bins[2] = p.z;
}

__global__ void tiles(const float *a, const uchar4 *px, float *out)
{
    __shared__ float tile[32][33];
    __shared__ float sm[4][128];
    __shared__ uchar4 lut[4][64];
    load(tile, a);
    float (*rows)[128] = sm;
    rows[1][threadIdx.x] = tile[threadIdx.x][0];
    uchar4 mine[4];
    mine[1] = lut[2][threadIdx.x] = px[threadIdx.x];
    unsigned bins[3];
    decode(mine[1], bins);
    out[threadIdx.x] = row_sum(sm, 0) + row_sum(rows, 1) + staged(a) + bins[0];
}

struct Point {
    int x, y;
};
__device__ int weigh(Point p, const Point q) { return p.x + q.y; }

__global__ void braces(int *out, int a)
{
    out[threadIdx.x] = weigh(Point{1, 2}, {a, 3});
}

int main() { return 0; }

// Prototypes, the kernels, then the device functions' bodies:
// CHECK-CL: void load_lg(__local float (*tile)[32][33], __global const float *a);
// CHECK-CL: void decode_p(uchar4 p, uint (*bins)[3]);
// CHECK-CL: float row_sum_l(__local float (*rows)[128], int r);
// CHECK-CL: float staged(__global const float *a, __local float (*staged_stage)[32], __local float *staged_flat);
// CHECK-CL: __local uchar4 lut[4][64];
// CHECK-CL: load_lg(&tile, a);
// CHECK-CL: __local float (*rows)[128] = sm;
// CHECK-CL: uchar4 mine[4];
// CHECK-CL: decode_p(mine[1], &bins);
// CHECK-CL: row_sum_l(sm, 0) + row_sum_l(rows, 1) + staged(a, staged_stage, staged_flat)
// CHECK-CL: out[(uint)get_local_id(0)] = weigh((Point){1, 2}, (Point){a, 3});
// CHECK-CL: (*tile)[(uint)get_local_id(1)][(uint)get_local_id(0)] = a[(uint)get_local_id(0)];
// CHECK-CL: (*bins)[0] = p.x;
// CHECK-CL: fill_row_lg((__local float (*)[32])staged_flat, a);
// CHECK-CL: fill_row_lg(&staged_stage[1], a);
// CHECK-CL-NOT: mine[4] =
// CHECK-CL-NOT: unsupported type
