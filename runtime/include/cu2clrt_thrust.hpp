// cu2clrt_thrust.hpp: the part of Thrust's API that CUDA host code uses most,
// over cu2clrt's device algorithms (cu2clAlgo* in cu2clrt.h). Header-only
// C++17.
//
// cu2cl rewrites the namespace `thrust` to `cu2cl_thrust` and
// `#include <thrust/...>` to this header, so translated code keeps its
// Thrust calls. What is here behaves as Thrust documents it:
//
// - execution policies `host`, `seq`, `device`, `cuda::par`,
//   `cuda::par_nosync` and `.on(stream)`; without a policy, device_ptr
//   iterators run on the device and anything else on the host, as in Thrust;
// - `device_ptr<T>` (a device pointer: cu2clrt's device pointers are real
//   SVM addresses), `device_reference<T>`, `device_pointer_cast`,
//   `raw_pointer_cast`, `device_malloc`/`device_free`;
// - `device_vector<T>` and `host_vector<T>` (a std::vector);
// - `copy`, `copy_n`, `fill`, `fill_n`, `sequence`, `reduce`, `count`,
//   `inclusive_scan`, `exclusive_scan`, `sort`, `stable_sort`,
//   `sort_by_key`, `stable_sort_by_key`; functors `plus`, `minimum`,
//   `maximum`, `less`, `greater` (and the rest of <thrust/functional.h>
//   for host use);
// - `counting_iterator`, `distance`, `min_element`, `max_element`,
//   `minmax_element` (cu2clrt_thrust_extrema.hpp, included at the end);
// - `complex` in host code, as std::complex (cu2clrt_thrust_complex.hpp);
// - fancy iterators (cu2clrt_thrust_iterator.hpp), `tuple` and
//   `zip_iterator` (cu2clrt_thrust_zip.hpp);
// - the algorithms that call user functors and the rest of Thrust's
//   (transform, for_each, count_if, copy_if, unique, gather, scatter, the
//   binary searches, reduce_by_key, ...: cu2clrt_thrust_transform.hpp,
//   cu2clrt_thrust_reorder.hpp, cu2clrt_thrust_search.hpp).
//
// On the device (one cu2clAlgo* call), elements are int, unsigned, 64-bit
// integers, float or double in device_ptr or raw-pointer ranges, and
// operators are plus/minimum/maximum (sort: less/greater). Everything else
// - a user functor, a fancy iterator, another element type - takes a
// correct but slow path through host memory: the ranges are copied to the
// host once, the algorithm runs there (user functors are called on the
// host) and the results are copied back (docs/runtime.md says which).
// Errors throw cu2cl_thrust::system_error, as Thrust throws
// thrust::system_error. Device algorithms wait for their stream before
// returning (Thrust's behaviour), except under cuda::par_nosync.
#ifndef CU2CLRT_THRUST_HPP
#define CU2CLRT_THRUST_HPP

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
// What NVIDIA's Thrust headers bring besides (CUDA 13: its vectors pull in
// libstdc++'s iostreams, memory, tuples, chrono and more), which programs
// use without including: std::cout after only <thrust/device_vector.h>.
#include <array>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <memory>
#include <tuple>

#include "cu2clrt.h"

