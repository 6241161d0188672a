// The rest of Thrust's algorithms that real host code calls, each checked
// exactly: counting, compaction (copy_if with and without a stencil,
// remove, remove_if), unique, unique_copy, unique_by_key(_copy) into a
// discard_iterator, gather/scatter and their _if forms, adjacent_difference
// (segment heads with not_equal_to), inner_product, replace(_if), reverse,
// the vectorized binary searches, reduce_by_key, scans by key (with
// greater_equal keys and a minimum over tuples, as a segmentation tree
// does), transform_reduce, transform_if, find_if, all_of/any_of/none_of,
// tabulate, merge and the set operations; an unqualified swap of device_ptr.
#include <cstdio>
#include <thrust/adjacent_difference.h>
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/find.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/logical.h>
#include <thrust/merge.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/replace.h>
#include <thrust/reverse.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/set_operations.h>
#include <thrust/tabulate.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/unique.h>

struct is_even {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
struct is_odd {
  __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};
struct greater_than {
  int limit;
  __host__ __device__ greater_than(int l) : limit(l) {}
  __host__ __device__ bool operator()(int x) const { return x > limit; }
};
struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};
struct negate_int {
  __host__ __device__ int operator()(int x) const { return -x; }
};

template <class V> thrust::host_vector<int> host(const V &d, int n) {
  return thrust::host_vector<int>(d.begin(), d.begin() + n);
}
static int same(const thrust::host_vector<int> &h, const int *want, int n) {
  for (int i = 0; i < n; i++)
    if (h[i] != want[i]) {
      printf("element %d: %d, expected %d\n", i, h[i], want[i]);
      return 0;
    }
  return 1;
}

