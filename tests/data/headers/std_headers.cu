// The C headers (<math.h> puts std's overloads into the global namespace
// with using-declarations, next to the __device__ ones) and a broad set of
// C++ standard headers, used from host and device code.
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <array>
#include <atomic>
#include <cfloat>
#include <climits>
#include <complex>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <functional>
#include <iomanip>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <valarray>
#include <vector>

__device__ float shade(float x) {
  return sqrtf(x) + sqrt(x) + fabs(x) + abs(x) + (isnan(x) ? 1.0f : 0.0f) +
         std::numeric_limits<float>::max() + FLT_MAX + floorf(x) +
         std::max(x, 1.0f) + fminf(x, 0.0f) + erfcinvf(x);
}

__global__ void kernel(float *p, int64_t n, uint32_t u) {
  p[0] = shade(p[1]) + (float)n + (float)u;
}

int main() {
  std::complex<double> c(1, 2);
  std::mt19937 gen(1);
  std::normal_distribution<float> normal(0, 1);
  std::valarray<double> va(3);
  double s = std::abs(c) + normal(gen) + sqrt(2.0) + fabs(-1.0) + va.sum() +
             isnan(1.0) + std::isnan(2.0f);
  std::vector<float> v(3);
  std::iota(v.begin(), v.end(), 0.0f);
  std::map<std::string, int> m{{"a", min(1, 2)}};
  printf("%f %d %zu\n", s, m["a"], v.size());
  return 0;
}
