// Coalesced groups from partitions carry their lanes (a handle computed by
// the partition), as does coalesced_threads() (the lanes that reach it); tiles
// of coalesced groups have no translation.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void parts(const int *in, int *out) // EXPECT: CU2CL3011
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[threadIdx.x];
    cg::coalesced_group odd = cg::binary_partition(tile, v & 1);
    auto lab = cg::labeled_partition(odd, v % 7);
    auto copy = lab;
    out[threadIdx.x] = copy.thread_rank() + lab.size() + lab.meta_group_rank() +
                       cg::reduce(odd, v, cg::greater<int>()) + odd.shfl(v, 1);
    cg::sync(lab);
    cg::coalesced_group active = cg::coalesced_threads();
    cg::coalesced_group t4 = cg::tiled_partition(odd, 4); // EXPECT: CU2CL3001
    out[0] = active.size() + t4.size();
}
// CHECK-CL: cu2cl_cg_coalesced odd = cu2cl_cg_binary_partition(cu2cl_warp_scratch, cu2cl_tile_mask(32u), (v & 1));
// CHECK-CL: cu2cl_cg_coalesced lab = cu2cl_cg_labeled_partition32(cu2cl_warp_scratch, (uint)(odd), (uint)((v % 7)));
// CHECK-CL: cu2cl_cg_coalesced copy = lab;
// CHECK-CL: cu2cl_cg_thread_rank(copy) + cu2cl_cg_size(lab) + cu2cl_cg_meta_group_rank(lab)
// CHECK-CL: cu2cl_cg_reduce_max_int(cu2cl_warp_scratch, odd, v) + cu2cl_cg_shfl_int(cu2cl_warp_scratch, odd, v, 1)
// CHECK-CL: cu2cl_cg_sync(cu2cl_warp_scratch, lab);
// CHECK-CL: cu2cl_cg_coalesced active = cu2cl_cg_coalesced_threads(cu2cl_warp_scratch, true);

int main() { parts<<<1, 64>>>(nullptr, nullptr); return 0; }
