// cu2clrt_thrust_search.hpp: the binary searches (`lower_bound`,
// `upper_bound`, `binary_search`, `equal_range`; one value, or the
// vectorized forms that search every value of a second range and write
// indices or flags), the `_by_key` reductions and scans (`reduce_by_key`,
// `inclusive_scan_by_key`, `exclusive_scan_by_key`: groups of consecutive
// keys where pred(previous, key) holds), `merge` and the set
// operations, included by cu2clrt_thrust_reorder.hpp. They run on host
// copies of the ranges, as that header's algorithms do.
#ifndef CU2CLRT_THRUST_SEARCH_HPP
#define CU2CLRT_THRUST_SEARCH_HPP

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <utility>
#include <vector>

namespace cu2cl_thrust {

namespace detail {
// The position search(begin, end, value) finds in a host copy, for one
// value or for each value of [vfirst, vlast) written to result.
template <class P, class It, class VIt, class OutIt, class Search>
OutIt search_each(const P &exec, It first, It last, VIt vfirst, VIt vlast,
                  OutIt result, Search search) {
  auto hay = host_in(exec, first, span(first, last));
  auto vals = host_in(exec, vfirst, span(vfirst, vlast));
  std::vector<value_of<OutIt>> out(vals.size());
  for (std::size_t i = 0; i < vals.size(); i++)
    out[i] = static_cast<value_of<OutIt>>(search(hay, vals[i]));
  return host_out(exec, result, out);
}
template <class C> auto lower(C comp) {
  return [comp](auto &hay, auto &v) {
    return std::lower_bound(hay.begin(), hay.end(), v, comp) - hay.begin();
  };
}
template <class C> auto upper(C comp) {
  return [comp](auto &hay, auto &v) {
    return std::upper_bound(hay.begin(), hay.end(), v, comp) - hay.begin();
  };
}
template <class C> auto found(C comp) {
  return [comp](auto &hay, auto &v) {
    return std::binary_search(hay.begin(), hay.end(), v, comp);
  };
}
} // namespace detail

// The searches for one value return an iterator (a bool), for a range of
// values write each result through result (the index, or the flag).
#define CU2CL_THRUST_SEARCH(NAME, MAKE, ONE)                                   \
  template <class P, class It, class VIt, class OutIt, class C,                \
            detail::if_policy<P> = 0>                                          \
  OutIt NAME(const P &exec, It first, It last, VIt vfirst, VIt vlast,          \
             OutIt result, C comp) {                                           \
    return detail::search_each(exec, first, last, vfirst, vlast, result,       \
                               detail::MAKE(comp));                            \
  }                                                                            \
  template <class P, class It, class VIt, class OutIt,                         \
            detail::if_policy<P> = 0>                                          \
  OutIt NAME(const P &exec, It first, It last, VIt vfirst, VIt vlast,          \
             OutIt result) {                                                   \
    return NAME(exec, first, last, vfirst, vlast, result, less<>());           \
  }                                                                            \
  template <class It, class VIt, class OutIt, detail::if_not_policy<It> = 0>   \
  OutIt NAME(It first, It last, VIt vfirst, VIt vlast, OutIt result) {         \
    return NAME(detail::policy_of<It>(), first, last, vfirst, vlast, result);  \
  }                                                                            \
  template <class It, class VIt, class OutIt, class C,                         \
            detail::if_not_policy<It> = 0>                                     \
  OutIt NAME(It first, It last, VIt vfirst, VIt vlast, OutIt result, C comp) { \
    return NAME(detail::policy_of<It>(), first, last, vfirst, vlast, result,   \
                comp);                                                         \
  }                                                                            \
  template <class P, class It, class T, class C, detail::if_policy<P> = 0>     \
  auto NAME(const P &exec, It first, It last, const T &value, C comp) {        \
    auto hay = detail::host_in(exec, first, detail::span(first, last));        \
    auto r = detail::MAKE(comp)(hay, value);                                   \
    return ONE;                                                                \
  }                                                                            \
  template <class P, class It, class T, detail::if_policy<P> = 0>              \
  auto NAME(const P &exec, It first, It last, const T &value) {                \
    return NAME(exec, first, last, value, less<>());                           \
  }                                                                            \
  template <class It, class T, detail::if_not_policy<It> = 0>                  \
  auto NAME(It first, It last, const T &value) {                               \
    return NAME(detail::policy_of<It>(), first, last, value);                  \
  }                                                                            \
  template <class It, class T, class C, detail::if_not_policy<It> = 0>         \
  auto NAME(It first, It last, const T &value, C comp) {                       \
    return NAME(detail::policy_of<It>(), first, last, value, comp);            \
  }
CU2CL_THRUST_SEARCH(lower_bound, lower, first + r)
CU2CL_THRUST_SEARCH(upper_bound, upper, first + r)
CU2CL_THRUST_SEARCH(binary_search, found, r)
#undef CU2CL_THRUST_SEARCH

template <class P, class It, class T, class C, detail::if_policy<P> = 0>
pair<It, It> equal_range(const P &exec, It first, It last, const T &value,
                         C comp) {
  return {cu2cl_thrust::lower_bound(exec, first, last, value, comp),
          cu2cl_thrust::upper_bound(exec, first, last, value, comp)};
}
template <class P, class It, class T, detail::if_policy<P> = 0>
pair<It, It> equal_range(const P &exec, It first, It last, const T &value) {
  return cu2cl_thrust::equal_range(exec, first, last, value, less<>());
}
template <class It, class T, detail::if_not_policy<It> = 0>
pair<It, It> equal_range(It first, It last, const T &value) {
  return cu2cl_thrust::equal_range(detail::policy_of<It>(), first, last, value);
}

// ---------------------------------------------------------------------------
// reduce_by_key, inclusive_scan_by_key, exclusive_scan_by_key

template <class P, class KIt, class VIt, class KOut, class VOut, class Eq,
          class Op, detail::if_policy<P> = 0>
pair<KOut, VOut> reduce_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                               KOut kresult, VOut vresult, Eq eq, Op op) {
  std::size_t n = detail::span(kfirst, klast);
  auto keys = detail::host_in(exec, kfirst, n);
  auto vals = detail::host_in(exec, vfirst, n);
  auto h = detail::heads(keys, eq);
  decltype(keys) ko;
  decltype(vals) vo; // accumulated in the values' type, as Thrust does
  {
    detail::host_access access(detail::needs_access<Op>);
    for (std::size_t i = 0; i < n; i++) {
      if (h[i]) {
        ko.push_back(keys[i]);
        vo.push_back(vals[i]);
      } else {
        vo.back() = op(vo.back(), vals[i]);
      }
    }
  }
  return {detail::host_out(exec, kresult, ko),
          detail::host_out(exec, vresult, vo)};
}
template <class P, class KIt, class VIt, class KOut, class VOut, class Eq,
          detail::if_policy<P> = 0>
