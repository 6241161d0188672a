/*
 * cu2cl prelude, part 7: CUDA's complex numbers (cuComplex.h). A
 * cuFloatComplex is a float2 (real part .x, imaginary part .y), a
 * cuDoubleComplex a double2; the rows of rules/device_complex.def call
 * these helpers where a value is needed twice.
 *
 * They compute what CUDA 13 computes on the GPU, bit for bit: CUDA's
 * formulas (the product unscaled; the quotient with both operands scaled
 * by 1 / (|re y| + |im y|); the absolute value as v * sqrt(1 + (w/v)^2)
 * with v the larger and w the smaller magnitude, v + w where v is 0 or an
 * operand infinite), each multiply-add that nvcc fuses written as fma(),
 * and no other contraction (FP_CONTRACT OFF), so that no OpenCL compiler
 * fuses differently. Measured on an H200 (sm_90, nvcc 13.0 -O3, each
 * function in a kernel of its own) over 20000 operand sets per function
 * (every exponent, subnormals, zeros, infinities, NaN): the same bits
 * (any NaN for a NaN). In a larger expression nvcc may fuse an operand's
 * product into these, which cannot be matched. The float quotient and
 * absolute value divide and take sqrt: exact where the program is built
 * with -cl-fp32-correctly-rounded-divide-sqrt (cu2clrt does so where the
 * device offers it); elsewhere OpenCL's 2.5 and 3 ulp. The double
 * helpers exist only under CU2CL_DEVICE_HAS_FP64. cu2cl pastes this file
 * after rules/prelude_fp8.cl.
 */

float2 cu2cl_cuConjf(float2 x) {
  return (float2)(x.x, -x.y);
}

float2 cu2cl_cuCmulf(float2 x, float2 y) {
#pragma OPENCL FP_CONTRACT OFF
  return (float2)(fma(x.x, y.x, -(x.y * y.y)), fma(x.x, y.y, x.y * y.x));
}

float2 cu2cl_cuCfmaf(float2 x, float2 y, float2 d) {
#pragma OPENCL FP_CONTRACT OFF
  return (float2)(fma(-x.y, y.y, fma(x.x, y.x, d.x)),
                  fma(x.y, y.x, fma(x.x, y.y, d.y)));
}

float2 cu2cl_cuCdivf(float2 x, float2 y) {
#pragma OPENCL FP_CONTRACT OFF
  float oos = 1.0f / (fabs(y.x) + fabs(y.y));
  float ars = x.x * oos, ais = x.y * oos;
  float brs = y.x * oos, bis = y.y * oos;
  oos = 1.0f / fma(brs, brs, bis * bis);
  return (float2)(fma(ars, brs, ais * bis) * oos,
                  fma(ais, brs, -(ars * bis)) * oos);
}

float cu2cl_cuCabsf(float2 x) {
#pragma OPENCL FP_CONTRACT OFF
  float a = fabs(x.x), b = fabs(x.y);
  float v = a > b ? a : b, w = a > b ? b : a;
  float t = w / v;
  t = v * sqrt(fma(t, t, 1.0f));
  return v == 0.0f || v > FLT_MAX || w > FLT_MAX ? v + w : t;
}

#ifdef CU2CL_DEVICE_HAS_FP64
double2 cu2cl_cuConj(double2 x) {
  return (double2)(x.x, -x.y);
}

double2 cu2cl_cuCmul(double2 x, double2 y) {
#pragma OPENCL FP_CONTRACT OFF
  return (double2)(fma(x.x, y.x, -(x.y * y.y)), fma(x.x, y.y, x.y * y.x));
}

double2 cu2cl_cuCfma(double2 x, double2 y, double2 d) {
#pragma OPENCL FP_CONTRACT OFF
  return (double2)(fma(-x.y, y.y, fma(x.x, y.x, d.x)),
                   fma(x.y, y.x, fma(x.x, y.y, d.y)));
}

double2 cu2cl_cuCdiv(double2 x, double2 y) {
#pragma OPENCL FP_CONTRACT OFF
  double oos = 1.0 / (fabs(y.x) + fabs(y.y));
  double ars = x.x * oos, ais = x.y * oos;
  double brs = y.x * oos, bis = y.y * oos;
  oos = 1.0 / fma(brs, brs, bis * bis);
  return (double2)(fma(ars, brs, ais * bis) * oos,
                   fma(ais, brs, -(ars * bis)) * oos);
}

double cu2cl_cuCabs(double2 x) {
#pragma OPENCL FP_CONTRACT OFF
  double a = fabs(x.x), b = fabs(x.y);
  double v = a > b ? a : b, w = a > b ? b : a;
  double t = w / v;
  t = v * sqrt(fma(t, t, 1.0));
  return v == 0.0 || v > DBL_MAX || w > DBL_MAX ? v + w : t;
}
#endif
