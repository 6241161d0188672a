// check_rt_thrust: cu2clrt_thrust.hpp as translated Thrust code uses it.
// The code below is written the way CUDA programs use Thrust, after cu2cl's
// rewrite (thrust:: -> cu2cl_thrust::, cudaX -> cu2clX); every result is
// checked against the std algorithm on the host. Runs on the local OpenCL
// device. main returns the number of failed checks.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <numeric>
#include <type_traits>
#include <vector>

#include "cu2clrt_thrust.hpp"

static int failures = 0;
#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
                   #cond);                                                     \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static unsigned hash(unsigned i) {
  i *= 2654435761u;
  return i ^ (i >> 15);
}

template <class T> static std::vector<T> random_values(size_t n, int mod) {
  std::vector<T> v(n);
  for (size_t i = 0; i < n; i++)
    v[i] = T(int(hash(unsigned(i)) % unsigned(mod)) - mod / 2);
  return v;
}

// Types and overloads as Thrust has them.
static_assert(std::is_same_v<cu2cl_thrust::device_vector<int>::iterator,
                             cu2cl_thrust::device_ptr<int>>);
static_assert(
    std::is_same_v<decltype(cu2cl_thrust::reduce(std::declval<int *>(),
                                                 std::declval<int *>(), 0.0)),
                   double>);
static_assert(
    std::is_same_v<std::iterator_traits<
                       cu2cl_thrust::device_ptr<float>>::iterator_category,
                   std::random_access_iterator_tag>);

// The compaction sample's phase 2: raw cudaMalloc pointers wrapped in
// device_ptr, no policy.
static void block_offsets() {
  const int numBlocks = 1000;
  std::vector<int> counts = random_values<int>(numBlocks, 9);
  for (int &c : counts)
    c = std::abs(c);
  int *d_BlocksCount = nullptr, *d_BlocksOffset = nullptr;
  EXPECT(cu2clMalloc(&d_BlocksCount, numBlocks * sizeof(int)) == cu2clSuccess);
  EXPECT(cu2clMalloc(&d_BlocksOffset, numBlocks * sizeof(int)) == cu2clSuccess);
  cu2clMemcpy(d_BlocksCount, counts.data(), numBlocks * sizeof(int),
              cu2clMemcpyHostToDevice);
  cu2cl_thrust::exclusive_scan(
      cu2cl_thrust::device_ptr<int>(d_BlocksCount),
      cu2cl_thrust::device_ptr<int>(d_BlocksCount + numBlocks),
      cu2cl_thrust::device_ptr<int>(d_BlocksOffset));
  std::vector<int> got(numBlocks), want(numBlocks);
  cu2clMemcpy(got.data(), d_BlocksOffset, numBlocks * sizeof(int),
              cu2clMemcpyDeviceToHost);
  std::exclusive_scan(counts.begin(), counts.end(), want.begin(), 0);
  EXPECT(got == want);
  cu2clFree(d_BlocksCount);
  cu2clFree(d_BlocksOffset);
}

// Raw device pointers with the device policy; in-place scans; operators.
static void scans() {
  for (size_t n : {size_t(0), size_t(1), size_t(1000), size_t(1) << 20}) {
    std::vector<int> h = random_values<int>(n, 17);
    int *d_in = nullptr, *d_out = nullptr;
    cu2clMalloc(&d_in, n * sizeof(int));
    cu2clMalloc(&d_out, n * sizeof(int));
    cu2clMemcpy(d_in, h.data(), n * sizeof(int), cu2clMemcpyHostToDevice);
    int *end = cu2cl_thrust::inclusive_scan(cu2cl_thrust::device, d_in,
                                            d_in + n, d_out);
    EXPECT(end == d_out + n);
    std::vector<int> got(n), want(n);
    cu2cl_thrust::copy(cu2cl_thrust::device, d_out, d_out + n, got.begin());
    std::inclusive_scan(h.begin(), h.end(), want.begin());
    EXPECT(got == want);
    cu2cl_thrust::exclusive_scan(cu2cl_thrust::device, d_in, d_in + n, d_out,
                                 -100, cu2cl_thrust::maximum<int>());
    cu2clMemcpy(got.data(), d_out, n * sizeof(int), cu2clMemcpyDeviceToHost);
    std::exclusive_scan(h.begin(), h.end(), want.begin(), -100,
                        [](int a, int b) { return std::max(a, b); });
    EXPECT(got == want);
    cu2clFree(d_in);
    cu2clFree(d_out);
  }
  // In place on a device_vector of doubles, with minimum.
  std::vector<double> h = random_values<double>(5000, 1001);
  cu2cl_thrust::device_vector<double> d(h.begin(), h.end());
  cu2cl_thrust::inclusive_scan(d.begin(), d.end(), d.begin(),
                               cu2cl_thrust::minimum<double>());
  std::inclusive_scan(h.begin(), h.end(), h.begin(),
                      [](double a, double b) { return std::min(a, b); });
  cu2cl_thrust::host_vector<double> back = d;
  EXPECT(back == h);
}

