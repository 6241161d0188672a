// coalesced_threads(): the warp's lanes that reach the call. Under an if
// (predicated where warps are emulated) the group is the lanes whose
// predicate holds; in a loop whose trip count differs between threads, a
// switch on a varying value or a conditional operand the lanes are not
// known (CU2CL3015).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int aggInc(int *ctr) {
    cg::coalesced_group g = cg::coalesced_threads();
    int first = 0;
    if (g.thread_rank() == 0)
        first = atomicAdd(ctr, g.size());
    return g.shfl(first, 0) + g.thread_rank();
}

__global__ void branch(int *dst, int *n, const int *src) // EXPECT: CU2CL3011
{
    int i = threadIdx.x;
    if (src[i] > 0) // EXPECT: CU2CL3003
        dst[aggInc(n)] = src[i];
    for (int k = 0; k < 4; k++) { // a uniform loop
        if (src[i] > k) // EXPECT: CU2CL3003
            dst[aggInc(n)] = k;
    }
}

__global__ void unknown(int *dst, int *n, const int *src, int len) // EXPECT: CU2CL3011
{
    int i = threadIdx.x;
    dst[i] = src[i] > 0 ? aggInc(n) : -1; // EXPECT: CU2CL3015
    for (int j = i; j < len; j += 32) { // EXPECT: CU2CL3003
        if (src[j] > 0)
            dst[aggInc(n)] = j; // EXPECT: CU2CL3015
    }
    switch (src[i]) {
    case 1:
        dst[i] = cg::coalesced_threads().size(); // EXPECT: CU2CL3015
        break;
    }
}
// CHECK-CL: const bool cu2cl_p1 = (src[i] > 0);
// CHECK-CL: int cu2cl_t2 = aggInc_pred(cu2cl_p1, n, cu2cl_warp_scratch);
// CHECK-CL: dst[aggInc(n, cu2cl_warp_scratch)] = src[i];
// CHECK-CL: int aggInc_pred(bool cu2cl_active, __global int *ctr, __local ulong *cu2cl_warp_scratch) {
// CHECK-CL: cu2cl_cg_coalesced g = cu2cl_cg_coalesced_threads(cu2cl_warp_scratch, cu2cl_active);
// CHECK-CL: int aggInc(__global int *ctr, __local ulong *cu2cl_warp_scratch) {
// CHECK-CL: cu2cl_cg_coalesced g = cu2cl_cg_coalesced_threads(cu2cl_warp_scratch, true);

int main() { branch<<<1, 64>>>(nullptr, nullptr, nullptr); unknown<<<1, 64>>>(nullptr, nullptr, nullptr, 0); return 0; }
