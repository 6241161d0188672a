// cu2clrt_cub_segmented.hpp: CUB's DeviceSegmentedReduce, DeviceHistogram
// (HistogramEven, HistogramRange) and DeviceRunLengthEncode (Encode,
// NonTrivialRuns), included at the end of cu2clrt_cub.hpp, with CUB's
// two-call protocol as there.
//
// They run on the host path of cu2clrt_cub.hpp: the inputs are copied to
// the host after the stream, the results computed there with CUB's
// semantics (an empty segment gets the operator's identity or the initial
// value; a sample outside [lower, upper) counts nowhere, and a bin is
// (sample - lower) * bins / (upper - lower) in integer arithmetic for
// integer samples, (sample - lower) * (bins / (upper - lower)) for floating
// point, as CUB computes it) and copied to the outputs, which are device
// pointers.
#ifndef CU2CLRT_CUB_SEGMENTED_HPP
#define CU2CLRT_CUB_SEGMENTED_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace cu2cl_cub {

namespace detail {

// op over in[begin[s], end[s]) from init, for each segment s.
template <class In, class Out, class B, class E, class Op, class T>
void segmented(cu2clStream_t s, In in, Out out, std::size_t segments, B begin,
               E end, Op op, T init) {
  auto b = read(s, begin, segments);
  auto e = read(s, end, segments);
  std::size_t n = 0;
  for (std::size_t i = 0; i < segments; i++)
    if (e[i] > b[i])
      n = std::max(n, static_cast<std::size_t>(e[i]));
  auto v = read(s, in, n);
  std::vector<T> r(segments, init);
  for (std::size_t i = 0; i < segments; i++)
    for (auto k = b[i]; k < e[i]; k++)
      r[i] = op(r[i], v[static_cast<std::size_t>(k)]);
  write(out, r);
}

// The bin of a sample in [lower, upper) split into bins equal parts.
template <class C> int even_bin(C sample, C lower, C upper, int bins) {
  if constexpr (std::is_floating_point_v<C>) {
    C scale =
        static_cast<C>(static_cast<C>(bins) / static_cast<C>(upper - lower));
    return static_cast<int>((sample - lower) * scale);
  } else {
    using W =
        std::conditional_t<std::is_signed_v<C>, std::int64_t, std::uint64_t>;
    return static_cast<int>(static_cast<W>(sample - lower) *
                            static_cast<W>(bins) /
                            static_cast<W>(upper - lower));
  }
}

} // namespace detail

struct DeviceSegmentedReduce {
  template <class In, class Out, class B, class E>
  static cu2clError_t Sum(void *d_temp_storage, std::size_t &temp_storage_bytes,
                          In d_in, Out d_out, int num_segments,
                          B d_begin_offsets, E d_end_offsets,
                          cu2clStream_t stream = 0) {
    using V = detail::input_value<In>;
    CU2CL_CUB_RUN(detail::segmented(stream, d_in, d_out,
                                    std::size_t(num_segments), d_begin_offsets,
                                    d_end_offsets, cu2cl_cub::Sum(), V()));
  }
  template <class In, class Out, class B, class E>
  static cu2clError_t Min(void *d_temp_storage, std::size_t &temp_storage_bytes,
                          In d_in, Out d_out, int num_segments,
                          B d_begin_offsets, E d_end_offsets,
                          cu2clStream_t stream = 0) {
    using V = detail::input_value<In>;
    CU2CL_CUB_RUN(detail::segmented(
        stream, d_in, d_out, std::size_t(num_segments), d_begin_offsets,
        d_end_offsets, cu2cl_cub::Min(), detail::identity<V, cu2clAlgoMin>()));
  }
  template <class In, class Out, class B, class E>
  static cu2clError_t Max(void *d_temp_storage, std::size_t &temp_storage_bytes,
                          In d_in, Out d_out, int num_segments,
                          B d_begin_offsets, E d_end_offsets,
                          cu2clStream_t stream = 0) {
    using V = detail::input_value<In>;
    CU2CL_CUB_RUN(detail::segmented(
        stream, d_in, d_out, std::size_t(num_segments), d_begin_offsets,
        d_end_offsets, cu2cl_cub::Max(), detail::identity<V, cu2clAlgoMax>()));
  }
  template <class In, class Out, class B, class E, class Op, class T>
  static cu2clError_t
  Reduce(void *d_temp_storage, std::size_t &temp_storage_bytes, In d_in,
         Out d_out, int num_segments, B d_begin_offsets, E d_end_offsets, Op op,
         T init, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN(detail::segmented(stream, d_in, d_out,
                                    std::size_t(num_segments), d_begin_offsets,
                                    d_end_offsets, op, init));
  }
};

