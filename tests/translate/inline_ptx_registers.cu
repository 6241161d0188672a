// Inline PTX that only reads special registers, in the forms real code
// writes: every register of rules/ptx_registers.def, u32/s32/b32 and 64-bit
// moves, with and without volatile, several moves in one statement, %N and
// %[name] operands (clang takes them; nvcc 13 does not), and a register
// written with one % (nvcc passes it through: cuda-samples'
// cudaGraphsPerfScaling reads %globaltimer so). The
// timer and the SM ids are only approximate off NVIDIA (CU2CL2008); any
// other assembly keeps CU2CL2106.
#include <cuda_runtime.h>

__device__ unsigned long long globaltimer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t)); // EXPECT: CU2CL2008
    return t;
}

__global__ void lanes(unsigned *out)
{
    unsigned lane, warp, nwarp, eq, le, lt, ge, gt;
    asm("mov.u32 %[l], %%laneid;\n\tmov.u32 %[w], %%warpid;"
        : [l] "=r"(lane), [w] "=r"(warp));
    asm volatile("mov.b32 %0, %%nwarpid;" : "=r"(nwarp));
    asm("mov.u32 %0, %%lanemask_eq;\n\t"
        "mov.u32 %1, %%lanemask_le;\n\t"
        "mov.u32 %2, %%lanemask_lt;" : "=r"(eq), "=r"(le), "=r"(lt));
    asm("mov.u32 %1, %%lanemask_gt; mov.u32 %0, %%lanemask_ge;"
        : "=r"(ge), "=r"(gt));
    out[0] = lane + warp + nwarp + eq + le + lt + ge + gt;
}

__global__ void ids(int *out)
{
    int tx, ty, tz, nx, ny, nz, bx, by, bz, gx, gy, gz;
    asm("mov.s32 %0, %%tid.x; mov.s32 %1, %%tid.y; mov.s32 %2, %%tid.z;"
        : "=r"(tx), "=r"(ty), "=r"(tz));
    asm("mov.u32 %0, %%ntid.x; mov.u32 %1, %%ntid.y; mov.u32 %2, %%ntid.z;"
        : "=r"(nx), "=r"(ny), "=r"(nz));
    asm("mov.u32 %0, %%ctaid.x; mov.u32 %1, %%ctaid.y; mov.u32 %2, %%ctaid.z;"
        : "=r"(bx), "=r"(by), "=r"(bz));
    asm("mov.u32 %0, %%nctaid.x;" : "=r"(gx));
    asm("mov.u32 %0, %%nctaid.y;" : "=r"(gy));
    asm("mov.u32 %0, %%nctaid.z;" : "=r"(gz));
    out[0] = tx + ty + tz + nx + ny + nz + bx + by + bz + gx + gy + gz;
}

__global__ void timers(unsigned long long *t, unsigned *s)
{
    unsigned c, lo, hi, sm, nsm;
    unsigned long long c64;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(c)); // EXPECT: CU2CL2007
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c64)); // EXPECT: CU2CL2007
    asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(lo)); // EXPECT: CU2CL2008
    asm volatile("mov.u32 %0, %%globaltimer_hi;" : "=r"(hi)); // EXPECT: CU2CL2008
    asm("mov.u32 %0, %%smid;" : "=r"(sm)); // EXPECT: CU2CL2008
    asm("mov.u32 %0, %%nsmid;" : "=r"(nsm)); // EXPECT: CU2CL2008
    t[0] = globaltimer() + c64;
    s[0] = c + lo + hi + sm + nsm;
}

// Not only register reads: kept for NVIDIA's OpenCL, with CU2CL2106.
__global__ void others(unsigned *out, unsigned a)
{
    unsigned x, y, z;
    asm("mov.u32 %0, %%clock64;" : "=r"(x)); // EXPECT: CU2CL2106
    asm("mov.u32 %0, %%laneid; add.u32 %0, %0, 1;" : "=r"(y)); // EXPECT: CU2CL2106
    asm("mov.u32 %0, %%laneid;" : "=r"(z) : "r"(a)); // EXPECT: CU2CL2106
    out[0] = x + y + z;
}

