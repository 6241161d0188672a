// Vector types in device code.
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
