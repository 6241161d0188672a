// Coalesced groups made by cg::binary_partition and cg::labeled_partition:
// every method and collective, per thread, against a reference computed
// here on the host from CUDA's definitions (the lanes of one warp with the
// same predicate or label form a group; ranks count the group's lanes from
// the lowest; meta ranks as CUDA's partitions set them). Blocks of 48
// threads end in a partial warp whose missing lanes belong to no group.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

namespace cg = cooperative_groups;

enum { F_RANK, F_SIZE, F_META, F_METASZ, F_SUM, F_MIN, F_FIRST, F_DOWN,
       F_UP, F_BALLOT, F_ANY, F_ALL, F_FSUM, NF };

__device__ void record(cg::coalesced_group g, int v, int *o) {
  o[F_RANK] = g.thread_rank();
  o[F_SIZE] = g.size();
  o[F_META] = g.meta_group_rank();
  o[F_METASZ] = g.meta_group_size();
  o[F_MIN] = cg::reduce(g, v, cg::less<int>());
  o[F_FIRST] = g.shfl(v, 0);
  o[F_DOWN] = g.shfl_down(v, 1);
  o[F_UP] = g.shfl_up(v, 2);
  o[F_BALLOT] = g.ballot(v > 20);
  o[F_ANY] = g.any(v > 45);
  o[F_ALL] = g.all(v > 3);
  o[F_FSUM] = (int)cg::reduce(g, (float)v, cg::plus<float>());
  g.sync();
}

// Odd and even values, as cuda-samples' binaryPartitionCG splits them; the
// sums are taken in branches only one group takes.
__global__ void oddEven(const int *in, int *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  auto sub = cg::binary_partition(tile, v & 1);
  int *o = out + i * NF;
  if (v & 1)
    o[F_SUM] = cg::reduce(sub, v, cg::plus<int>());
  else
    o[F_SUM] = cg::reduce(sub, v, cg::plus<int>()) + 1000;
  record(sub, v, o);
}

// Many labels in 16-wide tiles, and a label partition of a binary one.
__global__ void labels(const int *in, int *out, int *out2, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  cg::coalesced_group g = cg::labeled_partition(tile, v % 5);
  out[i * NF + F_SUM] = cg::reduce(g, v, cg::plus<int>());
  record(g, v, out + i * NF);
  cg::coalesced_group big = cg::binary_partition(tile, v >= 25);
  cg::coalesced_group g2 = cg::labeled_partition(big, (long long)(v % 3));
  out2[i * NF + F_SUM] = cg::reduce(g2, v, cg::plus<int>());
  record(g2, v, out2 + i * NF);
}

// ---- the reference -------------------------------------------------------

struct Group {
  unsigned mask, meta, metasz;
};

static int rank_in(unsigned m, int lane) {
  return __builtin_popcount(m & ((1u << lane) - 1u));
}

static int lane_of(unsigned m, int r) {
  for (int l = 0; l < 32; l++)
    if (((m >> l) & 1u) && r-- == 0)
      return l;
  return 31;
}

static void expect(const int *v, int base, Group g, int lane, int *o) {
  unsigned m = g.mask;
  int r = rank_in(m, lane), sz = __builtin_popcount(m);
  int sum = 0, mn = 1 << 30, ballot = 0, any = 0, all = 1;
  for (int l = 0, k = 0; l < 32; l++) {
    if (!((m >> l) & 1u))
      continue;
    int x = v[base + l];
    sum += x;
    mn = x < mn ? x : mn;
    ballot |= (x > 20) << k++;
    any |= x > 45;
    all &= x > 3;
  }
  o[F_RANK] = r;
  o[F_SIZE] = sz;
  o[F_META] = g.meta;
  o[F_METASZ] = g.metasz;
  o[F_SUM] = sum;
  o[F_MIN] = mn;
  o[F_FIRST] = v[base + lane_of(m, 0)];
  o[F_DOWN] = v[base + (r + 1 < sz ? lane_of(m, r + 1) : lane)];
  o[F_UP] = v[base + (r >= 2 ? lane_of(m, r - 2) : lane)];
  o[F_BALLOT] = ballot;
  o[F_ANY] = any;
  o[F_ALL] = all;
  o[F_FSUM] = sum;
}

