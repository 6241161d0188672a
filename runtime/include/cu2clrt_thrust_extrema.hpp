// cu2clrt_thrust_extrema.hpp: the rest of cu2clrt's Thrust layer, included
// at the end of cu2clrt_thrust.hpp: `counting_iterator` and
// `make_counting_iterator`, `distance`, `pair` and `make_pair` (std's),
// `min_element`, `max_element`, `minmax_element` (<thrust/extrema.h>) and
// `is_sorted`, `is_sorted_until` (<thrust/sort.h>).
//
// A counting_iterator is a random-access iterator over the values it counts
// (nothing is stored): host algorithms read it directly, and device
// algorithms whose input it is (copy, reduce, ...) take their path through
// host memory, which materializes the values.
//
// The extrema and the sortedness checks run on the host: under a device policy
// (or on device_ptr iterators), the range is copied to the host once, searched
// there with Thrust's semantics (the first smallest; minmax_element: the first
// smallest and the last largest) and the result is an iterator into the
// original range. The comparator is called on the host, so a user functor
// must be callable there: its operator() __host__ __device__, as Thrust
// functors usually are (a __device__-only one does not compile in the
// port, which cu2cl's host check reports).
#ifndef CU2CLRT_THRUST_EXTREMA_HPP
#define CU2CLRT_THRUST_EXTREMA_HPP

#include <utility>

