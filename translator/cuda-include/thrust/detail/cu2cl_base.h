/* cu2cl's own CUDA headers: thrust/detail/cu2cl_base.h
 *
 * What every cu2cl Thrust header needs: the CUDA qualifiers, the version,
 * execution_policy (the base of every policy: algorithms take
 * `const detail::execution_policy_base<D> &`, which keeps the overloads with
 * and without a policy apart, as in Thrust), and cu2cl_iterator, a CRTP base
 * that declares the operators of a random-access iterator for the fancy
 * iterators, and cu2cl_result, the body of the algorithms. Not a Thrust
 * header; written for cu2cl from Thrust's documented API. */
#ifndef CU2CL_THRUST_BASE_H
#define CU2CL_THRUST_BASE_H

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>
/* What NVIDIA's Thrust headers bring besides (CUDA 13), which programs use
 * without including them: std::cout after only <thrust/device_vector.h>.
 * The port's Thrust (cu2clrt_thrust.hpp) brings the same. */
#include <array>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "../../host_defines.h"
#include "../version.h"

namespace thrust {

namespace detail {
template <typename DerivedPolicy> struct execution_policy_base {};

/* The body of every algorithm here: a value of the declared result type.
 * The algorithms are defined, not only declared, because clang rejects a
 * function that is used but not defined when a template argument is a type
 * without linkage, such as a lambda passed as a functor. Never run. */
template <typename T> __host__ __device__ T cu2cl_result() {
  return static_cast<T>(*static_cast<std::remove_reference_t<T> *>(nullptr));
}
} // namespace detail

template <typename DerivedPolicy>
struct execution_policy : detail::execution_policy_base<DerivedPolicy> {};

/* The placeholder of iterator adaptors' defaulted parameters. */
struct use_default {};

/* Iterator tags (Thrust's own plus the std ones it accepts). */
struct input_host_iterator_tag : std::input_iterator_tag {};
struct output_host_iterator_tag : std::output_iterator_tag {};
struct forward_host_iterator_tag : std::forward_iterator_tag {};
struct bidirectional_host_iterator_tag : std::bidirectional_iterator_tag {};
struct random_access_host_iterator_tag : std::random_access_iterator_tag {};
struct input_device_iterator_tag : std::input_iterator_tag {};
struct output_device_iterator_tag : std::output_iterator_tag {};
struct forward_device_iterator_tag : std::forward_iterator_tag {};
struct bidirectional_device_iterator_tag : std::bidirectional_iterator_tag {};
struct random_access_device_iterator_tag : std::random_access_iterator_tag {};

namespace detail {
/* Declares what a random-access iterator offers; Derived inherits it. */
template <typename Derived, typename Value, typename Reference = Value,
          typename Difference = std::ptrdiff_t>
struct cu2cl_iterator {
  typedef std::remove_cv_t<Value> value_type;
  typedef Reference reference;
  typedef Difference difference_type;
  typedef void pointer;
  typedef std::random_access_iterator_tag iterator_category;

  __host__ __device__ Reference operator*() const;
  __host__ __device__ Reference operator[](Difference n) const;
  __host__ __device__ Derived &operator++();
  __host__ __device__ Derived operator++(int);
  __host__ __device__ Derived &operator--();
  __host__ __device__ Derived operator--(int);
  __host__ __device__ Derived &operator+=(Difference n);
  __host__ __device__ Derived &operator-=(Difference n);
  __host__ __device__ Derived operator+(Difference n) const;
  __host__ __device__ Derived operator-(Difference n) const;
  __host__ __device__ Difference operator-(const Derived &other) const;
  __host__ __device__ bool operator==(const Derived &other) const;
  __host__ __device__ bool operator!=(const Derived &other) const;
  __host__ __device__ bool operator<(const Derived &other) const;
  __host__ __device__ bool operator>(const Derived &other) const;
  __host__ __device__ bool operator<=(const Derived &other) const;
  __host__ __device__ bool operator>=(const Derived &other) const;
};
} // namespace detail

} // namespace thrust

#endif
