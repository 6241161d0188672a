// CUB's block- and warp-level primitives inside kernels, as programs use
// them: BlockReduce (Sum, Reduce with CUB's and a user's operator, a
// partial tile through num_valid, items per thread, a temporary object or
// a named one), BlockScan (inclusive and exclusive sums and scans, with
// the block aggregate, items per thread) and WarpReduce (logical warps of
// 32 and 16 lanes, valid_items), over blocks of several shapes: a power of
// two, a size that is not one, a single warp, a 2D block. Every result is
// checked exactly on the host.
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

// an associative operator that is not commutative: the composition of
// affine maps x -> a * x + b, first f then g. CUB combines in rank order,
// so a reduction or scan that combined in another order would differ.
struct Affine {
  unsigned a, b;
};
struct Compose {
  __host__ __device__ Affine operator()(const Affine &f, const Affine &g) const {
    Affine h;
    h.a = f.a * g.a;
    h.b = f.b * g.a + g.b;
    return h;
  }
};
__host__ __device__ Affine affine_of(int x) {
  Affine f;
  f.a = (unsigned)x | 1u;
  f.b = (unsigned)(x * 7);
  return f;
}

// out[4 * block + 0..3]: sum, max, composition, partial sum over num_valid
template <int BX, int BY>
__global__ void reduce(const int *in, int *out, int num_valid) {
  typedef cub::BlockReduce<int, BX, cub::BLOCK_REDUCE_WARP_REDUCTIONS, BY> BR;
  typedef cub::BlockReduce<Affine, BX, cub::BLOCK_REDUCE_RAKING, BY> BRA;
  __shared__ typename BR::TempStorage temp;
  __shared__ typename BRA::TempStorage atemp;
  int rank = threadIdx.y * BX + threadIdx.x;
  int x = in[blockIdx.x * BX * BY + rank];
  int sum = BR(temp).Sum(x);
  BR named(temp);
  int max = named.Reduce(x, cub::Max());
  Affine hash = BRA(atemp).Reduce(affine_of(x), Compose());
  int partial = BR(temp).Sum(x, num_valid);
  if (rank == 0) {
    out[4 * blockIdx.x + 0] = sum;
    out[4 * blockIdx.x + 1] = max;
    out[4 * blockIdx.x + 2] = (int)(hash.a ^ hash.b);
    out[4 * blockIdx.x + 3] = partial;
  }
}

// three items per thread, blocked
template <int BX>
__global__ void reduce_items(const int *in, int *out) {
  typedef cub::BlockReduce<int, BX> BR;
  __shared__ typename BR::TempStorage temp;
  int items[3];
  for (int i = 0; i < 3; i++)
    items[i] = in[(blockIdx.x * BX + threadIdx.x) * 3 + i];
  int sum = BR(temp).Sum(items);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

// per element: inclusive sum, exclusive sum, exclusive scan (max, from
// -1000), inclusive scan of Compose; per block: the aggregates of the sums
template <int BX>
__global__ void scan(const int *in, int *out, int *agg) {
  typedef cub::BlockScan<int, BX> BS;
  typedef cub::BlockScan<Affine, BX, cub::BLOCK_SCAN_WARP_SCANS> BSA;
  __shared__ typename BS::TempStorage temp;
  __shared__ typename BSA::TempStorage atemp;
  int i = blockIdx.x * BX + threadIdx.x;
  int x = in[i];
  int inc, exc, emax, total, total2;
  Affine hash;
  BS(temp).InclusiveSum(x, inc, total);
  BS(temp).ExclusiveSum(x, exc, total2);
  BS scanner(temp);
  scanner.ExclusiveScan(x, emax, -1000, cub::Max());
  BSA(atemp).InclusiveScan(affine_of(x), hash, Compose());
  out[4 * i + 0] = inc;
  out[4 * i + 1] = exc;
  out[4 * i + 2] = emax;
  out[4 * i + 3] = (int)(hash.a ^ hash.b);
  if (threadIdx.x == 0) {
    agg[2 * blockIdx.x] = total;
    agg[2 * blockIdx.x + 1] = total2;
  }
}

// two items per thread: inclusive and exclusive sums
template <int BX>
__global__ void scan_items(const int *in, int *inc, int *exc) {
  typedef cub::BlockScan<int, BX> BS;
  __shared__ typename BS::TempStorage temp;
  int base = (blockIdx.x * BX + threadIdx.x) * 2;
  int items[2], a[2], b[2];
  items[0] = in[base];
  items[1] = in[base + 1];
  BS(temp).InclusiveSum(items, a);
  BS(temp).ExclusiveSum(items, b);
  for (int k = 0; k < 2; k++) {
    inc[base + k] = a[k];
    exc[base + k] = b[k];
  }
}

// per logical warp of LW lanes: the sum, and the maximum of the first
// `valid` lanes (WarpReduce, TempStorage per logical warp)
template <int BX, int LW>
__global__ void warp_reduce(const int *in, int *out, int valid) {
  typedef cub::WarpReduce<int, LW> WR;
  __shared__ typename WR::TempStorage temp[BX / LW];
  int w = threadIdx.x / LW;
  int x = in[blockIdx.x * BX + threadIdx.x];
  int sum = WR(temp[w]).Sum(x);
  int max = WR(temp[w]).Reduce(x, cub::Max(), valid);
  if (threadIdx.x % LW == 0) {
    out[2 * (blockIdx.x * (BX / LW) + w)] = sum;
    out[2 * (blockIdx.x * (BX / LW) + w) + 1] = max;
  }
}

static int failures = 0;

static void expect(const char *what, int block, long got, long want) {
  if (got != want && failures++ < 10)
    printf("%s, block %d: got %ld, want %ld\n", what, block, got, want);
}

static std::vector<int> input(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; i++)
    v[i] = (i * 37 + 11) % 201 - 100;
  return v;
}

