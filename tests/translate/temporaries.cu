// Objects C++ creates as temporaries and reference members, the shapes of
// a block-wide helper class: a method called on a temporary
// (`Helper(storage).sum(x)`: the object is stored in a local first, since
// C has no address for it), and a reference member bound to __shared__
// memory by the constructor (a pointer into __local memory) or to a
// global array (a pointer into __global memory); overloaded methods.
#include <cuda_runtime.h>

struct Storage {
    int data[64];
};

class Helper {
public:
    __device__ Helper(Storage &s) : store(s) {}
    __device__ int sum(int x) {
        store.data[threadIdx.x] = x;
        __syncthreads();
        int acc = 0;
        for (int i = 0; i < 64; i++)
            acc += store.data[i];
        __syncthreads();
        return acc;
    }
    // an overload: a clone name of its own; a local named like the
    // object parameter of translated methods
    __device__ int sum(int x, int n) {
        int self = n * sum(x);
        return self;
    }
private:
    Storage &store;
};

struct View {
    __device__ View(float &f) : first(f) {}
    __device__ float get() const { return first; }
    float &first;
};

__global__ void block_sum(const int *in, int *out)
{
    __shared__ Storage storage;
    int s = Helper(storage).sum(in[threadIdx.x]);
    Helper named(storage);
    int t = named.sum(in[threadIdx.x], 2);
    if (threadIdx.x == 0)
        out[blockIdx.x] = s + t;
}

__global__ void first_of(float *a, float *out)
{
    out[0] = View(a[1]).get();
}
// CHECK-CL: #define CU2CL_SPACE_Helper_store __local
// CHECK-CL: #define CU2CL_SPACE_View_first __global
// CHECK-CL: typedef struct Helper {
// CHECK-CL:   CU2CL_SPACE_Helper_store Storage *store;
// CHECK-CL: typedef struct View {
// CHECK-CL:   CU2CL_SPACE_View_first float *first;
// CHECK-CL: __kernel void block_sum(
// CHECK-CL:   Helper cu2cl_t1;
// CHECK-CL: int s = (cu2cl_t1 = Helper_make_l(&storage), Helper_sum_p(&cu2cl_t1, in[(uint)get_local_id(0)]));
// CHECK-CL: int t = Helper_sum_p_(&named, in[(uint)get_local_id(0)], 2);
// CHECK-CL: self.store = &((*s));
// CHECK-CL: out[0] = View_get((View_make(&a[1])));
// CHECK-CL: (*self->store).data[(uint)get_local_id(0)] = x;
// CHECK-CL: int Helper_sum_p_(Helper *self, int x, int n) {
// CHECK-CL:   int self_ = n * Helper_sum_p(self, x);
// CHECK-CL:   return self_;
// CHECK-CL: return (*self.first);
