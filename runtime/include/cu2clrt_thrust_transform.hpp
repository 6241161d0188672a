// cu2clrt_thrust_transform.hpp: Thrust's algorithms that call user
// functors element by element, included at the end of cu2clrt_thrust.hpp:
// `transform`, `transform_if`, `for_each`, `for_each_n`, `generate`,
// `generate_n`, `tabulate`, `count_if`, `transform_reduce`,
// `transform_inclusive_scan`, `transform_exclusive_scan`, `inner_product`,
// `adjacent_difference`, `all_of`, `any_of`, `none_of`, `find`, `find_if`,
// `find_if_not`, `equal`, `replace`, `replace_if`, `replace_copy`,
// `replace_copy_if`, `uninitialized_fill`, `uninitialized_copy`.
//
// The functor is the program's own code, which cu2cl does not compile for
// the device from a Thrust call: under a device policy (or on device
// iterators) these algorithms copy each input range to the host once
// (detail::host_in: device_ptr and raw pointers in one copy, zip and
// transform iterators by their base ranges), call the functor there, and
// copy each output range back once, after the policy's stream and before
// returning. The functor must be callable on the host (its operator()
// __host__ __device__, or a __device__ one that cu2cl keeps for the host);
// a functor that dereferences device pointers it holds reads device memory
// from the host while the algorithm runs (cu2clrtHostAccess). Results are
// Thrust's: elements in order, an output range written where Thrust writes
// it and nowhere else.
#ifndef CU2CLRT_THRUST_TRANSFORM_HPP
#define CU2CLRT_THRUST_TRANSFORM_HPP

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <vector>

