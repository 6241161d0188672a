// Asynchronous copies into shared memory, each against a reference
// computed here: a double-buffered pipeline of a thread's own copies
// (__pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior) with
// zero fill, and group copies (cooperative_groups::memcpy_async with wait
// and wait_prior<1>) by a block, by 16-wide tiles and by a coalesced group,
// over several stages. Every thread reads what other threads copied.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdio>
#include <cuda_pipeline_primitives.h>
#include <cuda_runtime.h>
#include <vector>

namespace cg = cooperative_groups;

#define B 64 // threads per block
#define S 5  // stages

// Stage s of block b holds in[(b * S + s) * B + t]; each thread sums its
// right neighbour's element of every stage.
__global__ void primitives(const int *in, int *out, int *pad) {
  __shared__ int buf[2][B];
  __shared__ int two[B * 2];
  int t = threadIdx.x;
  const int *base = in + blockIdx.x * S * B;
  __pipeline_memcpy_async(&buf[0][t], &base[t], sizeof(int));
  __pipeline_commit();
  int acc = 0;
  for (int s = 0; s < S; s++) {
    if (s + 1 < S)
      __pipeline_memcpy_async(&buf[(s + 1) % 2][t], &base[(s + 1) * B + t],
                              sizeof(int));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    acc += buf[s % 2][(t + 1) % B] * (s + 1);
    __syncthreads();
  }
  out[blockIdx.x * B + t] = acc;
  // 8 bytes, the last 4 of them zero-filled
  __pipeline_memcpy_async(&two[2 * t], &base[2 * (t % 32)], 8, 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  pad[blockIdx.x * B * 2 + 2 * t] = two[2 * ((t + 3) % B)];
  pad[blockIdx.x * B * 2 + 2 * t + 1] = two[2 * ((t + 3) % B) + 1];
}

// The block copies 37 ints a stage (not one per thread); double buffered.
__global__ void groups(const int *in, int *out, int *tiles, int *odd) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int stage[2][40];
  __shared__ int part[B];
  int t = threadIdx.x;
  const int *base = in + blockIdx.x * S * B;
  cg::memcpy_async(block, stage[0], base, sizeof(int) * 37);
  int acc = 0;
  for (int s = 0; s < S; s++) {
    if (s + 1 < S) {
      cg::memcpy_async(block, stage[(s + 1) % 2], base + (s + 1) * B,
                       sizeof(int) * 37);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    acc += stage[s % 2][(t * 7) % 37];
    block.sync();
  }
  out[blockIdx.x * B + t] = acc;
  // each 16-wide tile copies its own 16 values, then reads them reversed
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int first = t / 16 * 16;
  cg::memcpy_async(tile, &part[first], base + B + first, 16 * sizeof(int));
  cg::wait(tile);
  tiles[blockIdx.x * B + t] = part[first + 15 - t % 16];
  block.sync();
  // the odd values of each warp, copied by the threads that hold one
  int v = base[t];
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::coalesced_group g = cg::binary_partition(warp, v & 1);
  if (v & 1) {
    cg::memcpy_async(g, &part[t / 32 * 32], base + 2 * B, 5 * sizeof(int));
    cg::wait(g);
    odd[blockIdx.x * B + t] = part[t / 32 * 32 + g.thread_rank() % 5];
  } else {
    odd[blockIdx.x * B + t] = -1;
  }
}

static int check(const char *what, const std::vector<int> &got,
                 const std::vector<int> &want) {
  int bad = 0;
  for (size_t i = 0; i < got.size(); i++)
    if (got[i] != want[i] && bad++ < 8)
      printf("%s[%zu]: got %d, want %d\n", what, i, got[i], want[i]);
  return bad;
}

static std::vector<int> get(const int *d, size_t n) {
  std::vector<int> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
  return h;
}

int main() {
  const int blocks = 3, n = blocks * S * B;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++)
    in[i] = (i * 37 + 11) % 101;
  int *din, *dout, *dpad, *dtiles, *dodd;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, blocks * B * sizeof(int));
  cudaMalloc(&dpad, blocks * B * 2 * sizeof(int));
  cudaMalloc(&dtiles, blocks * B * sizeof(int));
  cudaMalloc(&dodd, blocks * B * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  std::vector<int> out(blocks * B), pad(blocks * B * 2), gout(blocks * B),
      tiles(blocks * B), odd(blocks * B);
  for (int b = 0; b < blocks; b++) {
    const int *base = &in[b * S * B];
    for (int t = 0; t < B; t++) {
      int i = b * B + t, acc = 0, gacc = 0;
      for (int s = 0; s < S; s++) {
        acc += base[s * B + (t + 1) % B] * (s + 1);
        gacc += base[s * B + (t * 7) % 37];
      }
      out[i] = acc;
      gout[i] = gacc;
      int u = (t + 3) % B;
      pad[2 * i] = base[2 * (u % 32)];
      pad[2 * i + 1] = 0;
      tiles[i] = base[B + t / 16 * 16 + 15 - t % 16];
      int rank = 0;
      for (int l = t / 32 * 32; l < t; l++)
        rank += base[l] & 1;
      odd[i] = base[t] & 1 ? base[2 * B + rank % 5] : -1;
    }
  }
  int bad = 0;
  primitives<<<blocks, B>>>(din, dout, dpad);
  bad += check("pipeline", get(dout, out.size()), out);
  bad += check("zero fill", get(dpad, pad.size()), pad);
  groups<<<blocks, B>>>(din, dout, dtiles, dodd);
  bad += check("block copy", get(dout, gout.size()), gout);
  bad += check("tile copy", get(dtiles, tiles.size()), tiles);
  bad += check("coalesced copy", get(dodd, odd.size()), odd);
  printf(bad ? "FAIL (%d mismatches)\n" : "PASS\n", bad);
  return bad != 0;
}
