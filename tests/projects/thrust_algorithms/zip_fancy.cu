// Thrust's zip iterators and fancy iterators in the shapes real programs use
// them: a particle integrator templated on the zip's tuple that writes
// through get<N> (a __device__ operator, kept for the host), dot products of
// zipped ranges, a functor returning a tuple into a zipped output, a
// lexicographic sort of zipped keys, sort_by_key with zipped values, a
// reduction of tuples, copies between zips; then counting, constant,
// transform and permutation iterators and user operators under explicit
// device policies (thrust::device, cuda::par.on(stream)), a functor that
// writes device memory through a pointer it holds, and extended lambdas.
#include <cstdio>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/tuple.h>

struct integrate {
  float dt;
  integrate(float d) : dt(d) {}
  template <typename Tuple> __device__ void operator()(Tuple t) {
    float p = thrust::get<0>(t);
    float v = thrust::get<1>(t);
    v += 2.0f;
    p += v * dt;
    thrust::get<0>(t) = p;
    thrust::get<1>(t) = v;
  }
};

struct product {
  __host__ __device__ int operator()(const thrust::tuple<int, int> &t) const {
    return thrust::get<0>(t) * thrust::get<1>(t);
  }
};

struct split {
  __host__ __device__ thrust::tuple<int, int> operator()(int x) const {
    return thrust::make_tuple(x, -2 * x);
  }
};

struct add_pairs {
  __host__ __device__ thrust::tuple<int, int>
  operator()(const thrust::tuple<int, int> &a,
             const thrust::tuple<int, int> &b) const {
    return thrust::make_tuple(thrust::get<0>(a) + thrust::get<0>(b),
                              thrust::get<1>(a) + thrust::get<1>(b));
  }
};

struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};

struct by_abs {
  __host__ __device__ bool operator()(int a, int b) const {
    return (a < 0 ? -a : a) < (b < 0 ? -b : b);
  }
};

struct max_op {
  __host__ __device__ int operator()(int a, int b) const {
    return a > b ? a : b;
  }
};

// Writes out[i] = 3 * i through the pointer it holds.
struct store_triple {
  int *out;
  __host__ __device__ void operator()(int i) const { out[i] = 3 * i; }
};

