// cu2clrt_cub.hpp: CUB's device-wide algorithms as CUDA host code calls
// them (DeviceReduce, DeviceScan, DeviceSelect, DeviceRadixSort), over
// cu2clrt's device algorithms (cu2clAlgo* in cu2clrt.h). Header-only C++17.
//
// cu2cl rewrites the namespace `cub` to `cu2cl_cub` in host code and
// `#include <cub/...>` to this header. Each call keeps CUB's protocol: a
// first call with a null d_temp_storage only sets temp_storage_bytes (to a
// small nonzero size; cu2clrt allocates its own scratch), the second does
// the work, ordered on the given stream, and returns a cudaError_t.
//
// The fast path (one cu2clAlgo* call) takes raw pointers to int, unsigned,
// 64-bit integers, float or double with cub::Sum/Min/Max (or Thrust's
// plus/minimum/maximum) and, for sorts, the whole key. Anything else
// (another type, a user's operator, an iterator such as
// CountingInputIterator, a partial bit range) is computed on the host with
// CUB's semantics: correct but slow, and the operator must be callable in
// host code (__host__ __device__). Calls wait for their stream when they
// return a value through host memory (reductions, selections), as cu2clrt's
// algorithms do.
#ifndef CU2CLRT_CUB_HPP
#define CU2CLRT_CUB_HPP

#include <algorithm>
#include <chrono> // CUB's headers bring it (libcu++'s <cuda/std/chrono>)
#include <climits>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <numeric>
#include <type_traits>
#include <vector>

#include "cu2clrt_cub_util.hpp"
#include "cu2clrt_cub_block.hpp"
#include "cu2clrt_thrust.hpp"

