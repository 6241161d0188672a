// static_assert (and other declarations that are no variables) inside a
// branch that holds a warp collective, which cu2cl predicates (HeCBench
// score: `if (threadIdx.x < WARP_SIZE) { static_assert(...); ... }`): it
// has nothing to print, as outside such a branch.
#define W 32
__global__ void k(int *out) { // EXPECT: CU2CL3011
  static_assert(W == 32, "warp");
  if (threadIdx.x < W) { // EXPECT: CU2CL3003
    static_assert(W % 2 == 0, "even");
    typedef int lane_t;
    lane_t v = out[threadIdx.x];
    v += __shfl_down_sync(0xffffffff, v, 1);
    out[threadIdx.x] = v;
  }
}
// CHECK-CL-NOT: static_assert(
