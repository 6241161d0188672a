/* cu2cl's own CUDA headers: thrust/random.h
 *
 * Thrust's random number engines and distributions (Thrust API
 * documentation, "Random Number Generation"), in thrust::random and, for
 * the names Thrust exports, in thrust. Declarations only. */
#ifndef CU2CL_THRUST_RANDOM_H
#define CU2CL_THRUST_RANDOM_H

#include "detail/cu2cl_base.h"
#include <cstdint>

namespace thrust {
namespace random {

template <typename UIntType, UIntType a, UIntType c, UIntType m>
class linear_congruential_engine {
public:
  typedef UIntType result_type;
  static const result_type multiplier = a;
  static const result_type increment = c;
  static const result_type modulus = m;
  static const result_type min = c == 0u ? 1u : 0u;
  static const result_type max = m - 1u;
  static const result_type default_seed = 1u;
  __host__ __device__ explicit linear_congruential_engine(
      result_type s = default_seed);
  __host__ __device__ void seed(result_type s = default_seed);
  __host__ __device__ result_type operator()(void);
  __host__ __device__ void discard(unsigned long long z);
};

template <typename UIntType, std::size_t w, std::size_t s, std::size_t r>
class subtract_with_carry_engine {
public:
  typedef UIntType result_type;
  static const result_type min = 0;
  static const result_type max =
      w == 64 ? ~UIntType(0) : (UIntType(1) << w) - 1;
  static const result_type default_seed = 19780503u;
  __host__ __device__ explicit subtract_with_carry_engine(
      result_type value = default_seed);
  __host__ __device__ void seed(result_type value = default_seed);
  __host__ __device__ result_type operator()(void);
  __host__ __device__ void discard(unsigned long long z);
};

template <typename Engine, std::size_t p, std::size_t r>
class discard_block_engine {
public:
  typedef Engine base_type;
  typedef typename base_type::result_type result_type;
  static const result_type min = base_type::min;
  static const result_type max = base_type::max;
  __host__ __device__ discard_block_engine();
  __host__ __device__ explicit discard_block_engine(result_type s);
  __host__ __device__ void seed(void);
  __host__ __device__ void seed(result_type s);
  __host__ __device__ result_type operator()(void);
  __host__ __device__ void discard(unsigned long long z);
};

typedef linear_congruential_engine<std::uint32_t, 16807, 0, 2147483647>
    minstd_rand0;
typedef linear_congruential_engine<std::uint32_t, 48271, 0, 2147483647>
    minstd_rand;
typedef subtract_with_carry_engine<std::uint32_t, 24, 10, 24> ranlux24_base;
typedef subtract_with_carry_engine<std::uint64_t, 48, 5, 12> ranlux48_base;
typedef discard_block_engine<ranlux24_base, 223, 23> ranlux24;
typedef discard_block_engine<ranlux48_base, 389, 11> ranlux48;
typedef minstd_rand default_random_engine;

template <typename IntType = int> class uniform_int_distribution {
public:
  typedef IntType result_type;
  __host__ __device__ explicit uniform_int_distribution(
      IntType a = 0,
      IntType b = (IntType) ~(IntType(1) << (sizeof(IntType) * 8 - 1)));
  __host__ __device__ void reset(void);
  template <typename UniformRandomNumberGenerator>
  __host__ __device__ result_type
  operator()(UniformRandomNumberGenerator &urng);
  __host__ __device__ result_type a(void) const;
  __host__ __device__ result_type b(void) const;
};

template <typename RealType = double> class uniform_real_distribution {
public:
  typedef RealType result_type;
  __host__ __device__ explicit uniform_real_distribution(RealType a = 0.0,
                                                         RealType b = 1.0);
  __host__ __device__ void reset(void);
  template <typename UniformRandomNumberGenerator>
  __host__ __device__ result_type
  operator()(UniformRandomNumberGenerator &urng);
  __host__ __device__ result_type a(void) const;
  __host__ __device__ result_type b(void) const;
};

template <typename RealType = double> class normal_distribution {
public:
  typedef RealType result_type;
  __host__ __device__ explicit normal_distribution(RealType mean = 0.0,
                                                   RealType stddev = 1.0);
  __host__ __device__ void reset(void);
  template <typename UniformRandomNumberGenerator>
  __host__ __device__ result_type
  operator()(UniformRandomNumberGenerator &urng);
  __host__ __device__ result_type mean(void) const;
  __host__ __device__ result_type stddev(void) const;
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
using random::ranlux48;
using random::ranlux48_base;
using random::subtract_with_carry_engine;
using random::uniform_int_distribution;
using random::uniform_real_distribution;

} // namespace thrust

#endif
