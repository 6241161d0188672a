// cu2clrt_thrust_reorder.hpp: Thrust's algorithms that select, move and
// search elements, included at the end of cu2clrt_thrust.hpp: `copy_if`,
// `remove`, `remove_if`, `remove_copy`, `remove_copy_if`, `unique`,
// `unique_copy`, `unique_by_key`, `unique_by_key_copy`, `partition`,
// `stable_partition`, `gather`, `gather_if`, `scatter`, `scatter_if`,
// `reverse`, `reverse_copy`, `lower_bound`, `upper_bound`, `binary_search`,
// `equal_range` (one value, and the vectorized forms), `reduce_by_key`,
// `inclusive_scan_by_key`, `exclusive_scan_by_key`, `merge`, `set_union`,
// `set_intersection`, `set_difference`, `set_symmetric_difference`.
//
// They run as cu2clrt_thrust_transform.hpp's algorithms do: under a device
// policy each range is copied to the host once, the algorithm runs there
// with Thrust's semantics (stable where Thrust's is; `unique` and the
// `_by_key` algorithms compare each element with the one before it), and
// the output is copied back once. Predicates and operators are called on
// the host.
#ifndef CU2CLRT_THRUST_REORDER_HPP
#define CU2CLRT_THRUST_REORDER_HPP

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <utility>
#include <vector>

