// CUB's block-level primitives in a kernel that is not a template (its
// declaration begins with the __global__ macro), translated from cu2cl's
// own CUB with either header set (tests/projects/cub_host_use: named in
// host code, a primitive is reported).
#include <cub/cub.cuh>

#define THREADS 128

__global__ void block_sum(const int *in, int *out)
{
    typedef cub::BlockReduce<int, THREADS> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    int sum = BlockReduce(temp_storage).Sum(in[threadIdx.x]);
    if (threadIdx.x == 0)
        out[blockIdx.x] = sum;
}

// CHECK-CL: #define CU2CL_SPACE_cub_BlockReduce_int_128_temp __local
// CHECK-CL: __local cub_BlockReduce_int_128_TempStorage temp_storage;
// CHECK-CL: int sum = (cu2cl_t1 = cub_BlockReduce_int_128_make_l(&temp_storage), cub_BlockReduce_int_128_Sum_p(&cu2cl_t1, in[(uint)get_local_id(0)]));
// CHECK-CL: barrier(CLK_LOCAL_MEM_FENCE
// CHECK-HOST-NOT: cu2cl_cub::BlockReduce
