// cu2clrt_thrust_zip.hpp: `tuple` and `zip_iterator` (<thrust/tuple.h>,
// <thrust/iterator/zip_iterator.h>), included at the end of
// cu2clrt_thrust.hpp, and how the algorithms read and write the fancy
// iterators as whole ranges.
//
// thrust::tuple is std::tuple here (`get`, `make_tuple`, `tie`,
// `tuple_element`, `tuple_size` are std's), so functors that take or return
// tuples compile unchanged in host code. A zip_iterator dereferences to a
// tuple of its iterators' references, as Thrust's does: a functor that
// assigns through `get<N>(t)` writes the element.
//
// Device algorithms take a zip_iterator through their host path: each
// component range is copied in one piece (read_range below), the algorithm
// runs over tuples on the host, and a zip output is written back one
// component range at a time. A permutation_iterator over device memory is
// read the same way: its indices, then the element range they reach.
#ifndef CU2CLRT_THRUST_ZIP_HPP
#define CU2CLRT_THRUST_ZIP_HPP

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace cu2cl_thrust {

template <class... Ts> using tuple = std::tuple<Ts...>;
using std::get;
using std::make_tuple;
using std::tie;
using std::tuple_element;
using std::tuple_size;

// ---------------------------------------------------------------------------
// zip_iterator: a tuple of iterators moved together

template <class IteratorTuple> class zip_iterator;

template <class... Its>
class zip_iterator<std::tuple<Its...>>
    : public detail::iterator_base<
          zip_iterator<std::tuple<Its...>>,
          std::tuple<std::remove_cv_t<
              typename std::iterator_traits<Its>::value_type>...>,
          std::tuple<typename std::iterator_traits<Its>::reference...>> {
  std::tuple<Its...> its_;

public:
  using reference =
      std::tuple<typename std::iterator_traits<Its>::reference...>;

  zip_iterator() = default;
  explicit zip_iterator(std::tuple<Its...> its) : its_(its) {}
  const std::tuple<Its...> &get_iterator_tuple() const { return its_; }
  reference at(std::ptrdiff_t n) const {
    return std::apply([n](const Its &...it) { return reference(it[n]...); },
                      its_);
  }
  void advance(std::ptrdiff_t n) {
    std::apply([n](Its &...it) { ((it += n), ...); }, its_);
  }
  std::ptrdiff_t distance_from(const zip_iterator &o) const {
    return std::get<0>(its_) - std::get<0>(o.its_);
  }
};

template <class... Its>
zip_iterator<std::tuple<Its...>> make_zip_iterator(std::tuple<Its...> its) {
  return zip_iterator<std::tuple<Its...>>(its);
}
template <class... Its>
zip_iterator<std::tuple<Its...>> make_zip_iterator(Its... its) {
  return zip_iterator<std::tuple<Its...>>(std::make_tuple(its...));
}

namespace detail {

template <class... Its>
struct device_system<zip_iterator<std::tuple<Its...>>>
    : std::disjunction<device_system<std::decay_t<Its>>...> {};
template <class F, class It, class R, class V>
struct device_system<transform_iterator<F, It, R, V>>
    : device_system<std::decay_t<It>> {};
template <class E, class I>
struct device_system<permutation_iterator<E, I>>
    : device_system<std::decay_t<E>> {};

// read_range and write_range through argument-dependent lookup, so that
// the fancy iterators' overloads below take part from inside detail.
template <class It>
auto read_any(const device_t &exec, It first, std::size_t n) {
  return read_range(exec, first, n);
}
template <class It, class V>
It write_any(const device_t &exec, It result, const std::vector<V> &v) {
  return write_range(exec, result, v);
}

// What a functor receives for an element of a host copy: a zip's tuple of
// values is passed as a tuple of references to them (Thrust passes the
// zip's reference), anything else as itself.
template <class T> T &elem(T &e) {
  return e;
}
template <class... Ts> std::tuple<Ts &...> elem(std::tuple<Ts...> &e) {
  return std::apply([](Ts &...x) { return std::tuple<Ts &...>(x...); }, e);
}

// Component I of host tuples (written out in the component's own type).
template <std::size_t I, class V> auto component(const std::vector<V> &v) {
  std::vector<std::decay_t<std::tuple_element_t<I, V>>> out;
  out.reserve(v.size());
  for (const V &e : v)
    out.push_back(std::get<I>(e));
  return out;
}

template <class... Its, std::size_t... I>
auto read_zip(const device_t &exec, const std::tuple<Its...> &its,
              std::size_t n, std::index_sequence<I...>) {
  auto parts = std::make_tuple(read_any(exec, std::get<I>(its), n)...);
  std::vector<std::tuple<value_of<Its>...>> v(n);
  for (std::size_t k = 0; k < n; k++)
    v[k] = std::tuple<value_of<Its>...>(std::get<I>(parts)[k]...);
  return v;
}

template <class... Its, class V, std::size_t... I>
void write_zip(const device_t &exec, const std::tuple<Its...> &its,
               const std::vector<V> &v, std::index_sequence<I...>) {
  (write_any(exec, std::get<I>(its), component<I>(v)), ...);
}

} // namespace detail

// Whole-range reads and writes of a zip_iterator: one per component range.
template <class... Its>
std::vector<std::tuple<detail::value_of<Its>...>>
read_range(const device_t &exec, zip_iterator<std::tuple<Its...>> first,
           std::size_t n) {
  return detail::read_zip(exec, first.get_iterator_tuple(), n,
                          std::index_sequence_for<Its...>());
}
template <class... Its, class V>
zip_iterator<std::tuple<Its...>>
write_range(const device_t &exec, zip_iterator<std::tuple<Its...>> result,
            const std::vector<V> &v) {
  detail::write_zip(exec, result.get_iterator_tuple(), v,
                    std::index_sequence_for<Its...>());
  return result + static_cast<std::ptrdiff_t>(v.size());
}

// A permutation_iterator over device memory: the indices in one copy, then
// the elements from the first to the last index they reach in another.
template <class E, class I>
std::vector<typename permutation_iterator<E, I>::value_type>
read_range(const device_t &exec, permutation_iterator<E, I> first,
           std::size_t n) {
  using V = typename permutation_iterator<E, I>::value_type;
  std::vector<V> v(n);
  if constexpr (detail::raw_or_device<E>()) {
    auto idx = detail::read_any(exec, first.base(), n);
    if (n == 0)
      return v;
    auto [lo, hi] = std::minmax_element(idx.begin(), idx.end());
    std::ptrdiff_t b = static_cast<std::ptrdiff_t>(*lo);
    std::ptrdiff_t e = static_cast<std::ptrdiff_t>(*hi) + 1;
    auto elems = detail::read_range(exec, first.elements() + b,
                                    static_cast<std::size_t>(e - b));
    for (std::size_t k = 0; k < n; k++)
      v[k] = elems[static_cast<std::size_t>(
          static_cast<std::ptrdiff_t>(idx[k]) - b)];
  } else {
    std::copy_n(first, n, v.begin());
  }
  return v;
}

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_ZIP_HPP
