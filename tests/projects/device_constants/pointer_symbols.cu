// __constant__ and __device__ variables that hold device pointers, set with
// cudaMemcpyToSymbol from the host's cudaMalloc'd pointers (HeCBench egs):
// a pointer, an array of pointers, a 2D array of pointers through a
// typedef, and a pointer to arrays; read in the kernel and in a device
// function, the memory they point to written through them; the address of
// a whole array symbol of pointers chosen into a local pointer to it, and
// an array of pointers decayed into a local pointer to pointer.
#include <cstdio>
#include <cuda_runtime.h>

#define ROWS 2
#define COLS 3
#define N 32
typedef float *table_t[ROWS][COLS];

__constant__ int *counts;
__constant__ double *totals[ROWS];
__constant__ table_t tables, other;
__device__ float *scratch;
__constant__ int (*blocks)[N];

__device__ void accumulate(int r, int c, float v) {
  tables[r][c][threadIdx.x] += v;
  totals[r][threadIdx.x] += (double)v;
}

__global__ void spread() {
  int t = threadIdx.x;
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      accumulate(r, c, (float)(r * 10 + c + t));
  scratch[t] = tables[1][2][t] * 2.0f;
  atomicAdd(&counts[t % 4], 1);
  blocks[1][t] = blocks[0][t] + t;
}

// One of two whole tables through a pointer to it (HeCBench egs' summing
// kernel), weighted by position so that the two give different sums.
__global__ void weigh(int which, float *out) {
  table_t *t;
  if (which)
    t = &tables;
  else
    t = &other;
  double **tot = totals;
  float acc = 0.0f;
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      acc += (*t)[r][c][threadIdx.x] * (float)(r * COLS + c + 1);
  out[threadIdx.x] = acc + (float)tot[1][threadIdx.x];
}

int main() {
  float *h_tables[ROWS][COLS];
  double *h_totals[ROWS];
  int *h_counts, (*h_blocks)[N];
  float *h_scratch;
  for (int r = 0; r < ROWS; r++) {
    for (int c = 0; c < COLS; c++) {
      cudaMalloc(&h_tables[r][c], N * sizeof(float));
      cudaMemset(h_tables[r][c], 0, N * sizeof(float));
    }
    cudaMalloc(&h_totals[r], N * sizeof(double));
    cudaMemset(h_totals[r], 0, N * sizeof(double));
  }
  cudaMalloc(&h_counts, 4 * sizeof(int));
  cudaMemset(h_counts, 0, 4 * sizeof(int));
  cudaMalloc(&h_scratch, N * sizeof(float));
  cudaMalloc(&h_blocks, 2 * N * sizeof(int));
  int first[N];
  for (int t = 0; t < N; t++)
    first[t] = 100 + t;
  cudaMemcpy(h_blocks, first, sizeof first, cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(tables, &h_tables, sizeof(table_t));
  cudaMemcpyToSymbol(totals, h_totals, sizeof h_totals);
  cudaMemcpyToSymbol(counts, &h_counts, sizeof h_counts);
  cudaMemcpyToSymbol(scratch, &h_scratch, sizeof h_scratch);
  cudaMemcpyToSymbol(blocks, &h_blocks, sizeof h_blocks);
  float *h_other[ROWS][COLS], *h_out;
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      h_other[r][c] = h_tables[ROWS - 1 - r][COLS - 1 - c];
  cudaMemcpyToSymbol(other, &h_other, sizeof(table_t));
  cudaMalloc(&h_out, 2 * N * sizeof(float));
  spread<<<1, N>>>();
  weigh<<<1, N>>>(1, h_out);
  weigh<<<1, N>>>(0, h_out + N);
  int bad = cudaDeviceSynchronize() != cudaSuccess;
  float weighed[2 * N];
  cudaMemcpy(weighed, h_out, sizeof weighed, cudaMemcpyDeviceToHost);
  for (int t = 0; t < N; t++) {
    float want[2] = {0.0f, 0.0f};
    for (int r = 0; r < ROWS; r++)
      for (int c = 0; c < COLS; c++) {
        float w = (float)(r * COLS + c + 1);
        want[0] += (float)(r * 10 + c + t) * w;
        want[1] += (float)((ROWS - 1 - r) * 10 + (COLS - 1 - c) + t) * w;
      }
    for (int i = 0; i < 2; i++)
      bad |= weighed[i * N + t] != want[i] + (float)(3 * (10 + t) + 3);
  }
  float row[N], s[N];
  double tot[N];
  int cnt[4], second[N];
  for (int r = 0; r < ROWS; r++) {
    for (int c = 0; c < COLS; c++) {
      cudaMemcpy(row, h_tables[r][c], sizeof row, cudaMemcpyDeviceToHost);
      for (int t = 0; t < N; t++)
        bad |= row[t] != (float)(r * 10 + c + t);
    }
    cudaMemcpy(tot, h_totals[r], sizeof tot, cudaMemcpyDeviceToHost);
    for (int t = 0; t < N; t++)
      bad |= tot[t] != (double)(3 * (r * 10 + t) + 3);
  }
  cudaMemcpy(s, h_scratch, sizeof s, cudaMemcpyDeviceToHost);
  cudaMemcpy(cnt, h_counts, sizeof cnt, cudaMemcpyDeviceToHost);
  cudaMemcpy(second, h_blocks[1], sizeof second, cudaMemcpyDeviceToHost);
  for (int t = 0; t < N; t++)
    bad |= s[t] != 2.0f * (float)(12 + t) || second[t] != 100 + 2 * t;
  for (int i = 0; i < 4; i++)
    bad |= cnt[i] != N / 4;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
