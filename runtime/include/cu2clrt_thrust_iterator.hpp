// cu2clrt_thrust_iterator.hpp: Thrust's fancy iterators, included at the
// end of cu2clrt_thrust.hpp: transform_iterator, constant_iterator,
// permutation_iterator and discard_iterator with their make_ functions
// (<thrust/iterator/*.h>). counting_iterator is in
// cu2clrt_thrust_extrema.hpp.
//
// Like counting_iterator, these are random-access iterators evaluated on
// the host: dereferencing one computes the element there (a
// transform_iterator calls the user's functor on the host, so its
// operator() must be callable there, __host__ __device__ as Thrust
// functors usually are). Algorithms take them through their host paths:
// a transform_iterator over device memory is read with one copy of the
// base range (then the functor runs over it on the host) wherever an
// algorithm reads a whole range (copy, device_vector's constructor, the
// CUB layer's inputs, the extrema); reading it element by element elsewhere
// copies one element at a time (correct, slow for large ranges). A
// permutation_iterator's element is its base's (a device_reference for
// device memory, so it can be assigned). A discard_iterator ignores what is
// written through it.
#ifndef CU2CLRT_THRUST_ITERATOR_HPP
#define CU2CLRT_THRUST_ITERATOR_HPP

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

namespace cu2cl_thrust {

struct use_default {};

namespace detail {

// The random-access operations of an iterator D over positions: D provides
// at(n) (the element n places on), advance(n) and distance_from(other).
template <class D, class V, class R = V> class iterator_base {
  const D &self() const { return static_cast<const D &>(*this); }
  D &self() { return static_cast<D &>(*this); }

public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = V;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = R;

  R operator*() const { return self().at(0); }
  R operator[](difference_type n) const { return self().at(n); }
  D &operator++() { return self().advance(1), self(); }
  D operator++(int) {
    D t = self();
    self().advance(1);
    return t;
  }
  D &operator--() { return self().advance(-1), self(); }
  D operator--(int) {
    D t = self();
    self().advance(-1);
    return t;
  }
  D &operator+=(difference_type n) { return self().advance(n), self(); }
  D &operator-=(difference_type n) { return self().advance(-n), self(); }
  D operator+(difference_type n) const {
    D t = self();
    t.advance(n);
    return t;
  }
  friend D operator+(difference_type n, const D &it) { return it + n; }
  D operator-(difference_type n) const { return *this + -n; }
  difference_type operator-(const D &o) const {
    return self().distance_from(o);
  }
  bool operator==(const D &o) const { return *this - o == 0; }
  bool operator!=(const D &o) const { return *this - o != 0; }
  bool operator<(const D &o) const { return *this - o < 0; }
  bool operator>(const D &o) const { return *this - o > 0; }
  bool operator<=(const D &o) const { return *this - o <= 0; }
  bool operator>=(const D &o) const { return *this - o >= 0; }
};

template <class T, class Default>
using or_default =
    std::conditional_t<std::is_same_v<T, use_default>, Default, T>;

template <class F, class It>
using transform_result =
    std::invoke_result_t<const F &,
                         typename std::iterator_traits<It>::reference>;

} // namespace detail

// ---------------------------------------------------------------------------
// transform_iterator: f(*it)

template <class F, class It, class Reference = use_default,
          class Value = use_default>
class transform_iterator
    : public detail::iterator_base<
          transform_iterator<F, It, Reference, Value>,
          detail::or_default<Value, std::remove_cv_t<std::remove_reference_t<
                                        detail::transform_result<F, It>>>>,
          detail::or_default<Reference, detail::transform_result<F, It>>> {
  It it_;
  F f_;

public:
  using base_reference =
      detail::or_default<Reference, detail::transform_result<F, It>>;
  transform_iterator() = default;
  transform_iterator(It it, F f) : it_(it), f_(f) {}
  It base() const { return it_; }
  F functor() const { return f_; }
  base_reference at(std::ptrdiff_t n) const { return f_(it_[n]); }
  void advance(std::ptrdiff_t n) { it_ += n; }
  std::ptrdiff_t distance_from(const transform_iterator &o) const {
    return it_ - o.it_;
  }
};

template <class F, class It>
transform_iterator<F, It> make_transform_iterator(It it, F f) {
  return transform_iterator<F, It>(it, f);
}

// ---------------------------------------------------------------------------
// constant_iterator: the same value at every position

template <class T, class Incrementable = use_default,
          class System = use_default>
class constant_iterator
    : public detail::iterator_base<constant_iterator<T, Incrementable, System>,
                                   T, T> {
  T value_{};
  std::ptrdiff_t index_ = 0;

public:
  constant_iterator() = default;
  explicit constant_iterator(const T &v, std::ptrdiff_t i = 0)
      : value_(v), index_(i) {}
  T value() const { return value_; }
  T at(std::ptrdiff_t) const { return value_; }
  void advance(std::ptrdiff_t n) { index_ += n; }
  std::ptrdiff_t distance_from(const constant_iterator &o) const {
    return index_ - o.index_;
  }
};

template <class T>
constant_iterator<T> make_constant_iterator(T v, std::ptrdiff_t i = 0) {
  return constant_iterator<T>(v, i);
}

// ---------------------------------------------------------------------------
// permutation_iterator: elements[*indices]

template <class ElementIt, class IndexIt>
class permutation_iterator
    : public detail::iterator_base<
          permutation_iterator<ElementIt, IndexIt>,
          std::remove_cv_t<
              typename std::iterator_traits<ElementIt>::value_type>,
          typename std::iterator_traits<ElementIt>::reference> {
  ElementIt elements_;
  IndexIt indices_;

public:
  permutation_iterator() = default;
  permutation_iterator(ElementIt e, IndexIt i) : elements_(e), indices_(i) {}
  IndexIt base() const { return indices_; }
  ElementIt elements() const { return elements_; }
  typename std::iterator_traits<ElementIt>::reference
  at(std::ptrdiff_t n) const {
    return elements_[static_cast<std::ptrdiff_t>(indices_[n])];
  }
  void advance(std::ptrdiff_t n) { indices_ += n; }
  std::ptrdiff_t distance_from(const permutation_iterator &o) const {
    return indices_ - o.indices_;
  }
};

template <class ElementIt, class IndexIt>
permutation_iterator<ElementIt, IndexIt> make_permutation_iterator(ElementIt e,
                                                                   IndexIt i) {
  return permutation_iterator<ElementIt, IndexIt>(e, i);
}

// ---------------------------------------------------------------------------
// discard_iterator: assignments through it do nothing

namespace detail {
struct any_assign {
  template <class T> const any_assign &operator=(T &&) const { return *this; }
};
} // namespace detail

template <class System = use_default>
class discard_iterator
    : public detail::iterator_base<discard_iterator<System>, detail::any_assign,
                                   detail::any_assign> {
  std::ptrdiff_t index_ = 0;

public:
  discard_iterator() = default;
  explicit discard_iterator(std::ptrdiff_t i) : index_(i) {}
  detail::any_assign at(std::ptrdiff_t) const { return {}; }
  void advance(std::ptrdiff_t n) { index_ += n; }
  std::ptrdiff_t distance_from(const discard_iterator &o) const {
    return index_ - o.index_;
  }
};

inline discard_iterator<> make_discard_iterator(std::ptrdiff_t i = 0) {
  return discard_iterator<>(i);
}

// ---------------------------------------------------------------------------
// Whole-range reads of a transform_iterator: the base range in one copy
// (found by argument-dependent lookup from detail::read_range's callers,
// as the more specialized overload), then the functor on the host.

template <class F, class It, class R, class V>
std::vector<typename transform_iterator<F, It, R, V>::value_type>
read_range(const device_t &exec, transform_iterator<F, It, R, V> first,
           std::size_t n) {
  auto base = detail::read_range(exec, first.base(), n);
  std::vector<typename transform_iterator<F, It, R, V>::value_type> v;
  v.reserve(n);
  F f = first.functor();
  for (auto &e : base)
    v.push_back(f(e));
  return v;
}

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_ITERATOR_HPP
