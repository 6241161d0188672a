// device_query.cu - device enumeration, properties and attributes.
//
// Covers: cudaGetDeviceCount, cudaSetDevice, cudaGetDevice,
// cudaGetDeviceProperties (name, memory, limits), cudaDeviceGetAttribute,
// and sizing a launch from the queried limits. Values differ between GPUs
// and the OpenCL CPU device, so only their plausibility is checked, plus
// the agreement of the property struct with the attribute queries.

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__,   \
                    cudaGetErrorString(err_));                               \
            printf("FAIL\n");                                                \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

__global__ void iota(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = i;
}

int main()
{
    printf("device_query: device count, properties, attributes, launch sized from them\n");
    int errors = 0;

    int count = 0;
    CHECK(cudaGetDeviceCount(&count));
    printf("%d device(s)\n", count);
    if (count < 1) {
        printf("FAIL\n");
        return 1;
    }

    const int dev = count - 1;  // the last one, to make cudaSetDevice matter
    CHECK(cudaSetDevice(dev));
    int current = -1;
    CHECK(cudaGetDevice(&current));
    if (current != dev) {
        fprintf(stderr, "cudaGetDevice returned %d after cudaSetDevice(%d)\n", current, dev);
        ++errors;
    }

    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, dev));
    printf("device %d: %s\n", dev, prop.name);
    printf("  compute capability %d.%d, %d multiprocessors\n", prop.major, prop.minor,
           prop.multiProcessorCount);
    printf("  global memory %zu MiB, shared memory per block %zu KiB\n",
           prop.totalGlobalMem >> 20, prop.sharedMemPerBlock >> 10);
    printf("  warp size %d, max threads per block %d, max block (%d, %d, %d)\n",
           prop.warpSize, prop.maxThreadsPerBlock, prop.maxThreadsDim[0],
           prop.maxThreadsDim[1], prop.maxThreadsDim[2]);
    printf("  max grid (%d, %d, %d)\n", prop.maxGridSize[0], prop.maxGridSize[1],
           prop.maxGridSize[2]);

    // Plausibility: what any CUDA-capable device (or a stand-in) provides.
    if (prop.name[0] == '\0') ++errors;
    if (prop.warpSize < 1 || prop.warpSize > 1024) ++errors;
    if (prop.maxThreadsPerBlock < 256) ++errors;
    if (prop.maxThreadsDim[0] < 256 || prop.maxThreadsDim[1] < 1 || prop.maxThreadsDim[2] < 1)
        ++errors;
    if (prop.maxGridSize[0] < 65535) ++errors;
    if (prop.totalGlobalMem < (64u << 20)) ++errors;
    if (prop.sharedMemPerBlock < 16 * 1024) ++errors;
    if (prop.multiProcessorCount < 1) ++errors;

    // Attribute queries must agree with the property struct.
    int warp = 0, maxThreads = 0, smCount = 0, maxShared = 0;
    CHECK(cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, dev));
    CHECK(cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock, dev));
    CHECK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, dev));
    CHECK(cudaDeviceGetAttribute(&maxShared, cudaDevAttrMaxSharedMemoryPerBlock, dev));
    if (warp != prop.warpSize || maxThreads != prop.maxThreadsPerBlock ||
        smCount != prop.multiProcessorCount || (size_t)maxShared != prop.sharedMemPerBlock) {
        fprintf(stderr, "attributes (%d, %d, %d, %d) disagree with properties\n", warp,
                maxThreads, smCount, maxShared);
        ++errors;
    }

    // Size a launch from the limits: the largest power-of-two block up to 256.
    int threads = 1;
    while (threads * 2 <= prop.maxThreadsPerBlock && threads * 2 <= 256)
        threads *= 2;
    const int n = 10000;
    int blocks = (n + threads - 1) / threads;
    int *d_out;
    CHECK(cudaMalloc(&d_out, n * sizeof(int)));
    iota<<<blocks, threads>>>(d_out, n);
    CHECK(cudaGetLastError());
    std::vector<int> h_out(n);
    CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i)
        if (h_out[i] != i)
            ++errors;
    CHECK(cudaFree(d_out));
    CHECK(cudaDeviceReset());

    printf("%d failed checks\n", errors);
    printf(errors == 0 ? "PASS\n" : "FAIL\n");
    return errors == 0 ? 0 : 1;
}
