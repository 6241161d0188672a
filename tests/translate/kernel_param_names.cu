// Kernel parameters named as the launch stub's own (HeCBench kernelLaunch:
// `__global__ void KernelWithSmallArgs(SmallKernelArgs args, char *out)`).
// The stub's names are cu2cl_ ones, so that the kernel's keep theirs (the
// port's `cu2clArg args[]` redefined the parameter `args`).
#include <cuda_runtime.h>

struct Args {
    char args[16];
};

__global__ void named(Args args, int *grid, int block, size_t shmem,
                      int stream) {
    grid[threadIdx.x] = args.args[threadIdx.x % 16] + block + (int)shmem + stream;
}

int main() {
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    Args a = {};
    named<<<1, 32>>>(a, d, 1, 2, 3);
    return cudaDeviceSynchronize() != cudaSuccess;
}
// CHECK-HOST: cu2clStream_t cu2cl_stream, Args args, int *grid, int block, size_t shmem, int stream) {
// CHECK-HOST: cu2clArg cu2cl_args[] = {
// CHECK-HOST: {CU2CL_ARG_VALUE, sizeof(args), &args},
