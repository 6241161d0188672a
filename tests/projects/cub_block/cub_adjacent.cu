// CUB's BlockAdjacentDifference (SubtractLeft and SubtractRight, in place
// and into another array and type, with a tile's neighbour item, partial
// tiles) and BlockDiscontinuity (head and tail flags), with a difference
// operator that is not commutative and takes non-const references (HeCBench
// adjacent's shape), blocks that are not a power of two, checked exactly on
// the host.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cub/cub.cuh>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      printf("%s: %s\n", #call, cudaGetErrorString(e));                        \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

struct Diff {
  __device__ int operator()(int &lhs, int &rhs) { return 3 * lhs - rhs; }
};

struct NotEqual {
  __device__ bool operator()(const int &a, const int &b) const {
    return a != b;
  }
};

enum { MODES = 7 };

// mode 0: SubtractLeft in place; 1: SubtractLeft with a predecessor, into
// long; 2: SubtractRight in place; 3: SubtractRight with a successor;
// 4: SubtractLeftPartialTile; 5: SubtractRightPartialTile; 6: flags
// (heads with a predecessor in out, tails in flags_out)
template <int BX, int N>
__global__ void adjacent(const int *in, long long *out, int *flags_out,
                         int mode, int valid) {
  typedef cub::BlockAdjacentDifference<int, BX> Adj;
  typedef cub::BlockDiscontinuity<int, BX> Disc;
  __shared__ typename Adj::TempStorage temp;
  __shared__ typename Disc::TempStorage dtemp;
  int base = blockIdx.x * BX * N + threadIdx.x * N;
  int items[N];
  long long wide[N];
  int heads[N], tails[N];
  for (int i = 0; i < N; i++)
    items[i] = in[base + i];
  int pred = blockIdx.x * 7 - 1, succ = blockIdx.x * 5 + 2;
  if (mode == 0) {
    Adj(temp).SubtractLeft(items, items, Diff());
  } else if (mode == 1) {
    Adj(temp).SubtractLeft(items, wide, Diff(), pred);
  } else if (mode == 2) {
    Adj(temp).SubtractRight(items, items, Diff());
  } else if (mode == 3) {
    Adj(temp).SubtractRight(items, wide, Diff(), succ);
  } else if (mode == 4) {
    Adj(temp).SubtractLeftPartialTile(items, items, Diff(), valid);
  } else if (mode == 5) {
    Adj(temp).SubtractRightPartialTile(items, items, Diff(), valid);
  } else {
    Disc(dtemp).FlagHeads(heads, items, NotEqual(), pred);
    Disc(dtemp).FlagTails(tails, items, NotEqual());
  }
  for (int i = 0; i < N; i++) {
    if (mode == 1 || mode == 3)
      out[base + i] = wide[i];
    else if (mode == 6)
      out[base + i] = heads[i];
    else
      out[base + i] = items[i];
    if (mode == 6)
      flags_out[base + i] = tails[i];
  }
}

static int failures;

static void expect(const char *what, int bx, int i, long long got,
                   long long want) {
  if (got != want && failures++ < 10)
    printf("%s (block %d): item %d is %lld, expected %lld\n", what, bx, i, got,
           want);
}

template <int BX, int N> static void test(int blocks) {
  const int tile = BX * N, n = blocks * tile;
  std::vector<int> h(n);
  for (int i = 0; i < n; i++)
    h[i] = (i * 37 + 11) % 23 - (i % 5 == 0 ? 4 : 0);
  for (int i = 0; i + 1 < n; i += 4)
    h[i + 1] = h[i]; // runs of equal items for the flags
  int *d_in, *d_flags;
  long long *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_flags, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(long long)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  std::vector<long long> out(n);
  std::vector<int> flags(n);
  const int valid = tile - N - 1;
  for (int mode = 0; mode < MODES; mode++) {
    adjacent<BX, N><<<blocks, BX>>>(d_in, d_out, d_flags, mode, valid);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(long long),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(flags.data(), d_flags, n * sizeof(int),
                     cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++) {
      const int *x = &h[b * tile];
      const long long *y = &out[b * tile];
      long long pred = b * 7 - 1, succ = b * 5 + 2;
      for (int i = 0; i < tile; i++) {
        long long left = i > 0 ? 3LL * x[i] - x[i - 1] : x[i];
        long long right = i + 1 < tile ? 3LL * x[i] - x[i + 1] : x[i];
        switch (mode) {
        case 0: expect("SubtractLeft", b, i, y[i], left); break;
        case 1:
          expect("SubtractLeft, predecessor", b, i, y[i],
                 i > 0 ? left : 3LL * x[0] - pred);
          break;
        case 2: expect("SubtractRight", b, i, y[i], right); break;
        case 3:
          expect("SubtractRight, successor", b, i, y[i],
                 i + 1 < tile ? right : 3LL * x[i] - succ);
          break;
        case 4:
          expect("SubtractLeftPartialTile", b, i, y[i],
                 i < valid ? left : x[i]);
          break;
        case 5:
          expect("SubtractRightPartialTile", b, i, y[i],
                 i < valid - 1 ? right : x[i]);
          break;
        default:
          expect("FlagHeads, predecessor", b, i, y[i],
                 i > 0 ? x[i - 1] != x[i] : pred != x[0]);
          expect("FlagTails", b, i, flags[b * tile + i],
                 i + 1 < tile ? x[i] != x[i + 1] : 1);
        }
      }
    }
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_flags));
  CHECK(cudaFree(d_out));
}

int main() {
  test<32, 4>(3);
  test<48, 3>(2);
  test<20, 1>(2);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
