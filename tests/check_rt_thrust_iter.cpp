// check_rt_thrust_iter: Thrust's fancy iterators (cu2clrt_thrust_iterator.hpp)
// as translated code uses them: transform_iterator with a user functor as
// the input of copy, reduce, inclusive_scan, min_element and device_vector's
// constructor, and of the CUB layer (HeCBench's nonzero counts flags that
// way); constant, permutation and discard iterators. Every result is checked
// against a loop on the host. main returns the number of failed checks.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "cu2clrt_cub.hpp"
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

namespace thr = cu2cl_thrust;

struct square {
  __host__ __device__ long operator()(int x) const { return long(x) * x; }
};
template <class T> struct non_zero {
  __host__ __device__ bool operator()(const T &x) const { return x != T(0); }
};

static std::vector<int> values(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; i++)
    v[i] = (i * 37) % 11 - 5;
  return v;
}

static void transform() {
  const int n = 3000;
  std::vector<int> h = values(n);
  thr::device_vector<int> d(h.begin(), h.end());
  auto first = thr::make_transform_iterator(d.begin(), square());
  auto last = first + n;
  EXPECT(last - first == n && first[3] == long(h[3]) * h[3]);
  long want = 0;
  for (int x : h)
    want += long(x) * x;
  EXPECT(thr::reduce(first, last) == want);
  EXPECT(thr::reduce(first, last, 0L, thr::maximum<long>()) == 25);
  thr::device_vector<long> sq(first, last); // one copy of the base range
  std::vector<long> back(n);
  thr::copy(sq.begin(), sq.end(), back.begin());
  bool same = true;
  for (int i = 0; i < n; i++)
    same &= back[i] == long(h[i]) * h[i];
  EXPECT(same);
  std::vector<long> scan(n);
  thr::inclusive_scan(first, last, scan.begin());
  EXPECT(scan[n - 1] == want);
  EXPECT(thr::max_element(first, last) - first ==
         std::max_element(back.begin(), back.end()) - back.begin());
  // a raw device pointer as the base, as CUB's inputs take it
  thr::transform_iterator<non_zero<int>, int *> flags(
      thr::raw_pointer_cast(d.data()), non_zero<int>());
  int64_t *d_count = nullptr;
  cu2clMalloc((void **)&d_count, sizeof(int64_t));
  std::size_t bytes = 0;
  cu2cl_cub::DeviceReduce::Sum(nullptr, bytes, flags, d_count, n);
  cu2cl_cub::DeviceReduce::Sum(&bytes, bytes, flags, d_count, n);
  int64_t count = 0;
  cu2clMemcpy(&count, d_count, sizeof count, cu2clMemcpyDeviceToHost);
  int64_t want_count = 0;
  for (int x : h)
    want_count += x != 0;
  EXPECT(count == want_count); // a sum of bools counts them
  int64_t *d_sel = nullptr;
  cu2clMalloc((void **)&d_sel, n * sizeof(int64_t));
  thr::counting_iterator<int64_t> index(0);
  cu2cl_cub::DeviceSelect::Flagged(&bytes, bytes, index, flags, d_sel, d_count,
                                   n);
  std::vector<int64_t> sel(want_count);
  cu2clMemcpy(sel.data(), d_sel, want_count * sizeof(int64_t),
              cu2clMemcpyDeviceToHost);
  EXPECT(h[sel[0]] != 0 && h[sel[want_count - 1]] != 0);
  cu2clFree(d_sel);
  cu2clFree(d_count);
}

static void others() {
  auto c = thr::make_constant_iterator(7);
  EXPECT(c[100] == 7 && (c + 10) - c == 10);
  EXPECT(thr::reduce(c, c + 6) == 42);
  thr::device_vector<int> d(c, c + 5);
  EXPECT(d[4] == 7);

  std::vector<int> h = {10, 20, 30, 40};
  std::vector<int> idx = {3, 0, 2};
  thr::device_vector<int> dh(h.begin(), h.end());
  auto p = thr::make_permutation_iterator(dh.begin(), idx.begin());
  EXPECT(p[0] == 40 && p[1] == 10 && p[2] == 30);
  EXPECT(thr::reduce(p, p + 3) == 80);
  p[1] = 11; // writes through to the device element
  EXPECT(dh[0] == 11);

  auto sink = thr::make_discard_iterator();
  auto end = thr::copy(h.begin(), h.end(), sink);
  EXPECT(end - sink == 4);
}

int main() {
  // Programs time CUB calls with std::chrono and no <chrono> of their own:
  // CUB's headers bring it, cu2clrt_cub.hpp must too (HeCBench's nonzero).
  auto start = std::chrono::steady_clock::now();
  transform();
  others();
  EXPECT(std::chrono::steady_clock::now() >= start);
  if (failures)
    std::fprintf(stderr, "check_rt_thrust_iter: %d check(s) failed\n",
                 failures);
  return failures;
}
