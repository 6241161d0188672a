// Floating-point values as conditions (HeCBench sph: `(1 - x / h) ? x < h :
// 0.0`). C++ converts them to bool; OpenCL C takes none as the condition of
// ?: (clang: "used type 'double' where floating point type is not
// allowed"), so that one compares with zero. The other conditions are
// valid OpenCL C as they are.
__global__ void conditions(const float *a, const double *d, float *out) { // EXPECT: CU2CL2004
    int i = threadIdx.x;
    float f = a[i];
    double g = d[i];
    float r = f ? 1.0f : 2.0f;
    r += (g - 1.0) ? 3.0f : 4.0f;
    if (f)
        r += 5.0f;
    while (g > 0.0 && g)
        g -= 1.0;
    r += !f ? 6.0f : 7.0f;
    out[i] = r + (float)g;
}
// CHECK-CL: float r = (f != 0) ? 1.0f : 2.0f;
// CHECK-CL: r += ((g - 1.0) != 0) ? 3.0f : 4.0f;
// CHECK-CL: if (f)
// CHECK-CL: r += !f ? 6.0f : 7.0f;
