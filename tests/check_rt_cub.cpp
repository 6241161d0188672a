// check_rt_cub: cu2clrt_cub.hpp as translated CUB code uses it (cub:: ->
// cu2cl_cub::, cudaX -> cu2clX), with CUB's two-call protocol; every result
// is checked against a std algorithm on the host, on the fast path (raw
// pointers, built-in operators) and the host path (user operators,
// iterators, partial bit ranges, other value sizes). Runs on the local
// OpenCL device. main returns the number of failed checks.
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#include "cu2clrt_cub.hpp"

static int failures = 0;
#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
                   #cond);                                                     \
      failures++;                                                              \
    }                                                                          \
  } while (0)

template <class T> static std::vector<T> values(size_t n, int mod) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; i++) {
    unsigned h = unsigned(i) * 2654435761u;
    v[i] = T(int((h ^ (h >> 15)) % unsigned(mod)) - mod / 2);
  }
  return v;
}

template <class T> static T *to_device(const std::vector<T> &v) {
  T *d = nullptr;
  EXPECT(cu2clMalloc(&d, std::max<size_t>(1, v.size()) * sizeof(T)) ==
         cu2clSuccess);
  cu2clMemcpy(d, v.data(), v.size() * sizeof(T), cu2clMemcpyHostToDevice);
  return d;
}

template <class T> static std::vector<T> to_host(const T *d, size_t n) {
  std::vector<T> v(n);
  cu2clMemcpy(v.data(), d, n * sizeof(T), cu2clMemcpyDeviceToHost);
  return v;
}

// CUB's protocol: size query, allocation, the call.
#define CUB_CALL(...)                                                          \
  do {                                                                         \
    void *d_temp_storage = nullptr;                                            \
    size_t temp_storage_bytes = 0;                                             \
    EXPECT(__VA_ARGS__ == cu2clSuccess);                                       \
    EXPECT(temp_storage_bytes > 0);                                            \
    EXPECT(cu2clMalloc(&d_temp_storage, temp_storage_bytes) == cu2clSuccess);  \
    EXPECT(__VA_ARGS__ == cu2clSuccess);                                       \
    cu2clFree(d_temp_storage);                                                 \
  } while (0)

struct AbsMax { // a user's operator, callable on the host
  int operator()(int a, int b) const { return std::max(std::abs(a), std::abs(b)); }
};
struct IsOdd {
  bool operator()(int v) const { return v & 1; }
};
struct Twice {
  long long operator()(int v) const { return 2ll * v; }
};

static void reductions() {
  const size_t n = 100000;
  std::vector<int> h = values<int>(n, 1000);
  int *in = to_device(h), *out = to_device(std::vector<int>(1));
  CUB_CALL(cu2cl_cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, in,
                                        out, int(n)));
  EXPECT(to_host(out, 1)[0] == std::accumulate(h.begin(), h.end(), 0));
  CUB_CALL(cu2cl_cub::DeviceReduce::Max(d_temp_storage, temp_storage_bytes, in,
                                        out, n));
  EXPECT(to_host(out, 1)[0] == *std::max_element(h.begin(), h.end()));
  CUB_CALL(cu2cl_cub::DeviceReduce::Min(d_temp_storage, temp_storage_bytes, in,
                                        out, n));
  EXPECT(to_host(out, 1)[0] == *std::min_element(h.begin(), h.end()));
  CUB_CALL(cu2cl_cub::DeviceReduce::Reduce(d_temp_storage, temp_storage_bytes,
                                           in, out, n, AbsMax(), 0));
  EXPECT(to_host(out, 1)[0] == 500);
  cu2cl_cub::KeyValuePair<int, int> *kv = nullptr;
  cu2clMalloc(&kv, sizeof *kv);
  CUB_CALL(cu2cl_cub::DeviceReduce::ArgMin(d_temp_storage, temp_storage_bytes,
                                           in, kv, n));
  auto r = to_host(kv, 1)[0];
  EXPECT(r.key == int(std::min_element(h.begin(), h.end()) - h.begin()));
  EXPECT(r.value == h[size_t(r.key)]);
  // an iterator input: the sum of 2 * (0 .. n-1)
  long long *sum = to_device(std::vector<long long>(1));
  cu2cl_cub::CountingInputIterator<int> count(0);
  cu2cl_cub::TransformInputIterator<long long, Twice,
                                    cu2cl_cub::CountingInputIterator<int>>
      twice(count, Twice());
  CUB_CALL(cu2cl_cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes,
                                        twice, sum, n));
  EXPECT(to_host(sum, 1)[0] == (long long)n * (long long)(n - 1));
  // over device memory: the input is copied, then transformed
  cu2cl_cub::TransformInputIterator<long long, Twice, int *> twice_in(in,
                                                                      Twice());
  CUB_CALL(cu2cl_cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes,
                                        twice_in, sum, n));
  EXPECT(to_host(sum, 1)[0] == 2ll * std::accumulate(h.begin(), h.end(), 0ll));
  cu2clFree(in);
  cu2clFree(out);
  cu2clFree(kv);
  cu2clFree(sum);
}

