// Functions of namespace std in device code (constexpr, so nvcc allows
// them with --expt-relaxed-constexpr and clang always): std::move and
// std::forward are their argument; std::min and std::max keep C++'s
// definition (OpenCL's min/max for integers, the prelude's helpers for
// floating point, since fmin/fmax return the number where C++ returns the
// first argument on a NaN).
#include <algorithm>
#include <utility>

struct Plus {
  template <typename T, typename U>
  __device__ auto operator()(T &&t, U &&u) const
      -> decltype(std::forward<T>(t) + std::forward<U>(u)) {
    return std::forward<T>(t) + std::forward<U>(u);
  }
};

__global__ void k(float *o, int *n, unsigned char *c) {
  float a = o[0], b = o[1];
  // CHECK-CL: float m = (a);
  float m = std::move(a);
  // CHECK-CL: o[2] = cu2cl_std_minf(a, b) + cu2cl_std_maxf(m, 0.5f);
  o[2] = std::min(a, b) + std::max(m, 0.5f);
  // CHECK-CL: n[0] = min((int)n[1], (int)n[2]) + max((int)n[3], (int)7);
  n[0] = std::min(n[1], n[2]) + std::max(n[3], 7);
  // CHECK-CL: c[0] = max((uchar)c[1], (uchar)c[2]);
  c[0] = std::max(c[1], c[2]);
  o[3] = Plus()(a, b);
}
// CHECK-CL: return ((*t)) + ((*u));

int main() { k<<<1, 1>>>(0, 0, 0); }