static void reductions() {
  std::vector<float> h = random_values<float>(1 << 20, 13);
  cu2cl_thrust::device_vector<float> d = h;
  EXPECT(cu2cl_thrust::reduce(d.begin(), d.end()) ==
         std::accumulate(h.begin(), h.end(), 0.0f));
  EXPECT(cu2cl_thrust::reduce(cu2cl_thrust::device, d.begin(), d.end(), 1.0f,
                              cu2cl_thrust::maximum<float>()) == 6.0f);
  EXPECT(cu2cl_thrust::reduce(d.begin(), d.end(), 100.0f,
                              cu2cl_thrust::minimum<float>()) == -6.0f);
  // Thrust's plus<int> from an int init truncates each float: the same here.
  for (size_t i = 0; i < 64; i++)
    h[i] = float(i) + 0.5f;
  d = h;
  int truncated = cu2cl_thrust::reduce(d.begin(), d.begin() + 64, 0);
  EXPECT(truncated ==
         std::accumulate(h.begin(), h.begin() + 64, 0, std::plus<int>()));
  // An int init over unsigned and 64-bit data: wrapping sums on the device.
  std::vector<unsigned> u(3000);
  std::vector<long long> l(3000);
  for (size_t i = 0; i < u.size(); i++) {
    u[i] = 4000000000u - unsigned(i);
    l[i] = (1LL << 40) + (long long)i;
  }
  cu2cl_thrust::device_vector<unsigned> du = u;
  cu2cl_thrust::device_vector<long long> dl = l;
  // (the reference wraps in unsigned arithmetic: an int sum that overflows
  // is undefined behaviour on the host)
  EXPECT(cu2cl_thrust::reduce(du.begin(), du.end(), 0) ==
         (int)std::accumulate(u.begin(), u.end(), 0u));
  EXPECT(cu2cl_thrust::reduce(dl.begin(), dl.end(), 0LL) ==
         std::accumulate(l.begin(), l.end(), 0LL));
  // Host policy and host iterators run the std algorithms.
  EXPECT(cu2cl_thrust::reduce(cu2cl_thrust::host, u.begin(), u.end(), 0u) ==
         std::accumulate(u.begin(), u.end(), 0u));
  EXPECT(cu2cl_thrust::count(u.begin(), u.end(), 3999999999u) == 1);
}

static void fill_sequence_count() {
  cu2cl_thrust::device_vector<int> d(1000);
  EXPECT(cu2cl_thrust::count(d.begin(), d.end(), 0) == 1000); // zeroed
  cu2cl_thrust::fill(d.begin(), d.end(), 7);
  cu2cl_thrust::fill_n(d.begin() + 10, 5, 3);
  EXPECT(cu2cl_thrust::count(d.begin(), d.end(), 7) == 995);
  EXPECT(cu2cl_thrust::count(cu2cl_thrust::device, d.begin(), d.end(), 3) == 5);
  EXPECT(cu2cl_thrust::count(d.begin(), d.end(), 7.5) == 0);
  cu2cl_thrust::sequence(d.begin(), d.end(), 10, 3);
  std::vector<int> want(1000), got(1000);
  for (int i = 0; i < 1000; i++)
    want[i] = 10 + 3 * i;
  cu2cl_thrust::copy(d.begin(), d.end(), got.begin());
  EXPECT(got == want);
  cu2cl_thrust::device_vector<float> f(100, 2.5f);
  EXPECT(float(f[99]) == 2.5f);
  cu2cl_thrust::sequence(f.begin(), f.end());
  EXPECT(float(f[42]) == 42.0f);
  // Element types the kernels lack take the host path, still correct.
  cu2cl_thrust::device_vector<short> s(50);
  cu2cl_thrust::sequence(s.begin(), s.end(), short(100));
  cu2cl_thrust::fill(s.begin(), s.begin() + 5, short(-1));
  EXPECT(cu2cl_thrust::count(s.begin(), s.end(), short(-1)) == 5);
  EXPECT(short(s[49]) == 149);
}

