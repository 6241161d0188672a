// A program's own struct named like an OpenCL C vector type (HeCBench
// fluidSim's int8 and double8, which CUDA does not have) is renamed: OpenCL
// C declares those names itself.
struct int8 {
  int v[8];
};
struct double8 {
  double v[8];
};
__device__ int8 scale(const double8 &d, int k) {
  int8 r;
  for (int i = 0; i < 8; i++)
    r.v[i] = (int)(d.v[i] * k);
  return r;
}
__global__ void apply(const double8 *in, int8 *out) { // EXPECT: CU2CL2004
  out[threadIdx.x] = scale(in[threadIdx.x], 3);
}
// CHECK-CL: typedef struct double8_ {
// CHECK-CL: typedef struct int8_ {
// CHECK-CL: __kernel void apply(__global const double8_ *in, __global int8_ *out)
