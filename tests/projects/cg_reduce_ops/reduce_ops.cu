// cg::reduce with the program's own operators: a function on a struct, a
// lambda with a capture, a generic lambda, a functor with a templated
// operator() (as HeCBench's softmax-online writes it), a stateful functor,
// over tiles of 8, 16 and 32 threads and over a coalesced group. Each result
// is checked against a reference computed here from CUDA's definition: the
// operator applied over the values of every thread of the group. Blocks are
// whole warps: in a partial warp CUDA's reduction of a struct reads lanes
// that do not exist (a 32-thread tile's reduction on an H200 counted 32
// threads in a warp of 16).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>
#include <type_traits>
#include <vector>

namespace cg = cooperative_groups;

struct MinMax {
  int lo, hi;
  unsigned char count; // a size that is not a whole number of words
};

struct Sum64 {
  long long sum;
  int n;
};

__device__ MinMax merge(MinMax a, MinMax b) {
  MinMax r;
  r.lo = a.lo < b.lo ? a.lo : b.lo;
  r.hi = a.hi > b.hi ? a.hi : b.hi;
  r.count = (unsigned char)(a.count + b.count);
  return r;
}

__device__ Sum64 add64(const Sum64 &a, const Sum64 &b) {
  return Sum64{a.sum + b.sum, a.n + b.n};
}

struct Max {
  template <typename T, typename U>
  __device__ typename std::common_type<T, U>::type operator()(T &&t,
                                                              U &&u) const {
    return t > u ? t : u;
  }
};

struct ModSum {
  int m;
  __device__ int operator()(int a, int b) const { return (a + b) % m; }
};

enum { F_MINMAX_LO, F_MINMAX_HI, F_MINMAX_N, F_SUM64, F_SUM64_N, F_MOD,
       F_GMAX, F_DMAX, F_T8, F_T16, F_COAL_LO, F_COAL_HI, NF };

// A tile passed to a device function, reduced there.
template <unsigned N>
__device__ int tile_xor(const cg::thread_block_tile<N> &t, int v) {
  return cg::reduce(t, v, [](int a, int b) { return a ^ b; });
}

__global__ void reduce_ops(const int *in, int *out, int m) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  int *o = out + i * NF;

  MinMax mm = {v, v, 1};
  MinMax r = cg::reduce(warp, mm, merge);
  o[F_MINMAX_LO] = r.lo;
  o[F_MINMAX_HI] = r.hi;
  o[F_MINMAX_N] = r.count;

  Sum64 s = cg::reduce(warp, Sum64{(long long)v << 33, 1}, add64);
  o[F_SUM64] = (int)(s.sum >> 33);
  o[F_SUM64_N] = s.n;

  o[F_MOD] = cg::reduce(warp, v * 37, [m](int a, int b) { return (a + b) % m; });
  o[F_GMAX] = (int)cg::reduce(warp, (float)v * 0.5f,
                              [](auto a, auto b) { return a > b ? a : b; });
  o[F_DMAX] = (int)cg::reduce(warp, (double)(v * 3), Max());

  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
  o[F_T8] = cg::reduce(t8, v, ModSum{1000});
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  o[F_T16] = tile_xor(t16, v);

  cg::coalesced_group g = cg::binary_partition(warp, v & 1);
  MinMax c = cg::reduce(g, MinMax{v, v, 1}, merge);
  o[F_COAL_LO] = c.lo;
  o[F_COAL_HI] = c.hi;
}

// ---- the reference -------------------------------------------------------

static void expect(const int *in, int base, int lanes, int lane, int m,
                   int *o) {
  auto fold = [&](int width, bool (*in_group)(int, int, int),
                  auto op, auto init, auto value) {
    auto acc = init;
    int first = lane / width * width;
    for (int l = first; l < first + width && l < lanes; l++)
      if (in_group(in[base + l], in[base + lane], l))
        acc = op(acc, value(in[base + l]));
    return acc;
  };
  auto all = [](int, int, int) { return true; };
  auto same = [](int x, int y, int) { return (x & 1) == (y & 1); };
  int lo = fold(32, all, [](int a, int b) { return a < b ? a : b; }, 1 << 30,
                [](int x) { return x; });
  int hi = fold(32, all, [](int a, int b) { return a > b ? a : b; }, -1,
                [](int x) { return x; });
  int n = fold(32, all, [](int a, int b) { return a + b; }, 0,
               [](int) { return 1; });
  o[F_MINMAX_LO] = lo;
  o[F_MINMAX_HI] = hi;
  o[F_MINMAX_N] = n;
  o[F_SUM64] = fold(32, all, [](int a, int b) { return a + b; }, 0,
                    [](int x) { return x; });
  o[F_SUM64_N] = n;
  o[F_MOD] = fold(32, all, [m](int a, int b) { return (a + b) % m; }, 0,
                  [](int x) { return x * 37; });
  o[F_GMAX] = (int)(hi * 0.5f);
  o[F_DMAX] = hi * 3;
  o[F_T8] = fold(8, all, [](int a, int b) { return (a + b) % 1000; }, 0,
                 [](int x) { return x; });
  o[F_T16] = fold(16, all, [](int a, int b) { return a ^ b; }, 0,
                  [](int x) { return x; });
  o[F_COAL_LO] = fold(32, same, [](int a, int b) { return a < b ? a : b; },
                      1 << 30, [](int x) { return x; });
  o[F_COAL_HI] = fold(32, same, [](int a, int b) { return a > b ? a : b; },
                      -1, [](int x) { return x; });
}

static int run(int n, int block, const std::vector<int> &in, int m) {
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, n * NF * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  reduce_ops<<<n / block, block>>>(din, dout, m);
  std::vector<int> got(n * NF), want(n * NF);
  cudaMemcpy(got.data(), dout, got.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  for (int b = 0; b < n / block; b++)
    for (int t = 0; t < block; t++) {
      int base = b * block + t / 32 * 32;
      expect(in.data(), base, block - t / 32 * 32, t % 32, m,
             &want[(b * block + t) * NF]);
    }
  int bad = 0;
  for (int i = 0; i < n * NF; i++)
    if (got[i] != want[i] && bad++ < 8)
      printf("block %d: thread %d field %d: got %d, want %d\n", block,
             i / NF, i % NF, got[i], want[i]);
  cudaFree(din);
  cudaFree(dout);
  return bad;
}

int main() {
  int bad = 0;
  const int sizes[][2] = {{256, 64}, {192, 96}};
  for (auto &s : sizes) {
    std::vector<int> in(s[0]);
    unsigned x = 2024;
    for (int &v : in)
      v = (x = x * 1103515245u + 12345u) >> 16 & 1023;
    bad += run(s[0], s[1], in, 977);
  }
  printf(bad ? "FAIL (%d mismatches)\n" : "PASS\n", bad);
  return bad != 0;
}
