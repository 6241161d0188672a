// Inline PTX: a move from a special register becomes its OpenCL C value on
// every device; other assembly is kept for NVIDIA's OpenCL only, reported
// as an error, and stops the program's build on other devices.
#include <cuda_runtime.h>

__device__ unsigned add_ptx(unsigned a, unsigned b)
{
    unsigned r;
    asm volatile("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b) : "memory"); // EXPECT: CU2CL2106
    return r;
}

__global__ void k(unsigned *out, unsigned long long *t, unsigned *sum)
{
    unsigned lane, warp, lt, cta;
    unsigned long long c;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(warp));
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    asm("mov.u32 %0, %%ctaid.x;" : "=r"(cta));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c)); // EXPECT: CU2CL2007
    out[threadIdx.x] = lane + warp + lt + cta;
    t[threadIdx.x] = c;
    sum[threadIdx.x] = add_ptx(lane, warp);
}

int main() { k<<<1, 32>>>(nullptr, nullptr, nullptr); return 0; }
// CHECK-CL: __kernel void k(__global uint *out, __global ulong *t, __global uint *sum, __global uint *cu2cl_devrt) {
// CUDA's lanes from the linear index, whatever sub-group size a device picks
// for a kernel with no other warp operation
// CHECK-CL: lane = (cu2cl_local_linear_id() & 31u); /* PTX %laneid */
// CHECK-CL: warp = (cu2cl_local_linear_id() >> 5); /* PTX %warpid */
// CHECK-CL: lt = ((1u << (cu2cl_local_linear_id() & 31u)) - 1u); /* PTX %lanemask_lt */
// CHECK-CL: cta = (uint)get_group_id(0); /* PTX %ctaid.x */
// CHECK-CL: c = (ulong)cu2cl_clock64(cu2cl_devrt); /* PTX %clock64 */
// CHECK-CL: uint add_ptx(uint a, uint b) {
// CHECK-CL: #ifdef CU2CL_NVIDIA
// CHECK-CL: __asm__ volatile("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b) : "memory");
// CHECK-CL: #else
// CHECK-CL: #error "cu2cl: the inline PTX of source line 9 runs only on NVIDIA's OpenCL (CU2CL2106)"
// CHECK-CL-NOT: CU2CL2101
