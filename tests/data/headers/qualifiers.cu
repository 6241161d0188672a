// Qualifiers, built-in variables, vector types and version macros
// (cuda_runtime.h parts 1, 2 and 4). Valid CUDA: parses with NVIDIA's
// headers and with cu2cl's own.
#include <cstddef>

#ifndef __CUDACC__
#error "__CUDACC__ must be defined"
#endif
#if CUDART_VERSION < 12000
#error "CUDART_VERSION too old"
#endif
static_assert(CUDART_VERSION >= 13000, "CUDA 13 runtime API");

struct __align__(16) Particle {
  float4 pos;
  float3 vel;
  int id;
};

struct __builtin_align__(8) Pair {
  int a, b;
};

__constant__ float coeffs[16];
__device__ int device_counter;
__device__ __managed__ int managed_total;

struct Params {
  int n;
  float scale;
};

__device__ __forceinline__ float square(float x) {
  return x * x;
}
__device__ __noinline__ float cube(float x) {
  return x * x * x;
}
__host__ __device__ float twice(float x) {
  return 2.0f * x;
}

__global__ void __launch_bounds__(256)
    scale(float *__restrict__ out, const float *__restrict__ in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = square(in[i]) + cube(in[i]) + twice(coeffs[i % 16]);
}

__global__ void __launch_bounds__(128, 4) indices(int *out) {
  __shared__ int tile[128];
  extern __shared__ float dyn[];
  unsigned int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  unsigned int bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
  unsigned int dx = blockDim.x, dy = blockDim.y, dz = blockDim.z;
  unsigned int gx = gridDim.x, gy = gridDim.y, gz = gridDim.z;
  tile[tx] = (int)(tx + ty + tz + bx + by + bz + dx + dy + dz + gx + gy + gz);
  dyn[tx] = (float)warpSize;
  uint3 t = threadIdx;
  dim3 b = blockDim;
  out[tx] = tile[tx] + (int)t.x + (int)b.y + warpSize + device_counter;
  managed_total = out[0];
}

__global__ void __cluster_dims__(2, 1, 1) clustered(int *out) {
  out[blockIdx.x] = (int)blockIdx.x;
}

__global__ void by_value(const __grid_constant__ Params p, float *out) {
  out[threadIdx.x] = p.scale * (float)p.n;
}

// Vector types: CUDA's sizes and alignments.
static_assert(sizeof(char1) == 1 && alignof(char2) == 2, "char");
static_assert(sizeof(uchar3) == 3 && alignof(uchar4) == 4, "uchar");
static_assert(alignof(short2) == 4 && alignof(short4) == 8, "short");
static_assert(sizeof(ushort3) == 6, "ushort3");
static_assert(alignof(int2) == 8 && alignof(int4) == 16, "int");
static_assert(sizeof(uint3) == 12 && alignof(uint3) == 4, "uint3");
static_assert(alignof(long2) == 2 * sizeof(long), "long2");
static_assert(alignof(longlong2) == 16 && sizeof(ulonglong3) == 24, "ll");
static_assert(alignof(float2) == 8 && alignof(float4) == 16, "float");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(alignof(double2) == 16 && sizeof(double3) == 24, "double");
static_assert(sizeof(dim3) == 12, "dim3");
static_assert(sizeof(Particle) == 32 && alignof(Particle) == 16, "align");

__host__ __device__ float dot(float4 a, float4 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

int main() {
  float4 a = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  int2 i2 = make_int2(1, 2);
  uchar4 c4 = make_uchar4(1, 2, 3, 4);
  double2 d2 = make_double2(1.0, 2.0);
  ulonglong2 u2 = make_ulonglong2(1ull, 2ull);
  char3 ch = make_char3(1, 2, 3);
  uint3 u3 = make_uint3(4, 5, 6);
  dim3 grid(u3);
  dim3 block(256);
  dim3 whole(16, 16, 1);
  dim3 dflt;
  constexpr dim3 cgrid(8, 8);
  static_assert(cgrid.z == 1, "dim3 default z");
  uint3 back = whole;
  return (int)(dot(a, a) + i2.y + c4.w + d2.x + u2.y + ch.z + grid.x + block.y +
               dflt.z + back.x);
}