namespace cu2cl_thrust {

// ---------------------------------------------------------------------------
// Errors

// What system_error::code() returns: value() is the CUDA error code
// (cu2clError_t has CUDA's values).
class error_code {
public:
  error_code() = default;
  explicit error_code(int value) : value_(value) {}
  int value() const noexcept { return value_; }
  std::string message() const {
    return cu2clGetErrorString(static_cast<cu2clError_t>(value_));
  }
  explicit operator bool() const noexcept { return value_ != 0; }

private:
  int value_ = 0;
};

class system_error : public std::runtime_error {
public:
  system_error(cu2clError_t error, const std::string &what)
      : std::runtime_error(what + ": " + cu2clGetErrorString(error)),
        code_(error) {}
  const error_code &code() const noexcept { return code_; }

private:
  error_code code_;
};

namespace detail {

inline void check(cu2clError_t error, const char *what) {
  if (error == cu2clSuccess)
    return;
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
  throw system_error(error, what);
#else
  std::fprintf(stderr, "cu2cl_thrust: %s: %s\n", what,
               cu2clGetErrorString(error));
  std::abort();
#endif
}

// The copies this layer makes for itself are Thrust's internals: the
// original's tracing header does not see them, so CU2CL_TRACE must not
// record them either (docs/validation.md).
inline cu2clError_t untraced_memcpy(void *dst, const void *src,
                                    std::size_t count, cu2clMemcpyKind kind) {
  cu2clrtTraceQuiet(1);
  cu2clError_t err = cu2clMemcpy(dst, src, count, kind);
  cu2clrtTraceQuiet(0);
  return err;
}
inline cu2clError_t untraced_memcpy_async(void *dst, const void *src,
                                          std::size_t count,
                                          cu2clMemcpyKind kind,
                                          cu2clStream_t stream) {
  cu2clrtTraceQuiet(1);
  cu2clError_t err = cu2clMemcpyAsync(dst, src, count, kind, stream);
  cu2clrtTraceQuiet(0);
  return err;
}
// Thrust's own waits do not record managed memory either.
inline cu2clError_t untraced_sync(cu2clStream_t stream) {
  cu2clrtTraceQuiet(1);
  cu2clError_t err = cu2clStreamSynchronize(stream);
  cu2clrtTraceQuiet(0);
  return err;
}

} // namespace detail

// ---------------------------------------------------------------------------
// Execution policies

struct host_t {};
struct device_t {
  cu2clStream_t stream = nullptr;
  bool sync = true; // wait for the stream at the end, as Thrust does
};

inline constexpr host_t host{};
inline constexpr host_t seq{};
inline constexpr device_t device{};

namespace cuda {
struct par_t : device_t {
  constexpr par_t() = default;
  constexpr par_t(cu2clStream_t s, bool wait) : device_t{s, wait} {}
  constexpr par_t on(cu2clStream_t s) const { return par_t(s, sync); }
};
inline constexpr par_t par{};
inline constexpr par_t par_nosync{nullptr, false};
} // namespace cuda

namespace system {
namespace cuda = cu2cl_thrust::cuda;
using cu2cl_thrust::error_code;
using cu2cl_thrust::system_error;
} // namespace system

namespace detail {
template <class P>
inline constexpr bool is_device_policy = std::is_base_of_v<device_t, P>;
template <class P>
inline constexpr bool is_policy =
    is_device_policy<P> || std::is_same_v<P, host_t>;
template <class P>
using if_policy = std::enable_if_t<is_policy<std::decay_t<P>>, int>;
template <class A>
using if_not_policy = std::enable_if_t<!is_policy<std::decay_t<A>>, int>;
} // namespace detail

} // namespace cu2cl_thrust

#include "cu2clrt_thrust_memory.hpp"     // device_ptr, device_vector, ...
#include "cu2clrt_thrust_functional.hpp" // plus, minimum, less, ...