namespace cu2cl_cub {

// ---- functors and small types, as CUB documents them ---------------------

struct Sum {
  template <class T, class U>
  constexpr auto operator()(const T &a, const U &b) const {
    return a + b;
  }
};
struct Max {
  template <class T, class U>
  constexpr auto operator()(const T &a, const U &b) const {
    return a < b ? b : a;
  }
};
struct Min {
  template <class T, class U>
  constexpr auto operator()(const T &a, const U &b) const {
    return b < a ? b : a;
  }
};

template <class K, class V> struct KeyValuePair {
  typedef K Key;
  typedef V Value;
  K key;
  V value;
  KeyValuePair() = default;
  KeyValuePair(const K &k, const V &v) : key(k), value(v) {}
};
// The pair of the larger (ArgMax) or smaller value; of equal values, the
// smaller key's.
struct ArgMax {
  template <class K, class V>
  KeyValuePair<K, V> operator()(const KeyValuePair<K, V> &a,
                                const KeyValuePair<K, V> &b) const {
    return (b.value > a.value || (b.value == a.value && b.key < a.key)) ? b
                                                                        : a;
  }
};
struct ArgMin {
  template <class K, class V>
  KeyValuePair<K, V> operator()(const KeyValuePair<K, V> &a,
                                const KeyValuePair<K, V> &b) const {
    return (b.value < a.value || (b.value == a.value && b.key < a.key)) ? b
                                                                        : a;
  }
};

// Two buffers of a sort; Current() holds the keys before and after it.
template <class T> struct DoubleBuffer {
  T *d_buffers[2] = {nullptr, nullptr};
  int selector = 0;
  DoubleBuffer() = default;
  DoubleBuffer(T *current, T *alternate) : d_buffers{current, alternate} {}
  T *Current() const { return d_buffers[selector]; }
  T *Alternate() const { return d_buffers[selector ^ 1]; }
};

// An iterator over value, value + 1, ... (host-side evaluation).
template <class T, class OffsetT = std::ptrdiff_t> struct CountingInputIterator {
  typedef T value_type;
  T value;
  explicit CountingInputIterator(const T &v) : value(v) {}
  T operator[](OffsetT i) const { return static_cast<T>(value + i); }
  T operator*() const { return value; }
  CountingInputIterator operator+(OffsetT i) const {
    return CountingInputIterator(static_cast<T>(value + i));
  }
};

// op(in[i]) for each element (host-side evaluation).
template <class T, class Op, class It, class OffsetT = std::ptrdiff_t>
struct TransformInputIterator {
  typedef T value_type;
  It it;
  Op op;
  TransformInputIterator(It i, Op o) : it(i), op(o) {}
  T operator[](OffsetT i) const { return op(it[i]); }
  T operator*() const { return op(*it); }
  TransformInputIterator operator+(OffsetT i) const {
    return TransformInputIterator(it + i, op);
  }
};

namespace detail {

namespace td = cu2cl_thrust::detail;

template <class It>
using value_of = std::remove_cv_t<
    typename std::iterator_traits<std::decay_t<It>>::value_type>;
template <class It> struct value_or_self {
  using type = value_of<It>;
};
template <class T, class O> struct value_or_self<CountingInputIterator<T, O>> {
  using type = T;
};
template <class T, class Op, class It, class O>
struct value_or_self<TransformInputIterator<T, Op, It, O>> {
  using type = T;
};
template <class It> using input_value = typename value_or_self<It>::type;

// cu2clAlgoOp of a CUB or Thrust operator, or -1 for a user's.
template <class Op, class V> constexpr int op_code() {
  using O = std::decay_t<Op>;
  if constexpr (std::is_same_v<O, Sum>)
    return cu2clAlgoSum;
  else if constexpr (std::is_same_v<O, Min>)
    return cu2clAlgoMin;
  else if constexpr (std::is_same_v<O, Max>)
    return cu2clAlgoMax;
  else
    return td::op_of<O>;
}

template <class It, class V> constexpr bool fast_range() {
  return std::is_pointer_v<std::decay_t<It>> && td::algo_type_ok<V>();
}

// The first call of CUB's two: report the scratch size and stop.
inline bool sizing(const void *temp, std::size_t &bytes) {
  if (temp)
    return false;
  bytes = 16;
  return true;
}

template <class F> cu2clError_t guarded(F &&f) {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
  try {
    f();
  } catch (const cu2cl_thrust::system_error &e) {
    return static_cast<cu2clError_t>(e.code().value());
  }
#else
  f();
#endif
  return cu2clSuccess;
}

inline void check(cu2clError_t e, const char *what) { td::check(e, what); }

template <class It> struct is_transform : std::false_type {};
template <class T, class Op, class It, class O>
struct is_transform<TransformInputIterator<T, Op, It, O>> : std::true_type {};
template <class F, class It, class R, class V>
struct is_transform<cu2cl_thrust::transform_iterator<F, It, R, V>>
    : std::true_type {};

// The input and the operator of CUB's and Thrust's transforming iterators.
template <class T, class Op, class It, class O>
It transform_base(const TransformInputIterator<T, Op, It, O> &t) {
  return t.it;
}
template <class T, class Op, class It, class O>
Op transform_op(const TransformInputIterator<T, Op, It, O> &t) {
  return t.op;
}
template <class F, class It, class R, class V>
It transform_base(const cu2cl_thrust::transform_iterator<F, It, R, V> &t) {
  return t.base();
}
template <class F, class It, class R, class V>
F transform_op(const cu2cl_thrust::transform_iterator<F, It, R, V> &t) {
  return t.functor();
}

// n elements of any input (device memory is copied after the stream; a
// TransformInputIterator's operator applies to its input read that way).
template <class It>
std::vector<input_value<It>> read(cu2clStream_t s, It in, std::size_t n) {
  std::vector<input_value<It>> v(n);
  if constexpr (is_transform<It>::value) {
    auto base = read(s, transform_base(in), n);
    auto op = transform_op(in);
    for (std::size_t i = 0; i < n; i++)
      v[i] = op(base[i]);
  } else if constexpr (std::is_pointer_v<std::decay_t<It>>) {
    check(td::untraced_sync(s), "cub");
    if (n)
      check(td::untraced_memcpy(v.data(), in, n * sizeof v[0],
                                cu2clMemcpyDefault),
            "cub");
  } else {
    for (std::size_t i = 0; i < n; i++)
      v[i] = in[static_cast<std::ptrdiff_t>(i)];
  }
  return v;
}

// Host values out to device memory, in the output's element type.
template <class Out, class T>
void write(Out out, const std::vector<T> &v) {
  using O = std::remove_cv_t<std::remove_pointer_t<Out>>;
  std::vector<O> o(v.begin(), v.end());
  if (!o.empty())
    check(td::untraced_memcpy(out, o.data(), o.size() * sizeof(O),
                              cu2clMemcpyDefault),
          "cub");
}

template <class In, class Out, class Op, class T>
void reduce(cu2clStream_t s, In in, Out out, std::size_t n, Op op, T init) {
  using V = input_value<In>;
  constexpr int code = op_code<Op, V>();
  if constexpr (fast_range<In, V>() && code >= 0 && std::is_same_v<T, V>) {
    V r;
    check(cu2clAlgoReduce(s, td::algo_type<V>(), (cu2clAlgoOp)code, in, n,
                          &init, &r),
          "cub::DeviceReduce");
    write(out, std::vector<V>{r});
  } else {
    std::vector<V> v = read(s, in, n);
    auto acc = init;
    for (const V &e : v)
      acc = op(acc, e);
    write(out, std::vector<decltype(acc)>{acc});
  }
}

// The identity CUB starts Min and Max from.
template <class T, int Code> T identity() {
  if constexpr (Code == cu2clAlgoMin)
    return std::numeric_limits<T>::has_infinity
               ? std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::max();
  else
    return std::numeric_limits<T>::has_infinity
               ? -std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::lowest();
}

template <bool Exclusive, class In, class Out, class Op, class T>
void scan(cu2clStream_t s, In in, Out out, std::size_t n, Op op,
          const T *init) {
  using V = input_value<In>;
  using O = std::remove_cv_t<std::remove_pointer_t<Out>>;
  constexpr int code = op_code<Op, V>();
  if constexpr (fast_range<In, V>() && code >= 0 && std::is_same_v<V, O> &&
                (std::is_same_v<T, V> || !Exclusive)) {
    if (Exclusive)
      check(cu2clAlgoExclusiveScan(s, td::algo_type<V>(), (cu2clAlgoOp)code,
                                   in, out, n, init),
            "cub::DeviceScan");
    else
      check(cu2clAlgoInclusiveScan(s, td::algo_type<V>(), (cu2clAlgoOp)code,
                                   in, out, n),
            "cub::DeviceScan");
  } else {
    std::vector<V> v = read(s, in, n);
    std::vector<O> r(n);
    for (std::size_t i = 0; i < n; i++) {
      if constexpr (Exclusive)
        r[i] = i ? static_cast<O>(op(r[i - 1], v[i - 1])) : *init;
      else
        r[i] = i ? static_cast<O>(op(r[i - 1], v[i])) : v[0];
    }
    write(out, r);
  }
}

// Keeps in[i] where keep(i); the count goes to *num_out (device memory).
template <class In, class Out, class Num, class Keep>
void select(cu2clStream_t s, In in, Out out, Num num_out, std::size_t n,
            Keep keep) {
  std::vector<input_value<In>> v = read(s, in, n), kept;
  for (std::size_t i = 0; i < n; i++)
    if (keep(v[i], i))
      kept.push_back(v[i]);
  write(out, kept);
  write(num_out, std::vector<std::size_t>{kept.size()});
}

// A key's bits in the order a radix sort sees them (unsigned order).
template <class K> std::uint64_t radix_bits(K k) {
  std::uint64_t u = 0;
  std::memcpy(&u, &k, sizeof k);
  const std::uint64_t top = std::uint64_t(1) << (sizeof(K) * 8 - 1);
  if constexpr (std::is_floating_point_v<K>)
    u = (u & top) ? ~u & (top | (top - 1)) : u | top;
  else if constexpr (std::is_signed_v<K>)
    u ^= top;
  return u;
}

// Values cu2clAlgoSortByKey moves (none, or 4 or 8 bytes each).
template <class V> constexpr bool movable_values() {
  if constexpr (std::is_void_v<V>)
    return true;
  else
    return sizeof(V) == 4 || sizeof(V) == 8;
}

// Stable sort of keys (and values) on bits [begin, end) of each key.
template <class K, class V>
void sort(cu2clStream_t s, const K *kin, K *kout, const V *vin, V *vout,
          std::size_t n, int begin, int end, bool desc) {
  const int bits = int(sizeof(K) * 8);
  if (kin != kout && n)
    check(cu2clMemcpyAsync(kout, kin, n * sizeof(K), cu2clMemcpyDefault, s),
          "cub::DeviceRadixSort");
  if constexpr (!std::is_void_v<V>)
    if (vin != vout && n)
      check(cu2clMemcpyAsync(vout, vin, n * sizeof(V), cu2clMemcpyDefault, s),
            "cub::DeviceRadixSort");
  if constexpr (td::algo_type_ok<K>() && movable_values<V>()) {
    if (begin <= 0 && end >= bits) {
      if constexpr (std::is_void_v<V>)
        check(cu2clAlgoSort(s, td::algo_type<K>(), kout, n, desc),
              "cub::DeviceRadixSort");
      else
        check(cu2clAlgoSortByKey(s, td::algo_type<K>(), kout, vout, sizeof(V),
                                 n, desc),
              "cub::DeviceRadixSort");
      return;
    }
  }
  std::vector<K> keys = read(s, kout, n);
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t(0));
  const std::uint64_t mask =
      end - begin >= 64 ? ~std::uint64_t(0)
                        : (std::uint64_t(1) << (end - begin)) - 1;
  auto digit = [&](std::size_t i) {
    return (radix_bits(keys[i]) >> begin) & mask;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) {
                     return desc ? digit(b) < digit(a) : digit(a) < digit(b);
                   });
  std::vector<K> sorted(n);
  for (std::size_t i = 0; i < n; i++)
    sorted[i] = keys[order[i]];
  write(kout, sorted);
  if constexpr (!std::is_void_v<V>) {
    std::vector<V> vals = read(s, vout, n), moved(n);
    for (std::size_t i = 0; i < n; i++)
      moved[i] = vals[order[i]];
    write(vout, moved);
  }
}

} // namespace detail

