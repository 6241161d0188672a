// CUB's BlockRadixSort (keys; keys with values; descending; a bit range;
// blocked and striped results; int, unsigned and float keys, with ties,
// negative values and a block size that is not a power of two) and
// BlockExchange (striped and blocked, warp-striped, in place), checked
// exactly on the host.
#include <algorithm>
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

// keys sorted ascending with their positions as values (blocked result),
// and descending keys alone, striped
template <typename K, int BX>
__global__ void sort_pairs(const K *in, K *keys_out, int *vals_out,
                           K *desc_out) {
  typedef cub::BlockRadixSort<K, BX, 4, int> Sorter;
  typedef cub::BlockRadixSort<K, BX, 4> KeySorter;
  __shared__ typename Sorter::TempStorage temp;
  __shared__ typename KeySorter::TempStorage ktemp;
  int base = blockIdx.x * BX * 4;
  K keys[4], desc[4];
  int vals[4];
  for (int i = 0; i < 4; i++) {
    keys[i] = in[base + threadIdx.x * 4 + i];
    desc[i] = keys[i];
    vals[i] = threadIdx.x * 4 + i;
  }
  Sorter(temp).Sort(keys, vals);
  KeySorter(ktemp).SortDescendingBlockedToStriped(desc);
  for (int i = 0; i < 4; i++) {
    keys_out[base + threadIdx.x * 4 + i] = keys[i];
    vals_out[base + threadIdx.x * 4 + i] = vals[i];
    desc_out[base + threadIdx.x + i * BX] = desc[i];
  }
}

// unsigned keys sorted on bits [4, 12) only: a stable sort on that field
template <int BX>
__global__ void sort_bits(const unsigned *in, unsigned *out) {
  typedef cub::BlockRadixSort<unsigned, BX, 2> Sorter;
  __shared__ typename Sorter::TempStorage temp;
  unsigned keys[2];
  for (int i = 0; i < 2; i++)
    keys[i] = in[blockIdx.x * BX * 2 + threadIdx.x * 2 + i];
  Sorter(temp).Sort(keys, 4, 12);
  for (int i = 0; i < 2; i++)
    out[blockIdx.x * BX * 2 + threadIdx.x * 2 + i] = keys[i];
}

// striped in -> blocked -> warp-striped -> blocked (in place) -> striped
// out: the identity; and blocked in -> striped into a second array
template <int BX>
__global__ void exchange(const int *in, int *same, int *striped) {
  typedef cub::BlockExchange<int, BX, 3> Ex;
  __shared__ typename Ex::TempStorage temp;
  int base = blockIdx.x * BX * 3;
  int items[3], blocked[3], ws[3];
  for (int i = 0; i < 3; i++)
    items[i] = in[base + threadIdx.x + i * BX];
  Ex(temp).StripedToBlocked(items, blocked);
  Ex ex(temp);
  ex.BlockedToWarpStriped(blocked, ws);
  ex.WarpStripedToBlocked(ws, ws);
  ex.BlockedToStriped(ws, items);
  for (int i = 0; i < 3; i++)
    same[base + threadIdx.x + i * BX] = items[i];
  for (int i = 0; i < 3; i++)
    items[i] = in[base + threadIdx.x * 3 + i];
  ex.BlockedToStriped(items, items);
  for (int i = 0; i < 3; i++)
    striped[base + threadIdx.x + i * BX] = items[i];
}

static int failures = 0;

static void expect(const char *what, int i, double got, double want) {
  if (got != want && failures++ < 10)
    printf("%s, item %d: got %g, want %g\n", what, i, got, want);
}

template <typename K> static K key_of(int i);
template <> int key_of<int>(int i) { return (i * 7919) % 61 - 30; }
template <> unsigned key_of<unsigned>(int i) {
  return (unsigned)(i * 2654435761u) >> 7;
}
template <> float key_of<float>(int i) {
  return (float)((i * 7919) % 41 - 20) * 0.25f;
}