int main() {
  int ok = 1;
  const int raw[10] = {3, 3, 1, 4, 4, 4, 1, 5, 9, 9};
  thrust::device_vector<int> d(raw, raw + 10), out(10), tmp(10);

  ok &= thrust::count(d.begin(), d.end(), 4) == 3;
  ok &= thrust::count_if(thrust::device, d.begin(), d.end(), is_even()) == 3;

  int odd[7] = {3, 3, 1, 1, 5, 9, 9};
  int n = thrust::copy_if(d.begin(), d.end(), out.begin(),
                          is_odd()) - out.begin();
  ok &= n == 7 && same(host(out, 7), odd, 7);
  thrust::device_vector<int> stencil(10);
  thrust::sequence(stencil.begin(), stencil.end());
  int sel[5] = {3, 1, 4, 1, 9};
  n = thrust::copy_if(thrust::device, d.begin(), d.end(), stencil.begin(),
                      out.begin(), is_even()) - out.begin();
  ok &= n == 5 && same(host(out, 5), sel, 5);
  tmp = d;
  n = thrust::remove(tmp.begin(), tmp.end(), 4) - tmp.begin();
  int no4[7] = {3, 3, 1, 1, 5, 9, 9};
  ok &= n == 7 && same(host(tmp, 7), no4, 7);
  tmp = d;
  n = thrust::remove_if(tmp.begin(), tmp.end(), greater_than(3)) - tmp.begin();
  int small[4] = {3, 3, 1, 1};
  ok &= n == 4 && same(host(tmp, 4), small, 4);

  tmp = d;
  n = thrust::unique(tmp.begin(), tmp.end()) - tmp.begin();
  int uniq[6] = {3, 1, 4, 1, 5, 9};
  ok &= n == 6 && same(host(tmp, 6), uniq, 6);
  n = thrust::unique_copy(thrust::device, d.begin(), d.end(), out.begin()) -
      out.begin();
  ok &= n == 6 && same(host(out, 6), uniq, 6);
  // The first index of each run of keys, keys discarded.
  n = thrust::unique_by_key_copy(d.begin(), d.end(),
                                 thrust::make_counting_iterator(0),
                                 thrust::make_discard_iterator(), out.begin())
          .second -
      out.begin();
  int firsts[6] = {0, 2, 3, 6, 7, 8};
  ok &= n == 6 && same(host(out, 6), firsts, 6);
  thrust::device_vector<int> uk(d), uv(stencil);
  n = thrust::unique_by_key(uk.begin(), uk.end(), uv.begin()).first -
      uk.begin();
  ok &= n == 6 && same(host(uk, 6), uniq, 6) && same(host(uv, 6), firsts, 6);

  int map_h[4] = {9, 0, 3, 3};
  thrust::device_vector<int> map(map_h, map_h + 4);
  thrust::gather(map.begin(), map.end(), d.begin(), out.begin());
  int gathered[4] = {9, 3, 4, 4};
  ok &= same(host(out, 4), gathered, 4);
  thrust::fill(out.begin(), out.end(), -1);
  thrust::gather_if(thrust::device, map.begin(), map.end(), stencil.begin(),
                    d.begin(), out.begin(), is_even());
  int gathered_if[4] = {9, -1, 4, -1};
  ok &= same(host(out, 4), gathered_if, 4);
  thrust::fill(out.begin(), out.end(), 0);
  int vals_h[3] = {7, 8, 9}, where_h[3] = {5, 0, 9};
  thrust::device_vector<int> vals(vals_h, vals_h + 3), where(where_h, where_h + 3);
  thrust::scatter(vals.begin(), vals.end(), where.begin(), out.begin());
  int scattered[10] = {8, 0, 0, 0, 0, 7, 0, 0, 0, 9};
  ok &= same(host(out, 10), scattered, 10);
  thrust::scatter_if(vals.begin(), vals.end(), where.begin(), stencil.begin(),
                     out.begin(), greater_than(0));
  ok &= out[0] == 8 && out[5] == 7 && out[9] == 9;

  thrust::device_vector<unsigned> flags(10);
  thrust::adjacent_difference(d.begin(), d.end(), flags.begin(),
                              thrust::not_equal_to<int>());
  int heads[10] = {3, 0, 1, 1, 0, 0, 1, 1, 1, 0};
  ok &= same(host(flags, 10), heads, 10);
  thrust::adjacent_difference(thrust::device, d.begin(), d.end(), out.begin());
  int diffs[10] = {3, 0, -2, 3, 0, 0, -3, 4, 4, 0};
  ok &= same(host(out, 10), diffs, 10);
  ok &= thrust::inner_product(d.begin(), d.end(), stencil.begin(), 0) == 247;
  ok &= thrust::inner_product(thrust::device, d.begin(), d.end(), d.begin(), 1,
                              thrust::multiplies<int>(),
                              thrust::plus<int>()) == 238878720;

  tmp = d;
  thrust::replace(tmp.begin(), tmp.end(), 4, 40);
  thrust::replace_if(thrust::device, tmp.begin(), tmp.end(), greater_than(8),
                     -9);
  int replaced[10] = {3, 3, 1, -9, -9, -9, 1, 5, -9, -9};
  ok &= same(host(tmp, 10), replaced, 10);
  tmp = d;
  thrust::reverse(tmp.begin(), tmp.end());
  int reversed[10] = {9, 9, 5, 1, 4, 4, 4, 1, 3, 3};
  ok &= same(host(tmp, 10), reversed, 10);

  thrust::device_vector<int> sorted(10), queries(4), found(4);
  int sorted_h[10] = {1, 1, 3, 3, 4, 4, 4, 5, 9, 9};
  int q_h[4] = {0, 4, 6, 10};
  thrust::copy(sorted_h, sorted_h + 10, sorted.begin());
  thrust::copy(q_h, q_h + 4, queries.begin());
  thrust::lower_bound(sorted.begin(), sorted.end(), queries.begin(),
                      queries.end(), found.begin());
  int lower[4] = {0, 4, 8, 10};
  ok &= same(host(found, 4), lower, 4);
  thrust::upper_bound(thrust::device, sorted.begin(), sorted.end(),
                      queries.begin(), queries.end(), found.begin());
  int upper[4] = {0, 7, 8, 10};
  ok &= same(host(found, 4), upper, 4);
  thrust::binary_search(sorted.begin(), sorted.end(), queries.begin(),
                        queries.end(), found.begin());
  int present[4] = {0, 1, 0, 0};
  ok &= same(host(found, 4), present, 4);
  ok &= thrust::lower_bound(sorted.begin(), sorted.end(), 5) - sorted.begin() ==
        7;
  ok &= thrust::binary_search(thrust::device, sorted.begin(), sorted.end(), 9);

  thrust::device_vector<int> ones(10, 1), keys_out(10), sums(10);
  n = thrust::reduce_by_key(d.begin(), d.end(), ones.begin(), keys_out.begin(),
                            sums.begin())
          .first -
      keys_out.begin();
  int runs[6] = {2, 1, 3, 1, 1, 2};
  ok &= n == 6 && same(host(keys_out, 6), uniq, 6) && same(host(sums, 6), runs, 6);
  thrust::inclusive_scan_by_key(d.begin(), d.end(), ones.begin(), out.begin());
  int iscan[10] = {1, 2, 1, 1, 2, 3, 1, 1, 1, 2};
  ok &= same(host(out, 10), iscan, 10);
  thrust::exclusive_scan_by_key(thrust::device, d.begin(), d.end(),
                                stencil.begin(), out.begin(), 100);
  int escan[10] = {100, 100, 100, 100, 103, 107, 100, 100, 100, 108};
  ok &= same(host(out, 10), escan, 10);
  // A minimum over (weight, id) tuples within runs of keys where
  // greater_equal(previous, key) holds.
  int seg_h[6] = {5, 5, 4, 7, 7, 7};
  float w_h[6] = {2.5f, 1.5f, 3.0f, 0.5f, 9.0f, 0.5f};
  int id_h[6] = {0, 1, 2, 3, 4, 5};
  thrust::device_vector<int> seg(seg_h, seg_h + 6), id(id_h, id_h + 6), min_id(6);
  thrust::device_vector<float> w(w_h, w_h + 6), min_w(6);
  thrust::inclusive_scan_by_key(
      seg.begin(), seg.end(),
      thrust::make_zip_iterator(thrust::make_tuple(w.begin(), id.begin())),
      thrust::make_zip_iterator(thrust::make_tuple(min_w.begin(), min_id.begin())),
      thrust::greater_equal<int>(), thrust::minimum<thrust::tuple<float, int>>());
  int min_ids[6] = {0, 1, 1, 3, 3, 3};
  ok &= same(host(min_id, 6), min_ids, 6) && min_w[2] == 1.5f &&
        min_w[5] == 0.5f;

  ok &= thrust::transform_reduce(d.begin(), d.end(), square(), 0,
                                 thrust::plus<int>()) == 255;
  thrust::fill(out.begin(), out.end(), 0);
  thrust::transform_if(thrust::device, d.begin(), d.end(), out.begin(),
                       negate_int(), is_even());
  int negated[10] = {0, 0, 0, -4, -4, -4, 0, 0, 0, 0};
  ok &= same(host(out, 10), negated, 10);
  ok &= thrust::find_if(d.begin(), d.end(), greater_than(4)) - d.begin() == 7;
  ok &= thrust::find(thrust::device, d.begin(), d.end(), 7) == d.end();
  ok &= thrust::any_of(d.begin(), d.end(), is_even()) &&
        !thrust::all_of(thrust::device, d.begin(), d.end(), is_even()) &&
        thrust::none_of(d.begin(), d.end(), greater_than(9));
  thrust::tabulate(out.begin(), out.end(), square());
  ok &= out[9] == 81;

  int a_h[4] = {1, 3, 5, 7}, b_h[4] = {3, 4, 5, 8};
  thrust::device_vector<int> sa(a_h, a_h + 4), sb(b_h, b_h + 4), so(8);
  n = thrust::merge(sa.begin(), sa.end(), sb.begin(), sb.end(), so.begin()) -
      so.begin();
  int merged[8] = {1, 3, 3, 4, 5, 5, 7, 8};
  ok &= n == 8 && same(host(so, 8), merged, 8);
  n = thrust::set_intersection(thrust::device, sa.begin(), sa.end(),
                               sb.begin(), sb.end(), so.begin()) -
      so.begin();
  int both[2] = {3, 5};
  ok &= n == 2 && same(host(so, 2), both, 2);
  n = thrust::set_difference(sa.begin(), sa.end(), sb.begin(), sb.end(),
                             so.begin()) -
      so.begin();
  int only_a[2] = {1, 7};
  ok &= n == 2 && same(host(so, 2), only_a, 2);
  n = thrust::set_union(sa.begin(), sa.end(), sb.begin(), sb.end(), so.begin()) -
      so.begin();
  ok &= n == 6 && so[5] == 8;
  // An unqualified swap of two device_ptr finds Thrust's by
  // argument-dependent lookup.
  thrust::device_ptr<int> pa = sa.data(), pb = sb.data();
  swap(pa, pb);
  ok &= pa[0] == 3 && pb[0] == 1;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