template <int BX, int BY> static void test_reduce(int blocks, int num_valid) {
  const int bs = BX * BY;
  std::vector<int> h = input(blocks * bs), r(4 * blocks);
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, h.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_out, r.size() * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), h.size() * sizeof(int),
                   cudaMemcpyHostToDevice));
  reduce<BX, BY><<<blocks, dim3(BX, BY)>>>(d_in, d_out, num_valid);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(r.data(), d_out, r.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++) {
    int sum = 0, max = -1000, partial = 0;
    Affine hash = affine_of(h[b * bs]);
    for (int t = 0; t < bs; t++) {
      int x = h[b * bs + t];
      sum += x;
      max = x > max ? x : max;
      if (t > 0)
        hash = Compose()(hash, affine_of(x));
      if (t < num_valid)
        partial += x;
    }
    expect("BlockReduce Sum", bs, r[4 * b], sum);
    expect("BlockReduce Max", bs, r[4 * b + 1], max);
    expect("BlockReduce Reduce(Compose)", bs, r[4 * b + 2],
           (int)(hash.a ^ hash.b));
    expect("BlockReduce Sum(num_valid)", bs, r[4 * b + 3], partial);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

template <int BX> static void test_reduce_items(int blocks) {
  std::vector<int> h = input(blocks * BX * 3), r(blocks);
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, h.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_out, r.size() * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), h.size() * sizeof(int),
                   cudaMemcpyHostToDevice));
  reduce_items<BX><<<blocks, BX>>>(d_in, d_out);
  CHECK(cudaMemcpy(r.data(), d_out, r.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++) {
    int sum = 0;
    for (int t = 0; t < BX * 3; t++)
      sum += h[b * BX * 3 + t];
    expect("BlockReduce Sum(items)", BX, r[b], sum);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

template <int BX> static void test_scan(int blocks) {
  std::vector<int> h = input(blocks * BX), r(4 * blocks * BX), a(2 * blocks);
  int *d_in, *d_out, *d_agg;
  CHECK(cudaMalloc(&d_in, h.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_out, r.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_agg, a.size() * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), h.size() * sizeof(int),
                   cudaMemcpyHostToDevice));
  scan<BX><<<blocks, BX>>>(d_in, d_out, d_agg);
  CHECK(cudaMemcpy(r.data(), d_out, r.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(a.data(), d_agg, a.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++) {
    int run = 0, max = -1000;
    Affine hash = affine_of(h[b * BX]);
    for (int t = 0; t < BX; t++) {
      int i = b * BX + t, x = h[i];
      expect("BlockScan ExclusiveSum", BX, r[4 * i + 1], run);
      expect("BlockScan ExclusiveScan(Max)", BX, r[4 * i + 2], max);
      run += x;
      max = x > max ? x : max;
      if (t > 0)
        hash = Compose()(hash, affine_of(x));
      expect("BlockScan InclusiveSum", BX, r[4 * i], run);
      expect("BlockScan InclusiveScan(Compose)", BX, r[4 * i + 3],
             (int)(hash.a ^ hash.b));
    }
    expect("BlockScan InclusiveSum aggregate", BX, a[2 * b], run);
    expect("BlockScan ExclusiveSum aggregate", BX, a[2 * b + 1], run);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_agg));
}

template <int BX> static void test_scan_items(int blocks) {
  const int n = blocks * BX * 2;
  std::vector<int> h = input(n), inc(n), exc(n);
  int *d_in, *d_inc, *d_exc;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_inc, n * sizeof(int)));
  CHECK(cudaMalloc(&d_exc, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  scan_items<BX><<<blocks, BX>>>(d_in, d_inc, d_exc);
  CHECK(cudaMemcpy(inc.data(), d_inc, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(exc.data(), d_exc, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++) {
    int run = 0;
    for (int t = 0; t < BX * 2; t++) {
      int i = b * BX * 2 + t;
      expect("BlockScan ExclusiveSum(items)", BX, exc[i], run);
      run += h[i];
      expect("BlockScan InclusiveSum(items)", BX, inc[i], run);
    }
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_inc));
  CHECK(cudaFree(d_exc));
}

template <int BX, int LW> static void test_warp_reduce(int blocks, int valid) {
  const int warps = blocks * (BX / LW);
  std::vector<int> h = input(blocks * BX), r(2 * warps);
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, h.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_out, r.size() * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), h.size() * sizeof(int),
                   cudaMemcpyHostToDevice));
  warp_reduce<BX, LW><<<blocks, BX>>>(d_in, d_out, valid);
  CHECK(cudaMemcpy(r.data(), d_out, r.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int w = 0; w < warps; w++) {
    int sum = 0, max = -1000;
    for (int l = 0; l < LW; l++) {
      int x = h[w * LW + l];
      sum += x;
      if (l < valid)
        max = x > max ? x : max;
    }
    expect("WarpReduce Sum", LW, r[2 * w], sum);
    expect("WarpReduce Reduce(Max, valid)", LW, r[2 * w + 1], max);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

int main() {
  test_reduce<128, 1>(5, 77);
  test_reduce<96, 1>(3, 96);
  test_reduce<100, 1>(4, 1);
  test_reduce<32, 1>(2, 31);
  test_reduce<16, 6>(3, 50);
  test_reduce_items<64>(3);
  test_reduce_items<75>(2);
  test_scan<128>(3);
  test_scan<96>(2);
  test_scan<33>(4);
  test_scan_items<64>(2);
  test_scan_items<48>(3);
  test_warp_reduce<128, 32>(3, 20);
  test_warp_reduce<96, 16>(2, 16);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
