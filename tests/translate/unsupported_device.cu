// Device constructs with no OpenCL C equivalent are reported where they
// occur and left as comments in the output.
#include <cuda_runtime.h>

__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); } // EXPECT: CU2CL2102

__device__ float twice(float x) { return 2.0f * x; }

__global__ void bad(float *out, long long *t)
{
    int i = threadIdx.x;
    out[i] = fact(i);
    __nanosleep(100); // EXPECT: CU2CL2001
    float *p = new float[4]{1, 2, 3, 4}; // EXPECT: CU2CL2104
    float (*fp)(float) = twice; // EXPECT: CU2CL2201 CU2CL2103
    delete[] p; // EXPECT: CU2CL2107
}
// CHECK-CL: /* CU2CL2001: device function '__nanosleep' has no OpenCL equivalent

int main() { bad<<<1, 32>>>(nullptr, nullptr); return 0; }
// CHECK-CL: new[] with constructors or an initializer is not translated in device code
