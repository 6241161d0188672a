// Math functions and intrinsics map to OpenCL built-ins; implicit
// conversions of arguments become explicit.
#include <cuda_runtime.h>

__global__ void math(float *out, const int *k, double *d) // EXPECT: CU2CL2004
{
    int i = threadIdx.x;
    out[i] = sqrtf(k[i]) + __expf(out[i]) + __fdividef(out[i], 3.0f);
    out[i] += rsqrtf(out[i]) + fmaf(out[i], 2.0f, 1.0f) + __saturatef(out[i]);
    float s, c;
    sincosf(out[i], &s, &c);
    out[i] = s * c + __int_as_float(__float_as_int(out[i]));
    int m = min(k[i], 7) + max(__popc(k[i]), __clz(k[i])) + __ffs(k[i]);
    d[i] = sqrt(d[i]) + m;
}
// CHECK-CL: sqrt((float)k[i])
// CHECK-CL: native_exp(out[i])
// CHECK-CL: rsqrt(out[i])
// CHECK-CL: as_float(
// CHECK-CL: as_int(
// CHECK-CL: popcount
// CHECK-CL: cu2cl_ffs
// CHECK-CL: d[i] = sqrt(d[i]) + m;

int main() { math<<<1, 32>>>(nullptr, nullptr, nullptr); return 0; }
