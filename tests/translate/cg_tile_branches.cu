// Tile collectives under branches: threadIdx.x < C with C a multiple of
// the tile's size keeps whole tiles, and a loop whose trip count comes
// from the tile's size is uniform: no finding. A condition that splits a
// tile is reported (CU2CL3014); a loop whose trip count differs inside a
// tile runs under a live flag (docs/warp.md).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define ROWS 8

__global__ void whole(const double *in, double *sum) // EXPECT: CU2CL3011 CU2CL2004 CU2CL2005
{
    cg::thread_block cta = cg::this_thread_block();
    if (threadIdx.x < ROWS) { // EXPECT: CU2CL3003
        cg::thread_block_tile<ROWS> tile8 = cg::tiled_partition<ROWS>(cta);
        double s = in[threadIdx.x];
        for (int off = tile8.size() / 2; off > 0; off /= 2)
            s += tile8.shfl_down(s, off);
        if (tile8.thread_rank() == 0)
            atomicAdd(sum, s);
    }
    if (threadIdx.x >= 16) { // EXPECT: CU2CL3003
        cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(cta);
        sum[threadIdx.x] = t16.any(in[threadIdx.x] > 0.0);
    }
}

__global__ void split(const int *in, int *out) // EXPECT: CU2CL3011
{
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(cta);
    int v = in[threadIdx.x];
    if (threadIdx.x < 4) // EXPECT: CU2CL3003
        v = tile8.shfl_down(v, 1); // EXPECT: CU2CL3014
    if (threadIdx.x < 16) { // EXPECT: CU2CL3003
        for (int k = tile8.thread_rank(); k < 8; k += 4)
            v += tile8.shfl_xor(v, 1);
    }
    out[threadIdx.x] = v;
}
// CHECK-CL: cu2cl_cg_group tile8 = 8u;
// CHECK-CL: for (int off = 8u / 2; off > 0; off /= 2)
// CHECK-CL: cu2cl_shfl_down_double(cu2cl_warp_scratch, cu2cl_tile_mask(8u), s, off, 8);
// CHECK-CL: cu2cl_tile_any(cu2cl_warp_scratch, (in[(uint)get_local_id(0)] > 0.0), 16u)
// CHECK-CL: cu2cl_l4 = cu2cl_l4 && (k < 8);

int main() { whole<<<1, 64>>>(nullptr, nullptr); split<<<1, 64>>>(nullptr, nullptr); return 0; }
