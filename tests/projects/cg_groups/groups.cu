// Generic thread_group handles, coalesced_threads() and tile collectives
// under branches that keep whole tiles, each checked per thread against a
// reference computed here on the host from CUDA's definitions. Blocks of
// 48 threads end in a partial warp.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

namespace cg = cooperative_groups;

#define BLOCK 48
#define BLOCKS 3

// A reduction over any group through shared memory, as cuda-samples'
// simpleCooperativeGroups writes it: the group's rank 0 gets the sum.
__device__ int groupSum(cg::thread_group g, int *x, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = val;
    g.sync();
    if (lane < i)
      val += x[lane + i];
    g.sync();
  }
  return g.thread_rank() == 0 ? val : -1;
}

// The same group through a const reference and the free functions.
__device__ int describe(const cg::thread_group &g) {
  cg::sync(g);
  return (int)cg::thread_rank(g) * 100 + (int)cg::group_size(g);
}

// out: per thread, 6 values; n: a tile size known only at run time.
__global__ void groups(int *out, int n) {
  __shared__ int ws[BLOCK];
  cg::thread_block block = cg::this_thread_block();
  int t = block.thread_rank();
  int *o = out + (blockIdx.x * BLOCK + t) * 6;
  o[0] = groupSum(block, ws, t + 1);
  block.sync();
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  int base = t - t16.thread_rank();
  o[1] = groupSum(t16, ws + base, t + 1);
  block.sync();
  cg::thread_group dyn = cg::tiled_partition(block, n);
  base = t - dyn.thread_rank();
  o[2] = groupSum(dyn, ws + base, t + 1);
  o[3] = describe(dyn);
  cg::thread_group sub = cg::tiled_partition(dyn, n / 2);
  o[4] = describe(sub) + 10000 * (int)sub.num_threads();
  o[5] = describe(block);
}

// The warp-aggregated atomic: a slot per thread whose value is positive,
// taken from one counter per warp's group of active threads.
__device__ int aggInc(int *ctr) {
  cg::coalesced_group g = cg::coalesced_threads();
  int first = 0;
  if (g.thread_rank() == 0)
    first = atomicAdd(ctr, g.size());
  return g.shfl(first, 0) + g.thread_rank();
}

__global__ void compact(int *dst, int *count, const int *src, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0)
    dst[aggInc(count)] = src[i];
}

// The active lanes under nested branches and at the top level; out: per
// thread, 7 values (-1 where the thread is not active).
__global__ void active(int *out, const int *src) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  int v = src[i];
  int *o = out + i * 7;
  cg::coalesced_group all = cg::coalesced_threads();
  o[0] = all.size() * 100 + all.thread_rank();
  if (v % 3 != 0) {
    cg::coalesced_group g = cg::coalesced_threads();
    o[1] = g.size() * 100 + g.thread_rank();
    o[2] = cg::reduce(g, v, cg::plus<int>());
    o[3] = g.ballot(v > 50);
    o[4] = g.any(v > 90) * 10 + g.all(v > 0);
    o[5] = g.shfl_down(v, 1);
    if (v % 2 == 0) {
      cg::coalesced_group h = cg::coalesced_threads();
      o[6] = h.size() * 100 + h.thread_rank();
    }
  }
}

// Tile collectives under branches that keep whole tiles: the first 8 or
// 16 threads, the reduction's trip count from the tile's size.
__global__ void rows(const double *in, double *sums) {
  cg::thread_block cta = cg::this_thread_block();
  if (threadIdx.x < 8) {
    cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(cta);
    double s = in[blockIdx.x * BLOCK + threadIdx.x];
    for (int off = tile8.size() / 2; off > 0; off /= 2)
      s += tile8.shfl_down(s, off);
    if (tile8.thread_rank() == 0)
      sums[blockIdx.x * 3] = s;
  }
  if (threadIdx.x >= 16) {
    cg::thread_block_tile<16> tile16 = cg::tiled_partition<16>(cta);
    double s = in[blockIdx.x * BLOCK + threadIdx.x];
    for (int off = tile16.num_threads() / 2; off > 0; off >>= 1)
      s += tile16.shfl_xor(s, off);
    if (tile16.thread_rank() == 0)
      sums[blockIdx.x * 3 + 1 + tile16.meta_group_rank() - 1] = s;
  }
}

// ---- the reference ----------------------------------------------------

// groupSum's tree over first + 1 .. first + size, as the device runs it
// (for a size that is not a power of two it leaves some values out).
static int tree(int first, int size) {
  std::vector<int> x(size);
  for (int i = 0; i < size; i++)
    x[i] = first + 1 + i;
  for (int i = size / 2; i > 0; i /= 2)
    for (int l = 0; l < i; l++)
      x[l] += x[l + i];
  return x[0];
}

