// Per-lane stacks (HeCBench bm3d's block matching): each thread keeps to
// the elements of its own lane's residue, s[lane + k * warpSize] with k
// the data's, so no two threads of one warp meet there and nothing relies
// on a warp's lockstep: no barrier, and none to place in the loop that
// threads leave early (CU2CL3002 before). A read of another lane's element
// is an exchange and still gets its barrier.
#include <cuda_runtime.h>

__global__ void stacks(const unsigned *in, unsigned short *out, int n) {
  __shared__ unsigned char count[4 * 32];
  __shared__ unsigned vals[4 * 32 * 8];
  int tid = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  count[tid + wid * warpSize] = 0;
  __syncthreads();
  for (int i = 0; i < n; i++) {
    unsigned v = in[i * blockDim.x + threadIdx.x];
    int c = count[tid + wid * warpSize];
    if (c < 8 && v & 1) {
      vals[(c * 32 + tid) * 4 + wid] = v;
      count[tid + wid * warpSize] = (unsigned char)(c + 1);
    }
  }
  __syncthreads();
  if (wid > 0)
    return;
  for (int j = 0; j < 8; ++j) {
    unsigned best = 0xFFFFFFFF, at = 0;
    for (int w = 0; w < 4; ++w) {
      unsigned char c = count[tid + w * warpSize];
      if (c == 0)
        continue;
      unsigned v = vals[((c - 1) * 32 + tid) * 4 + w];
      if (v < best)
        best = v, at = w;
    }
    if (best == 0xFFFFFFFF)
      break;
    count[tid + at * warpSize]--;
    out[j * 32 + tid] = (unsigned short)best;
  }
}

__global__ void exchange(unsigned *out) {
  __shared__ unsigned s[64];
  int lane = threadIdx.x & 31;
  s[lane + 32] = lane;
  out[threadIdx.x] = s[((lane + 1) & 31) + 32]; // EXPECT: CU2CL3012
}
// CHECK-CL: __kernel void stacks(
// CHECK-CL-NOT: CU2CL3002