namespace cu2cl_thrust {

namespace detail {

// n elements of any iterator as a host vector, under policy P.
template <class P, class It>
std::vector<value_of<It>> host_in(const P &exec, It first, std::size_t n) {
  if constexpr (is_device_policy<P>) {
    return read_any(exec, first, n);
  } else {
    std::vector<value_of<It>> v(n);
    std::copy_n(first, n, v.begin());
    return v;
  }
}
// A host vector out through any iterator; the iterator after it.
template <class P, class It, class V>
It host_out(const P &exec, It result, const std::vector<V> &v) {
  if constexpr (is_device_policy<P>)
    return write_any(exec, result, v);
  else
    return std::copy(v.begin(), v.end(), result);
}
template <class It> std::size_t span(It first, It last) {
  return static_cast<std::size_t>(last - first);
}

// Lets a functor called on the host reach device memory through pointers
// it holds, for as long as it lives (device memory is coarse-grained SVM).
// Only function objects that hold something can hold a pointer.
template <class... F>
inline constexpr bool needs_access = (!std::is_empty_v<F> || ...);
class host_access {
  bool on_;

public:
  explicit host_access(bool on) : on_(on) {
    if (on_)
      check(cu2clrtHostAccess(1), "host access");
  }
  ~host_access() {
    if (on_)
      cu2clrtHostAccess(0);
  }
  host_access(const host_access &) = delete;
  host_access &operator=(const host_access &) = delete;
};

// out[i] = f(elem(in[i])) where keep(i), read first where some are kept.
template <class P, class InIt, class OutIt, class F, class Keep>
OutIt map_range(const P &exec, InIt first, std::size_t n, OutIt result, F f,
                Keep keep, bool all) {
  auto in = host_in(exec, first, n);
  std::vector<value_of<OutIt>> out;
  if (all)
    out.resize(n);
  else
    out = host_in(exec, result, n);
  {
    host_access access(needs_access<F, Keep>);
    for (std::size_t i = 0; i < n; i++)
      if (all || keep(i))
        out[i] = f(elem(in[i]));
  }
  return host_out(exec, result, out);
}

} // namespace detail

// ---------------------------------------------------------------------------
// transform, transform_if

template <class P, class InIt, class OutIt, class F, detail::if_policy<P> = 0>
OutIt transform(const P &exec, InIt first, InIt last, OutIt result, F f) {
  return detail::map_range(
      exec, first, detail::span(first, last), result, f,
      [](std::size_t) { return true; }, true);
}
template <class InIt, class OutIt, class F, detail::if_not_policy<InIt> = 0>
OutIt transform(InIt first, InIt last, OutIt result, F f) {
  return cu2cl_thrust::transform(detail::policy_of<InIt>(), first, last, result,
                                 f);
}
template <class P, class In1, class In2, class OutIt, class F,
          detail::if_policy<P> = 0>
OutIt transform(const P &exec, In1 first1, In1 last1, In2 first2, OutIt result,
                F f) {
  std::size_t n = detail::span(first1, last1);
  auto b = detail::host_in(exec, first2, n);
  std::size_t i = 0;
  return detail::map_range(
      exec, first1, n, result,
      [&](auto &&a) { return f(a, detail::elem(b[i++])); },
      [](std::size_t) { return true; }, true);
}
template <class In1, class In2, class OutIt, class F,
          detail::if_not_policy<In1> = 0>
OutIt transform(In1 first1, In1 last1, In2 first2, OutIt result, F f) {
  return cu2cl_thrust::transform(detail::policy_of<In1>(), first1, last1,
                                 first2, result, f);
}

template <class P, class InIt, class OutIt, class F, class Pred,
          detail::if_policy<P> = 0>
OutIt transform_if(const P &exec, InIt first, InIt last, OutIt result, F f,
                   Pred pred) {
  std::size_t n = detail::span(first, last);
  auto in = detail::host_in(exec, first, n);
  return detail::map_range(
      exec, first, n, result, f,
      [&](std::size_t i) { return bool(pred(detail::elem(in[i]))); }, false);
}
template <class InIt, class OutIt, class F, class Pred,
          detail::if_not_policy<InIt> = 0>
OutIt transform_if(InIt first, InIt last, OutIt result, F f, Pred pred) {
  return cu2cl_thrust::transform_if(detail::policy_of<InIt>(), first, last,
                                    result, f, pred);
}
template <class P, class InIt, class SIt, class OutIt, class F, class Pred,
          detail::if_policy<P> = 0>
OutIt transform_if(const P &exec, InIt first, InIt last, SIt stencil,
                   OutIt result, F f, Pred pred) {
  std::size_t n = detail::span(first, last);
  auto s = detail::host_in(exec, stencil, n);
  return detail::map_range(
      exec, first, n, result, f,
      [&](std::size_t i) { return bool(pred(detail::elem(s[i]))); }, false);
}
template <class InIt, class SIt, class OutIt, class F, class Pred,
          detail::if_not_policy<InIt> = 0>
OutIt transform_if(InIt first, InIt last, SIt stencil, OutIt result, F f,
                   Pred pred) {
  return cu2cl_thrust::transform_if(detail::policy_of<InIt>(), first, last,
                                    stencil, result, f, pred);
}

// ---------------------------------------------------------------------------
// for_each, for_each_n: f on each element, which it may modify (written
// back where the iterator can be written)

namespace detail {
template <class P, class It, class F>
It for_each_n_impl(const P &exec, It first, std::size_t n, F f) {
  auto v = host_in(exec, first, n);
  {
    host_access access(needs_access<F>);
    for (auto &e : v)
      f(elem(e));
  }
  using R = typename std::iterator_traits<It>::reference;
  if constexpr (std::is_assignable_v<R, const value_of<It> &>)
    host_out(exec, first, v);
  return first + static_cast<std::ptrdiff_t>(n);
}
} // namespace detail

template <class P, class It, class F, detail::if_policy<P> = 0>
It for_each(const P &exec, It first, It last, F f) {
  return detail::for_each_n_impl(exec, first, detail::span(first, last), f);
}
template <class It, class F, detail::if_not_policy<It> = 0>
It for_each(It first, It last, F f) {
  return cu2cl_thrust::for_each(detail::policy_of<It>(), first, last, f);
}
template <class P, class It, class N, class F, detail::if_policy<P> = 0>
It for_each_n(const P &exec, It first, N n, F f) {
  return detail::for_each_n_impl(exec, first, static_cast<std::size_t>(n), f);
}
template <class It, class N, class F, detail::if_not_policy<It> = 0>
It for_each_n(It first, N n, F f) {
  return cu2cl_thrust::for_each_n(detail::policy_of<It>(), first, n, f);
}

// ---------------------------------------------------------------------------
// generate, generate_n, tabulate

template <class P, class It, class N, class G, detail::if_policy<P> = 0>
It generate_n(const P &exec, It first, N count, G gen) {
  std::vector<detail::value_of<It>> v(static_cast<std::size_t>(count));
  {
    detail::host_access access(detail::needs_access<G>);
    for (auto &e : v)
      e = gen();
  }
  return detail::host_out(exec, first, v);
}
template <class It, class N, class G, detail::if_not_policy<It> = 0>
It generate_n(It first, N count, G gen) {
  return cu2cl_thrust::generate_n(detail::policy_of<It>(), first, count, gen);
}
template <class P, class It, class G, detail::if_policy<P> = 0>
void generate(const P &exec, It first, It last, G gen) {
  cu2cl_thrust::generate_n(exec, first, detail::span(first, last), gen);
}
template <class It, class G, detail::if_not_policy<It> = 0>
void generate(It first, It last, G gen) {
  cu2cl_thrust::generate(detail::policy_of<It>(), first, last, gen);
}
template <class P, class It, class F, detail::if_policy<P> = 0>
void tabulate(const P &exec, It first, It last, F f) {
  using D = typename std::iterator_traits<It>::difference_type;
  std::vector<detail::value_of<It>> v(detail::span(first, last));
  {
    detail::host_access access(detail::needs_access<F>);
    for (std::size_t i = 0; i < v.size(); i++)
      v[i] = f(static_cast<D>(i));
  }
  detail::host_out(exec, first, v);
}
template <class It, class F, detail::if_not_policy<It> = 0>
void tabulate(It first, It last, F f) {
  cu2cl_thrust::tabulate(detail::policy_of<It>(), first, last, f);
}

// ---------------------------------------------------------------------------
// count_if, all_of, any_of, none_of, find, find_if, find_if_not, equal

namespace detail {
// The position of the first element where pred holds (n if none).
template <class P, class It, class Pred>
std::size_t find_index(const P &exec, It first, std::size_t n, Pred pred) {
  auto v = host_in(exec, first, n);
  host_access access(needs_access<Pred>);
  for (std::size_t i = 0; i < n; i++)
    if (pred(elem(v[i])))
      return i;
  return n;
}
} // namespace detail

template <class P, class It, class Pred, detail::if_policy<P> = 0>
std::ptrdiff_t count_if(const P &exec, It first, It last, Pred pred) {
  auto v = detail::host_in(exec, first, detail::span(first, last));
  detail::host_access access(detail::needs_access<Pred>);
  std::ptrdiff_t c = 0;
  for (auto &e : v)
    c += pred(detail::elem(e)) ? 1 : 0;
  return c;
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
std::ptrdiff_t count_if(It first, It last, Pred pred) {
  return cu2cl_thrust::count_if(detail::policy_of<It>(), first, last, pred);
}
template <class P, class It, class Pred, detail::if_policy<P> = 0>
It find_if(const P &exec, It first, It last, Pred pred) {
  std::size_t n = detail::span(first, last);
  return first +
         static_cast<std::ptrdiff_t>(detail::find_index(exec, first, n, pred));
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
It find_if(It first, It last, Pred pred) {
  return cu2cl_thrust::find_if(detail::policy_of<It>(), first, last, pred);
}
template <class P, class It, class Pred, detail::if_policy<P> = 0>
It find_if_not(const P &exec, It first, It last, Pred pred) {
  return cu2cl_thrust::find_if(exec, first, last,
                               [&](auto &&x) { return !pred(x); });
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
It find_if_not(It first, It last, Pred pred) {
  return cu2cl_thrust::find_if_not(detail::policy_of<It>(), first, last, pred);
}
template <class P, class It, class T, detail::if_policy<P> = 0>
It find(const P &exec, It first, It last, const T &value) {
  return cu2cl_thrust::find_if(exec, first, last,
                               [&](auto &&x) { return x == value; });
}
template <class It, class T, detail::if_not_policy<It> = 0>
It find(It first, It last, const T &value) {
  return cu2cl_thrust::find(detail::policy_of<It>(), first, last, value);
}
template <class P, class It, class Pred, detail::if_policy<P> = 0>
bool any_of(const P &exec, It first, It last, Pred pred) {
  return cu2cl_thrust::find_if(exec, first, last, pred) != last;
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
bool any_of(It first, It last, Pred pred) {
  return cu2cl_thrust::any_of(detail::policy_of<It>(), first, last, pred);
}
template <class P, class It, class Pred, detail::if_policy<P> = 0>
bool all_of(const P &exec, It first, It last, Pred pred) {
  return cu2cl_thrust::find_if_not(exec, first, last, pred) == last;
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
bool all_of(It first, It last, Pred pred) {
  return cu2cl_thrust::all_of(detail::policy_of<It>(), first, last, pred);
}
template <class P, class It, class Pred, detail::if_policy<P> = 0>
bool none_of(const P &exec, It first, It last, Pred pred) {
  return !cu2cl_thrust::any_of(exec, first, last, pred);
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
bool none_of(It first, It last, Pred pred) {
  return cu2cl_thrust::none_of(detail::policy_of<It>(), first, last, pred);
}
template <class P, class In1, class In2, class Pred, detail::if_policy<P> = 0>
bool equal(const P &exec, In1 first1, In1 last1, In2 first2, Pred pred) {
  std::size_t n = detail::span(first1, last1);
  auto a = detail::host_in(exec, first1, n);
  auto b = detail::host_in(exec, first2, n);
  detail::host_access access(detail::needs_access<Pred>);
  for (std::size_t i = 0; i < n; i++)
    if (!pred(detail::elem(a[i]), detail::elem(b[i])))
      return false;
  return true;
}
template <class P, class In1, class In2, detail::if_policy<P> = 0>
bool equal(const P &exec, In1 first1, In1 last1, In2 first2) {
  return cu2cl_thrust::equal(exec, first1, last1, first2, equal_to<>());
}
template <class In1, class In2, detail::if_not_policy<In1> = 0>
bool equal(In1 first1, In1 last1, In2 first2) {
  return cu2cl_thrust::equal(detail::policy_of<In1>(), first1, last1, first2);
}
template <class In1, class In2, class Pred, detail::if_not_policy<In1> = 0>
bool equal(In1 first1, In1 last1, In2 first2, Pred pred) {
  return cu2cl_thrust::equal(detail::policy_of<In1>(), first1, last1, first2,
                             pred);
}

// ---------------------------------------------------------------------------
// transform_reduce, inner_product: accumulated in the init's type, as
// Thrust does

template <class P, class It, class F, class T, class Op,
          detail::if_policy<P> = 0>
T transform_reduce(const P &exec, It first, It last, F f, T init, Op op) {
  auto v = detail::host_in(exec, first, detail::span(first, last));
  detail::host_access access(detail::needs_access<F, Op>);
  for (auto &e : v)
    init = op(init, f(detail::elem(e)));
  return init;
}
template <class It, class F, class T, class Op, detail::if_not_policy<It> = 0>
T transform_reduce(It first, It last, F f, T init, Op op) {
  return cu2cl_thrust::transform_reduce(detail::policy_of<It>(), first, last, f,
                                        init, op);
}
template <class P, class In1, class In2, class T, class Op1, class Op2,
          detail::if_policy<P> = 0>
T inner_product(const P &exec, In1 first1, In1 last1, In2 first2, T init,
                Op1 op1, Op2 op2) {
  std::size_t n = detail::span(first1, last1);
  auto a = detail::host_in(exec, first1, n);
  auto b = detail::host_in(exec, first2, n);
  detail::host_access access(detail::needs_access<Op1, Op2>);
  for (std::size_t i = 0; i < n; i++)
    init = op1(init, op2(detail::elem(a[i]), detail::elem(b[i])));
  return init;
}
template <class P, class In1, class In2, class T, detail::if_policy<P> = 0>
T inner_product(const P &exec, In1 first1, In1 last1, In2 first2, T init) {
  return cu2cl_thrust::inner_product(exec, first1, last1, first2, init,
                                     plus<>(), multiplies<>());
}
template <class In1, class In2, class T, detail::if_not_policy<In1> = 0>
T inner_product(In1 first1, In1 last1, In2 first2, T init) {
  return cu2cl_thrust::inner_product(detail::policy_of<In1>(), first1, last1,
                                     first2, init);
}
template <class In1, class In2, class T, class Op1, class Op2,
          detail::if_not_policy<In1> = 0>
T inner_product(In1 first1, In1 last1, In2 first2, T init, Op1 op1, Op2 op2) {
  return cu2cl_thrust::inner_product(detail::policy_of<In1>(), first1, last1,
                                     first2, init, op1, op2);
}

// ---------------------------------------------------------------------------
// transform_inclusive_scan, transform_exclusive_scan: the scan over f(x)

template <class P, class InIt, class OutIt, class F, class Op,
          detail::if_policy<P> = 0>
OutIt transform_inclusive_scan(const P &exec, InIt first, InIt last,
                               OutIt result, F f, Op op) {
  std::size_t n = detail::span(first, last);
  auto in = detail::host_in(exec, first, n);
  std::vector<detail::value_of<OutIt>> out(n);
  {
    detail::host_access access(detail::needs_access<F, Op>);
    for (std::size_t i = 0; i < n; i++)
      out[i] =
          i ? op(out[i - 1], f(detail::elem(in[i]))) : f(detail::elem(in[i]));
  }
  return detail::host_out(exec, result, out);
}
template <class InIt, class OutIt, class F, class Op,
          detail::if_not_policy<InIt> = 0>
OutIt transform_inclusive_scan(InIt first, InIt last, OutIt result, F f,
                               Op op) {
  return cu2cl_thrust::transform_inclusive_scan(detail::policy_of<InIt>(),
                                                first, last, result, f, op);
}
template <class P, class InIt, class OutIt, class F, class T, class Op,
          detail::if_policy<P> = 0>
OutIt transform_exclusive_scan(const P &exec, InIt first, InIt last,
                               OutIt result, F f, T init, Op op) {
  std::size_t n = detail::span(first, last);
  auto in = detail::host_in(exec, first, n);
  std::vector<detail::value_of<OutIt>> out(n);
  {
    detail::host_access access(detail::needs_access<F, Op>);
    T acc = init;
    for (std::size_t i = 0; i < n; i++) {
      out[i] = acc;
      acc = op(acc, f(detail::elem(in[i])));
    }
  }
  return detail::host_out(exec, result, out);
}
template <class InIt, class OutIt, class F, class T, class Op,
          detail::if_not_policy<InIt> = 0>
OutIt transform_exclusive_scan(InIt first, InIt last, OutIt result, F f, T init,
                               Op op) {
  return cu2cl_thrust::transform_exclusive_scan(
      detail::policy_of<InIt>(), first, last, result, f, init, op);
}

// ---------------------------------------------------------------------------
// adjacent_difference: result[0] = first[0], result[i] = op(first[i],
// first[i - 1])

template <class P, class InIt, class OutIt, class Op, detail::if_policy<P> = 0>
OutIt adjacent_difference(const P &exec, InIt first, InIt last, OutIt result,
                          Op op) {
  std::size_t n = detail::span(first, last);
  auto in = detail::host_in(exec, first, n);
  std::vector<detail::value_of<OutIt>> out(n);
  {
    detail::host_access access(detail::needs_access<Op>);
    for (std::size_t i = 0; i < n; i++)
      out[i] = i ? op(in[i], in[i - 1]) : in[0];
  }
  return detail::host_out(exec, result, out);
}
template <class P, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt adjacent_difference(const P &exec, InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::adjacent_difference(exec, first, last, result,
                                           minus<>());
}
template <class InIt, class OutIt, detail::if_not_policy<InIt> = 0>
OutIt adjacent_difference(InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::adjacent_difference(detail::policy_of<InIt>(), first,
                                           last, result);
}
template <class InIt, class OutIt, class Op, detail::if_not_policy<InIt> = 0>
OutIt adjacent_difference(InIt first, InIt last, OutIt result, Op op) {
  return cu2cl_thrust::adjacent_difference(detail::policy_of<InIt>(), first,
                                           last, result, op);
}

// ---------------------------------------------------------------------------
// replace, replace_if (also with a stencil), replace_copy, replace_copy_if

template <class P, class It, class SIt, class Pred, class T,
          detail::if_policy<P> = 0>
void replace_if(const P &exec, It first, It last, SIt stencil, Pred pred,
                const T &value) {
  std::size_t n = detail::span(first, last);
  auto s = detail::host_in(exec, stencil, n);
  detail::map_range(
      exec, first, n, first, [&](auto &&) { return value; },
      [&](std::size_t i) { return bool(pred(detail::elem(s[i]))); }, false);
}
template <class P, class It, class Pred, class T, detail::if_policy<P> = 0>
void replace_if(const P &exec, It first, It last, Pred pred, const T &value) {
  cu2cl_thrust::replace_if(exec, first, last, first, pred, value);
}
template <class It, class Pred, class T, detail::if_not_policy<It> = 0>
void replace_if(It first, It last, Pred pred, const T &value) {
  cu2cl_thrust::replace_if(detail::policy_of<It>(), first, last, pred, value);
}
template <class It, class SIt, class Pred, class T,
          detail::if_not_policy<It> = 0>
void replace_if(It first, It last, SIt stencil, Pred pred, const T &value) {
  cu2cl_thrust::replace_if(detail::policy_of<It>(), first, last, stencil, pred,
                           value);
}
template <class P, class It, class T, detail::if_policy<P> = 0>
void replace(const P &exec, It first, It last, const T &old_value,
             const T &new_value) {
  cu2cl_thrust::replace_if(
      exec, first, last, [&](auto &&x) { return x == old_value; }, new_value);
}
template <class It, class T, detail::if_not_policy<It> = 0>
void replace(It first, It last, const T &old_value, const T &new_value) {
  cu2cl_thrust::replace(detail::policy_of<It>(), first, last, old_value,
                        new_value);
}
template <class P, class InIt, class OutIt, class Pred, class T,
          detail::if_policy<P> = 0>
OutIt replace_copy_if(const P &exec, InIt first, InIt last, OutIt result,
                      Pred pred, const T &value) {
  return cu2cl_thrust::transform(exec, first, last, result, [&](auto &&x) {
    return pred(x) ? detail::value_of<OutIt>(value)
                   : detail::value_of<OutIt>(x);
  });
}
template <class InIt, class OutIt, class Pred, class T,
          detail::if_not_policy<InIt> = 0>
OutIt replace_copy_if(InIt first, InIt last, OutIt result, Pred pred,
                      const T &value) {
  return cu2cl_thrust::replace_copy_if(detail::policy_of<InIt>(), first, last,
                                       result, pred, value);
}
template <class P, class InIt, class OutIt, class T, detail::if_policy<P> = 0>
OutIt replace_copy(const P &exec, InIt first, InIt last, OutIt result,
                   const T &old_value, const T &new_value) {
  return cu2cl_thrust::replace_copy_if(
      exec, first, last, result, [&](auto &&x) { return x == old_value; },
      new_value);
}
template <class InIt, class OutIt, class T, detail::if_not_policy<InIt> = 0>
OutIt replace_copy(InIt first, InIt last, OutIt result, const T &old_value,
                   const T &new_value) {
  return cu2cl_thrust::replace_copy(detail::policy_of<InIt>(), first, last,
                                    result, old_value, new_value);
}

// uninitialized_fill, uninitialized_copy: device memory needs no
// construction, so they are fill and copy.
template <class P, class It, class T, detail::if_policy<P> = 0>
void uninitialized_fill(const P &exec, It first, It last, const T &value) {
  cu2cl_thrust::fill(exec, first, last, value);
}
template <class It, class T, detail::if_not_policy<It> = 0>
void uninitialized_fill(It first, It last, const T &value) {
  cu2cl_thrust::fill(first, last, value);
}
template <class P, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt uninitialized_copy(const P &exec, InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::copy(exec, first, last, result);
}
template <class InIt, class OutIt, detail::if_not_policy<InIt> = 0>
OutIt uninitialized_copy(InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::copy(first, last, result);
}

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_TRANSFORM_HPP
