// Half precision: intrinsics, C++ operators, conversions, half2, shared
// arrays, compound assignment into each address space, shuffles.
#include <cuda_fp16.h>

__global__ void half_ops(const __half *a, __half *out, __half2 *o2, // EXPECT: CU2CL3011
                         float *f) {
  __shared__ __half s[64];
  int i = threadIdx.x;
  __half x = a[i];
  // CHECK-CL: __global const cu2cl_half *a, __global cu2cl_half *out, __global cu2cl_half2 *o2
  // CHECK-CL: __local cu2cl_half s[64];
  // CHECK-CL: cu2cl_half x = a[i];
  __half y = __float2half(2.5f);
  // CHECK-CL: cu2cl_half y = cu2cl_float2half_rn(2.5f);
  s[i] = __hadd(x, y);
  // CHECK-CL: s[i] = cu2cl_hadd(x, y);
  __syncthreads();
  __half z = s[i] * x + y;
  // CHECK-CL: cu2cl_half z = cu2cl_hadd(cu2cl_hmul(s[i], x), y);
  z += x;
  // CHECK-CL: cu2cl_hadd_assign_private(&z, x);
  s[i] -= z;
  // CHECK-CL: cu2cl_hsub_assign_local(&s[i], z);
  out[i] *= z;
  // CHECK-CL: cu2cl_hmul_assign_global(&out[i], z);
  __half w = 1.0f;
  // CHECK-CL: cu2cl_half w = cu2cl_float2half_rn(1.0f);
  w = -w;
  // CHECK-CL: cu2cl_hneg(w)
  float g = __half2float(z) + (float)w + float(x);
  // CHECK-CL: float g = cu2cl_half2float(z) + (float)cu2cl_half2float(w)
  __half2 h2 = __floats2half2_rn(g, 1.0f);
  // CHECK-CL: cu2cl_half2 h2 = cu2cl_floats2half2_rn(g, 1.0f);
  h2 = __hfma2(h2, __half2half2(x), h2) * h2;
  // CHECK-CL: cu2cl_hmul_h2(cu2cl_hfma_h2(h2, cu2cl_half2half2(x), h2), h2)
  o2[i] = h2;
  if (z < w || __hisnan(z) || x != y)
    // CHECK-CL: if (cu2cl_hlt(z, w) || cu2cl_hisnan(z) || cu2cl_hneu(x, y))
    g = 0.0f;
  f[i] = g + __low2float(h2) + __half2float(hsqrt(__habs(z)));
  // CHECK-CL: cu2cl_half2float((h2).x) + cu2cl_half2float(cu2cl_hsqrt(cu2cl_habs(z)))
  __half r = __shfl_xor_sync(0xffffffffu, z, 1);
  // CHECK-CL: cu2cl_ushort_as_half((ushort)cu2cl_shfl_xor_uint(cu2cl_warp_scratch, 0xffffffffu, (uint)cu2cl_half_as_ushort(z), 1, 32))
  unsigned short b = __half_as_ushort(r);
  // CHECK-CL: ushort b = ((r).x);
  __half_raw raw;
  raw.x = 0x3c00;
  __half one = raw;
  // CHECK-CL: cu2cl_half raw = (cu2cl_half){0};
  out[i] = __ushort_as_half(b) + one;
  // CHECK-CL: cu2cl_hadd(cu2cl_ushort_as_half((ushort)b), one)
}

int main() {
  __half h = __float2half(1.5f);
  // CHECK-HOST: #include "cu2clrt_fp16.h"
  // CHECK-HOST: __half h = __float2half(1.5f);
  float f = __half2float(h);
  __half *d;
  cudaMalloc(&d, 4 * sizeof(__half));
  half_ops<<<1, 32>>>(d, d, (__half2 *)d, &f);
  return 0;
}
