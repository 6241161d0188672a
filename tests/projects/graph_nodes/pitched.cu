// Pitched and 3D memory: cudaMallocPitch with cudaMemcpy2D and
// cudaMemset2D, a kernel indexing rows by the pitch, cudaMalloc3D with
// cudaMemcpy3D between sub-boxes at positions, and cudaMemset3D.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));      \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__global__ void add_row_index(float *m, size_t pitch, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < w && y < h) {
    float *row = (float *)((char *)m + y * pitch);
    row[x] += (float)(y * 1000);
  }
}

__global__ void box_sum(cudaPitchedPtr box, int w, int h, int d, float *sum) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x < w && y < h && z < d) {
    char *slice = (char *)box.ptr + z * box.pitch * box.ysize;
    float *row = (float *)(slice + y * box.pitch);
    atomicAdd(sum, row[x]);
  }
}

static int check_2d() {
  const int w = 45, h = 9;
  float src[h][w], back[h][w];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      src[y][x] = (float)x;
  float *m;
  size_t pitch;
  CHECK(cudaMallocPitch(&m, &pitch, w * sizeof(float), h));
  printf("pitch %zu for rows of %zu bytes\n", pitch, w * sizeof(float));
  if (pitch < w * sizeof(float))
    return 1;
  CHECK(cudaMemset2D(m, pitch, 0, w * sizeof(float), h));
  CHECK(cudaMemcpy2D(m, pitch, src, w * sizeof(float), (w - 5) * sizeof(float),
                     h, cudaMemcpyHostToDevice));
  add_row_index<<<dim3((w + 63) / 64, h), 64>>>(m, pitch, w, h);
  CHECK(cudaMemcpy2D(back, w * sizeof(float), m, pitch, w * sizeof(float), h,
                     cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (back[y][x] != (x < w - 5 ? (float)x : 0.0f) + y * 1000)
        bad++;
  CHECK(cudaFree(m));
  printf("2D: %d mismatches\n", bad);
  return bad != 0;
}

static int check_3d() {
  const int W = 12, H = 5, D = 4;
  static float host[D][H][W], back[D][H][W];
  for (int z = 0; z < D; z++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        host[z][y][x] = (float)(z * 100 + y * 10 + x);
  cudaExtent extent = make_cudaExtent(W * sizeof(float), H, D);
  cudaPitchedPtr dev;
  CHECK(cudaMalloc3D(&dev, extent));
  CHECK(cudaMemset3D(dev, 0, extent));
  // the 4x3x2 box at (1, 1, 1) of host goes to (0, 2, 2) on the device
  cudaMemcpy3DParms p = {0};
  p.srcPtr = make_cudaPitchedPtr(host, W * sizeof(float), W, H);
  p.srcPos = make_cudaPos(1 * sizeof(float), 1, 1);
  p.dstPtr = dev;
  p.dstPos = make_cudaPos(0, 2, 2);
  p.extent = make_cudaExtent(4 * sizeof(float), 3, 2);
  p.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&p));
  float *sum;
  CHECK(cudaMalloc(&sum, sizeof(float)));
  CHECK(cudaMemset(sum, 0, sizeof(float)));
  box_sum<<<dim3(H, D), W>>>(dev, W, H, D, sum);
  float total = 0, expect = 0;
  CHECK(cudaMemcpy(&total, sum, sizeof(float), cudaMemcpyDeviceToHost));
  cudaMemcpy3DParms q = {0};
  q.srcPtr = dev;
  q.dstPtr = make_cudaPitchedPtr(back, W * sizeof(float), W, H);
  q.extent = extent;
  q.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaMemcpy3D(&q));
  int bad = 0;
  for (int z = 0; z < D; z++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
        int in = z >= 2 && y >= 2 && x < 4;
        float want = in ? host[z - 1][y - 1][x + 1] : 0.0f;
        expect += want;
        if (back[z][y][x] != want)
          bad++;
      }
  if (total != expect)
    bad++;
  printf("3D: %d mismatches, sum %.0f\n", bad, total);
  CHECK(cudaFree(dev.ptr));
  CHECK(cudaFree(sum));
  return bad != 0;
}

int main() {
  int failed = check_2d() + check_3d();
  printf(failed ? "FAIL\n" : "PASS\n");
  return failed;
}
