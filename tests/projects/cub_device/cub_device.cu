// CUB's device-wide algorithms as programs call them: the two-call
// temporary-storage protocol, a stream, a fancy iterator, flags of another
// type, a DoubleBuffer sort. Each result is checked on the host.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cub/cub.cuh>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      printf("%s: %s\n", #call, cudaGetErrorString(e));                        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// a user's __device__ operator (CUDA 13's CUB no longer has cub::Max);
// cu2clrt runs it on the host, so it stays in host code
struct MaxOp {
  __device__ int operator()(int a, int b) const {
    return a < b ? b : a;
  }
};

__global__ void mark(const int *in, unsigned char *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    flags[i] = in[i] % 3 == 0;
}

int main() {
  const int n = 10000;
  std::vector<int> h(n);
  for (int i = 0; i < n; i++)
    h[i] = (i * 7919) % 1000 - 500;
  int *d_in, *d_out, *d_sum, *d_num;
  unsigned char *d_flags;
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMalloc(&d_sum, sizeof(int)));
  CHECK(cudaMalloc(&d_num, sizeof(int)));
  CHECK(cudaMalloc(&d_flags, n));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  // the sum, on a stream
  void *d_temp = NULL;
  size_t temp_bytes = 0;
  CHECK(cub::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_sum, n, s));
  CHECK(cudaMalloc(&d_temp, temp_bytes));
  CHECK(cub::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_sum, n, s));
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaFree(d_temp));
  int sum, want_sum = 0;
  CHECK(cudaMemcpy(&sum, d_sum, sizeof sum, cudaMemcpyDeviceToHost));
  for (int v : h)
    want_sum += v;

  // a running maximum
  d_temp = NULL;
  CHECK(cub::DeviceScan::ExclusiveScan(d_temp, temp_bytes, d_in, d_out,
                                       MaxOp(), -1000, n));
  CHECK(cudaMalloc(&d_temp, temp_bytes));
  CHECK(cub::DeviceScan::ExclusiveScan(d_temp, temp_bytes, d_in, d_out,
                                       MaxOp(), -1000, n));
  CHECK(cudaFree(d_temp));
  std::vector<int> scan(n);
  CHECK(cudaMemcpy(scan.data(), d_out, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  int ok_scan = 1, run = -1000;
  for (int i = 0; i < n; i++) {
    ok_scan &= scan[i] == run;
    run = std::max(run, h[i]);
  }

  // stream compaction by flags a kernel wrote
  mark<<<(n + 255) / 256, 256>>>(d_in, d_flags, n);
  d_temp = NULL;
  CHECK(cub::DeviceSelect::Flagged(d_temp, temp_bytes, d_in, d_flags, d_out,
                                   d_num, n));
  CHECK(cudaMalloc(&d_temp, temp_bytes));
  CHECK(cub::DeviceSelect::Flagged(d_temp, temp_bytes, d_in, d_flags, d_out,
                                   d_num, n));
  CHECK(cudaFree(d_temp));
  int num;
  CHECK(cudaMemcpy(&num, d_num, sizeof num, cudaMemcpyDeviceToHost));
  std::vector<int> kept(num > 0 ? num : 1), want_kept;
  CHECK(cudaMemcpy(kept.data(), d_out, num * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int v : h)
    if (v % 3 == 0)
      want_kept.push_back(v);
  kept.resize(num);

  // a sort through a DoubleBuffer
  cub::DoubleBuffer<int> keys(d_in, d_out);
  d_temp = NULL;
  CHECK(cub::DeviceRadixSort::SortKeys(d_temp, temp_bytes, keys, n));
  CHECK(cudaMalloc(&d_temp, temp_bytes));
  CHECK(cub::DeviceRadixSort::SortKeys(d_temp, temp_bytes, keys, n));
  CHECK(cudaFree(d_temp));
  std::vector<int> sorted(n), want_sorted = h;
  CHECK(cudaMemcpy(sorted.data(), keys.Current(), n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  std::sort(want_sorted.begin(), want_sorted.end());

  int ok = sum == want_sum && ok_scan && kept == want_kept &&
           sorted == want_sorted;
  printf("sum %d (%d) scan %d kept %d (%zu) sorted %d: %s\n", sum, want_sum,
         ok_scan, num, want_kept.size(), sorted == want_sorted,
         ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
