// Thread geometry in three dimensions and warpSize as a value.
#include <cuda_runtime.h>

__global__ void geometry(int *out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int w = gridDim.x * gridDim.y * gridDim.z;
    out[x + y + z] = w + warpSize;
}
// CHECK-CL: __kernel void geometry(__global int *out)
// CHECK-CL: int x = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
// CHECK-CL: int z = (uint)get_group_id(2) * (uint)get_local_size(2) + (uint)get_local_id(2);
// CHECK-CL: int w = (uint)get_num_groups(0) * (uint)get_num_groups(1) * (uint)get_num_groups(2);
// CHECK-CL: out[x + y + z] = w + CU2CL_WARP_SIZE;
// CHECK-HOST: #include "cu2clrt.h"
// CHECK-HOST: static cu2clProgram cu2cl_program = {"builtins.cl", cu2cl_source_builtins, NULL, NULL};
// CHECK-HOST: cu2clError_t cu2cl_launch_geometry(dim3 cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,
// CHECK-HOST: {CU2CL_ARG_DEVPTR, sizeof(out), &out},
// CHECK-HOST-NOT: __global__

int main()
{
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    geometry<<<dim3(2, 2, 2), dim3(2, 2, 2)>>>(d);
    cudaFree(d);
    return 0;
}
// CHECK-HOST-NOT: cudaMalloc(
// CHECK-HOST: cu2clMalloc(&d, 64 * sizeof(int));
// CHECK-HOST: cu2cl_launch_geometry(dim3(2, 2, 2), dim3(2, 2, 2), 0, 0, d);
// CHECK-HOST: cu2clFree(d);