// ---- the device-wide algorithms ------------------------------------------

#define CU2CL_CUB_RUN(...)                                                     \
  if (detail::sizing(d_temp_storage, temp_storage_bytes))                      \
    return cu2clSuccess;                                                       \
  return detail::guarded([&] { __VA_ARGS__; })

struct DeviceReduce {
  template <class In, class Out, class N>
  static cu2clError_t Sum(void *d_temp_storage, std::size_t &temp_storage_bytes,
                          In d_in, Out d_out, N num_items,
                          cu2clStream_t stream = 0) {
    // CUB sums from a zero of the output's value type (the input's where
    // the output has none): a sum of bools counts them
    using V = detail::input_value<In>;
    using O = typename std::iterator_traits<Out>::value_type;
    using I = std::conditional_t<std::is_void_v<O>, V, std::remove_cv_t<O>>;
    CU2CL_CUB_RUN(detail::reduce(stream, d_in, d_out, std::size_t(num_items),
                                 cu2cl_cub::Sum(), I()));
  }
  template <class In, class Out, class N>
  static cu2clError_t Max(void *d_temp_storage, std::size_t &temp_storage_bytes,
                          In d_in, Out d_out, N num_items,
                          cu2clStream_t stream = 0) {
    using V = detail::input_value<In>;
    CU2CL_CUB_RUN(detail::reduce(stream, d_in, d_out, std::size_t(num_items),
                                 cu2cl_cub::Max(),
                                 detail::identity<V, cu2clAlgoMax>()));
  }
  template <class In, class Out, class N>
  static cu2clError_t Min(void *d_temp_storage, std::size_t &temp_storage_bytes,
                          In d_in, Out d_out, N num_items,
                          cu2clStream_t stream = 0) {
    using V = detail::input_value<In>;
    CU2CL_CUB_RUN(detail::reduce(stream, d_in, d_out, std::size_t(num_items),
                                 cu2cl_cub::Min(),
                                 detail::identity<V, cu2clAlgoMin>()));
  }
  template <class In, class Out, class N, class Op, class T>
  static cu2clError_t Reduce(void *d_temp_storage,
                             std::size_t &temp_storage_bytes, In d_in,
                             Out d_out, N num_items, Op op, T init,
                             cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(
        detail::reduce(stream, d_in, d_out, std::size_t(num_items), op, init));
  }
  // *d_out = {index, value} of the first largest (ArgMax) or smallest.
  template <class In, class Out, class N>
  static cu2clError_t ArgMax(void *d_temp_storage,
                             std::size_t &temp_storage_bytes, In d_in,
                             Out d_out, N num_items, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(arg(stream, d_in, d_out, std::size_t(num_items), true));
  }
  template <class In, class Out, class N>
  static cu2clError_t ArgMin(void *d_temp_storage,
                             std::size_t &temp_storage_bytes, In d_in,
                             Out d_out, N num_items, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(arg(stream, d_in, d_out, std::size_t(num_items), false));
  }

private:
  template <class In, class Out>
  static void arg(cu2clStream_t s, In in, Out out, std::size_t n, bool max) {
    using P = std::remove_cv_t<std::remove_pointer_t<Out>>;
    auto v = detail::read(s, in, n);
    std::size_t best = 0;
    for (std::size_t i = 1; i < n; i++)
      if (max ? v[best] < v[i] : v[i] < v[best])
        best = i;
    P r;
    r.key = n ? static_cast<decltype(r.key)>(best) : 1;
    r.value = n ? static_cast<decltype(r.value)>(v[best])
                : detail::identity<decltype(r.value),
                                   cu2clAlgoMax>(); /* CUB: {1, lowest} */
    if (!n && !max)
      r.value = detail::identity<decltype(r.value), cu2clAlgoMin>();
    detail::write(out, std::vector<P>{r});
  }
};

