// check_rt_thrust_random: Thrust's random engines and distributions
// (cu2clrt_thrust_random.hpp) and is_sorted/is_sorted_until
// (cu2clrt_thrust_extrema.hpp), as translated Thrust code uses them. The
// engines must give the standard sequences (the C++ standard's 10000th
// values, and std's engines draw for draw); the distributions must map the
// engine's values as Thrust does on a CUDA build. main returns the number
// of failed checks.
#include <cmath>
#include <cstdio>
#include <random>
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

namespace thr = cu2cl_thrust;

// The 10000th value of a default-constructed engine.
template <class E> static typename E::result_type ten_thousandth() {
  E e;
  e.discard(9999);
  return e();
}

static void engines() {
  static_assert(std::is_same_v<thr::default_random_engine, thr::minstd_rand>);
  static_assert(std::is_same_v<thr::random::default_random_engine,
                               thr::random::minstd_rand>);
  EXPECT(ten_thousandth<thr::minstd_rand>() == 399268537u);
  EXPECT(ten_thousandth<thr::minstd_rand0>() == 1043618065u);
  EXPECT(ten_thousandth<thr::random::ranlux24>() == 9901578u);
  thr::random::minstd_rand a(12345);
  std::minstd_rand b(12345);
  int same = 0;
  for (int i = 0; i < 1000; i++)
    same += a() == b();
  EXPECT(same == 1000);
  thr::default_random_engine d; // seed 1: first value is a itself
  EXPECT(d() == 48271u);
}

static void uniform() {
  thr::default_random_engine rng;
  thr::uniform_real_distribution<float> u(-2.0f, 3.0f);
  // Thrust's map: (x - min) / (max - min + 1), scaled into [a, b)
  float want = float(48271 - 1) / (1.0f + float(2147483646 - 1));
  EXPECT(u(rng) == want * 5.0f - 2.0f);
  double sum = 0;
  int outside = 0;
  for (int i = 0; i < 100000; i++) {
    float v = u(rng);
    outside += !(v >= -2.0f && v < 3.0f);
    sum += v;
  }
  EXPECT(outside == 0 && std::fabs(sum / 100000 - 0.5) < 0.02);

  thr::random::uniform_int_distribution<int> dice(1, 6);
  thr::minstd_rand r2;
  EXPECT(dice(r2) == 1); // 48270 / 2147483646 * 6 truncates to 0
  int count[8] = {0};
  for (int i = 0; i < 60000; i++) {
    int v = dice(r2);
    count[(v >= 1 && v <= 6) ? v : 7]++;
  }
  EXPECT(count[7] == 0);
  for (int k = 1; k <= 6; k++)
    EXPECT(count[k] > 9500 && count[k] < 10500);
}

static void normal() {
  // the host erfcinv against erfc
  const double zs[] = {1e-300, 1e-20, 4.5e-5, 0.3, 0.9999, 1.0, 1.2, 1.999999};
  for (double z : zs) {
    double x = thr::random::detail::erfcinv(z);
    // erfc's slope amplifies x's rounding: 2 x^2 ulps of the result
    EXPECT(std::fabs(std::erfc(x) - z) <= 1e-15 * (1 + x * x) * z);
  }
  thr::default_random_engine rng;
  thr::normal_distribution<double> n(2.0, 3.0);
  // the first draw, 48271: p = (u + 1/2) / range in the lower half, and
  // the value is the normal quantile of p
  double v = n(rng);
  double p = (48270.0 + 0.5) / 2147483645.0;
  EXPECT(std::fabs(0.5 * std::erfc(-(v - 2.0) / 3.0 / std::sqrt(2.0)) - p) <
         1e-12 * p);
  double sum = 0, sq = 0;
  for (int i = 0; i < 100000; i++) {
    double x = n(rng);
    sum += x, sq += x * x;
  }
  double mean = sum / 100000, var = sq / 100000 - mean * mean;
  EXPECT(std::fabs(mean - 2.0) < 0.05 &&
         std::fabs(std::sqrt(var) - 3.0) < 0.05);
  thr::random::normal_distribution<float> nf;
  float f = nf(rng);
  EXPECT(std::isfinite(f));
}

static void sortedness() {
  std::vector<int> h = {1, 2, 2, 5, 9, 4, 10};
  thr::device_vector<int> d(h.begin(), h.end());
  EXPECT(!thr::is_sorted(d.begin(), d.end()));
  EXPECT(thr::is_sorted_until(d.begin(), d.end()) - d.begin() == 5);
  EXPECT(thr::is_sorted(thr::device, d.begin(), d.begin() + 5));
  EXPECT(thr::is_sorted(d.begin(), d.begin() + 1));
  EXPECT(thr::is_sorted(d.begin(), d.begin()));
  thr::device_vector<int> down(3);
  down[0] = 7, down[1] = 3, down[2] = 3;
  EXPECT(thr::is_sorted(down.begin(), down.end(), thr::greater<int>()));
  EXPECT(thr::is_sorted_until(thr::host, h.begin(), h.end()) == h.begin() + 5);
  EXPECT(thr::is_sorted(h.begin(), h.begin() + 5));
}

int main() {
  engines();
  uniform();
  normal();
  sortedness();
  if (failures)
    std::fprintf(stderr, "check_rt_thrust_random: %d check(s) failed\n",
                 failures);
  return failures;
}
