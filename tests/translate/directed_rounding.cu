// CUDA's directed-rounding intrinsics are exact helpers of
// rules/prelude_round.cl (the rounding direction as an argument), for
// float and double; interval arithmetic is their typical use.
#include <cuda_runtime.h>

struct ival { double lo, hi; };

__device__ ival add(ival a, ival b)
{
    return ival{__dadd_rd(a.lo, b.lo), __dadd_ru(a.hi, b.hi)};
}

__global__ void k(const float *f, const double *d, float *y, double *z, // EXPECT: CU2CL2004
                  ival *iv)
{
    y[0] = __fadd_rz(f[1], f[2]) + __fsub_ru(f[1], f[2]) + __fmul_rd(f[1], f[2]);
    y[3] = __fdiv_ru(f[1], f[2]) + __frcp_rd(f[1]) + __fsqrt_rz(f[2]);
    y[4] = __fmaf_ru(f[1], f[2], -f[3]);
    z[0] = __dsub_rz(d[1], d[2]) + __dmul_ru(d[1], d[2]) + __ddiv_rd(d[1], d[2]);
    z[3] = __drcp_ru(d[1]) + __dsqrt_rd(d[2]) + __fma_rz(d[1], d[2], d[3]);
    iv[0] = add(iv[1], iv[2]);
}

int main() { k<<<1, 1>>>(nullptr, nullptr, nullptr, nullptr, nullptr); return 0; }
// CHECK-CL: y[0] = cu2cl_fadd_dir(f[1], f[2], CU2CL_RZ) + cu2cl_fsub_dir(f[1], f[2], CU2CL_RU) + cu2cl_fmul_dir(f[1], f[2], CU2CL_RD);
// CHECK-CL: y[3] = cu2cl_fdiv_dir(f[1], f[2], CU2CL_RU) + cu2cl_frcp_dir(f[1], CU2CL_RD) + cu2cl_fsqrt_dir(f[2], CU2CL_RZ);
// CHECK-CL: y[4] = cu2cl_fmaf_dir(f[1], f[2], (-f[3]), CU2CL_RU);
// CHECK-CL: z[0] = cu2cl_dsub_dir(d[1], d[2], CU2CL_RZ) + cu2cl_dmul_dir(d[1], d[2], CU2CL_RU) + cu2cl_ddiv_dir(d[1], d[2], CU2CL_RD);
// CHECK-CL: z[3] = cu2cl_drcp_dir(d[1], CU2CL_RU) + cu2cl_dsqrt_dir(d[2], CU2CL_RD) + cu2cl_fma_dir(d[1], d[2], d[3], CU2CL_RZ);
// CHECK-CL: return (ival){cu2cl_dadd_dir(a.lo, b.lo, CU2CL_RD), cu2cl_dadd_dir(a.hi, b.hi, CU2CL_RU)};