struct DeviceScan {
  template <class In, class Out, class N>
  static cu2clError_t ExclusiveSum(void *d_temp_storage,
                                   std::size_t &temp_storage_bytes, In d_in,
                                   Out d_out, N num_items,
                                   cu2clStream_t stream = 0) {
    using V = detail::input_value<In>;
    const V zero{};
    CU2CL_CUB_RUN(detail::scan<true>(stream, d_in, d_out,
                                     std::size_t(num_items), cu2cl_cub::Sum(),
                                     &zero));
  }
  template <class In, class Out, class N>
  static cu2clError_t InclusiveSum(void *d_temp_storage,
                                   std::size_t &temp_storage_bytes, In d_in,
                                   Out d_out, N num_items,
                                   cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::scan<false>(stream, d_in, d_out,
                                      std::size_t(num_items), cu2cl_cub::Sum(),
                                      (const int *)nullptr));
  }
  template <class In, class Out, class Op, class T, class N>
  static cu2clError_t ExclusiveScan(void *d_temp_storage,
                                    std::size_t &temp_storage_bytes, In d_in,
                                    Out d_out, Op op, T init, N num_items,
                                    cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::scan<true>(stream, d_in, d_out,
                                     std::size_t(num_items), op, &init));
  }
  template <class In, class Out, class Op, class N>
  static cu2clError_t InclusiveScan(void *d_temp_storage,
                                    std::size_t &temp_storage_bytes, In d_in,
                                    Out d_out, Op op, N num_items,
                                    cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::scan<false>(stream, d_in, d_out,
                                      std::size_t(num_items), op,
                                      (const int *)nullptr));
  }
};

