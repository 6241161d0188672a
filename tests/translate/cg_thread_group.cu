// A generic thread_group: its handle says which group (0 the block, N a
// tile of N threads), so blocks and tiles convert to it as their handles
// and tiled_partition(parent, n) takes n at run time. A thread_group made
// from a coalesced group (its lanes) has no translation.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int rankSum(cg::thread_group g, int *x) {
    x[g.thread_rank()] = (int)g.size();
    g.sync();
    return x[0] + (int)g.num_threads();
}

__device__ int viaRef(const cg::thread_group &g) {
    cg::sync(g);
    return (int)cg::thread_rank(g) + (int)cg::group_size(g);
}

__global__ void groups(int *out, int n) // EXPECT: CU2CL3011
{
    __shared__ int x[64];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    cg::thread_group dyn = cg::tiled_partition(block, n);
    cg::thread_group sub = cg::tiled_partition(dyn, 4);
    out[threadIdx.x] = rankSum(block, x) + rankSum(t16, x) + rankSum(dyn, x) +
                       viaRef(sub) + viaRef(t16);
}

__global__ void fromCoalesced(int *out) // EXPECT: CU2CL3011
{
    cg::coalesced_group all = cg::coalesced_threads();
    out[threadIdx.x] = viaRef(all); // EXPECT: CU2CL3001
}
// CHECK-CL: cu2cl_cg_group block = 0u;
// CHECK-CL: cu2cl_cg_group t16 = 16u;
// CHECK-CL: cu2cl_cg_group dyn = cu2cl_tg_tile(block, (uint)(n));
// CHECK-CL: cu2cl_cg_group sub = cu2cl_tg_tile(dyn, (uint)(4));
// CHECK-CL: rankSum_l(block, x, cu2cl_warp_scratch) + rankSum_l(t16, x, cu2cl_warp_scratch)
// CHECK-CL: int rankSum_l(cu2cl_cg_group g, __local int *x, __local ulong *cu2cl_warp_scratch) {
// CHECK-CL: x[cu2cl_tg_thread_rank(g)] = (int)cu2cl_tg_size(g);
// CHECK-CL: cu2cl_tg_sync(cu2cl_warp_scratch, g);
// CHECK-CL: return x[0] + (int)cu2cl_tg_size(g);
// CHECK-CL: cu2cl_tg_sync(cu2cl_warp_scratch, g);
// CHECK-CL: return (int)cu2cl_tg_thread_rank(g) + (int)cu2cl_tg_size(g);

int main() { groups<<<1, 64>>>(nullptr, 8); fromCoalesced<<<1, 64>>>(nullptr); return 0; }
