// Struct kernel parameters holding pointers in every shape: a 2-D array
// of pointers in a class template (HeCBench axpby's TensorListMetadata<n>),
// an array of structs that hold pointers, a union member holding one, and
// the pointer in the base of a class template accessor (PyTorch's
// PackedTensorAccessor32, HeCBench dwconv). Each arrives as its mirror,
// the struct's layout with every pointer a ulong (a union's mirror is a
// union), checked against the host's size, and is read back as the struct
// through a union. A const method of the base called on the derived
// object reads the base member of the object itself.
#include <cuda_runtime.h>
#include <stdint.h>

template <int n> struct Lists {
  void *addresses[n][4];
  int64_t sizes[4];
  unsigned char owner[6];
  int start;
};

struct Inner {
  float *p;
  int k;
};
struct Outer {
  Inner in[2];
  int tag;
};

template <typename T, int N> class AccessorBase {
public:
  __host__ AccessorBase(T *d, const int *s) : data_(d) {
    for (int i = 0; i < N; i++)
      sizes_[i] = s[i];
  }
  __host__ __device__ int size(int i) const { return sizes_[i]; }

protected:
  T *__restrict__ data_;
  int sizes_[N];
};

template <typename T, int N> class Accessor : public AccessorBase<T, N> {
public:
  __host__ Accessor(T *d, const int *s) : AccessorBase<T, N>(d, s) {}
  __device__ T &operator[](int i) const { return this->data_[i]; }
};

__global__ void lists(Lists<2> l, int k) { // EXPECT: CU2CL2203
  float *x = (float *)l.addresses[0][k], *y = (float *)l.addresses[1][k];
  if (threadIdx.x < l.sizes[k])
    y[threadIdx.x] += x[threadIdx.x] + l.owner[k];
}

__global__ void nested(Outer o) { // EXPECT: CU2CL2203
  o.in[1].p[threadIdx.x] = o.in[0].p[threadIdx.x] + o.tag;
}

union Ref {
  float *f;
  unsigned long long bits;
};
struct Slot {
  Ref r;
  int n;
};
__global__ void slot(Slot s) { s.r.f[threadIdx.x] = s.n; } // EXPECT: CU2CL2203

__global__ void accessor(Accessor<float, 2> a) { // EXPECT: CU2CL2203
  if ((int)threadIdx.x < a.size(1))
    a[threadIdx.x] *= 2.0f;
}

int main() {
  float *x;
  cudaMalloc(&x, 64 * sizeof(float));
  Lists<2> l = {};
  l.addresses[0][1] = x;
  lists<<<1, 32>>>(l, 1);
  Outer o = {{{x, 1}, {x, 2}}, 3};
  nested<<<1, 32>>>(o);
  Slot sl = {{x}, 1};
  slot<<<1, 32>>>(sl);
  int s[2] = {2, 32};
  accessor<<<1, 32>>>(Accessor<float, 2>(x, s));
  return cudaDeviceSynchronize() != cudaSuccess;
}
// CHECK-CL: typedef struct Lists_2_kernarg {
// CHECK-CL:   ulong addresses[2][4];
// CHECK-CL:   long sizes[4];
// CHECK-CL:   uchar owner[6];
// CHECK-CL:   int start;
// CHECK-CL: } __attribute__((aligned(8))) Lists_2_kernarg;
// CHECK-CL: typedef char cu2cl_check_Lists_2_kernarg[sizeof(Lists_2_kernarg) == 112 ? (sizeof(Lists_2) == 112 ? 1 : -1) : -1];
// CHECK-CL: Lists_2 cu2cl_unpack_Lists_2(Lists_2_kernarg a) {
// CHECK-CL:   union {
// CHECK-CL:     Lists_2_kernarg k;
// CHECK-CL:     Lists_2 v;
// CHECK-CL:   } u = {a};
// CHECK-CL: typedef struct Inner_kernarg {
// CHECK-CL:   ulong p;
// CHECK-CL: typedef struct Outer_kernarg {
// CHECK-CL:   Inner_kernarg in[2];
// CHECK-CL: Outer cu2cl_unpack_Outer(Outer_kernarg a) {
// CHECK-CL: typedef union Ref_kernarg {
// CHECK-CL:   ulong f;
// CHECK-CL:   ulong bits;
// CHECK-CL: typedef struct Slot_kernarg {
// CHECK-CL:   Ref_kernarg r;
// CHECK-CL: typedef struct AccessorBase_float_2_kernarg {
// CHECK-CL:   ulong data_;
// CHECK-CL:   int sizes_[2];
// CHECK-CL: typedef struct Accessor_float_2_kernarg {
// CHECK-CL:   AccessorBase_float_2_kernarg cu2cl_base0;
// CHECK-CL: Accessor_float_2 cu2cl_unpack_Accessor_float_2(Accessor_float_2_kernarg a) {
// CHECK-CL: __kernel void lists(Lists_2_kernarg l_arg, int k) {
// CHECK-CL:   Lists_2 l = cu2cl_unpack_Lists_2(l_arg);
// CHECK-CL: __kernel void nested(Outer_kernarg o_arg) {
// CHECK-CL:   Outer o = cu2cl_unpack_Outer(o_arg);
// CHECK-CL: __kernel void accessor(Accessor_float_2_kernarg a_arg) {
// CHECK-CL:   Accessor_float_2 a = cu2cl_unpack_Accessor_float_2(a_arg);
// CHECK-CL: if ((int)(uint)get_local_id(0) < AccessorBase_float_2_size((a).cu2cl_base0, 1))
// CHECK-CL-NOT: cu2cl_unpack_Inner(
// CHECK-CL-NOT: ((AccessorBase_float_2){0})
// CHECK-HOST: {CU2CL_ARG_VALUE, sizeof(l), &l},
// CHECK-HOST: {CU2CL_ARG_VALUE, sizeof(o), &o},