struct DeviceSelect {
  template <class In, class Flags, class Out, class Num, class N>
  static cu2clError_t Flagged(void *d_temp_storage,
                              std::size_t &temp_storage_bytes, In d_in,
                              Flags d_flags, Out d_out, Num d_num_selected_out,
                              N num_items, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN({
      auto f = detail::read(stream, d_flags, std::size_t(num_items));
      detail::select(stream, d_in, d_out, d_num_selected_out,
                     std::size_t(num_items),
                     [&](const auto &, std::size_t i) { return bool(f[i]); });
    });
  }
  template <class In, class Out, class Num, class N, class Op>
  static cu2clError_t If(void *d_temp_storage, std::size_t &temp_storage_bytes,
                         In d_in, Out d_out, Num d_num_selected_out,
                         N num_items, Op select_op, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::select(
        stream, d_in, d_out, d_num_selected_out, std::size_t(num_items),
        [&](const auto &v, std::size_t) { return bool(select_op(v)); }));
  }
  // The first item of each run of equal consecutive items.
  template <class In, class Out, class Num, class N>
  static cu2clError_t Unique(void *d_temp_storage,
                             std::size_t &temp_storage_bytes, In d_in,
                             Out d_out, Num d_num_selected_out, N num_items,
                             cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN({
      auto v = detail::read(stream, d_in, std::size_t(num_items));
      detail::select(stream, d_in, d_out, d_num_selected_out,
                     std::size_t(num_items),
                     [&](const auto &, std::size_t i) {
                       return i == 0 || !(v[i - 1] == v[i]);
                     });
    });
  }
};

