// The top-k selection of a mixture-of-experts router (HeCBench moe's
// shape): cub::KeyValuePair in a block-wide reduction with cub::ArgMax,
// TempStorage of pairs in __shared__ memory, CUB's sub-headers included
// after cub.cuh, and functors that forward their arguments with
// std::forward and compare with std::max.
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <algorithm>
#include <cub/cub.cuh>
#include <cub/util_type.cuh>
#include <cub/block/block_reduce.cuh>

struct Plus {
  template <typename T, typename U>
  __device__ auto operator()(T &&t, U &&u) const
      -> decltype(std::forward<T>(t) + std::forward<U>(u)) {
    return std::forward<T>(t) + std::forward<U>(u);
  }
};

template <int TPB>
__global__ void topk(const float *scores, int experts, int k, int *picked,
                     float *sums, int *lowest) {
  using kvp = cub::KeyValuePair<int, float>;
  using Reduce = cub::BlockReduce<kvp, TPB>;
  using SumReduce = cub::BlockReduce<float, TPB>;
  __shared__ typename Reduce::TempStorage tmp;
  __shared__ typename SumReduce::TempStorage stmp;
  const float *row = scores + blockIdx.x * experts;
  cub::ArgMax arg_max;
  cub::ArgMin arg_min;
  for (int j = 0; j < k; j++) {
    kvp best(0, -1.f);
    for (int x = threadIdx.x; x < experts; x += TPB) {
      kvp in(x, row[x]);
      for (int p = 0; p < j; p++)
        if (picked[blockIdx.x * k + p] == x)
          in = best;
      best = arg_max(in, best);
    }
    kvp r = Reduce(tmp).Reduce(best, arg_max);
    if (threadIdx.x == 0)
      picked[blockIdx.x * k + j] = r.key;
    __syncthreads();
  }
  kvp low(experts, 1e30f);
  float partial = 0.f;
  for (int x = threadIdx.x; x < experts; x += TPB) {
    low = arg_min(kvp(x, row[x]), low);
    partial = Plus()(partial, std::max(row[x], 0.25f));
  }
  kvp lo = Reduce(tmp).Reduce(low, arg_min);
  float s = SumReduce(stmp).Reduce(partial, Plus());
  if (threadIdx.x == 0) {
    lowest[blockIdx.x] = lo.key;
    sums[blockIdx.x] = s;
  }
}

int main() {
  const int rows = 8, experts = 100, k = 3;
  float *h = (float *)malloc(rows * experts * sizeof(float));
  for (int r = 0; r < rows; r++)
    for (int x = 0; x < experts; x++) // ties on purpose: equal values
      h[r * experts + x] = (float)(((x * 37 + r * 11) % 50)) / 50.f;
  float *d, *dsums;
  int *dpicked, *dlow;
  cudaMalloc(&d, rows * experts * sizeof(float));
  cudaMalloc(&dsums, rows * sizeof(float));
  cudaMalloc(&dpicked, rows * k * sizeof(int));
  cudaMalloc(&dlow, rows * sizeof(int));
  cudaMemcpy(d, h, rows * experts * sizeof(float), cudaMemcpyHostToDevice);
  topk<64><<<rows, 64>>>(d, experts, k, dpicked, dsums, dlow);
  int picked[rows * k], low[rows];
  float sums[rows];
  cudaMemcpy(picked, dpicked, sizeof picked, cudaMemcpyDeviceToHost);
  cudaMemcpy(low, dlow, sizeof low, cudaMemcpyDeviceToHost);
  cudaMemcpy(sums, dsums, sizeof sums, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int r = 0; r < rows; r++) {
    const float *row = h + r * experts;
    int used[experts] = {0};
    for (int j = 0; j < k; j++) { // the first largest not picked before
      int b = -1;
      for (int x = 0; x < experts; x++)
        if (!used[x] && (b < 0 || row[x] > row[b]))
          b = x;
      used[b] = 1;
      bad += picked[r * k + j] != b;
    }
    int l = 0;
    float s = 0;
    for (int x = 0; x < experts; x++) {
      if (row[x] < row[l])
        l = x;
      s += std::max(row[x], 0.25f);
    }
    bad += low[r] != l;
    bad += sums[r] < s - 1e-3f || sums[r] > s + 1e-3f;
  }
  printf("picked %d %d %d, lowest %d, sum %.3f\n", picked[0], picked[1],
         picked[2], low[0], sums[0]);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
