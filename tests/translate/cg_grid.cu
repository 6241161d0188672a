// Cooperative groups' grid_group: its queries, grid.sync() and cg::sync(grid)
// (a barrier in cu2clrt's device runtime block), in a kernel and in a device
// function it calls; a <<<...>>> launch of such a kernel is a warning, a
// cooperative launch is not.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void publish(float *partial, float v)
{
    cg::grid_group grid = cg::this_grid();
    partial[grid.block_rank()] = v;
    grid.sync();
}

__global__ void phases(float *partial, float *out, unsigned long long *info)
{
    cg::thread_block block = cg::this_thread_block();
    cg::grid_group grid = cg::this_grid();
    publish(partial, (float)grid.thread_rank());
    if (grid.thread_rank() == 0) {
        float s = 0;
        for (unsigned long long b = 0; b < grid.num_blocks(); b++)
            s += partial[b];
        out[0] = s;
    }
    cg::sync(grid);
    out[1 + grid.thread_rank()] = out[0];
    if (grid.thread_rank() == 0) {
        info[0] = grid.size() + grid.num_threads();
        info[1] = grid.dim_blocks().x + grid.block_index().y;
        info[2] = grid.thread_index().x + grid.dim_threads().x;
        info[3] = grid.is_valid() + block.thread_rank();
    }
}
// CHECK-CL: void publish(__global float *partial, float v, __global uint *cu2cl_devrt);
// CHECK-CL: CU2CL_GRID_KERNEL __kernel void phases(
// CHECK-CL: publish(partial, (float)cu2cl_grid_thread_rank(), cu2cl_devrt);
// CHECK-CL: b < cu2cl_grid_num_blocks();
// CHECK-CL: cu2cl_grid_sync(cu2cl_devrt);
// CHECK-CL: info[0] = cu2cl_grid_num_threads() + cu2cl_grid_num_threads();
// CHECK-CL: get_num_groups(0)
// CHECK-CL: get_global_id(0)
// CHECK-CL: info[3] = true + cu2cl_local_linear_id();
// CHECK-CL-NOT: CU2CL_WARP_KERNEL __kernel void phases(

// A block's or grid's thread rank differs between threads: a shuffle under
// `rank < 32` is predicated on the emulation path. `rank == 0` is one
// thread (threadIdx.x 0): its reads and writes of the same array need no
// barrier between them.
__global__ void ranks(const float *in, float *partial, float *out) // EXPECT: CU2CL3011
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    cg::grid_group grid = cg::this_grid();
    float v = in[block.thread_rank()];
    if (block.thread_rank() < 32) // EXPECT: CU2CL3003
        v += tile.shfl_down(v, 1);
    if (grid.thread_rank() == 0) {
        float t = 0;
        for (unsigned long long k = 0; k < grid.num_blocks(); k++)
            t += partial[k];
        partial[0] = t;
    }
    out[block.thread_rank()] = v;
}
// CHECK-CL: __kernel void ranks(
// CHECK-CL: const bool cu2cl_p1 = (cu2cl_local_linear_id() < 32);
// the device function's body comes last
// CHECK-CL: partial[cu2cl_grid_block_rank()] = v;
// CHECK-CL: cu2cl_grid_sync(cu2cl_devrt);
// CHECK-CL-NOT: CU2CL_LOCKSTEP_BARRIER(CLK_GLOBAL_MEM_FENCE); /* cu2cl

int main()
{
    float *p = nullptr, *o = nullptr;
    unsigned long long *i = nullptr;
    phases<<<2, 64>>>(p, o, i); // EXPECT: CU2CL1104
    ranks<<<2, 64>>>(p, p, o);
    void *args[] = {&p, &o, &i};
    cudaLaunchCooperativeKernel((void *)phases, 2, 64, args, 0, nullptr);
    return 0;
}
// CHECK-HOST: cu2clLaunchCooperativeKernel(