namespace cu2cl_thrust {

// ---------------------------------------------------------------------------
// Mapping C++ types, iterators and functors onto the C API

namespace detail {

template <class T> constexpr bool algo_type_ok() {
  return (std::is_integral_v<T> && !std::is_same_v<T, bool> &&
          (sizeof(T) == 4 || sizeof(T) == 8)) ||
         std::is_same_v<T, float> || std::is_same_v<T, double>;
}
template <class T> constexpr cu2clAlgoType algo_type() {
  if constexpr (std::is_same_v<T, float>)
    return cu2clAlgoFloat;
  else if constexpr (std::is_same_v<T, double>)
    return cu2clAlgoDouble;
  else if constexpr (sizeof(T) == 4)
    return std::is_signed_v<T> ? cu2clAlgoInt : cu2clAlgoUInt;
  else
    return std::is_signed_v<T> ? cu2clAlgoLong : cu2clAlgoULong;
}

// Iterators that name contiguous device memory: device_ptr and (under a
// device policy) raw pointers.
template <class It> struct device_iter : std::false_type {};
template <class T> struct device_iter<device_ptr<T>> : std::true_type {};
template <class It>
inline constexpr bool is_device_iter = device_iter<std::decay_t<It>>::value;

template <class T> T *raw(device_ptr<T> p) {
  return p.get();
}
template <class T> T *raw(T *p) {
  return p;
}

template <class It>
using value_of =
    std::remove_cv_t<typename std::iterator_traits<It>::value_type>;

// Host iterators whose elements are contiguous: pointers and
// std::vector iterators (host_vector's too).
template <class It, class = void>
struct contiguous_host : std::is_pointer<It> {};
template <class It>
struct contiguous_host<It, std::enable_if_t<!std::is_void_v<value_of<It>>>>
    : std::bool_constant<
          std::is_pointer_v<It> ||
          std::is_same_v<It, typename std::vector<value_of<It>>::iterator> ||
          std::is_same_v<It,
                         typename std::vector<value_of<It>>::const_iterator>> {
};
template <class It>
inline constexpr bool is_contiguous_host = contiguous_host<It>::value;

// Whether an iterator's elements live on the device, when no policy is
// given: device_ptr, and the fancy iterators over one (specialized where
// they are defined).
template <class It> struct device_system : device_iter<It> {};

// The policy that Thrust picks from the iterator when none is given.
template <class It>
using policy_of = std::conditional_t<device_system<std::decay_t<It>>::value,
                                     device_t, host_t>;

template <class Op> struct op_kind { static constexpr int value = -1; };
template <class T> struct op_kind<plus<T>> {
  static constexpr int value = cu2clAlgoSum;
};
template <class T> struct op_kind<std::plus<T>> {
  static constexpr int value = cu2clAlgoSum;
};
template <class T> struct op_kind<minimum<T>> {
  static constexpr int value = cu2clAlgoMin;
};
template <class T> struct op_kind<maximum<T>> {
  static constexpr int value = cu2clAlgoMax;
};
template <class Op>
inline constexpr int op_of = op_kind<std::decay_t<Op>>::value;

// Sort order: 0 ascending, 1 descending, -1 a user comparator.
template <class C> struct order_kind { static constexpr int value = -1; };
template <class T> struct order_kind<less<T>> {
  static constexpr int value = 0;
};
template <class T> struct order_kind<std::less<T>> {
  static constexpr int value = 0;
};
template <class T> struct order_kind<greater<T>> {
  static constexpr int value = 1;
};
template <class T> struct order_kind<std::greater<T>> {
  static constexpr int value = 1;
};
template <class C>
inline constexpr int order_of = order_kind<std::decay_t<C>>::value;

// Device-side work is ordered on the policy's stream; Thrust waits for it.
inline void finish(const device_t &exec, const char *what) {
  if (exec.sync)
    check(detail::untraced_sync(exec.stream), what);
}

// The slow, general path: n elements of device memory to a host vector
// and back, after the policy's stream is done.
template <class T>
std::vector<T> to_host(const device_t &exec, const T *p, std::size_t n) {
  std::vector<T> v(n);
  check(detail::untraced_sync(exec.stream), "copy to host");
  if (n)
    check(detail::untraced_memcpy(v.data(), p, n * sizeof(T),
                                  cu2clMemcpyDeviceToHost),
          "copy to host");
  return v;
}
template <class T>
void to_device(const device_t &exec, T *p, const std::vector<T> &v) {
  if (!v.empty())
    check(detail::untraced_memcpy_async(p, v.data(), v.size() * sizeof(T),
                                        cu2clMemcpyHostToDevice, exec.stream),
          "copy to device");
  finish(exec, "copy to device");
}

} // namespace detail

// ---------------------------------------------------------------------------
// How each algorithm runs on the device. Every one takes the fast path (one
// cu2clAlgo* call) when the element type is one of the C API's and the
// accumulator type (what `op(init, element)` returns, as in CUB) is the
// element type; otherwise it copies the range to the host, computes there
// with Thrust's exact semantics, and copies back.

namespace detail {

template <class It> constexpr bool raw_or_device() {
  return std::is_pointer_v<std::decay_t<It>> || is_device_iter<It>;
}

// Contiguous memory behind an iterator that has it.
template <class It> auto address_of(It it) {
  if constexpr (is_device_iter<It>)
    return it.get();
  else if constexpr (std::is_pointer_v<It>)
    return it;
  else
    return &*it;
}

// n elements from any iterator into a host vector: device memory (device_ptr
// or a raw pointer, which may hold either) by one copy.
template <class It>
std::vector<value_of<It>> read_range(const device_t &exec, It first,
                                     std::size_t n) {
  using V = value_of<It>;
  if constexpr (raw_or_device<It>()) {
    std::vector<V> v(n);
    check(detail::untraced_sync(exec.stream), "copy");
    if (n)
      check(detail::untraced_memcpy(v.data(), address_of(first), n * sizeof(V),
                                    cu2clMemcpyDefault),
            "copy");
    return v;
  } else {
    std::vector<V> v(n);
    std::copy_n(first, n, v.begin());
    return v;
  }
}

// A host vector out through any iterator; returns the iterator after it.
template <class It, class V>
It write_range(const device_t &exec, It result, const std::vector<V> &v) {
  if constexpr (raw_or_device<It>() && std::is_same_v<V, value_of<It>>) {
    if (!v.empty()) {
      check(detail::untraced_memcpy_async(address_of(result), v.data(),
                                          v.size() * sizeof(V),
                                          cu2clMemcpyDefault, exec.stream),
            "copy");
      check(detail::untraced_sync(exec.stream), "copy");
    }
    return result + v.size();
  } else if constexpr (raw_or_device<It>()) {
    std::vector<value_of<It>> w(v.begin(), v.end());
    return write_range(exec, result, w);
  } else {
    return std::copy(v.begin(), v.end(), result);
  }
}

template <class It>
inline constexpr bool
    contiguous = raw_or_device<It>() || is_contiguous_host<It>;

// copy under device execution: any pair of device and host ranges. Copies
// wait for their stream: the destination may be host memory.
template <class InIt, class OutIt>
OutIt copy_n_device(const device_t &exec, InIt first, std::size_t n,
                    OutIt result) {
  using V = value_of<InIt>;
  if constexpr (contiguous<InIt> && contiguous<OutIt> &&
                std::is_same_v<V, value_of<OutIt>>) {
    if (n) {
      check(detail::untraced_memcpy_async(address_of(result), address_of(first),
                                          n * sizeof(V), cu2clMemcpyDefault,
                                          exec.stream),
            "copy");
      check(detail::untraced_sync(exec.stream), "copy");
    }
    return result + n;
  } else {
    return write_range(exec, result, read_range(exec, first, n));
  }
}

template <class Op, class A, class B>
using result_of =
    std::decay_t<std::invoke_result_t<const Op &, const A &, const B &>>;

// Whether a device scan or reduction of V with op and an init of type Init
// accumulates in V (then the C API computes exactly what Thrust does).
template <class V, class Init, class Op> constexpr bool fast_accumulate() {
  if constexpr (!algo_type_ok<V>() || op_of<Op> < 0)
    return false;
  else
    return std::is_same_v<result_of<Op, Init, V>, V>;
}

struct no_init {}; // inclusive scans

template <bool Exclusive, class InIt, class OutIt, class Init, class Op>
OutIt scan_device(const device_t &exec, InIt first, InIt last, OutIt result,
                  const Init &init, Op op) {
  using V = value_of<InIt>;
  using W = value_of<OutIt>;
  using I = std::conditional_t<Exclusive, Init, V>;
  std::size_t n = static_cast<std::size_t>(last - first);
  if constexpr (fast_accumulate<V, I, Op>() && std::is_same_v<V, W> &&
                raw_or_device<InIt>() && raw_or_device<OutIt>()) {
    cu2clAlgoOp kind = static_cast<cu2clAlgoOp>(op_of<Op>);
    cu2clError_t err;
    if constexpr (Exclusive) {
      V seed = static_cast<V>(init);
      err = cu2clAlgoExclusiveScan(exec.stream, algo_type<V>(), kind,
                                   raw(first), raw(result), n, &seed);
    } else {
      err = cu2clAlgoInclusiveScan(exec.stream, algo_type<V>(), kind,
                                   raw(first), raw(result), n);
    }
    check(err, Exclusive ? "exclusive_scan" : "inclusive_scan");
    finish(exec, "scan");
    return result + n;
  } else { // accumulate in what op returns, as CUB does
    std::vector<V> in = read_range(exec, first, n);
    std::vector<W> out(n);
    if constexpr (Exclusive) {
      result_of<Op, I, V> acc = init;
      for (std::size_t i = 0; i < n; i++) {
        out[i] = static_cast<W>(acc);
        acc = op(acc, in[i]);
      }
    } else {
      result_of<Op, V, V> acc{};
      for (std::size_t i = 0; i < n; i++) {
        acc = i ? op(acc, in[i]) : in[0];
        out[i] = static_cast<W>(acc);
      }
    }
    return write_range(exec, result, out);
  }
}

template <class It, class T, class Op>
T reduce_device(const device_t &exec, It first, It last, T init, Op op) {
  using V = value_of<It>;
  using Acc = result_of<Op, T, V>;
  std::size_t n = static_cast<std::size_t>(last - first);
  // Integer sums wrap: an accumulator no wider than V gives the same bits.
  constexpr bool wrap_ok = op_of<Op> == cu2clAlgoSum && algo_type_ok<V>() &&
                           std::is_integral_v<V> && std::is_integral_v<Acc> &&
                           sizeof(Acc) <= sizeof(V);
  if constexpr ((fast_accumulate<V, T, Op>() || wrap_ok) &&
                raw_or_device<It>()) {
    V seed = static_cast<V>(init), r;
    check(cu2clAlgoReduce(exec.stream, algo_type<V>(),
                          static_cast<cu2clAlgoOp>(op_of<Op>), raw(first), n,
                          &seed, &r),
          "reduce");
    return static_cast<T>(static_cast<Acc>(r));
  } else {
    std::vector<V> v = read_range(exec, first, n);
    Acc acc = init;
    for (const V &e : v)
      acc = op(acc, e);
    return static_cast<T>(acc);
  }
}

template <class It, class U>
std::ptrdiff_t count_device(const device_t &exec, It first, It last,
                            const U &value) {
  using V = value_of<It>;
  std::size_t n = static_cast<std::size_t>(last - first), c = 0;
  if constexpr (algo_type_ok<V>() && std::is_arithmetic_v<U> &&
                raw_or_device<It>()) {
    V v = static_cast<V>(value);
    if (!(v == value)) // no element can compare equal to value
      return 0;
    check(cu2clAlgoCount(exec.stream, algo_type<V>(), raw(first), n, &v, &c),
          "count");
  } else {
    std::vector<V> h = read_range(exec, first, n);
    c = static_cast<std::size_t>(std::count(h.begin(), h.end(), value));
  }
  return static_cast<std::ptrdiff_t>(c);
}

template <class It, class T>
void fill_device(const device_t &exec, It first, std::size_t n,
                 const T &value) {
  using V = value_of<It>;
  if constexpr (algo_type_ok<V>() && raw_or_device<It>()) {
    V v = static_cast<V>(value);
    check(cu2clAlgoFill(exec.stream, algo_type<V>(), raw(first), n, &v),
          "fill");
    finish(exec, "fill");
  } else {
    write_range(exec, first, std::vector<V>(n, static_cast<V>(value)));
  }
}

template <class It, class T>
void sequence_device(const device_t &exec, It first, It last, const T &init,
                     const T &step) {
  using V = value_of<It>;
  std::size_t n = static_cast<std::size_t>(last - first);
  if constexpr (algo_type_ok<V>() && std::is_same_v<V, T> &&
                raw_or_device<It>()) {
    check(cu2clAlgoSequence(exec.stream, algo_type<V>(), raw(first), n, &init,
                            &step),
          "sequence");
    finish(exec, "sequence");
  } else {
    std::vector<V> v(n);
    for (std::size_t i = 0; i < n; i++)
      v[i] = static_cast<V>(init + step * static_cast<T>(i));
    write_range(exec, first, v);
  }
}

template <class Comp, class V> constexpr bool fast_order() {
  return algo_type_ok<V>() && order_of<Comp> >= 0;
}

template <class It, class Comp>
void sort_device(const device_t &exec, It first, It last, Comp comp) {
  using V = value_of<It>;
  std::size_t n = static_cast<std::size_t>(last - first);
  if constexpr (fast_order<Comp, V>() && raw_or_device<It>()) {
    check(cu2clAlgoSort(exec.stream, algo_type<V>(), raw(first), n,
                        order_of<Comp>),
          "sort");
    finish(exec, "sort");
  } else {
    std::vector<V> v = read_range(exec, first, n);
    std::stable_sort(v.begin(), v.end(), comp);
    write_range(exec, first, v);
  }
}

template <class KIt, class VIt, class Comp>
void sort_by_key_host(KIt kfirst, KIt klast, VIt vfirst, Comp comp) {
  std::size_t n = static_cast<std::size_t>(klast - kfirst);
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(
      order.begin(), order.end(),
      [&](std::size_t a, std::size_t b) { return comp(kfirst[a], kfirst[b]); });
  std::vector<value_of<KIt>> k(n);
  std::vector<value_of<VIt>> v(n);
  for (std::size_t i = 0; i < n; i++) {
    k[i] = kfirst[order[i]];
    v[i] = vfirst[order[i]];
  }
  std::copy(k.begin(), k.end(), kfirst);
  std::copy(v.begin(), v.end(), vfirst);
}

template <class KIt, class VIt, class Comp>
void sort_by_key_device(const device_t &exec, KIt kfirst, KIt klast, VIt vfirst,
                        Comp comp) {
  using K = value_of<KIt>;
  using V = value_of<VIt>;
  std::size_t n = static_cast<std::size_t>(klast - kfirst);
  if constexpr (fast_order<Comp, K>() && raw_or_device<KIt>() &&
                raw_or_device<VIt>() && std::is_trivially_copyable_v<V> &&
                (sizeof(V) == 4 || sizeof(V) == 8)) {
    check(cu2clAlgoSortByKey(exec.stream, algo_type<K>(), raw(kfirst),
                             raw(vfirst), sizeof(V), n, order_of<Comp>),
          "sort_by_key");
    finish(exec, "sort_by_key");
  } else {
    std::vector<K> keys = read_range(exec, kfirst, n);
    std::vector<V> vals = read_range(exec, vfirst, n);
    sort_by_key_host(keys.begin(), keys.end(), vals.begin(), comp);
    write_range(exec, kfirst, keys);
    write_range(exec, vfirst, vals);
  }
}

} // namespace detail

// ---------------------------------------------------------------------------
// Algorithms. Each comes with an execution policy and without one (then
// device_ptr iterators mean the device, anything else the host).

// copy, copy_n: between any two of host and device ranges.
template <class P, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt copy_n(const P &exec, InIt first, std::size_t n, OutIt result) {
  if constexpr (detail::is_device_policy<P>)
    return detail::copy_n_device(exec, first, n, result);
  else
    return std::copy_n(first, n, result);
}
template <class InIt, class OutIt, detail::if_not_policy<InIt> = 0>
OutIt copy_n(InIt first, std::size_t n, OutIt result) {
  if constexpr (detail::is_device_iter<InIt> || detail::is_device_iter<OutIt>)
    return detail::copy_n_device(device_t{}, first, n, result);
  else
    return std::copy_n(first, n, result);
}
template <class P, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt copy(const P &exec, InIt first, InIt last, OutIt result) {
  if constexpr (detail::is_device_policy<P>)
    return cu2cl_thrust::copy_n(exec, first,
                                static_cast<std::size_t>(last - first), result);
  else
    return std::copy(first, last, result);
}
template <class InIt, class OutIt, detail::if_not_policy<InIt> = 0>
OutIt copy(InIt first, InIt last, OutIt result) {
  if constexpr (detail::is_device_iter<InIt> || detail::is_device_iter<OutIt>)
    return cu2cl_thrust::copy_n(first, static_cast<std::size_t>(last - first),
                                result);
  else
    return std::copy(first, last, result);
}

// fill, fill_n
template <class P, class It, class T, detail::if_policy<P> = 0>
It fill_n(const P &exec, It first, std::size_t n, const T &value) {
  if constexpr (detail::is_device_policy<P>) {
    detail::fill_device(exec, first, n, value);
    return first + n;
  } else {
    return std::fill_n(first, n, value);
  }
}
template <class It, class T, detail::if_not_policy<It> = 0>
It fill_n(It first, std::size_t n, const T &value) {
  return cu2cl_thrust::fill_n(detail::policy_of<It>(), first, n, value);
}
template <class P, class It, class T, detail::if_policy<P> = 0>
void fill(const P &exec, It first, It last, const T &value) {
  cu2cl_thrust::fill_n(exec, first, static_cast<std::size_t>(last - first),
                       value);
}
template <class It, class T, detail::if_not_policy<It> = 0>
void fill(It first, It last, const T &value) {
  cu2cl_thrust::fill(detail::policy_of<It>(), first, last, value);
}

// sequence: first[i] = init + step * i
template <class P, class It, class T, detail::if_policy<P> = 0>
void sequence(const P &exec, It first, It last, T init, T step) {
  if constexpr (detail::is_device_policy<P>) {
    detail::sequence_device(exec, first, last, init, step);
  } else {
    std::size_t n = static_cast<std::size_t>(last - first);
    for (std::size_t i = 0; i < n; i++, ++first)
      *first = init + step * static_cast<T>(i);
  }
}
template <class P, class It, class T, detail::if_policy<P> = 0>
void sequence(const P &exec, It first, It last, T init) {
  cu2cl_thrust::sequence(exec, first, last, init, T(1));
}
template <class P, class It, detail::if_policy<P> = 0>
void sequence(const P &exec, It first, It last) {
  using V = detail::value_of<It>;
  cu2cl_thrust::sequence(exec, first, last, V(0), V(1));
}
template <class It, detail::if_not_policy<It> = 0>
void sequence(It first, It last) {
  cu2cl_thrust::sequence(detail::policy_of<It>(), first, last);
}
template <class It, class T, detail::if_not_policy<It> = 0>
void sequence(It first, It last, T init) {
  cu2cl_thrust::sequence(detail::policy_of<It>(), first, last, init);
}
template <class It, class T, detail::if_not_policy<It> = 0>
void sequence(It first, It last, T init, T step) {
  cu2cl_thrust::sequence(detail::policy_of<It>(), first, last, init, step);
}

// reduce: op over init and every element; init defaults to T(), op to
// plus<T> with T the type of init (Thrust's defaults).
template <class P, class It, class T, class Op, detail::if_policy<P> = 0>
T reduce(const P &exec, It first, It last, T init, Op op) {
  if constexpr (detail::is_device_policy<P>)
    return detail::reduce_device(exec, first, last, init, op);
  else
    return std::accumulate(first, last, init, op);
}
template <class P, class It, class T, detail::if_policy<P> = 0>
T reduce(const P &exec, It first, It last, T init) {
  return cu2cl_thrust::reduce(exec, first, last, init, plus<T>());
}
template <class P, class It, detail::if_policy<P> = 0>
detail::value_of<It> reduce(const P &exec, It first, It last) {
  using V = detail::value_of<It>;
  return cu2cl_thrust::reduce(exec, first, last, V(), plus<V>());
}
template <class It, detail::if_not_policy<It> = 0>
detail::value_of<It> reduce(It first, It last) {
  return cu2cl_thrust::reduce(detail::policy_of<It>(), first, last);
}
template <class It, class T, detail::if_not_policy<It> = 0>
T reduce(It first, It last, T init) {
  return cu2cl_thrust::reduce(detail::policy_of<It>(), first, last, init);
}
template <class It, class T, class Op, detail::if_not_policy<It> = 0>
T reduce(It first, It last, T init, Op op) {
  return cu2cl_thrust::reduce(detail::policy_of<It>(), first, last, init, op);
}

// count: elements equal to value
template <class P, class It, class T, detail::if_policy<P> = 0>
std::ptrdiff_t count(const P &exec, It first, It last, const T &value) {
  if constexpr (detail::is_device_policy<P>)
    return detail::count_device(exec, first, last, value);
  else
    return std::count(first, last, value);
}
template <class It, class T, detail::if_not_policy<It> = 0>
std::ptrdiff_t count(It first, It last, const T &value) {
  return cu2cl_thrust::count(detail::policy_of<It>(), first, last, value);
}

// inclusive_scan: result[i] = op(result[i-1], first[i]); op defaults to plus
template <class P, class InIt, class OutIt, class Op, detail::if_policy<P> = 0>
OutIt inclusive_scan(const P &exec, InIt first, InIt last, OutIt result,
                     Op op) {
  if constexpr (detail::is_device_policy<P>)
    return detail::scan_device<false>(exec, first, last, result,
                                      detail::no_init{}, op);
  else
    return std::inclusive_scan(first, last, result, op);
}
template <class P, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt inclusive_scan(const P &exec, InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::inclusive_scan(exec, first, last, result, plus<>());
}
template <class InIt, class OutIt, detail::if_not_policy<InIt> = 0>
OutIt inclusive_scan(InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::inclusive_scan(detail::policy_of<InIt>(), first, last,
                                      result);
}
template <class InIt, class OutIt, class Op, detail::if_not_policy<InIt> = 0>
OutIt inclusive_scan(InIt first, InIt last, OutIt result, Op op) {
  return cu2cl_thrust::inclusive_scan(detail::policy_of<InIt>(), first, last,
                                      result, op);
}

// exclusive_scan: result[0] = init, result[i] = op(result[i-1], first[i-1]);
// init defaults to the input's value type's T(), op to plus
template <class P, class InIt, class OutIt, class T, class Op,
          detail::if_policy<P> = 0>
OutIt exclusive_scan(const P &exec, InIt first, InIt last, OutIt result, T init,
                     Op op) {
  if constexpr (detail::is_device_policy<P>)
    return detail::scan_device<true>(exec, first, last, result, init, op);
  else
    return std::exclusive_scan(first, last, result, init, op);
}
template <class P, class InIt, class OutIt, class T, detail::if_policy<P> = 0>
OutIt exclusive_scan(const P &exec, InIt first, InIt last, OutIt result,
                     T init) {
  return cu2cl_thrust::exclusive_scan(exec, first, last, result, init,
                                      plus<>());
}
template <class P, class InIt, class OutIt, detail::if_policy<P> = 0>
OutIt exclusive_scan(const P &exec, InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::exclusive_scan(exec, first, last, result,
                                      detail::value_of<InIt>());
}
template <class InIt, class OutIt, detail::if_not_policy<InIt> = 0>
OutIt exclusive_scan(InIt first, InIt last, OutIt result) {
  return cu2cl_thrust::exclusive_scan(detail::policy_of<InIt>(), first, last,
                                      result);
}
template <class InIt, class OutIt, class T, detail::if_not_policy<InIt> = 0>
OutIt exclusive_scan(InIt first, InIt last, OutIt result, T init) {
  return cu2cl_thrust::exclusive_scan(detail::policy_of<InIt>(), first, last,
                                      result, init);
}
template <class InIt, class OutIt, class T, class Op,
          detail::if_not_policy<InIt> = 0>
OutIt exclusive_scan(InIt first, InIt last, OutIt result, T init, Op op) {
  return cu2cl_thrust::exclusive_scan(detail::policy_of<InIt>(), first, last,
                                      result, init, op);
}

// sort, stable_sort (the device sort is stable): less or greater
template <class P, class It, class Comp, detail::if_policy<P> = 0>
void sort(const P &exec, It first, It last, Comp comp) {
  if constexpr (detail::is_device_policy<P>)
    detail::sort_device(exec, first, last, comp);
  else
    std::sort(first, last, comp);
}
template <class P, class It, detail::if_policy<P> = 0>
void sort(const P &exec, It first, It last) {
  cu2cl_thrust::sort(exec, first, last, less<detail::value_of<It>>());
}
template <class It, detail::if_not_policy<It> = 0>
void sort(It first, It last) {
  cu2cl_thrust::sort(detail::policy_of<It>(), first, last);
}
template <class It, class Comp, detail::if_not_policy<It> = 0>
void sort(It first, It last, Comp comp) {
  cu2cl_thrust::sort(detail::policy_of<It>(), first, last, comp);
}
template <class P, class It, class Comp, detail::if_policy<P> = 0>
void stable_sort(const P &exec, It first, It last, Comp comp) {
  if constexpr (detail::is_device_policy<P>)
    detail::sort_device(exec, first, last, comp);
  else
    std::stable_sort(first, last, comp);
}
template <class P, class It, detail::if_policy<P> = 0>
void stable_sort(const P &exec, It first, It last) {
  cu2cl_thrust::stable_sort(exec, first, last, less<detail::value_of<It>>());
}
template <class It, detail::if_not_policy<It> = 0>
void stable_sort(It first, It last) {
  cu2cl_thrust::stable_sort(detail::policy_of<It>(), first, last);
}
template <class It, class Comp, detail::if_not_policy<It> = 0>
void stable_sort(It first, It last, Comp comp) {
  cu2cl_thrust::stable_sort(detail::policy_of<It>(), first, last, comp);
}

// sort_by_key, stable_sort_by_key: values move with their keys (stable)

template <class P, class KIt, class VIt, class Comp, detail::if_policy<P> = 0>
void stable_sort_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst,
                        Comp comp) {
  if constexpr (detail::is_device_policy<P>)
    detail::sort_by_key_device(exec, kfirst, klast, vfirst, comp);
  else
    detail::sort_by_key_host(kfirst, klast, vfirst, comp);
}
template <class P, class KIt, class VIt, detail::if_policy<P> = 0>
void stable_sort_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst) {
  cu2cl_thrust::stable_sort_by_key(exec, kfirst, klast, vfirst,
                                   less<detail::value_of<KIt>>());
}
template <class KIt, class VIt, detail::if_not_policy<KIt> = 0>
void stable_sort_by_key(KIt kfirst, KIt klast, VIt vfirst) {
  cu2cl_thrust::stable_sort_by_key(detail::policy_of<KIt>(), kfirst, klast,
                                   vfirst);
}
template <class KIt, class VIt, class Comp, detail::if_not_policy<KIt> = 0>
void stable_sort_by_key(KIt kfirst, KIt klast, VIt vfirst, Comp comp) {
  cu2cl_thrust::stable_sort_by_key(detail::policy_of<KIt>(), kfirst, klast,
                                   vfirst, comp);
}
template <class P, class KIt, class VIt, class Comp, detail::if_policy<P> = 0>
void sort_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst, Comp comp) {
  cu2cl_thrust::stable_sort_by_key(exec, kfirst, klast, vfirst, comp);
}
template <class P, class KIt, class VIt, detail::if_policy<P> = 0>
void sort_by_key(const P &exec, KIt kfirst, KIt klast, VIt vfirst) {
  cu2cl_thrust::stable_sort_by_key(exec, kfirst, klast, vfirst);
}
template <class KIt, class VIt, detail::if_not_policy<KIt> = 0>
void sort_by_key(KIt kfirst, KIt klast, VIt vfirst) {
  cu2cl_thrust::stable_sort_by_key(kfirst, klast, vfirst);
}
template <class KIt, class VIt, class Comp, detail::if_not_policy<KIt> = 0>
void sort_by_key(KIt kfirst, KIt klast, VIt vfirst, Comp comp) {
  cu2cl_thrust::stable_sort_by_key(kfirst, klast, vfirst, comp);
}

