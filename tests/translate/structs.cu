// Structs by value, a struct holding device pointers as a kernel
// parameter, and a class with member functions and operators.
#include <cuda_runtime.h>

struct Arrays {
    const float *a;
    float *b;
    int n;
};

struct Vec2 {
    float x, y;
    __device__ Vec2(float x_, float y_) : x(x_), y(y_) {}
    __device__ Vec2 operator+(const Vec2 &o) const { return Vec2(x + o.x, y + o.y); }
    __device__ float dot(const Vec2 &o) const { return x * o.x + y * o.y; }
    __device__ void scale(float s) { x *= s; y *= s; }
};

__global__ void kernel(Arrays arr) // EXPECT: CU2CL2203
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < arr.n) {
        Vec2 v(arr.a[i], 1.0f);
        Vec2 w = v + v;
        w.scale(0.5f);
        arr.b[i] = w.dot(v);
    }
}
// CHECK-CL: typedef struct Arrays {
// CHECK-CL:   __global const float *a;
// CHECK-CL: typedef struct Arrays_kernarg {
// CHECK-CL:   ulong a;
// CHECK-CL: typedef char cu2cl_check_Arrays_kernarg[sizeof(Arrays_kernarg) == 24 ? (sizeof(Arrays) == 24 ? 1 : -1) : -1];
// CHECK-CL: Arrays cu2cl_unpack_Arrays(Arrays_kernarg a) {
// CHECK-CL: typedef struct Param_kernarg {
// CHECK-CL:   ulong out;
// CHECK-CL:   ulong in;
// CHECK-CL:   int n;
// CHECK-CL:   Arrays_kernarg extra;
// CHECK-CL: Param cu2cl_unpack_Param(Param_kernarg a) {
// CHECK-CL:   union {
// CHECK-CL:     Param_kernarg k;
// CHECK-CL:     Param v;
// CHECK-CL:   } u = {a};
// CHECK-CL:   return u.v;
// CHECK-CL: __kernel void kernel_(Arrays_kernarg arr_arg)
// CHECK-CL: Vec2 Vec2_operator_add(Vec2 self, const Vec2 o);
// CHECK-CL: void Vec2_scale_p(Vec2 *self, float s);
// CHECK-CL: float Vec2_dot(Vec2 self, const Vec2 o);
// CHECK-CL: Arrays arr = cu2cl_unpack_Arrays(arr_arg);
// CHECK-CL: Vec2 v = Vec2_make(arr.a[i], 1.0f);
// CHECK-CL: Vec2 w = Vec2_operator_add(v, v);
// CHECK-CL: Vec2_scale_p(&w, 0.5f);
// CHECK-CL: arr.b[i] = Vec2_dot(w, v);
// CHECK-CL: self->x *= s;
// CHECK-HOST: {CU2CL_ARG_VALUE, sizeof(arr), &arr},

// A parameter struct with const members (HeCBench addBiasQKV): the
// unpacked struct is read from the mirror's bytes through a union, as a
// const member cannot be assigned.
struct Param {
    float *out;
    const float *in;
    const int n;
    const Arrays extra;
};
__global__ void with_const(Param p) // EXPECT: CU2CL2203
{
    if ((int)threadIdx.x < p.n)
        p.out[threadIdx.x] = p.in[threadIdx.x] + p.extra.n;
}
// (its checks are with the first kernel's: the types come first)

int main() {
    Arrays a = {nullptr, nullptr, 0};
    kernel<<<1, 1>>>(a);
    Param p = {nullptr, nullptr, 4, a};
    with_const<<<1, 4>>>(p);
    return 0;
}
