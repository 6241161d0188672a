// Host code that names CUB's block- and warp-level primitives as types: a
// kernel's traits struct sizes the kernel's dynamic shared memory with
// sizeof of a struct holding their TempStorages (HeCBench ssm, Mamba's
// selective scan, FlashAttention-style kernel traits). cu2clrt's host CUB
// declares the types with the device's TempStorage layout, so the host's
// sizeof is the device's: the kernel reports the device's sizes, the host
// compares, and the scan and the reduction run in the memory the host
// sized.
#include <cstdio>
#include <cub/cub.cuh>

template <int kThreads, int kItems> struct ScanTraits {
  struct Elem {
    float a, b;
  };
  struct Compose { // h = a * h_prev + b, later on the right
    __device__ Elem operator()(const Elem &l, const Elem &r) const {
      return {r.a * l.a, r.a * l.b + r.b};
    }
  };
  using BlockScanT = cub::BlockScan<Elem, kThreads, cub::BLOCK_SCAN_WARP_SCANS>;
  using BlockReduceT = cub::BlockReduce<float, kThreads>;
  using WarpReduceT = cub::WarpReduce<int, 16>;
  using BlockSortT = cub::BlockRadixSort<int, kThreads, kItems>;
  struct SharedMemory {
    typename BlockScanT::TempStorage scan;
    typename BlockReduceT::TempStorage reduce;
    float tile[kThreads * kItems];
    int last;
  };
  static constexpr int kSmemSize = sizeof(SharedMemory);
};

template <class Traits, int kThreads, int kItems>
__global__ void chunk_scan(const float *a, const float *b, float *h,
                           float *total, unsigned *sizes) {
  extern __shared__ char smem_raw[];
  auto &smem = *reinterpret_cast<typename Traits::SharedMemory *>(smem_raw);
  using Elem = typename Traits::Elem;
  int t = threadIdx.x;
  for (int i = 0; i < kItems; i++)
    smem.tile[t * kItems + i] = b[t * kItems + i];
  if (t == 0)
    smem.last = kThreads - 1;
  __syncthreads();
  Elem items[kItems];
  for (int i = 0; i < kItems; i++)
    items[i] = Elem{a[t * kItems + i], smem.tile[t * kItems + i]};
  typename Traits::BlockScanT(smem.scan)
      .InclusiveScan(items, items, typename Traits::Compose());
  float sum = 0;
  for (int i = 0; i < kItems; i++) {
    h[t * kItems + i] = items[i].b;
    sum += items[i].b;
  }
  float all = typename Traits::BlockReduceT(smem.reduce).Sum(sum);
  if (t == 0) {
    *total = all;
    sizes[0] = sizeof(typename Traits::BlockScanT::TempStorage);
    sizes[1] = sizeof(typename Traits::BlockReduceT::TempStorage);
    sizes[2] = sizeof(typename Traits::WarpReduceT::TempStorage);
    sizes[3] = sizeof(typename Traits::BlockSortT::TempStorage);
    sizes[4] = sizeof(typename Traits::SharedMemory);
  }
}

template <int kThreads, int kItems> static int run() {
  using T = ScanTraits<kThreads, kItems>;
  const int n = kThreads * kItems;
  float ha[n], hb[n], hh[n], total;
  for (int i = 0; i < n; i++) {
    ha[i] = 0.5f + (i % 3) * 0.25f;
    hb[i] = (float)(i % 7) - 3.0f;
  }
  float *da, *db, *dh, *dt;
  unsigned *ds, sizes[5];
  cudaMalloc(&da, sizeof ha);
  cudaMalloc(&db, sizeof hb);
  cudaMalloc(&dh, sizeof hh);
  cudaMalloc(&dt, sizeof(float));
  cudaMalloc(&ds, sizeof sizes);
  cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
  chunk_scan<T, kThreads, kItems><<<1, kThreads, T::kSmemSize>>>(da, db, dh,
                                                                 dt, ds);
  cudaMemcpy(hh, dh, sizeof hh, cudaMemcpyDeviceToHost);
  cudaMemcpy(&total, dt, sizeof total, cudaMemcpyDeviceToHost);
  cudaMemcpy(sizes, ds, sizeof sizes, cudaMemcpyDeviceToHost);
  int bad = 0;
  unsigned want[5] = {
      (unsigned)sizeof(typename T::BlockScanT::TempStorage),
      (unsigned)sizeof(typename T::BlockReduceT::TempStorage),
      (unsigned)sizeof(typename T::WarpReduceT::TempStorage),
      (unsigned)sizeof(typename T::BlockSortT::TempStorage), T::kSmemSize};
  for (int i = 0; i < 5; i++)
    if (sizes[i] != want[i]) {
      printf("FAIL: size %d: device %u, host %u\n", i, sizes[i], want[i]);
      bad = 1;
    }
  float hp = 0, sum = 0;
  for (int i = 0; i < n; i++) {
    hp = ha[i] * hp + hb[i];
    float d = hh[i] - hp;
    if (d > 1e-3f || d < -1e-3f) {
      printf("FAIL: h[%d] = %g, expected %g\n", i, hh[i], hp);
      bad = 1;
      break;
    }
    sum += hp;
  }
  float d = total - sum;
  if (d > 1e-2f || d < -1e-2f) {
    printf("FAIL: total %g, expected %g\n", total, sum);
    bad = 1;
  }
  cudaFree(da);
  cudaFree(db);
  cudaFree(dh);
  cudaFree(dt);
  cudaFree(ds);
  return bad;
}

int main() {
  int bad = run<64, 4>() | run<128, 2>();
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