static int check_groups(const std::vector<int> &out, int n) {
  int bad = 0;
  for (int b = 0; b < BLOCKS; b++)
    for (int t = 0; t < BLOCK; t++) {
      const int *o = &out[(b * BLOCK + t) * 6];
      int d = t % n, s = t % (n / 2);
      int want[6] = {t == 0 ? tree(0, BLOCK) : -1,
                     t % 16 == 0 ? tree(t, 16) : -1,
                     d == 0 ? tree(t, n) : -1,
                     d * 100 + n,
                     s * 100 + n / 2 + 10000 * (n / 2),
                     t * 100 + BLOCK};
      for (int k = 0; k < 6; k++)
        if (o[k] != want[k] && bad++ < 5)
          printf("groups: block %d thread %d value %d: %d, expected %d\n", b,
                 t, k, o[k], want[k]);
    }
  return bad;
}

static int check_compact(const std::vector<int> &src, std::vector<int> dst,
                         int count) {
  std::vector<int> want;
  for (int v : src)
    if (v > 0)
      want.push_back(v);
  std::vector<int> got(dst.begin(), dst.begin() + count);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  if (got == want)
    return 0;
  printf("compact: %d values, expected %zu\n", count, want.size());
  return 1;
}

static int check_active(const std::vector<int> &src,
                        const std::vector<int> &out) {
  int bad = 0;
  for (int w = 0; w < BLOCKS * 2; w++) { /* two warps a block */
    int first = w / 2 * BLOCK + w % 2 * 32;
    int last = w % 2 ? first + BLOCK - 32 : first + 32;
    int n1 = 0, sum = 0, ballot = 0, any = 0, all = 1;
    std::vector<int> g;
    for (int i = first; i < last; i++)
      if (src[i] % 3 != 0) {
        ballot |= (src[i] > 50) << n1++;
        sum += src[i];
        any |= src[i] > 90;
        all &= src[i] > 0;
        g.push_back(i);
      }
    for (int i = first, r0 = 0, r1 = 0, r2 = 0; i < last; i++) {
      const int *o = &out[i * 7];
      int want[7] = {(last - first) * 100 + r0++, -1, -1, -1, -1, -1, -1};
      if (src[i] % 3 != 0) {
        int k = 0;
        while (g[k] != i)
          k++;
        want[1] = n1 * 100 + r1++;
        want[2] = sum;
        want[3] = ballot;
        want[4] = any * 10 + all;
        want[5] = src[k + 1 < n1 ? g[k + 1] : i];
        if (src[i] % 2 == 0) {
          int n3 = 0;
          for (int j : g)
            n3 += src[j] % 2 == 0;
          want[6] = n3 * 100 + r2++;
        }
      }
      for (int k = 0; k < 7; k++)
        if (o[k] != want[k] && bad++ < 5)
          printf("active: thread %d value %d: %d, expected %d\n", i, k, o[k],
                 want[k]);
    }
  }
  return bad;
}

static int check_rows(const std::vector<double> &in,
                      const std::vector<double> &sums) {
  int bad = 0;
  for (int b = 0; b < BLOCKS; b++)
    for (int k = 0; k < 3; k++) {
      int from = k == 0 ? 0 : 16 * k, len = k == 0 ? 8 : 16;
      double want = 0;
      for (int i = 0; i < len; i++)
        want += in[b * BLOCK + from + i];
      if (sums[b * 3 + k] != want && bad++ < 5)
        printf("rows: block %d sum %d: %g, expected %g\n", b, k,
               sums[b * 3 + k], want);
    }
  return bad;
}

template <class T> static T *upload(const std::vector<T> &v) {
  T *d;
  cudaMalloc(&d, v.size() * sizeof(T));
  cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

template <class T> static std::vector<T> download(const T *d, size_t n) {
  std::vector<T> v(n);
  cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return v;
}

int main() {
  const int threads = BLOCKS * BLOCK;
  int bad = 0;
  std::vector<int> zeros(threads * 7, -1);
  for (int n = 4; n <= 16; n *= 2) {
    int *d_out = upload(zeros);
    groups<<<BLOCKS, BLOCK>>>(d_out, n);
    bad += check_groups(download(d_out, threads * 6), n);
    cudaFree(d_out);
  }
  std::vector<int> src(threads);
  for (int i = 0; i < threads; i++)
    src[i] = (i * 37 + 11) % 101 - 20;
  int *d_src = upload(src), *d_dst = upload(zeros);
  int *d_count = upload(std::vector<int>(1, 0));
  compact<<<BLOCKS, BLOCK>>>(d_dst, d_count, d_src, threads - 5);
  std::vector<int> cut(src.begin(), src.end() - 5);
  bad += check_compact(cut, download(d_dst, threads),
                       download(d_count, 1)[0]);
  for (int i = 0; i < threads; i++)
    src[i] = (i * 53 + 7) % 97 + 1;
  int *d_src2 = upload(src), *d_act = upload(zeros);
  active<<<BLOCKS, BLOCK>>>(d_act, d_src2);
  bad += check_active(src, download(d_act, threads * 7));
  std::vector<double> in(threads);
  for (int i = 0; i < threads; i++)
    in[i] = (i % 13) * 0.5;
  double *d_in = upload(in), *d_sums = upload(std::vector<double>(9, 0.0));
  rows<<<BLOCKS, BLOCK>>>(d_in, d_sums);
  bad += check_rows(in, download(d_sums, 9));
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
