// Vector types in device code, and a for header with several declarations.
// A value-initialized vector (uint4 v;, uint4()) is (uint4)(0) in OpenCL C:
// (uint4){0} leaves components without an initializer, which it rejects.
__global__ void vector_zero(uint4 *out) {
    uint4 v = uint4();
    uint4 w;
    w = v;
    out[threadIdx.x] = w;
}
// CHECK-CL: uint4 v = (uint4)(0);
// CHECK-CL: uint4 w = (uint4)(0);
// CHECK-CL-NOT: (uint4){0}

// Several declarations in a for header (cuda-samples' matrixMul) go before
// the loop, in a block of their own.
__global__ void pairs(int *p, int n) {
    int s = 0;
    for (int a = 0, b = n - 1; a < b; a++, b--)
        s += a * b;
    p[threadIdx.x] = s;
}
// CHECK-CL: {
// CHECK-CL: int a = 0;
// CHECK-CL: int b = n - 1;
// CHECK-CL: for (; a < b; a++, b--)

// The same loop under #pragma unroll (HeCBench tsa): the pragma goes with
// the for, after the declarations, since it must be followed by a loop.
__global__ void pairs_unrolled(int *p, int n) {
    int s = 0;
#pragma unroll 4
    for (int a = 0, b = n - 1; a < b; a++, b--)
        s += a * b;
    p[threadIdx.x] = s;
}
// CHECK-CL: int b = n - 1;
// CHECK-CL: #pragma unroll 4
// CHECK-CL: for (; a < b; a++, b--)

// A device function named like an OpenCL C built-in family (convert_*,
// native_*, ...) is renamed: it would redeclare the built-in (HeCBench's
// sobel failed to build on PoCL after cu2cl exited 0).
__device__ float4 convert_float4(uchar4 d) {
    return make_float4(d.x, d.y, d.z, d.w);
}
__global__ void widen(const uchar4 *in, float4 *out) {
    out[threadIdx.x] = convert_float4(in[threadIdx.x]);
}
// CHECK-CL: float4 convert_float4_(uchar4 d)
// CHECK-CL-NOT: = convert_float4(in[