namespace cu2cl_thrust {

using std::make_pair; // thrust::pair is std::pair's equal
using std::pair;

// ---------------------------------------------------------------------------
// counting_iterator

template <class T> class counting_iterator {
  T value_;

public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = const T *;
  using reference = T; // Thrust's: the value, not a reference

  counting_iterator() : value_() {}
  explicit counting_iterator(T value) : value_(value) {}
  T operator*() const { return value_; }
  T operator[](difference_type i) const { return value_ + static_cast<T>(i); }
  counting_iterator &operator++() { return ++value_, *this; }
  counting_iterator operator++(int) { return counting_iterator(value_++); }
  counting_iterator &operator--() { return --value_, *this; }
  counting_iterator operator--(int) { return counting_iterator(value_--); }
  counting_iterator &operator+=(difference_type n) {
    value_ += static_cast<T>(n);
    return *this;
  }
  counting_iterator &operator-=(difference_type n) {
    value_ -= static_cast<T>(n);
    return *this;
  }
  counting_iterator operator+(difference_type n) const {
    return counting_iterator(value_ + static_cast<T>(n));
  }
  counting_iterator operator-(difference_type n) const {
    return counting_iterator(value_ - static_cast<T>(n));
  }
  difference_type operator-(const counting_iterator &o) const {
    return static_cast<difference_type>(value_) -
           static_cast<difference_type>(o.value_);
  }
  bool operator==(const counting_iterator &o) const {
    return value_ == o.value_;
  }
  bool operator!=(const counting_iterator &o) const {
    return value_ != o.value_;
  }
  bool operator<(const counting_iterator &o) const { return value_ < o.value_; }
  bool operator>(const counting_iterator &o) const { return value_ > o.value_; }
  bool operator<=(const counting_iterator &o) const {
    return value_ <= o.value_;
  }
  bool operator>=(const counting_iterator &o) const {
    return value_ >= o.value_;
  }
};

template <class T>
counting_iterator<T> operator+(std::ptrdiff_t n, counting_iterator<T> it) {
  return it + n;
}

template <class T> counting_iterator<T> make_counting_iterator(T value) {
  return counting_iterator<T>(value);
}

// ---------------------------------------------------------------------------
// distance

template <class It>
typename std::iterator_traits<It>::difference_type distance(It first, It last) {
  return std::distance(first, last);
}

// ---------------------------------------------------------------------------
// min_element, max_element, minmax_element

namespace detail {

// Where in [first, last) the host search over a copy of the range lands.
template <class P, class It, class Search>
auto search_range(const P &exec, It first, It last, Search search) {
  std::size_t n = static_cast<std::size_t>(std::distance(first, last));
  if constexpr (is_device_policy<P> && raw_or_device<It>()) {
    std::vector<value_of<It>> v = read_range(exec, first, n);
    return search(first, v.begin(), v.end());
  } else {
    (void)exec;
    return search(first, first, last);
  }
}

// The iterator of base's range at the position of at in [from, ...).
template <class It, class HIt> It same_place(It base, HIt from, HIt at) {
  return base + (at - from);
}

} // namespace detail

template <class P, class It, class Comp, detail::if_policy<P> = 0>
It min_element(const P &exec, It first, It last, Comp comp) {
  return detail::search_range(exec, first, last, [&](It base, auto b, auto e) {
    return detail::same_place(base, b, std::min_element(b, e, comp));
  });
}
template <class P, class It, class Comp, detail::if_policy<P> = 0>
It max_element(const P &exec, It first, It last, Comp comp) {
  return detail::search_range(exec, first, last, [&](It base, auto b, auto e) {
    return detail::same_place(base, b, std::max_element(b, e, comp));
  });
}
template <class P, class It, class Comp, detail::if_policy<P> = 0>
std::pair<It, It> minmax_element(const P &exec, It first, It last, Comp comp) {
  return detail::search_range(exec, first, last, [&](It base, auto b, auto e) {
    auto mm = std::minmax_element(b, e, comp);
    return std::pair<It, It>(detail::same_place(base, b, mm.first),
                             detail::same_place(base, b, mm.second));
  });
}

template <class P, class It, detail::if_policy<P> = 0>
It min_element(const P &exec, It first, It last) {
  return cu2cl_thrust::min_element(exec, first, last,
                                   less<detail::value_of<It>>());
}
template <class P, class It, detail::if_policy<P> = 0>
It max_element(const P &exec, It first, It last) {
  return cu2cl_thrust::max_element(exec, first, last,
                                   less<detail::value_of<It>>());
}
template <class P, class It, detail::if_policy<P> = 0>
std::pair<It, It> minmax_element(const P &exec, It first, It last) {
  return cu2cl_thrust::minmax_element(exec, first, last,
                                      less<detail::value_of<It>>());
}

template <class It, detail::if_not_policy<It> = 0>
It min_element(It first, It last) {
  return cu2cl_thrust::min_element(detail::policy_of<It>(), first, last);
}
template <class It, class Comp, detail::if_not_policy<It> = 0>
It min_element(It first, It last, Comp comp) {
  return cu2cl_thrust::min_element(detail::policy_of<It>(), first, last, comp);
}
template <class It, detail::if_not_policy<It> = 0>
It max_element(It first, It last) {
  return cu2cl_thrust::max_element(detail::policy_of<It>(), first, last);
}
template <class It, class Comp, detail::if_not_policy<It> = 0>
It max_element(It first, It last, Comp comp) {
  return cu2cl_thrust::max_element(detail::policy_of<It>(), first, last, comp);
}
template <class It, detail::if_not_policy<It> = 0>
std::pair<It, It> minmax_element(It first, It last) {
  return cu2cl_thrust::minmax_element(detail::policy_of<It>(), first, last);
}
template <class It, class Comp, detail::if_not_policy<It> = 0>
std::pair<It, It> minmax_element(It first, It last, Comp comp) {
  return cu2cl_thrust::minmax_element(detail::policy_of<It>(), first, last,
                                      comp);
}

// ---------------------------------------------------------------------------
// is_sorted, is_sorted_until (the comparator defaults to less)

template <class P, class It, class Comp, detail::if_policy<P> = 0>
It is_sorted_until(const P &exec, It first, It last, Comp comp) {
  return detail::search_range(exec, first, last, [&](It base, auto b, auto e) {
    return detail::same_place(base, b, std::is_sorted_until(b, e, comp));
  });
}
template <class P, class It, detail::if_policy<P> = 0>
It is_sorted_until(const P &exec, It first, It last) {
  return cu2cl_thrust::is_sorted_until(exec, first, last,
                                       less<detail::value_of<It>>());
}
template <class P, class It, class Comp, detail::if_policy<P> = 0>
bool is_sorted(const P &exec, It first, It last, Comp comp) {
  return cu2cl_thrust::is_sorted_until(exec, first, last, comp) == last;
}
template <class P, class It, detail::if_policy<P> = 0>
bool is_sorted(const P &exec, It first, It last) {
  return cu2cl_thrust::is_sorted_until(exec, first, last) == last;
}
template <class It, detail::if_not_policy<It> = 0>
It is_sorted_until(It first, It last) {
  return cu2cl_thrust::is_sorted_until(detail::policy_of<It>(), first, last);
}
template <class It, class Comp, detail::if_not_policy<It> = 0>
It is_sorted_until(It first, It last, Comp comp) {
  return cu2cl_thrust::is_sorted_until(detail::policy_of<It>(), first, last,
                                       comp);
}
template <class It, detail::if_not_policy<It> = 0>
bool is_sorted(It first, It last) {
  return cu2cl_thrust::is_sorted_until(first, last) == last;
}
template <class It, class Comp, detail::if_not_policy<It> = 0>
bool is_sorted(It first, It last, Comp comp) {
  return cu2cl_thrust::is_sorted_until(first, last, comp) == last;
}

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_EXTREMA_HPP