int main() {
  const int n = 1000;
  int ok = 1;

  thrust::device_vector<float> pos(n), vel(n, 1.0f);
  thrust::sequence(pos.begin(), pos.end());
  thrust::for_each(
      thrust::make_zip_iterator(thrust::make_tuple(pos.begin(), vel.begin())),
      thrust::make_zip_iterator(thrust::make_tuple(pos.end(), vel.end())),
      integrate(0.5f));
  ok &= pos[10] == 11.5f && vel[10] == 3.0f && pos[999] == 1000.5f;

  thrust::device_vector<int> a(n), b(n), c(n);
  thrust::sequence(a.begin(), a.end());
  thrust::sequence(b.begin(), b.end(), 5);
  thrust::transform(
      thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin())),
      thrust::make_zip_iterator(thrust::make_tuple(a.end(), b.end())),
      c.begin(), product());
  ok &= c[0] == 0 && c[7] == 84 && c[999] == 999 * 1004;

  thrust::device_vector<int> x(n), y(n);
  thrust::transform(
      thrust::device, a.begin(), a.end(),
      thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin())),
      split());
  ok &= x[21] == 21 && y[21] == -42;
  thrust::tuple<int, int> sums = thrust::reduce(
      thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin())),
      thrust::make_zip_iterator(thrust::make_tuple(x.end(), y.end())),
      thrust::make_tuple(0, 0), add_pairs());
  ok &= thrust::get<0>(sums) == 499500 && thrust::get<1>(sums) == -999000;

  // Keys 0,0,1,1,...: the zip sorts by key, then by the second component.
  thrust::device_vector<int> k1(n), k2(n);
  for (int i = 0; i < 8; i++) {
    k1[i] = (7 - i) / 2;
    k2[i] = i;
  }
  thrust::sort(thrust::make_zip_iterator(thrust::make_tuple(k1.begin(), k2.begin())),
               thrust::make_zip_iterator(thrust::make_tuple(k1.begin() + 8, k2.begin() + 8)));
  thrust::host_vector<int> h1(k1.begin(), k1.begin() + 8),
      h2(k2.begin(), k2.begin() + 8);
  ok &= h1[0] == 0 && h2[0] == 6 && h2[1] == 7 && h1[7] == 3 && h2[7] == 1;

  thrust::device_vector<int> rk(n);
  thrust::sequence(rk.begin(), rk.end(), n, -1); // n, n-1, ..., 1
  thrust::sort_by_key(
      rk.begin(), rk.end(),
      thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin())));
  ok &= rk[0] == 1 && x[0] == 999 && y[0] == -1998 && x[999] == 0;

  thrust::device_vector<int> cx(n), cy(n);
  thrust::copy(thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin())),
               thrust::make_zip_iterator(thrust::make_tuple(x.end(), y.end())),
               thrust::make_zip_iterator(thrust::make_tuple(cy.begin(), cx.begin())));
  ok &= cy[1] == 998 && cx[1] == -1996;

  // Fancy iterators and user operators under explicit device policies.
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  ok &= thrust::reduce(thrust::device, thrust::counting_iterator<int>(0),
                       thrust::counting_iterator<int>(n)) == 499500;
  thrust::transform(thrust::cuda::par.on(stream),
                    thrust::make_counting_iterator(0),
                    thrust::make_counting_iterator(n), c.begin(), square());
  ok &= c[31] == 961;
  thrust::inclusive_scan(thrust::device, thrust::make_constant_iterator(2),
                         thrust::make_constant_iterator(2) + n, c.begin());
  ok &= c[0] == 2 && c[999] == 2000;
  long long sq = thrust::reduce(
      thrust::device, thrust::make_transform_iterator(a.begin(), square()),
      thrust::make_transform_iterator(a.end(), square()), 0LL);
  ok &= sq == 332833500LL;
  thrust::device_vector<int> idx(4);
  idx[0] = 9; idx[1] = 2; idx[2] = 999; idx[3] = 2;
  thrust::device_vector<int> picked(4);
  thrust::copy(thrust::cuda::par.on(stream),
               thrust::make_permutation_iterator(b.begin(), idx.begin()),
               thrust::make_permutation_iterator(b.begin(), idx.end()),
               picked.begin());
  ok &= picked[0] == 14 && picked[1] == 7 && picked[2] == 1004 && picked[3] == 7;
  thrust::device_vector<int> m(n);
  thrust::sequence(m.begin(), m.end(), -500);
  thrust::sort(thrust::device, m.begin(), m.end(), by_abs());
  ok &= m[0] == 0 && (m[1] == 1 || m[1] == -1) && m[999] == -500;
  thrust::inclusive_scan(thrust::device, m.begin(), m.end(), c.begin(),
                         max_op());
  ok &= c[999] == 499;

  thrust::device_vector<int> triple(n);
  thrust::for_each(thrust::device, thrust::counting_iterator<int>(0),
                   thrust::counting_iterator<int>(n),
                   store_triple{thrust::raw_pointer_cast(triple.data())});
  ok &= triple[333] == 999 && triple[999] == 2997;
  // Extended lambdas as functors (nvcc --extended-lambda).
  int scale = 5;
  thrust::transform(thrust::device, a.begin(), a.end(), c.begin(),
                    [=] __device__(int v) { return scale * v; });
  ok &= c[100] == 500;
  ok &= thrust::count_if(c.begin(), c.end(), [] __host__ __device__(int v) {
          return v % 10 == 0;
        }) == 500;
  cudaStreamDestroy(stream);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
