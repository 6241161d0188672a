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
