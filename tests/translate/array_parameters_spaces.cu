// Parameters declared as arrays, continued (array_parameters.cu).
// Arithmetic on such a parameter (libclang types key + 4 as the array)
// points where the parameter does (HeCBench chacha20's pack4(key + 4));
// a string literal lives in OpenCL C's constant space, so a pointer to
// one is __constant and so is the clone it is passed to.
__device__ unsigned pack2(const unsigned char *a) { return a[0] | (a[1] << 8); }
__device__ unsigned mix(const unsigned char key[8]) {
  const unsigned char *magic = (const unsigned char *)"expand 3";
  return pack2(key + 4) + pack2(magic + 2);
}
__global__ void keyed(const unsigned char *key, unsigned *out) {
  out[threadIdx.x] = mix(key);
}

// A parameter declared as an array of arrays is a pointer to an array:
// its launch stub's parameter is one (HeCBench ace's double phi[][Y][Z]).
__global__ void planes(float phi[][4][4], int n) {
  phi[threadIdx.x][1][2] = n;
}
// CHECK-CL: __kernel void keyed(__global const uchar *key, __global uint *out) {
// CHECK-CL: __kernel void planes(__global float (*phi)[4][4], int n)
// CHECK-CL: __constant const uchar *magic = (__constant const uchar *)"expand 3";
// CHECK-CL: return pack2(key + 4) + pack2_c(magic + 2);
// CHECK-CL: uint pack2(__global const uchar *a) {
// CHECK-CL: uint pack2_c(__constant const uchar *a) {
// CHECK-HOST: cu2clStream_t cu2cl_stream, __typeof__(float (*)[4][4]) phi, int n)
