// Warp operations in loops whose trip count is the same for the lanes of
// a warp but differs between the warps of a block: one warp per row of a
// matrix, a warp that stops when all its lanes are done, continue and
// break taken by whole warps. Correct CUDA; where warps are emulated with
// work-group barriers every work-item must run the loop as often as the
// longest warp of its group, or the barriers pair up wrongly (CU2CL3003).
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(FULL, v, o);
  return v;
}

// one warp per row, rows handed out grid-wide
__global__ void rowSums(const float *a, int rows, int cols, float *out) {
  int lane = threadIdx.x % 32;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int nwarps = gridDim.x * blockDim.x / 32;
  for (int row = warp; row < rows; row += nwarps) {
    float s = 0.f;
    for (int c = lane; c < cols; c += 32)
      s += a[row * cols + c];
    s = warpSum(s);
    if (lane == 0)
      out[row] = s;
  }
}

// rows whose index is a multiple of 3 are skipped (continue), and a row
// holding a negative value ends the warp's work (break); the skipped and
// unreached rows keep -1
__global__ void rowSumsJumps(const float *a, int rows, int cols, float *out) {
  int lane = threadIdx.x % 32;
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int nwarps = gridDim.x * blockDim.x / 32;
  for (; row < rows; row += nwarps) {
    if (row % 3 == 0)
      continue;
    float v = lane < cols ? a[row * cols + lane] : 0.f;
    if (__any_sync(FULL, v < 0.f))
      break;
    float s = warpSum(v);
    if (lane == 0)
      out[row] = s;
  }
}

// each warp halves its values until all of its lanes are below 1: warps
// with larger values go round more often (while and do-while)
__global__ void halve(const float *in, float *out, int *rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int n = 0;
  while (__any_sync(FULL, v >= 1.f)) {
    v = v * 0.5f;
    n++;
  }
  int m = 0;
  do {
    m += __shfl_sync(FULL, 1, 0);
  } while (m < n);
  out[i] = v;
  if (threadIdx.x % 32 == 0)
    rounds[i / 32] = n * 100 + m;
}

// a warp-uniform trip count inside a branch only some warps take
__global__ void countsInBranch(const int *counts, float *out) {
  float v = 1.f;
  int warp = threadIdx.x / 32;
  if (warp != 1) {
    for (int k = 0; k < counts[warp]; k++)
      v = warpSum(v) / 32.f + 1.f;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

static int check(const char *what, int bad) {
  printf("%s: %s\n", what, bad ? "FAIL" : "ok");
  return bad;
}

int main() {
  const int rows = 37, cols = 30, block = 128, grid = 2;
  float ha[rows * cols], hout[rows], want[rows];
  for (int i = 0; i < rows * cols; i++)
    ha[i] = (float)(i % 7);
  ha[29 * cols + 5] = -1.f; // row 29 stops the warp that reaches it
  float *a, *out;
  cudaMalloc(&a, sizeof ha);
  cudaMalloc(&out, sizeof hout);
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
  int bad = 0;

  rowSums<<<grid, block>>>(a, rows, cols, out);
  cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost);
  int nb = 0;
  for (int r = 0; r < rows; r++) {
    want[r] = 0.f;
    for (int c = 0; c < cols; c++)
      want[r] += ha[r * cols + c];
    nb += hout[r] != want[r];
  }
  bad |= check("rowSums", nb);

  for (int r = 0; r < rows; r++)
    hout[r] = -1.f;
  cudaMemcpy(out, hout, sizeof hout, cudaMemcpyHostToDevice);
  rowSumsJumps<<<grid, block>>>(a, rows, cols, out);
  cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost);
  nb = 0;
  const int nwarps = grid * block / 32;
  for (int r = 0; r < rows; r++) {
    // the warp of row r stops at row 29 if it would reach it first
    int stopped = r % nwarps == 29 % nwarps && r > 29;
    float w = (r % 3 == 0 || r == 29 || stopped) ? -1.f : want[r];
    nb += hout[r] != w;
  }
  bad |= check("rowSumsJumps", nb);

  const int n = 256;
  float hin[n], hv[n];
  int hr[n / 32];
  for (int i = 0; i < n; i++)
    hin[i] = (float)((i / 32) * (i / 32) * 3 + (i % 5));
  float *in, *v;
  int *rounds;
  cudaMalloc(&in, sizeof hin);
  cudaMalloc(&v, sizeof hv);
  cudaMalloc(&rounds, sizeof hr);
  cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice);
  halve<<<2, 128>>>(in, v, rounds);
  cudaMemcpy(hv, v, sizeof hv, cudaMemcpyDeviceToHost);
  cudaMemcpy(hr, rounds, sizeof hr, cudaMemcpyDeviceToHost);
  nb = 0;
  for (int w = 0; w < n / 32; w++) {
    int k = 0;
    float mx = 0.f;
    for (int l = 0; l < 32; l++)
      mx = hin[w * 32 + l] > mx ? hin[w * 32 + l] : mx;
    while (mx >= 1.f) {
      mx *= 0.5f;
      k++;
    }
    int m = k > 1 ? k : 1;
    nb += hr[w] != k * 100 + m;
    for (int l = 0; l < 32; l++) {
      float x = hin[w * 32 + l];
      for (int j = 0; j < k; j++)
        x *= 0.5f;
      nb += hv[w * 32 + l] != x;
    }
  }
  bad |= check("halve", nb);

  int hc[4] = {3, 9, 0, 5};
  int *counts;
  cudaMalloc(&counts, sizeof hc);
  cudaMemcpy(counts, hc, sizeof hc, cudaMemcpyHostToDevice);
  countsInBranch<<<2, 128>>>(counts, v);
  cudaMemcpy(hv, v, sizeof hv, cudaMemcpyDeviceToHost);
  nb = 0;
  for (int i = 0; i < n; i++) {
    int w = (i % 128) / 32;
    float x = 1.f;
    if (w != 1)
      for (int k = 0; k < hc[w]; k++)
        x = x + 1.f;
    nb += hv[i] != x;
  }
  bad |= check("countsInBranch", nb);

  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
