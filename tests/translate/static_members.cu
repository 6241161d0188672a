// Static member functions take no object: called as C::f(), through a
// class template's typedef or a template parameter (B::f() with B a type
// argument), from another member, or on an object. A free function template
// of the same name stays apart. A member returning a const reference
// returns the value.
#include <cuda_runtime.h>

template <class T> class range {
    T lo, hi;

public:
    __device__ range(T a, T b) : lo(a), hi(b) {}
    __device__ T const &lower() const { return lo; }
    __device__ static range none() { return range(T(1), T(0)); }
    __device__ static T twice(T v) { return v * T(2); }
    __device__ range widened() const { return range(lo, hi + twice(hi)); }
};

template <class T> __device__ bool none(range<T> const &r) { return r.lower() > T(0); }

template <class T> __device__ T pick(T v)
{
    typedef range<T> R;
    R r = R::none();
    T s = R::twice(v);
    return none(r) ? s : v;
}

template <class B> __device__ B make() { return B::none(); }

__global__ void k(float *out)
{
    out[0] = pick(out[1]);
    range<float> r = make<range<float> >();
    out[2] = r.lower() + r.twice(out[3]) + range<float>::twice(1.0f);
    out[4] = r.widened().lower();
}

int main() { k<<<1, 1>>>(nullptr); return 0; }
// CHECK-CL: out[2] = range_float_lower(r) + range_float_twice(out[3]) + range_float_twice(1.0f);
// CHECK-CL: out[4] = range_float_lower(range_float_widened(r));
// CHECK-CL: range_float r = range_float_none();
// CHECK-CL: float s = range_float_twice(v);
// CHECK-CL: return none_float(r) ? s : v;
// CHECK-CL: return range_float_none();
// CHECK-CL: float range_float_lower(range_float self) {
// CHECK-CL: float range_float_twice(float v) {
// CHECK-CL: return range_float_make(self.lo, self.hi + range_float_twice(self.hi));
// CHECK-CL: range_float range_float_none(void) {