struct DeviceHistogram {
  // num_levels - 1 bins of equal width over [lower_level, upper_level).
  template <class In, class Counter, class Level, class N>
  static cu2clError_t
  HistogramEven(void *d_temp_storage, std::size_t &temp_storage_bytes,
                In d_samples, Counter *d_histogram, int num_levels,
                Level lower_level, Level upper_level, N num_samples,
                cu2clStream_t stream = 0) {
    using S = detail::input_value<In>;
    using C = std::common_type_t<S, Level>;
    CU2CL_CUB_RUN({
      int bins = num_levels - 1;
      auto v = detail::read(stream, d_samples, std::size_t(num_samples));
      std::vector<Counter> h(bins > 0 ? std::size_t(bins) : 0);
      for (const S &x : v)
        if (C(x) >= C(lower_level) && C(x) < C(upper_level))
          h[std::size_t(
              std::min(bins - 1, detail::even_bin<C>(x, lower_level,
                                                     upper_level, bins)))]++;
      detail::write(d_histogram, h);
    });
  }
  // Bin i counts the samples in [d_levels[i], d_levels[i + 1]).
  template <class In, class Counter, class Level, class N>
  static cu2clError_t HistogramRange(void *d_temp_storage,
                                     std::size_t &temp_storage_bytes,
                                     In d_samples, Counter *d_histogram,
                                     int num_levels, const Level *d_levels,
                                     N num_samples, cu2clStream_t stream = 0) {
    using S = detail::input_value<In>;
    CU2CL_CUB_RUN({
      auto levels = detail::read(stream, d_levels, std::size_t(num_levels));
      auto v = detail::read(stream, d_samples, std::size_t(num_samples));
      std::vector<Counter> h(num_levels > 1 ? std::size_t(num_levels - 1) : 0);
      for (const S &x : v) {
        auto up = std::upper_bound(levels.begin(), levels.end(), x);
        if (up != levels.begin() && up != levels.end())
          h[std::size_t(up - levels.begin() - 1)]++;
      }
      detail::write(d_histogram, h);
    });
  }
};

struct DeviceRunLengthEncode {
  // Each run of equal consecutive items: its item and its length.
  template <class In, class Unique, class Counts, class Num, class N>
  static cu2clError_t
  Encode(void *d_temp_storage, std::size_t &temp_storage_bytes, In d_in,
         Unique d_unique_out, Counts d_counts_out, Num d_num_runs_out,
         N num_items, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN({
      auto v = detail::read(stream, d_in, std::size_t(num_items));
      decltype(v) items;
      std::vector<std::size_t> counts;
      for (std::size_t i = 0; i < v.size(); i++) {
        if (i == 0 || !(v[i - 1] == v[i])) {
          items.push_back(v[i]);
          counts.push_back(0);
        }
        counts.back()++;
      }
      detail::write(d_unique_out, items);
      detail::write(d_counts_out, counts);
      detail::write(d_num_runs_out, std::vector<std::size_t>{items.size()});
    });
  }
  // Each run longer than one item: its offset and its length.
  template <class In, class Offsets, class Lengths, class Num, class N>
  static cu2clError_t
  NonTrivialRuns(void *d_temp_storage, std::size_t &temp_storage_bytes, In d_in,
                 Offsets d_offsets_out, Lengths d_lengths_out,
                 Num d_num_runs_out, N num_items, cu2clStream_t stream = 0) {
    CU2CL_CUB_RUN({
      auto v = detail::read(stream, d_in, std::size_t(num_items));
      std::vector<std::size_t> offsets, lengths;
      for (std::size_t i = 0, j; i < v.size(); i = j) {
        for (j = i + 1; j < v.size() && v[j] == v[i]; j++)
          ;
        if (j - i > 1) {
          offsets.push_back(i);
          lengths.push_back(j - i);
        }
      }
      detail::write(d_offsets_out, offsets);
      detail::write(d_lengths_out, lengths);
      detail::write(d_num_runs_out, std::vector<std::size_t>{offsets.size()});
    });
  }
};

} // namespace cu2cl_cub

#endif // CU2CLRT_CUB_SEGMENTED_HPP
