// fp8 (cuda_fp8.h): the conversion intrinsics, the enums as their values,
// the structs' explicit constructors and conversions, their storage __x,
// pairs and quadruples; the host keeps the names (cu2clrt_fp8.h).
#include <cuda_fp8.h>

__device__ float widen(__nv_fp8_e4m3 v) { return (float)v; }

__global__ void fp8_ops(const float *in, __nv_fp8_storage_t *o,
                        __nv_fp8_e4m3 *e, __nv_fp8x2_e5m2 *p,
                        __nv_fp8x4_e4m3 *q, float *f,
                        __nv_fp8_interpretation_t kind) {
  // CHECK-CL: __global const float *in, __global uchar *o, __global cu2cl_fp8_e4m3 *e, __global cu2cl_fp8x2_e5m2 *p, __global cu2cl_fp8x4_e4m3 *q, __global float *f, uint kind
  int i = threadIdx.x;
  o[i] = __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E4M3);
  // CHECK-CL: o[i] = cu2cl_float2fp8(in[i], 1, 0);
  __nv_fp8_storage_t b = __nv_cvt_float_to_fp8(in[i], __NV_NOSAT, kind);
  // CHECK-CL: uchar b = cu2cl_float2fp8(in[i], 0, kind);
  __half_raw h = __nv_cvt_fp8_to_halfraw(b, __NV_E5M2);
  // CHECK-CL: cu2cl_half h = cu2cl_fp82half(b, 1);
  __nv_fp8x2_storage_t two =
      __nv_cvt_float2_to_fp8x2(make_float2(in[0], in[1]), __NV_SATFINITE, __NV_E5M2);
  // CHECK-CL: ushort two = cu2cl_float22fp8x2((float2)(in[0], in[1]), 1, 1);
  __half2_raw h2 = __nv_cvt_fp8x2_to_halfraw2(two, __NV_E5M2);
  // CHECK-CL: cu2cl_half2 h2 = cu2cl_fp8x22half2(two, 1);
  h = __nv_cvt_fp8_to_halfraw(b, __NV_E4M3);
  // CHECK-CL: h = cu2cl_fp82half(b, 0);
  b = __nv_cvt_halfraw_to_fp8(h, __NV_SATFINITE, __NV_E4M3);
  // CHECK-CL: b = cu2cl_half2fp8(h, 1, 0);
  e[i] = __nv_fp8_e4m3(in[i]);
  // CHECK-CL: e[i] = cu2cl_make_cu2cl_fp8_e4m3(cu2cl_float2fp8(in[i], CU2CL_NV_SATFINITE, CU2CL_NV_E4M3));
  __nv_fp8_e5m2 n(i);
  // CHECK-CL: cu2cl_fp8_e5m2 n = cu2cl_make_cu2cl_fp8_e5m2(cu2cl_long2fp8((long)i, CU2CL_NV_E5M2));
  f[i] = widen(e[i]) + (float)n + (int)e[i] + e[i].__x + h.x;
  // CHECK-CL: widen(e[i]) + (float)cu2cl_fp82float((n).__x, CU2CL_NV_E5M2) + (int)convert_int_sat_rtz(cu2cl_fp82float((e[i]).__x, CU2CL_NV_E4M3)) + e[i].__x
  p[i] = __nv_fp8x2_e5m2(make_float2(in[0], in[1]));
  // CHECK-CL: p[i] = cu2cl_make_cu2cl_fp8x2_e5m2(cu2cl_float22fp8x2((float2)(in[0], in[1]), CU2CL_NV_SATFINITE, CU2CL_NV_E5M2));
  q[i] = __nv_fp8x4_e4m3(make_float4(in[0], in[1], in[2], in[3]));
  // CHECK-CL: q[i] = cu2cl_make_cu2cl_fp8x4_e4m3(cu2cl_float42fp8x4((float4)(in[0], in[1], in[2], in[3]), CU2CL_NV_SATFINITE, CU2CL_NV_E4M3));
  float4 v = (float4)q[i];
  // CHECK-CL: float4 v = (float4)cu2cl_fp8x42float4((q[i]).__x, CU2CL_NV_E4M3);
  f[i] += v.w + ((float2)p[i]).y + (bool)n;
  // CHECK-CL: ((float2)cu2cl_fp8x22float2((p[i]).__x, CU2CL_NV_E5M2)).y + (bool)(((n).__x & 0x7f) != 0)
}
// (device functions follow the kernels)
// CHECK-CL: float widen(cu2cl_fp8_e4m3 v) {
// CHECK-CL: return (float)cu2cl_fp82float((v).__x, CU2CL_NV_E4M3);

int main() {
  __nv_fp8_e4m3 x(1.5f);
  // CHECK-HOST: #include "cu2clrt_fp8.h"
  // CHECK-HOST: __nv_fp8_e4m3 x(1.5f);
  unsigned char b = __nv_cvt_float_to_fp8((float)x, __NV_SATFINITE, __NV_E5M2);
  // CHECK-HOST: unsigned char b = __nv_cvt_float_to_fp8((float)x, __NV_SATFINITE, __NV_E5M2);
  float *d;
  cudaMalloc(&d, 64);
  fp8_ops<<<1, 32>>>(d, (__nv_fp8_storage_t *)d, (__nv_fp8_e4m3 *)d,
                     (__nv_fp8x2_e5m2 *)d, (__nv_fp8x4_e4m3 *)d, d, __NV_E5M2);
  return b;
}
