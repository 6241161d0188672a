// cub::BlockScan's other forms (HeCBench blockScan's shape and CUB's own
// examples): ITEMS_PER_THREAD items with the block aggregate, with and
// without an initial value, and the prefix callback that carries a running
// total from tile to tile of a long array, called by the first warp, for
// one item and for several per thread, sums and a max. Blocks of 64 and of
// 96 threads (three warps, not a power of two). Every result is checked
// against a scan done here on the host.
#include <cstdio>
#include <cstdlib>
#include <cub/block/block_scan.cuh>

// CUB's documented running prefix: returns the total so far and adds the
// tile's aggregate to it.
struct RunningTotal {
  int total;
  __device__ RunningTotal(int start) : total(start) {}
  __device__ int operator()(int block_aggregate) {
    int old = total;
    total += block_aggregate;
    return old;
  }
};

struct RunningMax {
  int best;
  __device__ int operator()(int block_aggregate) {
    int old = best;
    best = block_aggregate > best ? block_aggregate : best;
    return old;
  }
};

struct Max {
  __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

// One block per row: items with the aggregate (sum and max forms).
template <int BX, int ITEMS>
__global__ void items_aggregate(const int *in, int *exc, int *inc, int *mx,
                                int *mxn, int *agg) {
  typedef cub::BlockScan<int, BX, cub::BLOCK_SCAN_WARP_SCANS> BS;
  __shared__ typename BS::TempStorage temp;
  int base = (blockIdx.x * BX + threadIdx.x) * ITEMS;
  int data[ITEMS], out[ITEMS];
  for (int i = 0; i < ITEMS; i++)
    data[i] = in[base + i];
  int a = 0, b = 0, c = 0, d = 0;
  BS(temp).ExclusiveSum(data, out, a);
  for (int i = 0; i < ITEMS; i++)
    exc[base + i] = out[i];
  BS(temp).InclusiveSum(data, out, b);
  for (int i = 0; i < ITEMS; i++)
    inc[base + i] = out[i];
  BS(temp).ExclusiveScan(data, out, -1000, Max(), c);
  for (int i = 0; i < ITEMS; i++)
    mx[base + i] = out[i];
  BS(temp).ExclusiveScan(data, out, Max(), d); // no initial value
  for (int i = 0; i < ITEMS; i++)
    mxn[base + i] = out[i];
  if (threadIdx.x == BX - 1) {
    agg[4 * blockIdx.x] = a;
    agg[4 * blockIdx.x + 1] = b;
    agg[4 * blockIdx.x + 2] = c;
    agg[4 * blockIdx.x + 3] = d;
  }
}

// One block walks the whole array tile by tile, the callback carrying the
// running total (and the running max) across tiles.
template <int BX, int ITEMS>
__global__ void tiles_with_prefix(const int *in, int n, int *exc, int *inc,
                                  int *one_exc, int *one_inc, int *mx) {
  typedef cub::BlockScan<int, BX> BS;
  __shared__ typename BS::TempStorage temp;
  RunningTotal ex(5), in_total(0), one_ex(0), one_in(0);
  RunningMax best = {-1000};
  for (int tile = 0; tile < n; tile += BX * ITEMS) {
    int base = tile + threadIdx.x * ITEMS;
    int data[ITEMS], out[ITEMS];
    for (int i = 0; i < ITEMS; i++)
      data[i] = in[base + i];
    BS(temp).ExclusiveSum(data, out, ex);
    for (int i = 0; i < ITEMS; i++)
      exc[base + i] = out[i];
    BS(temp).InclusiveSum(data, out, in_total);
    for (int i = 0; i < ITEMS; i++)
      inc[base + i] = out[i];
    BS(temp).InclusiveScan(data, out, Max(), best);
    for (int i = 0; i < ITEMS; i++)
      mx[base + i] = out[i];
    // one item per thread: the first item of each thread's run
    int first = data[0], r = 0;
    BS(temp).ExclusiveSum(first, r, one_ex);
    one_exc[tile / ITEMS + threadIdx.x] = r;
    BS(temp).InclusiveSum(first, r, one_in);
    one_inc[tile / ITEMS + threadIdx.x] = r;
  }
}

static int bad = 0;
static void expect(const char *what, int bx, int i, int got, int want) {
  if (got != want && bad++ < 10)
    printf("%s (block %d) [%d]: %d, expected %d\n", what, bx, i, got, want);
}

template <int BX, int ITEMS> static void run_case() {
  const int rows = 3, per = BX * ITEMS, n = rows * per;
  int *h = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    h[i] = (i * 37 + 11) % 23 - 9;
  int *d_in, *d[6], *d_agg;
  cudaMalloc(&d_in, n * sizeof(int));
  for (int k = 0; k < 6; k++)
    cudaMalloc(&d[k], n * sizeof(int));
  cudaMalloc(&d_agg, 4 * rows * sizeof(int));
  cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
  int *r[6], agg[4 * rows];
  for (int k = 0; k < 6; k++)
    r[k] = (int *)malloc(n * sizeof(int));

  items_aggregate<BX, ITEMS><<<rows, BX>>>(d_in, d[0], d[1], d[2], d[3],
                                           d_agg);
  for (int k = 0; k < 4; k++)
    cudaMemcpy(r[k], d[k], n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(agg, d_agg, sizeof agg, cudaMemcpyDeviceToHost);
  for (int b = 0; b < rows; b++) {
    int sum = 0, mx = -1000;
    for (int j = 0; j < per; j++) {
      int i = b * per + j, x = h[i];
      expect("ExclusiveSum(items, aggregate)", BX, i, r[0][i], sum);
      expect("ExclusiveScan(items, -1000, Max, aggregate)", BX, i, r[2][i],
             mx);
      if (j > 0) // rank 0's first output: undefined in CUB
        expect("ExclusiveScan(items, Max, aggregate)", BX, i, r[3][i], mx);
      sum += x;
      mx = x > mx ? x : mx;
      expect("InclusiveSum(items, aggregate)", BX, i, r[1][i], sum);
    }
    expect("aggregate of ExclusiveSum", BX, b, agg[4 * b], sum);
    expect("aggregate of InclusiveSum", BX, b, agg[4 * b + 1], sum);
    expect("aggregate of ExclusiveScan(Max)", BX, b, agg[4 * b + 2], mx);
    expect("aggregate of ExclusiveScan(Max), no initial value", BX, b,
           agg[4 * b + 3], mx);
  }

  tiles_with_prefix<BX, ITEMS><<<1, BX>>>(d_in, n, d[0], d[1], d[4], d[5],
                                          d[2]);
  for (int k = 0; k < 6; k++)
    cudaMemcpy(r[k], d[k], n * sizeof(int), cudaMemcpyDeviceToHost);
  int sum = 5, isum = 0, mx = -1000, first_ex = 0;
  for (int i = 0; i < n; i++) {
    expect("ExclusiveSum(items, callback)", BX, i, r[0][i], sum);
    sum += h[i];
    isum += h[i];
    mx = h[i] > mx ? h[i] : mx;
    expect("InclusiveSum(items, callback)", BX, i, r[1][i], isum);
    expect("InclusiveScan(items, Max, callback)", BX, i, r[2][i], mx);
    if (i % ITEMS == 0) {
      expect("ExclusiveSum(item, callback)", BX, i, r[4][i / ITEMS],
             first_ex);
      first_ex += h[i];
      expect("InclusiveSum(item, callback)", BX, i, r[5][i / ITEMS],
             first_ex);
    }
  }
  for (int k = 0; k < 6; k++) {
    cudaFree(d[k]);
    free(r[k]);
  }
  cudaFree(d_in);
  cudaFree(d_agg);
  free(h);
}

int main() {
  run_case<64, 4>();
  run_case<96, 3>();
  run_case<32, 1>();
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
