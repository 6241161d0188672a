// Complex numbers (cuComplex.h): the types are float2 and double2, the
// accessors, constructors, sums and conversions vector expressions, the
// rest helpers of rules/prelude_complex.cl; in a __host__ __device__
// function too. The host keeps the names (cu2clrt_complex.h).
#include <cuComplex.h>

__host__ __device__ cuFloatComplex twice(cuFloatComplex z) {
  return cuCaddf(z, z);
}

__global__ void complex_ops(const cuFloatComplex *a, cuDoubleComplex *d, // EXPECT: CU2CL2004
                            cuComplex *o, float *f, cuDoubleComplex c) {
  // CHECK-CL: __global const float2 *a, __global double2 *d, __global float2 *o, __global float *f, double2 c
  int i = threadIdx.x;
  cuFloatComplex x = a[i], y = make_cuFloatComplex(1.0f, -2.0f);
  // CHECK-CL: float2 x = a[i];
  // CHECK-CL: float2 y = (float2)(1.0f, (-2.0f));
  cuComplex z = make_cuComplex(cuCrealf(x), cuCimagf(a[i + 1]));
  // CHECK-CL: float2 z = (float2)(x.x, a[i + 1].y);
  o[i] = cuCsubf(cuCaddf(x, y), cuConjf(z));
  // CHECK-CL: o[i] = ((x + y) - cu2cl_cuConjf(z));
  o[i + 1] = cuCdivf(cuCmulf(x, y), twice(z));
  // CHECK-CL: o[i + 1] = cu2cl_cuCdivf(cu2cl_cuCmulf(x, y), twice(z));
  o[i + 2] = cuCfmaf(x, y, z);
  // CHECK-CL: o[i + 2] = cu2cl_cuCfmaf(x, y, z);
  f[i] = cuCabsf(o[i]);
  // CHECK-CL: f[i] = cu2cl_cuCabsf(o[i]);
  cuDoubleComplex p = make_cuDoubleComplex(cuCreal(c), cuCimag(d[i]));
  // CHECK-CL: double2 p = (double2)(c.x, d[i].y);
  d[i] = cuCsub(cuCadd(p, c), cuConj(p));
  // CHECK-CL: d[i] = ((p + c) - cu2cl_cuConj(p));
  d[i + 1] = cuCfma(cuCmul(p, c), cuCdiv(p, c), cuComplexFloatToDouble(x));
  // CHECK-CL: d[i + 1] = cu2cl_cuCfma(cu2cl_cuCmul(p, c), cu2cl_cuCdiv(p, c), convert_double2(x));
  o[i + 3] = cuComplexDoubleToFloat(p);
  // CHECK-CL: o[i + 3] = convert_float2(p);
  f[i + 1] = (float)cuCabs(d[i]);
  // CHECK-CL: f[i + 1] = (float)cu2cl_cuCabs(d[i]);
}
// (device functions follow the kernels)
// CHECK-CL: float2 twice(float2 z) {
// CHECK-CL: return (z + z);

int main() {
  // CHECK-HOST: #include "cu2clrt_complex.h" /* cu2cl: <cuComplex.h> */
  cuComplex h = twice(make_cuComplex(1.0f, 2.0f));
  // CHECK-HOST: cuComplex h = twice(make_cuComplex(1.0f, 2.0f));
  cuDoubleComplex g = cuCmul(cuComplexFloatToDouble(h), make_cuDoubleComplex(0.5, 1.0));
  // CHECK-HOST: cuDoubleComplex g = cuCmul(cuComplexFloatToDouble(h), make_cuDoubleComplex(0.5, 1.0));
  cuFloatComplex *a;
  cuDoubleComplex *d;
  float *f;
  cudaMalloc(&a, 64 * sizeof(cuFloatComplex));
  cudaMalloc(&d, 64 * sizeof(cuDoubleComplex));
  cudaMalloc(&f, 64 * sizeof(float));
  complex_ops<<<1, 32>>>(a, d, a, f, g);
  // CHECK-HOST: cu2cl_launch_complex_ops(1, 32, 0, 0, a, d, a, f, g)
  return (int)cuCabsf(h) + (int)cuCreal(g);
}