static void sorts() {
  std::vector<int> h = random_values<int>(100003, 1 << 30);
  cu2cl_thrust::device_vector<int> d = h;
  cu2cl_thrust::sort(d.begin(), d.end());
  std::sort(h.begin(), h.end());
  cu2cl_thrust::host_vector<int> back(d.begin(), d.end());
  EXPECT(back == h);
  cu2cl_thrust::sort(cu2cl_thrust::device, d.begin(), d.end(),
                     cu2cl_thrust::greater<int>());
  std::sort(h.begin(), h.end(), std::greater<int>());
  back = d;
  EXPECT(back == h);
  // sort_by_key with float values: stable for equal keys.
  std::vector<long long> keys(20000);
  std::vector<float> vals(keys.size());
  for (size_t i = 0; i < keys.size(); i++) {
    keys[i] = (long long)(hash(unsigned(i)) % 100) - 50;
    vals[i] = float(i);
  }
  cu2cl_thrust::device_vector<long long> dk = keys;
  cu2cl_thrust::device_vector<float> dv = vals;
  cu2cl_thrust::sort_by_key(dk.begin(), dk.end(), dv.begin());
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  std::vector<long long> gk(keys.size());
  std::vector<float> gv(keys.size());
  cu2cl_thrust::copy(dk.begin(), dk.end(), gk.begin());
  cu2cl_thrust::copy(dv.begin(), dv.end(), gv.begin());
  bool same = true;
  for (size_t i = 0; i < keys.size(); i++)
    same = same && gk[i] == keys[order[i]] && gv[i] == vals[order[i]];
  EXPECT(same);
  // Key type without a kernel (short): host path, same contract.
  cu2cl_thrust::device_vector<short> sk(std::vector<short>{3, 1, 2, 1});
  cu2cl_thrust::device_vector<int> sv(std::vector<int>{0, 1, 2, 3});
  cu2cl_thrust::stable_sort_by_key(sk.begin(), sk.end(), sv.begin());
  cu2cl_thrust::host_vector<int> svh = sv;
  EXPECT((svh == std::vector<int>{1, 3, 2, 0}));
}

// Streams: par.on(stream) orders the work on it; par_nosync does not wait.
static void streams() {
  cu2clStream_t stream;
  EXPECT(cu2clStreamCreate(&stream) == cu2clSuccess);
  cu2cl_thrust::device_vector<unsigned> d(4096);
  cu2cl_thrust::sequence(cu2cl_thrust::cuda::par.on(stream), d.begin(), d.end(),
                         1u);
  cu2cl_thrust::inclusive_scan(cu2cl_thrust::cuda::par_nosync.on(stream),
                               d.begin(), d.end(), d.begin());
  EXPECT(cu2clStreamSynchronize(stream) == cu2clSuccess);
  unsigned last = d.back();
  EXPECT(last == 4096u * 4097u / 2);
  EXPECT(cu2cl_thrust::reduce(cu2cl_thrust::cuda::par.on(stream), d.begin(),
                              d.end(), 0u,
                              cu2cl_thrust::maximum<unsigned>()) == last);
  cu2clStreamDestroy(stream);
}

// device_vector, device_ptr and device_reference as host code uses them.
static void containers() {
  cu2cl_thrust::device_vector<int> d(std::vector<int>{1, 2, 3});
  d[1] = 20;
  d.push_back(4);
  d.resize(6, 9);
  d[0] += 5;
  cu2cl_thrust::device_vector<int> copy = d;
  copy.back() = -1;
  std::vector<int> out;
  cu2cl_thrust::copy(copy.begin(), copy.end(), std::back_inserter(out));
  EXPECT((out == std::vector<int>{6, 20, 3, 4, 9, -1}));
  EXPECT(int(d[5]) == 9 && d.size() == 6);
  int *raw = cu2cl_thrust::raw_pointer_cast(d.data());
  cu2cl_thrust::device_ptr<int> p = cu2cl_thrust::device_pointer_cast(raw);
  EXPECT(p + 2 == d.begin() + 2 && *(p + 3) == 4);
  EXPECT(cu2cl_thrust::raw_pointer_cast(&d[2]) == raw + 2);
  cu2cl_thrust::device_ptr<double> m = cu2cl_thrust::device_malloc<double>(8);
  cu2cl_thrust::fill(m, m + 8, 0.25);
  EXPECT(cu2cl_thrust::reduce(m, m + 8) == 2.0);
  cu2cl_thrust::device_free(m);
  cu2cl_thrust::device_ptr<void> bytes = cu2cl_thrust::device_malloc(64);
  EXPECT(bytes.get() != nullptr);
  cu2cl_thrust::device_free(bytes);
  cu2cl_thrust::host_vector<short> hs(3, short(4));
  cu2cl_thrust::device_vector<short> ds = hs;
  EXPECT(ds.size() == 3 && short(ds[2]) == 4);
  cu2cl_thrust::device_vector<int> empty;
  EXPECT(cu2cl_thrust::reduce(empty.begin(), empty.end(), 5) == 5);
  d.clear();
  EXPECT(d.empty() && d.capacity() >= 6);
}

