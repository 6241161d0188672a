// Thrust's extrema in the shape HeCBench's minmax uses them: points in a
// device_vector, the nearest and the farthest by a __host__ __device__
// comparator under thrust::device, located with thrust::distance; then
// min/max of built-in types without a comparator, minmax_element into a
// thrust::pair, a counting_iterator copied to the device, and
// thrust::complex in host code (su3's check of its results). std::cout
// without <iostream>: NVIDIA's Thrust headers bring it (HeCBench mtf).
#include <cstdio>
#include <vector>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/copy.h>
#include <thrust/reduce.h>
#include <thrust/complex.h>

template <typename T>
bool almost_equal(thrust::complex<T> x, thrust::complex<T> y, double tol) {
  return thrust::abs(x - y) < tol;
}

struct point {
  float x, y;
};

template <typename T> struct closer {
  __host__ __device__ bool operator()(const T &a, const T &b) const {
    return a.x * a.x + a.y * a.y < b.x * b.x + b.y * b.y;
  }
};

int main() {
  std::vector<point> points(5000);
  for (int i = 0; i < 5000; i++)
    points[i] = {float((i * 7919) % 1000) - 500.0f, float(i % 13)};
  points[4321] = {0.0f, 0.0f};
  points[17] = {900.0f, 900.0f};
  thrust::device_vector<point> d_points(points);
  auto lo = thrust::min_element(thrust::device, d_points.begin(),
                                d_points.end(), closer<point>());
  auto hi = thrust::max_element(thrust::device, d_points.begin(),
                                d_points.end(), closer<point>());
  int ok = thrust::distance(d_points.begin(), lo) == 4321 &&
           thrust::distance(d_points.begin(), hi) == 17;

  thrust::device_vector<int> d(1000);
  thrust::copy(thrust::counting_iterator<int>(-500),
               thrust::counting_iterator<int>(500), d.begin());
  thrust::pair<thrust::device_vector<int>::iterator,
               thrust::device_vector<int>::iterator>
      mm = thrust::minmax_element(d.begin(), d.end());
  ok &= *mm.first == -500 && *mm.second == 499;
  ok &= thrust::max_element(thrust::device, d.begin(), d.end()) - d.begin() ==
        999;
  ok &= thrust::reduce(d.begin(), d.end()) == -500;
  thrust::complex<float> z(3.0f, 4.0f), w = z * thrust::conj(z);
  ok &= thrust::abs(z) == 5.0f && almost_equal(w, thrust::complex<float>(25.0f),
                                               1e-6);
  std::cout << "checked " << std::string("extrema") << "\n";
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
