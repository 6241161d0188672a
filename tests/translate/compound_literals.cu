// C compound literals in device code, of CUDA vectors (through a typedef
// too) and of structs: OpenCL C has both.
typedef float2 T2;
struct P { int a; float b; };

__host__ __device__ T2 mul(T2 a, T2 b) { return (T2){ a.x*b.x-a.y*b.y, a.x*b.y+a.y*b.x }; }
__device__ P mk(int a) { return (P){a, 2.0f}; }

__global__ void k(float2 *o, P *q, int4 *v) {
  // CHECK-CL: float2 z = (float2){1.0f, 2.0f};
  float2 z = (float2){1.0f, 2.0f};
  // CHECK-CL: o[(uint)get_local_id(0)] = mul(z, (float2){0, 1});
  o[threadIdx.x] = mul(z, (T2){0, 1});
  // CHECK-CL: q[(uint)get_local_id(0)] = (P){4};
  q[threadIdx.x] = (P){4};
  // CHECK-CL: v[(uint)get_local_id(0)] = (int4){1, 2, 3, mk(1).a};
  v[threadIdx.x] = (int4){1, 2, 3, mk(1).a};
}
// (the device functions follow the kernel in the .cl)
// CHECK-CL: return (float2){a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
// CHECK-CL: return (P){a, 2.0f};
int main() { k<<<1, 32>>>(0, 0, 0); }
