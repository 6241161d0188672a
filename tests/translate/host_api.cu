// Host code: runtime names are renamed through the rules; unsupported
// runtime functions are reported; kernels used as values become the
// address of their cu2clKernelRef.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { \
    printf("%s\n", cudaGetErrorString(e)); return 1; } } while (0)

__global__ void k(float *p) { p[threadIdx.x] = 1.0f; }

int main()
{
    float *d;
    size_t pitch;
    cudaStream_t s;
    cudaEvent_t start;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&start));
    CHECK(cudaMallocPitch((void **)&d, &pitch, 64, 64));
    CHECK(cudaPointerGetAttributes(nullptr, d)); // EXPECT: CU2CL1001
    cudaFuncAttributes attr;
    cudaFuncGetAttributes(&attr, k);
    k<<<1, 32, 0, s>>>(d);
    CHECK(cudaEventRecord(start, s));
    CHECK(cudaStreamSynchronize(s));
    cudaStreamCaptureStatus status;
    unsigned long long id;
    CHECK(cudaStreamGetCaptureInfo(s, &status, &id));
    const cudaGraphEdgeData *edges = nullptr;
    CHECK(cudaStreamGetCaptureInfo(s, &status, nullptr, nullptr, nullptr, &edges));
    return 0;
}
// CHECK-HOST: #define CHECK(call) do { cu2clError_t e = (call); if (e != cu2clSuccess) { \
// CHECK-HOST: printf("%s\n", cu2clGetErrorString(e)); return 1; } } while (0)
// CHECK-HOST: cu2clStream_t s;
// CHECK-HOST: cu2clEvent_t start;
// CHECK-HOST: CHECK(cu2clStreamCreateWithFlags(&s, cu2clStreamNonBlocking));
// CHECK-HOST: cu2clFuncAttributes attr;
// CHECK-HOST: cu2clFuncGetAttributes(&attr, ((const void *)&cu2cl_kernel__Z1kPf));
// CHECK-HOST: cu2cl_launch_k(1, 32, 0, s, d);
// CHECK-HOST: CHECK(cu2clStreamGetCaptureInfo(s, &status, &id));
// CHECK-HOST: const cu2clGraphEdgeData *edges = nullptr;
// CUB's device-wide algorithms become cu2clrt_cub.hpp's (cub:: ->
// cu2cl_cub::), and so do its block-level primitives' types, which host
// code names to size their TempStorage; a primitive cu2cl's CUB does not
// have is reported, not left for the port's compiler. (A stand-in for
// <cub/cub.cuh>.)
namespace cub {
struct DeviceReduce {
    template <class... A> static cudaError_t Sum(A...) { return cudaSuccess; }
};
template <class T, int N> struct BlockReduce {};
template <class T, int N> struct BlockHistogram {};
}
void sum_with_cub(int *in, int *out, int n) {
    void *tmp = nullptr;
    size_t bytes = 0;
    // CHECK-HOST: cu2cl_cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
    cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
    // CHECK-HOST: cu2cl_cub::BlockReduce<int, 4> *unused = nullptr;
    cub::BlockReduce<int, 4> *unused = nullptr;
    cub::BlockHistogram<int, 4> *other = nullptr; // EXPECT: CU2CL1001
    (void)unused, (void)other;
}
