// cg::reduce with the program's own operators: each (group, type, operator)
// gets a helper that shuffles the value as 32-bit words and calls the
// operator; what a helper cannot call is reported.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

struct Pair { int a; short b; };
__device__ Pair both(Pair x, Pair y) { return Pair{x.a + y.a, (short)(x.b | y.b)}; }

namespace mine {
template <class T> struct plus { // not cooperative_groups::plus
  __device__ T operator()(T a, T b) const { return a * b; }
};
}

__constant__ int bias;
__device__ int biased(int a, int b) { return a + b + bias; }

__global__ void ops(int *out) // EXPECT: CU2CL3011
{
    cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
    Pair p = cg::reduce(t, Pair{1, 2}, both);
    int s = 3;
    int m = cg::reduce(t, (int)threadIdx.x, [s](int a, int b) { return a + b * s; });
    int q = cg::reduce(t, m, mine::plus<int>());
    int (*f)(int, int) = biased; // EXPECT: CU2CL2201 CU2CL2103
    int r = cg::reduce(t, q, f); // EXPECT: CU2CL2103
    int u = cg::reduce(t, q, biased); // EXPECT: CU2CL3001
    out[threadIdx.x] = p.a + p.b + m + q + r + u;
}
// CHECK-CL: Pair cu2cl_cg_reduce_user0(__local ulong *ws, Pair v) {
// CHECK-CL: union { Pair v; uint w[(sizeof(Pair) + 3) / 4]; } s, o;
// CHECK-CL: uint rank = lane & 15u, mask = cu2cl_tile_mask(16u);
// CHECK-CL: o.w[i] = cu2cl_shfl_down_uint(ws, mask, s.w[i], k, 16);
// CHECK-CL: s.v = both(a, b);
// CHECK-CL: s.v = lambda_cg_reduce_ops_cu_25_45_operator_call(op, a, b);
// CHECK-CL: Pair p = cu2cl_cg_reduce_user0(cu2cl_warp_scratch, ((Pair){1, 2}));
// CHECK-CL: int m = cu2cl_cg_reduce_user1(cu2cl_warp_scratch, ((int)(uint)get_local_id(0)), (((lambda_cg_reduce_ops_cu_25_45){s})));
// CHECK-CL: int q = cu2cl_cg_reduce_user2(cu2cl_warp_scratch, m);
// CHECK-CL-NOT: cu2cl_tile_reduce_add_int

int main() { ops<<<1, 32>>>(nullptr); return 0; }