// ---------------------------------------------------------------------------
// device_vector members that use the algorithms

template <class T>
template <class It>
void device_vector<T>::assign(It first, It last) {
  std::size_t n = static_cast<std::size_t>(std::distance(first, last));
  grow_to(n);
  detail::copy_n_device(device_t{}, first, n, data_);
}

template <class T> void device_vector<T>::assign(size_type n, const T &value) {
  grow_to(n);
  cu2cl_thrust::fill_n(device, begin(), n, value);
}

template <class T> void device_vector<T>::resize(size_type n, const T &value) {
  size_type old = size_;
  if (n > capacity_)
    reallocate(std::max(n, 2 * capacity_));
  size_ = n;
  if (n > old)
    cu2cl_thrust::fill_n(device, begin() + old, n - old, value);
}

} // namespace cu2cl_thrust

#include "cu2clrt_thrust_extrema.hpp"   // counting_iterator, extrema, is_sorted
#include "cu2clrt_thrust_complex.hpp"   // complex in host code
#include "cu2clrt_thrust_random.hpp"    // engines and distributions (host)
#include "cu2clrt_thrust_iterator.hpp"  // fancy iterators
#include "cu2clrt_thrust_zip.hpp"       // tuple, zip_iterator
#include "cu2clrt_thrust_transform.hpp" // transform, for_each, ... (host)
#include "cu2clrt_thrust_reorder.hpp"   // copy_if, unique, gather, ... (host)

#endif // CU2CLRT_THRUST_HPP