template <typename K, int BX> static void test_sort_pairs(int blocks) {
  const int tile = BX * 4, n = blocks * tile;
  std::vector<K> h(n), keys(n), desc(n);
  std::vector<int> vals(n);
  for (int i = 0; i < n; i++)
    h[i] = key_of<K>(i);
  K *d_in, *d_keys, *d_desc;
  int *d_vals;
  CHECK(cudaMalloc(&d_in, n * sizeof(K)));
  CHECK(cudaMalloc(&d_keys, n * sizeof(K)));
  CHECK(cudaMalloc(&d_desc, n * sizeof(K)));
  CHECK(cudaMalloc(&d_vals, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(K), cudaMemcpyHostToDevice));
  sort_pairs<K, BX><<<blocks, BX>>>(d_in, d_keys, d_vals, d_desc);
  CHECK(cudaMemcpy(keys.data(), d_keys, n * sizeof(K), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(vals.data(), d_vals, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(desc.data(), d_desc, n * sizeof(K), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++) {
    std::vector<int> order(tile);
    for (int i = 0; i < tile; i++)
      order[i] = i;
    const K *t = &h[b * tile];
    std::stable_sort(order.begin(), order.end(),
                     [t](int x, int y) { return t[x] < t[y]; });
    std::vector<K> down(t, t + tile);
    std::stable_sort(down.begin(), down.end(),
                     [](K x, K y) { return y < x; });
    for (int i = 0; i < tile; i++) {
      expect("BlockRadixSort Sort key", b * tile + i, keys[b * tile + i],
             t[order[i]]);
      expect("BlockRadixSort Sort value", b * tile + i, vals[b * tile + i],
             order[i]);
      expect("BlockRadixSort SortDescendingBlockedToStriped", b * tile + i,
             desc[b * tile + i], down[i]);
    }
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_keys));
  CHECK(cudaFree(d_desc));
  CHECK(cudaFree(d_vals));
}

template <int BX> static void test_sort_bits(int blocks) {
  const int tile = BX * 2, n = blocks * tile;
  std::vector<unsigned> h(n), r(n);
  for (int i = 0; i < n; i++)
    h[i] = key_of<unsigned>(i);
  unsigned *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(unsigned)));
  CHECK(cudaMalloc(&d_out, n * sizeof(unsigned)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(unsigned),
                   cudaMemcpyHostToDevice));
  sort_bits<BX><<<blocks, BX>>>(d_in, d_out);
  CHECK(cudaMemcpy(r.data(), d_out, n * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++) {
    std::vector<unsigned> want(h.begin() + b * tile,
                               h.begin() + (b + 1) * tile);
    std::stable_sort(want.begin(), want.end(), [](unsigned x, unsigned y) {
      return ((x >> 4) & 0xffu) < ((y >> 4) & 0xffu);
    });
    for (int i = 0; i < tile; i++)
      expect("BlockRadixSort Sort(bits 4..12)", b * tile + i, r[b * tile + i],
             want[i]);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

template <int BX> static void test_exchange(int blocks) {
  const int tile = BX * 3, n = blocks * tile;
  std::vector<int> h(n), same(n), striped(n);
  for (int i = 0; i < n; i++)
    h[i] = i * 3 + 1;
  int *d_in, *d_same, *d_striped;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_same, n * sizeof(int)));
  CHECK(cudaMalloc(&d_striped, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  exchange<BX><<<blocks, BX>>>(d_in, d_same, d_striped);
  CHECK(cudaMemcpy(same.data(), d_same, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(striped.data(), d_striped, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    expect("BlockExchange round trip", i, same[i], h[i]);
  // thread t's items t*3+k (blocked) land at t + k*BX (striped): the same
  // values, so the array is unchanged
  for (int i = 0; i < n; i++)
    expect("BlockExchange BlockedToStriped", i, striped[i], h[i]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_same));
  CHECK(cudaFree(d_striped));
}

int main() {
  test_sort_pairs<int, 32>(3);
  test_sort_pairs<unsigned, 48>(2);
  test_sort_pairs<float, 20>(2);
  test_sort_bits<64>(2);
  test_exchange<64>(2);
  test_exchange<40>(3);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
