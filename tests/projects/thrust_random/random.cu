// Monte Carlo inputs in the shape simulation codes make them: Thrust's
// default engine and distributions on the host (checked against the
// standard minstd sequence), a device sort checked with thrust::is_sorted,
// and a kernel that turns uniform samples into normal ones with
// normcdfinvf/erfinv and evaluates Bessel functions, checked on the host
// through erfc and std::cyl_bessel_j.
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/random.h>
#include <thrust/sort.h>

__global__ void transform(const float *u, float *normal, double *inv,
                          float *bessel, double *bessel_d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    normal[i] = normcdfinvf(u[i]);
    inv[i] = erfinv(2.0 * u[i] - 1.0);
    bessel[i] = j0f(40.0f * u[i]) + y1f(1.0f + u[i]);
    bessel_d[i] = jn(3, 30.0 * u[i]) + cyl_bessel_i0((double)u[i]);
  }
}

int main() {
  const int n = 4096;
  thrust::default_random_engine rng(42);
  std::minstd_rand ref(42);
  int ok = 1;
  for (int i = 0; i < 100; i++)
    ok &= rng() == ref();
  thrust::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  thrust::random::uniform_int_distribution<int> dice(1, 6);
  thrust::random::normal_distribution<double> gauss(5.0, 2.0);
  std::vector<float> u(n);
  double sum = 0;
  for (int i = 0; i < n; i++) {
    u[i] = uniform(rng);
    int d = dice(rng);
    ok &= u[i] >= 0.0f && u[i] < 1.0f && d >= 1 && d <= 6;
    sum += gauss(rng);
  }
  ok &= std::fabs(sum / n - 5.0) < 0.2;

  thrust::device_vector<float> d_u(u.begin(), u.end());
  ok &= !thrust::is_sorted(d_u.begin(), d_u.end());
  thrust::device_vector<float> d_normal(n), d_bessel(n);
  thrust::device_vector<double> d_inv(n), d_bessel_d(n);
  transform<<<(n + 255) / 256, 256>>>(
      thrust::raw_pointer_cast(d_u.data()),
      thrust::raw_pointer_cast(d_normal.data()),
      thrust::raw_pointer_cast(d_inv.data()),
      thrust::raw_pointer_cast(d_bessel.data()),
      thrust::raw_pointer_cast(d_bessel_d.data()), n);
  cudaDeviceSynchronize();
  std::vector<float> normal(n), bessel(n);
  std::vector<double> inv(n), bessel_d(n);
  thrust::copy(d_normal.begin(), d_normal.end(), normal.begin());
  thrust::copy(d_inv.begin(), d_inv.end(), inv.begin());
  thrust::copy(d_bessel.begin(), d_bessel.end(), bessel.begin());
  thrust::copy(d_bessel_d.begin(), d_bessel_d.end(), bessel_d.begin());
  int bad = 0;
  for (int i = 0; i < n; i++) {
    double p = u[i], x = normal[i];
    if (p > 0 && std::fabs(0.5 * std::erfc(-x / std::sqrt(2.0)) - p) >
                     2e-6 * std::fmax(p, 1e-3))
      bad++;
    if (std::fabs(std::erf(inv[i]) - (2.0 * p - 1.0)) > 1e-14)
      bad++;
    double b = std::cyl_bessel_j(0.0, double(40.0f * u[i])) +
               std::cyl_neumann(1.0, double(1.0f + u[i]));
    if (std::fabs(bessel[i] - b) > 2e-6 * std::fmax(1.0, std::fabs(b)))
      bad++;
    double bd = std::cyl_bessel_j(3.0, 30.0 * p) + std::cyl_bessel_i(0.0, p);
    if (std::fabs(bessel_d[i] - bd) > 1e-13)
      bad++;
  }
  ok &= bad == 0;

  thrust::sort(d_normal.begin(), d_normal.end());
  ok &= thrust::is_sorted(d_normal.begin(), d_normal.end());
  ok &= thrust::is_sorted_until(d_u.begin(), d_u.end()) != d_u.end();
  if (bad)
    printf("%d values off\n", bad);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
