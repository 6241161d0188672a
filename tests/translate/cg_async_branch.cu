// Group copies and waits of a partition's coalesced group, in the branch
// its threads took: the group's own lanes, so no divergent-mask warning
// (the toolkit's cg::wait syncs the group's mask inside its header).
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void odd_copy(const int *in, int *out) // EXPECT: CU2CL3011
{
    __shared__ int part[64];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int v = in[threadIdx.x];
    cg::coalesced_group g = cg::binary_partition(warp, v & 1);
    int first = warp.meta_group_rank() * warp.size();
    if (v & 1) { // EXPECT: CU2CL3003
        cg::memcpy_async(g, &part[first], in + 64, 5 * sizeof(int));
        cg::wait(g);
        out[threadIdx.x] = part[first + g.thread_rank() % 5];
    }
    cg::memcpy_async(block, part, in, sizeof(int) * 64);
    cg::wait_prior<0>(block);
    out[threadIdx.x] += part[63 - threadIdx.x];
}
// CHECK-CL: cu2cl_group_copy_local_global((&part[first]), (in + 64), (ulong)((5 * 4UL)), cu2cl_cg_thread_rank(g), cu2cl_cg_size(g));
// CHECK-CL: cu2cl_cg_sync(cu2cl_warp_scratch, g);
// CHECK-CL: cu2cl_group_copy_local_global(part, in, (ulong)((4UL * 64)), cu2cl_local_linear_id(), cu2cl_local_group_size());
// CHECK-CL: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);


__device__ unsigned members(const cg::coalesced_group *g) { return g->size(); }
__global__ void by_pointer(const int *in, unsigned *out) // EXPECT: CU2CL3011
{
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    cg::coalesced_group g = cg::labeled_partition(warp, in[threadIdx.x]);
    out[threadIdx.x] = members(&g);
}
// CHECK-CL: return cu2cl_cg_size((*g));

int main() {
  odd_copy<<<1, 64>>>(nullptr, nullptr);
  by_pointer<<<1, 64>>>(nullptr, nullptr);
  return 0;
}