namespace cu2cl_thrust {

namespace detail {

// The elements of in (read from first) where keep(i), in order.
template <class P, class It, class Keep>
auto select(const P &exec, It first, std::size_t n, Keep keep) {
  auto in = host_in(exec, first, n);
  decltype(in) out;
  host_access access(needs_access<Keep>);
  for (std::size_t i = 0; i < n; i++)
    if (keep(i))
      out.push_back(in[i]);
  return out;
}

// Thrust's grouping: element i starts a group unless eq(v[i - 1], v[i]).
template <class V, class Eq>
std::vector<char> heads(const std::vector<V> &v, Eq eq) {
  std::vector<char> h(v.size());
  host_access access(needs_access<Eq>);
  for (std::size_t i = 0; i < v.size(); i++)
    h[i] = i == 0 || !eq(v[i - 1], v[i]);
  return h;
}

} // namespace detail

// ---------------------------------------------------------------------------
// copy_if, remove_copy_if, remove_copy (into result), remove_if, remove
// (in place; the new end is returned)

template <class P, class InIt, class SIt, class OutIt, class Pred,
          detail::if_policy<P> = 0>
OutIt copy_if(const P &exec, InIt first, InIt last, SIt stencil, OutIt result,
              Pred pred) {
  std::size_t n = detail::span(first, last);
  auto s = detail::host_in(exec, stencil, n);
  return detail::host_out(exec, result,
                          detail::select(exec, first, n, [&](std::size_t i) {
                            return bool(pred(detail::elem(s[i])));
                          }));
}
template <class P, class InIt, class OutIt, class Pred,
          detail::if_policy<P> = 0>
OutIt copy_if(const P &exec, InIt first, InIt last, OutIt result, Pred pred) {
  return cu2cl_thrust::copy_if(exec, first, last, first, result, pred);
}
template <class InIt, class OutIt, class Pred, detail::if_not_policy<InIt> = 0>
OutIt copy_if(InIt first, InIt last, OutIt result, Pred pred) {
  return cu2cl_thrust::copy_if(detail::policy_of<InIt>(), first, last, result,
                               pred);
}
template <class InIt, class SIt, class OutIt, class Pred,
          detail::if_not_policy<InIt> = 0>
OutIt copy_if(InIt first, InIt last, SIt stencil, OutIt result, Pred pred) {
  return cu2cl_thrust::copy_if(detail::policy_of<InIt>(), first, last, stencil,
                               result, pred);
}

template <class P, class InIt, class SIt, class OutIt, class Pred,
          detail::if_policy<P> = 0>
OutIt remove_copy_if(const P &exec, InIt first, InIt last, SIt stencil,
                     OutIt result, Pred pred) {
  return cu2cl_thrust::copy_if(exec, first, last, stencil, result,
                               [&](auto &&x) { return !pred(x); });
}
template <class P, class InIt, class OutIt, class Pred,
          detail::if_policy<P> = 0>
OutIt remove_copy_if(const P &exec, InIt first, InIt last, OutIt result,
                     Pred pred) {
  return cu2cl_thrust::remove_copy_if(exec, first, last, first, result, pred);
}
template <class InIt, class OutIt, class Pred, detail::if_not_policy<InIt> = 0>
OutIt remove_copy_if(InIt first, InIt last, OutIt result, Pred pred) {
  return cu2cl_thrust::remove_copy_if(detail::policy_of<InIt>(), first, last,
                                      result, pred);
}
template <class InIt, class SIt, class OutIt, class Pred,
          detail::if_not_policy<InIt> = 0>
OutIt remove_copy_if(InIt first, InIt last, SIt stencil, OutIt result,
                     Pred pred) {
  return cu2cl_thrust::remove_copy_if(detail::policy_of<InIt>(), first, last,
                                      stencil, result, pred);
}
template <class P, class InIt, class OutIt, class T, detail::if_policy<P> = 0>
OutIt remove_copy(const P &exec, InIt first, InIt last, OutIt result,
                  const T &value) {
  return cu2cl_thrust::remove_copy_if(exec, first, last, result,
                                      [&](auto &&x) { return x == value; });
}
template <class InIt, class OutIt, class T, detail::if_not_policy<InIt> = 0>
OutIt remove_copy(InIt first, InIt last, OutIt result, const T &value) {
  return cu2cl_thrust::remove_copy(detail::policy_of<InIt>(), first, last,
                                   result, value);
}
template <class P, class It, class SIt, class Pred, detail::if_policy<P> = 0>
It remove_if(const P &exec, It first, It last, SIt stencil, Pred pred) {
  return cu2cl_thrust::remove_copy_if(exec, first, last, stencil, first, pred);
}
template <class P, class It, class Pred, detail::if_policy<P> = 0>
It remove_if(const P &exec, It first, It last, Pred pred) {
  return cu2cl_thrust::remove_copy_if(exec, first, last, first, pred);
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
It remove_if(It first, It last, Pred pred) {
  return cu2cl_thrust::remove_if(detail::policy_of<It>(), first, last, pred);
}
template <class It, class SIt, class Pred, detail::if_not_policy<It> = 0>
It remove_if(It first, It last, SIt stencil, Pred pred) {
  return cu2cl_thrust::remove_if(detail::policy_of<It>(), first, last, stencil,
                                 pred);
}
template <class P, class It, class T, detail::if_policy<P> = 0>
It remove(const P &exec, It first, It last, const T &value) {
  return cu2cl_thrust::remove_copy(exec, first, last, first, value);
}
template <class It, class T, detail::if_not_policy<It> = 0>
It remove(It first, It last, const T &value) {
  return cu2cl_thrust::remove(detail::policy_of<It>(), first, last, value);
}

// partition, stable_partition: the elements where pred holds first (in
// order), then the others; the start of the second group is returned
template <class P, class It, class Pred, detail::if_policy<P> = 0>
It stable_partition(const P &exec, It first, It last, Pred pred) {
  auto v = detail::host_in(exec, first, detail::span(first, last));
  std::ptrdiff_t k;
  {
    detail::host_access access(detail::needs_access<Pred>);
    k = std::stable_partition(
            v.begin(), v.end(),
            [&](auto &x) { return bool(pred(detail::elem(x))); }) -
        v.begin();
  }
  detail::host_out(exec, first, v);
  return first + k;
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
It stable_partition(It first, It last, Pred pred) {
  return cu2cl_thrust::stable_partition(detail::policy_of<It>(), first, last,
                                        pred);
}
template <class P, class It, class Pred, detail::if_policy<P> = 0>
It partition(const P &exec, It first, It last, Pred pred) {
  return cu2cl_thrust::stable_partition(exec, first, last, pred);
}
template <class It, class Pred, detail::if_not_policy<It> = 0>
It partition(It first, It last, Pred pred) {
  return cu2cl_thrust::stable_partition(first, last, pred);
}

// ---------------------------------------------------------------------------
// unique, unique_copy, unique_by_key, unique_by_key_copy: the first element
// of each group of consecutive equal elements (keys)

template <class P, class InIt, class OutIt, class Eq, detail::if_policy<P> = 0>
OutIt unique_copy(const P &exec, InIt first, InIt last, OutIt result, Eq eq) {
  std::size_t n = detail::span(first, last);
  auto h = detail::heads(detail::host_in(exec, first, n), eq);
  return detail::host_out(
      exec, result,
      detail::select(exec, first, n, [&](std::size_t i) { return h[i] != 0; }));
}
template <class P, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt unique_copy(const P &exec, InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::unique_copy(exec, first, last, result, equal_to<>());
}
template <class InIt, class OutIt, detail::if_not_policy<InIt> = 0>
OutIt unique_copy(InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::unique_copy(detail::policy_of<InIt>(), first, last,
                                   result);
}
template <class InIt, class OutIt, class Eq, detail::if_not_policy<InIt> = 0>
OutIt unique_copy(InIt first, InIt last, OutIt result, Eq eq) {
  return cu2cl_thrust::unique_copy(detail::policy_of<InIt>(), first, last,
                                   result, eq);
}
template <class P, class It, class Eq, detail::if_policy<P> = 0>
It unique(const P &exec, It first, It last, Eq eq) {
  return cu2cl_thrust::unique_copy(exec, first, last, first, eq);
}
template <class P, class It, detail::if_policy<P> = 0>
It unique(const P &exec, It first, It last) {
  return cu2cl_thrust::unique_copy(exec, first, last, first);
}
template <class It, detail::if_not_policy<It> = 0>
It unique(It first, It last) {
  return cu2cl_thrust::unique(detail::policy_of<It>(), first, last);
}
template <class It, class Eq, detail::if_not_policy<It> = 0>
It unique(It first, It last, Eq eq) {
  return cu2cl_thrust::unique(detail::policy_of<It>(), first, last, eq);
}

template <class P, class KIt, class VIt, class KOut, class VOut, class Eq,
          detail::if_policy<P> = 0>
pair<KOut, VOut> unique_by_key_copy(const P &exec, KIt kfirst, KIt klast,
                                    VIt vfirst, KOut kresult, VOut vresult,
                                    Eq eq) {
  std::size_t n = detail::span(kfirst, klast);
  auto h = detail::heads(detail::host_in(exec, kfirst, n), eq);
  auto keep = [&](std::size_t i) { return h[i] != 0; };
  auto k = detail::select(exec, kfirst, n, keep);
  auto v = detail::select(exec, vfirst, n, keep);
  return {detail::host_out(exec, kresult, k),
          detail::host_out(exec, vresult, v)};
}
template <class P, class KIt, class VIt, class KOut, class VOut,
          detail::if_policy<P> = 0>
pair<KOut, VOut> unique_by_key_copy(const P &exec, KIt kfirst, KIt klast,
                                    VIt vfirst, KOut kresult, VOut vresult) {
  return cu2cl_thrust::unique_by_key_copy(exec, kfirst, klast, vfirst, kresult,
                                          vresult, equal_to<>());
}
template <class KIt, class VIt, class KOut, class VOut,
          detail::if_not_policy<KIt> = 0>
pair<KOut, VOut> unique_by_key_copy(KIt kfirst, KIt klast, VIt vfirst,
                                    KOut kresult, VOut vresult) {
  return cu2cl_thrust::unique_by_key_copy(detail::policy_of<KIt>(), kfirst,
                                          klast, vfirst, kresult, vresult);
}
template <class KIt, class VIt, class KOut, class VOut, class Eq,
          detail::if_not_policy<KIt> = 0>
pair<KOut, VOut> unique_by_key_copy(KIt kfirst, KIt klast, VIt vfirst,
                                    KOut kresult, VOut vresult, Eq eq) {
  return cu2cl_thrust::unique_by_key_copy(detail::policy_of<KIt>(), kfirst,
                                          klast, vfirst, kresult, vresult, eq);
}
template <class P, class KIt, class VIt, class Eq, detail::if_policy<P> = 0>
pair<KIt, VIt> unique_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                             Eq eq) {
  return cu2cl_thrust::unique_by_key_copy(exec, kfirst, klast, vfirst, kfirst,
                                          vfirst, eq);
}
template <class P, class KIt, class VIt, detail::if_policy<P> = 0>
pair<KIt, VIt> unique_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst) {
  return cu2cl_thrust::unique_by_key(exec, kfirst, klast, vfirst, equal_to<>());
}
template <class KIt, class VIt, detail::if_not_policy<KIt> = 0>
pair<KIt, VIt> unique_by_key(KIt kfirst, KIt klast, VIt vfirst) {
  return cu2cl_thrust::unique_by_key(detail::policy_of<KIt>(), kfirst, klast,
                                     vfirst);
}
template <class KIt, class VIt, class Eq, detail::if_not_policy<KIt> = 0>
pair<KIt, VIt> unique_by_key(KIt kfirst, KIt klast, VIt vfirst, Eq eq) {
  return cu2cl_thrust::unique_by_key(detail::policy_of<KIt>(), kfirst, klast,
                                     vfirst, eq);
}

// ---------------------------------------------------------------------------
// gather: result[i] = input[map[i]]; scatter: result[map[i]] = first[i];
// the _if forms only where pred(stencil[i]) (default: the stencil itself)

namespace detail {
// [0, the largest index + 1) of a map, as a count.
template <class V> std::size_t reach(const std::vector<V> &map) {
  std::size_t r = 0;
  for (const V &m : map)
    r = std::max(r, static_cast<std::size_t>(m) + 1);
  return r;
}
template <class P, class MIt, class SIt, class InIt, class OutIt, class Pred>
OutIt gather_impl(const P &exec, MIt mfirst, MIt mlast, SIt stencil, InIt input,
                  OutIt result, Pred pred, bool all) {
  std::size_t n = span(mfirst, mlast);
  auto map = host_in(exec, mfirst, n);
  auto in = host_in(exec, input, reach(map));
  std::vector<value_of<OutIt>> out;
  if (all)
    out.resize(n);
  else
    out = host_in(exec, result, n);
  auto s =
      all ? decltype(host_in(exec, stencil, 0))() : host_in(exec, stencil, n);
  host_access access(needs_access<Pred>);
  for (std::size_t i = 0; i < n; i++)
    if (all || pred(elem(s[i])))
      out[i] = in[static_cast<std::size_t>(map[i])];
  return host_out(exec, result, out);
}
template <class P, class InIt, class MIt, class SIt, class OutIt, class Pred>
void scatter_impl(const P &exec, InIt first, InIt last, MIt map_first,
                  SIt stencil, OutIt result, Pred pred, bool all) {
  std::size_t n = span(first, last);
  auto in = host_in(exec, first, n);
  auto map = host_in(exec, map_first, n);
  auto out = host_in(exec, result, reach(map));
  auto s =
      all ? decltype(host_in(exec, stencil, 0))() : host_in(exec, stencil, n);
  host_access access(needs_access<Pred>);
  for (std::size_t i = 0; i < n; i++)
    if (all || pred(elem(s[i])))
      out[static_cast<std::size_t>(map[i])] = in[i];
  host_out(exec, result, out);
}
} // namespace detail

template <class P, class MIt, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt gather(const P &exec, MIt mfirst, MIt mlast, InIt input, OutIt result) {
  return detail::gather_impl(exec, mfirst, mlast, mfirst, input, result,
                             identity<>(), true);
}
template <class MIt, class InIt, class OutIt, detail::if_not_policy<MIt> = 0>
OutIt gather(MIt mfirst, MIt mlast, InIt input, OutIt result) {
  return cu2cl_thrust::gather(detail::policy_of<MIt>(), mfirst, mlast, input,
                              result);
}
template <class P, class MIt, class SIt, class InIt, class OutIt, class Pred,
          detail::if_policy<P> = 0>
OutIt gather_if(const P &exec, MIt mfirst, MIt mlast, SIt stencil, InIt input,
                OutIt result, Pred pred) {
  return detail::gather_impl(exec, mfirst, mlast, stencil, input, result, pred,
                             false);
}
template <class P, class MIt, class SIt, class InIt, class OutIt,
          detail::if_policy<P> = 0>
OutIt gather_if(const P &exec, MIt mfirst, MIt mlast, SIt stencil, InIt input,
                OutIt result) {
  return cu2cl_thrust::gather_if(exec, mfirst, mlast, stencil, input, result,
                                 identity<>());
}
template <class MIt, class SIt, class InIt, class OutIt,
          detail::if_not_policy<MIt> = 0>
OutIt gather_if(MIt mfirst, MIt mlast, SIt stencil, InIt input, OutIt result) {
  return cu2cl_thrust::gather_if(detail::policy_of<MIt>(), mfirst, mlast,
                                 stencil, input, result);
}
template <class MIt, class SIt, class InIt, class OutIt, class Pred,
          detail::if_not_policy<MIt> = 0>
OutIt gather_if(MIt mfirst, MIt mlast, SIt stencil, InIt input, OutIt result,
                Pred pred) {
  return cu2cl_thrust::gather_if(detail::policy_of<MIt>(), mfirst, mlast,
                                 stencil, input, result, pred);
}
template <class P, class InIt, class MIt, class OutIt, detail::if_policy<P> = 0>
void scatter(const P &exec, InIt first, InIt last, MIt map, OutIt result) {
  detail::scatter_impl(exec, first, last, map, map, result, identity<>(), true);
}
template <class InIt, class MIt, class OutIt, detail::if_not_policy<InIt> = 0>
void scatter(InIt first, InIt last, MIt map, OutIt result) {
  cu2cl_thrust::scatter(detail::policy_of<InIt>(), first, last, map, result);
}
template <class P, class InIt, class MIt, class SIt, class OutIt, class Pred,
          detail::if_policy<P> = 0>
void scatter_if(const P &exec, InIt first, InIt last, MIt map, SIt stencil,
                OutIt result, Pred pred) {
  detail::scatter_impl(exec, first, last, map, stencil, result, pred, false);
}
template <class P, class InIt, class MIt, class SIt, class OutIt,
          detail::if_policy<P> = 0>
void scatter_if(const P &exec, InIt first, InIt last, MIt map, SIt stencil,
                OutIt result) {
  cu2cl_thrust::scatter_if(exec, first, last, map, stencil, result,
                           identity<>());
}
template <class InIt, class MIt, class SIt, class OutIt,
          detail::if_not_policy<InIt> = 0>
void scatter_if(InIt first, InIt last, MIt map, SIt stencil, OutIt result) {
  cu2cl_thrust::scatter_if(detail::policy_of<InIt>(), first, last, map, stencil,
                           result);
}
template <class InIt, class MIt, class SIt, class OutIt, class Pred,
          detail::if_not_policy<InIt> = 0>
void scatter_if(InIt first, InIt last, MIt map, SIt stencil, OutIt result,
                Pred pred) {
  cu2cl_thrust::scatter_if(detail::policy_of<InIt>(), first, last, map, stencil,
                           result, pred);
}

// reverse, reverse_copy
template <class P, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt reverse_copy(const P &exec, InIt first, InIt last, OutIt result) {
  auto v = detail::host_in(exec, first, detail::span(first, last));
  std::reverse(v.begin(), v.end());
  return detail::host_out(exec, result, v);
}
template <class InIt, class OutIt, detail::if_not_policy<InIt> = 0>
OutIt reverse_copy(InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::reverse_copy(detail::policy_of<InIt>(), first, last,
                                    result);
}
template <class P, class It, detail::if_policy<P> = 0>
void reverse(const P &exec, It first, It last) {
  cu2cl_thrust::reverse_copy(exec, first, last, first);
}
template <class It, detail::if_not_policy<It> = 0>
void reverse(It first, It last) {
  cu2cl_thrust::reverse(detail::policy_of<It>(), first, last);
}

} // namespace cu2cl_thrust

#include "cu2clrt_thrust_search.hpp" // binary searches, by_key, merge, sets

#endif // CU2CLRT_THRUST_REORDER_HPP
