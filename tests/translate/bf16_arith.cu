// bfloat16: intrinsics, C++ operators, conversions, bfloat162, shared
// arrays, compound assignment into each address space, shuffles, atomics.
#include <cuda_bf16.h>

__global__ void bf16_ops(const __nv_bfloat16 *a, __nv_bfloat16 *out, // EXPECT: CU2CL3011
                         __nv_bfloat162 *o2, float *f) {
  __shared__ __nv_bfloat16 s[64];
  int i = threadIdx.x;
  __nv_bfloat16 x = a[i];
  // CHECK-CL: __global const cu2cl_bf16 *a, __global cu2cl_bf16 *out, __global cu2cl_bf162 *o2
  // CHECK-CL: __local cu2cl_bf16 s[64];
  // CHECK-CL: cu2cl_bf16 x = a[i];
  __nv_bfloat16 y = __float2bfloat16(2.5f);
  // CHECK-CL: cu2cl_bf16 y = cu2cl_float2bf16_rn(2.5f);
  s[i] = __hmul(x, y);
  // CHECK-CL: s[i] = cu2cl_bhmul(x, y);
  __syncthreads();
  __nv_bfloat16 z = s[i] * x + y;
  // CHECK-CL: cu2cl_bf16 z = cu2cl_bhadd(cu2cl_bhmul(s[i], x), y);
  z += x;
  // CHECK-CL: cu2cl_bhadd_assign_private(&z, x);
  s[i] -= z;
  // CHECK-CL: cu2cl_bhsub_assign_local(&s[i], z);
  out[i] /= z;
  // CHECK-CL: cu2cl_bhdiv_assign_global(&out[i], z);
  __nv_bfloat16 w = 1.0f;
  // CHECK-CL: cu2cl_bf16 w = cu2cl_float2bf16_rn(1.0f);
  w = -w;
  // CHECK-CL: cu2cl_bhneg(w)
  float g = __bfloat162float(z) + (float)w + float(x);
  // CHECK-CL: float g = cu2cl_bf162float(z) + (float)cu2cl_bf162float(w)
  g += __bfloat162float(__float2bfloat16_rz(g)) + __bfloat162float(__float2bfloat16_ru(g));
  // CHECK-CL: cu2cl_bf162float(cu2cl_float2bf16_rz(g)) + cu2cl_bf162float(cu2cl_float2bf16_ru(g))
  __nv_bfloat162 h2 = __floats2bfloat162_rn(g, 1.0f);
  // CHECK-CL: cu2cl_bf162 h2 = cu2cl_floats2bf162_rn(g, 1.0f);
  h2 = __hfma2(h2, __bfloat162bfloat162(x), h2) * h2;
  // CHECK-CL: cu2cl_bhmul2(cu2cl_bhfma2(h2, cu2cl_bf162bf162(x), h2), h2)
  o2[i] = __hadd2(h2, make_bfloat162(__low2bfloat16(h2), __high2bfloat16(h2)));
  // CHECK-CL: cu2cl_bhadd2(h2, cu2cl_halves2bf162(((h2).x), ((h2).y)))
  if (z < w || __hisnan(z) || x != y)
    // CHECK-CL: if (cu2cl_bhlt(z, w) || cu2cl_bhisnan(z) || cu2cl_bhneu(x, y))
    g = 0.0f;
  f[i] = g + __low2float(h2) + __bfloat162float(hsqrt(__habs(z)));
  // CHECK-CL: cu2cl_bf162float((h2).x) + cu2cl_bf162float(cu2cl_bhsqrt(cu2cl_bhabs(z)))
  f[i] += __bfloat162float(hfloor(hlog2(__hmax(z, __hdiv(x, y)))));
  // CHECK-CL: cu2cl_bhfloor(cu2cl_bhlog2(cu2cl_bhmax(z, cu2cl_bhdiv(x, y))))
  __nv_bfloat16 r = __shfl_xor_sync(0xffffffffu, z, 1);
  // CHECK-CL: cu2cl_ushort_as_bf16((ushort)cu2cl_shfl_xor_uint(cu2cl_warp_scratch, 0xffffffffu, (uint)cu2cl_bf16_as_ushort(z), 1, 32))
  unsigned short b = __bfloat16_as_ushort(r);
  // CHECK-CL: ushort b = ((r).x);
  out[i] = __ushort_as_bfloat16(b) + __ldg(&a[i]);
  // CHECK-CL: cu2cl_bhadd(cu2cl_ushort_as_bf16((ushort)b), (*(&a[i])))
  atomicAdd(&s[1], r);
  // CHECK-CL: cu2cl_atomic_add_bf16_local((&s[1]), r);
  atomicAdd(&o2[0], h2);
  // CHECK-CL: cu2cl_atomic_add_bf162_global((&o2[0]), h2);
  int k = __bfloat162int_rn(x) + (int)x;
  // CHECK-CL: int k = convert_int_sat_rte(cu2cl_bf162float(x)) + (int)convert_int_sat_rtz(cu2cl_bf162float(x));
  out[i] = __int2bfloat16_rn(k) + __nv_bfloat16(__half(x));
  // CHECK-CL: cu2cl_bhadd(cu2cl_int2bf16((int)k, 0), (cu2cl_half2bf16((cu2cl_bf162half(x)))))
}

int main() {
  __nv_bfloat16 h = __float2bfloat16(1.5f);
  // CHECK-HOST: #include "cu2clrt_bf16.h"
  // CHECK-HOST: __nv_bfloat16 h = __float2bfloat16(1.5f);
  float f = __bfloat162float(h);
  __nv_bfloat16 *d;
  cudaMalloc(&d, 4 * sizeof(__nv_bfloat16));
  bf16_ops<<<1, 32>>>(d, d, (__nv_bfloat162 *)d, &f);
  return 0;
}