pair<KOut, VOut> reduce_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                               KOut kresult, VOut vresult, Eq eq) {
  return cu2cl_thrust::reduce_by_key(exec, kfirst, klast, vfirst, kresult,
                                     vresult, eq, plus<>());
}
template <class P, class KIt, class VIt, class KOut, class VOut,
          detail::if_policy<P> = 0>
pair<KOut, VOut> reduce_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                               KOut kresult, VOut vresult) {
  return cu2cl_thrust::reduce_by_key(exec, kfirst, klast, vfirst, kresult,
                                     vresult, equal_to<>());
}
template <class KIt, class VIt, class KOut, class VOut,
          detail::if_not_policy<KIt> = 0>
pair<KOut, VOut> reduce_by_key(KIt kfirst, KIt klast, VIt vfirst, KOut kresult,
                               VOut vresult) {
  return cu2cl_thrust::reduce_by_key(detail::policy_of<KIt>(), kfirst, klast,
                                     vfirst, kresult, vresult);
}
template <class KIt, class VIt, class KOut, class VOut, class Eq,
          detail::if_not_policy<KIt> = 0>
pair<KOut, VOut> reduce_by_key(KIt kfirst, KIt klast, VIt vfirst, KOut kresult,
                               VOut vresult, Eq eq) {
  return cu2cl_thrust::reduce_by_key(detail::policy_of<KIt>(), kfirst, klast,
                                     vfirst, kresult, vresult, eq);
}
template <class KIt, class VIt, class KOut, class VOut, class Eq, class Op,
          detail::if_not_policy<KIt> = 0>
