// cu2clrt_thrust_random.hpp: Thrust's random number engines and
// distributions (<thrust/random.h>) on the host, included at the end of
// cu2clrt_thrust.hpp. Both namespaces work: thrust::random::minstd_rand
// and thrust::minstd_rand.
//
// Engines give Thrust's sequences. minstd_rand (a = 48271), minstd_rand0
// (a = 16807), default_random_engine (minstd_rand, as in Thrust: not
// libstdc++'s std::default_random_engine), ranlux24_base and ranlux24 are
// std's engines of the same parameters and seeding (the C++ standard fixes
// their sequences, and Thrust documents the same engines). ranlux48 is not
// provided: Thrust seeds its 48-bit state from one LCG draw per word where
// std draws two, so the sequences differ.
//
// Distributions compute what Thrust's compute on a CUDA build (nvcc), from
// the engine's raw values, so a port draws the same numbers:
//   uniform_real_distribution(a, b): u = (x - min) / (max - min + 1) in
//     [0, 1), in the result type, then a + u (b - a);
//   uniform_int_distribution(a, b): a uniform_real_distribution<double>
//     over [a, b + 1), truncated to the integer type;
//   normal_distribution(mean, sigma): the inverse of the normal CDF
//     applied to p = u / range + 1 / (2 range), with u folded into the
//     lower half (the sign flips for the upper one): mean + sigma *
//     -+sqrt(2) erfcinv(2p), one engine draw per value. erfcinv has no
//     host function, so it is computed here in long double (Newton's
//     method on erfc), correctly rounded or within an ulp of CUDA's.
#ifndef CU2CLRT_THRUST_RANDOM_HPP
#define CU2CLRT_THRUST_RANDOM_HPP

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>

namespace cu2cl_thrust {
namespace random {

template <class UInt, UInt a, UInt c, UInt m>
using linear_congruential_engine =
    std::linear_congruential_engine<UInt, a, c, m>;
using minstd_rand0 = std::minstd_rand0;
using minstd_rand = std::minstd_rand;
using default_random_engine = minstd_rand;
using ranlux24_base = std::ranlux24_base;
using ranlux24 = std::ranlux24;
template <class Engine, std::size_t p, std::size_t r>
using discard_block_engine = std::discard_block_engine<Engine, p, r>;

namespace detail {

// erfcinv(z) for 0 < z < 2 in long double: a first guess (linear near 1,
// the asymptotic erfc(x) ~ exp(-x^2) / (x sqrt(pi)) in the tails), then
// Newton steps on erf(x) = 1 - z or erfc(x) = z, whichever keeps z's bits.
inline double erfcinv(double zd) {
  if (!(zd > 0 && zd < 2))
    return zd == 0 ? HUGE_VAL : zd == 2 ? -HUGE_VAL : NAN;
  long double z = zd, s = 1;
  if (z > 1)
    z = 2 - z, s = -1; // exact
  const long double rpi = 1.772453850905516027298167483341145L;
  long double x;
  if (z > 0.5L) {
    x = (1 - z) * rpi / 2;
  } else {
    long double l = -std::log(z);
    x = std::sqrt(l);
    for (int i = 0; i < 3; i++)
      x = std::sqrt(std::fmax(l - std::log(x * rpi), 0.25L));
  }
  for (int i = 0; i < 40; i++) {
    long double f = z > 0.5L ? std::erf(x) - (1 - z) : std::erfc(x) - z;
    long double d = (z > 0.5L ? 2 : -2) / rpi * std::exp(-x * x);
    long double step = f / d;
    x -= step;
    if (std::fabs(step) <= 1e-21L * std::fabs(x))
      break;
  }
  return double(s * x);
}

} // namespace detail

template <class RealType = double> class uniform_real_distribution {
  RealType a_, b_;

public:
  using result_type = RealType;
  using param_type = std::pair<RealType, RealType>;
  explicit uniform_real_distribution(RealType a = 0, RealType b = 1)
      : a_(a), b_(b) {}
  explicit uniform_real_distribution(const param_type &p)
      : a_(p.first), b_(p.second) {}
  void reset() {}
  RealType a() const { return a_; }
  RealType b() const { return b_; }
  RealType(min)() const { return a_; }
  RealType(max)() const { return b_; }
  param_type param() const { return param_type(a_, b_); }
  void param(const param_type &p) { a_ = p.first, b_ = p.second; }
  template <class URNG> RealType operator()(URNG &urng) {
    return (*this)(urng, param());
  }
  template <class URNG> RealType operator()(URNG &urng, const param_type &p) {
    RealType u = static_cast<RealType>(urng() - (URNG::min)());
    u /= RealType(1) + static_cast<RealType>((URNG::max)() - (URNG::min)());
    return u * (p.second - p.first) + p.first;
  }
};

template <class IntType = int> class uniform_int_distribution {
  IntType a_, b_;

public:
  using result_type = IntType;
  using param_type = std::pair<IntType, IntType>;
  explicit uniform_int_distribution(
      IntType a = 0, IntType b = std::numeric_limits<IntType>::max())
      : a_(a), b_(b) {}
  explicit uniform_int_distribution(const param_type &p)
      : a_(p.first), b_(p.second) {}
  void reset() {}
  IntType a() const { return a_; }
  IntType b() const { return b_; }
  IntType(min)() const { return a_; }
  IntType(max)() const { return b_; }
  param_type param() const { return param_type(a_, b_); }
  void param(const param_type &p) { a_ = p.first, b_ = p.second; }
  template <class URNG> IntType operator()(URNG &urng) {
    return (*this)(urng, param());
  }
  template <class URNG> IntType operator()(URNG &urng, const param_type &p) {
    uniform_real_distribution<double> real(double(p.first),
                                           double(p.second) + 1.0);
    return static_cast<IntType>(real(urng));
  }
};

template <class RealType = double> class normal_distribution {
  RealType mean_, stddev_;

public:
  using result_type = RealType;
  using param_type = std::pair<RealType, RealType>;
  explicit normal_distribution(RealType mean = 0, RealType stddev = 1)
      : mean_(mean), stddev_(stddev) {}
  explicit normal_distribution(const param_type &p)
      : mean_(p.first), stddev_(p.second) {}
  void reset() {}
  RealType mean() const { return mean_; }
  RealType stddev() const { return stddev_; }
  param_type param() const { return param_type(mean_, stddev_); }
  void param(const param_type &p) { mean_ = p.first, stddev_ = p.second; }
  template <class URNG> RealType operator()(URNG &urng) {
    return (*this)(urng, param());
  }
  template <class URNG> RealType operator()(URNG &urng, const param_type &p) {
    using U = typename URNG::result_type;
    const U range = (URNG::max)() - (URNG::min)();
    const RealType s1 = static_cast<RealType>(1. / static_cast<double>(range));
    const RealType s2 = s1 / 2;
    RealType s3 = static_cast<RealType>(-1.4142135623730950488016887242097);
    U u = urng() - (URNG::min)();
    if (u > range / 2)
      u = range - u, s3 = -s3;
    RealType q = u * s1 + s2;
    RealType e = static_cast<RealType>(detail::erfcinv(double(2 * q)));
    return p.first + p.second * s3 * e;
  }
};

} // namespace random

using random::default_random_engine;
using random::discard_block_engine;
using random::linear_congruential_engine;
using random::minstd_rand;
using random::minstd_rand0;
using random::normal_distribution;
using random::ranlux24;
using random::ranlux24_base;
using random::uniform_int_distribution;
using random::uniform_real_distribution;

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_RANDOM_HPP
