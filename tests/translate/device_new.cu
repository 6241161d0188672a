// Device new and delete on the device heap: an object built by its
// constructor (none when the heap is exhausted), a destructor run by
// delete, arrays, placement new into shared memory, and a pointer kept in
// a __device__ variable or behind a pointer to a pointer (a kernel takes
// it as __global void * and casts it back). Arrays of objects whose
// constructors or destructors must run per element are reported.
#include <cuda_runtime.h>
#include <new>

struct acc {
    int n;
    float *data;
    __device__ acc(int cap) : n(0) { data = new float[cap]; }
    __device__ ~acc() { delete[] data; } // EXPECT: CU2CL2107
};

struct base {
    int v;
    __device__ base() : v(1) {}
    __device__ virtual ~base() {}
};

struct shape {
    __device__ virtual int get() = 0;
};

__device__ acc *g_acc;

// in an instantiated template, the new-expression's extent ends at `new`
template <class T> __device__ T *place(T *buf, int n) { return new (buf) T[n]; }

// the destructor of an instantiated class template runs too
template <class T> struct holder {
    T *d;
    __device__ holder(int n) { d = new T[n]; }
    __device__ ~holder() { delete[] d; } // EXPECT: CU2CL2107
};

__global__ void held(int n)
{
    holder<float> *h = new holder<float>(n);
    delete h; // EXPECT: CU2CL2107
}

__global__ void create(int cap, int **slot)
{
    g_acc = new acc(cap);
    *slot = new int(7);
}

__global__ void destroy(int **slot)
{
    delete g_acc; // EXPECT: CU2CL2107
    delete *slot; // EXPECT: CU2CL2107
}

__global__ void placed(float *out)
{
    __shared__ float buf[64];
    __shared__ acc *p;
    if (threadIdx.x == 0)
        p = new (buf) acc(0);
    float *f = new float[4];
    float *g = place(buf, 8);
    out[threadIdx.x] = p->n + f[0] + g[1];
    delete[] f; // EXPECT: CU2CL2107
}

__global__ void reported(base *b, shape *s, int n)
{
    int *a = new int[n]{1, 2}; // EXPECT: CU2CL2104
    base *c = new base[n]; // EXPECT: CU2CL2104
    a[0] = s->get(); /* through its type tag */
    delete b; // EXPECT: CU2CL2107
    (void)c;
}

int main()
{
    create<<<1, 1>>>(4, nullptr);
    destroy<<<1, 1>>>(nullptr);
    placed<<<1, 32>>>(nullptr);
    reported<<<1, 1>>>(nullptr, nullptr, 2);
    held<<<1, 1>>>(4);
    return 0;
}
// CHECK-CL: (cu2cl_t2 = h, cu2cl_t2 ? (holder_float_destroy(cu2cl_t2, cu2cl_devrt), cu2cl_free(cu2cl_devrt, cu2cl_t2)) : (void)0);
// CHECK-CL: __kernel void create(int cap, __global void *slot_pp, __global void *g_acc_pp, __global uint *cu2cl_devrt) {
// CHECK-CL: __global acc *__global *g_acc = (__global acc *__global *)g_acc_pp;
// CHECK-CL: __global int *__global *slot = (__global int *__global *)slot_pp;
// CHECK-CL: (*g_acc) = (cu2cl_t1 = (__global acc *)cu2cl_malloc(cu2cl_devrt, sizeof(acc)), cu2cl_t1 ? (*cu2cl_t1 = acc_make(cap, cu2cl_devrt), cu2cl_t1) : cu2cl_t1);
// CHECK-CL: *slot = (cu2cl_t2 = (__global int *)cu2cl_malloc(cu2cl_devrt, sizeof(int)), cu2cl_t2 ? (*cu2cl_t2 = 7, cu2cl_t2) : cu2cl_t2);
// CHECK-CL: self.data = (__global float *)cu2cl_malloc(cu2cl_devrt, sizeof(float) * (ulong)cap);
// CHECK-CL: (cu2cl_t1 = (*g_acc), cu2cl_t1 ? (acc_destroy(cu2cl_t1, cu2cl_devrt), cu2cl_free(cu2cl_devrt, cu2cl_t1)) : (void)0);
// CHECK-CL: cu2cl_free(cu2cl_devrt, (*slot));
// CHECK-CL: p = (cu2cl_t1 = (__local acc *)buf, *cu2cl_t1 = acc_make(0, cu2cl_devrt), cu2cl_t1);
// CHECK-CL: __global float *f = (__global float *)cu2cl_malloc(cu2cl_devrt, sizeof(float) * (ulong)4);
// CHECK-CL: cu2cl_free(cu2cl_devrt, f);
// CHECK-CL: void acc_destroy(__global acc *self, __global uint *cu2cl_devrt) {
// CHECK-CL: __local float * place_float_l(__local float *buf, int n) {
// CHECK-CL: return (__local float *)buf;