static void scans() {
  const size_t n = 5000;
  std::vector<float> h = values<float>(n, 50);
  float *in = to_device(h), *out = to_device(std::vector<float>(n));
  std::vector<float> want(n);
  CUB_CALL(cu2cl_cub::DeviceScan::ExclusiveSum(
      d_temp_storage, temp_storage_bytes, in, out, n));
  std::exclusive_scan(h.begin(), h.end(), want.begin(), 0.0f);
  EXPECT(to_host(out, n) == want);
  CUB_CALL(cu2cl_cub::DeviceScan::InclusiveSum(
      d_temp_storage, temp_storage_bytes, in, out, n));
  std::inclusive_scan(h.begin(), h.end(), want.begin());
  EXPECT(to_host(out, n) == want);
  CUB_CALL(cu2cl_cub::DeviceScan::ExclusiveScan(
      d_temp_storage, temp_storage_bytes, in, out, cu2cl_cub::Max(), -100.0f,
      n));
  std::exclusive_scan(h.begin(), h.end(), want.begin(), -100.0f,
                      [](float a, float b) { return std::max(a, b); });
  EXPECT(to_host(out, n) == want);
  std::vector<int> hi = values<int>(n, 40);
  int *ii = to_device(hi), *io = to_device(std::vector<int>(n));
  std::vector<int> wi(n);
  CUB_CALL(cu2cl_cub::DeviceScan::InclusiveScan(
      d_temp_storage, temp_storage_bytes, ii, io, AbsMax(), n));
  std::inclusive_scan(hi.begin(), hi.end(), wi.begin(), AbsMax());
  EXPECT(to_host(io, n) == wi);
  cu2clFree(in);
  cu2clFree(out);
  cu2clFree(ii);
  cu2clFree(io);
}

static void selections() {
  const size_t n = 3000;
  std::vector<int> h = values<int>(n, 100);
  std::vector<char> flags(n);
  for (size_t i = 0; i < n; i++)
    flags[i] = char(h[i] > 10);
  int *in = to_device(h), *out = to_device(std::vector<int>(n));
  int *num = to_device(std::vector<int>(1));
  char *f = to_device(flags);
  std::vector<int> want;
  CUB_CALL(cu2cl_cub::DeviceSelect::Flagged(d_temp_storage, temp_storage_bytes,
                                            in, f, out, num, n));
  for (size_t i = 0; i < n; i++)
    if (flags[i])
      want.push_back(h[i]);
  EXPECT(to_host(num, 1)[0] == int(want.size()));
  EXPECT(to_host(out, want.size()) == want);
  want.clear();
  CUB_CALL(cu2cl_cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, in,
                                       out, num, n, IsOdd()));
  std::copy_if(h.begin(), h.end(), std::back_inserter(want), IsOdd());
  EXPECT(to_host(num, 1)[0] == int(want.size()));
  EXPECT(to_host(out, want.size()) == want);
  cu2clFree(in);
  cu2clFree(out);
  cu2clFree(num);
  cu2clFree(f);
}

static void sorts() {
  const size_t n = 4000;
  std::vector<int> k = values<int>(n, 1 << 20);
  std::vector<float> v(n);
  for (size_t i = 0; i < n; i++)
    v[i] = float(i);
  int *kin = to_device(k), *kout = to_device(std::vector<int>(n));
  float *vin = to_device(v), *vout = to_device(std::vector<float>(n));
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return k[a] < k[b]; });
  CUB_CALL(cu2cl_cub::DeviceRadixSort::SortPairs(
      d_temp_storage, temp_storage_bytes, kin, kout, vin, vout, n));
  std::vector<int> ks = to_host(kout, n);
  std::vector<float> vs = to_host(vout, n);
  int ok = 1;
  for (size_t i = 0; i < n; i++)
    ok &= ks[i] == k[order[i]] && vs[i] == v[order[i]];
  EXPECT(ok);
  CUB_CALL(cu2cl_cub::DeviceRadixSort::SortKeysDescending(
      d_temp_storage, temp_storage_bytes, kin, kout, n));
  std::vector<int> desc = k;
  std::sort(desc.rbegin(), desc.rend());
  EXPECT(to_host(kout, n) == desc);
  // bits [4, 12) only: a stable sort on that digit (host path)
  CUB_CALL(cu2cl_cub::DeviceRadixSort::SortKeys(
      d_temp_storage, temp_storage_bytes, kin, kout, n, 4, 12));
  std::vector<int> part = k;
  std::stable_sort(part.begin(), part.end(), [](int a, int b) {
    return ((unsigned(a) >> 4) & 255) < ((unsigned(b) >> 4) & 255);
  });
  EXPECT(to_host(kout, n) == part);
  // DoubleBuffer: the result is in Current()
  cu2cl_cub::DoubleBuffer<int> keys(kout, kin);
  cu2clMemcpy(kout, k.data(), n * sizeof(int), cu2clMemcpyHostToDevice);
  CUB_CALL(cu2cl_cub::DeviceRadixSort::SortKeys(
      d_temp_storage, temp_storage_bytes, keys, n));
  std::vector<int> asc = k;
  std::sort(asc.begin(), asc.end());
  EXPECT(to_host(keys.Current(), n) == asc);
  // DoubleBuffer pairs, descending: values follow their keys
  cu2clMemcpy(keys.Current(), k.data(), n * sizeof(int),
              cu2clMemcpyHostToDevice);
  float *valt = to_device(std::vector<float>(n));
  cu2cl_cub::DoubleBuffer<float> vals(vin, valt);
  CUB_CALL(cu2cl_cub::DeviceRadixSort::SortPairsDescending(
      d_temp_storage, temp_storage_bytes, keys, vals, n));
  std::vector<int> kd = to_host(keys.Current(), n);
  std::vector<float> vd = to_host(vals.Current(), n);
  ok = kd == desc;
  for (size_t i = 0; i < n; i++)
    ok &= k[size_t(vd[i])] == kd[i];
  EXPECT(ok);
  cu2clFree(valt);
  cu2clFree(kin);
  cu2clFree(kout);
  cu2clFree(vin);
  cu2clFree(vout);
}

int main() {
  reductions();
  scans();
  selections();
  sorts();
  if (failures)
    std::fprintf(stderr, "%d check(s) failed\n", failures);
  else
    std::printf("check_rt_cub: all checks passed\n");
  return failures;
}