struct DeviceRadixSort {
  template <class K, class N>
  static cu2clError_t SortKeys(void *d_temp_storage,
                               std::size_t &temp_storage_bytes,
                               const K *d_keys_in, K *d_keys_out, N num_items,
                               int begin_bit = 0, int end_bit = sizeof(K) * 8,
                               cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::sort<K, void>(stream, d_keys_in, d_keys_out, nullptr,
                                        nullptr, std::size_t(num_items),
                                        begin_bit, end_bit, false));
  }
  template <class K, class N>
  static cu2clError_t SortKeysDescending(
      void *d_temp_storage, std::size_t &temp_storage_bytes,
      const K *d_keys_in, K *d_keys_out, N num_items, int begin_bit = 0,
      int end_bit = sizeof(K) * 8, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::sort<K, void>(stream, d_keys_in, d_keys_out, nullptr,
                                        nullptr, std::size_t(num_items),
                                        begin_bit, end_bit, true));
  }
  template <class K, class V, class N>
  static cu2clError_t
  SortPairs(void *d_temp_storage, std::size_t &temp_storage_bytes,
            const K *d_keys_in, K *d_keys_out, const V *d_values_in,
            V *d_values_out, N num_items, int begin_bit = 0,
            int end_bit = sizeof(K) * 8, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::sort<K, V>(stream, d_keys_in, d_keys_out,
                                     d_values_in, d_values_out,
                                     std::size_t(num_items), begin_bit,
                                     end_bit, false));
  }
  template <class K, class V, class N>
  static cu2clError_t
  SortPairsDescending(void *d_temp_storage, std::size_t &temp_storage_bytes,
                      const K *d_keys_in, K *d_keys_out, const V *d_values_in,
                      V *d_values_out, N num_items, int begin_bit = 0,
                      int end_bit = sizeof(K) * 8, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::sort<K, V>(stream, d_keys_in, d_keys_out,
                                     d_values_in, d_values_out,
                                     std::size_t(num_items), begin_bit,
                                     end_bit, true));
  }
  // The DoubleBuffer forms sort Current() into Alternate() and select it.
  template <class K, class N>
  static cu2clError_t SortKeys(void *d_temp_storage,
                               std::size_t &temp_storage_bytes,
                               DoubleBuffer<K> &d_keys, N num_items,
                               int begin_bit = 0, int end_bit = sizeof(K) * 8,
                               cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(
        keys(stream, d_keys, std::size_t(num_items), begin_bit, end_bit, false));
  }
  template <class K, class N>
  static cu2clError_t SortKeysDescending(void *d_temp_storage,
                                         std::size_t &temp_storage_bytes,
                                         DoubleBuffer<K> &d_keys, N num_items,
                                         int begin_bit = 0,
                                         int end_bit = sizeof(K) * 8,
                                         cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(
        keys(stream, d_keys, std::size_t(num_items), begin_bit, end_bit, true));
  }
  template <class K, class V, class N>
  static cu2clError_t SortPairs(void *d_temp_storage,
                                std::size_t &temp_storage_bytes,
                                DoubleBuffer<K> &d_keys,
                                DoubleBuffer<V> &d_values, N num_items,
                                int begin_bit = 0, int end_bit = sizeof(K) * 8,
                                cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(pairs(stream, d_keys, d_values, std::size_t(num_items),
                        begin_bit, end_bit, false));
  }
  template <class K, class V, class N>
  static cu2clError_t
  SortPairsDescending(void *d_temp_storage, std::size_t &temp_storage_bytes,
                      DoubleBuffer<K> &d_keys, DoubleBuffer<V> &d_values,
                      N num_items, int begin_bit = 0,
                      int end_bit = sizeof(K) * 8, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(pairs(stream, d_keys, d_values, std::size_t(num_items),
                        begin_bit, end_bit, true));
  }

private:
  template <class K>
  static void keys(cu2clStream_t s, DoubleBuffer<K> &keys, std::size_t n,
                   int begin, int end, bool desc) {
    detail::sort<K, void>(s, keys.Current(), keys.Alternate(), nullptr,
                          nullptr, n, begin, end, desc);
    keys.selector ^= 1;
  }
  template <class K, class V>
  static void pairs(cu2clStream_t s, DoubleBuffer<K> &keys,
                    DoubleBuffer<V> &values, std::size_t n, int begin,
                    int end, bool desc) {
    detail::sort<K, V>(s, keys.Current(), keys.Alternate(), values.Current(),
                       values.Alternate(), n, begin, end, desc);
    keys.selector ^= 1;
    values.selector ^= 1;
  }
};

} // namespace cu2cl_cub

#include "cu2clrt_cub_segmented.hpp" // DeviceSegmentedReduce, ...

#undef CU2CL_CUB_RUN

#endif
