// Values the whole block shares: a thread block's sync (cg::sync(block),
// block.sync()) is a work-group barrier and makes no kernel a warp kernel,
// and a __shared__ variable that one thread sets is the same for every
// thread after the barrier, so a branch on it and a loop bounded by it are
// uniform: no predication, no CU2CL3002/3003/3011.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// an up-sweep whose depth comes from its caller
__device__ void up_sweep(unsigned *s, unsigned n, cg::thread_block cta)
{
    unsigned offset = 1;
    for (int d = (int)(n >> 1); d > 0; d >>= 1) {
        cg::sync(cta);
        if (threadIdx.x < (unsigned)d) {
            unsigned ai = offset * (2 * threadIdx.x + 1) - 1;
            unsigned bi = offset * (2 * threadIdx.x + 2) - 1;
            s[bi] += s[ai];
        }
        offset <<= 1;
    }
    cg::sync(cta);
}

__global__ void sweep(unsigned *out, const unsigned *in)
{
    cg::thread_block cta = cg::this_thread_block();
    __shared__ unsigned s[256];
    __shared__ unsigned count;
    __shared__ int more;
    if (threadIdx.x == 0) {
        count = in[0];
        more = count > 1;
    }
    s[threadIdx.x] = in[threadIdx.x + 1];
    cta.sync();
    if (more)
        up_sweep(s, count, cta);
    out[threadIdx.x] = s[threadIdx.x];
}
// CHECK-CL: if (more)
// CHECK-CL-NOT: [CU2CL_WARP_SCRATCH_SIZE]; /* warp operations */
// CHECK-CL-NOT: bool cu2cl_active
