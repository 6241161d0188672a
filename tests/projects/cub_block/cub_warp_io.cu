// CUB's WarpScan (inclusive and exclusive sums with the warp aggregate, an
// exclusive scan with an initial value, logical warps of 32 and 8 lanes)
// and the block-wide loads and stores (BlockLoad and BlockStore, blocked
// and striped, a partial tile with a default for the items past its end,
// LoadDirectBlocked and StoreDirectStriped), checked exactly on the host.
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

// per element: inclusive sum, exclusive sum, exclusive max from -1000; per
// logical warp: the aggregate
template <int BX, int LW>
__global__ void warp_scan(const int *in, int *out, int *agg) {
  typedef cub::WarpScan<int, LW> WS;
  __shared__ typename WS::TempStorage temp[BX / LW];
  int w = threadIdx.x / LW;
  int i = blockIdx.x * BX + threadIdx.x;
  int inc, exc, emax, total;
  WS(temp[w]).InclusiveSum(in[i], inc, total);
  WS(temp[w]).ExclusiveSum(in[i], exc);
  WS(temp[w]).ExclusiveScan(in[i], emax, -1000, cub::Max());
  out[3 * i] = inc;
  out[3 * i + 1] = exc;
  out[3 * i + 2] = emax;
  if (threadIdx.x % LW == 0)
    agg[blockIdx.x * (BX / LW) + w] = total;
}

// a tile of BX * 3 items: loaded (blocked through a warp transpose, or
// striped), each item plus its rank in the thread's items times 1000,
// stored (directly, or striped); the last tile is partial (n), its missing
// items read as -7
template <int BX, int LS, int SS>
__global__ void load_store(const int *in, int *out, int n) {
  typedef cub::BlockLoad<int, BX, 3,
                         LS ? cub::BLOCK_LOAD_STRIPED
                            : cub::BLOCK_LOAD_WARP_TRANSPOSE>
      BL;
  typedef cub::BlockStore<int, BX, 3,
                          SS ? cub::BLOCK_STORE_STRIPED
                             : cub::BLOCK_STORE_DIRECT>
      BSt;
  __shared__ typename BL::TempStorage ltemp;
  __shared__ typename BSt::TempStorage stemp;
  int offset = blockIdx.x * BX * 3;
  int valid = n - offset < BX * 3 ? n - offset : BX * 3;
  int items[3];
  BL(ltemp).Load(in + offset, items, valid, -7);
  for (int k = 0; k < 3; k++)
    items[k] += 1000 * k;
  BSt(stemp).Store(out + offset, items, valid);
}

// the direct forms: blocked in, striped out
template <int BX> __global__ void direct(const int *in, int *out) {
  int items[2];
  int offset = blockIdx.x * BX * 2;
  cub::LoadDirectBlocked(threadIdx.x, in + offset, items);
  cub::StoreDirectStriped<BX>(threadIdx.x, out + offset, items);
}

static int failures = 0;

static void expect(const char *what, int i, long got, long want) {
  if (got != want && failures++ < 10)
    printf("%s, item %d: got %ld, want %ld\n", what, i, got, want);
}

static std::vector<int> input(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; i++)
    v[i] = (i * 53 + 7) % 199 - 99;
  return v;
}

template <int BX, int LW> static void test_warp_scan(int blocks) {
  const int n = blocks * BX, warps = n / LW;
  std::vector<int> h = input(n), r(3 * n), a(warps);
  int *d_in, *d_out, *d_agg;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, r.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_agg, a.size() * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  warp_scan<BX, LW><<<blocks, BX>>>(d_in, d_out, d_agg);
  CHECK(cudaMemcpy(r.data(), d_out, r.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(a.data(), d_agg, a.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int w = 0; w < warps; w++) {
    int run = 0, max = -1000;
    for (int l = 0; l < LW; l++) {
      int i = w * LW + l;
      expect("WarpScan ExclusiveSum", i, r[3 * i + 1], run);
      expect("WarpScan ExclusiveScan(Max)", i, r[3 * i + 2], max);
      run += h[i];
      max = h[i] > max ? h[i] : max;
      expect("WarpScan InclusiveSum", i, r[3 * i], run);
    }
    expect("WarpScan aggregate", w, a[w], run);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_agg));
}

// where item k of thread t of a tile lives, blocked or striped
static int place(int t, int k, int bx, int striped) {
  return striped ? t + k * bx : t * 3 + k;
}

template <int BX, int LS, int SS> static void test_load_store(int n) {
  const int tile = BX * 3, blocks = (n + tile - 1) / tile;
  std::vector<int> h = input(n), r(n, 0);
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_out, 0, n * sizeof(int)));
  load_store<BX, LS, SS><<<blocks, BX>>>(d_in, d_out, n);
  CHECK(cudaMemcpy(r.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++) {
    int base = b * tile, valid = n - base < tile ? n - base : tile;
    for (int t = 0; t < BX; t++)
      for (int k = 0; k < 3; k++) {
        int from = place(t, k, BX, LS), to = place(t, k, BX, SS);
        if (to >= valid)
          continue;
        int x = from < valid ? h[base + from] : -7;
        expect("BlockLoad/BlockStore", base + to, r[base + to], x + 1000 * k);
      }
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

template <int BX> static void test_direct(int blocks) {
  const int n = blocks * BX * 2;
  std::vector<int> h = input(n), r(n);
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  direct<BX><<<blocks, BX>>>(d_in, d_out);
  CHECK(cudaMemcpy(r.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < BX; t++)
      for (int k = 0; k < 2; k++)
        expect("LoadDirectBlocked/StoreDirectStriped",
               b * BX * 2 + t + k * BX, r[b * BX * 2 + t + k * BX],
               h[b * BX * 2 + t * 2 + k]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

int main() {
  test_warp_scan<64, 32>(3);
  test_warp_scan<96, 8>(2);
  test_load_store<64, 0, 0>(1000);
  test_load_store<40, 1, 1>(333);
  test_load_store<32, 0, 1>(96 * 2);
  test_direct<48>(3);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