int main()
{
    lanes<<<1, 32>>>(nullptr);
    ids<<<1, 32>>>(nullptr);
    timers<<<1, 32>>>(nullptr, nullptr);
    others<<<1, 32>>>(nullptr, 0);
    return 0;
}
// CHECK-CL: __kernel void lanes(__global uint *out) {
// CHECK-CL: lane = (cu2cl_local_linear_id() & 31u); /* PTX %laneid */
// CHECK-CL: warp = (cu2cl_local_linear_id() >> 5); /* PTX %warpid */
// CHECK-CL: nwarp = ((cu2cl_local_group_size() + 31u) >> 5); /* PTX %nwarpid */
// CHECK-CL: eq = (1u << (cu2cl_local_linear_id() & 31u)); /* PTX %lanemask_eq */
// CHECK-CL: le = (uint)((2ul << (cu2cl_local_linear_id() & 31u)) - 1ul); /* PTX %lanemask_le */
// CHECK-CL: lt = ((1u << (cu2cl_local_linear_id() & 31u)) - 1u); /* PTX %lanemask_lt */
// CHECK-CL: ge = ~((1u << (cu2cl_local_linear_id() & 31u)) - 1u); /* PTX %lanemask_ge */
// CHECK-CL: gt = (uint)~((2ul << (cu2cl_local_linear_id() & 31u)) - 1ul); /* PTX %lanemask_gt */
// CHECK-CL: __kernel void ids(__global int *out) {
// CHECK-CL: tx = (uint)get_local_id(0); /* PTX %tid.x */
// CHECK-CL: ty = (uint)get_local_id(1); /* PTX %tid.y */
// CHECK-CL: tz = (uint)get_local_id(2); /* PTX %tid.z */
// CHECK-CL: nx = (uint)get_local_size(0); /* PTX %ntid.x */
// CHECK-CL: nz = (uint)get_local_size(2); /* PTX %ntid.z */
// CHECK-CL: bx = (uint)get_group_id(0); /* PTX %ctaid.x */
// CHECK-CL: bz = (uint)get_group_id(2); /* PTX %ctaid.z */
// CHECK-CL: gx = (uint)get_num_groups(0); /* PTX %nctaid.x */
// CHECK-CL: gy = (uint)get_num_groups(1); /* PTX %nctaid.y */
// CHECK-CL: gz = (uint)get_num_groups(2); /* PTX %nctaid.z */
// CHECK-CL: __kernel void timers(__global ulong *t, __global uint *s, __global uint *cu2cl_devrt) {
// CHECK-CL: c = (uint)cu2cl_clock(cu2cl_devrt); /* PTX %clock */
// CHECK-CL: c64 = (ulong)cu2cl_clock64(cu2cl_devrt); /* PTX %clock64 */
// CHECK-CL: lo = (uint)cu2cl_globaltimer(cu2cl_devrt); /* PTX %globaltimer_lo */
// CHECK-CL: hi = (uint)(cu2cl_globaltimer(cu2cl_devrt) >> 32); /* PTX %globaltimer_hi */
// CHECK-CL: sm = cu2cl_smid(); /* PTX %smid */
// CHECK-CL: nsm = cu2cl_nsmid(); /* PTX %nsmid */
// CHECK-CL: t[0] = globaltimer(cu2cl_devrt) + c64;
// CHECK-CL: __kernel void others(__global uint *out, uint a) {
// CHECK-CL: #error "cu2cl: the inline PTX of source line 65 runs only on NVIDIA's OpenCL (CU2CL2106)"
// CHECK-CL: #error "cu2cl: the inline PTX of source line 66 runs only on NVIDIA's OpenCL (CU2CL2106)"
// CHECK-CL: #error "cu2cl: the inline PTX of source line 67 runs only on NVIDIA's OpenCL (CU2CL2106)"
// CHECK-CL: ulong globaltimer(__global uint *cu2cl_devrt) {
// CHECK-CL: t = cu2cl_globaltimer(cu2cl_devrt); /* PTX %globaltimer */
