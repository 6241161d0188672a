// A parameter declared as an array is a pointer, in C and C++ alike
// (HeCBench bitcracker's `const unsigned char salt[16]`: "pointer arguments
// to kernel functions must reside in '__global'..."). A kernel's points into
// global memory and its launch stub takes a pointer; a device function's
// into wherever its call's argument points, one clone per space.
__device__ int sum4(const int v[4]) { return v[0] + v[1] + v[2] + v[3]; }
__global__ void blend(const unsigned char salt[16], const int pad[4], int *out) {
  int mine[4] = {1, 2, 3, (int)threadIdx.x};
  out[threadIdx.x] = salt[threadIdx.x % 16] + sum4(pad) + sum4(mine);
}
// CHECK-CL: __kernel void blend(__global uchar *salt, __global int *pad, __global int *out)
// CHECK-CL: + sum4(pad) + sum4_p(mine);
// CHECK-CL: int sum4(__global int *v) {
// CHECK-CL: int sum4_p(int *v) {
// CHECK-HOST: cu2clStream_t cu2cl_stream, const unsigned char *salt, const int *pad, int *out)

