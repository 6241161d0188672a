// Cooperative groups: groups are handles; tile operations use the tile
// size from the type.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tiles(const double *in, double *out) // EXPECT: CU2CL3011 CU2CL2004
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    cg::thread_block_tile<8> small = cg::tiled_partition<8>(tile);
    double v = in[block.thread_rank()];
    for (int off = tile.size() / 2; off > 0; off /= 2)
        v += tile.shfl_down(v, off);
    double r = cg::reduce(small, v, cg::plus<double>());
    block.sync();
    int votes = small.any(v > 0.0);
    unsigned m = small.match_any(1); // EXPECT: CU2CL3001
    if (tile.thread_rank() == 0)
        out[block.group_index().x] = v + r + votes + m;
}
// CHECK-CL: cu2cl_cg_group block = 0u;
// CHECK-CL: cu2cl_cg_group small = 8u;
// CHECK-CL: double v = in[cu2cl_local_linear_id()];
// CHECK-CL: for (int off = 32u / 2; off > 0; off /= 2)
// CHECK-CL: v += cu2cl_shfl_down_double(cu2cl_warp_scratch, 0xffffffffu, v, off, 32);
// CHECK-CL: double r = cu2cl_tile_reduce_add_double(cu2cl_warp_scratch, v, 8u);
// CHECK-CL: int votes = cu2cl_tile_any(cu2cl_warp_scratch, (v > 0.0), 8u);

int main() { tiles<<<2, 64>>>(nullptr, nullptr); return 0; }
