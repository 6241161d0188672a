// Cooperative groups (cooperative_groups.h, cooperative_groups/reduce.h):
// blocks, static and dynamic tiles, coalesced groups, grid groups,
// collectives and cg::reduce with every operator.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

template <int TILE>
__device__ float tile_sum(cg::thread_block_tile<TILE> t, float v) {
  for (int i = t.size() / 2; i > 0; i /= 2)
    v += t.shfl_down(v, i);
  return v;
}

__global__ void groups(const float *in, float *out, int *flags) {
  cg::thread_block block = cg::this_thread_block();
  unsigned int rank = block.thread_rank();
  unsigned int bsize = block.size() + block.num_threads();
  dim3 gi = block.group_index();
  dim3 ti = block.thread_index();
  dim3 gd = block.group_dim();
  block.sync();
  cg::sync(block);

  float v = in[rank];
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  auto tile8 = cg::tiled_partition<8>(warp);
  unsigned int lane = warp.thread_rank();
  unsigned int meta = warp.meta_group_rank() + warp.meta_group_size();
  float s = warp.shfl(v, 0) + warp.shfl_up(v, 1) + warp.shfl_down(v, 1) +
            warp.shfl_xor(v, 2) + tile8.shfl_xor(v, 1);
  int any = warp.any(v > 0.0f);
  int all = warp.all(v > 0.0f);
  unsigned int ballot = warp.ballot(v > 0.0f);
  unsigned int same = warp.match_any((int)v);
  warp.sync();
  tile8.sync();
  s += tile_sum<32>(warp, v) + tile_sum<8>(tile8, v);

  float r = cg::reduce(warp, v, cg::plus<float>()) +
            cg::reduce(warp, v, cg::less<float>()) +
            cg::reduce(warp, v, cg::greater<float>());
  int bits = (int)v;
  int b = cg::reduce(warp, bits, cg::bit_and<int>()) +
          cg::reduce(warp, bits, cg::bit_or<int>()) +
          cg::reduce(warp, bits, cg::bit_xor<int>());

  cg::thread_group dyn = cg::tiled_partition(block, 16);
  dyn.sync();
  unsigned long long drank = dyn.thread_rank() + dyn.size();

  if (rank % 3 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    unsigned int crank = active.thread_rank();
    float first = active.shfl(v, 0);
    active.sync();
    flags[rank] = (int)(crank + active.size() + first);
  }

  out[rank] = v + s + r +
              (float)(b + any + all + ballot + same + lane + meta + bsize +
                      gi.x + ti.x + gd.x + drank);
}

__global__ void whole_grid(float *data) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long i = grid.thread_rank();
  data[i] += 1.0f;
  if (grid.is_valid())
    grid.sync();
  data[i] += (float)(grid.size() + grid.num_blocks() + grid.block_rank());
}

int main() {
  float *d = nullptr;
  cudaMalloc(&d, 256 * sizeof(float));
  void *args[] = {&d};
  cudaLaunchCooperativeKernel((void *)whole_grid, dim3(1), dim3(256), args, 0,
                              0);
  groups<<<1, 256>>>(d, d, nullptr);
  return 0;
}