pair<KOut, VOut> reduce_by_key(KIt kfirst, KIt klast, VIt vfirst, KOut kresult,
                               VOut vresult, Eq eq, Op op) {
  return cu2cl_thrust::reduce_by_key(detail::policy_of<KIt>(), kfirst, klast,
                                     vfirst, kresult, vresult, eq, op);
}

namespace detail {
// The scan of vals restarted at each group of keys; exclusive ones start
// each group from init.
template <bool Exclusive, class P, class KIt, class VIt, class OutIt, class T,
          class Eq, class Op>
OutIt scan_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                  OutIt result, const T &init, Eq eq, Op op) {
  std::size_t n = span(kfirst, klast);
  auto h = heads(host_in(exec, kfirst, n), eq);
  auto vals = host_in(exec, vfirst, n);
  using V = value_of<VIt>; // the accumulator, as in Thrust
  std::vector<value_of<OutIt>> out(n);
  host_access access(needs_access<Op>);
  V acc{};
  for (std::size_t i = 0; i < n; i++) {
    if constexpr (Exclusive)
      acc = h[i] ? V(init) : V(op(acc, vals[i - 1]));
    else
      acc = h[i] ? vals[i] : V(op(acc, vals[i]));
    out[i] = acc;
  }
  return host_out(exec, result, out);
}
} // namespace detail

template <class P, class KIt, class VIt, class OutIt, class Eq, class Op,
          detail::if_policy<P> = 0>
OutIt inclusive_scan_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                            OutIt result, Eq eq, Op op) {
  return detail::scan_by_key<false>(exec, kfirst, klast, vfirst, result, 0, eq,
                                    op);
}
template <class P, class KIt, class VIt, class OutIt, class Eq,
          detail::if_policy<P> = 0>
OutIt inclusive_scan_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                            OutIt result, Eq eq) {
  return cu2cl_thrust::inclusive_scan_by_key(exec, kfirst, klast, vfirst,
                                             result, eq, plus<>());
}
template <class P, class KIt, class VIt, class OutIt, detail::if_policy<P> = 0>
OutIt inclusive_scan_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                            OutIt result) {
  return cu2cl_thrust::inclusive_scan_by_key(exec, kfirst, klast, vfirst,
                                             result, equal_to<>());
}
template <class KIt, class VIt, class OutIt, detail::if_not_policy<KIt> = 0>
OutIt inclusive_scan_by_key(KIt kfirst, KIt klast, VIt vfirst, OutIt result) {
  return cu2cl_thrust::inclusive_scan_by_key(detail::policy_of<KIt>(), kfirst,
                                             klast, vfirst, result);
}
template <class KIt, class VIt, class OutIt, class Eq,
          detail::if_not_policy<KIt> = 0>
OutIt inclusive_scan_by_key(KIt kfirst, KIt klast, VIt vfirst, OutIt result,
                            Eq eq) {
  return cu2cl_thrust::inclusive_scan_by_key(detail::policy_of<KIt>(), kfirst,
                                             klast, vfirst, result, eq);
}
template <class KIt, class VIt, class OutIt, class Eq, class Op,
          detail::if_not_policy<KIt> = 0>
OutIt inclusive_scan_by_key(KIt kfirst, KIt klast, VIt vfirst, OutIt result,
                            Eq eq, Op op) {
  return cu2cl_thrust::inclusive_scan_by_key(detail::policy_of<KIt>(), kfirst,
                                             klast, vfirst, result, eq, op);
}
template <class P, class KIt, class VIt, class OutIt, class T, class Eq,
          class Op, detail::if_policy<P> = 0>
OutIt exclusive_scan_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                            OutIt result, T init, Eq eq, Op op) {
  return detail::scan_by_key<true>(exec, kfirst, klast, vfirst, result, init,
                                   eq, op);
}
template <class P, class KIt, class VIt, class OutIt, class T, class Eq,
          detail::if_policy<P> = 0>
OutIt exclusive_scan_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                            OutIt result, T init, Eq eq) {
  return cu2cl_thrust::exclusive_scan_by_key(exec, kfirst, klast, vfirst,
                                             result, init, eq, plus<>());
}
template <class P, class KIt, class VIt, class OutIt, class T,
          detail::if_policy<P> = 0>