// The lanes of parent whose key equals lane's, with CUDA's meta rank.
static Group partition(const long long *key, unsigned parent, int lane,
                       bool binary) {
  Group g = {0, 0, 0};
  unsigned leaders = 0;
  for (int l = 0; l < 32; l++) {
    if (!((parent >> l) & 1u))
      continue;
    if (key[l] == key[lane])
      g.mask |= 1u << l;
    bool lead = true;
    for (int k = 0; k < l; k++)
      lead &= !(((parent >> k) & 1u) && key[k] == key[l]);
    leaders |= (unsigned)lead << l;
  }
  int leader = lane_of(g.mask, 0);
  g.meta = rank_in(leaders, leader);
  g.metasz = __builtin_popcount(leaders);
  if (binary) {
    g.meta = g.metasz == 1 ? 0 : key[lane] != 0;
  }
  return g;
}

static unsigned tile_lanes(int lane, int width, int lanes) {
  unsigned m = 0;
  for (int l = lane / width * width; l < lane / width * width + width; l++)
    if (l < lanes)
      m |= 1u << l;
  return m;
}

static int compare(const char *what, const std::vector<int> &got,
                   const std::vector<int> &want, int n) {
  int bad = 0;
  for (int i = 0; i < n * NF; i++)
    if (got[i] != want[i] && bad++ < 8)
      printf("%s: thread %d field %d: got %d, want %d\n", what, i / NF,
             i % NF, got[i], want[i]);
  return bad;
}

static int run(int n, int block, const std::vector<int> &in) {
  int *din, *dout, *dout2;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, n * NF * sizeof(int));
  cudaMalloc(&dout2, n * NF * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  std::vector<int> got(n * NF), got2(n * NF), want(n * NF), want2(n * NF);
  int bad = 0;
  oddEven<<<n / block, block>>>(din, dout, n);
  cudaMemcpy(got.data(), dout, got.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  labels<<<n / block, block>>>(din, dout, dout2, n);
  cudaMemcpy(got2.data(), dout2, got2.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  std::vector<int> gotl(n * NF);
  cudaMemcpy(gotl.data(), dout, gotl.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  std::vector<int> wantl(n * NF);
  for (int b = 0; b < n / block; b++)
    for (int t = 0; t < block; t++) {
      int i = b * block + t, base = b * block + t / 32 * 32;
      int lane = t % 32, lanes = block - t / 32 * 32;
      long long odd[32], lab[32], big[32], l3[32];
      for (int l = 0; l < 32 && l < lanes; l++) {
        int x = in[base + l];
        odd[l] = x & 1, lab[l] = x % 5, big[l] = x >= 25, l3[l] = x % 3;
      }
      Group g = partition(odd, tile_lanes(lane, 32, lanes), lane, true);
      expect(in.data(), base, g, lane, &want[i * NF]);
      if (!(in[i] & 1))
        want[i * NF + F_SUM] += 1000;
      g = partition(lab, tile_lanes(lane, 16, lanes), lane, false);
      expect(in.data(), base, g, lane, &wantl[i * NF]);
      g = partition(big, tile_lanes(lane, 16, lanes), lane, true);
      g = partition(l3, g.mask, lane, false);
      expect(in.data(), base, g, lane, &want2[i * NF]);
    }
  bad += compare("binary_partition", got, want, n);
  bad += compare("labeled_partition", gotl, wantl, n);
  bad += compare("labeled_partition of a binary one", got2, want2, n);
  cudaFree(din);
  cudaFree(dout);
  cudaFree(dout2);
  return bad;
}

int main() {
  int bad = 0;
  const int sizes[][2] = {{256, 64}, {192, 48}};
  for (auto &s : sizes) {
    std::vector<int> in(s[0]);
    unsigned x = 12345;
    for (int &v : in)
      v = (x = x * 1103515245u + 12345u) >> 16 & 63;
    in[0] = in[2] = in[4] = 7; // runs of one value
    bad += run(s[0], s[1], in);
  }
  printf(bad ? "FAIL (%d mismatches)\n" : "PASS\n", bad);
  return bad != 0;
}