// Errors come back as cu2cl_thrust::system_error, as Thrust throws them.
static void errors() {
  std::vector<int> host(10);
  bool thrown = false;
  try {
    cu2cl_thrust::exclusive_scan(cu2cl_thrust::device, host.data(),
                                 host.data() + 10, host.data());
  } catch (const cu2cl_thrust::system_error &e) {
    thrown = e.code().value() == cu2clErrorInvalidValue;
  }
  EXPECT(thrown);
  EXPECT(cu2clGetLastError() == cu2clErrorInvalidValue);
}

// minmax's shape: points in a device_vector, the nearest and farthest by a
// user comparator under thrust::device, located with thrust::distance.
struct point {
  float x, y;
};
struct by_norm {
  __host__ __device__ bool operator()(const point &a, const point &b) const {
    return a.x * a.x + a.y * a.y < b.x * b.x + b.y * b.y;
  }
};

static void extrema() {
  std::vector<point> h(3000);
  for (size_t i = 0; i < h.size(); i++)
    h[i] = {float(int(hash(unsigned(i)) % 2001) - 1000), float(i % 7)};
  h[1700] = h[2500] = {2000.0f, 0.0f}; // two largest: minmax takes the last
  cu2cl_thrust::device_vector<point> d(h);
  auto lo = cu2cl_thrust::min_element(cu2cl_thrust::device, d.begin(), d.end(),
                                      by_norm());
  auto hi = cu2cl_thrust::max_element(cu2cl_thrust::device, d.begin(), d.end(),
                                      by_norm());
  auto mm = cu2cl_thrust::minmax_element(cu2cl_thrust::device, d.begin(),
                                         d.end(), by_norm());
  static_assert(std::is_same_v<decltype(lo), cu2cl_thrust::device_ptr<point>>);
  auto want_lo = std::min_element(h.begin(), h.end(), by_norm());
  EXPECT(cu2cl_thrust::distance(d.begin(), lo) == want_lo - h.begin());
  EXPECT(cu2cl_thrust::distance(d.begin(), hi) == 1700);
  EXPECT(mm.first == lo &&
         cu2cl_thrust::distance(d.begin(), mm.second) == 2500);
  // Built-in types with the default order, on device_ptr without a policy,
  // and on the host.
  std::vector<int> hv = random_values<int>(5000, 100000);
  cu2cl_thrust::device_vector<int> dv(hv);
  auto i = cu2cl_thrust::max_element(dv.begin(), dv.end());
  EXPECT(*i == *std::max_element(hv.begin(), hv.end()));
  EXPECT(i - dv.begin() == std::max_element(hv.begin(), hv.end()) - hv.begin());
  auto j = cu2cl_thrust::min_element(cu2cl_thrust::host, hv.begin(), hv.end());
  EXPECT(j == std::min_element(hv.begin(), hv.end()));
  EXPECT(cu2cl_thrust::min_element(dv.begin(), dv.begin()) == dv.begin());
}

// counting_iterator: read by host algorithms and copied to the device.
static void counting() {
  cu2cl_thrust::counting_iterator<long> first(5), last = first + 1000;
  EXPECT(last - first == 1000 && first[3] == 8 && *(last - 1) == 1004);
  EXPECT(cu2cl_thrust::distance(first, last) == 1000);
  cu2cl_thrust::device_vector<long> d(1000);
  cu2cl_thrust::copy(first, last, d.begin());
  std::vector<long> back(1000);
  cu2cl_thrust::copy(d.begin(), d.end(), back.begin());
  EXPECT(back.front() == 5 && back.back() == 1004);
  EXPECT(cu2cl_thrust::reduce(cu2cl_thrust::make_counting_iterator(1),
                              cu2cl_thrust::make_counting_iterator(101)) ==
         5050);
}

int main() {
  block_offsets();
  extrema();
  counting();
  scans();
  reductions();
  fill_sequence_count();
  sorts();
  streams();
  containers();
  errors();
  if (failures)
    std::fprintf(stderr, "check_rt_thrust: %d check(s) failed\n", failures);
  return failures;
}