OutIt exclusive_scan_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                            OutIt result, T init) {
  return cu2cl_thrust::exclusive_scan_by_key(exec, kfirst, klast, vfirst,
                                             result, init, equal_to<>());
}
template <class P, class KIt, class VIt, class OutIt, detail::if_policy<P> = 0>
OutIt exclusive_scan_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                            OutIt result) {
  return cu2cl_thrust::exclusive_scan_by_key(exec, kfirst, klast, vfirst,
                                             result, detail::value_of<VIt>());
}
template <class KIt, class VIt, class OutIt, detail::if_not_policy<KIt> = 0>
OutIt exclusive_scan_by_key(KIt kfirst, KIt klast, VIt vfirst, OutIt result) {
  return cu2cl_thrust::exclusive_scan_by_key(detail::policy_of<KIt>(), kfirst,
                                             klast, vfirst, result);
}
template <class KIt, class VIt, class OutIt, class T,
          detail::if_not_policy<KIt> = 0>
OutIt exclusive_scan_by_key(KIt kfirst, KIt klast, VIt vfirst, OutIt result,
                            T init) {
  return cu2cl_thrust::exclusive_scan_by_key(detail::policy_of<KIt>(), kfirst,
                                             klast, vfirst, result, init);
}
template <class KIt, class VIt, class OutIt, class T, class Eq,
          detail::if_not_policy<KIt> = 0>
OutIt exclusive_scan_by_key(KIt kfirst, KIt klast, VIt vfirst, OutIt result,
                            T init, Eq eq) {
  return cu2cl_thrust::exclusive_scan_by_key(detail::policy_of<KIt>(), kfirst,
                                             klast, vfirst, result, init, eq);
}
template <class KIt, class VIt, class OutIt, class T, class Eq, class Op,
          detail::if_not_policy<KIt> = 0>
OutIt exclusive_scan_by_key(KIt kfirst, KIt klast, VIt vfirst, OutIt result,
                            T init, Eq eq, Op op) {
  return cu2cl_thrust::exclusive_scan_by_key(
      detail::policy_of<KIt>(), kfirst, klast, vfirst, result, init, eq, op);
}

// ---------------------------------------------------------------------------
// merge and the set operations: std's, on host copies of sorted ranges

#define CU2CL_THRUST_SET_OP(NAME)                                              \
  template <class P, class In1, class In2, class OutIt, class C,               \
            detail::if_policy<P> = 0>                                          \
  OutIt NAME(const P &exec, In1 first1, In1 last1, In2 first2, In2 last2,      \
             OutIt result, C comp) {                                           \
    auto a = detail::host_in(exec, first1, detail::span(first1, last1));       \
    auto b = detail::host_in(exec, first2, detail::span(first2, last2));       \
    decltype(a) out;                                                           \
    std::NAME(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out), \
              comp);                                                           \
    return detail::host_out(exec, result, out);                                \
  }                                                                            \
  template <class P, class In1, class In2, class OutIt,                        \
            detail::if_policy<P> = 0>                                          \
  OutIt NAME(const P &exec, In1 first1, In1 last1, In2 first2, In2 last2,      \
             OutIt result) {                                                   \
    return NAME(exec, first1, last1, first2, last2, result, less<>());         \
  }                                                                            \
  template <class In1, class In2, class OutIt, detail::if_not_policy<In1> = 0> \
  OutIt NAME(In1 first1, In1 last1, In2 first2, In2 last2, OutIt result) {     \
    return NAME(detail::policy_of<In1>(), first1, last1, first2, last2,        \
                result);                                                       \
  }                                                                            \
  template <class In1, class In2, class OutIt, class C,                        \
            detail::if_not_policy<In1> = 0>                                    \
  OutIt NAME(In1 first1, In1 last1, In2 first2, In2 last2, OutIt result,       \
             C comp) {                                                         \
    return NAME(detail::policy_of<In1>(), first1, last1, first2, last2,        \
                result, comp);                                                 \
  }
CU2CL_THRUST_SET_OP(merge)
CU2CL_THRUST_SET_OP(set_union)
CU2CL_THRUST_SET_OP(set_intersection)
CU2CL_THRUST_SET_OP(set_difference)
CU2CL_THRUST_SET_OP(set_symmetric_difference)
#undef CU2CL_THRUST_SET_OP

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_SEARCH_HPP
