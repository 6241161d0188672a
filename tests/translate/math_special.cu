// Math functions OpenCL C has no built-in for call the helpers of
// rules/prelude_math.cl: one per precision, and for the array forms one per
// address space of the array.
#include <cuda_runtime.h>

__global__ void special(float *out, double *d, const int *n) // EXPECT: CU2CL2004
{
    __shared__ float v[4];
    int i = threadIdx.x;
    v[i % 4] = out[i];
    __syncthreads();
    out[i] = erfinvf(out[i]) + erfcinvf(out[i]) + normcdfinvf(out[i]);
    out[i] += erfcxf(out[i]) + j0f(out[i]) + y1f(out[i]) + jnf(n[i], out[i]);
    out[i] += cyl_bessel_i0f(out[i]) + normf(4, v) + rnormf(2, out);
    d[i] = erfinv(d[i]) + yn(n[i], d[i]) + cyl_bessel_i1(d[i]) + norm(3, d);
}
// CHECK-CL: cu2cl_erfinvf(out[i]) + cu2cl_erfcinvf(out[i]) + cu2cl_normcdfinvf(out[i])
// CHECK-CL: cu2cl_erfcxf(out[i]) + cu2cl_j0f(out[i]) + cu2cl_y1f(out[i]) + cu2cl_jnf(n[i], out[i])
// CHECK-CL: cu2cl_cyl_bessel_i0f(out[i]) + cu2cl_normf_local(4, v) + cu2cl_rnormf_global(2, out)
// CHECK-CL: cu2cl_erfinv(d[i]) + cu2cl_yn(n[i], d[i]) + cu2cl_cyl_bessel_i1(d[i]) + cu2cl_norm_global(3, d)

int main() { special<<<1, 32>>>(nullptr, nullptr, nullptr); return 0; }
